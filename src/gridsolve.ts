/**
 * The plus-pattern ("Lights Out") solver for large m×n boards, any start, any target.
 *
 * Method (after Sutner, "σ-automata and Chebyshev polynomials"): chase the lights down
 * the board with the first row of presses x_0 as the unknown. With d the lights to change
 * and T = I + S the row effect (S the n×n path adjacency), the chase gives
 *   x_k = f_k(T)·x_0 + (particular part),   f_0 = 1, f_1 = t, f_{k+1} = t·f_k + f_{k-1},
 * and the board is solved exactly when x_m = 0, i.e. f_m(T)·x_0 = c, where c is the
 * overflow row of the chase started from x_0 = 0. Because f_n is the characteristic (and
 * minimal) polynomial of S and e_1 is a cyclic vector, writing x_0 = G(S)·e_1 and
 * c = H(S)·e_1 (path basis, see gf2poly.ts) turns the n×n system into one congruence
 *   A(s)·G(s) ≡ H(s)  (mod f_n(s)),   A(s) = f_m(s+1) mod f_n(s)   (f_m(T) = f_m(S + I)).
 * Extended Euclid gives D = gcd(A, f_n) and u with u·A ≡ D: solvable iff D | H, and then
 * G = u·(H/D) mod (f_n/D). The nullity of the board is deg D, and the quiet patterns (the
 * presses that change nothing) are chased from the first rows (f_n/D)·s^i at S, i < deg D.
 *
 * Cost: two chases of O(m·n/32) word operations and polynomial work of O(n²/32) with
 * n = min(rows, cols) (boards wider than tall are transposed). Memory: the board, the
 * press set and O(n) words.
 *
 * Minimal solutions: all solutions are x ^ Σ c_i·q_i over the quiet patterns q_i. For each
 * cell p let sig_p be the k-bit vector (q_0[p], …, q_{k-1}[p]); the number of presses of
 * combination c is Σ_p [x_p ^ <c, sig_p>], so with N[s] = Σ_{p: sig_p = s} (-1)^{x_p} the
 * Walsh–Hadamard transform W = WHT(N) gives presses(c) = (m·n - W[c]) / 2 for all 2^k
 * combinations at once. The signatures come from one more chase, bit-sliced (one Uint32 per
 * cell holding all k quiet patterns). Exact for nullity ≤ `exactLimit` (default 24): the
 * same answer as a Gray-code walk over the 2^k quiet combinations, in O(m·n + k·2^k)
 * instead of O(2^k·m·n/32). Above the limit a heuristic (exact minimisation over blocks of
 * 16 quiet patterns at a time, repeated while it improves) returns minimal: false.
 */
import {
  Poly,
  pathCharPoly,
  pathVectorToPoly,
  polyDegree,
  polyDivMod,
  polyGcd,
  polyGcdCofactor,
  polyIsZero,
  polyMod,
  polyMul,
  polyToPathVector,
  polyTaylorShift,
} from "./gf2poly";
import {
  BoardTarget,
  PackedBoard,
  boardWeight,
  chaseLights,
  copyBoard,
  createBoard,
  lastWordMask,
  transposeBoard,
  xorBoardInto,
} from "./chase";

export interface PlusGridAnalysis {
  rows: number;
  cols: number;
  /** Rank of the (rows·cols)² toggle matrix over GF(2). */
  rank: number;
  /** rows·cols − rank: log2 of the number of solutions of a solvable board. */
  nullity: number;
  invertible: boolean;
}

/** Everything about a board size that does not depend on the board (reusable). */
export interface PlusGridPlan {
  rows: number;
  cols: number;
  /** True when cols > rows: the solver works on the transposed board. */
  transposed: boolean;
  /** Chased length and row width after orientation (m ≥ n). */
  m: number;
  n: number;
  /** f_n(s). */
  modulus: Poly;
  /** D = gcd(f_m(s+1), f_n(s)). */
  gcd: Poly;
  /** u with u·f_m(s+1) ≡ D (mod f_n). */
  cofactor: Poly;
  /** f_n / D. */
  quotient: Poly;
  nullity: number;
  /** First rows (oriented frame, n bits) of a basis of the quiet patterns. */
  quietRows: Uint32Array[];
}

export interface PlusGridSolveOptions {
  /** From preparePlusGrid(rows, cols): skips the polynomial set-up. */
  plan?: PlusGridPlan;
  /** Search for fewest presses when there are several solutions (default true). */
  minimize?: boolean;
  /** Largest nullity minimised exactly (default 24, at most 26: 2^k 32-bit counters). */
  exactLimit?: number;
  /** Cell·pattern-block budget of the heuristic above exactLimit (default 2^28). */
  heuristicBudget?: number;
  /** Also return the quiet patterns as boards. */
  nullBasis?: boolean;
}

export interface PlusGridSolution {
  solvable: boolean;
  /** The presses (same shape as the board), null when unsolvable. */
  presses: PackedBoard | null;
  /** Number of presses (0 when unsolvable). */
  moves: number;
  nullity: number;
  /** True when no press set with fewer presses exists. */
  minimal: boolean;
  /** "unique" (nullity 0), "exact" (WHT over all quiet combinations), "heuristic",
   *  "none" (minimisation off or over budget) or "unsolvable". */
  method: string;
  nullBasis?: PackedBoard[];
}

function checkSize(rows: number, cols: number): void {
  if (!(rows >= 1 && cols >= 1 && rows === Math.floor(rows) && cols === Math.floor(cols))) {
    throw new Error("board size must be whole numbers ≥ 1, got " + rows + "×" + cols);
  }
}

/** A(s) = f_m(s+1) mod f_n(s) and f_n(s) for the oriented size m ≥ n. */
function systemPolys(m: number, n: number): Poly[] {
  const fn = pathCharPoly(n);
  const a = polyMod(polyTaylorShift(pathCharPoly(m)), fn);
  return [a, fn];
}

/**
 * Rank and nullity of the rows×cols plus board from deg gcd(f_m(t), f_n(t+1)) alone:
 * O(min(rows, cols)²/32) word operations, no board (n = 100 000 takes seconds).
 */
export function analyzePlusGrid(rows: number, cols: number): PlusGridAnalysis {
  checkSize(rows, cols);
  const m = rows >= cols ? rows : cols;
  const n = rows >= cols ? cols : rows;
  const p = systemPolys(m, n);
  const nullity = polyDegree(polyGcd(p[0], p[1]));
  return { rows: rows, cols: cols, rank: rows * cols - nullity, nullity: nullity, invertible: nullity === 0 };
}

/** S·v for the n-bit vector v (path adjacency: v << 1 ^ v >> 1, cut to n bits). */
function pathShift(v: Uint32Array, n: number): Uint32Array {
  const nw = v.length;
  const out = new Uint32Array(nw);
  let low = 0;
  for (let i = 0; i < nw; i++) {
    const c = v[i];
    const up = i + 1 < nw ? v[i + 1] : 0;
    out[i] = ((c << 1) | low) ^ ((c >>> 1) | (up << 31));
    low = c >>> 31;
  }
  out[nw - 1] &= lastWordMask(n);
  return out;
}

/** The polynomial set-up for one board size. O(n²/32) for n = min(rows, cols). */
export function preparePlusGrid(rows: number, cols: number): PlusGridPlan {
  checkSize(rows, cols);
  const transposed = cols > rows;
  const m = transposed ? cols : rows;
  const n = transposed ? rows : cols;
  const p = systemPolys(m, n);
  const g = polyGcdCofactor(p[0], p[1]);
  const nullity = polyDegree(g.gcd);
  const quotient = nullity > 0 ? polyDivMod(p[1], g.gcd).quotient : p[1];
  const quietRows: Uint32Array[] = [];
  if (nullity > 0) {
    let z = polyToPathVector(quotient, n);
    for (let i = 0; i < nullity; i++) {
      quietRows.push(z);
      if (i + 1 < nullity) z = pathShift(z, n);
    }
  }
  return {
    rows: rows,
    cols: cols,
    transposed: transposed,
    m: m,
    n: n,
    modulus: p[1],
    gcd: g.gcd,
    cofactor: g.cofactor,
    quotient: quotient,
    nullity: nullity,
    quietRows: quietRows,
  };
}

/**
 * Number of presses of every combination of the given quiet patterns added to `presses`:
 * returns W with presses(c) = (m·n − W[c]) / 2 (see the file comment). `rows` are the
 * patterns' first rows (k ≤ 30); one bit-sliced chase makes their signatures.
 */
function comboScores(presses: PackedBoard, rows: Uint32Array[], first: number, k: number): Int32Array {
  const m = presses.rows;
  const n = presses.cols;
  const stride = presses.stride;
  const hist = new Int32Array(1 << k);
  let prev = new Int32Array(n + 2);
  let cur = new Int32Array(n + 2);
  let next = new Int32Array(n + 2);
  // cur[j + 1] = signature of cell j (slots 0 and n+1 stay 0 as the border).
  for (let i = 0; i < k; i++) {
    const q = rows[first + i];
    for (let j = 0; j < n; j++) if ((q[j >>> 5] >>> (j & 31)) & 1) cur[j + 1] |= 1 << i;
  }
  const p = presses.data;
  for (let r = 0; r < m; r++) {
    const o = r * stride;
    for (let w = 0; w < stride; w++) {
      let bits = p[o + w];
      const j0 = w << 5;
      const j1 = j0 + 32 < n ? j0 + 32 : n;
      let left = cur[j0];
      let s = cur[j0 + 1];
      for (let j = j0 + 1; j <= j1; j++) {
        const right = cur[j + 1];
        next[j] = left ^ s ^ right ^ prev[j];
        hist[s] += 1 - ((bits & 1) << 1);
        bits = bits >>> 1;
        left = s;
        s = right;
      }
    }
    const t = prev;
    prev = cur;
    cur = next;
    next = t;
  }
  for (let j = 0; j < n; j++) {
    if (cur[j + 1] !== 0) throw new Error("internal: quiet pattern does not chase to zero");
  }
  // In-place Walsh–Hadamard transform.
  const size = 1 << k;
  for (let h = 1; h < size; h <<= 1) {
    for (let i = 0; i < size; i += h << 1) {
      for (let j = i; j < i + h; j++) {
        const a = hist[j];
        const b = hist[j + h];
        hist[j] = a + b;
        hist[j + h] = a - b;
      }
    }
  }
  return hist;
}

/** Index of the largest score (the fewest presses); 0 (no change) on ties with it. */
function bestCombo(w: Int32Array): number {
  let best = 0;
  for (let c = 1; c < w.length; c++) if (w[c] > w[best]) best = c;
  return best;
}

/** Re-chases `presses` from first row x0 ^ Σ_{i in combo} rows[first + i]. */
function applyCombo(
  presses: PackedBoard,
  d: PackedBoard,
  flip: boolean,
  rows: Uint32Array[],
  first: number,
  combo: number,
): void {
  const stride = presses.stride;
  const x0 = new Uint32Array(stride);
  for (let w = 0; w < stride; w++) x0[w] = presses.data[w];
  for (let i = 0; combo >>> i; i++) {
    if ((combo >>> i) & 1) {
      const q = rows[first + i];
      for (let w = 0; w < stride; w++) x0[w] ^= q[w];
    }
  }
  const over = chaseLights(presses.rows, presses.cols, d, flip, x0, presses);
  for (let w = 0; w < stride; w++) if (over[w] !== 0) throw new Error("internal: re-chase does not vanish");
}

/** Solves a board in the oriented frame (rows ≥ cols). d/flip: the lights to change. */
function solveOriented(
  plan: PlusGridPlan,
  d: PackedBoard,
  flip: boolean,
  options: PlusGridSolveOptions,
): PlusGridSolution {
  const m = plan.m;
  const n = plan.n;
  const stride = (n + 31) >>> 5;
  const c = chaseLights(m, n, d, flip, new Uint32Array(stride), null);
  let h = pathVectorToPoly(c, n);
  if (plan.nullity > 0) {
    const dv = polyDivMod(h, plan.gcd);
    if (!polyIsZero(dv.remainder)) {
      return { solvable: false, presses: null, moves: 0, nullity: plan.nullity, minimal: false, method: "unsolvable" };
    }
    h = dv.quotient;
  }
  const g = polyMod(polyMul(plan.cofactor, h), plan.quotient);
  const x0 = polyToPathVector(g, n);
  const presses = createBoard(m, n);
  const over = chaseLights(m, n, d, flip, x0, presses);
  for (let w = 0; w < stride; w++) if (over[w] !== 0) throw new Error("internal: chased solution does not vanish");
  const k = plan.nullity;
  let method = k === 0 ? "unique" : "none";
  const minimize = options.minimize !== false;
  if (k > 0 && minimize) {
    let limit = options.exactLimit !== undefined ? options.exactLimit : 24;
    if (limit > 26) limit = 26;
    if (k <= limit) {
      applyCombo(presses, d, flip, plan.quietRows, 0, bestCombo(comboScores(presses, plan.quietRows, 0, k)));
      method = "exact";
    } else {
      const block = 16;
      const blocks = Math.ceil(k / block);
      const budget = options.heuristicBudget !== undefined ? options.heuristicBudget : 268435456;
      if (m * n * blocks <= budget) {
        method = "heuristic";
        let passes = Math.floor(budget / (m * n * blocks));
        if (passes > 8) passes = 8;
        for (let pass = 0; pass < passes; pass++) {
          let improved = false;
          for (let b = 0; b < blocks; b++) {
            const first = b * block;
            const size = k - first < block ? k - first : block;
            const combo = bestCombo(comboScores(presses, plan.quietRows, first, size));
            if (combo !== 0) {
              applyCombo(presses, d, flip, plan.quietRows, first, combo);
              improved = true;
            }
          }
          if (!improved) break;
        }
      }
    }
  }
  const result: PlusGridSolution = {
    solvable: true,
    presses: presses,
    moves: boardWeight(presses),
    nullity: k,
    minimal: k === 0 || method === "exact",
    method: method,
  };
  if (options.nullBasis) {
    const basis: PackedBoard[] = [];
    for (let i = 0; i < k; i++) {
      const q = createBoard(m, n);
      chaseLights(m, n, null, false, plan.quietRows[i], q);
      basis.push(q);
    }
    result.nullBasis = basis;
  }
  return result;
}

/**
 * Presses that turn `board` into `target` ("dark" = all off, "lit" = all on, or a board of
 * the same size). Fewest presses when the nullity is ≤ exactLimit (minimal: true);
 * otherwise a heuristic or plain solution, labelled minimal: false.
 */
export function solvePlusGrid(
  board: PackedBoard,
  target: BoardTarget,
  options?: PlusGridSolveOptions,
): PlusGridSolution {
  const opts: PlusGridSolveOptions = options !== undefined ? options : {};
  checkSize(board.rows, board.cols);
  let plan = opts.plan;
  if (plan === undefined || plan.rows !== board.rows || plan.cols !== board.cols) {
    plan = preparePlusGrid(board.rows, board.cols);
  }
  let tgt: BoardTarget = target;
  if (tgt !== "dark" && tgt !== "lit" && (tgt.rows !== board.rows || tgt.cols !== board.cols)) {
    throw new Error("target is " + tgt.rows + "×" + tgt.cols + ", board is " + board.rows + "×" + board.cols);
  }
  let b = board;
  if (plan.transposed) {
    b = transposeBoard(board);
    if (tgt !== "dark" && tgt !== "lit") tgt = transposeBoard(tgt);
  }
  let d: PackedBoard;
  let flip = false;
  if (tgt === "dark") d = b;
  else if (tgt === "lit") {
    d = b;
    flip = true;
  } else {
    d = b === board ? copyBoard(b) : b;
    xorBoardInto(d, tgt);
  }
  const sol = solveOriented(plan, d, flip, opts);
  if (plan.transposed) {
    if (sol.presses !== null) sol.presses = transposeBoard(sol.presses);
    if (sol.nullBasis !== undefined) {
      for (let i = 0; i < sol.nullBasis.length; i++) sol.nullBasis[i] = transposeBoard(sol.nullBasis[i]);
    }
  }
  return sol;
}

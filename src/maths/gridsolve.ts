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
 * Minimal solutions: all solutions are x ^ Σ c_i·q_i over the quiet patterns q_i. One more
 * chase, bit-sliced (each cell carries one bit per quiet pattern, `words` 32-bit words), gives
 * every cell's signature (q_0[p], …, q_{k-1}[p]) without storing the patterns, and the cells go
 * into minweight.ts's classes; fewestPresses finds the best combination (exact when its search
 * finishes within the budget, see there) and one re-chase from the combined first row makes the
 * press board. The signatures of all cells take cells·⌈k/32⌉ words; when that is more than
 * MAX_CLASS_WORDS, only the first quiet patterns that fit are searched (labelled heuristic).
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
  addCell,
  CellSymmetries,
  createQuietClasses,
  DEFAULT_SEARCH_BUDGET,
  fewestPresses,
  gridSymmetries,
  usesSymmetricStarts,
  QuietClasses,
  TRANSFORM_BITS,
} from "./minweight";
import { popcount32 } from "./gf2";
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
  /** Work units for that search (minweight.ts; default DEFAULT_SEARCH_BUDGET, about 8 s). */
  searchBudget?: number;
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
  /** "unique" (nullity 0), "exact" (the search proved the minimum), "heuristic" (the best
   *  found when the search did not finish), "none" (minimisation off) or "unsolvable". */
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

/** At most this many signature words (cells × ⌈patterns/32⌉) go into the classes (memory). */
export const MAX_CLASS_WORDS = 1 << 23;

/**
 * How many of the k quiet patterns the search covers on an m×n board: all when their classes
 * fit in MAX_CLASS_WORDS, otherwise the first 32 per word that fits per cell (at least
 * TRANSFORM_BITS: a direct table, whatever the board's size).
 */
export function searchedPatterns(m: number, n: number, k: number): number {
  if (k <= TRANSFORM_BITS) return k;
  const fit = Math.floor(MAX_CLASS_WORDS / (m * n));
  if (fit * 32 >= k) return k;
  return fit * 32 > TRANSFORM_BITS ? fit * 32 : TRANSFORM_BITS;
}

/**
 * The cells of `presses` in classes of equal signature over the quiet patterns whose first rows
 * are rows[0 .. k): one bit-sliced chase of all k patterns at once (see the file comment).
 */
function quietClasses(presses: PackedBoard, rows: Uint32Array[], k: number, cells: CellSymmetries | null): QuietClasses {
  const m = presses.rows;
  const n = presses.cols;
  const stride = presses.stride;
  const words = (k + 31) >>> 5;
  const table = createQuietClasses(k);
  const direct = table.direct;
  const ones = table.ones;
  const zeros = table.zeros;
  let prev = new Int32Array((n + 2) * words);
  let cur = new Int32Array((n + 2) * words);
  let next = new Int32Array((n + 2) * words);
  // cur[(j + 1)·words ..]: signature of cell j of the current row (slots 0 and n + 1: the border).
  for (let i = 0; i < k; i++) {
    const q = rows[i];
    for (let j = 0; j < n; j++) if ((q[j >>> 5] >>> (j & 31)) & 1) cur[(j + 1) * words + (i >>> 5)] |= 1 << (i & 31);
  }
  const p = presses.data;
  for (let r = 0; r < m; r++) {
    const o = r * stride;
    for (let w = 0; w < stride; w++) {
      let bits = p[o + w];
      const j0 = w << 5;
      const j1 = j0 + 32 < n ? j0 + 32 : n;
      for (let j = j0 + 1; j <= j1; j++) {
        const at = j * words;
        for (let x = at; x < at + words; x++) next[x] = cur[x - words] ^ cur[x] ^ cur[x + words] ^ prev[x];
        if (direct) {
          if (bits & 1) ones[cur[at]]++;
          else zeros[cur[at]]++;
        } else {
          addCell(table, cur, at, bits & 1);
        }
        if (cells !== null) {
          const cell = r * n + j - 1;
          cells.pressed[cell] = bits & 1;
          for (let x = 0; x < words; x++) cells.sig[cell * words + x] = cur[at + x];
        }
        bits = bits >>> 1;
      }
    }
    const t = prev;
    prev = cur;
    cur = next;
    next = t;
  }
  for (let x = 0; x < cur.length; x++) {
    if (cur[x] !== 0) throw new Error("internal: quiet pattern does not chase to zero");
  }
  return table;
}

/** Re-chases `presses` from first row x0 ^ Σ_{i in combo} rows[i]. */
function applyCombo(presses: PackedBoard, d: PackedBoard, flip: boolean, rows: Uint32Array[], combo: Uint32Array): void {
  const stride = presses.stride;
  const x0 = new Uint32Array(stride);
  for (let w = 0; w < stride; w++) x0[w] = presses.data[w];
  for (let i = 0; i < rows.length; i++) {
    if ((combo[i >>> 5] >>> (i & 31)) & 1) {
      const q = rows[i];
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
  if (k > 0 && options.minimize !== false) {
    const searched = searchedPatterns(m, n, k);
    const budget = options.searchBudget !== undefined ? options.searchBudget : DEFAULT_SEARCH_BUDGET;
    // Above one transform, the cells one by one too, for the search's symmetric starts.
    const cells: CellSymmetries | null =
      usesSymmetricStarts(searched, m * n) ? { sig: new Int32Array(m * n * ((searched + 31) >>> 5)), pressed: new Uint8Array(m * n), perms: gridSymmetries(m, n) } : null;
    const table = quietClasses(presses, plan.quietRows, searched, cells);
    const choice = fewestPresses(table, budget, cells !== null ? { cells: cells } : undefined);
    applyCombo(presses, d, flip, plan.quietRows, choice.combo);
    method = choice.exact && searched === k ? "exact" : "heuristic";
  }
  const result: PlusGridSolution = {
    solvable: true,
    presses: presses,
    moves: boardWeight(presses),
    nullity: k,
    minimal: method === "unique" || method === "exact",
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
 * the same size): the fewest (minimal: true) when the search over the quiet patterns finishes
 * within its budget, otherwise the best it found or a plain solution, labelled minimal: false.
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

/**
 * The pattern b of a line's presses forced by pressing cell 0 alone (x_0 = 1, nothing else to
 * change): 1, 1, 0, 1, 1, 0, … (cell i is pressed unless i ≡ 2 mod 3), as the word holding
 * cells 32w … 32w + 31, which depends only on 32w mod 3 = 2w mod 3.
 */
function linePatternWord(w: number): number {
  const phase = (2 * w) % 3;
  let v = 0;
  for (let j = 0; j < 32; j++) if ((phase + j) % 3 !== 2) v |= 1 << j;
  return v >>> 0;
}

/**
 * The plus board of one row (or one column, transposed to a row by the caller): `line` is 1×L
 * (packed end to end, stride ⌈L/32⌉), the target "dark", "lit" or another 1×L board.
 *
 * Pressing cell i toggles cells i−1, i, i+1, so light chasing along the line gives
 * x_{i+1} = d_i ^ x_i ^ x_{i−1} (d = the lights to change) and the board is solved when the
 * press "beyond the end", x_L, is 0. Multiplying the recurrence by (1 + z) turns it into
 * x_j = x_{j−3} ^ d_{j−1} ^ d_{j−2}, a stride-3 prefix xor that a 32-bit word does in four
 * shifts: O(L/32) word operations and no memory beyond the press line. With x_0 = 0 this gives
 * a particular chase a; pressing cell 0 adds the pattern b above (b_L = 0 exactly when
 * L ≡ 2 mod 3). So for L ≢ 2 (mod 3) the answer is unique (x_0 = a_L); for L ≡ 2 the board has
 * nullity 1, is solvable iff a_L = 0, and its two solutions are a and a ^ b, the lighter taken
 * (exact) unless `minimize` is false.
 */
export function solvePlusLine(line: PackedBoard, target: BoardTarget, options?: PlusGridSolveOptions): PlusGridSolution {
  if (line.rows !== 1) throw new Error("solvePlusLine takes a board of one row, got " + line.rows + "×" + line.cols);
  checkSize(line.rows, line.cols);
  const len = line.cols;
  const words = line.stride;
  if (target !== "dark" && target !== "lit" && (target.rows !== 1 || target.cols !== len)) {
    throw new Error("target is " + target.rows + "×" + target.cols + ", board is 1×" + len);
  }
  const s = line.data;
  const t = target === "dark" || target === "lit" ? null : target.data;
  const flip = target === "lit" ? 0xffffffff : 0;
  const lastMask = lastWordMask(len);
  const presses = createBoard(1, len);
  const x = presses.data;
  // Word by word: e = d shifted in by one and by two cells, then x = prefix3(e ^ x three cells back).
  const endWord = len >>> 5; // the word that holds cell L (x_L): the last one or one past it
  let prevD = 0;
  let prevX = 0;
  let overflow = 0;
  for (let w = 0; w <= endWord; w++) {
    let d = 0;
    if (w < words) {
      d = s[w] ^ flip;
      if (t !== null) d ^= t[w];
      if (w === words - 1) d &= lastMask;
    }
    let v = (d << 1) ^ (d << 2) ^ (prevD >>> 31) ^ (prevD >>> 30) ^ (prevX >>> 29);
    v ^= v << 3;
    v ^= v << 6;
    v ^= v << 12;
    v ^= v << 24;
    if (w < words) x[w] = v;
    if (w === endWord) overflow = (v >>> (len & 31)) & 1;
    prevD = d;
    prevX = v;
  }
  x[words - 1] &= lastMask;
  const nullity = len % 3 === 2 ? 1 : 0;
  const pattern = [linePatternWord(0), linePatternWord(1), linePatternWord(2)];
  let method = "unique";
  if (nullity === 0) {
    if (overflow) for (let w = 0; w < words; w++) x[w] ^= pattern[w % 3] & (w === words - 1 ? lastMask : 0xffffffff);
  } else if (overflow) {
    return { solvable: false, presses: null, moves: 0, nullity: 1, minimal: false, method: "unsolvable" };
  } else if (options === undefined || options.minimize !== false) {
    // a or a ^ b: the lighter (the first on a tie).
    let now = 0;
    let other = 0;
    for (let w = 0; w < words; w++) {
      const q = pattern[w % 3] & (w === words - 1 ? lastMask : 0xffffffff);
      now += popcount32(x[w]);
      other += popcount32(x[w] ^ q);
    }
    if (other < now) for (let w = 0; w < words; w++) x[w] ^= pattern[w % 3] & (w === words - 1 ? lastMask : 0xffffffff);
    method = "exact";
  } else {
    method = "none";
  }
  const result: PlusGridSolution = {
    solvable: true,
    presses: presses,
    moves: boardWeight(presses),
    nullity: nullity,
    minimal: method === "unique" || method === "exact",
    method: method,
  };
  if (options !== undefined && options.nullBasis) {
    const basis: PackedBoard[] = [];
    if (nullity === 1) {
      const q = createBoard(1, len);
      for (let w = 0; w < words; w++) q.data[w] = pattern[w % 3] & (w === words - 1 ? lastMask : 0xffffffff);
      basis.push(q);
    }
    result.nullBasis = basis;
  }
  return result;
}

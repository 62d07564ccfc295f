/**
 * Linear systems A·x = b over Z_k, the integers mod k, for the multi-colour boards
 * (source 001: a press advances a cell by 1 mod k). k = 2..9 is what the puzzles use; any
 * k up to 255 works (entries are bytes).
 *
 * Z_k is a field only for prime k. For composite k the method is:
 *   - split k into prime powers q = p^e (6 = 2·3, 4 = 2², 8 = 2³, 9 = 3²) and solve mod each
 *     q separately, gluing the answers with the Chinese remainder theorem;
 *   - over Z_q (a chain ring: every element is p^v · unit) bring A to Smith form
 *     U·A·V = D = diag(p^e₀, p^e₁, …, 0, …) with U, V invertible: the pivot is always an
 *     entry of least p-valuation, so it divides everything left, and row operations (they
 *     make U) clear its column while column operations (they make V) clear its row.
 *     For prime k (e = 1) every non-zero entry is a unit and this is ordinary elimination.
 * With D diagonal, everything is read off coordinate by coordinate in y = V⁻¹·x:
 *   A·x = b  ⇔  D·y = U·b,  solvable iff p^eᵢ divides (U·b)ᵢ and the rows below are 0;
 *   the kernel is the direct sum of the cyclic groups {y : p^eᵢ·yᵢ = 0}, so it is
 *   enumerated exactly once as Σ cᵢ·gᵢ with 0 ≤ cᵢ < order(gᵢ).
 */

/** A dense rows × cols matrix over Z_k, row-major, entries 0..k−1. */
export interface ZkMatrix {
  rows: number;
  cols: number;
  k: number;
  data: Uint8Array;
}

/**
 * The Smith form of A modulo one prime power q = p^e dividing k. U and V are kept as the
 * lists of operations that built them (like an LU factorisation keeps its multipliers):
 * on the banded matrices of grid boards that is far smaller and faster than dense U and V.
 */
export interface ZkPart {
  p: number;
  e: number;
  q: number;
  /** Lifts a vector mod q into Z_k: coef ≡ 1 (mod q) and ≡ 0 (mod k/q). */
  coef: number;
  /** Number of non-zero diagonal entries of D. */
  rank: number;
  /** D[i][i] = p^exps[i] for i < rank (non-decreasing, each < e). */
  exps: Int32Array;
  /**
   * U as row operations, in order, 4 numbers each: [SWAP, a, b, 0] swaps rows a and b,
   * [SCALE, a, w, 0] multiplies row a by the unit w, [ADD, i, t, c] adds c·row t to row i.
   */
  rowOps: number[];
  /**
   * V as column operations, in order: [SWAP, a, b, 0] swaps columns a and b, [ADD, j, t, c]
   * adds c·column t to column j.
   */
  colOps: number[];
}

export const OP_SWAP = 0;
export const OP_SCALE = 1;
export const OP_ADD = 2;

export interface ZkReduction {
  k: number;
  rows: number;
  cols: number;
  parts: ZkPart[];
}

/** A generating set of the kernel {x : A·x = 0}: every element is Σ cᵢ·gᵢ, 0 ≤ cᵢ < orders[i], uniquely. */
export interface ZkKernel {
  generators: Uint8Array[];
  orders: number[];
}

export const MAX_MODULUS = 255;

export function createZkMatrix(rows: number, cols: number, k: number): ZkMatrix {
  if (!(k >= 2 && k <= MAX_MODULUS && Math.floor(k) === k)) {
    throw new Error("zk: modulus must be a whole number from 2 to " + MAX_MODULUS + ", got " + k);
  }
  return { rows: rows, cols: cols, k: k, data: new Uint8Array(rows * cols) };
}

/** k as prime powers, ascending: 12 → [[2,2,4],[3,1,3]] as {p, e, q}. */
export function primePowers(k: number): { p: number; e: number; q: number }[] {
  const out: { p: number; e: number; q: number }[] = [];
  let n = k;
  for (let p = 2; p * p <= n; p++) {
    if (n % p !== 0) continue;
    let e = 0;
    let q = 1;
    while (n % p === 0) {
      n /= p;
      e++;
      q *= p;
    }
    out.push({ p: p, e: e, q: q });
  }
  if (n > 1) out.push({ p: n, e: 1, q: n });
  return out;
}

export function isPrime(k: number): boolean {
  const f = primePowers(k);
  return f.length === 1 && f[0].e === 1;
}

/** Smith form of A mod q = p^e: U·A·V = D, recording the operations that make U and V. */
function smithPart(a: ZkMatrix, p: number, e: number, q: number, coef: number): ZkPart {
  const m = a.rows;
  const n = a.cols;
  const d = new Uint8Array(m * n);
  // end[i]: one past the last column where row i may be non-zero (an upper bound).
  const end = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      const x = a.data[i * n + j] % q;
      d[i * n + j] = x;
      if (x !== 0) end[i] = j + 1;
    }
  }
  const rowOps: number[] = [];
  const colOps: number[] = [];
  // valuation[x] = largest j with p^j | x (e for 0); inverse[x] for units.
  const valuation = new Uint8Array(q);
  const inverse = new Uint8Array(q);
  valuation[0] = e;
  for (let x = 1; x < q; x++) {
    let j = 0;
    let y = x;
    while (y % p === 0) {
      y /= p;
      j++;
    }
    valuation[x] = j;
    if (j === 0) {
      for (let z = 1; z < q; z++) {
        if ((x * z) % q === 1) {
          inverse[x] = z;
          break;
        }
      }
    }
  }
  const exps = new Int32Array(Math.min(m, n));
  let t = 0;
  while (t < m && t < n) {
    // Pivot: an entry of least valuation in the remaining block (any unit ends the search).
    let best = e;
    let bi = -1;
    let bj = -1;
    for (let j = t; j < n && best > 0; j++) {
      for (let i = t; i < m; i++) {
        if (end[i] <= j) continue;
        const x = d[i * n + j];
        if (x !== 0 && valuation[x] < best) {
          best = valuation[x];
          bi = i;
          bj = j;
          if (best === 0) break;
        }
      }
    }
    if (bi < 0) break;
    if (bi !== t) {
      // Both rows are zero left of column t.
      const hi = end[t] > end[bi] ? end[t] : end[bi];
      for (let j = t; j < hi; j++) {
        const s = d[t * n + j];
        d[t * n + j] = d[bi * n + j];
        d[bi * n + j] = s;
      }
      const s = end[t];
      end[t] = end[bi];
      end[bi] = s;
      rowOps.push(OP_SWAP, t, bi, 0);
    }
    if (bj !== t) {
      // Rows above t are zero from column t on.
      for (let i = t; i < m; i++) {
        const s = d[i * n + t];
        d[i * n + t] = d[i * n + bj];
        d[i * n + bj] = s;
        if (s !== 0 && end[i] < bj + 1) end[i] = bj + 1;
      }
      colOps.push(OP_SWAP, t, bj, 0);
    }
    // Scale row t so that the pivot is exactly p^best.
    let pb = 1;
    for (let j = 0; j < best; j++) pb *= p;
    const w = inverse[d[t * n + t] / pb];
    const rowEnd = end[t];
    if (w !== 1) {
      for (let j = t; j < rowEnd; j++) d[t * n + j] = (d[t * n + j] * w) % q;
      rowOps.push(OP_SCALE, t, w, 0);
    }
    // Clear column t below the pivot: every entry there is a multiple of p^best.
    for (let i = t + 1; i < m; i++) {
      if (end[i] <= t) continue;
      const x = d[i * n + t];
      if (x === 0) continue;
      const c = q - x / pb;
      for (let j = t; j < rowEnd; j++) d[i * n + j] = (d[i * n + j] + c * d[t * n + j]) % q;
      if (end[i] < rowEnd) end[i] = rowEnd;
      rowOps.push(OP_ADD, i, t, c);
    }
    // Clear row t right of the pivot with column operations; column t is now zero but for
    // the pivot, so in D only row t changes.
    for (let j = t + 1; j < rowEnd; j++) {
      const x = d[t * n + j];
      if (x === 0) continue;
      colOps.push(OP_ADD, j, t, q - x / pb);
      d[t * n + j] = 0;
    }
    end[t] = t + 1;
    exps[t] = best;
    t++;
  }
  return { p: p, e: e, q: q, coef: coef, rank: t, exps: exps.subarray(0, t), rowOps: rowOps, colOps: colOps };
}

/** v ← U·v mod q (v has A.rows entries). */
function applyU(part: ZkPart, v: Int32Array): void {
  const ops = part.rowOps;
  const q = part.q;
  for (let o = 0; o < ops.length; o += 4) {
    const code = ops[o];
    const a = ops[o + 1];
    const b = ops[o + 2];
    if (code === OP_SWAP) {
      const s = v[a];
      v[a] = v[b];
      v[b] = s;
    } else if (code === OP_SCALE) {
      v[a] = (v[a] * b) % q;
    } else {
      v[a] = (v[a] + ops[o + 3] * v[b]) % q;
    }
  }
}

/** v ← V·v mod q (v has A.cols entries): V is the product of the column operations in order. */
function applyV(part: ZkPart, v: Int32Array): void {
  const ops = part.colOps;
  const q = part.q;
  for (let o = ops.length - 4; o >= 0; o -= 4) {
    const a = ops[o + 1];
    const b = ops[o + 2];
    if (ops[o] === OP_SWAP) {
      const s = v[a];
      v[a] = v[b];
      v[b] = s;
    } else {
      // (I + c·e_t·e_jᵀ)·v adds c·v_j to v_t.
      v[b] = (v[b] + ops[o + 3] * v[a]) % q;
    }
  }
}

/** Reduces A over Z_k: one Smith form per prime power of k. A is not modified. */
export function zkReduce(a: ZkMatrix): ZkReduction {
  const k = a.k;
  const pps = primePowers(k);
  const parts: ZkPart[] = [];
  for (let i = 0; i < pps.length; i++) {
    const q = pps[i].q;
    const r = k / q;
    // coef = r · (r⁻¹ mod q): 1 mod q, 0 mod r.
    let coef = 0;
    for (let c = r; c < k * q + 1; c += r) {
      if (c % q === 1 % q) {
        coef = c % k;
        break;
      }
    }
    parts.push(smithPart(a, pps[i].p, pps[i].e, q, coef));
  }
  return { k: k, rows: a.rows, cols: a.cols, parts: parts };
}

/** The rank of A for prime k (a field); null for composite k, where rank is not defined. */
export function zkRank(red: ZkReduction): number | null {
  if (red.parts.length !== 1 || red.parts[0].e !== 1) return null;
  return red.parts[0].rank;
}

/**
 * The image of A as a product of cyclic groups: their orders, whose product is the number
 * of vectors b with A·x = b solvable (the solvable boards).
 */
export function zkImageOrders(red: ZkReduction): number[] {
  const out: number[] = [];
  for (let pi = 0; pi < red.parts.length; pi++) {
    const part = red.parts[pi];
    for (let i = 0; i < part.rank; i++) {
      let o = 1;
      for (let j = part.exps[i]; j < part.e; j++) o *= part.p;
      out.push(o);
    }
  }
  return out;
}

/** The orders of the kernel's cyclic factors (matching zkKernel's generators). */
export function zkKernelOrders(red: ZkReduction): number[] {
  const out: number[] = [];
  for (let pi = 0; pi < red.parts.length; pi++) {
    const part = red.parts[pi];
    for (let i = 0; i < part.rank; i++) {
      if (part.exps[i] === 0) continue;
      let o = 1;
      for (let j = 0; j < part.exps[i]; j++) o *= part.p;
      out.push(o);
    }
    for (let j = part.rank; j < red.cols; j++) out.push(part.q);
  }
  return out;
}

/** The kernel {x : A·x = 0} as independent cyclic generators (see ZkKernel). */
export function zkKernel(red: ZkReduction): ZkKernel {
  const n = red.cols;
  const k = red.k;
  const generators: Uint8Array[] = [];
  const orders: number[] = [];
  for (let pi = 0; pi < red.parts.length; pi++) {
    const part = red.parts[pi];
    for (let col = 0; col < n; col++) {
      let scale = 1;
      let order = part.q;
      if (col < part.rank) {
        if (part.exps[col] === 0) continue;
        // y_col may be any multiple of p^(e − exps): order p^exps.
        order = 1;
        for (let j = 0; j < part.exps[col]; j++) order *= part.p;
        scale = part.q / order;
      }
      const y = new Int32Array(n);
      y[col] = scale % part.q;
      applyV(part, y);
      const g = new Uint8Array(n);
      for (let i = 0; i < n; i++) g[i] = (y[i] * part.coef) % k;
      generators.push(g);
      orders.push(order);
    }
  }
  return { generators: generators, orders: orders };
}

/**
 * One solution x of A·x = b (entries 0..k−1), or null when b is not in the image.
 * b has A.rows entries, each taken mod k.
 */
export function zkSolve(red: ZkReduction, b: ArrayLike<number>): Uint8Array | null {
  const m = red.rows;
  const n = red.cols;
  const k = red.k;
  const x = new Uint8Array(n);
  for (let pi = 0; pi < red.parts.length; pi++) {
    const part = red.parts[pi];
    const q = part.q;
    const c = new Int32Array(m);
    for (let i = 0; i < m; i++) c[i] = b[i] % q;
    applyU(part, c);
    for (let i = part.rank; i < m; i++) if (c[i] !== 0) return null;
    const y = new Int32Array(n);
    for (let i = 0; i < part.rank; i++) {
      let pe = 1;
      for (let j = 0; j < part.exps[i]; j++) pe *= part.p;
      if (c[i] % pe !== 0) return null;
      y[i] = c[i] / pe;
    }
    applyV(part, y);
    for (let j = 0; j < n; j++) x[j] = (x[j] + y[j] * part.coef) % k;
  }
  return x;
}

/**
 * A linear right inverse on the image and the solvability checks of A over Z_k, for tables a
 * device solves with by lookups only (tables.ts compileCellTables):
 *   - `inverse` (cols × rows): x = inverse·b solves A·x = b for every b in the image;
 *   - `checks` (rows of A's left kernel, each × rows): b is in the image iff check·b ≡ 0 for
 *     every check.
 * Per prime power q of k, with U·A·V = D: inverse = V·D⁺·U where D⁺ inverts the unit pivots,
 * and the checks are the rows of U below the rank, times k/q (so "≡ 0 mod k" says "≡ 0 mod
 * q"); the parts are glued by the Chinese remainder theorem, check i of every part in one row
 * (3·a + 2·b ≡ 0 mod 6 iff a ≡ 0 mod 2 and b ≡ 0 mod 3). Null when a pivot of D is not a
 * unit (p^e with e > 0: 2 mod 4, …): b ↦ b/p^e is not linear mod q, so no such matrix exists
 * (none of the games' boards has one; see test/cellsolve.test.ts).
 */
export function zkPseudoInverse(red: ZkReduction): { inverse: ZkMatrix; checks: ZkMatrix } | null {
  const m = red.rows;
  const n = red.cols;
  const k = red.k;
  let checkCount = 0;
  for (let pi = 0; pi < red.parts.length; pi++) {
    const part = red.parts[pi];
    for (let i = 0; i < part.rank; i++) if (part.exps[i] !== 0) return null;
    if (m - part.rank > checkCount) checkCount = m - part.rank;
  }
  const inverse = createZkMatrix(n, m, k);
  const checks = createZkMatrix(checkCount, m, k);
  for (let pi = 0; pi < red.parts.length; pi++) {
    const part = red.parts[pi];
    for (let c = 0; c < m; c++) {
      // Column c of U, then of V·D⁺·U (D⁺ keeps the first rank coordinates: unit pivots, 1).
      const u = new Int32Array(m);
      u[c] = 1;
      applyU(part, u);
      const y = new Int32Array(n);
      for (let i = 0; i < part.rank; i++) y[i] = u[i];
      applyV(part, y);
      for (let j = 0; j < n; j++) inverse.data[j * m + c] = (inverse.data[j * m + c] + y[j] * part.coef) % k;
      for (let i = part.rank; i < m; i++) {
        const at = (i - part.rank) * m + c;
        checks.data[at] = (checks.data[at] + u[i] * (k / part.q)) % k;
      }
    }
  }
  return { inverse: inverse, checks: checks };
}

/**
 * A⁻¹ over Z_k for a square A that is invertible mod every prime power of k (then
 * A⁻¹ = V·U for each part: zkPseudoInverse's inverse, with no checks), or null. Row j gives
 * x_j = Σ row[i]·b[i] mod k.
 */
export function zkInverse(red: ZkReduction): ZkMatrix | null {
  if (red.rows !== red.cols) return null;
  for (let pi = 0; pi < red.parts.length; pi++) if (red.parts[pi].rank !== red.cols) return null;
  const pseudo = zkPseudoInverse(red);
  return pseudo === null ? null : pseudo.inverse;
}

/** y = A·x mod k. */
export function zkMultiply(a: ZkMatrix, x: ArrayLike<number>): Uint8Array {
  const y = new Uint8Array(a.rows);
  for (let i = 0; i < a.rows; i++) {
    let s = 0;
    for (let j = 0; j < a.cols; j++) s += a.data[i * a.cols + j] * x[j];
    y[i] = s % a.k;
  }
  return y;
}

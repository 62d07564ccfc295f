/**
 * GF(2) elimination, one routine for every use: `windowEchelon` brings a matrix stored by row
 * windows (a banded matrix keeps only its band) to row echelon form. The puzzle solver runs it
 * on banded toggle matrices (solver.ts), and `reduceMatrix` (the inverse tables for the
 * firmware build, the teaching view, the small systems of minweight.ts, the cross-checks)
 * runs it on [A | I] and adds the Jordan step.
 */
import { BitMatrix, createBitMatrix, popcount32, Reduction, wordsFor } from "./gf2";

/**
 * A matrix over GF(2) whose row i may be non-zero only in columns first[i]..last[i]: each
 * row keeps just the words of that window (from word first[i]>>5 to last[i]>>5), at
 * data[start[i]..].
 * A banded matrix (a grid board's toggle matrix in row-major order, band about one board
 * row each side) takes rows × (band/32) words instead of rows × cols/32; a dense one is the
 * case first = 0, last = cols − 1.
 */
export interface WindowMatrix {
  rows: number;
  cols: number;
  first: Int32Array;
  last: Int32Array;
  /** Offset of row i's first word in data (rows + 1 entries). */
  start: Int32Array;
  data: Uint32Array;
}

export function createWindowMatrix(cols: number, lo: Int32Array, hi: Int32Array): WindowMatrix {
  const rows = lo.length;
  const start = new Int32Array(rows + 1);
  for (let i = 0; i < rows; i++) start[i + 1] = start[i] + (hi[i] < lo[i] ? 0 : (hi[i] >>> 5) - (lo[i] >>> 5) + 1);
  return { rows: rows, cols: cols, first: lo, last: hi, start: start, data: new Uint32Array(start[rows]) };
}

/** Index in m.data of the word holding (r, c); c must lie in row r's window. */
export function windowWord(m: WindowMatrix, r: number, c: number): number {
  return m.start[r] + (c >>> 5) - (m.first[r] >>> 5);
}

export function getWindowBit(m: WindowMatrix, r: number, c: number): number {
  if (c < m.first[r] || c > m.last[r]) return 0;
  return (m.data[windowWord(m, r, c)] >>> (c & 31)) & 1;
}

/** Parity of row r of m AND the packed vector v (cols bits), over the row's window from column `from` on. */
export function windowDot(m: WindowMatrix, r: number, from: number, v: Uint32Array): number {
  let lo = m.first[r];
  if (from > lo) lo = from;
  if (lo > m.last[r]) return 0;
  const first = lo >>> 5;
  const last = m.last[r] >>> 5;
  const base = m.start[r] - (m.first[r] >>> 5);
  // Bits below `from` in its word are masked off.
  let x = m.data[base + first] & v[first] & (0xffffffff << (lo & 31));
  for (let w = first + 1; w <= last; w++) x ^= m.data[base + w] & v[w];
  return popcount32(x) & 1;
}

/**
 * Row echelon form of a window matrix, in place, over its first `pivotCols` columns (the
 * columns after them ride along: an identity there records the row operations). Column by
 * column, the pivot is the unpivoted row with a 1 there whose window ends first (ties: lowest
 * row), and it is added to every other unpivoted row with a 1 there. Those rows' windows reach
 * at least as far and start at or before the column, so every row stays inside its own window:
 * a band never widens, and the cost is O(Σ rows with a 1 in the column × band/32) words. A
 * pivot row is never changed after it is chosen (echelon, not reduced).
 *
 * `ops`, when given (same windows as m, all zero), records the eliminations: bit (i, c) is
 * set when column c's pivot row was added to row i. Then the final row i is the original row
 * i plus the final pivot rows of the columns in ops row i (see windowEchelonRhs).
 */
export interface WindowEchelon {
  rank: number;
  /** Row whose leading 1 is in column c, or −1 (a free column). */
  pivotRow: Int32Array;
  /** Column of row i's leading 1, or −1 (row i became zero: its ops give a left null vector). */
  rowPivot: Int32Array;
  /** Pivot rows by increasing column (rank entries). */
  order: Int32Array;
}

export function windowEchelon(m: WindowMatrix, pivotCols: number, ops: WindowMatrix | null): WindowEchelon {
  const rows = m.rows;
  const lo = m.first;
  const hi = m.last;
  const d = m.data;
  const pivotRow = new Int32Array(pivotCols).fill(-1);
  const rowPivot = new Int32Array(rows).fill(-1);
  const order = new Int32Array(Math.min(rows, pivotCols));
  // Rows by window start (a counting sort), taken into the active list as the columns reach them.
  const byLo = new Int32Array(rows);
  const count = new Int32Array(pivotCols + 1);
  let empty = 0;
  for (let i = 0; i < rows; i++) {
    if (hi[i] < lo[i] || lo[i] >= pivotCols) empty++;
    else count[lo[i] + 1]++;
  }
  for (let c = 0; c < pivotCols; c++) count[c + 1] += count[c];
  for (let i = 0; i < rows; i++) if (!(hi[i] < lo[i] || lo[i] >= pivotCols)) byLo[count[lo[i]]++] = i;
  const queued = rows - empty;
  let next = 0;
  const active = new Int32Array(rows);
  let nActive = 0;
  let rank = 0;
  for (let c = 0; c < pivotCols; c++) {
    while (next < queued && lo[byLo[next]] <= c) active[nActive++] = byLo[next++];
    const w = c >>> 5;
    const bit = 1 << (c & 31);
    // Drop rows whose window has ended (zero from here on) and find the pivot.
    let p = -1;
    let kept = 0;
    for (let t = 0; t < nActive; t++) {
      const i = active[t];
      if (hi[i] < c) continue;
      active[kept++] = i;
      if (d[m.start[i] + w - (lo[i] >>> 5)] & bit && (p < 0 || hi[i] < hi[p] || (hi[i] === hi[p] && i < p))) p = i;
    }
    nActive = kept;
    if (p < 0) continue;
    pivotRow[c] = p;
    rowPivot[p] = c;
    order[rank++] = p;
    const pBase = m.start[p] - (lo[p] >>> 5);
    const last = hi[p] >>> 5;
    kept = 0;
    for (let t = 0; t < nActive; t++) {
      const i = active[t];
      if (i === p) continue;
      active[kept++] = i;
      const iBase = m.start[i] - (lo[i] >>> 5);
      if ((d[iBase + w] & bit) === 0) continue;
      for (let x = w; x <= last; x++) d[iBase + x] ^= d[pBase + x];
      if (ops !== null) ops.data[windowWord(ops, i, c)] |= bit;
    }
    nActive = kept;
  }
  return { rank: rank, pivotRow: pivotRow, rowPivot: rowPivot, order: order.subarray(0, rank) };
}

/**
 * The right-hand side d (packed, one bit per row) carried through the eliminations `ops`
 * recorded: out[i] = d[i] + Σ out[pivot row of c] over the columns c of ops row i. Pivot rows
 * are done in column order (each depends only on earlier pivots), then the other rows.
 */
export function windowEchelonRhs(ech: WindowEchelon, ops: WindowMatrix, d: Uint32Array): Uint32Array {
  const out = new Uint32Array(d);
  // byCol[c] = out[pivot row of c], packed over columns, for windowDot.
  const byCol = new Uint32Array(wordsFor(ops.cols));
  for (let k = 0; k < ech.rank; k++) {
    const i = ech.order[k];
    const v = ((d[i >>> 5] >>> (i & 31)) & 1) ^ windowDot(ops, i, 0, byCol);
    if (v) {
      out[i >>> 5] |= 1 << (i & 31);
      const c = ech.rowPivot[i];
      byCol[c >>> 5] |= 1 << (c & 31);
    } else {
      out[i >>> 5] &= ~(1 << (i & 31));
    }
  }
  for (let i = 0; i < ops.rows; i++) {
    if (ech.rowPivot[i] >= 0) continue;
    if (windowDot(ops, i, 0, byCol)) out[i >>> 5] ^= 1 << (i & 31);
  }
  return out;
}

/**
 * Gauss–Jordan elimination of a copy of `a`, recording the row operations in T so that
 * T·A = R: windowEchelon on [A | I] (every window the full width), then each pivot cleared
 * from the rows above it. Cost: O(rank · rows · (cols + rows) / 32) word operations.
 */
export function reduceMatrix(a: BitMatrix): Reduction {
  const rows = a.rows;
  const s = a.stride;
  const ts = wordsFor(rows);
  const width = (s + ts) * 32;
  const lo = new Int32Array(rows);
  const hi = new Int32Array(rows).fill(width - 1);
  const m = createWindowMatrix(width, lo, hi);
  const rowWords = s + ts;
  for (let i = 0; i < rows; i++) {
    for (let w = 0; w < s; w++) m.data[i * rowWords + w] = a.data[i * s + w];
    m.data[i * rowWords + s + (i >>> 5)] |= 1 << (i & 31);
  }
  const ech = windowEchelon(m, a.cols, null);
  const rank = ech.rank;
  // Jordan step: clear each pivot column above its pivot, last pivot first.
  for (let k = rank - 1; k > 0; k--) {
    const p = ech.order[k];
    const c = ech.rowPivot[p];
    const w = c >>> 5;
    const bit = 1 << (c & 31);
    for (let j = 0; j < k; j++) {
      const i = ech.order[j];
      if (m.data[i * rowWords + w] & bit) for (let x = w; x < rowWords; x++) m.data[i * rowWords + x] ^= m.data[p * rowWords + x];
    }
  }
  // R and T: the pivot rows in column order, then the rows that became zero.
  const r = createBitMatrix(rows, a.cols);
  const t = createBitMatrix(rows, rows);
  const pivots = new Int32Array(rank);
  let out = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < (pass === 0 ? rank : rows); k++) {
      const i = pass === 0 ? ech.order[k] : k;
      if (pass === 1 && ech.rowPivot[i] >= 0) continue;
      if (pass === 0) pivots[out] = ech.rowPivot[i];
      for (let w = 0; w < s; w++) r.data[out * s + w] = m.data[i * rowWords + w];
      for (let w = 0; w < ts; w++) t.data[out * ts + w] = m.data[i * rowWords + s + w];
      out++;
    }
  }
  return { rank: rank, pivotCols: pivots, reduced: r, transform: t };
}

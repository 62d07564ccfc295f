/**
 * Linear algebra over GF(2) on bit-packed rows: one bit per entry, 32 entries per
 * Uint32Array word. Addition is XOR, so a row operation on a dense row of n bits costs
 * n/32 word operations.
 *
 * Elimination itself is elimination.ts (`windowEchelon`, and `reduceMatrix` built on it,
 * whose Reduction the functions below read). It is a file of its own so that the firmware,
 * which imports this file for popcount32 and BitMatrix, does not parse it: esbuild shortens
 * property names by how often the parsed sources use them.
 */
import { popcount32 } from "../toy/maskbits";

/** A dense rows × cols matrix over GF(2); row r occupies data[r*stride .. r*stride+stride). */
export interface BitMatrix {
  rows: number;
  cols: number;
  /** 32-bit words per row. */
  stride: number;
  data: Uint32Array;
}

/** Number of 32-bit words that hold `bits` bits. */
export function wordsFor(bits: number): number {
  return (bits + 31) >>> 5;
}

export function createBitMatrix(rows: number, cols: number): BitMatrix {
  const stride = wordsFor(cols);
  return { rows: rows, cols: cols, stride: stride, data: new Uint32Array(rows * stride) };
}

export function getBit(m: BitMatrix, r: number, c: number): number {
  return (m.data[r * m.stride + (c >>> 5)] >>> (c & 31)) & 1;
}

/** The rows of `m` as strings of 0/1 digits (for display and tests). */
export function bitRows(m: BitMatrix): string[] {
  const rows: string[] = [];
  for (let r = 0; r < m.rows; r++) {
    let s = "";
    for (let c = 0; c < m.cols; c++) s += getBit(m, r, c);
    rows.push(s);
  }
  return rows;
}

export function setBit(m: BitMatrix, r: number, c: number, v: number): void {
  const i = r * m.stride + (c >>> 5);
  const bit = 1 << (c & 31);
  if (v & 1) m.data[i] |= bit;
  else m.data[i] &= ~bit;
}

export { popcount32 };

/** Bits set in words [start, start+count) of a packed vector. */
export function popcountWords(v: Uint32Array, start: number, count: number): number {
  let n = 0;
  for (let i = 0; i < count; i++) n += popcount32(v[start + i]);
  return n;
}

/** Parity of the AND of two packed vectors: the GF(2) dot product. */
export function dotWords(a: Uint32Array, aStart: number, b: Uint32Array, bStart: number, count: number): number {
  let x = 0;
  for (let i = 0; i < count; i++) x ^= a[aStart + i] & b[bStart + i];
  return popcount32(x) & 1;
}

/** The outcome of Gauss–Jordan elimination of A (cells × keys in the puzzle solver). */
export interface Reduction {
  rank: number;
  /** Column of the leading 1 of reduced row i, for i < rank, increasing. */
  pivotCols: Int32Array;
  /** R = T·A in reduced row echelon form. */
  reduced: BitMatrix;
  /** T (A.rows × A.rows), invertible, with T·A = R; its rows rank.. span the left null space. */
  transform: BitMatrix;
}

/**
 * A basis of the null space {x : A·x = 0}, one basis vector per row of the result
 * (cols = A.cols): one vector per free column f, with x_f = 1.
 */
export function nullSpace(red: Reduction): BitMatrix {
  const r = red.reduced;
  const n = r.cols;
  const isPivot = new Uint8Array(n);
  for (let i = 0; i < red.rank; i++) isPivot[red.pivotCols[i]] = 1;
  const basis = createBitMatrix(n - red.rank, n);
  let k = 0;
  for (let f = 0; f < n; f++) {
    if (isPivot[f]) continue;
    setBit(basis, k, f, 1);
    for (let i = 0; i < red.rank; i++) {
      if (getBit(r, i, f)) setBit(basis, k, red.pivotCols[i], 1);
    }
    k++;
  }
  return basis;
}

/**
 * Solves A·x = d from a reduction of A. `d` is packed (A.rows bits); returns the packed
 * solution with every free variable 0 (A.cols bits), or null when d is not in A's image.
 */
export function solveReduced(red: Reduction, d: Uint32Array): Uint32Array | null {
  const t = red.transform;
  for (let i = red.rank; i < t.rows; i++) {
    if (dotWords(t.data, i * t.stride, d, 0, t.stride)) return null;
  }
  const x = new Uint32Array(wordsFor(red.reduced.cols));
  for (let i = 0; i < red.rank; i++) {
    if (dotWords(t.data, i * t.stride, d, 0, t.stride)) {
      const c = red.pivotCols[i];
      x[c >>> 5] |= 1 << (c & 31);
    }
  }
  return x;
}

/** The inverse of a square invertible matrix (equal to T when R = I), or null if singular. */
export function inverseOf(red: Reduction): BitMatrix | null {
  if (red.reduced.rows !== red.reduced.cols || red.rank !== red.reduced.cols) return null;
  return red.transform;
}

/** y = A·x for packed x (A.cols bits) → packed y (A.rows bits). */
export function multiplyVector(a: BitMatrix, x: Uint32Array): Uint32Array {
  const y = new Uint32Array(wordsFor(a.rows));
  for (let i = 0; i < a.rows; i++) {
    if (dotWords(a.data, i * a.stride, x, 0, a.stride)) y[i >>> 5] |= 1 << (i & 31);
  }
  return y;
}

/**
 * A test oracle: an independent plus-pattern solver by light chasing with the first row of
 * presses kept symbolic, then Gaussian elimination on the n×n system that remains. No
 * polynomials and no classes, so it cross-checks src/maths/gridsolve.ts and src/maths/minweight.ts in the
 * tests (and times the textbook method in the benchmark: source 000's row-by-row chasing, made
 * exact).
 *
 * Each press x_{i,j} is an affine function of the n first-row unknowns, stored as an
 * (n+1)-bit packed vector (bit n = the constant). Chasing x_{i+1,j} = d_{i,j} + x_{i,j-1} +
 * x_{i,j} + x_{i,j+1} + x_{i-1,j} costs O(m·n·n/32); the conditions x_{m,j} = 0 form the
 * system solved by gf2.reduceMatrix. Minimal solutions by a plain Gray-code walk over all 2^k
 * combinations of the quiet patterns (one packed XOR and popcount per step).
 */
import { reduceMatrix } from "../../src/maths/elimination";
import { createBitMatrix, nullSpace, setBit, solveReduced, popcount32 } from "../../src/maths/gf2";
import { BoardTarget, PackedBoard, createBoard, getCell, setCell } from "../../src/maths/chase";

export interface GaussPlusSolution {
  rows: number;
  cols: number;
  /** Rank of the (rows·cols)² toggle matrix. */
  rank: number;
  nullity: number;
  solvable: boolean;
  /** A solution (first row: free variables 0), null when unsolvable. */
  presses: PackedBoard | null;
  /** A basis of the quiet patterns (press sets that change nothing). */
  nullBasis: PackedBoard[];
}

function cellToChange(board: PackedBoard, target: BoardTarget, r: number, c: number): number {
  const b = getCell(board, r, c);
  if (target === "dark") return b;
  if (target === "lit") return b ^ 1;
  return b ^ getCell(target, r, c);
}

/** Numeric chase with one byte per cell: the whole press board from its first row. */
function chaseNumeric(
  board: PackedBoard | null,
  target: BoardTarget,
  first: Uint8Array,
  rows: number,
  cols: number,
): PackedBoard {
  const out = createBoard(rows, cols);
  let prev = new Uint8Array(cols);
  let cur = new Uint8Array(cols);
  for (let j = 0; j < cols; j++) cur[j] = first[j];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) if (cur[j]) setCell(out, i, j, 1);
    if (i + 1 === rows) break;
    const next = new Uint8Array(cols);
    for (let j = 0; j < cols; j++) {
      let v = board !== null ? cellToChange(board, target, i, j) : 0;
      v ^= cur[j] ^ prev[j];
      if (j > 0) v ^= cur[j - 1];
      if (j + 1 < cols) v ^= cur[j + 1];
      next[j] = v;
    }
    prev = cur;
    cur = next;
  }
  return out;
}

/** Solves rows×cols plus boards by symbolic chasing + Gaussian elimination. */
export function solvePlusGridGauss(board: PackedBoard, target: BoardTarget): GaussPlusSolution {
  const m = board.rows;
  const n = board.cols;
  const vw = (n + 32) >>> 5; // n unknowns + constant
  const cbit = 1 << (n & 31);
  const cword = n >>> 5;
  let prev = new Uint32Array(n * vw);
  let cur = new Uint32Array(n * vw);
  let next = new Uint32Array(n * vw);
  for (let j = 0; j < n; j++) cur[j * vw + (j >>> 5)] = 1 << (j & 31);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      const o = j * vw;
      for (let w = 0; w < vw; w++) {
        let v = cur[o + w] ^ prev[o + w];
        if (j > 0) v ^= cur[o - vw + w];
        if (j + 1 < n) v ^= cur[o + vw + w];
        next[o + w] = v;
      }
      if (cellToChange(board, target, i, j)) next[o + cword] ^= cbit;
    }
    const t = prev;
    prev = cur;
    cur = next;
    next = t;
  }
  // cur = x_m: require x_{m,j} = 0, i.e. A·x0 = constant part.
  const a = createBitMatrix(n, n);
  const rhs = new Uint32Array((n + 31) >>> 5);
  for (let j = 0; j < n; j++) {
    for (let c = 0; c < n; c++) if ((cur[j * vw + (c >>> 5)] >>> (c & 31)) & 1) setBit(a, j, c, 1);
    if (cur[j * vw + cword] & cbit) rhs[j >>> 5] |= 1 << (j & 31);
  }
  const red = reduceMatrix(a);
  const nullity = n - red.rank;
  const basisRows = nullSpace(red);
  const nullBasis: PackedBoard[] = [];
  for (let k = 0; k < basisRows.rows; k++) {
    const first = new Uint8Array(n);
    for (let c = 0; c < n; c++) first[c] = (basisRows.data[k * basisRows.stride + (c >>> 5)] >>> (c & 31)) & 1;
    nullBasis.push(chaseNumeric(null, "dark", first, m, n));
  }
  const x = solveReduced(red, rhs);
  let presses: PackedBoard | null = null;
  if (x !== null) {
    const first = new Uint8Array(n);
    for (let c = 0; c < n; c++) first[c] = (x[c >>> 5] >>> (c & 31)) & 1;
    presses = chaseNumeric(board, target, first, m, n);
  }
  return {
    rows: m,
    cols: n,
    rank: m * n - nullity,
    nullity: nullity,
    solvable: x !== null,
    presses: presses,
    nullBasis: nullBasis,
  };
}

/**
 * The fewest-presses member of presses + span(basis), by a Gray-code walk: step g flips the
 * basis pattern at the lowest set bit of g, so each of the 2^k − 1 steps is one packed XOR
 * and popcount of the board.
 */
export function minimizeByGrayWalk(presses: PackedBoard, basis: PackedBoard[]): PackedBoard {
  const k = basis.length;
  const cur = createBoard(presses.rows, presses.cols);
  cur.data.set(presses.data);
  const len = cur.data.length;
  let weight = 0;
  for (let i = 0; i < len; i++) weight += popcount32(cur.data[i]);
  let bestWeight = weight;
  let bestGray = 0;
  const total = Math.pow(2, k);
  for (let g = 1; g < total; g++) {
    let i = 0;
    while (((g >>> i) & 1) === 0) i++;
    const q = basis[i].data;
    const d = cur.data;
    let w = 0;
    for (let t = 0; t < len; t++) {
      const v = d[t] ^ q[t];
      d[t] = v;
      if (v !== 0) w += popcount32(v);
    }
    if (w < bestWeight) {
      bestWeight = w;
      bestGray = g ^ (g >>> 1);
    }
  }
  const out = createBoard(presses.rows, presses.cols);
  out.data.set(presses.data);
  for (let i = 0; i < k; i++) {
    if ((bestGray >>> i) & 1) for (let t = 0; t < len; t++) out.data[t] ^= basis[i].data[t];
  }
  return out;
}

/**
 * Packed m×n boards for the plus ("Lights Out") pattern and light chasing on them.
 *
 * A PackedBoard is row-major, one bit per cell, each row padded to whole 32-bit words
 * (cell (r, c) is bit c & 31 of data[r·stride + (c >>> 5)]). Padding bits are always 0.
 * Pressing a cell toggles it and its orthogonal neighbours, so the effect of a row of
 * presses x on its own row is T·x = x ^ (x << 1) ^ (x >> 1) (T = I + S, S the path
 * adjacency) and on the rows above and below it is x itself.
 *
 * Light chasing: given the first row of presses x_0, every later row is forced, because
 * row i+1 is the only one left that can fix the lights of row i:
 *   x_{i+1} = d_i ^ T·x_i ^ x_{i-1}      (d = the lights that must change)
 * The press set solves the board exactly when the "row beyond the board" x_m is zero.
 */
import { BitMatrix, popcount32 } from "./gf2";

/** Same layout as gf2's BitMatrix: rows × cols bits, `stride` words per row. */
export type PackedBoard = BitMatrix;

/** What the lights should become: a board, all off or all on. */
export type BoardTarget = PackedBoard | "dark" | "lit";

export function createBoard(rows: number, cols: number): PackedBoard {
  const stride = (cols + 31) >>> 5;
  return { rows: rows, cols: cols, stride: stride, data: new Uint32Array(rows * stride) };
}

/** Mask of the valid bits in the last word of a row. */
export function lastWordMask(cols: number): number {
  return cols & 31 ? ((1 << (cols & 31)) - 1) >>> 0 : 0xffffffff;
}

export function litBoard(rows: number, cols: number): PackedBoard {
  const b = createBoard(rows, cols);
  fillBoard(b, 1);
  return b;
}

/** Sets every cell to `v` (0 or 1), keeping the padding bits 0. */
export function fillBoard(b: PackedBoard, v: number): void {
  if (!v) {
    b.data.fill(0);
    return;
  }
  b.data.fill(0xffffffff);
  const mask = lastWordMask(b.cols);
  if (mask !== 0xffffffff) {
    for (let r = 0; r < b.rows; r++) b.data[r * b.stride + b.stride - 1] = mask;
  }
}

export function copyBoard(b: PackedBoard): PackedBoard {
  const c = createBoard(b.rows, b.cols);
  c.data.set(b.data);
  return c;
}

export function getCell(b: PackedBoard, r: number, c: number): number {
  return (b.data[r * b.stride + (c >>> 5)] >>> (c & 31)) & 1;
}

export function setCell(b: PackedBoard, r: number, c: number, v: number): void {
  const i = r * b.stride + (c >>> 5);
  const bit = 1 << (c & 31);
  if (v & 1) b.data[i] |= bit;
  else b.data[i] &= ~bit;
}

export function toggleCell(b: PackedBoard, r: number, c: number): void {
  b.data[r * b.stride + (c >>> 5)] ^= 1 << (c & 31);
}

/** A board from rows of '0'/'1' characters (all rows the same length). */
export function boardFromStrings(lines: string[]): PackedBoard {
  const rows = lines.length;
  const cols = rows > 0 ? lines[0].length : 0;
  const b = createBoard(rows, cols);
  for (let r = 0; r < rows; r++) {
    if (lines[r].length !== cols) throw new Error("boardFromStrings: ragged row " + (r + 1));
    for (let c = 0; c < cols; c++) if (lines[r].charAt(c) === "1") setCell(b, r, c, 1);
  }
  return b;
}

export function boardToStrings(b: PackedBoard): string[] {
  const out: string[] = [];
  for (let r = 0; r < b.rows; r++) {
    let s = "";
    for (let c = 0; c < b.cols; c++) s += getCell(b, r, c) ? "1" : "0";
    out.push(s);
  }
  return out;
}

/** Number of lit cells (presses, when the board is a press set). */
export function boardWeight(b: PackedBoard): number {
  let n = 0;
  const d = b.data;
  for (let i = 0; i < d.length; i++) if (d[i] !== 0) n += popcount32(d[i]);
  return n;
}

export function boardsEqual(a: PackedBoard, b: PackedBoard): boolean {
  if (a.rows !== b.rows || a.cols !== b.cols) return false;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) return false;
  return true;
}

/** dst ^= src (same shape). */
export function xorBoardInto(dst: PackedBoard, src: PackedBoard): void {
  for (let i = 0; i < dst.data.length; i++) dst.data[i] ^= src.data[i];
}

/** The board that must be toggled to turn `start` into `target`: start ^ target. */
export function boardDifference(start: PackedBoard, target: BoardTarget): PackedBoard {
  if (target === "dark") return copyBoard(start);
  if (target === "lit") {
    const d = litBoard(start.rows, start.cols);
    xorBoardInto(d, start);
    return d;
  }
  if (target.rows !== start.rows || target.cols !== start.cols) {
    throw new Error("target is " + target.rows + "×" + target.cols + ", board is " + start.rows + "×" + start.cols);
  }
  const d = copyBoard(start);
  xorBoardInto(d, target);
  return d;
}

/**
 * One chasing step on packed rows: next = d ^ flip ^ T·cur ^ prev, where the rows live in
 * (possibly the same) arrays at the given word offsets. `flip` is 0 or 0xffffffff (chasing
 * towards the lit board). Returns nothing; the padding bits of `next` are cleared.
 */
function chaseRow(
  d: Uint32Array,
  dOff: number,
  flip: number,
  prev: Uint32Array,
  pOff: number,
  cur: Uint32Array,
  cOff: number,
  next: Uint32Array,
  nOff: number,
  stride: number,
  mask: number,
): void {
  let low = 0;
  let c = cur[cOff];
  const last = stride - 1;
  for (let w = 0; w < last; w++) {
    const up = cur[cOff + w + 1];
    next[nOff + w] = d[dOff + w] ^ flip ^ prev[pOff + w] ^ c ^ ((c << 1) | low) ^ ((c >>> 1) | (up << 31));
    low = c >>> 31;
    c = up;
  }
  next[nOff + last] = (d[dOff + last] ^ flip ^ prev[pOff + last] ^ c ^ ((c << 1) | low) ^ (c >>> 1)) & mask;
}

/**
 * Light chasing. Row 0 of the presses is `firstRow` (stride words); each following row is
 * forced by the lights of the row above. `d` are the lights to change (null = none), with
 * every cell additionally flipped when `flip` is true (d ^ all-lit without a copy).
 * Writes all rows into `presses` when it is given (same shape as the board), otherwise keeps
 * only three rows. Returns the overflow row x_m: the presses a row below the board would
 * need; the press set solves the board exactly when it is all zero.
 */
export function chaseLights(
  rows: number,
  cols: number,
  d: PackedBoard | null,
  flip: boolean,
  firstRow: Uint32Array,
  presses: PackedBoard | null,
): Uint32Array {
  const stride = (cols + 31) >>> 5;
  const mask = lastWordMask(cols);
  const fm = flip ? 0xffffffff : 0;
  const zero = new Uint32Array(stride);
  const dd = d !== null ? d.data : zero;
  const dStep = d !== null ? stride : 0;
  const overflow = new Uint32Array(stride);
  if (rows === 0) {
    for (let w = 0; w < stride; w++) overflow[w] = firstRow[w];
    return overflow;
  }
  if (presses !== null) {
    const p = presses.data;
    for (let w = 0; w < stride; w++) p[w] = firstRow[w];
    for (let i = 0; i + 1 < rows; i++) {
      if (i === 0) chaseRow(dd, 0, fm, zero, 0, p, 0, p, stride, stride, mask);
      else chaseRow(dd, i * dStep, fm, p, (i - 1) * stride, p, i * stride, p, (i + 1) * stride, stride, mask);
    }
    const i = rows - 1;
    if (i === 0) chaseRow(dd, 0, fm, zero, 0, p, 0, overflow, 0, stride, mask);
    else chaseRow(dd, i * dStep, fm, p, (i - 1) * stride, p, i * stride, overflow, 0, stride, mask);
    return overflow;
  }
  let prev = new Uint32Array(stride);
  let cur = new Uint32Array(stride);
  let next = new Uint32Array(stride);
  for (let w = 0; w < stride; w++) cur[w] = firstRow[w];
  for (let i = 0; i < rows; i++) {
    chaseRow(dd, i * dStep, fm, prev, 0, cur, 0, next, 0, stride, mask);
    const t = prev;
    prev = cur;
    cur = next;
    next = t;
  }
  for (let w = 0; w < stride; w++) overflow[w] = cur[w];
  return overflow;
}

/**
 * The cells row r of a board changes when `presses` (plus pattern) are applied: row r's presses
 * and their left/right neighbours, and the presses of rows r−1 and r+1. Written into `out`.
 */
function pressEffectRow(presses: PackedBoard, r: number, out: Uint32Array): void {
  const stride = presses.stride;
  const p = presses.data;
  const o = r * stride;
  let low = 0;
  for (let w = 0; w < stride; w++) {
    const c = p[o + w];
    const up = w + 1 < stride ? p[o + w + 1] : 0;
    let e = c ^ ((c << 1) | low) ^ ((c >>> 1) | (up << 31));
    low = c >>> 31;
    if (r > 0) e ^= p[o - stride + w];
    if (r + 1 < presses.rows) e ^= p[o + stride + w];
    out[w] = e;
  }
  out[stride - 1] &= lastWordMask(presses.cols);
}

/**
 * Whether pressing `presses` on `start` gives `target`: the replay that verifies a solution.
 * Row by row, with one row of scratch: (start ^ effect of presses ^ target) must be 0.
 */
export function pressesReachTarget(start: PackedBoard, presses: PackedBoard, target: BoardTarget): boolean {
  const rows = start.rows;
  const cols = start.cols;
  if (presses.rows !== rows || presses.cols !== cols) return false;
  const stride = start.stride;
  const mask = lastWordMask(cols);
  const s = start.data;
  const lit = target === "lit";
  const board = target === "dark" || target === "lit" ? null : target;
  if (board !== null && (board.rows !== rows || board.cols !== cols)) return false;
  const t = board !== null ? board.data : null;
  if (rows === 1) return lineReachesTarget(s, presses.data, t, lit ? 0xffffffff : 0, stride, mask);
  const effect = new Uint32Array(stride);
  for (let r = 0; r < rows; r++) {
    pressEffectRow(presses, r, effect);
    const o = r * stride;
    for (let w = 0; w < stride; w++) {
      let e = s[o + w] ^ effect[w];
      if (t !== null) e ^= t[o + w];
      else if (lit) e ^= 0xffffffff;
      if (w === stride - 1) e &= mask;
      if (e !== 0) return false;
    }
  }
  return true;
}

/**
 * pressesReachTarget for a board of one row, word by word without a scratch row (the row can
 * be 2^30 cells): start ^ (p ^ p << 1 ^ p >> 1) ^ target (or ^ flip) must be 0.
 */
function lineReachesTarget(s: Uint32Array, p: Uint32Array, t: Uint32Array | null, flip: number, words: number, mask: number): boolean {
  let low = 0;
  for (let w = 0; w < words; w++) {
    const c = p[w];
    const up = w + 1 < words ? p[w + 1] : 0;
    let e = s[w] ^ c ^ ((c << 1) | low) ^ ((c >>> 1) | (up << 31)) ^ flip;
    if (t !== null) e ^= t[w];
    if (w === words - 1) e &= mask;
    if (e !== 0) return false;
    low = c >>> 31;
  }
  return true;
}

/** start with the presses applied (a new board). */
export function applyPresses(start: PackedBoard, presses: PackedBoard): PackedBoard {
  const out = copyBoard(start);
  const stride = start.stride;
  const effect = new Uint32Array(stride);
  for (let r = 0; r < start.rows; r++) {
    pressEffectRow(presses, r, effect);
    const o = r * stride;
    for (let w = 0; w < stride; w++) out.data[o + w] ^= effect[w];
  }
  return out;
}

/**
 * Transposes a 32×32 bit block in place: a[off + i*step] bit j ↔ a[off + j*step] bit i.
 * The classic recursive block swap (Hacker's Delight 7-3), for LSB-first bit order.
 */
function transpose32(a: Uint32Array): void {
  let j = 16;
  let m = 0x0000ffff;
  while (j !== 0) {
    for (let k = 0; k < 32; k = ((k | j) + 1) & ~j) {
      const t = ((a[k] >>> j) ^ a[k | j]) & m;
      a[k] ^= t << j;
      a[k | j] ^= t;
    }
    j = j >>> 1;
    m = (m ^ (m << j)) >>> 0;
  }
}

/** The transposed board (cols × rows), by 32×32 bit-block transposes. */
export function transposeBoard(b: PackedBoard): PackedBoard {
  const out = createBoard(b.cols, b.rows);
  const blk = new Uint32Array(32);
  const rb = (b.rows + 31) >>> 5;
  for (let br = 0; br < rb; br++) {
    const r0 = br << 5;
    const rn = b.rows - r0 < 32 ? b.rows - r0 : 32;
    for (let bw = 0; bw < b.stride; bw++) {
      let any = 0;
      for (let i = 0; i < 32; i++) {
        const v = i < rn ? b.data[(r0 + i) * b.stride + bw] : 0;
        blk[i] = v;
        any |= v;
      }
      if (any === 0) continue;
      transpose32(blk);
      // blk[j] now holds column (bw*32 + j) restricted to rows r0..r0+31.
      const c0 = bw << 5;
      const cn = b.cols - c0 < 32 ? b.cols - c0 : 32;
      for (let j = 0; j < cn; j++) out.data[(c0 + j) * out.stride + br] = blk[j];
    }
  }
  return out;
}

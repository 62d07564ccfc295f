/**
 * The on-device solver for k-state boards (colour games: a press advances each of its cells
 * by 1 mod k): solvable, the fewest presses (par) and a hint, from the precomputed CellTables
 * (tables.ts) — what masksolve.ts is for on/off boards of ≤ 32 cells. Boards are row-major
 * digit strings (boardstate.ts's format, as the game holds them); presses come back packed,
 * four bits a key (tables.ts: CellTables).
 *
 * No linear algebra runs here. A difference d = target − board gives one solution and the
 * checks as the digit-wise sum mod k of d[c] copies of the tables' column c; the other
 * solutions are that one plus each combination of the quiet patterns, walked as an odometer,
 * one packed addition apart. The digits of a word are added all at once (SWAR): with
 * a, b < k ≤ 8 each digit of a + b is at most 14, so it stays within its four bits, and
 * adding 8 − k to every digit sets a digit's bit 3 exactly when it reached k, which says where
 * to subtract k. A word holds 7 digits (28 bits), so every value is a small positive integer.
 *
 * Written for Espruino's interpreter, which lexes a function's whole body on every call: the
 * loops that run per solution are inline, not calls to helpers, and table fields are read into
 * locals once (a property read searches the object's properties).
 *
 * The hint is a key of a minimum solution, the first in the tables' footprint order. Unlike
 * masksolve.ts's hint it does not steer around the all-dark board: the games these tables serve
 * (lightsout, lightsout2000, blackwhite) play under the classic rules, where a dark board is not
 * a loss (for the first two it is the goal), and every key of a minimum solution leaves a
 * minimum solution one press shorter, so following the hints wins in exactly par presses.
 */
import { CellTables } from "./tables";

/** One in every digit of a word (7 digits of 4 bits). */
const ONES = 0x1111111;

/**
 * Fills `x` (t.words words) with one solution that turns `board` into `target` (digit strings)
 * and its checks; false when the board cannot be solved (some check is not 0).
 */
function particular(t: CellTables, board: string, target: string, x: Int32Array): boolean {
  const k = t.k;
  const words = t.words;
  const solve = t.solve;
  const bias = (8 - k) * ONES;
  for (let c = 0; c < t.cells; c++) {
    // d[c] copies of column c (d[c] < k: one addition each, digit-wise mod k).
    for (let times = (target.charCodeAt(c) - board.charCodeAt(c) + k) % k; times > 0; times--) {
      for (let w = 0; w < words; w++) {
        const s = x[w] + solve[c * words + w];
        x[w] = s - (((s + bias) >> 3) & ONES) * k;
      }
    }
  }
  for (let i = t.keys; i < t.keys + t.checks; i++) if ((x[Math.floor(i / 7)] >> (4 * (i % 7))) & 15) return false;
  return true;
}

/** Whether `board` can be turned into `target`. */
export function cellSolvable(t: CellTables, board: string, target: string): boolean {
  return particular(t, board, target, new Int32Array(t.words));
}

/** How many times `presses` (packed, as cellMinimum fills it) presses `key`. */
export function pressesOf(presses: Int32Array, key: number): number {
  return (presses[Math.floor(key / 7)] >> (4 * (key % 7))) & 15;
}

/**
 * Fills `best` (t.words words) with a solution that turns `board` into `target` with the
 * fewest presses (taps: key j pressed best[j] times) and returns that number, or −1 when the
 * board cannot be solved. Ties go to the first in the walk (the tables' particular solution
 * first).
 */
export function cellMinimum(t: CellTables, board: string, target: string, best: Int32Array): number {
  const words = t.words;
  const x = new Int32Array(words);
  if (!particular(t, board, target, x)) return -1;
  const k = t.k;
  const bias = (8 - k) * ONES;
  const quiet = t.quiet;
  const orders = t.quietOrders;
  const n = orders.length;
  // times[j]: how many copies of quiet pattern j x holds now (an odometer, digit j < orders[j]).
  const times = new Uint8Array(n);
  let bestCount = 1e9;
  for (;;) {
    // x's presses: its digits summed (checks are 0 on a solvable board), pairs into bytes first.
    let count = 0;
    for (let w = 0; w < words; w++) {
      let v = (x[w] & 0xf0f0f0f) + ((x[w] >> 4) & 0xf0f0f0f);
      v += v >> 8;
      count += (v + (v >> 16)) & 0xff;
    }
    if (count < bestCount) {
      bestCount = count;
      for (let w = 0; w < words; w++) best[w] = x[w];
    }
    // The next solution: add quiet pattern j; when j has gone round its order (x is back to
    // no copy of it), carry to j + 1. Back at the start: every solution has been seen.
    let j = 0;
    while (j < n) {
      for (let w = 0; w < words; w++) {
        const s = x[w] + quiet[j * words + w];
        x[w] = s - (((s + bias) >> 3) & ONES) * k;
      }
      if (++times[j] < orders[j]) break;
      times[j++] = 0;
    }
    if (j === n) return bestCount;
  }
}

/** The fewest presses (taps) that turn `board` into `target`, or −1 when it cannot be done: the game's par. */
export function cellPressCount(t: CellTables, board: string, target: string): number {
  return cellMinimum(t, board, target, new Int32Array(t.words));
}

/**
 * The next key (0-based) to press: of a minimum solution's keys, the first in the tables'
 * footprint order (fewest cells changed). −1 when the board is solved or cannot be solved.
 */
export function cellHint(t: CellTables, board: string, target: string): number {
  const best = new Int32Array(t.words);
  if (cellMinimum(t, board, target, best) <= 0) return -1;
  const order = t.order;
  for (let i = 0; i < order.length; i++) if ((best[Math.floor(order[i] / 7)] >> (4 * (order[i] % 7))) & 15) return order[i];
  return -1;
}

/**
 * The on-device solver for k-state boards (colour games: a press advances each of its cells
 * by 1 mod k; cellgame.ts presses): solvable, the fewest presses (par) and a hint, from the precomputed
 * CellTables (tables.ts) — what masksolve.ts is for on/off boards of ≤ 32 cells. Boards are row-major
 * digit strings (boardstate.ts's format, as the game holds them); presses come back packed,
 * four bits a key (tables.ts: CellTables).
 *
 * No linear algebra runs here. A difference d = target − board gives one solution and the
 * checks as the digit-wise sum mod k of d[c] copies of the tables' column c; the other
 * solutions are that one plus each combination of the quiet patterns, walked in a Gray code,
 * one packed addition apart. The digits of a word are added all at once (SWAR): with
 * a, b < k ≤ 8 each digit of a + b is at most 14, so it stays within its four bits, and
 * adding 8 − k to every digit sets a digit's bit 3 exactly when it reached k, which says where
 * to subtract k. A word holds 7 digits (28 bits), so every value is a small positive integer.
 *
 * The loops run inline and read the tables' fields into locals once: they are the toy's
 * slowest code. README: Device tables for the colour games, for figures.
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
 * Fills `x` (t.words words, zero) with one solution that turns `board` into `target` (digit
 * strings) and its checks; false when the board cannot be solved (some check is not 0).
 * x = Σ d[c]·column c is summed as Σ v·S_v, S_v the sum of the columns with d[c] = v, and
 * Σ v·S_v = S_(k−1) + (S_(k−1) + S_(k−2)) + …: one addition per cell that differs and 2(k − 1)
 * more, instead of d[c] additions per cell.
 */
function particular(t: CellTables, board: string, target: string, x: Int32Array): boolean {
  // The loops' variables are declared once, here: a `let` inside a loop body is a new variable
  // on every pass on Espruino; ONES is read into a local as the table fields are.
  let s = 0;
  let w = 0;
  let at = 0;
  let from = 0;
  let v = 0;
  const ones = ONES;
  const k = t.k;
  const words = t.words;
  const solve = t.solve;
  const bias = (8 - k) * ones;
  // sums[v·words …]: S_v for v = 1 … k − 1; slot 0 is the running S_(k−1) + … + S_v.
  const sums = new Int32Array(k * words);
  for (let c = 0; c < t.cells; c++) {
    v = (target.charCodeAt(c) - board.charCodeAt(c) + k) % k;
    if (v === 0) continue;
    for (w = 0, at = v * words, from = c * words; w < words; w++, at++, from++) {
      s = sums[at] + solve[from];
      sums[at] = s - (((s + bias) >> 3) & ones) * k;
    }
  }
  for (v = k - 1; v > 0; v--) {
    for (w = 0, at = v * words; w < words; w++, at++) {
      s = sums[w] + sums[at];
      sums[w] = s = s - (((s + bias) >> 3) & ones) * k;
      s += x[w];
      x[w] = s - (((s + bias) >> 3) & ones) * k;
    }
  }
  for (let i = t.keys; i < t.keys + t.checks; i++) if (pressesOf(x, i)) return false;
  return true;
}

/** Whether `board` can be turned into `target`. */
export function cellSolvable(t: CellTables, board: string, target: string): boolean {
  return particular(t, board, target, new Int32Array(t.words));
}

/** How many times `presses` (packed, as cellMinimum fills it) presses `key`; also a check's digit (its index after the keys'). */
export function pressesOf(presses: Int32Array, key: number): number {
  return (presses[(key / 7) | 0] >> (4 * (key % 7))) & 15;
}

/**
 * Fills `best` (t.words words) with a solution that turns `board` into `target` with the
 * fewest presses (taps: key j pressed best[j] times) and returns that number, or −1 when the
 * board cannot be solved. Ties go to the first in the walk (the tables' particular solution
 * first).
 */
export function cellMinimum(t: CellTables, board: string, target: string, best: Int32Array): number {
  // Declared once, as in particular.
  let s = 0;
  let w = 0;
  let lanes = 0;
  let count = 0;
  let j = 0;
  const words = t.words;
  const x = new Int32Array(words);
  if (!particular(t, board, target, x)) return -1;
  const ones = ONES;
  const k = t.k;
  const bias = (8 - k) * ones;
  const quiet = t.quiet;
  const orders = t.quietOrders;
  const n = orders.length;
  // A reflected mixed-radix Gray code over the combinations Σ c_j·quiet_j (0 ≤ c_j < orders[j]):
  // each step moves one c_j one step up or (down[j]) down, adding quiet pattern j or its
  // negation, so every solution is one packed addition from the last (the first adds the
  // tables' zero vector), and its digits are summed in the same pass.
  const c = new Uint8Array(n);
  const down = new Uint8Array(n);
  let bestCount = 1e9;
  let at = 0;
  for (;;) {
    // Its presses, the digits summed: each word's pairs of digits are added into its 8-bit
    // lanes, and the words' lanes into `lanes`, folded once at the end (checks are 0 on a
    // solvable board, so a lane sums at most 2 key digits ≤ 7 a word: ≤ 140 for 64 keys, and
    // the top lane, digit 6 alone, ≤ 70, so `lanes` stays a positive 31-bit integer).
    lanes = 0;
    for (w = 0; w < words; w++) {
      s = x[w] + quiet[at++];
      x[w] = s = s - (((s + bias) >> 3) & ones) * k;
      lanes += (s & 0xf0f0f0f) + ((s >> 4) & 0xf0f0f0f);
    }
    lanes = (lanes & 0xff00ff) + ((lanes >> 8) & 0xff00ff);
    count = (lanes & 0xffff) + (lanes >> 16);
    if (count < bestCount) {
      bestCount = count;
      for (w = 0; w < words; w++) best[w] = x[w];
    }
    // The lowest c_j that can still move its way moves; those below it turn round.
    j = 0;
    while (j < n && (down[j] ? c[j] === 0 : c[j] + 1 === orders[j])) {
      down[j] ^= 1;
      j++;
    }
    if (j === n) return bestCount;
    c[j] += down[j] ? -1 : 1;
    at = (1 + 2 * j + down[j]) * words;
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
  for (let i = 0; i < order.length; i++) if (pressesOf(best, order[i])) return order[i];
  return -1;
}

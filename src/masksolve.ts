/**
 * The on-device solver: everything the game needs to know about a board, computed from the
 * precomputed MaskTables (see tables.ts) with XOR and popcount only. A board and a set of
 * presses are 32-bit masks (bit i = cell i or key i).
 */
import { popcount32 } from "./gf2";
import { orderBySize, PressSim, safeOrder } from "./safeorder";
import { MaskTables } from "./tables";

/** The cells toggled by pressing every key in `presses` once. */
export function effectOf(t: MaskTables, presses: number): number {
  let m = 0;
  for (let k = 0; k < t.keys; k++) if ((presses >>> k) & 1) m ^= t.toggle[k];
  return m;
}

/** Whether some set of presses toggles exactly the cells of `diff`. */
export function isReachable(t: MaskTables, diff: number): boolean {
  for (let i = 0; i < t.check.length; i++) if (popcount32(t.check[i] & diff) & 1) return false;
  return true;
}

/** Whether `board` can be turned into `target`. */
export function solvable(t: MaskTables, board: number, target: number): boolean {
  return isReachable(t, board ^ target);
}

/**
 * A set of presses that turns `board` into `target` (the tables' particular solution; on an
 * invertible board the only one). Meaningless when the board is not solvable.
 */
export function solutionMask(t: MaskTables, board: number, target: number): number {
  const diff = board ^ target;
  let x = 0;
  for (let c = 0; c < t.cells; c++) if ((diff >>> c) & 1) x ^= t.solve[c];
  return x;
}

/** Index of the lowest set bit of a non-zero number (which quiet pattern a Gray-code step flips). */
export function lowestBit(i: number): number {
  let j = 0;
  while (((i >>> j) & 1) === 0) j++;
  return j;
}

/**
 * Quiet patterns the Gray-code walks cover exhaustively: 2^20 combinations at most. Real boards
 * have few (Merlin 3×3 none, 5×5 plus 2); only degenerate custom patterns have more, and for
 * them the walk covers the combinations of the first 20.
 */
export const MAX_WALK_QUIET = 20;

/** How many solutions the Gray-code walks visit. */
export function walkLength(t: MaskTables): number {
  return Math.pow(2, Math.min(t.quiet.length, MAX_WALK_QUIET));
}

/**
 * A solution with the fewest presses: every solution is the particular one plus a
 * combination of the quiet patterns, and a Gray-code walk visits each combination with one
 * XOR. Ties go to the first visited. Meaningless when the board is not solvable.
 */
export function minimumSolution(t: MaskTables, board: number, target: number): number {
  let x = solutionMask(t, board, target);
  let best = x;
  let bestCount = popcount32(x);
  const combos = walkLength(t);
  for (let i = 1; i < combos; i++) {
    x ^= t.quiet[lowestBit(i)];
    const n = popcount32(x);
    if (n < bestCount) {
      best = x;
      bestCount = n;
    }
  }
  return best;
}

/** The fewest presses that solve `board`, or −1 when it cannot be solved. */
export function pressCount(t: MaskTables, board: number, target: number): number {
  if (!solvable(t, board, target)) return -1;
  return popcount32(minimumSolution(t, board, target));
}

/** Keys by the number of cells they toggle, ascending, ties by index (see footprintOrder). */
export function maskFootprintOrder(t: MaskTables): Int32Array {
  const sizes = new Int32Array(t.keys);
  for (let k = 0; k < t.keys; k++) sizes[k] = popcount32(t.toggle[k]);
  return orderBySize(sizes);
}

/** Quiet combinations hint tries when the minimum solution has no safe order. */
const HINT_ALTERNATIVES = 256;

/**
 * A safe press order for the presses of `presses` from `board` (see safeOrder), or null.
 */
export function safeMaskOrder(t: MaskTables, board: number, target: number, presses: number, order: ArrayLike<number>): number[] | null {
  const counts = new Uint8Array(t.keys);
  for (let k = 0; k < t.keys; k++) counts[k] = (presses >>> k) & 1;
  // The board as a PressSim (a press and its undo are the same XOR).
  const sim: PressSim = {
    apply: function (key: number): void {
      board ^= t.toggle[key];
    },
    undo: function (key: number): void {
      board ^= t.toggle[key];
    },
    isDark: function (): boolean {
      return board === 0;
    },
  };
  return safeOrder(sim, counts, order, target === 0);
}

/**
 * The next key (0-based) to press: the first key of a safe order (never through the all-dark
 * board) of a minimum solution, keys preferred in `order` (default maskFootprintOrder). On
 * Merlin 3×3 this is source 003's strategy: an edge whose related rectangle differs in parity
 * from the target's, else a corner that differs, else the centre — skipping a key that would
 * darken the board. When no solution can avoid the dark board, the first key of the minimum
 * solution. −1 when the board is solved or cannot be solved.
 */
export function hint(t: MaskTables, board: number, target: number, order?: ArrayLike<number>): number {
  if (board === target || !isReachable(t, board ^ target)) return -1;
  const pref = order === undefined ? maskFootprintOrder(t) : order;
  const best = minimumSolution(t, board, target);
  const seq = safeMaskOrder(t, board, target, best, pref);
  if (seq !== null) return seq[0];
  // A singular board: another solution may avoid the dark board. Try the fewest presses first.
  let x = solutionMask(t, board, target);
  let found = -1;
  let foundCount = 33;
  const combos = Math.min(walkLength(t), HINT_ALTERNATIVES);
  for (let i = 0; i < combos; i++) {
    if (i > 0) x ^= t.quiet[lowestBit(i)];
    const n = popcount32(x);
    if (n < foundCount && x !== best) {
      const s = safeMaskOrder(t, board, target, x, pref);
      if (s !== null) {
        found = s[0];
        foundCount = n;
      }
    }
  }
  if (found >= 0) return found;
  for (let i = 0; i < pref.length; i++) if ((best >>> pref[i]) & 1) return pref[i];
  return -1;
}

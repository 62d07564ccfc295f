/**
 * The on-device solver: everything the game needs to know about a board, computed from the
 * precomputed MaskTables (see tables.ts) with XOR and popcount only. A board and a set of
 * presses are 32-bit masks (bit i = cell i or key i).
 */
import { popcount32 } from "./maskbits";
import { PressSim, SAFE_ORDER_EXTRA_TRIES, safeOrder } from "./safeorder";
import { MaskTables } from "./tables";

/** The cells toggled by pressing every key in `presses` once. */
export function effectOf(t: MaskTables, presses: number): number {
  let m = 0;
  for (let k = 0; k < t.keys; k++) if ((presses >>> k) & 1) m ^= t.toggle[k];
  return m;
}

/** Whether some set of presses toggles exactly the cells of `diff`. */
export function isReachable(t: MaskTables, diff: number): boolean {
  // Each check row must meet diff in an even number of cells (parity: one flip per set bit,
  // clearing the lowest each time).
  for (let i = 0; i < t.check.length; i++) {
    let odd = false;
    for (let m = t.check[i] & diff; m; m &= m - 1) odd = !odd;
    if (odd) return false;
  }
  return true;
}

/** Whether `board` can be turned into `target`. */
export function solvable(t: MaskTables, board: number, target: number): boolean {
  return isReachable(t, board ^ target);
}

/**
 * Quiet patterns the Gray-code walks cover exhaustively: 2^20 combinations at most. Real boards
 * have few (Merlin 3×3 none, 5×5 plus 2); only degenerate custom patterns have more, and for
 * them the walk covers the combinations of the first 20.
 */
export const MAX_WALK_QUIET = 20;

/**
 * Walks the solutions that turn `board` into `target`: the tables' particular solution (on an
 * invertible board the only one), then — every solution being the particular one plus a
 * combination of the quiet patterns — each combination in Gray-code order, one XOR apart, at
 * most `limit` solutions in all. `visit(presses, count)` sees each with its number of presses.
 * Meaningless when the board is not solvable.
 */
export function walkSolutions(
  t: MaskTables, board: number, target: number, limit: number, visit: (presses: number, count: number) => void,
): void {
  const diff = board ^ target;
  let x = 0;
  for (let c = 0; c < t.cells; c++) if ((diff >>> c) & 1) x ^= t.solve[c];
  const combos = Math.min(1 << Math.min(t.quiet.length, MAX_WALK_QUIET), limit);
  for (let i = 0; i < combos; i++) {
    if (i > 0) {
      // The quiet pattern a Gray-code step flips: the lowest set bit of i.
      let j = 0;
      while (((i >>> j) & 1) === 0) j++;
      x ^= t.quiet[j];
    }
    visit(x, popcount32(x));
  }
}

/**
 * A set of presses that turns `board` into `target` (the tables' particular solution; on an
 * invertible board the only one). Meaningless when the board is not solvable.
 */
export function solutionMask(t: MaskTables, board: number, target: number): number {
  let x = 0;
  walkSolutions(t, board, target, 1, function (presses) {
    x = presses;
  });
  return x;
}

/**
 * A solution with the fewest presses (see walkSolutions). Ties go to the first visited.
 * Meaningless when the board is not solvable.
 */
export function minimumSolution(t: MaskTables, board: number, target: number): number {
  let best = 0;
  let bestCount = 33;
  walkSolutions(t, board, target, Infinity, function (x, n) {
    if (n < bestCount) {
      best = x;
      bestCount = n;
    }
  });
  return best;
}

/** The fewest presses that solve `board`, which can be solved (pressCount checks that). */
export function minimumPresses(t: MaskTables, board: number, target: number): number {
  return popcount32(minimumSolution(t, board, target));
}

/** The fewest presses that solve `board`, or −1 when it cannot be solved. */
export function pressCount(t: MaskTables, board: number, target: number): number {
  if (!solvable(t, board, target)) return -1;
  return minimumPresses(t, board, target);
}

/** Keys by the number of cells they toggle, ascending, ties by index (see footprintOrder): the tables' precomputed order. */
export function maskFootprintOrder(t: MaskTables): Int32Array {
  return t.order;
}

/** Solutions hint seeks a safe order for, at most (see hint). */
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
 * The first key (in `pref` order) of a safe order of `rest`'s presses from board `b`: 32 when
 * nothing is left to press, −1 when no order avoids the dark board (or none was found before
 * `budget.tries` presses were tried). The order safeOrder finds, computed directly, since a
 * hint needs only its first key: a depth-first search over the presses left, on a stack of
 * its own (depth d: the board, the presses left, the next of `pref` to try). (Not a recursive
 * function: on Espruino 2v29 a recursive function inside another one — and the toy's Storage
 * modules are functions — kept the whole module in memory after it was left;
 * docs/architecture.md.)
 */
function firstSafe(t: MaskTables, pref: ArrayLike<number>, b: number, rest: number, budget: { tries: number }): number {
  if (rest === 0) return 32;
  const boards = [b];
  const rests = [rest];
  const next = [0];
  let d = 0;
  while (d >= 0) {
    // Every press made, never dark on the way: the key tried first at depth 0 starts a safe order.
    if (rests[d] === 0) return pref[next[0] - 1];
    let deeper = false;
    while (!deeper && next[d] < pref.length) {
      const k = pref[next[d]++];
      const nb = boards[d] ^ t.toggle[k];
      // Never dark on the way; the last press ends on the target, dark or not.
      if ((rests[d] >>> k) & 1 && (nb !== 0 || rests[d] === 1 << k) && budget.tries-- > 0) {
        boards[d + 1] = nb;
        rests[d + 1] = rests[d] & ~(1 << k);
        next[d + 1] = 0;
        deeper = true;
      }
    }
    d += deeper ? 1 : -1;
  }
  return -1;
}

/**
 * The next key (0-based) to press: the first key of a safe order (never through the all-dark
 * board) of a minimum solution, keys preferred in the tables' footprint order
 * (maskFootprintOrder). On Merlin 3×3 this is source 003's strategy: an edge whose related
 * rectangle differs in parity from the target's, else a corner that differs, else the centre —
 * skipping a key that would darken the board. When no solution can avoid the dark board, the
 * first key of the minimum solution. −1 when the board is solved or cannot be solved.
 *
 * Cheap on every board: a solution x can pass through the dark board only if part of it, s ⊂ x,
 * turns the board dark, and those s are the solutions from the board to dark (2^nullity of
 * them, walked like x's). Usually there is none, and then every order of x is safe: its first
 * key is the hint, with no search (on the 5×5 toy HIT ME takes a quarter to a third of the time
 * it took with the search every time). Only otherwise does firstSafe search.
 */
export function hint(t: MaskTables, board: number, target: number): number {
  if (board === target || !isReachable(t, board ^ target)) return -1;
  const pref = t.order;
  // One walk over the solutions: the fewest presses that have a safe order (a singular board's
  // minimum solution may have none), and until one is found the minimum solution (best).
  // Safe orders are sought for HINT_ALTERNATIVES solutions at most: a degenerate board may
  // have a million.
  let best = 0;
  let bestCount = 33;
  let found = -1;
  let foundCount = 33;
  let sought = 0;
  // The s that turn the board dark, walked once before the walk over x rather than inside its
  // callback (on Espruino a walk run again from inside its own callback kept memory on every
  // HIT ME). (When the board cannot be turned dark at all, these s are not solutions, and on a
  // dark board s = 0 is: false alarms, which only cost the search. More than 2^12 of them are
  // not all looked at: then always search.)
  const alwaysSearch = t.quiet.length > 12;
  const toDark: number[] = [];
  if (!alwaysSearch) {
    walkSolutions(t, board, 0, 4096, function (s) {
      toDark.push(s);
    });
  }
  walkSolutions(t, board, target, Infinity, function (x, n) {
    if (n < foundCount && sought++ < HINT_ALTERNATIVES) {
      let risky = alwaysSearch;
      for (let i = 0; i < toDark.length && !risky; i++) if (!(toDark[i] & ~x) && toDark[i] !== x) risky = true;
      // 32: any order of x is safe; its first key is the hint (below).
      const k = risky ? firstSafe(t, pref, board, x, { tries: SAFE_ORDER_EXTRA_TRIES }) : 32;
      if (k >= 0) {
        found = k;
        foundCount = n;
        best = x;
      }
    }
    if (found < 0 && n < bestCount) {
      best = x;
      bestCount = n;
    }
  });
  if (found >>> 0 < 32) return found; // a key (−1 is not: >>> 0 makes it 2^32 − 1)
  // The first key of the solution with a safe order in any order, or, when no solution has a
  // safe order, of the minimum one.
  for (let i = 0; i < pref.length; i++) if ((best >>> pref[i]) & 1) return pref[i];
  return -1;
}

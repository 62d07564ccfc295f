/**
 * The order to press a solution's keys in. Press order does not change where a solution ends
 * (sources 002, 003), but the BASIC game of source 002 is lost the moment every cell goes dark,
 * so §4 there orders the presses to avoid the all-dark board on the way. That is what
 * safeOrder does, for any puzzle behind the small PressSim interface (bit masks on the toy,
 * digit boards in the general solver).
 *
 * The preferred order is footprintOrder: smallest key effects first. On Merlin 3×3 that is
 * edges 2, 4, 6, 8, then corners 1, 3, 7, 9, then the centre 5 — the order of source 003's
 * strategy for a person (edges by the parity of their related rectangle, then corners, then
 * the centre).
 */

/** A board that presses can be applied to and taken back from, in place. */
export interface PressSim {
  apply(key: number): void;
  undo(key: number): void;
  isDark(): boolean;
}

/**
 * Presses tried before giving up, beyond one per press of the solution. Greedy search needs
 * no backtracking when at most one subset of the presses darkens the board (every invertible
 * board, e.g. Merlin 3×3), so the bound only matters on singular boards with many such subsets.
 */
export const SAFE_ORDER_EXTRA_TRIES = 10000;

/**
 * A press sequence (0-based keys, key j exactly counts[j] times) that never passes through the
 * all-dark board, except at the very end when targetIsDark. Keys are tried greedily in
 * `preference` order (keys missing from it come after, by index) with bounded backtracking.
 * Returns null when there is no such order, or none was found within the bound. `sim` must
 * start at the start board and is left there. The start board itself may be dark.
 */
export function safeOrder(
  sim: PressSim,
  counts: ArrayLike<number>,
  preference: ArrayLike<number>,
  targetIsDark: boolean,
): number[] | null {
  const n = counts.length;
  const left = new Int32Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) {
    left[k] = counts[k] > 0 ? counts[k] : 0;
    total += left[k];
  }
  // Candidates: the preferred keys that are pressed at all, then any pressed key it left out.
  const listed = new Uint8Array(n);
  const cand: number[] = [];
  for (let i = 0; i < preference.length; i++) {
    const k = preference[i];
    if (k >= 0 && k < n && listed[k] === 0) {
      listed[k] = 1;
      if (left[k] > 0) cand.push(k);
    }
  }
  for (let k = 0; k < n; k++) if (listed[k] === 0 && left[k] > 0) cand.push(k);

  const m = cand.length;
  const next = new Int32Array(total + 1); // per depth: the candidate index to try next
  const chosen = new Int32Array(total); // per depth: the candidate index pressed
  let budget = total + SAFE_ORDER_EXTRA_TRIES;
  let depth = 0;
  while (depth < total) {
    let c = next[depth];
    let pressed = false;
    while (c < m && !pressed) {
      const k = cand[c];
      c++;
      if (left[k] === 0) continue;
      if (budget-- <= 0) {
        for (let d = depth - 1; d >= 0; d--) sim.undo(cand[chosen[d]]);
        return null;
      }
      sim.apply(k);
      if (sim.isDark() && !(targetIsDark && depth === total - 1)) {
        sim.undo(k);
        continue;
      }
      left[k]--;
      chosen[depth] = c - 1;
      next[depth] = c;
      depth++;
      next[depth] = 0;
      pressed = true;
    }
    if (!pressed) {
      if (depth === 0) return null;
      depth--;
      const k = cand[chosen[depth]];
      sim.undo(k);
      left[k]++;
    }
  }
  const order: number[] = [];
  for (let d = 0; d < total; d++) order.push(cand[chosen[d]]);
  for (let d = total - 1; d >= 0; d--) sim.undo(order[d]);
  return order;
}

/**
 * Keys (0..sizes.length−1) sorted by size ascending, ties by index: a stable counting sort,
 * linear in the number of keys.
 */
export function orderBySize(sizes: ArrayLike<number>): Int32Array {
  const n = sizes.length;
  let max = 0;
  for (let k = 0; k < n; k++) if (sizes[k] > max) max = sizes[k];
  const first = new Int32Array(max + 2);
  for (let k = 0; k < n; k++) first[sizes[k] + 1]++;
  for (let s = 1; s <= max + 1; s++) first[s] += first[s - 1];
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) out[first[sizes[k]]++] = k;
  return out;
}

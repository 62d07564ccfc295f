/**
 * Press vectors worked out from a puzzle's key lists alone (no solver): what presses add to a
 * board, and every change some presses can make, by trying all k^keys press vectors. The
 * independent check of the teaching view's solvable/unsolvable verdicts on small boards.
 */
import type { Puzzle } from "../../src/maths/puzzle";

/** What press vector `x` (one count per key) adds to each cell, mod k. */
export function pressed(p: Puzzle, x: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(p.cells);
  for (let j = 0; j < p.keys; j++) for (let i = p.keyStart[j]; i < p.keyStart[j + 1]; i++) out[p.keyCells[i]] = (out[p.keyCells[i]] + x[j]) % p.states;
  return out;
}

/** Every change t − b some presses make (digit strings): all k^keys press vectors tried. */
export function reachable(p: Puzzle): Set<string> {
  const seen = new Set<string>();
  const x = new Uint8Array(p.keys);
  const total = p.states ** p.keys;
  for (let n = 0; n < total; n++) {
    let rest = n;
    for (let j = 0; j < p.keys; j++) {
      x[j] = rest % p.states;
      rest = Math.floor(rest / p.states);
    }
    seen.add(pressed(p, x).join(""));
  }
  return seen;
}

/** t − b mod k, as digits. */
export function minus(t: ArrayLike<number>, b: ArrayLike<number>, k: number): string {
  let s = "";
  for (let i = 0; i < t.length; i++) s += (t[i] - b[i] + k) % k;
  return s;
}

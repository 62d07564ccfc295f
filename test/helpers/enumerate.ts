import { formatBoard } from "../../src/maths/boardstate";
import { applyPresses, Puzzle } from "../../src/maths/puzzle";

/** Vector number `index` of Z_k^n (base-k digits, least significant first): enumerates all k^n vectors. */
export function vectorAt(index: number, n: number, k: number): Uint8Array {
  const v = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    v[i] = index % k;
    index = Math.floor(index / k);
  }
  return v;
}

/** Brute force: the fewest presses (a key pressed c times counts c) for every reachable press effect, over all k^keys press vectors. */
export function bruteFewest(p: Puzzle): Map<string, number> {
  const best = new Map<string, number>();
  const counts = new Uint8Array(p.keys);
  const zero = new Uint8Array(p.cells);
  for (;;) {
    const effect = formatBoard(applyPresses(p, zero, counts));
    let n = 0;
    for (let j = 0; j < p.keys; j++) n += counts[j];
    const old = best.get(effect);
    if (old === undefined || n < old) best.set(effect, n);
    let j = 0;
    while (j < p.keys && ++counts[j] === p.states) counts[j++] = 0;
    if (j === p.keys) break;
  }
  return best;
}

/**
 * Seeded pseudo-random numbers for the simulator: contact chatter, Math.random and E.hwRand
 * inside the virtual board, so a run with the same seed replays exactly. Built on the
 * project's own generator (src/toy/rng.ts) rather than a second one.
 */
import { nextRandom, seedRandom } from "../../src/toy/rng";

export type Rng = () => number;

/** Uniform numbers in [0, 1) from a 32-bit seed. */
export function createRng(seed: number): Rng {
  let state = seedRandom(seed >>> 0, 0x51e);
  return () => {
    state = nextRandom(state);
    return (state >>> 0) / 4294967296;
  };
}

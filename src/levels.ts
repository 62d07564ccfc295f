/**
 * Levels banded by difficulty, as Tiger's Lights Out (1995) runs its 50 built-in levels in
 * bands of 5 from 6 to 15 fewest presses (docs MERLIN.md) — generated here from the solver,
 * not copied: level L's start needs exactly LEVEL_FIRST_PAR + ⌊(L − 1) / LEVEL_BAND⌋ presses
 * at the fewest, and is drawn uniformly from the boards that need that many, by the seeded
 * RNG (rng.ts), so a level set is the same wherever it is dealt from the same seed.
 *
 * For on/off boards held as masks (MaskTables): the fewest presses come from walking the quiet
 * patterns (masksolve.ts), so they are exact on singular boards too (5×5: nullity 2).
 */
import { minimumSolution } from "./masksolve";
import { nextRandom, seedRandom } from "./rng";
import { MaskTables } from "./tables";

export const LEVEL_COUNT = 50;
/** Levels per band of equal difficulty. */
export const LEVEL_BAND = 5;
/** The fewest presses of the first band (the last band needs LEVEL_FIRST_PAR + 9 = 15). */
export const LEVEL_FIRST_PAR = 6;
/** Level streams of the RNG start here, away from the puzzle numbers' streams (0, 1, 2, …). */
const LEVEL_STREAM = 0x4c450000;
/** Press sets tried per level before giving up (level 50 of 5×5 Lights Out needs about 450 on average). */
const LEVEL_ATTEMPTS = 1000000;

/** The fewest presses level `level` (1 … LEVEL_COUNT) needs. */
export function levelPar(level: number): number {
  return LEVEL_FIRST_PAR + Math.floor((level - 1) / LEVEL_BAND);
}

/**
 * The start of level `level` (1 … LEVEL_COUNT) of seed `seed` on a board of `t`, to be solved
 * into `target`. Random sets of levelPar(level) distinct keys are pressed on the target until
 * one is the first fewest-presses solution (masksolve.ts's minimumSolution) of the board it makes:
 * each board needing exactly that many presses is then accepted from exactly one press set,
 * so levels are uniform over those boards. Throws when the board has no such board (its
 * hardest board needs fewer presses).
 */
export function levelStart(t: MaskTables, target: number, seed: number, level: number): number {
  const m = levelPar(level);
  if (m > t.keys) throw new Error("levels: level " + level + " needs " + m + " presses, the board has " + t.keys + " keys");
  const keys = new Int32Array(t.keys);
  let s = seedRandom(seed, LEVEL_STREAM + level);
  for (let attempt = 0; attempt < LEVEL_ATTEMPTS; attempt++) {
    // m distinct keys: the first m places of a partial Fisher–Yates shuffle (a draw at or
    // above the last whole multiple of the range is redrawn: no modulo bias).
    for (let i = 0; i < t.keys; i++) keys[i] = i;
    let presses = 0;
    let board = target;
    for (let i = 0; i < m; i++) {
      const range = t.keys - i;
      const limit = Math.floor(4294967296 / range) * range;
      do s = nextRandom(s);
      while (s >>> 0 >= limit);
      const j = i + ((s >>> 0) % range);
      const key = keys[j];
      keys[j] = keys[i];
      keys[i] = key;
      presses |= 1 << key;
      board ^= t.toggle[key];
    }
    // The m presses are a fewest-presses solution, and the first one (ties go to the first visited).
    if (minimumSolution(t, board, target) === presses) return board;
  }
  throw new Error("levels: no board needing " + m + " presses found");
}

/**
 * Levels banded by difficulty, as Tiger's Lights Out (1995) runs its 50 built-in levels in
 * bands of 5 from 6 to 15 fewest presses (docs MERLIN.md) — generated here from the solver,
 * not copied: level L's start needs exactly LEVEL_FIRST_PAR + ⌊(L − 1) / LEVEL_BAND⌋ presses
 * at the fewest, and is drawn uniformly from the boards that need that many, by the seeded
 * RNG (rng.ts), so a level set is the same wherever it is dealt from the same seed.
 *
 * For on/off boards held as masks (MaskTables): the fewest presses come from walking the quiet
 * patterns (masksolve.ts), so they are exact on singular boards too (5×5: nullity 2).
 *
 * How a start is drawn (levelStart). The boards needing exactly m presses are in one-to-one
 * correspondence with their first fewest-presses solutions (masksolve.ts's minimumSolution):
 * sets S of m keys. Every solution of S's board is S + q, q a quiet pattern, and
 * |S + q| = |S| + |q| − 2·|S ∩ q|, so S is one of its board's fewest exactly when
 * 2·|S ∩ q| ≤ |q| for every quiet pattern q. Drawing S uniformly from the m-key sets with that
 * property and keeping it only when it is its board's first fewest (a tie with S + q is the
 * only way it is not) deals every such board with the same chance. The property depends only
 * on how many keys S takes from each region — the keys in the same quiet generators — so a
 * draw picks the counts (each count vector weighted by its number of sets, a product of
 * binomials), then that many keys of each region. On 5×5 Lights Out (regions of 5, 8, 4 and
 * 8 keys) level 1 keeps nearly every draw and level 50 one in 4 (29 400 sets of 15 keys are
 * fewest, 7 350 first fewest), where m random keys were kept one in 445 (of all C(25, 15) =
 * 3 268 760 sets).
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
/** Draws tried per level before giving up (5×5 Lights Out keeps nearly every one). */
const LEVEL_ATTEMPTS = 100000;
/**
 * The most quiet generators a draw splits the keys by (5×5 Lights Out has 2); with more the
 * keys are one region (every m-key set is drawn, and most are not the first fewest: slower,
 * as uniform).
 */
const MAX_REGION_BITS = 2;

/** The fewest presses level `level` (1 … LEVEL_COUNT) needs. */
export function levelPar(level: number): number {
  return LEVEL_FIRST_PAR + Math.floor((level - 1) / LEVEL_BAND);
}

/** The next RNG state whose 32 bits, mod `range`, are uniform below it (a draw at or above the last whole multiple of the range is redrawn: no modulo bias). */
function drawBelow(s: number, range: number): number {
  const limit = Math.floor(4294967296 / range) * range;
  do s = nextRandom(s);
  while (s >>> 0 >= limit);
  return s;
}

/**
 * Walks the count vectors (a, b, c) of regions 1, 2, 3 (region 0 takes the rest of m) whose
 * sets are fewest — 2·|S ∩ q| ≤ |q| for the quiet patterns q: generator 0 (regions 1 and 3),
 * generator 1 (2 and 3) and their sum (1 and 2) — adding up their weights, the number of sets
 * each stands for: Π C(size[r], count r), C(size[r], x) at choose[at[r] + x]. Stops at the first
 * that takes the running total past `stop`, leaving it in `counts`; returns the total so far.
 * (Each loop ends where its count breaks a bound, which only grows with it.)
 */
function walkCounts(size: Uint8Array, at: Uint8Array, choose: Float64Array, m: number, stop: number, counts: Uint8Array): number {
  // Region 0's binomials from c0 (its count is m − a − b − c), region 3's from c3.
  const c0 = at[0] + m;
  const c3 = at[3];
  // The bounds: a + c ≤ half13, b + c ≤ half23, a + b ≤ half12.
  const half13 = (size[1] + size[3]) >> 1;
  const half23 = (size[2] + size[3]) >> 1;
  const half12 = (size[1] + size[2]) >> 1;
  let total = 0;
  let a = 0;
  let b = 0;
  let c = 0;
  let last = 0;
  let ab = 0;
  for (a = 0; a <= size[1] && a <= m; a++) {
    for (b = 0; b <= size[2] && a + b <= m && a + b <= half12; b++) {
      ab = choose[at[1] + a] * choose[at[2] + b];
      // c from where region 0 can take the rest to where a bound is reached.
      c = m - a - b - size[0];
      if (c < 0) c = 0;
      last = Math.min(size[3], m - a - b, half13 - a, half23 - b);
      for (; c <= last; c++) {
        total += ab * choose[c0 - a - b - c] * choose[c3 + c];
        if (total > stop) {
          counts[0] = m - a - b - c;
          counts[1] = a;
          counts[2] = b;
          counts[3] = c;
          return total;
        }
      }
    }
  }
  return total;
}

/**
 * The start of level `level` (1 … LEVEL_COUNT) of seed `seed` on a board of `t`, to be solved
 * into `target`: a board needing exactly levelPar(level) presses, uniformly (see above), the
 * same for the same seed. Throws when the board has no such board (its hardest board needs
 * fewer presses).
 */
export function levelStart(t: MaskTables, target: number, seed: number, level: number): number {
  const m = levelPar(level);
  const keys = t.keys;
  if (m > keys) throw new Error("levels: level " + level + " needs " + m + " presses, the board has " + keys + " keys");
  // Regions: keys by the quiet generators they are in (bit i: generator i), four of them
  // (empty where there are fewer generators), or all in region 0 when there are more.
  const bits = t.quiet.length <= MAX_REGION_BITS ? t.quiet.length : 0;
  const region = new Uint8Array(keys);
  for (let key = 0; key < keys; key++) for (let i = 0; i < bits; i++) region[key] |= ((t.quiet[i] >>> key) & 1) << i;
  const size = new Uint8Array(4);
  for (let key = 0; key < keys; key++) size[region[key]]++;
  const regions = 4;
  // The keys region by region (region r's from first[r]), and each region's binomials from at[r].
  const first = new Uint8Array(regions + 1);
  const at = new Uint8Array(regions);
  for (let r = 0; r < regions; r++) {
    first[r + 1] = first[r] + size[r];
    at[r] = first[r] + r;
  }
  const byRegion = new Uint8Array(keys);
  const filled = new Uint8Array(regions);
  for (let key = 0; key < keys; key++) byRegion[first[region[key]] + filled[region[key]]++] = key;
  const choose = new Float64Array(keys + regions);
  for (let r = 0; r < regions; r++) {
    let c = 1;
    for (let x = 0; x <= size[r]; x++) {
      choose[at[r] + x] = c;
      c = (c * (size[r] - x)) / (x + 1);
    }
  }
  const counts = new Uint8Array(regions);
  const total = walkCounts(size, at, choose, m, Infinity, counts);
  if (total === 0) throw new Error("levels: no board needing " + m + " presses");
  let s = seedRandom(seed, LEVEL_STREAM + level);
  for (let attempt = 0; attempt < LEVEL_ATTEMPTS; attempt++) {
    // A count vector, by weight; then that many distinct keys of each region: the first places
    // of a partial Fisher–Yates shuffle of the region's keys.
    s = drawBelow(s, total);
    walkCounts(size, at, choose, m, (s >>> 0) % total, counts);
    let presses = 0;
    let board = target;
    for (let r = 0; r < regions; r++) {
      for (let i = 0; i < counts[r]; i++) {
        const range = size[r] - i;
        s = drawBelow(s, range);
        const j = first[r] + i + ((s >>> 0) % range);
        const key = byRegion[j];
        byRegion[j] = byRegion[first[r] + i];
        byRegion[first[r] + i] = key;
        presses |= 1 << key;
        board ^= t.toggle[key];
      }
    }
    // Kept when the m presses are the board's first fewest-presses solution (ties go to the first visited).
    if (minimumSolution(t, board, target) === presses) return board;
  }
  throw new Error("levels: no board needing " + m + " presses found");
}

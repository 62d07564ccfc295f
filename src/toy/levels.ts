/**
 * Levels banded by difficulty, as Tiger's Lights Out (1995) runs its 50 built-in levels in
 * bands of 5 from 6 to 15 fewest presses (docs/sources.md) — generated here from the solver,
 * not copied: level L's start needs exactly LEVEL_FIRST_PAR + ⌊(L − 1) / LEVEL_BAND⌋ presses
 * at the fewest, and is drawn uniformly from the boards that need that many, by the seeded
 * RNG (rng.ts), so a level set is the same wherever it is dealt from the same seed.
 *
 * For on/off boards held as masks (MaskTables): the fewest presses come from walking the quiet
 * patterns (masksolve.ts), so they are exact on singular boards too (5×5: nullity 2).
 *
 * How a start is drawn (levelStart). A board needing exactly m presses is made by each of its
 * fewest-presses solutions, sets S of m keys. Every solution of S's board is S + q, q a quiet
 * pattern, and |S + q| = |S| + |q| − 2·|S ∩ q|, so S is one of its board's fewest exactly when
 * 2·|S ∩ q| ≤ |q| for every quiet pattern q, and the board has 1 + (the number of q with
 * 2·|S ∩ q| = |q|) of them. Both depend only on how many keys S takes from each region — the
 * keys in the same quiet generators — so a draw picks those counts, each count vector
 * weighted by the number of sets it stands for (a product of binomials) divided by the number
 * of fewest solutions their boards have, then that many keys of each region: every board
 * needing m presses is dealt with the same chance, at one draw a deal. (With more quiet
 * generators than the regions follow — MAX_REGION_BITS — every m-key set is drawn and kept
 * only when it is its board's first fewest solution: as uniform, slower.) On 5×5 Lights Out
 * (regions of 5, 8, 4 and 8 keys) level 50 has one count vector, 29 400 sets of 15 keys and
 * 7 350 boards of 4 fewest solutions each; m random keys, kept when they are the first fewest,
 * took 445 draws on average there.
 */
import { dealStart, MaskBackend } from "./maskgame";
import { isReachable, minimumSolution } from "./masksolve";
import { nextRandom, seedRandom } from "./rng";
import { MaskTables } from "./tables";

export const LEVEL_COUNT = 50;
/** Levels per band of equal difficulty. */
export const LEVEL_BAND = 5;
/** The fewest presses of the first band (the last band needs LEVEL_FIRST_PAR + 9 = 15). */
export const LEVEL_FIRST_PAR = 6;
/** Level streams of the RNG start here, away from the puzzle numbers' streams (0, 1, 2, …). */
const LEVEL_STREAM = 0x4c450000;
/** Draws tried per level before giving up (5×5 Lights Out keeps every one). */
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
 * generator 1 (2 and 3) and their sum (1 and 2), of the first `bits` generators — adding up
 * their weights: the number of sets each stands for, Π C(size[r], count r) (C(size[r], x) at
 * choose[at[r] + x]), times 12 / the number of fewest solutions of their boards (1 + the q with
 * 2·|S ∩ q| = |q|: 1 to 4, so the weights stay whole). Stops at the first that takes the
 * running total past `stop`, leaving it in `counts`; returns the total so far. (Each loop ends
 * where its count breaks a bound, which only grows with it.)
 */
function walkCounts(size: Uint8Array, at: Uint8Array, choose: Int32Array, m: number, bits: number, stop: number, counts: Uint8Array): number {
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
  let ties = 0;
  for (a = 0; a <= size[1] && a <= m; a++) {
    for (b = 0; b <= size[2] && a + b <= m && a + b <= half12; b++) {
      ab = choose[at[1] + a] * choose[at[2] + b];
      // c from where region 0 can take the rest to where a bound is reached.
      c = m - a - b - size[0];
      if (c < 0) c = 0;
      last = Math.min(size[3], m - a - b, half13 - a, half23 - b);
      for (; c <= last; c++) {
        ties = bits === 0 ? 0 : bits === 1 ? (2 * (a + c) === size[1] + size[3] ? 1 : 0)
          : (2 * (a + c) === size[1] + size[3] ? 1 : 0) + (2 * (b + c) === size[2] + size[3] ? 1 : 0) + (2 * (a + b) === size[1] + size[2] ? 1 : 0);
        total += (ab * choose[c0 - a - b - c] * choose[c3 + c] * (bits === 0 ? 1 : 12)) / (1 + ties);
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
  // (Binomials of at most 32 keys fit 31 bits: C(32, 16) ≈ 6.0e8.)
  const choose = new Int32Array(keys + regions);
  for (let r = 0; r < regions; r++) {
    let c = 1;
    for (let x = 0; x <= size[r]; x++) {
      choose[at[r] + x] = c;
      c = (c * (size[r] - x)) / (x + 1);
    }
  }
  const counts = new Uint8Array(regions);
  const total = walkCounts(size, at, choose, m, bits, Infinity, counts);
  // Every quiet pattern followed: a draw is a fewest solution, weighted as its board's share.
  const exact = bits === t.quiet.length;
  if (total === 0) throw new Error("levels: no board needing " + m + " presses");
  // (A draw is 32 bits: 5×5's weights add up to at most 12·C(25, 12) ≈ 6.2e7.)
  if (total >= 4294967296) throw new Error("levels: " + keys + " keys make too many press sets to draw from");
  let s = seedRandom(seed, LEVEL_STREAM + level);
  for (let attempt = 0; attempt < LEVEL_ATTEMPTS; attempt++) {
    // A count vector, by weight; then that many distinct keys of each region: the first places
    // of a partial Fisher–Yates shuffle of the region's keys.
    s = drawBelow(s, total);
    walkCounts(size, at, choose, m, bits, (s >>> 0) % total, counts);
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
    // Else kept when the m presses are the board's first fewest-presses solution (ties go to the first visited).
    if (exact || minimumSolution(t, board, target) === presses) return board;
  }
  throw new Error("levels: no board needing " + m + " presses found");
}

/**
 * Lights Out with its levels: the on/off board whose puzzle n of a seed is level n + 1 of that
 * seed (levelStart), and past the last level the usual deal. HIT ME is the first key, in
 * footprint order, of the minimum solution: these games' goal is the dark board, so there is
 * nothing to steer around, and every such key leaves a minimum solution one press shorter.
 */
export class LevelBackend extends MaskBackend {
  override deal(target: number, darkStart: boolean, seed: number, puzzle: number): number {
    if (puzzle < LEVEL_COUNT) return levelStart(this.tables, target, seed, puzzle + 1);
    return dealStart(this.tables, target, darkStart, seed, puzzle);
  }

  override hint(board: number, target: number): number {
    const t = this.tables;
    if (board === target || !isReachable(t, board ^ target)) return -1;
    const x = minimumSolution(t, board, target);
    for (let i = 0; i < t.order.length; i++) if ((x >>> t.order[i]) & 1) return t.order[i];
    return -1;
  }
}

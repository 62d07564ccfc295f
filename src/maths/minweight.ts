/**
 * The fewest presses among all solutions of a singular on/off board: the minimum-weight
 * member of the coset x0 + span(q_0, …, q_{d−1}) over GF(2), where x0 is one solution and
 * the q_i are the quiet patterns (press sets that change nothing). Every front end reaches it
 * through the solver: the general GF(2) back end and the light-chasing plus grids both hand
 * their cells to a QuietClasses table and ask fewestPresses.
 *
 * Classes. Combination c (bit i: add q_i) presses cell p exactly when x0[p] ⊕ <c, s_p> = 1,
 * with the signature s_p = (q_0[p], …, q_{d−1}[p]). Cells with the same signature rise and
 * fall together, so everything below works on classes: a signature, the number of its cells
 * pressed by x0 ("ones") and not ("zeros"). A combination presses `ones` cells of a class
 * whose parity <c, s> is 0 and `zeros` cells when it is 1.
 *
 * Exact search, in order of cost:
 *  1. d ≤ TRANSFORM_BITS: every combination at once by a Walsh–Hadamard transform of the class
 *     counts, d·2^d steps — the number pressed by c is Σ ones + (Σ h − H[c])/2 with
 *     h[s] = zeros[s] − ones[s] and H its transform.
 *  2. Independent parts (splitParts): when the quiet space is a direct sum of spaces on
 *     disjoint cells (x boards: the two colours of a checkerboard), each part is searched on
 *     its own, with its own smaller d, by 1 or 3.
 *  3. Otherwise branch and bound over the parities y_j = <c, b_j> of d classes b_j chosen as a
 *     basis (see chooseBasis), fixed one at a time. Once y_0 … y_{j−1} are fixed, classes whose
 *     coordinates beyond j agree (the same "suffix") share one unknown parity, so each such
 *     group costs at least the smaller of its two totals; three groups whose suffixes add up
 *     to zero have dependent parities, and when their preferred parities disagree with that
 *     one of them must take its larger total (packed greedily, each group's surplus used at
 *     most once). Both bounds are exact once every parity is fixed. The groups of depth j + 1
 *     are unions of groups of depth j, so a node costs the number of its groups, which shrinks
 *     quickly with depth. On plus boards the groups hardly merge until some depth `end` a
 *     few levels above the bottom, so every node above it is visited at the cost of nearly
 *     every class: batchBranch instead computes the bound of depth `end` for all 2^(end−at)
 *     nodes below one node of depth `at` by one transform, and visits only the nodes it does
 *     not rule out.
 * The search runs within a budget of work units (one unit ≈ one class or group visited, about
 * a nanosecond or two in Node); when the budget runs out the best combination found so far is
 * returned with exact: false. A local search (exact minimisation over random 2^12-combination
 * blocks, restarted from perturbations of the best) finds the starting bound and is the answer
 * when the proof does not finish.
 *
 * Symmetric starts (callers that pass the cells one by one and the grid's symmetries, above
 * TRANSFORM_BITS): the solutions a mirror, turn or shift π leaves unchanged form an affine
 * subspace of about half the dimension (<c, s_p ⊕ s_π(p)> = x0[p] ⊕ x0[π(p)] for every cell);
 * its minimum, by one transform or a short local search, is the first bound. When the proof
 * gives up and nothing has beaten that start, the best symmetry's subspace gets a branch and
 * bound of its own before the final local search. The minimum of a board with nullity 40 or
 * more is out of the proof's reach (plus 61×61: 0.3 % of the tree settled after 4.5·10^9
 * units), so these starts are what makes the heuristic answer good there.
 */
import { reduceMatrix } from "./elimination";
import { createBitMatrix, popcount32, setBit, solveReduced } from "./gf2";
import { nextRandom, seedRandom } from "../toy/rng";

/** Largest d searched by one Walsh–Hadamard transform: 2^22 counters (16 MB), d·2^d steps. */
export const TRANSFORM_BITS = 22;

/**
 * Above TRANSFORM_BITS, a table of this many quiet patterns or fewer with at least
 * LARGE_TRANSFORM_CLASSES classes is also searched by one transform (2^24 counters, 64 MB,
 * about 1 s): there the branch and bound's passes over the classes cost most (a 5×5 mask on
 * 128×128, d = 24, 16 163 classes, ran out of budget after 7 s).
 */
export const LARGE_TRANSFORM_BITS = 24;
const LARGE_TRANSFORM_CLASSES = 4096;

/**
 * Default work budget of fewestPresses: about 8 s of search on the machine the benchmarks
 * in docs/measurements/ were measured on, so a board is answered within 10 s.
 */
export const DEFAULT_SEARCH_BUDGET = 1200000000;

/** Size of the blocks the local search minimises exactly: 2^LOCAL_BITS combinations each. */
const LOCAL_BITS = 12;

/** The local search gives up on a block of patterns after this many fruitless picks in a row … */
const PATIENCE = 15;

/** … and on perturbing the best combination after this many fruitless perturbations in a row (first bound). */
const RESTARTS = 50;

/** Restarts without a limit: the local search that gives the answer when there is no proof uses the whole budget. */
const UNTIL_BUDGET = 1 << 30;

/** Branch and bound keeps its group tables for at most this many classes × d (memory). */
const MAX_TREE_ENTRIES = 1 << 25;

/** Triples are looked for among at most this many groups of one depth (pairs: its square). */
const MAX_TRIPLE_GROUPS = 2048;

/** gain[] before the triples of a depth were first measured. */
const UNKNOWN_GAIN = 1 << 30;

/** Levels searched at once by batchBranch: at most 2^BATCH_BITS bounds per transform … */
const BATCH_BITS = 18;

/**
 * … ending at the first depth with at most 1/BATCH_GROUPS as many groups as classes: above it
 * the plain bound rarely prunes; measured on the plus boards 39×39, 47×47, 67×67 (nullity 30
 * and 32), 64 to 128 all do far better than the plain search, 96 best overall.
 */
const BATCH_GROUPS = 96;

/** The transforms above depth `end` cost about end·2^end steps in all: `end` stays below this. */
const MAX_BATCH_END = 26;

/** batchBranch works out a group's bound exactly over chunks of its classes whose u span at most MAX_RANK dimensions … */
const MAX_RANK = 12;

/** … and keeps the bounds times 2^SCALE_BITS (whole numbers, see chunkFlush). */
const SCALE_BITS = MAX_RANK + 1;

/** Triples kept per group of a depth (see findTriples). */
const TRIPLES_PER_GROUP = 6;

/** At most this many triples are looked at per depth. */
const MAX_TRIPLES = 1 << 18;

/** The cells of a coset, gathered into classes of equal signature (see the file comment). */
export interface QuietClasses {
  /** d: number of quiet patterns. */
  bits: number;
  /** 32-bit words per signature. */
  words: number;
  /** Classes in use (direct tables: 2^bits, most of them possibly empty). */
  count: number;
  /** Signatures, `words` per class (unused by direct tables, where the index is the signature). */
  sig: Int32Array;
  /** Cells of each class pressed by x0. */
  ones: Int32Array;
  /** Cells of each class not pressed by x0. */
  zeros: Int32Array;
  /** Open-addressing hash of signatures (class index + 1; 0 = empty); unused by direct tables. */
  slots: Int32Array;
  /** True when classes are indexed by their signature directly (bits ≤ TRANSFORM_BITS). */
  direct: boolean;
}

/** The chosen solution: which quiet patterns to add to x0, and how many presses result. */
export interface QuietChoice {
  /** Bit i (word i >>> 5) set: add quiet pattern i. */
  combo: Uint32Array;
  /** Presses of x0 with the combination added. */
  weight: number;
  /** True when no combination presses fewer keys (the search finished). */
  exact: boolean;
  /** Work units spent, and branch-and-bound nodes visited (for the benchmarks). */
  work: number;
  nodes: number;
}

function wordsOf(bits: number): number {
  return (bits + 31) >>> 5;
}

/** An empty hashed table of signatures of `words` words. */
function hashedTable(bits: number, words: number): QuietClasses {
  return {
    bits: bits,
    words: words,
    count: 0,
    sig: new Int32Array(1024 * words),
    ones: new Int32Array(1024),
    zeros: new Int32Array(1024),
    slots: new Int32Array(2048),
    direct: false,
  };
}

/** An empty table for d = bits quiet patterns (direct up to TRANSFORM_BITS, hashed above). */
export function createQuietClasses(bits: number): QuietClasses {
  if (bits > TRANSFORM_BITS) return hashedTable(bits, wordsOf(bits));
  const size = 1 << bits;
  return {
    bits: bits,
    words: 1,
    count: size,
    sig: new Int32Array(0),
    ones: new Int32Array(size),
    zeros: new Int32Array(size),
    slots: new Int32Array(0),
    direct: true,
  };
}

function hashWords(src: ArrayLike<number>, at: number, words: number): number {
  let h = 0x2545f491;
  for (let w = 0; w < words; w++) {
    h ^= src[at + w] | 0;
    h ^= h << 13;
    h ^= h >>> 17;
    h ^= h << 5;
  }
  return h;
}

function grow(t: QuietClasses): void {
  const size = t.ones.length * 2;
  const sig = new Int32Array(size * t.words);
  sig.set(t.sig);
  const ones = new Int32Array(size);
  ones.set(t.ones);
  const zeros = new Int32Array(size);
  zeros.set(t.zeros);
  const slots = new Int32Array(size * 2);
  const mask = slots.length - 1;
  for (let k = 0; k < t.count; k++) {
    let s = hashWords(sig, k * t.words, t.words) & mask;
    while (slots[s] !== 0) s = (s + 1) & mask;
    slots[s] = k + 1;
  }
  t.sig = sig;
  t.ones = ones;
  t.zeros = zeros;
  t.slots = slots;
}

/** The class of the signature src[at .. at + words) in a hash table, added (empty) if new. */
function classOf(t: QuietClasses, src: ArrayLike<number>, at: number): number {
  const words = t.words;
  if (t.count * 2 >= t.ones.length) grow(t);
  const mask = t.slots.length - 1;
  let s = hashWords(src, at, words) & mask;
  for (;;) {
    const k = t.slots[s] - 1;
    if (k < 0) break;
    let same = true;
    for (let w = 0; w < words; w++) {
      if (t.sig[k * words + w] !== (src[at + w] | 0)) {
        same = false;
        break;
      }
    }
    if (same) return k;
    s = (s + 1) & mask;
  }
  const k = t.count++;
  for (let w = 0; w < words; w++) t.sig[k * words + w] = src[at + w] | 0;
  t.slots[s] = k + 1;
  return k;
}

/**
 * Adds one cell: its signature is src[at .. at + words) (bit i = quiet pattern i presses the
 * cell), `pressed` whether x0 presses it (0 or 1).
 */
export function addCell(t: QuietClasses, src: ArrayLike<number>, at: number, pressed: number): void {
  addCells(t, src, at, pressed ? 1 : 0, pressed ? 0 : 1);
}

/** Adds `ones` cells pressed by x0 and `zeros` cells not, all of the signature src[at ..]. */
function addCells(t: QuietClasses, src: ArrayLike<number>, at: number, ones: number, zeros: number): void {
  const k = t.direct ? src[at] >>> 0 : classOf(t, src, at);
  t.ones[k] += ones;
  t.zeros[k] += zeros;
}

/** Presses of x0 itself (combination 0). */
function pressesOfX0(t: QuietClasses): number {
  let n = 0;
  for (let k = 0; k < t.count; k++) n += t.ones[k];
  return n;
}

/** In-place Walsh–Hadamard transform: h[c] becomes Σ_s h[s]·(−1)^<c,s> (length a power of 2). */
function walshHadamard(h: Int32Array): void {
  const size = h.length;
  for (let len = 1; len < size; len <<= 1) {
    for (let i = 0; i < size; i += len << 1) {
      for (let j = i; j < i + len; j++) {
        const a = h[j];
        const b = h[j + len];
        h[j] = a + b;
        h[j + len] = a - b;
      }
    }
  }
}

/** Index of the largest entry, the first one on ties (0 = no change, when it ties). */
function largest(h: Int32Array): number {
  let best = 0;
  for (let c = 1; c < h.length; c++) if (h[c] > h[best]) best = c;
  return best;
}

/**
 * Exact: every combination by one Walsh–Hadamard transform of a direct table, or of a
 * hashed one of at most LARGE_TRANSFORM_BITS (one word per signature).
 */
function transformSearch(t: QuietClasses): QuietChoice {
  const size = t.direct ? t.count : 1 << t.bits;
  const h = new Int32Array(size);
  let base = 0;
  for (let k = 0; k < t.count; k++) {
    h[t.direct ? k : t.sig[k * t.words]] += t.zeros[k] - t.ones[k];
    base += t.ones[k];
  }
  walshHadamard(h);
  const best = largest(h);
  const combo = new Uint32Array(1);
  combo[0] = best;
  return { combo: combo, weight: base + (h[0] - h[best]) / 2, exact: true, work: t.bits * size, nodes: 0 };
}

/** The non-empty classes of a table, as a hash-style table (signatures stored). */
function compact(t: QuietClasses): QuietClasses {
  if (!t.direct) return t;
  let n = 0;
  for (let s = 0; s < t.count; s++) if (t.ones[s] + t.zeros[s] > 0) n++;
  const out: QuietClasses = {
    bits: t.bits,
    words: 1,
    count: n,
    sig: new Int32Array(n),
    ones: new Int32Array(n),
    zeros: new Int32Array(n),
    slots: new Int32Array(0),
    direct: false,
  };
  n = 0;
  for (let s = 0; s < t.count; s++) {
    if (t.ones[s] + t.zeros[s] === 0) continue;
    out.sig[n] = s;
    out.ones[n] = t.ones[s];
    out.zeros[n] = t.zeros[s];
    n++;
  }
  return out;
}

/** The state shared by the local search and the branch and bound. */
interface Search {
  classes: QuietClasses;
  /** Work units spent and allowed. */
  work: number;
  budget: number;
  /** The best combination found and its presses. */
  bestCombo: Uint32Array;
  bestWeight: number;
  random: number;
  /** Branch-and-bound nodes visited (for the benchmarks). */
  nodes: number;
  /** Share of the branch-and-bound tree settled so far (a subtree of depth j is 2^−j of it). */
  done: number;
  /** Work units when the proof started, and when to check whether it can finish in time. */
  start: number;
  checkpoint: number;
}

/** Parity of <a[ai..], b[bi..]> over `words` words. */
function parityOf(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number, words: number): number {
  let x = 0;
  for (let w = 0; w < words; w++) x ^= a[ai + w] & b[bi + w];
  return popcount32(x) & 1;
}

function weightOf(t: QuietClasses, combo: Uint32Array): number {
  let n = 0;
  for (let k = 0; k < t.count; k++) n += parityOf(t.sig, k * t.words, combo, 0, t.words) ? t.zeros[k] : t.ones[k];
  return n;
}

function randomWord(s: Search): number {
  s.random = nextRandom(s.random);
  return s.random >>> 0;
}

/**
 * Local search from `start`: repeatedly picks LOCAL_BITS of the quiet patterns at random, finds
 * the best of the 2^LOCAL_BITS ways to add some of them to the current combination by a
 * Walsh–Hadamard transform, and moves there if it is better; stops after `patience` picks in a
 * row without improvement.
 */
function descend(s: Search, start: Uint32Array, patience: number): void {
  const t = s.classes;
  const words = t.words;
  const bits = t.bits;
  const picks = bits < LOCAL_BITS ? bits : LOCAL_BITS;
  const size = 1 << picks;
  const pattern = new Int32Array(picks);
  const hist = new Int32Array(size);
  const keys = new Int32Array(t.count);
  const par = new Uint8Array(t.count);
  const cur = new Uint32Array(start);
  let weight = 0;
  for (let k = 0; k < t.count; k++) {
    par[k] = parityOf(t.sig, k * words, cur, 0, words);
    weight += par[k] ? t.zeros[k] : t.ones[k];
  }
  if (weight < s.bestWeight) {
    s.bestWeight = weight;
    s.bestCombo.set(cur);
  }
  let failures = 0;
  while (failures < patience && s.work < s.budget) {
    for (let i = 0; i < picks; i++) {
      let taken = true;
      while (taken) {
        pattern[i] = randomWord(s) % bits;
        taken = false;
        for (let j = 0; j < i; j++) if (pattern[j] === pattern[i]) taken = true;
      }
    }
    hist.fill(0);
    for (let k = 0; k < t.count; k++) {
      let key = 0;
      for (let i = 0; i < picks; i++) {
        const q = pattern[i];
        key |= ((t.sig[k * words + (q >>> 5)] >>> (q & 31)) & 1) << i;
      }
      keys[k] = key;
      // What flipping this class's parity changes: its other total minus its current one.
      hist[key] += par[k] ? t.ones[k] - t.zeros[k] : t.zeros[k] - t.ones[k];
    }
    walshHadamard(hist);
    s.work += t.count * picks + picks * size;
    // Adding the patterns of `pick` changes the presses by (hist[0] − hist[pick]) / 2.
    const pick = largest(hist);
    if (pick === 0) {
      failures++;
      continue;
    }
    failures = 0;
    weight += (hist[0] - hist[pick]) / 2;
    for (let i = 0; i < picks; i++) {
      if ((pick >>> i) & 1) cur[pattern[i] >>> 5] ^= 1 << (pattern[i] & 31);
    }
    for (let k = 0; k < t.count; k++) par[k] ^= popcount32(keys[k] & pick) & 1;
    if (weight < s.bestWeight) {
      s.bestWeight = weight;
      s.bestCombo.set(cur);
    }
  }
}

/**
 * The starting bound: local search from the best combination so far, then from perturbations
 * of the best (two to five quiet patterns flipped), until `restarts` perturbations in a row
 * have not improved it or `budget` more work units are spent.
 */
function localSearch(s: Search, budget: number, restarts: number): void {
  const saved = s.budget;
  if (s.work + budget < s.budget) s.budget = s.work + budget;
  const bits = s.classes.bits;
  descend(s, s.bestCombo, PATIENCE);
  const kick = new Uint32Array(s.bestCombo.length);
  let idle = 0;
  while (s.work < s.budget && idle < restarts) {
    const before = s.bestWeight;
    kick.set(s.bestCombo);
    const flips = 2 + (randomWord(s) % 4);
    for (let f = 0; f < flips; f++) {
      const b = randomWord(s) % bits;
      kick[b >>> 5] ^= 1 << (b & 31);
    }
    descend(s, kick, PATIENCE);
    idle = s.bestWeight < before ? 0 : idle + 1;
  }
  s.budget = saved;
}

/** The tree of suffix groups the branch and bound walks (see chooseBasis and the file comment). */
interface Tree {
  /** d: the number of parities to fix (the depth of the tree). */
  levels: number;
  /** groups[j]: number of groups at depth j (depth 0: the classes; depth d: one group). */
  groups: Int32Array;
  /** first[j + 1][g]: the first group of depth j inside group g of depth j + 1 (plus an end entry). */
  first: Int32Array[];
  /** bit[j][g]: coordinate j of group g of depth j (0 or 1). */
  bit: Uint8Array[];
  /** zeroFirst[j]: group 0 of depth j has suffix 0 (its parity is known). */
  zeroFirst: Uint8Array;
  /** triples[j]: group indices x, y, z of depth j whose suffixes add up to zero. */
  triples: Int32Array[];
  /** Costs per depth for y_{j-1} = 0 and 1: ones-side (parity 0) and zeros-side (parity 1) totals. */
  a0: Int32Array[];
  b0: Int32Array[];
  a1: Int32Array[];
  b1: Int32Array[];
  /** Basis signatures b_j (rows of a d×d matrix) to turn parities back into a combination. */
  basis: Int32Array;
  /** Parities y_j fixed so far, and scratch for the triple bound. */
  parity: Uint8Array;
  cap: Int32Array;
  pref: Uint8Array;
  /** Plain bounds of the last liftBoth, for y_j = 0 and 1. */
  bound0: number;
  bound1: number;
  /**
   * gain[j]: the most the triples have raised a bound of depth j that still did not prune
   * (UNKNOWN_GAIN until they first fail to); a cheap guess of whether they can prune there.
   */
  gain: Int32Array;
  /** share[j] = 2^−j: the part of the tree below one group of depth j. */
  share: Float64Array;
  /** The batched levels (see batchBranch), or null when the tree is too shallow for them. */
  batch: Batch | null;
}

/**
 * The levels at..end−1 of the tree, searched at once: at a node of depth `at`, the plain bound
 * of depth `end` is computed for all 2^(end−at) ways to fix the parities in between by one
 * Walsh–Hadamard transform, instead of visiting the 2^(end−at) − 1 nodes above them, each of
 * which costs a pass over nearly every class (the groups only start to merge near `end`).
 */
interface Batch {
  at: number;
  end: number;
  /** Per class (sorted order): its coordinates at..end−1 as an integer (bit i = coordinate at + i). */
  u: Int32Array;
  /** Per class (sorted order): its group of depth end; groupFirst[g]: the first class of group g (plus an end entry). */
  groupOf: Int32Array;
  groupFirst: Int32Array;
  /** Coordinates of the classes (class order, `words` each) and the sorted order. */
  coord: Int32Array;
  order: Int32Array;
  /** Scratch: the prefix parities as a bit vector, each class's parity from them, the transform table. */
  prefix: Uint32Array;
  phi: Uint8Array;
  table: Int32Array;
  chunk: Chunk;
  /** odd[x]: the parity of x's bits, for x < 2^(end − at) (a lookup is cheaper than a popcount here). */
  odd: Uint8Array;
  kept: Kept;
}

/** Compares bits ≥ from of a[ai..] and b[bi..] (`words` words); true when equal. */
function sameFrom(a: Int32Array, ai: number, b: Int32Array, bi: number, words: number, from: number): boolean {
  for (let w = words - 1; w >= 0; w--) {
    const lo = w << 5;
    if (lo + 31 < from) break;
    let x = a[ai + w] ^ b[bi + w];
    if (from > lo) x &= ~((1 << (from - lo)) - 1);
    if (x !== 0) return false;
  }
  return true;
}

function isZeroFrom(a: Int32Array, ai: number, words: number, from: number): boolean {
  for (let w = words - 1; w >= 0; w--) {
    const lo = w << 5;
    if (lo + 31 < from) break;
    let x = a[ai + w];
    if (from > lo) x &= ~((1 << (from - lo)) - 1);
    if (x !== 0) return false;
  }
  return true;
}

/**
 * Chooses the basis b_0 … b_{d−1} of the branch and bound among the classes' signatures and
 * returns every class's coordinates in it (`words` words per class, bit j = coordinate j).
 * b_j is the first class (in the order the cells were added: row-major on grids) not yet in
 * span(b_0 … b_{j−1}), reduced modulo that span. On grids this fixes the parities of cells near
 * the first row first, and the cells below them are decided a few parities later (a press
 * depends only on the presses above it within its light cone); measured on the plus boards of
 * the benchmark, this order needs fewer nodes than choosing the class of the most cells.
 */
function chooseBasis(t: QuietClasses, basis: Int32Array): Int32Array {
  const words = t.words;
  const d = t.bits;
  const K = t.count;
  const res = new Int32Array(t.sig.subarray(0, K * words));
  const coord = new Int32Array(K * words);
  let k0 = 0;
  for (let j = 0; j < d; j++) {
    while (k0 < K && isZeroFrom(res, k0 * words, words, 0)) k0++;
    if (k0 === K) throw new Error("minweight: the quiet patterns are not independent");
    const at = j * words;
    for (let w = 0; w < words; w++) basis[at + w] = res[k0 * words + w];
    let p = 0;
    while (((basis[at + (p >>> 5)] >>> (p & 31)) & 1) === 0) p++;
    for (let k = k0; k < K; k++) {
      if (((res[k * words + (p >>> 5)] >>> (p & 31)) & 1) === 0) continue;
      for (let w = 0; w < words; w++) res[k * words + w] ^= basis[at + w];
      coord[k * words + (j >>> 5)] |= 1 << (j & 31);
    }
  }
  return coord;
}

function shares(d: number): Float64Array {
  const out = new Float64Array(d + 1);
  out[0] = 1;
  for (let j = 1; j <= d; j++) out[j] = out[j - 1] / 2;
  return out;
}

/** Builds the group tree over the classes' coordinates; null when it would take too much memory. */
function buildTree(t: QuietClasses, batchBits: number): Tree | null {
  const d = t.bits;
  const words = t.words;
  const K = t.count;
  if (K * (d + 1) > MAX_TREE_ENTRIES) return null;
  const basis = new Int32Array(d * words);
  const coord = chooseBasis(t, basis);
  // Classes sorted by coordinates, coordinate d−1 most significant: the groups of every depth
  // (equal coordinates from j up) are then runs, and a group's two halves (coordinate j = 0, 1)
  // are adjacent.
  const order: number[] = [];
  for (let k = 0; k < K; k++) order.push(k);
  order.sort(function (x: number, y: number): number {
    for (let w = words - 1; w >= 0; w--) {
      const a = coord[x * words + w] >>> 0;
      const b = coord[y * words + w] >>> 0;
      if (a !== b) return a < b ? -1 : 1;
    }
    return 0;
  });
  const groups = new Int32Array(d + 1);
  const first: Int32Array[] = [new Int32Array(0)];
  const bit: Uint8Array[] = [];
  const zeroFirst = new Uint8Array(d + 1);
  const triples: Int32Array[] = [];
  const a0: Int32Array[] = [];
  const b0: Int32Array[] = [];
  const a1: Int32Array[] = [];
  const b1: Int32Array[] = [];
  // rep[g]: a class of group g at the current depth (its coordinates stand for the group's).
  let rep = new Int32Array(K);
  for (let k = 0; k < K; k++) rep[k] = order[k];
  let n = K;
  for (let j = 0; j <= d; j++) {
    groups[j] = n;
    zeroFirst[j] = isZeroFrom(coord, rep[0] * words, words, j) ? 1 : 0;
    triples.push(findTriples(coord, rep, n, words, j, d));
    a0.push(new Int32Array(n));
    b0.push(new Int32Array(n));
    a1.push(new Int32Array(n));
    b1.push(new Int32Array(n));
    if (j === d) break;
    const bj = new Uint8Array(n);
    const start: number[] = [];
    const next = new Int32Array(n);
    let m = 0;
    for (let g = 0; g < n; g++) {
      bj[g] = (coord[rep[g] * words + (j >>> 5)] >>> (j & 31)) & 1;
      if (g === 0 || !sameFrom(coord, rep[g] * words, coord, rep[g - 1] * words, words, j + 1)) {
        start.push(g);
        next[m++] = rep[g];
      }
    }
    start.push(n);
    bit.push(bj);
    const f = new Int32Array(start.length);
    for (let i = 0; i < start.length; i++) f[i] = start[i];
    first.push(f);
    rep = next;
    n = m;
  }
  for (let k = 0; k < K; k++) {
    a0[0][k] = t.ones[order[k]];
    b0[0][k] = t.zeros[order[k]];
  }
  return {
    levels: d,
    groups: groups,
    first: first,
    bit: bit,
    zeroFirst: zeroFirst,
    triples: triples,
    a0: a0,
    b0: b0,
    a1: a1,
    b1: b1,
    basis: basis,
    parity: new Uint8Array(d),
    cap: new Int32Array(K),
    pref: new Uint8Array(K),
    bound0: 0,
    bound1: 0,
    gain: new Int32Array(d + 1).fill(UNKNOWN_GAIN),
    share: shares(d),
    batch: batchBits > 0 ? createBatch(coord, order, groups, first, words, d, K, batchBits) : null,
  };
}

/** The parity of every number below 2^bits. */
function parities(bits: number): Uint8Array {
  const out = new Uint8Array(1 << bits);
  for (let x = 1; x < out.length; x++) out[x] = out[x >>> 1] ^ (x & 1);
  return out;
}

/**
 * Where to batch (see Batch): `end` is the first depth with at most 1/BATCH_GROUPS as many
 * groups as classes, `at` up to BATCH_BITS above it.
 * Null when fewer than 8 levels would be batched.
 */
function createBatch(
  coord: Int32Array,
  order: number[],
  groups: Int32Array,
  first: Int32Array[],
  words: number,
  d: number,
  K: number,
  bits: number,
): Batch | null {
  let end = 0;
  while (end < d && end < MAX_BATCH_END && groups[end] * BATCH_GROUPS > K) end++;
  const at = end > bits ? end - bits : 0;
  if (end - at < 8) return null;
  // First class of each group, depth by depth down to `end`.
  let cf = new Int32Array(K + 1);
  for (let i = 0; i <= K; i++) cf[i] = i;
  for (let j = 1; j <= end; j++) {
    const f = first[j];
    const next = new Int32Array(groups[j] + 1);
    for (let g = 0; g <= groups[j]; g++) next[g] = cf[f[g]];
    cf = next;
  }
  const groupOf = new Int32Array(K);
  for (let g = 0; g < groups[end]; g++) for (let i = cf[g]; i < cf[g + 1]; i++) groupOf[i] = g;
  const u = new Int32Array(K);
  for (let i = 0; i < K; i++) {
    let v = 0;
    for (let b = at; b < end; b++) v |= ((coord[order[i] * words + (b >>> 5)] >>> (b & 31)) & 1) << (b - at);
    u[i] = v;
  }
  const sorted = new Int32Array(K);
  for (let i = 0; i < K; i++) sorted[i] = order[i];
  return {
    at: at,
    end: end,
    u: u,
    groupOf: groupOf,
    groupFirst: cf,
    coord: coord,
    order: sorted,
    prefix: new Uint32Array(words),
    phi: new Uint8Array(K),
    table: new Int32Array(1 << (end - at)),
    chunk: createChunk(end - at),
    odd: parities(end - at),
    kept: createKept(),
  };
}

/** Triples of groups of depth j (suffixes from coordinate j up) that add up to zero. */
function findTriples(coord: Int32Array, rep: Int32Array, n: number, words: number, j: number, d: number): Int32Array {
  const r = d - j;
  // Expected number among n random suffixes of r bits: n³ / (6·2^r); skip when hopeless or too costly.
  if (j === d || n > MAX_TRIPLE_GROUPS || (n * n * n) / 6 < Math.pow(2, r)) return new Int32Array(0);
  const table = hashedTable(d, words);
  const key = new Int32Array(n * words);
  const index = new Int32Array(n).fill(-1);
  for (let g = 0; g < n; g++) {
    for (let w = 0; w < words; w++) {
      let v = coord[rep[g] * words + w];
      const lo = w << 5;
      if (j > lo) v = lo + 31 < j ? 0 : v & ~((1 << (j - lo)) - 1);
      key[g * words + w] = v;
    }
    if (isZeroFrom(key, g * words, words, 0)) continue;
    index[classOf(table, key, g * words)] = g;
  }
  const x = new Int32Array(words);
  const out: number[] = [];
  for (let a = 0; a < n && out.length < 3 * MAX_TRIPLES; a++) {
    if (isZeroFrom(key, a * words, words, 0)) continue;
    for (let b = a + 1; b < n; b++) {
      for (let w = 0; w < words; w++) x[w] = key[a * words + w] ^ key[b * words + w];
      const c = find(table, x);
      if (c >= 0 && index[c] > b) out.push(a, b, index[c]);
    }
  }
  // Keep at most TRIPLES_PER_GROUP per group, spread evenly over the list: scanning more costs
  // more than the extra pruning saves.
  const found = out.length / 3;
  const keep = found < TRIPLES_PER_GROUP * n ? found : TRIPLES_PER_GROUP * n;
  const res = new Int32Array(keep * 3);
  for (let i = 0; i < keep; i++) {
    const from = Math.floor((i * found) / keep) * 3;
    res[i * 3] = out[from];
    res[i * 3 + 1] = out[from + 1];
    res[i * 3 + 2] = out[from + 2];
  }
  return res;
}

/** The class of a signature in a hash table, or −1 when absent. */
function find(t: QuietClasses, src: Int32Array): number {
  const words = t.words;
  const mask = t.slots.length - 1;
  let s = hashWords(src, 0, words) & mask;
  for (;;) {
    const k = t.slots[s] - 1;
    if (k < 0) return -1;
    let same = true;
    for (let w = 0; w < words; w++) {
      if (t.sig[k * words + w] !== src[w]) {
        same = false;
        break;
      }
    }
    if (same) return k;
    s = (s + 1) & mask;
  }
}

/**
 * Fixes y_j both ways: the totals of depth j + 1 for y_j = 0 and y_j = 1 (into buffers 0 and 1)
 * from those of depth j in buffer `from`, and the plain bound of each (every group its smaller
 * total, the group of known parity its own), left in tr.bound0 and tr.bound1.
 */
function liftBoth(s: Search, tr: Tree, j: number, from: number): void {
  const a = from ? tr.a1[j] : tr.a0[j];
  const b = from ? tr.b1[j] : tr.b0[j];
  const a0 = tr.a0[j + 1];
  const b0 = tr.b0[j + 1];
  const a1 = tr.a1[j + 1];
  const b1 = tr.b1[j + 1];
  const f = tr.first[j + 1];
  const bj = tr.bit[j];
  const m = tr.groups[j + 1];
  let bound0 = 0;
  let bound1 = 0;
  for (let g = 0; g < m; g++) {
    const c = f[g];
    let sa0: number;
    let sb0: number;
    let sa1: number;
    let sb1: number;
    if (f[g + 1] - c === 2) {
      // Two halves, coordinate j = 0 then 1: y_j = 1 swaps the second half's totals.
      sa0 = a[c] + a[c + 1];
      sb0 = b[c] + b[c + 1];
      sa1 = a[c] + b[c + 1];
      sb1 = b[c] + a[c + 1];
    } else if (bj[c]) {
      sa0 = a[c];
      sb0 = b[c];
      sa1 = b[c];
      sb1 = a[c];
    } else {
      sa0 = sa1 = a[c];
      sb0 = sb1 = b[c];
    }
    a0[g] = sa0;
    b0[g] = sb0;
    a1[g] = sa1;
    b1[g] = sb1;
    bound0 += sa0 < sb0 ? sa0 : sb0;
    bound1 += sa1 < sb1 ? sa1 : sb1;
  }
  if (tr.zeroFirst[j + 1]) {
    if (b0[0] < a0[0]) bound0 += a0[0] - b0[0];
    if (b1[0] < a1[0]) bound1 += a1[0] - b1[0];
  }
  tr.bound0 = bound0;
  tr.bound1 = bound1;
  s.work += tr.groups[j] + m;
}

/** The plain bound raised by odd triples (see the file comment), stopping once it reaches `goal`. */
function tripleBound(s: Search, tr: Tree, j: number, v: number, plain: number, goal: number): number {
  const list = tr.triples[j];
  if (list.length === 0) return plain;
  const a = v ? tr.a1[j] : tr.a0[j];
  const b = v ? tr.b1[j] : tr.b0[j];
  const cap = tr.cap;
  const pref = tr.pref;
  const m = tr.groups[j];
  for (let g = 0; g < m; g++) {
    const diff = a[g] - b[g];
    cap[g] = diff < 0 ? -diff : diff;
    pref[g] = diff > 0 ? 1 : 0;
  }
  let bound = plain;
  let i = 0;
  for (; i < list.length && bound < goal; i += 3) {
    const x = list[i];
    const y = list[i + 1];
    const z = list[i + 2];
    if ((pref[x] ^ pref[y] ^ pref[z]) === 0) continue;
    let w = cap[x];
    if (cap[y] < w) w = cap[y];
    if (cap[z] < w) w = cap[z];
    if (w === 0) continue;
    bound += w;
    cap[x] -= w;
    cap[y] -= w;
    cap[z] -= w;
  }
  s.work += m + i / 3;
  return bound;
}

/**
 * A chunk of one group's classes for batchBranch: S(q) = Σ σ_i·(−1)^<u_i, q> over its classes.
 * With v_i = u_i ⊕ u_0 written in a basis b_0 … b_{r−1} of their span (coord_i: which b_k),
 * (−1)^<u_0, q>·S(q) = G(p) = Σ σ_i·(−1)^<coord_i, p> with p_k = <b_k, q>, so |S| is a function
 * of the r parities p, expanded into 2^r characters by two small transforms.
 */
interface Chunk {
  /** Classes in the chunk, u_0 (the first one's u), the rank r and the basis (xor basis by top bit). */
  n: number;
  u0: number;
  rank: number;
  /** slot[bit]: a combination of v's whose top bit is `bit` (0 = none), slotComb[bit]: which b_k. */
  slot: Int32Array;
  slotComb: Int32Array;
  /** Cells in the chunk's classes (ones + zeros). */
  total: number;
  /** b_k, and per class its coordinates and σ. */
  basis: Int32Array;
  coord: Int32Array;
  sigma: Int32Array;
  /** Scratch of 2^MAX_RANK entries. */
  h: Int32Array;
}

function createChunk(bits: number): Chunk {
  return {
    n: 0,
    u0: 0,
    rank: 0,
    total: 0,
    slot: new Int32Array(bits),
    slotComb: new Int32Array(bits),
    basis: new Int32Array(MAX_RANK),
    coord: new Int32Array(1 << MAX_RANK),
    sigma: new Int32Array(1 << MAX_RANK),
    h: new Int32Array(1 << MAX_RANK),
  };
}

/** Adds a class to the chunk; false (nothing added) when it would raise the rank above MAX_RANK. */
function chunkAdd(c: Chunk, u: number, sigma: number, cells: number): boolean {
  if (c.n === 0) {
    c.u0 = u;
    c.rank = 0;
    c.total = 0;
    c.slot.fill(0);
  }
  let x = u ^ c.u0;
  let comb = 0;
  for (let bit = c.slot.length - 1; bit >= 0 && x !== 0; bit--) {
    if (((x >>> bit) & 1) === 0) continue;
    if (c.slot[bit] === 0) {
      if (c.rank === MAX_RANK) return false;
      c.slot[bit] = x;
      c.slotComb[bit] = comb ^ (1 << c.rank);
      c.basis[c.rank] = u ^ c.u0;
      comb = 1 << c.rank;
      c.rank++;
      x = 0;
      break;
    }
    x ^= c.slot[bit];
    comb ^= c.slotComb[bit];
  }
  c.coord[c.n] = comb;
  c.sigma[c.n] = sigma;
  c.total += cells;
  c.n++;
  return true;
}

/**
 * Closes a chunk of group g: keeps G (its 2^r values) for the totals of the nodes batchBranch
 * visits, and unless the group's parity is known adds −|S(q)|/2 to the transform table (times
 * 2^SCALE_BITS): the coefficient of character w of |G| is F̂[w] / 2^r, added at the index
 * ⊕_{k ∈ w} b_k. Returns the work done.
 */
function chunkFlush(c: Chunk, table: Int32Array, b: Batch, g: number, known: boolean): number {
  const r = c.rank;
  const size = 1 << r;
  const h = c.h.subarray(0, size);
  h.fill(0);
  for (let i = 0; i < c.n; i++) h[c.coord[i]] += c.sigma[i];
  walshHadamard(h);
  const kept = b.kept;
  kept.group.push(g);
  kept.u0.push(c.u0);
  kept.total.push(c.total);
  kept.rank.push(r);
  kept.basisAt.push(kept.basis.length);
  for (let k = 0; k < r; k++) kept.basis.push(c.basis[k]);
  kept.valuesAt.push(kept.values.length);
  for (let w = 0; w < size; w++) kept.values.push(h[w]);
  c.n = 0;
  if (known) return size;
  for (let w = 0; w < size; w++) if (h[w] < 0) h[w] = -h[w];
  walshHadamard(h);
  const scale = 1 << (SCALE_BITS - 1 - r);
  let index = 0;
  table[0] -= h[0] * scale;
  // Gray-code order: the index changes by one basis vector per step.
  for (let w = 1; w < size; w++) {
    let k = 0;
    while (((w >>> k) & 1) === 0) k++;
    index ^= c.basis[k];
    table[index] -= h[w ^ (w >>> 1)] * scale;
  }
  return (2 * r * size + 2 * size) / 4;
}

/**
 * The chunks of one batch node, kept for the totals of depth `end` of the nodes it visits: a
 * chunk's classes total (T + χ_u0(q)·G(p))/2 cells for y = 0 and (T − χ_u0(q)·G(p))/2 for
 * y = 1, with T its cells and p_k = <b_k, q> — a few lookups per chunk instead of a pass over
 * every class per node.
 */
interface Kept {
  group: number[];
  u0: number[];
  total: number[];
  rank: number[];
  basisAt: number[];
  basis: number[];
  valuesAt: number[];
  values: number[];
}

function createKept(): Kept {
  return { group: [], u0: [], total: [], rank: [], basisAt: [], basis: [], valuesAt: [], values: [] };
}

/**
 * The node of depth b.at (see Batch): the plain bound of depth b.end for every way q to fix the
 * parities at … end − 1, from the classes directly. A class of a group of depth `end` has
 * parity φ ⊕ <u, q> ⊕ y, φ from the parities above `at`, u its coordinates at … end − 1 and y
 * the group's unknown parity; it costs c + (σ/2)·(−1)^<u, q>·(−1)^y with c = (ones + zeros)/2
 * and σ = ±(ones − zeros). A group's smaller total is Σ c − |Σ σ·(−1)^<u, q>|/2 (the group of
 * suffix 0 has y = 0: Σ c + Σ σ·(−1)^<u, q>/2); the characters of all groups are added up in
 * one table and transformed once. A group whose u span more than MAX_RANK dimensions is split
 * into chunks, each taking its own y: the bound only gets lower (|a + b| ≤ |a| + |b|), never
 * wrong. The children whose bound reaches the best weight are skipped; the others get their
 * totals of depth `end` from the classes and are searched on by branch.
 */
function batchBranch(s: Search, tr: Tree, b: Batch, j0: number): boolean {
  const K = tr.groups[0];
  const words = s.classes.words;
  const ones = tr.a0[0];
  const zeros = tr.b0[0];
  const u = b.u;
  const phi = b.phi;
  b.prefix.fill(0);
  for (let i = 0; i < j0; i++) if (tr.parity[i]) b.prefix[i >>> 5] |= 1 << (i & 31);
  for (let i = 0; i < K; i++) phi[i] = parityOf(b.coord, b.order[i] * words, b.prefix, 0, words);
  const table = b.table;
  table.fill(0);
  const half = 1 << (SCALE_BITS - 1);
  const chunk = b.chunk;
  const m = tr.groups[b.end];
  let base = 0;
  // A transform step costs about a quarter of a class visited by liftBoth (measured).
  let work = 2 * K + (table.length * (b.end - j0)) / 4;
  b.kept = createKept();
  for (let g = 0; g < m; g++) {
    const lo = b.groupFirst[g];
    const hi = b.groupFirst[g + 1];
    const known = g === 0 && tr.zeroFirst[b.end] === 1;
    for (let i = lo; i < hi; i++) {
      const e = ones[i] - zeros[i];
      const sigma = phi[i] ? -e : e;
      const cells = ones[i] + zeros[i];
      base += cells * half;
      if (known) table[u[i]] += sigma * half;
      if (!chunkAdd(chunk, u[i], sigma, cells)) {
        work += chunkFlush(chunk, table, b, g, known);
        chunkAdd(chunk, u[i], sigma, cells);
      }
    }
    if (chunk.n > 0) work += chunkFlush(chunk, table, b, g, known);
  }
  walshHadamard(table);
  s.work += work;
  s.nodes++;
  const span = b.end - j0;
  const a = tr.a0[b.end];
  const bb = tr.b0[b.end];
  // Weights are whole numbers: a bound above best − 1 means best or more. The nodes left are
  // visited lowest bound first, so that an unfinished search has tried the likeliest ones.
  const open: number[] = [];
  for (let q = 0; q < table.length; q++) {
    if (base + table[q] > (s.bestWeight - 1) * (1 << SCALE_BITS)) s.done += tr.share[b.end];
    else open.push(q);
  }
  open.sort(function (x: number, y: number): number {
    return table[x] - table[y] || x - y;
  });
  s.work += open.length * 4;
  for (let n = 0; n < open.length; n++) {
    const q = open[n];
    if (s.work >= s.budget) return false;
    if (base + table[q] > (s.bestWeight - 1) * (1 << SCALE_BITS)) {
      s.done += tr.share[b.end];
      continue;
    }
    for (let i = 0; i < span; i++) tr.parity[j0 + i] = (q >>> i) & 1;
    a.fill(0);
    bb.fill(0);
    const kept = b.kept;
    const odd = b.odd;
    for (let c = 0; c < kept.group.length; c++) {
      const r = kept.rank[c];
      const at = kept.basisAt[c];
      let p = 0;
      for (let k = 0; k < r; k++) p |= odd[kept.basis[at + k] & q] << k;
      const v = kept.values[kept.valuesAt[c] + p];
      const diff = odd[kept.u0[c] & q] ? -v : v;
      const g = kept.group[c];
      a[g] += (kept.total[c] + diff) / 2;
      bb[g] += (kept.total[c] - diff) / 2;
    }
    s.work += kept.basis.length + 4 * kept.group.length;
    if (!branch(s, tr, b.end, 0)) return false;
  }
  return true;
}

/** Depth-first branch and bound below depth j (totals in buffer `v`); false when out of budget. */
function branch(s: Search, tr: Tree, j: number, v: number): boolean {
  if (j === tr.levels) {
    const w = v ? tr.a1[j][0] : tr.a0[j][0];
    if (w < s.bestWeight) {
      s.bestWeight = w;
      comboFromParities(tr, s.bestCombo, s.classes.words);
    }
    s.done += tr.share[j];
    return true;
  }
  if (s.work >= s.budget) return false;
  if (tr.batch !== null && j === tr.batch.at) return batchBranch(s, tr, tr.batch, j);
  if (s.work >= s.checkpoint) {
    // Projected to need three times the budget or more: the local search gets the rest.
    if (3 * s.done * (s.budget - s.start) < s.work - s.start) return false;
    s.checkpoint = s.budget;
  }
  s.nodes++;
  liftBoth(s, tr, j, v);
  const l0 = tr.bound0;
  const l1 = tr.bound1;
  const firstV = l1 < l0 ? 1 : 0;
  for (let pass = 0; pass < 2; pass++) {
    const c = pass === 0 ? firstV : 1 - firstV;
    const plain = c ? l1 : l0;
    if (plain >= s.bestWeight) {
      s.done += tr.share[j + 1];
      continue;
    }
    // Skip the triples where they have never raised a bound of this depth enough to prune.
    if (plain + tr.gain[j + 1] >= s.bestWeight) {
      const bound = tripleBound(s, tr, j + 1, c, plain, s.bestWeight);
      if (bound >= s.bestWeight) {
        s.done += tr.share[j + 1];
        continue;
      }
      if (tr.gain[j + 1] === UNKNOWN_GAIN || bound - plain > tr.gain[j + 1]) tr.gain[j + 1] = bound - plain;
    }
    tr.parity[j] = c;
    if (!branch(s, tr, j + 1, c)) return false;
  }
  return true;
}

/** The combination c with <c, b_j> = y_j for every basis signature b_j. */
function comboFromParities(tr: Tree, out: Uint32Array, words: number): void {
  comboFromBasis(tr.basis, tr.parity, tr.levels, words, out);
}

/** The combination c with <c, basis_j> = parity[j] for j < d (basis: d rows of `words` words). */
function comboFromBasis(basis: Int32Array, parity: Uint8Array, d: number, words: number, out: Uint32Array): void {
  const m = createBitMatrix(d, d);
  for (let j = 0; j < d; j++) {
    for (let i = 0; i < d; i++) if ((basis[j * words + (i >>> 5)] >>> (i & 31)) & 1) setBit(m, j, i, 1);
  }
  const rhs = new Uint32Array(wordsOf(d));
  for (let j = 0; j < d; j++) if (parity[j]) rhs[j >>> 5] |= 1 << (j & 31);
  const c = solveReduced(reduceMatrix(m), rhs);
  if (c === null) throw new Error("minweight: internal error, the basis is singular");
  out.fill(0);
  for (let w = 0; w < c.length && w < out.length; w++) out[w] = c[w];
}

/** Union-find root of x (path halving). */
function rootOf(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

function bitOf(v: ArrayLike<number>, at: number, j: number): number {
  return (v[at + (j >>> 5)] >>> (j & 31)) & 1;
}

/** The independent parts of a search (see splitParts). */
interface Parts {
  /** One table per part, over its own coordinates. */
  subs: QuietClasses[];
  /** part[j]: the part of coordinate j; local[j]: its index within the part. */
  part: Int32Array;
  local: Int32Array;
  /** The basis classes b_j (d rows of `words` words) and the presses no combination changes. */
  basis: Int32Array;
  fixed: number;
}

/**
 * Independent parts. Write every class in a basis of classes b_0 … b_{d−1} (chooseBasis): with
 * y_j = <c, b_j>, class k has parity <coord_k, y>. Join j and j' whenever one class has both
 * coordinates; each class then lies within one part, so the presses are a sum over the parts
 * of functions of their own y's, and each part is minimised on its own — exactly, with fewer
 * quiet patterns (the parts are the connected components of the quiet patterns' matroid, read
 * off its fundamental graph). The x pattern splits into the two colours of a checkerboard,
 * left-right and up-down into rows and columns, graphs into their components. Null when the
 * quiet patterns form one part.
 */
function splitParts(t: QuietClasses): Parts | null {
  const d = t.bits;
  const words = t.words;
  const K = t.count;
  const basis = new Int32Array(d * words);
  const coord = chooseBasis(t, basis);
  const parent = new Int32Array(d);
  for (let j = 0; j < d; j++) parent[j] = j;
  for (let k = 0; k < K; k++) {
    let first = -1;
    for (let j = 0; j < d; j++) {
      if (!bitOf(coord, k * words, j)) continue;
      if (first < 0) first = rootOf(parent, j);
      else parent[rootOf(parent, j)] = first;
    }
  }
  const part = new Int32Array(d).fill(-1);
  const local = new Int32Array(d);
  const sizes: number[] = [];
  for (let j = 0; j < d; j++) {
    const r = rootOf(parent, j);
    if (part[r] < 0) {
      part[r] = sizes.length;
      sizes.push(0);
    }
    part[j] = part[r];
    local[j] = sizes[part[j]]++;
  }
  if (sizes.length === 1) return null;
  const subs: QuietClasses[] = [];
  let biggest = 0;
  for (let p = 0; p < sizes.length; p++) {
    subs.push(createQuietClasses(sizes[p]));
    if (sizes[p] > biggest) biggest = sizes[p];
  }
  const sig = new Int32Array(wordsOf(biggest));
  let fixed = 0;
  for (let k = 0; k < K; k++) {
    let p = -1;
    sig.fill(0);
    for (let j = 0; j < d; j++) {
      if (!bitOf(coord, k * words, j)) continue;
      p = part[j];
      sig[local[j] >>> 5] |= 1 << (local[j] & 31);
    }
    // Coordinates 0: parity 0 whatever the combination, x0's presses stay.
    if (p < 0) fixed += t.ones[k];
    else addCells(subs[p], sig, 0, t.ones[k], t.zeros[k]);
  }
  return { subs: subs, part: part, local: local, basis: basis, fixed: fixed };
}

/**
 * The board's cells one by one (beside their classes) and permutations of them, for the
 * symmetric starts: cell p's signature is sig[p·words ..], pressed[p] whether x0 presses it;
 * perms[i][p] is the cell that symmetry i (a mirror or rotation of the grid) sends cell p to.
 */
export interface CellSymmetries {
  sig: Int32Array;
  pressed: Uint8Array;
  perms: Int32Array[];
}

/** The symmetric starts get this share of the budget (all of them together). */
const SYMMETRIC_SHARE = 4;

/** When the proof gives up, the best symmetry's branch and bound gets this share of what is left (its units cost about three times the local search's in time). */
const DEEP_SHARE = 3;

/** Symmetric starts only up to this many quiet patterns and cells (their elimination costs cells × bits²/32). */
const MAX_SYMMETRIC_BITS = 256;
const MAX_SYMMETRIC_CELLS = 1 << 16;

/**
 * Whether a search over `bits` quiet patterns on `cells` cells uses symmetric starts, so that its
 * caller should pass the cells one by one (CellSymmetries): above one transform, and up to
 * MAX_SYMMETRIC_CELLS cells.
 */
export function usesSymmetricStarts(bits: number, cells: number): boolean {
  return bits > TRANSFORM_BITS && cells <= MAX_SYMMETRIC_CELLS;
}

/**
 * The permutations of a rows×cols grid's cells (row-major) that mirror or rotate it: left-right,
 * up-down, half turn, and on square grids the two diagonals and the quarter turn.
 */
export function gridSymmetries(rows: number, cols: number, wrap?: boolean): Int32Array[] {
  const out: Int32Array[] = [];
  if (wrap) {
    // A torus is also unchanged by shifts: by a third and by half of each side where it divides.
    for (let part = 2; part <= 3; part++) {
      for (let kind = 0; kind < 3; kind++) {
        const dr = kind !== 1 ? rows / part : 0;
        const dc = kind !== 0 ? cols / part : 0;
        if (dr !== Math.floor(dr) || dc !== Math.floor(dc)) continue;
        const p = new Int32Array(rows * cols);
        for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) p[r * cols + c] = ((r + dr) % rows) * cols + ((c + dc) % cols);
        out.push(p);
      }
    }
  }
  const kinds = rows === cols ? 6 : 3;
  for (let kind = 0; kind < kinds; kind++) {
    const p = new Int32Array(rows * cols);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        let r2 = r;
        let c2 = c;
        if (kind === 0) c2 = cols - 1 - c;
        else if (kind === 1) r2 = rows - 1 - r;
        else if (kind === 2) {
          r2 = rows - 1 - r;
          c2 = cols - 1 - c;
        } else if (kind === 3) {
          r2 = c;
          c2 = r;
        } else if (kind === 4) {
          r2 = cols - 1 - c;
          c2 = rows - 1 - r;
        } else {
          r2 = c;
          c2 = cols - 1 - r;
        }
        p[r * cols + c] = r2 * cols + c2;
      }
    }
    out.push(p);
  }
  return out;
}

/**
 * The solutions a symmetry π leaves unchanged: combinations c with x_p(c) = x_{π(p)}(c) for
 * every cell, i.e. <c, s_p ⊕ s_π(p)> = x0[p] ⊕ x0[π(p)] — an affine subspace c0 + span(n_i),
 * found by elimination (null when there is no such solution). Returns c0 followed by the n_i,
 * `words` words each.
 */
export function symmetricSolutions(bits: number, words: number, cells: CellSymmetries, perm: Int32Array): Int32Array | null {
  // Echelon rows, each with its lowest set bit as pivot (pivotRow[j]: row index + 1, 0 = none); rhs beside.
  const rows = new Int32Array(bits * words);
  const rhs = new Uint8Array(bits);
  const pivotRow = new Int32Array(bits);
  const pivotCol: number[] = [];
  const v = new Int32Array(words);
  const n = cells.pressed.length;
  for (let p = 0; p < n; p++) {
    const q = perm[p];
    if (q <= p) continue;
    let b = cells.pressed[p] ^ cells.pressed[q];
    for (let w = 0; w < words; w++) v[w] = cells.sig[p * words + w] ^ cells.sig[q * words + w];
    for (let j = 0; j < bits; j++) {
      if (((v[j >>> 5] >>> (j & 31)) & 1) === 0) continue;
      const r = pivotRow[j] - 1;
      if (r < 0) {
        for (let w = 0; w < words; w++) rows[pivotCol.length * words + w] = v[w];
        rhs[pivotCol.length] = b;
        pivotCol.push(j);
        pivotRow[j] = pivotCol.length;
        b = -1;
        break;
      }
      for (let w = 0; w < words; w++) v[w] ^= rows[r * words + w];
      b ^= rhs[r];
    }
    if (b === 1) return null;
  }
  // Back substitution, pivots from the highest column down (a row's other bits lie above its pivot).
  const free: number[] = [];
  for (let j = 0; j < bits; j++) if (pivotRow[j] === 0) free.push(j);
  const byCol = pivotCol.slice();
  byCol.sort(function (a: number, b: number): number {
    return b - a;
  });
  const out = new Int32Array((free.length + 1) * words);
  for (let f = -1; f < free.length; f++) {
    const at = (f + 1) * words;
    if (f >= 0) out[at + (free[f] >>> 5)] |= 1 << (free[f] & 31);
    for (let i = 0; i < byCol.length; i++) {
      const j = byCol[i];
      const r = pivotRow[j] - 1;
      let x = f < 0 ? rhs[r] : 0;
      // <row without its pivot, current vector>: the pivot's own bit is still 0 in out.
      x ^= parityOf(rows, r * words, out, at, words);
      if (x) out[at + (j >>> 5)] |= 1 << (j & 31);
    }
  }
  return out;
}

/** The best symmetric start: its combination and weight, and the search it came from. */
interface SymmetricStart {
  combo: Uint32Array;
  weight: number;
  work: number;
  /** The classes of the symmetric solutions over the subspace's own coordinates, the subspace (see symmetricSolutions), and whether its minimum is proven. */
  sub: QuietClasses;
  space: Int32Array;
  exact: boolean;
}

/** c0 + Σ z_k n_k: a combination of the symmetric subspace `space` (c0, then the n_k) from its own coordinates z. */
function liftCombo(space: Int32Array, words: number, z: Uint32Array): Uint32Array {
  const dim = space.length / words - 1;
  const combo = new Uint32Array(words);
  for (let w = 0; w < words; w++) combo[w] = space[w];
  for (let k = 0; k < dim; k++) {
    if (!bitOf(z, 0, k)) continue;
    for (let w = 0; w < words; w++) combo[w] ^= space[(k + 1) * words + w];
  }
  return combo;
}

/**
 * A good first combination from the board's symmetries: for each symmetry, the fewest presses
 * among the solutions it leaves unchanged (about half as many quiet patterns: one transform,
 * or a short local search above TRANSFORM_BITS), the best of them. All-lit boards often have a
 * symmetric minimum (plus 39×39 under a half turn, 67×67 under the left-right mirror), and
 * where they do not it is still a far better start than the local search finds alone. Null
 * when no symmetry leaves a solution.
 */
function symmetricStart(t: QuietClasses, cells: CellSymmetries, budget: number, options: FewestOptions | undefined): SymmetricStart | null {
  const bits = t.bits;
  const words = t.words;
  const n = cells.pressed.length;
  let best: SymmetricStart | null = null;
  let work = 0;
  const perms = cells.perms;
  for (let i = 0; i < perms.length; i++) {
    const space = symmetricSolutions(bits, words, cells, perms[i]);
    work += n * bits;
    if (space === null) continue;
    const dim = space.length / words - 1;
    const sub = createQuietClasses(dim);
    const sig = new Int32Array(wordsOf(dim) || 1);
    for (let p = 0; p < n; p++) {
      sig.fill(0);
      for (let k = 0; k < dim; k++) if (parityOf(cells.sig, p * words, space, (k + 1) * words, words)) sig[k >>> 5] |= 1 << (k & 31);
      addCell(sub, sig, 0, cells.pressed[p] ^ parityOf(cells.sig, p * words, space, 0, words));
    }
    work += n * dim;
    // Above one transform the local search alone: the share is far too small for a proof (the
    // best one gets its branch and bound later, see searchClasses).
    const subOptions = innerOptions(options, undefined) || {};
    if (dim > TRANSFORM_BITS) subOptions.proof = false;
    subOptions.quick = true;
    const r = fewestPresses(sub, (budget - work) / (perms.length - i), subOptions);
    work += r.work;
    if (best === null || r.weight < best.weight) {
      best = { combo: liftCombo(space, words, r.combo), weight: r.weight, work: 0, sub: sub, space: space, exact: r.exact };
    }
  }
  if (best !== null) {
    best.work = work;
    if (weightOf(t, best.combo) !== best.weight) throw new Error("minweight: internal error, the symmetric start's weight is off");
  }
  return best;
}

/** Part p's share of a combination: its coordinates <start, b_j> in the part's own numbering; undefined without a start. */
function partStart(parts: Parts, p: number, start: Uint32Array | undefined, bits: number, words: number): Uint32Array | undefined {
  if (start === undefined) return undefined;
  const out = new Uint32Array(wordsOf(parts.subs[p].bits) || 1);
  for (let j = 0; j < bits; j++) {
    if (parts.part[j] !== p || !parityOf(parts.basis, j * words, start, 0, words)) continue;
    out[parts.local[j] >>> 5] |= 1 << (parts.local[j] & 31);
  }
  return out;
}

/** Which methods fewestPresses may use (all by default); the tests and benchmarks turn some off. */
export interface FewestOptions {
  /** The Walsh–Hadamard transform for d ≤ TRANSFORM_BITS. */
  transform?: boolean;
  /** The branch and bound; without it the answer is the local search's. */
  proof?: boolean;
  /** Splitting into independent parts (splitSearch). */
  split?: boolean;
  /** Levels batched by one transform (default BATCH_BITS; 0: none). The tests use fewer to reach the plain levels above. */
  batchBits?: number;
  /** The cells one by one and the board's symmetries, for a symmetric first combination (symmetricStart). */
  cells?: CellSymmetries;
  /** A combination to start from (the symmetric start; the parts' share of it). */
  start?: Uint32Array;
  /** The local search stops after RESTARTS·4 fruitless perturbations in a row instead of using the whole budget (the symmetric starts' searches). */
  quick?: boolean;
}

/** The options without `cells` and `start` (for the searches of parts and of symmetric solutions). */
function innerOptions(options: FewestOptions | undefined, start: Uint32Array | undefined): FewestOptions | undefined {
  if (options === undefined) return start === undefined ? undefined : { start: start };
  return { transform: options.transform, proof: options.proof, split: options.split, batchBits: options.batchBits, start: start, quick: options.quick };
}

/** The search of the file comment on one table of classes (compacted, one part). */
function searchClasses(t: QuietClasses, budget: number, options: FewestOptions | undefined, sym: SymmetricStart | null): QuietChoice {
  const bits = t.bits;
  const proof = options === undefined || options.proof !== false;
  const s: Search = {
    classes: t,
    work: 0,
    budget: budget,
    bestCombo: new Uint32Array(t.words),
    bestWeight: pressesOfX0(t),
    random: seedRandom(t.count, bits),
    nodes: 0,
    done: 0,
    start: 0,
    checkpoint: 0,
  };
  // The local search finds a first bound with at most a tenth of the budget; the proof gets the
  // rest. When a third of that is spent and less than a ninth of the tree is settled (settled
  // parts weighted 2^−depth), the proof is not going to finish: the local search gets what is
  // left, with more patience.
  if (options !== undefined && options.start !== undefined) {
    const w = weightOf(t, options.start);
    if (w < s.bestWeight) {
      s.bestWeight = w;
      s.bestCombo.set(options.start);
    }
  }
  localSearch(s, budget / 10, RESTARTS);
  let exact = false;
  const tree = proof ? buildTree(t, options !== undefined && options.batchBits !== undefined ? options.batchBits : BATCH_BITS) : null;
  if (tree !== null && tree.batch !== null) {
    // Where the plain bound prunes high in the tree (king boards, whose quiet patterns are
    // simple), the batches cost more than they save: the plain search gets a sixteenth of the
    // budget first, and the batched one starts over when that was not enough.
    const batch = tree.batch;
    tree.batch = null;
    s.budget = s.work + (budget - s.work) / 16;
    s.start = s.work;
    s.checkpoint = s.budget;
    exact = branch(s, tree, 0, 0);
    tree.batch = batch;
    s.budget = budget;
    s.done = 0;
  }
  if (tree !== null && !exact) {
    s.start = s.work;
    s.checkpoint = s.work + (budget - s.work) / 3;
    exact = branch(s, tree, 0, 0);
  }
  if (!exact && tree !== null && sym !== null && !sym.exact && sym.weight <= s.bestWeight && s.work < budget) {
    // The proof gave up and nothing beat the symmetric start: a third of what is left proves the
    // fewest presses among the best symmetry's solutions (a branch and bound over half as many
    // patterns), a better start for the local search that gets the rest (plus 79×79, nullity
    // 64: 2 701 → 2 629 under a half turn). Where the search went past the symmetric start
    // (plus 119×119), the local search gets it all.
    const r = fewestPresses(sym.sub, (budget - s.work) / DEEP_SHARE, options !== undefined && options.batchBits !== undefined ? { batchBits: options.batchBits } : undefined);
    s.work += r.work;
    if (r.weight < s.bestWeight) {
      s.bestWeight = r.weight;
      s.bestCombo.set(liftCombo(sym.space, t.words, r.combo));
    }
  }
  if (!exact && s.work < budget) localSearch(s, budget - s.work, options !== undefined && options.quick ? RESTARTS * 4 : UNTIL_BUDGET);
  if (weightOf(t, s.bestCombo) !== s.bestWeight) throw new Error("minweight: internal error, the weight of the best combination is off");
  return { combo: s.bestCombo, weight: s.bestWeight, exact: exact, work: s.work, nodes: s.nodes };
}

/**
 * The fewest presses over all combinations of the quiet patterns (see the file comment):
 * exact when the search finishes within `budget` work units, otherwise the best found.
 * The table must hold every cell of the board.
 */
export function fewestPresses(table: QuietClasses, budget: number, options?: FewestOptions): QuietChoice {
  const bits = table.bits;
  const transform = options === undefined || options.transform !== false;
  if (bits === 0) return { combo: new Uint32Array(1), weight: pressesOfX0(table), exact: true, work: 0, nodes: 0 };
  if (table.direct && bits * table.count <= budget && transform) return transformSearch(table);
  const t = compact(table);
  if (bits <= LARGE_TRANSFORM_BITS && t.count >= LARGE_TRANSFORM_CLASSES && transform) return transformSearch(t);
  let start = options !== undefined ? options.start : undefined;
  let spent = 0;
  let sym: SymmetricStart | null = null;
  if (options !== undefined && options.cells !== undefined && bits <= MAX_SYMMETRIC_BITS && options.cells.pressed.length <= MAX_SYMMETRIC_CELLS) {
    sym = symmetricStart(t, options.cells, budget / SYMMETRIC_SHARE, innerOptions(options, undefined));
    if (sym !== null) {
      start = sym.combo;
      spent = sym.work;
    }
  }
  const parts = options === undefined || options.split !== false ? splitParts(t) : null;
  if (parts === null) {
    const r = searchClasses(t, budget - spent, innerOptions(options, start), sym);
    r.work += spent;
    return r;
  }
  // Smallest parts first, each with an equal share of what is left of the budget: the small
  // ones use little of theirs, and the biggest, searched last, gets the rest. The parities each
  // part chooses for its coordinates are put together into one combination.
  const n = parts.subs.length;
  const order: number[] = [];
  for (let p = 0; p < n; p++) order.push(p);
  order.sort(function (a: number, b: number): number {
    return parts.subs[a].bits - parts.subs[b].bits || a - b;
  });
  const parity = new Uint8Array(bits);
  const out: QuietChoice = { combo: new Uint32Array(t.words), weight: parts.fixed, exact: true, work: t.count * bits + spent, nodes: 0 };
  for (let i = 0; i < n; i++) {
    const p = order[i];
    const r = fewestPresses(parts.subs[p], (budget - out.work) / (n - i), innerOptions(options, partStart(parts, p, start, bits, t.words)));
    out.weight += r.weight;
    out.exact = out.exact && r.exact;
    out.work += r.work;
    out.nodes += r.nodes;
    for (let j = 0; j < bits; j++) if (parts.part[j] === p) parity[j] = bitOf(r.combo, 0, parts.local[j]);
  }
  comboFromBasis(parts.basis, parity, bits, t.words, out.combo);
  if (weightOf(t, out.combo) !== out.weight) throw new Error("minweight: internal error, the parts' weights do not add up");
  return out;
}

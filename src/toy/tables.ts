/**
 * Precomputed solver tables for small on/off boards (≤ 32 cells and keys), where a board
 * and a set of presses are each one 32-bit mask (bit i = cell or key i, row-major).
 *
 * They are computed once — at firmware build time, or by the CLI — with the GF(2) solver,
 * and let the toy solve, hint and check solvability with nothing but XOR and popcount:
 * presses = XOR of solve[j] over the set bits j of (target XOR board). No matrix
 * inversion ever runs on the device.
 *
 * CellTables (below) are the same for k-state boards (colour games, up to 64 cells): a
 * pseudo-inverse, the solvability checks and the quiet patterns over Z_k, packed four bits a
 * digit, which cellsolve.ts answers from.
 */

export const MAX_MASK_BITS = 32;

export interface MaskTables {
  rows: number;
  cols: number;
  cells: number;
  keys: number;
  /** toggle[key]: the cells a press of key toggles. */
  toggle: Int32Array;
  /**
   * solve[cell]: the presses that bit `cell` of a difference contributes. For an invertible
   * board these are the columns of A⁻¹; otherwise a linear right inverse on A's image
   * (free keys never pressed).
   */
  solve: Int32Array;
  /** A difference d is reachable iff popcount(check[i] & d) is even for every i. */
  check: Int32Array;
  /** A basis of the quiet patterns: press sets that change nothing. */
  quiet: Int32Array;
  /**
   * The keys by footprint (cells toggled), fewest first, ties by index: the order the hint
   * prefers keys in (on Merlin 3×3 source 003's edges, corners, centre). Precomputed, so the
   * toy does not sort on every HIT ME.
   */
  order: Int32Array;
}

/** Digits (nibbles) packed in one word of CellTables: 7, so every word stays a positive number below 2^28. */
export const CELL_DIGITS_PER_WORD = 7;

/** The largest number of colours CellTables packs: a digit sum below 2k must stay a nibble (cellsolve.ts). */
export const MAX_CELL_COLOURS = 8;

/** The most solutions (quiet combinations) CellTables let the device walk per answer. */
export const MAX_CELL_SOLUTIONS = 4096;

/**
 * Precomputed solver tables for a k-state board (a press advances each of its cells by 1 mod
 * k; k = 2…8, at most 64 cells and keys) — what MaskTables are for on/off boards of ≤ 32 cells.
 * Built once with the Z_k solver (zk.ts zkPseudoInverse, zkKernel); the device answers
 * solvable, the fewest presses and a hint with lookups and small-integer additions only
 * (cellsolve.ts).
 *
 * A packed vector holds digits 0…k−1 four bits each, CELL_DIGITS_PER_WORD to a word: digit i
 * in bits 4·(i mod 7)… of word ⌊i/7⌋; `words` words per vector. For a difference
 * d = target − board (mod k), Σ_c d[c]·solve[c] (digit-wise mod k) holds
 *   - digits 0 … keys−1: x = P·d, presses per key of one solution when d is solvable (P a
 *     pseudo-inverse: A·P·d = d for every solvable d);
 *   - digits keys … keys+checks−1: C·d, the rows of A's left kernel — d is solvable iff they
 *     are all 0.
 * Every other solution is x plus a combination of the quiet patterns, so the fewest presses
 * (each press a tap: key j costs x[j] taps) are the least digit sum over all of them.
 */
export interface CellTables {
  /** Colours: cells count mod k. */
  k: number;
  cells: number;
  keys: number;
  /** Solvability checks (digits after the keys' in the packed sums). */
  checks: number;
  /** Words per packed vector: ⌈(keys + checks) / 7⌉. */
  words: number;
  /** solve[c·words … c·words + words − 1]: column c of [P; C], packed. */
  solve: Int32Array;
  /**
   * A zero vector, then the quiet patterns' generators and their negations, packed (keys'
   * digits), `words` words each: generator i is vector 1 + 2i, −generator i vector 2 + 2i.
   */
  quiet: Int32Array;
  /** quietOrders[i]: the order of generator i (k for prime k): Σ c_i·quiet_i, 0 ≤ c_i < order, covers every quiet pattern once. */
  quietOrders: Uint8Array;
  /** The keys by footprint (cells changed), fewest first, ties by index: the hint's preference (as MaskTables.order). */
  order: Uint8Array;
  /** The cells key j advances: keyCells[keyStart[j] … keyStart[j + 1] − 1], in increasing order (CellBackend.press copies a board once, left to right). */
  keyStart: Uint16Array;
  keyCells: Uint8Array;
}

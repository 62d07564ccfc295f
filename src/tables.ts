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
import { reduceMatrix } from "./elimination";
import { getBit, nullSpace, popcount32 } from "./gf2";
import { inputError, Puzzle, toggleMatrix } from "./puzzle";
import { footprintOrder, orderBySize } from "./safeorder";
import { puzzleMatrix } from "./solver";
import { zkKernel, zkPseudoInverse, zkReduce } from "./zk";

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

/** Computes the mask tables of an on/off puzzle with at most 32 cells and 32 keys. */
export function compileTables(p: Puzzle): MaskTables {
  if (p.states !== 2) throw inputError("mask tables need an on/off (2-state) puzzle, got " + p.states + " states");
  if (p.cells > MAX_MASK_BITS || p.keys > MAX_MASK_BITS) {
    throw inputError("mask tables hold at most " + MAX_MASK_BITS + " cells and keys, " + p.name + " has " + p.cells);
  }
  const a = toggleMatrix(p);
  const red = reduceMatrix(a);
  const t = red.transform;

  const toggle = new Int32Array(p.keys);
  for (let j = 0; j < p.keys; j++) {
    let m = 0;
    for (let i = p.keyStart[j]; i < p.keyStart[j + 1]; i++) m ^= 1 << p.keyCells[i];
    toggle[j] = m;
  }

  // x = P·d with P[pivotCol(i)] = T[i]: column `cell` of P gathers, over reduced rows i,
  // the key pivotCol(i) whenever T[i][cell] = 1.
  const solve = new Int32Array(p.cells);
  for (let cell = 0; cell < p.cells; cell++) {
    let m = 0;
    for (let i = 0; i < red.rank; i++) if (getBit(t, i, cell)) m |= 1 << red.pivotCols[i];
    solve[cell] = m;
  }

  const check = new Int32Array(p.cells - red.rank);
  for (let i = red.rank; i < p.cells; i++) check[i - red.rank] = t.data[i * t.stride];

  const ns = nullSpace(red);
  const quiet = new Int32Array(ns.rows);
  for (let i = 0; i < ns.rows; i++) quiet[i] = ns.data[i * ns.stride];

  const sizes = new Int32Array(p.keys);
  for (let k = 0; k < p.keys; k++) sizes[k] = popcount32(toggle[k]);

  return {
    rows: p.rows, cols: p.cols, cells: p.cells, keys: p.keys, toggle: toggle, solve: solve, check: check, quiet: quiet,
    order: orderBySize(sizes),
  };
}

/** `new TYPE([…])`; an empty one as a plain `[]`, which reads the same (length 0) and is 17 bytes shorter. */
function typedList(type: string, a: ArrayLike<number>): string {
  const parts: string[] = [];
  for (let i = 0; i < a.length; i++) parts.push(String(a[i]));
  return a.length === 0 ? "[]" : "new " + type + "([" + parts.join(",") + "])";
}

function int32List(a: Int32Array): string {
  return typedList("Int32Array", a);
}

/**
 * The tables as a JavaScript expression for the firmware build, e.g.
 * `{rows:3,cols:3,cells:9,keys:9,toggle:new Int32Array([27,7,…]),…}` — compact constants
 * the bundler inlines, so the device never computes them.
 */
export function emitTables(t: MaskTables): string {
  return (
    "{rows:" + t.rows + ",cols:" + t.cols + ",cells:" + t.cells + ",keys:" + t.keys +
    ",toggle:" + int32List(t.toggle) +
    ",solve:" + int32List(t.solve) +
    ",check:" + int32List(t.check) +
    ",quiet:" + int32List(t.quiet) +
    ",order:" + int32List(t.order) + "}"
  );
}

/** Digits (nibbles) packed in one word of CellTables: 7, so every word stays below 2^28 (a small positive int on Espruino). */
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
  /** The cells key j advances: keyCells[keyStart[j] … keyStart[j + 1] − 1] (as a Puzzle lists them). */
  keyStart: Uint16Array;
  keyCells: Uint8Array;
}

/** Packs digits (0…15) into CellTables words at `out[at…]`, digit i from `from` as digit `first + i`. */
function packDigits(out: Int32Array, at: number, first: number, digits: ArrayLike<number>): void {
  for (let i = 0; i < digits.length; i++) {
    const d = first + i;
    out[at + Math.floor(d / CELL_DIGITS_PER_WORD)] |= digits[i] << (4 * (d % CELL_DIGITS_PER_WORD));
  }
}

/**
 * Computes the cell tables of a puzzle: k = 2…8 colours, at most 64 cells and keys, at most
 * MAX_CELL_SOLUTIONS solutions per solvable board, and a pseudo-inverse over Z_k
 * (zkPseudoInverse; every game's board has one). Throws an input error saying which limit a
 * board breaks.
 */
export function compileCellTables(p: Puzzle): CellTables {
  const k = p.states;
  if (k > MAX_CELL_COLOURS) throw inputError("cell tables hold at most " + MAX_CELL_COLOURS + " colours, " + p.name + " has " + k);
  if (p.cells > 64 || p.keys > 64) throw inputError("cell tables hold at most 64 cells and keys, " + p.name + " has " + p.cells + " cells and " + p.keys + " keys");
  const red = zkReduce(puzzleMatrix(p));
  const pseudo = zkPseudoInverse(red);
  if (pseudo === null) throw inputError(p.name + " mod " + k + " has no pseudo-inverse over Z_" + k + " (a pivot that is not a unit): cell tables cannot solve it");
  const kernel = zkKernel(red);
  let solutions = 1;
  for (let i = 0; i < kernel.orders.length; i++) solutions *= kernel.orders[i];
  if (solutions > MAX_CELL_SOLUTIONS) {
    throw inputError(p.name + " mod " + k + " has " + solutions + " solutions per solvable board; cell tables walk at most " + MAX_CELL_SOLUTIONS);
  }
  const checks = pseudo.checks.rows;
  const words = Math.ceil((p.keys + checks) / CELL_DIGITS_PER_WORD);
  const solve = new Int32Array(p.cells * words);
  for (let c = 0; c < p.cells; c++) {
    const column = new Uint8Array(p.keys + checks);
    for (let j = 0; j < p.keys; j++) column[j] = pseudo.inverse.data[j * p.cells + c];
    for (let i = 0; i < checks; i++) column[p.keys + i] = pseudo.checks.data[i * p.cells + c];
    packDigits(solve, c * words, 0, column);
  }
  const quiet = new Int32Array((1 + 2 * kernel.generators.length) * words);
  for (let i = 0; i < kernel.generators.length; i++) {
    const g = kernel.generators[i];
    packDigits(quiet, (1 + 2 * i) * words, 0, g);
    packDigits(quiet, (2 + 2 * i) * words, 0, g.map((v) => (k - v) % k));
  }
  return {
    k: k, cells: p.cells, keys: p.keys, checks: checks, words: words, solve: solve, quiet: quiet,
    quietOrders: new Uint8Array(kernel.orders), order: new Uint8Array(footprintOrder(p)),
    keyStart: new Uint16Array(p.keyStart), keyCells: new Uint8Array(p.keyCells),
  };
}

/** The cell tables as a JavaScript expression for the firmware build (as emitTables). */
export function emitCellTables(t: CellTables): string {
  return (
    "{k:" + t.k + ",cells:" + t.cells + ",keys:" + t.keys + ",checks:" + t.checks + ",words:" + t.words +
    ",solve:" + int32List(t.solve) +
    ",quiet:" + int32List(t.quiet) +
    ",quietOrders:" + typedList("Uint8Array", t.quietOrders) +
    ",order:" + typedList("Uint8Array", t.order) +
    ",keyStart:" + typedList("Uint16Array", t.keyStart) +
    ",keyCells:" + typedList("Uint8Array", t.keyCells) + "}"
  );
}

/**
 * Precomputed solver tables for small on/off boards (≤ 32 cells and keys), where a board
 * and a set of presses are each one 32-bit mask (bit i = cell or key i, row-major).
 *
 * They are computed once — at firmware build time, or by the CLI — with the GF(2) solver,
 * and let the toy solve, hint and check solvability with nothing but XOR and popcount:
 * presses = XOR of solve[j] over the set bits j of (target XOR board). No matrix
 * inversion ever runs on the device.
 */
import { reduceMatrix } from "./elimination";
import { getBit, nullSpace, popcount32 } from "./gf2";
import { inputError, Puzzle, toggleMatrix } from "./puzzle";
import { orderBySize } from "./safeorder";

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

/** `new Int32Array([…])`; an empty one as a plain `[]`, which reads the same (length 0) and is 17 bytes shorter. */
function int32List(a: Int32Array): string {
  const parts: string[] = [];
  for (let i = 0; i < a.length; i++) parts.push(String(a[i]));
  return a.length === 0 ? "[]" : "new Int32Array([" + parts.join(",") + "])";
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

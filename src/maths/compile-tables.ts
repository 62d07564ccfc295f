/**
 * Makes the precomputed tables the toy solves with (src/toy/tables.ts describes them): mask
 * tables for on/off boards of at most 32 cells and keys with the GF(2) solver, cell tables for
 * k-state boards over Z_k, and each as a JavaScript expression for the firmware build. Runs at
 * build time and in the command line, never on the toy.
 */
import { reduceMatrix } from "./elimination";
import { getBit, nullSpace, popcount32 } from "./gf2";
import { footprintOrder, inputError, Puzzle, toggleMatrix } from "./puzzle";
import { orderBySize } from "../toy/safeorder";
import { puzzleMatrix } from "./solver";
import { zkKernel, zkPseudoInverse, zkReduce } from "./zk";
import { CELL_DIGITS_PER_WORD, CellTables, MAX_CELL_COLOURS, MAX_CELL_SOLUTIONS, MAX_MASK_BITS, MaskTables } from "../toy/tables";
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

/** `new TYPE([…])`, or a plain `[]` for an empty list (it reads the same: length 0). */
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
    keyStart: new Uint16Array(p.keyStart), keyCells: keyCellsInOrder(p),
  };
}

/** The cells each key advances, as the puzzle lists them but in increasing order within each key (CellTables.keyCells). */
function keyCellsInOrder(p: Puzzle): Uint8Array {
  const out = new Uint8Array(p.keyCells);
  for (let j = 0; j < p.keys; j++) out.subarray(p.keyStart[j], p.keyStart[j + 1]).sort();
  return out;
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

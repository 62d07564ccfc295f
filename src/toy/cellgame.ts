/**
 * The back-end of k-state boards on the toy (the colour games: a press advances each of its
 * cells by 1 mod k, k = 2…8, up to 64 cells): a board is a string of digits, one per cell, pad 1
 * first, and everything is answered from precomputed CellTables (tables.ts) by cellsolve.ts.
 * Where the keys are not the pads (blackwhite's intersections, each advancing a 2×2 block), a
 * key is pressed at the first pad it advances, the top-left of its block, and the other pads
 * are no keys.
 */
import { Backend } from "./backend";
import { cellHint, cellPressCount, cellSolvable } from "./cellsolve";
import { nextRandom, seedRandom } from "./rng";
import { CellTables } from "./tables";

/** Random press vectors tried per deal before single presses are tried in turn. */
const DEAL_ATTEMPTS = 64;

/**
 * A start for a k-state board `b`: `target` after a uniformly random number of presses
 * (0 … k − 1) of each key, redrawn while it is the target or (unless `darkStart`) all dark.
 * Each reachable board is hit by the same number of press vectors (the quiet patterns'), so
 * starts are uniform over the solvable boards. A 32-bit draw at or above the last whole
 * multiple of k is redrawn (no modulo bias). Every cell back-end deals with this, so a seed
 * deals the same puzzle on the toy and in Node.
 */
export function dealCells(b: Backend<string>, target: string, darkStart: boolean, seed: number, puzzle: number): string {
  const k = b.cycle;
  const limit = Math.floor(4294967296 / k) * k;
  let s = seedRandom(seed, puzzle);
  for (let attempt = 0; attempt < DEAL_ATTEMPTS; attempt++) {
    let board = target;
    for (let key = 0; key < b.keys; key++) {
      do s = nextRandom(s);
      while (s >>> 0 >= limit);
      for (let times = (s >>> 0) % k; times > 0; times--) board = b.press(board, key);
    }
    if (board !== target && (darkStart || board !== b.dark)) return board;
  }
  // Never reached in practice (64 draws all solved or dark): one press of the first key that gives an allowed start.
  for (let key = 0; key < b.keys; key++) {
    const board = b.press(target, key);
    if (board !== target && (darkStart || board !== b.dark)) return board;
  }
  return b.press(target, 0);
}

/** Digits `digits` as a board of `cells` cells, each below `k`; null when they are not. */
export function cellDigits(digits: string, cells: number, k: number): string | null {
  if (digits.length !== cells) return null;
  for (let c = 0; c < cells; c++) {
    const d = digits.charCodeAt(c) - 48;
    if (!(d >= 0 && d < k)) return null;
  }
  return digits;
}

/** The board of `cells` digits 0 with a 1 at each cell of `lit`. */
export function cellsLit(cells: number, lit: ArrayLike<number>): string {
  let s = "";
  for (let c = 0; c < cells; c++) s += "0";
  for (let i = 0; i < lit.length; i++) s = s.slice(0, lit[i]) + "1" + s.slice(lit[i] + 1);
  return s;
}

/**
 * What the back-ends whose boards are strings of digits share (CellBackend here; in Node the
 * solver's back-end, src/maths/cellboards.ts): the dark board is all zeros, a board is its own
 * digits and its own save, a board read back is checked digit by digit, and the key at a pad
 * is the one whose padOfKey is that pad.
 */
export abstract class DigitBoards {
  cells: number;
  keys: number;
  cycle: number;
  dark: string;

  constructor(cells: number, keys: number, k: number) {
    this.cells = cells;
    this.keys = keys;
    this.cycle = k;
    this.dark = cellsLit(cells, []);
  }

  abstract padOfKey(key: number): number;

  keyAt(pad: number): number {
    if (this.keys === this.cells) return pad;
    for (let key = 0; key < this.keys; key++) if (this.padOfKey(key) === pad) return key;
    return -1;
  }

  digits(board: string): string {
    return board;
  }

  parse(digits: string): string | null {
    return cellDigits(digits, this.cells, this.cycle);
  }

  save(board: string): string {
    return board;
  }

  load(text: string): string | null {
    return cellDigits(text, this.cells, this.cycle);
  }
}

export class CellBackend extends DigitBoards implements Backend<string> {
  rows: number;
  cols: number;
  reachable: number;
  /** The tables every answer comes from. */
  tables: CellTables;
  /**
   * The key pressed at each pad, plus one (0: the pad is no key), so that a key press looks its
   * key up once: asking every key for its pad (DigitBoards.keyAt) cost blackwhite's pad 19 on
   * the 5×5 1.5 M instructions.
   */
  keyAbove: Uint8Array;
  /** The digit after each digit, mod k ("0" → "1", …, the last → "0"): what a press makes of a cell. */
  nextDigit: Record<string, string>;

  constructor(t: CellTables, rows: number, cols: number) {
    super(t.cells, t.keys, t.k);
    this.tables = t;
    this.rows = rows;
    this.cols = cols;
    // k^keys press vectors, each board reached by every quiet pattern.
    let reach = Math.pow(t.k, t.keys);
    for (let i = 0; i < t.quietOrders.length; i++) reach /= t.quietOrders[i];
    this.reachable = reach;
    this.nextDigit = {};
    for (let d = 0; d < t.k; d++) this.nextDigit[String(d)] = String((d + 1) % t.k);
    this.keyAbove = new Uint8Array(t.cells);
    for (let key = 0; key < t.keys; key++) this.keyAbove[this.padOfKey(key)] = key + 1;
  }

  override keyAt(pad: number): number {
    return pad >= 0 && pad < this.cells ? this.keyAbove[pad] - 1 : -1;
  }

  /**
   * `board` after a press of `key`: each cell the key advances moves on one, mod k. The board is
   * copied once, left to right: the digits up to each cell the key advances (the tables list
   * them in increasing order), then that cell's next digit. Every key of a colour game runs it:
   * a copy of the whole board for each cell, sliced either side of it, and the digit's sum mod k
   * cost a key 0.7 M instructions on the 5×5 (docs/architecture.md, "Speed: what is left").
   */
  press(board: string, key: number): string {
    // (Declared once, as in cellsolve.ts: a `let` inside a loop body is a new variable on every pass.)
    let c = 0;
    let from = 0;
    let out = "";
    const t = this.tables;
    const cells = t.keyCells;
    const next = this.nextDigit;
    const end = t.keyStart[key + 1];
    for (let i = t.keyStart[key]; i < end; i++) {
      c = cells[i];
      out += board.slice(from, c) + next[board[c]];
      from = c + 1;
    }
    return out + board.slice(from);
  }

  canReach(from: string, to: string): boolean {
    return cellSolvable(this.tables, from, to);
  }

  par(from: string, to: string): number {
    return cellPressCount(this.tables, from, to);
  }

  hint(board: string, target: string): number {
    return cellHint(this.tables, board, target);
  }

  deal(target: string, darkStart: boolean, seed: number, puzzle: number): string {
    return dealCells(this, target, darkStart, seed, puzzle);
  }

  padsOf(key: number): string {
    return cellsLit(this.cells, [this.padOfKey(key)]);
  }

  /** The pad key `key` is pressed at: its own on a grid, else the first cell it advances. */
  padOfKey(key: number): number {
    const t = this.tables;
    return t.keys === t.cells ? key : t.keyCells[t.keyStart[key]];
  }
}

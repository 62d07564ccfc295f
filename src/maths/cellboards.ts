/**
 * The back-end of boards beyond the toy's tables, in Node: k-state boards (a press advances
 * each of its cells by 1 mod k, source 001's colour cycles, Lights Out 2000's three colours)
 * and on/off boards of 33 to 64 cells. A board is a string of row-major digits, one per cell
 * (boardstate.ts's format), as on the toy's cell back-end (src/toy/cellgame.ts: both are
 * DigitBoards, reading, writing and saving boards alike, a key pressed at the same pad), and it
 * deals as that one does, so a seed deals the same puzzle on both; everything else is answered
 * by the solver (solver.ts: elimination over Z_k, the fewest presses over the quiet patterns).
 */
import { formatBoard } from "./boardstate";
import { Backend } from "../toy/backend";
import { cellsLit, dealCells, DigitBoards } from "../toy/cellgame";
import { footprintOrder, inputError, keyEffect, pressKey, Puzzle } from "./puzzle";
import { prepare, solve } from "./solver";

/** The largest board (cells, and keys) the game plays. */
export const MAX_GAME_CELLS = 64;

/** The cell values of a digit string. */
export function digitsToCells(board: string): Uint8Array {
  const out = new Uint8Array(board.length);
  for (let i = 0; i < board.length; i++) out[i] = board.charCodeAt(i) - 48;
  return out;
}

/** Whether `p` is a board the game can play (throws an input error saying why not). */
export function checkGameBoard(p: Puzzle): void {
  if (p.cells > MAX_GAME_CELLS || p.keys > MAX_GAME_CELLS) {
    throw inputError("the game plays boards of at most " + MAX_GAME_CELLS + " cells and keys, " + p.name + " has " + p.cells + " cells and " + p.keys + " keys");
  }
}

export class SolverBackend extends DigitBoards implements Backend<string> {
  rows: number;
  cols: number;
  reachable: number;
  puzzle: Puzzle;
  /** The keys by footprint, fewest cells first: the hint's preference. */
  order: Int32Array;

  constructor(p: Puzzle) {
    checkGameBoard(p);
    super(p.cells, p.keys, p.states);
    this.puzzle = p;
    this.rows = p.rows;
    this.cols = p.cols;
    this.order = footprintOrder(p);
    let reach = 1;
    const image = prepare(p).imageOrders;
    for (let i = 0; i < image.length; i++) reach *= image[i];
    this.reachable = reach;
  }

  /** `board` after `times` presses of `key`. */
  advance(board: string, key: number, times: number): string {
    const b = digitsToCells(board);
    for (let i = 0; i < times; i++) pressKey(this.puzzle, b, key);
    return formatBoard(b);
  }

  press(board: string, key: number): string {
    return this.advance(board, key, 1);
  }

  canReach(from: string, to: string): boolean {
    const d = new Uint8Array(this.cells);
    for (let c = 0; c < this.cells; c++) d[c] = (to.charCodeAt(c) - from.charCodeAt(c) + this.cycle) % this.cycle;
    return prepare(this.puzzle).particular(d) !== null;
  }

  par(from: string, to: string): number {
    return solve(this.puzzle, digitsToCells(from), digitsToCells(to), { order: false }).moves;
  }

  hint(board: string, target: string): number {
    if (board === target) return -1;
    const s = solve(this.puzzle, digitsToCells(board), digitsToCells(target));
    if (!s.solvable) return -1;
    // The first key of a safe order (never all dark on the way) when there is one, else the
    // first pressed key with the smallest footprint (as masksolve.ts's hint).
    if (s.order !== null) return s.order[0] - 1;
    for (let i = 0; i < this.order.length; i++) if (s.counts[this.order[i]] > 0) return this.order[i];
    return -1;
  }

  deal(target: string, darkStart: boolean, seed: number, puzzle: number): string {
    return dealCells(this, target, darkStart, seed, puzzle);
  }

  padsOf(key: number): string {
    return this.keys === this.cells ? cellsLit(this.cells, [key]) : cellsLit(this.cells, keyEffect(this.puzzle, key));
  }

  /** The pad key `key` is pressed at: its own on a grid, else the first cell it advances (as on the toy). */
  padOfKey(key: number): number {
    return this.keys === this.cells ? key : this.puzzle.keyCells[this.puzzle.keyStart[key]];
  }
}

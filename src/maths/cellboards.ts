/**
 * Game tables for boards that do not fit the toy's one 32-bit mask: k-state boards (a press
 * advances each of its cells by 1 mod k, source 001's colour cycles, Lights Out 2000's three
 * colours) and on/off boards of 33 to 64 cells. A board is a string of row-major digits, one
 * per cell (boardstate.ts's format), so the game compares boards with === as it compares
 * masks; the operations the game needs (game.ts's CellOps) are answered by the solver
 * (solver.ts: elimination over Z_k, the fewest presses over the quiet patterns).
 *
 * Node only in practice: the game reaches this through GameTables.extras, behind the
 * CELL_BOARDS flag the firmware build turns off. (Types here are aliases, not interfaces: the
 * firmware build shortens interface members, and none of these reach the toy.)
 */
import { formatBoard } from "./boardstate";
import { CellOps, GameTables } from "../toy/game";
import { inputError, pressKey, Puzzle } from "./puzzle";
import { footprintOrder } from "./puzzle";
import { prepare, solve } from "./solver";
import { dealCells } from "../toy/toygames";

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

/**
 * The tables a game on `p` plays on with digit-string boards (any k, up to 64 cells and keys).
 * The mask fields of MaskTables are left empty: a game on these tables uses extras.ops only.
 */
export function cellTables(p: Puzzle): GameTables {
  checkGameBoard(p);
  const k = p.states;
  const cells = p.cells;
  const dark = formatBoard(new Uint8Array(cells));
  const order = footprintOrder(p);
  let reachCount = 1;
  const image = prepare(p).imageOrders;
  for (let i = 0; i < image.length; i++) reachCount *= image[i];

  /** to − from, cell by cell, mod k. */
  function difference(from: string, to: string): Uint8Array {
    const d = new Uint8Array(cells);
    for (let c = 0; c < cells; c++) d[c] = (to.charCodeAt(c) - from.charCodeAt(c) + k) % k;
    return d;
  }

  function advance(board: string, key: number, times: number): string {
    const b = digitsToCells(board);
    for (let i = 0; i < times; i++) pressKey(p, b, key);
    return formatBoard(b);
  }

  function canReach(from: string, to: string): boolean {
    return prepare(p).particular(difference(from, to)) !== null;
  }

  const ops: CellOps = {
    cycle: k,
    allDark: dark,
    advance: advance,
    canReach: canReach,
    reachCount: reachCount,
    parOf: function (from: string, to: string): number {
      return solve(p, digitsToCells(from), digitsToCells(to), { order: false }).moves;
    },
    hintKey: function (board: string, target: string): number {
      if (board === target) return -1;
      const s = solve(p, digitsToCells(board), digitsToCells(target));
      if (!s.solvable) return -1;
      // The first key of a safe order (never all dark on the way) when there is one, else the
      // first pressed key with the smallest footprint (as masksolve.ts's hint).
      if (s.order !== null) return s.order[0] - 1;
      for (let i = 0; i < order.length; i++) if (s.counts[order[i]] > 0) return order[i];
      return -1;
    },
    padsOf: function (key: number): string {
      const pads = new Uint8Array(cells);
      if (p.keys === cells) pads[key] = 1;
      else for (let i = p.keyStart[key]; i < p.keyStart[key + 1]; i++) pads[p.keyCells[i]] = 1;
      return formatBoard(pads);
    },
    dealFrom: function (target: string, darkStart: boolean, seed: number, puzzle: number): string {
      return dealCells(advance, p.keys, k, dark, target, darkStart, seed, puzzle);
    },
  };
  const none = new Int32Array(0);
  return {
    rows: p.rows, cols: p.cols, cells: cells, keys: p.keys, toggle: none, solve: none, check: none, quiet: none, order: order,
    extras: { ops: ops },
  };
}

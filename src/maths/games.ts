/**
 * The games beyond the toy's 3×3 rule sets, as data: each names a board, its goal and the
 * rule set (rules.ts) it plays under, and whether it has levels. The game machine (game.ts)
 * plays them all, each through its back-end, with the same events, effects, undo, par, hint
 * and save format:
 *
 * - lightsout: Tiger's Lights Out (1995) — the 5×5 plus board, all lights out, par = the
 *   fewest presses, lost at 10 over par (classic rules), 50 levels from 6 to 15 fewest
 *   presses in bands of 5 (levels.ts); past level 50, random solvable boards.
 * - lightsout2000: Lights Out 2000's 3-colour game — the same board mod 3: a press advances
 *   each cell of its plus one colour (0 → 1 → 2 → 0); the goal is every cell 0.
 * - blackwhite: source 001's "black-white reversal" — an N×N board of pads (4×4 or 5×5; 3 to
 *   8 allowed) with (N−1)² buttons on the inner intersections, each advancing its 2×2 block
 *   one step of an (i, j) colour cycle: black needs i presses to turn white and white j more
 *   to turn black again, i.e. a cell counts mod i + j with black = 0 and white = i. The
 *   source's puzzle starts from a checkerboard (black where row + column is even) and must
 *   swap black and white; it is solvable only when N is a multiple of i + j (the source's
 *   cycles are coprime; in general of (i + j) / gcd(i, j): (2,2) plays on 6×6). Here the goal is
 *   that swapped checkerboard and starts are dealt like every other game's (any solvable
 *   board but the goal), so every N plays; the source's own start is one `--start` away.
 */
import { SolverBackend } from "./cellboards";
import { Backend, Board } from "../toy/backend";
import { LevelBackend } from "../toy/levels";
import { MaskBackend } from "../toy/maskgame";
import { formatBoard, namedTarget } from "./boardstate";
import { gridPuzzle, inputError, intersectionPuzzle, Puzzle } from "./puzzle";
import { RULES_CLASSIC } from "../toy/rules";
import { compileTables } from "./compile-tables";
import { MAX_MASK_BITS } from "../toy/tables";

/** One game (type alias, not an interface: nothing here reaches the toy's build). */
export type GameSpec = {
  name: string;
  /** The rule set (rules.ts index) it plays under. */
  rules: number;
  /** Its board: the plus grid or source 001's intersections. */
  layout: string;
  /** The board's side by default, and the sides it may be played on. */
  side: number;
  minSide: number;
  maxSide: number;
  /** Colours per cell (blackwhite: i + j of its cycle). */
  colours: number;
  /** 50 levels banded by difficulty (levels.ts) before random deals. */
  levels: boolean;
};

export const GAME_NAMES = ["lightsout", "lightsout2000", "blackwhite"];

// prettier-ignore
export const GAMES: GameSpec[] = [
  { name: "lightsout", rules: RULES_CLASSIC, layout: "plus", side: 5, minSide: 5, maxSide: 5, colours: 2, levels: true },
  { name: "lightsout2000", rules: RULES_CLASSIC, layout: "plus", side: 5, minSide: 5, maxSide: 5, colours: 3, levels: false },
  { name: "blackwhite", rules: RULES_CLASSIC, layout: "intersections", side: 4, minSide: 3, maxSide: 8, colours: 4, levels: false },
];

/** source 001's cycle: black turns white after `white` presses and black again after `black` more. */
export type ColourCycle = { white: number; black: number };

/** blackwhite's default cycle (1, 3): mod 4 on the default 4×4, where the source's start is solvable. */
export const DEFAULT_CYCLE: ColourCycle = { white: 1, black: 3 };
/** Colours a cell may cycle through at most (i + j). */
export const MAX_CYCLE = 6;

/** The game called `name`, or null. */
export function gameSpec(name: string): GameSpec | null {
  const i = GAME_NAMES.indexOf(name);
  return i < 0 ? null : GAMES[i];
}

/** Parses source 001's cycle "I,J" (i, j ≥ 1, i + j from 2 to MAX_CYCLE). */
export function parseCycle(text: string): ColourCycle {
  // Plain decimal digits only (Number alone would take "1e0" or "0x1").
  const parts = text.split(",");
  const i = Number(parts[0]);
  const j = Number(parts[1]);
  if (!/^\s*\d+\s*,\s*\d+\s*$/.test(text) || i < 1 || j < 1 || i + j > MAX_CYCLE) {
    throw inputError("--cycle must be I,J: whole numbers from 1 up with I + J at most " + MAX_CYCLE + " (e.g. 1,3), got '" + text + "'");
  }
  return { white: i, black: j };
}

/** The board of game `g` with side `side` (blackwhite: colours i + j of `cycle`). */
export function gamePuzzle(g: GameSpec, side: number, cycle: ColourCycle): Puzzle {
  if (!(side >= g.minSide && side <= g.maxSide && Math.floor(side) === side)) {
    throw inputError(
      g.minSide === g.maxSide
        ? g.name + " is played on " + g.minSide + "×" + g.minSide + " only, got --size " + side
        : g.name + " takes --size " + g.minSide + " to " + g.maxSide + ", got " + side,
    );
  }
  if (g.layout === "intersections") return intersectionPuzzle(side, cycle.white + cycle.black);
  return gridPuzzle({ rows: side, cols: side, pattern: g.layout, states: g.colours });
}

/**
 * Source 001's checkerboard on an n×n board: black (0) where row + column is even, white
 * (`white`) elsewhere; `swapped` gives the colours exchanged — the goal.
 */
export function checkerboard(n: number, white: number, swapped: boolean): Uint8Array {
  const out = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) out[r * n + c] = ((r + c) % 2 === 0) === swapped ? white : 0;
  return out;
}

/** The goal of game `g` on board `p`: all dark, or (blackwhite) the swapped checkerboard. */
export function gameTarget(g: GameSpec, p: Puzzle, cycle: ColourCycle): Uint8Array {
  return g.layout === "intersections" ? checkerboard(p.rows, cycle.white, true) : namedTarget(p, "dark");
}

/**
 * The back-end a game on `p` plays through: the toy's mask back-end for on/off boards of at
 * most 32 cells and keys, the solver's (cellboards.ts) for the rest.
 */
export function gameTables(p: Puzzle): Backend<Board> {
  if (p.states === 2 && p.cells <= MAX_MASK_BITS && p.keys <= MAX_MASK_BITS) return new MaskBackend(compileTables(p));
  return new SolverBackend(p);
}

/**
 * The back-end of game `g` on `p`: gameTables's, or for a game with levels (mask boards) the
 * level back-end: puzzle n of a seed is level n + 1 of that seed, and past the last level the
 * usual random deal.
 */
export function gameSpecTables(g: GameSpec, p: Puzzle): Backend<Board> {
  if (g.levels && p.states === 2 && p.cells <= MAX_MASK_BITS && p.keys <= MAX_MASK_BITS) return new LevelBackend(compileTables(p));
  return gameTables(p);
}

/** A board of cell values (as boardstate.ts parses them for this board) as back-end `b` holds it. */
export function tableBoard(b: Backend<Board>, cells: Uint8Array): Board {
  const board = b.parse(formatBoard(cells));
  if (board === null) throw inputError("the board " + formatBoard(cells) + " is not one of " + b.rows + "×" + b.cols + " digits below " + b.cycle);
  return board;
}

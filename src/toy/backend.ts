/**
 * The back-end interface: what a kind of puzzle board knows about itself, after the `game`
 * structure of Simon Tatham's puzzle collection. The game (game.ts) and the mid-end
 * (midend.ts) play every board through it and nothing else, so a new kind of board is a new
 * back-end, not a new branch in the rules:
 *
 * - on/off boards of at most 32 cells, a board one 32-bit mask (maskgame.ts);
 * - k-state boards (a press advances each of its cells by 1 mod k), a board a string of digits,
 *   answered from precomputed tables (cellgame.ts);
 * - Lights Out's fifty levels: the mask board whose starts are the levels (levels.ts);
 * - in Node only, any board up to 64 cells answered by the full solver (src/maths/cellboards.ts).
 *
 * The two back-ends whose boards are digit strings share their board format (dark, digits,
 * parse, save, load) and keyAt, the inverse of their padOfKey: DigitBoards (cellgame.ts).
 *
 * A board value `B` is compared with === (a mask, or a digit string), so the game can test a
 * win or a dark board without asking. Keys and pads are numbered from 0 here; the console and
 * the command line number them from 1.
 */

/** A board: a bit mask (cell i = bit i), or a string of digits, one per cell (0 = dark). */
export type Board = number | string;

export interface Backend<B extends Board> {
  /** Pads in rows and columns (cells = rows × cols), and keys (on most boards one per pad). */
  rows: number;
  cols: number;
  cells: number;
  keys: number;
  /** k: a press advances each of its cells by 1 mod k (2 on on/off boards). */
  cycle: number;
  /** The all-dark board. */
  dark: B;
  /** How many boards can be reached from any one board (a float: it may be large). */
  reachable: number;
  /** `board` after one press of `key` (k presses of a key change nothing). */
  press(board: B, key: number): B;
  /** Whether some presses turn `from` into `to`. */
  canReach(from: B, to: B): boolean;
  /** The fewest presses (a key pressed c times counts c) that turn `from` into `to`, which can be reached. */
  par(from: B, to: B): number;
  /** The key to press next towards `target`; −1 when the board is solved or cannot be solved. */
  hint(board: B, target: B): number;
  /**
   * Puzzle `puzzle` of seed `seed`: a random start that can be turned into `target`, is not it,
   * and is not dark unless `darkStart`. The same seed and puzzle deal the same start wherever
   * the same back-end runs (the toy, the simulator, `merlin play`).
   */
  deal(target: B, darkStart: boolean, seed: number, puzzle: number): B;
  /** The pads that show key `key` (HIT ME's flash): its own pad on a grid, else where it is pressed. */
  padsOf(key: number): B;
  /**
   * The pad key `key` is pressed at, the pad HIT ME and COMP TURN name: its own on a grid;
   * where the keys are not the pads (blackwhite's intersections), the first pad the key advances.
   */
  padOfKey(key: number): number;
  /** The key pressed at pad `pad` (the inverse: keyAt(padOfKey(key)) is key), −1 when the pad is no key. */
  keyAt(pad: number): number;
  /** A board as digits, pad 1 first (0/1 on on/off boards). */
  digits(board: B): string;
  /** The board of `digits` (as digits writes it), or null when they are not one of this board's. */
  parse(digits: string): B | null;
  /** A board as a save file holds it (masks as unsigned decimals, cell boards as digits). */
  save(board: B): string;
  /** A board from a save file's field, or null when it is malformed or out of range. */
  load(text: string): B | null;
}

/**
 * The maths of a board, for the teaching view and the console's `Merlin.maths()`: cells count
 * mod `k`; `presses[j]` lists the pads key j advances as 0/1 digits, pad 1 first (a column of
 * the press matrix); the goal is `target`.
 */
export interface Maths {
  k: number;
  rows: number;
  cols: number;
  presses: string[];
  target: string;
}

/** The maths of back-end `b` with goal `target`. */
export function mathsOf<B extends Board>(b: Backend<B>, target: B): Maths {
  const presses: string[] = [];
  for (let key = 0; key < b.keys; key++) presses.push(b.digits(b.press(b.dark, key)));
  return { k: b.cycle, rows: b.rows, cols: b.cols, presses: presses, target: b.digits(target) };
}


/**
 * The back-end of on/off boards of at most 32 cells and keys (Merlin's 3×3, Lights Out's 5×5):
 * a board is one 32-bit mask, cell i in bit i, and a press XORs its key's cells in. Everything
 * else comes from the precomputed MaskTables (tables.ts) through masksolve.ts: no matrix is
 * inverted on the toy.
 */
import { Backend } from "./backend";
import { effectOf, hint, isReachable, minimumPresses } from "./masksolve";
import { bitsToMask, maskToBits } from "./maskbits";
import { nextRandom, seedRandom } from "./rng";
import { MaskTables } from "./tables";

/** Random press sets tried per deal before a deterministic scan (never reached in practice). */
const DEAL_ATTEMPTS = 64;

/**
 * The start of puzzle `puzzle` of seed `seed` on tables `t`: a uniformly random press set
 * applied to the target, redrawn while the result is not allowed. Each reachable board is hit
 * by the same number of press sets (2^quiet), so the starts are uniform over the solvable
 * boards, never solved, and never dark unless `darkStart`.
 */
export function dealStart(t: MaskTables, target: number, darkStart: boolean, seed: number, puzzle: number): number {
  const keyMask = t.keys >= 32 ? -1 : (1 << t.keys) - 1;
  let s = seedRandom(seed, puzzle);
  let presses = 0;
  // DEAL_ATTEMPTS random press sets, then every press set in turn after the last of them.
  const tries = DEAL_ATTEMPTS + Math.pow(2, t.keys);
  for (let i = 0; i < tries; i++) {
    if (i < DEAL_ATTEMPTS) {
      s = nextRandom(s);
      presses = s & keyMask;
    } else presses = (presses + 1) & keyMask;
    const board = target ^ effectOf(t, presses);
    if (board !== target && (darkStart || board !== 0)) return board;
  }
  return target ^ t.toggle[0];
}

export class MaskBackend implements Backend<number> {
  rows: number;
  cols: number;
  cells: number;
  keys: number;
  cycle = 2;
  dark = 0;
  reachable: number;
  /** The tables every answer comes from. */
  tables: MaskTables;

  constructor(t: MaskTables) {
    this.tables = t;
    this.rows = t.rows;
    this.cols = t.cols;
    this.cells = t.cells;
    this.keys = t.keys;
    // Every press set reaches a board; the quiet ones (2^quiet of them) change nothing.
    this.reachable = Math.pow(2, t.keys - t.quiet.length);
  }

  press(board: number, key: number): number {
    return board ^ this.tables.toggle[key];
  }

  canReach(from: number, to: number): boolean {
    return isReachable(this.tables, from ^ to);
  }

  par(from: number, to: number): number {
    return minimumPresses(this.tables, from, to);
  }

  hint(board: number, target: number): number {
    return hint(this.tables, board, target);
  }

  deal(target: number, darkStart: boolean, seed: number, puzzle: number): number {
    return dealStart(this.tables, target, darkStart, seed, puzzle);
  }

  padsOf(key: number): number {
    return this.keys === this.cells ? 1 << key : this.tables.toggle[key];
  }

  /** Key j is pressed at pad j (its own on a grid). */
  padOfKey(key: number): number {
    return key;
  }

  keyAt(pad: number): number {
    return pad < this.keys ? pad : -1;
  }

  digits(board: number): string {
    return maskToBits(board, this.cells);
  }

  parse(digits: string): number | null {
    // Only "0" and "1": then the digits the mask gives back are the same.
    const mask = bitsToMask(digits);
    return digits.length === this.cells && maskToBits(mask, this.cells) === digits ? mask : null;
  }

  save(board: number): string {
    return String(board >>> 0);
  }

  load(text: string): number | null {
    // A whole number written as save writes it (no sign, exponent or leading zero), within the board.
    const v = Number(text);
    const all = (this.cells >= 32 ? -1 : (1 << this.cells) - 1) >>> 0;
    return String(v) === text && v >= 0 && v <= all && Math.floor(v) === v ? v | 0 : null;
  }
}

/**
 * Board states as digit strings: row-major, one digit per cell (0 = dark, 1..k−1 = lit
 * colours), with optional '/' between rows. Also the named targets.
 */
import { inputError, Puzzle } from "./puzzle";

export const TARGET_NAMES = ["ring", "lit", "dark"];

/**
 * Parses a board string for `p`. Accepts exactly p.cells digits, each below p.states;
 * '/' may separate rows, and if used every row must have p.cols digits.
 */
export function parseBoard(p: Puzzle, text: string, what: string): Uint8Array {
  const s = text.trim();
  if (s.indexOf("/") >= 0) {
    const rows = s.split("/");
    for (let r = 0; r < rows.length; r++) {
      if (rows[r].length !== p.cols) {
        throw inputError(what + " '" + text + "': row " + (r + 1) + " has " + rows[r].length + (rows[r].length === 1 ? " digit" : " digits") + ", expected " + p.cols);
      }
    }
  }
  const digits = s.split("/").join("");
  if (digits.length !== p.cells) {
    throw inputError(what + " '" + text + "' has " + digits.length + (digits.length === 1 ? " cell" : " cells") + ", expected " + p.cells + " (" + p.rows + "×" + p.cols + ")");
  }
  const out = new Uint8Array(p.cells);
  for (let i = 0; i < digits.length; i++) {
    const code = digits.charCodeAt(i) - 48;
    if (!(code >= 0 && code < p.states)) {
      throw inputError(
        what + " '" + text + "': '" + digits.charAt(i) + "' at cell " + (i + 1) + " is not a digit from 0 to " + (p.states - 1),
      );
    }
    out[i] = code;
  }
  return out;
}

/** Row-major digits, no separators (also for press-count vectors). */
export function formatBoard(board: ArrayLike<number>): string {
  let s = "";
  for (let i = 0; i < board.length; i++) s += String.fromCharCode(48 + board[i]);
  return s;
}

/**
 * A named target: `lit` (every cell 1), `dark` (every cell 0) or `ring` (every cell lit but
 * the centre: the middle cell of an odd side, the middle two of an even side — for 3×3 the
 * Merlin goal, the ring of 8 lit with the centre dark).
 */
export function namedTarget(p: Puzzle, name: string): Uint8Array {
  const out = new Uint8Array(p.cells);
  if (name === "dark") return out;
  if (name === "lit") return out.fill(1);
  if (name === "ring") {
    out.fill(1);
    const r0 = (p.rows - 1) >> 1;
    const r1 = p.rows >> 1;
    const c0 = (p.cols - 1) >> 1;
    const c1 = p.cols >> 1;
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) out[r * p.cols + c] = 0;
    return out;
  }
  throw inputError("unknown target '" + name + "': use " + TARGET_NAMES.join(", ") + " or an explicit board");
}

/** True when every cell is 0. */
export function isDark(board: Uint8Array): boolean {
  for (let i = 0; i < board.length; i++) if (board[i] !== 0) return false;
  return true;
}

export function sameBoard(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

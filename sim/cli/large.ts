/**
 * Node-side helpers for large plus boards (`merlin solve --pattern plus --size N
 * --from-file board.txt | --all-lit --out presses.txt`, `merlin analyze --pattern plus
 * --size N --json`): board files in and out, timing, verification, the JSON summary.
 *
 * Board file format: one row per line, one digit per cell, 1 = lit (or pressed), 0 = dark;
 * every row the same length; "\n" or "\r\n" line ends; trailing empty lines are ignored.
 * Mistakes are reported as InputErrors with one line saying where and what is accepted.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { BoardTarget, PackedBoard, createBoard, litBoard, pressesReachTarget } from "../../src/chase";
import { analyzePlusGrid, solvePlusGrid } from "../../src/gridsolve";
import { powerString } from "../../src/bigcount";
import { inputError } from "../../src/puzzle";

/** Largest board `solve` accepts: 2^30 cells (32768×32768), about 128 MB per packed board. */
export const MAX_SOLVE_CELLS = 1 << 30;
/** Largest side `analyze` accepts; 100 000 takes well under a second. */
export const MAX_ANALYZE_SIDE = 1000000;

function describeByte(b: number): string {
  if (b === 9) return "a tab";
  if (b === 32) return "a space";
  if (b >= 33 && b < 127) return "'" + String.fromCharCode(b) + "'";
  return "byte 0x" + b.toString(16).padStart(2, "0");
}

/** Parses board text (bytes of a file); `name` appears in error messages. */
export function parseBoardBytes(bytes: Uint8Array, name: string): PackedBoard {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let len = buf.length;
  while (len > 0 && (buf[len - 1] === 10 || buf[len - 1] === 13)) len--;
  if (len === 0) throw inputError(`${name}: no rows — expected one line of 0/1 digits per board row`);
  const nl = (from: number): number => {
    const i = buf.indexOf(10, from);
    return i < 0 || i > len ? len : i;
  };
  let rows = 0;
  for (let pos = 0; pos <= len; pos = nl(pos) + 1) rows++;
  let firstEnd = nl(0);
  if (firstEnd > 0 && buf[firstEnd - 1] === 13) firstEnd--;
  const cols = firstEnd;
  if (cols === 0) throw inputError(`${name} line 1 is empty — expected 0/1 digits`);
  if (rows * cols > MAX_SOLVE_CELLS) {
    throw inputError(`${name} is ${rows}×${cols}: at most ${MAX_SOLVE_CELLS} cells are supported`);
  }
  const board = createBoard(rows, cols);
  const data = board.data;
  const stride = board.stride;
  let pos = 0;
  for (let r = 0; r < rows; r++) {
    const lineEnd = nl(pos);
    let end = lineEnd;
    if (end > pos && buf[end - 1] === 13) end--;
    if (end - pos !== cols) {
      if (end === pos) throw inputError(`${name} line ${r + 1} is empty — every row needs ${cols} digits like line 1`);
      throw inputError(`${name} line ${r + 1} has ${end - pos} cells, line 1 has ${cols}: every row must have the same length`);
    }
    const o = r * stride;
    let i = pos;
    for (let w = 0; w < stride; w++) {
      const stop = i + 32 < end ? i + 32 : end;
      let word = 0;
      let bit = 0;
      let bad = 0;
      for (; i < stop; i++) {
        const v = buf[i] - 48;
        bad |= v;
        word |= (v & 1) << bit++;
      }
      if (bad & ~1) {
        for (let k = stop - bit; k < stop; k++) {
          if (buf[k] !== 48 && buf[k] !== 49) {
            throw inputError(`${name} line ${r + 1}, column ${k - pos + 1}: ${describeByte(buf[k])} is not allowed — use 0 (dark) and 1 (lit)`);
          }
        }
      }
      data[o + w] = word;
    }
    pos = lineEnd + 1;
  }
  return board;
}

export function readBoardFile(path: string): PackedBoard {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw inputError(`cannot read board file '${path}': ${code === "ENOENT" ? "no such file" : code ?? String(e)}`);
  }
  return parseBoardBytes(buf, path);
}

/** The board as file bytes: one line of 0/1 digits per row, "\n" after each. */
export function formatBoard(board: PackedBoard): Buffer {
  const cols = board.cols;
  const out = Buffer.allocUnsafe(board.rows * (cols + 1));
  const data = board.data;
  let p = 0;
  for (let r = 0; r < board.rows; r++) {
    const o = r * board.stride;
    for (let c = 0; c < cols; c++) out[p++] = 48 | ((data[o + (c >>> 5)] >>> (c & 31)) & 1);
    out[p++] = 10;
  }
  return out;
}

export function writeBoardFile(path: string, board: PackedBoard): void {
  try {
    writeFileSync(path, formatBoard(board));
  } catch (e) {
    throw inputError(`cannot write '${path}': ${(e as { code?: string }).code ?? String(e)}`);
  }
}

export interface LargeSolveOptions {
  /**
   * Board side: N×N; rows and cols override it per dimension. With a start file, each
   * dimension given must match the file (the file decides any dimension not given).
   */
  size?: number;
  rows?: number;
  cols?: number;
  /** Start board from a file … */
  fromFile?: string;
  /** … or every cell lit. */
  allLit?: boolean;
  /** "dark" (default), "lit", or a file holding the target board. */
  target?: string;
  /** A file holding the target board (instead of `target`). */
  toFile?: string;
  /** Where to write the presses (same format as board files). */
  out?: string;
  /** Search for fewest presses on singular sizes (default true). */
  minimize?: boolean;
}

export interface LargeSolveSummary {
  solvable: boolean;
  /** Presses in the solution, null when unsolvable. */
  moves: number | null;
  nullity: number;
  minimal: boolean;
  timings: { readMs: number; solveMs: number; verifyMs: number; writeMs?: number };
  rows: number;
  cols: number;
  /** "unique", "exact", "heuristic", "none" or "unsolvable" (see gridsolve.ts). */
  method: string;
  /** The presses were replayed on the start board and reach the target. */
  verified: boolean;
}

function ms(t0: number): number {
  return Math.round((performance.now() - t0) * 1000) / 1000;
}

/** The rows and cols asked for (undefined = not given: the start file decides). */
function sizeFromOptions(o: LargeSolveOptions): { rows: number | undefined; cols: number | undefined } {
  return { rows: o.rows !== undefined ? o.rows : o.size, cols: o.cols !== undefined ? o.cols : o.size };
}

function checkSide(n: number, what: string, max: number): void {
  if (!(Number.isInteger(n) && n >= 1 && n <= max)) throw inputError(`${what} must be a whole number from 1 to ${max}, got ${n}`);
}

/**
 * Reads (or builds) the start board, solves, verifies by replaying the presses, writes them
 * if asked, and returns the summary; the presses are returned too (null when unsolvable).
 */
export function runLargeSolve(o: LargeSolveOptions): { summary: LargeSolveSummary; presses: PackedBoard | null } {
  const size = sizeFromOptions(o);
  if (size.rows !== undefined) checkSide(size.rows, "rows", MAX_SOLVE_CELLS);
  if (size.cols !== undefined) checkSide(size.cols, "cols", MAX_SOLVE_CELLS);
  if (size.rows !== undefined && size.cols !== undefined && size.rows * size.cols > MAX_SOLVE_CELLS) {
    throw inputError(`${size.rows}×${size.cols} is too large: at most ${MAX_SOLVE_CELLS} cells (e.g. 32768×32768)`);
  }
  if ((o.fromFile !== undefined) === (o.allLit === true)) throw inputError("give exactly one start: --from-file FILE or --all-lit");
  if (o.toFile !== undefined && o.target !== undefined) throw inputError("give a target file or a named target (dark, lit), not both");
  const t0 = performance.now();
  let board: PackedBoard;
  if (o.fromFile !== undefined) {
    board = readBoardFile(o.fromFile);
    const rowsOk = size.rows === undefined || board.rows === size.rows;
    const colsOk = size.cols === undefined || board.cols === size.cols;
    if (!rowsOk || !colsOk) {
      const asked = size.rows !== undefined && size.cols !== undefined
        ? `the size asked for is ${size.rows}×${size.cols}`
        : !rowsOk
          ? `${size.rows} rows were asked for`
          : `${size.cols} columns were asked for`;
      throw inputError(`${o.fromFile} is ${board.rows}×${board.cols}, but ${asked}`);
    }
  } else {
    if (size.rows === undefined || size.cols === undefined) throw inputError("--all-lit needs --size N (or --rows R --cols C)");
    board = litBoard(size.rows, size.cols);
  }
  let target: BoardTarget = "dark";
  const tName = o.toFile !== undefined ? o.toFile : o.target !== undefined ? o.target : "dark";
  if (o.toFile === undefined && (tName === "lit" || tName === "dark")) target = tName;
  else {
    const t = readBoardFile(tName);
    if (t.rows !== board.rows || t.cols !== board.cols) {
      throw inputError(`target ${tName} is ${t.rows}×${t.cols}, the board is ${board.rows}×${board.cols}`);
    }
    target = t;
  }
  const readMs = ms(t0);
  const t1 = performance.now();
  const sol = solvePlusGrid(board, target, { minimize: o.minimize !== false });
  const solveMs = ms(t1);
  const t2 = performance.now();
  const verified = sol.presses !== null && pressesReachTarget(board, sol.presses, target);
  const verifyMs = ms(t2);
  if (sol.solvable && !verified) throw new Error("internal error: the presses found do not reach the target");
  const summary: LargeSolveSummary = {
    solvable: sol.solvable,
    moves: sol.solvable ? sol.moves : null,
    nullity: sol.nullity,
    minimal: sol.minimal,
    timings: { readMs: readMs, solveMs: solveMs, verifyMs: verifyMs },
    rows: board.rows,
    cols: board.cols,
    method: sol.method,
    verified: verified,
  };
  if (o.out !== undefined && sol.presses !== null) {
    const t3 = performance.now();
    writeBoardFile(o.out, sol.presses);
    summary.timings.writeMs = ms(t3);
  }
  return { summary: summary, presses: sol.presses };
}

export interface LargeAnalyzeSummary {
  rows: number;
  cols: number;
  rank: number;
  nullity: number;
  invertible: boolean;
  /** Fraction of all start boards that can be turned dark: 2^-nullity. */
  solvableFraction: number;
  timings: { analyzeMs: number };
}

/** Rank and nullity of a rows×cols plus board from the polynomial gcd alone (no board). */
export function runLargeAnalyze(rows: number, cols: number): LargeAnalyzeSummary {
  checkSide(rows, "rows", MAX_ANALYZE_SIDE);
  checkSide(cols, "cols", MAX_ANALYZE_SIDE);
  const t0 = performance.now();
  const a = analyzePlusGrid(rows, cols);
  return {
    rows: a.rows,
    cols: a.cols,
    rank: a.rank,
    nullity: a.nullity,
    invertible: a.invertible,
    solvableFraction: Math.pow(2, -a.nullity),
    timings: { analyzeMs: ms(t0) },
  };
}

/**
 * Largest rank whose 2^rank `analyze` writes out in decimal: 2^33219 has 10 000 digits
 * (boards up to about 182×182). Beyond it the count is written "2^RANK": 2^(10^10) would
 * take 3 GB of digits.
 */
export const MAX_EXACT_RANK = 33219;

/** The number of solvable on/off boards, 2^rank: exact decimal up to MAX_EXACT_RANK, else "2^rank". */
export function powerOfTwoText(rank: number): string {
  return rank <= MAX_EXACT_RANK ? powerString(2, rank) : `2^${rank}`;
}

/** One-line JSON, as `--json` prints it. */
export function summaryJson(s: LargeSolveSummary | LargeAnalyzeSummary): string {
  return JSON.stringify(s);
}

/** Human-readable summary lines (without --json); `out` names the presses file when one was written. */
export function summaryText(s: LargeSolveSummary, out?: string): string {
  const t = s.timings;
  const head = s.solvable
    ? `${s.rows}×${s.cols}: solvable, ${s.moves} presses (${s.minimal ? "minimal" : s.method === "heuristic" ? "not proven minimal: heuristic" : "not minimised"}), nullity ${s.nullity}`
    : `${s.rows}×${s.cols}: not solvable (nullity ${s.nullity}: only 1 in 2^${s.nullity} boards is)`;
  const lines = [head];
  if (!s.solvable && out !== undefined) lines.push(`nothing written to ${out}`);
  if (s.solvable) {
    lines.push(
      out !== undefined
        ? `presses written to ${out} (1 = press that cell once), replayed: they reach the target`
        : "replayed: the presses reach the target (use --out FILE to write them)",
    );
  }
  lines.push(`read ${t.readMs} ms, solve ${t.solveMs} ms, verify ${t.verifyMs} ms${t.writeMs !== undefined ? `, write ${t.writeMs} ms` : ""}`);
  return lines.join("\n");
}

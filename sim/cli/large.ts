/**
 * Node-side helpers for large plus boards (`merlin solve --pattern plus --size N
 * --from-file board.txt | --all-lit --out presses.txt`, `merlin analyze --pattern plus
 * --size N --json`): board files in and out, timing, verification, the JSON summary.
 *
 * Board file format: one row per line, one digit per cell, 1 = lit (or pressed), 0 = dark;
 * every row the same length; "\n" or "\r\n" line ends; up to MAX_TRAILING_EMPTY_LINES empty
 * lines after the last row are ignored. Files are checked as they are read (BoardReader).
 * Mistakes are reported as InputErrors with one line saying where and what is accepted.
 *
 * Memory: a board is 1 bit a cell while it is read (rows narrower than 32 cells end to end),
 * so any input, an endless pipe too, is refused at MAX_SOLVE_CELLS after at most ~200 MB.
 * Boards of one row or one column stay that way (a column as its transposed row) and are
 * solved by solvePlusLine: 2^30 cells take ~330 MB in all. Presses files are written a
 * megabyte at a time.
 */
import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { BoardTarget, PackedBoard, createBoard, lastWordMask, litBoard, pressesReachTarget } from "../../src/maths/chase";
import { analyzePlusGrid, solvePlusGrid, solvePlusLine } from "../../src/maths/gridsolve";
import { powerString } from "../../src/maths/bigcount";
import { inputError } from "../../src/maths/puzzle";
import { plural } from "../app/toy-info";

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

/** Most empty lines a board file may have after its last row (editors add one or two). */
export const MAX_TRAILING_EMPTY_LINES = 16;
/** Bytes read at a time: a file is checked as it is read, so a mistake costs at most one chunk. */
const CHUNK_BYTES = 1 << 22;

/** The size a board file must have when it is known before reading (each side optional). */
export interface BoardShape {
  rows?: number;
  cols?: number;
  /** How the expected size is said in an error, e.g. "the size asked for is 6×6". */
  expected?: string;
  /**
   * A board of one column comes back transposed, 1×rows (its cells end to end, 1 bit each,
   * instead of a word each), marked `transposed` (for the line solver).
   */
  columnAsRow?: boolean;
}

/** A board as read: `transposed` when a one-column board came back as its 1×rows transpose (BoardShape.columnAsRow). */
export interface ReadBoard {
  board: PackedBoard;
  transposed: boolean;
}

/**
 * Board text checked and packed as it arrives, in chunks of any size: reading stops at the
 * first byte that is not 0, 1 or a line end, at the first line whose length differs from
 * line 1, and as soon as the file has more rows or columns than the expected shape (or
 * than MAX_SOLVE_CELLS cells) allows. So /dev/zero, /dev/urandom or a huge file with a
 * mistake near the start cost one chunk, not the whole file.
 */
class BoardReader {
  private cols = -1; // unknown until line 1 ends
  private stride = 0;
  private maxRows = 0;
  private rows = 0; // complete rows
  private col = 0; // cells so far on the current line
  private line = 1;
  private data = new Uint32Array(1024);
  /** Rows narrower than a word are packed end to end (cell (r, c) at bit r·cols + c), not one word each. */
  private narrow = false;
  private pendingCR = false; // a chunk ended in "\r": it must be followed by "\n"
  private firstEmpty = 0; // line number of the first empty line, 0 = none yet
  private empties = 0;

  constructor(
    private readonly name: string,
    private readonly shape: BoardShape,
  ) {}

  private fail(message: string): never {
    throw inputError(`${this.name}${message}`);
  }

  private expected(): string {
    return this.shape.expected ?? "a different size was asked for";
  }

  /** Makes room for `words` words of packed cells, growing by doubling up to the largest board allowed. */
  private room(words: number): void {
    const limit = this.cols < 0 ? (MAX_SOLVE_CELLS >>> 5) + 1 : this.narrow ? (this.maxRows * this.cols + 31) >>> 5 : this.maxRows * this.stride;
    if (words > limit) words = limit;
    if (words <= this.data.length) return;
    const grown = new Uint32Array(Math.min(limit, Math.max(words, this.data.length * 2)));
    grown.set(this.data);
    this.data = grown;
  }

  push(buf: Uint8Array): void {
    let i = 0;
    const end = buf.length;
    if (this.pendingCR && end > 0) {
      this.pendingCR = false;
      if (buf[0] !== 10) this.badByte(13, this.col);
      this.endLine();
      i = 1;
    }
    while (i < end) {
      if (this.narrow && this.col === 0 && this.firstEmpty === 0) {
        i = this.narrowRows(buf, i, end);
        if (i >= end) break;
      }
      let nl = buf.indexOf(10, i);
      const lineEnds = nl >= 0;
      if (!lineEnds) nl = end;
      let digitsEnd = nl;
      if (digitsEnd > i && buf[digitsEnd - 1] === 13) {
        digitsEnd--;
        if (!lineEnds) this.pendingCR = true;
      }
      if (digitsEnd > i) this.addCells(buf, i, digitsEnd, lineEnds);
      if (!lineEnds) break;
      this.endLine();
      i = nl + 1;
    }
  }

  /** The packed board once every chunk has been pushed. */
  finish(): ReadBoard {
    if (this.pendingCR || this.col > 0) {
      this.pendingCR = false;
      this.endLine();
    }
    if (this.rows === 0) this.fail(": no rows — expected one line of 0/1 digits per board row");
    if (this.shape.rows !== undefined && this.rows !== this.shape.rows) this.fail(` is ${this.rows}×${this.cols}, but ${this.expected()}`);
    const words = this.narrow ? (this.rows * this.cols + 31) >>> 5 : this.rows * this.stride;
    // The board grew by doubling and may hold up to twice what it needs: copy it then.
    const data = this.data.length === words ? this.data : this.data.length - words > words >>> 3 ? this.data.slice(0, words) : this.data.subarray(0, words);
    if (!this.narrow) return { board: { rows: this.rows, cols: this.cols, stride: this.stride, data: data }, transposed: false };
    // One column: the cells end to end are the transposed board (1×rows), as the line solver takes it.
    if (this.cols === 1 && this.shape.columnAsRow === true) return { board: { rows: 1, cols: this.rows, stride: words, data: data }, transposed: true };
    this.data = new Uint32Array(0);
    return { board: unpackNarrow(data, this.rows, this.cols), transposed: false };
  }

  /**
   * Fast path for rows narrower than a word, "digits\n" after "digits\n" (one column: `yes 1`):
   * packs whole rows until a row that is not exactly cols digits and "\n", or the row limit,
   * and returns where it stopped; the general path then takes that line (and reports it).
   */
  private narrowRows(buf: Uint8Array, from: number, end: number): number {
    const cols = this.cols;
    const maxRows = this.maxRows;
    let i = from;
    let rows = this.rows;
    let bit = rows * cols;
    let data = this.data;
    for (;;) {
      if (cols === 1 && (bit & 31) === 0) {
        // One column: 32 lines "d\n" make one word.
        while (i + 64 <= end && rows + 32 <= maxRows) {
          let v = 0;
          let bad = 0;
          let ends = 0;
          for (let k = 0; k < 32; k++) {
            const x = buf[i + 2 * k] - 48;
            bad |= x;
            ends |= buf[i + 2 * k + 1] ^ 10;
            v |= (x & 1) << k;
          }
          if ((bad & ~1) | ends) break;
          const w = bit >>> 5;
          if (w >= data.length) {
            this.room(w + 1);
            data = this.data;
          }
          data[w] = v;
          bit += 32;
          rows += 32;
          i += 64;
        }
      }
      if (!(i + cols < end && buf[i + cols] === 10 && rows < maxRows)) break;
      let v = 0;
      let bad = 0;
      for (let k = 0; k < cols; k++) {
        const x = buf[i + k] - 48;
        bad |= x;
        v |= (x & 1) << k;
      }
      if (bad & ~1) break;
      const w = bit >>> 5;
      if ((bit + cols + 31) >>> 5 > data.length) {
        this.room((bit + cols + 31) >>> 5);
        data = this.data;
      }
      const sh = bit & 31;
      data[w] |= v << sh;
      if (sh + cols > 32) data[w + 1] |= v >>> (32 - sh);
      bit += cols;
      rows++;
      i += cols + 1;
    }
    this.line += rows - this.rows;
    this.rows = rows;
    return i;
  }

  private startRow(): void {
    if (this.firstEmpty !== 0) {
      if (this.rows === 0) this.fail(" line 1 is empty — expected 0/1 digits");
      this.fail(` line ${this.firstEmpty} is empty — every row needs ${this.cols} digits like line 1`);
    }
    if (this.cols >= 0 && this.rows >= this.maxRows) {
      if (this.shape.rows !== undefined) this.fail(` has more than ${this.shape.rows} rows, but ${this.expected()}`);
      this.fail(` has more than ${this.maxRows} rows of ${plural(this.cols, "cell")}: at most ${MAX_SOLVE_CELLS} cells are supported`);
    }
  }

  private addCells(buf: Uint8Array, from: number, to: number, lineEnds: boolean): void {
    if (this.col === 0) this.startRow();
    const total = this.col + (to - from);
    if (this.cols < 0) {
      const limit = this.shape.cols !== undefined ? this.shape.cols : MAX_SOLVE_CELLS;
      if (total > limit) {
        if (this.shape.cols !== undefined) this.fail(` line 1 has ${lineEnds ? plural(total, "cell") : `more than ${limit} cells`}, but ${this.expected()}`);
        this.fail(` line 1 has more than ${limit} cells: at most ${MAX_SOLVE_CELLS} cells are supported`);
      }
    } else if (total > this.cols) {
      this.fail(` line ${this.line} has ${lineEnds ? plural(total, "cell") : `more than ${this.cols} cells`}, line 1 has ${this.cols}: every row must have the same length`);
    }
    this.pack(buf, from, to);
  }

  /** Packs the digits buf[from..to) into the current row from column `col`, checking each. */
  private pack(buf: Uint8Array, from: number, to: number): void {
    if (this.narrow) {
      this.packNarrow(buf, from, to);
      return;
    }
    const o = this.cols < 0 ? 0 : this.rows * this.stride;
    let c = this.col;
    this.room(o + ((c + (to - from) + 31) >>> 5));
    const data = this.data;
    let i = from;
    while (i < to && (c & 31) !== 0) {
      const v = buf[i] - 48;
      if (v !== 0 && v !== 1) this.badByte(buf[i], c);
      data[o + (c >>> 5)] |= v << (c & 31);
      i++;
      c++;
    }
    while (i + 32 <= to) {
      let word = 0;
      let bad = 0;
      for (let bit = 0; bit < 32; bit++) {
        const v = buf[i + bit] - 48;
        bad |= v;
        word |= (v & 1) << bit;
      }
      if (bad & ~1) {
        for (let k = 0; k < 32; k++) if (buf[i + k] !== 48 && buf[i + k] !== 49) this.badByte(buf[i + k], c + k);
      }
      data[o + (c >>> 5)] = word;
      i += 32;
      c += 32;
    }
    while (i < to) {
      const v = buf[i] - 48;
      if (v !== 0 && v !== 1) this.badByte(buf[i], c);
      data[o + (c >>> 5)] |= v << (c & 31);
      i++;
      c++;
    }
    this.col = c;
  }

  /** pack() for rows narrower than a word: cell (r, c) at bit r·cols + c (the line is shorter than a word). */
  private packNarrow(buf: Uint8Array, from: number, to: number): void {
    const base = this.rows * this.cols;
    let c = this.col;
    this.room(((base + c + (to - from)) >>> 5) + 1);
    const data = this.data;
    for (let i = from; i < to; i++) {
      const v = buf[i] - 48;
      if (v !== 0 && v !== 1) this.badByte(buf[i], c);
      const bit = base + c;
      data[bit >>> 5] |= v << (bit & 31);
      c++;
    }
    this.col = c;
  }

  private badByte(b: number, c: number): never {
    this.fail(` line ${this.line}, column ${c + 1}: ${describeByte(b)} is not allowed — use 0 (dark) and 1 (lit)`);
  }

  private endLine(): void {
    if (this.col === 0) {
      if (this.firstEmpty === 0) this.firstEmpty = this.line;
      if (++this.empties > MAX_TRAILING_EMPTY_LINES) {
        if (this.rows === 0) this.fail(": no rows — expected one line of 0/1 digits per board row");
        this.fail(` has more than ${MAX_TRAILING_EMPTY_LINES} empty lines after its last row (line ${this.firstEmpty - 1})`);
      }
    } else {
      if (this.cols < 0) this.firstLineEnds();
      else if (this.col !== this.cols) {
        this.fail(` line ${this.line} has ${plural(this.col, "cell")}, line 1 has ${this.cols}: every row must have the same length`);
      }
      this.rows++;
    }
    this.col = 0;
    this.line++;
  }

  /** Line 1 sets the width: from here on the board's shape and its largest size are known. */
  private firstLineEnds(): void {
    const cols = this.col;
    if (this.shape.cols !== undefined && cols !== this.shape.cols) this.fail(` line 1 has ${plural(cols, "cell")}, but ${this.expected()}`);
    this.cols = cols;
    this.stride = (cols + 31) >>> 5;
    this.maxRows = this.shape.rows !== undefined ? this.shape.rows : Math.floor(MAX_SOLVE_CELLS / cols);
    // Line 1 sits at bit 0 in both layouts, so switching to the narrow one moves nothing.
    this.narrow = cols < 32;
  }
}

/** A board packed end to end (cell (r, c) at bit r·cols + c, cols < 32) in the usual one-word-per-row layout. */
function unpackNarrow(bits: Uint32Array, rows: number, cols: number): PackedBoard {
  const b = createBoard(rows, cols);
  const mask = lastWordMask(cols);
  const out = b.data;
  let bit = 0;
  for (let r = 0; r < rows; r++) {
    const w = bit >>> 5;
    const s = bit & 31;
    let v = bits[w] >>> s;
    if (s + cols > 32) v |= bits[w + 1] << (32 - s);
    out[r] = v & mask;
    bit += cols;
  }
  return b;
}

/** Parses board text arriving in pieces split anywhere; `name` appears in error messages. */
export function parseBoardChunks(chunks: Iterable<Uint8Array>, name: string, shape: BoardShape = {}): PackedBoard {
  const reader = new BoardReader(name, shape);
  for (const chunk of chunks) reader.push(chunk);
  return reader.finish().board;
}

/** Parses board text (bytes of a file); `name` appears in error messages. */
export function parseBoardBytes(bytes: Uint8Array, name: string, shape: BoardShape = {}): PackedBoard {
  return parseBoardChunks([bytes], name, shape);
}

/**
 * Reads a board file chunk by chunk, checking as it goes (see BoardReader): a file that is
 * wrong, endless (/dev/zero, a pipe) or larger than `shape` or MAX_SOLVE_CELLS allow is
 * rejected as soon as that shows, after at most one chunk more than the board needs.
 */
export function readBoardFile(path: string, shape: BoardShape = {}): PackedBoard {
  return readBoard(path, { rows: shape.rows, cols: shape.cols, expected: shape.expected }).board;
}

/** readBoardFile, and with `shape.columnAsRow` a one-column board transposed (see BoardShape). */
export function readBoard(path: string, shape: BoardShape = {}): ReadBoard {
  const cannot = (e: unknown): never => {
    const code = (e as { code?: string }).code;
    const why =
      path === "" ? "the name is empty"
      : code === "ENOENT" ? (path === "-" ? "no such file (standard input is /dev/stdin)" : "no such file")
      : code === "EISDIR" ? "it is a folder"
      : code === "EACCES" ? "no permission to read it"
      : code ?? String(e);
    throw inputError(`cannot read board file '${path}': ${why}`);
  };
  let fd = -1;
  try {
    fd = openSync(path, "r");
  } catch (e) {
    cannot(e);
  }
  try {
    const reader = new BoardReader(path, shape);
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      } catch (e) {
        return cannot(e);
      }
      if (n === 0) break;
      reader.push(chunk.subarray(0, n));
    }
    return reader.finish();
  } finally {
    closeSync(fd);
  }
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

/** Bytes written at a time: a presses file is written as it is formatted, never whole in memory (2^30 cells: 1–2 GB of text). */
const WRITE_BYTES = 1 << 20;

/**
 * Four digits (`d` = 4 cells) or two lines "d\n" (`d` = 2 cells) as the 32-bit word that holds
 * their bytes, so that a word of cells becomes 8 or 16 stores (built through bytes: any endianness).
 */
function digitWords(cells: number, perLine: boolean): Uint32Array {
  const bytes = new Uint8Array(4 << cells);
  for (let v = 0; v < 1 << cells; v++) {
    for (let k = 0; k < cells; k++) {
      if (perLine) {
        bytes[v * 4 + 2 * k] = 48 | ((v >>> k) & 1);
        bytes[v * 4 + 2 * k + 1] = 10;
      } else bytes[v * 4 + k] = 48 | ((v >>> k) & 1);
    }
  }
  return new Uint32Array(bytes.buffer);
}

/** Writes formatBoard(board) to `fd` a chunk at a time; `transposed`: board is the 1×rows transpose of a one-column board. */
function writeBoardTo(fd: number, board: PackedBoard, transposed: boolean): void {
  const buf = new Uint8Array(WRITE_BYTES);
  const buf32 = new Uint32Array(buf.buffer);
  const four = digitWords(4, false);
  const two = digitWords(2, true);
  let p = 0;
  const flush = (): void => {
    let off = 0;
    while (off < p) off += writeSync(fd, buf, off, p - off);
    p = 0;
  };
  const data = board.data;
  const cols = board.cols;
  const stride = board.stride;
  // A word (32 cells) at a time: at most 64 bytes, so one check for room per word; whole
  // words at a 4-byte-aligned place (every word of a one-row board) by the tables above.
  for (let r = 0; r < board.rows; r++) {
    const o = r * stride;
    for (let w = 0; w < stride; w++) {
      let v = data[o + w];
      const n = cols - (w << 5) < 32 ? cols - (w << 5) : 32;
      if (p + 64 > WRITE_BYTES) flush();
      if (n === 32 && (p & 3) === 0) {
        let q = p >>> 2;
        if (transposed) {
          for (let k = 0; k < 16; k++) {
            buf32[q++] = two[v & 3];
            v >>>= 2;
          }
          p += 64;
        } else {
          for (let k = 0; k < 8; k++) {
            buf32[q++] = four[v & 15];
            v >>>= 4;
          }
          p += 32;
        }
      } else if (transposed) {
        // One cell per line.
        for (let k = 0; k < n; k++) {
          buf[p++] = 48 | (v & 1);
          buf[p++] = 10;
          v >>>= 1;
        }
      } else {
        for (let k = 0; k < n; k++) {
          buf[p++] = 48 | (v & 1);
          v >>>= 1;
        }
      }
    }
    if (!transposed) {
      if (p === WRITE_BYTES) flush();
      buf[p++] = 10;
    }
  }
  flush();
}

/** Writes the board file (formatBoard's bytes) in chunks; `transposed` as for writeBoardTo. */
export function writeBoardFile(path: string, board: PackedBoard, transposed = false): void {
  let fd = -1;
  try {
    fd = openSync(path, "w");
    writeBoardTo(fd, board, transposed);
  } catch (e) {
    throw inputError(`cannot write '${path}': ${(e as { code?: string }).code ?? String(e)}`);
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}

export interface LargeSolveOptions {
  /**
   * Board side: N×N, or rows and/or cols. With a start file, each dimension given must
   * match the file (the file decides any dimension not given); reading stops as soon as
   * the file cannot match.
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

export interface LargeSolveResult {
  summary: LargeSolveSummary;
  /** The presses, null when the target cannot be reached; the 1×rows transpose when `transposed`. */
  presses: PackedBoard | null;
  /** The board has one column and more than one row: `presses` is held as its transpose, one row. */
  transposed: boolean;
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
export function runLargeSolve(o: LargeSolveOptions): LargeSolveResult {
  const size = sizeFromOptions(o);
  if (size.rows !== undefined) checkSide(size.rows, "rows", MAX_SOLVE_CELLS);
  if (size.cols !== undefined) checkSide(size.cols, "cols", MAX_SOLVE_CELLS);
  if (size.rows !== undefined && size.cols !== undefined && size.rows * size.cols > MAX_SOLVE_CELLS) {
    throw inputError(`${size.rows}×${size.cols} is too large: at most ${MAX_SOLVE_CELLS} cells (e.g. 32768×32768)`);
  }
  if ((o.fromFile !== undefined) === (o.allLit === true)) throw inputError("give exactly one start: --from-file FILE or --all-lit");
  if (o.toFile !== undefined && o.target !== undefined) throw inputError("give a target file or a named target (dark, lit), not both");
  const t0 = performance.now();
  // Boards of one row or one column are held as one packed row (a column transposed): 1 bit
  // a cell instead of a word a row, and solved by solvePlusLine in O(cells/32).
  let board: PackedBoard;
  let transposed = false;
  if (o.fromFile !== undefined) {
    const asked = size.rows !== undefined && size.cols !== undefined
      ? `the size asked for is ${size.rows}×${size.cols}`
      : size.rows !== undefined
        ? `${size.rows} rows were asked for`
        : `${size.cols} columns were asked for`;
    const read = readBoard(o.fromFile, { rows: size.rows, cols: size.cols, expected: asked, columnAsRow: true });
    board = read.board;
    transposed = read.transposed;
  } else {
    if (size.rows === undefined || size.cols === undefined) throw inputError("--all-lit needs --size N (or --rows R --cols C)");
    transposed = size.cols === 1 && size.rows > 1;
    board = transposed ? litBoard(1, size.rows) : litBoard(size.rows, size.cols);
  }
  const rows = transposed ? board.cols : board.rows;
  const cols = transposed ? 1 : board.cols;
  const line = board.rows === 1;
  let target: BoardTarget = "dark";
  const tName = o.toFile !== undefined ? o.toFile : o.target !== undefined ? o.target : "dark";
  if (o.toFile === undefined && (tName === "lit" || tName === "dark")) target = tName;
  else {
    const read = readBoard(tName, { rows: rows, cols: cols, expected: `the start board is ${rows}×${cols}`, columnAsRow: transposed });
    target = read.board;
  }
  const readMs = ms(t0);
  const t1 = performance.now();
  const options = { minimize: o.minimize !== false };
  const sol = line ? solvePlusLine(board, target, options) : solvePlusGrid(board, target, options);
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
    rows: rows,
    cols: cols,
    method: sol.method,
    verified: verified,
  };
  if (o.out !== undefined && sol.presses !== null) {
    const t3 = performance.now();
    writeBoardFile(o.out, sol.presses, transposed);
    summary.timings.writeMs = ms(t3);
  }
  return { summary: summary, presses: sol.presses, transposed: transposed };
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

/**
 * The puzzle model: which cells (lights) each key (button) advances.
 *
 * A press adds 1 (mod `states`) to every cell it affects; with 2 states that is a toggle.
 * The model is a sparse key → cells incidence list, so grids, tori, arbitrary graphs
 * (source 004), 3-D boards (source 000) and boards whose buttons are not cells (source 001's
 * 2×2 buttons on the inner intersections) are all the same thing to the solver and the game.
 * A key affects each cell at most once: on a torus narrower than its pattern two offsets can
 * land on the same cell (up and down on a 2-row torus), and that neighbour is toggled once,
 * as on the same board given as a graph.
 */
import { BitMatrix, createBitMatrix } from "./gf2";
import { inputError } from "../toy/input-error";
import { orderBySize } from "../toy/safeorder";

export interface Puzzle {
  /** Short human name, e.g. "merlin 3×3". */
  name: string;
  /**
   * What a press changes: for grids the pattern name or custom mask as given (e.g. "plus",
   * "010/111/010"); "graph", "box" or "intersections" for the other layouts. The solver
   * picks specialised methods by it (src/maths/solver.ts).
   */
  pattern: string;
  /** Grid shape for drawing and for row/column input; a graph puzzle is 1 × cells. */
  rows: number;
  cols: number;
  cells: number;
  keys: number;
  /** k: a press advances a cell by 1 mod k (2 = on/off). */
  states: number;
  wrap: boolean;
  /** Key j affects cells keyCells[keyStart[j] .. keyStart[j + 1] - 1]. */
  keyStart: Int32Array;
  keyCells: Int32Array;
}

export { inputError, isInputError } from "../toy/input-error";

export const MAX_GRID_SIDE = 128;
export const MIN_STATES = 2;
export const MAX_STATES = 9;

/** Relative [row, col] offsets, flattened: dr0, dc0, dr1, dc1, … The pressed cell is (0, 0). */
const OFFSETS: { [name: string]: number[] } = {
  plus: [0, 0, -1, 0, 1, 0, 0, -1, 0, 1],
  x: [0, 0, -1, -1, -1, 1, 1, -1, 1, 1],
  king: [-1, -1, -1, 0, -1, 1, 0, -1, 0, 0, 0, 1, 1, -1, 1, 0, 1, 1],
  right: [0, 0, 0, 1],
  "right-up": [0, 0, 0, 1, -1, 0],
  "left-right": [0, 0, 0, -1, 0, 1],
  "up-down": [0, 0, -1, 0, 1, 0],
};

/** Every pattern name the model knows, in the order help texts list them. */
export const PATTERN_NAMES = ["merlin", "plus", "x", "king", "right", "right-up", "left-right", "up-down"];

export const PATTERN_HELP =
  "merlin, plus, x, king, right, right-up, left-right, up-down, or a mask such as 010/111/010";

/** Only 0, 1 and '/' (Espruino's regular expressions cannot match repeated groups). */
function looksLikeMask(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch !== "0" && ch !== "1" && ch !== "/") return false;
  }
  return true;
}

/**
 * Parses a custom mask: rows of 0/1 separated by '/', odd height and width, the centre
 * being the pressed cell. Returns flattened offsets.
 */
export function parseMask(mask: string): number[] {
  const lines = mask.split("/");
  const h = lines.length;
  const w = lines[0].length;
  if (h % 2 === 0 || w % 2 === 0) {
    throw inputError("pattern mask '" + mask + "' must have an odd number of rows and columns (centre = the pressed cell)");
  }
  const out: number[] = [];
  for (let r = 0; r < h; r++) {
    if (lines[r].length !== w) throw inputError("pattern mask '" + mask + "': every row must have " + w + " digits");
    for (let c = 0; c < w; c++) {
      const ch = lines[r].charAt(c);
      if (ch === "1") out.push(r - (h >> 1), c - (w >> 1));
      else if (ch !== "0") throw inputError("pattern mask '" + mask + "': only 0 and 1 are allowed, found '" + ch + "'");
    }
  }
  if (out.length === 0) throw inputError("pattern mask '" + mask + "' affects no cell");
  return out;
}

/**
 * The Merlin rule generalised to rows × cols (sources 002/003 for 3×3): a corner affects its
 * 2×2 block, an edge cell the 3 cells along its edge, an interior cell the plus. On a torus
 * there are no edges, so every cell is interior.
 */
function merlinOffsets(r: number, c: number, rows: number, cols: number, wrap: boolean): number[] {
  const top = !wrap && r === 0;
  const bottom = !wrap && r === rows - 1;
  const left = !wrap && c === 0;
  const right = !wrap && c === cols - 1;
  const onRowEdge = top || bottom;
  const onColEdge = left || right;
  if (onRowEdge && onColEdge) {
    const dr = top ? 1 : -1;
    const dc = left ? 1 : -1;
    return [0, 0, 0, dc, dr, 0, dr, dc];
  }
  if (onRowEdge) return [0, -1, 0, 0, 0, 1];
  if (onColEdge) return [-1, 0, 0, 0, 1, 0];
  return OFFSETS.plus;
}

export interface GridOptions {
  rows: number;
  cols: number;
  /** A pattern name or a custom mask (see parseMask). */
  pattern: string;
  wrap?: boolean;
  states?: number;
}

function checkStates(states: number): void {
  if (!(states >= MIN_STATES && states <= MAX_STATES && Math.floor(states) === states)) {
    throw inputError("states must be a whole number from " + MIN_STATES + " to " + MAX_STATES + ", got " + states);
  }
}

function checkSide(what: string, n: number): void {
  if (!(n >= 1 && n <= MAX_GRID_SIDE && Math.floor(n) === n)) {
    throw inputError(what + " must be a whole number from 1 to " + MAX_GRID_SIDE + ", got " + n);
  }
}

/** Builds the key → cells lists from per-key offset lists (clipped, or wrapped on a torus). */
function fromOffsets(
  name: string,
  pattern: string,
  rows: number,
  cols: number,
  wrap: boolean,
  states: number,
  offsetsOf: (r: number, c: number) => number[],
): Puzzle {
  const cells = rows * cols;
  const start = new Int32Array(cells + 1);
  const list: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const off = offsetsOf(r, c);
      for (let i = 0; i < off.length; i += 2) {
        let rr = r + off[i];
        let cc = c + off[i + 1];
        if (wrap) {
          rr = ((rr % rows) + rows) % rows;
          cc = ((cc % cols) + cols) % cols;
        } else if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) {
          continue;
        }
        const cell = rr * cols + cc;
        let seen = false;
        for (let j = start[r * cols + c]; j < list.length; j++) if (list[j] === cell) seen = true;
        if (!seen) list.push(cell);
      }
      start[r * cols + c + 1] = list.length;
    }
  }
  return {
    name: name,
    pattern: pattern,
    rows: rows,
    cols: cols,
    cells: cells,
    keys: cells,
    states: states,
    wrap: wrap,
    keyStart: start,
    keyCells: new Int32Array(list),
  };
}

/** A rows × cols grid whose keys are its cells, with a named pattern or a custom mask. */
export function gridPuzzle(opts: GridOptions): Puzzle {
  const rows = opts.rows;
  const cols = opts.cols;
  const wrap = !!opts.wrap;
  const states = opts.states === undefined ? 2 : opts.states;
  checkSide("rows", rows);
  checkSide("cols", cols);
  checkStates(states);
  const pattern = opts.pattern;
  const shape = rows === cols ? rows + "×" + rows : rows + "×" + cols;
  const name = pattern + " " + shape + (wrap ? " torus" : "") + (states !== 2 ? " mod " + states : "");
  if (pattern === "merlin") {
    return fromOffsets(name, pattern, rows, cols, wrap, states, function (r: number, c: number) {
      return merlinOffsets(r, c, rows, cols, wrap);
    });
  }
  let off: number[];
  if (OFFSETS.hasOwnProperty(pattern)) off = OFFSETS[pattern];
  else if (looksLikeMask(pattern)) off = parseMask(pattern);
  else throw inputError("unknown pattern '" + pattern + "': use " + PATTERN_HELP);
  return fromOffsets(name, pattern, rows, cols, wrap, states, function () {
    return off;
  });
}

/**
 * A graph board (source 004): key i advances node i and every node in adjacency[i].
 * Drawn as one row of `adjacency.length` cells.
 */
export function graphPuzzle(name: string, adjacency: number[][], states: number): Puzzle {
  checkStates(states);
  const n = adjacency.length;
  const start = new Int32Array(n + 1);
  const list: number[] = [];
  for (let i = 0; i < n; i++) {
    list.push(i);
    const nb = adjacency[i];
    for (let j = 0; j < nb.length; j++) {
      if (!(nb[j] >= 0 && nb[j] < n && nb[j] !== i)) {
        throw inputError("graph '" + name + "': node " + i + " has an invalid neighbour " + nb[j]);
      }
      list.push(nb[j]);
    }
    start[i + 1] = list.length;
  }
  return {
    name: name,
    pattern: "graph",
    rows: 1,
    cols: n,
    cells: n,
    keys: n,
    states: states,
    wrap: false,
    keyStart: start,
    keyCells: new Int32Array(list),
  };
}

/** Face-neighbour adjacency of an x × y × z block of cubes (source 000's 3-D boards). */
export function boxAdjacency(x: number, y: number, z: number): number[][] {
  const adj: number[][] = [];
  for (let k = 0; k < z; k++) {
    for (let j = 0; j < y; j++) {
      for (let i = 0; i < x; i++) {
        const nb: number[] = [];
        if (i > 0) nb.push(k * x * y + j * x + i - 1);
        if (i < x - 1) nb.push(k * x * y + j * x + i + 1);
        if (j > 0) nb.push(k * x * y + (j - 1) * x + i);
        if (j < y - 1) nb.push(k * x * y + (j + 1) * x + i);
        if (k > 0) nb.push((k - 1) * x * y + j * x + i);
        if (k < z - 1) nb.push((k + 1) * x * y + j * x + i);
        adj.push(nb);
      }
    }
  }
  return adj;
}

/**
 * Source 001's layout: an n × n board of cells with (n−1)² buttons on the inner
 * intersections; a button advances the 2×2 block of cells around it ("田").
 */
export function intersectionPuzzle(n: number, states: number): Puzzle {
  checkSide("size", n);
  checkStates(states);
  if (n < 2) throw inputError("an intersection board needs a size of at least 2");
  const keys = (n - 1) * (n - 1);
  const start = new Int32Array(keys + 1);
  const list: number[] = [];
  for (let r = 0; r < n - 1; r++) {
    for (let c = 0; c < n - 1; c++) {
      list.push(r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1);
      start[r * (n - 1) + c + 1] = list.length;
    }
  }
  return {
    name: "intersections " + n + "×" + n + (states !== 2 ? " mod " + states : ""),
    pattern: "intersections",
    rows: n,
    cols: n,
    cells: n * n,
    keys: keys,
    states: states,
    wrap: false,
    keyStart: start,
    keyCells: new Int32Array(list),
  };
}

/** The cells key `key` affects, as a plain array (for tests and drawing). */
export function keyEffect(p: Puzzle, key: number): number[] {
  const out: number[] = [];
  for (let i = p.keyStart[key]; i < p.keyStart[key + 1]; i++) out.push(p.keyCells[i]);
  return out;
}

/** Applies one press of `key` to a board of cell states, in place. */
export function pressKey(p: Puzzle, board: Uint8Array, key: number): void {
  const k = p.states;
  for (let i = p.keyStart[key]; i < p.keyStart[key + 1]; i++) {
    const c = p.keyCells[i];
    board[c] = (board[c] + 1) % k;
  }
}

/** Applies `counts[j]` presses of every key j (a solution vector) to a copy of the board. */
export function applyPresses(p: Puzzle, board: Uint8Array, counts: Uint8Array): Uint8Array {
  const out = new Uint8Array(board);
  const k = p.states;
  for (let j = 0; j < p.keys; j++) {
    const n = counts[j] % k;
    if (n === 0) continue;
    for (let i = p.keyStart[j]; i < p.keyStart[j + 1]; i++) {
      const c = p.keyCells[i];
      out[c] = (out[c] + n) % k;
    }
  }
  return out;
}

/**
 * The puzzle's matrix over GF(2): A[cell][key] = number of times key advances cell, mod 2,
 * so that board + A·presses = result. (Sources 002/003 print this A for Merlin 3×3.)
 */
export function toggleMatrix(p: Puzzle): BitMatrix {
  const a = createBitMatrix(p.cells, p.keys);
  for (let j = 0; j < p.keys; j++) {
    for (let i = p.keyStart[j]; i < p.keyStart[j + 1]; i++) {
      const c = p.keyCells[i];
      a.data[c * a.stride + (j >>> 5)] ^= 1 << (j & 31);
    }
  }
  return a;
}

/**
 * Keys sorted by the number of distinct cells they affect, ascending, ties by index. For
 * Merlin 3×3 (0-based): 1, 3, 5, 7 (edges), 0, 2, 6, 8 (corners), 4 (centre).
 */
export function footprintOrder(p: Puzzle): Int32Array {
  const sizes = new Int32Array(p.keys);
  const seenBy = new Int32Array(p.cells).fill(-1);
  for (let k = 0; k < p.keys; k++) {
    let size = 0;
    for (let i = p.keyStart[k]; i < p.keyStart[k + 1]; i++) {
      const c = p.keyCells[i];
      if (seenBy[c] !== k) {
        seenBy[c] = k;
        size++;
      }
    }
    sizes[k] = size;
  }
  return orderBySize(sizes);
}

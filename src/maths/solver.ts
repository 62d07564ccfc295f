/**
 * The solver: the one place every front end (CLI, game hints, firmware build, tests) asks
 * "is this board solvable, with which presses, in what order, and what does the board's
 * matrix look like".
 *
 * A board is solved by linear algebra: presses x turn board b into b + A·x (mod k), so
 * reaching target t means A·x = t − b. Three back ends answer that:
 *   - on/off plus grids without wrap ("Lights Out"): light chasing with Chebyshev
 *     polynomials on packed boards (gridsolve.ts), O(cells) instead of O(cells³);
 *   - other on/off boards (k = 2): banded elimination over GF(2) on bit-packed row
 *     windows (elimination.ts windowEchelon), about 0.1 s for any 128×128 grid;
 *   - k-state boards: Smith form over Z_k (zk.ts).
 * On top of either, this file picks the fewest presses among all solutions (the solutions
 * differ by quiet patterns: press sets that change nothing; on/off boards by minweight.ts,
 * k-state boards by an odometer below), checks every answer by replaying it, and orders the
 * presses so the board never goes all dark on the way (source 002 §4: the BASIC game is lost
 * on an all-dark board).
 */
import { productString } from "./bigcount";
import { isDark, sameBoard } from "./boardstate";
import { createBoard, getCell, PackedBoard, setCell } from "./chase";
import { createWindowMatrix, windowDot, windowEchelon, windowEchelonRhs, windowWord } from "./elimination";
import { getBit, wordsFor } from "./gf2";
import { PlusGridPlan, preparePlusGrid, solvePlusGrid } from "./gridsolve";
import {
  addCell,
  CellSymmetries,
  createQuietClasses,
  DEFAULT_SEARCH_BUDGET,
  fewestPresses,
  gridSymmetries,
  usesSymmetricStarts,
} from "./minweight";
import { applyPresses, parseMask, Puzzle, toggleMatrix } from "./puzzle";
import { footprintOrder } from "./puzzle";
import { PressSim, safeOrder } from "../toy/safeorder";
import {
  createZkMatrix,
  ZkMatrix,
  zkImageOrders,
  zkInverse,
  zkKernel,
  zkKernelOrders,
  zkRank,
  ZkReduction,
  zkReduce,
  zkSolve,
} from "./zk";

/** k-state boards: the odometer searches at most 2^24 solutions (|kernel| ≤ 2^24). */
export const MAX_ZK_SEARCH_BITS = 24;

/**
 * What elimination knows about a board's matrix A (cells × keys, mod k). Implemented here
 * for GF(2) and Z_k; a faster method for a family of boards can implement it too.
 */
export interface LinearBackend {
  /** Rank over the field for prime k; null for composite k (no field, no rank). */
  rank: number | null;
  /** Orders of the cyclic factors of the image; their product = the solvable boards. */
  imageOrders: number[];
  /** Orders of the cyclic factors of the kernel (the quiet patterns), one per generator. */
  kernelOrders: number[];
  /** One press vector (entries 0..k−1) with A·x = diff, or null when diff is unreachable. */
  particular(diff: Uint8Array): Uint8Array | null;
  /** Generators of the kernel, one per kernelOrders entry (Σ cᵢ·gᵢ covers it exactly once). */
  kernel(): Uint8Array[];
  /** A⁻¹ as one row per key (x_key = Σ row[cell]·diff[cell] mod k), or null if A is not invertible. */
  inverseRows(): Uint8Array[] | null;
  /**
   * Optional: the back end's own way to the fewest presses (light chasing hands its cells to
   * the same search without building the quiet patterns), used by solve() instead of
   * particular() + the search below. Null when diff is unreachable.
   */
  fewest?(diff: Uint8Array, limits: SearchLimits): Fewest | null;
}

/** How hard solve() looks for the fewest presses. */
export interface SearchLimits {
  minimize: boolean;
  /** On/off boards: work units for minweight.ts's search. */
  budget: number;
  /** k-state boards: search every solution when there are at most 2^maxBits. */
  maxBits: number;
  /**
   * On/off grids: makes the grid's mirrors and turns as permutations of the keys (symmetric
   * starts, minweight.ts), called only when the search uses them; null for other layouts.
   */
  symmetries: (() => Int32Array[]) | null;
}

/** Presses per key and how they were chosen (Solution.method). */
interface Fewest {
  counts: Uint8Array;
  method: string;
}

function unpackBits(words: Uint32Array, offset: number, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (words[offset + (i >>> 5)] >>> (i & 31)) & 1;
  return out;
}

/**
 * The order the elimination numbers a grid's cells and keys in, so that the toggle matrix is
 * banded: row-major, and on a torus the rows (and columns) folded as 0, n−1, 1, n−2, … so
 * that wrapped neighbours (0 and n−1) sit side by side and every neighbour is at most two
 * places away. Returns position → cell (identity for boards that are not grids of keys = cells).
 */
export function bandOrder(p: Puzzle): Int32Array {
  const n = p.keys;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (!p.wrap || p.keys !== p.cells || p.rows * p.cols !== p.cells) return order;
  const fold = function (len: number): Int32Array {
    const f = new Int32Array(len);
    for (let i = 0; i < len; i++) f[i] = i % 2 === 0 ? i >> 1 : len - 1 - (i >> 1);
    return f;
  };
  const fr = fold(p.rows);
  const fc = fold(p.cols);
  for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) order[r * p.cols + c] = fr[r] * p.cols + fc[c];
  return order;
}

/**
 * On/off boards by elimination of the toggle matrix (cells × keys) stored by windows
 * (elimination.ts windowEchelon): rows are cells and columns keys in bandOrder, so a 128×128 grid of
 * any 3×3 pattern is a band of about 130 (260 on a torus) columns and eliminates in well
 * under a second; any other board (graphs, boxes) is the same code with wider windows.
 */
function gf2Backend(p: Puzzle): LinearBackend {
  const cells = p.cells;
  const keys = p.keys;
  // Cells use the key order too when they are the same squares (grids); else their own index.
  const keyAt = bandOrder(p);
  const keyPos = new Int32Array(keys);
  for (let i = 0; i < keys; i++) keyPos[keyAt[i]] = i;
  let cellPos = keyPos;
  if (keys !== cells) {
    cellPos = new Int32Array(cells);
    for (let c = 0; c < cells; c++) cellPos[c] = c;
  }
  // Windows: row (cell position) r spans the positions of the keys that change it.
  const lo = new Int32Array(cells).fill(keys);
  const hi = new Int32Array(cells).fill(-1);
  for (let j = 0; j < keys; j++) {
    const col = keyPos[j];
    for (let i = p.keyStart[j]; i < p.keyStart[j + 1]; i++) {
      const r = cellPos[p.keyCells[i]];
      if (col < lo[r]) lo[r] = col;
      if (col > hi[r]) hi[r] = col;
    }
  }
  const m = createWindowMatrix(keys, lo, hi);
  for (let j = 0; j < keys; j++) {
    const col = keyPos[j];
    for (let i = p.keyStart[j]; i < p.keyStart[j + 1]; i++) {
      const r = cellPos[p.keyCells[i]];
      m.data[windowWord(m, r, col)] ^= 1 << (col & 31);
    }
  }
  const ops = createWindowMatrix(keys, lo, hi);
  const ech = windowEchelon(m, keys, ops);
  const rank = ech.rank;
  const imageOrders: number[] = [];
  const kernelOrders: number[] = [];
  for (let i = 0; i < rank; i++) imageOrders.push(2);
  for (let i = rank; i < keys; i++) kernelOrders.push(2);
  // Back substitution into x (positions) from the reduced right-hand side; free keys 0.
  const backSubstitute = function (rhs: Uint32Array, x: Uint32Array): void {
    for (let k = rank - 1; k >= 0; k--) {
      const r = ech.order[k];
      const c = ech.rowPivot[r];
      if (((rhs[r >>> 5] >>> (r & 31)) & 1) ^ windowDot(m, r, c + 1, x)) x[c >>> 5] |= 1 << (c & 31);
    }
  };
  const particular = function (diff: Uint8Array): Uint8Array | null {
    const d = new Uint32Array(wordsFor(cells));
    for (let c = 0; c < cells; c++) if (diff[c] & 1) d[cellPos[c] >>> 5] |= 1 << (cellPos[c] & 31);
    const rhs = windowEchelonRhs(ech, ops, d);
    for (let r = 0; r < cells; r++) if (ech.rowPivot[r] < 0 && (rhs[r >>> 5] >>> (r & 31)) & 1) return null;
    const x = new Uint32Array(wordsFor(keys));
    backSubstitute(rhs, x);
    const out = new Uint8Array(keys);
    for (let j = 0; j < keys; j++) out[j] = (x[keyPos[j] >>> 5] >>> (keyPos[j] & 31)) & 1;
    return out;
  };
  return {
    rank: rank,
    imageOrders: imageOrders,
    kernelOrders: kernelOrders,
    particular: particular,
    kernel: function (): Uint8Array[] {
      // One vector per free column f (x_f = 1, the other free columns 0), all at once: each
      // key position carries one bit per vector (bit-sliced back substitution).
      const n = keys - rank;
      const words = wordsFor(n) || 1;
      const sig = new Uint32Array(keys * words);
      let k = 0;
      for (let c = 0; c < keys; c++) {
        if (ech.pivotRow[c] >= 0) continue;
        sig[c * words + (k >>> 5)] |= 1 << (k & 31);
        k++;
      }
      for (let t = rank - 1; t >= 0; t--) {
        const r = ech.order[t];
        const c = ech.rowPivot[r];
        const base = m.start[r] - (lo[r] >>> 5);
        for (let w = c >>> 5; w <= hi[r] >>> 5; w++) {
          let bits = m.data[base + w];
          if (w === c >>> 5) bits &= (0xffffffff << (c & 31)) << 1;
          while (bits !== 0) {
            const low = bits & -bits;
            const c2 = w * 32 + bitIndex(low);
            bits ^= low;
            for (let v = 0; v < words; v++) sig[c * words + v] ^= sig[c2 * words + v];
          }
        }
      }
      const out: Uint8Array[] = [];
      for (let i = 0; i < n; i++) {
        const g = new Uint8Array(keys);
        for (let j = 0; j < keys; j++) g[j] = (sig[keyPos[j] * words + (i >>> 5)] >>> (i & 31)) & 1;
        out.push(g);
      }
      return out;
    },
    inverseRows: function (): Uint8Array[] | null {
      if (rank !== keys || keys !== cells) return null;
      // Column c of A⁻¹ solves A·x = e_c; row j of A⁻¹ collects entry j of every column.
      const out: Uint8Array[] = [];
      for (let j = 0; j < keys; j++) out.push(new Uint8Array(cells));
      const unit = new Uint8Array(cells);
      for (let c = 0; c < cells; c++) {
        unit[c] = 1;
        const x = particular(unit);
        unit[c] = 0;
        if (x === null) throw new Error("solver: internal error, invertible board without a solution");
        for (let j = 0; j < keys; j++) out[j][c] = x[j];
      }
      return out;
    },
  };
}

/** k for a word with only bit k set. */
function bitIndex(bit: number): number {
  let k = 0;
  let b = bit >>> 0;
  while (b > 1) {
    b >>>= 1;
    k++;
  }
  return k;
}

/**
 * The matrix A over Z_k: A[cell][key] = 1 when a press of key advances cell. A key advances
 * each cell at most once (puzzle.ts), so this is toggleMatrix's incidence read mod k.
 */
export function puzzleMatrix(p: Puzzle): ZkMatrix {
  const bits = toggleMatrix(p);
  const a = createZkMatrix(p.cells, p.keys, p.states);
  for (let c = 0; c < p.cells; c++) {
    for (let j = 0; j < p.keys; j++) a.data[c * p.keys + j] = getBit(bits, c, j);
  }
  return a;
}

function zkBackend(p: Puzzle): LinearBackend {
  const red: ZkReduction = zkReduce(puzzleMatrix(p));
  return {
    rank: zkRank(red),
    imageOrders: zkImageOrders(red),
    kernelOrders: zkKernelOrders(red),
    particular: function (diff: Uint8Array): Uint8Array | null {
      return zkSolve(red, diff);
    },
    kernel: function (): Uint8Array[] {
      return zkKernel(red).generators;
    },
    inverseRows: function (): Uint8Array[] | null {
      const inv = zkInverse(red);
      if (inv === null) return null;
      const out: Uint8Array[] = [];
      for (let j = 0; j < inv.rows; j++) out.push(new Uint8Array(inv.data.subarray(j * inv.cols, (j + 1) * inv.cols)));
      return out;
    },
  };
}

/** The plus pattern's offsets, as parseMask gives them for 010/111/010. */
const PLUS_MASK = "010/111/010";

/** Whether a pattern name or mask is the plus pattern: "plus" or a mask with exactly the plus (e.g. 010/111/010). */
export function isPlusPattern(pattern: string): boolean {
  if (pattern === "plus") return true;
  if (pattern === "" || pattern.charAt(0) === "/") return false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern.charAt(i);
    if (ch !== "0" && ch !== "1" && ch !== "/") return false;
  }
  let off: number[];
  try {
    off = parseMask(pattern);
  } catch (e) {
    return false;
  }
  const plus = parseMask(PLUS_MASK);
  if (off.length !== plus.length) return false;
  for (let i = 0; i < off.length; i += 2) {
    let found = false;
    for (let j = 0; j < plus.length; j += 2) if (off[i] === plus[j] && off[i + 1] === plus[j + 1]) found = true;
    if (!found) return false;
  }
  return true;
}

/**
 * Whether the puzzle is an on/off plus grid without wrap: its pattern says so, and (a cheap
 * guard, O(keys)) every key changes exactly its cell and the orthogonal neighbours on the board.
 */
function isPlainPlusGrid(p: Puzzle): boolean {
  if (p.states !== 2 || p.wrap || !isPlusPattern(p.pattern)) return false;
  const rows = p.rows;
  const cols = p.cols;
  if (p.cells !== rows * cols || p.keys !== p.cells) return false;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const j = r * cols + c;
      // Bits: 1 the cell, 2 up, 4 down, 8 left, 16 right.
      let want = 1;
      if (r > 0) want |= 2;
      if (r + 1 < rows) want |= 4;
      if (c > 0) want |= 8;
      if (c + 1 < cols) want |= 16;
      let seen = 0;
      let count = 0;
      for (let i = p.keyStart[j]; i < p.keyStart[j + 1]; i++) {
        const x = p.keyCells[i];
        let bit = 0;
        if (x === j) bit = 1;
        else if (x === j - cols) bit = 2;
        else if (x === j + cols) bit = 4;
        else if (x === j - 1 && c > 0) bit = 8;
        else if (x === j + 1 && c + 1 < cols) bit = 16;
        if (bit === 0 || (seen & bit) !== 0) return false;
        seen |= bit;
        count++;
      }
      if (seen !== want) return false;
    }
  }
  return true;
}

/** Row-major cells (only bit 0 counts) as a packed board. */
function packCells(p: Puzzle, cells: Uint8Array): PackedBoard {
  const b = createBoard(p.rows, p.cols);
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) if (cells[r * p.cols + c] & 1) setCell(b, r, c, 1);
  }
  return b;
}

function unpackCells(b: PackedBoard): Uint8Array {
  const out = new Uint8Array(b.rows * b.cols);
  for (let r = 0; r < b.rows; r++) for (let c = 0; c < b.cols; c++) out[r * b.cols + c] = getCell(b, r, c);
  return out;
}

/**
 * On/off plus grids by light chasing (gridsolve.ts): rank, solutions, quiet patterns and the
 * fewest presses without building A.
 */
function plusGridBackend(p: Puzzle): LinearBackend {
  const plan: PlusGridPlan = preparePlusGrid(p.rows, p.cols);
  const rank = p.cells - plan.nullity;
  const imageOrders: number[] = [];
  const kernelOrders: number[] = [];
  for (let i = 0; i < rank; i++) imageOrders.push(2);
  for (let i = 0; i < plan.nullity; i++) kernelOrders.push(2);
  const particular = function (diff: Uint8Array): Uint8Array | null {
    const sol = solvePlusGrid(packCells(p, diff), "dark", { plan: plan, minimize: false });
    return sol.presses === null ? null : unpackCells(sol.presses);
  };
  return {
    rank: rank,
    imageOrders: imageOrders,
    kernelOrders: kernelOrders,
    particular: particular,
    kernel: function (): Uint8Array[] {
      const sol = solvePlusGrid(createBoard(p.rows, p.cols), "dark", { plan: plan, minimize: false, nullBasis: true });
      const out: Uint8Array[] = [];
      const basis = sol.nullBasis !== undefined ? sol.nullBasis : [];
      for (let i = 0; i < basis.length; i++) out.push(unpackCells(basis[i]));
      return out;
    },
    inverseRows: function (): Uint8Array[] | null {
      if (plan.nullity > 0) return null;
      // A is symmetric (a press of key j changes cell i exactly when a press of i changes j),
      // so A⁻¹ is too: row j of A⁻¹ is its column j, the presses that change cell j alone.
      const out: Uint8Array[] = [];
      const unit = new Uint8Array(p.cells);
      for (let j = 0; j < p.cells; j++) {
        unit[j] = 1;
        const x = particular(unit);
        unit[j] = 0;
        if (x === null) throw new Error("solver: internal error, invertible plus grid without a solution");
        out.push(x);
      }
      return out;
    },
    fewest: function (diff: Uint8Array, limits: SearchLimits): Fewest | null {
      const sol = solvePlusGrid(packCells(p, diff), "dark", { plan: plan, minimize: limits.minimize, searchBudget: limits.budget });
      if (sol.presses === null) return null;
      return { counts: unpackCells(sol.presses), method: sol.method };
    },
  };
}

/** Which back end prepare() uses for a puzzle: "plus-chase", "gf2" or "zk". */
export function backendName(p: Puzzle): string {
  if (isPlainPlusGrid(p)) return "plus-chase";
  return p.states === 2 ? "gf2" : "zk";
}

/**
 * Chooses the back end for a board. This is the place for specialised methods: on/off plus
 * grids without wrap are solved by light chasing (gridsolve.ts) rather than elimination;
 * analyze, solve and inverse reach a back end only through prepare(), so every front end
 * gets the fast method without knowing about it.
 */
function backendFor(p: Puzzle): LinearBackend {
  const name = backendName(p);
  if (name === "plus-chase") return plusGridBackend(p);
  if (name === "gf2") return gf2Backend(p);
  return zkBackend(p);
}

// One-slot cache: front ends ask about the same puzzle object again and again (a game's
// hints, a CLI table row, the brute-force tests). Puzzles are never mutated after creation.
let cachedPuzzle: Puzzle | null = null;
let cachedBackend: LinearBackend | null = null;

/** The (cached) elimination of a puzzle's matrix. */
export function prepare(p: Puzzle): LinearBackend {
  if (cachedPuzzle !== p || cachedBackend === null) {
    cachedBackend = backendFor(p);
    cachedPuzzle = p;
  }
  return cachedBackend;
}

function product(orders: number[]): number {
  let n = 1;
  for (let i = 0; i < orders.length; i++) n *= orders[i];
  return n;
}

export interface Analysis {
  rows: number;
  cols: number;
  cells: number;
  keys: number;
  states: number;
  /** Rank of A over the field (prime k); null for composite k. */
  rank: number | null;
  /** keys − rank (the quiet patterns are states^nullity); null for composite k. */
  nullity: number | null;
  /** Every board reachable from every board, in exactly one way (A square and invertible). */
  invertible: boolean;
  /** Number of solvable boards (the size of A's image), in decimal. */
  solvableStates: string;
  /** Number of quiet patterns (press sets, 0..k−1 per key, that change nothing), in decimal. */
  quietCount: string;
  /** Orders of the cyclic factors of the quiet patterns (k, k, … for prime k). */
  quietOrders: number[];
  /** Generators of the quiet patterns (one per quietOrders entry), when asked for. */
  quiet?: Uint8Array[];
}

export interface AnalyzeOptions {
  /** Also return the quiet-pattern generators. */
  quiet?: boolean;
}

/** Rank, nullity, invertibility and the number of solvable boards of a puzzle. */
export function analyze(p: Puzzle, opts?: AnalyzeOptions): Analysis {
  const be = prepare(p);
  const nullity = be.rank === null ? null : p.keys - be.rank;
  const out: Analysis = {
    rows: p.rows,
    cols: p.cols,
    cells: p.cells,
    keys: p.keys,
    states: p.states,
    rank: be.rank,
    nullity: nullity,
    invertible: p.cells === p.keys && be.kernelOrders.length === 0,
    solvableStates: productString(be.imageOrders),
    quietCount: productString(be.kernelOrders),
    quietOrders: be.kernelOrders.slice(),
  };
  if (opts !== undefined && opts.quiet) out.quiet = be.kernel();
  return out;
}

/** A⁻¹ as one row of cells per key: x_key = Σ row[cell]·(target − board)[cell] mod k; null if singular. */
export function inverse(p: Puzzle): Uint8Array[] | null {
  return prepare(p).inverseRows();
}

export interface SolveOptions {
  /** Search the solutions for the fewest presses (default true). */
  minimize?: boolean;
  /** On/off boards: work units of the search (minweight.ts; default DEFAULT_SEARCH_BUDGET, about 8 s). */
  searchBudget?: number;
  /** k-state boards: search exhaustively up to 2^maxSearchBits solutions (default MAX_ZK_SEARCH_BITS = 24, at most 30). */
  maxSearchBits?: number;
  /** Compute a safe press order (default true). */
  order?: boolean;
}

export interface Solution {
  solvable: boolean;
  /** Presses per key, 0..k−1 (all 0 when unsolvable). */
  counts: Uint8Array;
  /** 1-based keys pressed at least once, ascending. */
  presses: number[];
  /** Total presses: the sum of counts. */
  moves: number;
  /** True when no solution has fewer presses. */
  minimal: boolean;
  /**
   * How the presses were chosen: "unique" (the only solution), "exact" (every solution
   * searched, the fewest proven), "heuristic" (the best found when the search could not
   * finish), "none" (not minimised) or "unsolvable".
   */
  method: string;
  /**
   * 1-based keys in a press order (a key pressed c times appears c times) that never
   * makes the whole board dark before the last press (safeorder.ts, preferring keys with
   * small footprints); null when no such order exists (or safeOrder's bounded search gave
   * up, possible only on large singular boards), when the board is unsolvable, or when the
   * order was not asked for.
   */
  order: number[] | null;
}

/**
 * The fewest presses over x + span(quiet) on an on/off board: the keys go into minweight.ts's
 * classes by their signature over the quiet patterns, and its search picks the combination.
 */
function fewestGf2(x: Uint8Array, quiet: Uint8Array[], budget: number, symmetries: (() => Int32Array[]) | null): Fewest {
  const d = quiet.length;
  const table = createQuietClasses(d);
  const words = wordsFor(d) || 1;
  // Above one transform, the keys one by one too, for the search's symmetric starts.
  const keep = symmetries !== null && usesSymmetricStarts(d, x.length);
  const sig = new Int32Array(keep ? x.length * words : words);
  const pressed = new Uint8Array(keep ? x.length : 0);
  for (let key = 0; key < x.length; key++) {
    const at = keep ? key * words : 0;
    if (!keep) sig.fill(0);
    for (let i = 0; i < d; i++) if (quiet[i][key]) sig[at + (i >>> 5)] |= 1 << (i & 31);
    addCell(table, sig, at, x[key] & 1);
    if (keep) pressed[key] = x[key] & 1;
  }
  const cells: CellSymmetries | null = keep && symmetries !== null ? { sig: sig, pressed: pressed, perms: symmetries() } : null;
  const choice = fewestPresses(table, budget, cells !== null ? { cells: cells } : undefined);
  const out = new Uint8Array(x);
  for (let i = 0; i < d; i++) {
    if (((choice.combo[i >>> 5] >>> (i & 31)) & 1) === 0) continue;
    for (let key = 0; key < out.length; key++) out[key] ^= quiet[i][key];
  }
  return { counts: out, method: choice.exact ? "exact" : "heuristic" };
}

function addMultiple(x: Uint8Array, g: Uint8Array, times: number, k: number): number {
  let delta = 0;
  for (let i = 0; i < x.length; i++) {
    if (g[i] === 0) continue;
    const old = x[i];
    const v = (old + g[i] * times) % k;
    x[i] = v;
    delta += v - old;
  }
  return delta;
}

/**
 * Fewest total presses over x + Σ cᵢ·gᵢ, 0 ≤ cᵢ < orders[i]: an odometer over the
 * combinations, each step adding one generator (a carry adds the wrapped generator once
 * more, bringing it back to 0), touching only the keys that generator presses.
 */
function minimizeZk(x: Uint8Array, gens: Uint8Array[], orders: number[], k: number): Uint8Array {
  const cur = new Uint8Array(x);
  const n = gens.length;
  // Sparse generators: where[g] lists the keys generator g presses, amount[g] how often.
  const where: Int32Array[] = [];
  const amount: Uint8Array[] = [];
  for (let g = 0; g < n; g++) {
    let nz = 0;
    for (let i = 0; i < cur.length; i++) if (gens[g][i] !== 0) nz++;
    const w = new Int32Array(nz);
    const a = new Uint8Array(nz);
    nz = 0;
    for (let i = 0; i < cur.length; i++) {
      if (gens[g][i] !== 0) {
        w[nz] = i;
        a[nz++] = gens[g][i];
      }
    }
    where.push(w);
    amount.push(a);
  }
  const digits = new Int32Array(n);
  let weight = 0;
  for (let i = 0; i < cur.length; i++) weight += cur[i];
  let best = weight;
  let bestDigits = new Int32Array(digits);
  for (;;) {
    let d = 0;
    while (d < n) {
      const w = where[d];
      const a = amount[d];
      for (let t = 0; t < w.length; t++) {
        const i = w[t];
        const old = cur[i];
        let v = old + a[t];
        if (v >= k) v -= k;
        cur[i] = v;
        weight += v - old;
      }
      digits[d]++;
      if (digits[d] < orders[d]) break;
      digits[d] = 0;
      d++;
    }
    if (d === n) break;
    if (weight < best) {
      best = weight;
      bestDigits = new Int32Array(digits);
    }
  }
  const out = new Uint8Array(x);
  for (let g = 0; g < n; g++) if (bestDigits[g]) addMultiple(out, gens[g], bestDigits[g], k);
  return out;
}

/** Too many solutions to search: improve greedily by single generator multiples. Not minimal in general. */
function improveGreedily(x: Uint8Array, gens: Uint8Array[], orders: number[], k: number): Uint8Array {
  const cur = new Uint8Array(x);
  let improved = true;
  while (improved) {
    improved = false;
    for (let g = 0; g < gens.length; g++) {
      let bestDelta = 0;
      let bestTimes = 0;
      for (let t = 1; t < orders[g]; t++) {
        const trial = new Uint8Array(cur);
        const delta = addMultiple(trial, gens[g], t, k);
        if (delta < bestDelta) {
          bestDelta = delta;
          bestTimes = t;
        }
      }
      if (bestTimes > 0) {
        addMultiple(cur, gens[g], bestTimes, k);
        improved = true;
      }
    }
  }
  return cur;
}

/** Replays presses on a copy of the board; the solver's own check of every answer. */
function boardSim(p: Puzzle, start: Uint8Array): PressSim {
  const board = new Uint8Array(start);
  const k = p.states;
  let lit = 0;
  for (let i = 0; i < board.length; i++) if (board[i] !== 0) lit++;
  return {
    apply: function (key: number): void {
      for (let i = p.keyStart[key]; i < p.keyStart[key + 1]; i++) {
        const c = p.keyCells[i];
        const old = board[c];
        const v = old + 1 === k ? 0 : old + 1;
        board[c] = v;
        if (old === 0) lit++;
        else if (v === 0) lit--;
      }
    },
    undo: function (key: number): void {
      for (let i = p.keyStart[key]; i < p.keyStart[key + 1]; i++) {
        const c = p.keyCells[i];
        const old = board[c];
        const v = old === 0 ? k - 1 : old - 1;
        board[c] = v;
        if (old === 0) lit++;
        else if (v === 0) lit--;
      }
    },
    isDark: function (): boolean {
      return lit === 0;
    },
  };
}

function unsolvable(p: Puzzle): Solution {
  return { solvable: false, counts: new Uint8Array(p.keys), presses: [], moves: 0, minimal: false, method: "unsolvable", order: null };
}

/** A grid's keys are its cells, row-major (graphs, boxes and intersections are not grids). */
function isGrid(p: Puzzle): boolean {
  return p.pattern !== "graph" && p.pattern !== "box" && p.pattern !== "intersections" && p.keys === p.cells && p.cells === p.rows * p.cols;
}

/** particular() + the search over the quiet patterns, for back ends without their own fewest(). */
function fewestOf(be: LinearBackend, diff: Uint8Array, k: number, limits: SearchLimits): Fewest | null {
  const x = be.particular(diff);
  if (x === null) return null;
  const orders = be.kernelOrders;
  if (orders.length === 0) return { counts: x, method: "unique" };
  if (!limits.minimize) return { counts: x, method: "none" };
  const gens = be.kernel();
  if (k === 2) return fewestGf2(x, gens, limits.budget, limits.symmetries);
  if (product(orders) <= Math.pow(2, limits.maxBits)) return { counts: minimizeZk(x, gens, orders, k), method: "exact" };
  return { counts: improveGreedily(x, gens, orders, k), method: "heuristic" };
}

/**
 * Presses that turn `from` into `to`: the fewest when the search over the solutions finishes
 * (minimal: true), otherwise the best it found (minimal: false), plus a safe order.
 * Every returned solution has been replayed onto `from` and reaches `to`.
 */
export function solve(p: Puzzle, from: Uint8Array, to: Uint8Array, opts?: SolveOptions): Solution {
  if (from.length !== p.cells || to.length !== p.cells) {
    throw new Error("solve: boards must have " + p.cells + " cells, got " + from.length + " and " + to.length);
  }
  const k = p.states;
  const be = prepare(p);
  const diff = new Uint8Array(p.cells);
  for (let c = 0; c < p.cells; c++) diff[c] = (to[c] - from[c] + k) % k;
  let maxBits = opts !== undefined && opts.maxSearchBits !== undefined ? opts.maxSearchBits : MAX_ZK_SEARCH_BITS;
  if (maxBits > 30) maxBits = 30;
  const limits: SearchLimits = {
    minimize: opts === undefined || opts.minimize !== false,
    budget: opts !== undefined && opts.searchBudget !== undefined ? opts.searchBudget : DEFAULT_SEARCH_BUDGET,
    maxBits: maxBits,
    symmetries: isGrid(p) ? () => gridSymmetries(p.rows, p.cols, p.wrap) : null,
  };
  const f = be.fewest !== undefined ? be.fewest(diff, limits) : fewestOf(be, diff, k, limits);
  if (f === null) return unsolvable(p);
  const counts = f.counts;
  if (!sameBoard(applyPresses(p, from, counts), to)) {
    throw new Error("solver: internal error, the presses found for " + p.name + " do not reach the target");
  }
  const presses: number[] = [];
  let moves = 0;
  for (let j = 0; j < p.keys; j++) {
    if (counts[j] === 0) continue;
    presses.push(j + 1);
    moves += counts[j];
  }
  let order: number[] | null = null;
  if (opts === undefined || opts.order !== false) {
    const keys = safeOrder(boardSim(p, from), counts, footprintOrder(p), isDark(to));
    if (keys !== null) {
      order = [];
      for (let i = 0; i < keys.length; i++) order.push(keys[i] + 1);
    }
  }
  const minimal = f.method === "unique" || f.method === "exact";
  return { solvable: true, counts: counts, presses: presses, moves: moves, minimal: minimal, method: f.method, order: order };
}


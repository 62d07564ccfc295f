/**
 * The teaching view's mathematics, computed by the project's own solver (src/), never by a
 * second implementation: for a board b and a target t of a puzzle,
 *   - A, the press matrix over GF(2) (column j = what key j toggles; sources 002 and 003),
 *   - d = t − b (over GF(2) the same as t + b), and x = A⁻¹·d when A is invertible, written as
 *     sources 002/003 write it (A⁻¹'s rows, one per key), or the fewest presses otherwise,
 *   - for singular boards the quiet patterns (press sets that change nothing: A's null space)
 *     and the solvability test (d must be orthogonal to every vector of A's left null space),
 *   - for plus ("Lights Out") boards source 000's light chasing, row by row: the first row's
 *     presses from the solver, then each row forced by the lights left on the row above,
 *   - for Merlin's 3×3 source 003's strategy a person can follow: edge keys by the parity of
 *     their "related rectangle", then corners and the centre by comparing with the target.
 * Platform-neutral (no DOM): the page draws it, the tests check it.
 */
import { boardFromStrings, chaseLights, createBoard, getCell } from "../../src/chase";
import { reduceMatrix } from "../../src/elimination";
import { bitRows, getBit, nullSpace } from "../../src/gf2";
import { type Puzzle, toggleMatrix } from "../../src/puzzle";
import { inverse, solve } from "../../src/solver";

export type Bits = Uint8Array;

export interface Lesson {
  /** A[cell][key], as "0"/"1" strings, one per cell (row i of A). */
  matrix: string[];
  /** Rows of A⁻¹, one per key (x_key = row · d), or null when A is singular. */
  inverse: string[] | null;
  rank: number;
  nullity: number;
  board: string;
  target: string;
  /** t − b over GF(2). */
  difference: string;
  solvable: boolean;
  /** The presses (one digit per key): A⁻¹·d when invertible, else the fewest that solve it ("" when unsolvable). */
  presses: string;
  /** 1-based keys of `presses`. */
  keys: number[];
  /** A basis of the quiet patterns (press sets that change nothing), one string per pattern. */
  quiet: string[];
  /** The left null space of A: d is reachable iff d·y is even for every y here. */
  checks: string[];
  /** d·y mod 2 for each check (all 0 exactly when solvable). */
  checkParities: number[];
}

const str = (v: ArrayLike<number>) => Array.from(v as ArrayLike<number>).join("");

export function lesson(p: Puzzle, board: Bits, target: Bits): Lesson {
  const a = toggleMatrix(p);
  const red = reduceMatrix(a);
  const matrix = bitRows(a);
  const inv = inverse(p);
  const d = board.map((v, i) => (v + target[i]) & 1);
  const quietM = nullSpace(red);
  const quiet = bitRows(quietM);
  // Rows rank.. of T (with T·A = R) span the left null space: y·A = 0.
  const t = red.transform;
  const checks: string[] = [];
  const checkParities: number[] = [];
  for (let i = red.rank; i < t.rows; i++) {
    let s = "";
    let parity = 0;
    for (let c = 0; c < p.cells; c++) {
      const bit = getBit(t, i, c);
      s += bit;
      parity ^= bit & d[c];
    }
    checks.push(s);
    checkParities.push(parity);
  }
  const sol = solve(p, board, target, { order: false });
  let presses = "";
  if (sol.solvable) presses = inv ? inv.map((row) => row.reduce((x, v, c) => x ^ (v & d[c]), 0)).join("") : str(sol.counts);
  return {
    matrix,
    inverse: inv ? inv.map(str) : null,
    rank: red.rank,
    nullity: p.keys - red.rank,
    board: str(board),
    target: str(target),
    difference: str(d),
    solvable: sol.solvable,
    presses,
    keys: presses
      .split("")
      .map((c, j) => (c === "1" ? j + 1 : 0))
      .filter((k) => k > 0),
    quiet,
    checks,
    checkParities,
  };
}

/** One step of light chasing: which row's presses, which keys (1-based, row-major), and the board after. */
export interface ChaseStep {
  row: number;
  keys: number[];
  board: string;
  /** Why these keys: the cells of the row above still unlike the target (1-based), or "the solver's first row". */
  why: number[] | "first-row";
}

/**
 * Source 000's row-by-row chasing on a plus board: the first row's presses come from the
 * solver's solution; for every later row, press the cells below those of the row above that
 * are still unlike the target. Returns null when the board cannot reach the target.
 */
export function chaseSteps(p: Puzzle, board: Bits, target: Bits): ChaseStep[] | null {
  const sol = solve(p, board, target, { order: false });
  if (!sol.solvable) return null;
  const { rows, cols } = p;
  const lines = (v: ArrayLike<number>) => Array.from({ length: rows }, (_, r) => str(Array.from(v).slice(r * cols, (r + 1) * cols)));
  const d = boardFromStrings(lines(board.map((v, i) => (v + target[i]) & 1)));
  const first = boardFromStrings([str(Array.from(sol.counts).slice(0, cols))]);
  const presses = createBoard(rows, cols);
  chaseLights(rows, cols, d, false, first.data.subarray(0, first.stride), presses);
  const cur = Array.from(board);
  const steps: ChaseStep[] = [];
  for (let r = 0; r < rows; r++) {
    const keys: number[] = [];
    const why: number[] = [];
    if (r > 0) for (let c = 0; c < cols; c++) if (cur[(r - 1) * cols + c] !== target[(r - 1) * cols + c]) why.push((r - 1) * cols + c + 1);
    for (let c = 0; c < cols; c++) {
      if (!getCell(presses, r, c)) continue;
      const k = r * cols + c;
      keys.push(k + 1);
      for (let i = p.keyStart[k]; i < p.keyStart[k + 1]; i++) cur[p.keyCells[i]] ^= 1;
    }
    steps.push({ row: r + 1, keys, board: cur.join(""), why: r === 0 ? "first-row" : why });
  }
  return steps;
}

/** What source 003's strategy says to do next on Merlin's 3×3. */
export interface StrategyHint {
  /** "edge", "corner", "centre", or "done" (the board is the target). */
  stage: "edge" | "corner" | "centre" | "done";
  /** The key to press (1-based), 0 when done. */
  key: number;
  /** The cells (1-based) the rule compares: an edge key's related rectangle, or the key's own cell. */
  cells: number[];
  /** Lit cells among `cells` now, and in the target. */
  litNow: number;
  litTarget: number;
}

const EDGES = [2, 4, 6, 8];
const CORNERS = [1, 3, 7, 9];

/**
 * The next press by source 003's rules (Merlin 3×3 only): (1) an edge key whose related
 * rectangle — the cells of its row of A⁻¹, so the rule is read off the solver's inverse —
 * holds a different number of lit pads, mod 2, than the target's; then (2) a corner whose
 * pad differs from the target; then (3) the centre if it differs.
 */
export function strategyHint(p: Puzzle, board: Bits, target: Bits): StrategyHint {
  if (p.rows !== 3 || p.cols !== 3 || p.pattern !== "merlin" || p.wrap || p.states !== 2) {
    throw new Error("source 003's strategy is for Merlin's 3×3 board");
  }
  const inv = inverse(p)!;
  for (const key of EDGES) {
    const cells: number[] = [];
    inv[key - 1].forEach((v, c) => v && cells.push(c + 1));
    const litNow = cells.reduce((n, c) => n + board[c - 1], 0);
    const litTarget = cells.reduce((n, c) => n + target[c - 1], 0);
    if ((litNow - litTarget) % 2 !== 0) return { stage: "edge", key, cells, litNow, litTarget };
  }
  for (const key of [...CORNERS, 5]) {
    if (board[key - 1] !== target[key - 1]) {
      return { stage: key === 5 ? "centre" : "corner", key, cells: [key], litNow: board[key - 1], litTarget: target[key - 1] };
    }
  }
  return { stage: "done", key: 0, cells: [], litNow: 0, litTarget: 0 };
}

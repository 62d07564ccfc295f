/**
 * The teaching view's mathematics, computed by the project's own solver (src/), never by a
 * second implementation: for a board b and a target t of the board being played — as the
 * running firmware describes it (`Merlin.maths()`: k, what each key advances, the goal; read
 * into a Puzzle by mathsPuzzle) —
 *   - A, the press matrix over Z_k (column j = what key j advances; k = 2: GF(2), sources 002
 *     and 003; lightsout2000: mod 3; blackwhite: mod i + j of its cycle, keys on the inner
 *     intersections),
 *   - d = t − b (mod k), and x solving A·x = d: the fewest presses (the only ones when A is
 *     invertible), with a press order that never darkens the whole board before the end,
 *   - A⁻¹ written as sources 002/003 write it (one row per key) when A is invertible,
 *   - for singular boards the quiet patterns (press sets that change nothing: A's kernel) and
 *     the solvability test (d must be orthogonal, mod k, to A's left kernel),
 *   - for plus ("Lights Out") boards source 000's light chasing, row by row: the first row's
 *     presses from the solver, then each row forced by the lights left on the row above,
 *   - for Merlin's 3×3 source 003's strategy a person can follow: edge keys by the parity of
 *     their "related rectangle", then corners and the centre by comparing with the target.
 * Platform-neutral (no DOM): the page draws it, the tests check it.
 */
import { boardFromStrings, chaseLights, createBoard, getCell } from "../../src/maths/chase";
import { reduceMatrix } from "../../src/maths/elimination";
import { bitRows, getBit, nullSpace } from "../../src/maths/gf2";
import { type Puzzle, MAX_STATES, MIN_STATES, toggleMatrix } from "../../src/maths/puzzle";
import { analyze, inverse, puzzleMatrix, solve } from "../../src/maths/solver";
import { zkPseudoInverse, zkReduce } from "../../src/maths/zk";
import { eliminate, type Elimination } from "./elimination-steps";

export type Bits = Uint8Array;

export interface Lesson {
  /** Colours per cell: a press adds 1 mod k. */
  k: number;
  cells: number;
  keyCount: number;
  /** The pad (0-based) each key is pressed at: its own on a grid, else its first cell (the top-left of its 2×2 block). */
  keyPads: number[];
  /** A[cell][key] mod k, as digit strings, one per cell (row i of A). */
  matrix: string[];
  /** Rows of A⁻¹, one per key (x_key = row · d mod k), or null when A is not invertible. */
  inverse: string[] | null;
  /** Rank over GF(k) for prime k; null for composite k (Z_k is no field). */
  rank: number | null;
  nullity: number | null;
  /** Boards reachable from one board, and all boards, in decimal. */
  solvableBoards: string;
  allBoards: string;
  board: string;
  target: string;
  /** t − b mod k. */
  difference: string;
  solvable: boolean;
  /** Presses per key, one digit each: the fewest that solve it ("" when unsolvable). */
  presses: string;
  /** 1-based keys of `presses`, ascending, a key pressed c times written c times. */
  keys: number[];
  /** 1-based pads to press, in the order shown (a safe order when there is one), a pad pressed c times written c times. */
  pads: number[];
  /** Whether `pads` is a safe order: the board is never all dark before the last press. */
  safeOrder: boolean;
  /** Generators of the quiet patterns (press sets that change nothing), one digit per key, and their orders. */
  quiet: string[];
  quietOrders: number[];
  /** Rows of A's left kernel: d is reachable iff d·y ≡ 0 (mod k) for every y here. Empty when not available. */
  checks: string[];
  /** d·y mod k for each check (all 0 exactly when solvable). */
  checkParities: number[];
}

/**
 * What the firmware's `Merlin.maths()` answers for the game in play: k (a press adds 1 mod k),
 * the board's shape, what each key advances (one digit string per key, 1 = the pad advances,
 * pad 1 first) and the goal (digits, pad 1 first).
 */
export interface ToyMaths {
  k: number;
  rows: number;
  cols: number;
  presses: string[];
  target: string;
}

/** The board the firmware plays, as a Puzzle for the solver, and its goal. */
export interface ToyBoard {
  puzzle: Puzzle;
  target: Bits;
}

/**
 * Reads the firmware's description `m` (ToyMaths) into a Puzzle and its target; an answer of
 * the wrong shape throws, saying what was wrong. `described` is the board as the page's words
 * name it (toy-info.ts playedPuzzle: its name, and its pattern, which picks the solver's method
 * and source 003's strategy): the puzzle returned when its keys advance exactly the pads the
 * firmware's do; otherwise the board is named by its size and solved generically.
 */
export function mathsPuzzle(m: ToyMaths, described?: Puzzle): ToyBoard {
  const cells = m.rows * m.cols;
  if (!(Number.isInteger(m.k) && m.k >= MIN_STATES && m.k <= MAX_STATES)) throw new Error(`the firmware's maths: k must be ${MIN_STATES} to ${MAX_STATES}, got ${m.k}`);
  if (!(Number.isInteger(cells) && cells > 0)) throw new Error(`the firmware's maths: a board of ${m.rows}×${m.cols}`);
  if (!Array.isArray(m.presses) || m.presses.length === 0) throw new Error("the firmware's maths: no keys");
  const onOff = new RegExp(`^[01]{${cells}}$`);
  const start: number[] = [0];
  const hit: number[] = [];
  m.presses.forEach((row, j) => {
    if (!onOff.test(row)) throw new Error(`the firmware's maths: key ${j + 1} must be ${cells} digits 0/1, got '${row}'`);
    for (let c = 0; c < cells; c++) if (row[c] === "1") hit.push(c);
    start.push(hit.length);
  });
  if (!new RegExp(`^[0-${m.k - 1}]{${cells}}$`).test(m.target)) throw new Error(`the firmware's maths: the target must be ${cells} digits 0 to ${m.k - 1}, got '${m.target}'`);
  const keyStart = Int32Array.from(start);
  const keyCells = Int32Array.from(hit);
  // The described board is the firmware's when every key advances the same pads (in any order).
  const same =
    described !== undefined &&
    described.rows === m.rows && described.cols === m.cols && described.states === m.k &&
    described.keys === m.presses.length && described.cells === cells &&
    m.presses.every((row, j) => {
      const own = new Array<string>(cells).fill("0");
      for (let i = described.keyStart[j]; i < described.keyStart[j + 1]; i++) own[described.keyCells[i]] = "1";
      return own.join("") === row;
    });
  const puzzle: Puzzle = same
    ? described!
    : { name: `the toy's ${m.rows}×${m.cols} board`, pattern: "graph", rows: m.rows, cols: m.cols, cells, keys: m.presses.length, states: m.k, wrap: false, keyStart, keyCells };
  return { puzzle, target: digits(m.target) };
}

const str = (v: ArrayLike<number>) => Array.from(v as ArrayLike<number>).join("");

/** The pad (0-based) key `key` of `p` is pressed at (as the back-ends' padOfKey: its own, or its first cell). */
export function keyPad(p: Puzzle, key: number): number {
  return p.keys === p.cells ? key : p.keyCells[p.keyStart[key]];
}

/**
 * What a lesson needs that depends on the board's matrix alone, not on b or t: worked out once
 * per puzzle (a press on the toy changes b, never A), so a redraw after a press only solves.
 */
type Basis = Pick<Lesson, "keyPads" | "matrix" | "inverse" | "rank" | "nullity" | "solvableBoards" | "allBoards" | "quiet" | "quietOrders"> & {
  /** The solvability test's rows (A's left kernel), one entry per pad. */
  checks: Uint8Array[];
};

const bases = new WeakMap<Puzzle, Basis>();

function basis(p: Puzzle): Basis {
  const known = bases.get(p);
  if (known) return known;
  const k = p.states;
  const za = puzzleMatrix(p);
  const matrix: string[] = [];
  for (let c = 0; c < p.cells; c++) matrix.push(str(za.data.subarray(c * p.keys, (c + 1) * p.keys)));
  const info = analyze(p, { quiet: true });
  let quiet: string[];
  const checks: Uint8Array[] = [];
  if (k === 2) {
    const red = reduceMatrix(toggleMatrix(p));
    quiet = bitRows(nullSpace(red));
    // Rows rank.. of T (with T·A = R) span the left null space: y·A = 0.
    const t = red.transform;
    for (let i = red.rank; i < t.rows; i++) {
      const y = new Uint8Array(p.cells);
      for (let c = 0; c < p.cells; c++) y[c] = getBit(t, i, c);
      checks.push(y);
    }
  } else {
    quiet = (info.quiet ?? []).map(str);
    // The left kernel mod k (null only when a pivot of A's Smith form is not a unit: none of the games' boards).
    const pseudo = zkPseudoInverse(zkReduce(za));
    if (pseudo !== null) {
      for (let i = 0; i < pseudo.checks.rows; i++) {
        const row = pseudo.checks.data.subarray(i * p.cells, (i + 1) * p.cells);
        if (!row.every((v) => v === 0)) checks.push(Uint8Array.from(row));
      }
    }
  }
  const inv = inverse(p);
  const keyPads: number[] = [];
  for (let j = 0; j < p.keys; j++) keyPads.push(keyPad(p, j));
  const b: Basis = {
    keyPads,
    matrix,
    inverse: inv ? inv.map(str) : null,
    rank: info.rank,
    nullity: info.nullity,
    solvableBoards: info.solvableStates,
    allBoards: BigInt(k) ** BigInt(p.cells) + "",
    quiet,
    quietOrders: info.quietOrders,
    checks,
  };
  bases.set(p, b);
  return b;
}

/** The lesson for board `board` and target `target` of puzzle `p` (cell values 0..k−1). */
export function lesson(p: Puzzle, board: Bits, target: Bits): Lesson {
  const k = p.states;
  if (board.length !== p.cells || target.length !== p.cells) throw new Error(`the board has ${board.length} cells, ${p.name} has ${p.cells}`);
  for (let i = 0; i < p.cells; i++) {
    if (!(board[i] < k && target[i] < k)) throw new Error(`cell ${i + 1} holds ${Math.max(board[i], target[i])}, but ${p.name} counts mod ${k}`);
  }
  const d = board.map((v, i) => (target[i] - v + k) % k);
  const B = basis(p);
  const checkParities = B.checks.map((y) => {
    let sum = 0;
    for (let c = 0; c < p.cells; c++) sum += y[c] * d[c];
    return sum % k;
  });
  const sol = solve(p, board, target);
  const keys: number[] = [];
  if (sol.solvable) for (let j = 0; j < p.keys; j++) for (let c = 0; c < sol.counts[j]; c++) keys.push(j + 1);
  const order = sol.solvable ? sol.order ?? keys : [];
  return {
    k,
    cells: p.cells,
    keyCount: p.keys,
    keyPads: B.keyPads,
    matrix: B.matrix,
    inverse: B.inverse,
    rank: B.rank,
    nullity: B.nullity,
    solvableBoards: B.solvableBoards,
    allBoards: B.allBoards,
    board: str(board),
    target: str(target),
    difference: str(d),
    solvable: sol.solvable,
    presses: sol.solvable ? str(sol.counts) : "",
    keys,
    pads: order.map((key) => B.keyPads[key - 1] + 1),
    safeOrder: sol.solvable && sol.order !== null,
    quiet: B.quiet,
    quietOrders: B.quietOrders,
    checks: B.checks.map(str),
    checkParities,
  };
}

/** How many presses a press vector (one digit per key: how many times) makes. */
export function pressTotal(x: ArrayLike<number> | string): number {
  let n = 0;
  for (let j = 0; j < x.length; j++) n += Number(x[j]);
  return n;
}

/** Two answers to one board compared: equal, or apart by a sum of the lesson's quiet patterns. */
export interface AnswerGap {
  same: boolean;
  /** other − x (mod k), one digit per key: presses that change nothing. */
  difference: string;
  /** How many times each quiet pattern of the lesson (L.quiet, in order) makes up the difference; null if none was found. */
  times: number[] | null;
}

/** The most combinations of quiet patterns `answerGap` tries (5×5 boards have at most 3^3 or 2^2). */
const MAX_QUIET_COMBINATIONS = 1 << 16;

/**
 * How `other` (one digit per key, e.g. the stepper's x with its free variables 0) differs from
 * the lesson's x: the difference is a quiet pattern (both solve A·x = d, so A·(other − x) = 0),
 * written as a sum of the lesson's quiet patterns by trying their combinations in turn.
 */
export function answerGap(L: Lesson, other: ArrayLike<number>): AnswerGap {
  const k = L.k;
  const x = digits(L.presses);
  const diff = new Uint8Array(L.keyCount);
  for (let j = 0; j < L.keyCount; j++) diff[j] = (other[j] - x[j] + k) % k;
  const difference = str(diff);
  if (diff.every((v) => v === 0)) return { same: true, difference, times: L.quiet.map(() => 0) };
  const q = L.quiet.map(digits);
  const orders = L.quietOrders.length === q.length ? L.quietOrders : q.map(() => k);
  const combinations = orders.reduce((a, b) => a * b, 1);
  if (q.length === 0 || combinations > MAX_QUIET_COMBINATIONS) return { same: false, difference, times: null };
  const times = new Array<number>(q.length).fill(0);
  for (let n = 0; n < combinations; n++) {
    let rest = n;
    for (let i = 0; i < q.length; i++) {
      times[i] = rest % orders[i];
      rest = Math.floor(rest / orders[i]);
    }
    let hit = true;
    for (let j = 0; j < L.keyCount && hit; j++) {
      let v = 0;
      for (let i = 0; i < q.length; i++) v += times[i] * q[i][j];
      hit = v % k === diff[j];
    }
    if (hit) return { same: false, difference, times: times.slice() };
  }
  return { same: false, difference, times: null };
}

/**
 * A board typed as digits (pad 1 first, row by row) for a board of `cells` pads counting mod
 * `k`: spaces, commas and slashes between digits are allowed; anything else throws, saying
 * what is accepted.
 */
export function readBoardDigits(text: string, k: number, cells: number): Bits {
  const s = text.replace(/[\s,/]/g, "");
  if (!new RegExp(`^[0-${k - 1}]{${cells}}$`).test(s)) {
    const got = s.length > 40 ? `${s.slice(0, 40)}…` : s;
    throw new Error(`a board here is ${cells} digits 0 to ${k - 1}, pad 1 first, row by row (got ${s.length} character${s.length === 1 ? "" : "s"}: '${got}')`);
  }
  return digits(s);
}

/**
 * A board the lesson's test refuses, one pad away from `board`: a pad the first test weights
 * advances by 1, which moves that test's sum by its weight (not 0 mod k), so a board that
 * passed fails. Null when A is invertible (every board is solvable) or the board already fails.
 */
export function unsolvableNeighbour(L: Lesson, board: Bits): { board: Bits; pad: number; check: number } | null {
  if (!L.solvable || L.checks.length === 0) return null;
  const y = digits(L.checks[0]);
  const c = y.findIndex((v) => v !== 0);
  if (c < 0) return null;
  const out = board.slice();
  out[c] = (out[c] + 1) % L.k;
  return { board: out, pad: c + 1, check: 1 };
}

/**
 * The stepper's elimination for puzzle `p`: [A | t − b] (ends in x), or with `identity`
 * [A | I] (a square A: ends in [I | A⁻¹] when A is invertible), mod k.
 */
export function lessonSteps(p: Puzzle, board: Bits, target: Bits, identity: boolean): Elimination {
  const k = p.states;
  const a = puzzleMatrix(p).data;
  if (identity) {
    const id = new Uint8Array(p.cells * p.cells);
    for (let i = 0; i < p.cells; i++) id[i * p.cells + i] = 1;
    return eliminate(a, p.cells, p.keys, id, p.cells, k);
  }
  const d = board.map((v, i) => (target[i] - v + k) % k);
  return eliminate(a, p.cells, p.keys, d, 1, k);
}

/** A digit string's cells. */
export function digits(s: string): Bits {
  return Uint8Array.from(s.split("").map(Number));
}

/** The presses `pads` (1-based, a pad c times for c presses) applied to `board`, as the toy plays them on `p`. */
export function pressPads(p: Puzzle, board: Bits, pads: number[]): Bits {
  const b = board.slice();
  for (const pad of pads) {
    let key = -1;
    for (let j = 0; j < p.keys; j++) if (keyPad(p, j) === pad - 1) key = j;
    if (key < 0) throw new Error(`pad ${pad} is not a key of ${p.name}`);
    for (let i = p.keyStart[key]; i < p.keyStart[key + 1]; i++) b[p.keyCells[i]] = (b[p.keyCells[i]] + 1) % p.states;
  }
  return b;
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
  if (p.states !== 2 || p.keys !== p.cells) return null;
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

/**
 * The board options every `merlin` command shares (--pattern, --size, --rows, --cols,
 * --wrap, --states, --graph, --box, --intersections), turned into one Puzzle; board
 * arguments (digits or a named board); and plain-text drawing of boards and press counts.
 */
import { formatBoard, namedTarget, parseBoard, TARGET_NAMES } from "../../src/maths/boardstate";
import {
  boxAdjacency,
  graphPuzzle,
  gridPuzzle,
  inputError,
  intersectionPuzzle,
  MAX_GRID_SIDE,
  MAX_STATES,
  MIN_STATES,
  PATTERN_HELP,
  Puzzle,
} from "../../src/maths/puzzle";
import { isPlusPattern } from "../../src/maths/solver";
import { excerpt, HelpGroup, OptionSpec, OptionValues } from "../../tools/options";

/**
 * Most cells a graph or box board may have (a 64×64 grid's worth): a graph's matrix need not
 * be banded, and dense elimination of more takes too long.
 */
export const MAX_GRAPH_NODES = 4096;

/**
 * Largest side of a k-state board (--states above 2): elimination over Z_k is dense, so
 * those stop at 64×64; on/off grids go to MAX_GRID_SIDE (banded elimination).
 */
export const MAX_STATES_SIDE = 64;

export const DEFAULT_PATTERN = "merlin";
export const DEFAULT_SIZE = 3;

/** Options of the plain grid that --graph, --box and --intersections replace. */
const GRID_OPTIONS = ["pattern", "rows", "cols", "wrap"];

/** All puzzle options, in help order. Defaults live here in the help text, not in the specs,
 *  so that puzzleFromOptions can tell an option given from one left out. */
export const PUZZLE_OPTIONS: OptionSpec[] = [
  { name: "pattern", type: "string", arg: "NAME", help: `what a key press changes: ${PATTERN_HELP} (default ${DEFAULT_PATTERN})` },
  { name: "size", type: "int", arg: "N", help: `an N×N board, N = 1..${MAX_GRID_SIDE} (default ${DEFAULT_SIZE})`, excludes: ["rows", "cols"] },
  { name: "rows", type: "int", arg: "R", help: "rows of an R×C board (default: the size)" },
  { name: "cols", type: "int", arg: "C", help: "columns of an R×C board (default: the size)" },
  { name: "wrap", type: "flag", help: "edges wrap around (a torus)" },
  {
    name: "states",
    type: "int",
    arg: "K",
    help: `colours per cell, a press adds 1 mod K, K = ${MIN_STATES}..${MAX_STATES} (default 2: on/off; K > 2 boards up to ${MAX_STATES_SIDE}×${MAX_STATES_SIDE})`,
  },
  {
    name: "graph",
    type: "string",
    arg: "EDGES",
    help: "any graph, a press changes a node and its neighbours: edges such as 1-2,2-3,3-1 (nodes numbered from 1; a lone number adds an isolated node), or path:N, cycle:N, complete:N, star:N",
    excludes: GRID_OPTIONS.concat(["size", "box", "intersections"]),
  },
  {
    name: "box",
    type: "string",
    arg: "XxYxZ",
    help: "a 3-D block of X·Y·Z cubes, a press changes a cube and its face neighbours, e.g. 3x3x3",
    excludes: GRID_OPTIONS.concat(["size", "intersections"]),
  },
  {
    name: "intersections",
    type: "flag",
    help: "an N×N board (--size) with (N-1)² keys on the inner corners, each changing its 2×2 block",
    excludes: GRID_OPTIONS,
  },
];

/** The board options under one heading in every command's help. */
export const BOARD_SHAPE_GROUP: HelpGroup = { title: "Board shape (the same in every command)", options: PUZZLE_OPTIONS.map((o) => o.name) };

function optionGiven(v: OptionValues, name: string): boolean {
  return v[name] !== undefined;
}

/** `n` in lo..hi; the message echoes `raw`, the text the user typed for it (an excerpt), when given. */
function checkRange(what: string, n: number, lo: number, hi: number, raw?: string): void {
  if (!(n >= lo && n <= hi)) throw inputError(`${what} must be a whole number from ${lo} to ${hi}, got ${raw === undefined ? n : `'${excerpt(raw)}'`}`);
}

function statesOf(v: OptionValues): number {
  const states = v.states === undefined ? 2 : (v.states as number);
  checkRange("--states", states, MIN_STATES, MAX_STATES);
  return states;
}

/** Adjacency lists (0-based) of a named graph or an edge list such as "1-2,2-3,4". */
export function parseGraph(text: string): { name: string; adjacency: number[][] } {
  const spec = text.trim();
  const named = /^(path|cycle|complete|star):(\d+)$/.exec(spec);
  const edges: [number, number][] = [];
  let nodes = 0;
  let name: string;
  if (named) {
    const kind = named[1];
    nodes = Number(named[2]);
    const least = kind === "cycle" ? 3 : 1;
    checkRange(`--graph ${kind}:N`, nodes, least, MAX_GRAPH_NODES, named[2]);
    if (kind === "path" || kind === "cycle") for (let i = 0; i + 1 < nodes; i++) edges.push([i, i + 1]);
    if (kind === "cycle") edges.push([nodes - 1, 0]);
    if (kind === "complete") for (let i = 0; i < nodes; i++) for (let j = i + 1; j < nodes; j++) edges.push([i, j]);
    if (kind === "star") for (let i = 1; i < nodes; i++) edges.push([0, i]);
    name = `${kind} graph, ${nodes} nodes`;
  } else {
    const bad = () =>
      inputError(`--graph '${text}': use edges such as 1-2,2-3,3-1 (nodes numbered from 1) or path:N, cycle:N, complete:N, star:N`);
    if (spec === "") throw bad();
    for (const item of spec.split(",")) {
      const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(item);
      if (!m) throw bad();
      const a = Number(m[1]);
      const b = m[2] === undefined ? a : Number(m[2]);
      checkRange(`--graph '${text}': node`, a, 1, MAX_GRAPH_NODES, m[1]);
      checkRange(`--graph '${text}': node`, b, 1, MAX_GRAPH_NODES, m[2] ?? m[1]);
      if (m[2] !== undefined && a === b) throw inputError(`--graph '${text}': edge ${a}-${b} joins a node to itself`);
      nodes = Math.max(nodes, a, b);
      if (m[2] !== undefined) edges.push([a - 1, b - 1]);
    }
    name = `graph, ${nodes} nodes`;
  }
  const adjacency: number[][] = [];
  for (let i = 0; i < nodes; i++) adjacency.push([]);
  // A repeated edge would change the neighbour twice; an edge is there or not. (A list
  // search per edge made complete:4096 take minutes.)
  const joined = new Uint8Array(nodes * nodes);
  for (const [a, b] of edges) {
    if (joined[a * nodes + b]) continue;
    joined[a * nodes + b] = joined[b * nodes + a] = 1;
    adjacency[a].push(b);
    adjacency[b].push(a);
  }
  return { name, adjacency };
}

/** Parses "3x3x3" (or 3×3×3) into [x, y, z]. */
export function parseBox(text: string): [number, number, number] {
  const m = /^\s*(\d+)\s*[x×]\s*(\d+)\s*[x×]\s*(\d+)\s*$/i.exec(text);
  if (!m) throw inputError(`--box '${text}': use XxYxZ, e.g. 3x3x3`);
  const dims: [number, number, number] = [Number(m[1]), Number(m[2]), Number(m[3])];
  dims.forEach((d, i) => checkRange(`--box '${text}': each side`, d, 1, MAX_GRAPH_NODES, m[i + 1]));
  const cells = dims[0] * dims[1] * dims[2];
  if (cells > MAX_GRAPH_NODES) throw inputError(`--box '${text}' has ${cells} cubes, at most ${MAX_GRAPH_NODES} are allowed`);
  return dims;
}

/**
 * Whether the options describe an on/off plus grid without wrap (--pattern plus or a plus
 * mask, no --wrap, --states absent or 2, no --graph/--box/--intersections): the boards that
 * `solve --from-file/--all-lit` and `analyze` beyond 64×64 handle on packed boards.
 */
export function isPlainPlusOptions(v: OptionValues): boolean {
  if (optionGiven(v, "graph") || optionGiven(v, "box") || optionGiven(v, "intersections")) return false;
  if (v.wrap === true) return false;
  if (v.states !== undefined && v.states !== 2) return false;
  return typeof v.pattern === "string" && isPlusPattern(v.pattern);
}

/** Rows and cols as --size, --rows and --cols give them (rows and cols default to the size); undefined when not given. */
export function gridSizeOptions(v: OptionValues): { rows: number | undefined; cols: number | undefined } {
  const size = v.size as number | undefined;
  return {
    rows: v.rows !== undefined ? (v.rows as number) : size,
    cols: v.cols !== undefined ? (v.cols as number) : size,
  };
}

/**
 * The puzzle the options describe: a grid by default (--pattern, --size or --rows/--cols,
 * --wrap), or a graph (--graph), a 3-D box (--box) or the intersection layout
 * (--intersections, with --size); --states applies to all of them.
 */
export function puzzleFromOptions(v: OptionValues): Puzzle {
  // The option specs exclude the combinations that make no sense (see parseOptions).
  const kinds = ["graph", "box", "intersections"].filter((n) => optionGiven(v, n));
  const states = statesOf(v);
  if (kinds[0] === "graph") {
    const g = parseGraph(v.graph as string);
    return graphPuzzle(g.name, g.adjacency, states);
  }
  if (kinds[0] === "box") {
    const [x, y, z] = parseBox(v.box as string);
    const p = graphPuzzle(`box ${x}×${y}×${z}`, boxAdjacency(x, y, z), states);
    // Drawn as its z layers of y rows stacked top to bottom (cell index = (layer·y + row)·x + col).
    return Object.assign({}, p, { pattern: "box", rows: y * z, cols: x });
  }
  const size = v.size === undefined ? DEFAULT_SIZE : (v.size as number);
  checkRange("--size", size, 1, MAX_GRID_SIDE);
  const side = function (what: string, n: number): void {
    if (states > 2 && n > MAX_STATES_SIDE) {
      throw inputError(`${what} must be at most ${MAX_STATES_SIDE} with --states ${states}, got ${n} (on/off boards go up to ${MAX_GRID_SIDE})`);
    }
  };
  if (kinds[0] === "intersections") {
    side("--size", size);
    if (size < 2) throw inputError("--intersections needs --size 2 or more");
    return intersectionPuzzle(size, states);
  }
  const rows = v.rows === undefined ? size : (v.rows as number);
  const cols = v.cols === undefined ? size : (v.cols as number);
  checkRange("--rows", rows, 1, MAX_GRID_SIDE);
  checkRange("--cols", cols, 1, MAX_GRID_SIDE);
  side(v.size !== undefined && v.rows === undefined ? "--size" : "--rows", rows);
  side(v.size !== undefined && v.cols === undefined ? "--size" : "--cols", cols);
  const pattern = v.pattern === undefined ? DEFAULT_PATTERN : (v.pattern as string);
  return gridPuzzle({ rows, cols, pattern, wrap: v.wrap === true, states });
}

/** A board option: digits (see parseBoard) or one of the named boards ring, lit, dark. */
export function boardOption(p: Puzzle, text: string, option: string): Uint8Array {
  const t = text.trim();
  if (TARGET_NAMES.indexOf(t) >= 0) return namedTarget(p, t);
  if (!/^[0-9/]+$/.test(t)) {
    throw inputError(
      `${option} '${text}' is neither a board of ${p.cells} digits (0 to ${p.states - 1}, '/' between rows allowed) nor one of ${TARGET_NAMES.join(", ")}`,
    );
  }
  return parseBoard(p, t, option);
}

/** Row-major digits of a board or a press-count vector. */
export const digits = formatBoard;

/** How keys are laid out for drawing: like the cells, on the inner corners, or in one row. */
export function keyShape(p: Puzzle): { rows: number; cols: number } {
  if (p.keys === p.cells) return { rows: p.rows, cols: p.cols };
  if (p.rows > 1 && p.cols > 1 && p.keys === (p.rows - 1) * (p.cols - 1)) return { rows: p.rows - 1, cols: p.cols - 1 };
  return { rows: 1, cols: p.keys };
}

/**
 * Lines of a grid of values, '.' for 0: on/off cells as '#' (lit), k-state cells and press
 * counts as digits.
 */
export function gridLines(values: ArrayLike<number>, rows: number, cols: number, onOff: boolean): string[] {
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < cols; c++) {
      const x = values[r * cols + c];
      cells.push(x === 0 ? "." : onOff ? "#" : String(x));
    }
    lines.push(cells.join(" "));
  }
  return lines;
}

/** Blocks of lines side by side under their titles. */
export function sideBySide(blocks: { title: string; lines: string[] }[]): string[] {
  const widths = blocks.map((b) => Math.max(b.title.length, ...b.lines.map((l) => l.length)));
  const height = Math.max(...blocks.map((b) => b.lines.length));
  const row = (parts: string[]) => parts.map((s, i) => (i + 1 < parts.length ? s.padEnd(widths[i]) : s)).join("    ").trimEnd();
  const out = [row(blocks.map((b) => b.title))];
  for (let i = 0; i < height; i++) out.push(row(blocks.map((b) => b.lines[i] ?? "")));
  return out.map((l) => "  " + l);
}

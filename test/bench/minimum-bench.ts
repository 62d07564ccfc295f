/**
 * Benchmark of the fewest-presses search (src/maths/minweight.ts; not a test: wall-clock figures).
 * Run: npm run bench:minimum [-- --sizes 2-100] [--compare | --grids | --large] [--write]
 * (--write: also docs/measurements/minimum.md, minimum-grids.md or minimum-large.md, with the
 * machine, commit and load in its header).
 *
 * Table 1: every singular all-lit n×n plus board in the range, solved by solvePlusGrid with the
 * default search budget: nullity, presses, method (exact = proven), the time of the solve
 * (plan set-up excluded) and the published minimum (OEIS A075464, n ≤ 54) where known.
 * Table 2 (--compare): on boards whose minimum is proven, what the heuristic alone (symmetric
 * starts and the local search, no proof) finds with the whole budget, i.e. the answer a board
 * gets when the proof cannot finish.
 * Table 3 (--grids, alone): 128-a-side boards of the other patterns, masks and tori through
 * the general solver (banded elimination, then the same search): the elimination's time
 * (analyze) and the time of one all-lit → dark solve.
 * Table 4 (--large, alone): every all-lit m×n plus board up to 128 a side (m ≥ n) of nullity
 * 33–64, the range where the proof does not finish: nullity, presses, method, time.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { applyPresses, createBoard, getCell, litBoard, PackedBoard, setCell } from "../../src/maths/chase";
import { analyzePlusGrid, preparePlusGrid, solvePlusGrid } from "../../src/maths/gridsolve";
import { gridPuzzle } from "../../src/maths/puzzle";
import { analyze, solve } from "../../src/maths/solver";
import { addCell, CellSymmetries, createQuietClasses, DEFAULT_SEARCH_BUDGET, fewestPresses, gridSymmetries } from "../../src/maths/minweight";
import { finishMeasurement, machine, MEASUREMENTS_DIR, Report, startRun } from "../../tools/measurements";
import { parseRange } from "../../tools/options";
import { toolOptions } from "../../tools/tool-options";
import { xorshift32 } from "../helpers/seeded";

// OEIS A075464 a(1..54), the data section of https://oeis.org/A075464.
const A075464 = [
  1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224, 245, 276, 231, 270, 353, 356, 405, 416,
  345, 376, 553, 428, 469, 520, 563, 600, 761, 772, 561, 696, 891, 940, 953, 772, 1069, 1188, 971, 1096, 1165, 1220, 1317,
  1256, 1487, 1400,
];

const BUDGET_NOTE =
  `The search's budget is ${DEFAULT_SEARCH_BUDGET} work units on every machine, so the answers (presses, method) ` +
  "are the same everywhere; only the seconds depend on the machine and its load (see the header).";

const ABOUT_MINIMUM =
  "`npm run bench:minimum` solves every singular all-lit n×n plus board in the range (2–100 by default) to all " +
  "dark with the default search for the fewest presses (src/maths/minweight.ts through solvePlusGrid): nullity, " +
  "presses, method (\"exact\" is proven, \"heuristic\" is not) and the wall-clock seconds of one solve, the " +
  "polynomial set-up excluded. Where OEIS A075464 publishes the minimum (n ≤ 54) it is shown, and the benchmark " +
  "fails if a proven minimum differs. With `--compare`, the second table gives what the heuristic alone (symmetric " +
  "starts and the local search with the whole budget, no proof) finds on the boards whose minimum is proven " +
  "(nullity above 12; all lit and three random solvable starts). " +
  BUDGET_NOTE;

const ABOUT_GRIDS =
  "`npm run bench:minimum -- --grids` solves all-lit 128-a-side boards of other patterns, masks and tori to all " +
  "dark through the general solver (src/maths/solver.ts): the banded elimination's seconds, then the presses, method " +
  "(\"exact\" is proven, \"heuristic\" is not) and seconds of one solve. " +
  BUDGET_NOTE;

const ABOUT_LARGE =
  "`npm run bench:minimum -- --large` solves every all-lit m×n plus board up to 128 a side (m ≥ n) whose nullity " +
  "is 33–64, the range where the proof of the minimum does not finish within the budget: nullity, presses, method " +
  "and wall-clock seconds of one solve. " +
  BUDGET_NOTE;

const parsed = toolOptions(
  process.argv.slice(2),
  [
    { name: "sizes", type: "string", arg: "FROM-TO", help: "board sides (default 2-100)", excludes: ["grids", "large"] },
    { name: "compare", type: "flag", help: "also time the heuristic alone where proven", excludes: ["grids", "large"] },
    { name: "grids", type: "flag", help: "only 128-a-side boards of other patterns, masks, tori", excludes: ["large"] },
    { name: "large", type: "flag", help: "only plus boards up to 128 a side of nullity 33-64" },
    { name: "write", type: "flag", help: `also write ${MEASUREMENTS_DIR}/minimum[-grids|-large].md` },
  ],
  {
    name: "bench:minimum",
    command: "npm run bench:minimum",
    usage: "npm run bench:minimum [-- --sizes FROM-TO] [--compare | --grids | --large] [--write]",
    summary: "wall-clock figures of the fewest-presses search",
    about: "Times the fewest-presses search on all-lit boards (Markdown tables; seconds per solve).",
    examples: [
      ["npm run bench:minimum", "sides 2 to 100"],
      ["npm run bench:minimum -- --sizes 2-40 --compare", "and the heuristic alone"],
      ["npm run bench:minimum -- --grids", "128-a-side boards of other patterns"],
    ],
  },
);
if (typeof parsed === "number") process.exit(parsed);
const write = parsed.values.write === true;
let lo = 2;
let hi = 100;
try {
  [lo, hi] = parseRange((parsed.values.sizes as string | undefined) ?? "2-100", "--sizes");
} catch (e) {
  console.error(`bench:minimum: ${(e as Error).message}`);
  process.exit(2);
}

// The machine is shared: its load average says how much of a core the timings had.
const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
const here = machine();
console.log(`node ${process.version}, ${here.cpu}, ${here.cores} cores, budget ${DEFAULT_SEARCH_BUDGET} units, load average ${load()}`);
console.log("");
const run = startRun();
const report = new Report();
if (parsed.values.grids === true) {
  gridTable();
  finish("minimum-grids", "Fewest presses on 128-a-side boards", ABOUT_GRIDS, "npm run bench:minimum -- --grids --write");
  process.exit(0);
}
if (parsed.values.large === true) {
  largeTable();
  finish("minimum-large", "Fewest presses on plus boards of nullity 33–64", ABOUT_LARGE, "npm run bench:minimum -- --large --write");
  process.exit(0);
}
report.line("| n×n | nullity | presses | method | solve s | A075464 |");
report.line("|---|---|---|---|---|---|");
const proven: { n: number; moves: number }[] = [];
for (let n = lo; n <= hi; n++) {
  const plan = preparePlusGrid(n, n);
  if (plan.nullity === 0) continue;
  const t0 = performance.now();
  const sol = solvePlusGrid(litBoard(n, n), "dark", { plan: plan });
  const s = (performance.now() - t0) / 1000;
  const known = n <= A075464.length ? A075464[n - 1] : undefined;
  if (known !== undefined && sol.minimal && sol.moves !== known) throw new Error(`${n}×${n}: ${sol.moves}, published ${known}`);
  if (sol.minimal) proven.push({ n: n, moves: sol.moves });
  report.line(`| ${n} | ${plan.nullity} | ${sol.moves} | ${sol.method} | ${s.toFixed(2)} | ${known ?? "–"} |`);
}

if (parsed.values.compare === true) {
  report.line("");
  report.line("| n×n | start | nullity | proven minimum | heuristic alone | s |");
  report.line("|---|---|---|---|---|---|");
  for (const p of proven) {
    // The transform and a single local-search block cover nullity ≤ 12 outright: not shown.
    if (preparePlusGrid(p.n, p.n).nullity <= 12) continue;
    for (let seed = 0; seed <= 3; seed++) {
      const start = seed === 0 ? litBoard(p.n, p.n) : solvableBoard(p.n, seed);
      const best = seed === 0 ? p.moves : solvePlusGrid(start, "dark");
      const moves = typeof best === "number" ? best : best.minimal ? best.moves : -1;
      if (moves < 0) continue;
      const sol = solvePlusGrid(start, "dark", { minimize: false, nullBasis: true });
      const t0 = performance.now();
      const cells = cellsOf(sol.presses!, sol.nullBasis!);
      const choice = fewestPresses(classesOf(sol.presses!, sol.nullBasis!), DEFAULT_SEARCH_BUDGET, { proof: false, cells: cells });
      const s = (performance.now() - t0) / 1000;
      const name = seed === 0 ? "all lit" : `random ${seed}`;
      report.line(`| ${p.n} | ${name} | ${sol.nullity} | ${moves} | ${choice.weight} | ${s.toFixed(2)} |`);
    }
  }
}

finish("minimum", "Fewest presses on singular plus boards", ABOUT_MINIMUM, "npm run bench:minimum -- --compare --write");

/** A random solvable board: random presses (seeded) applied to the dark board. */
function solvableBoard(n: number, seed: number): PackedBoard {
  const next = xorshift32(seed * 7919 + n);
  const presses = createBoard(n, n);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (next() & 1) setCell(presses, r, c, 1);
  return applyPresses(createBoard(n, n), presses);
}

/** The classes of a press board over a basis of quiet patterns, cell by cell. */
function classesOf(x0: PackedBoard, quiet: PackedBoard[]) {
  const d = quiet.length;
  const t = createQuietClasses(d);
  const sig = new Int32Array(Math.ceil(d / 32));
  for (let r = 0; r < x0.rows; r++) {
    for (let c = 0; c < x0.cols; c++) {
      sig.fill(0);
      for (let i = 0; i < d; i++) if (getCell(quiet[i], r, c)) sig[i >>> 5] |= 1 << (i & 31);
      addCell(t, sig, 0, getCell(x0, r, c));
    }
  }
  return t;
}

/** The cells one by one with their signatures and the grid's mirrors and turns (the symmetric starts), as solvePlusGrid passes them. */
function cellsOf(x0: PackedBoard, quiet: PackedBoard[]): CellSymmetries {
  const d = quiet.length;
  const words = Math.ceil(d / 32);
  const sig = new Int32Array(x0.rows * x0.cols * words);
  const pressed = new Uint8Array(x0.rows * x0.cols);
  for (let r = 0; r < x0.rows; r++) {
    for (let c = 0; c < x0.cols; c++) {
      const p = r * x0.cols + c;
      pressed[p] = getCell(x0, r, c);
      for (let i = 0; i < d; i++) if (getCell(quiet[i], r, c)) sig[p * words + (i >>> 5)] |= 1 << (i & 31);
    }
  }
  return { sig: sig, pressed: pressed, perms: gridSymmetries(x0.rows, x0.cols) };
}

/** Table 4: all-lit plus boards up to 128 a side of nullity 33–64, all lit → dark. */
function largeTable(): void {
  report.line("| m×n | nullity | presses | method | solve s |");
  report.line("|---|---|---|---|---|");
  for (let m = 1; m <= 128; m++) {
    for (let n = 1; n <= m; n++) {
      const nullity = analyzePlusGrid(m, n).nullity;
      if (nullity < 33 || nullity > 64) continue;
      const plan = preparePlusGrid(m, n);
      const t0 = performance.now();
      const sol = solvePlusGrid(litBoard(m, n), "dark", { plan: plan });
      const s = (performance.now() - t0) / 1000;
      report.line(`| ${m}×${n} | ${nullity} | ${sol.moves} | ${sol.method} | ${s.toFixed(2)} |`);
    }
  }
}

/** Table 3: all lit → dark on 128-a-side boards of the general solver (a function: it runs first, with --grids). */
function gridTable(): void {
  const boards: [string, number, number, boolean][] = [
    ["x", 128, 128, false],
    ["king", 128, 128, false],
    ["merlin", 128, 128, false],
    ["11111/10001/10101/10001/11111", 128, 128, false],
    ["111/101/111", 128, 128, true],
    ["x", 127, 127, true],
    ["merlin", 128, 96, true],
    ["king", 128, 96, false],
    ["king", 128, 128, true],
    ["plus", 128, 128, true],
  ];
  report.line("| board | nullity | elimination s | presses | method | solve s |");
  report.line("|---|---|---|---|---|---|");
  for (const [pattern, rows, cols, wrap] of boards) {
    const p = gridPuzzle({ rows, cols, pattern, wrap });
    const t0 = performance.now();
    const a = analyze(p);
    const t1 = performance.now();
    const sol = solve(p, new Uint8Array(p.cells).fill(1), new Uint8Array(p.cells), { order: false });
    const t2 = performance.now();
    const name = `${pattern} ${rows}×${cols}${wrap ? " torus" : ""}`;
    const moves = sol.solvable ? String(sol.moves) : "unsolvable";
    report.line(`| ${name} | ${a.nullity} | ${((t1 - t0) / 1000).toFixed(2)} | ${moves} | ${sol.method} | ${((t2 - t1) / 1000).toFixed(2)} |`);
  }
}

function finish(name: string, title: string, about: string, rerun: string): void {
  console.log("");
  console.log(`load average at the end: ${load()}`);
  finishMeasurement(write, name, { title, about, rerun }, run, report);
}

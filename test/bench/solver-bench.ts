/**
 * Benchmark of the large-board plus solver (not a test: wall-clock figures).
 * Run: npm run bench [-- --quick | --sizes 31,100,1000] [--write]
 * (--write: also docs/measurements/solver.md, with the machine, commit and load in its header).
 * Prints a markdown table: solve time (first solve of a size: includes the polynomial set-up;
 * the JIT is warmed up first),
 * solve time with a prepared plan, and the separate verification (replaying the presses).
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { PackedBoard, applyPresses, createBoard, lastWordMask, litBoard, pressesReachTarget } from "../../src/maths/chase";
import { formatBoard, parseBoardBytes } from "../../sim/cli/large";
import { analyzePlusGrid, preparePlusGrid, solvePlusGrid } from "../../src/maths/gridsolve";
import { solvePlusGridGauss } from "../helpers/chasegauss";
import { finishMeasurement, machine, MEASUREMENTS_DIR, Report, startRun } from "../../tools/measurements";
import { toolOptions } from "../../tools/tool-options";
import { xorshift32 } from "../helpers/seeded";

function randomBoard(rows: number, cols: number, seed: number): PackedBoard {
  const b = createBoard(rows, cols);
  const next = xorshift32(seed);
  const d = b.data;
  for (let i = 0; i < d.length; i++) d[i] = next();
  const mask = lastWordMask(cols);
  for (let r = 0; r < rows; r++) d[r * b.stride + b.stride - 1] &= mask;
  return b;
}

/** Median of `runs` timings of fn (ms). */
function time(fn: () => void, runs: number): number {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)];
}

function fmt(ms: number): string {
  if (ms < 1) return ms.toFixed(3);
  if (ms < 100) return ms.toFixed(2);
  return ms.toFixed(0);
}

const parsed = toolOptions(
  process.argv.slice(2),
  [
    { name: "quick", type: "flag", help: "sizes up to 2000 only" },
    { name: "sizes", type: "string", arg: "N,N,…", help: "board sizes to time (no singular sizes then)" },
    { name: "write", type: "flag", help: `also write ${MEASUREMENTS_DIR}/solver.md` },
  ],
  {
    name: "bench",
    command: "npm run bench",
    usage: "npm run bench [-- --quick | --sizes 31,100,1000] [--write]",
    summary: "wall-clock figures of the large-board plus solver",
    about: "Times the large-board plus solver (median ms after a JIT warm-up) and prints Markdown tables.",
    examples: [
      ["npm run bench", "sizes 31 to 10000"],
      ["npm run bench -- --quick", "up to 2000"],
      ["npm run bench -- --sizes 31,100,1000", "these sizes"],
    ],
  },
);
if (typeof parsed === "number") process.exit(parsed);
const quick = parsed.values.quick === true;
const sizeText = parsed.values.sizes as string | undefined;
const sizes = sizeText !== undefined ? sizeText.split(",").map(Number) : quick ? [31, 100, 1000, 2000] : [31, 100, 1000, 2000, 4000, 10000];
if (sizes.some((n) => !(Number.isInteger(n) && n >= 1))) {
  console.error(`bench: --sizes takes whole numbers separated by commas, got '${sizeText}'`);
  process.exit(2);
}

const run = startRun();
const report = new Report();
// On the terminal only: with --write the file's header says where it ran.
const here = machine();
console.log(`node ${process.version}, ${here.cpu}, ${here.cores} cores, load average ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
// Warm the JIT up so the first row is not a compile-time measurement.
for (let i = 0; i < 20; i++) solvePlusGrid(randomBoard(200, 200, i + 1), "dark");

/** Start boards: all lit, random (seeded), or random but solvable (random presses applied). */
function startBoard(n: number, kind: string): PackedBoard {
  if (kind === "all-lit") return litBoard(n, n);
  if (kind === "random") return randomBoard(n, n, 12345 + n);
  return applyPresses(createBoard(n, n), randomBoard(n, n, 777 + n));
}

function row(n: number, kind: string): void {
  const runs = n <= 100 ? 21 : n <= 2000 ? 7 : 3;
  const start = startBoard(n, kind);
  const cold = time(() => {
    solvePlusGrid(start, "dark");
  }, runs);
  const plan = preparePlusGrid(n, n);
  let sol = solvePlusGrid(start, "dark", { plan: plan });
  const warm = time(() => {
    sol = solvePlusGrid(start, "dark", { plan: plan });
  }, runs);
  let ok = false;
  const verify = sol.presses
    ? time(() => {
        ok = pressesReachTarget(start, sol.presses!, "dark");
      }, runs)
    : NaN;
  if (sol.solvable && !ok) throw new Error("verification failed for " + n);
  let gauss = "–";
  if (n <= 1000) {
    gauss = fmt(
      time(() => {
        solvePlusGridGauss(start, "dark");
      }, n <= 100 ? 5 : 1),
    );
  }
  report.line(
    `| ${n}×${n} | ${kind} | ${sol.nullity} | ${sol.solvable ? sol.moves : "unsolvable"} | ${sol.method} | ${fmt(cold)} | ${fmt(warm)} | ${
      sol.presses ? fmt(verify) : "–"
    } | ${gauss} |`,
  );
}

report.line("");
report.line("| board | start | nullity | moves | method | first solve ms | solve ms (plan ready) | verify ms | chase+Gauss ms |");
report.line("|---|---|---|---|---|---|---|---|---|");
for (const n of sizes) {
  row(n, "all-lit");
  row(n, "random");
}
if (sizeText === undefined) {
  // Singular sizes: random boards are unsolvable there, so the random start is made solvable;
  // the solver then also searches the 2^nullity solutions for the fewest presses.
  for (const n of quick ? [1002, 999] : [1002, 999, 9998]) {
    row(n, "all-lit");
    row(n, "random solvable");
  }
}

report.line("");
report.line("| analyzePlusGrid | nullity | ms |");
report.line("|---|---|---|");
for (const n of quick ? [1000, 10000] : [1000, 10000, 30000, 100000]) {
  let a = analyzePlusGrid(n, n);
  const ms = time(() => {
    a = analyzePlusGrid(n, n);
  }, n <= 10000 ? 5 : 1);
  report.line(`| ${n}×${n} | ${a.nullity} | ${fmt(ms)} |`);
}

report.line("");
report.line("| board file | MB | parse ms | format ms |");
report.line("|---|---|---|---|");
for (const n of quick ? [1000] : [1000, 10000]) {
  const b = randomBoard(n, n, 99);
  let text = formatBoard(b);
  const fmtMs = time(() => {
    text = formatBoard(b);
  }, n <= 1000 ? 5 : 1);
  const parseMs = time(() => {
    parseBoardBytes(text, "bench");
  }, n <= 1000 ? 5 : 1);
  report.line(`| ${n}×${n} | ${(text.length / 1e6).toFixed(1)} | ${fmt(parseMs)} | ${fmt(fmtMs)} |`);
}

finishMeasurement(
  parsed.values.write === true,
  "solver",
  {
    title: "Large-board solver speed",
    about:
      "`npm run bench` times the plus-board solver (src/maths/gridsolve.ts) on n×n boards with Node: all lit and random " +
      "starts (seeded), solved to all dark. Each figure is the median wall-clock time in ms of several runs after " +
      "a JIT warm-up: \"first solve\" includes the per-size polynomial set-up, \"plan ready\" reuses it, " +
      "\"verify\" replays the presses, and \"chase+Gauss\" is the independent reference solver of the tests " +
      "(up to 1000×1000). The singular sizes (1002, 999, 9998) also search for the fewest presses. Then " +
      "`analyzePlusGrid` (nullity from the size alone) and reading and writing board files. Reading a file in " +
      "`merlin solve` is not in the solve times. The figures depend on the machine and on its load (see the header).",
    rerun: "npm run bench -- --write",
  },
  run,
  report,
);

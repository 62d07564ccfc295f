/**
 * What the k-state device tables and solver (src/toy/tables.ts CellTables, src/toy/cellsolve.ts) cost on
 * an Espruino interpreter for Linux (ESPRUINO_BIN): CPU per hint and per par, and the JsVars the
 * tables take. Not a test: figures for docs/measurements/cellsolve.md (--write).
 *
 *   ESPRUINO_BIN=/path/to/espruino npm run bench:cellsolve [-- --repeat N] [--write]
 *
 * A bundle made the way the firmware's is (esbuild, then the firmware's terser pass) holds the
 * three 5×5 games' tables as the build emits them (emitCellTables),
 * src/toy/cellsolve.ts and 20 solvable boards per game (dealt as the games deal: uniform press
 * counts from the goal); it is written to the interpreter's flash as .bootcde and booted, as on
 * the toy. Every hint is compared with Node's on the same tables before it is timed.
 *
 * CPU is measured as `npm run speed` does (firmware/measure/speed.ts perCall: the process's CPU
 * time around one console line of N calls, minus the same line with an empty loop, divided by
 * N; median of --repeat runs). "worst": of 2000 more dealt boards, one with the most cells
 * differing from the goal (the most additions for the particular solution; the walk over the
 * solutions costs the same on every board). JsVars: process.memory().usage booted with the
 * bundle, minus booted with an empty flash and minus E.getSizeOf of the test boards; per game,
 * E.getSizeOf of its tables object.
 */
import { rmSync } from "node:fs";
import { build } from "esbuild";
import { minify } from "terser";
import { compactBundle, ROOT, TERSER_OPTIONS } from "../../firmware/build/build";
import { hoistVars } from "../../firmware/build/after-terser";
import { Espruino, espruinoBin, exitOnBadEspruino, freshFlashDir } from "../../firmware/measure/espruino-bin";
import { perCall } from "../../firmware/measure/speed";
import { formatBoard } from "../../src/maths/boardstate";
import { DEFAULT_CYCLE, gamePuzzle, gameSpec, gameTarget } from "../../src/maths/games";
import { applyPresses } from "../../src/maths/puzzle";
import { cellHint } from "../../src/toy/cellsolve";
import { compileCellTables, emitCellTables } from "../../src/maths/compile-tables";
import { describeInterpreter, finishMeasurement, MEASUREMENTS_DIR, Report, startRun } from "../../tools/measurements";
import { toolOptions } from "../../tools/tool-options";
import { mulberry32 } from "../helpers/seeded";

const GAMES = ["lightsout", "lightsout2000", "blackwhite"];
const BOARDS = 20;

interface GameCase {
  name: string;
  k: number;
  tables: string;
  /** The hints Node gives on `boards` with the same tables. */
  hints: number[];
  target: string;
  boards: string[];
  worst: string;
}

function gameCase(name: string, seed: number): GameCase {
  const g = gameSpec(name)!;
  const p = gamePuzzle(g, 5, DEFAULT_CYCLE);
  const target = gameTarget(g, p, DEFAULT_CYCLE);
  const next = mulberry32(seed);
  const boards: string[] = [];
  while (boards.length < BOARDS) {
    const counts = new Uint8Array(p.keys);
    for (let j = 0; j < p.keys; j++) counts[j] = Math.floor(next() * p.states);
    const b = formatBoard(applyPresses(p, target, counts));
    if (b !== formatBoard(target)) boards.push(b);
  }
  // The most work: of 2000 more dealt boards, one with the most cells differing from the goal
  // (one packed addition each; the walk over the solutions costs the same on every board).
  let worst = boards[0];
  let most = -1;
  for (let i = 0; i < 2000; i++) {
    const counts = new Uint8Array(p.keys);
    for (let j = 0; j < p.keys; j++) counts[j] = Math.floor(next() * p.states);
    const b = applyPresses(p, target, counts);
    const differ = b.filter((v, c) => v !== target[c]).length;
    if (differ > most) {
      most = differ;
      worst = formatBoard(b);
    }
  }
  const t = compileCellTables(p);
  const hints = boards.map((b) => cellHint(t, b, formatBoard(target)));
  return { name, k: p.states, tables: emitCellTables(t), hints, target: formatBoard(target), boards, worst };
}

/** The bundle, minified as the firmware's is (TERSER_OPTIONS). */
async function bundle(cases: GameCase[]): Promise<string> {
  const entry = [
    'import { cellHint, cellPressCount } from "./src/toy/cellsolve";',
    `global.T = [${cases.map((c) => c.tables).join(",")}];`,
    `global.G = ${JSON.stringify(cases.map((c) => c.target))};`,
    `global.B = ${JSON.stringify(cases.map((c) => c.boards))};`,
    `global.W = ${JSON.stringify(cases.map((c) => c.worst))};`,
    "global.hint = cellHint;",
    "global.par = cellPressCount;",
  ].join("\n");
  const r = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: "ts", sourcefile: "cellsolve-bench.ts" },
    // One function around it all (no require() here, so esbuild's iife needs no shim), minified by the firmware's terser pass below.
    bundle: true,
    write: false,
    format: "iife",
    target: "es2015",
    logLevel: "silent",
  });
  const out = await minify(r.outputFiles[0].text, TERSER_OPTIONS);
  return hoistVars(compactBundle(out.code!.trim()));
}

const ABOUT =
  "`npm run bench:cellsolve` measures the colour games' device tables and solver (src/toy/tables.ts CellTables, " +
  "src/toy/cellsolve.ts) on the Espruino interpreter for Linux that `ESPRUINO_BIN` names. A bundle made as the " +
  "firmware's is (esbuild, the firmware's terser pass) holds the three 5×5 games' tables as the build emits " +
  "them, src/toy/cellsolve.ts and 20 solvable boards per game dealt as the games deal; it is written to the " +
  "interpreter's flash as .bootcde and booted, as on the toy. Every hint is checked against Node's on the same " +
  "tables before it is timed. CPU is counted as `npm run speed` counts it: the interpreter process's CPU time " +
  "(the kernel's account of it) around one console line of N calls, minus the same line with an empty loop, " +
  "divided by N, the median of `--repeat` runs; CPU time, not wall clock, though a busy machine still adds some " +
  "noise. \"worst\" is the one board of 2000 more dealt boards with the most cells differing from the goal. " +
  "JsVars: `process.memory().usage` booted with the bundle, minus " +
  "booted with an empty flash and minus the test boards; per game, `E.getSizeOf` of its tables. The JsVar " +
  "figures are those of the interpreter's JsVar size (see the header: the Pico's is 13 bytes, a 32-bit build); " +
  "the CPU figures are this machine's, not a Pico's.";

async function main(): Promise<number> {
  const opts = toolOptions(
    process.argv.slice(2),
    [
      { name: "repeat", type: "int", arg: "N", help: "runs per figure (median)", default: 3, min: 1, max: 1000 },
      { name: "write", type: "flag", help: `also write ${MEASUREMENTS_DIR}/cellsolve.md` },
    ],
    {
      name: "bench:cellsolve",
      command: "npm run bench:cellsolve",
      usage: "ESPRUINO_BIN=/path/to/espruino npm run bench:cellsolve [-- --repeat N] [--write]",
      summary: "CPU and JsVars of the colour games' device tables on Espruino",
      examples: [
        ["ESPRUINO_BIN=~/espruino/espruino npm run bench:cellsolve", "median of 3 runs per figure"],
        ["ESPRUINO_BIN=~/espruino/espruino npm run bench:cellsolve -- --repeat 7", "median of 7"],
      ],
      about: "CPU per hint and per par of the colour games' device tables, and the JsVars they take,\non the interpreter ESPRUINO_BIN names.",
    },
  );
  if (typeof opts === "number") return opts;
  const bin = espruinoBin();
  if (!bin) {
    process.stderr.write("bench:cellsolve: set ESPRUINO_BIN to an Espruino interpreter for Linux (see docs/measurements/cellsolve.md)\n");
    return 2;
  }
  const repeat = opts.values.repeat as number;
  const interpreter = await describeInterpreter(bin);
  const run = startRun();
  const cases = GAMES.map((name, i) => gameCase(name, 1 + i));
  const rows: string[][] = [];
  const notes: string[] = [];
  const code = await bundle(cases);
  const r = await measure(bin, code, cases, repeat);
  cases.forEach((c, g) => {
    const f = r.rows[g];
    rows.push([c.name, String(c.k), `${f.digits} (${f.words})`, String(f.solutions), String(f.size), f.hint.toFixed(2), f.worst.toFixed(2), f.par.toFixed(2)]);
  });
  notes.push(`- bundle ${Buffer.byteLength(code)} bytes, ${r.code} JsVars after boot for the code and tables (${r.boards} more for the test boards).`);
  const report = new Report();
  report.line(`CPU ms of the interpreter process per call (median of ${repeat}):`);
  report.line("");
  report.table(
    ["game", "k", "keys + checks (words)", "solutions per board", "tables JsVars", "hint ms (random)", "hint ms (worst)", "par ms (random)"],
    rows,
  );
  report.line("");
  for (const n of notes) report.line(n);
  finishMeasurement(
    opts.values.write === true,
    "cellsolve",
    { title: "Colour games' device tables on the interpreter", about: ABOUT, rerun: "ESPRUINO_BIN=/path/to/espruino npm run bench:cellsolve -- --repeat 5 --write" },
    run,
    report,
    { interpreter, variables: ["ESPRUINO_BIN"] },
  );
  return 0;
}

interface Measured {
  /** JsVars after boot, net of an empty flash and of the test boards. */
  code: number;
  boards: number;
  rows: { digits: number; words: number; solutions: number; size: number; hint: number; worst: number; par: number }[];
}

async function measure(bin: string, code: string, cases: GameCase[], repeat: number): Promise<Measured> {
  const dir = freshFlashDir();
  try {
    let e = await Espruino.start(bin, dir, { echo: false });
    const empty = (await e.eval("process.memory().usage")) as number;
    await e.writeFile(".bootcde", code);
    await e.kill();
    e = await Espruino.start(bin, dir, { echo: false });
    try {
      const boards = (await e.eval("E.getSizeOf(B)+E.getSizeOf(G)+E.getSizeOf(W)")) as number;
      const used = ((await e.eval("process.memory().usage")) as number) - empty - boards;
      const rows: Measured["rows"] = [];
      for (let g = 0; g < cases.length; g++) {
        const c = cases[g];
        const info = (await e.eval(
          `[E.getSizeOf(T[${g}]),T[${g}].keys+T[${g}].checks,T[${g}].words,T[${g}].quietOrders.reduce(function(a,b){return a*b},1)]`,
        )) as number[];
        const hints = (await e.eval(`B[${g}].map(function(b){return hint(T[${g}],b,G[${g}])})`)) as number[];
        if (JSON.stringify(hints) !== JSON.stringify(c.hints)) throw new Error(`${c.name}: the interpreter hints ${hints}, Node ${c.hints}`);
        const hint = await perCall(e, `hint(T[${g}],B[${g}][i%${BOARDS}],G[${g}])`, 40, repeat);
        const worst = await perCall(e, `hint(T[${g}],W[${g}],G[${g}])`, 20, repeat);
        const par = await perCall(e, `par(T[${g}],B[${g}][i%${BOARDS}],G[${g}])`, 40, repeat);
        rows.push({ size: info[0], digits: info[1], words: info[2], solutions: info[3], hint, worst, par });
        process.stderr.write(`measured ${c.name}\n`);
      }
      return { code: used, boards, rows };
    } finally {
      await e.kill();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then((code) => (process.exitCode = code), exitOnBadEspruino("bench:cellsolve"));

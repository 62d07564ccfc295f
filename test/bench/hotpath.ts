/**
 * Which of the bundle's functions run for a key press, and how many bytes of code that makes
 * the interpreter lex: Espruino lexes a function's whole body on every call (the branches it
 * skips, the statements after its return and the nested functions it defines included), so
 * calls × size is the lexing a key press pays. Prints a Markdown table, most bytes first.
 *
 *   node tools/tsrun.mjs test/bench/hotpath.ts [--board NAME] [--top N] [--write]
 *   (--write: also docs/measurements/hotpath.md, with the machine and commit in its header)
 *
 * It lives with the benchmarks (not in firmware/build/) because it runs the simulator, which
 * the firmware build never depends on.
 *
 * How: a copy of the bundle with a counter at the start of every function runs on the
 * simulator (the same bundle; V8 only counts calls, nothing is timed). Counted: `Merlin.press`
 * (the console's pad press, what `npm run speed` calls key press → LEDs), and a real tap of
 * the middle pad through the key matrix (80 ms held: the debounce and hold scans, the press,
 * the release). Sizes are the function's text in dist/firmware.js and its bytes in the
 * flashed (pretokenised) image. Names are the bundle's (minified): the first characters of
 * each function say where it is.
 */
import { listProfiles, loadProfile } from "../../hardware/validate";
import { createVirtualBoard } from "../../sim/node/host";
import { OptionSpec } from "../../tools/options";
import { finishMeasurement, MEASUREMENTS_DIR, Report, startRun } from "../../tools/measurements";
import { toolOptions } from "../../tools/tool-options";
import { buildFirmware, DEFAULT_PROFILE, outputPath } from "../../firmware/build/build";
import { prebuiltBundle } from "../../firmware/measure/espruino-bin";
import { analyse, instrument } from "../../firmware/build/hotpath";
import { pretokenise } from "../../firmware/build/pretokenise";

export interface HotFunction {
  /** The function's first characters in the bundle. */
  head: string;
  offset: number;
  textBytes: number;
  imageBytes: number;
  /** Calls per Merlin.press, and per tap through the key matrix. */
  perPress: number;
  perTap: number;
}

export async function hotPath(name: string): Promise<HotFunction[]> {
  const p = loadProfile(name);
  const code = prebuiltBundle(p.name) ?? (await buildFirmware(p, { write: false })).code;
  // The flashed bundle, with a counter in every function (firmware/build/hotpath.ts, which
  // counts what the build decides on; here the functions are the minified bundle's).
  const prog = analyse(code);
  const fns = prog.fns;
  const board = createVirtualBoard({ seed: 1, codeName: outputPath(p.name), profile: p, code: instrument(prog) });
  board.clock.advance(1500);
  board.eval('Merlin.setRules("merlin1978"),Merlin.newGame(7),1');
  board.clock.advance(1500);
  const counts = () => (board.eval("__H.slice()") as number[]).slice();
  const presses = 20;
  let before = counts();
  const pads = p.rows * p.cols;
  board.eval(`(function(){for(var i=0;i<${presses};i++)Merlin.press(1+(i*4)%${pads})})()`);
  let after = counts();
  const perPress = after.map((c, i) => (c - before[i]) / presses);
  board.clock.advance(1500);
  const taps = 10;
  before = counts();
  for (let t = 0; t < taps; t++) {
    board.press(Math.floor(pads / 2));
    board.clock.advance(80);
    board.release(Math.floor(pads / 2));
    board.clock.advance(120);
  }
  after = counts();
  const perTap = after.map((c, i) => (c - before[i]) / taps);
  return fns.map((f, i) => {
    const text = code.slice(f.start, f.end);
    return {
      head: text.slice(0, 40),
      offset: f.start,
      textBytes: text.length,
      imageBytes: pretokenise(text).length,
      perPress: perPress[i],
      perTap: perTap[i],
    };
  });
}

const OPTIONS: OptionSpec[] = [
  { name: "board", type: "string", arg: "NAME", help: "board profile", default: DEFAULT_PROFILE },
  { name: "top", type: "int", arg: "N", help: "rows to print", default: 15 },
  { name: "write", type: "flag", help: `also write ${MEASUREMENTS_DIR}/hotpath.md` },
];

const ABOUT =
  "`node tools/tsrun.mjs test/bench/hotpath.ts` counts which of the firmware bundle's functions a key press runs, " +
  "and how many bytes of code that makes the interpreter lex: Espruino lexes a function's whole body on every " +
  "call (skipped branches and nested functions included), so calls × size is the lexing a key press pays. A copy " +
  "of the bundle with a counter at the start of every function runs on the simulator (V8 only counts calls; " +
  "nothing is timed, so these figures do not depend on the machine or its load). Counted: `Merlin.press` (the " +
  "console's pad press, what `npm run speed` calls key press → LEDs, its `Merlin.state()` included), and a tap of " +
  "the middle pad through the key matrix (80 ms held: the debounce and hold scans, the press, the release). Sizes " +
  "are the function's text in the bundle and its bytes in the flashed (pretokenised) image; names are the " +
  "bundle's (minified): the first characters of each function say where it is. The table lists the functions " +
  "that lex the most text per press first.";

async function main(argv: string[]): Promise<number> {
  const opts = toolOptions(argv, OPTIONS, {
    name: "hotpath",
    command: "node tools/tsrun.mjs test/bench/hotpath.ts",
    usage: "node tools/tsrun.mjs test/bench/hotpath.ts [--board NAME] [--top N] [--write]",
    summary: "what a key press makes the interpreter lex, by function",
    examples: [
      ["node tools/tsrun.mjs test/bench/hotpath.ts", "the default board's 15 costliest"],
      ["node tools/tsrun.mjs test/bench/hotpath.ts --board pico-5x5-neopixel --top 30", "the 5×5 board's 30"],
    ],
    about:
      "Lists the firmware functions a key press runs on the simulator, with the bytes of code each\n" +
      "makes the interpreter lex. --write also writes docs/measurements/hotpath.md.",
  });
  if (typeof opts === "number") return opts;
  const name = opts.values.board as string;
  if (!listProfiles().includes(name)) {
    process.stderr.write(`hotpath: unknown board profile '${name}' (one of: ${listProfiles().join(", ")})\n`);
    return 2;
  }
  const run = startRun();
  const fns = await hotPath(name);
  const sum = (f: (h: HotFunction) => number) => fns.reduce((s, h) => s + f(h), 0);
  const rows = fns.filter((h) => h.perPress > 0 || h.perTap > 0).sort((a, b) => b.perPress * b.textBytes - a.perPress * a.textBytes);
  const n = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
  const out = [
    `${name}: functions run by a key press (calls per \`Merlin.press\`, and per 80 ms tap through the key matrix), with their size:`,
    "",
    "| function (first characters) | at | text bytes | image bytes | calls / press | text lexed / press | calls / tap | text lexed / tap |",
    "|---|---|---|---|---|---|---|---|",
    ...rows.slice(0, opts.values.top as number).map(
      (h) => `| \`${h.head.replace(/\|/g, "\\|")}\` | ${h.offset} | ${h.textBytes} | ${h.imageBytes} | ${n(h.perPress)} | ${Math.round(h.perPress * h.textBytes)} | ${n(h.perTap)} | ${Math.round(h.perTap * h.textBytes)} |`,
    ),
    "",
    `Per \`Merlin.press\`: ${n(sum((h) => h.perPress))} calls of ${rows.filter((h) => h.perPress > 0).length} functions, ${Math.round(sum((h) => h.perPress * h.textBytes))} bytes of text lexed (${Math.round(sum((h) => h.perPress * h.imageBytes))} in the pretokenised image).`,
    `Per tap: ${n(sum((h) => h.perTap))} calls, ${Math.round(sum((h) => h.perTap * h.textBytes))} bytes of text lexed (${Math.round(sum((h) => h.perTap * h.imageBytes))} in the image).`,
  ];
  const report = new Report();
  for (const l of out) report.line(l);
  finishMeasurement(
    opts.values.write === true,
    "hotpath",
    { title: "What a key press makes the interpreter lex", about: ABOUT, rerun: "node tools/tsrun.mjs test/bench/hotpath.ts --write" },
    run,
    report,
  );
  return 0;
}

if (process.argv[1] && process.argv[1].endsWith("hotpath.ts")) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}

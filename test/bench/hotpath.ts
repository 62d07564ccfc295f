/**
 * Which of the firmware's functions run for a key press, and how many bytes of code that makes
 * the interpreter lex: Espruino lexes a function's whole body on every call (the branches it
 * skips, the statements after its return and the nested functions it defines included), so
 * calls × size is the lexing a key press pays. Prints Markdown tables, most bytes first.
 *
 *   node tools/tsrun.mjs test/bench/hotpath.ts [--board NAME] [--game NAME] [--top N] [--write]
 *   (--write: also docs/measurements/hotpath.md, with the machine and commit in its header)
 *
 * It lives with the benchmarks (not in firmware/build/) because it runs the simulator, which
 * the firmware build never depends on.
 *
 * How: a copy of the core bundle and of each Storage module (the console, Magic Square, the
 * player of Merlin's games, each game), with a counter at the start of every function, runs on
 * the simulator (the same code; V8 only counts calls, nothing is timed). Counted: in Magic
 * Square, `Merlin.press` (the console's pad press) less `Merlin.state()` (the object it
 * returns), which is what `npm run speed` calls key press → LEDs, and a real tap of the middle
 * pad through the key matrix (80 ms held: the debounce and hold scans, the press, the release);
 * in each of Merlin's other games the profile carries, the key cycle `npm run speed` times
 * (speed.ts merlinKeys, from the game of seed CYCLE_SEED, played or refused as the game
 * stands), less the state object of each key played. Sizes are the function's text in its
 * file and its bytes in the flashed (pretokenised) image. Names are the files' (minified): the
 * first characters of each function say where it is.
 */
import { listProfiles, loadProfile } from "../../hardware/validate";
import { createVirtualBoard } from "../../sim/node/host";
import { OptionSpec } from "../../tools/options";
import { finishMeasurement, MEASUREMENTS_DIR, Report, startRun } from "../../tools/measurements";
import { toolOptions } from "../../tools/tool-options";
import { buildFirmware, DEFAULT_PROFILE, outputPath, profileModules } from "../../firmware/build/build";
import { builtImage, prebuiltImage } from "../../firmware/measure/espruino-bin";
import { CYCLE_SEED, cycleKey, merlinKeys } from "../../firmware/measure/speed";
import { analyse, instrument, type Program } from "../../firmware/build/hotpath";
import { pretokenise } from "../../firmware/build/pretokenise";
import { MAGIC_SQUARE } from "../../src/toy/midend";

export interface HotFunction {
  /** The file it is in: the core bundle (firmware.js) or a Storage module (merlin-….js). */
  file: string;
  /** The function's first characters in its file. */
  head: string;
  offset: number;
  textBytes: number;
  imageBytes: number;
  /**
   * A function expression called where it stands, `(…=>{…})(…)`: made afresh at every call (a
   * function object, and with the code in RAM a copy of its code), as terser leaves a function
   * it inlined but could not dissolve (firmware/build/hotpath.ts, "kept").
   */
  inPlace: boolean;
  /** Calls per key press (the game's key, as `--game` chose), and per tap through the key matrix (Magic Square). */
  perPress: number;
  perTap: number;
}

/** Per key of one game: its calls and the bytes they lex, its state object not counted. */
export interface GameLexing {
  game: string;
  calls: number;
  /** Of those, functions made in place (HotFunction.inPlace). */
  madeInPlace: number;
  text: number;
  image: number;
  /** The share of the keys refused (Merlin's games' key cycle; 0 in Magic Square). */
  refused: number;
}

/** What the counters of every program read, one array per program, in `programs`' order. */
type Counts = number[][];

/**
 * Counts what `name`'s firmware runs: `perKey` of every game the profile carries (Magic Square
 * first), and the functions of `game`'s key press (Magic Square: also a tap of the middle pad).
 */
export async function hotPath(name: string, game = MAGIC_SQUARE): Promise<{ fns: HotFunction[]; perKey: GameLexing[] }> {
  const p = loadProfile(name);
  const image = prebuiltImage(p.name) ?? builtImage(await buildFirmware(p, { write: false }));
  // The core and each Storage module, each with counters of its own (firmware/build/hotpath.ts,
  // which counts what the build decides on; here the functions are the flashed files').
  const programs: { file: string; prog: Program; counter: string }[] = [{ file: "firmware.js", prog: analyse(image.code), counter: "__H" }];
  for (const file of Object.keys(image.files)) programs.push({ file, prog: analyse(image.files[file]), counter: "__H" + programs.length });
  const files: Record<string, string> = {};
  for (const x of programs.slice(1)) files[x.file] = instrument(x.prog, x.counter);
  const board = createVirtualBoard({
    seed: 1, codeName: outputPath(p.name), profile: p, code: instrument(programs[0].prog), files, storageBytes: 1 << 20,
  });
  board.clock.advance(1500);
  const counts = (): Counts => programs.map((x) => (board.eval(`typeof ${x.counter}==="undefined"?[]:${x.counter}.slice()`) as number[]).slice());
  /** What the console line `line` runs: calls of each function, per `per`. */
  const during = (line: string, per: number): Counts => {
    const before = counts();
    board.eval(line);
    const after = counts();
    return after.map((a, i) => a.map((c, j) => (c - (before[i][j] ?? 0)) / per));
  };
  const minus = (a: Counts, b: Counts, times: number): Counts => a.map((x, i) => x.map((c, j) => c - times * (b[i][j] ?? 0)));
  const pads = p.rows * p.cols;
  const sizes = programs.map((x) => x.prog.fns.map((f) => x.prog.code.slice(f.start, f.end)));
  const lexed = (c: Counts, size: (text: string) => number) => c.reduce((s, x, i) => s + x.reduce((t, n, j) => t + n * size(sizes[i][j]), 0), 0);
  const calls = (c: Counts) => c.reduce((s, x) => s + x.reduce((t, n) => t + n, 0), 0);
  const inPlace = programs.map((x) => x.prog.fns.map((f) => x.prog.code[f.start - 1] === "(" && x.prog.code.startsWith(")(", f.end)));
  const madeInPlace = (c: Counts) => c.reduce((s, x, i) => s + x.reduce((t, n, j) => t + (inPlace[i][j] ? n : 0), 0), 0);
  const imageOf = (text: string) => pretokenise(text).length;
  const perKey: GameLexing[] = [];
  const check = (what: string) => {
    if (board.errors.length > 0) throw new Error(`hotpath: the firmware failed in ${what}: ${board.errors[0].message}`);
  };

  // Magic Square under the 1978 rules (every press is a move), as npm run speed presses it.
  board.eval('Merlin.setRules("merlin1978"),Merlin.newGame(7),1');
  board.clock.advance(1500);
  const presses = 20;
  const line = (body: string, n: number) => `(function(){var M=Merlin;for(var i=0;i<${n};i++){${body}}})()`;
  const pressed = during(line(`M.press(1+(i*4)%${pads})`, presses), presses);
  const stated = during(line("M.state()", presses), presses);
  const magic = minus(pressed, stated, 1);
  check("Magic Square's presses");
  perKey.push({ game: MAGIC_SQUARE, calls: calls(magic), madeInPlace: madeInPlace(magic), text: lexed(magic, (t) => t.length), image: lexed(magic, imageOf), refused: 0 });
  board.clock.advance(1500);
  const taps = 10;
  const before = counts();
  for (let t = 0; t < taps; t++) {
    board.press(Math.floor(pads / 2));
    board.clock.advance(80);
    board.release(Math.floor(pads / 2));
    board.clock.advance(120);
  }
  const perTap = counts().map((a, i) => a.map((c, j) => (c - (before[i][j] ?? 0)) / taps));
  check("the taps");
  let perPress = magic;

  // Each of Merlin's games: its key cycle, as npm run speed times it.
  const keys = merlinKeys(p);
  for (const m of profileModules(p)) {
    board.eval(`Merlin.game(${JSON.stringify(m.name)}),1`);
    board.clock.advance(1500);
    board.eval(`Merlin.newGame(${CYCLE_SEED}),1`);
    board.clock.advance(1500);
    const n = 4 * keys.length;
    const cycle = during(
      `(function(){var M=Merlin;global.REFUSED=0;for(var i=0;i<${n};i++){${cycleKey(keys)}}})()`,
      n,
    );
    const refused = Number(board.eval("REFUSED")) / n;
    const state = during(line("M.state()", n), n);
    const key = minus(cycle, state, 1 - refused);
    check(m.name + "'s keys");
    perKey.push({ game: m.name, calls: calls(key), madeInPlace: madeInPlace(key), text: lexed(key, (t) => t.length), image: lexed(key, imageOf), refused });
    if (m.name === game) perPress = key;
    board.clock.advance(1500);
  }
  const fns: HotFunction[] = [];
  programs.forEach((x, i) =>
    x.prog.fns.forEach((f, j) => {
      const text = sizes[i][j];
      fns.push({
        file: x.file, head: text.slice(0, 40), offset: f.start, textBytes: text.length, imageBytes: imageOf(text), inPlace: inPlace[i][j],
        perPress: perPress[i][j] ?? 0, perTap: perTap[i][j] ?? 0,
      });
    }),
  );
  return { fns, perKey };
}

const OPTIONS: OptionSpec[] = [
  { name: "board", type: "string", arg: "NAME", help: "board profile", default: DEFAULT_PROFILE },
  { name: "game", type: "string", arg: "NAME", help: "the game whose key press the function table is for", default: MAGIC_SQUARE },
  { name: "top", type: "int", arg: "N", help: "rows to print", default: 15 },
  { name: "write", type: "flag", help: `also write ${MEASUREMENTS_DIR}/hotpath.md` },
];

const ABOUT =
  "`node tools/tsrun.mjs test/bench/hotpath.ts` counts which of the firmware's functions a key press runs, " +
  "and how many bytes of code that makes the interpreter lex: Espruino lexes a function's whole body on every " +
  "call (skipped branches and nested functions included), so calls × size is the lexing a key press pays. A copy " +
  "of the core bundle and of each Storage module (the console, Magic Square, the player of Merlin's games, each game) " +
  "with a counter at the start of every function runs on the simulator (V8 only counts calls; nothing is timed, so " +
  "these figures do not depend on the machine or its load). Counted: a key press in each game the profile carries, " +
  "net of the state object `Merlin.press` returns, as `npm run speed` counts it (in Magic Square `Merlin.press` " +
  "under the 1978 rules; in Merlin's other games the key cycle the speed tool times, from the game of seed 7, keys " +
  "played or refused as the game stands), and a tap of Magic Square's middle pad through the key matrix (80 ms " +
  "held: the debounce and hold scans, the press, the release). Sizes are the function's text in its file and its " +
  "bytes in the flashed (pretokenised) image; names are the files' (minified): the first characters of each " +
  "function say where it is. A function made in place is a function expression called where it stands, which the " +
  "interpreter makes afresh at every call (with the code in RAM, a copy of its code too). The function table lists " +
  "those that lex the most text per key press first.";

async function main(argv: string[]): Promise<number> {
  const opts = toolOptions(argv, OPTIONS, {
    name: "hotpath",
    command: "node tools/tsrun.mjs test/bench/hotpath.ts",
    usage: "node tools/tsrun.mjs test/bench/hotpath.ts [--board NAME] [--game NAME] [--top N] [--write]",
    summary: "what a key press makes the interpreter lex, per game",
    examples: [
      ["node tools/tsrun.mjs test/bench/hotpath.ts", "the default board: every game, and Magic Square's 15 costliest functions"],
      ["node tools/tsrun.mjs test/bench/hotpath.ts --game tictactoe --top 30", "Tic-Tac-Toe's 30"],
      ["node tools/tsrun.mjs test/bench/hotpath.ts --board pico-5x5-neopixel", "the 5×5 board"],
    ],
    about:
      "Lists the firmware functions a key press runs on the simulator, with the bytes of code each\n" +
      "makes the interpreter lex, and the total per key in every game the board carries.\n" +
      "--write also writes docs/measurements/hotpath.md.",
  });
  if (typeof opts === "number") return opts;
  const name = opts.values.board as string;
  if (!listProfiles().includes(name)) {
    process.stderr.write(`hotpath: unknown board profile '${name}' (one of: ${listProfiles().join(", ")})\n`);
    return 2;
  }
  const game = opts.values.game as string;
  const games = [MAGIC_SQUARE, ...profileModules(loadProfile(name)).map((m) => m.name)];
  if (!games.includes(game)) {
    process.stderr.write(`hotpath: ${name} has no game '${game}' (one of: ${games.join(", ")})\n`);
    return 2;
  }
  const run = startRun();
  const { fns, perKey } = await hotPath(name, game);
  const sum = (f: (h: HotFunction) => number) => fns.reduce((s, h) => s + f(h), 0);
  const rows = fns.filter((h) => h.perPress > 0 || h.perTap > 0).sort((a, b) => b.perPress * b.textBytes - a.perPress * a.textBytes);
  const n = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
  const magic = game === MAGIC_SQUARE;
  const out = [
    `${name}: a key press in each game, net of the state object \`Merlin.press\` returns:`,
    "",
    "| game | calls / key | of them, functions made in place | text lexed / key | image bytes lexed / key | keys refused |",
    "|---|---|---|---|---|---|",
    ...perKey.map((g) => `| ${g.game} | ${n(Math.round(g.calls * 10) / 10)} | ${n(Math.round(g.madeInPlace * 10) / 10)} | ${Math.round(g.text)} | ${Math.round(g.image)} | ${Math.round(g.refused * 100)} % |`),
    "",
    `${name}, ${game}: functions run by a key press (calls per key${magic ? ", and per 80 ms tap through the key matrix" : ""}), with their size:`,
    "",
    `| function (first characters) | in | at | made in place | text bytes | image bytes | calls / key | text lexed / key |${magic ? " calls / tap | text lexed / tap |" : ""}`,
    `|---|---|---|---|---|---|---|---|${magic ? "---|---|" : ""}`,
    ...rows.slice(0, opts.values.top as number).map(
      (h) =>
        `| \`${h.head.replace(/\|/g, "\\|")}\` | ${h.file} | ${h.offset} | ${h.inPlace ? "yes" : ""} | ${h.textBytes} | ${h.imageBytes} | ${n(h.perPress)} | ${Math.round(h.perPress * h.textBytes)} |` +
        (magic ? ` ${n(h.perTap)} | ${Math.round(h.perTap * h.textBytes)} |` : ""),
    ),
    "",
    `Per key: ${n(Math.round(sum((h) => h.perPress) * 10) / 10)} calls of ${rows.filter((h) => h.perPress > 0).length} functions, ${Math.round(sum((h) => h.perPress * h.textBytes))} bytes of text lexed (${Math.round(sum((h) => h.perPress * h.imageBytes))} in the pretokenised image).`,
    ...(magic ? [`Per tap: ${n(sum((h) => h.perTap))} calls, ${Math.round(sum((h) => h.perTap * h.textBytes))} bytes of text lexed (${Math.round(sum((h) => h.perTap * h.imageBytes))} in the image).`] : []),
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

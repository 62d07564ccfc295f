/**
 * Measures the firmware's CPU cost on an Espruino interpreter for Linux (ESPRUINO_BIN) and
 * prints a Markdown table for the README, with the calibration behind the Pico estimate.
 *
 *   ESPRUINO_BIN=/path/to/espruino npm run speed [-- --board NAME] [--repeat N]
 *   (ESPRUINO_BUNDLE_DIR=dir: measure the bundles in dir, laid out as dist/, instead of building)
 *
 * What is measured: the interpreter process's CPU time (the kernel's account of it,
 * /proc/PID/sched se.sum_exec_runtime, in ns) around one console line that runs a loop of N
 * calls, minus the same loop with an empty body, divided by N; the median of --repeat runs.
 * The bundle is written to the interpreter's flash as .bootcde and booted, as on the toy
 * (ESPRUINO.md, "The reference interpreter").
 *
 * - `Merlin.press(k)`: a pad press through the same path as a debounced key (game update, LEDs,
 *   cue, save scheduling) plus the state object it returns; `Merlin.state()` alone is measured
 *   too, and their difference is the key press to its LED change. Rules merlin1978 (no move
 *   limit: every press is a move).
 * - `Merlin.hint()`: HIT ME on the current board; on boards with games (lightsout,
 *   lightsout2000 on 5×5) also in each game, on puzzle 0 of seed 7.
 * - A scan with a key held: the scanner's scan function (reached through the pin watch it sets
 *   while idle), called N times while one pad reads as held. The Linux build
 *   has no pin input, so a measurement-only .boot0 wraps digitalRead/digitalWrite to make one
 *   pad read as pressed on its row; the wrappers' own cost is measured and subtracted.
 */
import { rmSync } from "node:fs";
import { listProfiles, loadProfile } from "../../hardware/validate";
import type { Profile } from "../../hardware/profile";
import { OptionSpec, parseOptions } from "../../tools/options";
import { buildFirmware, toyGameSpecs } from "./build";
import { Espruino, espruinoBin, freshFlashDir, linuxPrelude, prebuiltBundle } from "./espruino-bin";

/** How much slower a Pico runs the same interpreter (ESPRUINO.md: pin-toggle and float loops against published Pico figures). */
export const PICO_FACTOR: [number, number] = [25, 45];

/**
 * Measurement-only additions to .boot0: `HELD` (a pad index, −1 none) reads as pressed while
 * its row pin is driven low; SCANS counts reads of the key columns. The key rows and columns
 * are recognised by length and their first pin. Extra buttons read as released.
 */
function keyShim(p: Profile): string {
  const rows = p.keys.rowPins;
  const cols = p.keys.colPins;
  // digitalWrite/digitalRead with pin arrays: the last pin is the least significant bit.
  return [
    `global.HELD=-1;global.SCANS=0;var __R=[${rows.join(",")}],__C=[${cols.join(",")}],__rp=[],__rv=0,__dw=digitalWrite,__dr=digitalRead;`,
    "global.__dw=__dw;global.__dr=__dr;",
    "global.digitalWrite=function(p,v){if(p.length===__R.length&&p.indexOf(__R[0])>=0){__rp=p;__rv=v}return __dw(p,v)};",
    "global.digitalRead=function(p){if(p.length!==__C.length||p.indexOf(__C[0])<0)return __dr(p);SCANS++;",
    "var all=(1<<p.length)-1;if(HELD<0)return all;",
    "var j=__rp.indexOf(__R[Math.floor(HELD/__C.length)]);if(j<0||(__rv>>(__rp.length-1-j))&1)return all;",
    "return all&~(1<<(p.length-1-p.indexOf(__C[HELD%__C.length])))};",
    // The extra buttons (pin.read(), pulled up): released.
    "Pin.prototype.read=function(){return true};",
  ].join("");
}

async function bootToy(bin: string, p: Profile, bundle: string, shim: boolean): Promise<Espruino> {
  const dir = freshFlashDir();
  const e = await Espruino.start(bin, dir);
  await e.writeFile(".boot0", linuxPrelude(p) + (shim ? keyShim(p) : ""));
  await e.writeFile(".bootcde", bundle);
  await e.kill();
  const toy = await Espruino.start(bin, dir, { password: p.consolePassword ?? null, echo: false });
  await new Promise((r) => setTimeout(r, 800)); // the power-on light test
  return toy;
}

async function dispose(e: Espruino): Promise<void> {
  await e.kill();
  rmSync(e.dir, { recursive: true, force: true });
}

async function cpuOf(e: Espruino, line: string): Promise<number> {
  const c0 = e.cpuMs();
  await e.eval(line, 600_000);
  return e.cpuMs() - c0;
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** CPU ms per iteration of `body` (with `i` the loop index), net of an empty loop; `setup` runs first in the same line. */
export async function perCall(e: Espruino, body: string, n: number, repeat: number, setup = ""): Promise<number> {
  const runs: number[] = [];
  const line = (b: string) => `(function(){${setup};for(var i=0;i<${n};i++){${b}}})()`;
  for (let k = 0; k < repeat; k++) {
    const full = await cpuOf(e, line(body));
    const empty = await cpuOf(e, line(""));
    runs.push((full - empty) / n);
  }
  return median(runs);
}

interface Figures {
  press: number;
  state: number;
  hint: number;
  scan: number | null;
  /** HIT ME in each of the board's games. */
  games: { name: string; hint: number }[];
}

async function measure(bin: string, p: Profile, repeat: number): Promise<Figures> {
  const bundle = prebuiltBundle(p.name) ?? (await buildFirmware(p, { write: false })).code;
  if (!bundle) throw new Error(`the ${p.name} firmware does not build (npm run build -- --board ${p.name})`);
  const pads = p.rows * p.cols;
  let e = await bootToy(bin, p, bundle, false);
  let f: Figures;
  try {
    await e.eval('Merlin.setRules("merlin1978"),Merlin.newGame(7),1');
    const press = await perCall(e, `Merlin.press(1+(i*4)%${pads})`, 40, repeat);
    const state = await perCall(e, "Merlin.state()", 100, repeat);
    const hint = await perCall(e, "Merlin.hint()", 40, repeat);
    f = { press, state, hint, scan: null, games: [] };
    for (const g of toyGameSpecs(p)) {
      await e.eval(`Merlin.setRules(${JSON.stringify(g.spec.name)}),Merlin.newGame(7),1`);
      f.games.push({ name: g.spec.name, hint: await perCall(e, "Merlin.hint()", 40, repeat) });
    }
  } finally {
    await dispose(e);
  }
  e = await bootToy(bin, p, bundle, true);
  try {
    await e.eval('Merlin.setRules("merlin1978"),Merlin.newGame(7),1');
    // The wrappers' own cost, per scan: ROWS+1 row writes and ROWS column reads.
    const rows = `[${p.keys.rowPins.join(",")}]`;
    const cols = `[${p.keys.colPins.join(",")}]`;
    const wrapWrite = (await perCall(e, `digitalWrite(${rows},1)`, 400, repeat)) - (await perCall(e, `__dw(${rows},1)`, 400, repeat));
    const wrapRead = (await perCall(e, `digitalRead(${cols})`, 400, repeat)) - (await perCall(e, `__dr(${cols})`, 400, repeat));
    const findScan = 'var W=global["\\xFF"].watches,x;for(var k in W)x=W[k].cb;';
    if ((await e.eval(`(function(){${findScan}return !!x})()`)) === true) {
      // Hold the middle pad: scans until the press is taken (debounce), N held scans, then release.
      const held = Math.floor(pads / 2);
      const settle = "var t=getTime();while(getTime()-t<0.03)x();";
      const n = 100;
      const runs: number[] = [];
      for (let k = 0; k < repeat; k++) {
        const line = (count: number) => `(function(){${findScan}HELD=${held};${settle}for(var i=0;i<${count};i++)x();HELD=-1;${settle}})()`;
        runs.push(((await cpuOf(e, line(n))) - (await cpuOf(e, line(0)))) / n);
        await e.eval("Merlin.undo(),1");
      }
      f.scan = median(runs) - (p.keys.rowPins.length + 1) * wrapWrite - p.keys.rowPins.length * wrapRead;
    }
  } finally {
    await dispose(e);
  }
  return f;
}

/** Calibration loops (per iteration), so the Pico factor can be re-derived against Pico figures. */
async function calibrate(bin: string, repeat: number): Promise<{ pin: number; float: number }> {
  const dir = freshFlashDir();
  const e = await Espruino.start(bin, dir, { echo: false });
  try {
    const pin = await perCall(e, "digitalWrite(D1,1);digitalWrite(D1,0)", 2000, repeat);
    const float = await perCall(e, "x=x*1.000001+0.5", 2000, repeat, "var x=1.5");
    return { pin, float };
  } finally {
    await dispose(e);
  }
}

const OPTIONS: OptionSpec[] = [
  { name: "board", type: "string", arg: "NAME", help: "one profile (default: every profile)" },
  { name: "repeat", type: "int", arg: "N", help: "runs per figure (median)", default: 3 },
];

async function main(argv: string[]): Promise<number> {
  let opts;
  try {
    opts = parseOptions(argv, OPTIONS, { usage: "npm run speed", help: "npm run speed -- --help" });
  } catch (e) {
    process.stderr.write(`speed: ${(e as Error).message}\n`);
    return 2;
  }
  if (opts.help) {
    process.stdout.write("usage: ESPRUINO_BIN=/path/to/espruino npm run speed [-- --board NAME] [--repeat N]\n");
    return 0;
  }
  const bin = espruinoBin();
  if (!bin) {
    process.stderr.write("speed: set ESPRUINO_BIN to an Espruino interpreter for Linux (see ESPRUINO.md)\n");
    return 2;
  }
  const repeat = opts.values.repeat as number;
  if (!(repeat >= 1)) {
    process.stderr.write("speed: --repeat must be at least 1\n");
    return 2;
  }
  let names: string[];
  try {
    names = opts.values.board ? [loadProfile(opts.values.board as string).name] : listProfiles();
  } catch (e) {
    process.stderr.write(`speed: ${(e as Error).message}\n`);
    return 2;
  }
  const ms = (x: number | null) => (x === null ? "–" : x.toFixed(2));
  const pico = (x: number | null) => (x === null ? "–" : `${Math.round(x * PICO_FACTOR[0])}–${Math.round(x * PICO_FACTOR[1])}`);
  const rows = [
    "| profile | key press → LEDs | `Merlin.press` | `Merlin.state` | HIT ME | scan, key held | key press on a Pico (est.) |",
    "|---|---|---|---|---|---|---|",
  ];
  const gameRows = ["| profile | game | HIT ME | HIT ME on a Pico (est.) |", "|---|---|---|---|"];
  for (const name of names) {
    const f = await measure(bin, loadProfile(name), repeat);
    rows.push(`| ${name} | ${ms(f.press - f.state)} | ${ms(f.press)} | ${ms(f.state)} | ${ms(f.hint)} | ${ms(f.scan)} | ${pico(f.press - f.state)} |`);
    for (const g of f.games) gameRows.push(`| ${name} | ${g.name} | ${ms(g.hint)} | ${pico(g.hint)} |`);
    process.stderr.write(`measured ${name}\n`);
  }
  const c = await calibrate(bin, repeat);
  process.stdout.write(
    [
      `CPU ms of the interpreter process per call (${bin}; median of ${repeat}; Pico estimate ×${PICO_FACTOR[0]}–${PICO_FACTOR[1]}):`,
      "",
      ...rows,
      "",
      ...(gameRows.length > 2 ? ["The games (HIT ME on puzzle 0 of seed 7):", "", ...gameRows, ""] : []),
      `Calibration here: a pin toggle (two digitalWrite) ${(c.pin * 1000).toFixed(1)} µs, a float multiply-add ${(c.float * 1000).toFixed(1)} µs per loop iteration.`,
      "",
    ].join("\n"),
  );
  return 0;
}

if (process.argv[1] && process.argv[1].endsWith("speed.ts")) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}

/**
 * Measures the firmware's CPU cost on an Espruino interpreter for Linux (ESPRUINO_BIN; the native
 * 64-bit build is meant) and prints Markdown tables, with the calibration behind the Pico estimate
 * (--write: also docs/measurements/device-speed.md with --flashed, device-speed-views.md without,
 * with the machine, interpreter and load in its header).
 *
 *   ESPRUINO_BIN=/path/to/espruino npm run speed [-- --board NAME] [--repeat N] [--flashed] [--count [--keys]] [--write]
 *   (ESPRUINO_BUNDLE_DIR=dir: measure the bundles in dir, laid out as dist/, instead of building;
 *   ESPRUINO_BIN_LARGE=/path: the same interpreter built with more variables, for the in-RAM view
 *   of an image too large for a RAM copy on the Pico-sized build — the 5×5's)
 *
 * What is measured: the interpreter process's CPU time (the kernel's account of it,
 * /proc/PID/sched se.sum_exec_runtime, in ns) around one console line that runs a loop of N
 * calls, minus the same loop with an empty body, divided by N; the median of --repeat runs.
 *
 * Each figure is measured for six ways of storing the code (VIEWS; --flashed: only the
 * pretokenised image, in flash and in RAM): the bundle's text, its pretokenised image (what `npm run flash` writes),
 * and that image with raw int/string tokens too — each once in flash, written as .bootcde and
 * booted as on the toy (docs/espruino.md, "The reference interpreter"), and once in RAM (evaluated
 * from a RAM copy by .boot1). The Linux build emulates flash with a file that it opens, seeks,
 * reads and closes for every 16 bytes of code it lexes (src/jsvariterator.c
 * jsvStringIteratorLoadFlashString, targets/linux/jshardware.c jshFlashRead); a Pico's flash is
 * memory-mapped. The RAM figures are the interpreter's own work; the flash reads per key press
 * are counted with strace when it is installed; and "lexing alone" is the CPU per byte of a
 * function that only skips code. The Pico estimate applies the calibration factor to the
 * flashed image's RAM figures.
 *
 * - `Merlin.press(k)`: a pad press through the same path as a debounced key (game update, LEDs,
 *   cue, save scheduling) plus the state object it returns; `Merlin.state()` alone is measured
 *   too, and their difference is the key press to its LED change. Rules merlin1978 (no move
 *   limit: every press is a move).
 * - `Merlin.hint()`: HIT ME on the current board; on boards with games (5×5: lightsout,
 *   lightsout2000, blackwhite; 4×4: blackwhite) also in each game, on puzzle 0 of seed 7; and
 *   in each game a key press, the slowest of five pads each pressed alone (gameKeys).
 *   (In every line `Merlin` is read once: each read loads the console's module, a Storage file
 *   of its own, which is the console's cost and no part of the key's or HIT ME's.)
 * - Level deals (games with levels: lightsout): the `Merlin.newGame()` that deals each of the 50
 *   levels of seeds 1 … 10, one line each.
 * - A scan with a key held: the scanner's scan function (reached through the pin watch it sets
 *   while idle), called N times while one pad reads as held. The Linux build
 *   has no pin input, so a measurement-only .boot0 wraps digitalRead/digitalWrite to make one
 *   pad read as pressed on its row; the wrappers' own cost is measured and subtracted.
 */
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { listProfiles, loadProfile } from "../../hardware/validate";
import type { Profile } from "../../hardware/profile";
import { OptionSpec } from "../../tools/options";
import { describeInterpreter, finishMeasurement, interpreterText, MEASUREMENTS_DIR, Report, startRun } from "../../tools/measurements";
import { toolOptions } from "../../tools/tool-options";
import { backendKinds, buildFirmware, profileModules, toyGameSpecs } from "../build/build";
import { layoutFor } from "../../src/toy/gamemodule";
import { SPEED_BUDGETS } from "../build/hotpath";
import { WRITE_INTERVAL_MS } from "../../src/toy/midend";

export { SPEED_BUDGETS };
import { bootImage, builtImage, type CodeForm, Espruino, espruinoBin, exitOnBadEspruino, freshFlashDir, linuxPrelude, prebuiltImage, type ToyImage } from "./espruino-bin";
import { agreement, countingRunner, countLine, ensureValgrind, settle } from "../../tools/callgrind";

/**
 * How many instructions of the native reference build (Espruino 2v29 for Linux, 64-bit, build
 * 6eedb02, gcc 12.2 without optimisation) make one ms of its CPU time on the reference machine
 * (AMD EPYC, 2 cores) when it is quiet: device-speed.md's quiet figures at commit 4c229e4 (whose
 * pico-3x3 bundle is byte for byte today's) against the counts of the same actions
 * (device-speed-count.md at commit d76468935d4a). Key press → LEDs and HIT ME give 7.21 and 7.52
 * M per ms on esp32-3x3, 7.04 and 7.41 on mdbt42q-3x3, 7.26 and 7.36 on pico-3x3, 7.58 and 7.86 on
 * pico-4x4-neopixel, 7.50 for HIT ME in its blackwhite: 7.3, pico-3x3's, near their median.
 * That day the calibration loops took 3.7 µs a pin toggle and 1.4 µs a float multiply-add; quiet
 * runs since have taken 2.8–2.9 and 0.9–1.0 µs, and run the key presses at 10–11 M instructions a
 * ms: the host's own speed moves by 1.3–1.5×. The bars in instructions stand for the slower
 * host, so that an action within them is within its bar in ms on either
 * (docs/architecture.md, "Speed: what is left").
 */
export const INSTRUCTIONS_PER_MS = 7.3e6;

/**
 * The bars in instructions (--count), on the flashed image in RAM: SPEED_BUDGETS at
 * INSTRUCTIONS_PER_MS, so a count keeps the headroom the quiet timing had. They hold for the
 * reference build only: another compiler or flags execute other instructions for the same work.
 */
export const COUNT_BUDGETS = {
  press: SPEED_BUDGETS.press * INSTRUCTIONS_PER_MS,
  hint3x3: SPEED_BUDGETS.hint3x3 * INSTRUCTIONS_PER_MS,
  colourHint5x5: SPEED_BUDGETS.colourHint5x5 * INSTRUCTIONS_PER_MS,
};

/**
 * Choosing a game's bar in instructions (`--choosing --count`): SPEED_BUDGETS.choose at
 * INSTRUCTIONS_PER_MS. (A whole `--count` run leaves choosing out: COUNT_BUDGETS has no bar for it.)
 */
export const COUNT_CHOOSE_BUDGET = SPEED_BUDGETS.choose * INSTRUCTIONS_PER_MS;

/** A figure with its unit: "0.41 ms", or "1.234 M instructions". */
const MS = (x: number) => `${x.toFixed(2)} ms`;
export const MIR = (x: number) => `${(x / 1e6).toFixed(3)} M instructions`;

/** The choosing bar `bar` that game `m`'s figures (chooseTimes) break on profile `p`, one line each. */
function choosingOver(p: Profile, m: { name: string; choose: number; back: number }, bar: number, show: (x: number) => string = MS): string[] {
  const out: string[] = [];
  if (m.choose > bar) out.push(`${p.name}: choosing ${m.name} ${show(m.choose)}, over ${show(bar)}`);
  if (m.back > bar) out.push(`${p.name}: choosing Magic Square from ${m.name} ${show(m.back)}, over ${show(bar)}`);
  return out;
}

/**
 * The budgets profile `p`'s figures `f` (in RAM) break, one line each; empty when none: timed
 * figures against SPEED_BUDGETS, or counted ones against COUNT_BUDGETS.
 */
export function overBudget(
  p: Profile, f: Figures, budgets: { press: number; hint3x3: number; colourHint5x5: number; choose?: number } = SPEED_BUDGETS, show: (x: number) => string = MS,
): string[] {
  const out: string[] = [];
  const press = f.press - f.state;
  if (press > budgets.press) out.push(`${p.name}: key press → LEDs ${show(press)}, over ${show(budgets.press)}`);
  if (p.rows === 3 && p.cols === 3 && f.hint > budgets.hint3x3) {
    out.push(`${p.name}: HIT ME ${show(f.hint)}, over ${show(budgets.hint3x3)}`);
  }
  for (const m of f.merlin ?? []) {
    if (m.key > budgets.press) out.push(`${p.name}: key press → LEDs in ${m.name} ${show(m.key)}, over ${show(budgets.press)}`);
    // (`--keys`: each key is a key press, and the slowest alone is judged by the same bar.)
    if (m.slowest !== undefined && m.slowest > budgets.press) {
      out.push(`${p.name}: key press → LEDs in ${m.name}, ${m.slowestKey} alone, ${show(m.slowest)}, over ${show(budgets.press)}`);
    }
    if (budgets.choose !== undefined) out.push(...choosingOver(p, m, budgets.choose, show));
  }
  for (const g of f.games) {
    if (g.key > budgets.press) out.push(`${p.name}: key press → LEDs in ${g.name}, ${g.keyName} alone, ${show(g.key)}, over ${show(budgets.press)}`);
  }
  if (p.rows === 5 && p.cols === 5) {
    for (const g of toyGameSpecs(p)) {
      const hint = f.games.find((x) => x.name === g.spec.name)?.hint;
      if (g.puzzle.states > 2 && hint !== undefined && hint > budgets.colourHint5x5) {
        out.push(`${p.name}: HIT ME in ${g.spec.name} ${show(hint)}, over ${show(budgets.colourHint5x5)}`);
      }
    }
  }
  return out;
}

/** How much slower a Pico runs the same interpreter (docs/espruino.md: pin-toggle and float loops against published Pico figures). */
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

/**
 * Where the code runs from: "flash" — the image as .bootcde, as on the toy; "ram" — the same
 * image stored as a plain Storage file and evaluated by .boot1 from a copy in RAM, so that no
 * function reads its code from the (emulated) flash while it runs.
 */
export type Place = "flash" | "ram";

export interface View {
  form: CodeForm;
  place: Place;
}

/** Every way of storing and running the code that the script compares. */
export const VIEWS: View[] = [
  { form: "text", place: "flash" },
  { form: "tokens", place: "flash" },
  { form: "literals", place: "flash" },
  { form: "text", place: "ram" },
  { form: "tokens", place: "ram" },
  { form: "literals", place: "ram" },
];

/** The view `npm run flash` gives the toy. */
const FLASHED = VIEWS[1];

const FORM_NAMES: Record<CodeForm, string> = { text: "text", tokens: "pretokenised", literals: "pretokenised + raw literals" };

/** The view of the flashed image with its code in RAM: the interpreter's own work, on which the Pico estimate is made. */
const FLASHED_IN_RAM = VIEWS[4];

export function viewName(v: View): string {
  const where = v.place === "flash" ? "in emulated flash" : "in RAM";
  const what = v === FLASHED ? " (as flashed)" : v === FLASHED_IN_RAM ? " (interpreter's own work)" : "";
  return `${FORM_NAMES[v.form]}, ${where}${what}`;
}

/**
 * .boot1 of the RAM view: E.toUint8Array copies the file out of flash and E.toString makes
 * one flat RAM string of it (a plain read() would be a flash string again), which eval runs;
 * the functions it defines keep their code as RAM strings, as code typed on the console does.
 */
const RAM_LOADER = 'eval(E.toString(E.toUint8Array(require("Storage").read("code.img"))));';

/**
 * The RAM view's Storage modules (Magic Square, the games, the console) in RAM too: read through
 * a Storage.read that returns a RAM copy of each of the toy's modules (merlin-*.js), as
 * RAM_LOADER does for the image. While Merlin's other games are timed, the last COPIES copies
 * read are kept (modulesChoosingReads: what choosing a game and coming back read), since copying
 * a file out of the emulated flash, a file read for every 16 bytes, is the emulation's work, not
 * the toy's (a Pico reads its flash as memory); otherwise none is kept (COPIES 0), as the 5×5's
 * image and its back-end modules leave no room for more. The data files (merlin.gms …) are read
 * from the emulated flash as they are.
 */
const RAM_MODULES =
  'var COPIES=0,S=require("Storage"),R=S.read,C={},K=[];S.read=function(f,o,l){if(o!==undefined||l!==undefined||f.indexOf("merlin-")!==0)return R.call(S,f,o,l);' +
  'var i=K.indexOf(f),c;if(i>=0){K.splice(i,1);c=C[f]}else{c=R.call(S,f);if(c!==undefined)c=E.toString(E.toUint8Array(c))}' +
  'C[f]=c;K.push(f);while(K.length>COPIES)delete C[K.shift()];return c};';

/**
 * How many Storage modules choosing one of Merlin's games and coming back to Magic Square read
 * (the RAM view keeps that many copies while they are timed: RAM_MODULES): the console, Magic
 * Square, the games' player and the game, and on boards with Lights Out games the back-end class
 * module of Magic Square's own board (build.ts backendKinds: Magic Square's board reads it when
 * it is chosen). With one copy fewer, the 5×5's Magic Square file, 12 KB, was copied out of the
 * emulated flash again at every choosing, 6 of the 12 ms its figure read.
 */
export function modulesChoosingReads(p: Profile): number {
  return 4 + (backendKinds(p).length > 0 ? 1 : 0);
}

/**
 * Writes `code` (a JavaScript program) and its Storage modules `files` as the view says, with
 * .boot0 `boot0`, to a fresh flash; returns the folder.
 */
async function writeFlash(bin: string, code: string, files: Record<string, string>, form: CodeForm, place: Place, boot0: string): Promise<string> {
  const dir = freshFlashDir();
  const e = await Espruino.start(bin, dir);
  try {
    if (boot0) await e.writeFile(".boot0", boot0);
    for (const name of Object.keys(files)) await e.writeFile(name, bootImage(files[name], form));
    const image = bootImage(code, form);
    if (place === "flash") {
      await e.writeFile(".bootcde", image);
    } else {
      await e.writeFile("code.img", image);
      await e.writeFile(".boot1", RAM_MODULES + RAM_LOADER);
    }
  } finally {
    await e.kill();
  }
  return dir;
}

/** The interpreter `bin`, or (counted) a script that runs it under callgrind. */
function runner(bin: string, counted: boolean): string {
  return counted ? countingRunner(bin) : bin;
}

async function bootToy(bin: string, p: Profile, image: ToyImage, shim: boolean, view: View, counted = false): Promise<Espruino> {
  const dir = await writeFlash(bin, image.code, image.files, view.form, view.place, linuxPrelude(p) + (shim ? keyShim(p) : ""));
  // Under callgrind the interpreter runs some 50 times slower: booting takes longer.
  const toy = await Espruino.start(runner(bin, counted), dir, { password: p.consolePassword ?? null, echo: false, bootTimeoutMs: counted ? 600_000 : undefined });
  await new Promise((r) => setTimeout(r, counted ? 3000 : 800)); // the power-on light test
  // A bundle too large for a RAM copy (the 5×5's) runs out of memory while .boot1 evaluates it:
  // Merlin is then missing or half made. Such a view has no figures.
  if (view.place === "ram") {
    const flags = (await toy.eval("[typeof Merlin,E.getErrorFlags()]")) as [string, string[]];
    if (flags[0] !== "object" || flags[1].indexOf("MEMORY") >= 0) {
      await dispose(toy);
      throw new DoesNotBoot(`Merlin is ${flags[0]}, error flags ${JSON.stringify(flags[1])}`);
    }
  }
  return toy;
}

/** The toy did not boot whole in this view (out of memory loading the RAM copy). */
class DoesNotBoot extends Error {}

async function dispose(e: Espruino): Promise<void> {
  await e.kill();
  rmSync(e.dir, { recursive: true, force: true });
}

/** What one console line costs: the interpreter's CPU ms (cpuOf), or its instructions under callgrind (tools/callgrind.ts countLine). */
type Meter = (e: Espruino, line: string) => Promise<number>;

/**
 * The CPU ms of console line `line`, from the heap a garbage collection leaves (process.memory(),
 * a line of its own before it): with the code in RAM, each function made in place copies its
 * code into a flat string, whose search for free blocks takes as long as the timers that ran
 * since the last collection left the free list (tools/callgrind.ts countLine says the same of
 * counts); on the 5100-variable build `Merlin.state` read 0.38 ms in one run and 0.95 in the
 * next without it (and 0.89 with it, docs/architecture.md: the layout is not all that moves).
 */
async function cpuOf(e: Espruino, line: string, timeoutMs = 600_000): Promise<number> {
  await e.eval("process.memory(),1");
  const c0 = e.cpuMs();
  await e.eval(line, timeoutMs);
  return e.cpuMs() - c0;
}


function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** CPU ms per iteration of `body` (with `i` the loop index), net of an empty loop; `setup` runs first in the same line. */
export async function perCall(e: Espruino, body: string, n: number, repeat: number, setup = "", meter: Meter = cpuOf): Promise<number> {
  const runs: number[] = [];
  const line = (b: string) => `(function(){${setup};for(var i=0;i<${n};i++){${b}}})()`;
  for (let k = 0; k < repeat; k++) {
    const full = await meter(e, line(body));
    const empty = await meter(e, line(""));
    runs.push((full - empty) / n);
  }
  return median(runs);
}

/**
 * Waits until the timeouts the lines before set have fired (the files' writes, deferred
 * WRITE_INTERVAL_MS; a cue's notes; a game's move): first as long as the writes' deferral, so
 * that settle seldom asks — every console line is a chance for the Linux build's input race
 * (docs/espruino.md).
 */
async function quiet(e: Espruino): Promise<void> {
  await new Promise((r) => setTimeout(r, WRITE_INTERVAL_MS + 200));
  await settle(e);
}

/**
 * CPU ms of `call` alone in a console line, net of an empty line; before each of the two
 * lines, `reset` in a line of its own (unmeasured) puts the toy where the call starts from.
 * Each line is measured once the timeouts earlier lines set have fired (the files' deferred
 * writes, within a second; a cue's notes): those belong to no line measured.
 */
async function oneCall(e: Espruino, reset: string, call: string, repeat: number, meter: Meter): Promise<number> {
  const runs: number[] = [];
  for (let k = 0; k < repeat; k++) {
    await e.eval(`${reset},1`);
    await quiet(e);
    const full = await meter(e, `(function(){${call}})()`);
    await quiet(e);
    await e.eval(`${reset},1`);
    await quiet(e);
    const empty = await meter(e, "(function(){})()");
    runs.push(full - empty);
  }
  return median(runs);
}

/** The seed of the game each key cycle in one of Merlin's games starts from (keyCycle). */
export const CYCLE_SEED = 7;

/**
 * A console line that runs `body` (`M` being `Merlin`) with the timeouts it sets for 0 ms set for
 * a second instead (their extra arguments passed on), so that what a key leaves to run once it
 * has returned (the toy's work after its LEDs: firmware/controller.ts afterLights) runs after the
 * line is measured, not by chance before its CPU is read. The wrapper's own cost, a call for
 * each timeout set, stays in the figure.
 */
export function deferringTimers(body: string): string {
  return (
    "(function(){var M=Merlin,T=setTimeout;" +
    "global.setTimeout=function(f,t){var a=[].slice.call(arguments);a[1]=t>0?t:1000;return T.apply(global,a)};" +
    `${body}global.setTimeout=T})()`
  );
}

/**
 * A key press to its LEDs in one of Merlin's games: CPU ms per key of `keys` pressed in turn
 * through the console, net of an empty loop and of the console's answer: the state object
 * `Merlin.press` returns for each key played, and for each key refused the Error it throws
 * instead with the refusal's line (Espruino writes a stack trace into every Error it makes,
 * the code around each caller: some 0.05 ms, which a key from the pads never pays). The Error
 * is measured as a loop that throws and catches it (the same message, the same catch); its
 * stack trace is a call shorter there than from within `Merlin.press`, so a little of it stays
 * in the figure. The median of `repeat` runs, and how many of the keys were refused in the
 * last. (`Merlin` is read once per loop: its console module is the console's cost, not a
 * key's.) Each run starts from the game of seed
 * CYCLE_SEED (`Merlin.newGame(seed)`, a line of its own): which keys a game plays and which it
 * refuses depends on where it stands — in Mindbender on the secret numbers it draws — and the
 * toy's own seed is a new one at every boot, which moved Mindbender's figure from one run to
 * the next by half a bar. What a key leaves for after its LEDs (its sound, its files, the
 * next deadline: firmware/controller.ts afterLights) runs from a 0 ms timer as the line ends,
 * and was counted with the line when it ran before the line's CPU was read (by chance: a game
 * won brings its files' write forward, 2 to 3 ms, some 0.05 ms a key in Mindbender): each loop
 * defers those timers by a second (deferringTimers). The figure is the key to its LEDs, that
 * timer set.
 */
/**
 * One key of the cycle, `i` counting the keys (1-based, as `Merlin.press` takes them) in turn,
 * `M` being `Merlin`: pressed, or refused with its line thrown, counted in REFUSED and kept in
 * WHY (keyCycle; the hotpath bench counts the same cycle).
 */
export function cycleKey(keys: number[]): string {
  return `try{M.press(${JSON.stringify(keys)}[i%${keys.length}])}catch(x){REFUSED++;global.WHY=x.message}`;
}

async function keyCycle(
  e: Espruino, keys: number[], repeat: number, meter: Meter,
): Promise<{ key: number; press: number; state: number; error: number; refused: number }> {
  const n = 4 * keys.length;
  const loop = (body: string) => deferringTimers(`global.REFUSED=0;for(var i=0;i<${n};i++){${body}}`);
  const runs: { key: number; press: number; state: number; error: number }[] = [];
  let refused = 0;
  for (let k = 0; k < repeat; k++) {
    await e.eval(`Merlin.newGame(${CYCLE_SEED}),1`);
    await quiet(e);
    const c0 = await meter(e, loop(cycleKey(keys)));
    refused = Number(await e.eval("REFUSED"));
    await quiet(e);
    const empty = await meter(e, loop(""));
    const st = await meter(e, loop("M.state()"));
    // (No key refused: no Error to take out.)
    const thrown = refused > 0 ? await meter(e, loop("try{throw new Error(WHY)}catch(x){REFUSED++;global.WHY=x.message}")) : empty;
    const press = (c0 - empty) / n;
    const state = (st - empty) / n;
    const error = (thrown - empty) / n;
    runs.push({ key: press - (state * (n - refused) + error * refused) / n, press, state, error });
  }
  runs.sort((a, b) => a.key - b.key);
  const mid = runs[Math.floor(runs.length / 2)];
  return { ...mid, refused: refused / n };
}

/** The names of the keys merlinKeys cycles through, in its order. */
const CYCLE_KEY_NAMES = ["light 1", "light 2", "light 3", "light 4", "light 5", "light 6", "light 7", "light 8", "light 9", "SAME GAME", "HIT ME", "COMP TURN"];

/**
 * Each key of the cycle alone (`--keys`, counted): for each key, the game of seed CYCLE_SEED with
 * the keys before it in the cycle played in a line of their own and the timers they set run
 * (as at a player's pace: Merlin's answers, the files' writes, the sounds), then the key in a
 * line of its own, less an empty line and the console's answer to it, each in a line of its own
 * after the key (the state object of the game the key left, for a key played; for a key
 * refused, its Error, made and caught with the same message). The slowest, and which key it
 * was. The cycle's mean (keyCycle) plays its keys back to back instead, where a key may pay for
 * the one before (a game's saved line, made again for undo's snapshot) and Merlin's answers
 * come later or not at all.
 */
async function slowestKey(e: Espruino, keys: number[], meter: Meter, names = CYCLE_KEY_NAMES): Promise<{ slowest: number; slowestKey: string }> {
  const line = (body: string) => deferringTimers(`global.WHY="";try{${body}}catch(x){global.WHY=x.message}`);
  const empty = await meter(e, line(""));
  let slowest = -Infinity;
  let slowestKey = "";
  for (let i = 0; i < keys.length; i++) {
    await e.eval(`Merlin.newGame(${CYCLE_SEED}),1`);
    await e.eval(`(function(){var M=Merlin;for(var i=0;i<${i};i++){try{M.press(${JSON.stringify(keys)}[i])}catch(x){}}})(),1`);
    await quiet(e);
    const pressed = (await meter(e, line(`M.press(${keys[i]})`))) - empty;
    const why = String(await e.eval("WHY"));
    // (The state object of the game as the key left it, once the timers it set have run: its
    // cost grows with the game, so the one of the game's start would flatter a late key.)
    const answer = (await meter(e, line(why === "" ? "M.state()" : `throw new Error(${JSON.stringify(why)})`))) - empty;
    if (pressed - answer > slowest) {
      slowest = pressed - answer;
      slowestKey = `${names[i] ?? `key ${keys[i]}`}, ${why === "" ? "played" : "refused"}`;
    }
  }
  return { slowest, slowestKey };
}

interface Figures {
  press: number;
  state: number;
  hint: number;
  scan: number | null;
  /** Files the interpreter opened per key press → LEDs (its flash reads), null without strace. */
  opens: number | null;
  /**
   * In each of the board's games (build.ts toyGameSpecs: on 5×5 lightsout, lightsout2000,
   * blackwhite; on 4×4 blackwhite): HIT ME from puzzle 0 of seed 7, and the slowest of the
   * pads gameKeys names, each pressed alone as slowestKey presses Merlin's games' keys (after
   * the deal's flash and the keys before it, net of the console's answer) — not in a loop as
   * Magic Square's key press above, which runs while the deal's flash shows and so never
   * updates the pixels.
   */
  games: { name: string; hint: number; key: number; keyName: string }[];
  /** The level deals of the board's games with levels (lightsout on 5×5): levelDeals. */
  deals: LevelDeals[];
  /**
   * Merlin's other games the profile carries (build.ts profileModules): choosing it from Magic
   * Square, and Magic Square from it (`Merlin.game`, returning its state object), and in it a
   * key press to its LEDs (keyCycle: merlinKeys in turn, played or refused), what `Merlin.press`,
   * `Merlin.state` and a refused key's Error cost, and the share of the keys refused. Choosing
   * is NaN where it ran the interpreter out of memory (chooseOutOfMemory).
   */
  merlin?: {
    name: string; choose: number; back: number; key: number; press: number; state: number; error: number; refused: number;
    /** `--keys`, counted: the slowest key of the cycle counted alone, and which (slowestKey). */
    slowest?: number; slowestKey?: string;
  }[];
  /** Whether Merlin's games ran this view's interpreter out of memory (no figures for them). */
  merlinOutOfMemory?: boolean;
  /** Whether the figures of Merlin's games are ESPRUINO_BIN_LARGE's (they did not fit). */
  merlinLarge?: boolean;
  /** Whether choosing them ran this view's interpreter out of memory (the RAM copies of the files it reads: chooseTimes). */
  chooseOutOfMemory?: boolean;
  /** Whether the figures of choosing them are ESPRUINO_BIN_LARGE's (they did not fit). */
  chooseLarge?: boolean;
}

/**
 * The pads a key press in the board's games (Lights Out, the colour games) is measured on, each
 * alone (slowestKey): five, 1, 7, 13, … (1-based, every sixth pad round the board): corners,
 * edges and the middle on the 4×4 and the 5×5, and on the 5×5 blackwhite's pad 25, which is no key.
 */
export function gameKeys(p: Profile): number[] {
  const pads = p.rows * p.cols;
  const keys: number[] = [];
  for (let i = 0; i < 5; i++) keys.push(1 + ((i * 6) % pads));
  return keys;
}

/**
 * The keys a key press in one of Merlin's games cycles through (1-based, as `Merlin.press`
 * takes them): the pads of lights 1 … 9, then SAME GAME, HIT ME and COMP TURN (not NEW GAME,
 * which would open the chooser). Which are played and which refused depends on the game and
 * where it stands; a refused key shows and sounds too.
 */
export function merlinKeys(p: Profile): number[] {
  const layout = layoutFor(p.rows, p.cols);
  const pads = p.rows * p.cols;
  const keys: number[] = [];
  for (let n = 1; n <= 9; n++) keys.push(layout.padOfLight[n] + 1);
  return keys.concat([pads + 2, pads + 3, pads + 4]);
}

/** Seeds whose 50 levels levelDeals deals. */
const DEAL_SEEDS = 10;

interface LevelDeals {
  name: string;
  /** CPU ms of the deal of level 1, 25 and 50: the median over the seeds. */
  levels: { level: number; median: number }[];
  /** The slowest deal of any level and seed, and which. */
  worst: number;
  worstAt: string;
}

/**
 * The CPU of a level deal in game `name` (its levels: src/toy/levels.ts): for seeds 1 … DEAL_SEEDS,
 * `Merlin.newGame(seed)` deals level 1 and each `Merlin.newGame()` the next level, one console
 * line each, timed as cpuOf times a line (so each figure includes the state object the call
 * returns, about 1 ms).
 */
async function levelDeals(e: Espruino, name: string): Promise<LevelDeals> {
  const byLevel: number[][] = [];
  let worst = 0;
  let worstAt = "";
  await e.eval(`Merlin.setRules(${JSON.stringify(name)}),1`);
  for (let seed = 1; seed <= DEAL_SEEDS; seed++) {
    for (let level = 1; level <= 50; level++) {
      const ms = await cpuOf(e, level === 1 ? `Merlin.newGame(${seed}),1` : "Merlin.newGame(),1");
      (byLevel[level] ??= []).push(ms);
      if (ms > worst) {
        worst = ms;
        worstAt = `level ${level} of seed ${seed}`;
      }
    }
  }
  return { name, levels: [1, 25, 50].map((level) => ({ level, median: median(byLevel[level]) })), worst, worstAt };
}

const HAS_STRACE = spawnSync("strace", ["-V"], { stdio: "ignore" }).status === 0;

/**
 * How many files the interpreter opens while `line` runs, counted by strace attached to it:
 * the Linux build reads its flash file (./espruino.flash) through an fopen … fclose of its own
 * for every read (targets/linux/jshardware.c jshFlashRead), and code in flash is read 16 bytes
 * at a time (ESPR_JSVAR_FLASH_BUFFER_SIZE), so this counts the flash reads. Null without strace.
 */
async function opensDuring(e: Espruino, line: string): Promise<number | null> {
  if (!HAS_STRACE) return null;
  const st = spawn("strace", ["-c", "-e", "trace=open,openat", "-p", String(e.pid)], { stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  st.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const closed = new Promise((r) => st.on("close", r));
  const deadline = Date.now() + 5000;
  while (!/attached/.test(err) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  if (!/attached/.test(err)) {
    st.kill("SIGKILL");
    await closed;
    return null;
  }
  await e.eval(line, 600_000);
  st.kill("SIGINT");
  await closed;
  let n = 0;
  for (const m of err.matchAll(/^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(open|openat)\s*$/gm)) n += Number(m[1]);
  return n;
}

/**
 * Choosing each of Merlin's games the profile carries from Magic Square, and Magic Square from
 * it (`Merlin.game`, each way alone: oneCall), on the toy `e` booted in `view`, under Magic
 * Square's basic rules. In the RAM view the copies of the files choosing reads are kept while it
 * is timed (modulesChoosingReads), and dropped after. Throws when they run the interpreter out
 * of memory.
 */
async function chooseTimes(e: Espruino, p: Profile, view: View, repeat: number, meter: Meter): Promise<{ name: string; choose: number; back: number }[]> {
  const out: { name: string; choose: number; back: number }[] = [];
  if (view.place === "ram") await e.eval(`COPIES=${modulesChoosingReads(p)},1`);
  for (const m of profileModules(p)) {
    const name = JSON.stringify(m.name);
    await e.eval('Merlin.setRules("basic"),1');
    // (Once each way first: the RAM view's copies of the files are made.)
    await e.eval(`Merlin.game(${name}),Merlin.game("magicsquare"),1`);
    const choose = await oneCall(e, 'Merlin.game("magicsquare")', `Merlin.game(${name})`, repeat, meter);
    const back = await oneCall(e, `Merlin.game(${name})`, 'Merlin.game("magicsquare")', repeat, meter);
    out.push({ name: m.name, choose, back });
  }
  if (view.place === "ram") await e.eval("COPIES=0,C={},K=[],1");
  return out;
}

/** Puts chooseTimes's figures `times` into the rows of Merlin's games `merlin`, by name. */
function withChoosing(merlin: NonNullable<Figures["merlin"]>, times: { name: string; choose: number; back: number }[]): void {
  for (const t of times) Object.assign(merlin.find((m) => m.name === t.name)!, t);
}

/** Whether `err` is the interpreter running out of memory (its variables: a RAM copy too many). */
function outOfMemory(err: unknown): boolean {
  return /out of memory/i.test(String(err));
}

/** chooseTimes on a toy of its own, booted on interpreter `bin` (`counted`: under callgrind, its instructions). */
async function chooseTimesOn(bin: string, p: Profile, bundle: ToyImage, view: View, repeat: number, counted = false): Promise<{ name: string; choose: number; back: number }[]> {
  const e = await bootToy(bin, p, bundle, false, view, counted);
  try {
    return await chooseTimes(e, p, view, repeat, counted ? countLine : cpuOf);
  } finally {
    await dispose(e);
  }
}

/**
 * The figures of one view, timed (CPU ms) or `counted` (instructions, under callgrind). Counted,
 * the scan and the level deals are left out: the scan's debounce and the settling around it go
 * by the clock (getTime), so their counts would depend on how fast the machine ran; a deal's
 * count is deterministic but 500 of them take an hour under callgrind.
 */
async function measure(bin: string, p: Profile, bundle: ToyImage, view: View, repeat: number, counted = false, alone = false): Promise<Figures> {
  const pads = p.rows * p.cols;
  const meter = counted ? countLine : cpuOf;
  let e = await bootToy(bin, p, bundle, false, view, counted);
  let f: Figures;
  try {
    await e.eval('Merlin.setRules("merlin1978"),Merlin.newGame(7),1');
    // Counted, each line deals afresh before its loop (the empty line too): the deal's LED flash
    // then lasts the whole line, so no LED blinks in it. A blinking LED's phase flips every 120 ms
    // between lines, and the LED code evaluates one more expression in one phase: the phase a line
    // started in, the clock's choice, moved a key press's count by 1.3 % and the state's by 2.2 %.
    // `Merlin` is read once per line, as in keyCycle: each read loads the console's module
    // (merlin-console.js read and run, its functions made), about 0.6 ms, which is the console's
    // cost, not a key's. (Counted in every call, it cancelled out of a key press, the press less
    // the state, but stayed in HIT ME: 1.45 ms where HIT ME took 0.85.)
    const fresh = counted ? "var M=Merlin;M.newGame(7)" : "var M=Merlin";
    const press = await perCall(e, `M.press(1+(i*4)%${pads})`, 40, repeat, fresh, meter);
    const state = await perCall(e, "M.state()", 100, repeat, fresh, meter);
    const hint = await perCall(e, "M.hint()", 40, repeat, fresh, meter);
    const n = 20;
    const pressOpens = counted ? null : await opensDuring(e, `(function(){for(var i=0;i<${n};i++)Merlin.press(1+(i*4)%${pads})})()`);
    const stateOpens = counted ? null : await opensDuring(e, `(function(){for(var i=0;i<${n};i++)Merlin.state()})()`);
    const opens = pressOpens === null || stateOpens === null ? null : (pressOpens - stateOpens) / n;
    f = { press, state, hint, scan: null, opens, games: [], deals: [], merlin: [] };
    const merlin = f.merlin!;
    for (const g of toyGameSpecs(p)) {
      await e.eval(`Merlin.setRules(${JSON.stringify(g.spec.name)}),Merlin.newGame(7),1`);
      const hint = await perCall(e, "M.hint()", 40, repeat, fresh, meter);
      const pressed = gameKeys(p);
      const keys = await slowestKey(e, pressed, meter, pressed.map((k) => `pad ${k}`));
      f.games.push({ name: g.spec.name, hint, key: keys.slowest, keyName: keys.slowestKey });
      if (g.spec.levels && !counted) f.deals.push(await levelDeals(e, g.spec.name));
    }
    const keyList = merlinKeys(p);
    // The keys first, with no RAM copy of a module kept (a key reads none); then choosing, with
    // the copies it reads kept (chooseTimes), which on the Pico-sized interpreter may not fit:
    // choosing is then measured on ESPRUINO_BIN_LARGE (measureView), or without it judged on the
    // emulated flash's figures, which are the interpreter's own work and the file reads
    // besides: an upper bound.
    try {
      for (const m of profileModules(p)) {
        await e.eval(`Merlin.game(${JSON.stringify(m.name)}),1`);
        const cycle = await keyCycle(e, keyList, repeat, meter);
        merlin.push({ name: m.name, choose: NaN, back: NaN, ...cycle, ...(alone ? await slowestKey(e, keyList, meter) : {}) });
      }
      await e.eval('Merlin.game("magicsquare"),1');
    } catch (err) {
      // Out of memory: the figures before Merlin's games stand.
      if (!outOfMemory(err)) throw err;
      merlin.length = 0;
      f.merlinOutOfMemory = true;
    }
    // (Counted, only the keys: choosing is counted by `--choosing --count`, choosingOnly.)
    if (!f.merlinOutOfMemory && !counted) {
      try {
        withChoosing(merlin, await chooseTimes(e, p, view, repeat, meter));
      } catch (err) {
        if (!outOfMemory(err)) throw err;
        f.chooseOutOfMemory = true;
      }
    }
  } finally {
    await dispose(e);
  }
  if (counted) return f;
  e = await bootToy(bin, p, bundle, true, view);
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
      // Enough scans that the settling loops (bounded by time, not count) stay small beside them.
      const n = 200;
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

/**
 * What lexing costs per byte of code, without running it: a function whose body is the whole
 * bundle inside `if(0){…}` (parsed, skipped, never executed) is called N times; CPU per call
 * minus that of an empty function, divided by the bytes of the body as stored. Returns µs per
 * byte and the bytes.
 */
async function lexCost(bin: string, bundle: string, view: View, repeat: number): Promise<{ perByte: number; bytes: number }> {
  const body = `if(0){${bundle}}`;
  const code = `global.NOP=function(){${body}};global.EMPTY=function(){};`;
  const dir = await writeFlash(bin, code, {}, view.form, view.place, "");
  const e = await Espruino.start(bin, dir, { echo: false });
  try {
    const perCallMs = (await perCall(e, "NOP()", 20, repeat)) - (await perCall(e, "EMPTY()", 20, repeat));
    const bytes = bootImage(body, view.form).length;
    return { perByte: (perCallMs * 1000) / bytes, bytes };
  } finally {
    await dispose(e);
  }
}

/**
 * Whether error `e` says the toy in `view` does not fit the interpreter: it does not boot, or
 * (the code in RAM) runs out of memory, as the 5×5's image from a RAM copy on the Pico-sized build.
 */
function tooLargeFor(e: unknown, view: View): boolean {
  return e instanceof DoesNotBoot || (view.place === "ram" && outOfMemory(e)) || /"Merlin" is not defined/.test((e as Error).message);
}

/**
 * How the interpreter died of the input race, when error `e` says it did (null otherwise). The
 * Linux build's stdin thread and interpreter share its input queue without a lock: now and then
 * (more often on a loaded machine) a console line corrupts it and the interpreter dies (ASSERT …
 * jsdevices.c), or loses part of the line and waits for the rest, so no answer comes. What died
 * so is measured again (VIEW_ATTEMPTS in all).
 */
function raceDeath(e: unknown): string | null {
  const message = (e as Error).message;
  if (!/interpreter exited|^no answer to/.test(message)) return null;
  const how = /ASSERT[^\n]*/.exec(message)?.[0] ?? (/^no answer/.test(message) ? "it stopped answering" : "it exited");
  const line = /answer to (.{0,48})/.exec(message)?.[1];
  return line === undefined ? how : `${how}, at the line ${JSON.stringify(line + "…")}`;
}

/**
 * --choosing: choosing each of Merlin's games from Magic Square and Magic Square back
 * (chooseTimes), timed, with the flashed image in RAM, the view the bar is judged on; on
 * ESPRUINO_BIN_LARGE where the toy does not fit that view on ESPRUINO_BIN (the 5×5's). About
 * three hundred console lines a board, where a whole run sends thousands: the input race
 * (raceDeath) still strikes now and then (in three of six runs of a board, 2026-11-30), and the
 * board is measured again. Prints a table; returns 1 when a figure is over its bar.
 */
async function choosingOnly(names: string[], bin: string, large: string | null, repeat: number, counted: boolean, write: boolean): Promise<number> {
  const run = startRun();
  const interpreter = await describeInterpreter(bin);
  const rows = ["| profile | game | choosing it (from Magic Square) | choosing Magic Square from it |", "|---|---|---|---|"];
  const show = counted ? MIR : MS;
  const bar = counted ? COUNT_CHOOSE_BUDGET : SPEED_BUDGETS.choose;
  const over: string[] = [];
  for (const name of names) {
    const p = loadProfile(name);
    if (profileModules(p).length === 0) continue;
    const bundle = prebuiltImage(p.name) ?? builtImage(await buildFirmware(p, { write: false }));
    if (!bundle.code) throw new Error(`the ${p.name} firmware does not build (npm run build -- --board ${p.name})`);
    let on = bin;
    for (let attempt = 1; ; attempt++) {
      try {
        const times = await chooseTimesOn(on, p, bundle, FLASHED_IN_RAM, repeat, counted);
        const mark = on === bin ? "" : " †";
        for (const t of times) {
          rows.push(`| ${name} | ${t.name} | ${show(t.choose)}${mark} | ${show(t.back)}${mark} |`);
          over.push(...choosingOver(p, t, bar, show));
        }
        break;
      } catch (e) {
        if (on === bin && tooLargeFor(e, FLASHED_IN_RAM)) {
          if (large === null) throw new Error(`${p.name}: ${(e as Error).message}: the toy does not fit ESPRUINO_BIN's variables in RAM; set ESPRUINO_BIN_LARGE (docs/espruino.md)`);
          process.stderr.write(`${p.name}: ${(e as Error).message}; choosing on ESPRUINO_BIN_LARGE\n`);
          on = large;
          attempt = 0;
          continue;
        }
        const why = raceDeath(e);
        if (why === null || attempt >= VIEW_ATTEMPTS) throw e;
        process.stderr.write(`${p.name}, choosing: the interpreter died (${why}); measuring again\n`);
      }
    }
  }
  // Timed, the host's own speed, which moves from day to day (INSTRUCTIONS_PER_MS says by how
  // much): times of other days compare through it. Counts do not move with the host.
  const c = counted ? null : await calibrate(bin, repeat);
  const what = counted ? "Instructions of the interpreter" : "CPU ms of the interpreter process";
  const report = new Report();
  report.line(`${what} per choosing (median of ${repeat}); † on ESPRUINO_BIN_LARGE (the image does not fit a RAM copy on ESPRUINO_BIN). Bar: ${show(bar)}.`);
  report.line();
  for (const r of rows) report.line(r);
  if (large !== null && rows.some((r) => r.includes("†"))) {
    report.line();
    report.line(`† ${interpreterText(await describeInterpreter(large, "ESPRUINO_BIN_LARGE"))}.`);
  }
  if (c !== null) {
    report.line();
    report.line(`This host's calibration loops: ${(c.pin * 1000).toFixed(2)} µs a pin toggle, ${(c.float * 1000).toFixed(2)} µs a float multiply-add.`);
  }
  report.line();
  report.line(`Budget: choosing each of Merlin's games, and Magic Square from it, ≤ ${show(bar)}: ${over.length === 0 ? "met." : "not met."}`);
  for (const line of over) report.line(`- ${line}`);
  finishMeasurement(
    write,
    "device-speed-choosing",
    { title: "Choosing a game, counted in instructions", about: ABOUT_CHOOSING, rerun: CHOOSING_RERUN },
    run,
    report,
    { interpreter, variables: ["ESPRUINO_BIN", "ESPRUINO_BIN_LARGE"] },
  );
  for (const line of over) process.stderr.write(`speed: ${line}\n`);
  return over.length > 0 ? 1 : 0;
}

const CHOOSING_RERUN = "ESPRUINO_BIN=/path/to/espruino64 ESPRUINO_BIN_LARGE=/path/to/espruino64-20000 npm run speed -- --choosing --count --write";

const ABOUT_CHOOSING =
  "`npm run speed -- --choosing --count` counts the instructions of choosing each of Merlin's games the board " +
  "carries from Magic Square (`Merlin.game(name)`, under Magic Square's basic rules) and of choosing Magic " +
  "Square back from it, each in a console line of its own net of an empty one, as `--count` counts a key " +
  "press (device-speed-count.md says how: callgrind, counting only while a console line is evaluated, each " +
  "line from a garbage collection, once the timeouts earlier lines set have fired). The flashed image runs " +
  "from a RAM copy, and so does each Storage module choosing reads, kept while it is counted; the toy's data " +
  "files (merlin.gms and the rest) are read and written in the emulated flash, whose file I/O is the " +
  "kernel's and not counted — a Pico reads its flash as memory. A board whose image does not fit a RAM copy " +
  "on the Pico-sized build is counted on ESPRUINO_BIN_LARGE, the same interpreter built with more variables " +
  `(rows marked †). The bar is ${SPEED_BUDGETS.choose} ms at ${INSTRUCTIONS_PER_MS / 1e6} M instructions a ms ` +
  "(firmware/measure/speed.ts INSTRUCTIONS_PER_MS). Timed, the same lines moved by more than 3 ms between " +
  "runs on one quiet day and with the host's speed from day to day (docs/architecture.md, \"Speed: what is " +
  "left\"). Counted, they move far less, but not nothing: two runs of a board (2026-11-30) agreed within 15 %, " +
  "as the games each run deals and keeps come from the toy's seed, new at every boot. Games are chosen in the " +
  "order of src/toy/games/index.ts.";

/** An interpreter run (measure) that ended in ESPRUINO_BIN_LARGE or not. */
interface Measured {
  f: Figures;
  large: boolean;
}

/**
 * How many times a view is measured before the run gives up on an interpreter that keeps dying
 * (the input race, docs/espruino.md): 3 ended a whole `npm run speed -- --flashed --repeat 3`
 * after 45 minutes (2026-11-29: six deaths, all in the views in emulated flash, the last three in
 * pico-3x3's).
 */
const VIEW_ATTEMPTS = 6;

/**
 * One view's figures (measure), measured again when the interpreter dies (VIEW_ATTEMPTS in all); null
 * when the toy does not boot this way. An in-RAM view that does not fit ESPRUINO_BIN is measured
 * on `large` (ESPRUINO_BIN_LARGE) when given.
 */
async function measureView(
  bin: string, large: string | null, p: Profile, bundle: ToyImage, view: View, repeat: number, counted: boolean, alone = false,
): Promise<Measured | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      const f = await measure(bin, p, bundle, view, repeat, counted, alone);
      if (f.merlinOutOfMemory && large !== null) {
        // Merlin's games did not fit this view: on ESPRUINO_BIN_LARGE they do (rows marked †).
        const more = await measure(large, p, bundle, view, repeat, counted, alone);
        if (!more.merlinOutOfMemory) Object.assign(f, { merlin: more.merlin, merlinOutOfMemory: false, merlinLarge: true });
      } else if (f.chooseOutOfMemory && large !== null) {
        // Choosing did not fit this view (the RAM copies it reads): on ESPRUINO_BIN_LARGE (figures marked †).
        const times = await chooseTimesOn(large, p, bundle, view, repeat).catch((err) => {
          if (!outOfMemory(err)) throw err;
          return null;
        });
        if (times !== null) {
          withChoosing(f.merlin!, times);
          Object.assign(f, { chooseOutOfMemory: false, chooseLarge: true });
        }
      }
      return { f, large: false };
    } catch (e) {
      // A bundle too large to boot from a RAM copy (the 5×5's) leaves Merlin undefined, or boots
      // and runs out of memory in a game (the 5×5's colour games): that view has no figures
      // here, the others are still measured.
      if (tooLargeFor(e, view)) {
        process.stderr.write(`${p.name}, ${viewName(view)}: ${(e as Error).message}\n`);
        break;
      }
      const why = raceDeath(e);
      if (why === null || attempt >= VIEW_ATTEMPTS) throw e;
      process.stderr.write(`${p.name}, ${viewName(view)}: the interpreter died (${why}); measuring again\n`);
    }
  }
  if (view.place !== "ram" || large === null) return null;
  // The image does not fit a RAM copy on the Pico-sized interpreter: the same view on
  // ESPRUINO_BIN_LARGE, the same interpreter built with more variables (rows marked †); it dies
  // of the input race as often (VIEW_ATTEMPTS: 3 ended a quiet run of the 5×5, 2026-11-30).
  for (let attempt = 1; ; attempt++) {
    try {
      return { f: await measure(large, p, bundle, view, repeat, counted, alone), large: true };
    } catch (e) {
      if (attempt >= VIEW_ATTEMPTS) throw e;
      process.stderr.write(`${p.name}, ${viewName(view)} on ESPRUINO_BIN_LARGE: ${(e as Error).message.split("\n")[0]}; measuring again\n`);
    }
  }
}

/** The median of each figure over counted runs (they agree: the median is any of them unless one went astray). */
function medianOf(runs: Figures[]): Figures {
  const m = (pick: (f: Figures) => number) => median(runs.map(pick));
  return {
    press: m((f) => f.press),
    state: m((f) => f.state),
    hint: m((f) => f.hint),
    scan: null,
    opens: null,
    games: runs[0].games.map((g, i) => ({ name: g.name, hint: m((f) => f.games[i].hint), key: m((f) => f.games[i].key), keyName: g.keyName })),
    deals: [],
    merlin: (runs[0].merlin ?? []).map((g, i) => ({
      ...g, key: m((f) => f.merlin![i].key), press: m((f) => f.merlin![i].press), state: m((f) => f.merlin![i].state), error: m((f) => f.merlin![i].error),
      ...(g.slowest !== undefined ? { slowest: m((f) => f.merlin![i].slowest ?? NaN) } : {}),
    })),
  };
}

/** Calibration loops (per iteration), so the Pico factor can be re-derived against Pico figures. */
async function calibrate(bin: string, repeat: number, counted = false): Promise<{ pin: number; float: number }> {
  // (The input race, docs/espruino.md, now and then kills the interpreter or leaves it deaf:
  // a line that takes milliseconds gets a minute, then the loops are run again, up to 3 times.)
  for (let attempt = 1; ; attempt++) {
    const e = await Espruino.start(runner(bin, counted), freshFlashDir(), { echo: false, bootTimeoutMs: counted ? 600_000 : undefined });
    const meter: Meter = counted ? countLine : (e, line) => cpuOf(e, line, 60_000);
    try {
      const pin = await perCall(e, "digitalWrite(D1,1);digitalWrite(D1,0)", 2000, repeat, "", meter);
      const float = await perCall(e, "x=x*1.000001+0.5", 2000, repeat, "var x=1.5", meter);
      return { pin, float };
    } catch (err) {
      if (counted || attempt >= 3) throw err;
      process.stderr.write(`calibration: ${(err as Error).message.split("\n")[0]}; measuring again\n`);
    } finally {
      await dispose(e);
    }
  }
}

const OPTIONS: OptionSpec[] = [
  { name: "board", type: "string", arg: "NAME", help: "one profile (default: every profile)" },
  { name: "repeat", type: "int", arg: "N", help: "runs per figure (median)", default: 3 },
  { name: "flashed", type: "flag", help: "only the flashed image (in flash, and in RAM for the Pico estimate)" },
  { name: "count", type: "flag", help: "also count instructions under callgrind (in RAM); the verdict is the counts'" },
  {
    name: "keys", type: "flag",
    help: "with --count: also count each key of Merlin's games' key cycles alone, and judge the slowest by the key press's bar too",
  },
  {
    name: "choosing", type: "flag",
    help: "only choosing each of Merlin's games and Magic Square back, as flashed in RAM (the bar's view), timed or (--count) counted: minutes, not an hour",
  },
  { name: "write", type: "flag", help: `also write ${MEASUREMENTS_DIR}/device-speed[-views|-count|-choosing].md` },
];

const ABOUT =
  "`npm run speed` measures the firmware's CPU cost per call on the Espruino interpreter for Linux that " +
  "`ESPRUINO_BIN` names (`npm run measure` passes the native 64-bit build, `ESPRUINO_BIN64`). What is counted: " +
  "the interpreter process's CPU time (the kernel's scheduler account, /proc/PID/sched se.sum_exec_runtime) " +
  "around one console line that makes N calls, minus the same line with an empty loop, divided by N; the median " +
  "of `--repeat` runs. CPU time, not wall clock, so other work on the machine matters less, though a busy " +
  "machine still adds noise (see the header; a third between runs on a loaded machine): `--count` " +
  "(device-speed-count.md) counts the interpreter's instructions instead, the same on every run. Each figure is taken for several ways of storing the code. " +
  "**In emulated flash** is the code as the toy holds it (`.bootcde`; \"as flashed\" is the pretokenised image " +
  "`npm run flash` writes), but the Linux build emulates flash with a file that it opens, seeks, reads and closes " +
  "for every 16 bytes of code it lexes, so these figures are mostly that file I/O, which a device, whose flash " +
  "is memory-mapped, does not pay. **In RAM** is the same code evaluated from a RAM copy (`.boot1`), and each " +
  "Storage module (Magic Square, Merlin's games, the console) read from a RAM copy made the first time it is read: no " +
  "code is read from flash while it runs, so it is the interpreter's own work (the toy's data files are still read from the emulated flash). The **Pico estimate** multiplies the in-RAM figures " +
  `of the flashed image by ${PICO_FACTOR[0]}–${PICO_FACTOR[1]}, the factor by which a Pico runs the interpreter ` +
  "slower (pin-toggle and float loops on the Linux build against published Pico figures; the calibration loops " +
  "are printed below for this interpreter): an estimate, not a Pico timing. Key press → LEDs is `Merlin.press(k)` " +
  "(rules merlin1978: every press is a move) minus the `Merlin.state()` object it returns; HIT ME is " +
  "`Merlin.hint()` (`Merlin` read once per line: each read loads the console's module, which is the console's cost, not a key's); the scan is the key scanner's scan with one pad held (the Linux build has no pin input: a " +
  "measurement-only .boot0 wraps digitalRead/digitalWrite, whose own cost is subtracted; the neopixel write is a " +
  "stand-in that sends nothing). Flash reads per key press are counted with strace when it is installed. " +
  "A bundle too large to boot from a RAM copy (the 5×5's) has no in-RAM figures and so no Pico estimate.";

const ABOUT_COUNT =
  "`npm run speed -- --count` counts the instructions the interpreter executes per call, as well as timing " +
  "it: the interpreter runs under valgrind's callgrind with counting on only inside the C function that " +
  "evaluates a console line (jspEvaluateVar), and callgrind writes one count per line; a figure is, as for the " +
  "times, the count of a line of N calls minus that of the same line with an empty loop, divided by N. Each " +
  "counted line starts once the timeouts earlier lines set have fired, with a garbage collection and a fresh " +
  "deal of seed 7 (the empty line too), so that every run starts each line from the same memory and no " +
  "LED blinks during a line (a blinking LED's phase is " +
  "the clock's, and the LED code does more in one phase): a counted key press is one made while the deal's " +
  "LED flash still shows. The counts do not depend on the machine's load or speed: each row says how far " +
  "apart its runs (each on an interpreter of its own) came out, and the figure given and judged is the " +
  "median of the runs. The times " +
  "beside them (CPU ms, in brackets) are **wall-clock-dependent**: taken as in device-speed.md, they move " +
  "with whatever else the machine runs. In this mode the budgets are judged on the counts only, against the " +
  `bars in ms converted at ${INSTRUCTIONS_PER_MS / 1e6} M instructions per ms (the reference build's rate on a ` +
  "quiet machine, from device-speed.md's quiet figures: firmware/measure/speed.ts says how; the actions' own " +
  "rates lie between 7.0 and 7.9 M, so a count keeps about the headroom its quiet time had). Counts are " +
  "taken with the code in RAM only (in emulated flash most of the work is the kernel's file I/O, which " +
  "callgrind does not see); the held-key scan and the level deals are not counted (the scan's debounce goes " +
  "by the clock; 500 deals would take an hour under callgrind). In Merlin's other games the key cycle is " +
  "counted as it is timed (from the game of seed 7; its blinking pads may blink in a line, which the runs' " +
  "agreement shows); choosing a game is counted on its own, by `--choosing --count` (device-speed-choosing.md).";

const ABOUT_VIEWS =
  "This file compares every way of storing the code: the minified text bundle, the pretokenised image (as " +
  "flashed) and that image with raw integer and string tokens too, each in emulated flash and in RAM; " +
  "\"lexing alone\" is the CPU per byte of a function that only skips the bundle. With `--flashed` the same " +
  "script writes device-speed.md: the flashed image only, on every profile.";

async function main(argv: string[]): Promise<number> {
  const opts = toolOptions(argv, OPTIONS, {
    name: "speed",
    command: "npm run speed",
    usage: "ESPRUINO_BIN=/path/to/espruino npm run speed [-- --board NAME] [--repeat N] [--flashed]\n" +
      "         [--count] [--write]   or   … npm run speed -- --choosing [--count] [--board NAME] [--repeat N]",
    summary: "the firmware's CPU cost per call on the Espruino interpreter for Linux",
    examples: [
      ["ESPRUINO_BIN=~/espruino/espruino npm run speed", "every profile, median of 3 runs"],
      ["ESPRUINO_BIN=~/espruino/espruino npm run speed -- --board pico-3x3 --flashed", "one profile, as flashed only"],
      ["ESPRUINO_BIN=~/espruino/espruino npm run speed -- --count --flashed", "also counted: the same verdict on every run"],
      ["ESPRUINO_BIN=~/espruino/espruino npm run speed -- --choosing", "only choosing each game and back, judged on its bar"],
    ],
    about:
      "Measures the firmware's CPU cost per call on the Espruino interpreter for Linux that ESPRUINO_BIN\n" +
      "names (the native 64-bit build is meant; docs/measurements/device-speed.md says how, and what the\n" +
      "figures mean). --write writes device-speed.md with --flashed, device-speed-views.md without.\n" +
      "--count also counts the instructions of the in-RAM views under valgrind's callgrind (installed with\n" +
      "apt-get when missing and run as root), --repeat runs each on an interpreter of its own, and judges\n" +
      "the budgets on the counts alone (device-speed-count.md says how; --write writes it).\n" +
      "ESPRUINO_BIN_LARGE may name the same interpreter built with more variables (docs/espruino.md): the\n" +
      "in-RAM view of an image too large for a RAM copy on ESPRUINO_BIN (the 5×5's) is measured there.\n" +
      "--choosing times (with --count: counts) only choosing each of Merlin's games and Magic Square back (the\n" +
      "flashed image in RAM), a few minutes a board; --choosing --count --write writes device-speed-choosing.md.\n" +
      "Exit status 2 for bad options, no ESPRUINO_BIN or (--count) no valgrind, 1 when a budget is not met (or cannot be checked:\n" +
      "a view that does not boot), non-zero when a measurement fails.",
  });
  if (typeof opts === "number") return opts;
  const repeat = opts.values.repeat as number;
  if (!(repeat >= 1)) {
    process.stderr.write("speed: --repeat must be at least 1\n");
    return 2;
  }
  if (opts.values.keys === true && opts.values.count !== true) {
    process.stderr.write("speed: --keys counts each key alone, so it goes with --count\n");
    return 2;
  }
  if (opts.values.choosing === true && opts.values.write === true && opts.values.count !== true) {
    process.stderr.write("speed: --choosing --write writes the counts (device-speed-choosing.md), so it goes with --count\n");
    return 2;
  }
  let names: string[];
  try {
    names = opts.values.board ? [loadProfile(opts.values.board as string).name] : listProfiles();
  } catch (e) {
    process.stderr.write(`speed: ${(e as Error).message}\n`);
    return 2;
  }
  const bin = espruinoBin();
  if (!bin) {
    process.stderr.write("speed: set ESPRUINO_BIN to an Espruino interpreter for Linux (see docs/measurements/device-speed.md)\n");
    return 2;
  }
  if (opts.values.count === true) {
    const problem = ensureValgrind();
    if (problem !== null) {
      process.stderr.write(`speed: ${problem}\n`);
      return 2;
    }
  }
  if (opts.values.choosing === true) {
    return await choosingOnly(names, bin, process.env.ESPRUINO_BIN_LARGE || null, repeat, opts.values.count === true, opts.values.write === true);
  }
  const interpreter = await describeInterpreter(bin);
  const largeBin = process.env.ESPRUINO_BIN_LARGE;
  const large = largeBin ? { bin: largeBin, about: interpreterText(await describeInterpreter(largeBin, "ESPRUINO_BIN_LARGE")) } : null;
  const run = startRun();
  const count = opts.values.count === true;
  const alone = count && opts.values.keys === true;
  // Counted, only the in-RAM views: the emulated flash's reads are the kernel's work, which callgrind does not see.
  const views = (opts.values.flashed ? [FLASHED, FLASHED_IN_RAM] : VIEWS).filter((v) => !count || v.place === "ram");
  const ms = (x: number | null) => (x === null ? "–" : x.toFixed(2));
  const pico = (x: number | null) => (x === null ? "–" : `${Math.round(x * PICO_FACTOR[0])}–${Math.round(x * PICO_FACTOR[1])}`);
  const rows = [
    "| profile | code | key press → LEDs | `Merlin.press` | `Merlin.state` | HIT ME | scan, key held | flash reads per key press |",
    "|---|---|---|---|---|---|---|---|",
  ];
  const reads = (x: number | null) => (x === null ? "–" : String(Math.round(x)));
  const gameRows = ["| profile | code | game | HIT ME | slowest key alone → LEDs |", "|---|---|---|---|---|"];
  const merlinRows = [
    "| profile | code | game | choosing it (from Magic Square) | choosing Magic Square from it | key press → LEDs | `Merlin.press` | `Merlin.state` | refusal's `Error` | keys refused |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  const dealRows = ["| profile | code | game | level 1 | level 25 | level 50 | slowest deal |", "|---|---|---|---|---|---|---|"];
  const countRows = [
    `| profile | code | key press → LEDs | \`Merlin.press\` | \`Merlin.state\` | HIT ME | ${repeat} runs |`,
    "|---|---|---|---|---|---|---|",
  ];
  const countGameRows = [`| profile | code | game | HIT ME | slowest key alone → LEDs | ${repeat} runs |`, "|---|---|---|---|---|---|"];
  const countMerlinRows = alone
    ? [`| profile | code | game | key press → LEDs | the slowest key alone | ${repeat} runs |`, "|---|---|---|---|---|---|"]
    : [`| profile | code | game | key press → LEDs | ${repeat} runs |`, "|---|---|---|---|---|"];
  const estimates: string[] = [];
  /** Merlin's games in the emulated flash view of the profile measured last (judged when the RAM view has none), and notes on that. */
  let flashedMerlin: NonNullable<Figures["merlin"]> = [];
  const notes: string[] = [];
  /** Budgets broken (overBudget), and profiles whose in-RAM figures could not be taken. */
  const over: string[] = [];
  /** Count mode: the timed figures against the bars in ms, for information only. */
  const overTimed: string[] = [];
  let firstBundle = "";
  for (const name of names) {
    const p = loadProfile(name);
    const bundle = prebuiltImage(p.name) ?? builtImage(await buildFirmware(p, { write: false }));
    if (!bundle.code) throw new Error(`the ${p.name} firmware does not build (npm run build -- --board ${p.name})`);
    if (!firstBundle) firstBundle = bundle.code;
    for (const view of views) {
      const m = await measureView(bin, large?.bin ?? null, p, bundle, view, repeat, false);
      const label = viewName(view) + (m?.large ? " †" : "");
      if (m === null) {
        rows.push(`| ${name} | ${viewName(view)} | does not boot: out of memory loading the RAM copy | | | | | |`);
        if (view === FLASHED_IN_RAM) {
          estimates.push(`| ${name} | – (no in-RAM figures) | – | – |`);
          over.push(`${name}: no in-RAM figures (the RAM copy does not fit this interpreter's variables: see docs/espruino.md), so its budgets are not checked`);
        }
        process.stderr.write(`${name}, ${viewName(view)}: the toy does not boot this way\n`);
        continue;
      }
      const f = m.f;
      if (view.form === FLASHED.form && view.place !== "ram") flashedMerlin = f.merlin ?? [];
      if (f.merlinOutOfMemory) {
        merlinRows.push(`| ${name} | ${label} | out of memory holding RAM copies of the games' files | | | | | | | |`);
        notes.push(
          `${name}: the RAM view cannot hold RAM copies of Magic Square's and the games' files at once on this interpreter; ` +
            "Merlin's games are judged on their figures in emulated flash, which add the file reads to the interpreter's own work (an upper bound).",
        );
      }
      rows.push(`| ${name} | ${label} | ${ms(f.press - f.state)} | ${ms(f.press)} | ${ms(f.state)} | ${ms(f.hint)} | ${ms(f.scan)} | ${reads(f.opens)} |`);
      for (const g of f.games) gameRows.push(`| ${name} | ${label} | ${g.name} | ${ms(g.hint)} | ${ms(g.key)} (${g.keyName}) |`);
      const merlinLabel = f.merlinLarge && !label.endsWith("†") ? label + " †" : label;
      const chosen = (x: number) => (Number.isNaN(x) ? "out of memory" : ms(x) + (f.chooseLarge ? " †" : ""));
      for (const m of f.merlin ?? []) {
        merlinRows.push(`| ${name} | ${merlinLabel} | ${m.name} | ${chosen(m.choose)} | ${chosen(m.back)} | ${ms(m.key)} | ${ms(m.press)} | ${ms(m.state)} | ${ms(m.error)} | ${Math.round(m.refused * 100)} % |`);
      }
      if (f.chooseOutOfMemory) {
        notes.push(
          `${name}: the RAM view cannot hold RAM copies of the files choosing a game reads on this interpreter; ` +
            "choosing is judged on its figures in emulated flash, which add the file reads to the interpreter's own work (an upper bound).",
        );
      }
      for (const d of f.deals) {
        const at = d.levels.map((l) => ms(l.median)).join(" | ");
        dealRows.push(`| ${name} | ${label} | ${d.name} | ${at} | ${ms(d.worst)} (${d.worstAt}) |`);
      }
      const judged = view.form === FLASHED.form && view.place === "ram";
      if (judged) {
        const flashedChoosing = (m: NonNullable<Figures["merlin"]>[number]) => {
          const x = flashedMerlin.find((y) => y.name === m.name);
          return Number.isNaN(m.choose) && x ? { ...m, choose: x.choose, back: x.back } : m;
        };
        const judgedFigures = f.merlinOutOfMemory ? { ...f, merlin: flashedMerlin } : { ...f, merlin: (f.merlin ?? []).map(flashedChoosing) };
        (count ? overTimed : over).push(...overBudget(p, judgedFigures));
        estimates.push(`| ${name}${label.endsWith("†") ? " †" : ""} | ${pico(f.press - f.state)} ms | ${pico(f.scan)} ms | ${pico(f.hint)} ms |`);
      }
      process.stderr.write(`measured ${name}, ${viewName(view)}\n`);
      if (!count) continue;
      // Counted: `repeat` runs, each on an interpreter of its own, to show they agree.
      const runs: Figures[] = [];
      for (let k = 0; k < repeat; k++) {
        const c = await measureView(bin, large?.bin ?? null, p, bundle, view, 1, true, alone);
        if (c !== null) runs.push(c.f);
        const each = c === null ? "does not boot" : [c.f.press, c.f.state, c.f.hint, ...c.f.games.flatMap((g) => [g.hint, g.key]), ...(c.f.merlin ?? []).map((g) => g.key)].map(Math.round).join(" ");
        process.stderr.write(`counted ${name}, ${viewName(view)}, run ${k + 1} of ${repeat}: ${each}\n`);
      }
      if (runs.length < repeat) throw new Error(`${name}, ${viewName(view)} booted timed but not counted`);
      const counts = medianOf(runs);
      const cell = (pick: (x: Figures) => number, time: number) => `${(pick(counts) / 1e6).toFixed(3)} (${ms(time)} ms)`;
      countRows.push(
        `| ${name} | ${label} | ${cell((x) => x.press - x.state, f.press - f.state)} | ${cell((x) => x.press, f.press)} | ` +
          `${cell((x) => x.state, f.state)} | ${cell((x) => x.hint, f.hint)} | ${agreement(runs.map((x) => [x.press, x.state, x.hint]))} |`,
      );
      f.games.forEach((g, i) => {
        countGameRows.push(
          `| ${name} | ${label} | ${g.name} | ${cell((x) => x.games[i].hint, g.hint)} | ${cell((x) => x.games[i].key, g.key)} (${counts.games[i].keyName}) | ` +
            `${agreement(runs.map((x) => [x.games[i].hint, x.games[i].key]))} |`,
        );
      });
      (counts.merlin ?? []).forEach((g, i) => {
        const timed = f.merlin?.find((x) => x.name === g.name);
        countMerlinRows.push(
          `| ${name} | ${label} | ${g.name} | ${(g.key / 1e6).toFixed(3)}${timed ? ` (${ms(timed.key)} ms)` : ""} | ` +
            (alone ? `${((g.slowest ?? NaN) / 1e6).toFixed(3)} (${g.slowestKey ?? "–"}) | ` : "") +
            `${agreement(runs.map((x) => [x.merlin![i].key]))} |`,
        );
      });
      if (judged) over.push(...overBudget(p, counts, COUNT_BUDGETS, MIR));
    }
  }
  const lex = ["| code | bytes lexed per call | µs per byte |", "|---|---|---|"];
  if (!count) {
    for (const view of views) {
      const l = await lexCost(bin, firstBundle, view, repeat);
      lex.push(`| ${viewName(view)} | ${l.bytes} | ${l.perByte.toFixed(3)} |`);
    }
  }
  const c = await calibrate(bin, repeat);
  const cc = count ? await calibrate(bin, 1, true) : null;
  const report = new Report();
  const lines = [
    `CPU ms of the interpreter process per call (median of ${repeat}):`,
    "",
    ...rows,
    "",
    ...(gameRows.length > 2 ? ["The games (HIT ME from puzzle 0 of seed 7; the slowest of pads 1, 7, 13, … pressed alone, gameKeys):", "", ...gameRows, ""] : []),
    ...(merlinRows.length > 2
      ? [
          "Merlin's other games: choosing one from Magic Square, and Magic Square from it (`Merlin.game`: the game's Storage modules read and run, its state object returned), " +
            "each alone, once the timeouts of earlier lines have fired (the files' writes, deferred a second, are no part of it); and in the game a key press, the pads of lights 1–9, " +
            "SAME GAME, HIT ME and COMP TURN in turn (played or refused, as the game stands), net of the console's answer: the state object `Merlin.press` returns for a key played, " +
            "the `Error` it throws for a key refused (measured as a loop that throws and catches the same Error, a call shallower: a little of its stack trace stays in the figure):",
          "",
          ...merlinRows,
          "",
          ...notes.flatMap((n) => [n, ""]),
        ]
      : []),
    ...(dealRows.length > 2
      ? [`Level deals (the \`Merlin.newGame\` that deals the level, its state object included; median over seeds 1–${DEAL_SEEDS}, and the slowest of all 50 levels):`, "", ...dealRows, ""]
      : []),
    ...(count
      ? [
          `Instructions per call, counted under callgrind (millions; the median of ${repeat} runs, each on an interpreter of its own; the CPU ms above in brackets; "runs" is how far apart the runs' counts are):`,
          "",
          ...countRows,
          "",
          ...(countGameRows.length > 2 ? ["The games, counted:", "", ...countGameRows, ""] : []),
          ...(countMerlinRows.length > 2
            ? [
              "Merlin's other games, counted: a key press (the key cycle timed above, from the game of seed 7; choosing is judged on its times)" +
                (alone ? "; and the slowest key of the cycle counted alone, after the keys before it and their timers (`--keys`: judged by the key press's bar too)" : "") +
                ":",
              "",
              ...countMerlinRows,
              "",
            ]
            : []),
        ]
      : [`Lexing alone (${names[0]}'s bundle as the body of a function that skips it, \`if(0){…}\`), per call:`, "", ...lex, ""]),
    `Calibration on this interpreter: a pin toggle (two digitalWrite) ${(c.pin * 1000).toFixed(1)} µs, a float multiply-add ${(c.float * 1000).toFixed(1)} µs per loop iteration (console lines: code in RAM).`,
    ...(cc === null
      ? []
      : [
          "",
          `Counted: a pin toggle ${Math.round(cc.pin)} instructions, a float multiply-add ${Math.round(cc.float)} per loop iteration; ` +
            `at the CPU times above, ${(cc.float / c.float / 1e6).toFixed(2)} M instructions per CPU ms (float loop), ` +
            `${(cc.pin / c.pin / 1e6).toFixed(2)} M (pin toggle) on this run; the bars in instructions take ${(INSTRUCTIONS_PER_MS / 1e6).toFixed(2)} M (below).`,
        ]),
    ...(estimates.length > 0
      ? [
          "",
          `On a Pico, **estimated** (not measured): the flashed image's in-RAM figures above ×${PICO_FACTOR[0]}–${PICO_FACTOR[1]}:`,
          "",
          "| profile | key press → LEDs | scan, key held | HIT ME |",
          "|---|---|---|---|",
          ...estimates,
        ]
      : []),
  ];
  if (large !== null && (rows.some((r) => r.includes("†")) || merlinRows.some((r) => r.includes("†")))) {
    lines.push(
      "",
      `† On ${large.about}: the image (or, for Merlin's games, the RAM copies of the games' files) does not fit ` +
        "a RAM copy on the Pico-sized interpreter (docs/espruino.md says how this build's figures compare).",
    );
  }
  const verdict = (o: string[]) => (o.length === 0 ? "all met." : "not met —");
  lines.push(
    "",
    `Budgets (in RAM, the flashed image): key press → LEDs ≤ ${SPEED_BUDGETS.press} ms on every board, HIT ME ≤ ${SPEED_BUDGETS.hint3x3} ms on 3×3 boards, ` +
      `≤ ${SPEED_BUDGETS.colourHint5x5} ms in the 5×5's colour games, in each of Merlin's other games a key press ≤ ${SPEED_BUDGETS.press} ms, choosing it and choosing Magic Square from it each ≤ ${SPEED_BUDGETS.choose} ms` +
      (count
        ? `; counted, ≤ ${MIR(COUNT_BUDGETS.press)}, ≤ ${MIR(COUNT_BUDGETS.hint3x3)} and ≤ ${MIR(COUNT_BUDGETS.colourHint5x5)}. ` +
          `The verdict is the counts' (the times are not judged here): ${verdict(over)}`
        : `: ${verdict(over)}`),
    ...over.map((o) => `- ${o}`),
  );
  if (count) lines.push(`Timed, for comparison only: ${overTimed.length === 0 ? "all met." : overTimed.join("; ")}`);
  for (const l of lines) report.line(l);
  // The flashed image (in flash and in RAM) is the toy's speed; every view is the comparison of
  // ways to store the code, a file of its own; the counts are a third.
  const flashedOnly = opts.values.flashed === true;
  finishMeasurement(
    opts.values.write === true,
    count ? "device-speed-count" : flashedOnly ? "device-speed" : "device-speed-views",
    {
      title: count ? "Firmware speed counted in instructions" : flashedOnly ? "Firmware speed on the interpreter" : "Firmware speed by how the code is stored",
      about: count ? ABOUT_COUNT : flashedOnly ? ABOUT : ABOUT + " " + ABOUT_VIEWS,
      rerun: count
        ? "ESPRUINO_BIN=/path/to/espruino64 npm run speed -- --count --flashed --repeat 3 --write"
        : flashedOnly
          ? "ESPRUINO_BIN=/path/to/espruino64 npm run speed -- --flashed --repeat 5 --write"
          : "ESPRUINO_BIN=/path/to/espruino64 npm run speed -- --board pico-3x3 --repeat 5 --write",
    },
    run,
    report,
    { interpreter, variables: ["ESPRUINO_BIN"] },
  );
  for (const o of over) process.stderr.write(`speed: ${o}\n`);
  return over.length > 0 ? 1 : 0;
}

if (process.argv[1] && process.argv[1].endsWith("speed.ts")) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code), exitOnBadEspruino("speed"));
}

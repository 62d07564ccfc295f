/**
 * Measures the firmware budgets and prints them as Markdown tables (--write: also
 * docs/measurements/device-sizes.md and, with ESPRUINO_BIN, device-memory.md):
 * bundle size per profile (always: the pretokenised image `npm run flash` writes, on which the
 * budget is set, and the text bundle the simulator runs), and — when ESPRUINO_BIN names an Espruino
 * interpreter for Linux — JsVars in use after boot, after a won game, and after thousands of
 * presses, with the image flashed.
 *
 *   npm run budget                        (ESPRUINO_BIN=/path/to/espruino npm run budget [-- --board NAME | --all] [--write])
 */
import { listProfiles, loadProfile } from "../../hardware/validate";
import { describeInterpreter, finishMeasurement, MEASUREMENTS_DIR, Report, startRun } from "../../tools/measurements";
import { toolOptions } from "../../tools/tool-options";
import { buildFirmware, DEFAULT_PROFILE, profileModules, storageBudget, toyGameSpecs } from "../build/build";
import { MAGIC_SQUARE } from "../../src/toy/midend";
import { readFileSync, rmSync } from "node:fs";
import type { Profile } from "../../hardware/profile";
import { builtImage, checkEspruino, Espruino, espruinoBin, exitOnBadEspruino, flashToy, freshFlashDir, preludeCost, type ToyImage } from "./espruino-bin";
import { pretokenise } from "../build/pretokenise";

/**
 * JsVars a profile's firmware may use (32-bit reference build, net of the pin aliases), after
 * boot and after a won game, in every game it plays: 1 200 on the 3×3 boards (40 % of an
 * MDBT42Q's 2 950, leaving its radio and console room; the 200 over the 1 000 the toy had with
 * Magic Square alone are for the loader of its six games), 1 700 on the pixel boards, whose
 * colour games hold their tables in RAM while they are played.
 */
export const JSVAR_BUDGETS: { [name: string]: number } = {
  "pico-3x3": 1200,
  "mdbt42q-3x3": 1200,
  "pico-4x4-neopixel": 1700,
  "pico-5x5-neopixel": 1700,
};
/** The default profile's budget. */
export const JSVAR_BUDGET = JSVAR_BUDGETS["pico-3x3"];
/** Growth allowed over the presses after a won game (the interpreter's own bookkeeping). */
export const JSVAR_GROWTH = 8;

/** The figures of `m` a budget applies to: after boot and after a won game, and every figure of each game (Merlin's and Lights Out's). */
export function budgetedFigures(m: MemoryFigures): number[] {
  return [m.boot, m.won, ...m.games.flatMap((g) => [g.won, g.presses]), ...m.merlin.flatMap((g) => [g.chosen, g.played])];
}

/** Rounds of choosing every one of Merlin's games in turn (the switching figure). */
export const SWITCH_ROUNDS = 20;

/**
 * The keys (1-based, as `Merlin.press` takes them) pressed in each of Merlin's games on a board
 * of `pads` pads: its pads, SAME GAME, HIT ME and COMP TURN — not NEW GAME (`pads` + 1), which
 * opens the chooser, so that the next pad would choose another game. Pressed with a stride of
 * 11, which no list's length here is a multiple of, they come in a mixed order.
 */
export function playedKeys(pads: number): number[] {
  const keys: number[] = [];
  for (let k = 1; k <= pads + 4; k++) if (k !== pads + 1) keys.push(k);
  return keys;
}

export interface MemoryFigures {
  /** JsVars in use, net of the .boot0 pin aliases: 1.5 s after power-on, after a won game, after 2000 more presses. */
  boot: number;
  won: number;
  presses: number;
  /** What the pin aliases took (subtracted from the figures above). */
  prelude: number;
  /** Boards with games (build.ts toyGameSpecs): in each game, after a game won by COMP TURN and after 500 more presses. */
  games: { name: string; won: number; presses: number }[];
  /**
   * Merlin's six games (the profile's, Magic Square last), each chosen in turn as `Merlin.game`
   * chooses it: after choosing it, and after 40 presses of its pads and buttons (playedKeys).
   */
  merlin: { name: string; chosen: number; played: number }[];
  /** After those, before and after choosing every game SWITCH_ROUNDS times in a row. */
  switchBefore: number;
  switchAfter: number;
}

/**
 * JsVars the toy uses on the interpreter: the bundle's image written to flash as .bootcde (as
 * `npm run flash` writes it: pretokenised) and booted,
 * each figure read by a console line of its own (`process.memory().usage`) once the toy is
 * quiet (1.5 s after power-on, and 1.2 s after the play, when the write timer has run), net of
 * the Linux pin aliases in .boot0, which the toy does not have.
 */
export async function measureMemory(bin: string, p: Profile, toy: ToyImage): Promise<MemoryFigures> {
  const dir = freshFlashDir();
  try {
    await flashToy(bin, dir, p, toy);
    const e = await Espruino.start(bin, dir, { password: p.consolePassword ?? null, echo: false });
    const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const usage = async () => (await e.eval("process.memory().usage")) as number;
    try {
      await quiet(1500);
      const boot = await usage();
      const pads = p.rows * p.cols;
      // The 3×3: source 003's worked example; other boards: a dealt puzzle won by COMP TURN (key pads + 4).
      const win =
        pads === 9
          ? 'Merlin.start("010110101"),[3,4,5,8,9].forEach(function(k){Merlin.press(k)}),Merlin.state().status'
          : `(function(){Merlin.newGame(7);for(var i=0;i<${pads}&&Merlin.state().status=='playing';i++)Merlin.press(${pads + 4});return Merlin.state().status})()`;
      const status = await e.eval(win, 120_000);
      if (status !== "won") throw new Error(`the winning game ended ${JSON.stringify(status)} on the interpreter`);
      await quiet(1200);
      const won = await usage();
      await e.eval(`(function(){Merlin.newGame(7);for(var i=0;i<2000;i++){Merlin.press(1+(i*7)%${pads});if(Merlin.state().status!=='playing')Merlin.newGame()}})()`, 600_000);
      await quiet(1200);
      const presses = await usage();
      const prelude = await preludeCost(bin, p);
      const games: MemoryFigures["games"] = [];
      for (const g of toyGameSpecs(p)) {
        const name = JSON.stringify(g.spec.name);
        const played = `(function(){Merlin.setRules(${name});Merlin.newGame(7);for(var i=0;i<99&&Merlin.state().status=='playing';i++)Merlin.press(${pads + 4});return Merlin.state().status})()`;
        if ((await e.eval(played, 120_000)) !== "won") throw new Error(`${g.spec.name}: COMP TURN did not win on the interpreter`);
        await quiet(1200);
        const gameWon = await usage();
        await e.eval(`(function(){for(var i=0;i<500;i++){Merlin.press(1+(i*7)%${pads});if(Merlin.state().status!=='playing')Merlin.newGame()}})()`, 600_000);
        await quiet(1200);
        games.push({ name: g.spec.name, won: gameWon - prelude, presses: (await usage()) - prelude });
      }
      const merlin: MemoryFigures["merlin"] = [];
      const names = profileModules(p).map((m) => m.name).concat(MAGIC_SQUARE);
      for (const name of names) {
        await e.eval(`Merlin.game(${JSON.stringify(name)}).game`, 60_000);
        await quiet(1200);
        const chosen = await usage();
        // Its pads and the buttons but NEW GAME (which would open the chooser and leave the game:
        // the figure is the game's), each press that the game refuses (Merlin's turn) let be.
        const keys = JSON.stringify(playedKeys(pads));
        await e.eval(`(function(){var K=${keys};for(var i=0;i<40;i++){try{Merlin.press(K[(i*11)%K.length])}catch(x){}}return 1})()`, 120_000);
        await quiet(1200);
        merlin.push({ name, chosen: chosen - prelude, played: (await usage()) - prelude });
      }
      const switchBefore = await usage();
      const list = JSON.stringify(names);
      await e.eval(`(function(){var n=${list};for(var r=0;r<${SWITCH_ROUNDS};r++)for(var i=0;i<n.length;i++)Merlin.game(n[i]);return 1})()`, 600_000);
      await quiet(1200);
      const switchAfter = await usage();
      return {
        boot: boot - prelude, won: won - prelude, presses: presses - prelude, prelude, games, merlin, switchBefore: switchBefore - prelude,
        switchAfter: switchAfter - prelude,
      };
    } finally {
      await e.kill();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ABOUT_SIZES =
  "`npm run budget` builds every profile's firmware and gives two sizes: the flashed image, the bundle " +
  "pretokenised as `npm run flash` writes it to the toy, with its Storage modules (the games, Magic Square, the " +
  "back-ends, the console) pretokenised too, and the minified text bundle the simulator and the browser toy run " +
  "(`dist/firmware.js`, `dist/NAME/firmware.js`). The size budget is set on the flashed files together: 36 KB on " +
  "a 3×3 board (an MDBT42Q has 40 KB of Storage), 46 KB on a pixel board (a Pico has 48 KB), leaving room for " +
  "the toy's own files (build.ts storageBudget). Sizes depend on the source only, not on the machine. The script " +
  "exits 1 when a profile's flashed files are over their budget.";

const ABOUT_MEMORY =
  "`npm run budget -- --all` measures the JsVars (Espruino's 13-byte variables on a Pico) the firmware uses on the " +
  "Espruino interpreter for Linux that `ESPRUINO_BIN` names, built as a 32-bit binary with the Pico's 5100 JsVars " +
  "(see the interpreter row of the header). Each profile's pretokenised image and its Storage modules (Magic " +
  "Square, Merlin's other games, the console API) are written to the interpreter's flash as `npm run flash` writes " +
  "them, and booted; each figure is `process.memory().usage` read by a console line of its own once the toy is " +
  "quiet (1.5 s after power-on, 1.2 s after the play, when the write timer has run), net of the pin aliases the " +
  "Linux build needs in .boot0 (the toy does not have them; the last column says how many that was). The won game " +
  "is source 003's worked example on the 3×3 and a dealt puzzle won by COMP TURN elsewhere; then 2000 more " +
  "presses. Then each of Merlin's games is chosen in turn (`Merlin.game`), measured after choosing it and after " +
  "40 presses of its pads and its buttons but NEW GAME (which would open the chooser), and every game is chosen " +
  SWITCH_ROUNDS + " times in a row. Boards with " +
  "Lights Out games are also measured in each of them: after a game won by COMP TURN and after 500 more presses. " +
  "The script exits 1 when a profile with a budget is over it (any of these figures), or 2000 presses or the " +
  "choosing grow the figure by more than 8. " +
  "JsVar counts do not depend on the machine's speed or load.";

async function main(argv: string[]): Promise<number> {
  const opts = toolOptions(
    argv,
    [
      { name: "board", type: "string", arg: "NAME", help: "the profile whose JsVars are measured", default: DEFAULT_PROFILE },
      { name: "all", type: "flag", help: "the JsVars of every profile", excludes: ["board"] },
      { name: "write", type: "flag", help: `also write ${MEASUREMENTS_DIR}/device-sizes.md, device-memory.md` },
    ],
    {
      name: "budget",
      command: "npm run budget",
      usage: "[ESPRUINO_BIN=/path/to/espruino] npm run budget [-- --board NAME | --all] [--write]",
      summary: "flashed sizes of every profile, and the JsVars a profile uses",
      examples: [
        ["npm run budget", "the sizes only"],
        ["ESPRUINO_BIN=~/espruino/espruino npm run budget -- --board pico-5x5-neopixel", "and the 5×5 board's JsVars"],
        ["ESPRUINO_BIN=~/espruino/espruino npm run budget -- --all --write", "every profile, into docs/measurements/"],
      ],
      about:
        "Prints every profile's flashed image and text bundle sizes, and with ESPRUINO_BIN the JsVars\n" +
        "one profile (or every profile) uses: after boot, after a won game, after 2000 more presses, in\n" +
        "each game the board plays. --write also writes docs/measurements/device-sizes.md and, with\n" +
        "ESPRUINO_BIN, device-memory.md. Exit status 1 when pico-3x3's image is over its 16 KB, the\n" +
        "JsVars after boot or a won game (boards with games: in each game too) are over budget or 2000 presses grow\n" +
        "them by more than 8; 2 for bad options or an ESPRUINO_BIN that is not an Espruino interpreter.",
    },
  );
  if (typeof opts === "number") return opts;
  const write = opts.values.write === true;
  let names: string[];
  try {
    names = opts.values.all === true ? listProfiles() : [loadProfile(opts.values.board as string).name];
  } catch (e) {
    process.stderr.write(`budget: ${(e as Error).message}\n`);
    return 2;
  }
  // A wrong ESPRUINO_BIN is one line now, not after the sizes (exitOnBadEspruino prints it).
  const bin = espruinoBin();
  if (bin) await checkEspruino(bin);
  const sizesRun = startRun();
  const sizes = new Report();
  const sizeRows: (string | number)[][] = [];
  let failed = false;
  for (const name of listProfiles()) {
    const p = loadProfile(name);
    const r = await buildFirmware(p);
    const budget = storageBudget(p);
    const image = pretokenise(r.code).length;
    const games = (r.games ?? []).reduce((n, g) => n + pretokenise(g.code).length, 0);
    if (image + games > budget) {
      failed = true;
      process.stderr.write(`budget: ${name}'s flashed files are ${image + games} bytes, over its ${budget}\n`);
    }
    sizeRows.push([name, image, games, image + games, budget, r.bytes]);
  }
  sizes.table(["profile", "flashed image bytes (pretokenised)", "games' files (pretokenised)", "together", "budget", "bundle bytes (text)"], sizeRows);
  sizes.line("");
  finishMeasurement(write, "device-sizes", { title: "Firmware sizes", about: ABOUT_SIZES, rerun: "npm run budget -- --write" }, sizesRun, sizes);
  if (!bin) {
    process.stdout.write("JsVars: set ESPRUINO_BIN to an Espruino interpreter for Linux to measure them.\n");
    if (write) process.stderr.write(`budget: ${MEASUREMENTS_DIR}/device-memory.md left as it is: no ESPRUINO_BIN\n`);
    return failed ? 1 : 0;
  }
  const interpreter = await describeInterpreter(bin);
  const memoryRun = startRun();
  const memory = new Report();
  const rows: (string | number)[][] = [];
  const gameRows: (string | number)[][] = [];
  const merlinRows: (string | number)[][] = [];
  for (const name of names) {
    const profile = loadProfile(name);
    const built = await buildFirmware(profile);
    const image = builtImage({ code: readFileSync(built.file, "utf8"), games: built.games });
    let m: MemoryFigures | null = null;
    for (let attempt = 1; m === null; attempt++) {
      try {
        m = await measureMemory(bin, profile, image);
      } catch (e) {
        // The Linux build's stdin thread and interpreter share its input queue without a lock: now
        // and then (more often on a loaded machine) a console line corrupts it and the interpreter
        // dies (ASSERT … jsdevices.c). The profile is measured again, up to 3 times, as speed does.
        const message = (e as Error).message;
        if (!/interpreter exited/.test(message) || attempt >= 3) throw e;
        process.stderr.write(`${name}: the interpreter died (${/ASSERT[^\n]*/.exec(message)?.[0] ?? "it exited"}); measuring again\n`);
      }
    }
    const jsvars = JSVAR_BUDGETS[name];
    rows.push([name, m.boot, m.won, m.presses, jsvars === undefined ? "–" : `≤ ${jsvars}`, m.prelude]);
    for (const g of m.games) gameRows.push([name, g.name, g.won, g.presses]);
    for (const g of m.merlin) merlinRows.push([name, g.name, g.chosen, g.played]);
    merlinRows.push([name, `every game chosen ${SWITCH_ROUNDS} times`, m.switchBefore, m.switchAfter]);
    if (m.switchAfter - m.switchBefore > JSVAR_GROWTH) {
      failed = true;
      process.stderr.write(`budget: ${name}: choosing every game ${SWITCH_ROUNDS} times grew the JsVars in use by ${m.switchAfter - m.switchBefore}, more than ${JSVAR_GROWTH}\n`);
    }
    const checked = budgetedFigures(m);
    if (jsvars !== undefined && !(Math.max(...checked) <= jsvars)) {
      failed = true;
      process.stderr.write(`budget: ${name} uses up to ${Math.max(...checked)} JsVars, over its ${jsvars}\n`);
    }
    if (m.presses - m.won > JSVAR_GROWTH) {
      failed = true;
      process.stderr.write(`budget: ${name}: 2000 presses grew the JsVars in use by ${m.presses - m.won}, more than ${JSVAR_GROWTH}\n`);
    }
    process.stderr.write(`measured ${name}\n`);
  }
  memory.line("JsVars in use, the pretokenised image flashed, net of the .boot0 pin aliases:");
  memory.line("");
  memory.table(["profile", "after boot", "after a won game", "after 2000 more presses", "budget", "pin aliases (subtracted)"], rows);
  memory.line("");
  memory.line("In each of Merlin's games, chosen in turn with `Merlin.game` (Magic Square last, after the others), and choosing them all again and again:");
  memory.line("");
  memory.table(["profile", "game", "after choosing it", "after 40 presses"], merlinRows);
  memory.line("");
  if (gameRows.length > 0) {
    memory.line("In each Lights Out game of the boards that have them:");
    memory.line("");
    memory.table(["profile", "game", "after a won game (COMP TURN)", "after 500 more presses"], gameRows);
    memory.line("");
  }
  finishMeasurement(
    write,
    "device-memory",
    { title: "Firmware memory (JsVars)", about: ABOUT_MEMORY, rerun: "ESPRUINO_BIN=/path/to/espruino32 npm run budget -- --all --write" },
    memoryRun,
    memory,
    { interpreter, variables: ["ESPRUINO_BIN"] },
  );
  return failed ? 1 : 0;
}

if (process.argv[1] && process.argv[1].endsWith("budget.ts")) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code), exitOnBadEspruino("budget"));
}

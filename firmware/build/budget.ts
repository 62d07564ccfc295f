/**
 * Measures the firmware budgets and prints them as a Markdown table for the README:
 * bundle size per profile (always: the pretokenised image `npm run flash` writes, on which the
 * budget is set, and the text bundle the simulator runs), and — when ESPRUINO_BIN names an Espruino
 * interpreter for Linux — JsVars in use after boot, after a won game, and after thousands of
 * presses, with the image flashed.
 *
 *   npm run budget                        (ESPRUINO_BIN=/path/to/espruino npm run budget [-- --board NAME])
 */
import { listProfiles, loadProfile } from "../../hardware/validate";
import { toolOptions } from "../../tools/tool-options";
import { BUNDLE_BUDGET, buildFirmware, DEFAULT_PROFILE, toyGameSpecs } from "./build";
import { readFileSync, rmSync } from "node:fs";
import type { Profile } from "../../hardware/profile";
import { Espruino, espruinoBin, flashToy, freshFlashDir, preludeCost } from "./espruino-bin";
import { pretokenise } from "./pretokenise";

/** JsVars the 3×3 firmware may use after boot. */
export const JSVAR_BUDGET = 800;
/** JsVars after boot by profile: the 3×3's, and the 5×5 pixel board's. */
export const JSVAR_BUDGETS: { [name: string]: number } = { "pico-3x3": JSVAR_BUDGET, "pico-5x5-neopixel": 1500 };

export interface MemoryFigures {
  /** JsVars in use, net of the .boot0 pin aliases: 1.5 s after power-on, after a won game, after 2000 more presses. */
  boot: number;
  won: number;
  presses: number;
  /** What the pin aliases took (subtracted from the figures above). */
  prelude: number;
  /** Boards with games (build.ts toyGameSpecs): in each game, after a game won by COMP TURN and after 500 more presses. */
  games: { name: string; won: number; presses: number }[];
}

/**
 * JsVars the toy uses on the interpreter: the bundle's image written to flash as .bootcde (as
 * `npm run flash` writes it: pretokenised) and booted,
 * each figure read by a console line of its own (`process.memory().usage`) once the toy is
 * quiet (1.5 s after power-on, and 1.2 s after the play, when the write timer has run), net of
 * the Linux pin aliases in .boot0, which the toy does not have.
 */
export async function measureMemory(bin: string, p: Profile, bundle: string): Promise<MemoryFigures> {
  const dir = freshFlashDir();
  try {
    await flashToy(bin, dir, p, bundle);
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
      return { boot: boot - prelude, won: won - prelude, presses: presses - prelude, prelude, games };
    } finally {
      await e.kill();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const opts = toolOptions(argv, [{ name: "board", type: "string", arg: "NAME", help: "the profile whose JsVars are measured", default: DEFAULT_PROFILE }], {
    name: "budget",
    command: "npm run budget",
    usage: "[ESPRUINO_BIN=/path/to/espruino] npm run budget [-- --board NAME]",
    summary: "flashed sizes of every profile, and the JsVars one profile uses",
    examples: [
      ["npm run budget", "the sizes only"],
      ["ESPRUINO_BIN=~/espruino/espruino npm run budget -- --board pico-5x5-neopixel", "and the 5×5 board's JsVars"],
    ],
    about:
      "Prints every profile's flashed image and text bundle sizes, and with ESPRUINO_BIN the JsVars one profile uses\n" +
      "(after boot, after a won game, after 2000 more presses, in each game the board plays). Exit status 1 when\n" +
      "pico-3x3's image is over its 12 KB, the JsVars after boot (on boards with games: any figure) are over\n" +
      "budget or 2000 presses grow them by more than 8; 2 for bad options.",
  });
  if (typeof opts === "number") return opts;
  let name: string;
  try {
    name = loadProfile(opts.values.board as string).name;
  } catch (e) {
    process.stderr.write(`budget: ${(e as Error).message}\n`);
    return 2;
  }
  const rows: string[] = ["| profile | flashed image bytes (pretokenised) | budget | bundle bytes (text) |", "|---|---|---|---|"];
  let failed = false;
  for (const name of listProfiles()) {
    const r = await buildFirmware(loadProfile(name));
    const budget = name === DEFAULT_PROFILE ? String(BUNDLE_BUDGET) : "–";
    const image = pretokenise(r.code).length;
    if (name === DEFAULT_PROFILE && image > BUNDLE_BUDGET) failed = true;
    rows.push(`| ${name} | ${image} | ${budget} | ${r.bytes} |`);
  }
  process.stdout.write(rows.join("\n") + "\n\n");
  const bin = espruinoBin();
  if (!bin) {
    process.stdout.write("JsVars: set ESPRUINO_BIN to an Espruino interpreter for Linux to measure them.\n");
    return failed ? 1 : 0;
  }
  const profile = loadProfile(name);
  const built = await buildFirmware(profile);
  const m = await measureMemory(bin, profile, readFileSync(built.file, "utf8"));
  const jsvars = JSVAR_BUDGETS[name];
  process.stdout.write(
    [
      `JsVars in use on ${bin} (${name}, pretokenised image flashed; budget ${jsvars ?? "–"}; net of the ${m.prelude} the .boot0 pin aliases take):`,
      "",
      "| after boot | after a won game | after 2000 more presses |",
      "|---|---|---|",
      `| ${m.boot} | ${m.won} | ${m.presses} |`,
      "",
      ...(m.games.length > 0
        ? ["| game | after a won game (COMP TURN) | after 500 more presses |", "|---|---|---|", ...m.games.map((g) => `| ${g.name} | ${g.won} | ${g.presses} |`), ""]
        : []),
    ].join("\n"),
  );
  // The budget is on the figure after boot; on boards with games also while each is
  // played (a game's tables are in RAM then). No growth: 2000 presses within 8.
  const checked = m.games.length > 0 ? [m.boot, m.won, m.presses, ...m.games.flatMap((g) => [g.won, g.presses])] : [m.boot];
  if (jsvars !== undefined && !(Math.max(...checked) <= jsvars)) failed = true;
  if (m.presses - m.won > 8) failed = true;
  return failed ? 1 : 0;
}

if (process.argv[1] && process.argv[1].endsWith("budget.ts")) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}

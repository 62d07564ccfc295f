// Power cuts and damaged files on the real Espruino interpreter (ESPRUINO_BIN; skipped without
// it), each also run on the simulator, which must come to the same result.
//
// Power cut: the interpreter is killed (SIGKILL) and started again on the same flash. The
// toy writes a file at most once a second (README), so whatever was done 1.5 s before the cut
// must come back: the game, the statistics, the settings. A game's end and sleep write at once
// (README), so there a cut 0.2 s later must lose nothing either. (Hold gestures need keys,
// which the Linux interpreter does not have: their console equivalents are used.)
//
// Damaged files: each of merlin.cfg, merlin.sta and merlin.gam in turn replaced by 4096
// commas, a 4 KB valid JSON array (what a 3×3 toy's Storage has room for beside its games),
// its own first half, values of the wrong types or
// impossible values (sealed with the toy's own check field when it uses one), or the largest
// file the Storage holds; at power-on that file's concern falls back to its defaults,
// the other two are kept, nothing runs out of memory, and the toy plays.
import { rmSync } from "node:fs";
import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VirtualBoard } from "../sim/board";
import { bootToy } from "./helpers/toy";
import { bin, checkInterpreterFirst, FlashImage, sleep, unsealed, type InterpreterToy } from "./helpers/espruino-toy";
import { JSVAR_BUDGET } from "../firmware/measure/budget";

const PROFILE = "pico-3x3";
/** What must survive: the game and settings (state without the display and sleep), and the statistics. */
const OBSERVE = `(function(){var s=Merlin.state();return {board:s.board,moves:s.moves,status:s.status,reason:s.reason,rules:s.rules,seed:s.seed,puzzle:s.puzzle,par:s.par,muted:s.muted,stats:Merlin.stats(),cfg:(function(c){return c&&c.length<200?c:null})(require("Storage").read("merlin.cfg"))}})()`;
const WIN = ['Merlin.setRules("basic")', 'Merlin.start("010110101")', "Merlin.press(3)", "Merlin.press(4)", "Merlin.press(5)", "Merlin.press(8)", "Merlin.press(9)"];
const LOSS = ['Merlin.setRules("basic")', 'Merlin.start("110110000")', "Merlin.press(1)"];

interface Scenario {
  name: string;
  calls: string[];
  /** ms between the last call and the cut. */
  cutAfterMs: number;
  /** The idle time the settings file must hold after the cut, when the scenario sets it. */
  idle?: number;
}

const SCENARIOS: Scenario[] = [
  { name: "mid-game", calls: ["Merlin.newGame(7)", "Merlin.press(1)", "Merlin.press(2)", "Merlin.press(6)"], cutAfterMs: 1500 },
  { name: "right after a win", calls: WIN, cutAfterMs: 200 },
  { name: "1.5 s after a win", calls: WIN, cutAfterMs: 1500 },
  { name: "right after a loss", calls: LOSS, cutAfterMs: 200 },
  { name: "1.5 s after a loss", calls: LOSS, cutAfterMs: 1500 },
  { name: "a new game 1.5 s after a win", calls: WIN.concat(["Merlin.newGame(11)"]), cutAfterMs: 1500 },
  { name: "a new game 4 s after a win", calls: WIN.concat(["Merlin.newGame(11)", "Merlin.press(2)"]), cutAfterMs: 4000 },
  { name: "a rule change", calls: ["Merlin.newGame(5)", "Merlin.press(4)", 'Merlin.setRules("classic")'], cutAfterMs: 1500 },
  { name: "a mute change", calls: ["Merlin.newGame(5)", "Merlin.mute(true)"], cutAfterMs: 1500 },
  { name: "an idle change", calls: ["Merlin.newGame(5)", "Merlin.setIdle(60000)"], cutAfterMs: 1500, idle: 60000 },
  { name: "entering sleep", calls: ["Merlin.newGame(9)", "Merlin.press(3)", "Merlin.mute(true)", 'Merlin.setRules("merlin1978")', "Merlin.setIdle(120000)", "Merlin.sleep()"], cutAfterMs: 200, idle: 120000 },
  { name: "an undo", calls: ["Merlin.newGame(7)", "Merlin.press(1)", "Merlin.press(2)", "Merlin.press(3)", "Merlin.undo()"], cutAfterMs: 1500 },
  { name: "HIT ME and COMP TURN", calls: ["Merlin.newGame(7)", "Merlin.hint()", "Merlin.press(13)", "Merlin.press(12)"], cutAfterMs: 1500 },
  { name: "a win, then rules, mute and a new game", calls: WIN.concat(['Merlin.setRules("merlin1978")', "Merlin.mute(true)", "Merlin.newGame(3)", "Merlin.press(5)"]), cutAfterMs: 1500 },
];

/** `text` sealed the way `like` is (a CRC-32 check field), or as it is. */
function sealedLike(like: string, text: string): string {
  return unsealed(like) === like ? text : text + "," + crc32(Buffer.from(text, "latin1")).toString(36);
}

/** What OBSERVE gave, with the settings file reduced to the idle time (the rest is in the state). */
function observed(o: Record<string, unknown>): { kept: Record<string, unknown>; idle: unknown } {
  const { cfg, ...kept } = o;
  let idle: unknown = null;
  try {
    idle = (JSON.parse(unsealed(cfg as string)) as { idle?: unknown }).idle;
  } catch {
    idle = null;
  }
  return { kept, idle };
}

describe.skipIf(!bin)("power cuts on Espruino and in the simulator (ESPRUINO_BIN)", () => {
  checkInterpreterFirst();
  let image: FlashImage;
  beforeAll(async () => {
    image = await FlashImage.create(PROFILE);
  });
  afterAll(() => image?.dispose());

  it.each(SCENARIOS)("nothing is lost by a power cut $cutAfterMs ms after $name", async ({ calls, cutAfterMs, idle }) => {
    // The interpreter.
    let toy: InterpreterToy = await image.boot();
    let real: { before: unknown; after: unknown; idle: unknown };
    try {
      await toy.value(`[${calls.join(",")}]`);
      const doneAt = Date.now();
      const before = observed(await toy.value(OBSERVE));
      await sleep(cutAfterMs - (Date.now() - doneAt));
      await toy.powerCut();
      toy = await toy.boot();
      const after = observed(await toy.value(OBSERVE));
      real = { before: before.kept, after: after.kept, idle: after.idle };
    } finally {
      await toy.dispose();
    }
    // The simulator, same calls and timing.
    const board: VirtualBoard = bootToy(PROFILE, { code: image.bundle, files: image.files });
    board.eval(`[${calls.join(",")}]`);
    const vBefore = observed(board.eval(OBSERVE) as Record<string, unknown>);
    board.clock.advance(cutAfterMs);
    board.powerCut();
    board.powerOn();
    board.clock.advance(1000);
    const vAfter = observed(board.eval(OBSERVE) as Record<string, unknown>);

    const lost = (before: unknown, after: unknown) => JSON.stringify(after) === JSON.stringify(before) ? "nothing lost" : `before the cut ${JSON.stringify(before)}\n after the cut ${JSON.stringify(after)}`;
    expect({ interpreter: lost(real.before, real.after), simulator: lost(vBefore.kept, vAfter.kept) }).toEqual({ interpreter: "nothing lost", simulator: "nothing lost" });
    if (idle !== undefined) expect({ interpreter: real.idle, simulator: vAfter.idle }).toEqual({ interpreter: idle, simulator: idle });
  });
});

// ---------------------------------------------------------------------------------------
// Damaged files

const FILES = ["merlin.cfg", "merlin.sta", "merlin.gam"] as const;
type File = (typeof FILES)[number];

/** The settings, statistics and game the damaged-file tests start from (none of them a default). */
const BASELINE_CALLS = [
  'Merlin.setRules("classic")',
  "Merlin.mute(true)",
  "Merlin.setIdle(60000)",
  'Merlin.setRules("basic")',
  ...WIN.slice(1),
  'Merlin.setRules("classic")',
  "Merlin.newGame(4242)",
  "Merlin.press(2)",
  "Merlin.press(7)",
];

/** One damage: how the file's text is made on the board (`size`: bytes the Storage has free). */
interface Damage {
  name: string;
  /** An expression giving the file's new text, or null for the largest file, written piece by piece on the board. */
  text: (file: File, baseline: string) => string | null;
}

/**
 * A damage that keeps the toy's seal: `cfg` and `sta` as the settings and statistics files'
 * contents, and the game file's comma field `field` changed by `change`.
 */
function sealedValues(cfg: string, sta: string, field: number, change: (v: string) => string): Damage["text"] {
  return (f, base) =>
    JSON.stringify(
      sealedLike(
        base,
        f === "merlin.cfg" ? cfg
          : f === "merlin.sta" ? sta
            : unsealed(base).split(",").map((v, i) => (i === field ? change(v) : v)).join(","),
      ),
    );
}

const DAMAGES: Damage[] = [
  { name: "4096 commas", text: () => '",".repeat(4096)' },
  { name: "a 4 KB valid JSON array", text: () => `"["+"1,".repeat(2047)+"1]"` },
  { name: "its first half", text: (_f, base) => JSON.stringify(base.slice(0, Math.floor(base.length / 2))) },
  // Sealed as the toy seals its files, so that the values themselves are what is wrong.
  {
    name: "values of the wrong types",
    text: sealedValues('{"rules":7,"mute":"yes","idle":"soon"}', '{"games":"3","wins":-1,"best":1.5}', 2, (v) => "x" + v),
  },
  {
    name: "impossible statistics and settings, well typed",
    text: sealedValues('{"rules":"classic","mute":true,"idle":1e300}', '{"games":2,"wins":5,"best":-1}', 3, () => "-1"),
  },
  { name: "the largest file the Storage holds", text: () => null },
];

/**
 * Writes the damaged text on the board; the largest file (`largest` bytes of "1,1,…", made on
 * the board in pieces to spare the console) after erasing the file it replaces.
 */
function damageScript(file: File, text: string | null, largest: number): string {
  if (text !== null) return `require("Storage").write("${file}",${text})`;
  return `(function(){var S=require("Storage");S.erase("${file}");var p="1,".repeat(512);S.write("${file}",p,0,${largest});for(var o=1024;o<${largest};o+=1024)S.write("${file}",p,o);return S.read("${file}").length})()`;
}

describe.skipIf(!bin)("damaged files on Espruino and in the simulator (ESPRUINO_BIN)", () => {
  checkInterpreterFirst();
  let image: FlashImage;
  /** A powered-off toy whose flash holds the baseline's three files, and their texts. */
  let baseDir: string;
  let base: Record<File, string>;
  let baseState: Record<string, unknown>;
  let baseBoard: VirtualBoard;
  /**
   * The largest file a Pico's Storage holds next to the toy (the simulator models its 48 KB
   * area; the Linux interpreter has 256 KB): what is free once the file it replaces is gone,
   * less room for a file header, in whole KB.
   */
  let largest = 0;

  beforeAll(async () => {
    image = await FlashImage.create(PROFILE);
    // The baseline files as the simulator writes them (the interpreter gets the same bytes).
    baseBoard = bootToy(PROFILE, { code: image.bundle, files: image.files });
    baseBoard.eval(`[${BASELINE_CALLS.join(",")}]`);
    baseBoard.eval("Merlin.sleep()");
    base = Object.fromEntries(FILES.map((f) => [f, baseBoard.eval(`require("Storage").read("${f}")`) as string])) as Record<File, string>;
    baseState = observed(baseBoard.eval(OBSERVE) as Record<string, unknown>).kept;
    largest = baseBoard.eval(`(function(){var S=require("Storage");var f=S.getFree()+${Math.max(...FILES.map((f) => base[f].length))};return f-f%1024-1024})()`) as number;
    const toy = await image.boot();
    for (const f of FILES) await toy.espruino.writeFile(f, base[f]);
    await toy.powerCut();
    baseDir = toy.dir;
  });
  afterAll(() => {
    image?.dispose();
    if (baseDir) rmSync(baseDir, { recursive: true, force: true });
  });

  /** What each file holds, as the console shows it (the rules are the game's; a new game takes them from the settings). */
  const concerns = (o: Record<string, unknown>) => ({
    settings: { muted: o.muted },
    stats: o.stats,
    game: { board: o.board, moves: o.moves, seed: o.seed, puzzle: o.puzzle, rules: o.rules },
  });
  const damagedConcern: Record<File, "settings" | "stats" | "game"> = { "merlin.cfg": "settings", "merlin.sta": "stats", "merlin.gam": "game" };

  for (const file of FILES) {
    it.each(DAMAGES)(`${file} as $name: defaults for that file only, no out-of-memory, and the toy plays`, async ({ text }) => {
      const script = damageScript(file, text(file, base[file] ?? ""), largest);
      // The interpreter: damage the file on a copy of the baseline flash, then power on.
      const { copyFileSync } = await import("node:fs");
      const { join } = await import("node:path");
      const dir = image.copy();
      copyFileSync(join(baseDir, "espruino.flash"), join(dir, "espruino.flash"));
      let toy = await image.bootIn(dir);
      let real: Record<string, unknown>;
      let realPlays: unknown;
      let output = "";
      try {
        await toy.value(script, 60000);
        await toy.powerCut();
        toy = await toy.boot();
        await sleep(700);
        real = observed(await toy.value(OBSERVE)).kept;
        realPlays = await toy.value('(function(){var a=Merlin.state();var b=Merlin.press(a.moves>0?1:2);return [b.moves-a.moves,b.board!==a.board,b.error,process.memory().usage]})()');
        output = toy.output.split("\n").filter((l) => /OUT OF MEMORY|Execution Interrupted|LOW_MEMORY|Uncaught|Merlin error/.test(l)).join("\n");
      } finally {
        await toy.dispose();
      }
      // The simulator: the same damage on the same baseline.
      baseBoard.powerCut();
      baseBoard.powerOn();
      baseBoard.clock.advance(1000);
      for (const f of FILES) baseBoard.storage.write(f, new Uint8Array(Buffer.from(base[f], "latin1")));
      baseBoard.eval(script);
      baseBoard.powerCut();
      baseBoard.powerOn();
      baseBoard.clock.advance(1000);
      const virt = observed(baseBoard.eval(OBSERVE) as Record<string, unknown>).kept;

      const want = concerns(baseState);
      const k = damagedConcern[file];
      // What must be seen: the other concerns as in the baseline; the damaged one at its defaults.
      const expected = (o: Record<string, unknown>) => {
        const c = concerns(o);
        return {
          settings: k === "settings" ? c.settings : want.settings,
          stats: k === "stats" ? c.stats : want.stats,
          game: k === "game" ? c.game : want.game,
          defaults: true,
        };
      };
      const atDefaults = (o: Record<string, unknown>) =>
        k === "settings" ? o.muted === false : k === "stats" ? JSON.stringify(o.stats) === '{"games":0,"wins":0,"best":0}' : o.moves === 0 && o.seed !== want.game.seed;
      const seen = (o: Record<string, unknown>) => ({ ...concerns(o), defaults: atDefaults(o) });
      expect({ errors: output }).toEqual({ errors: "" });
      expect({ interpreter: JSON.stringify(seen(real)) }).toEqual({ interpreter: JSON.stringify(expected(real)) });
      expect({ simulator: JSON.stringify(seen(virt)) }).toEqual({ simulator: JSON.stringify(expected(virt)) });
      const [movesUp, boardChanged, error, usage] = realPlays as [number, boolean, unknown, number];
      expect({ movesUp, boardChanged, error }).toEqual({ movesUp: 1, boardChanged: true, error: null });
      // The raw count in the middle of a call: the toy (its budget, after boot and a won game),
      // the pin aliases of .boot0 (~35) and the two state objects the line holds (~60 each).
      // Nothing of a damaged file may stay on top of that.
      expect(usage).toBeLessThan(JSVAR_BUDGET + 200);
    });
  }
});

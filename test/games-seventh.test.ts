// Adding a seventh game is the game's file and a line in the list of games, nothing else. In a
// copy of what the toy is made from (src/, firmware/, sim/, hardware/, tools/ and the package
// files; the installed packages linked), one small game is written against the general
// interface (src/toy/games/coinflip.ts below) and added to the list (src/toy/games/index.ts).
// Then, in that copy alone and with its own commands: the firmware build makes the game's
// Storage module on the 3×3 and on the 5×5 and the image plays it (the headless runner, by
// name and by NEW GAME and its number on the pads), `merlin sim --help` names it, the browser
// page's game menu lists it, and a wrong name is refused in one line naming it among the
// accepted ones. Nothing else of the copy differs from the repository.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { layoutFor } from "../src/toy/gamemodule";
import { MAGIC_SQUARE } from "../src/toy/midend";
import { profileGameNames } from "../sim/app/toy-info";
import { linkPackages } from "./helpers/sandbox";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** What the toy, its build and its simulator are made from: what the copy holds. */
const PARTS = ["src", "firmware", "sim", "hardware", "tools", "package.json", "package-lock.json", "tsconfig.json"];

const GAME = "coinflip";
const NUMBER = 7;
const GAME_FILE = `src/toy/games/${GAME}.ts`;
const LIST_FILE = "src/toy/games/index.ts";
const RIGHT_HZ = 880;
const WRONG_HZ = 220;
const TONE_MS = 300;

/**
 * The seventh game, written as any game is: a module over its own state, in Merlin's lights
 * and keys. It plays: a pad changes its state, it is won or lost, it sounds a tone.
 */
const GAME_SOURCE = `/**
 * Coin Flip (game ${NUMBER}; the 1978 toy had six): Merlin tosses a coin and you call it. Lights 1
 * (heads) and 3 (tails) blink while the coin is in the air; press one to call it, and the coin
 * lands steady on its light, with a high tone when you called it right and a low one when not.
 * SAME GAME or NEW GAME tosses again. No undo: a call cannot be taken back.
 */
import { draw, GameEffects, GameLayout, GameModule, KEY_NEW_GAME, KEY_SAME_GAME, refuse, STATUS_LOST, STATUS_PLAYING, STATUS_WON, wholeField } from "../gamemodule";
import { seedRandom } from "../rng";
import { CUE_NEW_GAME } from "../sounds";

export const HEADS = 1;
export const TAILS = 3;

export interface CoinState {
  rng: number;
  /** Where the coin lands: HEADS or TAILS. */
  coin: number;
  /** Your call: HEADS, TAILS, or 0 while the coin is in the air. */
  call: number;
}

function toss(s: CoinState): void {
  s.coin = draw(s, 2) === 0 ? HEADS : TAILS;
  s.call = 0;
}

function show(s: CoinState, fx: GameEffects): void {
  fx.show = true;
  fx.frame = s.call === 0 ? (1 << HEADS) | (1 << TAILS) : 1 << s.coin;
  fx.blink = s.call === 0 ? fx.frame : 0;
}

function key(s: CoinState, k: number, now: number, fx: GameEffects): void {
  if (k === KEY_NEW_GAME || k === KEY_SAME_GAME) {
    toss(s);
    fx.cues.push(CUE_NEW_GAME);
  } else if (k !== HEADS && k !== TAILS) {
    return refuse(fx, "Coin Flip takes pad 1 (heads), pad 3 (tails) and SAME GAME");
  } else if (s.call !== 0) {
    return refuse(fx, "the coin has landed: SAME GAME tosses it again");
  } else {
    s.call = k;
    fx.tones.push(k === s.coin ? ${RIGHT_HZ} : ${WRONG_HZ}, ${TONE_MS});
  }
  fx.changed = true;
  show(s, fx);
}

/** "coin,call,rng". */
function save(s: CoinState): string {
  return [s.coin, s.call, s.rng >>> 0].join(",");
}

function load(text: string, layout: GameLayout): CoinState | null {
  const f = text.split(",");
  if (f.length !== 3 || !wholeField(f[0], 1, 3) || !wholeField(f[1], 0, 3) || !wholeField(f[2], 1, 4294967295)) return null;
  const coin = Number(f[0]);
  const call = Number(f[1]);
  if (coin === 2 || call === 2) return null;
  return { rng: Number(f[2]) | 0, coin: coin, call: call };
}

const SIDES = ["", "heads", "", "tails"];

export const ${GAME}: GameModule<CoinState> = {
  name: "${GAME}",
  number: ${NUMBER},
  undo: false,
  create: function (seed: number, layout: GameLayout, now: number): CoinState {
    const s = { rng: seedRandom(seed, ${NUMBER}), coin: HEADS, call: 0 };
    toss(s);
    return s;
  },
  key: key,
  tick: function (s: CoinState, now: number, fx: GameEffects): void {},
  due: function (s: CoinState): number {
    return -1;
  },
  command: function (s: CoinState, name: string, value: unknown, now: number, fx: GameEffects): void {
    refuse(fx, "Coin Flip has no settings, got " + name);
  },
  show: show,
  status: function (s: CoinState): number {
    return s.call === 0 ? STATUS_PLAYING : s.call === s.coin ? STATUS_WON : STATUS_LOST;
  },
  describe: function (s: CoinState) {
    return { "call": SIDES[s.call], "coin": s.call === 0 ? "" : SIDES[s.coin] };
  },
  save: save,
  load: load,
};
`;

/** The list of games with the seventh in it: its import, and its module at the end of GAME_MODULES. */
function withSeventh(list: string): string {
  const lines = list.split("\n");
  const lastImport = lines.map((l) => l.startsWith("import ")).lastIndexOf(true);
  lines.splice(lastImport + 1, 0, `import { ${GAME} } from "./${GAME}";`);
  const at = lines.findIndex((l) => l.startsWith("export const GAME_MODULES"));
  expect(lines[at], "the list of games is one line").toMatch(/\];$/);
  lines[at] = lines[at].replace(/\];$/, `, ${GAME}];`);
  return lines.join("\n");
}

let copy = "";
/** The repository's parts as they were copied: each file's bytes by its path. */
const original = new Map<string, Buffer>();

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** `node tools/tsrun.mjs ARGS…` in the copy: its own sources, as `npm run …` runs them. */
function inCopy(args: string[]): Run {
  const r = spawnSync(process.execPath, [join("tools", "tsrun.mjs"), ...args], {
    cwd: copy,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
    timeout: 300_000,
    maxBuffer: 16 << 20,
  });
  return { code: r.status, out: r.stdout ?? "", err: r.stderr ?? "" };
}

/** The `merlin` command of the copy (sim/cli/entry.ts, what `npm ci` bundles into dist/merlin.mjs). */
const merlin = (argv: string[]): Run => inCopy(["sim/cli/entry.ts", ...argv]);

/** What `merlin sim --headless … --json` printed, with the run's own check that it ran cleanly. */
interface Headless {
  game: string;
  leds: string;
  blink: string;
  status: string;
  tones: number[][];
  sounds: string[];
  errors: string[];
}

/** `text` with each long line cut short (an error from the firmware quotes its whole minified line). */
const brief = (text: string) => text.split("\n").map((l) => (l.length > 200 ? l.slice(0, 200) + "…" : l)).join("\n");

function headless(argv: string[]): Headless {
  const r = merlin(["sim", "--headless", "--json", ...argv]);
  expect(brief(r.err), argv.join(" ")).toBe("");
  expect(r.code, argv.join(" ")).toBe(0);
  const result = JSON.parse(r.out) as Headless;
  expect(result.errors).toEqual([]);
  return result;
}

/** Every file under the copy's parts in `root`, relative to it. */
function files(root: string): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    else out.push(relative(root, path));
  };
  for (const part of PARTS) walk(join(root, part));
  return out.sort();
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "merlin-seventh-"));
  for (const f of files(ROOT)) original.set(f, readFileSync(join(ROOT, f)));
  for (const f of original.keys()) {
    mkdirSync(dirname(join(copy, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(copy, f));
  }
  linkPackages(ROOT, copy);
  // The seventh game: its file, and its line in the list.
  writeFileSync(join(copy, GAME_FILE), GAME_SOURCE);
  writeFileSync(join(copy, LIST_FILE), withSeventh(readFileSync(join(copy, LIST_FILE), "utf8")));
});

afterAll(() => {
  if (copy !== "") rmSync(copy, { recursive: true, force: true });
});

/** The key under Merlin's light n on a rows × cols board: its pad, 1-based as key scripts name pads (gamemodule.ts layoutFor). */
function padKey(rows: number, cols: number, light: number): string {
  return String(layoutFor(rows, cols).padOfLight[light] + 1);
}

const BOARDS = [
  { name: "pico-3x3", rows: 3, cols: 3, dir: "dist" },
  { name: "pico-5x5-neopixel", rows: 5, cols: 5, dir: "dist/pico-5x5-neopixel" },
];

/** The games by number with the seventh: the repository's list and Magic Square, then Coin Flip (7 is the highest). */
const NAMES = [...profileGameNames({}), GAME];

describe("a seventh game is its file and a line in the list of games", () => {
  it("the firmware build type-checks it, makes its Storage module and puts it on the 3×3's shelf", () => {
    // `npm run build`: the firmware's type check (the Espruino subset), the bundle, its modules.
    const r = inCopy(["firmware/build/build.ts", "--board", "pico-3x3"]);
    expect(brief(r.err)).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^dist\/firmware\.js {2}\d+ bytes {2}\(pico-3x3\)\n$/);
    const module = readFileSync(join(copy, "dist", `merlin-${GAME}.js`), "utf8");
    expect(module).toContain(`name:"${GAME}"`);
    // The core's shelf: the games' names and numbers (build.ts configModule).
    const core = readFileSync(join(copy, "dist", "firmware.js"), "utf8");
    expect(core).toContain(`"mindbender","${GAME}"]`);
    expect(core).toContain(`,6,${NUMBER}]`);
  });

  it("the browser page's game menu lists it, and every board's firmware on the page carries it", () => {
    // Builds the remaining boards' firmware on the way (the simulator rebuilds what is stale).
    const out = join(copy, "dist", "web");
    const r = merlin(["web", "--build-only", "--out", out, "--json"]);
    expect(brief(r.err)).toBe("");
    expect(r.code).toBe(0);
    const built = JSON.parse(r.out) as { firmware: Record<string, number> };
    const scripts = readdirSync(out).filter((f) => f.endsWith(".js")).map((f) => readFileSync(join(out, f), "utf8")).join("\n");
    // The menu's list (sim/web/build.ts merlinGames, the page's `merlin:profiles`), by number.
    expect(scripts).toContain(`{name:"mindbender",number:6},{name:"${GAME}",number:${NUMBER}}`);
    for (const board of Object.keys(built.firmware)) {
      const carried = JSON.parse(readFileSync(join(out, "firmware", `${board}.files.json`), "utf8")) as Record<string, string>;
      expect(Object.keys(carried), board).toContain(`merlin-${GAME}.js`);
    }
    for (const b of BOARDS) expect(existsSync(join(copy, b.dir, `merlin-${GAME}.js`)), b.name).toBe(true);
  });

  for (const b of BOARDS) {
    it(`the headless runner plays it by name on ${b.name}: the coin in the air, a call, won or lost, a tone`, () => {
      const heads = padKey(b.rows, b.cols, 1);
      const tails = padKey(b.rows, b.cols, 3);
      const only = (key: string) => Array.from({ length: b.rows * b.cols }, (_, i) => (String(i + 1) === key ? "1" : "0")).join("");
      const both = only(heads).split("").map((c, i) => (c === "1" || only(tails)[i] === "1" ? "1" : "0")).join("");
      // In the air: lights 1 and 3 blink on this board's pads.
      const air = headless(["--board", b.name, "--game", GAME, "--seed", "4", "--keys", "wait:500"]);
      expect(air).toMatchObject({ game: GAME, status: "playing", leds: both, blink: both });
      // The same seed tosses the same coin: calling heads and calling tails end opposite ways.
      const calls = [heads, tails].map((pad) => headless(["--board", b.name, "--game", GAME, "--seed", "4", "--keys", `${pad} wait:500`]));
      expect(calls[0].leds).toBe(calls[1].leds);
      expect([only(heads), only(tails)]).toContain(calls[0].leds);
      [heads, tails].forEach((pad, i) => {
        const won = calls[i].leds === only(pad);
        expect(calls[i]).toMatchObject({ game: GAME, status: won ? "won" : "lost", blink: "0".repeat(b.rows * b.cols), tones: [[won ? RIGHT_HZ : WRONG_HZ, TONE_MS]] });
      });
      // NEW GAME, then the pad of its number, chooses it on the toy; a number no game has does not.
      const chosen = headless(["--board", b.name, "--keys", `newGame newGame ${padKey(b.rows, b.cols, NUMBER)} ${heads} wait:500`]);
      expect(chosen.game).toBe(GAME);
      expect(chosen.status).toBe(chosen.leds === only(heads) ? "won" : "lost");
      const none = headless(["--board", b.name, "--keys", `newGame newGame ${padKey(b.rows, b.cols, 8)}`]);
      expect(none.game).toBe(MAGIC_SQUARE);
      expect(none.sounds.at(-1)).toBe("illegal");
    });
  }

  it("`merlin sim --help` names it among the games, and the terminal UI takes it", () => {
    const r = merlin(["sim", "--help"]);
    expect(r.code).toBe(0);
    const help = r.out.replace(/\s+/g, " ");
    expect(help).toContain(`--game NAME one of Merlin's games: ${NAMES.join(", ")} (default ${MAGIC_SQUARE};`);
    // The terminal UI checks --game as the runner does, and stops only for want of a terminal.
    const tui = merlin(["sim", "--game", GAME]);
    expect(tui.code).toBe(2);
    expect(tui.err).toMatch(/^merlin sim: the terminal UI needs an interactive terminal;/);
  });

  it("a wrong game's name is refused in one line naming the games, the seventh among them", () => {
    const r = merlin(["sim", "--headless", "--game", "coinflop", "--keys", "1"]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe(`merlin sim: --game (on pico-3x3) must be one of ${NAMES.join(", ")}, got 'coinflop'\n`);
  });

  it("after building and playing it, the copy differs from the repository in the game's file and the list alone", () => {
    const before = [...original.keys()];
    const after = files(copy);
    expect(after.filter((f) => !original.has(f))).toEqual([GAME_FILE]);
    expect(before.filter((f) => !after.includes(f))).toEqual([]);
    expect(before.filter((f) => !original.get(f)!.equals(readFileSync(join(copy, f))))).toEqual([LIST_FILE]);
    // In the list: the game's import added, and the game at the end of GAME_MODULES.
    const was = original.get(LIST_FILE)!.toString("utf8").split("\n");
    const now = readFileSync(join(copy, LIST_FILE), "utf8").split("\n");
    expect(now.filter((l) => !was.includes(l))).toEqual([`import { ${GAME} } from "./${GAME}";`, expect.stringMatching(new RegExp(`^export const GAME_MODULES: AnyGameModule\\[\\] = \\[.*, ${GAME}\\];$`))]);
    expect(was.filter((l) => !now.includes(l))).toEqual([expect.stringMatching(/^export const GAME_MODULES/)]);
  });
});

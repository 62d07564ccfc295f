/**
 * Builds the firmware: type-checks firmware/ + src/ under the Espruino subset, generates the
 * board configuration (pins, the precomputed solver tables, the packed sound cues) for a
 * profile, bundles everything into ONE file with esbuild, minifies it again with terser, and
 * checks the bundle against the subset and the globals the firmware may use. Only a bundle that passes is written (atomically), so
 * a failed build leaves the last good file in place.
 *
 *   npm run build                      → dist/firmware.js          (pico-3x3, the default)
 *   npm run build -- --board NAME      → dist/NAME/firmware.js
 *   npm run build -- --all             → every profile in hardware/profiles/
 */
import { build, Plugin } from "esbuild";
import { minify } from "terser";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative } from "node:path";
import { hardwareDir, listProfiles, loadProfile } from "../../hardware/validate";
import type { Profile } from "../../hardware/profile";
import { ledPins } from "../../hardware/roles";
import { formatBoard, namedTarget } from "../../src/maths/boardstate";
import { DEFAULT_CYCLE, gamePuzzle, GAMES, GameSpec, gameTables, gameTarget } from "../../src/maths/games";
import { cellsToMask } from "../../src/toy/maskbits";
import { gridPuzzle, Puzzle } from "../../src/maths/puzzle";
import { RULE_SETS } from "../../src/toy/rules";
import { GAME_MODULES } from "../../src/toy/games/index";
import { CONSOLE, gameFile, LIGHT_GAMES, MAGIC_SQUARE } from "../../src/toy/midend";
import { CUE_START, encodeCues, NOTES } from "../../src/toy/sounds";
import { CellTables, MaskTables } from "../../src/toy/tables";
import { compileCellTables, compileTables, emitTables } from "../../src/maths/compile-tables";
import { OptionSpec, parseOptions } from "../../tools/options";
import { toolHelp } from "../../tools/tool-options";
import { declareStrays, dissolveInPlace, hoistVars } from "./after-terser";
import { actionBars, analyse, applyDecisions, type Decisions, decide, explain, instrument, keptChoice, madeInPlace, playScript, type Program, readAllTags, type Tag, tagsInBundle, unmeasured } from "./hotpath";
import { uniqueNames } from "./unique-names";
import { mangledNames, manglePattern } from "./mangle";
import { checkBundle, checkSourceFiles, ESBUILD_SUPPORTED, Finding, formatFinding, MATH_NAME, UNDEFINED_NAME } from "./subset";

/** The checkout (found through hardware/, which works from sources, vitest and tsrun bundles alike). */
export const ROOT = dirname(hardwareDir());
export const DEFAULT_PROFILE = "pico-3x3";
/**
 * Storage budget of a 3×3 profile, in bytes: its files as `npm run flash` writes them (the image
 * and each of Merlin's games, pretokenised: firmware/build/pretokenise.ts) together, leaving an
 * MDBT42Q (40 KB of Storage) room for the toy's own files and for compaction.
 */
export const STORAGE_BUDGET = 36 * 1024;

/**
 * Storage budget of a pixel board (a Pico: 48 KB of Storage), as STORAGE_BUDGET counts: 2 KB
 * left for the toy's own files (settings, statistics, the game and the games' saved lines, a
 * tune: each a few hundred bytes at most) and for compaction. The 5×5 carries the most: every
 * game, and three Lights Out games with their back-ends and tables.
 */
export const PIXEL_STORAGE_BUDGET = 46 * 1024;

/** The Storage budget of profile `p`'s flashed files: STORAGE_BUDGET on the 3×3 boards, PIXEL_STORAGE_BUDGET on the pixel boards. */
export function storageBudget(p: Profile): number {
  return p.rows === 3 && p.cols === 3 ? STORAGE_BUDGET : PIXEL_STORAGE_BUDGET;
}

/** Globals the bundle may reference: standard JavaScript plus the Espruino API in firmware/espruino.d.ts. */
const JS_GLOBALS = [
  "Math", "JSON", "String", "Number", "Object", "Array", "Error", "Date", "RegExp", "Boolean", "Function",
  "Int8Array", "Uint8Array", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "Float32Array",
  "Float64Array", "ArrayBuffer", "DataView", "Promise", "parseInt", "parseFloat", "isNaN", "isFinite",
  "undefined", "NaN", "Infinity", "globalThis", "TypeError", "RangeError",
];
const ESPRUINO_GLOBALS = [
  "pinMode", "digitalWrite", "digitalRead", "analogWrite", "setWatch", "clearWatch", "setTimeout",
  "setInterval", "clearTimeout", "clearInterval", "getTime", "setDeepSleep", "console", "E", "process",
  "USB", "require", "eval",
];

export function profilePins(p: Profile): string[] {
  const pins = p.keys.rowPins.concat(p.keys.colPins, [p.piezo]);
  pins.push(...ledPins(p));
  const b = p.buttons ?? {};
  for (const pin of [b.newGame, b.sameGame, b.hitMe, b.compTurn]) if (pin) pins.push(pin);
  return pins;
}

export function allowedGlobals(p: Profile): string[] {
  // The ESP32 class exists on ESP32 builds only (firmware/radio.ts).
  return JS_GLOBALS.concat(ESPRUINO_GLOBALS, p.chip === "esp32" ? ["ESP32"] : [], profilePins(p));
}

/** The extra buttons in BUTTONS order (NEW GAME, SAME GAME, HIT ME, COMP TURN), up to the last one present. */
function buttonSlots(p: Profile): (string | null)[] {
  const b = p.buttons ?? {};
  const all = [b.newGame, b.sameGame, b.hitMe, b.compTurn].map((x) => x ?? null);
  let n = all.length;
  while (n > 0 && all[n - 1] === null) n--;
  return all.slice(0, n);
}

/**
 * The scalar board configuration as esbuild `define`s (declared in firmware/config.d.ts):
 * literals at bundle time, so esbuild folds the tests on them and drops the code a profile
 * cannot use (the pixel output on direct-LED boards, the buttons, deep sleep, the console
 * password...).
 */
export function configDefines(p: Profile): Record<string, string> {
  const leds = p.leds;
  return {
    ROWS: String(p.rows),
    COLS: String(p.cols),
    DIODES: String(!!p.keys.diodes),
    NEOPIXEL: String(leds.drive === "neopixel"),
    PIXEL_BRIGHTNESS: String(leds.drive === "neopixel" ? leds.brightness : 0),
    LED_ACTIVE_HIGH: String(leds.drive === "direct" ? !!leds.activeHigh : false),
    BUTTON_COUNT: String(buttonSlots(p).length),
    CONSOLE_PASSWORD: p.consolePassword ? JSON.stringify(p.consolePassword) : "null",
    CONSOLE_MOVED: String(!!p.consoleMoved),
    DEEP_SLEEP: String(p.chip === "stm32"),
    WIFI_AT_BOOT: String(p.chip === "esp32"),
  };
}

/**
 * The source of the generated `merlin:config` module for a profile, what the core plays with:
 * pins, and the names and numbers of Merlin's games the image carries besides Magic Square
 * (scalars are configDefines; the packed sound cues, CUE_TEXT, come in through the bundle's
 * wrapper: compactBundle).
 */
export function configModule(p: Profile): string {
  // Pin arrays are emitted last-pin-first: digitalWrite/digitalRead treat the LAST pin as bit 0,
  // so reversing them here lets the firmware use bit i of a mask for row/column/pad i as is.
  const list = (pins: string[]) => "[" + pins.slice().reverse().join(",") + "]";
  const shelf = profileModules(p);
  return [
    `export const KEY_ROWS = ${list(p.keys.rowPins)};`,
    `export const KEY_COLS = ${list(p.keys.colPins)};`,
    `export const LED_PINS = ${list(ledPins(p))};`,
    `export const PIEZO = ${p.piezo};`,
    `export const BUTTONS = [${buttonSlots(p).map((x) => x ?? "null").join(",")}];`,
    `export const SHELF_NAMES = ${JSON.stringify(shelf.map((m) => m.name))};`,
    `export const SHELF_NUMBERS = ${JSON.stringify(shelf.map((m) => m.number))};`,
  ].join("\n");
}

/**
 * Emitted tables (emitTables) with their Int32Arrays as Uint16Arrays when every value fits 16
 * bits (boards of up to 16 cells: 3×3, 4×4). The toy reads the same numbers; on Espruino each
 * kind of typed array a program uses costs ~9 JsVars of its own, and the toy's other small
 * tables are Uint16Arrays (src/toy/midend.ts, src/toy/keyevents.ts, src/toy/rules.ts), so the 3×3 builds
 * carry no Int32Array at all — and half the bytes for these.
 */
export function narrowTables(emitted: string): string {
  const lists = emitted.match(/new Int32Array\(\[[^\]]*\]\)/g) ?? [];
  const fits = lists.every((l) => (l.match(/-?\d+/g) ?? []).slice(1).every((v) => Number(v) >= 0 && Number(v) <= 65535));
  return fits ? emitted.replace(/new Int32Array\(/g, "new Uint16Array(") : emitted;
}

/**
 * The games (src/maths/games.ts) a board's pads can play on the toy: pixel boards only (colours need
 * pixels), square boards of a side the game allows (5×5: lightsout, lightsout2000, blackwhite;
 * 4×4: blackwhite), with blackwhite on its default cycle. blackwhite's keys are the inner
 * intersections: each is pressed at the top-left pad of its 2×2 block (src/toy/cellgame.ts
 * keyAt), and the pads of the last row and column are not keys.
 */
export function toyGameSpecs(p: Profile): { spec: GameSpec; puzzle: Puzzle }[] {
  if (p.leds.drive !== "neopixel" || p.rows !== p.cols) return [];
  return GAMES.filter((g) => p.rows >= g.minSide && p.rows <= g.maxSide).map((g) => ({ spec: g, puzzle: gamePuzzle(g, p.rows, DEFAULT_CYCLE) }));
}

/**
 * The Storage module that carries each back-end class a Lights Out game may play through
 * (firmware/games.ts), by the class's name: read when a game on it is chosen, so Magic Square's
 * module carries none of them and the toy holds the classes of the game played only. The on/off
 * back-ends share one: LevelBackend extends MaskBackend, so a module of its own would carry a
 * second MaskBackend (2 KB of the 5×5's flashed files, which had little room left). A back-end
 * module's value is an object of the classes the profile plays from it, by name (backendModules).
 */
export const BACKEND_MODULES: Record<string, string> = { CellBackend: "cells", LevelBackend: "masks", MaskBackend: "masks" };

/**
 * The Lights Out games the board's pads play (toyGameSpecs) as the toy makes them: each one's
 * name, the rule set it plays under, its goal as source text (a mask, or a digit string), the
 * back-end class src/maths/games.ts picks for `merlin play` (so a seed deals the same: on/off
 * boards of at most 32 cells and keys as masks, with levels LevelBackend, the rest as cells,
 * CellBackend over src/toy/tables.ts CellTables) and the source of its constructor's arguments
 * (the tables, made when the back-end is: the toy holds the tables of the game played only).
 */
export function lightsOutGames(p: Profile): { name: string; rules: number; target: string; kind: string; args: string }[] {
  return toyGameSpecs(p).map((g) => {
    const masks = g.puzzle.states === 2 && g.puzzle.cells <= 32 && g.puzzle.keys <= 32;
    const kind = !masks ? "CellBackend" : g.spec.levels ? "LevelBackend" : "MaskBackend";
    const goal = gameTarget(g.spec, g.puzzle, DEFAULT_CYCLE);
    return {
      name: g.spec.name,
      rules: g.spec.rules,
      target: kind === "CellBackend" ? JSON.stringify(formatBoard(goal)) : String(cellsToMask(goal)),
      kind,
      args: kind === "CellBackend" ? `(${cellTablesMaker(compileCellTables(g.puzzle))})(),${p.rows},${p.cols}` : `(${maskTablesMaker(compileTables(g.puzzle))})()`,
    };
  });
}

/**
 * The source of the generated `merlin:games` module, what Magic Square plays on the board
 * (firmware/magicsquare.ts): BOARD, a function that makes the back-end of the board's own rule
 * sets, with the board's tables; its goal, TARGET; and GAMES, the Lights Out games the board's
 * pads play (lightsOutGames), each with its name, the rule set it plays under, its goal and a
 * function that makes its back-end when it is chosen: its class read from that class's Storage
 * module (BACKEND_MODULES, through the toy's shelf), its tables from a literal here. On boards
 * with such games the mask back-end is read from its module too (the level back-end's module
 * carries one of its own, and the toy holds the classes of the game played only); on the others
 * it is bundled with Magic Square, with the tables as they are.
 */
export function gamesModule(p: Profile): string {
  const puzzle = gridPuzzle({ rows: p.rows, cols: p.cols, pattern: "merlin" });
  const tables = compileTables(puzzle);
  const ring = namedTarget(puzzle, "ring").reduce((m, v, i) => m | (v << i), 0);
  const games = lightsOutGames(p);
  const made = (kind: string, args: string) => `var Backend=me.shelf.load(${JSON.stringify(BACKEND_MODULES[kind])}).${kind};return new Backend(${args})`;
  const entry = (g: (typeof games)[number]) =>
    `{name:${JSON.stringify(g.name)},rules:${g.rules},target:${g.target},backend:function(me){${made(g.kind, g.args)}}}`;
  const board =
    games.length > 0
      ? [`export const BOARD = function(me){${made("MaskBackend", `(${maskTablesMaker(tables)})()`)}};`]
      : [
          `import { MaskBackend } from "./firmware/games";`,
          `const TABLES = ${narrowTables(emitTables(tables))};`,
          `export const BOARD = function(){return new MaskBackend(TABLES)};`,
        ];
  return [...board, `export const TARGET = ${ring};`, `export const GAMES = [${games.map(entry).join(",")}];`].join("\n");
}

/** The kinds of back-end (BACKEND_MODULES) profile `p`'s Magic Square reads from Storage: its games', and with them the board's own. */
export function backendKinds(p: Profile): string[] {
  const games = lightsOutGames(p);
  return games.length === 0 ? [] : [...new Set(["MaskBackend", ...games.map((g) => g.kind)])];
}

/** The back-end modules of profile `p` (BACKEND_MODULES), each with the classes it carries (backendKinds), in the order they are first wanted. */
export function backendModules(p: Profile): { name: string; classes: string[] }[] {
  const out: { name: string; classes: string[] }[] = [];
  for (const kind of backendKinds(p)) {
    const name = BACKEND_MODULES[kind];
    const known = out.find((m) => m.name === name);
    if (known) known.classes.push(kind);
    else out.push({ name: name, classes: [kind] });
  }
  return out;
}

/** A typed array of the tables, by its property name, for packedViews. */
interface TableArray {
  name: string;
  type: "Int32Array" | "Uint16Array" | "Uint8Array";
  data: ArrayLike<number>;
}

/**
 * Typed arrays of a game's tables as views of one buffer (`b`, made from 32-bit words: the
 * Int32 arrays first, then the Uint16 and Uint8 ones, so each starts aligned): the buffer's
 * words and the views' `name:new Type(b,offset,length)` properties. On Espruino an array of its
 * own costs about two more JsVars (its buffer, and the unused end of its last block). An empty
 * one stands alone: Espruino reads a view's length 0 as "to the buffer's end".
 */
function packedViews(parts: TableArray[]): { words: string; views: string } {
  const width = (x: TableArray) => (x.type === "Int32Array" ? 4 : x.type === "Uint16Array" ? 2 : 1);
  let size = 0;
  for (const x of parts) size += width(x) * x.data.length;
  const buffer = new ArrayBuffer(Math.ceil(size / 4) * 4);
  const views: string[] = [];
  let at = 0;
  for (const x of parts) {
    const n = x.data.length;
    const view = x.type === "Int32Array" ? new Int32Array(buffer, at, n) : x.type === "Uint16Array" ? new Uint16Array(buffer, at, n) : new Uint8Array(buffer, at, n);
    view.set(Array.from(x.data));
    views.push(n === 0 ? `${x.name}:new ${x.type}(0)` : `${x.name}:new ${x.type}(b,${at},${n})`);
    at += width(x) * n;
  }
  // Espruino runs on little-endian chips (ARM, x86, Xtensa), as Node does here.
  return { words: Array.from(new Int32Array(buffer)).join(","), views: views.join(",") };
}

/**
 * A colour game's cell tables for the toy (gamesModule): a function that makes them when its
 * back-end is made, its typed arrays views of one buffer (packedViews). The tables are src/toy/tables.ts's
 * CellTables as they are (the test compares them).
 */
export function cellTablesMaker(t: CellTables): string {
  const v = packedViews([
    { name: "solve", type: "Int32Array", data: t.solve },
    { name: "quiet", type: "Int32Array", data: t.quiet },
    { name: "keyStart", type: "Uint16Array", data: t.keyStart },
    { name: "quietOrders", type: "Uint8Array", data: t.quietOrders },
    { name: "order", type: "Uint8Array", data: t.order },
    { name: "keyCells", type: "Uint8Array", data: t.keyCells },
  ]);
  return `function(){var b=new Int32Array([${v.words}]).buffer;return{k:${t.k},cells:${t.cells},keys:${t.keys},checks:${t.checks},words:${t.words},${v.views}}}`;
}

/**
 * An on/off game's mask tables for the toy (gamesModule): a function that makes them when the
 * game is chosen (src/toy/midend.ts choose: the toy holds the tables of the game played only), its
 * typed arrays views of one buffer (packedViews).
 */
export function maskTablesMaker(t: MaskTables): string {
  const v = packedViews(["toggle", "solve", "check", "quiet", "order"].map((name) => ({ name, type: "Int32Array" as const, data: t[name as "toggle"] })));
  return `function(){var b=new Int32Array([${v.words}]).buffer;return{rows:${t.rows},cols:${t.cols},cells:${t.cells},keys:${t.keys},${v.views}}}`;
}

function configPlugin(p: Profile): Plugin {
  return {
    name: "merlin-config",
    setup(b) {
      b.onResolve({ filter: /^merlin:(config|games)$/ }, (args) => ({ path: args.path, namespace: "merlin-config" }));
      b.onLoad({ filter: /.*/, namespace: "merlin-config" }, (args) => ({
        contents: args.path === "merlin:games" ? gamesModule(p) : configModule(p),
        loader: "js",
        resolveDir: ROOT,
      }));
    },
  };
}

export function outputPath(name: string): string {
  return name === DEFAULT_PROFILE ? join(ROOT, "dist", "firmware.js") : join(ROOT, "dist", name, "firmware.js");
}

export interface BuildResult {
  profile: string;
  /** Where the bundle goes: written there only when `written` is true. */
  file: string;
  /** The bundle's text; empty when the sources already fail the subset check. */
  code: string;
  bytes: number;
  /** Subset findings in the sources (TS file:line) or the bundle; any finding means nothing was written. */
  findings: Finding[];
  written: boolean;
  /** What the build decided from its measurement (hotpath.ts); none when the sources fail the subset check. */
  decisions?: Decisions;
  /** The decisions as text (hotpath.ts explain): `npm run build -- --explain`. */
  explanation?: string;
  /** Merlin's other games, each a Storage file of its own (its name on the toy, its text), written beside the bundle. */
  games?: GameBundle[];
}

export interface GameBundle {
  file: string;
  code: string;
  /** The functions its `@kept` tags keep functions of their own (hotpath.ts), by their names in the sources. */
  kept: string[];
}

/** A bundle in memory: what bundleFirmware makes and buildFirmware writes when it is clean. */
export type Bundle = Pick<BuildResult, "profile" | "code" | "bytes" | "findings" | "decisions" | "explanation" | "games">;

export interface BuildOptions {
  /** Write the bundle to `file` (default true); false keeps it in memory only. */
  write?: boolean;
  /** Default outputPath(profile name). */
  file?: string;
  /** Makes the bundle; default bundleFirmware (a seam for tests of what gets written). */
  bundle?: (p: Profile) => Promise<Bundle>;
}

/**
 * Bundles the firmware for one profile and, when the sources and the bundle pass the Espruino
 * subset check, writes it atomically; a bundle with findings leaves the last good file as it
 * was. Throws esbuild's error (its `errors` carry file:line) when the sources do not bundle.
 */
export async function buildFirmware(p: Profile, opts: BuildOptions = {}): Promise<BuildResult> {
  const file = opts.file ?? outputPath(p.name);
  const b = await (opts.bundle ?? bundleFirmware)(p);
  const write = opts.write !== false && b.findings.length === 0;
  if (write) {
    for (const g of b.games ?? []) writeAtomically(join(dirname(file), g.file), g.code);
    writeAtomically(file, b.code);
  }
  return { ...b, file, written: write };
}

/**
 * esbuild's bundle of the firmware for one profile: the profile's defines folded, dead code
 * dropped, property names shortened (mangle.ts), every name otherwise as in the sources but
 * for parameters whose name another binding has, which get a number (unique-names.ts, so
 * terser can dissolve their functions into callers). What the build measures (hotpath.ts) and
 * then hands to terser.
 */
export async function esbuildBundle(p: Profile): Promise<string> {
  return (await esbuildCore(p)).code;
}

/** esbuildBundle, with the property names esbuild gave (its mangle cache), which the games' modules must share. */
export async function esbuildCore(p: Profile): Promise<{ code: string; names: Record<string, string | false> }> {
  const result = await build({
    entryPoints: [join(ROOT, "firmware", "main.ts")],
    // (The files' `// path` comments, which the build's tags are found by, relative to the repository wherever it runs from.)
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    // CommonJS output inside our own function wrapper: esbuild's iife format would wrap
    // require("Storage") in a shim that uses Proxy, which Espruino lacks; as CommonJS it stays
    // a plain call to Espruino's built-in require, and the wrapper keeps every name local.
    format: "cjs",
    banner: { js: "(function(){" },
    footer: { js: "})();" },
    target: "es2015",
    // Folding only (the profile's defines, dead code): terser minifies next, and it needs the
    // call annotations the build adds (hotpath.ts), which esbuild's whitespace minifier would drop.
    minifySyntax: true,
    legalComments: "none",
    supported: ESBUILD_SUPPORTED,
    mangleProps: manglePattern(mangledNames(ROOT, firmwareSources())),
    define: configDefines(p),
    plugins: [configPlugin(p)],
    // Espruino built-in modules stay runtime require() calls.
    external: ["Storage", "neopixel", "Wifi"],
    mangleCache: {},
    logLevel: "silent",
  });
  return { code: uniqueNames(result.outputFiles[0].text), names: result.mangleCache ?? {} };
}

/**
 * The Storage modules profile `p` carries, each a file of its own that the toy evaluates when it
 * is wanted (as Bangle.js loads an app): Magic Square made for the board (firmware/magicsquare.ts:
 * its tables and Lights Out games), and when the profile carries any of Merlin's other games (its
 * `games`, default every one of src/toy/games/index.ts) the player of the games on Merlin's lights
 * (src/toy/lightgames.ts) and each of those games; on boards with Lights Out games each back-end
 * module Magic Square plays them and the rule sets on (backendModules), read when it is wanted;
 * and the console API (firmware/console.ts).
 * `from` is the module to import, `value` what of it the file's value is: one export, or (a
 * back-end module) an object of several by name.
 */
export function storageModules(p: Profile): { name: string; from: string; value: string | string[] }[] {
  const games = profileModules(p);
  return [
    { name: MAGIC_SQUARE, from: "./firmware/magicsquare", value: "magicSquareOnBoard" },
    ...(games.length > 0 ? [{ name: LIGHT_GAMES, from: "./src/toy/lightgames", value: "lightGames" }] : []),
    ...games.map((m) => ({ name: m.name, from: `./src/toy/games/${m.name}`, value: m.name })),
    ...backendModules(p).map((m) => ({ name: m.name, from: "./firmware/games", value: m.classes })),
    { name: CONSOLE, from: "./firmware/console", value: "consoleApi" },
  ];
}

/**
 * Each of the profile's Storage modules (storageModules) as esbuild bundles it, before terser:
 * one function body whose value is the module, returned. Each is bundled alone with the
 * profile's configuration and the property names the core and the modules before it were
 * given (`names`: esbuild's mangle cache), so the core and the modules read each other's objects.
 */
export async function esbuildModules(p: Profile, names: Record<string, string | false>): Promise<{ name: string; code: string }[]> {
  const out: { name: string; code: string }[] = [];
  // One cache through them all: a property one module names first (a GameModule's `status`,
  // named by the player of the games on the lights) is shortened alike in the others.
  let cache = { ...names };
  for (const m of storageModules(p)) {
    const marker = "MERLIN_GAME_MODULE";
    const names = typeof m.value === "string" ? [m.value] : m.value;
    const value = typeof m.value === "string" ? m.value : `{${names.map((n) => `${n}: ${n}`).join(", ")}}`;
    const result = await build({
      stdin: { contents: `import { ${names.join(", ")} } from "${m.from}";
${marker}(${value});`, loader: "ts", resolveDir: ROOT, sourcefile: `${m.name}-entry.ts` },
      absWorkingDir: ROOT,
      bundle: true,
      write: false,
      format: "iife",
      target: "es2015",
      minifySyntax: true,
      legalComments: "none",
      supported: ESBUILD_SUPPORTED,
      mangleProps: manglePattern(mangledNames(ROOT, firmwareSources())),
      mangleCache: cache,
      define: configDefines(p),
      plugins: [configPlugin(p)],
      logLevel: "silent",
    });
    cache = { ...cache, ...result.mangleCache };
    // The entry's last line hands the module out: the iife returns it instead.
    const code = result.outputFiles[0].text;
    if (code.split(marker + "(").length !== 2) throw new Error(`build: ${gameFile(m.name)}: the module's value was not found in esbuild's output`);
    out.push({ name: m.name, code: code.replace(marker + "(", "return(") });
  }
  return out;
}

/**
 * Each of the profile's Storage modules (esbuildModules) as the text of its file: one
 * expression whose value is the module. As the core, each is squeezed and shortened, with the
 * decisions that need no measuring (small functions inlined at every call: hotpath.ts decide)
 * and its functions' tags (`tags`, default: those of the firmware's sources).
 */
export async function gameBundles(p: Profile, names: Record<string, string | false>, tags: Tag[] = readAllTags(firmwareSources(), ROOT)): Promise<GameBundle[]> {
  const out: GameBundle[] = [];
  for (const m of await esbuildModules(p, names)) {
    // (Expression: the file's value is its last expression's, which terser must keep.)
    const prog = analyse(uniqueNames(m.code));
    const d = decide(p, prog, unmeasured(prog), tagsInBundle(prog, tags, ROOT).found);
    const squeezed = await squeezedWith(prog, d, true).catch((e) => {
      throw new Error(`build: ${gameFile(m.name)}: ${(e as Error).message}`);
    });
    // (In parentheses: Espruino reads a program that starts with an arrow function, `a=>…`, as
    // something else.)
    out.push({ file: gameFile(m.name), code: "(" + (await shorten(squeezed, "")).replace(/;$/, "") + ")", kept: d.kept.map((k) => k.name) });
  }
  return out;
}

/** The modules of the games profile `p` carries (its `games`, default all of them), in the list's order. */
export function profileModules(p: Profile) {
  return GAME_MODULES.filter((m) => p.games === undefined || p.games.includes(m.name));
}

/** Storage modules (gameBundles) as the virtual board's `files`: each file's text by its name. */
export function storageFiles(games: GameBundle[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const g of games) files[g.file] = g.code;
  return files;
}

/** The bundle for one profile, checked, in memory: the sources' subset findings, or the bundle's. */
export async function bundleFirmware(p: Profile): Promise<Bundle> {
  const sourceFindings = checkFirmwareSources();
  if (sourceFindings.length > 0) return { profile: p.name, code: "", bytes: 0, findings: sourceFindings };
  const core = await esbuildCore(p);
  const prog = analyse(core.code);
  // The games first: the measuring script plays the core with them in its Storage, as the toy does.
  const games = await gameBundles(p, core.names);
  const decisions = await measuredDecisions(p, prog, undefined, storageFiles(games));
  const code = await placedBundle(p, prog, decisions);
  const findings = checkBundle(code, allowedGlobals(p), relative(ROOT, outputPath(p.name)));
  for (const g of games) findings.push(...checkBundle(g.code, JS_GLOBALS, g.file));
  const modulesKept = games.filter((g) => g.kept.length > 0).map((g) => `    ${g.file}: ${g.kept.join(", ")}\n`);
  const explanation = explain(decisions, prog) + (modulesKept.length > 0 ? "  kept functions of their own in the Storage modules (@kept; the script does not measure them):\n" + modulesKept.join("") : "");
  return { profile: p.name, code, bytes: Buffer.byteLength(code), findings, decisions, explanation, games };
}

/**
 * What the build decides for profile `p` from esbuild's bundle `prog` (hotpath.ts): the
 * measuring script's counts and the @cold tags (`tags`, default: those of the firmware's
 * sources). Throws, naming the function, when a tag matches no function of any profile's
 * bundle or Storage module, a @cold function is never called, or a function carries a `"ram"`
 * directive (every supported board maps its flash into memory, where the interpreter reads code
 * in place: the firmware keeps no code in RAM; docs/firmware.md).
 */
export async function measuredDecisions(
  p: Profile, prog: Program, tags: Tag[] = readAllTags(firmwareSources(), ROOT), files: Record<string, string> = {},
): Promise<Decisions> {
  for (const f of prog.fns) {
    if (f.directives.includes("ram")) throw new Error(`build: ${f.name} has a "ram" directive; every supported board reads code in place from its memory-mapped flash, so the firmware keeps none in RAM (remove it)`);
  }
  const { found, missing } = tagsInBundle(prog, tags, ROOT);
  // (Code a profile cannot use is not in its bundle: a tag must match in some profile's bundle
  // or Storage module, each analysed once, while any tag is still unmatched.)
  let unmatched = missing;
  for (const name of listProfiles()) {
    if (unmatched.length === 0) break;
    const other = loadProfile(name);
    const bundles = [...(name === p.name ? [] : [await esbuildBundle(other)]), ...(await esbuildModules(other, {})).map((m) => m.code)].map((code) => analyse(code));
    unmatched = unmatched.filter((t) => bundles.every((b) => tagsInBundle(b, [t], ROOT).missing.length > 0));
  }
  for (const t of unmatched) {
    throw new Error(`build: @${t.tag} on ${t.name} (${relative(ROOT, t.file)}:${t.line}) matches no function in any profile's bundle or Storage module`);
  }
  for (const name of found.cold) {
    const f = prog.fns.find((x) => x.declared && x.name === name);
    if (f && !prog.calls.some((c) => c.callee === f.index)) throw new Error(`build: @cold on ${name}, which the bundle never calls`);
  }
  const measured = playScript(p, instrument(prog), prog.fns.length, toyGameSpecs(p).map((g) => g.spec.name), CUES, files);
  const d = decide(p, prog, measured, found);
  if (d.hot.length === 0) throw new Error(`build: the measuring script ran no function of ${p.name}'s firmware`);
  return d;
}

/**
 * The bundle minified (squeeze, shorten) with the decisions applied (hotpath.ts applyDecisions), and one
 * more decision that needs terser's output: a function the player's actions run that terser
 * inlined without dissolving it, leaving a function expression called in place (hotpath.ts
 * madeInPlace), would be made afresh each time it runs — a function object, its body lexed to
 * find its end, and where the code is not in memory the interpreter can point at, a copy of
 * it. Such functions are kept functions of their own, called, the most worth first within the
 * profile's allowance (hotpath.ts speedAllowance, keptChoice); the bundle is made again until
 * no new one appears. The rest stay in place (explain lists them).
 */
export async function placedBundle(p: Profile, prog: Program, d: Decisions): Promise<string> {
  const hot = new Map(d.hot.map((h) => [h.fn, h.perAction]));
  const bars = actionBars(p);
  const judged = new Set<number>();
  let spent = 0;
  for (;;) {
    const squeezed = await squeezedWith(prog, d);
    const fresh = madeInPlace(prog, squeezed).fns.filter((fn) => hot.has(fn) && !judged.has(fn));
    if (fresh.length === 0) return shorten(squeezed, CUES);
    const choices = fresh.map((fn) => keptChoice(prog, fn, hot.get(fn)!, bars));
    choices.sort((a, b) => b.density - a.density || a.fn - b.fn);
    for (const c of choices) {
      judged.add(c.fn);
      if (spent + c.cost <= d.allowance) {
        d.kept.push(c);
        spent += c.cost;
      } else d.leftOut.push(c);
    }
  }
}

/**
 * Esbuild's bundle `prog` with the decisions `d` applied, through terser's compression and the
 * passes after it (after-terser.ts): the variables terser forgot declared, the one-expression
 * function expressions it left in place dissolved. Names are not yet shortened.
 */
export async function squeezedWith(prog: Program, d: Decisions, expression = false): Promise<string> {
  const raw = await squeeze(applyDecisions(prog, d), expression);
  return dissolveInPlace(declareStrays(raw, strayNames(prog, raw)));
}

/** The bindings of esbuild's bundle `prog` that terser's output `squeezed` uses undeclared (after-terser.ts declareStrays). */
export function strayNames(prog: Program, squeezed: string): Set<string> {
  const own = new Set(prog.fns.flatMap((f) => f.names));
  const free = checkBundle(squeezed, []).filter((f) => f.rule === "free-global");
  return new Set(free.map((f) => f.name ?? "").filter((name) => own.has(name)));
}

/**
 * Terser's options for the second minifying pass. esbuild bundles, strips the types, folds
 * the profile's defines and mangles properties; terser then does what esbuild's minifier does
 * not: inlines functions used once (on Espruino every top-level function costs ~8–11 JsVars
 * for as long as the toy runs), turns function expressions that do not use `this` or
 * `arguments` into arrows (which Espruino runs natively), and compresses in several passes.
 * Measured on pico-3x3 when it was added: 13 561 → 12 820 bytes, and 45 fewer JsVars after boot.
 */
export const TERSER_OPTIONS = {
  ecma: 2015 as const,
  compress: {
    ecma: 2015 as const,
    passes: 3,
    arrows: true,
    unsafe_arrows: true,
    // Reading a property has no side effects in the firmware (it defines no getters), so an
    // unused read such as keyEventsUpdate's event count, which the toy ignores, is dropped.
    pure_getters: true,
    // Espruino does not hoist functions: never move a declaration.
    hoist_funs: false,
    hoist_vars: false,
    // Leave directives as they are: compactBundle knows the wrapper by its "use strict".
    directives: false,
  },
  mangle: { reserved: [UNDEFINED_NAME, MATH_NAME] },
  // Escapes anything beyond ASCII ("×" → "\xd7"): the bundle is sent to the board as text.
  format: { ecma: 2015 as const, ascii_only: true },
};

/** The sound cues, packed by src/toy/sounds.ts encodeCues: the value of CUE_TEXT in the bundle. */
export const CUES = encodeCues(NOTES, CUE_START);

/**
 * The second minifying pass (TERSER_OPTIONS) over esbuild's bundle is made in two steps:
 * terser's compression alone (squeeze), whose output the build reads by the sources' names
 * (placedBundle), then the short names and the output (shorten).
 */
export async function squeeze(code: string, expression = false): Promise<string> {
  const out = await minify(code, { ecma: TERSER_OPTIONS.ecma, compress: { ...TERSER_OPTIONS.compress, expression }, mangle: false });
  if (typeof out.code !== "string") throw new Error("terser returned no code");
  return out.code;
}

/** Terser's short names and output (TERSER_OPTIONS.mangle, .format) for a squeezed bundle, then compactBundle and hoistVars. */
export async function shorten(squeezed: string, cueText: string): Promise<string> {
  const out = await minify(squeezed, { ecma: TERSER_OPTIONS.ecma, compress: false, mangle: TERSER_OPTIONS.mangle, format: TERSER_OPTIONS.format });
  if (typeof out.code !== "string") throw new Error("terser returned no code");
  return hoistVars(compactBundle(out.code.trim(), cueText));
}

/**
 * Byte savers for the bundle terser made (pico-3x3: 12 544 → 12 2xx bytes). Every `void 0`
 * (terser writes dozens) becomes UNDEFINED_NAME, a parameter of the bundle's wrapper function
 * that is never passed nor assigned, and every `Math.` becomes MATH_NAME, a parameter passed
 * `Math` (done after terser, which would fold the parameters back; its mangler never generates
 * those names). And the "use strict" directive esbuild copies from the tsconfig goes: Espruino
 * has no strict mode, so it only made the simulator's V8 stricter than the toy. A bundle of
 * another shape is returned as it is.
 *
 * The sound cues (`cueText`) are passed to the wrapper too, as its parameter CUE_TEXT (a global
 * to esbuild and terser: firmware/config.d.ts), so that they are one string in RAM (about 12
 * JsVars) rather than a literal in the function that looks a cue up, which Espruino would lex
 * from flash on every key press.
 */
export function compactBundle(code: string, cueText = ""): string {
  // Terser writes the wrapper as an arrow, or (pixel boards with games: it keeps `function`
  // for reasons of its own) as `!function(){…}();`; the wrapper stays of the kind it was.
  const params = `${MATH_NAME},CUE_TEXT,${UNDEFINED_NAME}`;
  const shapes = [
    { open: '(()=>{"use strict";', close: "})();", wrap: `((${params})=>{` },
    { open: '!function(){"use strict";', close: "}();", wrap: `(function(${params}){` },
  ];
  const shape = shapes.find((w) => code.startsWith(w.open) && code.endsWith(w.close));
  const compact = (body: string) => body.replace(/\bvoid 0\b/g, UNDEFINED_NAME).replace(/(?<![.\w$])Math\./g, MATH_NAME + ".");
  if (shape === undefined) {
    // A Storage module (gameBundles): `(()=>{…})()`, its value the file's; Math and undefined passed the same way.
    const module = code.startsWith("(()=>{") && code.endsWith("})();") ? code.slice("(()=>{".length, code.length - "})();".length) : null;
    return module === null ? code : `((${MATH_NAME},${UNDEFINED_NAME})=>{` + compact(module) + "})(Math);";
  }
  const body = code.slice(shape.open.length, code.length - shape.close.length);
  return shape.wrap + compact(body) + `})(Math,${JSON.stringify(cueText)});`;
}

/**
 * Writes `text` to a temporary file next to `file`, then renames it over `file`, so a reader
 * (another test worker, the simulator) sees the old file or the new one, never half of one.
 */
export function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Every TypeScript file the firmware may bundle: firmware/*.ts (its folders, build/, flash/ and
 * measure/, are Node tools) and src/**.ts.
 */
export function firmwareSources(): string[] {
  const out: string[] = [];
  const walk = (dir: string, deep: boolean) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (deep) walk(path, deep);
      } else if (e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) out.push(path);
    }
  };
  walk(join(ROOT, "firmware"), false);
  walk(join(ROOT, "src"), true);
  return out.sort();
}

let sourceCheck: { stamp: string; findings: Finding[] } | undefined;

/**
 * The Espruino subset check over firmwareSources(), so a finding names the TypeScript file and
 * line. Remembered for the process while no source file changes (their paths, sizes and mtimes).
 */
export function checkFirmwareSources(): Finding[] {
  const files = firmwareSources();
  const stamp = files
    .map((f) => {
      const st = statSync(f);
      return `${f}:${st.size}:${st.mtimeMs}`;
    })
    .join("\n");
  if (sourceCheck?.stamp !== stamp) sourceCheck = { stamp, findings: checkSourceFiles(files) };
  return sourceCheck.findings;
}

/** One line per finding, with its file relative to the checkout. */
export function findingLine(f: Finding): string {
  return formatFinding(isAbsolute(f.file) ? { ...f, file: relative(ROOT, f.file) } : f);
}

function typecheck(): void {
  const tsc = join(ROOT, "node_modules", ".bin", "tsc");
  const r = spawnSync(tsc, ["-p", join(ROOT, "firmware", "tsconfig.json")], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("firmware type check failed (tsc -p firmware/tsconfig.json)");
}

const OPTIONS: OptionSpec[] = [
  { name: "board", type: "string", arg: "NAME", help: "board profile", default: DEFAULT_PROFILE },
  { name: "all", type: "flag", help: "build every profile in hardware/profiles/" },
  { name: "explain", type: "flag", help: "print what the build decided: hot, cold, inlined and kept functions (firmware/build/hotpath.ts)" },
];

function help(): string {
  return (
    toolHelp(OPTIONS, {
      name: "build",
      command: "npm run build",
      usage: "npm run build [-- --board NAME | --all] [--explain]",
      summary: `the firmware bundle: dist/firmware.js (${DEFAULT_PROFILE}) or dist/NAME/firmware.js`,
      about: `Profiles: ${listProfiles().join(", ")}.`,
      examples: [
        ["npm run build", `dist/firmware.js for ${DEFAULT_PROFILE}`],
        ["npm run build -- --board pico-5x5-neopixel", "dist/pico-5x5-neopixel/firmware.js"],
        ["npm run build -- --all", "every profile"],
        ["npm run build -- --explain", "and which functions are hot, never inlined, inlined or kept functions of their own, and why"],
      ],
    }) + "\n"
  );
}

async function main(argv: string[]): Promise<number> {
  let opts;
  try {
    opts = parseOptions(argv, OPTIONS, { usage: "npm run build", help: "npm run build -- --help" });
  } catch (e) {
    process.stderr.write(`build: ${(e as Error).message}\n`);
    return 2;
  }
  if (opts.help) {
    process.stdout.write(help());
    return 0;
  }
  if (opts.positionals.length > 0) {
    process.stderr.write(`build: unexpected argument '${opts.positionals[0]}' (see npm run build -- --help)\n`);
    return 2;
  }
  if (opts.values.all && argv.some((a) => a === "--board" || a.startsWith("--board="))) {
    process.stderr.write("build: --all and --board exclude each other (see npm run build -- --help)\n");
    return 2;
  }
  const names = opts.values.all ? listProfiles() : [opts.values.board as string];
  let profiles: Profile[];
  try {
    profiles = names.map((n) => loadProfile(n));
  } catch (e) {
    process.stderr.write(`build: ${(e as Error).message}\n`);
    return 2;
  }
  try {
    typecheck();
  } catch (e) {
    process.stderr.write(`build: ${(e as Error).message}\n`);
    return 1;
  }
  const sourceFindings = checkFirmwareSources();
  if (sourceFindings.length > 0) {
    for (const f of sourceFindings) process.stderr.write(`build: ${findingLine(f)}\n`);
    process.stderr.write(`build: ${sourceFindings.length} construct(s) Espruino cannot run (see above); nothing written\n`);
    return 1;
  }
  let failed = false;
  for (const p of profiles) {
    let r: BuildResult;
    try {
      r = await buildFirmware(p);
    } catch (e) {
      const errors = (e as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors;
      if (!errors) {
        // The build's own refusals (hotpath.ts, the decisions above) are one line each.
        if (e instanceof Error && /^(build|hotpath): /.test(e.message)) {
          process.stderr.write(`${e.message.replace(/^(build|hotpath): /, `build (${p.name}): `)}\n`);
          failed = true;
          continue;
        }
        throw e;
      }
      for (const m of errors) {
        const where = m.location ? `${m.location.file}:${m.location.line}:${m.location.column}: ` : "";
        process.stderr.write(`build (${p.name}): ${where}${m.text}\n`);
      }
      failed = true;
      continue;
    }
    for (const f of r.findings) process.stderr.write(`build (${p.name}): ${findingLine(f)}\n`);
    if (!r.written) {
      failed = true;
      process.stderr.write(`build (${p.name}): not written; ${relative(ROOT, r.file)} is left as it was\n`);
      continue;
    }
    process.stdout.write(`${relative(ROOT, r.file)}  ${r.bytes} bytes  (${p.name})\n`);
    if (opts.values.explain && r.explanation) process.stdout.write(r.explanation);
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && process.argv[1].endsWith("build.ts")) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}

/**
 * The toy on the virtual board, for tests that play it through its pins: build the firmware
 * for a profile in memory (so a fresh clone needs no prior `npm run build`), boot it, tap pads,
 * and read what a player sees (LED pins) and hears (the piezo).
 *
 *   beforeAll(() => buildToy("pico-3x3"));
 *   const board = bootToy("pico-3x3", { bounceMs: 3 });
 *   tap(board, 4);                 // press the centre pad for 80 ms, then wait 120 ms
 *   board.ledFrame();              // "…" row-major, "1" = lit
 *   toyState(board).moves;         // the console API, only to set up and to read status
 */
import { findingLine, outputPath } from "../../firmware/build/build";
import type { Profile } from "../../hardware/profile";
import { loadProfile } from "../../hardware/validate";
import { namedTarget } from "../../src/maths/boardstate";
import { gridPuzzle } from "../../src/maths/puzzle";
import { compileTables } from "../../src/maths/compile-tables";
import { type MaskTables } from "../../src/toy/tables";
import type { KeyRef, ToneEvent, VirtualBoard } from "../../sim/board";
import { createVirtualBoard, type NodeBoardOptions } from "../../sim/node/host";
import type { FirmwareState } from "../../sim/app/session";
import { firmwareBundle } from "./firmware-cache";
import { mulberry32 } from "./seeded";

const built = new Map<string, Promise<string>>();

/**
 * Builds the firmware for a profile in memory (once per test run and change of the sources:
 * test/helpers/firmware-cache.ts keeps it for the other test files; dist/ is left alone, other
 * test files may be reading it) and returns its text. Call it in beforeAll.
 */
export function buildToy(name: string): Promise<string> {
  let p = built.get(name);
  if (!p) {
    p = firmwareBundle(name).then((b) => {
      if (b.findings.length > 0) throw new Error(`firmware for ${name} breaks the Espruino subset:\n${b.findings.map(findingLine).join("\n")}`);
      return b.code;
    });
    built.set(name, p);
  }
  return p;
}

const codes = new Map<string, string>();
const modules = new Map<string, Record<string, string>>();

/** buildToy, remembering the text and the profile's Storage modules (toyGameFiles) for bootToy. */
export async function prepareToy(name: string): Promise<string> {
  const code = await buildToy(name);
  codes.set(name, code);
  modules.set(name, await toyGameFiles(name));
  return code;
}

export interface ToyOptions extends Omit<Partial<NodeBoardOptions>, "profile" | "code"> {
  /** Firmware text; default: what prepareToy built for this profile. */
  code?: string;
  /** Storage files flashed with it; default: the profile's Storage modules, as prepareToy had them built. */
  files?: Record<string, string>;
  /** Virtual ms to run after power-on (the 0.5 s light test and its tone). Default 1000. */
  settleMs?: number;
}

/**
 * The Storage modules the profile's build made (Magic Square, Merlin's games, the console API),
 * each by its file name on the toy (merlin-NAME.js), as `npm run flash` writes them beside the
 * image. bootToy flashes them unless told other `files`.
 */
export async function toyGameFiles(name: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const g of (await firmwareBundle(name)).games ?? []) files[g.file] = g.code;
  return files;
}

/** Powers on a virtual board running the toy's firmware for `name`, with a fresh in-memory flash. */
export function bootToy(name: string, opts: ToyOptions = {}): VirtualBoard {
  const code = opts.code ?? codes.get(name);
  if (code === undefined) throw new Error(`bootToy(${name}): call prepareToy("${name}") in beforeAll first`);
  const { settleMs, ...rest } = opts;
  const board = createVirtualBoard({
    seed: 1,
    codeName: outputPath(name),
    ...rest,
    profile: loadProfile(name),
    code,
    files: opts.files ?? modules.get(name) ?? {},
  });
  board.clock.advance(settleMs ?? 1000);
  return board;
}

/** Press a pad (0-based) or button for holdMs, then leave it released for gapMs (virtual ms). */
export function tap(board: VirtualBoard, key: KeyRef, holdMs = 80, gapMs = 120, bounceMs?: number): void {
  const o = bounceMs === undefined ? undefined : { bounceMs };
  board.press(key, o);
  board.clock.advance(holdMs);
  board.release(key, o);
  board.clock.advance(gapMs);
}

/** Hold a key for ms, then release it and wait gapMs. */
export function hold(board: VirtualBoard, key: KeyRef, ms: number, gapMs = 120): void {
  tap(board, key, ms, gapMs);
}

/** What Merlin.state() returns. */
export type ToyState = FirmwareState;

/** Merlin.state() through the console. */
export function toyState(board: VirtualBoard): ToyState {
  return board.eval("Merlin.state()") as ToyState;
}

/** Merlin.start(bits) through the console (a position to play from, under the current rules). */
export function startAt(board: VirtualBoard, bits: string): ToyState {
  return board.eval(`Merlin.start(${JSON.stringify(bits)})`) as ToyState;
}

export function setRules(board: VirtualBoard, name: string): ToyState {
  return board.eval(`Merlin.setRules(${JSON.stringify(name)})`) as ToyState;
}

/** Tones (non-silent changes) on the piezo since `fromT` (virtual ms). */
export function tonesSince(board: VirtualBoard, fromT: number): ToneEvent[] {
  return board.tones.filter((e) => e.t >= fromT && e.freq > 0);
}

/** What a profile's pads do: the same press pattern the toy's own tables hold (Merlin's rules). */
export interface PadGeometry {
  profile: Profile;
  rows: number;
  cols: number;
  pads: number;
  /** toggle[k]: mask of the pads a press of pad k toggles (bit i = pad i, row-major). */
  toggle: number[];
  /** The goal: every pad lit but the centre (the middle one, or middle 2×2 on an even side). */
  goal: number;
  tables: MaskTables;
}

export function padGeometry(name: string): PadGeometry {
  const profile = loadProfile(name);
  const puzzle = gridPuzzle({ rows: profile.rows, cols: profile.cols, pattern: "merlin" });
  const tables = compileTables(puzzle);
  const goal = namedTarget(puzzle, "ring").reduce((m, v, i) => m | (v << i), 0);
  return {
    profile,
    rows: profile.rows,
    cols: profile.cols,
    pads: profile.rows * profile.cols,
    toggle: Array.from(tables.toggle),
    goal,
    tables,
  };
}

/** A mask as the row-major "0/1" string ledFrame() and Merlin.state() use. */
export { maskToBits as bitsOf } from "../../src/toy/maskbits";

/** The board reached from `from` by pressing `keys` (0-based pads). */
export function afterPresses(g: PadGeometry, from: number, keys: number[]): number {
  let m = from;
  for (const k of keys) m ^= g.toggle[k];
  return m >>> 0;
}

/** A seeded PRNG for test scripts. */
export const testRng = mulberry32;

/**
 * A console expression that gives the toy's console API another shape from now on: `patch` is
 * the body of a function of `m`, the API as the firmware reads it from its Storage file each
 * time `Merlin` is used (firmware/console.ts), run on every such read (e.g. "delete m.redo").
 */
export function patchedConsole(patch: string): string {
  return `(function(){var get=Object.getOwnPropertyDescriptor(globalThis,"Merlin").get;` +
    `Object.defineProperty(globalThis,"Merlin",{get:function(){var m=get();(function(m){${patch}})(m);return m},configurable:true})})()`;
}


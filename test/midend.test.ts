// The toy's mid-end on the host, under a fake clock (QMK's debounce tests are the model):
// timed tables of debounced key masks and console calls in, effects out. The facts are the
// toy's documented behaviour (docs/toy.md): presses act on key-down; a 1.5 s
// hold of pad N takes back its press through the game's history and runs gesture N; pads 1 and
// 9 held 3 s start the self-test; a key held 10 s is ignored until released; the toy sleeps
// after the idle time; console calls are checked as the command line checks them.
import { describe, expect, it } from "vitest";
import { Backend, Board } from "../src/toy/backend";
import { createGame, createGameFrom, saveGame } from "../src/toy/game";
import {
  Command, createToy, FILE_GAME, FILE_SETTINGS, FILE_STATS, POWER_SLEEP, POWER_WAKE, SAVE_NOW, Toy, toyCommand, ToyEffects, toyFile, toyKeys,
  toyDue, toyMaths, toyPowerOn, toyPress, toyState, toyStats, toyTick,
} from "../src/toy/midend";
import { magicSquare, ToyGame } from "../src/toy/games/magicsquare";
import { shelfOf } from "../src/toy/games/index";
import { namedTarget } from "../src/maths/boardstate";
import { SolverBackend } from "../src/maths/cellboards";
import { CellBackend } from "../src/toy/cellgame";
import { LevelBackend } from "../src/toy/levels";
import { MaskBackend } from "../src/toy/maskgame";
import { MaskTables } from "../src/toy/tables";
import { maskToBits } from "../src/toy/maskbits";
import { gridPuzzle } from "../src/maths/puzzle";
import { RULES_BASIC, RULES_CLASSIC } from "../src/toy/rules";
import { CUE_MUTE, CUE_NEW_GAME, CUE_POWER_ON, CUE_PRESS, CUE_SELF_TEST, CUE_WIN } from "../src/toy/sounds";
import { compileCellTables, compileTables } from "../src/maths/compile-tables";
import { loadProfile } from "../hardware/validate";
import { boardBackend, profileGames } from "./helpers/profile-games";

const t = compileTables(gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" }));
/** Merlin's goal: the ring of 8 lit, the centre dark (source 002). */
const RING = 0b111101111;
const bits = (m: number) => maskToBits(m, 9);
/** A start two presses (pads `a`, `b`, 0-based) from the goal. */
const near = (a: number, b: number) => RING ^ t.toggle[a] ^ t.toggle[b];
const NO_FILES = [null, null, null, null];

/** The toy under test. */
let toy: Toy;

/**
 * Powers on a new toy on tables `tables` (or a back-end maker) with goal `target`, `keyCount`
 * keys, its files, the seed of a first deal, the time and the brightness cap; returns its
 * power-on effects.
 */
function boot(
  tables: MaskTables | (() => Backend<Board>), target: Board, keyCount: number, files: (string | null)[], seed: number, time: number, maxBright: number,
  games: ToyGame[] = [],
): ToyEffects {
  const board = typeof tables === "function" ? tables : () => new MaskBackend(tables);
  // Magic Square on the board, without Merlin's other games; the boards here are square, with the four buttons.
  const side = Math.sqrt(keyCount - 4);
  if (side !== Math.floor(side)) throw new Error(`boot: ${keyCount} keys are not a square board's pads and four buttons`);
  toy = createToy(side, side, keyCount, maxBright, shelfOf(magicSquare(board, target, games), []), files, seed, time);
  return toyPowerOn(toy, time);
}

/** A fresh toy (no files) at time 0, playing from `start` under the basic rules. */
function toyAt(start: number, files: (string | null)[] = NO_FILES): ToyEffects {
  boot(t, RING, 13, files, 7, 0, 0);
  const fx = toyCommand(toy, "start", bits(start), 1);
  expect(fx.refused).toBe("");
  return fx;
}

/** Feeds a timed table of debounced key masks ([ms, mask]); returns each call's effects. */
function keys(table: [number, number][]): ToyEffects[] {
  return table.map(([ms, mask]) => toyKeys(toy, mask, ms));
}

describe("key presses", () => {
  it("a pad acts the moment it goes down: its pattern toggles, the press cue, the game to be saved", () => {
    toyAt(near(0, 1));
    const fx = toyKeys(toy, 1 << 4, 1000);
    expect(fx.show).toBe(true);
    expect(fx.frame).toBe(near(0, 1) ^ t.toggle[4]);
    expect(fx.cues).toEqual([CUE_PRESS]);
    expect(fx.save & (1 << FILE_GAME)).not.toBe(0);
    expect(fx.save & SAVE_NOW).toBe(0);
    expect(toyState(toy, 0)).toMatchObject({ moves: 1 });
    // While it is held the front end polls fast and calls again by the hold time (1.5 s).
    expect(toy.keysDue).toBe(2500);
    // The polls while it is held and the release change nothing.
    expect(toyKeys(toy, 1 << 4, 1002).show).toBe(false);
    const up = toyKeys(toy, 0, 1080);
    expect(up.show).toBe(false);
    expect(toy.keysDue).toBe(-1);
  });

  it("a win is counted and written at once", () => {
    toyAt(RING ^ t.toggle[0]);
    const fx = toyKeys(toy, 1, 1000);
    expect(fx.cues).toEqual([CUE_PRESS, CUE_WIN]);
    expect(fx.save & SAVE_NOW).not.toBe(0);
    expect(fx.save & (1 << FILE_STATS)).not.toBe(0);
    expect(toyStats(toy)).toEqual({ games: 1, wins: 1, best: 1 });
  });

  it("the extra buttons (keys 10…13) are NEW GAME, SAME GAME, HIT ME, COMP TURN", () => {
    toyAt(near(1, 2));
    expect(toyKeys(toy, 1 << 9, 100).cues).toEqual([CUE_NEW_GAME]);
    expect(toyState(toy, 0).puzzle).toBe(1);
    toyKeys(toy, 0, 200);
    const hint = toyKeys(toy, 1 << 11, 300);
    expect(hint.flashMs).toBeGreaterThan(0);
    toyKeys(toy, 0, 400);
    const moves = toyState(toy, 0).moves;
    toyKeys(toy, 1 << 12, 500);
    expect(toyState(toy, 0).moves).toBe(moves + 1);
  });
});

describe("hold gestures", () => {
  const table = (pad: number): [number, number][] => [[1000, 1 << pad], [1002, 1 << pad], [2499, 1 << pad], [2500, 1 << pad], [2600, 0]];

  it("holding pad 1 for 1.5 s takes its press back and deals a new game, at 1.5 s while still held", () => {
    toyAt(near(1, 2));
    const before = toyState(toy, 0);
    const fx = keys(table(0));
    expect(fx[0].cues).toEqual([CUE_PRESS]);
    expect(fx[2].show).toBe(false);
    expect(fx[3].cues).toContain(CUE_NEW_GAME);
    const after = toyState(toy, 0);
    expect(after.moves).toBe(0);
    expect(after.puzzle).toBe(before.puzzle + 1);
  });

  it("holding pad 4 (UNDO) takes back its own press, then the move before it: one undo mechanism", () => {
    toyAt(near(1, 2));
    toyKeys(toy, 1 << 1, 500);
    toyKeys(toy, 0, 600);
    expect(toyState(toy, 0).moves).toBe(1);
    keys(table(3));
    expect(toyState(toy, 0)).toMatchObject({ moves: 0, board: bits(near(1, 2)) });
  });

  it("a hold whose press won takes the win back out of the statistics", () => {
    toyAt(RING ^ t.toggle[7]);
    const fx = keys(table(7));
    expect(fx[0].cues).toContain(CUE_WIN);
    expect(toyStats(toy)).toEqual({ games: 0, wins: 0, best: 0 });
    // Pad 8's gesture shows the goal for a second; the game is back to before the press.
    expect(fx[3].flash).toBe(RING);
    expect(fx[3].flashMs).toBe(1000);
    expect(toyState(toy, 0)).toMatchObject({ moves: 0, status: "playing", board: bits(RING ^ t.toggle[7]) });
  });

  it("holding pad 6 switches to the next rule set and lights its pad; pad 7 mutes", () => {
    toyAt(near(1, 2));
    const fx = keys(table(5));
    expect(toyState(toy, 0).rules).toBe("merlin1978");
    expect(fx[3].flash).toBe(1 << 1);
    expect(fx[3].save & (1 << FILE_SETTINGS)).not.toBe(0);
    const mute = keys([[5000, 1 << 6], [6500, 1 << 6], [6600, 0]]);
    expect(mute[1].cues).toEqual([CUE_MUTE]);
    expect(toyState(toy, 0).muted).toBe(true);
  });

  it("holding pad 9 sleeps; holds of the extra buttons do nothing but their press", () => {
    toyAt(near(1, 2));
    expect(keys(table(8))[3].power).toBe(POWER_SLEEP);
    toyAt(near(1, 2));
    const fx = keys([[1000, 1 << 10], [2500, 1 << 10], [2600, 0]]);
    expect(fx[0].cues).toEqual([CUE_NEW_GAME]); // SAME GAME: under the basic rules the same start again
    expect(fx[1].show).toBe(false);
    expect(toyState(toy, 0)).toMatchObject({ puzzle: 0, moves: 0, board: bits(near(1, 2)) });
  });

  it("on a 4×4 board only pads 1…9 have gestures: holding pad 10 keeps its move", () => {
    const t4 = compileTables(gridPuzzle({ rows: 4, cols: 4, pattern: "plus" }));
    const lit = 0xffff;
    boot(t4, lit, 20, NO_FILES, 3, 0, 0);
    const moves = toyState(toy, 0).moves;
    const fx = keys([[1000, 1 << 9], [2500, 1 << 9], [2600, 0]]);
    expect(fx[0].cues).toEqual([CUE_PRESS]);
    expect(fx[1].show).toBe(false);
    expect(toyState(toy, 0).moves).toBe(moves + 1);
  });

  it("two keys down together give no hold", () => {
    toyAt(near(1, 2));
    keys([[1000, 1], [1100, 3], [2600, 3], [2700, 0]]);
    expect(toyState(toy, 0).moves).toBe(2);
  });
});

describe("undo and redo", () => {
  const hold = (pad: number, at: number): [number, number][] => [[at, 1 << pad], [at + 1500, 1 << pad], [at + 1600, 0]];

  it("pad 3, then UNDO (a hold of pad 4: its own press taken back first), then redo: pad 3 again, one move", () => {
    toyAt(0b101011010); // "010110101" as digits, pad 1 first
    keys([[1000, 1 << 2], [1100, 0]]);
    keys(hold(3, 2000));
    expect(toyState(toy, 0)).toMatchObject({ moves: 0, board: "010110101" });
    const fx = toyCommand(toy, "redo", undefined, 4000);
    expect(fx.refused).toBe("");
    expect(fx.cues).toEqual([CUE_PRESS]);
    expect(toyState(toy, fx.frame)).toMatchObject({ moves: 1, leds: "001101101" });
    // Nothing more to redo: an error, no move.
    expect(toyCommand(toy, "redo", undefined, 5000).error).not.toBe(0);
    expect(toyState(toy, 0).moves).toBe(1);
  });

  it("a hold's own press keeps what redo offered; a new press clears it", () => {
    toyAt(near(1, 2));
    keys([[1000, 1 << 1], [1100, 0]]);
    toyCommand(toy, "undo", undefined, 1200);
    // Holding pad 7 (mute) presses pad 7 first; taken back, redo still offers pad 2.
    keys(hold(6, 2000));
    expect(toyCommand(toy, "redo", undefined, 4000).error).toBe(0);
    expect(toyState(toy, 0)).toMatchObject({ moves: 1, board: bits(near(1, 2) ^ t.toggle[1]) });
    toyCommand(toy, "undo", undefined, 4100);
    keys([[5000, 1 << 4], [5100, 0]]);
    expect(toyCommand(toy, "redo", undefined, 6000).error).not.toBe(0);
  });
});

describe("what front ends ask the mid-end", () => {
  it("COMP TURN names the pad it pressed; the next rule set is the RULES hold's; the maths of the game played", () => {
    toyAt(near(1, 2));
    const comp = toyCommand(toy, "compTurn", undefined, 10);
    expect([1, 2]).toContain(comp.hint);
    expect(toyState(toy, 0).board).toBe(bits(near(1, 2) ^ t.toggle[comp.hint]));
    const next = toyCommand(toy, "nextRules", undefined, 20);
    expect(next.flash).toBe(1 << 1);
    expect(toyState(toy, 0).rules).toBe("merlin1978");
    const m = toyMaths(toy)!;
    expect(m).toMatchObject({ k: 2, rows: 3, cols: 3, target: "111101111" });
    expect(m.presses).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((key) => bits(t.toggle[key])));
    expect(m.presses[0]).toBe("110110000");
  });

  it("each call returns effects of its own: a later call leaves an earlier one as it was", () => {
    toyAt(near(1, 2));
    const first = toyKeys(toy, 1 << 4, 1000);
    const copy = JSON.parse(JSON.stringify(first));
    const second = toyKeys(toy, 0, 1100);
    toyKeys(toy, 1 << 0, 1200);
    expect(second).not.toBe(first);
    expect(JSON.parse(JSON.stringify(first))).toEqual(copy);
  });
});

describe("self-test", () => {
  it("pads 1 and 9 held 3 s take back both presses; each pad lights in turn with a click, then keys echo, then 30 s end it", () => {
    toyAt(near(1, 2));
    const before = toyState(toy, 0).board;
    const fx = keys([[1000, 1], [1050, 0x101], [4049, 0x101], [4050, 0x101]]);
    expect(fx[2].show).toBe(false);
    expect(fx[3].frame).toBe(1);
    expect(fx[3].cues).toEqual([CUE_SELF_TEST]);
    expect(toyState(toy, 0)).toMatchObject({ moves: 0, board: before });
    toyKeys(toy, 0, 4200);
    let due = toyDue(toy);
    for (let pad = 1; pad < 9; pad++) {
      expect(due).toBe(4050 + 250 * pad);
      const step = toyTick(toy, due);
      expect(step.frame).toBe(1 << pad);
      due = toyDue(toy);
    }
    expect(toyTick(toy, due).frame).toBe(0); // the echo phase
    expect(toyKeys(toy, 1 << 4, 7000).frame).toBe(1 << 4);
    toyKeys(toy, 0, 7100);
    expect(toyDue(toy)).toBe(7000 + 30000);
    const end = toyTick(toy, 37000);
    expect(end.frame).toBe(near(1, 2));
    expect(toyDue(toy)).toBe(7000 + 180000); // the idle time, from the last key
  });

  it("Merlin.selfTest() starts it, and again ends it", () => {
    toyAt(near(1, 2));
    expect(toyCommand(toy, "selfTest", undefined, 10).frame).toBe(1);
    expect(toyCommand(toy, "selfTest", undefined, 20).frame).toBe(near(1, 2));
  });
});

describe("stuck keys", () => {
  it("a key held 10 s is ignored (no more events, no release, no fast polling) while the others play", () => {
    toyAt(near(1, 2));
    // Pad 8 held from 1 s: its hold (GOAL) at 2.5 s takes its press back; at 11 s it is stuck.
    const fx = keys([[1000, 1 << 7], [2500, 1 << 7], [11000, 1 << 7]]);
    expect(toy.keysDue).toBe(-1);
    expect(toyState(toy, 0).moves).toBe(0);
    // Pad 1 while pad 8 stays stuck: a move.
    keys([[12000, (1 << 7) | 1], [12100, 1 << 7]]);
    expect(toyState(toy, 0).moves).toBe(1);
    // Pad 8 released silently, then pressed again: a move.
    keys([[13000, 0], [14000, 1 << 7], [14100, 0]]);
    expect(toyState(toy, 0).moves).toBe(2);
  });
});

describe("sleep", () => {
  it("after the idle time the toy sleeps (files written at once); a key only wakes it", () => {
    toyAt(near(1, 2));
    toyKeys(toy, 1 << 1, 1000);
    toyKeys(toy, 0, 1100);
    expect(toyDue(toy)).toBe(1000 + 180000);
    expect(toyTick(toy, 180999).power).toBe(0);
    const fx = toyTick(toy, 181000);
    expect(fx.power).toBe(POWER_SLEEP);
    expect(fx.save & SAVE_NOW).not.toBe(0);
    expect(toyDue(toy)).toBe(-1);
    expect(toyState(toy, 0).asleep).toBe(true);
    const wake = toyKeys(toy, 1 << 2, 500000);
    expect(wake.power).toBe(POWER_WAKE);
    expect(toyState(toy, 0)).toMatchObject({ asleep: false, moves: 1 });
  });

  it("setIdle(0) never sleeps; a new idle time counts from the call", () => {
    toyAt(near(1, 2));
    toyCommand(toy, "setIdle", 0, 10);
    expect(toyDue(toy)).toBe(-1);
    toyCommand(toy, "setIdle", 10000, 20);
    expect(toyDue(toy)).toBe(10020);
  });
});

describe("console calls", () => {
  it("refuse what the command line refuses, change nothing, and keep the reason until a call succeeds", () => {
    toyAt(near(1, 2));
    const before = toyState(toy, 0);
    for (const [cmd, arg, why] of [
      [null, 0, /^key must be a whole number from 1 to 13, got 0$/],
      [null, 1.5, /^key must be/],
      ["newGame", -1, /^seed must be a whole number from 0 to 4294967295, got -1$/],
      ["start", "0101", /^start must be 9 digits 0\/1/],
      ["start", "010/11/0101", /^start must be 9 digits 0\/1/],
      ["start", "111101111", /already solved/],
      ["setRules", "chess", /^rules must be one of basic, merlin1978, classic, got chess$/],
      ["mute", 1, /^mute takes true or false, got 1$/],
      ["setIdle", 1e300, /^idle must be 0 or a whole number from 10000 to 86400000, got 1e\+300$/],
    ] as [Command | null, unknown, RegExp][]) {
      // (null: a key pressed from the console, toyPress.)
      expect((cmd === null ? toyPress(toy, arg, 100) : toyCommand(toy, cmd, arg, 100)).refused).toMatch(why);
      expect(toyState(toy, 0).error).toMatch(why);
      expect({ ...toyState(toy, 0), error: null }).toEqual({ ...before, error: null });
    }
    expect(toyCommand(toy, "undo", undefined, 200).refused).toBe("");
    expect(toyState(toy, 0).error).toBeNull();
  });

  it("mute(true) mutes with its own cue and silences everything after; mute(false) unmutes", () => {
    toyAt(near(1, 2));
    expect(toyCommand(toy, "mute", true, 10).cues).toEqual([CUE_MUTE]);
    expect(toyKeys(toy, 1, 20).cues).toEqual([]);
    expect(toyCommand(toy, "mute", true, 30).cues).toEqual([]);
    expect(toyCommand(toy, "mute", false, 40).cues.length).toBe(1);
  });

  it("HIT ME names a pad of the solution; GOAL flashes the goal; SLEEP sleeps", () => {
    toyAt(near(1, 2));
    const fx = toyCommand(toy, "hint", undefined, 10);
    expect([1, 2]).toContain(fx.hint);
    expect(toyCommand(toy, "goal", undefined, 20)).toMatchObject({ flash: RING, flashMs: 1000 });
    expect(toyCommand(toy, "sleep", undefined, 30).power).toBe(POWER_SLEEP);
  });
});

describe("files", () => {
  it("the toy writes its settings, statistics and game and reads them back", () => {
    toyAt(RING ^ t.toggle[0]);
    toyKeys(toy, 1, 10);
    toyCommand(toy, "mute", true, 20);
    toyCommand(toy, "setIdle", 60000, 30);
    const files = [toyFile(toy, FILE_SETTINGS, 40), toyFile(toy, FILE_STATS, 40), toyFile(toy, FILE_GAME, 40)];
    expect(JSON.parse(files[0])).toEqual({ rules: "basic", mute: true, idle: 60000 });
    expect(JSON.parse(files[1])).toEqual({ games: 1, wins: 1, best: 1 });
    const fx = boot(t, RING, 13, files, 99, 1000, 0);
    expect(fx.cues).toEqual([]); // muted: no power-on tone
    expect(toyDue(toy)).toBe(1000 + 60000);
    expect(toyStats(toy)).toEqual({ games: 1, wins: 1, best: 1 });
    expect(toyState(toy, 0)).toMatchObject({ muted: true, status: "won", moves: 1 });
  });

  it("a file with anything out of place is read as missing, the others as usual", () => {
    const game = saveGame(new MaskBackend(t), createGameFrom(new MaskBackend(t), RING, RULES_BASIC, near(1, 2), 5, 0), 0);
    const cfg = '{"rules":"classic","mute":true,"idle":180000}';
    const stats = '{"games":3,"wins":1,"best":4}';
    for (const bad of ['{"games":-5,"wins":0,"best":0}', '{"games":3,"wins":4,"best":5}', '{"games":3,"wins":1,"best":0}',
      '{"games":3,"wins":0,"best":4}', '{"games":2.5,"wins":1,"best":3}', '{"games":1,"wins":1}', "[1,1,1]", "x,y", "null"]) {
      expect(boot(t, RING, 13, [cfg, bad, game], 1, 0, 0).cues).toEqual([]);
      expect(toyStats(toy)).toEqual({ games: 0, wins: 0, best: 0 });
      expect(toyState(toy, 0)).toMatchObject({ rules: "basic", muted: true, board: bits(near(1, 2)) });
    }
    for (const bad of ['{"rules":"chess","mute":false,"idle":180000}', '{"rules":"basic","mute":2,"idle":180000}',
      '{"rules":"basic","mute":false,"idle":1}', '{"rules":"basic","mute":false,"idle":1e300}', '{"rules":"basic","mute":false}']) {
      expect(boot(t, RING, 13, [bad, stats, game], 1, 0, 0).cues).toEqual([CUE_POWER_ON]);
      expect(toyState(toy, 0)).toMatchObject({ muted: false });
      expect(toyStats(toy)).toEqual({ games: 3, wins: 1, best: 4 });
    }
  });

  it("the brightness setting (pixel boards): 1 … the cap, kept with the settings; a file without it keeps the cap", () => {
    boot(t, RING, 13, NO_FILES, 7, 0, 48);
    expect(toyCommand(toy, "brightness", 0, 10).refused).toBe("brightness must be a whole number from 1 to 48, got 0");
    expect(toyCommand(toy, "brightness", 49, 10).refused).toMatch(/^brightness must be/);
    const fx = toyCommand(toy, "brightness", 12, 20);
    expect(fx.refused).toBe("");
    expect(toy.bright).toBe(12);
    expect(fx.save & (1 << FILE_SETTINGS)).not.toBe(0);
    const cfg = toyFile(toy, FILE_SETTINGS, 30);
    expect(JSON.parse(cfg)).toEqual({ rules: "basic", mute: false, idle: 180000, bright: 12 });
    boot(t, RING, 13, [cfg, null, null], 7, 0, 48);
    expect(toy.bright).toBe(12);
    boot(t, RING, 13, ['{"rules":"classic","mute":false,"idle":0}', null, null], 7, 0, 48);
    expect(toy.bright).toBe(48);
    // Out of range: the whole file falls back to its defaults.
    boot(t, RING, 13, ['{"rules":"classic","mute":false,"idle":0,"bright":49}', null, null], 7, 0, 48);
    expect(toy.bright).toBe(48);
    expect(toyState(toy, 0).rules).toBe("basic");
    // Boards without the setting write none.
    boot(t, RING, 13, NO_FILES, 7, 0, 0);
    expect(JSON.parse(toyFile(toy, FILE_SETTINGS, 0))).toEqual({ rules: "basic", mute: false, idle: 180000 });
  });

  it("without a saved game the toy deals under the saved rules", () => {
    boot(t, RING, 13, ['{"rules":"classic","mute":false,"idle":0}', null, null], 7, 0, 0);
    expect(toyState(toy, 0)).toMatchObject({ rules: "classic", moves: 0, status: "playing", seed: 7 });
  });
});

describe("games beyond the rule sets (5×5 pixel boards: lightsout, lightsout2000)", () => {
  const t5 = compileTables(gridPuzzle({ rows: 5, cols: 5, pattern: "merlin" }));
  const plus = gridPuzzle({ rows: 5, cols: 5, pattern: "plus" });
  const plus3 = gridPuzzle({ rows: 5, cols: 5, pattern: "plus", states: 3 });
  const DARK = "0".repeat(25);
  const GAMES: ToyGame[] = [
    { name: "lightsout", backend: () => new LevelBackend(compileTables(plus)), target: 0, rules: RULES_CLASSIC },
    { name: "lightsout2000", backend: () => new CellBackend(compileCellTables(plus3), 5, 5), target: DARK, rules: RULES_CLASSIC },
  ];
  const ring5 = namedTarget(plus, "ring").reduce((m, v, i) => m | (v << i), 0);
  const boot5 = (files: (string | null)[]) => boot(t5, ring5, 29, files, 7, 0, 0, GAMES);

  it("setRules picks a game: its board (digits for colours), puzzle 0 of the seed as `merlin play` deals it; the rule sets come back", () => {
    boot5(NO_FILES);
    expect(toyCommand(toy, "newGame", 11, 1).refused).toBe("");
    const fx = toyCommand(toy, "setRules", "lightsout2000", 2);
    expect(fx.refused).toBe("");
    expect(fx.cues).toContain(CUE_NEW_GAME);
    const host = createGame(new SolverBackend(plus3), DARK, RULES_CLASSIC, 11, 0);
    expect(toyState(toy, fx.frame)).toMatchObject({ rules: "lightsout2000", seed: 11, puzzle: 0, board: host.start, par: host.par, leds: host.start });
    expect(toyCommand(toy, "setRules", "basic", 3).refused).toBe("");
    expect(toyState(toy, 0)).toMatchObject({ rules: "basic", seed: 11 });
    expect(toyCommand(toy, "setRules", "tetris", 4).refused).toBe("rules must be one of basic, merlin1978, classic, lightsout, lightsout2000, got tetris");
  });

  it("the console's HIT ME in the games does what the HIT ME button (key pads + 3) does", () => {
    const viaConsole: unknown[] = [];
    const viaButton: unknown[] = [];
    for (const [out, hint] of [[viaConsole, (t: number) => toyCommand(toy, "hint", undefined, t)], [viaButton, (t: number) => toyPress(toy, 28, t)]] as const) {
      boot5(NO_FILES);
      toyCommand(toy, "setIdle", 60000, 1);
      toyCommand(toy, "setRules", "lightsout2000", 2);
      out.push(hint(3), toyState(toy, 0));
      // On a won game there is no hint (an error, as the button gives).
      for (let i = 0; i < 40 && toyState(toy, 0).status === "playing"; i++) toyPress(toy, 29, 10 + i);
      out.push(hint(100), toyState(toy, 0));
    }
    expect((viaConsole[0] as ToyEffects).hint).toBeGreaterThanOrEqual(0);
    expect((viaConsole[2] as ToyEffects).error).not.toBe(0);
    expect(viaConsole).toEqual(viaButton);
  });

  it("a game's file carries its name; settings and game come back after a power cut, statistics counted as in every rule set", () => {
    boot5(NO_FILES);
    toyCommand(toy, "setRules", "lightsout2000", 1);
    toyCommand(toy, "hint", undefined, 2);
    const hinted = toyPress(toy, toyCommand(toy, "hint", undefined, 3).hint + 1, 4);
    expect(hinted.refused).toBe("");
    const before = toyState(toy, 0);
    const files = [toyFile(toy, FILE_SETTINGS, 5), toyFile(toy, FILE_STATS, 5), toyFile(toy, FILE_GAME, 5)];
    expect(files[FILE_GAME].startsWith("lightsout2000 M2,classic,")).toBe(true);
    expect(JSON.parse(files[FILE_SETTINGS]).rules).toBe("lightsout2000");
    boot5(files);
    expect(toyState(toy, 0)).toMatchObject({ rules: "lightsout2000", board: before.board, moves: 1, par: before.par });
    // A game won by COMP TURN (pads + 4) is counted once.
    for (let i = 0; i < 40 && toyState(toy, 0).status === "playing"; i++) toyPress(toy, 29, 10 + i);
    expect(toyState(toy, 0)).toMatchObject({ status: "won", moves: before.par });
    expect(toyStats(toy)).toEqual({ games: 1, wins: 1, best: before.par });
    // A game file naming no game of the board is read as missing.
    boot5([null, null, "tetris " + files[FILE_GAME].split(" ")[1]]);
    expect(toyState(toy, 0).rules).toBe("basic");
  });

  it("the maths of a colour game: cycle 3, each key's plus as 0/1 digits, its goal", () => {
    boot5(NO_FILES);
    toyCommand(toy, "setRules", "lightsout2000", 1);
    const m = toyMaths(toy)!;
    expect(m).toMatchObject({ k: 3, rows: 5, cols: 5, target: DARK });
    expect(m.presses).toHaveLength(25);
    // Key 13, the centre: its plus.
    expect(m.presses[12]).toBe("0000000100011100010000000");
  });

  it("the RULES hold cycles the rule sets, then the games", () => {
    boot5(NO_FILES);
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      toyCommand(toy, "nextRules", undefined, i);
      seen.push(toyState(toy, 0).rules);
    }
    expect(seen).toEqual(["merlin1978", "classic", "lightsout", "lightsout2000", "basic"]);
  });

  it("tables from functions (the toy's, made from flash) are made when their game is played, a colour game's again after another game", () => {
    const made: string[] = [];
    const maker = <T>(name: string, tables: T) => () => (made.push(name), tables);
    const lights = maker("lightsout", compileTables(plus));
    const colours = maker("lightsout2000", compileCellTables(plus3));
    const board = maker("board", t5);
    const lazy: ToyGame[] = [
      { name: "lightsout", backend: () => new LevelBackend(lights()), target: 0, rules: RULES_CLASSIC },
      { name: "lightsout2000", backend: () => new CellBackend(colours(), 5, 5), target: DARK, rules: RULES_CLASSIC },
    ];
    const boardBackend = () => new MaskBackend(board());
    boot(boardBackend, ring5, 29, NO_FILES, 7, 0, 0, lazy);
    // Made so far: at power-on the board's, for the rule set played.
    expect(made).toEqual(["board"]);
    made.length = 0;
    // An unknown name is refused without making anything.
    expect(toyCommand(toy, "setRules", "tetris", 1).refused).not.toBe("");
    expect(made).toEqual([]);
    const moves = ["lightsout", "lightsout2000", "lightsout2000", "basic", "lightsout2000", "classic"];
    for (let i = 0; i < moves.length; i++) {
      const fx = toyCommand(toy, "setRules", moves[i], i + 1);
      expect(fx.refused).toBe("");
      // The game plays as on tables given outright: HIT ME names a key that brings the goal closer.
      expect(toyCommand(toy, "hint", undefined, i + 1).hint).toBeGreaterThanOrEqual(0);
    }
    // Each change of game makes the tables of what is played (not again for the game played),
    // and from a game a rule set's setRules is checked on the board's tables, made for the check.
    expect(made).toEqual(["lightsout", "lightsout2000", "board", "board", "lightsout2000", "board", "board"]);
    // Same game as on the tables given outright.
    boot(t5, ring5, 29, NO_FILES, 7, 0, 0, GAMES);
    toyCommand(toy, "newGame", 11, 1);
    toyCommand(toy, "setRules", "lightsout2000", 2);
    const eager = toyState(toy, 0);
    boot(boardBackend, ring5, 29, NO_FILES, 7, 0, 0, lazy);
    toyCommand(toy, "newGame", 11, 1);
    toyCommand(toy, "setRules", "lightsout2000", 2);
    expect(toyState(toy, 0)).toEqual(eager);
  });
});

describe("blackwhite on the pixel boards: keys on the inner intersections, pressed at pads", () => {
  for (const name of ["pico-4x4-neopixel", "pico-5x5-neopixel"]) {
    it(`${name}: for every key the solver names, HIT ME and COMP TURN name the top-left pad of its 2×2 block, and that pad presses it`, () => {
      const p = loadProfile(name);
      const n = p.rows;
      const games = profileGames(p);
      const bw = games.find((g) => g.name === "blackwhite");
      if (bw === undefined) throw new Error(`${name} plays no blackwhite`);
      const b = bw.backend();
      expect(b.keys).toBe((n - 1) * (n - 1));
      const board = boardBackend(p);
      const ring = namedTarget(gridPuzzle({ rows: n, cols: n, pattern: "merlin" }), "ring").reduce((m, v, i) => m | (v << i), 0);
      for (let key = 0; key < b.keys; key++) {
        // The block the key advances, read off a press from the dark board.
        const block: number[] = [];
        const lit = b.digits(b.press(b.dark, key));
        for (let pad = 0; pad < lit.length; pad++) if (lit[pad] !== "0") block.push(pad);
        const topLeft = block[0];
        expect(block).toEqual([topLeft, topLeft + 1, topLeft + n, topLeft + n + 1]);
        // k − 1 presses of the key from the goal: one more press of it, and of no other key, wins.
        let start = bw.target;
        for (let i = 1; i < b.cycle; i++) start = b.press(start, key);
        for (const cmd of ["hint", "compTurn"] as const) {
          boot(() => board, ring, n * n + 4, NO_FILES, 7, 0, 0, games);
          expect(toyCommand(toy, "setRules", "blackwhite", 1).refused).toBe("");
          expect(toyCommand(toy, "start", b.digits(start), 2).refused).toBe("");
          expect(toyState(toy, 0)).toMatchObject({ rules: "blackwhite", par: 1, status: "playing" });
          const fx = toyCommand(toy, cmd, undefined, 3);
          expect(fx.error, `${cmd} key ${key}`).toBe(0);
          expect(fx.hint, `${cmd} key ${key}`).toBe(topLeft);
          // HIT ME only shows the pad; pressing it presses the key. COMP TURN pressed it.
          if (cmd === "hint") expect(toyPress(toy, fx.hint + 1, 4).error).toBe(0);
          expect(toyState(toy, 0), `${cmd} key ${key}`).toMatchObject({ status: "won", moves: 1 });
        }
      }
    });
  }
});

// The toy's mid-end on the host, under a fake clock (QMK's debounce tests are the model):
// timed tables of debounced key masks and console calls in, effects out. The facts are the
// toy's documented behaviour (docs/toy.md): presses act on key-down; a 1.5 s
// hold of pad N takes back its press through the game's history and runs gesture N; pads 1 and
// 9 held 3 s start the self-test; a key held 10 s is ignored until released; the toy sleeps
// after the idle time; console calls are checked as the command line checks them.
import { describe, expect, it } from "vitest";
import { ACT_HINT, ACT_NEW_GAME, ACT_SET_RULES, ACT_UNDO, createGame, createGameFrom, saveGame } from "../src/toy/game";
import {
  CMD_BRIGHTNESS, CMD_GOAL, CMD_MUTE, CMD_NEXT_RULES, CMD_PRESS, CMD_SELF_TEST, CMD_SET_IDLE, CMD_SLEEP, CMD_START, createToy, FILE_GAME, FILE_SETTINGS,
  FILE_STATS, POWER_SLEEP, POWER_WAKE, SAVE_NOW, toyCommand, ToyEffects, toyFile, toyHint, toyKeys, toyState, toyStats, toyTick, ToyGame,
} from "../src/toy/midend";
import { namedTarget } from "../src/maths/boardstate";
import { cellTables } from "../src/maths/cellboards";
import { cellGameTables, levelTables, levelTablesMaker } from "../src/toy/toygames";
import { maskToBits } from "../src/toy/maskbits";
import { gridPuzzle } from "../src/maths/puzzle";
import { RULES_BASIC, RULES_CLASSIC } from "../src/toy/rules";
import { CUE_MUTE, CUE_NEW_GAME, CUE_POWER_ON, CUE_PRESS, CUE_SELF_TEST, CUE_WIN } from "../src/toy/sounds";
import { compileCellTables, compileTables } from "../src/maths/compile-tables";

const t = compileTables(gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" }));
/** Merlin's goal: the ring of 8 lit, the centre dark (source 002). */
const RING = 0b111101111;
const bits = (m: number) => maskToBits(m, 9);
/** A start two presses (pads `a`, `b`, 0-based) from the goal. */
const near = (a: number, b: number) => RING ^ t.toggle[a] ^ t.toggle[b];
const NO_FILES = [null, null, null];

/** A fresh toy (no files) at time 0, playing from `start` under the basic rules. */
function toyAt(start: number, files: (string | null)[] = NO_FILES): ToyEffects {
  createToy(t, RING, 13, files, 7, 0, 0);
  const fx = toyCommand(CMD_START, bits(start), 1);
  expect(fx.refused).toBe("");
  return fx;
}

/** Feeds a timed table of debounced key masks ([ms, mask]); returns each call's effects, copied. */
function keys(table: [number, number][]): ToyEffects[] {
  return table.map(([ms, mask]) => {
    const fx = toyKeys(mask, ms);
    return { ...fx, cues: fx.cues.slice() };
  });
}

describe("key presses", () => {
  it("a pad acts the moment it goes down: its pattern toggles, the press cue, the game to be saved", () => {
    toyAt(near(0, 1));
    const fx = toyKeys(1 << 4, 1000);
    expect(fx.show).toBe(true);
    expect(fx.frame).toBe(near(0, 1) ^ t.toggle[4]);
    expect(fx.cues).toEqual([CUE_PRESS]);
    expect(fx.save & (1 << FILE_GAME)).not.toBe(0);
    expect(fx.save & SAVE_NOW).toBe(0);
    expect(toyState(0)).toMatchObject({ moves: 1 });
    // While it is held the front end polls fast and calls again by the hold time (1.5 s).
    expect(fx.keysDue).toBe(2500);
    // The polls while it is held and the release change nothing.
    expect(toyKeys(1 << 4, 1002).show).toBe(false);
    const up = toyKeys(0, 1080);
    expect(up.show).toBe(false);
    expect(up.keysDue).toBe(-1);
  });

  it("a win is counted and written at once", () => {
    toyAt(RING ^ t.toggle[0]);
    const fx = toyKeys(1, 1000);
    expect(fx.cues).toEqual([CUE_PRESS, CUE_WIN]);
    expect(fx.save & SAVE_NOW).not.toBe(0);
    expect(fx.save & (1 << FILE_STATS)).not.toBe(0);
    expect(toyStats()).toEqual({ games: 1, wins: 1, best: 1 });
  });

  it("the extra buttons (keys 10…13) are NEW GAME, SAME GAME, HIT ME, COMP TURN", () => {
    toyAt(near(1, 2));
    expect(toyKeys(1 << 9, 100).cues).toEqual([CUE_NEW_GAME]);
    expect(toyState(0).puzzle).toBe(1);
    toyKeys(0, 200);
    const hint = toyKeys(1 << 11, 300);
    expect(hint.flashMs).toBeGreaterThan(0);
    toyKeys(0, 400);
    const moves = toyState(0).moves;
    toyKeys(1 << 12, 500);
    expect(toyState(0).moves).toBe(moves + 1);
  });
});

describe("hold gestures", () => {
  const table = (pad: number): [number, number][] => [[1000, 1 << pad], [1002, 1 << pad], [2499, 1 << pad], [2500, 1 << pad], [2600, 0]];

  it("holding pad 1 for 1.5 s takes its press back and deals a new game, at 1.5 s while still held", () => {
    toyAt(near(1, 2));
    const before = toyState(0);
    const fx = keys(table(0));
    expect(fx[0].cues).toEqual([CUE_PRESS]);
    expect(fx[2].show).toBe(false);
    expect(fx[3].cues).toContain(CUE_NEW_GAME);
    const after = toyState(0);
    expect(after.moves).toBe(0);
    expect(after.puzzle).toBe(before.puzzle + 1);
  });

  it("holding pad 4 (UNDO) takes back its own press, then the move before it: one undo mechanism", () => {
    toyAt(near(1, 2));
    toyKeys(1 << 1, 500);
    toyKeys(0, 600);
    expect(toyState(0).moves).toBe(1);
    keys(table(3));
    expect(toyState(0)).toMatchObject({ moves: 0, board: bits(near(1, 2)) });
  });

  it("a hold whose press won takes the win back out of the statistics", () => {
    toyAt(RING ^ t.toggle[7]);
    const fx = keys(table(7));
    expect(fx[0].cues).toContain(CUE_WIN);
    expect(toyStats()).toEqual({ games: 0, wins: 0, best: 0 });
    // Pad 8's gesture shows the goal for a second; the game is back to before the press.
    expect(fx[3].flash).toBe(RING);
    expect(fx[3].flashMs).toBe(1000);
    expect(toyState(0)).toMatchObject({ moves: 0, status: "playing", board: bits(RING ^ t.toggle[7]) });
  });

  it("holding pad 6 switches to the next rule set and lights its pad; pad 7 mutes", () => {
    toyAt(near(1, 2));
    const fx = keys(table(5));
    expect(toyState(0).rules).toBe("merlin1978");
    expect(fx[3].flash).toBe(1 << 1);
    expect(fx[3].save & (1 << FILE_SETTINGS)).not.toBe(0);
    const mute = keys([[5000, 1 << 6], [6500, 1 << 6], [6600, 0]]);
    expect(mute[1].cues).toEqual([CUE_MUTE]);
    expect(toyState(0).muted).toBe(true);
  });

  it("holding pad 9 sleeps; holds of the extra buttons do nothing but their press", () => {
    toyAt(near(1, 2));
    expect(keys(table(8))[3].power).toBe(POWER_SLEEP);
    toyAt(near(1, 2));
    const fx = keys([[1000, 1 << 10], [2500, 1 << 10], [2600, 0]]);
    expect(fx[0].cues).toEqual([CUE_NEW_GAME]); // SAME GAME: under the basic rules the same start again
    expect(fx[1].show).toBe(false);
    expect(toyState(0)).toMatchObject({ puzzle: 0, moves: 0, board: bits(near(1, 2)) });
  });

  it("on a 4×4 board only pads 1…9 have gestures: holding pad 10 keeps its move", () => {
    const t4 = compileTables(gridPuzzle({ rows: 4, cols: 4, pattern: "plus" }));
    const lit = 0xffff;
    createToy(t4, lit, 20, NO_FILES, 3, 0, 0);
    const moves = toyState(0).moves;
    const fx = keys([[1000, 1 << 9], [2500, 1 << 9], [2600, 0]]);
    expect(fx[0].cues).toEqual([CUE_PRESS]);
    expect(fx[1].show).toBe(false);
    expect(toyState(0).moves).toBe(moves + 1);
  });

  it("two keys down together give no hold", () => {
    toyAt(near(1, 2));
    keys([[1000, 1], [1100, 3], [2600, 3], [2700, 0]]);
    expect(toyState(0).moves).toBe(2);
  });
});

describe("self-test", () => {
  it("pads 1 and 9 held 3 s take back both presses; each pad lights in turn with a click, then keys echo, then 30 s end it", () => {
    toyAt(near(1, 2));
    const before = toyState(0).board;
    const fx = keys([[1000, 1], [1050, 0x101], [4049, 0x101], [4050, 0x101]]);
    expect(fx[2].show).toBe(false);
    expect(fx[3].frame).toBe(1);
    expect(fx[3].cues).toEqual([CUE_SELF_TEST]);
    expect(toyState(0)).toMatchObject({ moves: 0, board: before });
    let due = toyKeys(0, 4200).due;
    for (let pad = 1; pad < 9; pad++) {
      expect(due).toBe(4050 + 250 * pad);
      const step = toyTick(due);
      expect(step.frame).toBe(1 << pad);
      due = step.due;
    }
    expect(toyTick(due).frame).toBe(0); // the echo phase
    expect(toyKeys(1 << 4, 7000).frame).toBe(1 << 4);
    expect(toyKeys(0, 7100).due).toBe(7000 + 30000);
    const end = toyTick(37000);
    expect(end.frame).toBe(near(1, 2));
    expect(end.due).toBe(7000 + 180000); // the idle time, from the last key
  });

  it("Merlin.selfTest() starts it, and again ends it", () => {
    toyAt(near(1, 2));
    expect(toyCommand(CMD_SELF_TEST, undefined, 10).frame).toBe(1);
    expect(toyCommand(CMD_SELF_TEST, undefined, 20).frame).toBe(near(1, 2));
  });
});

describe("stuck keys", () => {
  it("a key held 10 s is ignored (no more events, no release, no fast polling) while the others play", () => {
    toyAt(near(1, 2));
    // Pad 8 held from 1 s: its hold (GOAL) at 2.5 s takes its press back; at 11 s it is stuck.
    const fx = keys([[1000, 1 << 7], [2500, 1 << 7], [11000, 1 << 7]]);
    expect(fx[2].keysDue).toBe(-1);
    expect(toyState(0).moves).toBe(0);
    // Pad 1 while pad 8 stays stuck: a move.
    keys([[12000, (1 << 7) | 1], [12100, 1 << 7]]);
    expect(toyState(0).moves).toBe(1);
    // Pad 8 released silently, then pressed again: a move.
    keys([[13000, 0], [14000, 1 << 7], [14100, 0]]);
    expect(toyState(0).moves).toBe(2);
  });
});

describe("sleep", () => {
  it("after the idle time the toy sleeps (files written at once); a key only wakes it", () => {
    toyAt(near(1, 2));
    toyKeys(1 << 1, 1000);
    expect(toyKeys(0, 1100).due).toBe(1000 + 180000);
    expect(toyTick(180999).power).toBe(0);
    const fx = toyTick(181000);
    expect(fx.power).toBe(POWER_SLEEP);
    expect(fx.save & SAVE_NOW).not.toBe(0);
    expect(fx.due).toBe(-1);
    expect(toyState(0).asleep).toBe(true);
    const wake = toyKeys(1 << 2, 500000);
    expect(wake.power).toBe(POWER_WAKE);
    expect(toyState(0)).toMatchObject({ asleep: false, moves: 1 });
  });

  it("setIdle(0) never sleeps; a new idle time counts from the call", () => {
    toyAt(near(1, 2));
    expect(toyCommand(CMD_SET_IDLE, 0, 10).due).toBe(-1);
    expect(toyCommand(CMD_SET_IDLE, 10000, 20).due).toBe(10020);
  });
});

describe("console calls", () => {
  it("refuse what the command line refuses, change nothing, and keep the reason until a call succeeds", () => {
    toyAt(near(1, 2));
    const before = toyState(0);
    for (const [cmd, arg, why] of [
      [CMD_PRESS, 0, /^key must be a whole number from 1 to 13, got 0$/],
      [CMD_PRESS, 1.5, /^key must be/],
      [ACT_NEW_GAME, -1, /^seed must be a whole number from 0 to 4294967295, got -1$/],
      [CMD_START, "0101", /^start must be 9 digits 0\/1/],
      [CMD_START, "010/11/0101", /^start must be 9 digits 0\/1/],
      [CMD_START, "111101111", /already solved/],
      [ACT_SET_RULES, "chess", /^rules must be one of basic, merlin1978, classic, got chess$/],
      [CMD_MUTE, 1, /^mute takes true or false, got 1$/],
      [CMD_SET_IDLE, 1e300, /^idle must be 0 or a whole number from 10000 to 86400000, got 1e\+300$/],
    ] as [number, unknown, RegExp][]) {
      expect(toyCommand(cmd, arg, 100).refused).toMatch(why);
      expect(toyState(0).error).toMatch(why);
      expect({ ...toyState(0), error: null }).toEqual({ ...before, error: null });
    }
    expect(toyCommand(ACT_UNDO, undefined, 200).refused).toBe("");
    expect(toyState(0).error).toBeNull();
  });

  it("mute(true) mutes with its own cue and silences everything after; mute(false) unmutes", () => {
    toyAt(near(1, 2));
    expect(toyCommand(CMD_MUTE, true, 10).cues).toEqual([CUE_MUTE]);
    expect(toyKeys(1, 20).cues).toEqual([]);
    expect(toyCommand(CMD_MUTE, true, 30).cues).toEqual([]);
    expect(toyCommand(CMD_MUTE, false, 40).cues.length).toBe(1);
  });

  it("HIT ME names a pad of the solution; GOAL flashes the goal; SLEEP sleeps", () => {
    toyAt(near(1, 2));
    const fx = toyCommand(ACT_HINT, undefined, 10);
    expect([1, 2]).toContain(fx.hint);
    expect(toyCommand(CMD_GOAL, undefined, 20)).toMatchObject({ flash: RING, flashMs: 1000 });
    expect(toyCommand(CMD_SLEEP, undefined, 30).power).toBe(POWER_SLEEP);
  });
});

describe("files", () => {
  it("the toy writes its settings, statistics and game and reads them back", () => {
    toyAt(RING ^ t.toggle[0]);
    toyKeys(1, 10);
    toyCommand(CMD_MUTE, true, 20);
    toyCommand(CMD_SET_IDLE, 60000, 30);
    const files = [toyFile(FILE_SETTINGS, 40), toyFile(FILE_STATS, 40), toyFile(FILE_GAME, 40)];
    expect(JSON.parse(files[0])).toEqual({ rules: "basic", mute: true, idle: 60000 });
    expect(JSON.parse(files[1])).toEqual({ games: 1, wins: 1, best: 1 });
    const fx = createToy(t, RING, 13, files, 99, 1000, 0);
    expect(fx.cues).toEqual([]); // muted: no power-on tone
    expect(fx.due).toBe(1000 + 60000);
    expect(toyStats()).toEqual({ games: 1, wins: 1, best: 1 });
    expect(toyState(0)).toMatchObject({ muted: true, status: "won", moves: 1 });
  });

  it("a file with anything out of place is read as missing, the others as usual", () => {
    const game = saveGame(createGameFrom(t, RING, RULES_BASIC, near(1, 2), 5, 0), 0);
    const cfg = '{"rules":"classic","mute":true,"idle":180000}';
    const stats = '{"games":3,"wins":1,"best":4}';
    for (const bad of ['{"games":-5,"wins":0,"best":0}', '{"games":3,"wins":4,"best":5}', '{"games":3,"wins":1,"best":0}',
      '{"games":3,"wins":0,"best":4}', '{"games":2.5,"wins":1,"best":3}', '{"games":1,"wins":1}', "[1,1,1]", "x,y", "null"]) {
      expect(createToy(t, RING, 13, [cfg, bad, game], 1, 0, 0).cues).toEqual([]);
      expect(toyStats()).toEqual({ games: 0, wins: 0, best: 0 });
      expect(toyState(0)).toMatchObject({ rules: "basic", muted: true, board: bits(near(1, 2)) });
    }
    for (const bad of ['{"rules":"chess","mute":false,"idle":180000}', '{"rules":"basic","mute":2,"idle":180000}',
      '{"rules":"basic","mute":false,"idle":1}', '{"rules":"basic","mute":false,"idle":1e300}', '{"rules":"basic","mute":false}']) {
      expect(createToy(t, RING, 13, [bad, stats, game], 1, 0, 0).cues).toEqual([CUE_POWER_ON]);
      expect(toyState(0)).toMatchObject({ muted: false });
      expect(toyStats()).toEqual({ games: 3, wins: 1, best: 4 });
    }
  });

  it("the brightness setting (pixel boards): 1 … the cap, kept with the settings; a file without it keeps the cap", () => {
    createToy(t, RING, 13, NO_FILES, 7, 0, 48);
    expect(toyCommand(CMD_BRIGHTNESS, 0, 10).refused).toBe("brightness must be a whole number from 1 to 48, got 0");
    expect(toyCommand(CMD_BRIGHTNESS, 49, 10).refused).toMatch(/^brightness must be/);
    const fx = toyCommand(CMD_BRIGHTNESS, 12, 20);
    expect(fx).toMatchObject({ refused: "", bright: 12 });
    expect(fx.save & (1 << FILE_SETTINGS)).not.toBe(0);
    const cfg = toyFile(FILE_SETTINGS, 30);
    expect(JSON.parse(cfg)).toEqual({ rules: "basic", mute: false, idle: 180000, bright: 12 });
    expect(createToy(t, RING, 13, [cfg, null, null], 7, 0, 48).bright).toBe(12);
    expect(createToy(t, RING, 13, ['{"rules":"classic","mute":false,"idle":0}', null, null], 7, 0, 48).bright).toBe(48);
    // Out of range: the whole file falls back to its defaults.
    expect(createToy(t, RING, 13, ['{"rules":"classic","mute":false,"idle":0,"bright":49}', null, null], 7, 0, 48)).toMatchObject({ bright: 48 });
    expect(toyState(0).rules).toBe("basic");
    // Boards without the setting write none.
    createToy(t, RING, 13, NO_FILES, 7, 0, 0);
    expect(JSON.parse(toyFile(FILE_SETTINGS, 0))).toEqual({ rules: "basic", mute: false, idle: 180000 });
  });

  it("without a saved game the toy deals under the saved rules", () => {
    createToy(t, RING, 13, ['{"rules":"classic","mute":false,"idle":0}', null, null], 7, 0, 0);
    expect(toyState(0)).toMatchObject({ rules: "classic", moves: 0, status: "playing", seed: 7 });
  });
});

describe("games beyond the rule sets (5×5 pixel boards: lightsout, lightsout2000)", () => {
  const t5 = compileTables(gridPuzzle({ rows: 5, cols: 5, pattern: "merlin" }));
  const plus = gridPuzzle({ rows: 5, cols: 5, pattern: "plus" });
  const plus3 = gridPuzzle({ rows: 5, cols: 5, pattern: "plus", states: 3 });
  const DARK = "0".repeat(25);
  const GAMES: ToyGame[] = [
    { name: "lightsout", tables: levelTables(compileTables(plus)), target: 0, rules: RULES_CLASSIC },
    { name: "lightsout2000", tables: cellGameTables(compileCellTables(plus3), 5, 5), target: DARK, rules: RULES_CLASSIC },
  ];
  const ring5 = namedTarget(plus, "ring").reduce((m, v, i) => m | (v << i), 0);
  const boot = (files: (string | null)[]) => createToy(t5, ring5, 29, files, 7, 0, 0, GAMES);

  it("setRules picks a game: its board (digits for colours), puzzle 0 of the seed as `merlin play` deals it; the rule sets come back", () => {
    boot(NO_FILES);
    expect(toyCommand(ACT_NEW_GAME, 11, 1).refused).toBe("");
    const fx = toyCommand(ACT_SET_RULES, "lightsout2000", 2);
    expect(fx.refused).toBe("");
    expect(fx.cues).toContain(CUE_NEW_GAME);
    const host = createGame<string>(cellTables(plus3), DARK, RULES_CLASSIC, 11, 0);
    expect(toyState(fx.frame)).toMatchObject({ rules: "lightsout2000", seed: 11, puzzle: 0, board: host.start, par: host.par, leds: host.start });
    expect(toyCommand(ACT_SET_RULES, "basic", 3).refused).toBe("");
    expect(toyState(0)).toMatchObject({ rules: "basic", seed: 11 });
    expect(toyCommand(ACT_SET_RULES, "tetris", 4).refused).toBe("rules must be one of basic, merlin1978, classic, lightsout, lightsout2000, got tetris");
  });

  it("toyHint (the firmware console's HIT ME in the games) does what toyCommand(ACT_HINT) does", () => {
    const viaHint: unknown[] = [];
    const viaCommand: unknown[] = [];
    for (const [out, hint] of [[viaHint, (t: number) => toyHint(t)], [viaCommand, (t: number) => toyCommand(ACT_HINT, undefined, t)]] as const) {
      boot(NO_FILES);
      toyCommand(CMD_SET_IDLE, 60000, 1);
      toyCommand(ACT_SET_RULES, "lightsout2000", 2);
      out.push(JSON.parse(JSON.stringify(hint(3))), toyState(0));
      // On a won game there is no hint (an error, as the button gives).
      for (let i = 0; i < 40 && toyState(0).status === "playing"; i++) toyCommand(CMD_PRESS, 29, 10 + i);
      out.push(JSON.parse(JSON.stringify(hint(100))), toyState(0));
    }
    expect((viaHint[0] as ToyEffects).hint).toBeGreaterThanOrEqual(0);
    expect((viaHint[2] as ToyEffects).error).not.toBe(0);
    expect(viaHint).toEqual(viaCommand);
  });

  it("a game's file carries its name; settings and game come back after a power cut, statistics counted as in every rule set", () => {
    boot(NO_FILES);
    toyCommand(ACT_SET_RULES, "lightsout2000", 1);
    toyCommand(ACT_HINT, undefined, 2);
    const hinted = toyCommand(CMD_PRESS, toyCommand(ACT_HINT, undefined, 3).hint + 1, 4);
    expect(hinted.refused).toBe("");
    const before = toyState(0);
    const files = [toyFile(FILE_SETTINGS, 5), toyFile(FILE_STATS, 5), toyFile(FILE_GAME, 5)];
    expect(files[FILE_GAME].startsWith("lightsout2000 M2,classic,")).toBe(true);
    expect(JSON.parse(files[FILE_SETTINGS]).rules).toBe("lightsout2000");
    boot(files);
    expect(toyState(0)).toMatchObject({ rules: "lightsout2000", board: before.board, moves: 1, par: before.par });
    // A game won by COMP TURN (pads + 4) is counted once.
    for (let i = 0; i < 40 && toyState(0).status === "playing"; i++) toyCommand(CMD_PRESS, 29, 10 + i);
    expect(toyState(0)).toMatchObject({ status: "won", moves: before.par });
    expect(toyStats()).toEqual({ games: 1, wins: 1, best: before.par });
    // A game file naming no game of the board is read as missing.
    boot([null, null, "tetris " + files[FILE_GAME].split(" ")[1]]);
    expect(toyState(0).rules).toBe("basic");
  });

  it("the RULES hold cycles the rule sets, then the games", () => {
    boot(NO_FILES);
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      toyCommand(CMD_NEXT_RULES, undefined, i);
      seen.push(toyState(0).rules);
    }
    expect(seen).toEqual(["merlin1978", "classic", "lightsout", "lightsout2000", "basic"]);
  });

  it("tables from functions (the toy's, made from flash) are made when their game is played, a colour game's again after another game", () => {
    const made: string[] = [];
    const maker = <T>(name: string, tables: T) => () => (made.push(name), tables);
    const lazy: ToyGame[] = [
      { name: "lightsout", tables: levelTablesMaker(maker("lightsout", compileTables(plus))), target: 0, rules: RULES_CLASSIC },
      { name: "lightsout2000", tables: cellGameTables(maker("lightsout2000", compileCellTables(plus3)), 5, 5), target: DARK, rules: RULES_CLASSIC },
    ];
    createToy(maker("board", t5), ring5, 29, NO_FILES, 7, 0, 0, lazy);
    // Made so far: the colour game's once (building `lazy`: cellGameTables reads its size), then at power-on the board's for the rule set played.
    expect(made).toEqual(["lightsout2000", "board"]);
    made.length = 0;
    // An unknown name is refused without making anything.
    expect(toyCommand(ACT_SET_RULES, "tetris", 1).refused).not.toBe("");
    expect(made).toEqual([]);
    const moves = ["lightsout", "lightsout2000", "lightsout2000", "basic", "lightsout2000", "classic"];
    for (let i = 0; i < moves.length; i++) {
      const fx = toyCommand(ACT_SET_RULES, moves[i], i + 1);
      expect(fx.refused).toBe("");
      // The game plays as on tables given outright: HIT ME names a key that brings the goal closer.
      expect(toyCommand(ACT_HINT, undefined, i + 1).hint).toBeGreaterThanOrEqual(0);
    }
    // Each change of game makes the tables of what is played (not again for the game played),
    // and from a game a rule set's setRules is checked on the board's tables, made for the check.
    expect(made).toEqual(["lightsout", "lightsout2000", "board", "board", "lightsout2000", "board", "board"]);
    // Same game as on the tables given outright.
    createToy(t5, ring5, 29, NO_FILES, 7, 0, 0, GAMES);
    toyCommand(ACT_NEW_GAME, 11, 1);
    toyCommand(ACT_SET_RULES, "lightsout2000", 2);
    const eager = toyState(0);
    createToy(maker("board", t5), ring5, 29, NO_FILES, 7, 0, 0, lazy);
    toyCommand(ACT_NEW_GAME, 11, 1);
    toyCommand(ACT_SET_RULES, "lightsout2000", 2);
    expect(toyState(0)).toEqual(eager);
  });
});

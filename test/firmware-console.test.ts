// The console on the toy: locked with the profile's password on Bluetooth boards (so nobody
// nearby can read or replace the code), open over USB otherwise; and the console API's errors.
import { beforeAll, describe, expect, it } from "vitest";
import { listProfiles, loadProfile } from "../hardware/validate";
import { bootToy, padGeometry, prepareToy, tap, toyState } from "./helpers/toy";

describe.each(listProfiles())("%s console", (name) => {
  beforeAll(() => prepareToy(name), 120_000);

  it("is locked with the profile's password exactly when the profile sets one", () => {
    const board = bootToy(name);
    const profile = loadProfile(name);
    const calls = board.calls.map((c) => [c.name, c.args]);
    if (profile.consolePassword) {
      expect(calls).toContainEqual(["E.setPassword", [profile.consolePassword]]);
      expect(calls.map((c) => c[0])).toContain("E.lockConsole");
    } else {
      expect(calls.map((c) => c[0])).not.toContain("E.setPassword");
      expect(calls.map((c) => c[0])).not.toContain("E.lockConsole");
    }
    expect(board.errors).toEqual([]);
  });

  it("keeps the console API's names: the build shortens internal properties, never these", () => {
    const board = bootToy(name);
    // Pixel boards add brightness.
    const pixels = loadProfile(name).leds.drive === "neopixel" ? ["brightness"] : [];
    expect((board.eval("Object.keys(Merlin)") as string[]).slice().sort()).toEqual(
      [...pixels, "compTurn", "game", "goal", "hint", "maths", "mute", "newGame", "nextRules", "press", "redo", "selfTest", "set", "setIdle", "setRules", "sleep", "start", "state", "stats", "undo"],
    );
    expect(Object.keys(board.eval("Merlin.state()") as object)).toEqual(
      ["board", "moves", "status", "reason", "rules", "seed", "puzzle", "par", "leds", "muted", "asleep", "error", "game", "choosing"],
    );
    expect(Object.keys(board.eval("Merlin.stats()") as object)).toEqual(["games", "wins", "best"]);
  });

  it("rejects a bad start or rule set with an error and leaves the game as it was", () => {
    const board = bootToy(name);
    const before = toyState(board);
    expect(() => board.eval('Merlin.start("12")')).toThrow();
    const pads = loadProfile(name).rows * loadProfile(name).cols;
    expect(() => board.eval(`Merlin.start("${"0".repeat(pads - 1)}x")`)).toThrow();
    expect(() => board.eval('Merlin.setRules("chess")')).toThrow();
    const after = toyState(board);
    expect(after.board).toBe(before.board);
    expect(after.moves).toBe(before.moves);
    expect(after.rules).toBe(before.rules);
  });

  it("muting plays the mute cue (down an octave), then presses are silent; unmuting plays the reverse", () => {
    const board = bootToy(name);
    const t0 = board.clock.now;
    board.eval("Merlin.mute(true)");
    board.clock.advance(400);
    const muteTones = board.tones.filter((x) => x.t >= t0 && x.freq > 0).map((x) => x.freq);
    expect(muteTones).toEqual([880, 440]);
    const t1 = board.clock.now;
    tap(board, padGeometry(name).pads - 1);
    expect(board.tones.filter((x) => x.t >= t1 && x.freq > 0)).toEqual([]);
    expect(toyState(board).muted).toBe(true);
    const t2 = board.clock.now;
    board.eval("Merlin.mute(false)");
    board.clock.advance(400);
    expect(board.tones.filter((x) => x.t >= t2 && x.freq > 0).map((x) => x.freq)).toEqual([440, 880]);
  });
});

// Every console call checks its arguments as the command line checks the same concept (seeds
// as `merlin play --seed`, boards as `--start`, rule names as `--rules`); a refused call changes
// nothing, throws one line, and Merlin.state().error keeps it until a later call succeeds.
describe("pico-3x3 console arguments", () => {
  const name = "pico-3x3";
  beforeAll(() => prepareToy(name), 120_000);

  const REFUSED: [string, RegExp][] = [
    ["Merlin.press(0)", /^key must be a whole number from 1 to 13, got 0$/],
    ["Merlin.press(14)", /key must be a whole number from 1 to 13, got 14/],
    ["Merlin.press(1.5)", /key must be/],
    ['Merlin.press("1")', /key must be/],
    ["Merlin.newGame(-1)", /^seed must be a whole number from 0 to 4294967295, got -1$/],
    ["Merlin.newGame(1e12)", /seed must be/],
    ['Merlin.newGame("a")', /seed must be/],
    ["Merlin.newGame(2.5)", /seed must be/],
    ["Merlin.newGame(NaN)", /seed must be/],
    ['Merlin.start("12")', /^start must be 9 digits 0\/1/],
    ['Merlin.start("0101101012")', /start must be/],
    ['Merlin.start("010/11/0101")', /start must be/],
    ['Merlin.start("010/110/101/")', /start must be/],
    ['Merlin.start("01x110101")', /start must be/],
    ["Merlin.start(10110101)", /start must be/],
    ['Merlin.start("111101111")', /already solved/],
    ['Merlin.start("000000000")', /all dark/],
    ['Merlin.setRules("chess")', /^rules must be one of basic, merlin1978, classic, got chess$/],
    ["Merlin.setRules(1)", /rules must be one of/],
    ["Merlin.mute(1)", /^mute takes true or false, got 1$/],
    ["Merlin.mute(0)", /mute takes true or false/],
    ['Merlin.mute("x")', /mute takes true or false/],
    ["Merlin.mute()", /mute takes true or false/],
    ["Merlin.setIdle(1e300)", /^idle must be 0 or a whole number from 10000 to 86400000, got 1e\+300$/],
    ['Merlin.setIdle("5")', /idle must be/],
    ["Merlin.setIdle(1)", /idle must be/],
    ["Merlin.setIdle(-1)", /idle must be/],
    ["Merlin.setIdle(NaN)", /idle must be/],
  ];

  it.each(REFUSED)("%s is refused with one line and changes nothing", (call, message) => {
    const board = bootToy(name);
    board.clock.advance(2000);
    const before = toyState(board);
    const files = ["merlin.cfg", "merlin.sta", "merlin.gam"].map((f) => board.storage.read(f));
    let thrown: unknown;
    try {
      board.eval(call);
    } catch (e) {
      thrown = e;
    }
    expect(thrown, call).toBeDefined();
    const text = String((thrown as Error).message ?? thrown);
    expect(text).toMatch(message);
    expect(text).not.toContain("\n");
    board.clock.advance(2000);
    const after = toyState(board);
    expect({ ...after, error: null }).toEqual({ ...before, error: null });
    expect(after.error).toMatch(message);
    expect(["merlin.cfg", "merlin.sta", "merlin.gam"].map((f) => board.storage.read(f))).toEqual(files);
    // The next call that succeeds clears the error.
    board.eval("Merlin.undo()");
    expect(toyState(board).error).toBeNull();
  });

  it("a key the game has no use for is refused as a call is: one line, kept in Merlin.state().error until a call is carried out", () => {
    const board = bootToy(name);
    board.clock.advance(2000);
    board.eval('Merlin.game("mindbender")');
    board.eval("Merlin.press(3)");
    board.clock.advance(2000);
    const before = toyState(board);
    let thrown: unknown;
    try {
      // HIT ME (the pads, NEW GAME, SAME GAME, then HIT ME): Mindbender has no hint.
      board.eval("Merlin.press(12)");
    } catch (e) {
      thrown = e;
    }
    const message = /^Mindbender takes the digits 1-9 \(and SAME GAME, NEW GAME\)$/;
    expect(String((thrown as Error).message)).toMatch(message);
    const after = toyState(board);
    expect(after.error).toMatch(message);
    expect({ ...after, error: null }).toEqual({ ...before, error: null });
    // A key played clears it, as a call carried out does.
    board.eval("Merlin.press(1)");
    expect(toyState(board).error).toBeNull();
  });

  it("accepts what the command line accepts: seeds 0 and 2^32−1, rows separated by /", () => {
    const board = bootToy(name);
    expect(board.eval("Merlin.newGame(0)")).toMatchObject({ seed: 0, puzzle: 0, moves: 0 });
    expect(board.eval("Merlin.newGame(4294967295)")).toMatchObject({ seed: 4294967295, puzzle: 0 });
    expect(board.eval('Merlin.start("010/110/101")')).toMatchObject({ board: "010110101", moves: 0 });
    expect(board.eval('Merlin.start(" 010110101 ")')).toMatchObject({ board: "010110101" });
    expect(board.errors).toEqual([]);
  });

  it("mute(true) and mute(false) set the sound, they never toggle it", () => {
    const board = bootToy(name);
    expect(board.eval("Merlin.mute(true)")).toBe(true);
    expect(board.eval("Merlin.mute(true)")).toBe(true);
    expect(toyState(board).muted).toBe(true);
    expect(board.eval("Merlin.mute(false)")).toBe(false);
    expect(board.eval("Merlin.mute(false)")).toBe(false);
    expect(toyState(board).muted).toBe(false);
  });

  it("setIdle takes 0 (never) and 10 s to a day; the toy sleeps after exactly that long", () => {
    const board = bootToy(name);
    board.eval("Merlin.setIdle(10000)");
    board.clock.advance(9_900);
    expect(toyState(board).asleep).toBe(false);
    board.clock.advance(200);
    expect(toyState(board).asleep).toBe(true);
    board.eval("Merlin.setIdle(0)");
    expect(toyState(board).asleep).toBe(true);
    board.eval("Merlin.press(5)"); // wakes it, as a key does
    board.clock.advance(3_600_000);
    expect(toyState(board).asleep).toBe(false);
    board.eval("Merlin.setIdle(86400000)");
    expect(board.errors).toEqual([]);
  });

  it("goal() shows the goal for a second, then the board again", () => {
    const board = bootToy(name);
    const st = board.eval('Merlin.start("010110101")') as { board: string };
    board.eval("Merlin.goal()");
    board.clock.advance(500);
    expect(board.ledFrame()).toBe("111101111");
    board.clock.advance(700);
    expect(board.ledFrame()).toBe(st.board);
  });
});

// `merlin sim --headless`: the firmware bundle on the virtual board, driven by a key script in
// virtual time, run in-process through runMerlin with a capturing io.
import { describe, expect, it } from "vitest";
import { CommandIO } from "../sim/cli/command";
import { runMerlin } from "../sim/cli/main";
import { parseKeyScript, runHeadless } from "../sim/app/headless";
import { openSession } from "../sim/app/node-session";
import { listProfiles, loadProfile } from "../hardware/validate";
import { toyGameNames } from "../sim/app/firmware-loader";
import { recogniseCues, toneNotes } from "../sim/app/sounds";
import { CUE_NEW_GAME, CUE_PRESS, cueNotes } from "../src/toy/sounds";
import { patchedConsole } from "./helpers/toy";

async function merlin(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CommandIO = { out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await runMerlin(["sim", ...args], io);
  return { code, out, err };
}

describe("merlin sim --headless", () => {
  it("plays source 003's worked example to a win on the LED pins", async () => {
    const r = await merlin(["--headless", "--board", "pico-3x3", "--seed", "7", "--start", "010110101", "--keys", "3 4 5 8 9", "--json"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe('{"game":"magicsquare","leds":"111101111","blink":"000000000","status":"won","moves":5,"tones":[],"sounds":["press","press","press","press","win"],"errors":[]}\n');
  });

  it("the 5×5 toy under basic deals only games COMP TURN wins within the 20 moves (seed 1179's first draw needed 22)", async () => {
    const r = await merlin(["--headless", "--board", "pico-5x5-neopixel", "--seed", "1179", "--keys", "compTurn ".repeat(21), "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.status).toBe("won");
    expect(out.moves).toBeLessThanOrEqual(20);
    // The ring of 24 with the centre dark.
    expect(out.leds).toBe("1111111111110111111111111");
    // The refused start itself (its fewest presses are 22; test/cli-play.test.ts) is not played under basic.
    const refused = await merlin(["--headless", "--board", "pico-5x5-neopixel", "--start", "0011000011101101110101100", "--keys", "1", "--json"]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/needs more presses than the 20 moves the basic rules allow/);
  });

  it("prints a readable summary without --json", async () => {
    const r = await merlin(["--headless", "--seed", "7", "--start", "010110101", "--keys", "3 4 5 8 9"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("pico-3x3: basic rules, seed 7, start 010/110/101");
    expect(r.out).toContain("LEDs 111/101/111; won after 5 moves");
    expect(r.out).toContain("no firmware errors");
  });

  it("a chord presses both pads, a wait changes nothing, and the basic rules lose when every pad goes dark", async () => {
    // 1 and 3 together toggle pads 1,2,4,5 and 2,3,5,6: from 101101000 that leaves every pad dark.
    const r = await merlin(["--headless", "--start", "101101000", "--keys", "wait:500 1+3", "--json"]);
    expect(JSON.parse(r.out)).toMatchObject({ leds: "000000000", status: "lost", moves: 2, errors: [] });
  });

  it("a 1.6 s hold of pad 4 is the toy's UNDO: the press is taken back", async () => {
    const r = await merlin(["--headless", "--start", "010110101", "--keys", "3 4:1600", "--json"]);
    // Holding 4 plays it at key-down; at 1.5 s that press is taken back and UNDO takes back the 3.
    expect(JSON.parse(r.out)).toMatchObject({ moves: 0, leds: "010110101", status: "playing" });
  });

  it("the 4x4 board's extra buttons are named keys", async () => {
    const r = await merlin(["--headless", "--board", "pico-4x4-neopixel", "--seed", "3", "--keys", "16 newGame", "--json"]);
    const j = JSON.parse(r.out);
    expect(j.moves).toBe(0);
    expect(j.sounds).toEqual(["press", "new-game"]);
    expect(j.leds).toMatch(/^[01]{16}$/);
  });

  it("bad scripts and options are one line and exit 2", async () => {
    for (const args of [
      ["--headless", "--keys", "10"],
      ["--headless", "--keys", "0"],
      ["--headless", "--keys", "newGame:100"],
      ["--headless", "--keys", "5:x"],
      ["--headless"],
      ["--keys", "5"],
      ["--headless", "--keys", "5", "--rules", "chess"],
      ["--headless", "--keys", "5", "--board", "nope"],
      ["--headless", "--keys", "5", "--start", "0101"],
      ["--headless", "--keys", "5", "--hold", "soon"],
      ["--bogus"],
      ["--basic", "--headless", "--keys", "5"],
      ["--headless", "--keys", "5", "--keypad"],
      ["--basic", "--fresh"],
    ]) {
      const r = await merlin(args);
      expect(r.code, args.join(" ")).toBe(2);
      const lines = r.err.trim().split("\n");
      expect(lines, args.join(" ")).toHaveLength(1);
      expect(lines[0]).toMatch(/^merlin sim: /);
    }
  });
});

describe("key scripts", () => {
  it("parse pads (1-based), chords, holds, waits and buttons", () => {
    expect(parseKeyScript("5, 1+3 5:1600 wait:500 newGame", 16, ["newGame"])).toEqual([
      { kind: "keys", keys: [4], label: "5", holdMs: undefined },
      { kind: "keys", keys: [0, 2], label: "1+3", holdMs: undefined },
      { kind: "keys", keys: [4], label: "5:1600", holdMs: 1600 },
      { kind: "wait", ms: 500, label: "wait:500" },
      { kind: "keys", keys: ["newGame"], label: "newGame", holdMs: undefined },
    ]);
  });

  it("undo and redo are key names on every board, in any case: the toy's UNDO gesture (pad 4 held past the 1.5 s hold) and its REDO, Merlin.redo()", () => {
    for (const pads of [9, 16, 25]) {
      expect(parseKeyScript("3 undo UNDO redo REDO", pads, [])).toEqual([
        { kind: "keys", keys: [2], label: "3", holdMs: undefined },
        { kind: "keys", keys: [3], label: "undo", holdMs: 1600 },
        { kind: "keys", keys: [3], label: "UNDO", holdMs: 1600 },
        { kind: "call", code: "Merlin.redo()", label: "redo" },
        { kind: "call", code: "Merlin.redo()", label: "REDO" },
      ]);
    }
  });
});

describe("undo in a key script", () => {
  it("takes back the last move on the LED pins, with the toy's undo cue", async () => {
    const r = await merlin(["--headless", "--start", "010110101", "--keys", "3 4 undo", "--json"]);
    expect(r.code).toBe(0);
    // 3 then 4 from 010110101: 001101101, then 101001001; undo goes back to 001101101.
    expect(JSON.parse(r.out)).toEqual({
      leds: "001101101", status: "playing", moves: 1, sounds: ["press", "press", "press", "undo"], errors: [], game: "magicsquare", blink: "000000000", tones: [],
    });
    const text = await merlin(["--headless", "--start", "010110101", "--keys", "3 4 undo"]);
    expect(text.out).toContain("  undo  001/101/101  playing, 1 move");
  });
});

describe("sounds from the tone log", () => {
  it("recognise cues, including one cut short by the next", () => {
    const [press, pressMs] = cueNotes(CUE_PRESS);
    const [chirp0, chirp0Ms, chirp1] = cueNotes(CUE_NEW_GAME);
    const tones = [
      { t: 10, freq: press, duty: 0.5 },
      { t: 10 + pressMs, freq: 0, duty: 0 },
      // new-game chirp interrupted in its second note by a press
      { t: 300, freq: chirp0, duty: 0.5 },
      { t: 300 + chirp0Ms, freq: chirp1, duty: 0.5 },
      { t: 340, freq: press, duty: 0.5 },
      { t: 340 + pressMs, freq: 0, duty: 0 },
      { t: 600, freq: 123, duty: 0.5 },
      { t: 700, freq: 0, duty: 0 },
    ];
    const heard = recogniseCues(toneNotes(tones, 0, 1000));
    expect(heard).toEqual([
      { t: 10, cue: "press" },
      { t: 300, cue: "new-game" },
      { t: 340, cue: "press" },
      { t: 600, cue: "tone 123Hz 100ms", tone: [123, 100] },
    ]);
  });
});

describe("redo in a key script", () => {
  it("a word that is neither a pad nor one of the toy's functions is refused, naming both; redo is written alone", () => {
    expect(() => parseKeyScript("3 redoo", 9, [])).toThrow("key script: 'redoo' is not a pad 1 to 9 (this board has no extra buttons), nor one of the toy's functions: undo, redo");
    expect(() => parseKeyScript("nope", 16, ["newGame"])).toThrow("key script: 'nope' is not a pad 1 to 16, newGame, nor one of the toy's functions: undo, redo");
    // Names of an object's own properties are no functions of the toy.
    expect(() => parseKeyScript("constructor", 9, [])).toThrow("key script: 'constructor' is not a pad 1 to 9 (this board has no extra buttons), nor one of the toy's functions: undo, redo");
    expect(() => parseKeyScript("toString", 9, [])).toThrow("key script: 'toString' is not a pad");
    // A function takes no hold time and no chord.
    expect(() => parseKeyScript("redo:100", 9, [])).toThrow("key script: 'redo:100': redo is one of the toy's functions, written alone (no :MS, no +)");
    expect(() => parseKeyScript("3+Redo", 9, [])).toThrow("key script: '3+Redo': Redo is one of the toy's functions, written alone (no :MS, no +)");
  });

  it("plays again what undo took back, on the LED pins: 3 undo redo leaves 3 pressed", async () => {
    const r = await merlin(["--headless", "--start", "010110101", "--keys", "3 undo redo", "--json"]);
    expect(r.code).toBe(0);
    // 3 from 010110101: 001101101; undo goes back to the start, redo to 001101101 again.
    expect(JSON.parse(r.out)).toMatchObject({ leds: "001101101", status: "playing", moves: 1, errors: [] });
    const text = await merlin(["--headless", "--start", "010110101", "--keys", "3 undo redo"]);
    expect(text.out).toContain("  undo  010/110/101  playing, 0 moves");
    expect(text.out).toContain("  redo  001/101/101  playing, 1 move");
    // Two undos, two redos: both moves back, in order.
    const two = JSON.parse((await merlin(["--headless", "--start", "010110101", "--keys", "3 4 undo undo redo redo", "--json"])).out);
    expect(two).toMatchObject({ leds: "101001001", status: "playing", moves: 2, errors: [] });
  });

  it("does nothing after a new move, nor with nothing undone", async () => {
    // 3, undo, then 5 (the plus from the start): redo has nothing left to play.
    const r = JSON.parse((await merlin(["--headless", "--start", "010110101", "--keys", "3 undo 5 redo", "--json"])).out);
    expect(r).toMatchObject({ leds: "000001111", status: "playing", moves: 1, errors: [] });
    const none = JSON.parse((await merlin(["--headless", "--start", "010110101", "--keys", "redo", "--json"])).out);
    expect(none).toMatchObject({ leds: "010110101", status: "playing", moves: 0, errors: [] });
  });

  it("a refused call is one of the run's errors (exit 1), not a crash: a firmware without Merlin.redo()", async () => {
    const session = await openSession({ profile: loadProfile("pico-3x3"), boardSeed: 1 });
    session.api(patchedConsole("delete m.redo;"));
    const trace = runHeadless(session, { start: "010110101" }, parseKeyScript("3 redo", 9, []), 80, 120);
    expect(trace.result).toMatchObject({ leds: "001101101", moves: 1 });
    expect(trace.result.errors).toHaveLength(1);
    expect(trace.result.errors[0]).toMatch(/^redo: .*redo/);
  });

  it("merlin sim --help lists it beside undo, with an example", async () => {
    const r = await runMerlinHelp();
    expect(r).toContain("  redo       the toy's REDO (Merlin.redo(): no pad gesture does it), then --gap ms");
    expect(r).toContain('merlin sim --headless --start 010110101 --keys "3 undo redo" --json');
    expect(r).toMatch(/U undo,\s+Y redo/);
  });
});

describe("merlin sim --help's games", () => {
  it("names every game each profile's firmware plays, read from the profiles (blackwhite on both pixel boards)", async () => {
    const help = (await runMerlinHelp()).replace(/\s+/g, " ");
    for (const name of listProfiles()) {
      const games = toyGameNames(loadProfile(name));
      if (games.length > 0) expect(help).toContain(`${name}: ${games.join(", ")}`);
      else expect(help).not.toContain(`${name}:`);
    }
    expect(help).toContain("pico-4x4-neopixel: blackwhite");
    expect(help).toMatch(/pico-5x5-neopixel: [a-z0-9, ]*blackwhite/);
  });
});

async function runMerlinHelp(): Promise<string> {
  const r = await merlin(["--help"]);
  expect(r.code).toBe(0);
  return r.out;
}

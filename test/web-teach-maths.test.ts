// The teaching view reads the board in play from the running firmware (Merlin.maths(): k, what
// each key advances, the goal) through sim/web/teach.ts mathsPuzzle: on every board profile and
// every rule set and game it plays, the firmware's answer is the board the page's words
// describe (toy-info playedPuzzle and goalCells); a board it describes differently is solved as
// the firmware says; an answer of the wrong shape is refused with what was wrong.
import { beforeAll, describe, expect, it } from "vitest";
import { loadProfile } from "../hardware/validate";
import { openSession } from "../sim/app/node-session";
import { goalCells, playedPuzzle } from "../sim/app/toy-info";
import { digits, lesson, mathsPuzzle, pressPads, type ToyMaths } from "../sim/web/teach";
import { buildToy, toyGameFiles } from "./helpers/toy";

const PROFILES = ["pico-3x3", "pico-4x4-neopixel", "pico-5x5-neopixel"];

describe("Merlin.maths() on every board and every rule set and game it plays", () => {
  const code: { [name: string]: string } = {};
  const files: { [name: string]: Record<string, string> } = {};
  beforeAll(async () => {
    for (const name of PROFILES) {
      code[name] = await buildToy(name);
      files[name] = await toyGameFiles(name);
    }
  });

  it.each(PROFILES)("%s: the firmware's board is the one the page describes, and its goal the same", async (name) => {
    const profile = loadProfile(name);
    const session = await openSession({ profile, code: code[name], files: files[name], boardSeed: 1 });
    expect(session.rules.length).toBeGreaterThanOrEqual(3);
    for (const rules of session.rules) {
      session.api(`Merlin.setRules(${JSON.stringify(rules)})`);
      const m = session.api<ToyMaths>("Merlin.maths()");
      expect(m).toMatchObject({ rows: profile.rows, cols: profile.cols });
      const described = playedPuzzle(rules, profile.rows, profile.cols);
      const board = mathsPuzzle(m, described);
      // The same board: the page's words (its name, the solver's method) apply to it.
      expect(board.puzzle, `${name} ${rules}`).toBe(described);
      expect(m.k).toBe(described.states);
      expect(m.presses).toHaveLength(described.keys);
      expect(Array.from(board.target), `${name} ${rules}: goal`).toEqual(Array.from(goalCells(rules, profile.rows, profile.cols)));
      // x from the firmware's board, pressed on the toy, reaches its goal.
      const s = session.state();
      const L = lesson(board.puzzle, digits(s.board), board.target);
      expect(L.solvable).toBe(true);
      for (const pad of L.pads) session.api(`Merlin.press(${pad})`);
      expect(session.state(), `${name} ${rules}`).toMatchObject({ board: m.target, status: "won" });
    }
  });
});

describe("mathsPuzzle", () => {
  // Merlin's 3×3 as the toy describes it.
  const merlin: ToyMaths = {
    k: 2,
    rows: 3,
    cols: 3,
    presses: ["110110000", "111000000", "011011000", "100100100", "010111010", "001001001", "000110110", "000000111", "000011011"],
    target: "111101111",
  };

  it("reads a board the page describes otherwise as the firmware says it: named by its size, solved as such", () => {
    // The plus pattern under a rule set whose words say Merlin's pattern.
    const plus: ToyMaths = { ...merlin, presses: ["110100000", "111010000", "011001000", "100110100", "010111010", "001011001", "000100110", "000010111", "000001011"], target: "000000000" };
    const b = mathsPuzzle(plus, playedPuzzle("basic", 3, 3));
    expect(b.puzzle).not.toBe(playedPuzzle("basic", 3, 3));
    expect(b.puzzle).toMatchObject({ name: "the toy's 3×3 board", pattern: "graph", rows: 3, cols: 3, cells: 9, keys: 9, states: 2 });
    expect(Array.from(b.target)).toEqual(new Array(9).fill(0));
    const start = digits("101010101");
    const L = lesson(b.puzzle, start, b.target);
    expect(L.solvable).toBe(true);
    // Pressed as the firmware's keys press, x reaches its target.
    expect(Array.from(pressPads(b.puzzle, start, L.pads))).toEqual(Array.from(b.target));
    // Key 5 advances the plus: its column of A is the firmware's string.
    expect(L.matrix.map((row) => row[4]).join("")).toBe(plus.presses[4]);
  });

  it("keeps a colour game's k and a board whose keys are fewer than its pads", () => {
    // Four keys on a 3×3 of three colours: each a 2×2 block (as blackwhite's keys are).
    const blocks: ToyMaths = { k: 3, rows: 3, cols: 3, presses: ["110110000", "011011000", "000110110", "000011011"], target: "201212011" };
    const b = mathsPuzzle(blocks);
    expect(b.puzzle).toMatchObject({ keys: 4, cells: 9, states: 3 });
    const L = lesson(b.puzzle, digits("000000000"), b.target);
    expect(L.k).toBe(3);
    expect(L.keyPads).toEqual([0, 1, 3, 4]);
    expect(L.solvable).toBe(true);
    // Key 1 twice, key 2 once, key 4 once (mod 3, pressed at the top-left pad of each block).
    expect([...L.pads].sort((a, c) => a - c)).toEqual([1, 1, 2, 5]);
    expect(Array.from(pressPads(b.puzzle, digits("000000000"), L.pads)).join("")).toBe("201212011");
  });

  it("refuses an answer of the wrong shape, saying what was wrong", () => {
    expect(() => mathsPuzzle({ ...merlin, k: 1 })).toThrow("the firmware's maths: k must be 2 to 9, got 1");
    expect(() => mathsPuzzle({ ...merlin, presses: [] })).toThrow("the firmware's maths: no keys");
    expect(() => mathsPuzzle({ ...merlin, presses: ["11011000"] })).toThrow("the firmware's maths: key 1 must be 9 digits 0/1, got '11011000'");
    expect(() => mathsPuzzle({ ...merlin, presses: ["110110002"] })).toThrow("the firmware's maths: key 1 must be 9 digits 0/1, got '110110002'");
    expect(() => mathsPuzzle({ ...merlin, target: "111121111" })).toThrow("the firmware's maths: the target must be 9 digits 0 to 1, got '111121111'");
    expect(() => mathsPuzzle({ ...merlin, rows: 0 })).toThrow("the firmware's maths: a board of 0×3");
  });
});

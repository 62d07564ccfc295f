// The console API's calls for redo and for what front ends show, on the firmware bundle in
// the simulated board: Merlin.redo(), Merlin.compTurn(), Merlin.nextRules(), Merlin.maths().
import { beforeAll, describe, expect, it } from "vitest";
import { bootToy, prepareToy } from "./helpers/toy";

describe("pico-3x3 console: redo and what front ends ask", () => {
  beforeAll(() => prepareToy("pico-3x3"), 120_000);

  it("Merlin.redo() presses again the move Merlin.undo() took back; after a new move it refuses nothing and changes nothing", () => {
    const board = bootToy("pico-3x3");
    board.eval('Merlin.start("010110101")');
    board.eval("Merlin.press(3)");
    expect(board.eval("Merlin.undo()")).toMatchObject({ moves: 0, board: "010110101" });
    expect(board.eval("Merlin.redo()")).toMatchObject({ moves: 1, board: "001101101", leds: "001101101" });
    // Nothing left to redo: the game stays as it is.
    expect(board.eval("Merlin.redo()")).toMatchObject({ moves: 1, board: "001101101" });
    board.eval("Merlin.undo()");
    board.eval("Merlin.press(5)");
    expect(board.eval("Merlin.redo()")).toMatchObject({ moves: 1 });
    expect(board.errors).toEqual([]);
  });

  it("Merlin.compTurn() returns the pad it pressed (1-based), the pad Merlin.hint() names", () => {
    const board = bootToy("pico-3x3");
    board.eval('Merlin.start("010110101")');
    const hinted = board.eval("Merlin.hint()") as number;
    expect(hinted).toBeGreaterThanOrEqual(1);
    expect(board.eval("Merlin.compTurn()")).toBe(hinted);
    expect(board.eval("Merlin.state().moves")).toBe(1);
  });

  it("Merlin.nextRules() is the RULES hold: the next rule set, back to the first after the last", () => {
    const board = bootToy("pico-3x3");
    board.eval('Merlin.setRules("basic")');
    const seen = [1, 2, 3].map(() => (board.eval("Merlin.nextRules()") as { rules: string }).rules);
    expect(seen).toEqual(["merlin1978", "classic", "basic"]);
  });

  it("Merlin.maths() gives the cycle, the board's shape, each key's pads and the goal", () => {
    const board = bootToy("pico-3x3");
    const m = board.eval("Merlin.maths()") as { k: number; rows: number; cols: number; presses: string[]; target: string };
    expect(m).toMatchObject({ k: 2, rows: 3, cols: 3, target: "111101111" });
    // Merlin's pattern: a corner its 2×2 block, an edge its row or column of three, the centre its plus.
    expect(m.presses).toEqual(["110110000", "111000000", "011011000", "100100100", "010111010", "001001001", "000110110", "000000111", "000011011"]);
  });
});

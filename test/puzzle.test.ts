import { describe, expect, it } from "vitest";
import { boxAdjacency, graphPuzzle, gridPuzzle, intersectionPuzzle, isInputError, keyEffect } from "../src/maths/puzzle";
import { toggleMatrix } from "../src/maths/puzzle";
import { bitRows } from "../src/maths/gf2";

function matrixRows(p: ReturnType<typeof gridPuzzle>): string[] {
  return bitRows(toggleMatrix(p));
}

describe("the puzzle model", () => {
  it("generalises Merlin to 4×4: corners 2×2, edge pads their 3-pad edge line, interior pads the plus", () => {
    const p = gridPuzzle({ rows: 4, cols: 4, pattern: "merlin" });
    expect(keyEffect(p, 0).sort((a, b) => a - b)).toEqual([0, 1, 4, 5]);
    expect(keyEffect(p, 15).sort((a, b) => a - b)).toEqual([10, 11, 14, 15]);
    expect(keyEffect(p, 1).sort((a, b) => a - b)).toEqual([0, 1, 2]);
    expect(keyEffect(p, 4).sort((a, b) => a - b)).toEqual([0, 4, 8]);
    expect(keyEffect(p, 5).sort((a, b) => a - b)).toEqual([1, 4, 5, 6, 9]);
  });

  it("on a torus narrower than the pattern, a neighbour reached twice is toggled once, as in the same graph", () => {
    const torus = gridPuzzle({ rows: 2, cols: 2, pattern: "plus", wrap: true });
    expect(keyEffect(torus, 0).sort((a, b) => a - b)).toEqual([0, 1, 2]);
    // The 2×2 torus is the 4-cycle 0-1-3-2-0 as a graph.
    const cycle = graphPuzzle("cycle", [[1, 2], [0, 3], [0, 3], [1, 2]], 2);
    expect(matrixRows(torus)).toEqual(matrixRows(cycle));
  });

  it("builds source 001's intersection buttons and source 000's 3-D boxes", () => {
    const p = intersectionPuzzle(3, 2);
    expect(p.keys).toBe(4);
    expect(p.cells).toBe(9);
    expect(keyEffect(p, 3)).toEqual([4, 5, 7, 8]);
    const box = boxAdjacency(3, 3, 3);
    expect(box.length).toBe(27);
    expect(box[13].length).toBe(6); // the centre cube touches six faces
    expect(box[0].length).toBe(3); // a corner cube three
  });

  it("rejects bad patterns, masks, sizes and states with input errors", () => {
    for (const bad of [
      () => gridPuzzle({ rows: 3, cols: 3, pattern: "snake" }),
      () => gridPuzzle({ rows: 3, cols: 3, pattern: "01/11" }),
      () => gridPuzzle({ rows: 3, cols: 3, pattern: "000/000/000" }),
      () => gridPuzzle({ rows: 0, cols: 3, pattern: "plus" }),
      () => gridPuzzle({ rows: 129, cols: 3, pattern: "plus" }),
      () => gridPuzzle({ rows: 3, cols: 3, pattern: "plus", states: 10 }),
    ]) {
      let caught: unknown;
      try {
        bad();
      } catch (e) {
        caught = e;
      }
      expect(isInputError(caught)).toBe(true);
    }
    expect(keyEffect(gridPuzzle({ rows: 3, cols: 3, pattern: "010/111/010" }), 4).sort()).toEqual([1, 3, 4, 5, 7]);
  });
});

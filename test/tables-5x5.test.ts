// The device tables on 5×5 boards, where brute force over all 2^25 press sets is too big: the
// general solver (src/maths/solver.ts, fewest presses by src/maths/minweight.ts) is the oracle, on seeded
// random boards. 5×5 plus (Lights Out) is singular — nullity 2, so 2^23 solvable boards and 4
// solutions each — and the toy's pico-5x5-neopixel plays Merlin's rule on 5×5 (invertible).
import { describe, expect, it } from "vitest";
import { namedTarget } from "../src/maths/boardstate";
import { popcount32 } from "../src/maths/gf2";
import { effectOf, hint, isReachable, minimumSolution, pressCount, solvable } from "../src/toy/masksolve";
import { gridPuzzle, Puzzle } from "../src/maths/puzzle";
import { solve } from "../src/maths/solver";
import { compileTables } from "../src/maths/compile-tables";
import { MaskTables } from "../src/toy/tables";

const CELLS = 25;
const ALL = (1 << CELLS) - 1;

function cellsOf(mask: number): Uint8Array {
  const out = new Uint8Array(CELLS);
  for (let i = 0; i < CELLS; i++) out[i] = (mask >>> i) & 1;
  return out;
}

/** A seeded xorshift32 stream of 25-bit masks (the test's own, independent of src/toy/rng.ts). */
function masks(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s & ALL;
  };
}

/** Follows the hints from `board`: the presses until the target, failing on a dark board before it or on a detour. */
function followHints(t: MaskTables, board: number, target: number, limit: number): { presses: number; wentDark: boolean } {
  let presses = 0;
  let wentDark = false;
  while (board !== target && presses <= limit) {
    const h = hint(t, board, target);
    if (h < 0) throw new Error("no hint on a solvable board " + board);
    board ^= t.toggle[h];
    presses++;
    if (board === 0 && board !== target) wentDark = true;
  }
  return { presses, wentDark };
}

const plus = gridPuzzle({ rows: 5, cols: 5, pattern: "plus" });
const merlin = gridPuzzle({ rows: 5, cols: 5, pattern: "merlin" });
const ring = (p: Puzzle) => namedTarget(p, "ring").reduce((m, v, i) => m | (v << i), 0);

describe("5×5 plus (Lights Out, nullity 2): the tables against the solver", () => {
  const t = compileTables(plus);

  it("has 2 quiet patterns (4 solutions per solvable board) and 2^23 solvable boards", () => {
    expect(t.quiet.length).toBe(2);
    expect(Math.pow(2, t.keys - t.quiet.length)).toBe(2 ** 23);
    // Literature (Anderson & Feil 1998): the three non-trivial quiet patterns of 5×5 Lights Out.
    const known = ["0111010101110111010101110", "1010110101000001010110101", "1101100000110110000011011"].map((s) =>
      s.split("").reduce((m, ch, i) => m | (Number(ch) << i), 0),
    );
    const span = [t.quiet[0], t.quiet[1], t.quiet[0] ^ t.quiet[1]].sort((a, b) => a - b);
    expect(span).toEqual(known.sort((a, b) => a - b));
    for (const q of known) expect(effectOf(t, q)).toBe(0);
  });

  it("all lit → dark takes 15 presses (docs/sources.md; Lights Out's known minimum)", () => {
    expect(pressCount(t, ALL, 0)).toBe(15);
    expect(followHints(t, ALL, 0, 15)).toEqual({ presses: 15, wentDark: false });
  });

  for (const [name, target] of [["dark", 0], ["lit", ALL]] as const) {
    it(`300 random solvable boards → ${name}: solvable, the fewest presses as the solver proves them, and hints that take exactly that many`, () => {
      const next = masks(name === "dark" ? 7 : 8);
      for (let i = 0; i < 300; i++) {
        // A solvable board: the target with random presses applied.
        const board = target ^ effectOf(t, next());
        if (board === target) continue;
        const s = solve(plus, cellsOf(board), cellsOf(target));
        expect(s.solvable).toBe(true);
        expect(s.minimal).toBe(true);
        expect(solvable(t, board, target)).toBe(true);
        expect(pressCount(t, board, target)).toBe(s.moves);
        expect(board ^ effectOf(t, minimumSolution(t, board, target))).toBe(target);
        // Following hints never detours: the fewest presses, never dark on the way (when the
        // solver found a safe order for a fewest-press solution, which it does for these).
        expect(s.order).not.toBeNull();
        expect(followHints(t, board, target, 25)).toEqual({ presses: s.moves, wentDark: false });
      }
    });
  }

  it("300 random boards: solvable exactly when the solver says so, and no hint for the others", () => {
    const next = masks(9);
    let unsolvable = 0;
    for (let i = 0; i < 300; i++) {
      const board = next();
      const s = solve(plus, cellsOf(board), cellsOf(0), { order: false });
      expect(isReachable(t, board)).toBe(s.solvable);
      if (!s.solvable) {
        unsolvable++;
        expect(hint(t, board, 0)).toBe(-1);
        expect(pressCount(t, board, 0)).toBe(-1);
      }
    }
    // Three in four boards are not solvable (2^23 of 2^25 are).
    expect(unsolvable).toBeGreaterThan(180);
  });
});

describe("5×5 Merlin (pico-5x5-neopixel's board, invertible): the tables against the solver", () => {
  const t = compileTables(merlin);
  const goal = ring(merlin);

  it("is invertible: no quiet patterns, no parity checks", () => {
    expect(t.quiet.length).toBe(0);
    expect(t.check.length).toBe(0);
  });

  it("300 random boards → the ring: the only solution is the solver's, and hints take exactly its presses without going dark", () => {
    const next = masks(11);
    for (let i = 0; i < 300; i++) {
      const board = next();
      if (board === goal) continue;
      const s = solve(merlin, cellsOf(board), cellsOf(goal));
      expect(s.method).toBe("unique");
      const x = minimumSolution(t, board, goal);
      expect(Array.from(cellsOf(x)).flatMap((v, k) => (v ? [k + 1] : []))).toEqual(s.presses);
      expect(popcount32(x)).toBe(s.moves);
      if (s.order === null) continue;
      expect(followHints(t, board, goal, 25)).toEqual({ presses: s.moves, wentDark: false });
    }
  });
});

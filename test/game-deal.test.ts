// Starts are drawn uniformly from the solvable boards: every reachable board can be dealt,
// nothing unreachable ever is, and the rejected ones (the goal, all dark under basic) never are.
import { describe, expect, it } from "vitest";
import { createGame, START_NO_DEAL, START_OK, startCode } from "../src/toy/game";
import { dealStart, MaskBackend } from "../src/toy/maskgame";
import { effectOf, solvable } from "../src/toy/masksolve";
import { gridPuzzle } from "../src/maths/puzzle";
import { RULES_BASIC, RULES_MERLIN1978 } from "../src/toy/rules";
import { nextRandom, seedRandom } from "../src/toy/rng";
import { compileTables } from "../src/maths/compile-tables";
import { MaskTables } from "../src/toy/tables";
import { namedTarget } from "../src/maths/boardstate";
import { cellsToMask } from "../src/toy/maskbits";


/** Every board some press set turns into the target (brute force over all press sets). */
function reachableBoards(t: MaskTables, target: number): Set<number> {
  const out = new Set<number>();
  for (let m = 0; m < 2 ** t.keys; m++) out.add(target ^ effectOf(t, m));
  return out;
}

function dealCounts(t: MaskTables, target: number, rules: number, seeds: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (let seed = 1; seed <= seeds; seed++) {
    const s = createGame(new MaskBackend(t), target, rules, seed, 0).start;
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return counts;
}

describe("uniform starts", () => {
  const merlin = compileTables(gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" }));
  const RING = 0b111101111;

  it("Merlin 3×3, basic: seeds 1..20000 deal all 510 boards that are neither the goal nor dark, roughly equally", () => {
    const counts = dealCounts(merlin, RING, RULES_BASIC, 20000);
    expect(counts.size).toBe(510);
    expect(counts.has(RING)).toBe(false);
    expect(counts.has(0)).toBe(false);
    // Expected ≈ 39 each; a loose sanity bound, not a statistical test.
    expect(Math.min(...counts.values())).toBeGreaterThan(10);
    expect(Math.max(...counts.values())).toBeLessThan(80);
  });

  it("Merlin 3×3, merlin1978: all 511 boards but the goal, the dark board included", () => {
    const counts = dealCounts(merlin, RING, RULES_MERLIN1978, 20000);
    expect(counts.size).toBe(511);
    expect(counts.has(0)).toBe(true);
  });

  it("4×4 plus (singular, 2^12 of 2^16 boards solvable): every solvable board is dealt, no unsolvable one", () => {
    const p = gridPuzzle({ rows: 4, cols: 4, pattern: "plus" });
    const t = compileTables(p);
    const target = cellsToMask(namedTarget(p, "ring"));
    const reachable = reachableBoards(t, target);
    expect(reachable.size).toBe(4096);
    const counts = dealCounts(t, target, RULES_BASIC, 100000);
    for (const b of counts.keys()) {
      if (!reachable.has(b) || !solvable(t, b, target)) throw new Error("dealt an unsolvable board " + b);
    }
    reachable.delete(target);
    reachable.delete(0);
    expect(counts.size).toBe(reachable.size);
  });

  it("startCode with start −1 says when a board has nothing to deal", () => {
    // 1×1 plus: the only boards are dark and lit. Target lit: basic can deal nothing (dark is a loss).
    const one = compileTables(gridPuzzle({ rows: 1, cols: 1, pattern: "plus" }));
    expect(startCode(new MaskBackend(one), 1, RULES_BASIC, null)).toBe(START_NO_DEAL);
    expect(startCode(new MaskBackend(one), 1, RULES_MERLIN1978, null)).toBe(START_OK);
    expect(dealStart(one, 1, true, 5, 0)).toBe(0);
    expect(() => createGame(new MaskBackend(one), 1, RULES_BASIC, 1, 0)).toThrow(/no puzzle to deal/);
    expect(startCode(new MaskBackend(merlin), RING, RULES_BASIC, null)).toBe(START_OK);
  });

  it("dealStart draws press sets from rng.ts's seedRandom + nextRandom: the first that is neither goal nor dark is the start", () => {
    for (let seed = 0; seed < 300; seed++) {
      for (const puzzle of [0, 1, 7]) {
        let s = seedRandom(seed, puzzle);
        let board = RING;
        while (board === RING || board === 0) {
          s = nextRandom(s);
          board = RING ^ effectOf(merlin, s & 511);
        }
        expect(dealStart(merlin, RING, false, seed, puzzle)).toBe(board);
      }
    }
  });
});

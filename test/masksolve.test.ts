import { describe, expect, it } from "vitest";
import { bitsToMask } from "../src/toy/maskbits";
import { popcount32 } from "../src/maths/gf2";
import {
  effectOf,
  hint,
  isReachable,
  maskFootprintOrder,
  minimumSolution,
  pressCount,
  safeMaskOrder,
  solutionMask,
  solvable,
} from "../src/toy/masksolve";
import { gridPuzzle, intersectionPuzzle } from "../src/maths/puzzle";
import { footprintOrder } from "../src/maths/puzzle";
import { PressSim, safeOrder } from "../src/toy/safeorder";
import { compileTables } from "../src/maths/compile-tables";
import { MaskTables } from "../src/toy/tables";

const merlin = gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" });
const t3 = compileTables(merlin);
const RING = 0b111101111;
const plus4 = compileTables(gridPuzzle({ rows: 4, cols: 4, pattern: "plus" }));
const plus5 = compileTables(gridPuzzle({ rows: 5, cols: 5, pattern: "plus" }));


function keysOf(mask: number, n: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < n; k++) if ((mask >>> k) & 1) out.push(k + 1);
  return out;
}

/** Brute force: the fewest presses for every reachable difference (all 2^keys press sets). */
function bruteMinimum(t: MaskTables): Map<number, number> {
  const best = new Map<number, number>();
  const sets = 2 ** t.keys;
  for (let m = 0; m < sets; m++) {
    const e = effectOf(t, m);
    const n = popcount32(m);
    const b = best.get(e);
    if (b === undefined || n < b) best.set(e, n);
  }
  return best;
}

/** Replays `order` from `board`: ends at target, never all dark before the last press. */
function replaySafe(t: MaskTables, board: number, target: number, order: number[]): boolean {
  let b = board;
  for (let i = 0; i < order.length; i++) {
    b ^= t.toggle[order[i]];
    if (b === 0 && i + 1 < order.length) return false;
  }
  return b === target;
}

describe("footprintOrder", () => {
  it("orders Merlin 3×3 as source 003's strategy: edges 2 4 6 8, corners 1 3 7 9, centre 5", () => {
    const order = Array.from(footprintOrder(merlin), (k) => k + 1);
    expect(order).toEqual([2, 4, 6, 8, 1, 3, 7, 9, 5]);
    expect(Array.from(maskFootprintOrder(t3))).toEqual(Array.from(footprintOrder(merlin)));
  });

  it("puts 5×5 plus corners (3 cells) before edges (4) before the interior (5), ties by index", () => {
    const order = Array.from(footprintOrder(gridPuzzle({ rows: 5, cols: 5, pattern: "plus" })));
    expect(order.slice(0, 4)).toEqual([0, 4, 20, 24]);
    expect(order.slice(4, 16)).toEqual([1, 2, 3, 5, 9, 10, 14, 15, 19, 21, 22, 23]);
    expect(order.slice(16)).toEqual([6, 7, 8, 11, 12, 13, 16, 17, 18]);
  });

  it("counts distinct cells (a 2-wide torus lists a cell twice for one key)", () => {
    const p = gridPuzzle({ rows: 2, cols: 2, pattern: "plus", wrap: true });
    expect(Array.from(footprintOrder(p))).toEqual([0, 1, 2, 3]);
    const q = intersectionPuzzle(3, 2);
    expect(Array.from(footprintOrder(q))).toEqual([0, 1, 2, 3]);
  });
});

describe("mask solver on Merlin 3×3 (invertible)", () => {
  it("solves source 003's worked example 010110101 → 111101111 with keys 3, 4, 5, 8, 9", () => {
    const from = bitsToMask("010110101");
    const to = bitsToMask("111101111");
    expect(keysOf(solutionMask(t3, from, to), 9)).toEqual([3, 4, 5, 8, 9]);
    expect(keysOf(minimumSolution(t3, from, to), 9)).toEqual([3, 4, 5, 8, 9]);
    expect(pressCount(t3, from, to)).toBe(5);
  });

  it("every board is solvable; C(9,k) boards need k presses; all dark needs 8", () => {
    const histogram = new Array(10).fill(0);
    for (let b = 0; b < 512; b++) {
      expect(solvable(t3, b, RING)).toBe(true);
      const x = minimumSolution(t3, b, RING);
      expect(b ^ effectOf(t3, x)).toBe(RING);
      histogram[pressCount(t3, b, RING)]++;
    }
    expect(histogram).toEqual([1, 9, 36, 84, 126, 126, 84, 36, 9, 1]);
    expect(pressCount(t3, 0, RING)).toBe(8);
  });
});

describe("mask solver on singular boards", () => {
  it("5×5 plus: lit → dark takes 15 presses; a board off the image is not solvable", () => {
    const lit = (1 << 25) - 1;
    expect(pressCount(plus5, lit, 0)).toBe(15);
    expect(solvable(plus5, 1, 0)).toBe(false);
    expect(pressCount(plus5, 1, 0)).toBe(-1);
    expect(hint(plus5, 1, 0)).toBe(-1);
  });

  it("4×4 plus: solvable and minimum presses agree with brute force over all 2^16 press sets", () => {
    const best = bruteMinimum(plus4);
    expect(best.size).toBe(2 ** 12);
    for (let d = 0; d < 1 << 16; d++) {
      const b = best.get(d);
      if (isReachable(plus4, d) !== (b !== undefined)) throw new Error("reachability differs at " + d);
      if (b !== undefined && pressCount(plus4, d, 0) !== b) throw new Error("minimum differs at " + d);
    }
  });
});

describe("safeOrder", () => {
  it("orders every 3×3 minimum solution so the board never goes dark, and leaves the board alone", () => {
    const order = maskFootprintOrder(t3);
    for (let b = 0; b < 512; b++) {
      if (b === RING) continue;
      const x = minimumSolution(t3, b, RING);
      const seq = safeMaskOrder(t3, b, RING, x, order)!;
      expect(seq).not.toBeNull();
      expect(seq.slice().sort()).toEqual(keysOf(x, 9).map((k) => k - 1));
      expect(replaySafe(t3, b, RING, seq)).toBe(true);
    }
  });

  it("may end on the dark board when that is the target", () => {
    const order = maskFootprintOrder(t3);
    for (let b = 1; b < 512; b++) {
      const seq = safeMaskOrder(t3, b, 0, minimumSolution(t3, b, 0), order)!;
      expect(replaySafe(t3, b, 0, seq)).toBe(true);
    }
  });

  it("avoids pressing the dark-making subset first (source 002 §4: x = keys 1,2,4,6, x' = keys 1,4)", () => {
    const b = t3.toggle[0] ^ t3.toggle[3]; // keys 1 and 4 darken it
    const x = 0b101011; // keys 1, 2, 4, 6
    const target = b ^ effectOf(t3, x);
    expect(target).not.toBe(0);
    const seq = safeMaskOrder(t3, b, target, x, [0, 3, 1, 5, 2, 4, 6, 7, 8])!;
    expect(seq.map((k) => k + 1).slice(0, 2)).not.toEqual([1, 4]);
    expect(replaySafe(t3, b, target, seq)).toBe(true);
    expect(seq.map((k) => k + 1)).toEqual([1, 2, 4, 6]);
  });

  it("returns null when every order passes through the dark board, [] for nothing to press", () => {
    // One key whose press darkens the board, target not dark.
    const sim = maskSimFor([0b11], 0b11);
    expect(safeOrder(sim, [1], [0], false)).toBeNull();
    expect(safeOrder(sim, [1], [0], true)).toEqual([0]);
    expect(safeOrder(sim, [0], [0], false)).toEqual([]);
    expect(sim.board).toBe(0b11);
  });

  it("finds an order exactly when one exists (brute force over small random sims, repeated keys)", () => {
    let seed = 99;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    for (let trial = 0; trial < 400; trial++) {
      const keys = 2 + rand(4);
      const toggles: number[] = [];
      for (let k = 0; k < keys; k++) toggles.push(1 + rand(15));
      const start = rand(16);
      const counts: number[] = [];
      for (let k = 0; k < keys; k++) counts.push(rand(3));
      const targetIsDark = rand(2) === 1;
      const sim = maskSimFor(toggles, start);
      const pref = [...Array(keys).keys()].reverse();
      const got = safeOrder(sim, counts, pref, targetIsDark);
      expect(sim.board).toBe(start);
      const exists = anySafePermutation(toggles, start, counts, targetIsDark);
      expect(got !== null).toBe(exists);
      if (got !== null) {
        const used = new Array(keys).fill(0);
        let b = start;
        got.forEach((k, i) => {
          used[k]++;
          b ^= toggles[k];
          if (b === 0) expect(targetIsDark && i === got.length - 1).toBe(true);
        });
        expect(used).toEqual(counts);
      }
    }
  });
});

interface TestSim extends PressSim {
  board: number;
}

function maskSimFor(toggles: number[], start: number): TestSim {
  return {
    board: start,
    apply(k: number) {
      this.board ^= toggles[k];
    },
    undo(k: number) {
      this.board ^= toggles[k];
    },
    isDark() {
      return this.board === 0;
    },
  };
}

function anySafePermutation(toggles: number[], start: number, counts: number[], targetIsDark: boolean): boolean {
  const left = counts.slice();
  const total = counts.reduce((a, b) => a + b, 0);
  const go = (b: number, depth: number): boolean => {
    if (depth === total) return true;
    for (let k = 0; k < left.length; k++) {
      if (left[k] === 0) continue;
      const nb = b ^ toggles[k];
      if (nb === 0 && !(targetIsDark && depth === total - 1)) continue;
      left[k]--;
      const ok = go(nb, depth + 1);
      left[k]++;
      if (ok) return true;
    }
    return false;
  };
  return go(start, 0);
}

/**
 * Source 003's strategy for a person, written from the article's three rules (not from the
 * tables): press an edge key when its related rectangle has a different parity of lit pads
 * than the target's; else a corner key whose pad differs from the target; else the centre.
 */
const RECTANGLE: { [edge: number]: number[] } = {
  2: [1, 2, 3, 4, 5, 6],
  4: [1, 2, 4, 5, 7, 8],
  6: [2, 3, 5, 6, 8, 9],
  8: [4, 5, 6, 7, 8, 9],
};

function cell(board: number, n: number): number {
  return (board >>> (n - 1)) & 1;
}

function strategyKey(board: number, target: number): number {
  for (const edge of [2, 4, 6, 8]) {
    let parity = 0;
    for (const c of RECTANGLE[edge]) parity ^= cell(board, c) ^ cell(target, c);
    if (parity) return edge;
  }
  for (const corner of [1, 3, 7, 9]) if (cell(board, corner) !== cell(target, corner)) return corner;
  if (cell(board, 5) !== cell(target, 5)) return 5;
  return 0;
}

describe("hint on Merlin 3×3 agrees with source 003's strategy", () => {
  it("the strategy itself solves every board (so the independent implementation is right)", () => {
    for (let b = 0; b < 512; b++) {
      let board = b;
      for (let step = 0; step < 9 && board !== RING; step++) board ^= t3.toggle[strategyKey(board, RING) - 1];
      expect(board).toBe(RING);
    }
  });

  it("over all 512 boards: the hint is the strategy's key (for the ring its first key never darkens the board)", () => {
    for (let b = 0; b < 512; b++) {
      const h = hint(t3, b, RING);
      if (b === RING) expect(h).toBe(-1);
      else {
        expect(b ^ t3.toggle[strategyKey(b, RING) - 1]).not.toBe(0);
        expect(h + 1).toBe(strategyKey(b, RING));
      }
    }
  });

  it("for every target (source 003 allows any): the strategy's key unless it darkens the board, then another key of the solution", () => {
    let agreed = 0;
    let darkening = 0;
    for (let target = 0; target < 512; target++) {
      for (let b = 0; b < 512; b++) {
        if (b === target) continue;
        const h = hint(t3, b, target);
        const s = strategyKey(b, target);
        if ((b ^ t3.toggle[s - 1]) !== 0 || target === 0) {
          if (h + 1 !== s) throw new Error(`board ${b} target ${target}: hint ${h + 1}, strategy ${s}`);
          agreed++;
        } else {
          darkening++;
          if (h + 1 === s || (b ^ t3.toggle[h]) === 0 || ((minimumSolution(t3, b, target) >>> h) & 1) !== 1) {
            throw new Error(`board ${b} target ${target}: hint ${h + 1} where the strategy's ${s} darkens`);
          }
        }
      }
    }
    expect(agreed + darkening).toBe(512 * 511);
    expect(darkening).toBeGreaterThan(0);
  });

  it("following hints solves every board in the minimum number of presses without going dark", () => {
    for (let b = 1; b < 512; b++) {
      let board = b;
      const n = pressCount(t3, b, RING);
      for (let i = 0; i < n; i++) {
        board ^= t3.toggle[hint(t3, board, RING)];
        if (i + 1 < n) expect(board).not.toBe(0);
      }
      expect(board).toBe(RING);
    }
  });

  it("on 4×4 plus (singular) hints also reach the target in the minimum presses for every solvable board", () => {
    const target = 0b0110100110010110 ^ 0xffff; // any target works; this one is not dark
    for (let d = 0; d < 1 << 16; d++) {
      if (!isReachable(plus4, d)) continue;
      let board = target ^ d;
      const n = pressCount(plus4, board, target);
      for (let i = 0; i < n; i++) {
        const h = hint(plus4, board, target);
        board ^= plus4.toggle[h];
        if (board === 0 && i + 1 < n) throw new Error("went dark from " + (target ^ d));
      }
      if (board !== target) throw new Error("did not solve " + (target ^ d));
    }
  });
});

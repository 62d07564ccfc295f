// Facts from the source documents and the literature, checked through the solver facade.
import { describe, expect, it } from "vitest";
import { formatBoard, isDark, namedTarget, parseBoard } from "../src/maths/boardstate";
import { bitsToMask } from "../src/toy/maskbits";
import { applyPresses, boxAdjacency, graphPuzzle, gridPuzzle, Puzzle, pressKey } from "../src/maths/puzzle";
import { powerString, productString } from "../src/maths/bigcount";
import { analyze, inverse, solve } from "../src/maths/solver";

const MERLIN_INVERSE = [
  "101001110", "111111000", "101100011", "110110110", "101010101",
  "011011011", "110001101", "000111111", "011100101",
];

const merlin = gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" });
const ring = namedTarget(merlin, "ring");

function boardOf(p: Puzzle, index: number): Uint8Array {
  const b = new Uint8Array(p.cells);
  for (let i = 0; i < p.cells; i++) b[i] = (index >>> i) & 1;
  return b;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Replays an order press by press: reaches `to`, never all dark before the last press (unless allowed). */
function checkOrder(p: Puzzle, from: Uint8Array, to: Uint8Array, counts: Uint8Array, order: number[]): void {
  const b = new Uint8Array(from);
  const used = new Uint8Array(p.keys);
  order.forEach((key, i) => {
    pressKey(p, b, key - 1);
    used[key - 1]++;
    if (i + 1 < order.length) expect(isDark(b)).toBe(false);
  });
  expect(formatBoard(b)).toBe(formatBoard(to));
  expect(Array.from(used)).toEqual(Array.from(counts));
}

describe("Merlin 3×3 (sources 002 and 003)", () => {
  it("has the inverse printed in the sources (row 1 = 101001110)", () => {
    const rows = inverse(merlin)!;
    expect(rows.map(formatBoard)).toEqual(MERLIN_INVERSE);
  });

  it("is invertible with nullity 0 and 512 solvable boards", () => {
    expect(analyze(merlin)).toMatchObject({ rows: 3, cols: 3, states: 2, rank: 9, nullity: 0, invertible: true, solvableStates: "512" });
  });

  it("solves source 003's worked example 010110101 → 111101111 with keys 3, 4, 5, 8, 9", () => {
    const from = parseBoard(merlin, "010110101", "from");
    const to = parseBoard(merlin, "111101111", "to");
    const s = solve(merlin, from, to);
    expect(s).toMatchObject({ solvable: true, presses: [3, 4, 5, 8, 9], moves: 5, minimal: true });
    checkOrder(merlin, from, to, s.counts, s.order!);
  });

  it("solves all 512 boards uniquely; C(9,k) of them need k presses; all dark needs 8", () => {
    const histogram = new Array(10).fill(0);
    const seen = new Set<string>();
    for (let i = 0; i < 512; i++) {
      const from = boardOf(merlin, i);
      const s = solve(merlin, from, ring);
      expect(s.solvable).toBe(true);
      expect(s.minimal).toBe(true);
      histogram[s.moves]++;
      seen.add(formatBoard(s.counts));
      // Every board reaches the ring in an order that never darkens the board (source 002 §4).
      expect(s.order).not.toBeNull();
      checkOrder(merlin, from, ring, s.counts, s.order!);
    }
    expect(seen.size).toBe(512); // a bijection: one press set per board
    expect(histogram).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => binomial(9, k)));
    expect(solve(merlin, new Uint8Array(9), ring).moves).toBe(8);
  });

  it("orders presses around the all-dark board (source 002 §4)", () => {
    // Pressing x' = A⁻¹·b darkens board b; an order is at risk when x' is a proper part of
    // the solution x. For Merlin → ring that happens for one board only: the plus 010111010
    // (x' = key 5, x = all nine keys), so key 5 must not go first.
    const risky: string[] = [];
    for (let i = 1; i < 512; i++) {
      const from = boardOf(merlin, i);
      const x = solve(merlin, from, ring).counts;
      const toDark = solve(merlin, from, new Uint8Array(9)).counts;
      if (toDark.every((v, j) => v <= x[j]) && formatBoard(toDark) !== formatBoard(x)) risky.push(formatBoard(from));
    }
    expect(risky).toEqual(["010111010"]);
    const from = parseBoard(merlin, "010111010", "from");
    const s = solve(merlin, from, ring);
    expect(s.presses).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(s.order![0]).not.toBe(5);
    checkOrder(merlin, from, ring, s.counts, s.order!);
  });

  it("is invertible mod 3 but not mod 5 (det A = 5)", () => {
    const m3 = gridPuzzle({ rows: 3, cols: 3, pattern: "merlin", states: 3 });
    const m5 = gridPuzzle({ rows: 3, cols: 3, pattern: "merlin", states: 5 });
    expect(analyze(m3)).toMatchObject({ rank: 9, nullity: 0, invertible: true, solvableStates: String(Math.pow(3, 9)) });
    expect(analyze(m5)).toMatchObject({ rank: 8, nullity: 1, invertible: false, solvableStates: String(Math.pow(5, 8)) });
    expect(inverse(m3)).not.toBeNull();
    expect(inverse(m5)).toBeNull();
  });
});

describe("5×5 plus (Lights Out)", () => {
  const plus5 = gridPuzzle({ rows: 5, cols: 5, pattern: "plus" });
  // The two well-known quiet patterns of 5×5 Lights Out, row-major, bit i = key i.
  const Q1 = bitsToMask("0111010101110111010101110");
  const Q2 = bitsToMask("1010110101000001010110101");

  it("has nullity 2 and 2^23 solvable boards", () => {
    expect(analyze(plus5)).toMatchObject({ rank: 23, nullity: 2, invertible: false, solvableStates: "8388608", quietCount: "4" });
  });

  it("needs 15 presses for the all-lit board", () => {
    const s = solve(plus5, namedTarget(plus5, "lit"), namedTarget(plus5, "dark"));
    expect(s).toMatchObject({ solvable: true, moves: 15, minimal: true });
  });

  it("needs at most 15 presses for any solvable board (brute force over all 2^25 press sets)", () => {
    // Each solvable board is A·x for 4 press sets x, x^Q1, x^Q2, x^Q1^Q2; its minimum is the
    // fewest bits among them. The worst case over all x is the most any board needs.
    const toggle: number[] = [];
    for (let j = 0; j < 25; j++) {
      let m = 0;
      for (let i = plus5.keyStart[j]; i < plus5.keyStart[j + 1]; i++) m ^= 1 << plus5.keyCells[i];
      toggle.push(m);
    }
    const effect = (x: number) => {
      let e = 0;
      for (let j = 0; j < 25; j++) if ((x >>> j) & 1) e ^= toggle[j];
      return e;
    };
    expect(effect(Q1)).toBe(0);
    expect(effect(Q2)).toBe(0);
    const pc = (x: number) => {
      x = x - ((x >>> 1) & 0x55555555);
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    };
    let worst = 0;
    for (let x = 0; x < 1 << 25; x++) {
      const m = Math.min(pc(x), pc(x ^ Q1), pc(x ^ Q2), pc(x ^ Q1 ^ Q2));
      if (m > worst) worst = m;
    }
    expect(worst).toBe(15);
    // And the solver finds that minimum on sampled boards.
    let seed = 12345;
    for (let t = 0; t < 300; t++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const x = seed & 0x1ffffff;
      const to = boardOf(plus5, effect(x));
      const s = solve(plus5, new Uint8Array(25), to);
      expect(s.moves).toBe(Math.min(pc(x), pc(x ^ Q1), pc(x ^ Q2), pc(x ^ Q1 ^ Q2)));
      expect(s.minimal).toBe(true);
    }
  });
});

describe("n×n boards of source 000", () => {
  const singularIn = (pattern: string, from: number, to: number) => {
    const out: number[] = [];
    for (let n = from; n <= to; n++) if (!analyze(gridPuzzle({ rows: n, cols: n, pattern })).invertible) out.push(n);
    return out;
  };

  it("plus is singular for exactly n = 4, 5, 9, 11, 14, 16, 17, 19, 23, 24, 29, 30 in 2..30", () => {
    expect(singularIn("plus", 2, 30)).toEqual([4, 5, 9, 11, 14, 16, 17, 19, 23, 24, 29, 30]);
  });

  it("plus is singular for the families 5k−1 and 6k−1 (source 000's proofs), n ≤ 30", () => {
    for (let n = 4; n <= 30; n++) {
      if ((n + 1) % 5 === 0 || (n + 1) % 6 === 0) expect(analyze(gridPuzzle({ rows: n, cols: n, pattern: "plus" })).invertible).toBe(false);
    }
  });

  it("the reduced rules: right and right-up always invertible; left-right and up-down singular iff n ≡ 2 (mod 3)", () => {
    const all: number[] = [];
    const twoMod3: number[] = [];
    for (let n = 2; n <= 30; n++) if (n % 3 === 2) twoMod3.push(n);
    expect(singularIn("right", 2, 30)).toEqual(all);
    expect(singularIn("right-up", 2, 30)).toEqual(all);
    expect(singularIn("left-right", 2, 30)).toEqual(twoMod3);
    expect(singularIn("up-down", 2, 30)).toEqual(twoMod3);
  });

  it("3-D boards: 2×2×3 and 3×3×3 are invertible, 2×2×2 is not", () => {
    expect(analyze(graphPuzzle("box", boxAdjacency(2, 2, 3), 2)).invertible).toBe(true);
    expect(analyze(graphPuzzle("box", boxAdjacency(3, 3, 3), 2)).invertible).toBe(true);
    expect(analyze(graphPuzzle("box", boxAdjacency(2, 2, 2), 2)).invertible).toBe(false);
  });

  it("every graph board can be turned from all dark to all lit (source 004)", () => {
    // Symmetric matrix with ones on the diagonal: the all-ones vector is always in the image.
    let seed = 99;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
    for (let t = 0; t < 200; t++) {
      const n = 1 + Math.floor(next() * 30);
      const adj: number[][] = Array.from({ length: n }, () => []);
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          if (next() < 0.2) {
            adj[i].push(j);
            adj[j].push(i);
          }
        }
      }
      const g = graphPuzzle("random", adj, 2);
      const s = solve(g, new Uint8Array(n), namedTarget(g, "lit"));
      expect(s.solvable).toBe(true);
      expect(formatBoard(applyPresses(g, new Uint8Array(n), s.counts))).toBe("1".repeat(n));
    }
  });
});

describe("decimal big counts (no BigInt on Espruino)", () => {
  it("match BigInt arithmetic", () => {
    expect(powerString(2, 23)).toBe("8388608");
    expect(powerString(2, 100)).toBe((2n ** 100n).toString());
    expect(powerString(9, 4096)).toBe((9n ** 4096n).toString());
    expect(powerString(7, 0)).toBe("1");
    expect(powerString(1, 50)).toBe("1");
    expect(powerString(0, 3)).toBe("0");
    expect(productString([])).toBe("1");
    let seed = 3;
    for (let t = 0; t < 50; t++) {
      const factors: number[] = [];
      let want = 1n;
      for (let i = 0; i < 40; i++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        const f = seed % (t % 2 ? 10 : 2147483647);
        factors.push(f);
        want *= BigInt(f);
      }
      expect(productString(factors)).toBe(want.toString());
    }
  });
});

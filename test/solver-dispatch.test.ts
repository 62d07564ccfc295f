// The solver facade hands on/off plus grids without wrap to the light-chasing back end
// (src/maths/gridsolve.ts) and everything else to elimination. The same plus board built as a graph
// (identical matrix, generic GF(2) elimination) is the reference: both must agree on rank,
// nullity, solvability and the fewest presses, and every answer must replay.
import { describe, expect, it } from "vitest";
import { reduceMatrix } from "../src/maths/elimination";
import { createBitMatrix } from "../src/maths/gf2";
import { applyPresses, gridPuzzle, intersectionPuzzle } from "../src/maths/puzzle";
import { analyze, backendName, inverse, isPlusPattern, solve } from "../src/maths/solver";
import { gridGraph } from "./helpers/grid-graph";
import { xorshift32 } from "./helpers/seeded";

const rng = xorshift32;

function randomCells(next: () => number, n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = next() & 1;
  return b;
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** GF(2) rank of a list of vectors. */
function rankOf(vectors: Uint8Array[], n: number): number {
  const m = createBitMatrix(vectors.length, n);
  vectors.forEach((v, r) => v.forEach((x, c) => x && (m.data[r * m.stride + (c >>> 5)] |= 1 << (c & 31))));
  return reduceMatrix(m).rank;
}

describe("which back end a puzzle gets", () => {
  it("plus grids without wrap, on/off, any size the model allows → light chasing", () => {
    for (const [rows, cols] of [[1, 1], [1, 7], [9, 1], [5, 5], [3, 64], [64, 64]]) {
      expect(backendName(gridPuzzle({ rows, cols, pattern: "plus" }))).toBe("plus-chase");
    }
    expect(backendName(gridPuzzle({ rows: 6, cols: 6, pattern: "010/111/010" }))).toBe("plus-chase");
    expect(backendName(gridPuzzle({ rows: 6, cols: 6, pattern: "00000/00100/01110/00100/00000" }))).toBe("plus-chase");
  });

  it("everything else → GF(2) or Z_k elimination", () => {
    expect(backendName(gridPuzzle({ rows: 5, cols: 5, pattern: "plus", wrap: true }))).toBe("gf2");
    expect(backendName(gridPuzzle({ rows: 5, cols: 5, pattern: "plus", states: 3 }))).toBe("zk");
    expect(backendName(gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" }))).toBe("gf2");
    expect(backendName(gridPuzzle({ rows: 5, cols: 5, pattern: "010/110/010" }))).toBe("gf2");
    expect(backendName(gridPuzzle({ rows: 5, cols: 5, pattern: "x" }))).toBe("gf2");
    expect(backendName(intersectionPuzzle(4, 2))).toBe("gf2");
    expect(backendName(gridGraph(4, 4))).toBe("gf2");
  });

  it("a puzzle labelled plus whose keys do something else is not sent to light chasing", () => {
    const king = gridPuzzle({ rows: 4, cols: 4, pattern: "king" });
    expect(backendName(Object.assign({}, king, { pattern: "plus" }))).toBe("gf2");
    // Same incidence, drawn 2×8 instead of 4×4: the neighbours are not the plus of a 2×8 grid.
    const plus = gridPuzzle({ rows: 4, cols: 4, pattern: "plus" });
    expect(backendName(Object.assign({}, plus, { rows: 2, cols: 8 }))).toBe("gf2");
  });

  it("every constructor names its pattern", () => {
    expect(gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" }).pattern).toBe("merlin");
    expect(gridPuzzle({ rows: 3, cols: 3, pattern: "101/010/101" }).pattern).toBe("101/010/101");
    expect(gridGraph(2, 2).pattern).toBe("graph");
    expect(intersectionPuzzle(3, 2).pattern).toBe("intersections");
  });

  it("isPlusPattern recognises the plus by name and by mask only", () => {
    expect(["plus", "010/111/010", "00000/00100/01110/00100/00000"].map(isPlusPattern)).toEqual([true, true, true]);
    expect(["merlin", "x", "111/111/111", "010/111/000", "01/11", "", "0101/", "plus "].map(isPlusPattern)).toEqual(
      [false, false, false, false, false, false, false, false],
    );
  });
});

describe("light chasing agrees with elimination on random plus boards up to 24×24", () => {
  const next = rng(20240611);
  const sizes: [number, number][] = [[1, 1], [1, 2], [2, 1], [4, 4], [5, 5], [9, 9], [19, 19], [24, 24], [16, 5], [11, 23]];
  while (sizes.length < 40) sizes.push([1 + (next() % 24), 1 + (next() % 24)]);

  for (const [rows, cols] of sizes) {
    it(`${rows}×${cols}`, () => {
      const p = gridPuzzle({ rows, cols, pattern: "plus" });
      const g = gridGraph(rows, cols);
      expect(backendName(p)).toBe("plus-chase");
      const fast = analyze(p, { quiet: true });
      const slow = analyze(g);
      expect({ rank: fast.rank, nullity: fast.nullity, invertible: fast.invertible, solvableStates: fast.solvableStates, quietCount: fast.quietCount }).toEqual({
        rank: slow.rank,
        nullity: slow.nullity,
        invertible: slow.invertible,
        solvableStates: slow.solvableStates,
        quietCount: slow.quietCount,
      });
      // The quiet patterns change nothing and are independent: a basis of the kernel.
      const dark = new Uint8Array(p.cells);
      expect(fast.quiet!.length).toBe(fast.nullity);
      for (const q of fast.quiet!) expect(same(applyPresses(p, dark, q), dark)).toBe(true);
      expect(rankOf(fast.quiet!, p.cells)).toBe(fast.nullity);

      const cases: [Uint8Array, Uint8Array][] = [
        [randomCells(next, p.cells), dark], // random start, mostly unsolvable on singular sizes
        [applyPresses(p, dark, randomCells(next, p.cells)), dark], // reachable by construction
        [randomCells(next, p.cells), new Uint8Array(p.cells).fill(1)],
      ];
      const from3 = randomCells(next, p.cells);
      cases.push([from3, applyPresses(p, from3, randomCells(next, p.cells))]);
      for (const [from, to] of cases) {
        const a = solve(p, from, to, { order: false });
        const b = solve(g, from, to, { order: false });
        expect(a.solvable).toBe(b.solvable);
        expect(a.minimal).toBe(b.minimal);
        expect(a.moves).toBe(b.moves);
        if (a.solvable) {
          expect(same(applyPresses(p, from, a.counts), to)).toBe(true);
          expect(same(applyPresses(g, from, b.counts), to)).toBe(true);
          expect(a.minimal).toBe(true);
        }
      }
    });
  }
});

describe("the light-chasing back end through the rest of the facade", () => {
  it("inverse equals elimination's on invertible sizes and is null on singular ones", () => {
    let invertible = 0;
    for (const [rows, cols] of [[1, 1], [3, 3], [4, 4], [5, 5], [6, 6], [7, 7], [8, 8], [10, 10], [7, 5], [2, 9], [8, 3]]) {
      const fast = inverse(gridPuzzle({ rows, cols, pattern: "plus" }));
      const slow = inverse(gridGraph(rows, cols));
      if (slow === null) {
        expect(fast).toBeNull();
        continue;
      }
      invertible++;
      expect(fast!.map((r) => r.join(""))).toEqual(slow.map((r) => r.join("")));
    }
    expect(invertible).toBeGreaterThanOrEqual(6);
    expect(inverse(gridPuzzle({ rows: 5, cols: 5, pattern: "plus" }))).toBeNull();
  });

  it("without minimising, or with too small a search, answers are replayed and not claimed minimal", () => {
    const p = gridPuzzle({ rows: 9, cols: 9, pattern: "plus" }); // nullity 8
    const g = gridGraph(9, 9);
    const dark = new Uint8Array(p.cells);
    const from = applyPresses(p, dark, randomCells(rng(7), p.cells));
    for (const opts of [{ minimize: false }, { searchBudget: 0 }]) {
      const a = solve(p, from, dark, opts);
      const b = solve(g, from, dark, opts);
      expect(a.solvable && b.solvable).toBe(true);
      expect(a.minimal).toBe(false);
      expect(b.minimal).toBe(false);
      expect(a.method).toBe(opts.minimize === false ? "none" : "heuristic");
      expect(b.method).toBe(a.method);
      expect(same(applyPresses(p, from, a.counts), dark)).toBe(true);
    }
    const best = solve(p, from, dark);
    expect(best.minimal).toBe(true);
    expect(best.method).toBe("exact");
    expect(best.moves).toBe(solve(g, from, dark).moves);
  });

  it("a press order that never darkens the board on the way is still computed", () => {
    const p = gridPuzzle({ rows: 5, cols: 5, pattern: "plus" });
    const lit = new Uint8Array(p.cells).fill(1);
    const s = solve(p, lit, new Uint8Array(p.cells));
    expect(s).toMatchObject({ solvable: true, moves: 15, minimal: true });
    const b = new Uint8Array(lit);
    s.order!.forEach((key, i) => {
      for (let j = p.keyStart[key - 1]; j < p.keyStart[key]; j++) b[p.keyCells[j]] ^= 1;
      if (i + 1 < s.order!.length) expect(b.some((x) => x !== 0)).toBe(true);
    });
    expect(b.every((x) => x === 0)).toBe(true);
  });

  it("64×64, the largest grid of the model: same rank as elimination, all lit solved and replayed", () => {
    const p = gridPuzzle({ rows: 64, cols: 64, pattern: "plus" });
    const a = analyze(p);
    expect(a.rank).toBe(analyze(gridGraph(64, 64)).rank);
    expect(a.rank! + a.nullity!).toBe(4096);
    const lit = new Uint8Array(p.cells).fill(1);
    // (The fewest presses of large boards are checked against published values in minweight.test.ts.)
    const s = solve(p, lit, new Uint8Array(p.cells), { order: false, minimize: false });
    expect(s).toMatchObject({ solvable: true, method: "none" });
    expect(applyPresses(p, lit, s.counts).every((x) => x === 0)).toBe(true);
  });
});

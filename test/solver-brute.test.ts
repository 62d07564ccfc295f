// The solver against brute force: on small boards every press vector is tried, so the
// fewest presses for every board difference is known exactly; random boards check the
// invariants that hold everywhere.
import { describe, expect, it } from "vitest";
import { powerString, productString } from "../src/maths/bigcount";
import { formatBoard, isDark } from "../src/maths/boardstate";
import { boxAdjacency, graphPuzzle, gridPuzzle, intersectionPuzzle, Puzzle, pressKey, PATTERN_NAMES } from "../src/maths/puzzle";
import { analyze, prepare, solve, Solution } from "../src/maths/solver";
import { mulberry32 } from "./helpers/seeded";
import { vectorAt } from "./helpers/enumerate";

const rng = mulberry32;

/** Index of a board in base k (cell 0 least significant). */
function indexOf(b: ArrayLike<number>, k: number): number {
  let x = 0;
  for (let i = b.length - 1; i >= 0; i--) x = x * k + b[i];
  return x;
}

/** Fewest presses for every difference (indexed in base k), -1 where none: all k^keys press vectors. */
function bruteMinimum(p: Puzzle): Int32Array {
  const k = p.states;
  const best = new Int32Array(Math.pow(k, p.cells)).fill(-1);
  const total = Math.pow(k, p.keys);
  for (let idx = 0; idx < total; idx++) {
    const x = vectorAt(idx, p.keys, k);
    const d = new Uint8Array(p.cells);
    let w = 0;
    for (let j = 0; j < p.keys; j++) {
      w += x[j];
      for (let t = 0; t < x[j]; t++) pressKey(p, d, j);
    }
    const di = indexOf(d, k);
    if (best[di] < 0 || w < best[di]) best[di] = w;
  }
  return best;
}

/** Whether some order of the presses `counts` avoids the all-dark board before the last press. */
function safeOrderExists(p: Puzzle, from: Uint8Array, counts: Uint8Array): boolean {
  const total = counts.reduce((s, c) => s + c, 0);
  const seen = new Set<string>();
  const left = new Uint8Array(counts);
  const board = new Uint8Array(from);
  const dfs = (done: number): boolean => {
    if (done === total) return true;
    const key = formatBoard(left);
    if (seen.has(key)) return false;
    seen.add(key);
    for (let j = 0; j < p.keys; j++) {
      if (left[j] === 0) continue;
      pressKey(p, board, j);
      left[j]--;
      const ok = (done + 1 === total || !isDark(board)) && dfs(done + 1);
      left[j]++;
      for (let t = 1; t < p.states; t++) pressKey(p, board, j); // undo: k−1 more presses
      if (ok) return true;
    }
    return false;
  };
  return dfs(0);
}

/** Everything a returned solution must satisfy, whatever the board. */
function checkSolution(p: Puzzle, from: Uint8Array, to: Uint8Array, s: Solution): void {
  if (!s.solvable) {
    expect(s.presses).toEqual([]);
    expect(s.moves).toBe(0);
    expect(s.order).toBeNull();
    return;
  }
  const b = new Uint8Array(from);
  let moves = 0;
  const pressed: number[] = [];
  for (let j = 0; j < p.keys; j++) {
    expect(s.counts[j]).toBeLessThan(p.states);
    for (let t = 0; t < s.counts[j]; t++) pressKey(p, b, j);
    moves += s.counts[j];
    if (s.counts[j] > 0) pressed.push(j + 1);
  }
  expect(formatBoard(b)).toBe(formatBoard(to));
  expect(s.moves).toBe(moves);
  expect(s.presses).toEqual(pressed);
  if (s.order === null) {
    expect(safeOrderExists(p, from, s.counts)).toBe(false);
    return;
  }
  const r = new Uint8Array(from);
  const used = new Uint8Array(p.keys);
  s.order.forEach((key, i) => {
    pressKey(p, r, key - 1);
    used[key - 1]++;
    if (i + 1 < s.order!.length) expect(isDark(r)).toBe(false);
  });
  expect(formatBoard(r)).toBe(formatBoard(to));
  expect(formatBoard(used)).toBe(formatBoard(s.counts));
}

interface Case {
  label: string;
  puzzle: Puzzle;
}

const grid = (pattern: string, rows: number, cols: number, states: number, wrap = false): Case => ({
  label: `${pattern} ${rows}×${cols}${wrap ? " torus" : ""} mod ${states}`,
  puzzle: gridPuzzle({ rows, cols, pattern, states, wrap }),
});

const CASES: Case[] = [
  grid("merlin", 3, 3, 2),
  grid("plus", 3, 3, 2),
  grid("plus", 4, 4, 2), // nullity 4
  grid("plus", 2, 3, 2, true), // 2-wide torus: a neighbour counted twice
  grid("x", 3, 3, 2),
  grid("king", 2, 3, 2),
  grid("merlin", 2, 2, 2), // rank 1
  grid("left-right", 2, 2, 2),
  grid("up-down", 3, 2, 2, true),
  { label: "intersections 3×3 mod 2", puzzle: intersectionPuzzle(3, 2) },
  { label: "cycle of 5 mod 2", puzzle: graphPuzzle("cycle", [[1, 4], [0, 2], [1, 3], [2, 4], [3, 0]], 2) },
  { label: "box 2×2×2 mod 2", puzzle: graphPuzzle("box", boxAdjacency(2, 2, 2), 2) },
  grid("plus", 2, 2, 3),
  grid("merlin", 2, 3, 3),
  grid("plus", 3, 3, 3, true),
  { label: "intersections 3×3 mod 3", puzzle: intersectionPuzzle(3, 3) },
  grid("plus", 2, 2, 4),
  grid("merlin", 2, 3, 4),
  grid("plus", 2, 2, 4, true),
  grid("king", 2, 2, 4),
  grid("plus", 1, 3, 4, true),
  grid("plus", 2, 2, 6),
  grid("merlin", 2, 2, 6),
  grid("plus", 1, 4, 6),
  grid("x", 2, 2, 6),
  grid("plus", 1, 3, 8, true),
  grid("plus", 2, 2, 9),
  grid("plus", 2, 2, 5),
];

describe("minimum presses equal brute force over every press vector", () => {
  for (const c of CASES) {
    it(c.label, () => {
      const p = c.puzzle;
      const k = p.states;
      const best = bruteMinimum(p);
      const next = rng(p.cells * 100 + k);
      const target = vectorAt(Math.floor(next() * best.length), p.cells, k);
      const starts = best.length <= 5000 ? best.length : 3000;
      let solvable = 0;
      for (let i = 0; i < starts; i++) {
        const from = vectorAt(starts === best.length ? i : Math.floor(next() * best.length), p.cells, k);
        const diff = new Uint8Array(p.cells);
        for (let t = 0; t < p.cells; t++) diff[t] = (target[t] - from[t] + k) % k;
        const want = best[indexOf(diff, k)];
        const s = solve(p, from, target);
        expect(s.solvable).toBe(want >= 0);
        if (want >= 0) {
          solvable++;
          expect(s.moves).toBe(want);
          expect(s.minimal).toBe(true);
        }
        checkSolution(p, from, target, s);
      }
      // The count of reachable differences is the analysis' number of solvable boards.
      expect(String(Array.from(best).filter((w) => w >= 0).length)).toBe(analyze(p).solvableStates);
      if (starts === best.length) expect(String(solvable)).toBe(analyze(p).solvableStates);
    });
  }

  it("the cases include singular boards for every modulus family (so the search is exercised)", () => {
    const singular = CASES.filter((c) => analyze(c.puzzle).quietOrders.length > 0).map((c) => c.puzzle.states);
    for (const k of [2, 3, 4, 6]) expect(singular).toContain(k);
  });
});

describe("seeded random boards", () => {
  const patterns = PATTERN_NAMES.concat(["101/010/101", "11011"]);

  it("rank + nullity = keys, |image|·|quiet| = k^keys, and every solution replays", () => {
    const next = rng(2024);
    for (let trial = 0; trial < 250; trial++) {
      const states = 2 + Math.floor(next() * 8);
      const rows = 1 + Math.floor(next() * 6);
      const cols = 1 + Math.floor(next() * 6);
      const pattern = patterns[Math.floor(next() * patterns.length)];
      const wrap = next() < 0.3;
      const p = gridPuzzle({ rows, cols, pattern, wrap, states });
      const a = analyze(p);
      if (a.rank !== null) {
        expect(a.rank + a.nullity!).toBe(p.keys);
        expect(a.solvableStates).toBe(powerString(states, a.rank));
      }
      const be = prepare(p);
      expect(productString(be.imageOrders.concat(be.kernelOrders))).toBe(powerString(states, p.keys));
      expect(a.invertible).toBe(be.kernelOrders.length === 0);
      for (let t = 0; t < 4; t++) {
        const from = vectorAt(0, p.cells, states).map(() => Math.floor(next() * states));
        // A target built by pressing keys is always reachable, in no more presses than used.
        const x = new Uint8Array(p.keys).map(() => (next() < 0.4 ? Math.floor(next() * states) : 0));
        const to = new Uint8Array(from);
        for (let j = 0; j < p.keys; j++) for (let c = 0; c < x[j]; c++) pressKey(p, to, j);
        const s = solve(p, from, to);
        expect(s.solvable).toBe(true);
        if (s.minimal) expect(s.moves).toBeLessThanOrEqual(x.reduce((m, v) => m + v, 0));
        checkSolution(p, from, to, s);
        // A random target: solvable or not, the answer is consistent.
        const other = vectorAt(0, p.cells, states).map(() => Math.floor(next() * states));
        checkSolution(p, from, other, solve(p, from, other));
      }
    }
  });

  it("the minimum is never beaten by brute force on random small boards", () => {
    const next = rng(7);
    let checked = 0;
    while (checked < 60) {
      const states = 2 + Math.floor(next() * 8);
      const rows = 1 + Math.floor(next() * 3);
      const cols = 1 + Math.floor(next() * 4);
      if (Math.pow(states, rows * cols) > 50000) continue;
      const pattern = patterns[Math.floor(next() * patterns.length)];
      const p = gridPuzzle({ rows, cols, pattern, wrap: next() < 0.3, states });
      const best = bruteMinimum(p);
      for (let t = 0; t < 20; t++) {
        const from = vectorAt(Math.floor(next() * best.length), p.cells, states);
        const to = vectorAt(Math.floor(next() * best.length), p.cells, states);
        const diff = to.map((v, i) => (v - from[i] + states) % states);
        const s = solve(p, from, to);
        const want = best[indexOf(diff, states)];
        expect(s.solvable).toBe(want >= 0);
        if (want >= 0) expect(s.moves).toBe(want);
        checkSolution(p, from, to, s);
      }
      checked++;
    }
  });

  it("without the budget to finish the search the answer is still right, labelled not minimal", () => {
    // 4×4 plus (nullity 4) and x 4×4 (nullity 8) with no search budget, 4×4 plus mod 3
    // (3^4 solutions) with a 2-bit search limit: none can be searched through.
    const cases: [Puzzle, { searchBudget?: number; maxSearchBits?: number }][] = [
      [gridPuzzle({ rows: 4, cols: 4, pattern: "plus" }), { searchBudget: 0 }],
      [gridPuzzle({ rows: 4, cols: 4, pattern: "x" }), { searchBudget: 0 }],
      [gridPuzzle({ rows: 4, cols: 4, pattern: "plus", states: 3 }), { maxSearchBits: 2 }],
    ];
    const next = rng(5);
    for (const [p, opts] of cases) {
      for (let t = 0; t < 30; t++) {
        const from = new Uint8Array(16).map(() => Math.floor(next() * p.states));
        const to = new Uint8Array(from);
        pressKey(p, to, Math.floor(next() * 16));
        const s = solve(p, from, to, opts);
        expect(s.minimal).toBe(false);
        expect(s.method).toBe("heuristic");
        checkSolution(p, from, to, s);
      }
    }
  });
});

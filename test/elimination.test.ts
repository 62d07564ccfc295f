// The windowed (banded) GF(2) elimination that solves every on/off board without light
// chasing (src/maths/gf2.ts windowEchelon, src/maths/solver.ts gf2Backend), checked against an
// independent dense elimination written here on plain arrays, against brute force over every
// press set on small boards, and against published nullities. Every solution is replayed.
import { describe, expect, it } from "vitest";
import { reduceMatrix } from "../src/maths/elimination";
import { createBitMatrix, getBit, setBit } from "../src/maths/gf2";
import { applyPresses, graphPuzzle, gridPuzzle, intersectionPuzzle, Puzzle } from "../src/maths/puzzle";
import { analyze, bandOrder, solve } from "../src/maths/solver";
import { gridGraph } from "./helpers/grid-graph";
import { xorshift32 } from "./helpers/seeded";

/** Rank of a 0/1 matrix (rows of n entries) by plain dense elimination on a copy (the oracle). */
function plainRank(m: number[][], n: number): number {
  const a = m.map((r) => r.slice());
  let rank = 0;
  for (let col = 0; col < n && rank < a.length; col++) {
    const r = a.findIndex((row, i) => i >= rank && row[col] === 1);
    if (r < 0) continue;
    [a[r], a[rank]] = [a[rank], a[r]];
    for (let i = 0; i < a.length; i++) if (i !== rank && a[i][col]) for (let k = col; k < n; k++) a[i][k] ^= a[rank][k];
    rank++;
  }
  return rank;
}

/** Rank of a puzzle's toggle matrix by plainRank. */
function oracleRank(p: Puzzle): number {
  const a: number[][] = [];
  for (let c = 0; c < p.cells; c++) a.push(new Array(p.keys).fill(0));
  for (let j = 0; j < p.keys; j++) for (let i = p.keyStart[j]; i < p.keyStart[j + 1]; i++) a[p.keyCells[i]][j] ^= 1;
  return plainRank(a, p.keys);
}

function randomMask(next: () => number, side: number): string {
  for (;;) {
    const rows: string[] = [];
    for (let r = 0; r < side; r++) {
      let s = "";
      for (let c = 0; c < side; c++) s += next() % 3 === 0 ? "1" : "0";
      rows.push(s);
    }
    if (rows.join("").includes("1")) return rows.join("/");
  }
}

function randomBoard(next: () => number, n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = next() & 1;
  return b;
}

/** Solves from a random start (to dark) and checks the presses replay and the quiet patterns are quiet. */
function checkSolve(p: Puzzle, next: () => number): void {
  const from = randomBoard(next, p.cells);
  const s = solve(p, from, new Uint8Array(p.cells), { order: false, searchBudget: 2e6 });
  if (s.solvable) expect(Array.from(applyPresses(p, from, s.counts)).every((x) => x === 0)).toBe(true);
  const a = analyze(p, { quiet: true });
  for (const q of a.quiet!) expect(Array.from(applyPresses(p, new Uint8Array(p.cells), q)).every((x) => x === 0)).toBe(true);
  // The quiet patterns are independent: their dense rank is their number.
  if (a.quiet!.length > 0) {
    const m = createBitMatrix(a.quiet!.length, p.keys);
    a.quiet!.forEach((v, r) => v.forEach((x, c) => x && (m.data[r * m.stride + (c >>> 5)] |= 1 << (c & 31))));
    expect(reduceMatrix(m).rank).toBe(a.quiet!.length);
  }
}

describe("windowed elimination against a dense oracle", () => {
  it("random masks on m×n boards, with and without wrap: rank, quiet patterns, replayed solutions", () => {
    const next = xorshift32(1601);
    for (let t = 0; t < 60; t++) {
      const rows = 1 + (next() % 12);
      const cols = 1 + (next() % 12);
      const pattern = randomMask(next, 1 + 2 * (next() % 3));
      const wrap = next() % 2 === 0;
      const p = gridPuzzle({ rows, cols, pattern, wrap });
      expect(analyze(p).rank, `${pattern} ${rows}×${cols}${wrap ? " torus" : ""}`).toBe(oracleRank(p));
      checkSolve(p, next);
    }
  });

  it("named patterns on tori and rectangles, graphs and intersections", () => {
    const next = xorshift32(77);
    const boards: Puzzle[] = [];
    for (const pattern of ["x", "king", "merlin", "plus", "right-up", "111/101/111"]) {
      boards.push(gridPuzzle({ rows: 9, cols: 14, pattern, wrap: true }), gridPuzzle({ rows: 17, cols: 6, pattern }));
    }
    boards.push(intersectionPuzzle(9, 2));
    const adj: number[][] = [];
    for (let i = 0; i < 40; i++) adj.push([]);
    for (let e = 0; e < 70; e++) {
      const a = next() % 40;
      const b = next() % 40;
      if (a !== b && !adj[a].includes(b)) {
        adj[a].push(b);
        adj[b].push(a);
      }
    }
    boards.push(graphPuzzle("random graph", adj, 2));
    for (const p of boards) {
      expect(analyze(p).rank, p.name).toBe(oracleRank(p));
      checkSolve(p, next);
    }
  });
});

describe("reduceMatrix (the same routine on [A | I], then the Jordan step)", () => {
  it("random dense matrices: T·A = R, R in reduced row echelon form, the rank of a plain elimination, T invertible", () => {
    const next = xorshift32(99);
    for (let t = 0; t < 40; t++) {
      const rows = 1 + (next() % 70);
      const cols = 1 + (next() % 70);
      const dense = next() % 2 === 0;
      const a = createBitMatrix(rows, cols);
      const plain: number[][] = [];
      for (let r = 0; r < rows; r++) {
        plain.push([]);
        for (let c = 0; c < cols; c++) {
          const bit = dense ? next() & 1 : next() % 7 === 0 ? 1 : 0;
          plain[r].push(bit);
          if (bit) setBit(a, r, c, 1);
        }
      }
      const red = reduceMatrix(a);
      // T·A, entry by entry.
      for (let i = 0; i < rows; i++) {
        for (let c = 0; c < cols; c++) {
          let v = 0;
          for (let k = 0; k < rows; k++) v ^= getBit(red.transform, i, k) & plain[k][c];
          expect(v).toBe(getBit(red.reduced, i, c));
        }
      }
      // Reduced row echelon form: row i < rank leads at pivotCols[i], increasing, alone in its column; rows from rank on are zero.
      for (let i = 0; i < rows; i++) {
        for (let c = 0; c < cols; c++) {
          const bit = getBit(red.reduced, i, c);
          if (i >= red.rank) expect(bit).toBe(0);
          else if (c < red.pivotCols[i]) expect(bit).toBe(0);
        }
      }
      for (let i = 0; i < red.rank; i++) {
        if (i > 0) expect(red.pivotCols[i]).toBeGreaterThan(red.pivotCols[i - 1]);
        for (let k = 0; k < rows; k++) expect(getBit(red.reduced, k, red.pivotCols[i])).toBe(k === i ? 1 : 0);
      }
      expect(red.rank).toBe(plainRank(plain, cols));
      const tPlain: number[][] = [];
      for (let i = 0; i < rows; i++) {
        tPlain.push([]);
        for (let k = 0; k < rows; k++) tPlain[i].push(getBit(red.transform, i, k));
      }
      expect(plainRank(tPlain, rows)).toBe(rows);
    }
  });
});

describe("windowed elimination against brute force", () => {
  it("every press set of small random boards: image size, quiet count, the fewest presses", () => {
    const next = xorshift32(4242);
    for (let t = 0; t < 40; t++) {
      const rows = 1 + (next() % 4);
      const cols = 1 + (next() % 4);
      const p = gridPuzzle({ rows, cols, pattern: randomMask(next, 3), wrap: next() % 2 === 0 });
      // Every press set's effect: the image and how many press sets reach each board.
      const reach = new Map<string, number>();
      const fewest = new Map<string, number>();
      for (let s = 0; s < 1 << p.keys; s++) {
        const x = new Uint8Array(p.keys);
        let n = 0;
        for (let j = 0; j < p.keys; j++) n += x[j] = (s >>> j) & 1;
        const key = applyPresses(p, new Uint8Array(p.cells), x).join("");
        reach.set(key, (reach.get(key) ?? 0) + 1);
        fewest.set(key, Math.min(fewest.get(key) ?? Infinity, n));
      }
      const a = analyze(p);
      expect(2 ** a.rank!).toBe(reach.size);
      expect(2 ** a.nullity!).toBe(reach.get("0".repeat(p.cells)));
      const from = randomBoard(next, p.cells);
      const s = solve(p, from, new Uint8Array(p.cells), { order: false });
      const key = from.join("");
      expect(s.solvable).toBe(reach.has(key));
      if (s.solvable) {
        expect(s.moves).toBe(fewest.get(key));
        expect(s.minimal).toBe(true);
        expect(Array.from(applyPresses(p, from, s.counts)).every((x) => x === 0)).toBe(true);
      }
    }
  });
});

describe("known nullities and large boards", () => {
  it("plus n×n as a graph (elimination, not light chasing) has the published nullities", () => {
    // Lights Out n×n nullity (OEIS A159257): 4 → 4, 5 → 2, 9 → 8, 11 → 6, 16 → 8, 17 → 2, 19 → 16.
    const a159257: [number, number][] = [[4, 4], [5, 2], [9, 8], [11, 6], [16, 8], [17, 2], [19, 16]];
    for (const [n, k] of a159257) {
      expect(analyze(gridGraph(n, n)).nullity, `${n}×${n}`).toBe(k);
    }
  });

  it("the torus order keeps wrapped neighbours close: every 3×3 neighbour within two rows and two columns", () => {
    const p = gridPuzzle({ rows: 7, cols: 10, pattern: "king", wrap: true });
    const order = bandOrder(p);
    const pos = new Int32Array(p.cells);
    order.forEach((cell, i) => (pos[cell] = i));
    for (let j = 0; j < p.keys; j++) {
      for (let i = p.keyStart[j]; i < p.keyStart[j + 1]; i++) {
        const a = pos[j];
        const b = pos[p.keyCells[i]];
        expect(Math.abs(Math.floor(a / 10) - Math.floor(b / 10))).toBeLessThanOrEqual(2);
        expect(Math.abs((a % 10) - (b % 10))).toBeLessThanOrEqual(2);
      }
    }
  });

  it("128×128 boards of every 3×3 pattern and a torus: the solution found replays", () => {
    for (const [pattern, wrap] of [["x", false], ["king", true], ["111/101/111", false]] as [string, boolean][]) {
      const p = gridPuzzle({ rows: 128, cols: 128, pattern, wrap });
      const from = new Uint8Array(p.cells).fill(1);
      const s = solve(p, from, new Uint8Array(p.cells), { order: false, minimize: false });
      expect(s.solvable).toBe(true);
      expect(Array.from(applyPresses(p, from, s.counts)).every((x) => x === 0)).toBe(true);
    }
  });
});

import { afterAll, describe, expect, it } from "vitest";
import {
  PackedBoard,
  applyPresses,
  boardFromStrings,
  boardToStrings,
  boardWeight,
  boardsEqual,
  chaseLights,
  createBoard,
  getCell,
  litBoard,
  pressesReachTarget,
  setCell,
  toggleCell,
  transposeBoard,
} from "../src/maths/chase";
import { reduceMatrix } from "../src/maths/elimination";
import { createBitMatrix, setBit } from "../src/maths/gf2";
import { analyzePlusGrid, preparePlusGrid, solvePlusGrid, solvePlusLine } from "../src/maths/gridsolve";
import { minimizeByGrayWalk, solvePlusGridGauss } from "./helpers/chasegauss";
import { isInputError } from "../src/maths/puzzle";
import {
  formatBoard,
  parseBoardBytes,
  parseBoardChunks,
  readBoard,
  readBoardFile,
  runLargeAnalyze,
  runLargeSolve,
  summaryJson,
  writeBoardFile,
} from "../sim/cli/large";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { xorshift32 } from "./helpers/seeded";

const rng = xorshift32;

function randomBoard(next: () => number, rows: number, cols: number): PackedBoard {
  const b = createBoard(rows, cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (next() & 1) setCell(b, r, c, 1);
  return b;
}

/** Replays presses cell by cell (no packing tricks): the plus pattern, clipped at the edges. */
function replayNaive(start: PackedBoard, presses: PackedBoard): PackedBoard {
  const out = createBoard(start.rows, start.cols);
  out.data.set(start.data);
  const steps = [
    [0, 0],
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ];
  for (let r = 0; r < start.rows; r++) {
    for (let c = 0; c < start.cols; c++) {
      if (!getCell(presses, r, c)) continue;
      for (const [dr, dc] of steps) {
        const rr = r + dr;
        const cc = c + dc;
        if (rr >= 0 && rr < start.rows && cc >= 0 && cc < start.cols) toggleCell(out, rr, cc);
      }
    }
  }
  return out;
}

/** Rank of the full (m·n)² toggle matrix by plain Gaussian elimination. */
function fullMatrixRank(rows: number, cols: number): number {
  const cells = rows * cols;
  const a = createBitMatrix(cells, cells);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = r * cols + c;
      setBit(a, k, k, 1);
      if (r > 0) setBit(a, k - cols, k, 1);
      if (r + 1 < rows) setBit(a, k + cols, k, 1);
      if (c > 0) setBit(a, k - 1, k, 1);
      if (c + 1 < cols) setBit(a, k + 1, k, 1);
    }
  }
  return reduceMatrix(a).rank;
}

function targetBoard(target: PackedBoard | "dark" | "lit", rows: number, cols: number): PackedBoard {
  if (target === "dark") return createBoard(rows, cols);
  if (target === "lit") return litBoard(rows, cols);
  return target;
}

describe("packed boards", () => {
  it("transposes by 32×32 blocks", () => {
    const next = rng(3);
    for (const [r, c] of [
      [1, 1],
      [3, 70],
      [33, 31],
      [64, 65],
      [100, 7],
    ]) {
      const b = randomBoard(next, r, c);
      const t = transposeBoard(b);
      expect(t.rows).toBe(c);
      expect(t.cols).toBe(r);
      for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) expect(getCell(t, j, i)).toBe(getCell(b, i, j));
      expect(boardsEqual(transposeBoard(t), b)).toBe(true);
    }
  });

  it("applyPresses and the replay check agree with a cell-by-cell replay", () => {
    const next = rng(4);
    for (const [r, c] of [
      [1, 1],
      [2, 33],
      [5, 5],
      [17, 64],
      [40, 95],
    ]) {
      const start = randomBoard(next, r, c);
      const presses = randomBoard(next, r, c);
      const end = replayNaive(start, presses);
      expect(boardsEqual(applyPresses(start, presses), end)).toBe(true);
      expect(pressesReachTarget(start, presses, end)).toBe(true);
      const wrong = createBoard(r, c);
      wrong.data.set(end.data);
      toggleCell(wrong, r - 1, c - 1);
      expect(pressesReachTarget(start, presses, wrong)).toBe(false);
    }
  });

  it("chasing from a first row leaves only the last row lit (source 000's chasing method)", () => {
    const next = rng(8);
    const b = randomBoard(next, 9, 9);
    const first = new Uint32Array(1);
    first[0] = next() & 0x1ff;
    const presses = createBoard(9, 9);
    chaseLights(9, 9, b, false, first, presses);
    const after = applyPresses(b, presses);
    for (let r = 0; r < 8; r++) for (let c = 0; c < 9; c++) expect(getCell(after, r, c)).toBe(0);
  });
});

describe("rank and nullity (analyzePlusGrid)", () => {
  it("n×n is singular for n = 4, 5, 9, 11, 14, 16, 17, 19, 23, 24, 29, 30 among 2..30 (source 000)", () => {
    const singular: number[] = [];
    for (let n = 2; n <= 30; n++) if (!analyzePlusGrid(n, n).invertible) singular.push(n);
    expect(singular).toEqual([4, 5, 9, 11, 14, 16, 17, 19, 23, 24, 29, 30]);
  });

  it("5×5 has nullity 2 (rank 23), 4×4 nullity 4", () => {
    expect(analyzePlusGrid(5, 5)).toEqual({ rows: 5, cols: 5, rank: 23, nullity: 2, invertible: false });
    expect(analyzePlusGrid(4, 4).nullity).toBe(4);
  });

  it("(5k−1)² and (6k−1)² boards are singular (source 000's two families)", () => {
    for (let k = 1; k <= 12; k++) {
      expect(analyzePlusGrid(5 * k - 1, 5 * k - 1).invertible).toBe(false);
      expect(analyzePlusGrid(6 * k - 1, 6 * k - 1).invertible).toBe(false);
    }
  });

  it("matches the rank of the full toggle matrix for every m×n up to 8×8", () => {
    for (let m = 1; m <= 8; m++) {
      for (let n = 1; n <= 8; n++) {
        const a = analyzePlusGrid(m, n);
        expect(a.rank).toBe(fullMatrixRank(m, n));
        expect(a.nullity).toBe(m * n - a.rank);
      }
    }
  });

  it("matches chase + Gauss on larger sizes (multi-word polynomials)", () => {
    for (const [m, n] of [
      [62, 62],
      [64, 64],
      [65, 65],
      [128, 128],
      [129, 33],
      [95, 191],
    ]) {
      expect(analyzePlusGrid(m, n).nullity).toBe(solvePlusGridGauss(createBoard(m, n), "dark").nullity);
    }
  });

  it("matches chase + Gauss for every m×n up to 24×24 and is symmetric", () => {
    const empty = (m: number, n: number) => createBoard(m, n);
    for (let m = 1; m <= 24; m++) {
      for (let n = 1; n <= 24; n++) {
        const a = analyzePlusGrid(m, n);
        expect(a.nullity).toBe(solvePlusGridGauss(empty(m, n), "dark").nullity);
        expect(a.nullity).toBe(analyzePlusGrid(n, m).nullity);
        expect(a.nullity).toBe(preparePlusGrid(m, n).nullity);
      }
    }
  });
});

describe("solvePlusGrid against chase + Gauss on random m×n boards", () => {
  it("same solvability and nullity; every press set replays to the target", () => {
    const next = rng(2024);
    const singularSizes = [
      [4, 4],
      [5, 5],
      [9, 9],
      [11, 11],
      [16, 16],
      [19, 19],
      [4, 9],
      [5, 11],
      [23, 11],
    ];
    const cases: number[][] = singularSizes.slice();
    for (let i = 0; i < 40; i++) cases.push([1 + (next() % 70), 1 + (next() % 70)]);
    cases.push([200, 150], [97, 260], [1, 300], [300, 1]);
    let unsolvable = 0;
    for (const [m, n] of cases) {
      for (const tgtKind of ["dark", "lit", "board"]) {
        const start = randomBoard(next, m, n);
        const target = tgtKind === "board" ? randomBoard(next, m, n) : (tgtKind as "dark" | "lit");
        const fast = solvePlusGrid(start, target);
        const ref = solvePlusGridGauss(start, target);
        expect(fast.nullity).toBe(ref.nullity);
        expect(fast.solvable).toBe(ref.solvable);
        if (!fast.solvable) {
          unsolvable++;
          expect(fast.presses).toBeNull();
          continue;
        }
        expect(pressesReachTarget(start, fast.presses!, target)).toBe(true);
        expect(boardsEqual(replayNaive(start, fast.presses!), targetBoard(target, m, n))).toBe(true);
        expect(boardsEqual(replayNaive(start, ref.presses!), targetBoard(target, m, n))).toBe(true);
        expect(fast.moves).toBe(boardWeight(fast.presses!));
        if (fast.nullity === 0) expect(boardsEqual(fast.presses!, ref.presses!)).toBe(true);
      }
    }
    expect(unsolvable).toBeGreaterThan(5); // random boards on singular sizes are mostly unsolvable
  });

  it("a solvable board on a singular size: start = presses applied to the target", () => {
    const next = rng(77);
    for (const [m, n] of [
      [5, 5],
      [19, 19],
      [14, 39],
      [30, 30],
    ]) {
      const hidden = randomBoard(next, m, n);
      const start = applyPresses(createBoard(m, n), hidden);
      const sol = solvePlusGrid(start, "dark");
      expect(sol.solvable).toBe(true);
      expect(pressesReachTarget(start, sol.presses!, "dark")).toBe(true);
      expect(sol.moves).toBeLessThanOrEqual(boardWeight(hidden));
    }
  });
});

describe("minimal solutions", () => {
  it("equal exhaustive search over all press sets on every board up to 4×4", () => {
    const next = rng(11);
    for (let m = 1; m <= 4; m++) {
      for (let n = 1; n <= 4; n++) {
        const cells = m * n;
        // Effect of each single press as a cells-bit integer.
        const eff: number[] = [];
        for (let r = 0; r < m; r++) {
          for (let c = 0; c < n; c++) {
            let e = 1 << (r * n + c);
            if (r > 0) e |= 1 << ((r - 1) * n + c);
            if (r + 1 < m) e |= 1 << ((r + 1) * n + c);
            if (c > 0) e |= 1 << (r * n + c - 1);
            if (c + 1 < n) e |= 1 << (r * n + c + 1);
            eff.push(e);
          }
        }
        const best = new Int32Array(1 << cells).fill(-1);
        let state = 0;
        let weight = 0;
        let pressed = 0;
        best[0] = 0;
        for (let g = 1; g < 1 << cells; g++) {
          let i = 0;
          while (((g >>> i) & 1) === 0) i++;
          state ^= eff[i];
          pressed ^= 1 << i;
          weight += (pressed >>> i) & 1 ? 1 : -1;
          if (best[state] < 0 || weight < best[state]) best[state] = weight;
        }
        const plan = preparePlusGrid(m, n);
        const boards = cells <= 9 ? 1 << cells : 300;
        for (let t = 0; t < boards; t++) {
          const bits = cells <= 9 ? t : next() & ((1 << cells) - 1);
          const start = createBoard(m, n);
          for (let k = 0; k < cells; k++) if ((bits >>> k) & 1) setCell(start, Math.floor(k / n), k % n, 1);
          const sol = solvePlusGrid(start, "dark", { plan: plan });
          expect(sol.solvable).toBe(best[bits] >= 0);
          if (!sol.solvable) continue;
          expect(sol.minimal).toBe(true);
          expect(sol.moves).toBe(best[bits]);
          expect(pressesReachTarget(start, sol.presses!, "dark")).toBe(true);
        }
      }
    }
  });

  it("equal a Gray-code walk over the quiet patterns (chase + Gauss) on singular sizes", () => {
    const next = rng(31337);
    for (const [m, n] of [
      [5, 5],
      [9, 9],
      [16, 16],
      [19, 19],
      [24, 24],
      [11, 23],
      [33, 17],
    ]) {
      for (let trial = 0; trial < 3; trial++) {
        const start = applyPresses(createBoard(m, n), randomBoard(next, m, n));
        const target = trial === 0 ? "dark" : randomBoard(next, m, n);
        const fast = solvePlusGrid(start, target);
        const ref = solvePlusGridGauss(start, target);
        expect(fast.solvable).toBe(ref.solvable);
        if (!ref.solvable) continue;
        const gray = minimizeByGrayWalk(ref.presses!, ref.nullBasis);
        expect(fast.minimal).toBe(true);
        expect(fast.moves).toBe(boardWeight(gray));
        expect(pressesReachTarget(start, fast.presses!, target)).toBe(true);
      }
    }
  });

  it("all-lit 5×5 (turn all off) needs 15 presses; the 2 quiet patterns change nothing", () => {
    const sol = solvePlusGrid(litBoard(5, 5), "dark", { nullBasis: true });
    expect(sol.minimal).toBe(true);
    expect(sol.moves).toBe(15);
    expect(sol.nullity).toBe(2);
    expect(sol.nullBasis!.length).toBe(2);
    for (const q of sol.nullBasis!) expect(pressesReachTarget(createBoard(5, 5), q, "dark")).toBe(true);
    // Lights-on from dark is the same system.
    expect(solvePlusGrid(createBoard(5, 5), "lit").moves).toBe(15);
  });

  it("all-lit 100×100 needs 5320 presses, and the solution is unique (nullity 0)", () => {
    const sol = solvePlusGrid(litBoard(100, 100), "dark");
    expect(sol.nullity).toBe(0);
    expect(sol.method).toBe("unique");
    expect(sol.minimal).toBe(true);
    expect(sol.moves).toBe(5320);
    expect(pressesReachTarget(litBoard(100, 100), sol.presses!, "dark")).toBe(true);
  });

  it("without the budget to finish the search the result is a labelled heuristic, never below the minimum", () => {
    const next = rng(5);
    const start = applyPresses(createBoard(19, 19), randomBoard(next, 19, 19)); // nullity 16
    const exact = solvePlusGrid(start, "dark");
    const heur = solvePlusGrid(start, "dark", { searchBudget: 0 });
    const none = solvePlusGrid(start, "dark", { minimize: false });
    expect(exact.method).toBe("exact");
    expect(heur.method).toBe("heuristic");
    expect(heur.minimal).toBe(false);
    expect(none.minimal).toBe(false);
    expect(heur.moves).toBeGreaterThanOrEqual(exact.moves);
    expect(none.moves).toBeGreaterThanOrEqual(heur.moves);
    expect(pressesReachTarget(start, heur.presses!, "dark")).toBe(true);
    expect(pressesReachTarget(start, none.presses!, "dark")).toBe(true);
  });
});

describe("quiet patterns (null basis)", () => {
  it("each changes nothing, they are independent, and wide boards come back untransposed", () => {
    for (const [m, n] of [
      [4, 4],
      [9, 14],
      [14, 9],
      [16, 30],
    ]) {
      const sol = solvePlusGrid(createBoard(m, n), "dark", { nullBasis: true });
      const basis = sol.nullBasis!;
      expect(basis.length).toBe(analyzePlusGrid(m, n).nullity);
      const mat = createBitMatrix(basis.length, m * n);
      basis.forEach((q, i) => {
        expect(q.rows).toBe(m);
        expect(q.cols).toBe(n);
        expect(pressesReachTarget(createBoard(m, n), q, "dark")).toBe(true);
        for (let k = 0; k < m * n; k++) if (getCell(q, Math.floor(k / n), k % n)) setBit(mat, i, k, 1);
      });
      expect(reduceMatrix(mat).rank).toBe(basis.length);
    }
  });

  it("boardFromStrings/boardToStrings round-trip", () => {
    const rows = ["10110", "00001", "11111"];
    expect(boardToStrings(boardFromStrings(rows))).toEqual(rows);
  });
});

describe("boards of one row or one column (solvePlusLine)", () => {
  /** Effect of press set `p` (bit i = press cell i) on a line of n cells: p ^ p<<1 ^ p>>1, cut to n bits. */
  const lineEffect = (p: number, n: number) => (p ^ (p << 1) ^ (p >>> 1)) & ((1 << n) - 1);
  const lineBoard = (bits: number, n: number) => {
    const b = createBoard(1, n);
    for (let i = 0; i < n; i++) if ((bits >>> i) & 1) setCell(b, 0, i, 1);
    return b;
  };

  it("a line of n cells has nullity 1 when n ≡ 2 (mod 3), else 0: by counting the press sets that change nothing", () => {
    for (let n = 1; n <= 18; n++) {
      let quiet = 0;
      for (let p = 0; p < 1 << n; p++) if (lineEffect(p, n) === 0) quiet++;
      const nullity = Math.log2(quiet);
      expect([n, nullity]).toEqual([n, n % 3 === 2 ? 1 : 0]);
      expect(analyzePlusGrid(1, n).nullity).toBe(nullity);
      expect(analyzePlusGrid(n, 1).nullity).toBe(nullity);
      expect(solvePlusLine(createBoard(1, n), "dark").nullity).toBe(nullity);
    }
  });

  it("every start on every line up to 12 cells: solvable exactly when some press set works, with the fewest presses", () => {
    for (let n = 1; n <= 12; n++) {
      // The fewest presses for each effect, over all 2^n press sets.
      const fewest = new Int32Array(1 << n).fill(-1);
      for (let p = 0; p < 1 << n; p++) {
        const e = lineEffect(p, n);
        let w = 0;
        for (let x = p; x !== 0; x >>>= 1) w += x & 1;
        if (fewest[e] < 0 || w < fewest[e]) fewest[e] = w;
      }
      for (let start = 0; start < 1 << n; start++) {
        const b = lineBoard(start, n);
        const s = solvePlusLine(b, "dark");
        expect(s.solvable).toBe(fewest[start] >= 0);
        if (!s.solvable) continue;
        expect(s.moves).toBe(fewest[start]);
        expect(s.minimal).toBe(true);
        expect(boardsEqual(replayNaive(b, s.presses!), createBoard(1, n))).toBe(true);
      }
    }
  });

  it("agrees with solvePlusGrid on lines of 1..260 cells (every word boundary), random starts and targets", () => {
    const next = rng(1733);
    for (let n = 1; n <= 260; n++) {
      const start = randomBoard(next, 1, n);
      const other = randomBoard(next, 1, n);
      for (const target of ["dark", "lit", other] as const) {
        const a = solvePlusLine(start, target);
        const g = solvePlusGrid(start, target);
        expect({ n, solvable: a.solvable, nullity: a.nullity, moves: a.moves, method: a.method, minimal: a.minimal }).toEqual({
          n,
          solvable: g.solvable,
          nullity: g.nullity,
          moves: g.moves,
          method: g.method,
          minimal: g.minimal,
        });
        if (a.solvable) expect(pressesReachTarget(start, a.presses!, target)).toBe(true);
      }
    }
  });

  it("a 1×100 000 line: the same fewest presses as solvePlusGrid, and the replay rejects a wrong press set", () => {
    const next = rng(99);
    for (const n of [100000, 100001, 99999]) {
      const start = randomBoard(next, 1, n);
      const a = solvePlusLine(start, "lit");
      const g = solvePlusGrid(start, "lit");
      expect([a.solvable, a.nullity, a.moves]).toEqual([g.solvable, g.nullity, g.moves]);
      if (!a.solvable) continue;
      expect(pressesReachTarget(start, a.presses!, "lit")).toBe(true);
      toggleCell(a.presses!, 0, n - 1);
      expect(pressesReachTarget(start, a.presses!, "lit")).toBe(false);
    }
  });

  it("without minimising: method none; the quiet pattern 110110… changes nothing", () => {
    const n = 35; // ≡ 2 (mod 3)
    const s = solvePlusLine(litBoard(1, n), "dark", { minimize: false, nullBasis: true });
    expect(s).toMatchObject({ solvable: true, nullity: 1, method: "none", minimal: false });
    expect(s.nullBasis).toHaveLength(1);
    const q = s.nullBasis![0];
    expect(boardToStrings(q)).toEqual(["110".repeat(12).slice(0, n)]);
    expect(boardsEqual(applyPresses(createBoard(1, n), q), createBoard(1, n))).toBe(true);
    expect(solvePlusLine(litBoard(1, n), "dark").moves).toBeLessThanOrEqual(s.moves);
    expect(() => solvePlusLine(litBoard(2, n), "dark")).toThrow(/one row/);
  });
});

describe("board files for the large-board CLI (sim/cli/large.ts)", () => {
  const dir = mkdtempSync(join(tmpdir(), "merlin-large-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };

  it("parses rows of digits (LF or CRLF, trailing blank lines) and writes them back", () => {
    const rows = ["1011001110001111000011111000001111", "0000000000000000000000000000000001", "1".repeat(34)];
    const b = readBoardFile(file("ok.txt", rows.join("\r\n") + "\r\n\n"));
    expect(boardToStrings(b)).toEqual(rows);
    expect(formatBoard(b).toString()).toBe(rows.join("\n") + "\n");
  });

  it("reports the line, column and character of a mistake in one line", () => {
    const err = (text: string) => {
      try {
        parseBoardBytes(Buffer.from(text), "b.txt");
      } catch (e) {
        expect(isInputError(e)).toBe(true);
        return (e as Error).message;
      }
      return "no error";
    };
    expect(err("0101\n01x1\n")).toBe("b.txt line 2, column 3: 'x' is not allowed — use 0 (dark) and 1 (lit)");
    expect(err("0101\n0 11\n")).toMatch(/line 2, column 2: a space is not allowed/);
    expect(err("0101\n011\n0101\n")).toBe("b.txt line 2 has 3 cells, line 1 has 4: every row must have the same length");
    expect(err("0101\n\n0101\n")).toMatch(/line 2 is empty/);
    expect(err("\n\n")).toMatch(/no rows/);
    expect(err("1".repeat(40) + "\n" + "1".repeat(35) + "2" + "1".repeat(4))).toMatch(/line 2, column 36: '2'/);
    expect(() => readBoardFile(join(dir, "missing.txt"))).toThrow(/cannot read board file .*no such file/);
  });

  it("rows narrower than a word: read end to end, in any chunks, the same board and the same mistakes", () => {
    const next = rng(4242);
    for (let cols = 1; cols <= 33; cols++) {
      const rows = 1 + (next() % 90);
      const lines: string[] = [];
      for (let r = 0; r < rows; r++) {
        let l = "";
        for (let c = 0; c < cols; c++) l += next() & 1 ? "1" : "0";
        lines.push(l);
      }
      const text = Buffer.from(lines.join(cols % 2 ? "\n" : "\r\n") + "\n");
      const whole = parseBoardBytes(text, "b.txt");
      expect([whole.rows, whole.cols, whole.stride]).toEqual([rows, cols, (cols + 31) >>> 5]);
      expect(boardToStrings(whole)).toEqual(lines);
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < text.length; ) {
        const k = 1 + (next() % 70);
        chunks.push(text.subarray(i, i + k));
        i += k;
      }
      expect(boardsEqual(parseBoardChunks(chunks, "b.txt"), whole)).toBe(true);
    }
    const err = (text: string, shape = {}) => {
      try {
        parseBoardBytes(Buffer.from(text), "b.txt", shape);
      } catch (e) {
        expect(isInputError(e)).toBe(true);
        return (e as Error).message;
      }
      return "no error";
    };
    const column = "1\n0\n".repeat(40);
    expect(err(column + "x\n" + column)).toBe("b.txt line 81, column 1: 'x' is not allowed — use 0 (dark) and 1 (lit)");
    expect(err(column + "10\n")).toBe("b.txt line 81 has 2 cells, line 1 has 1: every row must have the same length");
    expect(err(column + "\n" + column)).toBe("b.txt line 81 is empty — every row needs 1 digits like line 1");
    expect(err(column, { rows: 79 })).toMatch(/^b.txt has more than 79 rows/);
    expect(err("101\n010\n1x1\n")).toBe("b.txt line 3, column 2: 'x' is not allowed — use 0 (dark) and 1 (lit)");
    expect(err(column + "\n".repeat(3))).toBe("no error");
  });

  it("a one-column board read as its transpose (one row) and written back one cell per line", () => {
    const next = rng(31);
    for (const rows of [1, 31, 32, 33, 100, 1000]) {
      const bits: string[] = [];
      for (let r = 0; r < rows; r++) bits.push(next() & 1 ? "1" : "0");
      const text = bits.join("\n") + "\n";
      const f = file(`col${rows}.txt`, text);
      const read = readBoard(f, { columnAsRow: true });
      expect(read.transposed).toBe(true);
      expect([read.board.rows, read.board.cols]).toEqual([1, rows]);
      expect(boardToStrings(read.board)).toEqual([bits.join("")]);
      expect(boardToStrings(readBoardFile(f))).toEqual(bits);
      const out = join(dir, `col${rows}-out.txt`);
      writeBoardFile(out, read.board, true);
      expect(readFileSync(out, "utf8")).toBe(text);
      writeBoardFile(out, readBoardFile(f));
      expect(readFileSync(out, "utf8")).toBe(text);
    }
    // Longer than one write buffer (1 MiB): the same bytes as formatBoard.
    const wide = randomBoard(next, 3, 400000);
    writeBoardFile(join(dir, "wide.txt"), wide);
    expect(readFileSync(join(dir, "wide.txt")).equals(formatBoard(wide))).toBe(true);
  });

  it("runLargeSolve: all-lit and from a file, JSON summary, presses file replays", () => {
    const out = join(dir, "presses.txt");
    const lit = runLargeSolve({ size: 100, allLit: true, out: out });
    expect(lit.summary).toMatchObject({ solvable: true, moves: 5320, nullity: 0, minimal: true, verified: true });
    const json = JSON.parse(summaryJson(lit.summary));
    expect(Object.keys(json.timings)).toEqual(expect.arrayContaining(["readMs", "solveMs", "verifyMs"]));
    const presses = readBoardFile(out);
    expect(pressesReachTarget(litBoard(100, 100), presses, "dark")).toBe(true);

    const start = file("five.txt", ["11111", "11111", "11111", "11111", "11111"].join("\n"));
    const five = runLargeSolve({ size: 5, fromFile: start });
    expect(five.summary).toMatchObject({ solvable: true, moves: 15, nullity: 2, minimal: true });
    const un = runLargeSolve({ fromFile: file("un.txt", "10000\n00000\n00000\n00000\n00000\n") });
    expect(un.summary).toMatchObject({ solvable: false, moves: null, nullity: 2, minimal: false });
    expect(() => runLargeSolve({ size: 6, fromFile: start })).toThrow(/five.txt line 1 has 5 cells, but the size asked for is 6×6/);
    expect(() => runLargeSolve({ size: 5 })).toThrow(/exactly one start/);
    expect(runLargeAnalyze(30, 30)).toMatchObject({ nullity: 20, invertible: false, rank: 880 });
  });
});

// The device tables for k-state boards (src/toy/tables.ts compileCellTables) and the table-driven
// solver (src/toy/cellsolve.ts): brute force over every press vector on small boards, the general
// solver (src/maths/solver.ts, src/maths/zk.ts) on the games' 5×5 and source 001's boards, and every hint
// sequence replayed to the goal in exactly par presses.
import { describe, expect, it } from "vitest";
import { lightsOutGames } from "../firmware/build/build";
import type { Profile } from "../hardware/profile";
import { loadProfile } from "../hardware/validate";
import { formatBoard } from "../src/maths/boardstate";
import { digitsToCells } from "../src/maths/cellboards";
import { cellHint, cellMinimum, cellPressCount, cellSolvable, pressesOf } from "../src/toy/cellsolve";
import { CellBackend } from "../src/toy/cellgame";
import { checkerboard } from "../src/maths/games";
import { applyPresses, gridPuzzle, intersectionPuzzle, pressKey, Puzzle } from "../src/maths/puzzle";
import { puzzleMatrix, solve } from "../src/maths/solver";
import { CellTables } from "../src/toy/tables";
import { compileCellTables, compileTables, emitCellTables } from "../src/maths/compile-tables";
import { RULES_CLASSIC } from "../src/toy/rules";
import { createZkMatrix, ZkMatrix, zkMultiply, zkPseudoInverse, zkReduce, zkSolve } from "../src/maths/zk";
import { bruteFewest, vectorAt } from "./helpers/enumerate";
import { mulberry32 } from "./helpers/seeded";

/**
 * Follows cellHint from `board` to `target`, pressing each hinted key once (puzzle.ts pressKey,
 * and the toy's back-end on the tables alongside: they must agree); the presses made (fails after `limit`).
 */
function followHints(p: Puzzle, t: CellTables, board: string, target: string, limit: number): number {
  const toy = new CellBackend(t, p.rows, p.cols);
  const b = digitsToCells(board);
  let presses = 0;
  for (let s = board; s !== target; s = formatBoard(b)) {
    const key = cellHint(t, s, target);
    if (key < 0) throw new Error(`no hint on ${s} (target ${target}) after ${presses} presses`);
    if (++presses > limit) throw new Error(`more than ${limit} presses from ${board} to ${target}`);
    pressKey(p, b, key);
    if (toy.press(s, key) !== formatBoard(b)) throw new Error(`press(${s}, ${key}) is not ${formatBoard(b)}`);
  }
  if (cellHint(t, target, target) !== -1) throw new Error(`a hint on the solved board ${target}`);
  return presses;
}

/** A board `target` turns into after uniform random presses (0…k−1 per key): uniform over the solvable ones. */
function solvableStart(p: Puzzle, target: string, next: () => number): string {
  const counts = new Uint8Array(p.keys);
  for (let j = 0; j < p.keys; j++) counts[j] = Math.floor(next() * p.states);
  return formatBoard(applyPresses(p, digitsToCells(target), counts));
}

function randomBoard(p: Puzzle, next: () => number): string {
  let s = "";
  for (let c = 0; c < p.cells; c++) s += Math.floor(next() * p.states);
  return s;
}

/** (target − board) mod k as digits. */
function difference(p: Puzzle, board: string, target: string): Uint8Array {
  const d = new Uint8Array(p.cells);
  for (let c = 0; c < p.cells; c++) d[c] = (target.charCodeAt(c) - board.charCodeAt(c) + p.states) % p.states;
  return d;
}

describe("zkPseudoInverse: a right inverse on the image and the left kernel, against zkSolve", () => {
  // Random matrices with every right-hand side tried (k^rows of them), for each k up to 9.
  for (let k = 2; k <= 9; k++) {
    it(`k = ${k}: inverse·b solves every solvable b, the checks vanish exactly on the solvable ones`, () => {
      const next = mulberry32(500 + k);
      const rows = Math.max(2, Math.floor(Math.log(4000) / Math.log(k)));
      let tried = 0;
      for (let trial = 0; tried < 8 && trial < 200; trial++) {
        const cols = 1 + Math.floor(next() * (rows + 1));
        const a: ZkMatrix = createZkMatrix(rows, cols, k);
        for (let i = 0; i < a.data.length; i++) if (next() < 0.5) a.data[i] = Math.floor(next() * k);
        const red = zkReduce(a);
        const pseudo = zkPseudoInverse(red);
        if (pseudo === null) continue; // a non-unit pivot (composite k): no linear right inverse
        tried++;
        for (let index = 0; index < Math.pow(k, rows); index++) {
          const b = vectorAt(index, rows, k);
          const solvable = zkSolve(red, b) !== null;
          expect(Array.from(zkMultiply(pseudo.checks, b)).every((v) => v === 0)).toBe(solvable);
          if (solvable) expect(Array.from(zkMultiply(a, zkMultiply(pseudo.inverse, b)))).toEqual(Array.from(b));
        }
      }
      expect(tried).toBe(8);
    });
  }

  it("is null on a board with a pivot that is no unit (plus 2×3 mod 4: D holds a 2), which cell tables refuse", () => {
    const p = gridPuzzle({ rows: 2, cols: 3, pattern: "plus", states: 4 });
    expect(zkPseudoInverse(zkReduce(puzzleMatrix(p)))).toBeNull();
    expect(() => compileCellTables(p)).toThrow(/no pseudo-inverse over Z_4/);
  });
});

describe("cell tables: the literature's counts", () => {
  it("5×5 plus mod 2 (Lights Out): 2 quiet patterns of order 2, 2 checks; mod 3: 3 of order 3, 3 checks (rank 22); mod 6 both, 3 checks", () => {
    const t2 = compileCellTables(gridPuzzle({ rows: 5, cols: 5, pattern: "plus" }));
    expect([t2.checks, Array.from(t2.quietOrders), t2.words]).toEqual([2, [2, 2], 4]);
    const t3 = compileCellTables(gridPuzzle({ rows: 5, cols: 5, pattern: "plus", states: 3 }));
    expect([t3.checks, Array.from(t3.quietOrders), t3.words]).toEqual([3, [3, 3, 3], 4]);
    const t6 = compileCellTables(gridPuzzle({ rows: 5, cols: 5, pattern: "plus", states: 6 }));
    expect([t6.checks, Array.from(t6.quietOrders).sort(), t6.words]).toEqual([3, [2, 2, 3, 3, 3], 4]);
  });

  it("source 001's N×N boards: (N−1)² keys of full rank, so one solution each and N² − (N−1)² = 2N − 1 checks", () => {
    for (let n = 3; n <= 8; n++) {
      for (let k = 2; k <= 6; k++) {
        const t = compileCellTables(intersectionPuzzle(n, k));
        expect([t.keys, t.quietOrders.length, t.checks]).toEqual([(n - 1) * (n - 1), 0, 2 * n - 1]);
      }
    }
  });

  it("refuses what it cannot hold, saying why", () => {
    expect(() => compileCellTables(gridPuzzle({ rows: 3, cols: 3, pattern: "plus", states: 9 }))).toThrow(/at most 8 colours/);
    expect(() => compileCellTables(gridPuzzle({ rows: 9, cols: 9, pattern: "plus" }))).toThrow(/at most 64 cells/);
    // 4×4 plus mod 2 has nullity 4 (16 solutions); 8×8 king mod 2 nullity 15.
    expect(compileCellTables(gridPuzzle({ rows: 4, cols: 4, pattern: "plus" })).quietOrders.length).toBe(4);
    expect(() => compileCellTables(gridPuzzle({ rows: 8, cols: 8, pattern: "king" }))).toThrow(/32768 solutions .* walk at most 4096/);
  });

  it("the toy's back-end presses a key as puzzle.ts does, any number of times (the tables list each key's cells in increasing order, as it reads them)", () => {
    for (const p of [gridPuzzle({ rows: 5, cols: 5, pattern: "plus", states: 3 }), intersectionPuzzle(5, 6), gridPuzzle({ rows: 8, cols: 8, pattern: "x", states: 5 })]) {
      const t = compileCellTables(p);
      const toy = new CellBackend(t, p.rows, p.cols);
      for (let j = 0; j < p.keys; j++) {
        const cells = Array.from(t.keyCells.subarray(t.keyStart[j], t.keyStart[j + 1]));
        expect(cells).toEqual(Array.from(p.keyCells.subarray(p.keyStart[j], p.keyStart[j + 1])).sort((a, b) => a - b));
      }
      const next = mulberry32(p.cells * p.states);
      for (let n = 0; n < 50; n++) {
        const board = randomBoard(p, next);
        const key = Math.floor(next() * p.keys);
        const times = Math.floor(next() * 2 * p.states);
        const b = digitsToCells(board);
        for (let i = 0; i < times; i++) pressKey(p, b, key);
        let pressed = board;
        for (let i = 0; i < times; i++) pressed = toy.press(pressed, key);
        expect(pressed).toBe(formatBoard(b));
      }
    }
  });

  it("emits an expression that evaluates to the same tables", () => {
    const t = compileCellTables(gridPuzzle({ rows: 5, cols: 5, pattern: "plus", states: 3 }));
    const back = new Function("return " + emitCellTables(t))() as CellTables;
    expect(back).toEqual(t);
  });
});

// Small boards with quiet patterns (over Z_3, Z_6, GF(2)) and without: every press vector.
const SMALL: { name: string; p: Puzzle; everyBoard: boolean }[] = [
  { name: "x 3×3 mod 3 (quiet 3·3)", p: gridPuzzle({ rows: 3, cols: 3, pattern: "x", states: 3 }), everyBoard: true },
  { name: "plus 2×5 mod 3 (quiet 3·3)", p: gridPuzzle({ rows: 2, cols: 5, pattern: "plus", states: 3 }), everyBoard: true },
  { name: "plus 2×3 mod 6 (quiet 2·2·3)", p: gridPuzzle({ rows: 2, cols: 3, pattern: "plus", states: 6 }), everyBoard: true },
  { name: "plus 4×4 mod 2 (nullity 4)", p: gridPuzzle({ rows: 4, cols: 4, pattern: "plus" }), everyBoard: true },
  { name: "plus 2×2 mod 5 (invertible)", p: gridPuzzle({ rows: 2, cols: 2, pattern: "plus", states: 5 }), everyBoard: true },
  { name: "source 001 3×3, cycle (2,3): mod 5", p: intersectionPuzzle(3, 5), everyBoard: false },
  { name: "source 001 3×3, cycle (3,3): mod 6", p: intersectionPuzzle(3, 6), everyBoard: false },
  { name: "source 001 4×4, cycle (1,3): mod 4", p: intersectionPuzzle(4, 4), everyBoard: false },
];

describe("cellsolve against brute force on small boards", () => {
  for (const b of SMALL) {
    it(`${b.name}: solvable, par and every hint sequence (exactly par presses) for every press effect`, () => {
      const p = b.p;
      const t = compileCellTables(p);
      const fewest = bruteFewest(p);
      const zero = "0".repeat(p.cells);
      // Mismatches collected (expect() per effect is slow over 262 144 of them).
      const wrong: string[] = [];
      let i = 0;
      for (const [effect, n] of fewest) {
        // The minimum solution's presses add up to par and make the effect.
        const best = new Int32Array(t.words);
        const par = cellMinimum(t, zero, effect, best);
        const counts = new Uint8Array(p.keys);
        for (let j = 0; j < p.keys; j++) counts[j] = pressesOf(best, j);
        const sum = counts.reduce((s, c) => s + c, 0);
        const made = formatBoard(applyPresses(p, new Uint8Array(p.cells), counts));
        if (!cellSolvable(t, zero, effect) || par !== n || sum !== n || made !== effect) wrong.push(`${effect}: par ${par}, presses ${sum} making ${made}, brute force ${n}`);
        // Hints from a random board to this effect's target (every effect on the smaller maps).
        if (fewest.size <= 20000 || i++ % 11 === 0) {
          const start = randomBoard(p, mulberry32(fewest.size + i + n));
          const target = formatBoard(applyPresses(p, digitsToCells(start), counts));
          const presses = followHints(p, t, start, target, n);
          if (presses !== n) wrong.push(`${start} → ${target}: ${presses} hinted presses, brute force ${n}`);
        }
      }
      expect(wrong).toEqual([]);
      // Every other difference cannot be solved.
      const next = mulberry32(7);
      const total = Math.pow(p.states, p.cells);
      const checkEvery = b.everyBoard && total <= 1 << 17;
      const count = checkEvery ? total : 3000;
      let unsolvable = 0;
      for (let index = 0; index < count; index++) {
        const d = checkEvery ? formatBoard(vectorAt(index, p.cells, p.states)) : randomBoard(p, next);
        if (fewest.has(d)) continue;
        unsolvable++;
        if (cellSolvable(t, zero, d) || cellPressCount(t, zero, d) !== -1 || cellHint(t, zero, d) !== -1) wrong.push(`${d} answered as solvable`);
      }
      expect(wrong).toEqual([]);
      if (checkEvery) expect(unsolvable).toBe(total - fewest.size);
      else expect(unsolvable).toBeGreaterThan(0);
    });
  }
});

/** Random boards against the general solver: solvable, par (its proven fewest), hints replayed in exactly par presses. */
function againstSolver(p: Puzzle, target: string, seed: number, boards: number): void {
  const t = compileCellTables(p);
  const next = mulberry32(seed);
  let unsolvable = 0;
  for (let i = 0; i < boards; i++) {
    // Half solvable starts (dealt like the games'), half random boards (most of them unsolvable on source 001's).
    const board = i % 2 === 0 ? solvableStart(p, target, next) : randomBoard(p, next);
    const s = solve(p, digitsToCells(board), digitsToCells(target), { order: false });
    expect(cellSolvable(t, board, target)).toBe(s.solvable);
    if (!s.solvable) {
      unsolvable++;
      expect(cellPressCount(t, board, target)).toBe(-1);
      expect(cellHint(t, board, target)).toBe(-1);
      continue;
    }
    expect(s.minimal).toBe(true);
    expect(cellPressCount(t, board, target)).toBe(s.moves);
    expect(followHints(p, t, board, target, s.moves)).toBe(s.moves);
    // Solutions are checked on the zk oracle too: a particular one exists exactly then.
    expect(zkSolve(zkReduce(puzzleMatrix(p)), difference(p, board, target))).not.toBeNull();
  }
  if (t.checks > 2) expect(unsolvable).toBeGreaterThan(0);
}

describe("cellsolve on the games' boards against the solver", () => {
  it("lightsout: 5×5 plus mod 2 (nullity 2), 200 boards to dark", () => {
    againstSolver(gridPuzzle({ rows: 5, cols: 5, pattern: "plus" }), "0".repeat(25), 11, 200);
  });

  it("lightsout2000: 5×5 plus mod 3 (27 solutions each), 200 boards to dark", () => {
    againstSolver(gridPuzzle({ rows: 5, cols: 5, pattern: "plus", states: 3 }), "0".repeat(25), 12, 200);
  });

  it("5×5 plus mod 4, 5 and 6: 60 boards each to a mixed target", () => {
    for (let k = 4; k <= 6; k++) {
      const target = "0123401234012340123401234".replace(/[0-9]/g, (ch) => String(Number(ch) % k));
      againstSolver(gridPuzzle({ rows: 5, cols: 5, pattern: "plus", states: k }), target, 20 + k, 60);
    }
  });

  it("blackwhite: source 001's 4×4 and 5×5 boards for every cycle (I,J), I + J ≤ 6, 40 boards each to the swapped checkerboard", () => {
    for (const n of [4, 5]) {
      for (let i = 1; i < 6; i++) {
        for (let j = 1; i + j <= 6; j++) {
          const target = formatBoard(checkerboard(n, i, true));
          againstSolver(intersectionPuzzle(n, i + j), target, 100 * n + 10 * i + j, 40);
        }
      }
    }
  });

  it("source 001's checkerboard swap: par equals the source's Σ a(m,l) on (I+J)×(I+J) boards", () => {
    // a(m,l) ≡ (−1)^(m+l)·m·l·I mod I+J (README, Rule sets): the unique solution of the swap.
    for (let i = 1; i < 6; i++) {
      for (let j = 1; i + j <= 6 && i + j <= 8; j++) {
        const k = i + j;
        if (k < 3) continue;
        const p = intersectionPuzzle(k, k);
        let sum = 0;
        for (let m = 1; m < k; m++) for (let l = 1; l < k; l++) sum += ((((m + l) % 2 === 0 ? 1 : -1) * m * l * i) % k + k) % k;
        const t = compileCellTables(p);
        expect(cellPressCount(t, formatBoard(checkerboard(k, i, false)), formatBoard(checkerboard(k, i, true)))).toBe(sum);
      }
    }
  });
});

describe("the firmware build's game tables (build.ts lightsOutGames)", () => {
  /** The back-end a game's Storage module makes, its class standing in as a record of what it was made with. */
  function made(make: string): { kind: string; tables: unknown } {
    const stand = (kind: string) => class {
      kind = kind;
      tables: unknown;
      constructor(tables: unknown) {
        this.tables = tables;
      }
    };
    return new Function("CellBackend", "LevelBackend", "MaskBackend", "return " + make)(stand("CellBackend"), stand("LevelBackend"), stand("MaskBackend"));
  }

  /** The board's Lights Out games as the firmware has them: names, rule sets, goals, whether they deal levels, their tables. */
  function gameLists(p: Profile): { [list: string]: unknown[] } {
    const games = lightsOutGames(p);
    return {
      GAME_NAMES: games.map((g) => g.name),
      GAME_RULES: games.map((g) => g.rules),
      GAME_GOALS: games.map((g) => JSON.parse(g.target)),
      GAME_LEVELS: games.map((g) => made(`new ${g.kind}(${g.args})`).kind === "LevelBackend"),
      GAME_TABLES: games.map((g) => () => made(`new ${g.kind}(${g.args})`).tables),
    };
  }

  it("pico-5x5-neopixel: lightsout (mask tables, levels), lightsout2000 and blackwhite (cell tables) with their goals and rules, the tables `merlin play` plays on", () => {
    const lines = gameLists(loadProfile("pico-5x5-neopixel"));
    expect(lines["GAME_NAMES"]).toEqual(["lightsout", "lightsout2000", "blackwhite"]);
    expect(lines["GAME_RULES"]).toEqual([RULES_CLASSIC, RULES_CLASSIC, RULES_CLASSIC]);
    // blackwhite's goal: source 001's checkerboard swapped, white (1: the default cycle (1,3)) where row + column is even.
    expect(lines["GAME_GOALS"]).toEqual([0, "0".repeat(25), "10101" + "01010" + "10101" + "01010" + "10101"]);
    expect(lines["GAME_LEVELS"]).toEqual([true, false, false]);
    // Empty lists are emitted as [] (as emitTables does): compared as plain arrays; a colour
    // game's cell tables come as a function that makes them.
    const plain = (t: unknown) =>
      JSON.parse(JSON.stringify(typeof t === "function" ? t() : t, (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v)));
    expect((lines["GAME_TABLES"] as unknown[]).map(plain)).toEqual(
      [
        compileTables(gridPuzzle({ rows: 5, cols: 5, pattern: "plus" })),
        compileCellTables(gridPuzzle({ rows: 5, cols: 5, pattern: "plus", states: 3 })),
        // Source 001's 16 inner intersections of 5×5 pads, mod 1 + 3.
        compileCellTables(intersectionPuzzle(5, 4)),
      ].map(plain),
    );
  });

  it("pico-4x4-neopixel plays blackwhite alone (the plus games are 5×5), on its 9 inner intersections mod 4; boards without pixels (one colour per pad) get no games", () => {
    const lines = gameLists(loadProfile("pico-4x4-neopixel"));
    expect(lines["GAME_NAMES"]).toEqual(["blackwhite"]);
    expect(lines["GAME_GOALS"]).toEqual(["1010" + "0101" + "1010" + "0101"]);
    const made = (lines["GAME_TABLES"] as (() => unknown)[]).map((f) => f());
    const plain = (t: unknown) => JSON.parse(JSON.stringify(t, (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v)));
    expect(made.map(plain)).toEqual([plain(compileCellTables(intersectionPuzzle(4, 4)))]);
    expect(gameLists(loadProfile("pico-3x3")).GAME_NAMES).toEqual([]);
  });
});

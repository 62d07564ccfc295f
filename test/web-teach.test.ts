// The teaching view's mathematics (sim/web/teach.ts) against the sources and brute force:
// source 003's A⁻¹ and worked example, its human strategy on all 512 boards, source 000's
// row-by-row chasing on plus boards, quiet patterns and the solvability test on singular ones;
// every board the toy plays (the rule sets' Merlin boards, lightsout, lightsout2000, blackwhite)
// from the same description the toy plays; and the elimination stepper's row operations
// (sim/web/elimination-steps.ts) replayed one by one.
import { describe, expect, it } from "vitest";
import { goalCells, playedPuzzle } from "../sim/app/toy-info";
import { applyRowOp, eliminate, type Elimination } from "../sim/web/elimination-steps";
import { chaseSteps, keyPad, lesson, lessonSteps, pressPads, strategyHint } from "../sim/web/teach";
import { DEFAULT_CYCLE, gamePuzzle, gameSpec } from "../src/maths/games";
import { gridPuzzle, intersectionPuzzle, pressKey, type Puzzle } from "../src/maths/puzzle";
import { inverse, puzzleMatrix } from "../src/maths/solver";
import { compileCellTables } from "../src/maths/compile-tables";
import { CellBackend } from "../src/toy/cellgame";
import { mulberry32 } from "./helpers/seeded";

const merlin = gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" });
const GOAL = "111101111";
const bits = (s: string) => Uint8Array.from(s.split("").map(Number));
const fromMask = (m: number, n: number) => Uint8Array.from({ length: n }, (_, i) => (m >> i) & 1);
function press(p: ReturnType<typeof gridPuzzle>, board: Uint8Array, keys: number[]): Uint8Array {
  const b = board.slice();
  for (const k of keys) pressKey(p, b, k - 1);
  return b;
}

describe("lesson on Merlin's 3×3", () => {
  it("has source 003's A, A⁻¹ and worked example: 010110101 → 111101111 by keys 3, 4, 5, 8, 9", () => {
    const L = lesson(merlin, bits("010110101"), bits(GOAL));
    // Source 003 prints A row by row (row i = pad i) and A⁻¹ over F2.
    expect(L.matrix).toEqual(["110100000", "111010000", "011001000", "100110100", "101010101", "001011001", "000100110", "000010111", "000001011"]);
    expect(L.inverse).toEqual(["101001110", "111111000", "101100011", "110110110", "101010101", "011011011", "110001101", "000111111", "011100101"]);
    expect(L.difference).toBe("101011010");
    expect(L.presses).toBe("001110011");
    expect(L.keys).toEqual([3, 4, 5, 8, 9]);
    expect(L).toMatchObject({ rank: 9, nullity: 0, solvable: true, quiet: [], checks: [] });
  });

  it("x solves every one of the 512 boards", () => {
    for (let m = 0; m < 512; m++) {
      const b = fromMask(m, 9);
      const L = lesson(merlin, b, bits(GOAL));
      expect(press(merlin, b, L.keys).join("")).toBe(GOAL);
    }
  });

  it("source 003's strategy, followed hint by hint, wins from every board with exactly the keys of x", () => {
    for (let m = 0; m < 512; m++) {
      let b: Uint8Array = fromMask(m, 9);
      const x = lesson(merlin, b, bits(GOAL)).keys;
      const pressed: number[] = [];
      const stages: string[] = [];
      for (let step = 0; step < 10; step++) {
        const h = strategyHint(merlin, b, bits(GOAL));
        if (h.stage === "done") break;
        pressed.push(h.key);
        stages.push(h.stage);
        b = press(merlin, b, [h.key]);
      }
      expect(b.join("")).toBe(GOAL);
      expect(pressed.slice().sort()).toEqual(x);
      // Edges first, then corners, the centre last.
      const order = stages.map((s) => ({ edge: 0, corner: 1, centre: 2 })[s as "edge"]);
      expect(order).toEqual(order.slice().sort());
    }
  });

  it("an edge key's related rectangle is six pads: its row of A⁻¹ (source 003's figure)", () => {
    const h = strategyHint(merlin, bits("010110101"), bits(GOAL));
    expect(h).toMatchObject({ stage: "edge", key: 4, cells: [1, 2, 4, 5, 7, 8] });
  });
});

describe("singular boards: quiet patterns and the solvability test", () => {
  const plus5 = gridPuzzle({ rows: 5, cols: 5, pattern: "plus" });
  const merlin4 = gridPuzzle({ rows: 4, cols: 4, pattern: "merlin" });

  it.each([
    { name: "plus 5×5", p: plus5, nullity: 2 },
    { name: "merlin 4×4", p: merlin4, nullity: 4 },
  ])("$name: nullity $nullity; every quiet pattern changes nothing; the test agrees with brute-force reachability", ({ p, nullity }) => {
    const rnd = mulberry32(5);
    const dark = new Uint8Array(p.cells);
    const L0 = lesson(p, dark, dark);
    expect(L0.nullity).toBe(nullity);
    expect(L0.quiet).toHaveLength(nullity);
    expect(L0.checks).toHaveLength(nullity);
    for (const q of L0.quiet) {
      const keys = q.split("").flatMap((c, i) => (c === "1" ? [i + 1] : []));
      expect(keys.length).toBeGreaterThan(0);
      expect(press(p, dark, keys).join("")).toBe(dark.join(""));
    }
    // Boards made by pressing keys are reachable by definition: the test must say so and x must
    // undo them. One pad changed from such a board may or may not be: the test decides, and x
    // must work exactly when it says solvable.
    for (let n = 0; n < 200; n++) {
      const made = press(p, dark, Array.from({ length: p.keys }, (_, k) => k + 1).filter(() => rnd() < 0.5));
      const reach = lesson(p, made, dark);
      expect(reach.solvable).toBe(true);
      expect(reach.checkParities.every((x) => x === 0)).toBe(true);
      expect(press(p, made, reach.keys).join("")).toBe(dark.join(""));
      const flipped = made.slice();
      flipped[Math.floor(rnd() * p.cells)] ^= 1;
      const f = lesson(p, flipped, dark);
      expect(f.solvable).toBe(f.checkParities.every((x) => x === 0));
      if (f.solvable) expect(press(p, flipped, f.keys).join("")).toBe(dark.join(""));
    }
  });
});

describe("source 000's light chasing on plus boards", () => {
  it.each([3, 4, 5, 6, 7])("side %i: row 1 from the solver, then each row presses under the wrong pads above; ends on the target", (n) => {
    const p = gridPuzzle({ rows: n, cols: n, pattern: "plus" });
    const rnd = mulberry32(n);
    const lit = new Uint8Array(n * n).fill(1);
    for (let trial = 0; trial < 30; trial++) {
      const start = press(p, lit, Array.from({ length: n * n }, (_, k) => k + 1).filter(() => rnd() < 0.5));
      const steps = chaseSteps(p, start, lit)!;
      expect(steps).toHaveLength(n);
      expect(steps[0].why).toBe("first-row");
      let b = start;
      steps.forEach((s, r) => {
        if (r > 0) {
          // Source 000: a pad still wrong in the row above is fixed by pressing the pad below it.
          expect(s.keys).toEqual((s.why as number[]).map((c) => c + n));
        }
        expect(s.keys.every((k) => k > r * n && k <= (r + 1) * n)).toBe(true);
        b = press(p, b, s.keys);
        expect(b.join("")).toBe(s.board);
      });
      expect(b.join("")).toBe(lit.join(""));
      const L = lesson(p, start, lit);
      expect(steps.flatMap((s) => s.keys)).toEqual(L.keys);
    }
  });

  it("says when a board cannot reach the target", () => {
    const p = gridPuzzle({ rows: 5, cols: 5, pattern: "plus" });
    const one = new Uint8Array(25);
    one[0] = 1; // a single lit corner is not reachable from dark on 5×5 (nullity 2)
    expect(lesson(p, one, new Uint8Array(25)).solvable).toBe(false);
    expect(chaseSteps(p, one, new Uint8Array(25))).toBeNull();
  });
});

/** A board reachable from `from`: random presses (0..k−1 of each key), as the toy's deals make them. */
function randomReachable(p: Puzzle, from: Uint8Array, rnd: () => number): Uint8Array {
  const b = from.slice();
  for (let key = 0; key < p.keys; key++) {
    const n = Math.floor(rnd() * p.states);
    for (let i = 0; i < n; i++) pressKey(p, b, key);
  }
  return b;
}

describe("the board being played, from the toy's own description (toy-info playedPuzzle, src/maths/games.ts)", () => {
  // Every rule set or game a profile's toy plays, by board side (hardware/profiles: 3×3, 4×4, 5×5).
  const CASES = [
    ["basic", 3], ["classic", 4], ["merlin1978", 5], ["blackwhite", 4],
    ["lightsout", 5], ["lightsout2000", 5], ["blackwhite", 5],
  ] as const;

  it.each(CASES)("%s on %i×%i: x, pressed at the pads the view names, reaches the goal from reachable boards", (rules, n) => {
    const p = playedPuzzle(rules, n, n);
    const goal = goalCells(rules, n, n);
    const rnd = mulberry32(n * 31 + rules.length);
    for (let trial = 0; trial < 25; trial++) {
      const start = randomReachable(p, goal, rnd);
      const L = lesson(p, start, goal);
      expect(L.solvable).toBe(true);
      expect(L.checkParities.every((v) => v === 0)).toBe(true);
      expect(Array.from(pressPads(p, start, L.pads)).join("")).toBe(Array.from(goal).join(""));
      // x counts: one digit per key, and the pads are those keys' pads.
      expect(L.pads.slice().sort((a, b) => a - b)).toEqual(L.keys.map((key) => L.keyPads[key - 1] + 1).sort((a, b) => a - b));
    }
  });

  it("lightsout (5×5 plus, all dark): the goal is all dark and A has rank 23, not invertible", () => {
    const p = playedPuzzle("lightsout", 5, 5);
    const L = lesson(p, goalCells("lightsout", 5, 5), goalCells("lightsout", 5, 5));
    expect(L.target).toBe("0".repeat(25));
    expect(L).toMatchObject({ k: 2, rank: 23, nullity: 2, inverse: null });
    expect(L.quiet).toHaveLength(2);
  });

  it("lightsout2000 counts mod 3: rank 22, 3 quiet patterns of order 3, and the test catches an unreachable board", () => {
    const p = playedPuzzle("lightsout2000", 5, 5);
    const dark = new Uint8Array(25);
    const L = lesson(p, dark, dark);
    expect(L).toMatchObject({ k: 3, rank: 22, nullity: 3, quietOrders: [3, 3, 3], inverse: null });
    for (const q of L.quiet) {
      const counts = q.split("").map(Number);
      const pads = counts.flatMap((c, j) => Array(c).fill(j + 1));
      expect(Array.from(pressPads(p, dark, pads)).join("")).toBe(dark.join(""));
    }
    const rnd = mulberry32(3);
    let unreachable = 0;
    for (let trial = 0; trial < 60; trial++) {
      const b = randomReachable(p, dark, rnd);
      b[Math.floor(rnd() * 25)] = (b[Math.floor(rnd() * 25)] + 1) % 3;
      const M = lesson(p, b, dark);
      expect(M.checks.length).toBeGreaterThan(0);
      expect(M.solvable).toBe(M.checkParities.every((v) => v === 0));
      if (!M.solvable) unreachable++;
      else expect(Array.from(pressPads(p, b, M.pads)).join("")).toBe(dark.join(""));
    }
    expect(unreachable).toBeGreaterThan(0);
  });

  it("blackwhite: keys on the intersections, pressed at the top-left pad of each 2×2 block as the toy maps them; mod 4", () => {
    for (let n = 3; n <= 8; n++) {
      const p = intersectionPuzzle(n, DEFAULT_CYCLE.white + DEFAULT_CYCLE.black);
      const toy = new CellBackend(compileCellTables(p), n, n);
      for (let key = 0; key < p.keys; key++) expect(toy.keyAt(keyPad(p, key))).toBe(key);
    }
    const p = playedPuzzle("blackwhite", 4, 4);
    expect(p).toBe(playedPuzzle("blackwhite", 4, 4));
    expect(p.states).toBe(4);
    const L = lesson(p, new Uint8Array(16), goalCells("blackwhite", 4, 4));
    // 16 pads, 9 keys: the pads of the last row and column are no keys.
    expect(L.keyPads.map((c) => c + 1)).toEqual([1, 2, 3, 5, 6, 7, 9, 10, 11]);
    expect(L.matrix).toHaveLength(16);
    expect(L.matrix[0]).toHaveLength(9);
    expect(L.rank).toBeNull();
    expect(L.checks).toHaveLength(7);
    expect(L.pads.every((pad) => L.keyPads.includes(pad - 1))).toBe(true);
    expect(() => pressPads(p, new Uint8Array(16), [4])).toThrow(/pad 4 is not a key/);
  });

  it("a board of another game's digits is refused with a reason, not solved wrongly", () => {
    const p = playedPuzzle("basic", 5, 5);
    const b = new Uint8Array(25);
    b[3] = 2;
    expect(() => lesson(p, b, goalCells("basic", 5, 5))).toThrow(/cell 4 holds 2, but merlin 5×5 counts mod 2/);
  });
});

/**
 * The operation a step's text names, applied by the test's own code (not the stepper's): a
 * swap, "Ri ← c·Ri (mod k)", "Ri ← Ri + c·Rj (mod k)", or none (a step that names a pivot).
 */
function applyText(m: Uint8Array, width: number, k: number, text: string): Uint8Array {
  const out = Array.from(m);
  const row = (r: number) => out.slice(r * width, (r + 1) * width);
  const put = (r: number, v: number[]) => v.forEach((x, j) => (out[r * width + j] = x));
  let g: RegExpMatchArray | null;
  if ((g = text.match(/^swap R(\d+), R(\d+)/))) {
    const a = Number(g[1]) - 1;
    const b = Number(g[2]) - 1;
    expect(a).not.toBe(b);
    const ra = row(a);
    put(a, row(b));
    put(b, ra);
  } else if ((g = text.match(/^R(\d+) ← (\d+)·R(\d+) \(mod (\d+)\)/))) {
    expect(g[1]).toBe(g[3]);
    expect(Number(g[4])).toBe(k);
    const c = Number(g[2]);
    // A unit: the operation can be undone.
    expect(Array.from({ length: k }, (_, u) => (u * c) % k)).toContain(1);
    put(Number(g[1]) - 1, row(Number(g[1]) - 1).map((v) => (v * c) % k));
  } else if ((g = text.match(/R(\d+) ← R(\d+) \+ (?:(\d+)·)?R(\d+) \(mod (\d+)\)/))) {
    expect(g[1]).toBe(g[2]);
    expect(g[4]).not.toBe(g[1]);
    expect(Number(g[5])).toBe(k);
    const c = g[3] === undefined ? 1 : Number(g[3]);
    const src = row(Number(g[4]) - 1);
    put(Number(g[1]) - 1, row(Number(g[1]) - 1).map((v, j) => (v + c * src[j]) % k));
  } else {
    expect(text).toMatch(/^column \d+: (pivot R\d+|no row|every row)/);
  }
  return Uint8Array.from(out);
}

/** Replays every step from its text: the named operation turns the previous matrix into the next. */
function replay(e: Elimination): void {
  let m = e.start;
  for (const s of e.steps) {
    const next = applyText(m, e.width, e.k, s.text);
    expect(Array.from(s.matrix)).toEqual(Array.from(next));
    expect(Array.from(applyRowOp(m, e.width, e.k, s.op))).toEqual(Array.from(next));
    m = next;
  }
}
function multiply(p: Puzzle, x: Uint8Array): number[] {
  const a = puzzleMatrix(p);
  const out: number[] = [];
  for (let i = 0; i < p.cells; i++) {
    let s = 0;
    for (let j = 0; j < p.keys; j++) s += a.data[i * p.keys + j] * x[j];
    out.push(s % p.states);
  }
  return out;
}

describe("the elimination stepper: row operations on [A | t − b] and [A | I]", () => {
  it("Merlin 3×3 [A | I] ends in [I | A⁻¹]: source 003's M⁻¹, the solver's inverse", () => {
    const e = lessonSteps(merlin, new Uint8Array(9), new Uint8Array(9), true);
    replay(e);
    const last = e.steps[e.steps.length - 1].matrix;
    const left: string[] = [];
    const right: string[] = [];
    for (let i = 0; i < 9; i++) {
      left.push(Array.from(last.subarray(i * 18, i * 18 + 9)).join(""));
      right.push(Array.from(last.subarray(i * 18 + 9, i * 18 + 18)).join(""));
    }
    expect(left).toEqual(Array.from({ length: 9 }, (_, i) => "000000000".slice(0, i) + "1" + "000000000".slice(i + 1)));
    // The published matrix (sources 002/003), and the same from src/'s solver.
    const PUBLISHED = ["101001110", "111111000", "101100011", "110110110", "101010101", "011011011", "110001101", "000111111", "011100101"];
    expect(right).toEqual(PUBLISHED);
    expect(right).toEqual(inverse(merlin)!.map((r) => Array.from(r).join("")));
    expect(e.free).toEqual([]);
    expect(e.zeroRows).toEqual([]);
    // Steps name their operations the textbook way.
    expect(e.steps.some((s) => /^R\d ← R\d \+ R\d \(mod 2\)/.test(s.text))).toBe(true);
    expect(e.steps[0].text).toMatch(/^column 1: pivot R1 \(entry 1\)/);
  });

  it("Merlin 3×3 [A | t − b]: source 003's worked example ends in x = keys 3, 4, 5, 8, 9", () => {
    const e = lessonSteps(merlin, bits("010110101"), bits(GOAL), false);
    replay(e);
    expect(Array.from(e.solutions[0]!).join("")).toBe("001110011");
  });

  it.each([
    ["merlin 5×5", () => playedPuzzle("basic", 5, 5), "basic"],
    ["merlin 4×4 (singular)", () => playedPuzzle("classic", 4, 4), "classic"],
    ["lightsout", () => playedPuzzle("lightsout", 5, 5), "lightsout"],
    ["lightsout2000 (mod 3)", () => playedPuzzle("lightsout2000", 5, 5), "lightsout2000"],
    ["blackwhite 4×4 (mod 4)", () => playedPuzzle("blackwhite", 4, 4), "blackwhite"],
    ["blackwhite 5×5 (mod 4)", () => playedPuzzle("blackwhite", 5, 5), "blackwhite"],
  ] as const)("%s: every step is its named row operation, and the x read off solves A·x = t − b by replay", (_name, make, rules) => {
    const p = make();
    const goal = goalCells(rules, p.rows, p.cols);
    const rnd = mulberry32(p.cells + p.states);
    for (let trial = 0; trial < 6; trial++) {
      const start = randomReachable(p, goal, rnd);
      const e = lessonSteps(p, start, goal, false);
      replay(e);
      const x = e.solutions[0];
      expect(x).not.toBeNull();
      const pads = Array.from(x!).flatMap((c, j) => Array(c).fill(keyPad(p, j) + 1));
      expect(Array.from(pressPads(p, start, pads)).join("")).toBe(Array.from(goal).join(""));
      // Reduced row echelon form: each pivot column is zero but for its pivot, which is 1 on these boards.
      const last = e.steps.length ? e.steps[e.steps.length - 1].matrix : e.start;
      for (const pv of e.pivots) {
        expect(pv.value).toBe(1);
        for (let i = 0; i < e.rows; i++) expect(last[i * e.width + pv.col]).toBe(i === pv.row ? 1 : 0);
      }
    }
  });

  it("mod 3 and mod 4 name their factors: R ← R + 2·R (mod 3), a scale by a unit", () => {
    const p = playedPuzzle("lightsout2000", 5, 5);
    const e = lessonSteps(p, new Uint8Array(25), goalCells("lightsout2000", 5, 5), false);
    const texts = e.steps.map((s) => s.text);
    expect(texts.some((t) => /^R\d+ ← R\d+ \+ 2·R\d+ \(mod 3\)/.test(t))).toBe(true);
    expect(texts.some((t) => /^R\d+ ← 2·R\d+ \(mod 3\)/.test(t))).toBe(true);
    const bw = lessonSteps(playedPuzzle("blackwhite", 4, 4), new Uint8Array(16), goalCells("blackwhite", 4, 4), false);
    expect(bw.steps.some((s) => /\(mod 4\)/.test(s.text))).toBe(true);
  });

  it("plus 5×5 (lightsout): two zero rows and two free columns; a solvable board has 0 = 0 there, a lone lit corner 0 = 1", () => {
    const p = playedPuzzle("lightsout", 5, 5);
    const dark = new Uint8Array(25);
    const solvable = lessonSteps(p, randomReachable(p, dark, mulberry32(9)), dark, false);
    replay(solvable);
    expect(solvable.zeroRows.map((z) => z.row)).toEqual([23, 24]);
    expect(solvable.free).toHaveLength(2);
    expect(solvable.zeroRows.every((z) => z.rhs[0] === 0)).toBe(true);
    // Free variables are the quiet patterns' keys: setting one to 1 and the pivots to match gives a press set that changes nothing.
    expect(solvable.solutions[0]).not.toBeNull();
    const corner = dark.slice();
    corner[0] = 1;
    const none = lessonSteps(p, corner, dark, false);
    replay(none);
    expect(none.zeroRows).toHaveLength(2);
    expect(none.zeroRows.some((z) => z.rhs[0] !== 0)).toBe(true);
    expect(none.solutions[0]).toBeNull();
    expect(none.why[0]).toMatch(/^R2[45] reads 0 = 1: no presses can do that/);
    // The lesson agrees: no solution.
    expect(lesson(p, dark, corner).solvable).toBe(false);
  });

  it("merlin 4×4: four zero rows, four free columns (nullity 4); lightsout2000: three (nullity 3)", () => {
    const m4 = lessonSteps(playedPuzzle("basic", 4, 4), new Uint8Array(16), new Uint8Array(16), false);
    expect(m4.zeroRows).toHaveLength(4);
    expect(m4.free).toHaveLength(4);
    const lo3 = lessonSteps(playedPuzzle("lightsout2000", 5, 5), new Uint8Array(25), new Uint8Array(25), false);
    expect(lo3.zeroRows).toHaveLength(3);
    expect(lo3.free).toHaveLength(3);
  });

  it("over Z_6 two entries that together make a unit (2 and 3) are combined first, by a named add", () => {
    // [2; 3] x = [4; 3] mod 6: x = 5 (2·5 = 10 ≡ 4, 3·5 = 15 ≡ 3).
    const e = eliminate([2, 3], 2, 1, [4, 3], 1, 6);
    replay(e);
    expect(e.pivots).toEqual([{ row: 0, col: 0, value: 1 }]);
    expect(Array.from(e.solutions[0]!)).toEqual([5]);
    // Over Z_4 a pivot 2 stays 2 and an odd right side has no solution.
    const f = eliminate([2], 1, 1, [1], 1, 4);
    expect(f.pivots[0].value).toBe(2);
    expect(f.solutions[0]).toBeNull();
    expect(f.why[0]).toMatch(/2·x1 = 1 \(mod 4\)/);
  });

  it("a 6×6 blackwhite board mod 6 (cycle 1,5) steps to a solution too", () => {
    const g = gameSpec("blackwhite")!;
    const p = gamePuzzle(g, 6, { white: 1, black: 5 });
    const goal = new Uint8Array(36);
    const start = randomReachable(p, goal, mulberry32(6));
    const e = lessonSteps(p, start, goal, false);
    replay(e);
    const x = e.solutions[0]!;
    expect(multiply(p, x)).toEqual(Array.from(start).map((v) => (6 - v) % 6));
  });
});

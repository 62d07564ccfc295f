// The teaching view's edited boards, checked without the solver: a board the view calls
// solvable is one some press vector reaches, found by trying every press vector on small
// boards (3×3 and 4×4, mod 2, 3 and 4: at most 4^9 press vectors); "make it unsolvable" gives a board no press vector
// reaches; typed digits are read or refused with what is accepted; and when the stepper's x
// differs from the view's, the quiet patterns it names make up the difference.
import { describe, expect, it } from "vitest";
import { playedPuzzle } from "../sim/app/toy-info";
import { answerGap, digits, lesson, lessonSteps, pressTotal, readBoardDigits, unsolvableNeighbour } from "../sim/web/teach";
import { gridPuzzle, type Puzzle } from "../src/maths/puzzle";
import { minus, pressed, reachable } from "./helpers/press-vectors";
import { mulberry32 } from "./helpers/seeded";

const BOARDS: { name: string; p: Puzzle }[] = [
  { name: "Merlin 3×3 (invertible: every board)", p: gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" }) },
  { name: "plus 4×4 (nullity 4)", p: gridPuzzle({ rows: 4, cols: 4, pattern: "plus" }) },
  { name: "merlin 4×4 (basic on the 4×4 toy)", p: playedPuzzle("basic", 4, 4) },
  { name: "plus 3×3 mod 3", p: gridPuzzle({ rows: 3, cols: 3, pattern: "plus", states: 3 }) },
  { name: "blackwhite 4×4 mod 4 (keys on the 9 intersections)", p: playedPuzzle("blackwhite", 4, 4) },
];

describe("edited boards: the view's verdict against every press vector", () => {
  it.each(BOARDS)("$name: solvable exactly when some presses reach the target; x reaches it", ({ p }) => {
    const k = p.states;
    const reach = reachable(p);
    const rand = mulberry32(7);
    const target = new Uint8Array(p.cells).map(() => Math.floor(rand() * k));
    // Every board of the small ones; of the others random boards, boards presses reach from
    // the target, and those with one pad advanced.
    const boards: Uint8Array[] = [];
    if (k ** p.cells <= 1 << 10) {
      for (let n = 0; n < k ** p.cells; n++) boards.push(new Uint8Array(p.cells).map((_, i) => Math.floor(n / k ** i) % k));
    } else {
      for (let n = 0; n < 50; n++) boards.push(new Uint8Array(p.cells).map(() => Math.floor(rand() * k)));
      for (let n = 0; n < 100; n++) {
        const change = pressed(p, new Uint8Array(p.keys).map(() => Math.floor(rand() * k)));
        const b = target.map((v, i) => (v - change[i] + k) % k);
        if (n >= 50) b[n % p.cells] = (b[n % p.cells] + 1) % k;
        boards.push(b);
      }
    }
    let solvable = 0;
    for (const b of boards) {
      const L = lesson(p, b, target);
      const truth = reach.has(minus(target, b, k));
      expect(L.solvable, `board ${b.join("")}`).toBe(truth);
      // The test's sums are all 0 exactly when solvable.
      if (L.checks.length > 0) expect(L.checkParities.every((v) => v === 0)).toBe(truth);
      if (truth) {
        solvable++;
        expect(pressed(p, digits(L.presses)).join("")).toBe(minus(target, b, k));
      }
    }
    // The share that can be reached is |reachable| / k^cells (every board when A is invertible).
    if (k ** p.cells <= 1 << 10) expect(solvable * k ** p.cells).toBe(reach.size * boards.length);
    else expect(solvable).toBeGreaterThanOrEqual(50);
  });

  it.each(BOARDS)("$name: 'make it unsolvable' gives a board no presses solve, one pad away (none when A is invertible)", ({ p }) => {
    const k = p.states;
    const reach = reachable(p);
    const rand = mulberry32(11);
    const target = new Uint8Array(p.cells);
    for (let n = 0; n < 40; n++) {
      // A solvable board: presses from the target.
      const x = new Uint8Array(p.keys).map(() => Math.floor(rand() * k));
      const b = target.map((v, i) => (v - pressed(p, x)[i] + k) % k);
      const L = lesson(p, b, target);
      expect(L.solvable).toBe(true);
      const next = unsolvableNeighbour(L, b);
      if (reach.size === k ** p.cells) {
        expect(next).toBeNull();
        continue;
      }
      expect(next).not.toBeNull();
      expect(reach.has(minus(target, next!.board, k))).toBe(false);
      expect([...next!.board].filter((v, i) => v !== b[i])).toHaveLength(1);
      expect(next!.board[next!.pad - 1]).toBe((b[next!.pad - 1] + 1) % k);
      expect(lesson(p, next!.board, target).solvable).toBe(false);
    }
  });
});

describe("typed boards", () => {
  it("reads digits pad 1 first, with spaces, commas or slashes between rows", () => {
    expect(Array.from(readBoardDigits("101/010/101", 2, 9))).toEqual([1, 0, 1, 0, 1, 0, 1, 0, 1]);
    expect(Array.from(readBoardDigits("2 1 0, 0 1 2, 1 1 1", 3, 9))).toEqual([2, 1, 0, 0, 1, 2, 1, 1, 1]);
  });

  it("refuses a wrong length or a digit the game has no state for, saying what a board here is", () => {
    expect(() => readBoardDigits("10101", 2, 9)).toThrow("a board here is 9 digits 0 to 1, pad 1 first, row by row (got 5 characters: '10101')");
    expect(() => readBoardDigits("102010101", 2, 9)).toThrow("a board here is 9 digits 0 to 1");
    expect(() => readBoardDigits("abc", 3, 25)).toThrow("a board here is 25 digits 0 to 2");
  });
});

describe("one answer: the stepper's x beside the view's", () => {
  // lightsout2000 (5×5 plus mod 3, nullity 3) and lightsout (nullity 2): boards where the
  // stepper's x, free variables 0, is not the fewest presses.
  it.each(["lightsout", "lightsout2000", "blackwhite"])("%s: both solve the board, the view's has the fewest presses, and the named quiet patterns make up the gap", (rules) => {
    const p = playedPuzzle(rules, 5, 5);
    const k = p.states;
    const rand = mulberry32(5);
    let apart = 0;
    for (let n = 0; n < 30; n++) {
      const x0 = new Uint8Array(p.keys).map(() => Math.floor(rand() * k));
      const target = new Uint8Array(p.cells);
      const b = target.map((v, i) => (v - pressed(p, x0)[i] + k) % k);
      const L = lesson(p, b, target);
      const e = lessonSteps(p, b, target, false);
      const mine = e.solutions[0]!;
      expect(pressed(p, mine).join("")).toBe(minus(target, b, k));
      expect(pressTotal(L.presses)).toBeLessThanOrEqual(pressTotal(mine));
      const gap = answerGap(L, mine);
      if (gap.same) {
        expect(Array.from(mine).join("")).toBe(L.presses);
        continue;
      }
      apart++;
      // The named combination, added up here, is the difference between the two.
      expect(gap.times).not.toBeNull();
      const sum = new Uint8Array(p.keys);
      gap.times!.forEach((t, i) => L.quiet[i].split("").forEach((c, j) => (sum[j] = (sum[j] + t * Number(c)) % k)));
      expect(sum.join("")).toBe(gap.difference);
      expect(digits(L.presses).map((v, j) => (v + sum[j]) % k).join("")).toBe(Array.from(mine).join(""));
      // And a quiet pattern it is: it changes nothing.
      expect(pressed(p, sum).every((v) => v === 0)).toBe(true);
    }
    if (rules !== "blackwhite") expect(apart).toBeGreaterThan(0);
  });
});

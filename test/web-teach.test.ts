// The teaching view's mathematics (sim/web/teach.ts) against the sources and brute force:
// source 003's A⁻¹ and worked example, its human strategy on all 512 boards, source 000's
// row-by-row chasing on plus boards, quiet patterns and the solvability test on singular ones.
import { describe, expect, it } from "vitest";
import { chaseSteps, lesson, strategyHint } from "../sim/web/teach";
import { gridPuzzle, pressKey } from "../src/puzzle";
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
    ["plus 5×5", plus5, 2],
    ["merlin 4×4", merlin4, 4],
  ] as const)("%s: nullity %i; every quiet pattern changes nothing; the test agrees with brute-force reachability", (_name, p, nullity) => {
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
  it.each([3, 4, 5, 6, 7])("%i×%i: row 1 from the solver, then each row presses under the wrong pads above; ends on the target", (n) => {
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

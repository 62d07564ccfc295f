// The fewest presses over x0 + span(quiet patterns) (src/maths/minweight.ts), against a brute-force
// oracle on random quiet spaces, against published minima (OEIS A075464), and its properties.
import { describe, expect, it } from "vitest";
import { applyPresses, createBoard, getCell, litBoard, PackedBoard, pressesReachTarget, setCell } from "../src/maths/chase";
import { preparePlusGrid, solvePlusGrid } from "../src/maths/gridsolve";
import {
  addCell,
  createQuietClasses,
  fewestPresses,
  gridSymmetries,
  LARGE_TRANSFORM_BITS,
  QuietChoice,
  symmetricSolutions,
  TRANSFORM_BITS,
} from "../src/maths/minweight";
import { gridPuzzle } from "../src/maths/puzzle";
import { analyze, solve } from "../src/maths/solver";
import { xorshift32 } from "./helpers/seeded";

interface Coset {
  x0: Uint8Array;
  quiet: Uint8Array[];
}

/** d independent random vectors of n bits (rejection: a dependent draw is drawn again). */
function randomQuiet(next: () => number, n: number, d: number, density: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const echelon: Uint8Array[] = [];
  while (out.length < d) {
    const v = new Uint8Array(n).map(() => ((next() % 1000) / 1000 < density ? 1 : 0));
    const r = new Uint8Array(v);
    for (const e of echelon) if (r[e.indexOf(1)]) for (let i = 0; i < n; i++) r[i] ^= e[i];
    if (r.indexOf(1) < 0) continue;
    echelon.push(r);
    out.push(v);
  }
  return out;
}

/** Every combination, one by one: the oracle. */
function bruteMinimum(c: Coset): number {
  const n = c.x0.length;
  let best = n + 1;
  for (let combo = 0; combo < 1 << c.quiet.length; combo++) {
    let w = 0;
    for (let p = 0; p < n; p++) {
      let v = c.x0[p];
      for (let i = 0; i < c.quiet.length; i++) if ((combo >>> i) & 1) v ^= c.quiet[i][p];
      w += v;
    }
    if (w < best) best = w;
  }
  return best;
}

function search(c: Coset, budget: number, noTransform?: boolean, batchBits?: number): QuietChoice {
  const d = c.quiet.length;
  const t = createQuietClasses(d);
  const sig = new Int32Array(Math.max(1, Math.ceil(d / 32)));
  for (let p = 0; p < c.x0.length; p++) {
    sig.fill(0);
    c.quiet.forEach((q, i) => q[p] && (sig[i >>> 5] |= 1 << (i & 31)));
    addCell(t, sig, 0, c.x0[p]);
  }
  return fewestPresses(t, budget, batchBits === undefined ? { transform: !noTransform } : { transform: !noTransform, batchBits });
}

/** x0 with the chosen combination added: the presses the choice stands for. */
function applied(c: Coset, choice: QuietChoice): Uint8Array {
  const y = new Uint8Array(c.x0);
  c.quiet.forEach((q, i) => {
    if ((choice.combo[i >>> 5] >>> (i & 31)) & 1) for (let p = 0; p < y.length; p++) y[p] ^= q[p];
  });
  return y;
}

function weight(v: Uint8Array): number {
  return v.reduce((a, b) => a + b, 0);
}

/** The transform and the branch and bound both prove the brute-force minimum, and it replays. */
function expectBothFindMinimum(coset: Coset): void {
  const want = bruteMinimum(coset);
  for (const noTransform of [false, true]) {
    const got = search(coset, 1e9, noTransform);
    expect(got.exact).toBe(true);
    expect(got.weight).toBe(want);
    expect(weight(applied(coset, got))).toBe(want);
  }
}

describe("fewestPresses against every combination", () => {
  const next = xorshift32(2024);
  const cases: { label: string; n: number; d: number; density: number }[] = [
    { label: "tiny", n: 12, d: 3, density: 0.5 },
    { label: "sparse patterns", n: 40, d: 10, density: 0.1 },
    { label: "dense patterns", n: 60, d: 12, density: 0.5 },
    { label: "more patterns than cells can tell apart (many equal signatures)", n: 9, d: 9, density: 0.5 },
    { label: "long", n: 300, d: 11, density: 0.3 },
  ];
  for (const c of cases) {
    it(c.label + ": the transform and the branch and bound both find the minimum", () => {
      for (let trial = 0; trial < 12; trial++) {
        const coset: Coset = {
          x0: new Uint8Array(c.n).map(() => next() & 1),
          quiet: randomQuiet(next, c.n, c.d, c.density),
        };
        expectBothFindMinimum(coset);
      }
    });
  }

  it("many cells, nullity 16–20: the batched levels (one transform for many nodes) agree with the transform", () => {
    // Thousands of cells over d ≤ 21 patterns: the classes only merge deep in the tree, so the
    // branch and bound batches the levels above (see batchBranch); with 8 batched levels there
    // are plain levels above the batch too. The transform over all 2^d combinations is the oracle.
    for (const c of [
      { n: 2000, d: 16, density: 0.5, batchBits: 18 },
      { n: 3000, d: 18, density: 0.5, batchBits: 18 },
      { n: 3000, d: 20, density: 0.3, batchBits: 8 },
    ]) {
      const coset: Coset = { x0: new Uint8Array(c.n).map(() => next() & 1), quiet: randomQuiet(next, c.n, c.d, c.density) };
      const want = search(coset, 1e12);
      expect(want.exact).toBe(true);
      const got = search(coset, 1e12, true, c.batchBits);
      expect(got.exact).toBe(true);
      expect(got.weight).toBe(want.weight);
      expect(weight(applied(coset, got))).toBe(want.weight);
    }
  });

  it("independent parts (patterns on disjoint cells, written in a mixed basis) are searched apart", () => {
    for (let trial = 0; trial < 8; trial++) {
      // Three blocks of cells, each with its own patterns, plus cells no pattern touches; the
      // basis handed to the search mixes the blocks (each pattern plus random later ones).
      const sizes = [30, 25, 40];
      const dims = [5, 4, 6];
      const n = 100;
      const own: Uint8Array[] = [];
      let at = 0;
      sizes.forEach((size, b) => {
        for (const q of randomQuiet(next, size, dims[b], 0.4)) {
          const v = new Uint8Array(n);
          v.set(q, at);
          own.push(v);
        }
        at += size;
      });
      const quiet = own.map((q, i) => {
        const v = new Uint8Array(q);
        for (let j = i + 1; j < own.length; j++) if (next() & 1) for (let p = 0; p < n; p++) v[p] ^= own[j][p];
        return v;
      });
      const coset: Coset = { x0: new Uint8Array(n).map(() => next() & 1), quiet: quiet };
      expectBothFindMinimum(coset);
    }
  });

  it("signatures of more than one word (d > 32) go through the same search", () => {
    // 40 patterns, but only 8 of them reach beyond a few cells: the brute force runs over a
    // coset written with 40 patterns whose last 32 are combinations of the first 8 on 20
    // "busy" cells and single private cells elsewhere, so the minimum is known exactly.
    const n = 60;
    const d = 40;
    const base = randomQuiet(next, 20, 8, 0.5);
    const quiet: Uint8Array[] = [];
    for (let i = 0; i < d; i++) {
      const v = new Uint8Array(n);
      if (i < 8) v.set(base[i]);
      else v[20 + i] = 1; // pattern i ≥ 8 presses one private cell: adding it only flips that cell
      quiet.push(v);
    }
    const x0 = new Uint8Array(n).map(() => next() & 1);
    const busy: Coset = { x0: x0.subarray(0, 20), quiet: base };
    // The private cells can all be cleared; cells 20..27 belong to no pattern.
    const want = bruteMinimum(busy) + weight(x0.subarray(20, 28));
    const got = search({ x0: x0, quiet: quiet }, 1e9);
    expect(got.exact).toBe(true);
    expect(got.weight).toBe(want);
    expect(weight(applied({ x0: x0, quiet: quiet }, got))).toBe(want);
  });
});

describe("properties", () => {
  const next = xorshift32(77);

  it("the minimum does not depend on the basis of the quiet space", () => {
    for (let trial = 0; trial < 10; trial++) {
      const n = 80;
      const quiet = randomQuiet(next, n, 10, 0.4);
      const x0 = new Uint8Array(n).map(() => next() & 1);
      // Another basis: each pattern plus a random subset of the later ones (triangular, invertible).
      const other = quiet.map((q, i) => {
        const v = new Uint8Array(q);
        for (let j = i + 1; j < quiet.length; j++) if (next() & 1) for (let p = 0; p < n; p++) v[p] ^= quiet[j][p];
        return v;
      });
      // Another particular solution: x0 plus a random combination.
      const x1 = new Uint8Array(x0);
      for (const q of quiet) if (next() & 1) for (let p = 0; p < n; p++) x1[p] ^= q[p];
      const a = search({ x0, quiet }, 1e9, true);
      const b = search({ x0: x1, quiet: other }, 1e9, true);
      expect(a.exact && b.exact).toBe(true);
      expect(b.weight).toBe(a.weight);
    }
  });

  it("without the budget to finish, the answer is a real member of the coset and no better than the minimum", () => {
    for (let trial = 0; trial < 10; trial++) {
      const coset: Coset = { x0: new Uint8Array(120).map(() => next() & 1), quiet: randomQuiet(next, 120, 12, 0.5) };
      const exact = search(coset, 1e9);
      const cut = search(coset, 0);
      expect(cut.exact).toBe(false);
      expect(weight(applied(coset, cut))).toBe(cut.weight);
      expect(cut.weight).toBeGreaterThanOrEqual(exact.weight);
    }
  });

  it("a direct table is searched by the transform up to TRANSFORM_BITS patterns, a hashed one above", () => {
    expect(createQuietClasses(TRANSFORM_BITS).direct).toBe(true);
    expect(createQuietClasses(TRANSFORM_BITS + 1).direct).toBe(false);
  });

  it("a hashed table of many classes up to LARGE_TRANSFORM_BITS patterns gets one transform: the same minimum as the direct table of the same classes", () => {
    // The same 6000 cells twice: once in a direct table of 22 patterns, once with two more
    // patterns that no cell has (so they change nothing and the minimum is the same).
    const next = xorshift32(2424);
    const direct = createQuietClasses(TRANSFORM_BITS);
    const hashed = createQuietClasses(LARGE_TRANSFORM_BITS);
    const sig = new Int32Array(1);
    for (let cell = 0; cell < 6000; cell++) {
      sig[0] = next() & ((1 << TRANSFORM_BITS) - 1);
      const pressed = next() & 1;
      addCell(direct, sig, 0, pressed);
      addCell(hashed, sig, 0, pressed);
    }
    expect(hashed.direct).toBe(false);
    const a = fewestPresses(direct, 1e9);
    const b = fewestPresses(hashed, 1e9);
    expect(a.exact && b.exact).toBe(true);
    expect(b.weight).toBe(a.weight);
  });
});

// OEIS A075464: "a(n) is the minimal number of nontrivial switch flippings needed to solve the
// all-ones lights out problem on an n X n square", terms 1..54 as listed in the entry's data
// section (https://oeis.org/A075464; a(26)–a(29) Les Reid, a(30)–a(38) and beyond Max
// Alekseyev, b-file to n = 78 by Zhao Hui Du).
const A075464 = [
  1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224, 245, 276, 231, 270, 353, 356, 405, 416,
  345, 376, 553, 428, 469, 520, 563, 600, 761, 772, 561, 696, 891, 940, 953, 772, 1069, 1188, 971, 1096, 1165, 1220, 1317,
  1256, 1487, 1400,
];

describe("all-lit n×n plus boards: the published minima (OEIS A075464)", () => {
  it("n = 1..54 except 39 and 47 (nullity up to 20: one transform each), through solvePlusGrid", () => {
    for (let n = 1; n <= A075464.length; n++) {
      if (n === 39 || n === 47) continue;
      const sol = solvePlusGrid(litBoard(n, n), "dark", { plan: preparePlusGrid(n, n) });
      expect(sol.minimal).toBe(true);
      expect(sol.moves).toBe(A075464[n - 1]);
      expect(pressesReachTarget(litBoard(n, n), sol.presses!, "dark")).toBe(true);
    }
  });

  it("n = 39 and 47 (nullity 32 and 30, the branch and bound): 561 and 971 presses, proven", () => {
    for (const [n, nullity] of [
      [39, 32],
      [47, 30],
    ]) {
      const sol = solvePlusGrid(litBoard(n, n), "dark");
      expect(sol.nullity).toBe(nullity);
      expect(sol).toMatchObject({ method: "exact", minimal: true, moves: A075464[n - 1] });
      expect(pressesReachTarget(litBoard(n, n), sol.presses!, "dark")).toBe(true);
    }
  });

  it("n ≤ 24 through the general GF(2) solver (elimination, not light chasing) as well", () => {
    for (const n of [4, 5, 9, 11, 14, 16, 17, 19, 23, 24]) {
      const p = gridPuzzle({ rows: n, cols: n, pattern: "010/111/010", wrap: false });
      const pAsGraph = { ...p, pattern: "graph" }; // same matrix, general back end
      const s = solve(pAsGraph, new Uint8Array(p.cells).fill(1), new Uint8Array(p.cells), { order: false });
      expect(s).toMatchObject({ minimal: true, method: "exact", moves: A075464[n - 1] });
    }
  });
});

/** A plus board's coset, cell by cell (row-major): one solution and the quiet patterns, from light chasing. */
function plusCoset(board: PackedBoard): Coset {
  const n = board.rows;
  const m = board.cols;
  const sol = solvePlusGrid(board, "dark", { minimize: false, nullBasis: true });
  const cells = (b: PackedBoard) => {
    const v = new Uint8Array(n * m);
    for (let r = 0; r < n; r++) for (let c = 0; c < m; c++) v[r * m + c] = getCell(b, r, c);
    return v;
  };
  return { x0: cells(sol.presses!), quiet: sol.nullBasis!.map(cells) };
}

/** The coset's cells with their signatures, and the grid's symmetries (the options that ask for symmetric starts). */
function cellsOf(c: Coset, rows: number, cols: number) {
  const d = c.quiet.length;
  const words = Math.max(1, Math.ceil(d / 32));
  const sig = new Int32Array(c.x0.length * words);
  for (let p = 0; p < c.x0.length; p++) c.quiet.forEach((q, i) => q[p] && (sig[p * words + (i >>> 5)] |= 1 << (i & 31)));
  return { sig: sig, pressed: new Uint8Array(c.x0), perms: gridSymmetries(rows, cols) };
}

/** The all-lit n×n plus torus's coset from the general solver (5×5 and 6×6: nullity 8, OEIS A165738). */
function torusCoset(n: number): Coset {
  const p = gridPuzzle({ rows: n, cols: n, pattern: "plus", wrap: true });
  const x = solve(p, new Uint8Array(p.cells).fill(1), new Uint8Array(p.cells), { minimize: false, order: false }).counts;
  const quiet = analyze(p, { quiet: true }).quiet!;
  expect(quiet.length).toBe(8);
  return { x0: x, quiet: quiet };
}

/** A board reached from dark by random presses (so solvable), seeded. */
function randomPlusBoard(rows: number, cols: number, seed: number): PackedBoard {
  const next = xorshift32(seed);
  const presses = createBoard(rows, cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (next() & 1) setCell(presses, r, c, 1);
  return applyPresses(createBoard(rows, cols), presses);
}

describe("symmetric starts", () => {
  // Plus boards of nullity 2 to 16 (brute force: every solution), square and not, all lit and random.
  const boards: [number, number, number][] = [
    [5, 5, 0],
    [9, 9, 0],
    [9, 9, 7],
    [11, 11, 0],
    [16, 16, 0],
    [16, 16, 3],
    [4, 9, 0],
    [5, 11, 0],
    [5, 11, 5],
  ];

  it("gridSymmetries: left-right, up-down, half turn; on a square also both diagonals and a quarter turn (cell (r, c) goes to (c, n − 1 − r))", () => {
    expect(gridSymmetries(3, 3).map((p) => Array.from(p).join(""))).toEqual(["210543876", "678345012", "876543210", "036147258", "852741630", "258147036"]);
    expect(gridSymmetries(2, 3).map((p) => Array.from(p).join(""))).toEqual(["210543", "345012", "543210"]);
  });

  it("on a torus also the shifts by half and a third of a side", () => {
    const shifts = gridSymmetries(4, 6, true).slice(0, -3);
    const at = (p: Int32Array, r: number, c: number) => [Math.floor(p[r * 6 + c] / 6), p[r * 6 + c] % 6];
    expect(shifts.map((p) => at(p, 1, 1))).toEqual([
      [3, 1],
      [1, 4],
      [3, 4],
      [1, 3],
    ]);
  });

  /** The plus boards above (all lit, or random) and the 5×5 and 6×6 plus tori: coset, rows, cols, wrap. */
  const symmetryCases = (): [Coset, number, number, boolean][] => {
    const cases: [Coset, number, number, boolean][] = boards.map(([rows, cols, seed]) => [
      plusCoset(seed === 0 ? litBoard(rows, cols) : randomPlusBoard(rows, cols, seed)),
      rows,
      cols,
      false,
    ]);
    for (const n of [5, 6]) cases.push([torusCoset(n), n, n, true]);
    return cases;
  };

  it("symmetricSolutions is exactly the set of solutions a symmetry leaves unchanged (every solution checked)", () => {
    const cases = symmetryCases();
    for (const [coset, rows, cols, wrap] of cases) {
      const d = coset.quiet.length;
      const cells = { ...cellsOf(coset, rows, cols), perms: gridSymmetries(rows, cols, wrap) };
      const words = Math.max(1, Math.ceil(d / 32));
      for (const perm of cells.perms) {
        // Brute force: the combinations whose solution is unchanged by the permutation.
        const want: number[] = [];
        for (let combo = 0; combo < 1 << d; combo++) {
          const x = applied(coset, { combo: new Uint32Array([combo]), weight: 0, exact: false, work: 0, nodes: 0 });
          if (x.every((v, p) => v === x[perm[p]])) want.push(combo);
        }
        const space = symmetricSolutions(d, words, cells, perm);
        if (space === null) {
          expect(want).toEqual([]);
          continue;
        }
        const dim = space.length / words - 1;
        const got: number[] = [];
        for (let z = 0; z < 1 << dim; z++) {
          let c = space[0];
          for (let k = 0; k < dim; k++) if ((z >>> k) & 1) c ^= space[k + 1];
          got.push(c >>> 0);
        }
        expect(got.sort((a, b) => a - b)).toEqual(want);
      }
    }
  });

  it("with the cells and symmetries (and without the transform, so the symmetric starts are searched), the proven minimum is the brute-force one", () => {
    const cases = symmetryCases();
    for (const [coset, rows, cols, wrap] of cases) {
      const d = coset.quiet.length;
      const t = createQuietClasses(d);
      const cells = { ...cellsOf(coset, rows, cols), perms: gridSymmetries(rows, cols, wrap) };
      for (let p = 0; p < coset.x0.length; p++) addCell(t, cells.sig, p, coset.x0[p]);
      const got = fewestPresses(t, 1e9, { transform: false, cells: cells });
      const want = bruteMinimum(coset);
      expect(got.exact).toBe(true);
      expect(got.weight).toBe(want);
      expect(weight(applied(coset, got))).toBe(want);
    }
  });

  it("a start is kept when nothing better is found: without a proof the answer is never worse than the start", () => {
    const coset = plusCoset(litBoard(16, 16));
    const d = coset.quiet.length;
    const t = createQuietClasses(d);
    const cells = cellsOf(coset, 16, 16);
    for (let p = 0; p < coset.x0.length; p++) addCell(t, cells.sig, p, coset.x0[p]);
    const want = bruteMinimum(coset);
    // The best combination by brute force as the start, and a budget too small for any search.
    let best = 0;
    let bestW = Infinity;
    for (let combo = 0; combo < 1 << d; combo++) {
      const w = weight(applied(coset, { combo: new Uint32Array([combo]), weight: 0, exact: false, work: 0, nodes: 0 }));
      if (w < bestW) [best, bestW] = [combo, w];
    }
    const got = fewestPresses(t, 1, { transform: false, proof: false, start: new Uint32Array([best]) });
    expect(got.weight).toBe(want);
  });
});

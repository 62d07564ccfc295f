import { describe, expect, it } from "vitest";
import { reduceMatrix } from "../src/maths/elimination";
import { createBitMatrix, setBit } from "../src/maths/gf2";
import { gridPuzzle, intersectionPuzzle, Puzzle } from "../src/maths/puzzle";
import {
  createZkMatrix,
  isPrime,
  primePowers,
  ZkMatrix,
  zkImageOrders,
  zkInverse,
  zkKernel,
  zkKernelOrders,
  zkMultiply,
  zkRank,
  zkReduce,
  zkSolve,
} from "../src/maths/zk";
import { mulberry32 } from "./helpers/seeded";
import { vectorAt } from "./helpers/enumerate";

const rng = mulberry32;

const prod = (xs: number[]) => xs.reduce((a, b) => a * b, 1);

const key = (v: ArrayLike<number>) => Array.prototype.join.call(v, ",");

function randomMatrix(rows: number, cols: number, k: number, next: () => number, density: number): ZkMatrix {
  const a = createZkMatrix(rows, cols, k);
  for (let i = 0; i < a.data.length; i++) if (next() < density) a.data[i] = Math.floor(next() * k);
  return a;
}

function matrixOf(p: Puzzle, k: number): ZkMatrix {
  const a = createZkMatrix(p.cells, p.keys, k);
  for (let j = 0; j < p.keys; j++) {
    for (let i = p.keyStart[j]; i < p.keyStart[j + 1]; i++) {
      const at = p.keyCells[i] * p.keys + j;
      a.data[at] = (a.data[at] + 1) % k;
    }
  }
  return a;
}

describe("prime powers", () => {
  it("splits the moduli the boards use", () => {
    expect(primePowers(6)).toEqual([{ p: 2, e: 1, q: 2 }, { p: 3, e: 1, q: 3 }]);
    expect(primePowers(8)).toEqual([{ p: 2, e: 3, q: 8 }]);
    expect(primePowers(9)).toEqual([{ p: 3, e: 2, q: 9 }]);
    expect(primePowers(12)).toEqual([{ p: 2, e: 2, q: 4 }, { p: 3, e: 1, q: 3 }]);
    expect([2, 3, 4, 5, 6, 7, 8, 9].filter(isPrime)).toEqual([2, 3, 5, 7]);
  });
});

describe("Z_k elimination against brute force on random small matrices", () => {
  // Every x in Z_k^cols is tried: the image, the kernel and every right-hand side are known exactly.
  for (let k = 2; k <= 12; k++) {
    it(`k = ${k}: image size, kernel, rank and every solve agree with enumeration`, () => {
      const next = rng(1000 + k);
      const maxCols = Math.max(1, Math.floor(Math.log(5000) / Math.log(k)));
      for (let trial = 0; trial < 25; trial++) {
        const rows = 1 + Math.floor(next() * 4);
        const cols = 1 + Math.floor(next() * maxCols);
        const a = randomMatrix(rows, cols, k, next, trial % 3 === 0 ? 0.4 : 0.9);
        // Multiples of p in every entry exercise the non-unit pivots of Z_{p^e}.
        if (trial % 4 === 1) for (let i = 0; i < a.data.length; i++) a.data[i] = (a.data[i] * primePowers(k)[0].p) % k;
        const red = zkReduce(a);
        const image = new Set<string>();
        const kernel = new Set<string>();
        const total = Math.pow(k, cols);
        for (let idx = 0; idx < total; idx++) {
          const x = vectorAt(idx, cols, k);
          const y = zkMultiply(a, x);
          image.add(key(y));
          if (y.every((v) => v === 0)) kernel.add(key(x));
        }
        expect(prod(zkImageOrders(red))).toBe(image.size);
        expect(prod(zkKernelOrders(red))).toBe(kernel.size);
        if (isPrime(k)) expect(Math.pow(k, zkRank(red)!)).toBe(image.size);
        else expect(zkRank(red)).toBeNull();

        // The generators span the kernel, each element exactly once.
        const ker = zkKernel(red);
        expect(ker.orders).toEqual(zkKernelOrders(red));
        const seen = new Set<string>();
        const count = prod(ker.orders);
        for (let idx = 0; idx < count; idx++) {
          const v = new Uint8Array(cols);
          let rest = idx;
          for (let g = 0; g < ker.generators.length; g++) {
            const c = rest % ker.orders[g];
            rest = Math.floor(rest / ker.orders[g]);
            for (let i = 0; i < cols; i++) v[i] = (v[i] + c * ker.generators[g][i]) % k;
          }
          expect(kernel.has(key(v))).toBe(true);
          seen.add(key(v));
        }
        expect(seen.size).toBe(kernel.size);

        // Every right-hand side: solvable exactly when in the image, and the answer is right.
        const rhsCount = Math.pow(k, rows);
        for (let idx = 0; idx < rhsCount; idx++) {
          const b = vectorAt(idx, rows, k);
          const x = zkSolve(red, b);
          expect(x !== null).toBe(image.has(key(b)));
          if (x) expect(key(zkMultiply(a, x))).toBe(key(b));
        }
      }
    });
  }
});

describe("Z_2 elimination agrees with the bit-packed GF(2) elimination", () => {
  it("has the same rank on random 40×50 matrices", () => {
    const next = rng(77);
    for (let trial = 0; trial < 20; trial++) {
      const a = randomMatrix(40, 50, 2, next, trial % 2 ? 0.05 : 0.5);
      const b = createBitMatrix(40, 50);
      for (let r = 0; r < 40; r++) for (let c = 0; c < 50; c++) setBit(b, r, c, a.data[r * 50 + c]);
      expect(zkRank(zkReduce(a))).toBe(reduceMatrix(b).rank);
    }
  });
});

describe("Merlin 3×3 modulo k (det A = 5, source 003)", () => {
  const merlin = gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" });
  for (let k = 2; k <= 9; k++) {
    it(`is ${k === 5 ? "singular" : "invertible"} mod ${k}`, () => {
      const a = matrixOf(merlin, k);
      const red = zkReduce(a);
      const inv = zkInverse(red);
      if (k === 5) {
        expect(inv).toBeNull();
        expect(zkRank(red)).toBe(8);
        expect(prod(zkImageOrders(red))).toBe(Math.pow(5, 8));
        return;
      }
      expect(inv).not.toBeNull();
      expect(zkKernelOrders(red)).toEqual([]);
      // A·A⁻¹ = I.
      for (let j = 0; j < 9; j++) {
        const col = new Uint8Array(9);
        for (let i = 0; i < 9; i++) col[i] = inv!.data[i * 9 + j];
        const e = zkMultiply(a, col);
        for (let i = 0; i < 9; i++) expect(e[i]).toBe(i === j ? 1 : 0);
      }
    });
  }

  it("mod 2 has the inverse printed in sources 002 and 003 (row 1 = 101001110)", () => {
    const inv = zkInverse(zkReduce(matrixOf(merlin, 2)))!;
    const rows: string[] = [];
    for (let i = 0; i < 9; i++) rows.push(Array.prototype.join.call(inv.data.subarray(i * 9, i * 9 + 9), ""));
    expect(rows).toEqual(["101001110", "111111000", "101100011", "110110110", "101010101", "011011011", "110001101", "000111111", "011100101"]);
  });
});

describe("source 001: (p,n) colour cycles with 2×2 buttons on the inner intersections", () => {
  // Start: a checkerboard, (r+c) even black (0) and odd white (p); goal: the colours swapped,
  // black → white takes p presses, white → black n presses, so the arithmetic is mod k = p+n.
  function swapCheckerboard(t: number, p: number, k: number): Uint8Array {
    const b = new Uint8Array(t * t);
    for (let r = 0; r < t; r++) for (let c = 0; c < t; c++) b[r * t + c] = (r + c) % 2 === 0 ? p : k - p;
    return b;
  }
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

  it("is solvable on a t×t board only when p+n divides t (coprime p, n; k ≤ 11, t ≤ 2k+1)", () => {
    for (let k = 2; k <= 11; k++) {
      for (let p = 1; p < k; p++) {
        if (gcd(p, k) !== 1) continue;
        for (let t = 2; t <= 2 * k + 1; t++) {
          const red = zkReduce(matrixOf(intersectionPuzzle(t, 2), k));
          expect(zkKernelOrders(red)).toEqual([]);
          expect(zkSolve(red, swapCheckerboard(t, p, k)) !== null).toBe(t % k === 0);
        }
      }
    }
  });

  it("has the unique solution a(m,l) ≡ (−1)^(m+l)·m·l·p mod p+n on the (p+n)×(p+n) board", () => {
    for (let k = 2; k <= 11; k++) {
      for (let p = 1; p < k; p++) {
        if (gcd(p, k) !== 1) continue;
        const x = zkSolve(zkReduce(matrixOf(intersectionPuzzle(k, 2), k)), swapCheckerboard(k, p, k))!;
        for (let m = 1; m < k; m++) {
          for (let l = 1; l < k; l++) {
            const want = ((((m + l) % 2 ? -1 : 1) * m * l * p) % k + k) % k;
            expect(x[(m - 1) * (k - 1) + l - 1]).toBe(want);
          }
        }
      }
    }
  });

  it("needs 4 presses for (1,2) on 3×3 and 504 for (3,8) on 11×11, the totals source 001 prints", () => {
    const total = (x: Uint8Array) => x.reduce((s, v) => s + v, 0);
    expect(total(zkSolve(zkReduce(matrixOf(intersectionPuzzle(3, 2), 3)), swapCheckerboard(3, 1, 3))!)).toBe(4);
    expect(total(zkSolve(zkReduce(matrixOf(intersectionPuzzle(11, 2), 11)), swapCheckerboard(11, 3, 11))!)).toBe(504);
  });
});

import { describe, expect, it } from "vitest";
import {
  Poly,
  highBit32,
  pathCharPoly,
  pathVectorToPoly,
  polyAdd,
  polyDegree,
  polyDivMod,
  polyEqual,
  polyEvalTridiagonal,
  polyExtGcd,
  polyFromBitString,
  polyFromExponents,
  polyGcd,
  polyGcdCofactor,
  polyIsZero,
  polyMod,
  polyMul,
  polyMulMod,
  polyShiftLeft,
  polySquare,
  polyTaylorShift,
  polyToBitString,
  polyToPathVector,
} from "../src/maths/gf2poly";
import { xorshift32 } from "./helpers/seeded";

const rng = xorshift32;

/** A random polynomial of exactly degree `deg` (deg ≥ 0). */
function randomPoly(next: () => number, deg: number): Poly {
  const p = new Uint32Array((deg + 32) >>> 5);
  for (let i = 0; i < p.length; i++) p[i] = next();
  const top = deg & 31;
  p[p.length - 1] &= top === 31 ? 0xffffffff : (1 << (top + 1)) - 1;
  p[p.length - 1] |= 1 << top;
  return p;
}

// Reference arithmetic on coefficient arrays (index = power), written independently.
function toArr(p: Poly): number[] {
  const d = polyDegree(p);
  const a: number[] = [];
  for (let i = 0; i <= d; i++) a.push((p[i >>> 5] >>> (i & 31)) & 1);
  return a;
}
function fromArr(a: number[]): Poly {
  const e: number[] = [];
  a.forEach((v, i) => {
    if (v & 1) e.push(i);
  });
  return polyFromExponents(e);
}
function refMul(a: number[], b: number[]): number[] {
  const c = new Array(Math.max(0, a.length + b.length - 1)).fill(0);
  for (let i = 0; i < a.length; i++) if (a[i]) for (let j = 0; j < b.length; j++) c[i + j] ^= b[j];
  return c;
}
function refDeg(a: number[]): number {
  let d = a.length - 1;
  while (d >= 0 && !a[d]) d--;
  return d;
}
function refMod(a: number[], b: number[]): number[] {
  const r = a.slice();
  const db = refDeg(b);
  for (let i = refDeg(r); i >= db; i--) if (r[i]) for (let j = 0; j <= db; j++) r[i - db + j] ^= b[j];
  return r.slice(0, Math.max(0, db));
}
function refGcd(a: number[], b: number[]): number[] {
  while (refDeg(b) >= 0) {
    const r = refMod(a, b);
    a = b;
    b = r;
  }
  return a.slice(0, refDeg(a) + 1);
}
/** f_k by the defining recurrence f_0 = 1, f_1 = t, f_{k+1} = t·f_k + f_{k-1}. */
function refF(k: number): number[] {
  let a = [1];
  let b = [0, 1];
  if (k === 0) return a;
  for (let i = 1; i < k; i++) {
    const c = [0].concat(b);
    for (let j = 0; j < a.length; j++) c[j] ^= a[j];
    a = b;
    b = c;
  }
  return b;
}

/** n×n dense matrix (rows of 0/1) of the tridiagonal M with `diag` on the diagonal. */
function tridiag(n: number, diag: number): number[][] {
  const m: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row = new Array(n).fill(0);
    row[i] = diag;
    if (i > 0) row[i - 1] = 1;
    if (i + 1 < n) row[i + 1] = 1;
    m.push(row);
  }
  return m;
}
function matVec(m: number[][], v: number[]): number[] {
  return m.map((row) => row.reduce((s, x, j) => s ^ (x & v[j]), 0));
}
function vecToWords(v: number[]): Uint32Array {
  const w = new Uint32Array((v.length + 31) >>> 5);
  v.forEach((x, i) => {
    if (x) w[i >>> 5] |= 1 << (i & 31);
  });
  return w;
}
function wordsToVec(w: Uint32Array, n: number): number[] {
  const v: number[] = [];
  for (let i = 0; i < n; i++) v.push((w[i >>> 5] >>> (i & 31)) & 1);
  return v;
}

describe("bit helpers and conversions", () => {
  it("highBit32 finds the top bit", () => {
    for (let b = 0; b < 32; b++) {
      expect(highBit32((1 << b) >>> 0)).toBe(b);
      expect(highBit32(((1 << b) | 1) >>> 0)).toBe(b);
    }
    expect(highBit32(0xffffffff)).toBe(31);
  });

  it("bit strings round-trip, degree of zero is -1", () => {
    expect(polyToBitString(polyFromBitString("1011"))).toBe("1011");
    expect(polyToBitString(polyFromBitString("0001"))).toBe("1");
    expect(polyDegree(polyFromBitString("0"))).toBe(-1);
    expect(polyToBitString(polyFromExponents([0, 40, 40, 33]))).toBe("1" + "0".repeat(32) + "1");
  });
});

describe("arithmetic against a reference implementation", () => {
  const next = rng(12345);
  const degrees = [0, 1, 5, 31, 32, 33, 63, 64, 100, 257, 700];

  it("multiplication, squaring and shifts", () => {
    for (const da of degrees) {
      for (const db of degrees) {
        const a = randomPoly(next, da);
        const b = randomPoly(next, db);
        expect(toArr(polyMul(a, b))).toEqual(refMul(toArr(a), toArr(b)));
      }
      const a = randomPoly(next, da);
      expect(polyEqual(polySquare(a), polyMul(a, a))).toBe(true);
      expect(polyEqual(polyShiftLeft(a, 37), polyMul(a, polyFromExponents([37])))).toBe(true);
    }
  });

  it("division with remainder: a = q·b + r, deg r < deg b", () => {
    for (const da of degrees) {
      for (const db of degrees) {
        const a = randomPoly(next, da);
        const b = randomPoly(next, db);
        const r = polyDivMod(a, b);
        expect(polyDegree(r.remainder)).toBeLessThan(db === 0 ? 0 : db);
        expect(polyEqual(polyAdd(polyMul(r.quotient, b), r.remainder), a)).toBe(true);
        if (da < 300) expect(toArr(r.remainder)).toEqual(refMod(toArr(a), toArr(b)).slice(0, refDeg(toArr(r.remainder)) + 1));
      }
    }
  });

  it("gcd, one-cofactor and extended Euclid", () => {
    for (let trial = 0; trial < 40; trial++) {
      const common = randomPoly(next, next() % 40);
      const a = polyMul(randomPoly(next, next() % 300), common);
      const b = polyMul(randomPoly(next, 1 + (next() % 300)), common);
      const g = polyGcd(a, b);
      expect(toArr(g)).toEqual(refGcd(toArr(a), toArr(b)));
      expect(polyIsZero(polyMod(a, g))).toBe(true);
      expect(polyIsZero(polyMod(g, common)) || polyDegree(common) === 0).toBe(true);
      const e = polyExtGcd(a, b);
      expect(polyEqual(e.gcd, g)).toBe(true);
      expect(polyEqual(polyAdd(polyMul(e.u, a), polyMul(e.v, b)), g)).toBe(true);
      const c = polyGcdCofactor(a, b);
      expect(polyDegree(c.cofactor)).toBeLessThan(polyDegree(b));
      expect(polyEqual(polyMulMod(c.cofactor, a, b), polyMod(g, b))).toBe(true);
    }
  });

  it("cofactor of a multiple of the modulus is 0 and the gcd the modulus", () => {
    const m = randomPoly(next, 77);
    const r = polyGcdCofactor(polyMul(m, randomPoly(next, 5)), m);
    expect(polyEqual(r.gcd, m)).toBe(true);
    expect(polyIsZero(r.cofactor)).toBe(true);
  });
});

describe("Taylor shift t → t+1", () => {
  const next = rng(777);

  it("matches Σ a_i (t+1)^i on small polynomials", () => {
    const tp1 = polyFromExponents([0, 1]);
    for (let d = 0; d < 70; d++) {
      const a = randomPoly(next, d);
      let sum: Poly = new Uint32Array(0);
      let pow: Poly = polyFromExponents([0]);
      for (let i = 0; i <= d; i++) {
        if ((a[i >>> 5] >>> (i & 31)) & 1) sum = polyAdd(sum, pow);
        pow = polyMul(pow, tp1);
      }
      expect(polyEqual(polyTaylorShift(a), sum)).toBe(true);
    }
  });

  it("is an involution and a ring homomorphism on large polynomials", () => {
    for (const d of [1000, 4095, 4096, 5000]) {
      const a = randomPoly(next, d);
      const b = randomPoly(next, 333);
      expect(polyEqual(polyTaylorShift(polyTaylorShift(a)), a)).toBe(true);
      expect(polyEqual(polyTaylorShift(polyMul(a, b)), polyMul(polyTaylorShift(a), polyTaylorShift(b)))).toBe(true);
    }
  });
});

describe("path characteristic polynomials f_k", () => {
  it("the doubling formulas agree with the recurrence up to k = 400", () => {
    for (let k = 0; k <= 400; k++) expect(toArr(pathCharPoly(k))).toEqual(refF(k));
  });

  it("small values: f_2 = t²+1, f_3 = t³, f_4 = t⁴+t²+1, f_5 = t⁵+t = t(t+1)⁴", () => {
    expect(polyToBitString(pathCharPoly(2))).toBe("101");
    expect(polyToBitString(pathCharPoly(3))).toBe("1000");
    expect(polyToBitString(pathCharPoly(4))).toBe("10101");
    expect(polyToBitString(pathCharPoly(5))).toBe("100010");
  });

  it("f_n is the characteristic polynomial of the path: f_n(S)·v = 0 and f_n(S+I) = f_n(t+1) at T", () => {
    for (const n of [1, 2, 3, 5, 17, 40, 70]) {
      const f = pathCharPoly(n);
      const next = rng(n);
      for (let trial = 0; trial < 3; trial++) {
        const v = new Uint32Array((n + 31) >>> 5);
        for (let i = 0; i < n; i++) if (next() & 1) v[i >>> 5] |= 1 << (i & 31);
        expect(polyIsZero(polyEvalTridiagonal(f, v, n, 0))).toBe(true);
        expect(polyIsZero(polyEvalTridiagonal(polyTaylorShift(f), v, n, 1))).toBe(true);
      }
    }
  });
});

describe("evaluation at tridiagonal matrices and the path basis", () => {
  it("p(M)·v equals dense matrix powers", () => {
    const next = rng(99);
    for (const n of [1, 2, 7, 31, 32, 33, 50]) {
      for (const diag of [0, 1]) {
        const m = tridiag(n, diag);
        const p = randomPoly(next, next() % 60);
        const v: number[] = [];
        for (let i = 0; i < n; i++) v.push(next() & 1);
        let acc = new Array(n).fill(0);
        for (let j = polyDegree(p); j >= 0; j--) {
          acc = matVec(m, acc);
          if ((p[j >>> 5] >>> (j & 31)) & 1) acc = acc.map((x, i) => x ^ v[i]);
        }
        expect(wordsToVec(polyEvalTridiagonal(p, vecToWords(v), n, diag), n)).toEqual(acc);
      }
    }
  });

  it("e_{k+1} = f_k(S)·e_1, and vector → polynomial → vector is the identity", () => {
    const n = 77;
    for (let k = 0; k < n; k++) {
      const e = wordsToVec(polyToPathVector(pathCharPoly(k), n), n);
      expect(e.indexOf(1)).toBe(k);
      expect(e.reduce((s, x) => s + x, 0)).toBe(1);
    }
    const next = rng(5);
    for (const size of [1, 31, 32, 33, 64, 200]) {
      const v = new Uint32Array((size + 31) >>> 5);
      for (let i = 0; i < size; i++) if (next() & 1) v[i >>> 5] |= 1 << (i & 31);
      const h = pathVectorToPoly(v, size);
      expect(polyDegree(h)).toBeLessThan(size);
      expect(Array.from(polyToPathVector(h, size))).toEqual(Array.from(v));
    }
  });
});

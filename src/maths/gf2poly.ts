/**
 * Polynomials over GF(2), bit-packed: bit i of a Uint32Array (word i >>> 5, bit i & 31) is
 * the coefficient of t^i. A polynomial may carry zero words above its degree; the zero
 * polynomial has degree -1. Addition is XOR, so every operation works on whole words:
 * multiplication and division of degree-n polynomials cost O(n²/32) word operations,
 * squaring and the Taylor shift far less.
 *
 * The large-board solver (gridsolve.ts) turns an m×n "plus" Lights Out board into one
 * congruence in GF(2)[s]/(f_n(s)), where f_k is the characteristic polynomial of the path
 * with k nodes (`pathCharPoly`). The bridge between vectors of length n and polynomials is
 * the path basis: with S the n×n path adjacency matrix and e_1 the first unit vector,
 * e_{k+1} = f_k(S)·e_1, so the vector v corresponds to Σ v_k f_k(s) (`pathVectorToPoly`)
 * and the polynomial p to p(S)·e_1 (`polyToPathVector`).
 *
 * Espruino subset: no Math.clz32/imul, no destructuring, no default parameters.
 */

export type Poly = Uint32Array;

/** Index of the highest set bit of a non-zero 32-bit word (Espruino has no Math.clz32). */
export function highBit32(x: number): number {
  let n = 0;
  x = x >>> 0;
  if (x >>> 16) {
    x = x >>> 16;
    n = 16;
  }
  if (x >>> 8) {
    x = x >>> 8;
    n += 8;
  }
  if (x >>> 4) {
    x = x >>> 4;
    n += 4;
  }
  if (x >>> 2) {
    x = x >>> 2;
    n += 2;
  }
  if (x >>> 1) n += 1;
  return n;
}

/** Words needed for a polynomial of degree `deg` (0 for the zero polynomial). */
export function polyWordsFor(deg: number): number {
  return (deg + 32) >>> 5;
}

/** Degree of the highest non-zero coefficient at index ≤ `bit`, or -1. */
function degreeAtMost(a: Poly, bit: number): number {
  if (bit < 0) return -1;
  let w = bit >>> 5;
  if (w >= a.length) {
    w = a.length - 1;
    if (w < 0) return -1;
    bit = (w << 5) + 31;
  }
  let x = (a[w] & (0xffffffff >>> (31 - (bit & 31)))) >>> 0;
  while (x === 0) {
    w--;
    if (w < 0) return -1;
    x = a[w];
  }
  return (w << 5) + highBit32(x);
}

export function polyDegree(a: Poly): number {
  return degreeAtMost(a, (a.length << 5) - 1);
}

export function polyIsZero(a: Poly): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== 0) return false;
  return true;
}

export function polyCoeff(a: Poly, i: number): number {
  const w = i >>> 5;
  return w < a.length ? (a[w] >>> (i & 31)) & 1 : 0;
}

/** A copy with exactly polyWordsFor(degree) words. */
export function polyTrim(a: Poly): Poly {
  const out = new Uint32Array(polyWordsFor(polyDegree(a)));
  for (let i = 0; i < out.length; i++) out[i] = a[i];
  return out;
}

/** A copy padded (or cut) to `words` words. */
function polyCopy(a: Poly, words: number): Poly {
  const out = new Uint32Array(words);
  const n = a.length < words ? a.length : words;
  for (let i = 0; i < n; i++) out[i] = a[i];
  return out;
}

export function polyEqual(a: Poly, b: Poly): boolean {
  const n = a.length > b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const x = i < a.length ? a[i] : 0;
    const y = i < b.length ? b[i] : 0;
    if (x !== y) return false;
  }
  return true;
}

/** The polynomial Σ t^e over the given exponents (repeated exponents cancel). */
export function polyFromExponents(exps: number[]): Poly {
  let max = -1;
  for (let i = 0; i < exps.length; i++) if (exps[i] > max) max = exps[i];
  const out = new Uint32Array(polyWordsFor(max));
  for (let i = 0; i < exps.length; i++) out[exps[i] >>> 5] ^= 1 << (exps[i] & 31);
  return out;
}

/** Parses coefficients written highest degree first: "1011" = t³ + t + 1. */
export function polyFromBitString(s: string): Poly {
  const deg = s.length - 1;
  const out = new Uint32Array(polyWordsFor(deg));
  for (let i = 0; i < s.length; i++) {
    const e = deg - i;
    if (s.charAt(i) === "1") out[e >>> 5] |= 1 << (e & 31);
  }
  return polyTrim(out);
}

/** Coefficients highest degree first ("0" for the zero polynomial). */
export function polyToBitString(a: Poly): string {
  const d = polyDegree(a);
  if (d < 0) return "0";
  let s = "";
  for (let e = d; e >= 0; e--) s += polyCoeff(a, e) ? "1" : "0";
  return s;
}

/** dst ^= src·t^shift, using src's first srcWords words. dst must be long enough. */
function xorShiftedInto(dst: Poly, src: Poly, srcWords: number, shift: number): void {
  const ws = shift >>> 5;
  const bs = shift & 31;
  if (bs === 0) {
    for (let i = 0; i < srcWords; i++) dst[i + ws] ^= src[i];
    return;
  }
  const rs = 32 - bs;
  let carry = 0;
  for (let i = 0; i < srcWords; i++) {
    const v = src[i];
    dst[i + ws] ^= (v << bs) | carry;
    carry = v >>> rs;
  }
  if (carry !== 0) dst[srcWords + ws] ^= carry;
}

export function polyAdd(a: Poly, b: Poly): Poly {
  const n = a.length > b.length ? a.length : b.length;
  const out = new Uint32Array(n);
  for (let i = 0; i < a.length; i++) out[i] = a[i];
  for (let i = 0; i < b.length; i++) out[i] ^= b[i];
  return polyTrim(out);
}

/** a·t^k. */
export function polyShiftLeft(a: Poly, k: number): Poly {
  const d = polyDegree(a);
  if (d < 0) return new Uint32Array(0);
  const out = new Uint32Array(polyWordsFor(d + k));
  xorShiftedInto(out, a, polyWordsFor(d), k);
  return out;
}

/** a(t)² = a(t²): spreads the bits (the Frobenius map), linear time. */
export function polySquare(a: Poly): Poly {
  const d = polyDegree(a);
  if (d < 0) return new Uint32Array(0);
  const out = new Uint32Array(polyWordsFor(2 * d));
  for (let i = 0; i < polyWordsFor(d); i++) {
    const w = a[i];
    let lo = w & 0xffff;
    let hi = w >>> 16;
    lo = (lo | (lo << 8)) & 0x00ff00ff;
    lo = (lo | (lo << 4)) & 0x0f0f0f0f;
    lo = (lo | (lo << 2)) & 0x33333333;
    lo = (lo | (lo << 1)) & 0x55555555;
    hi = (hi | (hi << 8)) & 0x00ff00ff;
    hi = (hi | (hi << 4)) & 0x0f0f0f0f;
    hi = (hi | (hi << 2)) & 0x33333333;
    hi = (hi | (hi << 1)) & 0x55555555;
    out[2 * i] = lo;
    if (2 * i + 1 < out.length) out[2 * i + 1] = hi;
  }
  return out;
}

/**
 * a·b by the comb method with a 4-bit window: the 16 multiples of b are tabulated, then
 * every nibble of a adds one of them at a word offset. About wa·wb·8 word XORs.
 */
export function polyMul(a: Poly, b: Poly): Poly {
  const da = polyDegree(a);
  const db = polyDegree(b);
  if (da < 0 || db < 0) return new Uint32Array(0);
  const wa = polyWordsFor(da);
  const wb = polyWordsFor(db);
  const tw = wb + 1;
  const table = new Uint32Array(16 * tw);
  for (let i = 0; i < wb; i++) table[tw + i] = b[i];
  for (let k = 2; k < 16; k++) {
    if ((k & (k - 1)) === 0) {
      // k = 2^j: (k/2)·b shifted left by one bit.
      const src = (k >>> 1) * tw;
      let carry = 0;
      for (let i = 0; i < tw; i++) {
        const v = table[src + i];
        table[k * tw + i] = (v << 1) | carry;
        carry = v >>> 31;
      }
    } else {
      const hb = 1 << highBit32(k);
      const x = hb * tw;
      const y = (k - hb) * tw;
      for (let i = 0; i < tw; i++) table[k * tw + i] = table[x + i] ^ table[y + i];
    }
  }
  const cw = wa + wb + 1;
  const c = new Uint32Array(cw);
  for (let k = 7; k >= 0; k--) {
    const sh = 4 * k;
    for (let j = 0; j < wa; j++) {
      const nib = (a[j] >>> sh) & 15;
      if (nib !== 0) {
        const off = nib * tw;
        for (let i = 0; i < tw; i++) c[j + i] ^= table[off + i];
      }
    }
    if (k > 0) {
      for (let i = cw - 1; i > 0; i--) c[i] = (c[i] << 4) | (c[i - 1] >>> 28);
      c[0] = c[0] << 4;
    }
  }
  return polyTrim(c);
}

export interface PolyDivision {
  quotient: Poly;
  remainder: Poly;
}

/**
 * Long division a = q·b + r, deg r < deg b. The 32 bit-shifts of b are tabulated so that
 * each quotient bit is one aligned XOR of about deg(b)/32 words.
 */
export function polyDivMod(a: Poly, b: Poly): PolyDivision {
  const db = polyDegree(b);
  if (db < 0) throw new Error("polynomial division by zero");
  let da = polyDegree(a);
  if (da < db) return { quotient: new Uint32Array(0), remainder: polyTrim(a) };
  const r = polyCopy(a, polyWordsFor(da) + 1);
  const q = new Uint32Array(polyWordsFor(da - db));
  const wb = polyWordsFor(db);
  const tw = wb + 1;
  const shifted = new Uint32Array(32 * tw);
  for (let s = 0; s < 32; s++) {
    let carry = 0;
    for (let i = 0; i < wb; i++) {
      const v = b[i];
      shifted[s * tw + i] = s === 0 ? v : (v << s) | carry;
      carry = s === 0 ? 0 : v >>> (32 - s);
    }
    shifted[s * tw + wb] = carry;
  }
  // b's top bit sits at bit (db & 31) of word wb-1 in shift 0; shifting by s moves it up.
  while (da >= db) {
    const e = da - db;
    q[e >>> 5] |= 1 << (e & 31);
    // b·t^e: word offset and bit shift such that shifted row has the top at da.
    const ws = e >>> 5;
    const s = e & 31;
    const off = s * tw;
    const top = ((db + s) >>> 5) + 1;
    for (let i = 0; i < top; i++) r[ws + i] ^= shifted[off + i];
    da = degreeAtMost(r, da - 1);
  }
  return { quotient: polyTrim(q), remainder: polyTrim(r) };
}

export function polyMod(a: Poly, b: Poly): Poly {
  return polyDivMod(a, b).remainder;
}

/** a·b mod m: the companion matrix of m, evaluated at a, applied to the vector b. */
export function polyMulMod(a: Poly, b: Poly, m: Poly): Poly {
  return polyMod(polyMul(a, b), m);
}

/** The monic greatest common divisor (every non-zero polynomial over GF(2) is monic). */
export function polyGcd(a: Poly, b: Poly): Poly {
  let da = polyDegree(a);
  let db = polyDegree(b);
  const n = polyWordsFor(da > db ? da : db) + 1;
  let x = polyCopy(a, n);
  let y = polyCopy(b, n);
  let dx = da;
  let dy = db;
  for (;;) {
    if (dx < dy) {
      const tp = x;
      x = y;
      y = tp;
      const td = dx;
      dx = dy;
      dy = td;
    }
    if (dy < 0) break;
    xorShiftedInto(x, y, polyWordsFor(dy), dx - dy);
    dx = degreeAtMost(x, dx - 1);
  }
  return polyTrim(x);
}

export interface PolyGcdCofactor {
  gcd: Poly;
  /** u with u·a ≡ gcd (mod m), deg u < deg m. */
  cofactor: Poly;
}

/**
 * Extended Euclid for one cofactor: u·a ≡ gcd(a, m) (mod m). Bit-at-a-time long division
 * (each step cancels the top term of the larger remainder), the cofactors following the
 * same row operations. O(deg(m)²/32) word operations.
 */
export function polyGcdCofactor(a: Poly, m: Poly): PolyGcdCofactor {
  const dm = polyDegree(m);
  if (dm < 0) throw new Error("polyGcdCofactor: zero modulus");
  const ar = polyMod(a, m);
  const n = polyWordsFor(dm) + 2;
  // r0 = m (cofactor 0), r1 = a mod m (cofactor 1): invariant s_i·a ≡ r_i (mod m).
  let r0: Poly = polyCopy(m, n);
  let r1: Poly = polyCopy(ar, n);
  let s0: Poly = new Uint32Array(n);
  let s1: Poly = new Uint32Array(n);
  s1[0] = 1;
  let d0 = dm;
  let d1 = polyDegree(ar);
  let e0 = -1;
  let e1 = d1 >= 0 ? 0 : -1;
  if (d1 < 0) s1[0] = 0;
  for (;;) {
    if (d0 < d1) {
      let tp = r0;
      r0 = r1;
      r1 = tp;
      tp = s0;
      s0 = s1;
      s1 = tp;
      let td = d0;
      d0 = d1;
      d1 = td;
      td = e0;
      e0 = e1;
      e1 = td;
    }
    if (d1 < 0) break;
    const k = d0 - d1;
    xorShiftedInto(r0, r1, polyWordsFor(d1), k);
    if (e1 >= 0) {
      xorShiftedInto(s0, s1, polyWordsFor(e1), k);
      if (e1 + k > e0) e0 = e1 + k;
      else if (e1 + k === e0) e0 = degreeAtMost(s0, e0);
    }
    d0 = degreeAtMost(r0, d0 - 1);
  }
  return { gcd: polyTrim(r0), cofactor: polyTrim(s0) };
}

export interface PolyExtGcd {
  gcd: Poly;
  u: Poly;
  v: Poly;
}

/** u·a + v·b = gcd(a, b). Needs b ≠ 0; v = (gcd + u·a) / b exactly. */
export function polyExtGcd(a: Poly, b: Poly): PolyExtGcd {
  const r = polyGcdCofactor(a, b);
  const num = polyAdd(r.gcd, polyMul(r.cofactor, a));
  const dv = polyDivMod(num, b);
  if (!polyIsZero(dv.remainder)) throw new Error("polyExtGcd: inexact cofactor");
  return { gcd: r.gcd, u: r.cofactor, v: dv.quotient };
}

/**
 * a(t+1), the Taylor shift at 1. Over GF(2) the coefficient of t^i in a(t+1) is the sum of
 * a_j over all j whose binary digits contain those of i (Lucas), a subset-sum transform:
 * one masked in-word pass for each of the 5 low index bits and one word-block pass for each
 * higher bit, O(n·log n / 32) word operations.
 */
export function polyTaylorShift(a: Poly): Poly {
  const d = polyDegree(a);
  if (d < 0) return new Uint32Array(0);
  const nw = polyWordsFor(d);
  const out = polyCopy(a, nw);
  const masks = [0x55555555, 0x33333333, 0x0f0f0f0f, 0x00ff00ff, 0x0000ffff];
  for (let k = 0; k < 5; k++) {
    const sh = 1 << k;
    const m = masks[k];
    for (let i = 0; i < nw; i++) {
      const x = out[i];
      out[i] = x ^ ((x >>> sh) & m);
    }
  }
  for (let block = 1; block < nw; block <<= 1) {
    for (let i = block; i < nw; i++) {
      if (i & block) out[i - block] ^= out[i];
    }
  }
  return out;
}

/**
 * f_k(t) = det(t·I + S_k), the characteristic polynomial over GF(2) of the path with k
 * nodes: f_0 = 1, f_1 = t, f_{k+1} = t·f_k + f_{k-1}. Computed by doubling on the
 * Fibonacci polynomials F_j = f_{j-1}: F_{2j} = t·F_j², F_{2j+1} = F_j² + F_{j+1}²
 * (characteristic 2), so only squarings — linear in k per step, O(k) words in all.
 */
export function pathCharPoly(k: number): Poly {
  if (k < 0) throw new Error("pathCharPoly: negative index");
  const target = k + 1; // F_{k+1} = f_k
  let fj: Poly = new Uint32Array(0); // F_j
  let fj1 = polyFromExponents([0]); // F_{j+1}
  let top = 0;
  while (target >>> (top + 1)) top++;
  for (let b = top; b >= 0; b--) {
    const sq0 = polySquare(fj);
    const sq1 = polySquare(fj1);
    const f2j = polyShiftLeft(sq0, 1);
    const f2j1 = polyAdd(sq0, sq1);
    if ((target >>> b) & 1) {
      fj = f2j1;
      fj1 = polyShiftLeft(sq1, 1); // F_{2j+2} = t·F_{j+1}²
    } else {
      fj = f2j;
      fj1 = f2j1;
    }
  }
  return polyTrim(fj);
}

/** Number of 32-bit words holding an n-bit vector. */
function vecWords(n: number): number {
  return (n + 31) >>> 5;
}

/**
 * p(M)·v for the n×n tridiagonal matrix M with ones on both off-diagonals and `diag` (0 or
 * 1) on the main diagonal: diag 0 is the path adjacency S, diag 1 is T = I + S (the row
 * effect of the plus pattern). Horner's rule, each step one shift-and-XOR of the vector;
 * only the words the vector can reach so far are touched. O(deg p · n / 32).
 */
export function polyEvalTridiagonal(p: Poly, v: Uint32Array, n: number, diag: number): Uint32Array {
  const nw = vecWords(n);
  const lastMask = n & 31 ? (1 << (n & 31)) - 1 : 0xffffffff;
  const w = new Uint32Array(nw);
  const dp = polyDegree(p);
  let vd = -1;
  for (let i = nw - 1; i >= 0 && vd < 0; i--) if (v[i] !== 0) vd = (i << 5) + highBit32(v[i]);
  let hiBit = -1; // highest bit index the running vector can have
  for (let j = dp; j >= 0; j--) {
    if (hiBit >= 0) {
      // w = M·w: w ^ (w << 1) ^ (w >> 1), (w itself only when diag = 1)
      if (hiBit < n - 1) hiBit++;
      const top = hiBit >>> 5;
      let low = 0;
      for (let i = 0; i <= top; i++) {
        const c = w[i];
        const up = i + 1 < nw ? w[i + 1] : 0;
        const r = ((c << 1) | low) ^ ((c >>> 1) | (up << 31));
        w[i] = diag ? c ^ r : r;
        low = c >>> 31;
      }
      w[nw - 1] &= lastMask;
    }
    if ((p[j >>> 5] >>> (j & 31)) & 1) {
      for (let i = 0; i < nw; i++) w[i] ^= v[i];
      if (vd > hiBit) hiBit = vd;
    }
  }
  return w;
}

/** p(S)·e_1: the vector of polynomial p in the path basis (S the n×n path adjacency). */
export function polyToPathVector(p: Poly, n: number): Uint32Array {
  const e1 = new Uint32Array(vecWords(n));
  if (n > 0) e1[0] = 1;
  return polyEvalTridiagonal(p, e1, n, 0);
}

/**
 * The polynomial H = Σ v_k·f_k(s) of degree < n with H(S)·e_1 = v, by Clenshaw's
 * recurrence b_k = v_k + s·b_{k+1} + b_{k+2}, H = b_0 (valid because f_1 = s·f_0).
 * O(n²/64) word operations.
 */
export function pathVectorToPoly(v: Uint32Array, n: number): Poly {
  const nw = polyWordsFor(n) + 1;
  let b1 = new Uint32Array(nw); // b_{k+1}
  let b2 = new Uint32Array(nw); // b_{k+2}, overwritten by b_k
  for (let k = n - 1; k >= 0; k--) {
    // b_k = b_{k+2} ^ s·b_{k+1} ^ v_k; deg b_{k+1} ≤ n-2-k
    const words = polyWordsFor(n - 2 - k);
    let carry = 0;
    for (let i = 0; i < words; i++) {
      const x = b1[i];
      b2[i] ^= (x << 1) | carry;
      carry = x >>> 31;
    }
    if (carry !== 0) b2[words] ^= carry;
    if ((v[k >>> 5] >>> (k & 31)) & 1) b2[0] ^= 1;
    const tp = b1;
    b1 = b2;
    b2 = tp;
  }
  return polyTrim(b1);
}

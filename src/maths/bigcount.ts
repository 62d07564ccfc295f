/**
 * Exact decimal strings for counts that overflow a double — the number of solvable boards
 * of a 64×64 grid is 2^4094 — without BigInt, which Espruino lacks.
 *
 * A number is a little-endian array of base-10⁶ limbs; it is only ever multiplied by small
 * factors, so a limb times a factor (< 10⁶ · 2³¹) stays exact in a double.
 */

const LIMB = 1000000;
const LIMB_DIGITS = 6;
/** Factors are gathered into one multiplier while it stays below this. */
const MAX_MULTIPLIER = 2147483648;

function multiplyInPlace(limbs: number[], f: number): void {
  let carry = 0;
  for (let i = 0; i < limbs.length; i++) {
    const x = limbs[i] * f + carry;
    carry = Math.floor(x / LIMB);
    limbs[i] = x - carry * LIMB;
  }
  while (carry > 0) {
    const next = Math.floor(carry / LIMB);
    limbs.push(carry - next * LIMB);
    carry = next;
  }
}

function limbsToString(limbs: number[]): string {
  let top = limbs.length - 1;
  while (top > 0 && limbs[top] === 0) top--;
  let s = String(limbs[top]);
  for (let i = top - 1; i >= 0; i--) s += String(limbs[i]).padStart(LIMB_DIGITS, "0");
  return s;
}

function checkFactor(f: number): void {
  if (!(f >= 0 && f < MAX_MULTIPLIER && Math.floor(f) === f)) {
    throw new Error("bigcount: factor must be a whole number from 0 to 2^31 - 1, got " + f);
  }
}

/** The exact product of whole numbers 0 ≤ f < 2³¹, in decimal ("1" for no factors). */
export function productString(factors: ArrayLike<number>): string {
  const limbs = [1];
  let acc = 1;
  for (let i = 0; i < factors.length; i++) {
    const f = factors[i];
    checkFactor(f);
    if (acc * f >= MAX_MULTIPLIER) {
      multiplyInPlace(limbs, acc);
      acc = 1;
    }
    acc *= f;
  }
  multiplyInPlace(limbs, acc);
  return limbsToString(limbs);
}

/** base^exp exactly, in decimal, for 0 ≤ base < 2³¹ and a whole exp ≥ 0. */
export function powerString(base: number, exp: number): string {
  checkFactor(base);
  if (base <= 1) return exp === 0 || base === 1 ? "1" : "0";
  const limbs = [1];
  let chunk = 1;
  let inChunk = 0;
  // Multiply by the largest power of base that still fits one multiplier at a time.
  while (chunk * base < MAX_MULTIPLIER) {
    chunk *= base;
    inChunk++;
  }
  let left = exp;
  while (left >= inChunk) {
    multiplyInPlace(limbs, chunk);
    left -= inChunk;
  }
  while (left > 0) {
    multiplyInPlace(limbs, base);
    left--;
  }
  return limbsToString(limbs);
}

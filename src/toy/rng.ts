/**
 * A small seeded random number generator that gives the same numbers on every platform:
 * the same puzzle number deals the same puzzle on the toy, in the simulator and in the CLI.
 *
 * Only 32-bit integer operations whose results JavaScript and Espruino agree on are used:
 * xor, shifts, and products of 16-bit halves (below 2^32, exact in a double). Espruino has no
 * Math.imul, so the multiply of the seeding hash is done in halves.
 *
 * The generator is xorshift32 (Marsaglia 2003; period 2^32 − 1), seeded by the "lowbias32"
 * integer hash (Wellons), which mixes the seed and a stream number so that neighbouring puzzle
 * numbers give unrelated streams.
 */

/** The low 32 bits of a × b as a signed 32-bit integer (what Math.imul returns). */
export function mul32(a: number, b: number): number {
  const al = a & 0xffff;
  const ah = (a >>> 16) & 0xffff;
  const bl = b & 0xffff;
  const bh = (b >>> 16) & 0xffff;
  const lo = al * bl;
  const mid = (((ah * bl) & 0xffff) + ((al * bh) & 0xffff) + (lo >>> 16)) & 0xffff;
  return (mid << 16) | (lo & 0xffff);
}

/** A 32-bit integer hash with good avalanche (lowbias32); returns a signed 32-bit integer. */
export function mix32(x: number): number {
  x = x | 0;
  x ^= x >>> 16;
  x = mul32(x, 0x7feb352d);
  x ^= x >>> 15;
  x = mul32(x, 0x846ca68b);
  x ^= x >>> 16;
  return x | 0;
}

/** xorshift32's state must never be 0; any fixed non-zero value will do for that one case. */
export const ZERO_REPLACEMENT = 0x6d2b79f5;

/**
 * The generator state for stream `stream` of seed `seed` (both taken as 32-bit integers):
 * a non-zero signed 32-bit integer. Draw numbers with nextRandom.
 */
export function seedRandom(seed: number, stream: number): number {
  const s = mix32(mix32(seed) ^ mix32((stream + 0x9e3779b9) | 0));
  return s === 0 ? ZERO_REPLACEMENT : s;
}

/** One xorshift32 step: the next state, which is also the next 32 random bits (never 0). */
export function nextRandom(state: number): number {
  let x = state | 0;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return x | 0;
}


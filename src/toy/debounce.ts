/**
 * Per-key deferred debounce (QMK's "sym_defer_pk"): a key's debounced state follows its raw
 * state only after the raw state has differed from it continuously for the debounce time,
 * pressMs for a press and releaseMs for a release. A glitch shorter than that never shows
 * up, and bouncing contacts restart the wait, so a bouncy press gives exactly one change.
 * The cost is latency: a press is reported pressMs after the contacts settle.
 *
 * Key state is a bit mask, bit i = key i (up to 32 keys). Masks returned here are unsigned
 * (`>>> 0`), so bit 31 reads as 2147483648, not as a negative number.
 *
 * Times are ms ≥ 0, fractional (the firmware passes getTime() * 1000) and not bounded: on
 * Espruino's Linux build getTime() is Unix time (~1.7e12 ms), on a Pico it counts from power-on
 * for as long as the toy runs. A deadline is near the time it is compared with, so its low 16
 * bits say all that is needed: each key's is kept in a Uint16Array as the low 16 bits of a
 * whole ms, rounded UP, and compared with the time rounded DOWN (`now | 0`: its whole ms
 * modulo 2^32, as ToInt32 is) by wrapDiff16. So a change is never accepted early and at most
 * 1 ms late (at the first whole ms on or after its exact deadline; exact for whole-ms times,
 * and a 0 ms debounce at a fractional time waits for the next whole ms), across any wrap of
 * the low bits, as long as a pending deadline is within 2^15 ms (32.7 s) of the time it is
 * compared with: it is set at most releaseMs ahead, and the scanner polls every few ms while
 * anything is pending. Debounce times are whole ms.
 */

/**
 * `a − b` for two whole-ms times of which only the low 16 bits matter (a deadline or a press
 * time stored in a Uint16Array, and `now | 0`), as a signed 16-bit number: −32768 .. 32767.
 * It is the true difference whenever that lies in this range, however the two times sit
 * around a wrap of the low 16 bits: wrapDiff16(2, 65535) is 3, wrapDiff16(65535, 2) is −3.
 * `a` and `b` are whole numbers (the shift takes their difference modulo 2^32 first, which
 * keeps its low 16 bits).
 */
export function wrapDiff16(a: number, b: number): number {
  return ((a - b) << 16) >> 16;
}

/** Default press debounce in ms (QMK's default; docs/espruino.md: 5–10 ms). */
export const DEBOUNCE_PRESS_MS = 5;
/** Default release debounce in ms (releases bounce longer than presses; Zephyr uses 20). */
export const DEBOUNCE_RELEASE_MS = 10;

export interface Debouncer {
  // (The key count is deadline.length.)
  pressMs: number;
  releaseMs: number;
  /** Mask of the keys that exist. */
  allMask: number;
  /** The debounced key mask. */
  stable: number;
  /** Keys whose raw state differs from `stable` and are waiting out their debounce time. */
  pending: number;
  /**
   * Per key: the whole ms (low 16 bits, see above) its pending change will be accepted at if
   * the raw state holds.
   */
  deadline: Uint16Array;
}

export function createDebouncer(keyCount: number, pressMs: number, releaseMs: number): Debouncer {
  if (keyCount < 1 || keyCount > 32) throw new Error("debounce: keyCount must be 1..32, got " + keyCount);
  return {
    pressMs: pressMs,
    releaseMs: releaseMs,
    allMask: keyCount === 32 ? 0xffffffff : (1 << keyCount) - 1,
    stable: 0,
    pending: 0,
    deadline: new Uint16Array(keyCount),
  };
}

/**
 * Feeds one raw reading taken at `now` (ms). Returns the mask of keys whose debounced state
 * changed at this call (0 almost always); the new state is in `d.stable`. The raw state is
 * taken to have held since the previous call, so poll at least every few ms while
 * `debounceNextDeadline` is not -1.
 */
export function debounceUpdate(d: Debouncer, rawMask: number, now: number): number {
  const differs = (rawMask ^ d.stable) & d.allMask;
  // A key back at its stable state drops its pending change: the glitch is forgotten.
  let pending = d.pending & differs;
  if (differs === 0) {
    d.pending = 0;
    return 0;
  }
  let changed = 0;
  const nowMs = now | 0;
  let m = differs;
  for (let i = 0; m !== 0; i++, m >>>= 1) {
    if ((m & 1) === 0) continue;
    const bit = 1 << i;
    if ((pending & bit) === 0) {
      pending |= bit;
      // Rounded up: the first whole ms on or after now, plus the (whole-ms) debounce time.
      d.deadline[i] = nowMs + (now % 1 > 0 ? 1 : 0) + ((rawMask & bit) !== 0 ? d.pressMs : d.releaseMs);
    }
    if (wrapDiff16(nowMs, d.deadline[i]) >= 0) {
      changed |= bit;
      pending &= ~bit;
    }
  }
  d.pending = pending >>> 0;
  d.stable = (d.stable ^ changed) >>> 0;
  return changed >>> 0;
}

/**
 * The earliest time a pending change can be accepted (a whole ms; in the past if debounceUpdate
 * is overdue), or -1 when nothing is pending; `now` is the time of the last debounceUpdate or
 * later (within 2^15 ms), which the stored low 16 bits are taken relative to.
 */
export function debounceNextDeadline(d: Debouncer, now: number): number {
  if (d.pending === 0) return -1;
  const nowMs = now | 0;
  let wait = 0x7fffffff;
  let m = d.pending;
  for (let i = 0; m !== 0; i++, m >>>= 1) {
    if ((m & 1) === 0) continue;
    const left = wrapDiff16(d.deadline[i], nowMs);
    if (left < wait) wait = left;
  }
  return now - (now % 1) + wait;
}

/** Forgets everything, e.g. after waking from sleep: all keys up, nothing pending. */
export function debounceReset(d: Debouncer): void {
  d.stable = 0;
  d.pending = 0;
}

/**
 * Per-key deferred debounce (QMK's "sym_defer_pk"): a key's debounced state follows its raw
 * state only after the raw state has differed from it continuously for the debounce time,
 * pressMs for a press and releaseMs for a release. A glitch shorter than that never shows
 * up, and bouncing contacts restart the wait, so a bouncy press gives exactly one change.
 * The cost is latency: a press is reported pressMs after the contacts settle.
 *
 * Key state is a bit mask, bit i = key i (up to 32 keys). Masks returned here are unsigned
 * (`>>> 0`), so bit 31 reads as 2147483648, not as a negative number.
 */

/** Default press debounce in ms (QMK's default; ESPRUINO.md: 5–10 ms). */
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
  /** Per key: the time its pending change will be accepted if the raw state holds. */
  deadline: Float64Array;
}

export function createDebouncer(keyCount: number, pressMs: number, releaseMs: number): Debouncer {
  if (keyCount < 1 || keyCount > 32) throw new Error("debounce: keyCount must be 1..32, got " + keyCount);
  return {
    pressMs: pressMs,
    releaseMs: releaseMs,
    allMask: keyCount === 32 ? 0xffffffff : (1 << keyCount) - 1,
    stable: 0,
    pending: 0,
    deadline: new Float64Array(keyCount),
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
  let m = differs;
  for (let i = 0; m !== 0; i++, m >>>= 1) {
    if ((m & 1) === 0) continue;
    const bit = 1 << i;
    if ((pending & bit) === 0) {
      pending |= bit;
      d.deadline[i] = now + ((rawMask & bit) !== 0 ? d.pressMs : d.releaseMs);
    }
    if (now >= d.deadline[i]) {
      changed |= bit;
      pending &= ~bit;
    }
  }
  d.pending = pending >>> 0;
  d.stable = (d.stable ^ changed) >>> 0;
  return changed >>> 0;
}

/** The earliest time a pending change can be accepted, or -1 when nothing is pending. */
export function debounceNextDeadline(d: Debouncer): number {
  let next = -1;
  let m = d.pending;
  for (let i = 0; m !== 0; i++, m >>>= 1) {
    if ((m & 1) !== 0 && (next < 0 || d.deadline[i] < next)) next = d.deadline[i];
  }
  return next;
}

/** Forgets everything, e.g. after waking from sleep: all keys up, nothing pending. */
export function debounceReset(d: Debouncer): void {
  d.stable = 0;
  d.pending = 0;
}

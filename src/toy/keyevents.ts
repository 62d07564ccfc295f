/**
 * From debounced key masks to what the player did: press, release, hold, chord, stuck.
 *
 * - press(key) on key-down: moves act on press, for latency.
 * - release(key) on key-up.
 * - hold(key) once, when a key has been down for holdMs and no other key was down at any
 *   moment of that press (a "single key" hold; the toy's mid-end, src/toy/midend.ts, maps pad
 *   holds to functions and takes back the move the press made).
 * - chord(mask) once, when exactly the chord keys (default pads 1 and 9) have been down
 *   together for chordMs (self-test). Being down together already rules out their holds.
 * - stuck(key) once, when a key has been down for stuckMs: from then on it is ignored (no
 *   hold, no release, it does not count as "another key" for holds or chords) until it is
 *   released, silently; the next press is normal again.
 *
 * Events go into a fixed ring of EVENT_QUEUE_SIZE entries; read them with keyEventsPop.
 * Time is passed in: call keyEventsUpdate whenever the debounced mask changes, and also at
 * keyEventsNextDeadline so hold, chord and stuck fire on time without polling.
 *
 * Times are ms ≥ 0, fractional and not bounded (getTime() * 1000). The per-key press times are
 * kept as debounce.ts keeps its deadlines (see there): the low 16 bits of the whole ms rounded
 * UP in a Uint16Array, compared with `now | 0` by wrapDiff16. So a hold or stuck event never
 * comes early and at most 1 ms late (exact for whole-ms times), as long as a key that is down
 * and not stuck is updated within 2^15 ms (32.7 s) of its press: the timings (holdMs, chordMs,
 * stuckMs) are whole ms below that, and keyEventsUpdate is called at least at
 * keyEventsNextDeadline (the scanner polls every few ms while such a key is down). The chord's
 * start is the time itself, unrounded.
 */
import { wrapDiff16 } from "./debounce";

export const EV_NONE = 0;
export const EV_PRESS = 1;
export const EV_RELEASE = 2;
export const EV_HOLD = 3;
export const EV_CHORD = 4;
export const EV_STUCK = 5;
/** Names by event code, for logs and the simulator. */
export const EVENT_NAMES = ["none", "press", "release", "hold", "chord", "stuck"];

export const HOLD_MS = 1500;
export const CHORD_MS = 3000;
export const STUCK_MS = 10000;
/** Pads 1 and 9 of a 3×3 board (0-based keys 0 and 8). */
export const SELF_TEST_CHORD = (1 << 0) | (1 << 8);
export const EVENT_QUEUE_SIZE = 16;

export interface KeyEvents {
  allMask: number;
  chordMask: number;
  holdMs: number;
  chordMs: number;
  stuckMs: number;
  /** Debounced keys down, as of the last update. */
  down: number;
  /** Keys reported stuck and ignored until released. */
  stuck: number;
  /** Keys whose current press can no longer give a hold (shared with another key, or fired). */
  noHold: number;
  /** Per key: when its current press began (whole ms rounded up, low 16 bits: see above). */
  downAt: Uint16Array;
  /** When exactly the chord keys became down together, or -1. */
  chordSince: number;
  chordDone: boolean;
  /** The queued events' types (EV_*), oldest at queueHead. */
  queueType: Uint16Array;
  /** The queued events' key indexes (a chord's argument, its key mask, is chordMask: not queued). */
  queueArg: Uint16Array;
  queueHead: number;
  queueCount: number;
  /** Events lost because the queue was full (read it in diagnostics; never reset). */
  dropped: number;
  /** The argument (key index, or key mask for a chord) of the event keyEventsPop returned last. */
  arg: number;
}

/**
 * A key-event state machine for keyCount keys (1..32). Timings start at HOLD_MS, CHORD_MS
 * and STUCK_MS; set the fields to change them. chordMask 0 disables the chord.
 */
export function createKeyEvents(keyCount: number, chordMask: number): KeyEvents {
  if (keyCount < 1 || keyCount > 32) throw new Error("keyevents: keyCount must be 1..32, got " + keyCount);
  const allMask = keyCount === 32 ? 0xffffffff : (1 << keyCount) - 1;
  return {
    allMask: allMask >>> 0,
    chordMask: (chordMask & allMask) >>> 0,
    holdMs: HOLD_MS,
    chordMs: CHORD_MS,
    stuckMs: STUCK_MS,
    down: 0,
    stuck: 0,
    noHold: 0,
    downAt: new Uint16Array(keyCount),
    chordSince: -1,
    chordDone: false,
    queueType: new Uint16Array(EVENT_QUEUE_SIZE),
    queueArg: new Uint16Array(EVENT_QUEUE_SIZE),
    queueHead: 0,
    queueCount: 0,
    dropped: 0,
    arg: 0,
  };
}

/**
 * Brings the state machine to `now` with the debounced mask `downMask` (bit i = key i down).
 * Thresholds that came due before this change fire first, then releases, then presses, each
 * in key order. Returns the number of events queued by this call.
 */
export function keyEventsUpdate(s: KeyEvents, downMask: number, now: number): number {
  const nowMs = now | 0;
  // (Helpers declared before use: Espruino does not hoist functions. They work on this
  // call's s, now and nowMs.)
  function push(type: number, arg: number): void {
    if (s.queueCount === EVENT_QUEUE_SIZE) {
      s.dropped++;
      return;
    }
    const at = (s.queueHead + s.queueCount) % EVENT_QUEUE_SIZE;
    s.queueType[at] = type;
    s.queueArg[at] = arg;
    s.queueCount++;
  }

  /** Recomputes what depends on the set of active (down, not stuck) keys. */
  function settle(): void {
    const active = (s.down & ~s.stuck) >>> 0;
    // Two keys down at once: neither press can be a single-key hold any more.
    if ((active & (active - 1)) !== 0) s.noHold = (s.noHold | active) >>> 0;
    if (s.chordMask !== 0 && active === s.chordMask) {
      if (s.chordSince < 0) s.chordSince = now;
    } else {
      s.chordSince = -1;
      s.chordDone = false;
    }
  }

  /** Emits the hold, chord and stuck events that are due at `now` for the keys already down. */
  function fireThresholds(): void {
    let m = s.down & ~s.stuck;
    for (let i = 0; m !== 0; i++, m >>>= 1) {
      const bit = 1 << i;
      if ((m & 1) !== 0 && (s.noHold & bit) === 0 && wrapDiff16(nowMs, s.downAt[i]) >= s.holdMs) {
        s.noHold = (s.noHold | bit) >>> 0;
        push(EV_HOLD, i);
      }
    }
    if (s.chordSince >= 0 && !s.chordDone && now - s.chordSince >= s.chordMs) {
      s.chordDone = true;
      push(EV_CHORD, 0);
    }
    let newlyStuck = 0;
    m = s.down & ~s.stuck;
    for (let i = 0; m !== 0; i++, m >>>= 1) {
      if ((m & 1) !== 0 && wrapDiff16(nowMs, s.downAt[i]) >= s.stuckMs) {
        newlyStuck |= 1 << i;
        push(EV_STUCK, i);
      }
    }
    if (newlyStuck !== 0) {
      s.stuck = (s.stuck | newlyStuck) >>> 0;
      settle();
    }
  }

  const before = s.queueCount + s.dropped;
  downMask = (downMask & s.allMask) >>> 0;
  if (s.down !== 0) fireThresholds();
  const changed = (downMask ^ s.down) >>> 0;
  if (changed !== 0) {
    let m = changed & s.down;
    for (let i = 0; m !== 0; i++, m >>>= 1) {
      if ((m & 1) === 0) continue;
      const bit = 1 << i;
      if ((s.stuck & bit) !== 0) s.stuck = (s.stuck & ~bit) >>> 0;
      else push(EV_RELEASE, i);
    }
    m = changed & downMask;
    for (let i = 0; m !== 0; i++, m >>>= 1) {
      if ((m & 1) === 0) continue;
      s.downAt[i] = nowMs + (now % 1 > 0 ? 1 : 0);
      s.noHold = (s.noHold & ~(1 << i)) >>> 0;
      push(EV_PRESS, i);
    }
    s.down = downMask;
    settle();
  }
  return s.queueCount + s.dropped - before;
}

/** Takes the oldest queued event: returns its type (EV_NONE when empty), its argument in s.arg. */
export function keyEventsPop(s: KeyEvents): number {
  if (s.queueCount === 0) return EV_NONE;
  const type = s.queueType[s.queueHead];
  s.arg = type === EV_CHORD ? s.chordMask : s.queueArg[s.queueHead];
  s.queueHead = (s.queueHead + 1) % EVENT_QUEUE_SIZE;
  s.queueCount--;
  return type;
}

/**
 * When keyEventsUpdate must next be called for a hold, chord or stuck event to fire on time
 * if no key changes before, or -1 when nothing is pending (so the scanner can sleep on pin
 * interrupts). A deadline already past is returned as `now`. `now` is the time of the last
 * keyEventsUpdate or later (within 2^15 ms), which the stored low 16 bits are taken relative to.
 */
export function keyEventsNextDeadline(s: KeyEvents, now: number): number {
  const nowMs = now | 0;
  // The shortest wait for a key, in ms from the whole ms of now.
  let wait = Infinity;
  let m = s.down & ~s.stuck;
  for (let i = 0; m !== 0; i++, m >>>= 1) {
    // Each active key's stuck time, and its hold time while its press can still give a hold.
    if ((m & 1) !== 0) {
      const since = wrapDiff16(nowMs, s.downAt[i]);
      wait = Math.min(wait, s.stuckMs - since, (s.noHold >>> i) & 1 ? Infinity : s.holdMs - since);
    }
  }
  const next = Math.min(now - (now % 1) + wait, s.chordSince >= 0 && !s.chordDone ? s.chordSince + s.chordMs : Infinity);
  return next === Infinity ? -1 : Math.max(next, now);
}

/** Forgets all keys and queued events (e.g. after sleep); `dropped` is kept. */
export function keyEventsReset(s: KeyEvents): void {
  s.down = 0;
  s.stuck = 0;
  s.noHold = 0;
  s.chordSince = -1;
  s.chordDone = false;
  s.queueHead = 0;
  s.queueCount = 0;
}

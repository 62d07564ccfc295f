// Debounced key masks to player events under a fake clock: press/release, single-key holds at
// 1500 ms, the pads-1+9 chord at 3000 ms, stuck keys at 10 s, and silence while idle. Every
// timeline is run twice, polled every millisecond and driven only by key changes plus
// keyEventsNextDeadline, and both must give the same events at the same times.
import { describe, expect, it } from "vitest";
import {
  CHORD_MS,
  EVENT_NAMES,
  EVENT_QUEUE_SIZE,
  EV_NONE,
  HOLD_MS,
  SELF_TEST_CHORD,
  STUCK_MS,
  createKeyEvents,
  keyEventsNextDeadline,
  keyEventsPop,
  keyEventsReset,
  keyEventsUpdate,
  type KeyEvents,
} from "../src/toy/keyevents";
import { createDebouncer, debounceNextDeadline, debounceUpdate } from "../src/toy/debounce";
import { clockOrigins } from "./helpers/clocks";

/** Key mask timeline: [time, debounced mask] breakpoints. */
type Timeline = [number, number][];

function maskAt(tl: Timeline, t: number): number {
  let m = 0;
  for (const [at, mask] of tl) if (at <= t) m = mask;
  return m;
}

function drain(s: KeyEvents, t: number, out: string[]): void {
  for (let type = keyEventsPop(s); type !== EV_NONE; type = keyEventsPop(s)) {
    out.push(`${t} ${EVENT_NAMES[type]} ${type === 4 ? "0b" + s.arg.toString(2) : s.arg}`);
  }
}

// The clock reads `clock` ms at t = 0; timelines and the events listed are in t.

/** Calls keyEventsUpdate every millisecond. */
function polled(tl: Timeline, end: number, clock = 0): string[] {
  const s = createKeyEvents(9, SELF_TEST_CHORD);
  const out: string[] = [];
  let mask = 0;
  let next = 0; // index of the next breakpoint in the (time-ordered) timeline
  for (let t = 0; t <= end; t++) {
    while (next < tl.length && tl[next][0] <= t) mask = tl[next++][1];
    keyEventsUpdate(s, mask, clock + t);
    drain(s, t, out);
  }
  return out;
}

/** Calls keyEventsUpdate only at key changes and at the deadlines it asks for. */
function scheduled(tl: Timeline, end: number, clock = 0): string[] {
  const s = createKeyEvents(9, SELF_TEST_CHORD);
  const out: string[] = [];
  let t = 0;
  for (;;) {
    keyEventsUpdate(s, maskAt(tl, t), clock + t);
    drain(s, t, out);
    const change = tl.map((b) => b[0]).find((at) => at > t) ?? Infinity;
    const deadline = keyEventsNextDeadline(s, clock + t);
    expect(deadline === -1 || deadline > clock + t, `deadline ${deadline} after update at ${clock + t}`).toBe(true);
    const next = Math.min(change, deadline >= 0 ? deadline - clock : Infinity);
    if (next > end) return out;
    t = next;
  }
}

function both(tl: Timeline, end: number, clock = 0): string[] {
  const a = polled(tl, end, clock);
  expect(scheduled(tl, end, clock)).toEqual(a);
  return a;
}

const K = (...keys: number[]): number => keys.reduce((m, k) => m | (1 << k), 0);

/** Key mask timelines and the events they must give (times in ms, from the module's documented timings). */
const timelines: { name: string; tl: Timeline; end: number; events: string[] }[] = [
  { name: "a tap: press on key-down, release on key-up", tl: [[100, K(4)], [250, 0]], end: 2000, events: ["100 press 4", "250 release 4"] },
  { name: "held 1499 ms: no hold", tl: [[100, K(4)], [1599, 0]], end: 3000, events: ["100 press 4", "1599 release 4"] },
  { name: "held 1500 ms: hold at 1500, then release", tl: [[100, K(4)], [1600, 0]], end: 3000, events: ["100 press 4", "1600 hold 4", "1600 release 4"] },
  { name: "held 5 s: one hold", tl: [[0, K(2)], [5000, 0]], end: 8000, events: ["0 press 2", "1500 hold 2", "5000 release 2"] },
  {
    name: "two keys down together: no hold for either",
    tl: [[0, K(1)], [200, K(1, 3)], [2500, K(3)], [2600, 0]],
    end: 5000,
    events: ["0 press 1", "200 press 3", "2500 release 1", "2600 release 3"],
  },
  {
    name: "a brief second key spoils the first key's hold (not a single-key hold)",
    tl: [[0, K(1)], [1000, K(1, 5)], [1100, K(1)], [3000, 0]],
    end: 5000,
    events: ["0 press 1", "1000 press 5", "1100 release 5", "3000 release 1"],
  },
  {
    name: "a hold already fired stays fired when a second key comes",
    tl: [[0, K(1)], [1600, K(1, 5)], [1700, K(1)], [3000, 0]],
    end: 5000,
    events: ["0 press 1", "1500 hold 1", "1600 press 5", "1700 release 5", "3000 release 1"],
  },
  {
    name: "chord held 3000 ms: chord once, no holds",
    tl: [[0, K(0)], [100, K(0, 8)], [5000, K(8)], [5100, 0]],
    end: 8000,
    events: ["0 press 0", "100 press 8", "3100 chord 0b100000001", "5000 release 0", "5100 release 8"],
  },
  {
    name: "chord held 2999 ms: no chord",
    tl: [[0, K(0, 8)], [2999, 0]],
    end: 6000,
    events: ["0 press 0", "0 press 8", "2999 release 0", "2999 release 8"],
  },
  {
    name: "chord with a third key down: no chord",
    tl: [[0, K(0, 4, 8)], [4000, 0]],
    end: 6000,
    events: ["0 press 0", "0 press 4", "0 press 8", "4000 release 0", "4000 release 4", "4000 release 8"],
  },
  {
    name: "chord started late: the first key's hold came before the chord formed",
    tl: [[0, K(0)], [1600, K(0, 8)], [5000, 0]],
    end: 6000,
    events: ["0 press 0", "1500 hold 0", "1600 press 8", "4600 chord 0b100000001", "5000 release 0", "5000 release 8"],
  },
  {
    name: "chord broken and re-formed restarts its 3 s",
    tl: [[0, K(0, 8)], [2000, K(0)], [2100, K(0, 8)], [5200, 0]],
    end: 6000,
    events: ["0 press 0", "0 press 8", "2000 release 8", "2100 press 8", "5100 chord 0b100000001", "5200 release 0", "5200 release 8"],
  },
  {
    name: "held 9999 ms: not stuck",
    tl: [[0, K(6)], [9999, 0]],
    end: 12000,
    events: ["0 press 6", "1500 hold 6", "9999 release 6"],
  },
  {
    name: "stuck at 10 s, ignored, released silently, then normal again",
    tl: [[0, K(6)], [12000, 0], [13000, K(6)], [13100, 0]],
    end: 30000,
    events: ["0 press 6", "1500 hold 6", "10000 stuck 6", "13000 press 6", "13100 release 6"],
  },
  {
    name: "a stuck key does not block others (they still press, hold and release)",
    tl: [[0, K(6)], [11000, K(6, 2)], [13000, K(6)], [14000, 0]],
    end: 20000,
    events: ["0 press 6", "1500 hold 6", "10000 stuck 6", "11000 press 2", "12500 hold 2", "13000 release 2"],
  },
  {
    name: "a stuck key does not spoil the chord",
    tl: [[0, K(4)], [10500, K(4, 0, 8)], [14000, K(4)], [15000, 0]],
    end: 20000,
    events: ["0 press 4", "1500 hold 4", "10000 stuck 4", "10500 press 0", "10500 press 8", "13500 chord 0b100000001", "14000 release 0", "14000 release 8"],
  },
  {
    name: "keys pressed and released in the same update: releases first, then presses",
    tl: [[0, K(1)], [100, K(2)], [200, 0]],
    end: 1000,
    events: ["0 press 1", "100 release 1", "100 press 2", "200 release 2"],
  },
];

describe("key events (3×3, chord = pads 1 and 9)", () => {
  it("uses the documented timings", () => {
    expect([HOLD_MS, CHORD_MS, STUCK_MS, SELF_TEST_CHORD]).toEqual([1500, 3000, 10000, 0b100000001]);
  });

  it.each(timelines)("$name", ({ tl, end, events }) => {
    expect(both(tl, end)).toEqual(events);
  });

  // The same timelines on clocks beyond 32 bits, a wrap of the stored low bits falling 1 s in: inside
  // the holds, chords and stuck times that start near t = 0. The same events at the same times.
  const clocked = clockOrigins(1000).flatMap((clock) => timelines.map((c) => ({ ...c, clock: clock.name, at: clock.at })));
  it.each(clocked)("$clock: $name", ({ tl, end, events, at }) => {
    expect(both(tl, end, at)).toEqual(events);
  });

  it("an hour of idle: no events and no deadline", () => {
    const s = createKeyEvents(9, SELF_TEST_CHORD);
    let queued = 0;
    for (let t = 0; t <= 3600_000; t += 5) queued += keyEventsUpdate(s, 0, t);
    expect(queued).toBe(0);
    expect(keyEventsPop(s)).toBe(EV_NONE);
    expect(keyEventsNextDeadline(s, 3600_000)).toBe(-1);
  });

  it("a stuck key held for an hour: nothing after the stuck event, and no deadline", () => {
    expect(both([[0, K(3)]], 3600_000)).toEqual(["0 press 3", "1500 hold 3", "10000 stuck 3"]);
    const s = createKeyEvents(9, SELF_TEST_CHORD);
    keyEventsUpdate(s, K(3), 0);
    keyEventsUpdate(s, K(3), 20000);
    expect(keyEventsNextDeadline(s, 20000)).toBe(-1);
  });
});

describe("keyEventsNextDeadline", () => {
  it("names the next hold, chord or stuck time; an overdue one as now", () => {
    const s = createKeyEvents(9, SELF_TEST_CHORD);
    expect(keyEventsNextDeadline(s, 0)).toBe(-1);
    keyEventsUpdate(s, K(4), 100);
    expect(keyEventsNextDeadline(s, 100)).toBe(1600);
    expect(keyEventsNextDeadline(s, 2000)).toBe(2000); // overdue: call now
    keyEventsUpdate(s, K(4), 1600); // hold fired
    expect(keyEventsNextDeadline(s, 1600)).toBe(10100);
    keyEventsUpdate(s, 0, 1700);
    keyEventsUpdate(s, K(0, 8), 2000); // chord: holds ruled out, chord at 5000
    expect(keyEventsNextDeadline(s, 2000)).toBe(5000);
    keyEventsUpdate(s, K(0, 8), 5000);
    expect(keyEventsNextDeadline(s, 5000)).toBe(12000); // then only the stuck time remains
  });

  it("honours changed timings", () => {
    const s = createKeyEvents(9, SELF_TEST_CHORD);
    s.holdMs = 800;
    s.stuckMs = 2000;
    const out: string[] = [];
    for (let t = 0; t <= 3000; t++) {
      keyEventsUpdate(s, t >= 10 ? K(5) : 0, t);
      drain(s, t, out);
    }
    expect(out).toEqual(["10 press 5", "810 hold 5", "2010 stuck 5"]);
  });
});

describe("fractional times, on any clock", () => {
  // The firmware's times are fractional ms (getTime() * 1000). A hold, chord or stuck event
  // comes once its keys have been down for the whole time, and (the module's rounding) less
  // than 1 ms after that when updated on or after every whole ms: here every 1/4 ms.
  const clocks = [{ name: "from 0", at: 0 }, ...clockOrigins(1000)];
  const phases = [0, 0.25, 0.5, 0.75, 0.999];

  /** Each event and the clock time of the update that gave it, updating every 1/4 ms from `at` to at + end. */
  function events(at: number, mask: (t: number) => number, end: number): { name: string; arg: number; t: number }[] {
    const s = createKeyEvents(9, SELF_TEST_CHORD);
    const out: { name: string; arg: number; t: number }[] = [];
    for (let k = 0; k <= end * 4; k++) {
      const t = at + k / 4;
      keyEventsUpdate(s, mask(t), t);
      for (let type = keyEventsPop(s); type !== EV_NONE; type = keyEventsPop(s)) out.push({ name: EVENT_NAMES[type], arg: s.arg, t });
    }
    return out;
  }

  it.each(clocks)("$name: hold in [1500, 1501) ms after the press, stuck in [10000, 10001)", ({ at }) => {
    for (const f of phases) {
      const down = at + 100 + f;
      const ev = events(at, (t) => (t >= down && t < at + 10500 ? K(4) : 0), 11000);
      expect(ev.map((e) => e.name + " " + e.arg), `phase ${f}`).toEqual(["press 4", "hold 4", "stuck 4"]);
      const pressed = ev[0].t;
      expect(ev[1].t - pressed).toBeGreaterThanOrEqual(HOLD_MS);
      expect(ev[1].t - pressed).toBeLessThan(HOLD_MS + 1);
      expect(ev[2].t - pressed).toBeGreaterThanOrEqual(STUCK_MS);
      expect(ev[2].t - pressed).toBeLessThan(STUCK_MS + 1);
    }
  });

  it.each(clocks)("$name: down 1/4 ms short of the hold time: no hold", ({ at }) => {
    for (const f of phases) {
      const down = at + 100 + f;
      // The key is seen down at the first update on or after `down`, and up 1499.75 ms later.
      const seen = at + Math.ceil((down - at) * 4) / 4;
      const ev = events(at, (t) => (t >= down && t < seen + HOLD_MS - 0.25 ? K(4) : 0), 2000);
      expect(ev.map((e) => e.name), `phase ${f}`).toEqual(["press", "release"]);
      expect(ev[1].t - ev[0].t).toBe(HOLD_MS - 0.25);
    }
  });

  it.each(clocks)("$name: the chord in [3000, 3001) ms after both keys are down", ({ at }) => {
    for (const f of phases) {
      const ev = events(at, (t) => (t >= at + 100.5 ? K(0) : 0) | (t >= at + 200 + f ? K(8) : 0), 3500);
      expect(ev.map((e) => e.name), `phase ${f}`).toEqual(["press", "press", "chord"]);
      expect(ev[2].t - ev[1].t).toBeGreaterThanOrEqual(CHORD_MS);
      expect(ev[2].t - ev[1].t).toBeLessThan(CHORD_MS + 1);
    }
  });

  it.each(clocks)("$name: keyEventsNextDeadline names the first whole ms on or after each exact time", ({ at }) => {
    for (const f of phases) {
      const s = createKeyEvents(9, SELF_TEST_CHORD);
      const pressed = at + 100 + f;
      keyEventsUpdate(s, K(4), pressed);
      const hold = keyEventsNextDeadline(s, pressed);
      expect(Number.isInteger(hold) && hold >= pressed + HOLD_MS && hold < pressed + HOLD_MS + 1, `phase ${f}: ${hold - pressed}`).toBe(true);
      expect(keyEventsNextDeadline(s, pressed + 700.3)).toBe(hold); // asked again later: the same time
      expect(keyEventsUpdate(s, K(4), hold)).toBe(1); // the hold, then
      const stuck = keyEventsNextDeadline(s, hold);
      expect(Number.isInteger(stuck) && stuck >= pressed + STUCK_MS && stuck < pressed + STUCK_MS + 1, `phase ${f}: ${stuck - pressed}`).toBe(true);
      expect(keyEventsUpdate(s, K(4), stuck - 0.25)).toBe(0);
      expect(keyEventsUpdate(s, K(4), stuck)).toBe(1);
      expect(keyEventsNextDeadline(s, stuck)).toBe(-1);
    }
  });
});

describe("queue", () => {
  it("keeps EVENT_QUEUE_SIZE events, counts the rest as dropped, and delivers in order", () => {
    const s = createKeyEvents(32, 0);
    expect(keyEventsUpdate(s, 0xffffffff, 0)).toBe(32);
    expect(s.dropped).toBe(32 - EVENT_QUEUE_SIZE);
    const out: string[] = [];
    drain(s, 0, out);
    expect(out).toEqual(Array.from({ length: EVENT_QUEUE_SIZE }, (_, k) => `0 press ${k}`));
    keyEventsUpdate(s, 0x7fffffff, 1);
    drain(s, 1, out);
    expect(out[out.length - 1]).toBe("1 release 31");
  });

  it("keyEventsReset forgets keys and queued events", () => {
    const s = createKeyEvents(9, SELF_TEST_CHORD);
    keyEventsUpdate(s, K(1, 2), 0);
    keyEventsReset(s);
    expect(keyEventsPop(s)).toBe(EV_NONE);
    expect(keyEventsNextDeadline(s, 0)).toBe(-1);
    keyEventsUpdate(s, K(1), 10);
    const out: string[] = [];
    drain(s, 10, out);
    expect(out).toEqual(["10 press 1"]);
  });

  it("rejects a key count it cannot hold in a mask", () => {
    expect(() => createKeyEvents(40, 0)).toThrow(/1\.\.32/);
  });
});

/**
 * Per key, events must follow press (hold)? (release | stuck) — a stuck key's release is
 * silent — and a chord only comes while both chord keys are down (one may have held before
 * the other came).
 */
function checkGrammar(events: string[]): void {
  const state = new Array<string>(9).fill("up");
  for (const e of events) {
    const [, name, arg] = e.split(" ");
    const k = Number(arg);
    const ok =
      name === "press" ? state[k] === "up" || state[k] === "stuck"
      : name === "hold" ? state[k] === "down"
      : name === "release" ? state[k] === "down" || state[k] === "held"
      : name === "stuck" ? state[k] === "down" || state[k] === "held"
      : name === "chord" ? /down|held/.test(state[0]) && /down|held/.test(state[8])
      : false;
    if (!ok) throw new Error(`${e} in state ${state.join(",")}\n${events.join("\n")}`);
    if (name === "press") state[k] = "down";
    else if (name === "hold") state[k] = "held";
    else if (name === "release") state[k] = "up";
    else if (name === "stuck") state[k] = "stuck";
  }
}

describe("random timelines (seeded): polling and deadline scheduling agree", () => {
  it("200 timelines of up to 4 keys over 40 s", () => {
    const seen = new Set<string>();
    let seed = 12345;
    const rand = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 4294967296;
    };
    for (let trial = 0; trial < 200; trial++) {
      const tl: Timeline = [];
      let t = 0;
      let mask = 0;
      while (t < 40000) {
        t += 1 + Math.floor(rand() * (rand() < 0.3 ? 12000 : 2000));
        const key = [0, 8, 4, 2][Math.floor(rand() * 4)];
        mask ^= 1 << key;
        tl.push([t, mask]);
      }
      tl.push([t + 1, 0]);
      const events = both(tl, t + 20000);
      checkGrammar(events);
      for (const e of events) seen.add(e.split(" ")[1]);
    }
    // The timelines are long and varied enough to reach every kind of event.
    expect([...seen].sort()).toEqual(["chord", "hold", "press", "release", "stuck"]);
  });
});

describe("raw contacts → debounce → key events", () => {
  it("a bouncy 2 s press of pad 5 gives press, hold, release: nothing more", () => {
    const d = createDebouncer(9, 5, 10);
    const s = createKeyEvents(9, SELF_TEST_CHORD);
    const bounce = [1, 0, 1, 1, 0, 1]; // first 6 ms after each edge
    const raw = (t: number): number => {
      if (t < 100) return 0;
      if (t < 106) return bounce[t - 100] ? K(4) : 0;
      if (t < 2100) return K(4);
      if (t < 2106) return bounce[t - 2100] ? 0 : K(4);
      return 0;
    };
    const out: string[] = [];
    for (let t = 0; t < 5000; t++) {
      debounceUpdate(d, raw(t), t);
      keyEventsUpdate(s, d.stable, t);
      drain(s, t, out);
    }
    expect(out).toEqual(["110 press 4", "1610 hold 4", "2115 release 4"]);
    expect(debounceNextDeadline(d, 5000)).toBe(-1);
    expect(keyEventsNextDeadline(s, 5000)).toBe(-1);
  });
});

// Per-key deferred debounce under a fake clock: tables of raw waveforms and the debounced
// changes they must (and must not) produce.
import { describe, expect, it } from "vitest";
import {
  DEBOUNCE_PRESS_MS,
  DEBOUNCE_RELEASE_MS,
  createDebouncer,
  debounceNextDeadline,
  debounceReset,
  debounceUpdate,
  wrapDiff16,
  type Debouncer,
} from "../src/toy/debounce";
import { clockOrigins } from "./helpers/clocks";
import { mulberry32 } from "./helpers/seeded";

const rng = mulberry32;

/** A raw waveform: [time, mask] breakpoints, the mask holding until the next breakpoint. */
type Wave = [number, number][];

function rawAt(wave: Wave, t: number): number {
  let m = 0;
  for (const [at, mask] of wave) if (at <= t) m = mask;
  return m;
}

/**
 * Polls the debouncer at the given times and lists "t:changedMask>stable" for each change. The
 * clock reads `at` ms at t = 0 (times in the list and out are relative to it).
 */
function run(d: Debouncer, wave: Wave, times: number[], at = 0): string[] {
  const out: string[] = [];
  for (const t of times) {
    const changed = debounceUpdate(d, rawAt(wave, t), at + t);
    if (changed !== 0) out.push(`${t}:${changed.toString(2)}>${d.stable.toString(2)}`);
  }
  return out;
}

function every(ms: number, from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = from; t <= to; t += ms) out.push(t);
  return out;
}

describe("debounce (defaults: press 5 ms, release 10 ms, polled every 1 ms)", () => {
  it("uses QMK's 5 ms press and a longer 10 ms release by default", () => {
    expect([DEBOUNCE_PRESS_MS, DEBOUNCE_RELEASE_MS]).toEqual([5, 10]);
  });

  const cases: { name: string; wave: Wave; expected: string[] }[] = [
    { name: "clean press and release: accepted 5 ms and 10 ms after the edges", wave: [[10, 1], [100, 0]], expected: ["15:1>1", "110:1>0"] },
    { name: "4 ms press glitch: nothing", wave: [[10, 1], [14, 0]], expected: [] },
    { name: "pressed for 5 samples (t=10..14): still too short", wave: [[10, 1], [15, 0]], expected: [] },
    { name: "pressed through t=15: accepted at 15", wave: [[10, 1], [16, 0]], expected: ["15:1>1", "26:1>0"] },
    { name: "release glitch of 9 ms while held: nothing", wave: [[10, 1], [50, 0], [59, 1], [200, 0]], expected: ["15:1>1", "210:1>0"] },
    { name: "released for 10 samples (t=50..59): still too short", wave: [[10, 1], [50, 0], [60, 1]], expected: ["15:1>1"] },
    { name: "released through t=60: accepted at 60, pressed again after", wave: [[10, 1], [50, 0], [61, 1]], expected: ["15:1>1", "60:1>0", "66:1>1"] },
    {
      name: "press bouncing for 7 ms: one change, 5 ms after the last bounce",
      wave: [[10, 1], [11, 0], [12, 1], [14, 0], [15, 1], [16, 0], [17, 1], [300, 0]],
      expected: ["22:1>1", "310:1>0"],
    },
    {
      name: "release bouncing for 12 ms: one change, 10 ms after the last bounce",
      wave: [[10, 1], [100, 0], [101, 1], [104, 0], [108, 1], [109, 0], [112, 1], [113, 0]],
      expected: ["15:1>1", "123:1>0"],
    },
    { name: "keys debounce independently", wave: [[10, 0b01], [12, 0b11], [40, 0b10], [41, 0b00]], expected: ["15:1>1", "17:10>11", "50:1>10", "51:10>0"] },
    { name: "keys pressed together change together", wave: [[10, 0b101], [60, 0]], expected: ["15:101>101", "70:101>0"] },
    { name: "a glitch on one key does not disturb another", wave: [[10, 0b01], [30, 0b11], [32, 0b01], [80, 0]], expected: ["15:1>1", "90:1>0"] },
  ];

  it.each(cases)("$name", ({ wave, expected }) => {
    const d = createDebouncer(9, DEBOUNCE_PRESS_MS, DEBOUNCE_RELEASE_MS);
    expect(run(d, wave, every(1, 0, 400))).toEqual(expected);
  });

  // The same tables on clocks beyond 32 bits, a wrap of the stored low bits falling inside the
  // first press's debounce time (t = 10..15): the same changes at the same times.
  const clocked = clockOrigins(12).flatMap((clock) => cases.map((c) => ({ ...c, clock: clock.name, at: clock.at })));
  it.each(clocked)("$clock: $name", ({ wave, expected, at }) => {
    const d = createDebouncer(9, DEBOUNCE_PRESS_MS, DEBOUNCE_RELEASE_MS);
    expect(run(d, wave, every(1, 0, 400), at)).toEqual(expected);
  });

  it.each([1, 2, 3, 4, 5])("a %i ms press glitch never produces an event, whatever the phase", (width) => {
    for (let start = 10; start < 15; start++) {
      const d = createDebouncer(9, DEBOUNCE_PRESS_MS, DEBOUNCE_RELEASE_MS);
      expect(run(d, [[start, 1 << 4], [start + width, 0]], every(1, 0, 100))).toEqual([]);
    }
  });

  it("accepts a change at the first poll on or after its deadline when polling is sparse", () => {
    const d = createDebouncer(9, 5, 10);
    expect(run(d, [[10, 1], [100, 0]], [0, 10, 13, 17, 20, 100, 104, 113])).toEqual(["17:1>1", "113:1>0"]);
  });

  it("honours custom timings, including 0 (no debounce)", () => {
    const d = createDebouncer(4, 0, 0);
    expect(run(d, [[10, 1], [11, 0]], every(1, 0, 20))).toEqual(["10:1>1", "11:1>0"]);
    const slow = createDebouncer(4, 20, 30);
    expect(run(slow, [[10, 1], [100, 0]], every(1, 0, 200))).toEqual(["30:1>1", "130:1>0"]);
  });

  it("handles all 32 keys, bit 31 included, as unsigned masks", () => {
    const d = createDebouncer(32, 5, 10);
    const top = 2 ** 31;
    expect(debounceUpdate(d, top | 1, 0)).toBe(0);
    expect(debounceUpdate(d, top | 1, 5)).toBe(top + 1);
    expect(d.stable).toBe(top + 1);
    expect(debounceUpdate(d, 0, 6)).toBe(0);
    expect(debounceUpdate(d, 0, 16)).toBe(top + 1);
    expect(d.stable).toBe(0);
  });

  it("ignores bits above keyCount", () => {
    const d = createDebouncer(9, 5, 10);
    expect(run(d, [[10, 0b1111111111000000000]], every(1, 0, 50))).toEqual([]);
  });

  it("rejects a key count it cannot hold in a mask", () => {
    expect(() => createDebouncer(33, 5, 10)).toThrow(/1\.\.32/);
    expect(() => createDebouncer(0, 5, 10)).toThrow(/1\.\.32/);
  });

  it("emits nothing and has no deadline through an hour of idle polling", () => {
    const d = createDebouncer(9, 5, 10);
    let changes = 0;
    for (let t = 0; t <= 3600_000; t += 5) if (debounceUpdate(d, 0, t) !== 0) changes++;
    expect(changes).toBe(0);
    expect(debounceNextDeadline(d, 3600_000)).toBe(-1);
  });

  it("an hour of a key held down gives one press and nothing else", () => {
    const d = createDebouncer(9, 5, 10);
    let changes = 0;
    for (let t = 0; t <= 3600_000; t += 5) if (debounceUpdate(d, 1 << 2, t) !== 0) changes++;
    expect(changes).toBe(1);
    expect(d.stable).toBe(1 << 2);
  });
});

describe("debounceNextDeadline", () => {
  it("tells when the earliest pending change can be accepted, -1 when none is pending", () => {
    const d = createDebouncer(9, 5, 10);
    expect(debounceNextDeadline(d, 0)).toBe(-1);
    debounceUpdate(d, 0b001, 100);
    expect(debounceNextDeadline(d, 100)).toBe(105);
    debounceUpdate(d, 0b011, 102);
    expect(debounceNextDeadline(d, 102)).toBe(105);
    expect(debounceNextDeadline(d, 104)).toBe(105); // asked later: the same time
    debounceUpdate(d, 0b011, 105); // key 0 accepted, key 1 still waiting
    expect(debounceNextDeadline(d, 105)).toBe(107);
    debounceUpdate(d, 0b011, 107);
    expect(debounceNextDeadline(d, 107)).toBe(-1);
    debounceUpdate(d, 0b010, 200); // key 0 releasing
    expect(debounceNextDeadline(d, 200)).toBe(210);
    debounceUpdate(d, 0b011, 203); // bounced back: nothing pending
    expect(debounceNextDeadline(d, 203)).toBe(-1);
  });

  it("polling only at the deadlines gives the same changes as polling every millisecond", () => {
    const wave: Wave = [[10, 1], [11, 0], [12, 1], [60, 3], [61, 1], [62, 3], [200, 0]];
    const dense = run(createDebouncer(9, 5, 10), wave, every(1, 0, 400));
    // Sparse: poll at each raw edge (a pin interrupt) and at each deadline.
    const d = createDebouncer(9, 5, 10);
    const sparse: string[] = [];
    const edges = wave.map((w) => w[0]);
    let t = 0;
    while (t <= 400) {
      const changed = debounceUpdate(d, rawAt(wave, t), t);
      if (changed !== 0) sparse.push(`${t}:${changed.toString(2)}>${d.stable.toString(2)}`);
      const nextEdge = edges.find((e) => e > t) ?? Infinity;
      const deadline = debounceNextDeadline(d, t);
      const next = Math.min(nextEdge, deadline >= 0 ? deadline : Infinity);
      if (next === Infinity) break;
      t = next;
    }
    expect(sparse).toEqual(dense);
  });
});

describe("random contact chatter (seeded)", () => {
  // Each trial: a press whose contacts bounce randomly for 0–5 ms, a steady hold of 20–200 ms,
  // then a release bouncing for 0–5 ms. Exactly one press and one release must come out, each
  // no earlier than its debounce time after the first edge and no later than that time after
  // the last bounce, plus up to two polling gaps (one to see the settled contact, one to
  // poll after the deadline).
  function trial(seed: number, maxPollGap: number): void {
    const r = rng(seed);
    const key = Math.floor(r() * 9);
    const bit = 1 << key;
    const tPress = 50 + Math.floor(r() * 50);
    const pressBounce = Math.floor(r() * 6);
    const tRelease = tPress + pressBounce + 20 + Math.floor(r() * 180);
    const releaseBounce = Math.floor(r() * 6);
    const raw = (t: number): number => {
      if (t < tPress) return 0;
      if (t < tPress + pressBounce) return r() < 0.5 ? bit : 0;
      if (t < tRelease) return bit;
      if (t < tRelease + releaseBounce) return r() < 0.5 ? bit : 0;
      return 0;
    };
    const d = createDebouncer(9, 5, 10);
    const changes: { t: number; stable: number }[] = [];
    for (let t = 0; t < tRelease + 100; t += 1 + Math.floor(r() * maxPollGap)) {
      if (debounceUpdate(d, raw(t), t) !== 0) changes.push({ t, stable: d.stable });
    }
    expect(changes.map((c) => c.stable), `seed ${seed}`).toEqual([bit, 0]);
    expect(changes[0].t).toBeGreaterThanOrEqual(tPress + 5);
    expect(changes[0].t).toBeLessThanOrEqual(tPress + pressBounce + 5 + 2 * (maxPollGap - 1));
    expect(changes[1].t).toBeGreaterThanOrEqual(tRelease + 10);
    expect(changes[1].t).toBeLessThanOrEqual(tRelease + releaseBounce + 10 + 2 * (maxPollGap - 1));
  }

  it("polled every 1 ms: exactly one press and one release in 500 trials", () => {
    for (let seed = 1; seed <= 500; seed++) trial(seed, 1);
  });

  it("polled every 1–3 ms with jitter: exactly one press and one release in 500 trials", () => {
    for (let seed = 1001; seed <= 1500; seed++) trial(seed, 3);
  });
});

describe("fractional times, on any clock", () => {
  // The firmware's times are fractional ms (getTime() * 1000). A change is accepted only once
  // the raw state has differed for the whole debounce time, and (the module's rounding) at most
  // 1 ms after that when polled on or after every whole ms: here every 1/8 ms.
  const clocks = [{ name: "from 0", at: 0 }, ...clockOrigins(12)];
  const phases = [0, 0.125, 0.5, 0.875, 0.999];

  /** Times (ms after the clock's `at`) the debouncer changes at, polled every 1/8 ms to `end`. */
  function changesAt(at: number, raw: (t: number) => number, end: number): { t: number; stable: number }[] {
    const d = createDebouncer(9, 5, 10);
    const out: { t: number; stable: number }[] = [];
    for (let k = 0; k <= end * 8; k++) {
      const t = at + k / 8;
      if (debounceUpdate(d, raw(t), t) !== 0) out.push({ t, stable: d.stable });
    }
    return out;
  }

  it.each(clocks)("$name: press and release accepted in [5, 6) and [10, 11) ms after their edges", ({ at }) => {
    for (const f of phases) {
      const press = at + 10 + f;
      const release = at + 60 + f;
      const changes = changesAt(at, (t) => (t >= press && t < release ? 1 << 3 : 0), 100);
      expect(changes.map((c) => c.stable), `phase ${f}`).toEqual([1 << 3, 0]);
      expect(changes[0].t - press).toBeGreaterThanOrEqual(5);
      expect(changes[0].t - press).toBeLessThan(6);
      expect(changes[1].t - release).toBeGreaterThanOrEqual(10);
      expect(changes[1].t - release).toBeLessThan(11);
    }
  });

  it.each(clocks)("$name: glitches 1/8 ms shorter than the debounce times never show", ({ at }) => {
    for (const f of phases) {
      const press = at + 10 + f;
      const pressGlitch = changesAt(at, (t) => (t >= press && t < press + 4.875 ? 1 : 0), 40);
      expect(pressGlitch, `phase ${f}`).toEqual([]);
      const release = at + 20 + f;
      const releaseGlitch = changesAt(at, (t) => (t >= at + 5 && (t < release || t >= release + 9.875) ? 1 : 0), 40);
      expect(releaseGlitch, `phase ${f}`).toEqual([{ t: at + 10, stable: 1 }]);
    }
  });

  it.each(clocks)("$name: debounceNextDeadline is the first whole ms on or after the exact deadline", ({ at }) => {
    for (const f of phases) {
      const d = createDebouncer(9, 5, 10);
      const now = at + 10 + f;
      debounceUpdate(d, 1, now);
      const due = debounceNextDeadline(d, now);
      expect(Number.isInteger(due) && due >= now + 5 && due < now + 6, `phase ${f}: ${due - now}`).toBe(true);
      expect(debounceNextDeadline(d, now + 3.5)).toBe(due); // asked again later: the same time
      expect(debounceUpdate(d, 1, due)).toBe(1); // and it is accepted then
    }
  });
});

describe("debounceReset", () => {
  it("forgets the stable state and anything pending", () => {
    const d = createDebouncer(9, 5, 10);
    debounceUpdate(d, 1, 0);
    debounceUpdate(d, 1, 5);
    debounceUpdate(d, 3, 6);
    debounceReset(d);
    expect([d.stable, debounceNextDeadline(d, 6)]).toEqual([0, -1]);
  });
});

describe("wrapDiff16: differences of times kept as their low 16 bits", () => {
  it("counts across the wrap of the low 16 bits: 65535 → 2 is 3 ms, and back is −3", () => {
    expect(wrapDiff16(2, 65535)).toBe(3);
    expect(wrapDiff16(65535, 2)).toBe(-3);
    expect(wrapDiff16(0, 65535)).toBe(1);
    expect(wrapDiff16(65535, 0)).toBe(-1);
    expect(wrapDiff16(7, 7)).toBe(0);
  });

  it("gives the true difference between −32768 and 32767, and wraps outside it", () => {
    expect(wrapDiff16(32767, 0)).toBe(32767);
    expect(wrapDiff16(0, 32768)).toBe(-32768);
    expect(wrapDiff16(32768, 0)).toBe(-32768);
    expect(wrapDiff16(0, 32769)).toBe(32767);
    expect(wrapDiff16(65536, 0)).toBe(0);
  });

  it("takes a whole time as `now | 0` against a stored Uint16Array value, on any clock", () => {
    const stored = new Uint16Array(1);
    for (const origin of [0, 65530, 2 ** 31 - 5, 1.7e12 + 65533]) {
      for (const ahead of [-20000, -1, 0, 1, 5, 10, 1500, 10000, 32767]) {
        stored[0] = origin + ahead;
        const now = origin | 0;
        expect(wrapDiff16(stored[0], now), `${origin} + ${ahead}`).toBe(ahead);
        expect(wrapDiff16(now, stored[0]), `${origin} + ${ahead}`).toBe(ahead === 0 ? 0 : -ahead);
      }
    }
  });
});

import { describe, expect, it } from "vitest";
import { RealTimePacer, VirtualClock } from "../sim/board";

describe("VirtualClock", () => {
  it("runs due tasks in time order, ties in scheduling order, each at its own time", () => {
    const clock = new VirtualClock();
    const seen: string[] = [];
    clock.schedule(30, () => seen.push(`c@${clock.now}`));
    clock.schedule(10, () => seen.push(`a@${clock.now}`));
    clock.schedule(10, () => seen.push(`b@${clock.now}`));
    clock.schedule(31, () => seen.push("late"));
    expect(clock.advance(30)).toBe(3);
    expect(seen).toEqual(["a@10", "b@10", "c@30"]);
    expect(clock.now).toBe(30);
  });

  it("runs a task scheduled for 'now' by a running task after it, at the same instant", () => {
    const clock = new VirtualClock();
    const seen: string[] = [];
    clock.schedule(5, () => {
      clock.schedule(clock.now, () => seen.push(`follow-up@${clock.now}`));
      seen.push("first");
    });
    clock.advance(5);
    expect(seen).toEqual(["first", "follow-up@5"]);
  });

  it("cancels single tasks and all tasks of an owner", () => {
    const clock = new VirtualClock();
    const owner = {};
    const seen: number[] = [];
    const id = clock.after(1, () => seen.push(1));
    clock.after(2, () => seen.push(2), owner);
    clock.after(3, () => seen.push(3), owner);
    clock.after(4, () => seen.push(4));
    expect(clock.cancel(id)).toBe(true);
    expect(clock.cancelOwner(owner)).toBe(2);
    clock.advance(10);
    expect(seen).toEqual([4]);
    expect(clock.cancel(id)).toBe(false);
  });

  it("runUntilIdle drains the queue, and stops at the limit when something keeps re-arming", () => {
    const clock = new VirtualClock();
    let n = 0;
    clock.after(100, () => n++);
    expect(clock.runUntilIdle()).toBe(true);
    expect(clock.now).toBe(100);
    const tick = () => {
      n++;
      clock.after(10, tick);
    };
    clock.after(10, tick);
    expect(clock.runUntilIdle(1000)).toBe(false);
    expect(clock.now).toBe(1100);
    expect(n).toBe(101);
  });

  it("runUntil advances in steps until a condition holds", () => {
    const clock = new VirtualClock();
    let lit = false;
    clock.after(37, () => (lit = true));
    expect(clock.runUntil(() => lit, 1000, 5)).toBe(true);
    expect(clock.now).toBe(40);
    expect(clock.runUntil(() => false, 20)).toBe(false);
    expect(clock.now).toBe(60);
  });

  it("refuses to spin forever at one instant", () => {
    const clock = new VirtualClock();
    const loop = () => clock.after(0, loop);
    clock.after(0, loop);
    expect(() => clock.advance(1)).toThrow(/re-triggering itself/);
  });
});

describe("RealTimePacer", () => {
  it("advances the virtual clock by the wall time between ticks, scaled and capped", () => {
    const clock = new VirtualClock();
    let wall = 1000;
    let tickFn: (() => void) | undefined;
    const pacer = new RealTimePacer(clock, {
      speed: 2,
      maxStepMs: 100,
      wallNow: () => wall,
      timer: { start: (fn) => (tickFn = fn), stop: () => (tickFn = undefined) },
    });
    pacer.start();
    wall += 16;
    tickFn!();
    expect(clock.now).toBe(32);
    wall += 5000; // the host was suspended
    tickFn!();
    expect(clock.now).toBe(132);
    pacer.stop();
    expect(pacer.running).toBe(false);
    expect(tickFn).toBeUndefined();
  });
});

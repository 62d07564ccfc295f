// Espruino timer semantics on the virtual board (docs/espruino.md; Espruino 2v29 jswrap_interactive.c).
import { describe, expect, it } from "vitest";
import { createVirtualBoard } from "../sim/node/host";
import { PICO_TEST_PROFILE } from "./helpers/test-profile";

const profile = PICO_TEST_PROFILE;

function boot(code: string) {
  return createVirtualBoard({ profile, code });
}

describe("setTimeout / setInterval", () => {
  it("fires timeouts once at their virtual time and intervals from their due time", () => {
    const board = boot(`
      var log = [];
      setTimeout(function () { log.push("t" + getTime() * 1000); }, 25);
      setInterval(function () { log.push("i" + getTime() * 1000); }, 10);
    `);
    board.clock.advance(35);
    expect(board.eval("log.join(' ')")).toBe("i10 i20 t25 i30");
  });

  it("passes extra arguments and accepts a string of code", () => {
    const board = boot(`
      var got = [];
      setTimeout(function (a, b) { got.push(a + b); }, 1, 2, 3);
      setTimeout("got.push('str')", 2);
    `);
    board.clock.advance(2);
    expect(board.eval("got.join()")).toBe("5,str");
  });

  it("runs intervals shorter than 0.1 ms every 0.1 ms", () => {
    const board = boot(`var n = 0; setInterval(function () { n++; }, 0);`);
    board.clock.advance(1);
    expect(board.eval("n")).toBe(10);
  });

  it("throws on an interval over TIMER_MAX_INTERVAL (3.15e13 ms), as Espruino does for setTimeout(f, 1e300)", () => {
    const board = boot(`function t(v) { try { clearTimeout(setTimeout(function () {}, v)); return "ok"; } catch (e) { return String(e); } }`);
    expect(board.eval(`[t(1e300), t(3.2e13), t(Infinity), t(3.15e13), t(NaN), t("5"), t(-1)].join(" | ")`)).toBe(
      "Error: Interval is too long (>100 years) | Error: Interval is too long (>100 years) | Error: Interval is too long (>100 years) | ok | ok | ok | ok",
    );
    expect(() => board.eval("setInterval(function () {}, 1e300)")).toThrow("Interval is too long (>100 years)");
  });

  it("reuses ids once every timer is gone (last id + 1, or 1)", () => {
    const board = boot(`var a = setTimeout(function(){}, 5), b = setTimeout(function(){}, 10);`);
    expect(board.eval("[a, b].join()")).toBe("1,2");
    board.clock.advance(20);
    expect(board.eval("setTimeout(function(){}, 5)")).toBe(1);
  });

  it("clearTimeout(undefined) throws", () => {
    const board = boot(`var id = setTimeout(function(){}, 5);`);
    expect(() => board.eval("clearTimeout(undefined)")).toThrow("clearTimeout(undefined) not allowed. Use clearTimeout() instead");
    expect(() => board.eval("clearInterval(undefined)")).toThrow("clearInterval(undefined) not allowed");
    expect(board.sleepState().timers).toBe(1);
  });

  it("clearTimeout() with no argument clears every timer and interval", () => {
    const board = boot(`
      var fired = 0;
      setTimeout(function () { fired++; }, 5);
      setInterval(function () { fired++; }, 3);
    `);
    board.eval("clearTimeout()");
    board.clock.advance(50);
    expect(board.eval("fired")).toBe(0);
    expect(board.sleepState().timers).toBe(0);
  });

  it("clears one timer by id, ignores an unknown id, and clearInterval works on timeouts too", () => {
    const board = boot(`
      var fired = [];
      var a = setTimeout(function () { fired.push("a"); }, 5);
      var b = setTimeout(function () { fired.push("b"); }, 5);
      clearInterval(a);
      clearTimeout(99);
    `);
    board.clock.advance(10);
    expect(board.eval("fired.join()")).toBe("b");
  });

  it("an interval that clears itself stops, and changeInterval re-times it", () => {
    const board = boot(`
      var n = 0, m = 0;
      var id = setInterval(function () { if (++n === 3) clearInterval(id); }, 10);
      var id2 = setInterval(function () { m++; }, 10);
      changeInterval(id2, 25);
    `);
    board.clock.advance(100);
    expect(board.eval("n")).toBe(3);
    expect(board.eval("m")).toBe(4);
  });

  it("an error in an interval is recorded and the interval keeps running", () => {
    const board = boot(`var n = 0; setInterval(function () { n++; if (n === 2) throw new Error("tick " + n); }, 10);`);
    board.clock.advance(50);
    expect(board.eval("n")).toBe(5);
    expect(board.errors).toHaveLength(1);
    expect(board.errors[0]).toMatchObject({ t: 20, source: "interval 1", message: "Error: tick 2" });
    expect(board.errors[0].stack).toContain(".bootcde");
    expect(board.consoleText()).toContain("Uncaught Error: tick 2");
  });

  it("getTime counts seconds from power-on", () => {
    const board = createVirtualBoard({ profile });
    board.clock.advance(1000);
    board.powerOn(`var t0 = getTime();`);
    board.clock.advance(250);
    expect(board.eval("t0")).toBe(0);
    expect(board.eval("getTime()")).toBe(0.25);
    expect(board.eval("Date.now()")).toBe(250);
  });
});

// setWatch at pin level: edges, repeat, debounce, and what can trigger a watch (Espruino 2v29 semantics).
import { describe, expect, it } from "vitest";
import { createVirtualBoard } from "../sim/node/host";
import { PICO_TEST_PROFILE } from "./helpers/test-profile";

const profile = PICO_TEST_PROFILE;

/** Row B3 held low, column A0 pulled up and watched: pad 0 pulls A0 low while pressed. */
function watching(options: string, extra = "") {
  return createVirtualBoard({
    profile,
    code: `
      pinMode(B3, "opendrain"); digitalWrite(B3, 0);
      pinMode(A0, "input_pullup");
      var events = [];
      var id = setWatch(function (e) { events.push([e.state, e.time * 1000, e.lastTime === undefined ? null : e.lastTime * 1000].join("/")); }, A0, ${options});
      ${extra}
    `,
  });
}

function tap(board: ReturnType<typeof watching>, at: number, holdMs: number) {
  board.clock.advanceTo(at);
  board.press(0);
  board.clock.advance(holdMs);
  board.release(0);
}

describe("setWatch edges", () => {
  it("'both' reports every change with state, time and the previous edge's time", () => {
    const board = watching(`{ repeat: true, edge: "both" }`);
    tap(board, 10, 80);
    board.clock.advance(1);
    expect(board.eval("events")).toEqual(["false/10/", "true/90/10"]);
  });

  it("'falling' reports presses only, 'rising' releases only", () => {
    const falling = watching(`{ repeat: true, edge: "falling" }`);
    tap(falling, 10, 80);
    tap(falling, 200, 50);
    falling.clock.advance(1);
    expect(falling.eval("events.map(function (e) { return e.split('/')[1]; }).join()")).toBe("10,200");
    const rising = watching(`{ repeat: true, edge: "rising" }`);
    tap(rising, 10, 80);
    rising.clock.advance(1);
    expect(rising.eval("events.length + ' ' + events[0].split('/')[0]")).toBe("1 true");
  });

  it("without repeat the watch goes away after its first call, and clearing it then throws", () => {
    const board = watching(`{ edge: "falling" }`);
    tap(board, 10, 80);
    tap(board, 200, 80);
    board.clock.advance(1);
    expect(board.eval("events.length")).toBe(1);
    expect(() => board.eval("clearWatch(id)")).toThrow("Unknown Watch 1");
  });

  it("clearWatch() removes every watch; clearWatch(undefined) throws", () => {
    const board = watching(`{ repeat: true, edge: "both" }`);
    expect(() => board.eval("clearWatch(undefined)")).toThrow("clearWatch(undefined) not allowed. Use clearWatch() instead");
    board.eval("clearWatch()");
    tap(board, 10, 80);
    board.clock.advance(1);
    expect(board.eval("events.length")).toBe(0);
    expect(board.sleepState().watches).toBe(0);
  });

  it("an unknown edge is a TypeError", () => {
    const board = watching(`{ repeat: true }`);
    expect(() => board.eval("setWatch(function(){}, A1, { edge: 'up' })")).toThrow(/'edge' in setWatch should be/);
  });
});

describe("setWatch debounce", () => {
  it("reports a bouncing press once, after the contact settles, with the time of the last edge", () => {
    const board = watching(`{ repeat: true, edge: "falling", debounce: 10 }`);
    board.clock.advanceTo(10);
    board.press(0, { bounceMs: 4 });
    board.clock.advance(30);
    const events = board.eval("events") as string[];
    expect(events).toHaveLength(1);
    const [state, time] = events[0].split("/");
    expect(state).toBe("false");
    expect(Number(time)).toBeGreaterThanOrEqual(10);
    expect(Number(time)).toBeLessThanOrEqual(14);
  });

  it("ignores a glitch shorter than the debounce time", () => {
    const board = watching(`{ repeat: true, edge: "both", debounce: 10 }`);
    tap(board, 10, 4);
    board.clock.advance(50);
    expect(board.eval("events.length")).toBe(0);
  });

  it("the debounce timer takes a timer id and survives clearTimeout()", () => {
    const board = watching(`{ repeat: true, edge: "falling", debounce: 10 }`);
    board.clock.advanceTo(10);
    board.press(0);
    board.clock.advance(1);
    expect(board.sleepState().timers).toBe(1);
    expect(board.eval("setTimeout(function(){}, 100)")).toBe(2);
    board.eval("clearTimeout()");
    board.clock.advance(20);
    expect(board.eval("events")).toEqual(["false/10/"]);
  });

  it("BTN1 defaults to rising edge with 25 ms debounce", () => {
    const board = createVirtualBoard({ profile, code: `var n = []; setWatch(function (e) { n.push(e.state); }, BTN1, { repeat: true });` });
    board.press("BTN1");
    board.clock.advance(20);
    expect(board.eval("n.length")).toBe(0);
    board.clock.advance(10);
    board.release("BTN1");
    board.clock.advance(50);
    expect(board.eval("n")).toEqual([true]);
  });
});

describe("what triggers a watch", () => {
  it("an output change that pulls a watched line through a pressed key, as a separate event after the running code", () => {
    const board = createVirtualBoard({
      profile,
      code: `
        pinMode(B3, "opendrain"); digitalWrite(B3, 1);
        pinMode(A0, "input_pullup");
        var seen = [], phase = "before";
        setWatch(function (e) { seen.push(phase + ":" + e.state); }, A0, { repeat: true, edge: "both" });
      `,
    });
    board.press(0); // row released: nothing happens on the column
    board.clock.advance(5);
    board.eval(`digitalWrite(B3, 0); phase = "after";`);
    board.clock.advance(0);
    expect(board.eval("seen")).toEqual(["after:false"]);
  });

  it("STM32: a second watch on the same pin number (A1 and B1) is refused with a warning", () => {
    const board = createVirtualBoard({ profile, code: `var a = setWatch(function(){}, A1, true); var b = setWatch(function(){}, B1, true);` });
    expect(board.eval("[a, b]")).toEqual([1, undefined]);
    expect(board.consoleText()).toContain("WARNING: Unable to set watch");
  });
});

// The interpreter around the firmware: loud failure for what is not emulated, error handling,
// boot order, system calls, memory estimates.
import { describe, expect, it } from "vitest";
import type { Profile } from "../hardware/profile";
import { createVirtualBoard } from "../sim/node/host";

function profile(board: "PICO" | "MDBT42Q" | "ESP32"): Profile {
  const pins = {
    PICO: { chip: "stm32", rows: ["B3", "B4", "B5"], cols: ["A0", "A1", "A2"], leds: ["B15", "B14", "B13", "B10", "B1", "A7", "A6", "A5", "A8"], piezo: "B9" },
    MDBT42Q: { chip: "nrf52", rows: ["D25", "D26", "D27"], cols: ["D28", "D29", "D30"], leds: ["D11", "D12", "D13", "D14", "D15", "D16", "D17", "D18", "D19"], piezo: "D20" },
    ESP32: { chip: "esp32", rows: ["D5", "D15", "D14"], cols: ["D27", "D26", "D25"], leds: ["D4", "D16", "D17", "D18", "D19", "D21", "D22", "D23", "D13"], piezo: "D33" },
  }[board];
  return {
    name: `${board.toLowerCase()}-test`,
    description: "3×3 test board",
    board,
    chip: pins.chip as Profile["chip"],
    rows: 3,
    cols: 3,
    keys: { rowPins: pins.rows, colPins: pins.cols, diodes: false },
    leds: { drive: "direct", pins: pins.leds, activeHigh: true, transistors: false, currentMa: 8 },
    piezo: pins.piezo,
    vcc: 3.3,
  };
}
const pico = profile("PICO");

describe("what the emulation does not provide fails loudly", () => {
  it("an unknown member of E, process, console, a pin or the Storage module throws naming it", () => {
    const board = createVirtualBoard({ profile: pico, code: `` });
    expect(() => board.eval("E.getTemperature()")).toThrow("Espruino emulation: E.getTemperature is not provided");
    expect(() => board.eval("process.uptime")).toThrow("Espruino emulation: process.uptime is not provided");
    expect(() => board.eval("console.table([])")).toThrow("Espruino emulation: console.table is not provided");
    expect(() => board.eval("B3.analog()")).toThrow("Espruino emulation: Pin.analog is not provided");
    expect(() => board.eval(`require("Storage").open("f", "w")`)).toThrow('Espruino emulation: require("Storage").open is not provided');
    expect(() => board.eval(`require("Wifi")`)).toThrow('Espruino emulation: require("Wifi") is not provided');
  });

  it("an unknown global is a ReferenceError, including V8 built-ins Espruino lacks", () => {
    const board = createVirtualBoard({ profile: pico, code: `` });
    expect(() => board.eval("analogRead(A0)")).toThrow(/analogRead is not defined/);
    for (const name of ["Map", "Set", "Symbol", "Proxy", "Reflect", "WeakMap"]) {
      expect(() => board.eval(`new ${name}()`)).toThrow(`${name} is not defined`);
    }
    expect(board.eval("[typeof Array.from, typeof Object.freeze, typeof Math.imul, typeof Number.isInteger]")).toEqual([
      "undefined",
      "undefined",
      "undefined",
      "undefined",
    ]);
  });

  it("members that exist still answer 'in' and typeof without throwing", () => {
    const board = createVirtualBoard({ profile: pico, code: `` });
    expect(board.eval("'hwRand' in E && !('foo' in E) && typeof E.on")).toBe("function");
  });

  it("USB exists on the Pico only", () => {
    const pic = createVirtualBoard({ profile: pico, code: `USB.setConsole(true);` });
    expect(pic.calls).toEqual([{ t: 0, name: "USB.setConsole", args: [true] }]);
    const nrf = createVirtualBoard({ profile: profile("MDBT42Q"), code: `` });
    expect(() => nrf.eval("USB")).toThrow(/USB is not defined/);
  });
});

describe("firmware errors", () => {
  it("are recorded per event with message and stack while the board keeps running", () => {
    const board = createVirtualBoard({
      profile: pico,
      code: `
        pinMode(B3, "opendrain"); digitalWrite(B3, 0); pinMode(A0, "input_pullup");
        var presses = 0;
        function onPress() { presses++; if (presses === 1) null.boom; }
        setWatch(onPress, A0, { repeat: true, edge: "falling" });
        var ticks = 0; setInterval(function () { ticks++; }, 10);
      `,
    });
    for (const at of [10, 100]) {
      board.clock.advanceTo(at);
      board.press(0);
      board.clock.advance(50);
      board.release(0);
    }
    board.clock.advanceTo(200);
    expect(board.eval("presses + ' ' + ticks")).toBe("2 20");
    expect(board.errors).toHaveLength(1);
    expect(board.errors[0]).toMatchObject({ t: 10, source: "watch on A0" });
    expect(board.errors[0].message).toMatch(/^TypeError: Cannot read properties of null/);
    expect(board.errors[0].stack).toContain("onPress");
    expect(board.errors[0].stack).not.toContain("sim/board");
  });

  it("an error at the top level stops that file, but timers already set and init listeners still run", () => {
    const board = createVirtualBoard({
      profile: pico,
      code: `
        var order = [];
        setTimeout(function () { order.push("timer"); }, 5);
        E.on("init", function () { order.push("init"); });
        function onInit() { order.push("onInit"); }
        order.push("top");
        undefinedFunction();
        order.push("never");
      `,
    });
    board.clock.advance(10);
    expect(board.eval("order.join()")).toBe("top,init,onInit,timer");
    expect(board.errors.map((e) => [e.source, e.message])).toEqual([["boot code .bootcde", "ReferenceError: undefinedFunction is not defined"]]);
  });

  it("a syntax error in the firmware is recorded", () => {
    const board = createVirtualBoard({ profile: pico, code: `var x = ;` });
    expect(board.errors[0].message).toMatch(/^SyntaxError/);
    expect(board.powered).toBe(true);
  });
});

describe("system functions", () => {
  it("console.log and print are captured with Espruino's formatting", () => {
    const board = createVirtualBoard({ profile: pico, code: `console.log("score", 3, { a: [1, 2] }, B3); print("done");` });
    expect(board.console.map((l) => l.text)).toEqual(['score 3 { "a": [ 1, 2 ] } B3', "done"]);
  });

  it("hardware-only calls are recorded, deep sleep shows in the sleep state", () => {
    const board = createVirtualBoard({
      profile: profile("MDBT42Q"),
      code: `E.setPassword("merlin"); E.lockConsole(); E.enableWatchdog(5, false); E.kickWatchdog(); setDeepSleep(1); setWatch(function(){}, D28, true);`,
    });
    expect(board.calls.map((c) => c.name)).toEqual(["E.setPassword", "E.lockConsole", "E.enableWatchdog", "setDeepSleep"]);
    expect(board.sleepState()).toMatchObject({ powered: true, deepSleep: true, timers: 0, watches: 1, waitingOnlyForInput: true });
  });

  it("E.reboot restarts the firmware from Storage after the running code stops", () => {
    const board = createVirtualBoard({ profile: pico, code: `var n = 0; print("boot"); function later() { n++; E.reboot(); n++; }` });
    expect(() => board.eval("later()")).toThrow(/halted/);
    expect(board.powered).toBe(false);
    board.clock.advance(1);
    expect(board.powered).toBe(true);
    expect(board.eval("n")).toBe(0);
    expect(board.console.filter((l) => l.text === "boot")).toHaveLength(2);
  });

  it("Math.random and E.hwRand follow the board's seed", () => {
    const draw = (seed: number) => createVirtualBoard({ profile: pico, seed, code: `` }).eval("[Math.random(), E.hwRand()]");
    expect(draw(5)).toEqual(draw(5));
    expect(draw(5)).not.toEqual(draw(6));
  });

  it("E.CRC32 gives what Espruino 2v29 gives for ASCII text and byte arrays (standard CRC-32, unsigned)", () => {
    // Printed by the Espruino 2v29 interpreter for Linux. (It takes a string literal with
    // non-ASCII characters as UTF-8; the toy's files are ASCII.)
    const board = createVirtualBoard({ profile: pico, seed: 1, code: `` });
    expect(board.eval('[E.CRC32("hello"), E.CRC32("a"), E.CRC32(""), E.CRC32([1,2,3])]')).toEqual([907060870, 3904355907, 0, 1438416925]);
  });

  it("E.mapInPlace, E.toUint8Array and Uint24Array give what Espruino 2v29 gives (its own examples, bits either way, maps, 24-bit elements, errors)", () => {
    // Each line printed by the Espruino 2v29 interpreter for Linux (the reference build,
    // docs/espruino.md); the first lines are the examples of E.mapInPlace's reference page.
    const board = createVirtualBoard({ profile: pico, seed: 1, code: `` });
    // (A typed array as a list: V8's JSON.stringify writes an object where Espruino writes a list.)
    const run = (code: string) => board.eval(`(function () { function list(x) { var o = []; for (var i = 0; i < x.length; i++) o.push(x[i]); return o; } ${code} })()`);
    const A = "var a = new Uint8Array([0x12,0x34,0x56,0x78]);";
    expect(run("var a = new Uint8Array([1,2,3,1,2,3]); E.mapInPlace(a, a, new Uint8Array([128,129,130,131])); return list(a);")).toEqual([129,130,131,129,130,131]);
    const b8 = (call: string) => run(`${A} var b = new Uint8Array(8); ${call}; return list(b);`);
    expect(b8("E.mapInPlace(a, b, undefined)")).toEqual([18,52,86,120,0,0,0,0]);
    expect(b8("E.mapInPlace(a, b, function (v, i) { return i; })")).toEqual([0,1,2,3,0,0,0,0]);
    expect(b8("E.mapInPlace(a, b, undefined, 4)")).toEqual([1,2,3,4,5,6,7,8]);
    expect(b8("E.mapInPlace(a, b, undefined, -4)")).toEqual([2,1,4,3,6,5,8,7]);
    expect(b8("E.mapInPlace(a, b, function (v) { return v + 2; }, 4)")).toEqual([3,4,5,6,7,8,9,10]);
    expect(run(`${A} var b = new Uint16Array(4); E.mapInPlace(a, b, undefined, 12); return list(b);`)).toEqual([291,1110,1920,0]);
    expect(run(`${A} var b = new Uint16Array(4); E.mapInPlace(a, b, undefined, -12); return list(b);`)).toEqual([1042,1379,120,0]);
    // A byte's bits, least significant first, each mapped to a 24-bit element (how the pixel boards light their pads).
    expect(run("var c = new Uint24Array(3); E.mapInPlace(new Uint8Array([5]), c, [7, 0x10203, -1], -1); return [list(new Uint8Array(c.buffer)), c[0], c[1], c[2]];")).toEqual([[3,2,1,7,0,0,3,2,1], 66051, 7, 66051]);
    expect(run("var c = new Uint24Array(3); c[0] = -1; c[1] = 0x1234567; c[2] = 2.7; return [c[0], c[1], c[2], c.length, c.buffer.byteLength];")).toEqual([16777215, 2311527, 2, 3, 9]);
    expect(run('return [list(E.toUint8Array("0312")), list(E.toUint8Array([1, "ab", [2]], 300)), list(E.toUint8Array(new Uint16Array([258, 3])))];')).toEqual([[48,51,49,50],[1,97,98,2,44],[2,3]]);
    // A string's digits through a map by character code ("0" is 48) into 24-bit elements (the pixel boards' colour games).
    expect(run('var m = new Uint32Array(51); m[49] = 0x0a0b0c; m[50] = 0x010203; var px = new Uint24Array(2); E.mapInPlace(E.toUint8Array("21"), px, m, 8); return list(new Uint8Array(px.buffer));')).toEqual([3,2,1,12,11,10]);
    // A value the map has no element for is written as 0.
    expect(run("var c = new Uint24Array(1); c[0] = 9; E.mapInPlace(new Uint8Array([3]), c, [0, 1]); return c[0];")).toBe(0);
    const error = (code: string) => run(`try { ${code}; return "no error"; } catch (e) { return e.message; }`);
    expect(error("E.mapInPlace([1], new Uint24Array(1), undefined)")).toBe("First 2 arguments should be array buffers");
    expect(error("E.mapInPlace(new Uint8Array(1), new Uint24Array(1), 5)")).toBe("Third argument should be a function or array");
    // (Espruino makes a Uint24Array from an array too; the firmware makes one from a length only, and so does the emulation.)
    expect(error("new Uint24Array([1, 2])")).toBe("Espruino emulation: Uint24Array from anything but a length is not provided");
  });

  it("promise continuations run right after their event, in virtual time", () => {
    const board = createVirtualBoard({
      profile: pico,
      code: `var log = []; setTimeout(function () { Promise.resolve().then(function () { log.push(getTime() * 1000); }); }, 30);`,
    });
    board.clock.advance(30);
    expect(board.eval("log")).toEqual([30]);
  });

  it("E.on/emit deliver events synchronously, E 'kill' listeners can be registered", () => {
    const board = createVirtualBoard({ profile: pico, code: `var got = []; E.on("kill", function () {}); E.on("hello", function (a) { got.push(a); }); E.emit("hello", 42);` });
    expect(board.eval("got")).toEqual([42]);
  });
});

describe("process.memory (an estimate)", () => {
  it("reports the board's JsVar budget and grows with the firmware's data", () => {
    const board = createVirtualBoard({ profile: pico, code: `var small = 1;` });
    const before = board.memory();
    expect(before).toMatchObject({ total: 5100, estimated: true });
    expect(before.usage + before.free).toBe(5100);
    board.eval("var table = []; for (var i = 0; i < 500; i++) table.push(i * 3);");
    const after = board.memory();
    expect(after.usage - before.usage).toBeGreaterThanOrEqual(500);
    expect(after.usage - before.usage).toBeLessThan(520);
    expect(board.eval("process.memory().total")).toBe(5100);
  });

  it("sees data held only in closures (an esbuild IIFE bundle), and typed arrays cost less than arrays", () => {
    const board = createVirtualBoard({
      profile: pico,
      code: `(function () {
        var cells = new Uint8Array(360);
        var plain = []; for (var i = 0; i < 360; i++) plain.push(1);
        setInterval(function () { cells[0] = plain[0]; }, 1000);
      })();`,
    });
    const usage = board.memory().usage;
    expect(usage).toBeGreaterThan(360 + 30);
    expect(board.eval("E.getSizeOf(new Uint8Array(360))")).toBe(2 + 30);
    expect(board.eval("E.getSizeOf([1, 2, 3])")).toBe(4);
  });

  it("uses each board's budget", () => {
    expect(createVirtualBoard({ profile: profile("MDBT42Q"), code: "" }).memory().total).toBe(2950);
    expect(createVirtualBoard({ profile: profile("ESP32"), code: "" }).memory().total).toBe(16383);
  });
});

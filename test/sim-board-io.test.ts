// Pins and digital I/O at pin level, with Espruino's semantics (docs/espruino.md; jswrap_io.c).
import { describe, expect, it } from "vitest";
import { createVirtualBoard } from "../sim/node/host";
import type { Profile } from "../hardware/profile";
import { PICO_TEST_PROFILE } from "./helpers/test-profile";

const profile = PICO_TEST_PROFILE;

describe("digitalWrite / digitalRead", () => {
  it("with an array of pins, the LAST pin is the least significant bit", () => {
    const board = createVirtualBoard({ profile, code: `digitalWrite([B15, B14, B13], 0b110);` });
    expect([board.pin("B15").level, board.pin("B14").level, board.pin("B13").level]).toEqual([1, 1, 0]);
    board.eval("digitalWrite([A5, A6, A7], 1)");
    expect(board.pin("A7").level).toBe(1);
    expect(board.pin("A5").level).toBe(0);
    expect(board.eval("digitalRead([B13, B14, B15])")).toBe(0b011);
  });

  it("a boolean sets every pin of the array", () => {
    const board = createVirtualBoard({ profile, code: `digitalWrite([B15, B14, B13], true);` });
    expect(board.eval("digitalRead([B15, B14, B13])")).toBe(0b111);
  });

  it("switches the mode automatically until pinMode fixes it", () => {
    const board = createVirtualBoard({ profile, code: `digitalWrite(B15, 1);` });
    expect(board.pin("B15").mode).toBe("output");
    board.eval("digitalRead(B15)"); // auto mode: reading makes it an input again
    expect(board.pin("B15").mode).toBe("input");
    board.eval("pinMode(B15, 'output'); digitalWrite(B15, 1); digitalRead(B15)");
    expect(board.pin("B15")).toMatchObject({ mode: "output", manual: true, level: 1 });
    board.eval("pinMode(B15, 'auto'); digitalRead(B15)");
    expect(board.pin("B15").mode).toBe("input");
  });

  it("pulls, open drain and floating lines read as the hardware would", () => {
    const board = createVirtualBoard({ profile, code: `pinMode(A0, "input_pullup"); pinMode(A1, "input_pulldown");` });
    expect(board.eval("[A0.read(), A1.read()]")).toEqual([true, false]);
    board.eval("pinMode(B3, 'opendrain'); digitalWrite(B3, 0)");
    expect(board.pin("B3")).toMatchObject({ level: 0, strength: 2 });
    board.eval("digitalWrite(B3, 1)");
    expect(board.pin("B3").strength).toBe(0); // released: floats, keeps reading its last level
    expect(board.pin("B3").level).toBe(0);
    board.eval("pinMode(B3, 'opendrain_pullup')");
    expect(board.pin("B3")).toMatchObject({ level: 1, strength: 1 });
  });

  it("Pin methods: write, set, reset, toggle, mode, getMode, toString", () => {
    const board = createVirtualBoard({ profile, code: `B15.set(); B14.write(true); B13.reset(); var t = B10.toggle();` });
    expect(board.eval("[B15.read(), B14.read(), B13.read(), t]")).toEqual([true, true, false, true]);
    board.eval("A8.mode('input_pullup')");
    expect(board.eval("A8.getMode() + ' ' + getPinMode(A8) + ' ' + String(A8)")).toBe("input_pullup input_pullup A8");
  });

  it("on-board aliases are the same pins, and pin names as strings work", () => {
    const board = createVirtualBoard({ profile, code: `digitalWrite(LED1, 1); digitalWrite("B12", 1);` });
    expect(board.eval("LED1 === B2")).toBe(true);
    expect(board.pin("B2").level).toBe(1);
    expect(board.pin("LED2").level).toBe(1);
  });

  it("an invalid pin throws naming what was passed", () => {
    const board = createVirtualBoard({ profile, code: `` });
    expect(() => board.eval("digitalWrite(undefined, 1)")).toThrow(/Invalid pin \(undefined/);
    expect(() => board.eval("digitalRead('Z9')")).toThrow(/Invalid pin \("Z9"/);
    expect(() => board.eval("pinMode(B3, 'sideways')")).toThrow(/Unknown pin mode "sideways"/);
  });

  it("pins of another board family do not exist", () => {
    const board = createVirtualBoard({ profile, code: `` });
    expect(() => board.eval("D25")).toThrow(/D25 is not defined/);
  });
});

describe("board families", () => {
  it("ESP32 input-only pins (34–39) neither pull nor drive", () => {
    const esp32: Profile = {
      ...profile,
      board: "ESP32",
      chip: "esp32",
      keys: { rowPins: ["D5", "D15", "D14"], colPins: ["D27", "D26", "D25"], diodes: false },
      leds: { drive: "direct", pins: ["D4", "D16", "D17", "D18", "D19", "D21", "D22", "D23", "D13"], activeHigh: true, transistors: false, currentMa: 8 },
      piezo: "D33",
    };
    const board = createVirtualBoard({ profile: esp32, code: `pinMode(D34, "input_pullup"); pinMode(D32, "input_pullup"); digitalWrite(D35, 1);` });
    expect(board.pin("D32")).toMatchObject({ level: 1, strength: 1 });
    expect(board.pin("D34")).toMatchObject({ mode: "input_pullup", level: 0, strength: 0 });
    expect(board.pin("D35")).toMatchObject({ mode: "output", level: 0, strength: 0 });
  });
});

describe("analogWrite on the piezo", () => {
  it("starts a tone with its frequency; digitalWrite(pin, 0) stops it", () => {
    const board = createVirtualBoard({ profile, code: `analogWrite(B9, 0.5, { freq: 440 }); setTimeout(function () { digitalWrite(B9, 0); }, 140);` });
    board.clock.advance(200);
    expect(board.tones).toEqual([
      { t: 0, freq: 440, duty: 0.5 },
      { t: 140, freq: 0, duty: 0 },
    ]);
  });

  it("a power cut silences it", () => {
    const board = createVirtualBoard({ profile, code: `analogWrite(B9, 0.5, { freq: 1000 });` });
    board.clock.advance(10);
    board.powerCut();
    expect(board.tone.freq).toBe(0);
    expect(board.tones.at(-1)).toEqual({ t: 10, freq: 0, duty: 0 });
  });
});

describe("digitalPulse", () => {
  it("outputs a timed pulse train starting with the given level", () => {
    const board = createVirtualBoard({ profile, code: `digitalPulse(B15, 1, [5, 2, 4]);` });
    const levels: number[] = [];
    for (const t of [0, 4, 6, 8, 10, 12]) {
      board.clock.advanceTo(t);
      levels.push(board.pin("B15").level);
    }
    expect(levels).toEqual([1, 1, 0, 1, 1, 0]);
  });
});

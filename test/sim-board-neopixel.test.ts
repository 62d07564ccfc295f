// WS2812 pixels on the virtual board: what require("neopixel").write puts on the pixels, and
// what the LED meter (and so the terminal UI and the headless runner) reads back from them.
// Errors and byte order as Espruino's libs/neopixel/jswrap_neopixel.c and the WS2812B
// datasheet (24 bits per pixel, green then red then blue, the first pixel's bits first).
import { describe, expect, it } from "vitest";
import type { Profile } from "../hardware/profile";
import { createVirtualBoard } from "../sim/node/host";
import { PIXEL_TEST_PROFILE } from "./helpers/test-profile";

function board(code: string, profile: Profile = PIXEL_TEST_PROFILE) {
  const b = createVirtualBoard({ profile, code });
  b.clock.advance(20);
  return b;
}

/** 16 pixels, all dark but `lit` (pad index → [g, r, b]). */
function frame(lit: Record<number, [number, number, number]>): string {
  const bytes: number[] = [];
  for (let i = 0; i < 16; i++) bytes.push(...(lit[i] ?? [0, 0, 0]));
  return JSON.stringify(bytes);
}

describe("require(\"neopixel\").write", () => {
  it("records the bytes per pin, and each pad reads its pixel's colour from green-red-blue order", () => {
    const b = board(`require("neopixel").write(A7, ${frame({ 0: [0, 48, 0], 5: [10, 20, 30] })});`);
    expect(Array.from(b.pixels.bytes("A7")!.subarray(0, 6))).toEqual([0, 48, 0, 0, 0, 0]);
    const leds = b.leds();
    expect(leds[0].rgb).toEqual([48, 0, 0]);
    expect(leds[5].rgb).toEqual([20, 10, 30]);
    expect(leds[1].rgb).toEqual([0, 0, 0]);
    expect(leds[0].litNow).toBeCloseTo(48 / 255, 9);
    expect(leds[5].litNow).toBeCloseTo(30 / 255, 9);
    expect(b.errors).toEqual([]);
  });

  it("a pad at the profile's brightness cap is fully lit for ledFrame; the peak is the cap / 255", () => {
    const b = board(`require("neopixel").write(A7, ${frame({ 0: [0, 48, 0], 15: [0, 6, 0] })});`);
    expect(b.ledPeak).toBeCloseTo(48 / 255, 9);
    expect(b.ledFrame()).toBe("1000000000000000");
    expect(b.ledFrame(0.1)).toBe("1000000000000001"); // 6/48 = 0.125 of the cap
  });

  it("pixels hold their colour between writes, and brightness integrates over the frame window", () => {
    const b = board(`
      var np = require("neopixel");
      np.write(A7, ${frame({ 2: [0, 48, 0] })});
      setTimeout(function () { np.write(A7, ${frame({})}); }, 25);
    `);
    b.clock.advance(500);
    expect(b.ledFrame()).toBe("0000000000000000");
    const c = board(`require("neopixel").write(A7, ${frame({ 2: [0, 48, 0] })}); setTimeout(function () { require("neopixel").write(A7, ${frame({})}); }, 30);`);
    // Advanced 20 ms at creation; 5 ms later the pixel has been lit for the whole 20 ms window.
    c.clock.advance(5);
    expect(c.leds()[2].brightness).toBeCloseTo(48 / 255, 9);
    c.clock.advance(10); // dark since t = 30 of the window 15..35
    expect(c.leds()[2].brightness).toBeCloseTo((48 / 255) * 0.75, 9);
  });

  it("a short write only reaches the first pixels: the rest keep their colour", () => {
    const b = board(`
      var np = require("neopixel");
      np.write(A7, ${frame({ 3: [0, 48, 0] })});
      np.write(A7, [0, 48, 0]);
    `);
    expect(b.ledFrame()).toBe("1001000000000000");
  });

  it("accepts typed arrays and strings as Espruino does", () => {
    const b = board(`var a = new Uint8ClampedArray(48); a[1] = 48; require("neopixel").write(A7, a); require("neopixel").write(A7, "\\x00\\x00\\x30");`);
    expect(b.leds()[0].rgb).toEqual([0, 0, 48]);
    expect(b.errors).toEqual([]);
  });

  it("throws Espruino's errors: empty data, not a multiple of 3, data it cannot convert", () => {
    const b = board("");
    expect(() => b.eval(`require("neopixel").write(A7, [])`)).toThrow("Data must be a non empty array.");
    expect(() => b.eval(`require("neopixel").write(A7, [1, 2])`)).toThrow("Data length must be a multiple of 3 (RGB).");
    expect(() => b.eval(`require("neopixel").write(A7, {})`)).toThrow(/Couldn't convert .* to data to send to LEDs/);
  });

  it("on the Pico (STM32) only an SPI MOSI pin can send: A7, B5, B15", () => {
    const b = board("");
    expect(() => b.eval(`require("neopixel").write(B1, [0, 0, 0])`)).toThrow("No suitable SPI device found for this pin");
    for (const pin of ["A7", "B5", "B15"]) expect(() => b.eval(`require("neopixel").write(${pin}, [0, 0, 0])`)).not.toThrow();
    // The SPI unit takes the pin: alternate-function output, idle low.
    expect(b.pin("A7")).toMatchObject({ mode: "af_output", out: 0, level: 0 });
  });

  it("the pixels go dark with the power and stay dark after power-on until written again", () => {
    const b = board(`require("neopixel").write(A7, ${frame({ 0: [0, 48, 0] })});`);
    expect(b.ledFrame()[0]).toBe("1");
    b.powerCut();
    b.clock.advance(20);
    expect(b.ledFrame()).toBe("0000000000000000");
    expect(b.leds()[0].rgb).toEqual([0, 0, 0]);
    b.powerOn("");
    b.clock.advance(20);
    expect(b.ledFrame()).toBe("0000000000000000");
  });

  it("a board without pixels has the module too (it is built into Espruino), and its pads keep their own LEDs", () => {
    const direct: Profile = { ...PIXEL_TEST_PROFILE, name: "direct", rows: 1, cols: 1, keys: { rowPins: ["B3"], colPins: ["A0"], diodes: false }, leds: { drive: "direct", pins: ["B1"], activeHigh: true, transistors: false, currentMa: 8 }, buttons: undefined };
    const b = board(`require("neopixel").write(A7, [1, 2, 3]); digitalWrite(B1, 1);`, direct);
    expect(b.ledFrame()).toBe("1");
    expect(b.leds()[0].rgb).toBeUndefined();
  });
});

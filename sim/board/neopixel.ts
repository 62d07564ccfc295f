/**
 * WS2812 ("NeoPixel") pixels and Espruino's built-in `neopixel` module
 * (libs/neopixel/jswrap_neopixel.c): `require("neopixel").write(pin, data)` shifts `data` out
 * of `pin` with hardware timing, three bytes per pixel in the order the pixels take them
 * (WS2812B: green, red, blue), pixel 1 first.
 *
 * PixelChain is the pixels on the board: each write lands in the first data.length / 3 pixels
 * of the chain on that pin, and they keep their colour until the next write (pixels further
 * down the chain get nothing and keep theirs). The pixels go dark when the board loses power.
 * The LED meter (leds.ts) reads pad colours from here; listeners hear every write.
 *
 * Checks kept from jswrap_neopixel.c: the data must convert to bytes ("Couldn't convert … to
 * data to send to LEDs"), be non-empty ("Data must be a non empty array.") and a multiple of
 * 3 bytes ("Data length must be a multiple of 3 (RGB)."); on STM32 the pin must be an SPI MOSI
 * pin ("No suitable SPI device found for this pin"), and the write leaves it in AF output mode.
 */
import { toBytes } from "./espruino-arrays";
import type { EspruinoRuntime } from "./runtime";
import { strictObject } from "./strict";

/**
 * SPI MOSI pins by STM32 board, from the chips' alternate-function tables (Espruino's
 * boards/pins/stm32f401_af.csv for the Pico: A7 SPI1, B5 SPI1/SPI3, B15 SPI2; the F103 of the
 * Original has the same three). Other chips (nRF52 I2S, ESP32 RMT) send from any pin.
 */
const SPI_MOSI_PINS: Readonly<Record<string, readonly string[]>> = {
  PICO: ["A7", "B5", "B15"],
  ESPRUINOBOARD: ["A7", "B5", "B15"],
};

export type PixelListener = (pin: string, t: number) => void;

export class PixelChain {
  private readonly chains = new Map<string, Uint8Array>();
  private readonly listeners: PixelListener[] = [];

  /** The bytes the pixels on `pin` hold now (3 per pixel, in wire order), or undefined before the first write. */
  bytes(pin: string): Uint8Array | undefined {
    return this.chains.get(pin);
  }

  /** Pixel `index` on `pin` as [red, green, blue] from the wire's green-red-blue bytes; dark when never written. */
  rgb(pin: string, index: number): [number, number, number] {
    const b = this.chains.get(pin);
    const i = index * 3;
    if (!b || i + 2 >= b.length) return [0, 0, 0];
    return [b[i + 1], b[i], b[i + 2]];
  }

  /** What a write does to the pixels: the first data.length / 3 take the new bytes. */
  write(pin: string, data: Uint8Array, t: number): void {
    const old = this.chains.get(pin);
    const next = new Uint8Array(Math.max(old?.length ?? 0, data.length));
    if (old) next.set(old);
    next.set(data);
    this.chains.set(pin, next);
    for (const fn of this.listeners) fn(pin, t);
  }

  /** Power off: every pixel forgets its colour. */
  clear(t: number): void {
    const pins = [...this.chains.keys()];
    this.chains.clear();
    for (const pin of pins) for (const fn of this.listeners) fn(pin, t);
  }

  onWrite(fn: PixelListener): void {
    this.listeners.push(fn);
  }
}

/** The module object `require("neopixel")` returns, writing into `pixels`. */
export function createNeopixelModule(rt: EspruinoRuntime, pixels: PixelChain): object {
  const mosi = rt.family.chip === "stm32" ? SPI_MOSI_PINS[rt.family.board] ?? [] : undefined;
  return strictObject(
    'require("neopixel")',
    {
      write(pin: unknown, data: unknown): void {
        rt.checkAlive();
        const name = rt.io.resolve(pin);
        const bytes = toBytes(data);
        if (!bytes) throw rt.makeError(`Couldn't convert ${rt.format(data)} to data to send to LEDs`);
        if (bytes.length === 0) throw rt.makeError("Data must be a non empty array.");
        if (bytes.length % 3 !== 0) throw rt.makeError("Data length must be a multiple of 3 (RGB).");
        if (mosi && !mosi.includes(name)) throw rt.makeError("No suitable SPI device found for this pin");
        // STM32 hands the pin to the SPI unit: AF output, idle low. Other chips end low too.
        rt.circuit.configure(name, { mode: rt.family.chip === "stm32" ? "af_output" : "output", out: 0 });
        pixels.write(name, new Uint8Array(bytes), rt.clock.now);
      },
    },
    rt.intr.Object.prototype,
    (m) => rt.makeError(m),
  );
}

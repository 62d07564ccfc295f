/**
 * The Espruino API comes from @types/espruino (firmware/tsconfig.json "types"). Version 1.95,
 * the newest, predates parts of the API the firmware uses and gets a few signatures wrong;
 * this file adds or corrects exactly those, each with its reason. (Espruino 2v29 measured:
 * docs/espruino.md.)
 */
/** digitalWrite/digitalRead take an array of pins (the last pin is bit 0) since 1v97; 1.95 knows single pins only. */
declare function digitalWrite(pin: Pin[], value: number): void;
declare function digitalRead(pin: Pin[]): number;
/** pinMode's third argument (automatic) is optional; 1.95 makes it required. */
declare function pinMode(pin: Pin, mode: "input" | "input_pullup" | "input_pulldown" | "output" | "opendrain" | "opendrain_pullup" | "analog" | "auto"): void;
/** Timers are globals in Espruino; 1.95 declares only clearTimeout/clearInterval. */
declare function setTimeout(fn: () => void, ms: number): number;
/** …and passes arguments after the interval on to fn (the piezo's timers use two and three). */
declare function setTimeout<A, B>(fn: (a: A, b: B) => void, ms: number, a: A, b: B): number;
declare function setTimeout<A, B, C>(fn: (a: A, b: B, c: C) => void, ms: number, a: A, b: B, c: C): number;
declare function setInterval(fn: () => void, ms: number): number;
/** console.log prints to the console; 1.95 lacks console. */
declare const console: { log(...args: unknown[]): void };
/** E.CRC32 (native CRC-32 of a string's bytes, unsigned) is missing from 1.95. */
declare namespace E {
  function CRC32(data: string): number;
}
/** require of a built-in module; 1.95 lacks require and the Storage module. */
interface StorageModule {
  read(name: string): string | undefined;
  write(name: string, data: string): boolean;
}
declare function require(module: "Storage"): StorageModule;
/** Espruino's built-in WS2812 driver (require("neopixel")): 3 bytes a pixel, sent with hardware timing (SPI MOSI on STM32). */
declare function require(module: "neopixel"): { write(pin: Pin, data: Uint8Array | ArrayBuffer): void };
/**
 * Espruino's own typed array of 24-bit elements, three bytes each, the low byte first
 * (src/jswrap_arraybuffer.c; not in SAVE_ON_FLASH builds, which no profile is); 1.95 lacks it.
 */
declare class Uint24Array {
  constructor(length: number);
  readonly length: number;
  readonly buffer: ArrayBuffer;
  [index: number]: number;
}

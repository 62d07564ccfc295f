/**
 * The Espruino API the firmware uses, declared precisely (ESPRUINO.md): @types/espruino 1.95
 * predates pin arrays in digitalWrite/digitalRead, requires pinMode's third argument and
 * lacks setTimeout, setInterval, console and require, so the firmware declares its own
 * surface here — and nothing else from the interpreter may be used.
 */
interface Pin {
  read(): boolean;
  write(value: boolean | number): void;
  set(): void;
  reset(): void;
}
type PinMode = "input" | "input_pullup" | "input_pulldown" | "output" | "opendrain" | "opendrain_pullup" | "analog" | "auto";
interface WatchEvent {
  state: boolean;
  time: number;
  lastTime?: number;
}
declare function pinMode(pin: Pin, mode: PinMode): void;
declare function digitalWrite(pin: Pin | Pin[], value: number | boolean): void;
declare function digitalRead(pin: Pin | Pin[]): number;
declare function analogWrite(pin: Pin, value: number, options?: { freq?: number }): void;
declare function setWatch(
  fn: (e: WatchEvent) => void,
  pin: Pin,
  options: { repeat?: boolean; edge?: "rising" | "falling" | "both"; debounce?: number },
): number;
declare function clearWatch(id: number): void;
declare function setTimeout(fn: () => void, ms: number): number;
/** With an argument: Espruino passes it to `fn` (used by the self-test timer). */
declare function setTimeout(fn: (arg: boolean) => void, ms: number, arg: boolean): number;
declare function setInterval(fn: () => void, ms: number): number;
declare function clearTimeout(id: number): void;
declare function clearInterval(id: number): void;
declare function getTime(): number;
declare function setDeepSleep(on: boolean | number): void;
declare const console: { log(...args: unknown[]): void };
declare const E: {
  on(event: "init" | "kill", fn: () => void): void;
  setPassword(password: string): void;
  lockConsole(): void;
  hwRand(): number;
  /** CRC-32 (IEEE) of a string's bytes, unsigned; native, so it costs the toy almost nothing. */
  CRC32(data: string): number;
};
declare const process: { memory(): { free: number; usage: number; total: number } };
declare const USB: { setConsole(force?: boolean): void };
interface StorageModule {
  read(name: string): string | undefined;
  write(name: string, data: string): boolean;
  erase(name: string): void;
  list(): string[];
}
declare function require(module: "Storage"): StorageModule;

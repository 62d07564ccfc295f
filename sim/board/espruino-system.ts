/**
 * The rest of the interpreter's surface: E (events, sizes, passwords, watchdog, reboot, hwRand, CRC32,
 * toUint8Array and mapInPlace: espruino-arrays.ts),
 * process (memory, env), USB, console / print, require ("Storage", "neopixel", and on ESP32 "Wifi" with the ESP32
 * class), getTime, setDeepSleep and the sleep and busy indicators. Calls that only matter on real hardware are recorded in the board log.
 */
import type { FlashStorage } from "./flash-storage";
import { createStorageModule } from "./espruino-storage";
import { installArrays, toBytes } from "./espruino-arrays";
import { createNeopixelModule } from "./neopixel";
import type { EspruinoRuntime } from "./runtime";
import { notProvided, strictObject } from "./strict";

export const ESPRUINO_VERSION = "2v29";

export interface SystemState {
  deepSleep: boolean;
  sleepIndicator: string | undefined;
  busyIndicator: string | undefined;
  /** USB.setConsole(force) was called with this value. */
  consoleForcedToUsb: boolean | undefined;
  passwordSet: boolean;
  consoleLocked: boolean;
  watchdog: { timeoutS: number; auto: boolean } | undefined;
  /** Virtual ms of the last E.kickWatchdog(). */
  lastWatchdogKick: number | undefined;
}

export function newSystemState(): SystemState {
  return {
    deepSleep: false,
    sleepIndicator: undefined,
    busyIndicator: undefined,
    consoleForcedToUsb: undefined,
    passwordSet: false,
    consoleLocked: false,
    watchdog: undefined,
    lastWatchdogKick: undefined,
  };
}

/**
 * E.CRC32 as Espruino computes it: the standard CRC-32 (IEEE, reflected, as zlib) of a string's
 * character codes (low byte each) or an array's elements, unsigned.
 */
export function crc32(data: unknown): number {
  const bytes: number[] = [];
  if (typeof data === "string") for (let i = 0; i < data.length; i++) bytes.push(data.charCodeAt(i) & 0xff);
  else if (data !== null && typeof data === "object" && typeof (data as ArrayLike<number>).length === "number") {
    const a = data as ArrayLike<number>;
    for (let i = 0; i < a.length; i++) bytes.push(Number(a[i]) & 0xff);
  } else for (const c of String(data)) bytes.push(c.charCodeAt(0) & 0xff);
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export function installSystem(rt: EspruinoRuntime, g: Record<string, unknown>, flash: FlashStorage): void {
  const base = rt.intr.Object.prototype;
  const err = (m: string) => rt.makeError(m);
  const state = rt.system;
  const mapInPlace = installArrays(rt, g);
  const record = (name: string, args: unknown[]) => rt.log.call(rt.clock.now, name, args);

  const print = function (...args: unknown[]): void {
    rt.checkAlive();
    rt.print(args.map((a) => rt.format(a)).join(" "));
  };

  const E = strictObject(
    "E",
    {
      on(event: unknown, fn: unknown): void {
        rt.checkAlive();
        if (typeof fn !== "function") throw rt.makeError("E.on: listener must be a function");
        rt.listeners(String(event)).push(fn);
      },
      addListener(event: unknown, fn: unknown): void {
        E.on(event, fn);
      },
      emit(event: unknown, ...args: unknown[]): void {
        rt.checkAlive();
        for (const fn of [...rt.listeners(String(event))]) (fn as Function).apply(E, args);
      },
      removeListener(event: unknown, fn: unknown): void {
        rt.checkAlive();
        const list = rt.listeners(String(event));
        const i = list.indexOf(fn as Function);
        if (i >= 0) list.splice(i, 1);
      },
      removeAllListeners(event?: unknown): void {
        rt.checkAlive();
        if (event === undefined) rt.clearListeners();
        else rt.listeners(String(event)).length = 0;
      },
      getSizeOf(v: unknown): number {
        rt.checkAlive();
        return rt.sizeOf(v);
      },
      setPassword(password: unknown): void {
        rt.checkAlive();
        state.passwordSet = password !== undefined && password !== "";
        record("E.setPassword", [password]);
      },
      lockConsole(): void {
        rt.checkAlive();
        state.consoleLocked = true;
        record("E.lockConsole", []);
      },
      enableWatchdog(timeout: unknown, isAuto?: unknown): void {
        rt.checkAlive();
        state.watchdog = { timeoutS: Number(timeout), auto: isAuto === undefined ? true : !!isAuto };
        record("E.enableWatchdog", [timeout, isAuto]);
      },
      kickWatchdog(): void {
        rt.checkAlive();
        state.lastWatchdogKick = rt.clock.now;
      },
      reboot(): never {
        rt.checkAlive();
        record("E.reboot", []);
        return rt.halt("reboot");
      },
      hwRand(): number {
        rt.checkAlive();
        return (rt.rng() * 4294967296) | 0;
      },
      CRC32(data: unknown): number {
        rt.checkAlive();
        return crc32(data);
      },
      toUint8Array(...args: unknown[]): Uint8Array {
        rt.checkAlive();
        const bytes = toBytes(args);
        if (!bytes) throw rt.makeError(notProvided(`E.toUint8Array of ${rt.format(args)}`));
        return new rt.intr.Uint8Array(bytes);
      },
      mapInPlace(from: unknown, to: unknown, map: unknown, bits: unknown): void {
        rt.checkAlive();
        mapInPlace(from, to, map, bits, (m) => {
          throw rt.makeError(m);
        });
      },
      clip(x: unknown, min: unknown, max: unknown): number {
        return Math.min(Math.max(Number(x), Number(min)), Number(max));
      },
    },
    base,
    err,
  );
  g.E = E;

  g.process = strictObject(
    "process",
    {
      memory(): object {
        rt.checkAlive();
        return rt.contextObject({ ...rt.memoryForFirmware() });
      },
      env: strictObject(
        "process.env",
        { VERSION: ESPRUINO_VERSION, BOARD: rt.family.envBoard, CONSOLE: rt.family.hasUsb ? "USB" : "Serial1" },
        base,
        err,
      ),
      version: ESPRUINO_VERSION,
    },
    base,
    err,
  );

  if (rt.family.hasUsb) {
    g.USB = strictObject(
      "USB",
      {
        setConsole(force?: unknown): void {
          rt.checkAlive();
          state.consoleForcedToUsb = !!force;
          record("USB.setConsole", [force]);
        },
      },
      base,
      err,
    );
  }

  g.console = strictObject("console", { log: print, debug: print, info: print, warn: print, error: print }, base, err);
  g.print = print;
  g.global = g;

  let storage: object | undefined;
  let neopixel: object | undefined;
  let wifi: object | undefined;
  if (rt.family.chip === "esp32") {
    // The radio is not emulated: the board log shows the Wifi calls the firmware makes.
    g.ESP32 = strictObject(
      "ESP32",
      {
        getState(): object {
          rt.checkAlive();
          return rt.contextObject({ BLE: true, Wifi: true });
        },
      },
      base,
      err,
    );
  }
  g.require = function (name: unknown): object {
    rt.checkAlive();
    if (name === "Storage") {
      if (!storage) rt.registerNative((storage = createStorageModule(rt, flash)));
      return storage;
    }
    if (name === "neopixel") {
      if (!neopixel) rt.registerNative((neopixel = createNeopixelModule(rt, rt.pixels)));
      return neopixel;
    }
    if (name === "Wifi" && rt.family.chip === "esp32") {
      if (!wifi) {
        wifi = strictObject(
          "Wifi",
          {
            disconnect(): void {
              rt.checkAlive();
              record("Wifi.disconnect", []);
            },
            stopAP(): void {
              rt.checkAlive();
              record("Wifi.stopAP", []);
            },
          },
          base,
          err,
        );
        rt.registerNative(wifi);
      }
      return wifi;
    }
    throw rt.makeError(`${notProvided(`require(${JSON.stringify(name)})`)} (only "Storage", "neopixel" and on ESP32 "Wifi" are emulated)`);
  };

  g.getTime = function (): number {
    return rt.seconds(rt.clock.now);
  };
  g.setDeepSleep = function (sleep: unknown): void {
    rt.checkAlive();
    state.deepSleep = !!sleep;
    record("setDeepSleep", [sleep]);
  };
  const indicator = (key: "sleepIndicator" | "busyIndicator", name: string) =>
    function (pin: unknown): void {
      rt.checkAlive();
      const old = state[key];
      state[key] = pin === undefined ? undefined : rt.io.resolve(pin);
      record(name, [state[key]]);
      if (old && old !== state[key]) rt.io.output(old, 0);
      // Awake (running this very code) and not busy-waiting: high for sleep, high for busy.
      if (state[key]) rt.io.output(state[key]!, 1);
    };
  g.setSleepIndicator = indicator("sleepIndicator", "setSleepIndicator");
  g.setBusyIndicator = indicator("busyIndicator", "setBusyIndicator");
}

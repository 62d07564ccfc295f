/**
 * One run of the Espruino interpreter, from power-on to power-off: a fresh realm from the host
 * (a Node `vm` context, a browser iframe: host.ts) holding the emulated API, the timer and
 * watch tables, and the event loop glue.
 *
 * Every callback (timer, watch, E event) runs as its own event (Realm.call), so where the host
 * can, promise continuations queued by it run right after it, as Espruino runs them before
 * going idle. An error thrown by firmware
 * code is caught per event, recorded in the board log with its stack, printed as
 * "Uncaught …", and the interpreter carries on, as Espruino does.
 *
 * Built-ins that Espruino lacks (Map, Set, Symbol, Proxy, Reflect, Array.from, Object.freeze,
 * Math.imul, … — docs/espruino.md) are removed from the context, so firmware that relies on them
 * fails here as on the toy. Math.random and Date are driven by the seeded RNG and the clock.
 */
import type { BoardFamily } from "./board-family";
import type { BoardLog } from "./board-log";
import type { Circuit } from "./circuit";
import type { VirtualClock } from "./clock";
import { installSystem, newSystemState, type SystemState } from "./espruino-system";
import { TimerTable, TIMER_MIN_INTERVAL_MS } from "./espruino-timers";
import { WatchTable } from "./espruino-watches";
import { PinIo } from "./espruino-io";
import { utf8Text } from "./bytes";
import { PowerCutSignal, type FlashStorage } from "./flash-storage";
import type { BoardHost, Realm } from "./host";
import { FRESH_INTERPRETER_VARS, JsVarEstimator, LISTENER_VARS, TIMER_VARS, WATCH_VARS } from "./memory";
import type { PixelChain } from "./neopixel";
import { formatForPrint } from "./print-format";
import type { Rng } from "./rng";

/** Globals of V8 that Espruino does not have (docs/espruino.md, "Missing"). */
export const MISSING_GLOBALS = [
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "WeakRef",
  "FinalizationRegistry",
  "Symbol",
  "BigInt",
  "BigInt64Array",
  "BigUint64Array",
  "Proxy",
  "Reflect",
  "Intl",
  "SharedArrayBuffer",
  "Atomics",
  "WebAssembly",
  "AggregateError",
];
/** Static members of V8 built-ins that Espruino does not have. */
export const MISSING_MEMBERS = ["Array.from", "Array.of", "Object.freeze", "Number.isInteger", "Math.trunc", "Math.imul", "Math.clz32"];

/** Files run at boot, in order (jsfLoadBootCodeFromFlash). */
export const BOOT_FILES = [".boot0", ".boot1", ".boot2", ".boot3", ".bootcde"];

export type HaltReason = "power-cut" | "reboot" | "off";

/** Unwinds firmware code when the interpreter stops under it (power cut, E.reboot). */
export class HaltSignal extends Error {
  constructor(readonly reason: HaltReason) {
    super(`Espruino halted: ${reason}`);
  }
}

export interface Intrinsics {
  Object: ObjectConstructor;
  Array: ArrayConstructor;
  Error: ErrorConstructor;
  TypeError: ErrorConstructor;
  ArrayBuffer: ArrayBufferConstructor;
  Uint8Array: Uint8ArrayConstructor;
  JSON: JSON;
}

export interface MemoryReport {
  free: number;
  usage: number;
  total: number;
  history: number;
  gc: number;
  gctime: number;
  blocksize: number;
}

export interface RuntimeOptions {
  host: BoardHost;
  clock: VirtualClock;
  circuit: Circuit;
  family: BoardFamily;
  flash: FlashStorage;
  log: BoardLog;
  rng: Rng;
  /** Remove the built-ins Espruino lacks (default true). */
  espruinoSubset: boolean;
  /** Wall-clock limit for one run of top-level code, ms (catches a hung boot). */
  bootTimeoutMs: number;
  /** Wall-clock limit for each callback, ms; costs ~0.1 ms per event, so off by default. */
  callbackTimeoutMs: number | undefined;
  /** The WS2812 pixels on the board, written through require("neopixel"). */
  pixels: PixelChain;
  /** The interpreter stopped itself: a power cut struck during a Storage write, or E.reboot(). */
  onHalt: (reason: "power-cut" | "reboot") => void;
}

const FIRMWARE_MEMORY_CACHE_MS = 1000;
/** The file name the Node host gives its event-loop glue (sim/node/host.ts). */
export const EVENT_LOOP_FILE = "espruino-event-loop";

/** A stack trace without the simulator's own frames below the firmware's. */
function firmwareFrames(stack: string): string {
  const lines = stack.split("\n");
  const end = lines.findIndex(
    (l) => /^\s+at /.test(l) && (l.includes(EVENT_LOOP_FILE) || l.includes("node:vm") || /\/sim\/(board|node|web)\//.test(l) || /\((file|node|https?):/.test(l)),
  );
  return (end < 0 ? lines : lines.slice(0, end)).join("\n");
}

export class EspruinoRuntime {
  readonly clock: VirtualClock;
  readonly circuit: Circuit;
  readonly family: BoardFamily;
  readonly log: BoardLog;
  readonly rng: Rng;
  readonly pixels: PixelChain;
  readonly realm: Realm;
  readonly intr: Intrinsics;
  readonly timers: TimerTable;
  readonly watches: WatchTable;
  readonly io: PinIo;
  readonly system: SystemState = newSystemState();
  /** Virtual ms of power-on: getTime() counts from here. */
  readonly bootAtMs: number;
  private isAlive = true;
  private readonly global: Record<string, unknown>;
  private readonly eventListeners = new Map<string, Function[]>();
  private readonly natives = new WeakSet<object>();
  private readonly baselineGlobals: Set<string>;
  private readonly unsubscribe: () => void;
  private memoryCache: { at: number; report: MemoryReport } | undefined;

  constructor(private readonly options: RuntimeOptions) {
    this.clock = options.clock;
    this.circuit = options.circuit;
    this.family = options.family;
    this.log = options.log;
    this.rng = options.rng;
    this.pixels = options.pixels;
    this.bootAtMs = this.clock.now;
    this.realm = options.host.createRealm(`Espruino ${this.family.board}`);
    this.global = this.realm.global;
    this.intr = this.realm.run("({ Object, Array, Error, TypeError, ArrayBuffer, Uint8Array, JSON })", "intrinsics") as Intrinsics;
    this.installLanguage();
    this.timers = new TimerTable(this);
    this.watches = new WatchTable(this);
    this.io = new PinIo(this);
    this.timers.install(this.global);
    this.watches.install(this.global);
    this.io.install(this.global);
    installSystem(this, this.global, options.flash);
    // A script read from Storage as flashed (pretokenised) is evaluated as the script it stands for, as Espruino's lexer does.
    const flashCode = options.host.flashCode;
    if (flashCode) {
      // (The realm's own eval: a Node realm's global object does not show its built-ins from outside.)
      const realEval = this.realm.run("eval", "eval") as (code: unknown) => unknown;
      this.global.eval = (code: unknown) =>
        realEval(typeof code === "string" && /[\x80-\xff]/.test(code) ? flashCode.text(Uint8Array.from(code, (c) => c.charCodeAt(0))) : code);
    }
    this.baselineGlobals = new Set(this.realm.run("Object.getOwnPropertyNames(globalThis)", "globals") as string[]);
    this.collectNatives();
    this.unsubscribe = this.circuit.onLevelChange((pin, level, t) => this.watches.onLevelChange(pin, level, t));
  }

  /** The script a Storage file holds: its text, or what a pretokenised image stands for (host.ts flashCode). */
  private scriptText(bytes: Uint8Array): string {
    const code = this.options.host.flashCode;
    return code && bytes.some((b) => b >= 0x80) ? code.text(bytes) : utf8Text(bytes);
  }

  get alive(): boolean {
    return this.isAlive;
  }

  /** Run the boot files from Storage, then E's 'init' listeners and onInit(), as at power-on. */
  boot(flash: FlashStorage, codeName?: string): void {
    for (const name of BOOT_FILES) {
      const bytes = flash.read(name);
      if (bytes && this.isAlive) this.run(this.scriptText(bytes), name === ".bootcde" && codeName ? codeName : name, `boot code ${name}`);
    }
    for (const fn of [...this.listeners("init")]) this.invoke(fn, [], "E.on('init') listener");
    const onInit = this.global.onInit;
    if (typeof onInit === "function") this.invoke(onInit, [], "onInit()");
  }

  /** Run top-level code as one event; errors are recorded, not thrown. */
  run(code: string, filename: string, source: string): void {
    if (!this.isAlive) return;
    try {
      this.realm.run(code, filename, this.options.bootTimeoutMs);
    } catch (e) {
      this.caught(e, source);
    }
    this.idle();
  }

  /** Evaluate code like a line typed at the REPL and return its value; errors are thrown to the caller. */
  evaluate(code: string): unknown {
    this.checkAlive();
    try {
      return this.realm.run(code, "REPL", this.options.bootTimeoutMs);
    } finally {
      this.idle();
    }
  }

  /** Run one firmware callback as an event. */
  invoke(fn: unknown, args: unknown[], source: string): void {
    if (!this.isAlive) return;
    if (typeof fn === "string") return this.run(fn, source, source);
    if (typeof fn !== "function") return;
    this.busy();
    try {
      this.realm.call(fn, args, this.options.callbackTimeoutMs);
    } catch (e) {
      this.caught(e, source);
    }
    this.idle();
  }

  /** Stop this interpreter (power off): no more events, timers or watches. */
  kill(): void {
    if (!this.isAlive) return;
    this.isAlive = false;
    this.clock.cancelOwner(this);
    this.unsubscribe();
  }

  /** Stop from inside firmware code: the board reacts, and the running JavaScript unwinds. */
  halt(reason: "power-cut" | "reboot", cause?: Error): never {
    if (this.isAlive) {
      this.kill();
      this.options.onHalt(reason);
    }
    throw cause ?? new HaltSignal(reason);
  }

  /** Called by every API entry point: a dead interpreter cannot act any more. */
  checkAlive(): void {
    if (!this.isAlive) throw new HaltSignal("off");
  }

  /** An Error of the context's realm, so firmware `instanceof Error` works. */
  makeError(message: string, type: "Error" | "TypeError" = "Error"): Error {
    return new this.intr[type](message);
  }

  contextObject<T extends object>(plain: T): T {
    return this.intr.Object.assign(new this.intr.Object(), plain) as T;
  }

  contextArray<T>(items: T[]): T[] {
    const a = new this.intr.Array() as T[];
    for (const x of items) a.push(x);
    return a;
  }

  /** Virtual ms → seconds since power-on (getTime(), watch times). */
  seconds(ms: number): number {
    return (ms - this.bootAtMs) / 1000;
  }

  print(text: string): void {
    this.log.print(this.clock.now, text);
  }

  format(v: unknown): string {
    return formatForPrint(v, (x) => this.io.nameOf(x));
  }

  /** Espruino's jsError: printed and recorded, execution goes on. */
  reportError(where: string, message: string): void {
    this.log.error({ t: this.clock.now, source: where, message: `Error: ${message}`, stack: "" });
  }

  listeners(event: string): Function[] {
    let list = this.eventListeners.get(event);
    if (!list) this.eventListeners.set(event, (list = []));
    return list;
  }

  clearListeners(): void {
    this.eventListeners.clear();
  }

  registerNative(o: object): void {
    this.natives.add(o);
  }

  /** Estimated JsVars in use (see memory.ts). */
  memory(): { report: MemoryReport; closuresWalked: boolean } {
    const est = this.estimator();
    let usage = FRESH_INTERPRETER_VARS;
    for (const name of Object.getOwnPropertyNames(this.global)) {
      if (this.baselineGlobals.has(name)) continue;
      const d = Object.getOwnPropertyDescriptor(this.global, name);
      usage += 1 + est.cost(d && "value" in d ? d.value : undefined);
    }
    for (const t of this.timers.list()) usage += TIMER_VARS + t.args.length + est.cost(t.callback) + est.cost(t.args);
    for (const w of this.watches.list()) usage += WATCH_VARS + est.cost(w.callback);
    for (const list of this.eventListeners.values()) for (const fn of list) usage += LISTENER_VARS + est.cost(fn);
    const total = this.family.jsVars;
    return {
      report: { free: Math.max(0, total - usage), usage, total, history: 0, gc: 0, gctime: 0, blocksize: this.family.blockSize },
      closuresWalked: true,
    };
  }

  /**
   * process.memory() for the firmware: the estimate takes tens of ms on a real firmware, so a
   * firmware that polls it gets a figure up to one virtual second old.
   */
  memoryForFirmware(): MemoryReport {
    const cached = this.memoryCache;
    if (cached && this.clock.now - cached.at < FIRMWARE_MEMORY_CACHE_MS) return cached.report;
    const report = this.memory().report;
    this.memoryCache = { at: this.clock.now, report };
    return report;
  }

  /** E.getSizeOf: estimated JsVars of one value and what it reaches. */
  sizeOf(v: unknown): number {
    return this.estimator().cost(v);
  }

  private estimator(): JsVarEstimator {
    return new JsVarEstimator(
      // Objects of the host realm (the emulation itself) and V8 built-ins are the interpreter's, not the firmware's.
      (o) =>
        o instanceof Object ||
        this.natives.has(o) ||
        (typeof o === "function" && /\{\s*\[native code\]\s*\}$/.test(Function.prototype.toString.call(o))),
      this.intr.Object.prototype,
      (fn) => this.options.host.closureScopes(fn),
    );
  }

  private caught(e: unknown, source: string): void {
    if (!this.isAlive || e instanceof HaltSignal || e instanceof PowerCutSignal) return;
    const err = e as { name?: unknown; message?: unknown; stack?: unknown } | null;
    const isErrorLike = err !== null && typeof err === "object" && typeof err.message === "string";
    const message = isErrorLike ? `${String(err.name ?? "Error")}: ${String(err.message)}` : this.format(e);
    const stack = isErrorLike && typeof err.stack === "string" ? firmwareFrames(err.stack) : "";
    this.log.error({ t: this.clock.now, source, message, stack });
  }

  private busy(): void {
    const { sleepIndicator, busyIndicator } = this.system;
    if (sleepIndicator) this.io.output(sleepIndicator, 1);
    if (busyIndicator) this.io.output(busyIndicator, 1);
  }

  private idle(): void {
    if (!this.isAlive) return;
    const { sleepIndicator, busyIndicator } = this.system;
    if (sleepIndicator) this.io.output(sleepIndicator, 0);
    if (busyIndicator) this.io.output(busyIndicator, 0);
  }

  private installLanguage(): void {
    const setup = this.realm.run(
      `(function (now, random, missingGlobals, missingMembers) {
        var RealDate = Date;
        class VirtualDate extends RealDate {
          constructor(...a) { if (a.length === 0) super(now()); else super(...a); }
          static now() { return now(); }
        }
        Object.defineProperty(VirtualDate, "name", { value: "Date" });
        globalThis.Date = VirtualDate;
        Math.random = random;
        for (var i = 0; i < missingGlobals.length; i++) delete globalThis[missingGlobals[i]];
        for (var j = 0; j < missingMembers.length; j++) {
          var parts = missingMembers[j].split(".");
          delete globalThis[parts[0]][parts[1]];
        }
      })`,
      "espruino-language",
    ) as (now: () => number, random: () => number, g: string[], m: string[]) => void;
    const subset = this.options.espruinoSubset;
    setup(
      () => this.clock.now - this.bootAtMs,
      () => this.rng(),
      subset ? MISSING_GLOBALS : [],
      subset ? MISSING_MEMBERS : [],
    );
  }

  private collectNatives(): void {
    const add = (v: unknown, depth: number) => {
      if (v === null || (typeof v !== "object" && typeof v !== "function")) return;
      const o = v as object;
      if (this.natives.has(o)) return;
      this.natives.add(o);
      if (depth === 0) return;
      for (const key of Object.getOwnPropertyNames(o)) {
        const d = Object.getOwnPropertyDescriptor(o, key);
        if (d && "value" in d) add(d.value, depth - 1);
      }
      try {
        add(Object.getPrototypeOf(o), depth - 1);
      } catch {
        // strict prototypes have nothing to add
      }
    };
    for (const name of this.baselineGlobals) {
      const d = Object.getOwnPropertyDescriptor(this.global, name);
      if (d && "value" in d) add(d.value, 3);
    }
  }
}

export { TIMER_MIN_INTERVAL_MS };

/**
 * The virtual board: a board profile's circuit, its Storage flash, a virtual clock and the
 * Espruino interpreter running the firmware, behind the controls a player (or a test) has:
 * press and release pads, cut and restore power, and watch LEDs, the piezo and the console.
 *
 *   const board = createVirtualBoard({ host, profile, flash, code });  // host: sim/node/host.ts or sim/web/page/host.ts
 *   board.press(4); board.clock.advance(80); board.release(4); board.clock.advance(120);
 *   board.ledFrame(); // "010111010"
 *
 * Key presses only change the circuit; the firmware's watch callbacks run on the next
 * clock.advance (advance(0) delivers them at once).
 */
import type { Profile } from "../../hardware/profile";
import { type BoardFamily, boardFamily, canonicalPin } from "./board-family";
import { BoardLog, type ConsoleLine, type FirmwareError, type SystemCall } from "./board-log";
import { Circuit, type CircuitFault, type PinState } from "./circuit";
import { buildLayout, type CircuitLayout, type SwitchWiring } from "./circuit-layout";
import { type TaskId, VirtualClock } from "./clock";
import { utf8Bytes } from "./bytes";
import { FlashStorage, type WriteCut } from "./flash-storage";
import type { BoardHost, FlashBacking } from "./host";
import { type LedReading, LedMeter } from "./leds";
import { PixelChain } from "./neopixel";
import { type ToneEvent, ToneRecorder } from "./piezo";
import { createRng, type Rng } from "./rng";
import { EspruinoRuntime, type MemoryReport } from "./runtime";

/** A pad index (0-based, row-major) or a button name: the profile's extra buttons ("newGame") or the board's ("BTN1"). */
export type KeyRef = number | string;

export interface VirtualBoardOptions {
  /** The platform: a realm per power-on, closures for the memory estimate (host.ts). */
  host: BoardHost;
  profile: Profile;
  /** Where the Storage flash image is kept (a file, localStorage); omitted keeps it in memory for this board only. */
  flash?: FlashBacking;
  /** Firmware to upload as .bootcde and boot at once; omitted leaves the board off. */
  code?: string;
  /** File name shown in stack traces for .bootcde (e.g. "dist/firmware.js"). Default ".bootcde". */
  codeName?: string;
  /** The image's other Storage files (Merlin's games, a file each), written with the code. */
  files?: Record<string, string>;
  /** Brightness window, virtual ms. Default 20. */
  frameWindowMs?: number;
  /** Seed for contact chatter, Math.random and E.hwRand. Default 1. */
  seed?: number;
  /** Contact chatter on every press and release, up to this many ms (0 = clean contacts). Default 0. */
  bounceMs?: number;
  /** Remove the built-ins Espruino lacks from the firmware's world. Default true. */
  espruinoSubset?: boolean;
  /** Wall-clock limit for top-level code, ms. Default 10000. */
  bootTimeoutMs?: number;
  /** Wall-clock limit per callback, ms (catches infinite loops; ~0.1 ms per event). Default off. */
  callbackTimeoutMs?: number;
  /** Share a clock between boards. */
  clock?: VirtualClock;
  /** Storage flash size in bytes; default the board family's (the build's measuring run needs room for its counters). */
  storageBytes?: number;
}

export interface KeyOptions {
  /** Contact chatter for this change, up to this many ms (overrides the board's bounceMs). */
  bounceMs?: number;
}

export interface SleepState {
  powered: boolean;
  /** setDeepSleep(1) was called. */
  deepSleep: boolean;
  /** Timers and intervals pending (including watch debounce timers). */
  timers: number;
  watches: number;
  /** Virtual ms until the next timer, undefined when none. */
  nextTimerInMs: number | undefined;
  /** Nothing but watches left: on the toy the chip would sleep until a key is pressed. */
  waitingOnlyForInput: boolean;
}

export interface PinReading extends PinState {
  level: 0 | 1;
  /** 0 floating, 1 pulled, 2 driven. */
  strength: number;
}

export interface MemoryEstimate extends MemoryReport {
  /** Always true: usage is estimated from the firmware's reachable objects (see memory.ts). */
  estimated: true;
}

export class VirtualBoard {
  readonly profile: Profile;
  readonly family: BoardFamily;
  readonly layout: CircuitLayout;
  readonly clock: VirtualClock;
  readonly circuit: Circuit;
  /** The Storage flash (host view: read what the firmware saved). */
  readonly storage: FlashStorage;
  /** Console output, firmware errors and recorded system calls, across power cycles. */
  readonly log = new BoardLog();
  /** The WS2812 pixels (host view: the bytes the firmware wrote with require("neopixel")). */
  readonly pixels = new PixelChain();
  private readonly ledMeter: LedMeter;
  private readonly piezo: ToneRecorder;
  private readonly rng: Rng;
  private runtime: EspruinoRuntime | undefined;
  private readonly held = new Set<SwitchWiring>();
  private readonly stuck = new Set<SwitchWiring>();
  private readonly chatter = new Map<SwitchWiring, TaskId[]>();

  constructor(private readonly options: VirtualBoardOptions) {
    this.profile = options.profile;
    this.family = boardFamily(options.profile.board, options.profile.chip);
    this.layout = buildLayout(options.profile, this.family);
    this.clock = options.clock ?? new VirtualClock();
    this.circuit = new Circuit(this.layout, this.clock);
    this.storage = new FlashStorage(options.storageBytes ?? this.family.storageBytes, options.flash);
    this.ledMeter = new LedMeter(this.circuit, this.clock, options.frameWindowMs ?? 20, this.pixels);
    this.piezo = new ToneRecorder(this.circuit);
    this.rng = createRng(options.seed ?? 1);
    if (options.code !== undefined) this.powerOn(options.code);
  }

  // ---- power -------------------------------------------------------------------------

  get powered(): boolean {
    return this.runtime !== undefined;
  }

  /** Write firmware to Storage as .bootcde, like `espruino --config SAVE_ON_SEND=1` ("" erases it). It runs at the next power-on. */
  upload(code: string, files: Record<string, string> = this.options.files ?? {}): void {
    if (code === "") this.storage.erase(".bootcde");
    const image = (text: string) => (this.options.host.flashCode ? this.options.host.flashCode.image(text) : utf8Bytes(text));
    if (code !== "") this.storage.write(".bootcde", image(code));
    for (const name of Object.keys(files)) this.storage.write(name, image(files[name]));
  }

  /** Power on (uploading `code` first if given): a fresh interpreter boots from Storage. */
  powerOn(code?: string): void {
    if (this.runtime) throw new Error("The virtual board is already on: call powerCut() first, or reboot()");
    if (code !== undefined) this.upload(code);
    this.circuit.powerUp();
    const runtime = new EspruinoRuntime({
      host: this.options.host,
      clock: this.clock,
      circuit: this.circuit,
      family: this.family,
      flash: this.storage,
      log: this.log,
      rng: this.rng,
      pixels: this.pixels,
      espruinoSubset: this.options.espruinoSubset ?? true,
      bootTimeoutMs: this.options.bootTimeoutMs ?? 10_000,
      callbackTimeoutMs: this.options.callbackTimeoutMs,
      onHalt: (reason) => this.halted(runtime, reason),
    });
    this.runtime = runtime;
    runtime.boot(this.storage, this.options.codeName);
  }

  /** Cut the power now: the interpreter stops, every pin lets go; Storage keeps what was written. */
  powerCut(): void {
    if (!this.runtime) return;
    this.runtime.kill();
    this.runtime = undefined;
    this.circuit.powerDown();
    this.pixels.clear(this.clock.now);
  }

  /** Arm a power cut that strikes during an upcoming Storage write (the board stays off afterwards). */
  cutPowerDuringWrite(cut: WriteCut = {}): void {
    this.storage.armCut(cut);
  }

  /** Power cycle: cut, then power on again from Storage. */
  reboot(): void {
    this.powerCut();
    this.powerOn();
  }

  // ---- keys --------------------------------------------------------------------------

  press(key: KeyRef, options?: KeyOptions): void {
    this.setKey(key, true, options);
  }

  release(key: KeyRef, options?: KeyOptions): void {
    this.setKey(key, false, options);
  }

  /** Hold a key down (true) or let it go (false). A stuck key stays closed whatever happens here. */
  setKey(key: KeyRef, down: boolean, options?: KeyOptions): void {
    const sw = this.switchFor(key);
    if (down) this.held.add(sw);
    else this.held.delete(sw);
    this.drive(sw, options?.bounceMs ?? this.options.bounceMs ?? 0);
  }

  /** Is the key's contact closed right now (held, stuck, or mid-chatter)? */
  isClosed(key: KeyRef): boolean {
    return this.circuit.isClosed(this.switchFor(key));
  }

  /** A stuck key: held down mechanically until unstuck. */
  stickKey(key: KeyRef): void {
    const sw = this.switchFor(key);
    this.stuck.add(sw);
    this.drive(sw, 0);
  }

  unstickKey(key: KeyRef): void {
    const sw = this.switchFor(key);
    this.stuck.delete(sw);
    this.drive(sw, 0);
  }

  // ---- outputs -----------------------------------------------------------------------

  /** Every LED's brightness over the frame window (or `windowMs`), row-major. */
  leds(windowMs?: number): LedReading[] {
    return this.ledMeter.readings(windowMs);
  }

  /**
   * Row-major "0"/"1" string of the LEDs: "1" where the brightness over the frame window is at
   * least `threshold` of the full brightness the drive allows (1 direct, the brightness cap / 255 for pixels).
   */
  ledFrame(threshold = 0.25, windowMs?: number): string {
    return this.ledMeter.frame(threshold, windowMs);
  }

  /** Full brightness an LED can reach with this profile's drive: 1 direct, the brightness cap / 255 for pixels. */
  get ledPeak(): number {
    return this.ledMeter.peak;
  }

  /** Tone changes on the piezo ({t, freq, duty}, freq 0 = silence), since the board was created. */
  get tones(): readonly ToneEvent[] {
    return this.piezo.events;
  }

  /** The tone playing now. */
  get tone(): { freq: number; duty: number } {
    return this.piezo.current;
  }

  get console(): readonly ConsoleLine[] {
    return this.log.console;
  }

  consoleText(): string {
    return this.log.consoleText();
  }

  /** Uncaught firmware errors (message and stack), across power cycles. */
  get errors(): readonly FirmwareError[] {
    return this.log.errors;
  }

  /** Electrical faults seen by the circuit (shorts). */
  get faults(): readonly CircuitFault[] {
    return this.circuit.faults;
  }

  /** Calls that only matter on hardware: E.setPassword, USB.setConsole, setDeepSleep, … */
  get calls(): readonly SystemCall[] {
    return this.log.calls;
  }

  /** process.memory() as the firmware would see it; usage is an estimate (memory.ts). */
  memory(): MemoryEstimate {
    return { ...this.on("memory()").memory().report, estimated: true };
  }

  sleepState(): SleepState {
    const rt = this.runtime;
    if (!rt) {
      return { powered: false, deepSleep: false, timers: 0, watches: 0, nextTimerInMs: undefined, waitingOnlyForInput: false };
    }
    const next = rt.timers.nextDue();
    return {
      powered: true,
      deepSleep: rt.system.deepSleep,
      timers: rt.timers.size,
      watches: rt.watches.size,
      nextTimerInMs: next === undefined ? undefined : next - this.clock.now,
      waitingOnlyForInput: rt.timers.size === 0 && rt.watches.size > 0,
    };
  }

  /** Virtual ms since the last power-on (getTime() × 1000 inside the firmware). */
  uptimeMs(): number {
    return this.clock.now - this.on("uptimeMs()").bootAtMs;
  }

  /** The state of a pin (name or alias such as LED1): mode, output register, PWM, level read, drive strength. */
  pin(name: string): PinReading {
    const canonical = canonicalPin(this.family, name);
    if (!canonical) throw new Error(`No pin "${name}" on ${this.family.board}`);
    return { ...this.circuit.state(canonical), level: this.circuit.level(canonical), strength: this.circuit.strength(canonical) };
  }

  /** Evaluate code in the firmware's context, like a line typed at the Espruino REPL; errors are thrown. */
  eval(code: string): unknown {
    return this.on("eval()").evaluate(code);
  }

  // ---- internals ---------------------------------------------------------------------

  private on(what: string): EspruinoRuntime {
    if (!this.runtime) throw new Error(`${what}: the virtual board is off (call powerOn first)`);
    return this.runtime;
  }

  private halted(runtime: EspruinoRuntime, reason: "power-cut" | "reboot"): void {
    if (this.runtime !== runtime) return;
    this.runtime = undefined;
    this.circuit.powerDown();
    this.pixels.clear(this.clock.now);
    if (reason === "reboot") this.clock.after(0, () => this.runtime ?? this.powerOn());
  }

  private switchFor(key: KeyRef): SwitchWiring {
    const pads = this.layout.keys.length;
    if (typeof key === "number") {
      if (Number.isInteger(key) && key >= 0 && key < pads) return this.layout.keys[key];
    } else {
      const b = this.layout.buttons.get(key);
      if (b) return b;
      if (/^\d+$/.test(key) && Number(key) < pads) return this.layout.keys[Number(key)];
    }
    throw new Error(`Unknown key ${JSON.stringify(key)}: use a pad index 0..${pads - 1} or one of ${[...this.layout.buttons.keys()].join(", ")}`);
  }

  /** Bring the contact to held-or-stuck, through `bounceMs` of chatter if asked. */
  private drive(sw: SwitchWiring, bounceMs: number): void {
    for (const id of this.chatter.get(sw) ?? []) this.clock.cancel(id);
    this.chatter.delete(sw);
    const target = this.held.has(sw) || this.stuck.has(sw);
    if (bounceMs <= 0 || target === this.circuit.isClosed(sw)) {
      this.circuit.setSwitch(sw, target);
      return;
    }
    // The contact touches (or parts) at once, then chatters: an odd number of changes within
    // bounceMs, so it ends in the target state.
    const changes = 3 + 2 * Math.floor(this.rng() * 3);
    const times = Array.from({ length: changes - 1 }, () => this.rng() * bounceMs).sort((a, b) => a - b);
    this.circuit.setSwitch(sw, target);
    const ids: TaskId[] = [];
    times.forEach((dt, i) => {
      const state = i % 2 === 0 ? !target : target;
      ids.push(this.clock.after(dt, () => this.circuit.setSwitch(sw, state)));
    });
    this.chatter.set(sw, ids);
  }
}

export function createVirtualBoard(options: VirtualBoardOptions): VirtualBoard {
  return new VirtualBoard(options);
}

/**
 * Pins and digital I/O with Espruino's semantics (jswrap_io.c, jspin.c):
 *  - every GPIO of the board is a global Pin object (B3, D25, …) plus the board's aliases
 *    (LED1, BTN1); a pin name as a string works too;
 *  - digitalRead / digitalWrite switch the pin to input / output unless pinMode(pin, mode)
 *    fixed its mode ("auto" or no mode releases it);
 *  - with an array of pins the LAST pin is the least significant bit; writes go from the
 *    last pin to the first; a boolean value sets every pin of the array;
 *  - analogWrite(pin, duty, {freq}) outputs PWM (a tone on the piezo); digitalWrite ends it.
 */
import { canonicalPin } from "./board-family";
import { isPinMode, type PinMode } from "./pin-modes";
import type { EspruinoRuntime } from "./runtime";
import { strictPrototype } from "./strict";

const DEFAULT_PWM_HZ = 1000;

function toInt(value: unknown): number {
  if (typeof value === "boolean") return value ? 0xffffffff : 0;
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? n : 0;
}

export class PinIo {
  private readonly objects = new Map<string, object>();
  private readonly names = new WeakMap<object, string>();
  /** Per pin: virtual ms when its queued digitalPulse ends. */
  private readonly pulseEnd = new Map<string, number>();

  constructor(private readonly rt: EspruinoRuntime) {
    const io = this;
    const proto = Object.create(strictPrototype("Pin", rt.intr.Object.prototype, (m) => rt.makeError(m)));
    Object.assign(proto, {
      read(this: object): boolean {
        rt.checkAlive();
        return io.input(io.resolve(this)) === 1;
      },
      write(this: object, value: unknown): void {
        rt.checkAlive();
        io.output(io.resolve(this), value ? 1 : 0);
      },
      set(this: object): void {
        rt.checkAlive();
        io.output(io.resolve(this), 1);
      },
      reset(this: object): void {
        rt.checkAlive();
        io.output(io.resolve(this), 0);
      },
      toggle(this: object): boolean {
        rt.checkAlive();
        const name = io.resolve(this);
        const on = rt.circuit.state(name).out === 0;
        io.output(name, on ? 1 : 0);
        return on;
      },
      mode(this: object, mode?: unknown): void {
        rt.checkAlive();
        io.pinMode(io.resolve(this), mode, false);
      },
      getMode(this: object): string | undefined {
        rt.checkAlive();
        return rt.circuit.state(io.resolve(this)).mode;
      },
      toString(this: object): string {
        return io.names.get(this) ?? "[Pin]";
      },
    });
    for (const name of rt.family.pins) {
      const pin = Object.create(proto) as object;
      this.objects.set(name, pin);
      this.names.set(pin, name);
    }
  }

  /** The Pin object for a canonical pin name. */
  pinObject(name: string): object {
    return this.objects.get(name)!;
  }

  /** Canonical name of a Pin object, else undefined. */
  nameOf(v: unknown): string | undefined {
    return v !== null && typeof v === "object" ? this.names.get(v) : undefined;
  }

  canonical(name: string): string | undefined {
    return canonicalPin(this.rt.family, name);
  }

  describe(v: unknown): string {
    if (typeof v === "string") return JSON.stringify(v);
    if (v === null || typeof v !== "object") return String(v);
    return Array.isArray(v) ? "an array" : "an object that is not a pin";
  }

  /** Pin object or pin name → canonical name; throws Espruino's "Invalid pin" otherwise. */
  resolve(v: unknown): string {
    const name = this.nameOf(v) ?? (typeof v === "string" ? this.canonical(v) : undefined);
    if (!name) throw this.rt.makeError(`Invalid pin (${this.describe(v)}; ${this.rt.family.board} pins are like ${this.rt.family.pins[3]})`);
    return name;
  }

  /** jshPinInput: switch to input unless the mode is fixed, then read. */
  input(name: string): 0 | 1 {
    const s = this.rt.circuit.state(name);
    if (!s.manual && s.mode !== "input") this.rt.circuit.configure(name, { mode: "input" });
    return this.rt.circuit.level(name);
  }

  /** jshPinOutput: set the output register, switch to output unless the mode is fixed. */
  output(name: string, value: 0 | 1): void {
    const s = this.rt.circuit.state(name);
    this.rt.circuit.configure(name, s.manual ? { out: value } : { out: value, mode: "output" });
  }

  pinMode(name: string, mode: unknown, automatic: boolean): void {
    if (isPinMode(mode)) {
      this.rt.circuit.configure(name, { mode, manual: !automatic });
    } else if (mode === undefined || mode === "auto") {
      this.rt.circuit.configure(name, { manual: false });
    } else {
      throw this.rt.makeError(`Unknown pin mode ${JSON.stringify(mode)}`);
    }
  }

  install(g: Record<string, unknown>): void {
    const rt = this.rt;
    const io = this;
    for (const [name, pin] of this.objects) g[name] = pin;
    for (const [alias, name] of Object.entries(rt.family.aliases)) g[alias] = this.objects.get(name);

    g.digitalRead = function (pins: unknown): number {
      rt.checkAlive();
      if (Array.isArray(pins)) {
        let v = 0;
        for (const p of pins) v = (v << 1) | io.input(io.resolve(p));
        return v;
      }
      return io.input(io.resolve(pins));
    };
    g.digitalWrite = function (pins: unknown, value: unknown): void {
      rt.checkAlive();
      let v = toInt(value);
      if (Array.isArray(pins)) {
        for (let i = pins.length - 1; i >= 0; i--) {
          io.output(io.resolve(pins[i]), (v & 1) as 0 | 1);
          v >>>= 1;
        }
        return;
      }
      io.output(io.resolve(pins), v !== 0 ? 1 : 0);
    };
    g.pinMode = function (pin: unknown, mode?: unknown, automatic?: unknown): void {
      rt.checkAlive();
      io.pinMode(io.resolve(pin), mode, !!automatic);
    };
    g.getPinMode = function (pin: unknown): PinMode | undefined {
      rt.checkAlive();
      return rt.circuit.state(io.resolve(pin)).mode;
    };
    g.analogWrite = function (pin: unknown, value: unknown, options?: unknown): void {
      rt.checkAlive();
      const name = io.resolve(pin);
      const duty = Math.min(1, Math.max(0, Number(value) || 0));
      const freqOpt = options && typeof options === "object" ? Number((options as { freq?: unknown }).freq) : NaN;
      const freq = freqOpt > 0 ? freqOpt : DEFAULT_PWM_HZ;
      rt.circuit.configure(name, { mode: "af_output", pwm: { duty, freq } });
    };
    g.digitalPulse = function (pin: unknown, value: unknown, time: unknown): void {
      rt.checkAlive();
      const name = io.resolve(pin);
      const times = Array.isArray(time) ? time.map(Number) : [Number(time)];
      if (times.some((t) => !(t >= 0))) throw rt.makeError("Pulse Time is less than 0 or not a number");
      let level: 0 | 1 = value ? 1 : 0;
      let at = Math.max(rt.clock.now, io.pulseEnd.get(name) ?? 0);
      if (at === rt.clock.now) io.output(name, level);
      else {
        const first = level;
        rt.clock.schedule(at, () => io.output(name, first), rt);
      }
      for (const t of times) {
        level = (1 - level) as 0 | 1;
        if (t > 0) {
          at += t;
          const l = level;
          rt.clock.schedule(at, () => io.output(name, l), rt);
        }
      }
      io.pulseEnd.set(name, at);
    };
  }
}

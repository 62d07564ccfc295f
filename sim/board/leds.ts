/**
 * The LED meter: how bright each pad's LED looks, as an eye (or a camera) would see it.
 *
 * After every circuit change each LED's instantaneous "lit" value is recomputed and stored
 * with its time stamp; brightness is the fraction of the last frame window (default 20 ms)
 * the LED was lit, integrated over that history. Direct drive: an LED is lit while its pin
 * drives the active level (PWM counts by duty). WS2812 pixels (neopixel drive): pad i shows the colour last written to pixel i (neopixel.ts), its lit
 * value the brightest channel / 255, for as long as the board has power.
 */
import type { Circuit } from "./circuit";
import type { VirtualClock } from "./clock";
import type { PixelChain } from "./neopixel";

export interface LedReading {
  /** Pad index, row-major from 0. */
  index: number;
  row: number;
  col: number;
  /** Fraction of the frame window the LED was lit, 0..1. */
  brightness: number;
  /** Lit right now (0..1; fractional under PWM, or a pixel's brightest channel / 255). */
  litNow: number;
  /** WS2812 pixels: the colour shown now, [red, green, blue] bytes. */
  rgb?: [number, number, number];
}

interface Trace {
  times: number[];
  values: number[];
}

export class LedMeter {
  /**
   * Brightness of an LED that is on as much as the drive allows: 1 direct, the profile's
   * brightness cap / 255 for pixels.
   */
  readonly peak: number;
  private readonly traces: Trace[];
  private readonly current: Float64Array;
  private readonly scratch: Float64Array;
  private readonly keepMs: number;

  constructor(
    private readonly circuit: Circuit,
    private readonly clock: VirtualClock,
    readonly windowMs = 20,
    private readonly pixels?: PixelChain,
  ) {
    if (!(windowMs > 0)) throw new Error(`LedMeter: frame window must be > 0 ms, got ${windowMs}`);
    const { rows, cols, leds } = circuit.layout;
    this.peak = leds.drive === "neopixel" ? leds.brightness / 255 : 1;
    this.traces = Array.from({ length: rows * cols }, () => ({ times: [], values: [] }));
    this.current = new Float64Array(rows * cols);
    this.scratch = new Float64Array(rows * cols);
    this.keepMs = Math.max(1000, windowMs);
    circuit.onUpdate((t) => this.sample(t));
    pixels?.onWrite((_pin, t) => this.sample(t));
  }

  /** Instantaneous lit value per LED, row-major. */
  litNow(): number[] {
    return [...this.current];
  }

  /** Fraction of the last `windowMs` that LED `index` was lit. */
  brightness(index: number, windowMs = this.windowMs): number {
    const trace = this.traces[index];
    if (!trace) throw new Error(`LED ${index} does not exist; pads are 0..${this.traces.length - 1}`);
    const end = this.clock.now;
    const start = end - windowMs;
    let sum = 0;
    let segEnd = end;
    for (let k = trace.times.length - 1; k >= 0 && segEnd > start; k--) {
      const t = trace.times[k];
      const from = Math.max(t, start);
      if (segEnd > from) sum += trace.values[k] * (segEnd - from);
      segEnd = Math.min(segEnd, t);
    }
    return sum / windowMs;
  }

  readings(windowMs = this.windowMs): LedReading[] {
    const { cols, leds } = this.circuit.layout;
    return this.traces.map((_, index) => {
      const reading: LedReading = {
        index,
        row: Math.floor(index / cols),
        col: index % cols,
        brightness: this.brightness(index, windowMs),
        litNow: this.current[index],
      };
      if (leds.drive === "neopixel") reading.rgb = this.circuit.isPowered && this.pixels ? this.pixels.rgb(leds.pin, index) : [0, 0, 0];
      return reading;
    });
  }

  /**
   * Row-major "0"/"1" per LED: "1" when its brightness over the frame window reaches
   * `threshold` × peak (so 0.25 means a quarter of what the drive can show).
   */
  frame(threshold = 0.25, windowMs = this.windowMs): string {
    let s = "";
    for (let i = 0; i < this.traces.length; i++) s += this.brightness(i, windowMs) >= threshold * this.peak - 1e-9 ? "1" : "0";
    return s;
  }

  private sample(t: number): void {
    const lit = this.computeLit();
    for (let i = 0; i < lit.length; i++) {
      if (lit[i] === this.current[i] && this.traces[i].times.length) continue;
      this.current[i] = lit[i];
      const tr = this.traces[i];
      const n = tr.times.length;
      if (n && tr.times[n - 1] === t) {
        tr.values[n - 1] = lit[i];
        if (n > 1 && tr.values[n - 2] === lit[i]) {
          tr.times.pop();
          tr.values.pop();
        }
      } else {
        tr.times.push(t);
        tr.values.push(lit[i]);
      }
      if (tr.times.length > 512) this.prune(tr, t);
    }
  }

  private prune(tr: Trace, now: number): void {
    const cutoff = now - this.keepMs;
    let k = 0;
    while (k + 1 < tr.times.length && tr.times[k + 1] <= cutoff) k++;
    if (k > 0) {
      tr.times.splice(0, k);
      tr.values.splice(0, k);
    }
  }

  private computeLit(): Float64Array {
    const c = this.circuit;
    const { leds } = c.layout;
    const out = this.scratch;
    out.fill(0);
    if (!c.isPowered) return out;
    if (leds.drive === "direct") {
      leds.pins.forEach((pin, i) => {
        const high = highFraction(c, pin);
        if (high !== undefined) out[i] = leds.activeHigh ? high : 1 - high;
      });
      return out;
    }
    for (let i = 0; i < out.length && this.pixels; i++) out[i] = Math.max(...this.pixels.rgb(leds.pin, i)) / 255;
    return out;
  }
}

/** Fraction of time the pin itself drives high, or undefined when it does not drive (input, open drain released). */
function highFraction(c: Circuit, pin: string): number | undefined {
  const s = c.state(pin);
  const d = c.driveOf(pin);
  if (d.strength !== 2) return undefined;
  return s.pwm ? s.pwm.duty : d.level;
}

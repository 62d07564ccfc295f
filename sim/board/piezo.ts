/**
 * The piezo recorder: every change of the tone on the piezo pin, time-stamped. A tone plays
 * while the pin outputs PWM (analogWrite(pin, duty, {freq})) with 0 < duty < 1; anything else
 * (digitalWrite(pin, 0), a mode change, power off) is silence, recorded as freq 0.
 */
import type { Circuit } from "./circuit";

export interface ToneEvent {
  /** Virtual ms. */
  t: number;
  /** Hz; 0 = silent. */
  freq: number;
  duty: number;
}

export class ToneRecorder {
  readonly events: ToneEvent[] = [];
  private freq = 0;
  private duty = 0;

  constructor(private readonly circuit: Circuit) {
    circuit.onUpdate((t) => this.sample(t));
  }

  /** The tone playing now (freq 0 when silent). */
  get current(): { freq: number; duty: number } {
    return { freq: this.freq, duty: this.duty };
  }

  private sample(t: number): void {
    const c = this.circuit;
    const s = c.state(c.layout.piezo);
    const playing =
      c.isPowered && s.pwm !== undefined && (s.mode === "output" || s.mode === "af_output") && s.pwm.duty > 0 && s.pwm.duty < 1;
    const freq = playing ? s.pwm!.freq : 0;
    const duty = playing ? s.pwm!.duty : 0;
    if (freq === this.freq && duty === this.duty) return;
    this.freq = freq;
    this.duty = duty;
    this.events.push({ t, freq, duty });
  }
}

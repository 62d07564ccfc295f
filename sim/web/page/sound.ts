/**
 * The piezo through WebAudio: one square-wave oscillator whose frequency follows the tone
 * changes the firmware writes to the piezo pin (board.tones: analogWrite's frequency, 0 =
 * silence), so the page plays exactly the firmware's notes. Audio may only start after a
 * click or key (browsers' autoplay rule): until then tones are skipped.
 */
import type { ToneEvent } from "../../board";

/** Loudness of the square wave (0..1): a piezo is not loud. */
const VOLUME = 0.06;

export class PiezoSound {
  private ctx: AudioContext | undefined;
  private osc: OscillatorNode | undefined;
  private gain: GainNode | undefined;
  private seen = 0;

  /** Call from a user gesture: creates (or resumes) the audio context. */
  unlock(): void {
    if (!this.ctx) {
      const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      if (!Ctx) return;
      this.ctx = new Ctx();
      this.osc = this.ctx.createOscillator();
      this.osc.type = "square";
      this.gain = this.ctx.createGain();
      this.gain.gain.setValueAtTime(0, this.ctx.currentTime);
      this.osc.connect(this.gain).connect(this.ctx.destination);
      this.osc.start();
    }
    if (this.ctx.state === "suspended") void this.ctx.resume();
  }

  /** Plays the tone changes logged since the last call (`tones` is the board's whole log). */
  follow(tones: readonly ToneEvent[]): void {
    const { ctx, osc, gain } = this;
    if (!ctx || !osc || !gain) {
      this.seen = tones.length;
      return;
    }
    for (; this.seen < tones.length; this.seen++) {
      const e = tones[this.seen];
      const at = ctx.currentTime;
      if (e.freq > 0) {
        osc.frequency.setValueAtTime(e.freq, at);
        gain.gain.setValueAtTime(VOLUME, at);
      } else gain.gain.setValueAtTime(0, at);
    }
  }
}

/**
 * The piezo: plays the core's sound cues (flat lists of frequency Hz, duration ms; frequency
 * 0 is a rest) note by note from timers, so scanning never waits for a sound.
 */
import { PIEZO } from "merlin:config";

let notes: ArrayLike<number> | null = null;
let index = 0;
let timer: number | undefined;
let muted = false;

function silence(): void {
  digitalWrite(PIEZO, 0);
}

function step(): void {
  timer = undefined;
  if (!notes || index >= notes.length) {
    notes = null;
    silence();
    return;
  }
  const freq = notes[index];
  const ms = notes[index + 1];
  index += 2;
  if (freq > 0) analogWrite(PIEZO, 0.5, { freq: freq });
  else silence();
  timer = setTimeout(step, ms);
}

/** Stops any sound at once. */
export function stopSound(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  notes = null;
  silence();
}

/** Starts a cue, replacing whatever is playing; does nothing while muted. */
export function playNotes(cue: ArrayLike<number>): void {
  stopSound();
  if (muted || cue.length === 0) return;
  notes = cue;
  index = 0;
  step();
}

export function setMuted(on: boolean): void {
  muted = on;
  if (on) stopSound();
}

export function isMuted(): boolean {
  return muted;
}

export function isPlaying(): boolean {
  return notes !== null;
}

/**
 * The piezo: plays the core's sound cues (flat lists of frequency Hz, duration ms; frequency
 * 0 is a rest) note by note from timers, so scanning never waits for a sound.
 */
import { PIEZO } from "merlin:config";

let notes: ArrayLike<number> | null = null;
let index = 0;
let timer: number | undefined;
/** Whether sound is off (set with setMuted). */
export let muted = false;

/** Plays the next note of the cue, or ends it. */
function step(): void {
  timer = undefined;
  if (notes && index < notes.length) {
    const freq = notes[index];
    if (freq > 0) analogWrite(PIEZO, 0.5, { freq: freq });
    else digitalWrite(PIEZO, 0);
    timer = setTimeout(step, notes[index + 1]);
    index += 2;
  } else {
    notes = null;
    digitalWrite(PIEZO, 0);
  }
}

/** Starts a cue, replacing whatever is playing (null or an empty cue: just stop); nothing plays while muted. */
export function playNotes(cue: ArrayLike<number> | null): void {
  if (timer !== undefined) clearTimeout(timer);
  notes = muted ? null : cue;
  index = 0;
  step();
}

export function setMuted(on: boolean): void {
  muted = on;
  if (on) playNotes(null);
}

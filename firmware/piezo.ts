/**
 * The piezo: plays the core's sound cues (flat lists of frequency Hz, duration ms; frequency
 * 0 is a rest) note by note from timers, so scanning never waits for a sound. It reads the
 * cue table (sounds.ts NOTES/CUE_START) directly instead of through cueNotes, and muting is a
 * parameter of playCue rather than a function of its own: on Espruino each top-level function
 * costs RAM for as long as the toy runs.
 */
import { PIEZO } from "merlin:config";
import { CUE_START, NOTES } from "../src/sounds";

/** The next note of the cue playing (index into NOTES) and the end of that cue. */
let index = 0;
let end = 0;
let timer: number | undefined;
/** Whether sound is off (set with playCue's `mute`). */
export let muted = false;

/**
 * Sets mute first when `mute` is given, then plays cue `id` (sounds.ts) from its start,
 * replacing any cue playing; 0 (or any id while muted, except the cue that mutes) just stops
 * the sound. Without
 * arguments (the note timer) it plays the next note of the cue, or ends it in silence: one
 * function for both, as each top-level function costs RAM on the toy.
 */
export function playCue(id?: number, mute?: boolean): void {
  if (id !== undefined) {
    if (mute !== undefined) muted = mute;
    if (timer !== undefined) clearTimeout(timer);
    // Muting plays its own cue as the acknowledgement; afterwards everything is silent.
    const play = (!muted || mute === true) && id > 0 && id < CUE_START.length - 1; // CUE_COUNT, without its variable
    index = play ? CUE_START[id] : 0;
    end = play ? CUE_START[id + 1] : 0;
  }
  timer = undefined;
  if (index < end) {
    const freq = NOTES[index];
    if (freq > 0) analogWrite(PIEZO, 0.5, { freq: freq });
    else digitalWrite(PIEZO, 0);
    timer = setTimeout(playCue, NOTES[index + 1]);
    index += 2;
  } else {
    end = 0;
    digitalWrite(PIEZO, 0);
  }
}

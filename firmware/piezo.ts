/**
 * The piezo: plays the core's sound cues note by note from timers, so scanning never waits
 * for a sound. It reads the cues as the build packed them (CUE_TEXT: two characters a note,
 * the pitch as a MIDI note number and the length in 10 ms; src/sounds.ts encodeCues) instead
 * of the (Hz, ms) table. Mute is the mid-end's: it sends no cue while muted.
 */
import { CUE_TEXT, PIEZO } from "merlin:config";
import { CUE_MS_UNIT, CUE_MS_ZERO, CUE_REST, noteHz } from "../src/sounds";

let timer: number | undefined;

/** Plays cue `id` (sounds.ts) from its start, replacing any cue playing; 0 or an unknown id just stops the sound. */
export function playCue(id: number): void {
  const cue = id > 0 ? CUE_TEXT.split(" ")[id - 1] || "" : "";
  /** The next note's index in `cue`. */
  let index = 0;
  /**
   * The note timer: plays the next note of the cue, or ends it in silence. (A function of
   * this cue, not of the module: it costs RAM only while the cue plays.)
   */
  function nextNote(): void {
    timer = undefined;
    if (index < cue.length) {
      const pitch = cue.charCodeAt(index);
      // noteHz is called outside the object literal: terser inlines no call inside one.
      const hz = pitch !== CUE_REST ? noteHz(pitch) : 0;
      if (hz > 0) analogWrite(PIEZO, 0.5, { freq: hz });
      else digitalWrite(PIEZO, 0);
      timer = setTimeout(nextNote, (cue.charCodeAt(index + 1) - CUE_MS_ZERO) * CUE_MS_UNIT);
      index += 2;
    } else digitalWrite(PIEZO, 0);
  }
  if (timer !== undefined) clearTimeout(timer);
  nextNote();
}

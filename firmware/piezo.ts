/**
 * The piezo: plays the core's sound cues note by note from timers, so scanning never waits
 * for a sound. It reads the cues as the build packed them (CUE_TEXT: two characters a note,
 * the pitch as a MIDI note number and the length in 10 ms; src/toy/sounds.ts encodeCues) instead
 * of the (Hz, ms) table. Mute is the mid-end's: it sends no cue while muted.
 */
import { PIEZO } from "merlin:config";
import { CUE_MS_UNIT, CUE_MS_ZERO, CUE_REST, noteHz } from "../src/toy/sounds";

/** The timer of the next note, while a cue plays. */
let timer: number | undefined;

/** The notes of cue `id` (sounds.ts) in CUE_TEXT's packing; "" for 0 or an unknown id. */
export function cueNotes(id: number): string {
  return id > 0 ? CUE_TEXT.split(" ")[id - 1] || "" : "";
}

/**
 * Plays `notes` (CUE_TEXT's packing) from the note at character `index`: from 0 it replaces any
 * cue playing ("" just stops the sound); its own timer calls it for each next note (Espruino's
 * setTimeout passes the extra arguments on), and after the last the piezo is silent.
 */
export function playNotes(notes: string, index: number): void {
  // Called from its timer (index > 0), that timer has just run: its id may already be reused.
  if (index === 0 && timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (index < notes.length) {
    const pitch = notes.charCodeAt(index);
    // noteHz is called outside the object literal: terser inlines no call inside one.
    const hz = pitch !== CUE_REST ? noteHz(pitch) : 0;
    if (hz > 0) analogWrite(PIEZO, 0.5, { freq: hz });
    else digitalWrite(PIEZO, 0);
    timer = setTimeout(playNotes, (notes.charCodeAt(index + 1) - CUE_MS_ZERO) * CUE_MS_UNIT, notes, index + 2);
  } else digitalWrite(PIEZO, 0);
}

/**
 * The piezo: plays the core's sound cues note by note from timers, so scanning never waits
 * for a sound. It reads the cues as the build packed them (CUE_TEXT: two characters a note,
 * the pitch as a MIDI note number and the length in 10 ms; src/toy/sounds.ts encodeCues) instead
 * of the (Hz, ms) table. Mute is the mid-end's: it sends no cue while muted.
 */
import { PIEZO } from "merlin:config";
import { CUE_MS_UNIT, CUE_MS_ZERO, CUE_REST, CUE_SEPARATOR, noteHz } from "../src/toy/sounds";

/** The timer of the next note, while a cue plays. */
let timer: number | undefined;

/** Where cue `id`'s notes start in CUE_TEXT (sounds.ts encodeCues: cues 1, 2, … separated by spaces); −1 for 0 or an unknown id. */
function cueStart(id: number): number {
  let at = id > 0 ? 0 : -1;
  for (let n = 1; n < id && at >= 0; n++) {
    const space = CUE_TEXT.indexOf(" ", at);
    at = space < 0 ? -1 : space + 1;
  }
  return at;
}

/**
 * Plays a call's sound: its `tones` (Hz, ms pairs: Merlin's other games' notes; may be empty),
 * then cue `id` (0 none), replacing any sound playing. (The controller calls it once the call's
 * LEDs are lit.)
 */
export function playSound(tones: number[], id: number): void {
  if (timer !== undefined) clearTimeout(timer);
  playTones(tones, 0, id);
}

/**
 * Plays CUE_TEXT from the note at character `at` to the end of its cue (the next space, or the
 * text's end), each note from the timer of the one before (`next` true: Espruino's setTimeout
 * passes the extra arguments on); after its last note the piezo is silent. −1 plays nothing:
 * with `next` false it stops any sound playing (sleep).
 */
export function playNotes(at: number, next: boolean): void {
  // Called from its timer, that timer has just run: its id may already be reused.
  if (!next && timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const pitch = at >= 0 && at < CUE_TEXT.length ? CUE_TEXT.charCodeAt(at) : CUE_SEPARATOR;
  if (pitch !== CUE_SEPARATOR) {
    // noteHz is called outside the object literal: terser inlines no call inside one.
    const hz = pitch !== CUE_REST ? noteHz(pitch) : 0;
    if (hz > 0) analogWrite(PIEZO, 0.5, { freq: hz });
    else digitalWrite(PIEZO, 0);
    timer = setTimeout(playNotes, (CUE_TEXT.charCodeAt(at + 1) - CUE_MS_ZERO) * CUE_MS_UNIT, at + 2, true);
  } else digitalWrite(PIEZO, 0);
}

/**
 * Plays tones (Hz, ms) pairs from `list[at]` on (Merlin's other games: their notes), each from
 * a timer, as playSound starts them; Hz 0 is a rest. Then cue `id` (0 none: silence), so a
 * game's last note is heard before its fanfare. A new sound replaces them.
 */
function playTones(list: number[], at: number, id: number): void {
  timer = undefined;
  if (at >= list.length) {
    playNotes(cueStart(id), true);
    return;
  }
  if (list[at] > 0) analogWrite(PIEZO, 0.5, { freq: list[at] });
  else digitalWrite(PIEZO, 0);
  timer = setTimeout(playTones, list[at + 1], list, at + 2, id);
}

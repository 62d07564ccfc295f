/**
 * Sound cues: the game reports cue ids, a front end plays their notes. A cue is a flat list
 * of (frequency Hz, duration ms) pairs; frequency 0 is a rest. All cues live in one Uint16Array
 * (a few JsVars on Espruino instead of one per number).
 *
 * Modelled on the 1978 Merlin (docs/MERLIN.md): a short low buzz per press, a rising chirp for
 * NEW GAME, about a second of three rising arpeggios for a win, a warble when every pad goes
 * dark, a tone with the power-on light test.
 */

export const CUE_PRESS = 1;
export const CUE_ILLEGAL = 2;
export const CUE_NEW_GAME = 3;
export const CUE_WIN = 4;
export const CUE_LOSS = 5;
export const CUE_DARK = 6;
export const CUE_HINT = 7;
export const CUE_UNDO = 8;
export const CUE_MUTE = 9;
export const CUE_UNMUTE = 10;
export const CUE_SELF_TEST = 11;
export const CUE_POWER_ON = 12;

/** Cue names by id (index 0 is "no cue"), as the CLI and the simulator print them. */
export const CUE_NAMES = [
  "", "press", "illegal", "new-game", "win", "loss", "all-dark", "hint", "undo", "mute", "unmute", "self-test", "power-on",
];

// The notes of cue i are NOTES[CUE_START[i] .. CUE_START[i + 1]).
// prettier-ignore
export const NOTES = new Uint16Array([
  // press: a short low buzz, 0.14 s
  150, 140,
  // illegal: two lower buzzes
  110, 90, 0, 50, 110, 90,
  // new game: a rising chirp, 300 Hz → 1 kHz in 0.2 s
  300, 25, 400, 25, 500, 25, 600, 25, 700, 25, 800, 25, 900, 25, 1000, 25,
  // win: three rising arpeggios (C, D, E major) and a top note, 1 s
  523, 90, 659, 90, 784, 90,
  587, 90, 740, 90, 880, 90,
  659, 90, 831, 90, 988, 90,
  1319, 190,
  // loss: falling steps, 1 s
  392, 200, 330, 200, 262, 200, 196, 400,
  // all dark: a warble
  700, 60, 500, 60, 700, 60, 500, 60, 700, 60, 500, 60, 700, 60, 500, 60,
  // hint: two high blips
  1047, 60, 0, 40, 1319, 80,
  // undo: a step down
  659, 60, 523, 80,
  // mute: down an octave; unmute: up an octave
  880, 50, 440, 100,
  440, 50, 880, 100,
  // self-test: a click
  2000, 5,
  // power on: the tone under the 0.5 s light test
  440, 500,
]);

// prettier-ignore
export const CUE_START = new Uint16Array([
  0, 0, 2, 8, 24, 44, 52, 68, 74, 78, 82, 86, 88, 90,
]);

/** Number of cue ids (valid ids are 1 .. CUE_COUNT − 1). */
export const CUE_COUNT = 13; // CUE_START.length − 1 (a literal: the build inlines it; test/game-sounds.test.ts checks)

/** The notes of cue `id` as (Hz, ms) pairs; empty for 0 or an unknown id. */
export function cueNotes(id: number): Uint16Array {
  if (!(id > 0 && id < CUE_COUNT)) return NOTES.subarray(0, 0);
  return NOTES.subarray(CUE_START[id], CUE_START[id + 1]);
}

/** How long cue `id` plays, in ms. */
export function cueDurationMs(id: number): number {
  const notes = cueNotes(id);
  let ms = 0;
  for (let i = 1; i < notes.length; i += 2) ms += notes[i];
  return ms;
}

/** The cue id for a name in CUE_NAMES, or 0. */
export function cueByName(name: string): number {
  for (let i = 1; i < CUE_NAMES.length; i++) if (CUE_NAMES[i] === name) return i;
  return 0;
}

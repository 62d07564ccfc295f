/**
 * Sound cues: the game reports cue ids, a front end plays their notes. A cue is a flat list
 * of (frequency Hz, duration ms) pairs; frequency 0 is a rest. All cues live in one Uint16Array
 * (NOTES, CUE_START). Every pitch is a note of the equal-tempered scale (noteHz) and every
 * length a multiple of 10 ms, so the firmware build packs the table into a short string,
 * two characters a note (encodeCues), that the toy plays without the table.
 *
 * Modelled on the 1978 Merlin (docs/sources.md): a short low buzz per press, a rising chirp for
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
/** Merlin's games (src/toy/games/): a drawn game, and Merlin making his move. */
export const CUE_DRAW = 13;
export const CUE_MERLIN = 14;

/** Cue names by id (index 0 is "no cue"), as the CLI and the simulator print them. */
export const CUE_NAMES = [
  "", "press", "illegal", "new-game", "win", "loss", "all-dark", "hint", "undo", "mute", "unmute", "self-test", "power-on", "draw",
  "merlin",
];

// The notes of cue i are NOTES[CUE_START[i] .. CUE_START[i + 1]). Pitches by name: D3 147,
// A2 110, G4 392, C5 523, E6 1319, … (noteHz of their MIDI numbers).
// prettier-ignore
export const NOTES = /* @__PURE__ */ new Uint16Array([
  // press: a short low buzz (D3), 0.14 s
  147, 140,
  // illegal: two lower buzzes (A2)
  110, 90, 0, 50, 110, 90,
  // new game: a rising chirp, D4 294 Hz → B5 988 Hz in 0.24 s
  294, 30, 392, 30, 494, 30, 587, 30, 698, 30, 784, 30, 880, 30, 988, 30,
  // win: three rising arpeggios (C, D, E major) and a top E, 1 s
  523, 90, 659, 90, 784, 90,
  587, 90, 740, 90, 880, 90,
  659, 90, 831, 90, 988, 90,
  1319, 190,
  // loss: falling steps G4 E4 C4 G3, 1 s
  392, 200, 330, 200, 262, 200, 196, 400,
  // all dark: a warble (F5, B4)
  698, 60, 494, 60, 698, 60, 494, 60, 698, 60, 494, 60, 698, 60, 494, 60,
  // hint: two high blips (C6, E6)
  1047, 60, 0, 40, 1319, 80,
  // undo: a step down (E5, C5)
  659, 60, 523, 80,
  // mute: down an octave (A5, A4); unmute: up an octave
  880, 50, 440, 100,
  440, 50, 880, 100,
  // self-test: a click (B6)
  1976, 10,
  // power on: the tone (A4) under the 0.5 s light test
  440, 500,
  // draw (a tied game): the same tone twice, neither rising nor falling (G4)
  392, 150, 0, 60, 392, 150,
  // Merlin moves: a quick high blip (G5)
  784, 80,
]);

// prettier-ignore
export const CUE_START = /* @__PURE__ */ new Uint16Array([
  0, 0, 2, 8, 24, 44, 52, 68, 74, 78, 82, 86, 88, 90, 96, 98,
]);

/**
 * Number of cue ids (valid ids are 1 .. CUE_COUNT − 1): CUE_START.length − 1, written as a
 * number so that a bundle of code that uses cue ids keeps neither table (the firmware plays its
 * cues from encodeCues' text). test/game-sounds.test.ts checks that the two agree.
 */
export const CUE_COUNT = 15;

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

/** The frequency of MIDI note `midi` on the equal-tempered scale (A4 = 69 = 440 Hz), rounded to 1 Hz. */
export function noteHz(midi: number): number {
  return Math.round(440 * Math.pow(2, (midi - 69) / 12));
}

/** Character codes of encodeCues' text. */
export const CUE_SEPARATOR = 32; // " ": between cues
export const CUE_REST = 33; // "!": a rest instead of a pitch
export const CUE_MS_ZERO = 48; // "0": the length character is "0" + length / 10 ms
export const CUE_MS_UNIT = 10;

/**
 * Cue tables (NOTES and CUE_START, or others of their shape) as one string for the firmware,
 * two characters a note: the pitch, as the MIDI note number's character (CUE_REST for a
 * rest), then the length, "0" + ms / 10 — cues 1, 2, … separated by spaces: printable ASCII
 * throughout (pitches from "\"" = MIDI 34 up). Built into the firmware at build time. Throws
 * when a note is not a scale pitch or its length not a multiple of 10 ms up to 780.
 */
export function encodeCues(notes: Uint16Array, start: Uint16Array): string {
  const cues: string[] = [];
  for (let id = 1; id + 1 < start.length; id++) {
    let text = "";
    for (let i = start[id]; i < start[id + 1]; i += 2) {
      const hz = notes[i];
      const ms = notes[i + 1];
      const midi = hz === 0 ? CUE_REST : Math.round(69 + (12 * Math.log(hz / 440)) / Math.LN2);
      if (hz !== 0 && !(midi > CUE_REST && midi < 127 && noteHz(midi) === hz)) {
        throw new Error(`cue ${id}: ${hz} Hz is not a scale note (noteHz)`);
      }
      const len = ms / CUE_MS_UNIT;
      if (!(len >= 1 && Math.floor(len) === len && CUE_MS_ZERO + len < 127)) {
        throw new Error(`cue ${id}: ${ms} ms is not a multiple of ${CUE_MS_UNIT} ms up to ${(126 - CUE_MS_ZERO) * CUE_MS_UNIT}`);
      }
      text += String.fromCharCode(midi, CUE_MS_ZERO + len);
    }
    cues.push(text);
  }
  return cues.join(String.fromCharCode(CUE_SEPARATOR));
}

/**
 * Music Machine (game 2 of the 1978 Merlin): teach Merlin a tune of up to 48 notes and rests.
 *
 * Pads 1 … 10 are notes (pad 10 where the board has it; lightHz: the C major scale from middle
 * C), each sounding as it is pressed; pad 0 — or HIT ME, on boards without pad 0 — is a rest.
 * COMP TURN plays the tune back, each note lighting its pad, and plays it again when pressed
 * again; SAME GAME during a playback stops it, otherwise starts a new, empty tune. The tune is
 * the state, saved with it, so the mid-end keeps it through a power cut (the 1978 toy lost it).
 * Undo takes back the last note (by snapshot).
 */
import {
  GameEffects, GameLayout, GameModule, hasLight, KEY_COMP_TURN, KEY_HIT_ME, KEY_NEW_GAME, KEY_SAME_GAME, readLights, lightsText, refuse,
  STATUS_PLAYING,
} from "../gamemodule";
import { CUE_NEW_GAME } from "../sounds";
import { lightHz } from "./scale";

/** The manual's figure: 48 notes and rests. */
export const MAX_NOTES = 48;
/** Playback: a note every NOTE_MS, sounding NOTE_TONE_MS; a key's note sounds KEY_TONE_MS. */
export const NOTE_MS = 300;
export const NOTE_TONE_MS = 250;
export const KEY_TONE_MS = 250;

export interface MusicState {
  /** The highest note pad: 10 with pad 10, else 9. */
  top: number;
  /** The tune: pads 1 … 10, 0 for a rest. */
  tune: Uint16Array;
  count: number;
  /** Playing back: the next note (−1 not playing), and when (ms). */
  playing: number;
  nextAt: number;
}

function show(s: MusicState, fx: GameEffects): void {
  fx.show = true;
  fx.frame = 0;
  fx.blink = 0;
}

function key(s: MusicState, k: number, now: number, fx: GameEffects): void {
  if (k === KEY_COMP_TURN) {
    if (s.count === 0) return refuse(fx, "the tune is empty: press pads to teach Merlin one");
    s.playing = 0;
    s.nextAt = now;
    show(s, fx);
    return;
  }
  if (k === KEY_SAME_GAME || k === KEY_NEW_GAME) {
    if (s.playing >= 0 && k === KEY_SAME_GAME) s.playing = -1;
    else {
      s.count = 0;
      s.playing = -1;
      fx.cues.push(CUE_NEW_GAME);
      fx.changed = true;
    }
    show(s, fx);
    return;
  }
  const rest = k === 0 || k === KEY_HIT_ME;
  if (!rest && !(k >= 1 && k <= s.top)) {
    return refuse(fx, "Music Machine takes pads 1-" + s.top + " for notes, " + (s.top === 10 ? "0" : "HIT ME") + " for a rest, COMP TURN to play");
  }
  if (s.playing >= 0) return refuse(fx, "Merlin is playing: SAME GAME stops him");
  if (s.count === MAX_NOTES) return refuse(fx, "the tune is full: " + MAX_NOTES + " notes and rests");
  const note = rest ? 0 : k;
  s.tune[s.count++] = note;
  fx.tones.push(lightHz(note), KEY_TONE_MS);
  fx.changed = true;
  show(s, fx);
  fx.frame = note > 0 ? 1 << note : 0;
}

function tick(s: MusicState, now: number, fx: GameEffects): void {
  if (s.playing < 0 || now < s.nextAt) return;
  show(s, fx);
  if (s.playing === s.count) {
    s.playing = -1;
    return;
  }
  const note = s.tune[s.playing++];
  fx.frame = note > 0 ? 1 << note : 0;
  fx.tones.push(lightHz(note), NOTE_TONE_MS);
  s.nextAt += NOTE_MS;
}

/** The tune as one character a note ("0" a rest, "1" … "9", "a" for 10): the whole saved line. */
function save(s: MusicState): string {
  return lightsText(s.tune, s.count);
}

function blank(layout: GameLayout): MusicState {
  return { top: hasLight(layout, 10) ? 10 : 9, tune: new Uint16Array(MAX_NOTES), count: 0, playing: -1, nextAt: -1 };
}

function load(text: string, layout: GameLayout): MusicState | null {
  const s = blank(layout);
  if (!readLights(text, s.tune, 0, s.top)) return null;
  s.count = text.length;
  return s;
}

export const music: GameModule<MusicState> = {
  name: "music",
  number: 2,
  undo: true,
  create: function (seed: number, layout: GameLayout, now: number): MusicState {
    return blank(layout);
  },
  key: key,
  tick: tick,
  due: function (s: MusicState): number {
    return s.playing >= 0 ? s.nextAt : -1;
  },
  command: function (s: MusicState, name: string, value: unknown, now: number, fx: GameEffects): void {
    refuse(fx, "Music Machine has no settings, got " + name);
  },
  show: show,
  status: function (s: MusicState): number {
    return STATUS_PLAYING;
  },
  describe: function (s: MusicState) {
    return { "tune": save(s), "notes": s.count, "playing": s.playing >= 0 };
  },
  save: save,
  load: load,
};

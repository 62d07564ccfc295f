/**
 * Echo (game 3 of the 1978 Merlin): Merlin plays a tune of random notes; you play it back.
 *
 * Press a pad for the tune's length: 1 … 9, or 10 on boards with pad 10. Merlin plays that many
 * notes, each lighting its pad (pads 1 … 9, lightHz), then you repeat the tune on the pads.
 * After your last note Merlin shows how many of your notes were right (lights 1, 2, … steady)
 * with the fanfare when all were, the falling steps when not. SAME GAME: hear the same tune
 * again and try again; COMP TURN: a new tune of the same length; NEW GAME: choose the length.
 * Undo is unavailable: a note heard cannot be taken back (GameModule.undo false).
 */
import {
  countLights, draw, GameEffects, GameLayout, GameModule, hasLight, KEY_COMP_TURN, KEY_NEW_GAME, KEY_SAME_GAME, readLights, lightsText,
  refuse, STATUS_LOST, STATUS_PLAYING, STATUS_WON, wholeField,
} from "../gamemodule";
import { seedRandom } from "../rng";
import { CUE_LOSS, CUE_NEW_GAME, CUE_WIN } from "../sounds";
import { lightHz } from "./scale";

export const MAX_LENGTH = 10;
/** Merlin's tune: a pause before it, then a note every NOTE_MS, each sounding NOTE_TONE_MS. */
export const LEAD_MS = 600;
export const NOTE_MS = 500;
export const NOTE_TONE_MS = 400;
/** How long a note you play sounds. */
export const KEY_TONE_MS = 250;

export const PHASE_CHOOSE = 0;
export const PHASE_LISTEN = 1;
export const PHASE_REPEAT = 2;
export const PHASE_DONE = 3;

export interface EchoState {
  rng: number;
  /** The longest tune the board can take: 10 with pad 10, else 9. */
  maxLength: number;
  size: number;
  tune: Uint16Array;
  phase: number;
  /** Listening: the next note Merlin plays, and when (ms). */
  played: number;
  nextAt: number;
  /** Repeating: notes you played, and how many of them were right. */
  entered: number;
  right: number;
}

function compose(s: EchoState, length: number, now: number): void {
  s.size = length;
  s.tune.fill(0);
  for (let i = 0; i < length; i++) s.tune[i] = 1 + draw(s, 9);
  listen(s, now);
}

/** Merlin plays the tune (again) from its first note, after the lead-in. */
function listen(s: EchoState, now: number): void {
  s.phase = PHASE_LISTEN;
  s.played = 0;
  s.nextAt = now + LEAD_MS;
  s.entered = 0;
  s.right = 0;
}

function show(s: EchoState, fx: GameEffects): void {
  fx.show = true;
  fx.blink = 0;
  if (s.phase === PHASE_CHOOSE) {
    fx.frame = countLights(s.maxLength);
    fx.blink = fx.frame;
  } else if (s.phase === PHASE_DONE) fx.frame = countLights(s.right);
  else fx.frame = 0;
}

function key(s: EchoState, k: number, now: number, fx: GameEffects): void {
  if (k === KEY_NEW_GAME) {
    compose(s, 0, now);
    s.phase = PHASE_CHOOSE;
    fx.cues.push(CUE_NEW_GAME);
  } else if (k === KEY_SAME_GAME || k === KEY_COMP_TURN) {
    if (s.phase === PHASE_CHOOSE) return refuse(fx, "choose the tune's length first: a pad 1-" + s.maxLength);
    if (k === KEY_COMP_TURN) compose(s, s.size, now);
    else listen(s, now);
    fx.cues.push(CUE_NEW_GAME);
  } else if (!(k >= 1 && k <= 9) && !(k === 10 && s.maxLength === 10 && s.phase === PHASE_CHOOSE)) {
    return refuse(fx, "Echo takes pads 1-9" + (s.maxLength === 10 ? " (10 for a length)" : "") + ", SAME GAME and COMP TURN");
  } else if (s.phase === PHASE_CHOOSE) {
    compose(s, k, now);
    fx.cues.push(CUE_NEW_GAME);
  } else if (s.phase === PHASE_LISTEN) {
    return refuse(fx, "listen first: Merlin is playing the tune");
  } else if (s.phase === PHASE_DONE) {
    return refuse(fx, "the tune is over: SAME GAME to try it again, COMP TURN for a new one");
  } else {
    if (s.tune[s.entered] === k) s.right++;
    s.entered++;
    fx.tones.push(lightHz(k), KEY_TONE_MS);
    if (s.entered === s.size) {
      s.phase = PHASE_DONE;
      fx.cues.push(s.right === s.size ? CUE_WIN : CUE_LOSS);
    } else {
      fx.changed = true;
      show(s, fx);
      fx.frame = 1 << k;
      return;
    }
  }
  fx.changed = true;
  show(s, fx);
}

function tick(s: EchoState, now: number, fx: GameEffects): void {
  if (s.phase !== PHASE_LISTEN || now < s.nextAt) return;
  fx.show = true;
  fx.blink = 0;
  if (s.played === s.size) {
    // The tune is over: your turn, on dark pads.
    s.phase = PHASE_REPEAT;
    fx.frame = 0;
  } else {
    const note = s.tune[s.played++];
    fx.frame = 1 << note;
    fx.tones.push(lightHz(note), NOTE_TONE_MS);
    s.nextAt += NOTE_MS;
  }
  fx.changed = true;
}

function command(s: EchoState, name: string, value: unknown, now: number, fx: GameEffects): void {
  if (name === "length" && typeof value === "number" && value >= 1 && value <= s.maxLength && Math.floor(value) === value) {
    compose(s, value, now);
    fx.changed = true;
    show(s, fx);
  } else refuse(fx, "Echo takes length 1-" + s.maxLength + ", got " + name + " " + value);
}

/** "length,tune,phase,played,entered,right,rng"; a tune being played resumes at once after loading. */
function save(s: EchoState): string {
  return [s.size, lightsText(s.tune, s.size), s.phase, s.played, s.entered, s.right, s.rng >>> 0].join(",");
}

function blank(rng: number, layout: GameLayout): EchoState {
  return {
    rng: rng, maxLength: hasLight(layout, 10) ? 10 : 9, size: 0, tune: new Uint16Array(MAX_LENGTH), phase: PHASE_CHOOSE, played: 0,
    nextAt: -1, entered: 0, right: 0,
  };
}

function load(text: string, layout: GameLayout): EchoState | null {
  const f = text.split(",");
  if (f.length !== 7 || !wholeField(f[6], 1, 4294967295)) return null;
  const s = blank(Number(f[6]) | 0, layout);
  if (!wholeField(f[0], 0, s.maxLength) || !wholeField(f[2], 0, 3) || f[1].length !== Number(f[0]) || !readLights(f[1], s.tune, 1, 9)) return null;
  s.size = Number(f[0]);
  s.phase = Number(f[2]);
  const len = s.size;
  if (!wholeField(f[3], 0, len) || !wholeField(f[4], 0, len) || !wholeField(f[5], 0, Number(f[4]))) return null;
  s.played = Number(f[3]);
  s.entered = Number(f[4]);
  s.right = Number(f[5]);
  // Each phase has its own counters: none while choosing, a tune while listening (then none of
  // yours), all of it heard before you play, and all of yours in at the end.
  const ok = s.phase === PHASE_CHOOSE ? len === 0 && s.played === 0 && s.entered === 0
    : len > 0 && (s.phase === PHASE_LISTEN ? s.entered === 0 : s.played === len && (s.phase === PHASE_REPEAT ? s.entered < len : s.entered === len));
  if (!ok) return null;
  if (s.phase === PHASE_LISTEN) s.nextAt = 0;
  return s;
}

export const echo: GameModule<EchoState> = {
  name: "echo",
  number: 3,
  undo: false,
  create: function (seed: number, layout: GameLayout, now: number): EchoState {
    return blank(seedRandom(seed, 3), layout);
  },
  key: key,
  tick: tick,
  due: function (s: EchoState): number {
    return s.phase === PHASE_LISTEN ? s.nextAt : -1;
  },
  command: command,
  show: show,
  status: function (s: EchoState): number {
    return s.phase !== PHASE_DONE ? STATUS_PLAYING : s.right === s.size ? STATUS_WON : STATUS_LOST;
  },
  describe: function (s: EchoState) {
    return { "length": s.size, "phase": ["choose", "listen", "repeat", "done"][s.phase], "entered": s.entered, "right": s.right };
  },
  save: save,
  load: load,
};

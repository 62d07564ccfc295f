/**
 * The general game interface: what one of Merlin's six games is to the toy, after the `game`
 * struct of Simon Tatham's puzzle collection. A game module is a plain object of functions over
 * the game's own state (no classes; the state is a plain object of numbers and typed arrays),
 * so that each game can be built as a module of its own, loaded from the toy's Storage when it
 * is chosen and dropped when another is.
 *
 * A game is written once, in Merlin's own terms: its **lights** are numbered 0 … 10 as on the
 * 1978 toy (0 above the 3×3, 1 … 9 like a phone keypad, 10 below), and its keys are those lights'
 * pads plus the four buttons NEW GAME, SAME GAME, HIT ME and COMP TURN (KEY_*). A GameLayout
 * says where those are on a board: which lights it has (a 3×3 board has 1 … 9 only), on which
 * pads, and whether a button is a key of its own or a hold of a pad. The mid-end translates a
 * board's pads to Merlin's keys and lights, so no game knows the board.
 *
 * Every call takes the time now (ms) and writes what a player sees and hears into a shared
 * GameEffects record: the lights lit and which of them blink, sound cues (sounds.ts) and
 * tones (Hz, ms), whether the state changed (to be saved), why a key was refused.
 */
import { nextRandom } from "./rng";
import { CUE_ILLEGAL } from "./sounds";

/** Merlin's lights 0 … 10 (LIGHTS of them) and its four buttons, as game keys. */
export const LIGHTS = 11;
export const KEY_NEW_GAME = 11;
export const KEY_SAME_GAME = 12;
export const KEY_HIT_ME = 13;
export const KEY_COMP_TURN = 14;
export const KEY_COUNT = 15;
/** The buttons' names, index key − KEY_NEW_GAME. */
export const BUTTON_NAMES = ["newGame", "sameGame", "hitMe", "compTurn"];

/** What status() answers. */
export const STATUS_PLAYING = 0;
export const STATUS_WON = 1;
export const STATUS_LOST = 2;
export const STATUS_DRAW = 3;
export const STATUS_NAMES = ["playing", "won", "lost", "draw"];

/**
 * Where Merlin's lights are on a board. `lights` is the mask of the lights the board has (bit
 * n = light n); `padOfLight[n]` the pad (0-based) under light n, NO_PAD where there is none
 * (read it where hasLight). (The buttons are the mid-end's: keys of their own after the pads,
 * or holds of pads; it hands a game its buttons as KEY_*.)
 *
 * Games keep their small arrays in Uint16Array, as the toy's core does (docs/architecture.md,
 * "Game modules", says why).
 */
export interface GameLayout {
  pads: number;
  lights: number;
  padOfLight: Uint16Array;
  /** Per pad, the light over it plus one (0: none), so that a key finds its light in one look-up. */
  lightAbove: Uint16Array;
  /** Lights 1 … 9 on pads 0 … 8, and no other light (the 3×3 boards): pads are lights moved down a bit. */
  shifted: boolean;
}

/** padOfLight of a light the board does not have. */
export const NO_PAD = 0xffff;

/** Every light, 0 … 10: the 1978 toy and the pixel boards. */
export const ALL_LIGHTS = 0x7ff;
/** Lights 1 … 9: the 3×3 boards. */
export const GRID_LIGHTS = 0x3fe;

/**
 * The layout of a `rows` × `cols` board, or of the 1978 toy's 11 pads (rows 0, cols 11: pads
 * 0 … 10 are lights 0 … 10). Lights 1 … 9 sit like a phone keypad on the top-left 3×3 of a 4×4
 * and the middle 3×3 of a 5×5; light 0 sits above light 2 where there is a row for it (5×5),
 * else right of light 3 (4×4); light 10 below light 8. A 3×3 board has lights 1 … 9 only.
 */
export function layoutFor(rows: number, cols: number): GameLayout {
  const padOfLight = new Uint16Array(LIGHTS);
  let pads = rows * cols;
  let lights = GRID_LIGHTS;
  for (let n = 0; n < LIGHTS; n++) padOfLight[n] = NO_PAD;
  if (rows === 0) {
    // The 1978 toy: eleven pads in a column, numbered as its lights.
    pads = cols;
    lights = ALL_LIGHTS;
    for (let n = 0; n < LIGHTS; n++) padOfLight[n] = n;
  } else {
    // 1 … 9 on the top-left 3×3 (or the middle 3×3 of a 5×5, leaving a row above and below).
    const top = rows >= 5 ? 1 : 0;
    const left = cols >= 5 ? 1 : 0;
    for (let n = 1; n <= 9; n++) padOfLight[n] = (top + Math.floor((n - 1) / 3)) * cols + left + ((n - 1) % 3);
    if (rows >= 4 && cols >= 4) {
      lights = ALL_LIGHTS;
      padOfLight[0] = top === 1 ? left + 1 : 3;
      padOfLight[10] = (top + 3) * cols + left + 1;
    }
  }
  const lightAbove = new Uint16Array(pads);
  for (let n = 0; n < LIGHTS; n++) if ((lights & (1 << n)) !== 0) lightAbove[padOfLight[n]] = n + 1;
  return { pads: pads, lights: lights, padOfLight: padOfLight, lightAbove: lightAbove, shifted: rows === 3 && cols === 3 };
}

/** Whether the layout has light (and pad) `n`. */
export function hasLight(layout: GameLayout, n: number): boolean {
  return n >= 0 && n < LIGHTS && (layout.lights & (1 << n)) !== 0;
}

/**
 * Lights `lights` (bit n = light n) as the layout's pads (bit p = pad p). (It runs at every key:
 * lights 1 … 9 go three at a time, since each row of three sits on three pads side by side in
 * every layout layoutFor makes, the 1978 toy's column too; on the 3×3 boards each light is
 * simply the pad below it, moved down a bit; no lights, as most keys' blink, are no pads.)
 */
export function padsOfLights(layout: GameLayout, lights: number): number {
  if (lights === 0) return 0;
  if (layout.shifted) return (lights >> 1) & 511;
  const at = layout.padOfLight;
  let pads = (((lights >> 1) & 7) << at[1]) | (((lights >> 4) & 7) << at[4]) | (((lights >> 7) & 7) << at[7]);
  if ((lights & 1) !== 0 && hasLight(layout, 0)) pads |= 1 << at[0];
  if ((lights & 1024) !== 0 && hasLight(layout, 10)) pads |= 1 << at[10];
  return pads;
}

/** The light (0 … 10) over pad `pad` (0-based) in the layout, −1 when none is. */
export function lightOfPad(layout: GameLayout, pad: number): number {
  return pad >= 0 && pad < layout.pads ? layout.lightAbove[pad] - 1 : -1;
}

/**
 * What a game call shows and plays. A front end shows frame/blink when `show` is set. A module
 * writes into it and reads back only what it wrote: on the toy it is the toy's own record
 * (lightgames.ts freshLights), whose cues, tones and refusal may hold what the call did before.
 */
export interface GameEffects {
  /** Lights lit, bit n = light n (0 … 10). */
  frame: number;
  /** Which of the lit lights blink. */
  blink: number;
  /** Lights to show instead of the frame for flashMs (0 = none). */
  flash: number;
  flashMs: number;
  show: boolean;
  /** Sound cue ids (sounds.ts), in order. */
  cues: number[];
  /** Tones to play now, in order: (Hz, ms) pairs; Hz 0 is a rest. */
  tones: number[];
  /**
   * The state changed: the game file is to be written. Set it whenever the saved line or the
   * status may differ: the player keeps both from one change to the next (lightgames.ts).
   */
  changed: boolean;
  /** Why a key or command was refused (one line), "" when it was not. */
  refused: string;
}

/** Fresh effects, nothing in them yet. */
export function createEffects(): GameEffects {
  return { frame: 0, blink: 0, flash: 0, flashMs: 0, show: false, cues: [], tones: [], changed: false, refused: "" };
}

/**
 * One game. `S` is its state: a plain object the module alone reads and writes.
 *
 * - `create(seed, layout, now)`: a new game from a seed (the same seed, the same game everywhere);
 * - `key(state, key, now, fx)`: a key went down (0 … 10 a light's pad, KEY_* a button). NEW
 *   GAME chooses a game in the mid-end; a game gets KEY_NEW_GAME when NEW GAME chose it again
 *   (it starts over and asks for its settings, as a length, again);
 * - `tick(state, now, fx)`: what is due at `now` (a tune playing, Merlin's move); `due(state)`
 *   says when the next tick is wanted, −1 never;
 * - `command(state, name, value, now, fx)`: a console call or setting (e.g. "level", "length");
 * - `show(state, fx)`: the lights as they stand (after loading, after a flash);
 * - `status(state)`: STATUS_*; `describe(state)`: the state for the console, as an object;
 * - `save(state)` / `load(text, layout)`: the state as one line, and back (null when the text
 *   is not a state of this game); the settings are part of the state;
 * - `undo`: whether the mid-end may offer undo and redo by snapshots (save before each key,
 *   load to go back; createHistory), false where taking back a move would be cheating or
 *   meaningless (Echo, Blackjack 13's cards).
 *
 * A refused key or command changes nothing and says why in fx.refused (refuse: with the
 * illegal-key buzz).
 */
export interface GameModule<S> {
  name: string;
  /** The game's number on the 1978 toy: NEW GAME, then this pad. */
  number: number;
  undo: boolean;
  create: (seed: number, layout: GameLayout, now: number) => S;
  key: (state: S, key: number, now: number, fx: GameEffects) => void;
  tick: (state: S, now: number, fx: GameEffects) => void;
  due: (state: S) => number;
  command: (state: S, name: string, value: unknown, now: number, fx: GameEffects) => void;
  show: (state: S, fx: GameEffects) => void;
  status: (state: S) => number;
  describe: (state: S) => { [key: string]: unknown };
  save: (state: S) => string;
  load: (text: string, layout: GameLayout) => S | null;
}

/** A game module of any state type, as the list of games holds them. */
export type AnyGameModule = GameModule<any>;

/** A whole number from 0 to n − 1 from the generator state `rng` (its 32 bits, unsigned, mod n). */
function randomBelow(rng: number, n: number): number {
  return (rng >>> 0) % n;
}

/**
 * Draws from the generator state kept in `holder.rng` (rng.ts: seedRandom, then nextRandom):
 * a whole number from 0 to n − 1. The modulo bias for n ≤ 11 is below 3·10⁻⁹.
 */
export function draw(holder: { rng: number }, n: number): number {
  holder.rng = nextRandom(holder.rng);
  return randomBelow(holder.rng, n);
}

/** Lights 1 … n lit (all ten from n = 10 on): how games show a count — a score, a length. */
export function countLights(n: number): number {
  return n <= 0 ? 0 : n >= 10 ? ALL_LIGHTS - 1 : ((1 << n) - 1) << 1;
}

/**
 * Refuses a key or command: why, and the illegal-key buzz; the state is left alone.
 * @kept (many keys run it: docs/architecture.md, "Speed: what is left")
 */
export function refuse(fx: GameEffects, why: string): void {
  fx.refused = why;
  fx.cues.push(CUE_ILLEGAL);
}

/** Whether every character of `text` is one of `chars` (what the games' load() accepts in a field). */
export function onlyOf(text: string, chars: string): boolean {
  for (let i = 0; i < text.length; i++) if (chars.indexOf(text.charAt(i)) < 0) return false;
  return true;
}

/** Whether `text` is a whole number from `min` to `max` written plainly (what load() accepts in a field). */
export function wholeField(text: string, min: number, max: number): boolean {
  if (text.length < 1 || text.length > 10 || !onlyOf(text, "0123456789")) return false;
  const n = Number(text);
  return n >= min && n <= max;
}

/**
 * Snapshot undo for any game whose module says `undo`: the saved lines before each move, kept
 * in a ring of `size` (the oldest forgotten), and the lines undone, for redo. The mid-end
 * pushes save(state) before a key that changed the state, and loads what undo or redo give.
 */
export interface History {
  size: number;
  past: string[];
  future: string[];
}

export function createHistory(size: number): History {
  return { size: size, past: [], future: [] };
}

/** Remembers `before` (the state before a move); a new move forgets what was undone. */
export function historyPush(h: History, before: string): void {
  h.past.push(before);
  if (h.past.length > h.size) h.past.shift();
  h.future = [];
}

/** The state to go back to from `now` (its saved line), null when there is nothing to undo. */
export function historyUndo(h: History, now: string): string | null {
  const back = h.past.pop();
  if (back === undefined) return null;
  h.future.push(now);
  return back;
}

/** The state undo left (its saved line) from `now`, null when there is nothing to redo. */
export function historyRedo(h: History, now: string): string | null {
  const again = h.future.pop();
  if (again === undefined) return null;
  h.past.push(now);
  return again;
}

/** Light numbers 0 … 10 as one character each in saved lines: "0" … "9", "a". */
const LIGHT_CHARS = "0123456789a";

/** The lights (0 … 10) in `a[0 … n)` as characters. */
export function lightsText(a: Uint16Array, n: number): string {
  let t = "";
  for (let i = 0; i < n; i++) t += LIGHT_CHARS.charAt(a[i]);
  return t;
}

/** Reads lightsText's characters into `a`: false when one is not a light from `min` to `max` or there are too many. */
export function readLights(text: string, a: Uint16Array, min: number, max: number): boolean {
  if (text.length > a.length) return false;
  for (let i = 0; i < text.length; i++) {
    const n = LIGHT_CHARS.indexOf(text.charAt(i));
    if (n < min || n > max) return false;
    a[i] = n;
  }
  return true;
}

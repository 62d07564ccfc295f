/**
 * Mindbender (game 6 of the 1978 Merlin): Merlin thinks of a secret number; you find it.
 *
 * Press a pad 1 … 9 for the number's length, and Merlin picks that many digits 1 … 9 (repeats
 * allowed). Then type a guess, one digit a pad. After the last digit Merlin scores it as
 * Mastermind does: lights 1, 2, … light steady, one for each digit in the right place, and the
 * lights after them blink, one for each further digit that is in the number but elsewhere — a
 * digit counts as often as it is in both the guess and the number, never more. The guesses
 * are counted; a guess with every digit in place wins, and the lights then show how many
 * guesses it took. SAME GAME: a new number of the same length; NEW GAME: choose the length again.
 * Digits are 1 … 9 on every board (the 3×3 has no pad 0), docs/games.md.
 */
import {
  countLights, draw, GameEffects, GameLayout, GameModule, hasLight, KEY_NEW_GAME, KEY_SAME_GAME, onlyOf, refuse, STATUS_PLAYING,
  STATUS_WON, wholeField,
} from "../gamemodule";
import { seedRandom } from "../rng";
import { CUE_NEW_GAME, CUE_PRESS, CUE_WIN } from "../sounds";

export const MAX_LENGTH = 9;

export interface MindbenderState {
  /** The generator state (rng.ts). */
  rng: number;
  /** How many guesses the lights can count (lights 1 … 10, or 1 … 9 without pad 10); the console shows any number. */
  shown: number;
  /** The number's length, 0 while it is being chosen. */
  size: number;
  /** The secret number, its digits as text ("1" … "9" each), and the digits of the guess typed so far. */
  secret: string;
  guess: string;
  guesses: number;
  /** The last guess's score: digits in place, digits elsewhere (−1 before the first guess). */
  right: number;
  wrong: number;
}

/**
 * The Mastermind score of `guess` against `secret`, two numbers of the same length written as
 * digits "0" … "9": digits in the right place × 16 + digits in the number but in another place.
 * A digit counts min(times in the secret, times in the guess) in all, the right places first:
 * each digit of the guess takes one of the secret's copies of it while any is left.
 * @kept (every guess runs it: docs/architecture.md, "Speed: what is left")
 */
export function mastermind(secret: string, guess: string): number {
  // How many of each digit the secret has left to match ("0" is character code 48).
  const left = new Uint16Array(10);
  let right = 0;
  for (let i = 0; i < secret.length; i++) {
    if (secret.charAt(i) === guess.charAt(i)) right++;
    left[secret.charCodeAt(i) - 48]++;
  }
  let common = 0;
  for (let i = 0; i < guess.length; i++) {
    const d = guess.charCodeAt(i) - 48;
    if (left[d] > 0) {
      left[d]--;
      common++;
    }
  }
  return right * 16 + common - right;
}

function blank(rng: number, layout: GameLayout): MindbenderState {
  return {
    rng: rng, shown: hasLight(layout, 10) ? 10 : 9, size: 0, secret: "", guess: "", guesses: 0, right: -1, wrong: -1,
  };
}

/** A new secret of `length` digits; the guesses start again. */
function think(s: MindbenderState, length: number): void {
  s.size = length;
  s.secret = "";
  for (let i = 0; i < length; i++) s.secret += 1 + draw(s, 9);
  s.guess = "";
  s.guesses = 0;
  s.right = -1;
  s.wrong = -1;
}

function won(s: MindbenderState): boolean {
  return s.size > 0 && s.right === s.size;
}

function show(s: MindbenderState, fx: GameEffects): void {
  fx.show = true;
  fx.blink = 0;
  if (s.size === 0) {
    // Choosing the length: every digit pad blinks, waiting for one.
    fx.frame = countLights(MAX_LENGTH);
    fx.blink = fx.frame;
  } else if (won(s)) {
    fx.frame = countLights(Math.min(s.guesses, s.shown));
  } else if (s.guess !== "") {
    // The digit typed last.
    fx.frame = 1 << (s.guess.charCodeAt(s.guess.length - 1) - 48);
  } else if (s.right >= 0) {
    fx.frame = countLights(s.right + s.wrong);
    fx.blink = fx.frame & ~countLights(s.right);
  } else fx.frame = 0;
}

function key(s: MindbenderState, k: number, now: number, fx: GameEffects): void {
  if (k === KEY_NEW_GAME) {
    think(s, 0);
    fx.cues.push(CUE_NEW_GAME);
  } else if (k === KEY_SAME_GAME) {
    if (s.size === 0) return refuse(fx, "choose the number's length first: a pad 1-" + MAX_LENGTH);
    think(s, s.size);
    fx.cues.push(CUE_NEW_GAME);
  } else if (!(k >= 1 && k <= 9)) {
    return refuse(fx, "Mindbender takes the digits 1-9 (and SAME GAME, NEW GAME)");
  } else if (s.size === 0) {
    think(s, k);
    fx.cues.push(CUE_NEW_GAME);
  } else if (won(s)) {
    return refuse(fx, "the number is found: SAME GAME for a new one");
  } else {
    s.guess += k;
    if (s.guess.length < s.size) fx.cues.push(CUE_PRESS);
    else {
      const score = mastermind(s.secret, s.guess);
      s.right = score >> 4;
      s.wrong = score & 15;
      s.guesses++;
      s.guess = "";
      fx.cues.push(won(s) ? CUE_WIN : CUE_PRESS);
    }
  }
  fx.changed = true;
  show(s, fx);
}

function command(s: MindbenderState, name: string, value: unknown, now: number, fx: GameEffects): void {
  if (name === "length" && typeof value === "number" && value >= 1 && value <= MAX_LENGTH && Math.floor(value) === value) {
    think(s, value);
    fx.changed = true;
    show(s, fx);
  } else refuse(fx, "Mindbender takes length 1-" + MAX_LENGTH + ", got " + name + " " + value);
}

/** "length,secret,typed,guesses,right,wrong,rng" (saved at every key, for undo). */
function save(s: MindbenderState): string {
  return [s.size, s.secret, s.guess, s.guesses, s.right, s.wrong, s.rng >>> 0].join(",");
}

function load(text: string, layout: GameLayout): MindbenderState | null {
  const f = text.split(",");
  if (f.length !== 7 || !wholeField(f[0], 0, MAX_LENGTH) || !wholeField(f[6], 1, 4294967295)) return null;
  const s = blank(Number(f[6]) | 0, layout);
  s.size = Number(f[0]);
  if (!onlyOf(f[1] + f[2], "123456789") || f[1].length !== s.size || f[2].length >= Math.max(s.size, 1)) return null;
  s.secret = f[1];
  s.guess = f[2];
  const scored = f[4] !== "-1";
  if (!wholeField(f[3], 0, 999999) || (scored ? !wholeField(f[4], 0, s.size) || !wholeField(f[5], 0, s.size - Number(f[4])) : f[5] !== "-1")) {
    return null;
  }
  s.guesses = Number(f[3]);
  s.right = Number(f[4]);
  s.wrong = Number(f[5]);
  // A score needs a guess; nothing is typed after a win; nothing is guessed before a length.
  if (scored !== s.guesses > 0 || (won(s) && s.guess !== "") || (s.size === 0 && (s.guesses > 0 || s.guess !== ""))) return null;
  return s;
}

export const mindbender: GameModule<MindbenderState> = {
  name: "mindbender",
  number: 6,
  undo: true,
  create: function (seed: number, layout: GameLayout, now: number): MindbenderState {
    return blank(seedRandom(seed, 6), layout);
  },
  key: key,
  tick: function (s: MindbenderState, now: number, fx: GameEffects): void {},
  due: function (s: MindbenderState): number {
    return -1;
  },
  command: command,
  show: show,
  status: function (s: MindbenderState): number {
    return won(s) ? STATUS_WON : STATUS_PLAYING;
  },
  describe: function (s: MindbenderState) {
    return { "length": s.size, "typed": s.guess, "guesses": s.guesses, "right": s.right, "wrong": s.wrong };
  },
  save: save,
  load: load,
};

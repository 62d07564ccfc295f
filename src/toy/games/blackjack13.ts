/**
 * Blackjack 13 (game 4 of the 1978 Merlin): Merlin deals and plays the dealer; the hand closer
 * to 13 without going over wins.
 *
 * Cards are 1 … 10, drawn at random (seeded: the same seed deals the same cards everywhere).
 * A hand starts with one card for you (its light steady) and one for Merlin (blinking); a card
 * lights the pad of its value. HIT ME draws you a card; over 13 you bust and lose at once.
 * COMP TURN stands: Merlin draws, a card every DEAL_MS, while his total is under 10 (DEALER_MIN)
 * or under yours — under the larger of the two — then the totals are compared — over 13 he busts and you win; the higher
 * total wins, equal totals draw. SAME GAME deals the next hand. The hands won, lost and drawn
 * are counted (the match score, describe()). Undo is unavailable: a card seen stays dealt.
 *
 * Where a board has no pad 10 (3×3), a 10 flashes all nine pads as it is dealt and is then
 * only in the totals. docs/games.md says what of this is the 1978 toy's and what is adapted.
 */
import {
  countLights, createEffects, draw, GameEffects, GameLayout, GameModule, hasLight, KEY_COMP_TURN, KEY_HIT_ME, KEY_NEW_GAME, KEY_SAME_GAME, lightsText,
  readLights, refuse, STATUS_DRAW, STATUS_LOST, STATUS_PLAYING, STATUS_WON, wholeField,
} from "../gamemodule";
import { seedRandom } from "../rng";
import { CUE_DRAW, CUE_LOSS, CUE_MERLIN, CUE_NEW_GAME, CUE_PRESS, CUE_WIN } from "../sounds";

export const TARGET = 13;
/** Merlin draws while under this or under your total (under the larger of the two). */
export const DEALER_MIN = 10;
/** Time between Merlin's cards, and how long a dealt card flashes on a board without its pad. */
export const DEAL_MS = 700;
export const CARD_FLASH_MS = 500;
/** More cards than any hand can hold before it passes 13 (all ones: 14). */
const MAX_CARDS = 14;

export const PHASE_YOU = 0;
export const PHASE_DEALER = 1;
export const PHASE_DONE = 2;

export interface BlackjackState {
  rng: number;
  /** Whether the board has pad 10 (else a 10 only flashes). */
  ten: boolean;
  you: Uint16Array;
  youN: number;
  dealer: Uint16Array;
  dealerN: number;
  phase: number;
  /** When Merlin draws next (ms), −1 not drawing. */
  nextAt: number;
  wins: number;
  losses: number;
  draws: number;
}

export function total(cards: Uint16Array, n: number): number {
  let t = 0;
  for (let i = 0; i < n; i++) t += cards[i];
  return t;
}


/** The result of a finished hand (STATUS_*), from your side. */
function result(s: BlackjackState): number {
  const you = total(s.you, s.youN);
  const merlin = total(s.dealer, s.dealerN);
  if (you > TARGET) return STATUS_LOST;
  if (merlin > TARGET || you > merlin) return STATUS_WON;
  return you === merlin ? STATUS_DRAW : STATUS_LOST;
}

/** Your cards steady, Merlin's blinking (a card you both hold, steady); a 10 only where the board has pad 10. */
function show(s: BlackjackState, fx: GameEffects): void {
  let mine = 0;
  let his = 0;
  for (let i = 0; i < s.youN; i++) if (s.you[i] < 10 || s.ten) mine |= 1 << s.you[i];
  for (let i = 0; i < s.dealerN; i++) if (s.dealer[i] < 10 || s.ten) his |= 1 << s.dealer[i];
  fx.show = true;
  fx.frame = mine | his;
  fx.blink = his & ~mine;
}

/** A card from the draw; a 10 on a board without pad 10 flashes every pad. */
function deal(s: BlackjackState, fx: GameEffects): number {
  const card = 1 + draw(s, 10);
  if (card === 10 && !s.ten) {
    fx.flash = countLights(9);
    fx.flashMs = CARD_FLASH_MS;
  }
  return card;
}

function newHand(s: BlackjackState, fx: GameEffects): void {
  s.you[0] = deal(s, fx);
  s.dealer[0] = deal(s, fx);
  s.youN = 1;
  s.dealerN = 1;
  s.phase = PHASE_YOU;
  s.nextAt = -1;
}

/** The hand is over: the score counts it, and its sound says how it went. */
function end(s: BlackjackState, fx: GameEffects): void {
  const r = result(s);
  s.phase = PHASE_DONE;
  s.nextAt = -1;
  if (r === STATUS_WON) s.wins++;
  else if (r === STATUS_LOST) s.losses++;
  else s.draws++;
  fx.cues.push(r === STATUS_WON ? CUE_WIN : r === STATUS_LOST ? CUE_LOSS : CUE_DRAW);
}

function dealerDraws(s: BlackjackState): boolean {
  const merlin = total(s.dealer, s.dealerN);
  return merlin < DEALER_MIN || merlin < total(s.you, s.youN);
}

function key(s: BlackjackState, k: number, now: number, fx: GameEffects): void {
  if (k === KEY_SAME_GAME || k === KEY_NEW_GAME) {
    if (s.phase !== PHASE_DONE && k === KEY_SAME_GAME) return refuse(fx, "finish the hand first: HIT ME or COMP TURN");
    newHand(s, fx);
    fx.cues.push(CUE_NEW_GAME);
  } else if (k === KEY_HIT_ME || k === KEY_COMP_TURN) {
    if (s.phase !== PHASE_YOU) return refuse(fx, s.phase === PHASE_DONE ? "the hand is over: SAME GAME deals the next" : "Merlin is drawing");
    if (k === KEY_HIT_ME) {
      s.you[s.youN++] = deal(s, fx);
      if (total(s.you, s.youN) > TARGET) end(s, fx);
      else fx.cues.push(CUE_PRESS);
    } else {
      s.phase = PHASE_DEALER;
      s.nextAt = now + DEAL_MS;
      fx.cues.push(CUE_MERLIN);
    }
  } else return refuse(fx, "Blackjack 13 takes HIT ME (a card), COMP TURN (stand) and SAME GAME (the next hand)");
  fx.changed = true;
  show(s, fx);
}

function tick(s: BlackjackState, now: number, fx: GameEffects): void {
  if (s.phase !== PHASE_DEALER || now < s.nextAt) return;
  if (dealerDraws(s)) {
    s.dealer[s.dealerN++] = deal(s, fx);
    fx.cues.push(CUE_MERLIN);
    s.nextAt += DEAL_MS;
  }
  // He stops at once when he stands or busts.
  if (!dealerDraws(s) || total(s.dealer, s.dealerN) > TARGET) end(s, fx);
  fx.changed = true;
  show(s, fx);
}

/** "you,merlin,phase,wins,losses,draws,rng": the cards as characters "1" … "9", "a" for 10. */
function save(s: BlackjackState): string {
  return [lightsText(s.you, s.youN), lightsText(s.dealer, s.dealerN), s.phase, s.wins, s.losses, s.draws, s.rng >>> 0].join(",");
}

function blank(rng: number, layout: GameLayout): BlackjackState {
  return {
    rng: rng, ten: hasLight(layout, 10), you: new Uint16Array(MAX_CARDS), youN: 0, dealer: new Uint16Array(MAX_CARDS), dealerN: 0,
    phase: PHASE_YOU, nextAt: -1, wins: 0, losses: 0, draws: 0,
  };
}

function load(text: string, layout: GameLayout): BlackjackState | null {
  const f = text.split(",");
  if (f.length !== 7 || !wholeField(f[6], 1, 4294967295) || !wholeField(f[2], 0, 2)) return null;
  for (let i = 3; i < 6; i++) if (!wholeField(f[i], 0, 999999999)) return null;
  const s = blank(Number(f[6]) | 0, layout);
  if (f[0].length === 0 || f[1].length === 0 || !readLights(f[0], s.you, 1, 10) || !readLights(f[1], s.dealer, 1, 10)) return null;
  s.youN = f[0].length;
  s.dealerN = f[1].length;
  s.phase = Number(f[2]);
  s.wins = Number(f[3]);
  s.losses = Number(f[4]);
  s.draws = Number(f[5]);
  // A hand that could have been dealt: you draw no card after a bust, which ends the hand with
  // Merlin's first card only; Merlin draws only after you stand, while his rule says so, and
  // a finished hand has him standing or bust.
  const you = total(s.you, s.youN);
  const merlin = total(s.dealer, s.dealerN);
  const before = total(s.dealer, s.dealerN - 1);
  if (total(s.you, s.youN - 1) > TARGET) return null;
  if (you > TARGET && (s.phase !== PHASE_DONE || s.dealerN > 1)) return null;
  if (s.dealerN > 1 && (s.phase === PHASE_YOU || !(before < DEALER_MIN || before < you))) return null;
  if (s.phase === PHASE_DEALER) {
    if (merlin > TARGET) return null;
    s.nextAt = 0;
  }
  if (s.phase === PHASE_DONE && you <= TARGET && dealerDraws(s) && merlin <= TARGET) return null;
  // A finished hand is in the score.
  const r = result(s);
  if (s.phase === PHASE_DONE && (r === STATUS_WON ? s.wins : r === STATUS_LOST ? s.losses : s.draws) === 0) return null;
  return s;
}

export const blackjack13: GameModule<BlackjackState> = {
  name: "blackjack13",
  number: 4,
  undo: false,
  create: function (seed: number, layout: GameLayout, now: number): BlackjackState {
    const s = blank(seedRandom(seed, 4), layout);
    newHand(s, createEffects());
    return s;
  },
  key: key,
  tick: tick,
  due: function (s: BlackjackState): number {
    return s.nextAt;
  },
  command: function (s: BlackjackState, name: string, value: unknown, now: number, fx: GameEffects): void {
    refuse(fx, "Blackjack 13 has no settings, got " + name);
  },
  show: show,
  status: function (s: BlackjackState): number {
    return s.phase === PHASE_DONE ? result(s) : STATUS_PLAYING;
  },
  describe: function (s: BlackjackState) {
    return {
      "you": total(s.you, s.youN), "merlin": total(s.dealer, s.dealerN), "cards": save(s).split(",").slice(0, 2).join(" "),
      "wins": s.wins, "losses": s.losses, "draws": s.draws,
    };
  },
  save: save,
  load: load,
};

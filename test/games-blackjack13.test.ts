// Blackjack 13 under a fake clock: the deal, HIT ME, COMP TURN and the dealer's timed draws by
// his rule, results and the match score, the lights (yours steady, Merlin's blinking).
import { describe, expect, it } from "vitest";
import { countLights, createEffects, GameEffects, KEY_COMP_TURN, KEY_HIT_ME, KEY_SAME_GAME, layoutFor, STATUS_DRAW, STATUS_LOST, STATUS_PLAYING, STATUS_WON } from "../src/toy/gamemodule";
import { blackjack13, BlackjackState, CARD_FLASH_MS, DEAL_MS, DEALER_MIN, PHASE_DONE, TARGET, total } from "../src/toy/games/blackjack13";
import { CUE_DRAW, CUE_ILLEGAL, CUE_LOSS, CUE_MERLIN, CUE_NEW_GAME, CUE_PRESS, CUE_WIN } from "../src/toy/sounds";
import { keyEffects } from "./helpers/game-calls";

const toy = layoutFor(0, 11);
const grid = layoutFor(3, 3);

const key = (s: BlackjackState, k: number, t: number): GameEffects => keyEffects(blackjack13, s, k, t);

/** Stands at `t` and runs Merlin's draws to the end; the cues of each tick. */
function stand(s: BlackjackState, t: number): number[][] {
  key(s, KEY_COMP_TURN, t);
  const out: number[][] = [];
  let at = t + DEAL_MS;
  while (blackjack13.due(s) >= 0) {
    expect(blackjack13.due(s)).toBe(at);
    const fx = createEffects();
    blackjack13.tick(s, at, fx);
    out.push(fx.cues);
    at += DEAL_MS;
  }
  return out;
}

describe("blackjack13: hands under a fake clock", () => {
  it("deals one card each; HIT ME adds yours; a bust loses at once", () => {
    const s = blackjack13.create(5, toy, 0);
    expect(s.youN).toBe(1);
    expect(s.dealerN).toBe(1);
    let t = 0;
    while (total(s.you, s.youN) <= TARGET) {
      const fx = key(s, KEY_HIT_ME, (t += 100));
      expect(fx.cues).toEqual(total(s.you, s.youN) > TARGET ? [CUE_LOSS] : [CUE_PRESS]);
    }
    expect(s.phase).toBe(PHASE_DONE);
    expect(s.dealerN).toBe(1);
    expect(blackjack13.status(s)).toBe(STATUS_LOST);
    expect(key(s, KEY_HIT_ME, t).cues).toEqual([CUE_ILLEGAL]);
    expect(blackjack13.describe(s)).toMatchObject({ wins: 0, losses: 1, draws: 0 });
    expect(key(s, KEY_SAME_GAME, t).cues).toEqual([CUE_NEW_GAME]);
    expect(blackjack13.status(s)).toBe(STATUS_PLAYING);
  });

  it("Merlin draws a card every DEAL_MS while under 10 or under you, then the totals decide", () => {
    let seen = [0, 0, 0, 0];
    for (let seed = 0; seed < 300; seed++) {
      const s = blackjack13.create(seed, toy, 0);
      // You hit while under 9 (seed by seed a different hand).
      while (total(s.you, s.youN) < 9) key(s, KEY_HIT_ME, 0);
      if (s.phase === PHASE_DONE) continue;
      const you = total(s.you, s.youN);
      const ticks = stand(s, 1000);
      const merlin = total(s.dealer, s.dealerN);
      // His rule: he drew each card while under DEALER_MIN or under you; he stopped as soon as he might.
      const before = total(s.dealer, s.dealerN - 1);
      if (s.dealerN > 1) expect(before < DEALER_MIN || before < you).toBe(true);
      expect(merlin > TARGET || !(merlin < DEALER_MIN || merlin < you)).toBe(true);
      const r = blackjack13.status(s);
      expect(r).toBe(merlin > TARGET || you > merlin ? STATUS_WON : you === merlin ? STATUS_DRAW : STATUS_LOST);
      const last = ticks[ticks.length - 1];
      expect(last[last.length - 1]).toBe(r === STATUS_WON ? CUE_WIN : r === STATUS_DRAW ? CUE_DRAW : CUE_LOSS);
      for (const c of ticks.slice(0, -1)) expect(c).toEqual([CUE_MERLIN]);
      seen[r]++;
    }
    // Over 300 hands every result happens.
    expect(seen[STATUS_WON] * seen[STATUS_LOST] * seen[STATUS_DRAW]).toBeGreaterThan(0);
  });

  it("shows your cards steady and Merlin's blinking, each on the pad of its value", () => {
    const s = blackjack13.load("36,2,0,0,0,0,77", toy)!;
    const fx = createEffects();
    blackjack13.show(s, fx);
    expect(fx.frame).toBe((1 << 3) | (1 << 6) | (1 << 2));
    expect(fx.blink).toBe(1 << 2);
    // A 10 on the 3×3 has no pad: it flashes all nine and is left out of the lights.
    const g = blackjack13.load("a,a,0,0,0,0,77", grid)!;
    const gfx = createEffects();
    blackjack13.show(g, gfx);
    expect(gfx.frame).toBe(0);
    for (let seed = 0; seed < 100; seed++) {
      const h = blackjack13.create(seed, grid, 0);
      const f = key(h, KEY_HIT_ME, 0);
      if (h.you[h.youN - 1] === 10) {
        expect(f.flash).toBe(countLights(9));
        expect(f.flashMs).toBe(CARD_FLASH_MS);
        return;
      }
    }
    throw new Error("no 10 dealt in 100 hands");
  });

  it("refuses what it does not take and damaged lines; undo unavailable", () => {
    expect(blackjack13.undo).toBe(false);
    const s = blackjack13.create(9, grid, 0);
    const before = blackjack13.save(s);
    for (const k of [0, 1, 5, 9, 10, KEY_SAME_GAME]) {
      expect(key(s, k, 0).cues).toEqual([CUE_ILLEGAL]);
      expect(blackjack13.save(s)).toBe(before);
    }
    key(s, KEY_COMP_TURN, 0);
    expect(key(s, KEY_HIT_ME, 1).cues).toEqual([CUE_ILLEGAL]);
    for (const bad of ["77,2,0,0,0,0,5", "9a,23,0,0,0,0,5", "5,23,0,0,0,0,5", "5,a3,1,0,0,0,5", "a4,2,2,0,0,0,5", ",2,0,0,0,0,5", "5,2,3,0,0,0,5"]) {
      expect(blackjack13.load(bad, toy), bad).toBeNull();
    }
    expect(blackjack13.load("a4,2,2,0,1,0,5", toy)).not.toBeNull();
  });
});

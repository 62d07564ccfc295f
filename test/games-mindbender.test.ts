// Mindbender as a game module: Mastermind scoring against a brute-force reference on every pair
// of short codes, a timed game under a fake clock, refusals, and saved lines.
import { describe, expect, it } from "vitest";
import { countLights, createEffects, KEY_COMP_TURN, KEY_HIT_ME, KEY_NEW_GAME, KEY_SAME_GAME, layoutFor, STATUS_PLAYING, STATUS_WON } from "../src/toy/gamemodule";
import { mastermind, mindbender, MindbenderState } from "../src/toy/games/mindbender";
import { CUE_ILLEGAL, CUE_NEW_GAME, CUE_PRESS, CUE_WIN } from "../src/toy/sounds";

const layout = layoutFor(3, 3);

/** Every ordering of 0 … n − 1. */
function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const p of permutations(n - 1)) for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  return out;
}

/**
 * The score by its definition: digits in place; and the most guess digits that can be paired
 * one-to-one with equal digits of the secret (the best of every pairing), less those in place.
 */
function reference(secret: number[], guess: number[]): [number, number] {
  const n = secret.length;
  let right = 0;
  for (let i = 0; i < n; i++) if (secret[i] === guess[i]) right++;
  let best = 0;
  for (const p of permutations(n)) {
    let m = 0;
    for (let i = 0; i < n; i++) if (guess[i] === secret[p[i]]) m++;
    best = Math.max(best, m);
  }
  return [right, best - right];
}

/** Every code of `n` digits from 1 to `k`. */
function codes(n: number, k: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < n; i++) out = out.flatMap((c) => Array.from({ length: k }, (_, d) => [...c, d + 1]));
  return out;
}

describe("mindbender: Mastermind scoring", () => {
  it("agrees with the brute-force pairing on every pair of codes up to 3 digits of 1-9", () => {
    for (let n = 1; n <= 3; n++) {
      const all = codes(n, 9);
      for (const s of all) {
        for (const g of all) {
          const got = mastermind(s.join(""), g.join(""));
          const [right, wrong] = reference(s, g);
          if (got !== right * 16 + wrong) expect(`${s} ${g}: ${got >> 4},${got & 15}`).toBe(`${s} ${g}: ${right},${wrong}`);
        }
      }
    }
  });

  it("agrees on every pair of 4-digit codes of 1-4 (repeats everywhere)", () => {
    const all = codes(4, 4);
    let checked = 0;
    for (const s of all) {
      for (const g of all) {
        const [right, wrong] = reference(s, g);
        expect(mastermind(s.join(""), g.join(""))).toBe(right * 16 + wrong);
        checked++;
      }
    }
    expect(checked).toBe(65536);
  });

  it("counts a repeated digit no more often than the number holds it", () => {
    // Secret 1 1 2, guess 1 2 2: one 1 in place, one 2 in place, nothing else.
    expect(mastermind("112", "122")).toBe(2 * 16 + 0);
    // Secret 1 2 3, guess 1 1 1: one in place and no more.
    expect(mastermind("123", "111")).toBe(16);
    expect(mastermind("123", "312")).toBe(3);
  });
});

function press(s: MindbenderState, keys: number[], t: number) {
  const fx = createEffects();
  for (const k of keys) mindbender.key(s, k, t, fx);
  return fx;
}

describe("mindbender: a game under a fake clock", () => {
  it("chooses a length, scores guesses on the lights, counts them, wins", () => {
    const s = mindbender.create(7, layout, 0);
    let fx = createEffects();
    mindbender.show(s, fx);
    expect(fx.blink).toBe(countLights(9)); // waiting for a length
    fx = press(s, [3], 0);
    expect(fx.cues).toEqual([CUE_NEW_GAME]);
    const secret = [...s.secret].map(Number);
    expect(secret.length).toBe(3);
    expect(secret.every((d) => d >= 1 && d <= 9)).toBe(true);
    // A guess that is the secret rotated scores by the reference; the lights show it.
    const guess = [secret[1], secret[2], secret[0]];
    fx = press(s, guess, 1000);
    const [right, wrong] = reference(secret, guess);
    expect(fx.cues).toEqual(right === 3 ? [CUE_PRESS, CUE_PRESS, CUE_WIN] : [CUE_PRESS, CUE_PRESS, CUE_PRESS]);
    if (right < 3) {
      expect(fx.frame).toBe(countLights(right + wrong));
      expect(fx.blink).toBe(countLights(right + wrong) & ~countLights(right));
      expect(mindbender.describe(s)).toMatchObject({ guesses: 1, right, wrong });
      fx = press(s, secret, 2000);
      expect(fx.cues[2]).toBe(CUE_WIN);
      expect(mindbender.status(s)).toBe(STATUS_WON);
      expect(fx.frame).toBe(countLights(2)); // two guesses
    }
    // After the win: digits refused; SAME GAME thinks of a new number of the same length.
    expect(press(s, [1], 3000).cues).toEqual([CUE_ILLEGAL]);
    press(s, [KEY_SAME_GAME], 4000);
    expect(s.size).toBe(3);
    expect(mindbender.status(s)).toBe(STATUS_PLAYING);
    expect(s.guesses).toBe(0);
    press(s, [KEY_NEW_GAME], 5000);
    expect(s.size).toBe(0);
  });

  it("the same seed thinks of the same number", () => {
    const a = mindbender.create(99, layout, 0);
    const b = mindbender.create(99, layout, 0);
    press(a, [5], 0);
    press(b, [5], 0);
    expect(mindbender.save(a)).toBe(mindbender.save(b));
  });
});

describe("mindbender: refusals and saved lines", () => {
  it("refuses keys and commands it does not take, changing nothing", () => {
    const s = mindbender.create(3, layout, 0);
    press(s, [4, 1, 2], 0);
    const before = mindbender.save(s);
    for (const k of [0, 10, KEY_HIT_ME, KEY_COMP_TURN, 15, -1]) {
      const fx = press(s, [k], 0);
      expect(fx.cues).toEqual([CUE_ILLEGAL]);
      expect(fx.refused).not.toBe("");
    }
    for (const [name, v] of [["length", 0], ["length", 10], ["length", 2.5], ["length", "3"], ["level", 3]] as [string, unknown][]) {
      const fx = createEffects();
      mindbender.command(s, name, v, 0, fx);
      expect(fx.refused).toMatch(/length 1-9/);
    }
    expect(mindbender.save(s)).toBe(before);
    // SAME GAME before a length is chosen is refused too.
    const fresh = mindbender.create(3, layout, 0);
    expect(press(fresh, [KEY_SAME_GAME], 0).cues).toEqual([CUE_ILLEGAL]);
  });

  it("round-trips random states and rejects damaged lines", () => {
    for (let seed = 0; seed < 300; seed++) {
      const s = mindbender.create(seed, layout, 0);
      if (seed % 5 !== 0) press(s, [1 + (seed % 9)], 0);
      for (let i = 0; i < seed % 11; i++) press(s, [1 + ((seed * 31 + i * 7) % 9)], i);
      const line = mindbender.save(s);
      const back = mindbender.load(line, layout);
      expect(back, line).not.toBeNull();
      expect(mindbender.save(back!)).toBe(line);
      expect(mindbender.status(back!)).toBe(mindbender.status(s));
    }
    for (const bad of ["", "3,123,,0,-1,-1", "3,12,,0,-1,-1,5", "3,120,,0,-1,-1,5", "3,123,123,0,-1,-1,5", "3,123,,0,1,0,5", "3,123,,1,2,2,5", "0,,1,0,-1,-1,5", "3,123,,0,-1,-1,0"]) {
      expect(mindbender.load(bad, layout), bad).toBeNull();
    }
  });
});

// Echo under a fake clock: the length chosen, Merlin's tune timed note by note, your repeat,
// the score on the lights; undo stated unavailable.
import { describe, expect, it } from "vitest";
import { countLights, createEffects, GameEffects, KEY_COMP_TURN, KEY_HIT_ME, KEY_SAME_GAME, layoutFor, STATUS_LOST, STATUS_PLAYING, STATUS_WON } from "../src/toy/gamemodule";
import { echo, EchoState, LEAD_MS, NOTE_MS, NOTE_TONE_MS, PHASE_REPEAT } from "../src/toy/games/echo";
import { lightHz } from "../src/toy/games/scale";
import { CUE_ILLEGAL, CUE_LOSS, CUE_NEW_GAME, CUE_WIN } from "../src/toy/sounds";
import { keyEffects, tickEffects } from "./helpers/game-calls";

const grid = layoutFor(3, 3);

const key = (s: EchoState, k: number, t: number): GameEffects => keyEffects(echo, s, k, t);

const tick = (s: EchoState, t: number): GameEffects => tickEffects(echo, s, t);

describe("echo: a timed game", () => {
  it("plays the tune a note every NOTE_MS after the lead-in, then takes your repeat", () => {
    const s = echo.create(11, grid, 0);
    expect(key(s, 4, 1000).cues).toEqual([CUE_NEW_GAME]);
    const tune = [...s.tune.slice(0, 4)];
    expect(echo.due(s)).toBe(1000 + LEAD_MS);
    // Nothing before a note is due; each note lights its pad and sounds its pitch.
    expect(tick(s, 1000 + LEAD_MS - 1).show).toBe(false);
    for (let i = 0; i < 4; i++) {
      const t = 1000 + LEAD_MS + i * NOTE_MS;
      expect(echo.due(s)).toBe(t);
      // A key while Merlin plays is refused.
      if (i === 1) expect(key(s, 1, t - 1).cues).toEqual([CUE_ILLEGAL]);
      const fx = tick(s, t);
      expect(fx.frame).toBe(1 << tune[i]);
      expect(fx.tones).toEqual([lightHz(tune[i]), NOTE_TONE_MS]);
    }
    const end = 1000 + LEAD_MS + 4 * NOTE_MS;
    expect(tick(s, end).frame).toBe(0);
    expect(s.phase).toBe(PHASE_REPEAT);
    expect(echo.due(s)).toBe(-1);
    // Repeat it with the third note wrong: three right, shown as lights 1-3, the loss sound.
    const mine = [tune[0], tune[1], (tune[2] % 9) + 1, tune[3]];
    let fx = createEffects();
    for (let i = 0; i < 4; i++) {
      fx = key(s, mine[i], end + 100 * (i + 1));
      expect(fx.tones).toEqual([lightHz(mine[i]), 250]);
    }
    expect(fx.cues).toEqual([CUE_LOSS]);
    expect(fx.frame).toBe(countLights(3));
    expect(echo.status(s)).toBe(STATUS_LOST);
    expect(echo.describe(s)).toMatchObject({ right: 3, length: 4 });
    // SAME GAME: the same tune again; this time all right.
    key(s, KEY_SAME_GAME, 10000);
    expect([...s.tune.slice(0, 4)]).toEqual(tune);
    for (let t = 10000 + LEAD_MS; echo.due(s) >= 0; t += NOTE_MS) tick(s, t);
    for (const n of tune) fx = key(s, n, 20000);
    expect(fx.cues).toEqual([CUE_WIN]);
    expect(echo.status(s)).toBe(STATUS_WON);
    // COMP TURN: a new tune of the same length.
    key(s, KEY_COMP_TURN, 30000);
    expect(s.size).toBe(4);
    expect(echo.status(s)).toBe(STATUS_PLAYING);
  });

  it("takes a length of 10 only where the board has pad 10", () => {
    const toy = echo.create(1, layoutFor(0, 11), 0);
    key(toy, 10, 0);
    expect(toy.size).toBe(10);
    const s = echo.create(1, grid, 0);
    expect(key(s, 10, 0).cues).toEqual([CUE_ILLEGAL]);
    expect(key(s, 0, 0).cues).toEqual([CUE_ILLEGAL]);
    expect(key(s, KEY_HIT_ME, 0).cues).toEqual([CUE_ILLEGAL]);
    expect(key(s, KEY_SAME_GAME, 0).cues).toEqual([CUE_ILLEGAL]);
    expect(s.size).toBe(0);
  });

  it("says undo is unavailable, and a tune cut by a power cut plays again at once", () => {
    expect(echo.undo).toBe(false);
    const s = echo.create(2, grid, 0);
    key(s, 3, 0);
    tick(s, LEAD_MS);
    const back = echo.load(echo.save(s), grid)!;
    expect(echo.due(back)).toBe(0);
    expect(tick(back, 5).frame).toBe(1 << s.tune[1]);
  });
});

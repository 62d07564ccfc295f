// Music Machine under a fake clock: notes and rests taught, 48 at most, the tune played back
// note by note and again, the tune kept in the saved line (what survives a power cut).
import { describe, expect, it } from "vitest";
import { createEffects, GameEffects, KEY_COMP_TURN, KEY_HIT_ME, KEY_SAME_GAME, layoutFor } from "../src/toy/gamemodule";
import { KEY_TONE_MS, MAX_NOTES, music, MusicState, NOTE_MS, NOTE_TONE_MS } from "../src/toy/games/music";
import { lightHz } from "../src/toy/games/scale";
import { noteHz } from "../src/toy/sounds";
import { CUE_ILLEGAL, CUE_NEW_GAME } from "../src/toy/sounds";
import { keyEffects } from "./helpers/game-calls";

const grid = layoutFor(3, 3);
const toy = layoutFor(0, 11);

const key = (s: MusicState, k: number, t: number): GameEffects => keyEffects(music, s, k, t);

describe("music: the pads' notes", () => {
  it("are the C major scale from middle C on pads 1-10, pad 0 the rest", () => {
    expect([...Array(11).keys()].map(lightHz)).toEqual([0, 262, 294, 330, 349, 392, 440, 494, 523, 587, 659]);
    expect(lightHz(1)).toBe(noteHz(60));
  });
});

describe("music: a timed table", () => {
  it("teaches a tune with a rest, plays it back a note every NOTE_MS, and again", () => {
    const s = music.create(0, grid, 0);
    // Pads sound as they are pressed; HIT ME is the rest on the 3×3.
    expect(key(s, 1, 0).tones).toEqual([lightHz(1), KEY_TONE_MS]);
    expect(key(s, KEY_HIT_ME, 100).tones).toEqual([0, KEY_TONE_MS]);
    key(s, 5, 200);
    key(s, 9, 300);
    expect(music.save(s)).toBe("1059");
    expect(key(s, KEY_COMP_TURN, 1000).cues).toEqual([]);
    const rows: [number, number, number][] = [
      // time, lit pad (0 dark), tone
      [1000, 1, lightHz(1)],
      [1000 + NOTE_MS, 0, 0],
      [1000 + 2 * NOTE_MS, 5, lightHz(5)],
      [1000 + 3 * NOTE_MS, 9, lightHz(9)],
    ];
    for (const [t, pad, hz] of rows) {
      expect(music.due(s)).toBe(t);
      // A key during the playback is refused.
      expect(key(s, 2, t).cues).toEqual([CUE_ILLEGAL]);
      const fx = createEffects();
      music.tick(s, t, fx);
      expect(fx.frame).toBe(pad > 0 ? 1 << pad : 0);
      expect(fx.tones).toEqual([hz, NOTE_TONE_MS]);
    }
    const fx = createEffects();
    music.tick(s, 1000 + 4 * NOTE_MS, fx);
    expect(fx.tones).toEqual([]);
    expect(music.due(s)).toBe(-1);
    // Play it again; SAME GAME stops it, then starts a new tune.
    key(s, KEY_COMP_TURN, 5000);
    expect(music.due(s)).toBe(5000);
    key(s, KEY_SAME_GAME, 5100);
    expect(music.due(s)).toBe(-1);
    expect(music.save(s)).toBe("1059");
    expect(key(s, KEY_SAME_GAME, 5200).cues).toEqual([CUE_NEW_GAME]);
    expect(music.save(s)).toBe("");
    expect(key(s, KEY_COMP_TURN, 5300).cues).toEqual([CUE_ILLEGAL]);
  });

  it("holds 48 notes and rests, no more; pad 0 rests and pad 10 sings on the 1978 toy", () => {
    const s = music.create(0, toy, 0);
    for (let i = 0; i < MAX_NOTES; i++) expect(key(s, i % 11, i).refused).toBe("");
    expect(key(s, 3, 99).cues).toEqual([CUE_ILLEGAL]);
    expect(music.save(s)).toBe("0123456789a".repeat(5).slice(0, 48));
    const grid9 = music.create(0, grid, 0);
    expect(key(grid9, 10, 0).cues).toEqual([CUE_ILLEGAL]);
    expect(key(grid9, 0, 0).tones).toEqual([0, KEY_TONE_MS]);
  });

  it("keeps the tune in its saved line: a power cut loses nothing but the playback", () => {
    const s = music.create(0, toy, 0);
    for (const k of [3, 3, 4, 5, 0, 10]) key(s, k, 0);
    key(s, KEY_COMP_TURN, 0);
    const back = music.load(music.save(s), toy)!;
    expect(music.save(back)).toBe("33450a");
    expect(music.due(back)).toBe(-1);
    expect(music.load("33z", toy)).toBeNull();
    expect(music.load("1".repeat(49), toy)).toBeNull();
    expect(music.load("a", grid)).toBeNull();
  });
});

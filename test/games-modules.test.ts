// Every game module behind the one interface: the list, the layouts, random play under a fake
// clock with save/load round trips at every step, refusals that change nothing, determinism
// from the seed, and snapshot undo.
import { describe, expect, it } from "vitest";
import {
  ALL_LIGHTS, AnyGameModule, countLights, createEffects, createHistory, GRID_LIGHTS, hasLight, historyPush, historyRedo, historyUndo, KEY_COUNT, layoutFor, LIGHTS,
  lightOfPad, NO_PAD, padsOfLights, STATUS_NAMES,
} from "../src/toy/gamemodule";
import { GAME_MODULES, gameNamed, gameNumbered } from "../src/toy/games/index";
import { nextRandom } from "../src/toy/rng";
import { CUE_ILLEGAL } from "../src/toy/sounds";

const LAYOUTS = { "3x3": layoutFor(3, 3), "1978": layoutFor(0, 11), "4x4": layoutFor(4, 4), "5x5": layoutFor(5, 5) };

describe("the list of games", () => {
  it("names and numbers the games as the 1978 toy does (Magic Square, 5, is the mid-end's)", () => {
    const toy1978 = ["1 tictactoe", "2 music", "3 echo", "4 blackjack13", "6 mindbender"];
    expect(GAME_MODULES.slice(0, toy1978.length).map((g) => `${g.number} ${g.name}`)).toEqual(toy1978);
    // A game added after them (test/games-seventh.test.ts) takes a number NEW GAME can choose, its own.
    expect(GAME_MODULES.map((g) => g.number).every((n, i, all) => n >= 1 && n <= 9 && n !== 5 && (i === 0 || n > all[i - 1]))).toBe(true);
    for (const g of GAME_MODULES) {
      expect(gameNamed(g.name)).toBe(g);
      expect(gameNumbered(g.number)).toBe(g);
    }
    expect(gameNumbered(5)).toBeNull();
    expect(gameNamed("magic")).toBeNull();
    // Undo is offered where taking a move back is fair.
    expect(GAME_MODULES.slice(0, toy1978.length).filter((g) => !g.undo).map((g) => g.name)).toEqual(["echo", "blackjack13"]);
  });
});

describe("a count on the lights", () => {
  it("lights 1 … n, none for 0 (or less), all ten from 10 on", () => {
    expect(countLights(0)).toBe(0);
    expect(countLights(-3)).toBe(0);
    for (let n = 1; n <= 12; n++) {
      const lit = Array.from({ length: LIGHTS }, (_x, light) => ((countLights(n) >> light) & 1) === 1);
      expect(lit).toEqual(Array.from({ length: LIGHTS }, (_x, light) => light >= 1 && light <= Math.min(n, 10)));
    }
  });
});

describe("layouts", () => {
  it("put lights 1-9 like a phone keypad, 0 above and 10 below where there is room", () => {
    const grid = LAYOUTS["3x3"];
    expect(grid.lights).toBe(GRID_LIGHTS);
    expect([...grid.padOfLight]).toEqual([NO_PAD, 0, 1, 2, 3, 4, 5, 6, 7, 8, NO_PAD]);
    const toy = LAYOUTS["1978"];
    expect(toy.lights).toBe(ALL_LIGHTS);
    expect([...toy.padOfLight]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // 5×5: 0 above 2, 10 below 8, the 3×3 in the middle.
    expect([...LAYOUTS["5x5"].padOfLight]).toEqual([2, 6, 7, 8, 11, 12, 13, 16, 17, 18, 22]);
    expect([...LAYOUTS["4x4"].padOfLight]).toEqual([3, 0, 1, 2, 4, 5, 6, 8, 9, 10, 13]);
    for (const l of Object.values(LAYOUTS)) {
      const pads = [...l.padOfLight].filter((_p, n) => hasLight(l, n));
      expect(pads.length).toBe([...l.padOfLight].filter((p) => p !== NO_PAD).length);
      expect(new Set(pads).size).toBe(pads.length);
      expect(Math.max(...pads)).toBeLessThan(l.pads);
    }
  });

  it("turn any lights into the pads under them, and a pad into its light", () => {
    for (const l of Object.values(LAYOUTS)) {
      for (let lights = 0; lights < 1 << LIGHTS; lights++) {
        let pads = 0;
        for (let n = 0; n < LIGHTS; n++) if ((lights >> n) & 1 && hasLight(l, n)) pads |= 1 << l.padOfLight[n];
        if (padsOfLights(l, lights) !== pads) expect(padsOfLights(l, lights), `lights ${lights.toString(2)}`).toBe(pads);
      }
      for (let pad = 0; pad < l.pads; pad++) {
        const light = [...l.padOfLight].findIndex((p, n) => p === pad && hasLight(l, n));
        expect(lightOfPad(l, pad), `pad ${pad}`).toBe(light);
      }
      // No pad of the board, no light.
      expect(lightOfPad(l, -1)).toBe(-1);
      expect(lightOfPad(l, l.pads)).toBe(-1);
    }
  });
});

/** Random keys and ticks on game `g`: after each, the saved line reloads to itself; refusals change nothing. */
function randomPlay(g: AnyGameModule, layoutName: keyof typeof LAYOUTS, seed: number, steps: number): string[] {
  const layout = LAYOUTS[layoutName];
  const s = g.create(seed, layout, 0);
  let r = (seed * 2654435761) | 1;
  let now = 0;
  const trace: string[] = [];
  for (let i = 0; i < steps; i++) {
    r = nextRandom(r);
    const fx = createEffects();
    const before = g.save(s);
    const statusBefore = g.status(s);
    now += (r >>> 8) % 900;
    if ((r & 3) === 0 && g.due(s) >= 0) {
      now = Math.max(now, g.due(s));
      g.tick(s, now, fx);
    } else {
      const k = (r >>> 4) % KEY_COUNT;
      g.key(s, k, now, fx);
      if (fx.refused !== "") {
        expect(g.save(s), `${g.name} key ${k} refused`).toBe(before);
        expect(fx.cues).toEqual([CUE_ILLEGAL]);
      }
      if (!fx.changed) {
        // A key not `changed` left the line and the status alone: the player keeps both until one is (lightgames.ts play).
        expect(g.save(s), `${g.name} key ${k} unchanged`).toBe(before);
        expect(g.status(s)).toBe(statusBefore);
      }
    }
    const line = g.save(s);
    const back = g.load(line, layout);
    expect(back, `${g.name}: ${line}`).not.toBeNull();
    expect(g.save(back!)).toBe(line);
    expect(g.status(back!)).toBe(g.status(s));
    // Lights a board lacks are never lit (a 10 on the 3×3 only flashes).
    expect(fx.frame & ~layout.lights, `${g.name} frame`).toBe(0);
    expect(fx.blink & ~fx.frame).toBe(0);
    expect(fx.tones.length % 2).toBe(0);
    trace.push(line + " " + STATUS_NAMES[g.status(s)]);
  }
  return trace;
}

describe("every game module", () => {
  for (const g of GAME_MODULES) {
    it(`${g.name}: random play round-trips through save/load at every step, on every layout`, () => {
      for (const name of Object.keys(LAYOUTS) as (keyof typeof LAYOUTS)[]) {
        for (let seed = 1; seed <= 12; seed++) randomPlay(g, name, seed, 150);
      }
    });

    it(`${g.name}: the same seed and keys play the same game`, () => {
      expect(randomPlay(g, "3x3", 5, 120)).toEqual(randomPlay(g, "3x3", 5, 120));
    });

    it(`${g.name}: refuses unknown commands and damaged lines`, () => {
      const s = g.create(1, LAYOUTS["3x3"], 0);
      const before = g.save(s);
      const fx = createEffects();
      g.command(s, "bogus", 1, 0, fx);
      expect(fx.refused).not.toBe("");
      expect(g.save(s)).toBe(before);
      // (An empty line is Music Machine's empty tune.)
      for (const bad of ["", ",", "x".repeat(200), before + ",1", "-1," + before]) {
        if (bad !== before) expect(g.load(bad, LAYOUTS["3x3"]), bad).toBeNull();
      }
    });
  }
});

describe("snapshot undo", () => {
  it("undoes and redoes by saved lines; a new move forgets what was undone", () => {
    const h = createHistory(3);
    expect(historyUndo(h, "a")).toBeNull();
    historyPush(h, "a");
    historyPush(h, "b");
    expect(historyUndo(h, "c")).toBe("b");
    expect(historyRedo(h, "b")).toBe("c");
    expect(historyUndo(h, "c")).toBe("b");
    historyPush(h, "b");
    expect(historyRedo(h, "x")).toBeNull();
    for (const x of ["1", "2", "3", "4"]) historyPush(h, x);
    expect([historyUndo(h, "5"), historyUndo(h, "4"), historyUndo(h, "3"), historyUndo(h, "2")]).toEqual(["4", "3", "2", null]);
  });
});

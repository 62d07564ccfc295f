// The firmware bundle of every board profile: it parses as the Espruino subset and uses only
// declared globals, the solver tables it carries (boards with games: packed in a function that
// makes them) are exactly those the build computes from the profile's puzzle, and a profile's
// files as flashed (the bundle and each game's file, pretokenised, as `npm run flash` writes
// them) stay within their budget together: 36 KB on a 3×3 (STORAGE_BUDGET), 46 KB on a pixel
// board (PIXEL_STORAGE_BUDGET; docs/measurements/ has the measured sizes).
import { describe, expect, it } from "vitest";
import { backendModules, DEFAULT_PROFILE, maskTablesMaker, PIXEL_STORAGE_BUDGET, STORAGE_BUDGET, storageBudget, toyGameSpecs } from "../firmware/build/build";
import { pretokenise } from "../firmware/build/pretokenise";
import { listProfiles, loadProfile } from "../hardware/validate";
import { gridPuzzle } from "../src/maths/puzzle";
import { compileTables } from "../src/maths/compile-tables";
import { GAME_MODULES } from "../src/toy/games/index";
import type { Profile } from "../hardware/profile";
import { firmwareBundle } from "./helpers/firmware-cache";

/** The games of the list a profile carries (its `games`, default every one), in the list's order. */
const carried = (p: Profile): string[] => GAME_MODULES.map((m) => m.name).filter((name) => p.games === undefined || p.games.includes(name));

/** The Int32Array (Uint16Array: narrowTables) literals of the bundle, and empty lists (emitted as a plain `[]`), in order of appearance. */
function int32Literals(code: string): number[][] {
  const out: number[][] = [];
  const re = /new (?:Int32|Uint16)Array\(\[([-0-9,]*)\]\)|(?<=:)\[\]()/g;
  for (let m = re.exec(code); m !== null; m = re.exec(code)) out.push(!m[1] ? [] : m[1].split(",").map(Number));
  return out;
}

describe("firmware bundle", () => {
  it("the Storage budget is 36 KB for the 3×3 boards (the MDBT42Q has 40 KB), 46 KB for the pixel boards (a Pico has 48 KB)", () => {
    expect(STORAGE_BUDGET).toBe(36 * 1024);
    expect(PIXEL_STORAGE_BUDGET).toBe(46 * 1024);
    expect(DEFAULT_PROFILE).toBe("pico-3x3");
    expect(listProfiles().filter((n) => storageBudget(loadProfile(n)) === STORAGE_BUDGET)).toEqual(["esp32-3x3", "mdbt42q-3x3", "pico-3x3"]);
    expect(listProfiles().filter((n) => storageBudget(loadProfile(n)) === PIXEL_STORAGE_BUDGET)).toEqual(["pico-4x4-neopixel", "pico-5x5-neopixel"]);
  });

  it("the back-end classes go in one Storage module per family: the 5×5's Lights Out with levels shares the on/off back-ends' module", () => {
    expect(backendModules(loadProfile("pico-5x5-neopixel"))).toEqual([
      { name: "masks", classes: ["MaskBackend", "LevelBackend"] },
      { name: "cells", classes: ["CellBackend"] },
    ]);
    expect(backendModules(loadProfile("pico-4x4-neopixel"))).toEqual([
      { name: "masks", classes: ["MaskBackend"] },
      { name: "cells", classes: ["CellBackend"] },
    ]);
    expect(backendModules(loadProfile("pico-3x3"))).toEqual([]);
  });

  for (const name of listProfiles()) {
    it(`${name}: builds with no subset findings, its Magic Square module carries the profile's tables`, async () => {
      const p = loadProfile(name);
      const r = await firmwareBundle(name);
      expect(r.findings).toEqual([]);
      const code = r.code;
      const magic = (r.games ?? []).find((g) => g.file === "merlin-magicsquare.js")?.code ?? "";
      const t = compileTables(gridPuzzle({ rows: p.rows, cols: p.cols, pattern: "merlin" }));
      const expected = [t.toggle, t.solve, t.check, t.quiet].map((a) => Array.from(a));
      if (toyGameSpecs(p).length > 0) {
        // Boards with games carry a function that makes the tables from one packed literal
        // (maskTablesMaker: made when a rule set is played): that literal, making these tables.
        const maker = maskTablesMaker(t);
        expect(magic).toContain(maker.slice(maker.indexOf("new Int32Array(["), maker.indexOf("]).buffer") + 2));
        const made = new Function("return " + maker)()() as typeof t;
        expect([made.toggle, made.solve, made.check, made.quiet].map((a) => Array.from(a))).toEqual(expected);
      } else {
        const tables = int32Literals(magic);
        // The tables object is emitted as toggle, solve, check, quiet: find that run of literals.
        const at = tables.findIndex((_, i) => expected.every((e, j) => JSON.stringify(tables[i + j]) === JSON.stringify(e)));
        expect(at).toBeGreaterThanOrEqual(0);
      }
      expect(r.bytes).toBe(Buffer.byteLength(code));
      // Every game the profile carries is a file of its own (Magic Square and the player of the
      // games on Merlin's lights too, on boards with Lights Out games each back-end class, and the
      // console API), and the core holds none of them.
      const kinds = backendModules(p).map((m) => m.name);
      // Each back-end module's value names its classes, and Magic Square reads each class from its module.
      for (const m of backendModules(p)) {
        const file = (r.games ?? []).find((g) => g.file === `merlin-${m.name}.js`)?.code ?? "";
        for (const c of m.classes) {
          expect(file).toContain(`${c}:`);
          expect(magic).toContain(`("${m.name}").${c}`);
        }
      }
      expect((r.games ?? []).map((g) => g.file)).toEqual([
        "merlin-magicsquare.js", "merlin-lights.js", ...carried(p).map((name) => `merlin-${name}.js`),
        ...kinds.map((name) => `merlin-${name}.js`), "merlin-console.js",
      ]);
      expect(code).not.toContain("[" + expected[0].join(",") + "]");
      for (const words of ["Tic-Tac-Toe takes", "Music Machine takes", "Echo takes", "Blackjack 13 takes", "Mindbender takes"]) {
        expect(code).not.toContain(words);
        expect((r.games ?? []).filter((g) => g.code.includes(words))).toHaveLength(1);
      }
      const flashed = pretokenise(code).length + (r.games ?? []).reduce((n, g) => n + pretokenise(g.code).length, 0);
      expect(flashed, `${name} flashed bytes, image and games`).toBeLessThanOrEqual(storageBudget(p));
    });
  }
});

// The firmware bundle of every board profile: it parses as the Espruino subset and uses only
// declared globals, the solver tables it carries (boards with games: packed in a function that
// makes them) are exactly those the build computes from the profile's puzzle, and the 3×3 firmware as flashed (the bundle pretokenised, as `npm run flash`
// writes it) stays within its budget of 16 KB (BUNDLE_BUDGET; docs/measurements/ has
// the measured sizes).
import { describe, expect, it } from "vitest";
import { BUNDLE_BUDGET, DEFAULT_PROFILE, maskTablesMaker, toyGameSpecs } from "../firmware/build/build";
import { pretokenise } from "../firmware/build/pretokenise";
import { listProfiles, loadProfile } from "../hardware/validate";
import { gridPuzzle } from "../src/maths/puzzle";
import { compileTables } from "../src/maths/compile-tables";
import { firmwareBundle } from "./helpers/firmware-cache";

/** The Int32Array (Uint16Array: narrowTables) literals of the bundle, and empty lists (emitted as a plain `[]`), in order of appearance. */
function int32Literals(code: string): number[][] {
  const out: number[][] = [];
  const re = /new (?:Int32|Uint16)Array\(\[([-0-9,]*)\]\)|(?<=:)\[\]()/g;
  for (let m = re.exec(code); m !== null; m = re.exec(code)) out.push(!m[1] ? [] : m[1].split(",").map(Number));
  return out;
}

describe("firmware bundle", () => {
  it("the budget is 16 KB for pico-3x3", () => {
    expect(BUNDLE_BUDGET).toBe(16 * 1024);
    expect(DEFAULT_PROFILE).toBe("pico-3x3");
  });

  for (const name of listProfiles()) {
    it(`${name}: builds with no subset findings and carries the profile's tables`, async () => {
      const p = loadProfile(name);
      const r = await firmwareBundle(name);
      expect(r.findings).toEqual([]);
      const code = r.code;
      const t = compileTables(gridPuzzle({ rows: p.rows, cols: p.cols, pattern: "merlin" }));
      const expected = [t.toggle, t.solve, t.check, t.quiet].map((a) => Array.from(a));
      if (toyGameSpecs(p).length > 0) {
        // Boards with games carry a function that makes the tables from one packed literal
        // (maskTablesMaker: made when a rule set is played): that literal, making these tables.
        const maker = maskTablesMaker(t);
        expect(code).toContain(maker.slice(maker.indexOf("new Int32Array(["), maker.indexOf("]).buffer") + 2));
        const made = new Function("return " + maker)()() as typeof t;
        expect([made.toggle, made.solve, made.check, made.quiet].map((a) => Array.from(a))).toEqual(expected);
      } else {
        const tables = int32Literals(code);
        // The tables object is emitted as toggle, solve, check, quiet: find that run of literals.
        const at = tables.findIndex((_, i) => expected.every((e, j) => JSON.stringify(tables[i + j]) === JSON.stringify(e)));
        expect(at).toBeGreaterThanOrEqual(0);
      }
      expect(r.bytes).toBe(Buffer.byteLength(code));
      if (name === DEFAULT_PROFILE) expect(pretokenise(code).length, `${name} flashed image bytes`).toBeLessThanOrEqual(BUNDLE_BUDGET);
    });
  }
});

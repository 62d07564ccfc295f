// The 3×3 firmware on a real Espruino interpreter (ESPRUINO_BIN, an Espruino build for Linux;
// skipped without it): flashed as .bootcde and booted, it plays source 003's worked example
// through the console API, loses an all-dark game under the basic rules, and stays within its
// JsVar budget (measured as npm run budget does, docs/firmware.md "Budgets") with no growth over 2000
// presses; the 5×5 pixel board stays within its own in every game it plays.
import { describe, expect, it } from "vitest";
import { DEFAULT_PROFILE } from "../firmware/build/build";
import { budgetedFigures, JSVAR_BUDGETS, JSVAR_GROWTH, measureMemory } from "../firmware/measure/budget";
import { bootAndRun, espruinoBin } from "../firmware/measure/espruino-bin";
import { checkInterpreterFirst, toyImage } from "./helpers/espruino-toy";
import { loadProfile } from "../hardware/validate";
import { hangAfter } from "./helpers/time-limits";

const bin = espruinoBin();

/** Boots the default profile's bundle and runs `script`; returns its `@@ key value` lines as a map. */
async function run(script: string, runMs: number): Promise<Map<string, string>> {
  const profile = loadProfile(DEFAULT_PROFILE);
  const r = await bootAndRun(bin as string, profile, await toyImage(DEFAULT_PROFILE), script, 1500, runMs);
  const out = new Map<string, string>();
  for (const line of r.results) {
    const i = line.indexOf(" ");
    // The interpreter echoes the script; only printed results start with a bare key.
    if (i > 0 && !line.includes('"')) out.set(line.slice(0, i), line.slice(i + 1));
    else if (i > 0 && line.startsWith("json ")) out.set("json", line.slice(5));
  }
  if (out.size === 0) throw new Error("no results from the interpreter:\n" + r.output.slice(-2000));
  return out;
}

describe.skipIf(!bin)("firmware on Espruino (ESPRUINO_BIN)", () => {
  checkInterpreterFirst();
  it("plays source 003's worked example to a win and an all-dark board to a basic loss", async () => {
    const out = await run(
      [
        'Merlin.setRules("basic");',
        'Merlin.start("010110101");',
        "[3,4,5,8].forEach(function(k){Merlin.press(k);});",
        "var s=Merlin.press(9);",
        'print("@@ win "+s.status+","+s.board+","+s.moves);',
        // Pad 1 toggles 1,2,4,5: from 110110000 one press darkens every pad.
        'Merlin.start("110110000");',
        "s=Merlin.press(1);",
        'print("@@ dark "+s.status+","+s.reason+","+s.board+","+s.moves);',
      ].join(""),
      20_000,
    );
    expect(out.get("win")).toBe("won,111101111,5");
    expect(out.get("dark")).toBe("lost,all-dark,000000000,1");
  });

  for (const name of Object.keys(JSVAR_BUDGETS)) {
    it(`${name}: at most ${JSVAR_BUDGETS[name]} JsVars after boot and after a won game (in each game too, where it has games), and 2000 presses leave no growth`, async () => {
      const m = await measureMemory(bin as string, loadProfile(name), await toyImage(name));
      const budget = JSVAR_BUDGETS[name];
      if (name === "pico-5x5-neopixel") expect(m.games.map((g) => g.name)).toEqual(["lightsout", "lightsout2000", "blackwhite"]);
      const figures = budgetedFigures(m);
      expect(figures.length).toBeGreaterThanOrEqual(2);
      for (const v of figures) expect(v, JSON.stringify(m)).toBeLessThanOrEqual(budget);
      expect(m.presses - m.won, JSON.stringify(m)).toBeLessThanOrEqual(JSVAR_GROWTH);
      for (const g of m.games) expect(g.presses - g.won, JSON.stringify(m)).toBeLessThanOrEqual(JSVAR_GROWTH);
      // (A guard against a hang, not a bar: the 5×5's run, every game of it chosen, took 260 s
      // alone on a 2-core machine under qemu-i386, and over 300 s beside other work.)
    }, hangAfter(120_000));
  }
});

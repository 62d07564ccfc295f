// Each game module bundled as the toy will load it (one module per game, esbuild for ES2015 as
// the firmware build does) passes the Espruino subset check and carries no other game; on the
// reference interpreter (ESPRUINO_BIN), each loads from Storage, plays as in Node, and frees its
// memory when dropped.
import { describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { runInNewContext } from "node:vm";
import { Espruino, espruinoBin, freshFlashDir } from "../firmware/measure/espruino-bin";
import { checkBundle, formatFinding } from "../firmware/build/subset";
import { KEY_COMP_TURN, KEY_HIT_ME, KEY_SAME_GAME } from "../src/toy/gamemodule";
import { GAME_MODULES } from "../src/toy/games/index";
import { espruinoBundle } from "./helpers/espruino-bundle";

const root = resolve(import.meta.dirname, "..");

/**
 * `source` (a script importing from the checkout and handing what it imports to globalThis, as
 * a Storage module hands its exports to the loader) as one ES2015 script, as the firmware build
 * makes one.
 */
function bundle(source: string, minify: boolean): string {
  return espruinoBundle(source, minify, "game-entry.ts", root);
}

describe("game modules as Espruino bundles", () => {
  for (const g of GAME_MODULES) {
    it(`${g.name} alone passes the subset check, minified or not, and holds no other game`, () => {
      const source = `import { ${g.name} } from "./src/toy/games/${g.name}";\n(globalThis as any).game = ${g.name};`;
      for (const minify of [false, true]) {
        const code = bundle(source, minify);
        expect(checkBundle(code, []).map(formatFinding).join("\n")).toBe("");
        if (!minify) {
          for (const other of GAME_MODULES) if (other !== g) expect(code).not.toContain(`"${other.name}"`);
        }
      }
    });
  }

  it("the list of games passes it too", () => {
    const code = bundle(`import { GAME_MODULES } from "./src/toy/games/index";\n(globalThis as any).games = GAME_MODULES;`, true);
    expect(checkBundle(code, []).map(formatFinding).join("\n")).toBe("");
  });
});

/** Plays `keys` on the loaded game (global `game`) under a fake clock: each key's cues and lights, then the saved line. */
const DRIVER = `import { createEffects, layoutFor } from "./src/toy/gamemodule";
(globalThis as any).play = function (seed: number, keys: number[]): string {
  const g = (globalThis as any).game;
  const layout = layoutFor(3, 3);
  const s = g.create(seed, layout, 0);
  let t = 0;
  let out = "";
  for (let i = 0; i < keys.length; i++) {
    const fx = createEffects();
    t += 700;
    g.key(s, keys[i], t, fx);
    while (g.due(s) >= 0 && g.due(s) <= t) g.tick(s, t, fx);
    out += fx.cues.join(".") + "/" + fx.frame + "/" + fx.blink + "/" + fx.tones.join(".") + " ";
  }
  return out + g.save(s);
};`;

const KEYS = [KEY_COMP_TURN, 3, 5, 1, KEY_HIT_ME, 9, 7, 2, 4, 6, 8, KEY_COMP_TURN, KEY_SAME_GAME, 4, 4, 4, 4, KEY_HIT_ME];

describe.skipIf(!espruinoBin())("game modules on the reference interpreter (ESPRUINO_BIN)", () => {
  it("each loads from Storage, plays as in Node, and is freed when dropped", async () => {
    const driver = bundle(DRIVER, true);
    const dir = freshFlashDir();
    const e = await Espruino.start(espruinoBin()!, dir, { echo: false });
    try {
      await e.writeFile("driver.js", driver);
      await e.eval(`eval(require("Storage").read("driver.js"))`);
      for (const g of GAME_MODULES) {
        const code = bundle(`import { ${g.name} } from "./src/toy/games/${g.name}";\n(globalThis as any).game = ${g.name};`, true);
        // Node: the same two scripts in a fresh context.
        const context: { [k: string]: unknown } = {};
        context.globalThis = context;
        runInNewContext(driver, context);
        runInNewContext(code, context);
        const expected = (context.play as (seed: number, keys: number[]) => string)(42, KEYS);
        await e.writeFile(g.name + ".js", code);
        const before = (await e.eval("process.memory().usage")) as number;
        await e.eval(`eval(require("Storage").read(${JSON.stringify(g.name + ".js")}))`);
        const loaded = (await e.eval("process.memory().usage")) as number;
        expect(await e.eval(`play(42, ${JSON.stringify(KEYS)})`), g.name).toBe(expected);
        await e.eval("delete globalThis.game");
        const after = (await e.eval("process.memory().usage")) as number;
        expect(loaded, g.name).toBeGreaterThan(before);
        // Dropped, the game's code is gone: memory is back to (about) what it was.
        expect(after - before, g.name).toBeLessThan((loaded - before) / 4);
      }
    } finally {
      await e.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

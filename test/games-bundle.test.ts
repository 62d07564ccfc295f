// Each game module bundled as the toy will load it (one module per game, esbuild for ES2015 as
// the firmware build does) passes the Espruino subset check, and carries no other game.
import { describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { buildSync } from "esbuild";
import { checkBundle, ESBUILD_SUPPORTED, formatFinding } from "../firmware/build/subset";
import { GAME_MODULES } from "../src/toy/games/index";

const root = resolve(import.meta.dirname, "..");

/**
 * `source` (a script importing from the checkout and handing what it imports to globalThis, as
 * a Storage module hands its exports to the loader) as one ES2015 script, as the firmware build
 * makes one.
 */
function bundle(source: string, minify: boolean): string {
  const out = buildSync({
    stdin: { contents: source, loader: "ts", resolveDir: root, sourcefile: "game-entry.ts" },
    bundle: true,
    format: "iife",
    target: "es2015",
    minify,
    write: false,
    supported: ESBUILD_SUPPORTED,
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
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

/**
 * The tree shows what runs where: src/toy/ is the code the firmware bundles, src/maths/ the
 * solver, table compiler and games catalogue it never carries. The firmware's imports must
 * reach src/toy/ only, and src/toy/ must import nothing from outside itself.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { storageModules } from "../firmware/build/build";
import { listProfiles, loadProfile } from "../hardware/validate";

const ROOT = resolve(__dirname, "..");

/** The relative imports (and re-exports) of a TypeScript file, resolved to files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^"';]*?from\s*"(\.{1,2}\/[^"]+)"|import\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g)) {
    const spec = m[1] ?? m[2];
    const path = resolve(dirname(file), spec);
    const found = [path + ".ts", path + ".d.ts", join(path, "index.ts"), path].find((p) => existsSync(p) && !p.endsWith("/"));
    if (found === undefined) throw new Error(`${relative(ROOT, file)} imports ${spec}, which does not resolve`);
    out.push(found);
  }
  return out;
}

/** Every file reachable from `entries` through relative imports, relative to the checkout. */
function closure(entries: string[]): string[] {
  const seen = new Set<string>();
  const walk = (f: string): void => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const g of importsOf(f)) walk(g);
  };
  entries.forEach(walk);
  return [...seen].map((f) => relative(ROOT, f)).sort();
}

const tsFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir))
    .filter((n) => n.endsWith(".ts") && !n.endsWith(".d.ts"))
    .map((n) => join(ROOT, dir, n));

/** The TypeScript files of src/toy/ and its folders (src/toy/games/). */
const toyFiles = (): string[] =>
  tsFiles("src/toy").concat(
    readdirSync(join(ROOT, "src/toy"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((e) => tsFiles(join("src/toy", e.name))),
  );

/**
 * What the firmware is made of: its core (firmware/*.ts, the entry and its imports) and the
 * Storage modules the build makes beside it for every profile (firmware/build/build.ts
 * storageModules: Magic Square, the player of the games on Merlin's lights, each game, the console).
 */
const firmwareEntries = (): string[] =>
  tsFiles("firmware").concat(listProfiles().flatMap((name) => storageModules(loadProfile(name)).map((m) => resolve(ROOT, m.from + ".ts"))));

describe("what runs where", () => {
  it("the firmware's imports reach src/toy/ and firmware/ only", () => {
    const reached = closure(firmwareEntries());
    const outside = reached.filter((f) => !f.startsWith("firmware/") && !f.startsWith("src/toy/"));
    expect(outside).toEqual([]);
    // The walk saw the toy's core: the game and its mid-end.
    expect(reached.filter((f) => f.startsWith("src/toy/")).length).toBeGreaterThan(5);
  });

  it("src/toy/ imports nothing outside itself", () => {
    const outside: string[] = [];
    for (const f of toyFiles()) {
      for (const g of importsOf(f)) if (!relative(ROOT, g).startsWith("src/toy/")) outside.push(`${relative(ROOT, f)} → ${relative(ROOT, g)}`);
    }
    expect(outside).toEqual([]);
  });

  it("src/ holds only the two parts", () => {
    const entries = readdirSync(join(ROOT, "src"), { withFileTypes: true })
      .filter((e) => !(e.isFile() && e.name === "tsconfig.json"))
      .map((e) => e.name)
      .sort();
    expect(entries).toEqual(["maths", "toy"]);
  });

  it("every file of src/toy/ is bundled by some firmware (nothing Node-only hides there), but the list of games the build reads", () => {
    const reached = new Set(closure(firmwareEntries()));
    const unused = toyFiles()
      .map((f) => relative(ROOT, f))
      .filter((f) => !reached.has(f));
    expect(unused).toEqual(["src/toy/games/index.ts"]);
  });
});

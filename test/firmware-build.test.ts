// The firmware build: the constant-inlining pass on small hand-written bundles (what it
// inlines, what it must leave alone, and that behaviour does not change), a build that fails
// leaves the last good bundle untouched (for the simulator's loader too), an in-memory build
// writes nothing, the scalar board configuration is folded at bundle time (each profile's
// bundle carries only the code it can use), and `npm run build` rejects options it does not know.
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "acorn";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  buildFirmware, bundleFirmware, checkFirmwareSources, configDefines, DEFAULT_PROFILE, outputPath, ROOT, type Bundle,
} from "../firmware/build/build";
import { inlineConstants } from "../firmware/build/inline-constants";
import type { Finding } from "../firmware/build/subset";
import { listProfiles, loadProfile } from "../hardware/validate";
import { loadFirmware } from "../sim/app/firmware-loader";

/** A bundle shaped like esbuild's: one wrapper function holding the top-level declarations. */
const wrap = (body: string) => `(function(){${body}})();`;

const parses = (code: string) => () => parse(code, { ecmaVersion: 2020, sourceType: "script" });

/** Runs a bundle that reports through `out` and returns what it reported. */
function run(code: string): unknown {
  const out: { value?: unknown } = {};
  new Function("out", code)(out);
  return out.value;
}

describe("inlineConstants", () => {
  it("inlines a constant read in several places and drops its declaration", () => {
    const code = wrap("var A=5,B=!0;function f(){return A*2}function g(x){return B?x+A:0}out.value=[f(),g(1),A];");
    const out = inlineConstants(code);
    expect(out).not.toMatch(/\bA\b/);
    expect(out).not.toMatch(/\bB\b/);
    expect(out).not.toContain("var");
    expect(out).toContain("return 5*2");
    expect(parses(out)).not.toThrow();
  });

  it("keeps a name that is assigned or incremented", () => {
    const code = wrap("var A=5,B=6,C=7;function f(){A=1;B++;return C}out.value=[f(),A,B];");
    const out = inlineConstants(code);
    expect(out).toContain("var A=5,B=6;");
    expect(out).toContain("A=1;B++;return 7");
    expect(out).toContain("out.value=[f(),A,B]");
  });

  it("keeps the declaration and the shadowed read when a function declares the same name", () => {
    const code = wrap("var A=5;function f(A){return A}function g(){var A=2;return A}function h(){return A}out.value=[f(1),g(),h()];");
    const out = inlineConstants(code);
    expect(out).toContain("var A=5;");
    expect(out).toContain("function f(A){return A}");
    expect(out).toContain("function g(){var A=2;return A}");
    expect(out).toContain("function h(){return 5}");
    expect(run(out)).toEqual(run(code));
  });

  it("expands object shorthand", () => {
    const out = inlineConstants(wrap("var X=5;out.value={X};"));
    expect(out).toContain("out.value={X:5}");
    expect(run(out)).toEqual({ X: 5 });
  });

  it("parenthesises -1 and !0 used as member objects", () => {
    const code = wrap("var N=-1,T=!0;out.value=[N.toString(),T.toString(),1-N,!T];");
    const out = inlineConstants(code);
    expect(out).toContain("(-1).toString()");
    expect(out).toContain("(!0).toString()");
    expect(parses(out)).not.toThrow();
    expect(run(out)).toEqual(["-1", "true", 2, false]);
  });

  it("leaves property keys alone", () => {
    const code = wrap("var X=5;var a={X:1};a.X=a.X+X;out.value=[a.X,{X:X}];");
    const out = inlineConstants(code);
    expect(out).toContain("a={X:1}");
    expect(out).toContain("a.X=a.X+5");
    expect(out).toContain("{X:5}");
    expect(run(out)).toEqual([6, { X: 5 }]);
  });

  it("does not change what a bundle computes", () => {
    const code = wrap(
      [
        "var R=3,C=4,ON=!0,OFF=!1,NONE=-1,S=0,cells=[];",
        "function idx(r,c){return r*C+c}",
        "function at(r,c){var C=c;return r<0||C<0||r>=R?NONE:idx(r,C)}",
        "function mk(C){return{R,C,on:ON,off:OFF}}",
        "for(var r=0;r<R;r++)for(var c=0;c<C;c++)cells.push(at(r,c));",
        "S=cells.length;",
        "out.value={cells,edge:at(-1,0),grid:mk(9),s:S,n:NONE.toString(),t:ON.toString()};",
      ].join(""),
    );
    const out = inlineConstants(code);
    expect(out.length).toBeLessThan(code.length);
    expect(parses(out)).not.toThrow();
    expect(run(out)).toEqual(run(code));
  });

  it("returns code of any other shape unchanged", () => {
    expect(inlineConstants("var A=5;print(A);")).toBe("var A=5;print(A);");
  });
});

describe("buildFirmware writes only a clean bundle", () => {
  const profile = loadProfile(DEFAULT_PROFILE);
  const finding: Finding = { file: "dist/firmware.js", line: 1, column: 7, rule: "free-global", message: "Map is not a global" };
  const bundle = (code: string, findings: Finding[] = []) => async (): Promise<Bundle> => ({
    profile: profile.name,
    code,
    bytes: code.length,
    findings,
  });
  const withOldBundle = () => {
    const dir = mkdtempSync(join(tmpdir(), "merlin-build-"));
    const file = join(dir, "firmware.js");
    writeFileSync(file, "OLD");
    return { dir, file };
  };

  it("leaves the existing file untouched when the bundle has findings", async () => {
    const { dir, file } = withOldBundle();
    const r = await buildFirmware(profile, { file, bundle: bundle("NEW", [finding]) });
    expect(r.written).toBe(false);
    expect(r.findings).toEqual([finding]);
    expect(readFileSync(file, "utf8")).toBe("OLD");
    expect(readdirSync(dir)).toEqual(["firmware.js"]);
    rmSync(dir, { recursive: true });
  });

  it("leaves the existing file untouched when bundling throws", async () => {
    const { dir, file } = withOldBundle();
    const fail = async (): Promise<Bundle> => {
      throw new Error("firmware/main.ts:3:1: Transforming destructuring is not supported");
    };
    await expect(buildFirmware(profile, { file, bundle: fail })).rejects.toThrow(/destructuring/);
    expect(readFileSync(file, "utf8")).toBe("OLD");
    rmSync(dir, { recursive: true });
  });

  it("replaces the file with a clean bundle and leaves no temporary file", async () => {
    const { dir, file } = withOldBundle();
    const r = await buildFirmware(profile, { file, bundle: bundle("NEW") });
    expect(r.written).toBe(true);
    expect(readFileSync(file, "utf8")).toBe("NEW");
    expect(readdirSync(dir)).toEqual(["firmware.js"]);
    rmSync(dir, { recursive: true });
  });

  it("with write: false returns the real bundle in memory and writes nothing", async () => {
    const file = outputPath(DEFAULT_PROFILE);
    const before = existsSync(file) ? statSync(file).mtimeMs : 0;
    const r = await buildFirmware(profile, { write: false });
    expect(r.findings).toEqual([]);
    expect(r.written).toBe(false);
    expect(r.bytes).toBe(Buffer.byteLength(r.code));
    expect(parses(r.code)).not.toThrow();
    expect(existsSync(file) ? statSync(file).mtimeMs : 0).toBe(before);
  }, 60_000);

  it("checks the sources once while they do not change", () => {
    expect(checkFirmwareSources()).toBe(checkFirmwareSources());
  });
});

describe("the board configuration is folded at bundle time", () => {
  for (const name of listProfiles()) {
    it(`${name}: the bundle keeps only the code its board can use`, async () => {
      const p = loadProfile(name);
      const b = await bundleFirmware(p);
      // A define left unreplaced would be a free global, hence a finding.
      expect(b.findings).toEqual([]);
      for (const d of Object.keys(configDefines(p))) expect(b.code).not.toMatch(new RegExp(`\\b${d}\\b`));
      const has = (s: string) => b.code.includes(s);
      // The pixel output only where the LEDs are WS2812 pixels; no JS-timed LED multiplexing anywhere.
      expect(has('require("neopixel")')).toBe(p.leds.drive === "neopixel");
      expect(has("1.25")).toBe(false);
      // Extra buttons are read with pin.read(); nothing else calls read() without arguments.
      expect(has(".read()")).toBe(p.buttons !== undefined && Object.keys(p.buttons).length > 0);
      expect(has("setDeepSleep")).toBe(p.chip === "stm32");
      expect(has("setPassword")).toBe(!!p.consolePassword);
      expect(has("setConsole")).toBe(!!p.consoleMoved);
    }, 60_000);
  }
});

describe("the simulator's loader when the firmware does not build", () => {
  // A profile of its own under dist/, so no other test's bundle is involved.
  const profile = { ...loadProfile(DEFAULT_PROFILE), name: `test-loader-${process.pid}` };
  const file = outputPath(profile.name);
  afterAll(() => rmSync(dirname(file), { recursive: true, force: true }));
  const failing = (calls: string[]) => async (p: typeof profile) => {
    calls.push(p.name);
    const findings: Finding[] = [{ file: "dist/x/firmware.js", line: 1, column: 2, rule: "free-global", message: "Map is not a global" }];
    return { profile: p.name, file, code: "NEW", bytes: 3, findings, written: false };
  };

  it("with no older bundle, fails with one error naming the problem and the fix", async () => {
    rmSync(dirname(file), { recursive: true, force: true });
    const calls: string[] = [];
    await expect(loadFirmware(profile, () => {}, failing(calls))).rejects.toThrow(
      new RegExp(`does not build \\(dist/x/firmware.js:1:2 free-global: Map is not a global\\); fix it, then run 'npm run build -- --board ${profile.name}'`),
    );
    expect(calls).toEqual([profile.name]);
  });

  it("runs the older bundle, untouched, and warns in one line", async () => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, "OLD");
    utimesSync(file, 0, 0); // older than every source, so stale
    const warnings: string[] = [];
    const calls: string[] = [];
    const fw = await loadFirmware(profile, (m) => warnings.push(m), failing(calls));
    expect(calls).toEqual([profile.name]);
    expect(fw.code).toBe("OLD");
    expect(fw.built).toBe(false);
    expect(readFileSync(file, "utf8")).toBe("OLD");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/does not build .*; running the older dist\/test-loader-\d+\/firmware\.js$/);
    expect(warnings[0]).not.toContain("\n");
  });
});

describe("npm run build options", () => {
  it("rejects an unknown option in one line with exit code 2", () => {
    const r = spawnSync(process.execPath, [join(ROOT, "tools", "tsrun.mjs"), join(ROOT, "firmware", "build", "build.ts"), "--bord", "nope"], {
      encoding: "utf8",
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("build: unknown option --bord for npm run build (see npm run build -- --help)\n");
  }, 30_000);
});

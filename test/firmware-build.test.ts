// The firmware build: the pass that declares terser's variables where Espruino needs them,
// the property names it may shorten (from the firmware's types, never a built-in's), a build that fails
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
  buildFirmware, bundleFirmware, checkFirmwareSources, COLD_FUNCTIONS, compactBundle, configDefines, CUES, DEFAULT_PROFILE, firmwareSources, markNoInline,
  markRam, narrowTables, outputPath, PIXEL_RAM_FUNCTIONS, RAM_FUNCTIONS, ramFunctions, ROOT, type Bundle,
} from "../firmware/build/build";
import { hoistVars } from "../firmware/build/hoist-vars";
import { builtinMembers, declaredMembers, mangledNames } from "../firmware/build/mangle";
import type { Finding } from "../firmware/build/subset";
import { listProfiles, loadProfile } from "../hardware/validate";
import { loadFirmware } from "../sim/app/firmware-loader";

/**
 * Each profile's real bundle, made by bundleFirmware once for this file (about 1.5 s of CPU
 * each) and read by every test below that checks what the bundle holds.
 */
const bundles = new Map<string, Promise<Bundle>>();
function bundleOf(name: string): Promise<Bundle> {
  let b = bundles.get(name);
  if (!b) {
    b = bundleFirmware(loadProfile(name));
    bundles.set(name, b);
  }
  return b;
}

/** A bundle shaped like esbuild's: one wrapper function holding the top-level declarations. */
const wrap = (body: string) => `(function(){${body}})();`;

const parses = (code: string) => () => parse(code, { ecmaVersion: 2020, sourceType: "script" });

/** Runs a bundle that reports through `out` and returns what it reported. */
function run(code: string): unknown {
  const out: { value?: unknown } = {};
  new Function("out", code)(out);
  return out.value;
}

describe("hoistVars (terser's inlining, made safe for an interpreter that does not hoist)", () => {
  it("moves declarations without values to the start of their function, after its directives", () => {
    const code = wrap('function f(a){return(t=a,t*2);var t}function h(){"use strict";x=1;return x;var x}out.value=[f(2),h(),(()=>{return(u=3,u+1);var u})()];');
    const out = hoistVars(code);
    expect(out).toContain('{"use strict";var x;x=1;return x;}');
    expect(out).toContain("{var t;return(t=a,t*2);}");
    expect(out).toContain("{var u;return(u=3,u+1);}");
    expect(parses(out)).not.toThrow();
    expect(run(out)).toEqual(run(code));
  });

  it("leaves declarations with values, and code without such declarations, as they are", () => {
    const code = wrap("function f(){var a=1;g();var b=a+1;return b}function g(){}out.value=f();");
    expect(hoistVars(code)).toBe(code);
  });

  it("the firmware bundle declares every variable before it is used (the subset check finds nothing)", async () => {
    const b = await bundleOf(DEFAULT_PROFILE);
    expect(b.findings).toEqual([]);
    // terser inlined functions with arguments: their variables are declared at the start.
    expect(b.code).toMatch(/\{var [a-zA-Z_$]+(,[a-zA-Z_$]+)*;/);
  }, 60_000);
});

describe("markRam (the hot functions the toy keeps in RAM)", () => {
  it("puts a \"ram\" directive at the start of each named function's body, and only there", () => {
    const code = 'function begin(a){return a}function begin2(b){return b}var x={begin(c){}};function $f(){x.begin(1)}';
    expect(markRam(code, ["begin", "$f"])).toBe('function begin(a){"ram";return a}function begin2(b){return b}var x={begin(c){}};function $f(){"ram";x.begin(1)}');
  });

  it("throws when a name is not declared exactly once", () => {
    expect(() => markRam("function f(){}", ["g"])).toThrow(/function g is declared 0 times/);
    expect(() => markRam("function f(){}function f(){}", ["f"])).toThrow(/declared 2 times/);
  });

  it("every listed function reaches the firmware bundle in RAM, on every profile", async () => {
    for (const name of listProfiles()) {
      const b = await bundleOf(name);
      // (src/toy/cellsolve.ts's loops carry their own directive, on boards with games.)
      const own = name === DEFAULT_PROFILE ? 0 : (readFileSync(join(ROOT, "src", "toy", "cellsolve.ts"), "utf8").match(/^\s*"ram";/gm) ?? []).length;
      const marked = (b.code.match(/\{"ram";/g) ?? []).length;
      const listed = ramFunctions(loadProfile(name)).length;
      expect(marked === listed || marked === listed + own, name).toBe(true);
    }
  }, 120_000);
});

describe("markNoInline (rare branches kept out of the functions a key press runs)", () => {
  it("annotates every call of each named function, not its declaration nor a method of that name", () => {
    const code = "function power(p){q(p)}function carry(e){if(e.p)power(e.p);x.power(1);power2(3)}";
    expect(markNoInline(code, ["power"])).toBe("function power(p){q(p)}function carry(e){if(e.p)/* @__NOINLINE__ */ power(e.p);x.power(1);power2(3)}");
  });

  it("skips a name the bundle does not have; throws when one is declared twice, or declared and never called", () => {
    expect(markNoInline("function f(){}", ["g"])).toBe("function f(){}");
    expect(() => markNoInline("function f(){}function f(){}f()", ["f"])).toThrow(/declared 2 times/);
    expect(() => markNoInline("function f(){}", ["f"])).toThrow(/never called/);
  });

  it("each listed function is declared in the firmware's sources, and power stays a function of its own", async () => {
    const text = firmwareSources().map((f) => readFileSync(f, "utf8")).join("\n");
    for (const name of COLD_FUNCTIONS.concat(RAM_FUNCTIONS, PIXEL_RAM_FUNCTIONS)) expect(text, name).toMatch(new RegExp(`function ${name}\\(`));
    // power: the only function that calls setDeepSleep(true), and carryOut calls it rather than holding its body.
    expect(COLD_FUNCTIONS).toContain("power");
    const b = await bundleOf(DEFAULT_PROFILE);
    expect(b.code).toMatch(/function ([\w$]+)\(([\w$]+)\)\{1===\2\?\([^}]*setDeepSleep\(!0\)/);
  }, 60_000);
});

describe("the bundle's data in RAM", () => {
  it("narrowTables makes Int32Arrays Uint16Arrays only when every value fits 16 bits", () => {
    expect(narrowTables("{a:new Int32Array([1,65535]),b:[],c:new Int32Array([0])}")).toBe("{a:new Uint16Array([1,65535]),b:[],c:new Uint16Array([0])}");
    expect(narrowTables("{a:new Int32Array([1,65536]),c:new Int32Array([0])}")).toBe("{a:new Int32Array([1,65536]),c:new Int32Array([0])}");
    expect(narrowTables("{a:new Int32Array([-1])}")).toBe("{a:new Int32Array([-1])}");
  });

  it("compactBundle passes the sound cues to the wrapper as CUE_TEXT, which the code reads", () => {
    const out = compactBundle('(()=>{"use strict";f(CUE_TEXT.split(" "),void 0,Math.max(1,2))})();', 'a" b');
    expect(out).toBe('(($,CUE_TEXT,_)=>{f(CUE_TEXT.split(" "),_,$.max(1,2))})(Math,"a\\" b");');
    const seen: unknown[] = [];
    new Function("f", out)((...a: unknown[]) => seen.push(...a));
    expect(seen).toEqual([["a\"", "b"], undefined, 2]);
  });

  it("compactBundle also takes terser's `!function(){…}();` wrapper (kept a function)", () => {
    const out = compactBundle('!function(){"use strict";f(CUE_TEXT,void 0,Math.max(1,2))}();', "c");
    expect(out).toBe('(function($,CUE_TEXT,_){f(CUE_TEXT,_,$.max(1,2))})(Math,"c");');
  });

  it.each(listProfiles())("%s: the bundle is compacted (its wrapper takes Math, the cues and undefined)", async (name) => {
    // A wrapper of a shape compactBundle does not know would leave every `void 0` and `Math.` (bytes) and no CUE_TEXT.
    const b = await bundleOf(name);
    expect(b.findings).toEqual([]);
    expect(b.code).toMatch(/^\(\(\$,CUE_TEXT,_\)=>\{|^\(function\(\$,CUE_TEXT,_\)\{/);
    expect(b.code).not.toContain("void 0");
  }, 60_000);

  it("the firmware carries the cues once, as the wrapper's argument, and no Int32Array on the 3x3", async () => {
    const b = await bundleOf(DEFAULT_PROFILE);
    expect(b.code.endsWith(`})(Math,${JSON.stringify(CUES)});`)).toBe(true);
    expect(b.code.split(JSON.stringify(CUES)).length).toBe(2);
    expect(b.code).not.toContain("Int32Array");
  }, 60_000);
});

describe("property shortening follows the firmware's types (mangle.ts)", () => {
  const names = mangledNames(ROOT, firmwareSources());
  const builtin = builtinMembers(ROOT);

  it("shortens the members of the firmware's own interfaces", () => {
    // GameState, KeyEvents, Debouncer, Effects, MaskTables members.
    for (const n of ["board", "moves", "histTop", "queueHead", "pressMs", "frame", "cues", "solve", "quiet"]) expect(names).toContain(n);
  });

  it("never a member of a built-in the firmware reaches: Object.keys, Pin.toggle, Storage.read, setWatch's options, …", () => {
    for (const n of ["keys", "toggle", "read", "write", "repeat", "edge", "debounce", "length", "push", "assign", "CRC32", "log"]) {
      expect(builtin.has(n), n).toBe(true);
      expect(names, n).not.toContain(n);
    }
    expect(names.filter((n) => builtin.has(n))).toEqual([]);
  });

  it("reads members from interface bodies only, past comments, strings, methods and nested types", () => {
    const src = [
      "// interface Fake { notMe: number }",
      'const s = "interface Str { noStr: number }";',
      "export interface A {",
      "  /** doc: a member */ one: number;",
      "  two?: { inner: number };",
      "  three(x: number): void;",
      "  readonly four: (y: string) => number;",
      "  [key: string]: unknown;",
      "}",
      "type T = { five: number };",
    ].join("\n");
    expect(declaredMembers(src, true)).toEqual(["four", "one", "three", "two"]);
    expect(declaredMembers("declare function f(o: { opt?: number }): void; declare namespace N { function g(): void; }", false)).toEqual(["g", "opt"]);
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
      const b = await bundleOf(name);
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

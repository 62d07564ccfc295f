// The firmware build: the pass that declares terser's variables where Espruino needs them,
// what it decides from its measured run of each bundle (RAM placement, cold and inlined
// functions: hotpath.ts) and that no name is hand-listed for it, the property names it may
// shorten (from the firmware's types, never a built-in's), a build that fails
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
  buildFirmware, storageFiles, checkFirmwareSources, compactBundle, configDefines, CUES, DEFAULT_PROFILE, esbuildBundle, esbuildCore, esbuildModules, firmwareSources,
  measuredDecisions, narrowTables, outputPath, ROOT, squeezedWith, type Bundle, type BuildResult,
} from "../firmware/build/build";
import { analyse, decide, madeInPlace, readAllTags, tagsInBundle, unmeasured } from "../firmware/build/hotpath";
import { uniqueNames } from "../firmware/build/unique-names";
import { MAGIC_SQUARE } from "../src/toy/midend";
import { declareStrays, dissolveInPlace, hoistVars } from "../firmware/build/after-terser";
import { minify } from "terser";
import { builtinMembers, declaredMembers, mangledNames } from "../firmware/build/mangle";
import { checkBundle, type Finding } from "../firmware/build/subset";
import { listProfiles, loadProfile } from "../hardware/validate";
import { loadFirmware } from "../sim/app/firmware-loader";
import { firmwareBundle } from "./helpers/firmware-cache";

/**
 * Each profile's real bundle as bundleFirmware makes it (about 1.5 s of CPU each), read by every
 * test below that checks what the bundle holds: made once for the current sources by whichever
 * test file asks first (test/helpers/firmware-cache.ts, keyed by a hash of every input).
 */
const bundleOf = firmwareBundle;

/** esbuild's bundle of each profile, made once for this file: what the build measures and terser squeezes. */
const esbuilt = new Map<string, Promise<string>>();
function esbuildOf(name: string): Promise<string> {
  let code = esbuilt.get(name);
  if (!code) {
    code = esbuildBundle(loadProfile(name));
    esbuilt.set(name, code);
  }
  return code;
}

const mtimeOf = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);
let fresh: Promise<{ result: BuildResult; mtimeBefore: number }> | undefined;

/**
 * The default profile built here, afresh and in memory (buildFirmware with write: false, not
 * from the cache), and the mtime of its file in dist/ just before: one build for the two tests
 * that check building itself (the same sources give the same bundle; nothing is written).
 */
function freshBuild(): Promise<{ result: BuildResult; mtimeBefore: number }> {
  fresh ??= (async () => {
    const mtimeBefore = mtimeOf(outputPath(DEFAULT_PROFILE));
    return { result: await buildFirmware(loadProfile(DEFAULT_PROFILE), { write: false }), mtimeBefore };
  })();
  return fresh;
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

  it("declares where they are used the variables terser assigns but declares in another function only", async () => {
    // keyDown dissolved into two callers, other dissolved into it inside a loop: terser declares
    // other's parameters in toyPress only, though toyKeys assigns them too.
    const code = wrap(
      "function other(me1,fx1,key1){me1.a?(me1.a=false,fx1.p=2):fx1.f=key1<me1.n?1<<key1:me1.all}" +
        "function keyDown(me2,fx2,key2){me2.t=me2.now+1;if(me2.asleep||key2>=me2.pads){other(me2,fx2,key2);return false}fx2.k=key2;return true}" +
        "function toyKeys(me3,keys){let fx={};for(let i=0;i<keys.length;i++){if(/* @__INLINE__ */ keyDown(me3,fx,keys[i]))me3.g++}return fx}" +
        "function toyPress(me4,key4){let fx={};if(key4>0)/* @__INLINE__ */ keyDown(me4,fx,key4-1);return fx}" +
        "var toy={now:1,pads:9,n:9,all:511,g:0};out.value=[toyKeys(toy,[1,9,2]),toyPress(toy,3),toy.g,typeof me1];",
    );
    const squeezed = (await minify(code, { compress: { passes: 3, hoist_funs: false, hoist_vars: false }, mangle: false })).code!;
    const free = checkBundle(squeezed, ["out"]).filter((f) => f.rule === "free-global").map((f) => f.name!);
    expect(free.length).toBeGreaterThan(0);
    const fixed = declareStrays(squeezed, new Set(free));
    expect(checkBundle(fixed, ["out"]).filter((f) => f.rule === "free-global")).toEqual([]);
    expect(run(fixed)).toEqual(run(code));
    expect((run(fixed) as unknown[])[3]).toBe("undefined");
  });

  it("declares a variable once, in the outer function, when a function inside it reads it too", () => {
    // Terser's shape for `toss(s)` inlined into `create`: draw(s, 2) assigns `holder` in the
    // caller and reads `holder.b` in an arrow there; a `var holder` in the arrow would hide it.
    const code = wrap("function create(seed){let s={b:seed,a:0};return(holder=s).a=(holder.b=(()=>{let x=0|holder.b;return x+1})())%2,s}out.value=[create(4).a,create(5).b];");
    const fixed = declareStrays(code, new Set(["holder"]));
    expect(fixed.match(/var holder/g)).toHaveLength(1);
    expect(fixed).toContain("function create(seed){var holder;");
    expect(run(fixed)).toEqual([1, 6]);
  });

  it("dissolves arrow functions called in place whose body is one expression, inside loops too; leaves the others", () => {
    const code = wrap(
      "var log=[];function f(n){let s=0;for(let i=0;i<n;i++)s+=((a$1,b$1)=>(a$1-b$1)<<16>>16)(i,(log.push(i),1));" +
        "s+=(m$1=>0!==(m$1&m$1-1))(s&6)?1:0;s+=(c$1=>c$1*2)(3,log.push(-1));s+=(d$1=>void 0===d$1?5:0)();" +
        "s+=(()=>{let t=s;return t})();s+=(e$1=>[1,2].map(x=>x+e$1)[0])(1);return s}out.value=[f(3),log];",
    );
    const out = dissolveInPlace(code);
    // Each one-expression arrow is gone; a block body and one holding a function stay.
    expect(out).not.toContain("a$1,b$1)=>");
    expect(out).not.toContain("m$1=>");
    expect(out).toContain("(a$1=i,b$1=(log.push(i),1),((a$1-b$1)<<16>>16))");
    expect(out).toContain("var a$1,b$1,m$1,c$1,d$1;");
    expect(out).toContain("(()=>{let t=s;return t})()");
    expect(out).toContain("(e$1=>[1,2].map(x=>x+e$1)[0])(1)");
    expect(parses(out)).not.toThrow();
    // The same results, the arguments evaluated in the same order (extra ones too).
    expect(run(out)).toEqual(run(code));
    // Nested calls: the inner first, then the outer.
    const nested = wrap("function g(x){return (p$1=>p$1+1)((q$1=>q$1*2)(x))}out.value=g(4);");
    expect(run(dissolveInPlace(nested))).toBe(9);
    expect(dissolveInPlace(nested)).not.toMatch(/=>/);
  });

  it("the firmware bundle declares every variable before it is used (the subset check finds nothing)", async () => {
    const b = await bundleOf(DEFAULT_PROFILE);
    expect(b.findings).toEqual([]);
    // terser inlined functions with arguments: their variables are declared at the start.
    expect(b.code).toMatch(/\{var [a-zA-Z_$]+(,[a-zA-Z_$]+)*;/);
  });
});

describe("what the build decides from its measurement (hotpath.ts), in the real bundles", () => {
  it.each(listProfiles())("%s: the functions the actions would make in place are kept functions of their own, best first, within the allowance", async (name) => {
    const b = await bundleOf(name);
    const d = b.decisions!;
    const prog = analyse(await esbuildOf(name));
    // Terser's output with the decisions: no kept function is made in place; every function the
    // actions run that still is was judged and did not fit.
    const made = madeInPlace(prog, await squeezedWith(prog, d)).fns;
    const kept = new Set(d.kept.map((k) => k.fn));
    const left = new Set(d.leftOut.map((k) => k.fn));
    const hot = new Set(d.hot.map((h) => h.fn));
    for (const fn of made) expect(kept.has(fn), prog.fns[fn].name).toBe(false);
    for (const fn of made.filter((f) => hot.has(f))) expect(left.has(fn), prog.fns[fn].name).toBe(true);
    // (A function kept by its @kept tag is outside the allowance.)
    const measured = d.kept.filter((k) => !k.tagged);
    for (const k of measured) expect(hot.has(k.fn), k.name).toBe(true);
    expect(measured.reduce((s, k) => s + k.cost, 0)).toBeLessThanOrEqual(d.allowance);
    // What did not fit would not have: each costs more than what was left.
    const spent = measured.reduce((s, k) => s + k.cost, 0);
    for (const l of d.leftOut) expect(spent + l.cost, l.name).toBeGreaterThan(d.allowance);
    // No code is placed in RAM: not by the sources, not by the build.
    for (const f of firmwareSources()) expect(readFileSync(f, "utf8"), f).not.toMatch(/^\s*["']ram["'];/m);
    expect(b.code).not.toMatch(/["']ram["']/);
  });

  it("@kept reaches the Storage modules: Magic Square's act, which every key runs, is a function of its own there, not made in place", async () => {
    const p = loadProfile(DEFAULT_PROFILE);
    const modules = await esbuildModules(p, (await esbuildCore(p)).names);
    const prog = analyse(uniqueNames(modules.find((m) => m.name === MAGIC_SQUARE)!.code));
    const act = prog.fns.find((f) => f.declared && f.name === "act")!;
    const found = tagsInBundle(prog, readAllTags(firmwareSources(), ROOT), ROOT).found;
    expect([...found.kept]).toContain("act");
    // As gameBundles squeezes the module: with its tags, and without them.
    const tagged = decide(p, prog, unmeasured(prog), found);
    expect(madeInPlace(prog, await squeezedWith(prog, tagged, true)).fns).not.toContain(act.index);
    const untagged = decide(p, prog, unmeasured(prog));
    expect(madeInPlace(prog, await squeezedWith(prog, untagged, true)).fns).toContain(act.index);
  });

  it("the same sources give the same bundle (counts decide, never time)", async () => {
    // Two builds: the shared one (often made by another test process, earlier) and one made here.
    const first = await bundleOf(DEFAULT_PROFILE);
    const again = (await freshBuild()).result;
    expect(again.code).toBe(first.code);
    expect(again.explanation).toBe(first.explanation);
  });

  it("a key press's rare branches stay functions of their own: power (sleep and wake) is cold and not inlined", async () => {
    const b = await bundleOf(DEFAULT_PROFILE);
    expect(b.decisions!.cold.map((c) => c.name)).toContain("power");
    // power: the only function that calls setDeepSleep(true), and carryOut calls it rather than holding its body.
    expect(b.code).toMatch(/function ([\w$]+)\(([\w$]+)\)\{1===\2\?\([^}]*setDeepSleep\(!0\)/);
    // What --explain prints names the decisions.
    expect(b.explanation).toMatch(/^pico-3x3: decisions/);
    for (const k of b.decisions!.kept) expect(b.explanation).toContain(`    ${k.name}  `);
  });

  it("a renamed function keeps its decisions: they follow the code, not names", async () => {
    const p = loadProfile(DEFAULT_PROFILE);
    const code = await esbuildOf(DEFAULT_PROFILE);
    // (The core plays from its Storage modules: Magic Square, the console.)
    const files = storageFiles((await firmwareBundle(DEFAULT_PROFILE)).games ?? []);
    const before = await measuredDecisions(p, analyse(code), [], files);
    const target = before.cold.find((c) => /^[A-Za-z]\w+$/.test(c.name) && analyse(code).fns[c.fn].declared)!;
    expect(target).toBeDefined();
    const renamed = code.replace(new RegExp(`\\b${target.name}\\b`, "g"), "renamedForTheTest");
    const after = await measuredDecisions(p, analyse(renamed), [], files);
    expect(after.cold.map((c) => c.name)).toContain("renamedForTheTest");
    expect(after.cold.map((c) => c.name).sort()).toEqual(before.cold.map((c) => (c.name === target.name ? "renamedForTheTest" : c.name)).sort());
  });

  it("fails naming the function when a tag matches nothing, a @cold function is never called, or a function asks to be kept in RAM", async () => {
    const p = loadProfile(DEFAULT_PROFILE);
    const prog = analyse(await esbuildOf(DEFAULT_PROFILE));
    const stale = { tag: "cold" as const, name: "goneFunction", file: join(ROOT, "firmware", "controller.ts"), line: 12 };
    await expect(measuredDecisions(p, prog, [stale])).rejects.toThrow("build: @cold on goneFunction (firmware/controller.ts:12) matches no function in any profile's bundle or Storage module");
    const own = analyse('(function(){\n// firmware/x.ts\nfunction f(){"ram";return 1}\nf()})();');
    await expect(measuredDecisions(p, own, [])).rejects.toThrow('build: f has a "ram" directive; every supported board reads code in place');
    const uncalled = analyse("(function(){\n// firmware/x.ts\nfunction lonely(){return 1}\n})();");
    const tag = { tag: "cold" as const, name: "lonely", file: join(ROOT, "firmware", "x.ts"), line: 3 };
    await expect(measuredDecisions(p, uncalled, [tag])).rejects.toThrow("build: @cold on lonely, which the bundle never calls");
  });
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
  });

  it("the firmware carries the cues once, as the wrapper's argument, and no Int32Array on the 3x3", async () => {
    const b = await bundleOf(DEFAULT_PROFILE);
    expect(b.code.endsWith(`})(Math,${JSON.stringify(CUES)});`)).toBe(true);
    expect(b.code.split(JSON.stringify(CUES)).length).toBe(2);
    expect(b.code).not.toContain("Int32Array");
  });
});

describe("property shortening follows the firmware's types (mangle.ts)", () => {
  const names = mangledNames(ROOT, firmwareSources());
  const builtin = builtinMembers(ROOT);

  it("shortens the members of the firmware's own interfaces and object types (`type` or `interface`: the reader's choice)", () => {
    // GameState, KeyEvents, Debouncer, Effects, MaskTables members.
    for (const n of ["board", "moves", "histTop", "queueHead", "pressMs", "frame", "cues", "solve", "quiet"]) expect(names).toContain(n);
    // Members of types written `type X = { … }` in the firmware's sources.
    const aliased = firmwareSources().flatMap((f) => {
      const src = readFileSync(f, "utf8");
      return [...src.matchAll(/^(?:export )?type \w+(?:<[^>]*>)? = \{\n?\s*(?:\/\*\*[^]*?\*\/\s*)?(?:readonly )?(\w+)\??[:(]/gm)].map((m) => m[1]);
    });
    expect(aliased.length).toBeGreaterThan(0);
    for (const n of aliased) if (!builtin.has(n)) expect(names, n).toContain(n);
  });

  it("never a member of a built-in the firmware reaches: Object.keys, Pin.toggle, Storage.read, setWatch's options, …", () => {
    for (const n of ["keys", "toggle", "read", "write", "repeat", "edge", "debounce", "length", "push", "assign", "CRC32", "log"]) {
      expect(builtin.has(n), n).toBe(true);
      expect(names, n).not.toContain(n);
    }
    expect(names.filter((n) => builtin.has(n))).toEqual([]);
  });

  it("reads members from interface bodies and object type aliases alike, past comments, strings, methods and nested types", () => {
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
      "type T = { five: number; six?: { notNested: number } };",
      "export type U<X> = T & { seven(x: X): void } | { eight: string };",
      "type F = (o: { notParam: number }) => void;",
      "const v = { notValue: 1 };",
      "let type = 1; o.type = { notAfterType: 2 };",
    ].join("\n");
    expect(declaredMembers(src, true)).toEqual(["eight", "five", "four", "one", "seven", "six", "three", "two"]);
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
    const { result: r, mtimeBefore } = await freshBuild();
    expect(r.findings).toEqual([]);
    expect(r.written).toBe(false);
    expect(r.bytes).toBe(Buffer.byteLength(r.code));
    expect(parses(r.code)).not.toThrow();
    expect(mtimeOf(outputPath(DEFAULT_PROFILE))).toBe(mtimeBefore);
  });

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
    });
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
  });
});

// firmware/build/hotpath.ts: how the firmware build reads its bundle, counts what a player's
// actions run, and decides from the counts (and the sources' tags) what never to inline, what
// to inline, and which functions terser would make in place are kept functions of their own.
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ROOT } from "../firmware/build/build";
import {
  actionBars, analyse, applyDecisions, decide, functionCost, instrument as countCalls, keptChoice, madeInPlace, type Measured, readTags, SEGMENTS,
  SPEED_BUDGETS, speedAllowance, stripCallAnnotations, tagsInBundle,
} from "../firmware/build/hotpath";
import { uniqueNames } from "../firmware/build/unique-names";
import { loadProfile } from "../hardware/validate";

/** A bundle shaped like esbuild's: one wrapper function, a `// path` comment before each module. */
const bundle = (body: string) => `(function(){\n"use strict";\n${body}\n})();`;

/** Counts for `prog`'s counters: `press` actions with the given counts per function name. */
function measured(prog: ReturnType<typeof analyse>, actions: number, calls: Record<string, number>): Measured {
  const n = prog.fns.length;
  const segments = {} as Measured["segments"];
  for (const s of SEGMENTS) segments[s] = { actions: 0, counts: new Array(n).fill(0) };
  segments.press.actions = actions;
  for (const [name, c] of Object.entries(calls)) segments.press.counts[prog.fns.findIndex((f) => f.name === name)] = c;
  return { segments };
}

describe("the build's measurement (firmware/build/hotpath.ts)", () => {
  it("counts every call once, and the program computes what it did", () => {
    const code = "var out=(function(){function f(n){let s=0;for(let i=0;i<n;i++)s+=g(i);while(s>100)s-=100;return s}function g(x){return x*2}var h=e=>({v:f(e)});return [h(3).v,f(2)]})();";
    const prog = analyse(code);
    expect(prog.fns.map((f) => f.name)).toEqual(["(anonymous)", "f", "g", "h"]);
    const plain = runInNewContext(code + "out");
    const ctx: Record<string, unknown> = {};
    const counted = runInNewContext(countCalls(prog) + "out", ctx);
    expect(counted).toEqual(plain);
    expect(plain).toEqual([6, 2]);
    // The wrapper once, f twice, g 3 + 2 times, h once.
    expect(ctx.__H).toEqual([1, 2, 5, 1]);
  });

  it("resolves calls to top-level functions only: not a local of the same name, not a method; and counts value uses", () => {
    const prog = analyse(bundle("function a(){return 1}function b(){a();o.a();return [a]}function c(a){return a()}function d(){a()}var o={a(){return a()}};setTimeout(d,1);"));
    const callers = prog.calls.map((c) => `${prog.fns[c.caller].name}>${prog.fns[c.callee].name}`);
    expect(callers).toEqual(["b>a", "d>a", "o.a>a"]);
    const a = prog.fns.find((f) => f.name === "a")!;
    const d = prog.fns.find((f) => f.name === "d")!;
    // Three calls and one value (`[a]`).
    expect(prog.references.get(a.index)).toBe(4);
    expect(prog.references.get(d.index)).toBe(1);
    expect(prog.calls.filter((c) => c.callee === d.index)).toEqual([]);
  });

  it("cold: a hot function's callee that runs too rarely for its size; never a tiny one, never one run on most calls", () => {
    const big = "x.a=1;x.b=2;x.c=3;x.d=4;x.e=5;x.f=6;x.g=7;x.h=8;x.i=9;x.j=10;x.k=11;x.l=12;x.m=13;x.n=14;x.o=15;";
    const prog = analyse(
      bundle(`var x={};function rare(){${big}}function often(){${big}}function tiny(){x.z=1}function press(k){if(k>5)rare();if(k<0)tiny();often();}press(1);`),
    );
    const d = decide(loadProfile("pico-3x3"), prog, measured(prog, 100, { press: 100, rare: 1, often: 100 }));
    expect(d.cold.map((c) => c.name)).toEqual(["rare"]);
    expect(d.cold[0]).toMatchObject({ calls: 1, callerCalls: 100, callers: ["press"] });
    expect(d.hot.map((h) => h.name).sort()).toEqual(["often", "press", "rare"]);
    expect(d.hot.find((h) => h.name === "press")!.perAction).toEqual({ press: 1 });
  });

  it("made in place: the functions terser left as a function expression called where it stood, told by the names they declare", () => {
    const prog = analyse(bundle("function step(s){let t=s|0;t^=t<<13;return t}function mix(a,b){let c=a^b;for(let i=0;i<2;i++)c=step(c);return c}function f(x){return mix(x,1)}setTimeout(f,1);"));
    // As terser leaves them: mix inlined into f, step into mix's loop; the wrapper is not one.
    const squeezed = "(()=>{globalThis.f=x=>((a,b)=>{let c=a^b;for(let i=0;i<2;i++)c=(s=>{let t=0|s;return t^=t<<13,t})(c);return c})(x,1)})();";
    const made = madeInPlace(prog, squeezed);
    expect(made.fns.map((i) => prog.fns[i].name)).toEqual(["step", "mix"]);
    expect(made.unknown).toEqual([]);
    // One that declares no name cannot be told.
    expect(madeInPlace(prog, "(()=>{globalThis.g=()=>(()=>{for(;;)break})()})();").unknown).toEqual(["(()=>{for(;;)break})()"]);
  });

  it("kept functions: worth = runs per action × (a call + its bytes) as a share of the action's bar, per JsVar it costs", () => {
    const prog = analyse(bundle("function a(x){return x}function b(x,y,z){return x+y+z}a(1);b(1,2,3);"));
    const p = loadProfile("pico-3x3");
    const bars = actionBars(p);
    expect(bars).toEqual({ press: SPEED_BUDGETS.press, hint: SPEED_BUDGETS.hint3x3, comp: SPEED_BUDGETS.hint3x3 });
    expect(actionBars(loadProfile("pico-5x5-neopixel")).hint).toBe(SPEED_BUDGETS.colourHint5x5);
    const fa = prog.fns.find((f) => f.name === "a")!;
    const fb = prog.fns.find((f) => f.name === "b")!;
    expect(functionCost(fa)).toBe(5);
    expect(functionCost(fb)).toBe(7);
    const ka = keptChoice(prog, fa.index, { press: 1 }, bars);
    expect(ka.density).toBeCloseTo(((1 / bars.press) * (400 + fa.bytes)) / 5);
    // A run on a key press weighs more than one on HIT ME: its bar is lower.
    expect(keptChoice(prog, fa.index, { press: 1 }, bars).density).toBeGreaterThan(keptChoice(prog, fa.index, { hint: 1 }, bars).density);
    expect(speedAllowance(p)).toBe(19);
    expect(speedAllowance(loadProfile("pico-5x5-neopixel"))).toBe(120);
  });

  it("inline: a function only ever called, where it is called once or small enough to copy to every call; not one passed as a value, not a recursive one", () => {
    const prog = analyse(bundle("function sq(x){return x*x}function cb(x){return x+1}function rec(n){return n?rec(n-1):0}function f(a){return sq(a)+sq(a+1)+cb(a)+cb(2)+rec(a)+rec(1)}setTimeout(cb,1);f(1);"));
    const d = decide(loadProfile("pico-3x3"), prog, measured(prog, 1, { f: 1, sq: 2, cb: 2, rec: 3 }));
    expect(d.inline.map((x) => x.name)).toEqual(["sq", "f"]);
  });

  it("@kept: a function of its own whatever the counts and the allowance — never inlined, never cold — and its calls get @__NOINLINE__", () => {
    const big = "x.a=1;x.b=2;x.c=3;x.d=4;x.e=5;x.f=6;x.g=7;x.h=8;x.i=9;x.j=10;x.k=11;x.l=12;x.m=13;x.n=14;x.o=15;";
    const prog = analyse(bundle(`var x={};function act(k){if(k>5){${big}}return k}function rare(){${big}}function press(k){if(k>5)rare();return act(k)}press(1);`));
    const p = loadProfile("pico-3x3");
    const counts = measured(prog, 100, { press: 100, act: 100, rare: 1 });
    // Untagged, act (called from one place) is inlined and rare is cold.
    const plain = decide(p, prog, counts);
    expect(plain.inline.map((i) => i.name)).toContain("act");
    expect(plain.kept).toEqual([]);
    // Tagged, each is kept: act with its runs per action, rare (cold by its counts) kept instead.
    const tagged = decide(p, prog, counts, { cold: new Set(), kept: new Set(["act", "rare"]) });
    // (Each costs 4 JsVars and 1 a parameter: functionCost.)
    expect(tagged.kept.map((k) => [k.name, k.tagged, k.cost])).toEqual([["act", true, 5], ["rare", true, 4]]);
    expect(tagged.kept[0].perAction).toEqual({ press: 1 });
    expect(tagged.inline.map((i) => i.name)).not.toContain("act");
    expect(tagged.cold).toEqual([]);
    expect(applyDecisions(prog, tagged)).toContain("return /* @__NOINLINE__ */ act(k)");
    // Not run by the script (a Storage module, which it does not count): kept all the same.
    const unrun = decide(p, prog, measured(prog, 0, {}), { cold: new Set(), kept: new Set(["act"]) });
    expect(unrun.kept.map((k) => [k.name, k.perAction])).toEqual([["act", {}]]);
  });

  it("a closure made on every call is never cold", () => {
    const big = "x.a=1;x.b=2;x.c=3;x.d=4;x.e=5;x.f=6;x.g=7;x.h=8;x.i=9;x.j=10;x.k=11;x.l=12;x.m=13;x.n=14;x.o=15;";
    const prog = analyse(
      bundle(`var x={};function make(){function helper(k){return k+1}return{step(k){return helper(k)}}}var m=make();` +
        `function press(k){function rare(){${big}}if(k<0)rare();return m.step(k)}setTimeout(press,1);`),
    );
    const helper = prog.fns.find((f) => f.name === "helper")!;
    expect(prog.calls.map((c) => prog.fns[c.callee].name)).toEqual(["helper", "make", "rare"]);
    expect(helper.declared).toBe(false);
    const d = decide(loadProfile("pico-3x3"), prog, measured(prog, 100, { make: 1, step: 100, helper: 100, press: 100 }));
    expect(d.cold).toEqual([]);
  });

  it("applies the decisions: @__NOINLINE__ and @__INLINE__ at the calls, and no annotation of the sources' own", () => {
    const code = bundle('function hot(){"use strict";return 1}function rare(){return 2}function sq(x){return x*x}function f(){return hot()+/* @__INLINE__ */ rare()+sq(1)+sq(2)+o.rare()}var o={rare(){}};f();');
    const prog = analyse(code);
    const fn = (name: string) => prog.fns.find((f) => f.name === name)!.index;
    const out = applyDecisions(prog, {
      profile: "t", allowance: 10, hot: [], leftOut: [],
      kept: [{ name: "hot", fn: fn("hot"), bytes: 1, cost: 1, density: 1, perAction: { press: 1 } }],
      cold: [{ name: "rare", fn: fn("rare"), bytes: 1, calls: 0, callerCalls: 1, callers: ["f"], tagged: false }],
      inline: [{ name: "sq", fn: fn("sq"), bytes: 1, sites: 2 }],
    });
    expect(out).toContain('function hot(){"use strict";return 1}');
    const blank = (s: string) => " ".repeat(s.length);
    expect(out).toContain(`return /* @__NOINLINE__ */ hot()+${blank("/* @__INLINE__ */ ")}/* @__NOINLINE__ */ rare()+/* @__INLINE__ */ sq(1)+/* @__INLINE__ */ sq(2)+o.rare()`);
    expect(stripCallAnnotations("a(/*@__NOINLINE__*/ b(),/* @__INLINE__ */c())")).toBe(`a(${blank("/*@__NOINLINE__*/")} b(),${blank("/* @__INLINE__ */")}c())`);
  });
});

describe("unique names (firmware/build/unique-names.ts)", () => {
  it("gives each parameter whose name another binding has a name of its own; other bindings, properties, labels and globals stay", () => {
    const code = "(function(){var rules=1;function p(rules){let x=rules;{let x=2;q(x)}return x+q()}function q(){return rules}class C{m(rules){return rules}}const s={rules};try{p(1)}catch(rules){q(rules)}for(let rules=0;rules<1;rules++)p(rules);a:for(;;){break a}return Math.max(s.rules,g)})();";
    const out = uniqueNames(code);
    expect(out).toBe("(function(){var rules=1;function p(rules$1){let x=rules$1;{let x=2;q(x)}return x+q()}function q(){return rules}class C{m(rules$2){return rules$2}}const s={rules};try{p(1)}catch(rules){q(rules)}for(let rules=0;rules<1;rules++)p(rules);a:for(;;){break a}return Math.max(s.rules,g)})();");
    // The same program: it computes the same.
    const value = (c: string) => runInNewContext(`var g=7;var out=${c.replace(/\)\(\);$/, ")()")};out`);
    expect(value(out)).toBe(value(code));
    // A name the code already uses is not taken; a parameter whose name is its own keeps it.
    expect(uniqueNames("(function(){var a$1=0;function f(a){return a}function g(a){return a+a$1}})();")).toBe("(function(){var a$1=0;function f(a$2){return a$2}function g(a$3){return a$3+a$1}})();");
    expect(uniqueNames("(function(){function f(solo,k){return solo+k}function g(k){return k}})();")).toBe("(function(){function f(solo,k$1){return solo+k$1}function g(k$2){return k$2}})();");
  });
});

describe("annotations at the declaration (@cold, @kept)", () => {
  it("reads a tag on a top-level function declaration; refuses one anywhere else, naming the place", () => {
    const src = "/** Sleeps. @cold */\nexport function power(p: number): void {}\n/**\n * Rarely.\n * @cold\n */\nfunction press<T>(k: T) {}\n/**\n * Every key.\n * @kept (why)\n */\nfunction act(k: number) {}\n";
    expect(readTags("firmware/x.ts", src)).toEqual([
      { tag: "cold", name: "power", file: "firmware/x.ts", line: 1 },
      { tag: "cold", name: "press", file: "firmware/x.ts", line: 3 },
      { tag: "kept", name: "act", file: "firmware/x.ts", line: 8 },
    ]);
    expect(() => readTags("src/x.ts", "/** @kept */\nconst act = () => 1;\n")).toThrow("src/x.ts:1: @kept must be on a top-level function declaration, not on 'const act = () => 1;'");
    expect(() => readTags("firmware/x.ts", "const a = 1;\n/** @cold */\nexport const power = () => 1;\n")).toThrow("firmware/x.ts:2: @cold must be on a top-level function declaration, not on 'export const power = () => 1;'");
    expect(() => readTags("firmware/x.ts", "function f() {\n  /** @cold */\n  function g() {}\n}\n")).toThrow(/firmware\/x\.ts:2: @cold must be on a top-level function declaration/);
    // Not a tag: a word in the text.
    expect(readTags("firmware/x.ts", "/** Costs a @coldness. */\nfunction f() {}\n")).toEqual([]);
  });

  it("finds a tagged function in its module's part of the bundle, renamed by esbuild or not; a tag that matches nothing is missing", () => {
    // (A Storage module's bundle is esbuild's iife: its `// path` comments are indented.)
    const prog = analyse(bundle("// src/toy/a.ts\nfunction power(){}\n  // firmware/b.ts\nfunction power2(){}\nfunction other(){}\n"));
    const tag = (name: string, file: string) => ({ tag: "cold" as const, name, file: join(ROOT, file), line: 1 });
    const r = tagsInBundle(prog, [tag("power", "firmware/b.ts"), tag("power", "src/toy/a.ts"), tag("gone", "firmware/b.ts"), tag("other", "src/toy/a.ts")], ROOT);
    expect([...r.found.cold].sort()).toEqual(["power", "power2"]);
    expect(r.missing.map((t) => t.name)).toEqual(["gone", "other"]);
  });
});

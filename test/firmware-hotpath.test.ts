// test/bench/hotpath.ts counts calls of every function of a bundle by running an
// instrumented copy: the copy must count each call exactly once (block and expression bodies,
// nested functions, object-literal bodies) and compute what the original computes.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { functionsOf, instrument } from "./bench/hotpath";

describe("hot path instrumentation", () => {
  it("counts every call of every function once and leaves the results alone", () => {
    const code =
      "var out=(function(){function f(n){function g(x){return x+1}return n>0?g(f(n-1)):0}" +
      "var h=e=>({v:f(e)}),k=()=>h(2).v;return [k(),k(),h(1).v]})();";
    const fns = functionsOf(code);
    // The IIFE, f, g, h, k.
    expect(fns.map((f) => code.slice(f.start, f.start + 12))).toEqual(["function(){f", "function f(n", "function g(x", "e=>({v:f(e)}", "()=>h(2).v;r"]);
    const plain = runInNewContext(code + "out");
    const ctx: Record<string, unknown> = {};
    const counted = runInNewContext(instrument(code, fns) + "out", ctx);
    expect(counted).toEqual(plain);
    expect(plain).toEqual([2, 2, 1]);
    // k twice → h(2) twice; h(1) once: f runs 3+3+2 = 8 times, g 2+2+1 = 5 times.
    expect(ctx.__H).toEqual([1, 8, 5, 3, 2]);
  });
});

// firmware/build/hotpath.ts: how the firmware build reads its bundle, counts what a player's
// actions run, and decides from the counts (and the sources' tags) what to keep in RAM, what
// never to inline and what to inline.
import { join } from "node:path";
import { ROOT } from "../firmware/build/build";
import {
  analyse, applyDecisions, decide, instrument as countCalls, type Measured, ramAllowance, ramCost, readTags, SEGMENTS, stripCallAnnotations, tagsInBundle,
} from "../firmware/build/hotpath";
import { loadProfile } from "../hardware/validate";

/** A bundle shaped like esbuild's: one wrapper function, a `// path` comment before each module. */
const bundle = (body: string) => `(function(){\n"use strict";\n${body}\n})();`;

/** Counts for `prog`'s counters: `press` actions with the given counts per function name and per loop index. */
function measured(prog: ReturnType<typeof analyse>, actions: number, calls: Record<string, number>, loops: Record<number, number> = {}): Measured {
  const n = prog.fns.length + prog.loops.length;
  const segments = {} as Measured["segments"];
  for (const s of SEGMENTS) segments[s] = { actions: 0, counts: new Array(n).fill(0) };
  segments.press.actions = actions;
  for (const [name, c] of Object.entries(calls)) segments.press.counts[prog.fns.findIndex((f) => f.name === name)] = c;
  for (const [i, c] of Object.entries(loops)) segments.press.counts[prog.fns.length + Number(i)] = c;
  return { segments };
}

describe("the build's measurement (firmware/build/hotpath.ts)", () => {
  it("counts every call and every loop pass once, and the program computes what it did", () => {
    const code = "var out=(function(){function f(n){let s=0;for(let i=0;i<n;i++)s+=g(i);while(s>100)s-=100;return s}function g(x){return x*2}var h=e=>({v:f(e)});return [h(3).v,f(2)]})();";
    const prog = analyse(code);
    expect(prog.fns.map((f) => f.name)).toEqual(["(anonymous)", "f", "g", "h"]);
    const plain = runInNewContext(code + "out");
    const ctx: Record<string, unknown> = {};
    const counted = runInNewContext(countCalls(prog) + "out", ctx);
    expect(counted).toEqual(plain);
    expect(plain).toEqual([6, 2]);
    // f twice, g 3 + 2 times, h once; the for loop 5 passes, the while loop none.
    expect(ctx.__H).toEqual([1, 2, 5, 1, 5, 0]);
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

  it("RAM: the most flash reads per JsVar first (a loop's passes count), within the profile's allowance", () => {
    const body = (n: number) => "x.q=1;".repeat(n);
    const prog = analyse(
      bundle(
        `var x={};function loop(t){for(let i=0;i<t;i++){x.s+=i}}function small(){${body(2)}}function large(){${body(60)}}` +
          `function huge(){${body(400)}}function press(){loop(9);small();large();huge()}setTimeout(press,1);setTimeout(small,1);setTimeout(large,1);setTimeout(huge,1);setTimeout(loop,1);`,
      ),
    );
    const p = loadProfile("pico-3x3");
    const loopIndex = prog.loops.findIndex((l) => prog.fns[l.fn].name === "loop");
    const d = decide(p, prog, measured(prog, 10, { press: 10, loop: 10, small: 10, large: 10, huge: 10 }, { [loopIndex]: 900 }), undefined);
    // loop: 90 passes a call; huge: more than the allowance on its own.
    expect(d.ram[0].name).toBe("loop");
    expect(d.ram.map((r) => r.name).sort()).toEqual(["large", "loop", "press", "small"]);
    expect(d.leftOut.map((r) => r.name)).toEqual(["huge"]);
    const densities = d.ram.map((r) => r.density);
    expect(densities).toEqual(densities.slice().sort((a, b) => b - a));
    expect(d.ram.reduce((s, r) => s + r.cost, 0)).toBeLessThanOrEqual(ramAllowance(p));
    const huge = prog.fns.find((f) => f.name === "huge")!;
    expect(d.leftOut[0].cost).toBe(ramCost(huge.bytes));
    // A @ram tag goes first, whatever the counts.
    const tagged = decide(p, prog, measured(prog, 10, { press: 10 }), { cold: new Set(), ram: new Set(["small"]) });
    expect(tagged.ram[0]).toMatchObject({ name: "small", tagged: true });
  });

  it("inline: a small function only ever called, at every call; not one passed as a value, not a recursive one", () => {
    const prog = analyse(bundle("function sq(x){return x*x}function cb(x){return x+1}function rec(n){return n?rec(n-1):0}function f(a){return sq(a)+sq(a+1)+cb(a)+cb(2)+rec(a)+rec(1)}setTimeout(cb,1);f(1);"));
    const d = decide(loadProfile("pico-3x3"), prog, measured(prog, 1, { f: 1, sq: 2, cb: 2, rec: 3 }));
    expect(d.inline.map((x) => x.name)).toEqual(["sq"]);
  });

  it("a function made once (by a factory run at boot) is kept in RAM on its own; a closure made on every call is never cold", () => {
    const big = "x.a=1;x.b=2;x.c=3;x.d=4;x.e=5;x.f=6;x.g=7;x.h=8;x.i=9;x.j=10;x.k=11;x.l=12;x.m=13;x.n=14;x.o=15;";
    const prog = analyse(
      bundle(`var x={};function make(){function helper(k){return k+1}return{step(k){return helper(k)}}}var m=make();` +
        `function press(k){function rare(){${big}}if(k<0)rare();return m.step(k)}setTimeout(press,1);`),
    );
    const helper = prog.fns.find((f) => f.name === "helper")!;
    expect(prog.calls.map((c) => prog.fns[c.callee].name)).toEqual(["helper", "make", "rare"]);
    expect(helper.declared).toBe(false);
    const d = decide(loadProfile("pico-3x3"), prog, measured(prog, 100, { make: 1, step: 100, helper: 100, press: 100 }));
    expect(d.ram.map((r) => r.name).sort()).toEqual(["press", "step"]);
    expect(d.cold).toEqual([]);
  });

  it("applies the decisions: \"ram\" first in the body, @__NOINLINE__ and @__INLINE__ at the calls, and no annotation of the sources' own", () => {
    const code = bundle('function hot(){"use strict";return 1}function rare(){return 2}function sq(x){return x*x}function f(){return hot()+/* @__INLINE__ */ rare()+sq(1)+sq(2)+o.rare()}var o={rare(){}};f();');
    const prog = analyse(code);
    const fn = (name: string) => prog.fns.find((f) => f.name === name)!.index;
    const out = applyDecisions(prog, {
      profile: "t", allowance: 10, hot: [], leftOut: [],
      ram: [{ name: "hot", fn: fn("hot"), bytes: 1, cost: 1, density: 1, tagged: false }],
      cold: [{ name: "rare", fn: fn("rare"), bytes: 1, calls: 0, callerCalls: 1, callers: ["f"], tagged: false }],
      inline: [{ name: "sq", fn: fn("sq"), bytes: 1, sites: 2 }],
    });
    expect(out).toContain('function hot(){"use strict";"ram";return 1}');
    const blank = (s: string) => " ".repeat(s.length);
    expect(out).toContain(`return /* @__NOINLINE__ */ hot()+${blank("/* @__INLINE__ */ ")}/* @__NOINLINE__ */ rare()+/* @__INLINE__ */ sq(1)+/* @__INLINE__ */ sq(2)+o.rare()`);
    expect(stripCallAnnotations("a(/*@__NOINLINE__*/ b(),/* @__INLINE__ */c())")).toBe(`a(${blank("/*@__NOINLINE__*/")} b(),${blank("/* @__INLINE__ */")}c())`);
  });
});

describe("annotations at the declaration (@cold, @ram)", () => {
  it("reads a tag on a top-level function declaration; refuses one anywhere else, naming the place", () => {
    const src = "/** Sleeps. @cold */\nexport function power(p: number): void {}\n/**\n * Often.\n * @ram\n */\nfunction press<T>(k: T) {}\n";
    expect(readTags("firmware/x.ts", src)).toEqual([
      { tag: "cold", name: "power", file: "firmware/x.ts", line: 1 },
      { tag: "ram", name: "press", file: "firmware/x.ts", line: 3 },
    ]);
    expect(() => readTags("firmware/x.ts", "const a = 1;\n/** @cold */\nexport const power = () => 1;\n")).toThrow("firmware/x.ts:2: @cold must be on a top-level function declaration, not on 'export const power = () => 1;'");
    expect(() => readTags("firmware/x.ts", "function f() {\n  /** @ram */\n  function g() {}\n}\n")).toThrow(/firmware\/x\.ts:2: @ram must be on a top-level function declaration/);
    // Not a tag: a word in the text.
    expect(readTags("firmware/x.ts", "/** Costs a @ramp. */\nfunction f() {}\n")).toEqual([]);
  });

  it("finds a tagged function in its module's part of the bundle, renamed by esbuild or not; a tag that matches nothing is missing", () => {
    const prog = analyse(bundle("// src/toy/a.ts\nfunction power(){}\n// firmware/b.ts\nfunction power2(){}\nfunction other(){}\n"));
    const tag = (name: string, file: string) => ({ tag: "cold" as const, name, file: join(ROOT, file), line: 1 });
    const r = tagsInBundle(prog, [tag("power", "firmware/b.ts"), tag("power", "src/toy/a.ts"), tag("gone", "firmware/b.ts"), tag("other", "src/toy/a.ts")], ROOT);
    expect([...r.found.cold].sort()).toEqual(["power", "power2"]);
    expect(r.missing.map((t) => t.name)).toEqual(["gone", "other"]);
  });
});

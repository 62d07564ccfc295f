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

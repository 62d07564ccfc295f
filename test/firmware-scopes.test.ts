import { parse } from "acorn";
import { describe, expect, it } from "vitest";
import { AstNode, Binding, buildScopes, forEachName } from "../firmware/build/scopes";

/** Each identifier of `code` that names a variable, as `name→kind#i`: the i-th binding of the program (`→global`: none). */
function resolved(code: string): string[] {
  const ast = parse(code, { ecmaVersion: 2020, sourceType: "script" }) as unknown as AstNode;
  const scopes = buildScopes(ast);
  const out: string[] = [];
  forEachName(ast, scopes, (id, b: Binding | null) => out.push(`${id.name}→${b ? `${b.kind}#${scopes.bindings.indexOf(b)}` : "global"}`));
  return out;
}

describe("scopes (firmware/build/scopes.ts): the build's one scope analysis", () => {
  it("resolves a name to the innermost block that declares it, a function's name in the scope around it, and leaves property names and globals alone", () => {
    const code = "var f=1;function g(f){{let f=2;h(f)}return f.f+o.g}function h(){return f}";
    // Bindings in order: #0 var f, #1 function g, #2 function h (a statement list's declarations
    // first), #3 g's parameter f, #4 the block's let f.
    expect(resolved(code)).toEqual([
      "f→var#0", "g→function#1", "f→param#3", "f→let#4", "h→function#2", "f→let#4", "f→param#3", "o→global", "h→function#2", "f→var#0",
    ]);
  });

  it("gives a named function expression its own name inside it, and `var` in a block to the function", () => {
    const ast = parse("(function r(n){if(n){var v=n}return r(v)})", { ecmaVersion: 2020, sourceType: "script" }) as unknown as AstNode;
    const scopes = buildScopes(ast);
    const fn = ast.body[0].expression;
    expect(scopes.bindings.filter((b) => b.fn === fn).map((b) => `${b.kind} ${b.name}`)).toEqual(["self r", "param n", "var v"]);
  });
});

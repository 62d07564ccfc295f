/**
 * Gives every function parameter of a bundle a name no other binding has: a parameter `rules`
 * of one function, where another function also declares `rules`, becomes `rules$1`. Nothing
 * else changes, and nothing the program does: a reference keeps pointing at the binding it
 * pointed at.
 *
 * Why: terser dissolves a function whose body is one expression into its caller by turning its
 * parameters into variables of the caller. When the caller already has a binding of the same
 * name (as two functions written by the same hand often do: `me`, `key`, `rules`), it cannot,
 * and keeps the function as an expression called where it stood, `((rules) => …)(x)`, which
 * Espruino makes afresh each time it runs (build.ts placedBundle). With every parameter's name
 * its own, that does not happen for want of a name; and each function made in place can be told
 * by its parameters (hotpath.ts madeInPlace). Terser's mangler then gives the short names.
 *
 * Scopes as scopes.ts reads them; identifiers no binding declares (globals: `Math`, `require`,
 * pin names) are left alone, as are property names.
 */
import { parse } from "acorn";
import { AstNode, buildScopes, forEachName } from "./scopes";

/** The bundle `code` with every local binding uniquely named (see the file comment). */
export function uniqueNames(code: string): string {
  const ast = parse(code, { ecmaVersion: 2020, sourceType: "script", allowReturnOutsideFunction: true }) as unknown as AstNode;
  const scopes = buildScopes(ast);
  // A parameter whose name another binding has too gets a number.
  const unique = new Map<object, string>();
  const used = new Set(code.match(/[\w$]+/g));
  const count = new Map<string, number>();
  for (const b of scopes.bindings) count.set(b.name, (count.get(b.name) ?? 0) + 1);
  for (const b of scopes.bindings) {
    if (b.kind !== "param" || count.get(b.name) === 1) continue;
    let n = 1;
    while (used.has(`${b.name}$${n}`)) n++;
    unique.set(b, `${b.name}$${n}`);
    used.add(`${b.name}$${n}`);
  }
  const edits: { start: number; end: number; text: string }[] = [];
  forEachName(ast, scopes, (id, binding, parent) => {
    const name = binding && unique.get(binding);
    if (!name) return;
    if (parent?.type === "Property" && parent.shorthand) edits.push({ start: parent.start, end: parent.end, text: `${parent.key.name}:${name}` });
    else edits.push({ start: id.start, end: id.end, text: name });
  });
  edits.sort((a, b) => b.start - a.start);
  let out = code;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * A pass over terser's output: moves every `var` statement that declares variables without
 * initial values to the start of its function body (after any directives). terser, when it
 * inlines a function that takes arguments, assigns them to new variables and declares those at
 * the end of the enclosing function (`…,(e=x,…)…;var e`), relying on JavaScript's hoisting.
 * Espruino hoists nothing: there the assignment would run before the declaration. Declared
 * first, the variables exist from the start with the value `undefined`, as hoisting gives them.
 */
import { parse } from "acorn";

type Node = { type: string; start: number; end: number; [key: string]: any };

function isNode(x: unknown): x is Node {
  return typeof x === "object" && x !== null && typeof (x as Node).type === "string";
}

function walk(n: Node, visit: (n: Node) => void): void {
  visit(n);
  for (const k of Object.keys(n)) {
    const v = n[k];
    if (Array.isArray(v)) {
      for (const c of v) if (isNode(c)) walk(c, visit);
    } else if (isNode(v)) walk(v, visit);
  }
}

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

export function hoistVars(code: string): string {
  const ast = parse(code, { ecmaVersion: 2020, sourceType: "script" }) as unknown as Node;
  const edits: { start: number; end: number; text: string }[] = [];
  walk(ast, (n) => {
    if (!FUNCTIONS.has(n.type) || n.body.type !== "BlockStatement") return;
    const body = n.body.body as Node[];
    // After the directives ("use strict"), which must stay first.
    let first = 0;
    while (first < body.length && body[first].type === "ExpressionStatement" && typeof body[first].directive === "string") first++;
    const names: string[] = [];
    for (let i = first + 1; i < body.length; i++) {
      const s = body[i];
      if (s.type !== "VariableDeclaration" || s.kind !== "var") continue;
      if (!s.declarations.every((d: Node) => d.init === null && d.id.type === "Identifier")) continue;
      for (const d of s.declarations) names.push(d.id.name);
      edits.push({ start: s.start, end: s.end, text: "" });
    }
    if (names.length === 0) return;
    const at = first < body.length ? body[first].start : n.body.end - 1;
    edits.push({ start: at, end: at, text: "var " + names.join(",") + ";" });
  });
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = code;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

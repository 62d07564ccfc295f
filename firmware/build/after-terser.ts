/**
 * Passes over terser's output for an interpreter that is not V8: the variables terser declares
 * late moved first (hoistVars), those it forgets declared (declareStrays), and the function
 * expressions it leaves called in place dissolved where they can be (dissolveInPlace).
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

/**
 * Moves every `var` statement that declares variables without initial values to the start of
 * its function body (after any directives). terser, when it inlines a function that takes
 * arguments, assigns them to new variables and declares those at the end of the enclosing
 * function (`…,(e=x,…)…;var e`), relying on JavaScript's hoisting. Espruino hoists nothing:
 * there the assignment would run before the declaration. Declared first, the variables exist
 * from the start with the value `undefined`, as hoisting gives them.
 */
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

/**
 * Declares `names` where `code` uses them undeclared: a `var` at the start of the function
 * around each use (the outermost of those that use the name, when they are nested). Terser, dissolving a function into a caller inside a loop of a
 * function into which it was itself dissolved, can assign the inner function's parameters as
 * variables of the outer caller and declare them in another caller only (`me=void 0,…` with
 * `var me` elsewhere). In JavaScript such a name would be an accidental global, on Espruino
 * as well; declared where it is used, it is the local variable terser meant. `names` are the
 * bundle's own bindings that the finished code leaves free (build.ts placedBundle).
 */
export function declareStrays(code: string, names: Set<string>): string {
  if (names.size === 0) return code;
  const ast = parse(code, { ecmaVersion: 2020, sourceType: "script" }) as unknown as Node;
  // Each use of a name, with the functions around it (outermost first).
  const uses: { name: string; fns: Node[] }[] = [];
  const visit = (n: Node, fns: Node[], parent: Node | null, key: string) => {
    if (n.type === "Identifier" && names.has(n.name) && fns.length > 0) {
      const property = parent && ((parent.type === "MemberExpression" && key === "property" && !parent.computed) || (parent.type === "Property" && key === "key" && !parent.computed));
      if (!property) uses.push({ name: n.name, fns });
    }
    const inner = FUNCTIONS.has(n.type) ? fns.concat(n) : fns;
    for (const k of Object.keys(n)) {
      const v = n[k];
      if (Array.isArray(v)) {
        for (const c of v) if (isNode(c)) visit(c, inner, n, k);
      } else if (isNode(v) && k !== "type") visit(v, inner, n, k);
    }
  };
  visit(ast, [], null, "");
  // A name used in a function and in a function inside it is one variable, the outer one's: the
  // inner function reads it as a closure (terser, inlining `draw(s, 2)` whose body calls
  // another, assigns `holder=s` in the caller and reads `holder.rng` in an arrow there). It is
  // declared in the outermost function around a use that uses it itself; a `var` in the inner
  // one too would hide the outer one's value.
  const users = new Map<string, Set<Node>>();
  for (const u of uses) users.set(u.name, (users.get(u.name) ?? new Set<Node>()).add(u.fns[u.fns.length - 1]));
  const perFunction = new Map<Node, Set<string>>();
  for (const u of uses) {
    const f = u.fns.find((g) => users.get(u.name)!.has(g))!;
    perFunction.set(f, (perFunction.get(f) ?? new Set<string>()).add(u.name));
  }
  const edits: { at: number; end: number; text: string }[] = [];
  for (const [f, declared] of perFunction) {
    const list = [...declared].join(",");
    if (f.body.type === "BlockStatement") {
      const body = f.body.body as Node[];
      let first = 0;
      while (first < body.length && body[first].type === "ExpressionStatement" && typeof body[first].directive === "string") first++;
      const at = first < body.length ? body[first].start : f.body.end - 1;
      edits.push({ at, end: at, text: `var ${list};` });
    } else {
      // An arrow's expression body, with the parentheses around it (`=>({…})`) when it has them.
      const at = code.lastIndexOf("=>", f.body.start) + 2;
      edits.push({ at, end: f.end, text: `{var ${list};return ${code.slice(at, f.end)}}` });
    }
  }
  edits.sort((a, b) => b.at - a.at);
  let out = code;
  for (const e of edits) out = out.slice(0, e.at) + e.text + out.slice(e.end);
  return out;
}

/**
 * Dissolves into the function around it each arrow function that `code` calls where it stands
 * and whose body is one expression without functions of its own: `((a, b) => a - b)(x, y)`
 * becomes `(a = x, b = y, a - b)`, with `a` and `b` declared in that function — what terser does
 * itself where it may, though not inside loops. The arguments are evaluated in order before the
 * body as in the call, and an arrow's `this` is the function's around it anyway. Its parameters
 * must be names of their own (unique-names.ts), since they become variables of that function.
 * Espruino would otherwise make the function afresh every time the expression runs.
 */
export function dissolveInPlace(code: string): string {
  for (;;) {
    const ast = parse(code, { ecmaVersion: 2020, sourceType: "script" }) as unknown as Node;
    const edits: { start: number; end: number; text: string }[] = [];
    const names = new Set<string>();
    const hasFunction = (n: Node): boolean => {
      let found = false;
      walk(n, (m) => {
        if (m !== n && FUNCTIONS.has(m.type)) found = true;
      });
      return found;
    };
    walk(ast, (n) => {
      if (n.type !== "CallExpression" || n.callee.type !== "ArrowFunctionExpression") return;
      const f = n.callee;
      if (f.body.type === "BlockStatement" || f.async || !f.params.every((p: Node) => p.type === "Identifier")) return;
      if (hasFunction(f) || n.arguments.some((a: Node) => a.type === "SpreadElement" || hasFunction(a))) return;
      // Innermost first: a call whose arguments or body hold another is left for the next round.
      let nested = false;
      walk(n, (m) => {
        if (m !== n && m.type === "CallExpression" && m.callee.type === "ArrowFunctionExpression") nested = true;
      });
      if (nested) return;
      const parts: string[] = [];
      f.params.forEach((p: Node, i: number) => {
        const a = n.arguments[i] as Node | undefined;
        const value = a === undefined ? "void 0" : a.type === "SequenceExpression" ? `(${code.slice(a.start, a.end)})` : code.slice(a.start, a.end);
        parts.push(`${p.name}=${value}`);
        names.add(p.name);
      });
      for (const a of n.arguments.slice(f.params.length)) parts.push(`(${code.slice(a.start, a.end)})`);
      parts.push(`(${code.slice(f.body.start, f.body.end)})`);
      edits.push({ start: n.start, end: n.end, text: `(${parts.join(",")})` });
    });
    if (edits.length === 0) return code;
    // Edits do not overlap: each is a call that holds no other.
    edits.sort((a, b) => b.start - a.start);
    let out = code;
    for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
    code = declareStrays(out, names);
  }
}

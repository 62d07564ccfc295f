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
 * Scopes as ES2015 has them: a function's parameters and `var`s (and, at a function body's top
 * level, its function declarations) belong to the function; `let`, `const`, `class` and nested
 * function declarations to the block; a `catch` parameter to its clause. Identifiers no binding
 * declares (globals: `Math`, `require`, pin names) are left alone, as are property names.
 */
import { parse } from "acorn";

type Node = { type: string; start: number; end: number; [key: string]: any };

interface Scope {
  parent: Scope | null;
  /** A function's scope (parameters, `var`) rather than a block's. */
  fn: boolean;
  names: Map<string, Binding>;
}

interface Binding {
  name: string;
  /** A function's parameter. */
  param: boolean;
  /** The name it gets: its own unless it is a parameter whose name another binding has too, else name$N. */
  unique: string;
}

/** The bundle `code` with every local binding uniquely named (see the file comment). */
export function uniqueNames(code: string): string {
  const ast = parse(code, { ecmaVersion: 2020, sourceType: "script", allowReturnOutsideFunction: true }) as unknown as Node;
  const scopeOf = new Map<Node, Scope>();
  const bindings: Binding[] = [];
  const edits: { start: number; end: number; text: string }[] = [];

  function newBinding(scope: Scope, name: string, param = false): void {
    if (scope.names.has(name)) return;
    const b = { name, param, unique: name };
    bindings.push(b);
    scope.names.set(name, b);
  }
  function newScope(parent: Scope, fn: boolean): Scope {
    return { parent, fn, names: new Map() };
  }
  function functionScope(s: Scope): Scope {
    let f = s;
    while (!f.fn && f.parent) f = f.parent;
    return f;
  }
  function declarePattern(scope: Scope, p: Node | null, param = false): void {
    if (!p) return;
    if (p.type === "Identifier") newBinding(scope, p.name, param);
    else if (p.type === "AssignmentPattern") declarePattern(scope, p.left, param);
    else if (p.type === "RestElement") declarePattern(scope, p.argument, param);
    else if (p.type === "ArrayPattern") for (const e of p.elements) declarePattern(scope, e, param);
    else if (p.type === "ObjectPattern") for (const q of p.properties) declarePattern(scope, q.type === "RestElement" ? q : q.value, param);
  }

  // Pass 1: every scope and what it declares.
  function declare(node: Node, scope: Scope): void {
    switch (node.type) {
      case "FunctionDeclaration":
      case "FunctionExpression":
      case "ArrowFunctionExpression": {
        if (node.type === "FunctionDeclaration" && node.id) newBinding(scope, node.id.name);
        const inner = newScope(scope, true);
        scopeOf.set(node, inner);
        // A function expression's own name is seen only inside it.
        if (node.type === "FunctionExpression" && node.id) newBinding(inner, node.id.name);
        for (const p of node.params) declarePattern(inner, p, true);
        for (const p of node.params) walkChildren(p, inner, declare);
        if (node.body.type === "BlockStatement") {
          scopeOf.set(node.body, inner);
          for (const s of node.body.body) declare(s, inner);
        } else declare(node.body, inner);
        return;
      }
      case "ClassDeclaration":
        if (node.id) newBinding(scope, node.id.name);
        break;
      case "VariableDeclaration":
        for (const d of node.declarations) declarePattern(node.kind === "var" ? functionScope(scope) : scope, d.id);
        break;
      case "BlockStatement":
      case "SwitchStatement":
      case "ForStatement":
      case "ForInStatement":
      case "ForOfStatement": {
        const inner = newScope(scope, false);
        scopeOf.set(node, inner);
        walkChildren(node, inner, declare);
        return;
      }
      case "CatchClause": {
        const inner = newScope(scope, false);
        scopeOf.set(node, inner);
        declarePattern(inner, node.param);
        walkChildren(node, inner, declare);
        return;
      }
    }
    walkChildren(node, scope, declare);
  }

  function lookup(scope: Scope | null, name: string): Binding | undefined {
    for (let s = scope; s; s = s.parent) {
      const b = s.names.get(name);
      if (b) return b;
    }
    return undefined;
  }

  // Pass 2: every identifier that names a binding, renamed.
  function rename(node: Node, scope: Scope): void {
    const own = scopeOf.get(node);
    if (own && own !== scope) {
      // A function declaration's name belongs to the scope around it, not to the function.
      if (node.type === "FunctionDeclaration" && node.id) rename(node.id, scope);
      walkChildren(node.type === "FunctionDeclaration" ? { ...node, id: null } : node, own, rename);
      return;
    }
    if (node.type === "Identifier") {
      const b = lookup(scope, node.name);
      if (b && b.unique !== node.name) edits.push({ start: node.start, end: node.end, text: b.unique });
      return;
    }
    if (node.type === "Property" && node.shorthand && node.value.type === "Identifier") {
      const b = lookup(scope, node.value.name);
      if (b && b.unique !== node.value.name) edits.push({ start: node.start, end: node.end, text: `${node.key.name}:${b.unique}` });
      return;
    }
    walkChildren(node, scope, rename);
  }

  /** Calls `visit` on each child node of `node` that can hold a binding or a reference. */
  function walkChildren(node: Node, scope: Scope, visit: (n: Node, s: Scope) => void): void {
    for (const key of Object.keys(node)) {
      if (key === "type" || key === "start" || key === "end") continue;
      // Property names are not bindings: a non-computed member, key or method name, and labels.
      if ((node.type === "MemberExpression" && key === "property" && !node.computed) ||
        ((node.type === "Property" || node.type === "MethodDefinition" || node.type === "PropertyDefinition") && key === "key" && !node.computed) ||
        ((node.type === "LabeledStatement" || node.type === "BreakStatement" || node.type === "ContinueStatement") && key === "label")) continue;
      const v = node[key];
      if (Array.isArray(v)) {
        for (const c of v) if (c && typeof c.type === "string") visit(c, scope);
      } else if (v && typeof v.type === "string") visit(v, scope);
    }
  }

  const top: Scope = { parent: null, fn: true, names: new Map() };
  scopeOf.set(ast, top);
  walkChildren(ast, top, declare);
  // A parameter whose name another binding has too gets a number.
  const used = new Set(code.match(/[\w$]+/g));
  const count = new Map<string, number>();
  for (const b of bindings) count.set(b.name, (count.get(b.name) ?? 0) + 1);
  for (const b of bindings) {
    if (!b.param || count.get(b.name) === 1) continue;
    let n = 1;
    while (used.has(`${b.name}$${n}`)) n++;
    b.unique = `${b.name}$${n}`;
    used.add(b.unique);
  }
  walkChildren(ast, top, rename);
  edits.sort((a, b) => b.start - a.start);
  let out = code;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

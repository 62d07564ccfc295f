/**
 * The build's one scope analysis: which names a program declares where, and which declaration
 * each identifier names. The Espruino-subset check (subset.ts), the parameter renaming
 * (unique-names.ts) and the measurement of the player's actions (hotpath.ts) all read a bundle
 * or a source file through it.
 *
 * Scopes as ES2015 has them: a function's parameters and `var`s (and its body's top-level
 * declarations) belong to the function; `let`, `const`, `class` and function declarations in a
 * block to the block; a `catch` parameter to its clause; a named function or class expression's
 * own name to a scope of its own around it. Identifiers no binding declares are globals (`Math`,
 * `require`, pin names); property names and labels are no identifiers of a scope at all.
 */

/** An ESTree node as acorn produces it (`loc` only when parsed with `locations: true`). */
export interface AstNode {
  type: string;
  start: number;
  end: number;
  loc: { start: { line: number; column: number } };
  [key: string]: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface Binding {
  name: string;
  /** How it is declared. */
  kind: "param" | "var" | "let" | "const" | "function" | "class" | "catch" | "import" | "self";
  /** The function whose scope (or a block of it) declares the binding; null for the program. */
  fn: AstNode | null;
  /** The statement list that declares it directly, and its index there (for evaluation order). */
  list: AstNode[] | null;
  index: number;
  /** The `for` statement whose head declares it with let/const. */
  loop: AstNode | null;
  /** A function or class the binding names, whose body runs when it is called. */
  callable: AstNode | null;
}

export interface Scope {
  parent: Scope | null;
  /** Function scopes collect `var`; the program counts as one. */
  isFunction: boolean;
  fn: AstNode | null;
  names: Map<string, Binding>;
}

export interface Scopes {
  program: Scope;
  /** The scope a node opens (a function, its block body, a block, a loop, a catch clause…). */
  scopeOf: Map<AstNode, Scope>;
  /** Every binding, in the order of its declaration in the text. */
  bindings: Binding[];
  /** Every statement list that declares bindings (for the evaluation-order rule). */
  lists: AstNode[][];
}

export const FUNCTION_TYPES = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);
const SKIP_KEYS = new Set(["type", "start", "end", "loc", "range"]);

export function isNode(x: unknown): x is AstNode {
  return typeof x === "object" && x !== null && typeof (x as AstNode).type === "string";
}

/** Child nodes in source order (ESTree keys are declared in source order), with the key that holds each. */
export function children(node: AstNode): { key: string; child: AstNode }[] {
  const out: { key: string; child: AstNode }[] = [];
  for (const key of Object.keys(node)) {
    if (SKIP_KEYS.has(key)) continue;
    const v = node[key];
    if (Array.isArray(v)) {
      for (const c of v) if (isNode(c)) out.push({ key, child: c });
    } else if (isNode(v)) {
      out.push({ key, child: v });
    }
  }
  return out;
}

/** Identifiers a binding pattern declares. */
export function patternNames(p: AstNode | null, out: AstNode[] = []): AstNode[] {
  if (!p) return out;
  switch (p.type) {
    case "Identifier": out.push(p); break;
    case "ObjectPattern": for (const prop of p.properties) patternNames(prop.type === "RestElement" ? prop : prop.value, out); break;
    case "ArrayPattern": for (const el of p.elements) patternNames(el, out); break;
    case "RestElement": patternNames(p.argument, out); break;
    case "AssignmentPattern": patternNames(p.left, out); break;
  }
  return out;
}

/** Whether `key` of `node` holds a name that is not a variable: a member's, a key's or a label. */
export function isNameOnly(node: AstNode, key: string): boolean {
  return (node.type === "MemberExpression" && key === "property" && !node.computed) ||
    ((node.type === "Property" || node.type === "MethodDefinition" || node.type === "PropertyDefinition") && key === "key" && !node.computed) ||
    ((node.type === "LabeledStatement" || node.type === "BreakStatement" || node.type === "ContinueStatement") && key === "label");
}

/** The binding `name` has in `scope`, null for a global. */
export function resolve(scope: Scope, name: string): Binding | null {
  for (let s: Scope | null = scope; s; s = s.parent) {
    const b = s.names.get(name);
    if (b) return b;
  }
  return null;
}

/** The scopes of `program` (a Program node) and everything they declare. */
export function buildScopes(program: AstNode): Scopes {
  const scopeOf = new Map<AstNode, Scope>();
  const bindings: Binding[] = [];
  const lists: AstNode[][] = [];

  const newScope = (node: AstNode, parent: Scope | null, isFunction: boolean, fn: AstNode | null): Scope => {
    const s: Scope = { parent, isFunction, fn, names: new Map() };
    scopeOf.set(node, s);
    return s;
  };
  const declare = (scope: Scope, id: AstNode, kind: Binding["kind"], extra: Partial<Binding>): void => {
    if (scope.names.has(id.name)) return; // `var` re-declarations keep the first
    const b: Binding = { name: id.name, kind, fn: scope.fn, list: null, index: -1, loop: null, callable: null, ...extra };
    bindings.push(b);
    scope.names.set(id.name, b);
  };
  const functionScope = (s: Scope): Scope => {
    let f = s;
    while (!f.isFunction && f.parent) f = f.parent;
    return f;
  };

  /** Declares what a statement list declares directly, with its position for evaluation order. */
  const declareList = (list: AstNode[], scope: Scope): void => {
    lists.push(list);
    list.forEach((raw, index) => {
      const stmt = (raw.type === "ExportNamedDeclaration" || raw.type === "ExportDefaultDeclaration") && raw.declaration ? raw.declaration : raw;
      if (stmt.type === "FunctionDeclaration" && stmt.id) {
        declare(scope, stmt.id, "function", { list, index, callable: stmt });
      } else if (stmt.type === "ClassDeclaration" && stmt.id) {
        declare(scope, stmt.id, "class", { list, index, callable: stmt });
      } else if (stmt.type === "VariableDeclaration") {
        const target = stmt.kind === "var" ? functionScope(scope) : scope;
        for (const d of stmt.declarations) {
          const init = d.init && (FUNCTION_TYPES.has(d.init.type) || d.init.type === "ClassExpression") ? d.init : null;
          for (const id of patternNames(d.id)) declare(target, id, stmt.kind, { list, index, callable: d.id === id ? init : null });
        }
      }
    });
  };

  const visit = (node: AstNode, scope: Scope): void => {
    switch (node.type) {
      case "Program":
        declareList(node.body, scope);
        for (const s of node.body) {
          if (s.type === "ImportDeclaration") for (const spec of s.specifiers) declare(scope, spec.local, "import", {});
        }
        break;
      case "FunctionDeclaration":
      case "FunctionExpression":
      case "ArrowFunctionExpression": {
        const fs = newScope(node, scope, true, node);
        if (node.type === "FunctionExpression" && node.id) declare(fs, node.id, "self", { callable: node });
        for (const p of node.params) for (const id of patternNames(p)) declare(fs, id, "param", {});
        for (const p of node.params) visit(p, fs);
        if (node.body.type === "BlockStatement") {
          scopeOf.set(node.body, fs);
          declareList(node.body.body, fs);
          for (const s of node.body.body) visit(s, fs);
        } else {
          visit(node.body, fs);
        }
        return;
      }
      case "ClassExpression":
        if (node.id) {
          const cs = newScope(node, scope, false, scope.fn);
          declare(cs, node.id, "self", { callable: node });
          scope = cs;
        }
        break;
      case "BlockStatement":
      case "StaticBlock":
        scope = newScope(node, scope, false, scope.fn);
        declareList(node.body, scope);
        break;
      case "SwitchStatement":
        scope = newScope(node, scope, false, scope.fn);
        for (const c of node.cases) declareList(c.consequent, scope);
        break;
      case "ForStatement":
      case "ForInStatement":
      case "ForOfStatement": {
        scope = newScope(node, scope, false, scope.fn);
        const head = node.type === "ForStatement" ? node.init : node.left;
        if (head && head.type === "VariableDeclaration") {
          const target = head.kind === "var" ? functionScope(scope) : scope;
          const loop = head.kind === "var" ? null : node;
          for (const d of head.declarations) for (const id of patternNames(d.id)) declare(target, id, head.kind, { loop });
        }
        break;
      }
      case "CatchClause":
        scope = newScope(node, scope, false, scope.fn);
        for (const id of patternNames(node.param)) declare(scope, id, "catch", {});
        break;
      case "VariableDeclaration":
        // A `var` that is not directly in a statement list (e.g. `if (a) var b = 1;`): it
        // still belongs to the function, without a position for the evaluation-order rule.
        if (node.kind === "var") {
          for (const d of node.declarations) for (const id of patternNames(d.id)) declare(functionScope(scope), id, "var", {});
        }
        break;
    }
    for (const { child } of children(node)) visit(child, scope);
  };

  const programScope = newScope(program, null, true, null);
  visit(program, programScope);
  return { program: programScope, scopeOf, bindings, lists };
}

/**
 * Calls `visit` for every identifier of `program` that names a variable — declarations
 * included — with the binding it names (null: a global) and the node holding it. A function
 * declaration's name is looked up in the scope around the function, not in the function's own.
 */
export function forEachName(
  program: AstNode,
  scopes: Scopes,
  visit: (id: AstNode, binding: Binding | null, parent: AstNode | null) => void,
): void {
  const walk = (node: AstNode, scope: Scope, parent: AstNode | null): void => {
    const own = scopes.scopeOf.get(node);
    if (node.type === "Identifier") {
      visit(node, resolve(scope, node.name), parent);
      return;
    }
    if (node.type === "FunctionDeclaration" && node.id) visit(node.id, resolve(scope, node.id.name), node);
    const inner = own ?? scope;
    for (const { key, child } of children(node)) {
      if (isNameOnly(node, key) || (node.type === "FunctionDeclaration" && key === "id")) continue;
      walk(child, inner, node);
    }
  };
  walk(program, scopes.program, null);
}

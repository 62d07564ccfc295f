/**
 * Constant inlining, a pass the firmware build runs over esbuild's bundle: a top-level
 * `var NAME = <number, -number or !0/!1>` that is never assigned is replaced by its value wherever it
 * is read, and the declaration dropped. esbuild inlines
 * such constants only inside their own module; an exported one (PLAYING, EV_PRESS, CUE_WIN, a
 * board size from merlin:config) stays a variable, and on Espruino every top-level variable
 * costs JsVars for as long as the toy runs.
 *
 * Conservative by construction: a name assigned anywhere, or declared by let/const/catch inside
 * the wrapper's blocks, is left alone; a read inside a function that declares the same name
 * anywhere (a minified local reusing it) keeps the variable, and then its declaration stays.
 */
import { parse } from "acorn";

type Node = { type: string; start: number; end: number; [key: string]: any };

function isNode(x: unknown): x is Node {
  return typeof x === "object" && x !== null && typeof (x as Node).type === "string";
}

function children(n: Node): Node[] {
  const out: Node[] = [];
  for (const k of Object.keys(n)) {
    const v = n[k];
    if (Array.isArray(v)) {
      for (const c of v) if (isNode(c)) out.push(c);
    } else if (isNode(v)) out.push(v);
  }
  return out;
}

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** Every name declared inside function `f` (its parameters and any declaration in its body, nested functions' names included). */
function declaredIn(f: Node): Set<string> {
  const names = new Set<string>();
  const addPattern = (p: Node | null) => {
    if (!p) return;
    if (p.type === "Identifier") names.add(p.name);
    else for (const c of children(p)) addPattern(c);
  };
  for (const p of f.params) addPattern(p);
  if (f.type === "FunctionExpression" && f.id) names.add(f.id.name);
  const visit = (n: Node) => {
    if (n.type === "VariableDeclarator") addPattern(n.id);
    else if ((n.type === "FunctionDeclaration" || n.type === "ClassDeclaration") && n.id) names.add(n.id.name);
    else if (n.type === "CatchClause") addPattern(n.param);
    if (FUNCTIONS.has(n.type) && n !== f) {
      // A nested function's parameters are its own scope; it is checked when a read is inside it.
      return;
    }
    for (const c of children(n)) visit(c);
  };
  visit(f.body);
  return names;
}

/**
 * The bundle `(function(){ … })();` with its constants inlined; any other shape comes back
 * unchanged.
 */
export function inlineConstants(code: string): string {
  const ast = parse(code, { ecmaVersion: 2020, sourceType: "script" }) as unknown as Node;
  // (function(){ … })(); — the wrapper's body holds the top-level declarations.
  const call = ast.body.find((s: Node) => s.type === "ExpressionStatement" && s.expression.type === "CallExpression");
  if (!call) return code;
  const wrapper: Node = call.expression.callee;
  if (wrapper.type !== "FunctionExpression") return code;

  const constants = new Map<string, { value: string; declarator: Node; statement: Node; keep: boolean }>();
  for (const s of wrapper.body.body as Node[]) {
    if (s.type !== "VariableDeclaration") continue;
    for (const d of s.declarations as Node[]) {
      const init = d.init as Node | null;
      if (d.id.type !== "Identifier" || !init) continue;
      const isNumber =
        (init.type === "Literal" && typeof init.value === "number") ||
        (init.type === "UnaryExpression" && init.operator === "-" && init.argument.type === "Literal" && typeof init.argument.value === "number");
      const isBool = init.type === "UnaryExpression" && init.operator === "!" && init.argument.type === "Literal" && typeof init.argument.value === "number";
      if (isNumber || isBool) constants.set(d.id.name, { value: code.slice(init.start, init.end), declarator: d, statement: s, keep: false });
    }
  }

  // Drop names that are assigned, or declared again in the wrapper outside any function.
  const walkAll = (n: Node, inFunction: boolean) => {
    if (n.type === "AssignmentExpression" && n.left.type === "Identifier") constants.delete(n.left.name);
    if (n.type === "UpdateExpression" && n.argument.type === "Identifier") constants.delete(n.argument.name);
    if ((n.type === "ForInStatement" || n.type === "ForOfStatement") && n.left.type === "Identifier") constants.delete(n.left.name);
    if (!inFunction) {
      if (n.type === "VariableDeclaration" && n.kind !== "var") for (const d of n.declarations) if (d.id.type === "Identifier") constants.delete(d.id.name);
      if (n.type === "CatchClause" && n.param && n.param.type === "Identifier") constants.delete(n.param.name);
      if (n.type === "FunctionDeclaration" && n.id) constants.delete(n.id.name);
    }
    const nested = inFunction || (FUNCTIONS.has(n.type) && n !== wrapper);
    for (const c of children(n)) walkAll(c, nested);
  };
  walkAll(wrapper.body, false);

  const edits: { start: number; end: number; text: string }[] = [];
  const scopes = new Map<Node, Set<string>>();
  const visit = (n: Node, parent: Node | null, functions: Node[]) => {
    if (n.type === "Identifier" && constants.has(n.name) && parent) {
      const c = constants.get(n.name)!;
      const isKey =
        (parent.type === "MemberExpression" && parent.property === n && !parent.computed) ||
        // A shorthand `{X}` has a key node and a value node for the same text: the value is edited.
        (parent.type === "Property" && parent.key === n && !parent.computed) ||
        ((parent.type === "MethodDefinition" || parent.type === "PropertyDefinition") && parent.key === n && !parent.computed) ||
        parent.type === "LabeledStatement" || parent.type === "BreakStatement" || parent.type === "ContinueStatement";
      if (!isKey && n !== c.declarator.id) {
        let shadowed = false;
        for (const f of functions) {
          let names = scopes.get(f);
          if (!names) scopes.set(f, (names = declaredIn(f)));
          if (names.has(n.name)) shadowed = true;
        }
        if (shadowed) c.keep = true;
        else {
          const unary = c.value.startsWith("!") || c.value.startsWith("-");
          const member = parent.type === "MemberExpression" && parent.object === n;
          const value = unary || member ? "(" + c.value + ")" : c.value;
          const text = parent.type === "Property" && parent.shorthand ? n.name + ":" + value : value;
          edits.push({ start: n.start, end: n.end, text });
        }
      }
    }
    const inner = FUNCTIONS.has(n.type) && n !== wrapper ? functions.concat([n]) : functions;
    for (const c of children(n)) visit(c, n, inner);
  };
  visit(wrapper.body, wrapper, []);

  // Remove the declarators of constants no longer read (whole statements when all go).
  const statements = new Set<Node>();
  for (const c of constants.values()) if (!c.keep) statements.add(c.statement);
  for (const s of statements) {
    const decls = s.declarations as Node[];
    const gone = decls.map((d) => {
      const c = d.id.type === "Identifier" ? constants.get(d.id.name) : undefined;
      return c !== undefined && c.declarator === d && !c.keep;
    });
    if (gone.every((g) => g)) {
      edits.push({ start: s.start, end: s.end, text: "" });
      continue;
    }
    const firstKept = gone.indexOf(false);
    for (let i = 0; i < decls.length; i++) {
      if (!gone[i]) continue;
      // Before the first kept declarator: cut up to the next one; after it: cut from the previous one's end.
      if (i < firstKept) edits.push({ start: decls[i].start, end: decls[i + 1].start, text: "" });
      else edits.push({ start: decls[i - 1].end, end: decls[i].end, text: "" });
    }
  }

  edits.sort((a, b) => b.start - a.start);
  let out = code;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

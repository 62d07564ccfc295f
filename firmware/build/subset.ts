/**
 * The Espruino subset check: finds code that type-checks and runs in Node but breaks (or
 * silently misbehaves) on the Espruino interpreter. Used by the firmware build and by
 * test/espruino-subset.test.ts, so breaking the subset fails both.
 *
 * Two entry points:
 * - checkSourceFiles(paths): TypeScript sources of the portable core and the firmware.
 *   (1) esbuild transforms each file for ES2015 with the syntax Espruino lacks switched off
 *   (destructuring, default/rest arguments, array/call spread, generators, async, #private,
 *   new.target): whatever esbuild cannot lower becomes a finding at its TS line.
 *   (2) esbuild strips the types only (target esnext, nothing lowered) and the walk below
 *   runs over that output. Walking the type-stripped code rather than the ES2015 output keeps
 *   every construct where the author wrote it (a `#x` field is reported as such instead of
 *   as the WeakMap helper esbuild would lower it to) and needs no knowledge of esbuild's
 *   helpers; the lowering itself is already vetted by step (1). Positions go back to the TS
 *   file through esbuild's source map, so findings point at the original line and column.
 * - checkBundle(code, allowedGlobals): the built one-file firmware, walked with the same
 *   rules, plus every free identifier must be a language built-in Espruino has or one of
 *   allowedGlobals.
 *
 * Runtime facts behind the rules were measured on Espruino 2v29 (Linux build), see the
 * comments on each table.
 */
import { transformSync, type Message } from "esbuild";
import { parse } from "acorn";
import { readFileSync } from "node:fs";
import { AstNode, Binding, buildScopes, children, FUNCTION_TYPES, isNameOnly, resolve, Scope } from "./scopes";

export interface Finding {
  file: string;
  /** 1-based line in the original file (the TS source, or the bundle for checkBundle). */
  line: number;
  /** 1-based column. */
  column: number;
  /** A stable rule id, one of the keys of RULES. */
  rule: string;
  message: string;
  /** The identifier a "free-global" finding is about. */
  name?: string;
}

/** Rule ids and what each one catches. */
export const RULES: Record<string, string> = {
  esbuild: "syntax esbuild cannot lower to what Espruino runs (destructuring, default/rest arguments, spread, generators, async, new.target)",
  parse: "the file does not parse",
  syntax: "syntax Espruino does not have (tagged templates, labels, computed keys, `**`, `?.`, #private, ...)",
  "banned-global": "a global Espruino does not have (Map, Set, Symbol, Reflect, RangeError, ...)",
  "banned-member": "a static method or constant Espruino does not have (Array.from, Math.trunc, Number.isInteger, ...)",
  "use-before-declaration": "a function or variable used before its declaration has run (Espruino hoists nothing)",
  "loop-closure": "a function created in a loop captures a variable of the loop head (Espruino does not re-bind it per iteration)",
  "unguarded-clear-timer": "clearTimeout/clearInterval(x) where x may be undefined (throws on Espruino)",
  "clear-all-timers": "clearTimeout()/clearInterval() without an argument clears every timer on Espruino",
  "extends-error": "a class extending Error (instances lose their message on Espruino)",
  "free-global": "an identifier in the bundle that is neither declared nor an allowed global",
  "for-in-delete": "deleting from the object a for…in walks (Espruino ends the loop after the deleted key)",
  "nested-recursion": "a function created inside another function that calls itself, directly or through sibling functions (leaks JsVars on every outer call on Espruino)",
  "length-assignment": "assigning to `.length` (throws on Espruino arrays and typed arrays)",
  regex: "a regular expression with a {m,n} count or a quantified group (never matches on Espruino)",
};

/**
 * esbuild `supported` overrides for ES2015: each `false` turns the construct into a build
 * error instead of a lowering. Object spread, `for..of`, class fields, `??`, `?.` and `**`
 * stay lowerable (the source walk still rejects `?.` and `**` for the portable core).
 */
export const ESBUILD_SUPPORTED: Record<string, boolean> = {
  destructuring: false,
  "default-argument": false,
  "rest-argument": false,
  "array-spread": false,
  generator: false,
  "async-await": false,
  "async-generator": false,
  "for-await": false,
  "class-private-field": false,
  "class-private-method": false,
  "new-target": false,
};

/**
 * Globals Espruino 2v29 does not define (`typeof X === "undefined"` there). RangeError,
 * EvalError and URIError are easy to miss: `throw new RangeError(...)` becomes a
 * ReferenceError on the board.
 */
export const BANNED_GLOBALS: readonly string[] = [
  "Map", "Set", "WeakMap", "WeakSet", "WeakRef", "FinalizationRegistry", "Symbol", "BigInt",
  "BigInt64Array", "BigUint64Array", "Proxy", "Reflect", "RangeError", "EvalError", "URIError",
  "AggregateError", "Intl", "escape", "unescape", "queueMicrotask", "structuredClone",
  "TextEncoder", "TextDecoder", "Atomics", "SharedArrayBuffer",
];

/**
 * Static members Espruino 2v29 lacks (each measured as `undefined` there). Math.sign exists.
 * Object.getOwnPropertySymbols is missing too but is left out: esbuild's object-spread helper
 * reads it behind an existence test, which is harmless.
 */
export const BANNED_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  Array: ["from", "of"],
  Object: ["freeze", "isFrozen", "seal", "isSealed", "preventExtensions", "isExtensible", "is", "fromEntries"],
  Number: ["isInteger", "isSafeInteger", "isFinite", "isNaN", "parseInt", "parseFloat", "EPSILON", "MAX_SAFE_INTEGER", "MIN_SAFE_INTEGER"],
  Math: ["trunc", "imul", "clz32", "fround", "log2", "log10", "log1p", "expm1", "hypot", "cbrt", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh"],
  String: ["raw", "fromCodePoint"],
  Promise: ["race", "allSettled", "any"],
};

/** Language globals Espruino 2v29 defines; always allowed in checkBundle. */
export const ESPRUINO_BUILTIN_GLOBALS: readonly string[] = [
  "Array", "ArrayBuffer", "Boolean", "DataView", "Date", "Error", "Float32Array", "Float64Array",
  "Function", "Infinity", "Int16Array", "Int32Array", "Int8Array", "InternalError", "JSON", "Math",
  "NaN", "Number", "Object", "Promise", "ReferenceError", "RegExp", "String", "SyntaxError",
  "TypeError", "Uint16Array", "Uint24Array", "Uint32Array", "Uint8Array", "Uint8ClampedArray",
  "decodeURIComponent", "encodeURIComponent", "eval", "globalThis", "isFinite", "isNaN",
  "parseFloat", "parseInt", "undefined",
];

/** One line per finding, `file:line:column rule: message`, as editors and CI logs expect. */
export function formatFinding(f: Finding): string {
  return `${f.file}:${f.line}:${f.column} ${f.rule}: ${f.message}`;
}

// ---------------------------------------------------------------------------------------
// Entry points

/** Checks TypeScript (or JavaScript) source files; `.d.ts` files have no code and pass. */
export function checkSourceFiles(paths: string[]): Finding[] {
  const findings: Finding[] = [];
  for (const path of paths) {
    if (path.endsWith(".d.ts")) continue;
    findings.push(...checkSourceText(path, readFileSync(path, "utf8")));
  }
  return findings;
}

/** checkSourceFiles for one file already in memory; `file` names it in the findings. */
export function checkSourceText(file: string, text: string): Finding[] {
  const loader = /\.m?js$/.test(file) ? "js" : "ts";
  const tsconfigRaw = { compilerOptions: { useDefineForClassFields: false } };
  // For the walk, class fields stay fields: with useDefineForClassFields false esbuild would
  // move them into the constructor and a static block even at esnext.
  const stripConfig = { compilerOptions: { useDefineForClassFields: true } };
  try {
    transformSync(text, { loader, target: "es2015", supported: ESBUILD_SUPPORTED, sourcefile: file, tsconfigRaw, logLevel: "silent" });
  } catch (e) {
    const errors = (e as { errors?: Message[] }).errors;
    if (!errors) throw e;
    return errors.map((m) => esbuildFinding(file, m));
  }
  const stripped = transformSync(text, { loader, target: "esnext", sourcemap: "external", sourcefile: file, tsconfigRaw: stripConfig, logLevel: "silent" });
  const map = new SourceMap(stripped.map);
  return walkProgram(stripped.code, "module", { file, allowObjectSpread: true, allowedGlobals: null, position: (l, c) => map.original(l, c) });
}

/**
 * Checks the built firmware bundle (one script, typically an IIFE). Every free identifier
 * must be in ESPRUINO_BUILTIN_GLOBALS or allowedGlobals (the firmware's declared Espruino
 * API: setWatch, digitalWrite, E, require, ...). Each unknown name is reported once.
 */
export function checkBundle(code: string, allowedGlobals: string[], file = "bundle.js"): Finding[] {
  const allowed = new Set<string>([...ESPRUINO_BUILTIN_GLOBALS, ...allowedGlobals]);
  return walkProgram(code, "script", { file, allowObjectSpread: false, allowedGlobals: allowed, position: (l, c) => ({ line: l, column: c + 1 }) });
}

function esbuildFinding(file: string, m: Message): Finding {
  const what = /^Transforming (.+?) to the configured target environment/.exec(m.text);
  return {
    file,
    line: m.location ? m.location.line : 1,
    column: m.location ? m.location.column + 1 : 1,
    rule: "esbuild",
    message: what ? `${what[1]} is not available on Espruino` : m.text,
  };
}

// ---------------------------------------------------------------------------------------
// Source maps: just enough of the v3 format to map a generated position back.

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

class SourceMap {
  /** Per generated line: flat triples [generatedColumn, sourceLine, sourceColumn], 0-based. */
  private readonly lines: number[][] = [];

  constructor(json: string) {
    const mappings: string = JSON.parse(json).mappings;
    let srcLine = 0;
    let srcCol = 0;
    let src = 0;
    let name = 0;
    for (const lineText of mappings.split(";")) {
      const segs: number[] = [];
      let genCol = 0;
      for (const seg of lineText.split(",")) {
        if (seg === "") continue;
        const v = decodeVlq(seg);
        genCol += v[0];
        if (v.length >= 4) {
          src += v[1];
          srcLine += v[2];
          srcCol += v[3];
          if (v.length >= 5) name += v[4];
          segs.push(genCol, srcLine, srcCol);
        }
      }
      this.lines.push(segs);
    }
  }

  /** Original 1-based line/column for a generated 1-based line and 0-based column. */
  original(line: number, column: number): { line: number; column: number } {
    for (let l = Math.min(line - 1, this.lines.length - 1); l >= 0; l--) {
      const segs = this.lines[l];
      for (let i = segs.length - 3; i >= 0; i -= 3) {
        if (l < line - 1 || segs[i] <= column) return { line: segs[i + 1] + 1, column: segs[i + 2] + 1 };
      }
    }
    return { line: 1, column: 1 };
  }
}

function decodeVlq(seg: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of seg) {
    const digit = BASE64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// The walk: scopes first, then references and rules, then evaluation order.

interface WalkOptions {
  file: string;
  /** Object spread is fine in sources (esbuild lowers it) but not left in a bundle. */
  allowObjectSpread: boolean;
  /** null: do not check free identifiers (sources); otherwise the allowed set. */
  allowedGlobals: Set<string> | null;
  /** Maps a position in the walked code (1-based line, 0-based column) to the reported one. */
  position: (line: number, column: number) => { line: number; column: number };
}

function isIife(fnNode: AstNode, parent: AstNode | undefined, key: string | undefined): boolean {
  return !!parent && (parent.type === "CallExpression" || parent.type === "NewExpression") && key === "callee" && parent.callee === fnNode;
}

function walkProgram(code: string, sourceType: "module" | "script", opts: WalkOptions): Finding[] {
  const findings: Finding[] = [];
  const report = (node: AstNode, rule: string, message: string, name?: string): void => {
    const p = opts.position(node.loc.start.line, node.loc.start.column);
    findings.push(name === undefined ? { file: opts.file, line: p.line, column: p.column, rule, message } : { file: opts.file, line: p.line, column: p.column, rule, message, name });
  };
  let program: AstNode;
  try {
    program = parse(code, { ecmaVersion: "latest", sourceType, locations: true }) as unknown as AstNode;
  } catch (e) {
    const loc = (e as { loc?: { line: number; column: number } }).loc;
    const p = loc ? opts.position(loc.line, loc.column) : { line: 1, column: 1 };
    return [{ file: opts.file, line: p.line, column: p.column, rule: "parse", message: (e as Error).message }];
  }

  // ---- Pass 1: scopes and bindings (scopes.ts).
  const { scopeOf, lists, program: programScope } = buildScopes(program);

  // ---- Pass 2: references, with the rules that look at one place in the code.
  const bindingOf = new Map<AstNode, Binding | null>();
  const reportedFree = new Set<string>();
  const ancestors: { node: AstNode; key: string }[] = [];

  /** The nearest enclosing function that is not an arrow (for `arguments`). */
  const inOrdinaryFunction = (): boolean => ancestors.some((a) => a.node.type === "FunctionDeclaration" || a.node.type === "FunctionExpression");
  /** The function a closure created here would belong to (IIFEs run at once, so they do not count). */
  const capturingFunction = (): AstNode | null => {
    for (let i = ancestors.length - 1; i >= 0; i--) {
      const a = ancestors[i];
      if (FUNCTION_TYPES.has(a.node.type)) {
        const parent = i > 0 ? ancestors[i - 1] : undefined;
        if (!isIife(a.node, parent?.node, a.key)) return a.node;
      }
    }
    return null;
  };

  /** Calls to functions the code names: the calling function (IIFEs run in their parent), the callee. */
  const calls: { from: AstNode; to: AstNode; at: AstNode }[] = [];
  /** Each function and the function it is created in (null at the top level; IIFEs do not count). */
  const outerOf = new Map<AstNode, AstNode | null>();

  const isInside = (inner: AstNode, outer: AstNode): boolean => inner.start >= outer.start && inner.end <= outer.end;

  const reference = (id: AstNode, scope: Scope): void => {
    const b = resolve(scope, id.name);
    bindingOf.set(id, b);
    if (b) {
      if (b.loop) {
        const fn = capturingFunction();
        if (fn && fn !== b.fn && isInside(fn, b.loop)) {
          report(id, "loop-closure", `\`${id.name}\` is declared in the loop head and captured by a function created in the loop; Espruino does not re-bind loop variables per iteration, so every closure sees the last value (copy it into a \`const\` inside the loop body)`);
        }
      }
      return;
    }
    if (id.name === "arguments" && inOrdinaryFunction()) return;
    if (BANNED_GLOBALS.includes(id.name)) {
      report(id, "banned-global", `\`${id.name}\` does not exist on Espruino`);
    } else if (opts.allowedGlobals && !opts.allowedGlobals.has(id.name) && !reportedFree.has(id.name)) {
      reportedFree.add(id.name);
      report(id, "free-global", `\`${id.name}\` is not declared and not an allowed global`, id.name);
    }
  };

  const pass2 = (node: AstNode, scope: Scope, key: string): void => {
    scope = scopeOf.get(node) ?? scope;
    ancestors.push({ node, key });
    checkNode(node, scope);
    switch (node.type) {
      case "Identifier":
        reference(node, scope);
        break;
      case "MemberExpression":
        pass2(node.object, scope, "object");
        if (node.computed) pass2(node.property, scope, "property");
        break;
      case "Property":
      case "MethodDefinition":
      case "PropertyDefinition":
        if (node.computed) pass2(node.key, scope, "key");
        if (node.value) pass2(node.value, scope, "value");
        break;
      case "LabeledStatement":
        pass2(node.body, scope, "body");
        break;
      case "BreakStatement":
      case "ContinueStatement":
      case "MetaProperty":
      case "ImportDeclaration":
        break;
      case "ExportNamedDeclaration":
        if (node.declaration) pass2(node.declaration, scope, "declaration");
        else if (!node.source) for (const s of node.specifiers) pass2(s.local, scope, "local");
        break;
      case "FunctionDeclaration":
      case "FunctionExpression":
      case "ArrowFunctionExpression":
        ancestors.pop();
        outerOf.set(node, capturingFunction());
        ancestors.push({ node, key });
        for (const p of node.params) bindingPattern(p, scope);
        pass2(node.body, scope, "body");
        break;
      case "ClassDeclaration":
      case "ClassExpression":
        if (node.superClass) pass2(node.superClass, scope, "superClass");
        pass2(node.body, scope, "body");
        break;
      case "VariableDeclarator":
        bindingPattern(node.id, scope);
        if (node.init) pass2(node.init, scope, "init");
        break;
      case "CatchClause":
        if (node.param) bindingPattern(node.param, scope);
        pass2(node.body, scope, "body");
        break;
      default:
        for (const { key: k, child } of children(node)) pass2(child, scope, k);
    }
    ancestors.pop();
  };

  /** A declared pattern: its names are bindings, but defaults and computed keys are evaluated. */
  const bindingPattern = (p: AstNode, scope: Scope): void => {
    ancestors.push({ node: p, key: "pattern" });
    checkNode(p, scope);
    switch (p.type) {
      case "ObjectPattern":
        for (const prop of p.properties) {
          if (prop.type === "RestElement") bindingPattern(prop, scope);
          else {
            if (prop.computed) pass2(prop.key, scope, "key");
            bindingPattern(prop.value, scope);
          }
        }
        break;
      case "ArrayPattern":
        for (const el of p.elements) if (el) bindingPattern(el, scope);
        break;
      case "RestElement":
        bindingPattern(p.argument, scope);
        break;
      case "AssignmentPattern":
        bindingPattern(p.left, scope);
        pass2(p.right, scope, "right");
        break;
    }
    ancestors.pop();
  };

  const checkNode = (node: AstNode, scope: Scope): void => {
    const syntax = (what: string): void => report(node, "syntax", `${what} is not supported on Espruino`);
    switch (node.type) {
      case "TaggedTemplateExpression": syntax("a tagged template"); break;
      case "LabeledStatement": syntax(`the label \`${node.label.name}:\``); break;
      case "MetaProperty": syntax(`\`${node.meta.name}.${node.property.name}\``); break;
      case "ObjectPattern":
      case "ArrayPattern": syntax("destructuring"); break;
      case "AssignmentPattern": syntax("a default value"); break;
      case "RestElement": syntax("a rest element"); break;
      case "SpreadElement": {
        const parent = ancestors[ancestors.length - 2]?.node;
        if (!(opts.allowObjectSpread && parent?.type === "ObjectExpression")) syntax("spread");
        break;
      }
      case "ChainExpression": syntax("optional chaining `?.`"); break;
      case "PrivateIdentifier": syntax(`the #private member \`#${node.name}\``); break;
      case "StaticBlock": syntax("a class static block"); break;
      case "ImportExpression": syntax("dynamic import()"); break;
      case "AwaitExpression": syntax("await"); break;
      case "YieldExpression": syntax("yield"); break;
      case "BinaryExpression": if (node.operator === "**") syntax("`**`"); break;
      case "AssignmentExpression":
        if (["**=", "??=", "||=", "&&="].includes(node.operator)) syntax(`\`${node.operator}\``);
        if (node.left.type === "MemberExpression" && memberName(node.left) === "length") {
          report(node, "length-assignment", "assigning to `.length` throws on Espruino (arrays: \"Assignment to a constant\"); use `splice` or a new array");
        }
        break;
      case "Literal":
        if (typeof node.bigint === "string") syntax("a BigInt literal");
        if (node.regex) checkRegex(node, node.regex.pattern);
        break;
      case "FunctionDeclaration":
      case "FunctionExpression":
      case "ArrowFunctionExpression":
        if (node.generator) syntax("a generator function");
        if (node.async) syntax("an async function");
        break;
      case "Property":
      case "MethodDefinition":
      case "PropertyDefinition":
        if (node.computed) report(node.key, "syntax", "a computed key `[...]` is not supported on Espruino");
        if (node.key.type === "PrivateIdentifier") report(node.key, "syntax", `the #private member \`#${node.key.name}\` is not supported on Espruino`);
        break;
      case "ClassDeclaration":
      case "ClassExpression":
        if (node.superClass && node.superClass.type === "Identifier" && /Error$/.test(node.superClass.name) && !resolve(scope, node.superClass.name)) {
          report(node.superClass, "extends-error", `a class extending \`${node.superClass.name}\` loses its message on Espruino; throw a plain Error (or return an error code)`);
        }
        break;
      case "MemberExpression": {
        if (node.property.type === "PrivateIdentifier") report(node.property, "syntax", `the #private member \`#${node.property.name}\` is not supported on Espruino`);
        const obj = node.object;
        const prop = memberName(node);
        if (obj.type === "Identifier" && prop !== null && !resolve(scope, obj.name)) {
          const banned = BANNED_MEMBERS[obj.name];
          if (banned && banned.includes(prop)) report(node, "banned-member", `\`${obj.name}.${prop}\` does not exist on Espruino`);
        }
        break;
      }
      case "CallExpression":
      case "NewExpression":
        if (node.callee.type === "Identifier" && (node.callee.name === "clearTimeout" || node.callee.name === "clearInterval") && !resolve(scope, node.callee.name)) {
          checkClearTimer(node);
        }
        if (node.callee.type === "Identifier" && node.callee.name === "RegExp" && !resolve(scope, "RegExp")) {
          const src = node.arguments[0];
          if (src && src.type === "Literal" && typeof src.value === "string") checkRegex(src, src.value);
        }
        if (node.callee.type === "Identifier") {
          const b = resolve(scope, node.callee.name);
          const caller = capturingFunction();
          if (b && b.callable && FUNCTION_TYPES.has(b.callable.type) && caller) calls.push({ from: caller, to: b.callable, at: node });
        }
        break;
      case "UnaryExpression":
        if (node.operator === "delete" && node.argument.type === "MemberExpression") checkForInDelete(node);
        break;
    }
  };

  const checkRegex = (node: AstNode, pattern: string): void => {
    const trap = regexTrap(pattern);
    if (trap) report(node, "regex", `${trap} in /${pattern}/ never matches on Espruino 2v29; write the repetition out or test the string in code`);
  };

  /** `delete o[k]` (or `delete o.x`) inside the body of a `for (… in o)`. */
  const checkForInDelete = (del: AstNode): void => {
    for (let i = ancestors.length - 2; i >= 0; i--) {
      const a = ancestors[i].node;
      if (a.type === "ForInStatement" && ancestors[i + 1].key === "body" && sameExpr(a.right, del.argument.object)) {
        report(del, "for-in-delete", "deleting from the object a for…in walks ends the loop on Espruino (the other keys are never visited); collect the keys first (Object.keys(o).forEach)");
        return;
      }
    }
  };

  /**
   * A function created inside another (non-IIFE) function that can call itself through calls
   * by name — directly, or through other functions — is reported once, at its first such call.
   * Measured on 2v29: such a function with a loop around the recursive call leaks about 7
   * JsVars every time the outer function runs; the same function at the top level does not.
   */
  function checkNestedRecursion(): void {
    const edges = new Map<AstNode, { to: AstNode; at: AstNode }[]>();
    for (const c of calls) {
      const list = edges.get(c.from) ?? [];
      list.push(c);
      edges.set(c.from, list);
    }
    for (const [fn, outer] of outerOf) {
      if (!outer || !edges.has(fn)) continue;
      // Depth-first over the call edges from fn; the first path back to fn is reported.
      const seen = new Set<AstNode>([fn]);
      const stack: { node: AstNode; first: AstNode }[] = edges.get(fn)!.map((e) => ({ node: e.to, first: e.at }));
      while (stack.length > 0) {
        const { node, first } = stack.pop()!;
        if (node === fn) {
          const name = functionName(fn);
          const where = functionName(outer);
          report(first, "nested-recursion", `\`${name}\` is created inside \`${where}\` and calls itself${first.callee.name === name ? "" : " through `" + first.callee.name + "`"}; on Espruino a recursive nested function leaks JsVars on every call of \`${where}\`: move it to the top level (or make it a loop)`);
          break;
        }
        if (seen.has(node)) continue;
        seen.add(node);
        for (const e of edges.get(node) ?? []) stack.push({ node: e.to, first });
      }
    }
  }

  /** The name a function is known by (its own name, the variable or property holding it). */
  function functionName(fn: AstNode): string {
    if (fn.id) return fn.id.name;
    for (const b of bindingOf.values()) if (b && b.callable === fn) return b.name;
    return "(anonymous function)";
  }

  const checkClearTimer = (call: AstNode): void => {
    const name = call.callee.name;
    if (call.arguments.length === 0) {
      report(call, "clear-all-timers", `\`${name}()\` without an argument clears every timer and interval on Espruino; pass the id`);
      return;
    }
    const arg = call.arguments[0];
    if (arg.type === "Literal" && typeof arg.value === "number") return;
    if (!isGuarded(arg, ancestors)) {
      report(call, "unguarded-clear-timer", `\`${name}(x)\` throws on Espruino when x is undefined; guard it with \`if (x)\` or \`x !== undefined\``);
    }
  };

  pass2(program, programScope, "");
  checkNestedRecursion();

  // ---- Pass 3: evaluation order. Espruino defines functions and variables only when
  // execution reaches their declaration, so everything a statement evaluates at once (not
  // inside functions it merely creates, but inside functions it calls) must be declared by
  // an earlier statement of the same list.
  const effectsCache = new Map<AstNode, { binding: Binding; node: AstNode }[]>();
  const inProgress = new Set<AstNode>();

  /** References a function or class evaluates when called (transitively through calls). */
  const effectsOf = (callable: AstNode): { binding: Binding; node: AstNode }[] => {
    const cached = effectsCache.get(callable);
    if (cached) return cached;
    if (inProgress.has(callable)) return [];
    inProgress.add(callable);
    const out: { binding: Binding; node: AstNode }[] = [];
    if (FUNCTION_TYPES.has(callable.type)) {
      for (const p of callable.params) eager(p, out);
      eager(callable.body, out);
    } else {
      for (const m of callable.body.body) {
        if (m.type === "MethodDefinition" && m.kind === "constructor") eager(m.value.body, out);
        else if (m.type === "PropertyDefinition" && !m.static && m.value) eager(m.value, out);
      }
      if (callable.superClass) eager(callable.superClass, out);
    }
    inProgress.delete(callable);
    effectsCache.set(callable, out);
    return out;
  };

  /** Collects references evaluated when `node` runs, not descending into functions it only creates. */
  const eager = (node: AstNode, out: { binding: Binding; node: AstNode }[], parent?: AstNode, key?: string): void => {
    if (FUNCTION_TYPES.has(node.type)) {
      if (node.type !== "FunctionDeclaration" && isIife(node, parent, key)) {
        for (const p of node.params) eager(p, out);
        eager(node.body, out);
      }
      return;
    }
    switch (node.type) {
      case "Identifier": {
        const b = bindingOf.get(node);
        if (b) out.push({ binding: b, node });
        return;
      }
      case "ClassDeclaration":
      case "ClassExpression":
        if (node.superClass) eager(node.superClass, out, node, "superClass");
        for (const m of node.body.body) {
          if (m.computed) eager(m.key, out, m, "key");
          if ((m.type === "PropertyDefinition" && m.static && m.value) || m.type === "StaticBlock") eager(m.type === "StaticBlock" ? m : m.value, out, m, "value");
        }
        return;
      case "ExportNamedDeclaration":
        if (node.declaration) eager(node.declaration, out, node, "declaration");
        return;
    }
    for (const { key: k, child } of children(node)) {
      if (!isNameOnly(node, k)) eager(child, out, node, k);
    }
    // The direct reference to the callee (collected above) comes first, then what the call runs.
    if ((node.type === "CallExpression" || node.type === "NewExpression") && node.callee.type === "Identifier") {
      const b = bindingOf.get(node.callee);
      if (b && b.callable) for (const e of effectsOf(b.callable)) out.push({ binding: e.binding, node: node.callee });
    }
  };

  for (const list of lists) {
    list.forEach((stmt, i) => {
      const out: { binding: Binding; node: AstNode }[] = [];
      eager(stmt, out);
      const seen = new Set<AstNode>();
      for (const e of out) {
        if (e.binding.list !== list || e.binding.index <= i || seen.has(e.node)) continue;
        seen.add(e.node);
        const direct = bindingOf.get(e.node) === e.binding;
        const declaredAt = opts.position(list[e.binding.index].loc.start.line, list[e.binding.index].loc.start.column).line;
        report(
          e.node,
          "use-before-declaration",
          direct
            ? `\`${e.binding.name}\` is used before its declaration (line ${declaredAt}); Espruino does not hoist, declare it first`
            : `calling \`${e.node.name}\` here uses \`${e.binding.name}\`, declared later (line ${declaredAt}); Espruino does not hoist, declare it first`,
        );
      }
    });
  }

  findings.sort((a, b) => a.line - b.line || a.column - b.column);
  return findings;
}

/**
 * What in a regular expression's source Espruino 2v29's matcher gets wrong, or null. Measured:
 * `/a{2}/` matches the text "a{2}", and `/^(ab)*$/`, `/^(ab)+$/`, `/^(?:ab)*$/`, `/^(ab)?c$/`,
 * `/^(a)*$/` never match, while classes (`/^[01]*$/`) repeat fine.
 */
export function regexTrap(pattern: string): string | null {
  let inClass = false;
  let prev = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      i++;
      prev = "atom";
    } else if (inClass) {
      if (c === "]") {
        inClass = false;
        prev = "atom";
      }
    } else if (c === "[") {
      inClass = true;
    } else if (c === "(") {
      prev = "open";
    } else if (c === ")") {
      prev = "group";
    } else if (c === "*" || c === "+" || c === "?") {
      if (prev === "group") return `a quantified group \`)${c}\``;
      prev = prev === "open" ? "open" : "quantifier";
    } else if (c === "{" && /^\{\d+(,\d*)?\}/.test(pattern.slice(i))) {
      return `the count \`${/^\{\d+(,\d*)?\}/.exec(pattern.slice(i))![0]}\``;
    } else {
      prev = "atom";
    }
  }
  return null;
}

function memberName(m: AstNode): string | null {
  if (!m.computed && m.property.type === "Identifier") return m.property.name;
  if (m.computed && m.property.type === "Literal" && typeof m.property.value === "string") return m.property.value;
  return null;
}

// ---------------------------------------------------------------------------------------
// clearTimeout guards

/** Structural equality for the expressions a timer id lives in: `t`, `this.t`, `s.timers[k]`. */
function sameExpr(a: AstNode, b: AstNode): boolean {
  if (a.type !== b.type) return false;
  switch (a.type) {
    case "Identifier": return a.name === b.name;
    case "ThisExpression": return true;
    case "Literal": return a.value === b.value;
    case "MemberExpression":
      return a.computed === b.computed && sameExpr(a.object, b.object) && (a.computed ? sameExpr(a.property, b.property) : a.property.name === b.property.name);
    default: return false;
  }
}

/**
 * The bundle's stand-in for `undefined`: the build wraps the bundle in a function with this
 * parameter, never passed and never assigned (terser keeps the name), and writes it for `void 0`.
 */
export const UNDEFINED_NAME = "_";
/** The bundle's short name for Math: a parameter of the same wrapper, passed Math. */
export const MATH_NAME = "$";

function isUndefinedExpr(e: AstNode): boolean {
  return (e.type === "Identifier" && (e.name === "undefined" || e.name === UNDEFINED_NAME)) || (e.type === "UnaryExpression" && e.operator === "void");
}

function isNullish(e: AstNode, looseEquality: boolean): boolean {
  return isUndefinedExpr(e) || (looseEquality && e.type === "Literal" && e.value === null);
}

/** `typeof x` compared with "undefined": returns the operator side that holds x, or null. */
function typeofUndefinedOperand(test: AstNode): AstNode | null {
  const l = test.left;
  const r = test.right;
  if (l.type === "UnaryExpression" && l.operator === "typeof" && r.type === "Literal" && r.value === "undefined") return l.argument;
  if (r.type === "UnaryExpression" && r.operator === "typeof" && l.type === "Literal" && l.value === "undefined") return r.argument;
  return null;
}

/** True when `test` being truthy proves x is defined. */
function provesDefined(test: AstNode, x: AstNode): boolean {
  if (sameExpr(test, x)) return true;
  if (test.type === "LogicalExpression") {
    if (test.operator === "&&") return provesDefined(test.left, x) || provesDefined(test.right, x);
    if (test.operator === "||") return provesDefined(test.left, x) && provesDefined(test.right, x);
  }
  if (test.type === "UnaryExpression" && test.operator === "!") return provesUndefinedOrFalsy(test.argument, x);
  if (test.type === "BinaryExpression" && (test.operator === "!==" || test.operator === "!=")) {
    const loose = test.operator === "!=";
    if (sameExpr(test.left, x) && isNullish(test.right, loose)) return true;
    if (sameExpr(test.right, x) && isNullish(test.left, loose)) return true;
    const t = typeofUndefinedOperand(test);
    if (t && sameExpr(t, x)) return true;
  }
  return false;
}

/** True when `test` being falsy proves x is defined (the early-return / else form). */
function provesUndefinedOrFalsy(test: AstNode, x: AstNode): boolean {
  if (test.type === "UnaryExpression" && test.operator === "!") return provesDefined(test.argument, x);
  if (test.type === "LogicalExpression") {
    if (test.operator === "||") return provesUndefinedOrFalsy(test.left, x) || provesUndefinedOrFalsy(test.right, x);
    if (test.operator === "&&") return provesUndefinedOrFalsy(test.left, x) && provesUndefinedOrFalsy(test.right, x);
  }
  if (test.type === "BinaryExpression" && (test.operator === "===" || test.operator === "==")) {
    const loose = test.operator === "==";
    if (sameExpr(test.left, x) && isNullish(test.right, loose)) return true;
    if (sameExpr(test.right, x) && isNullish(test.left, loose)) return true;
    const t = typeofUndefinedOperand(test);
    if (t && sameExpr(t, x)) return true;
  }
  return false;
}

/** A statement that never falls through to the next one. */
function exits(stmt: AstNode): boolean {
  if (["ReturnStatement", "ThrowStatement", "BreakStatement", "ContinueStatement"].includes(stmt.type)) return true;
  if (stmt.type === "BlockStatement") return stmt.body.length > 0 && exits(stmt.body[stmt.body.length - 1]);
  return false;
}

/**
 * Whether the call sits where x is known to be defined: in the true branch of a test of x
 * (`if (x)`, `x !== undefined`, `x && clear(x)`, `x ? clear(x) : 0`), in the false branch of
 * the negated test, or after an early exit `if (!x) return;` in the same block. The search
 * stops at the enclosing function.
 */
function isGuarded(x: AstNode, ancestors: { node: AstNode; key: string }[]): boolean {
  for (let i = ancestors.length - 1; i > 0; i--) {
    const child = ancestors[i];
    const parent = ancestors[i - 1].node;
    if (FUNCTION_TYPES.has(parent.type)) return false;
    switch (parent.type) {
      case "IfStatement":
      case "ConditionalExpression":
        if (child.key === "consequent" && provesDefined(parent.test, x)) return true;
        if (child.key === "alternate" && provesUndefinedOrFalsy(parent.test, x)) return true;
        break;
      case "LogicalExpression":
        if (child.key === "right" && parent.operator === "&&" && provesDefined(parent.left, x)) return true;
        if (child.key === "right" && parent.operator === "||" && provesUndefinedOrFalsy(parent.left, x)) return true;
        break;
      case "BlockStatement":
      case "Program":
      case "SwitchCase": {
        const list: AstNode[] = parent.type === "SwitchCase" ? parent.consequent : parent.body;
        const at = list.indexOf(child.node);
        for (let j = 0; j < at; j++) {
          const s = list[j];
          if (s.type === "IfStatement" && !s.alternate && exits(s.consequent) && provesUndefinedOrFalsy(s.test, x)) return true;
        }
        break;
      }
    }
  }
  return false;
}

// The Espruino subset check: the repository's portable code passes it, each kind of breakage
// is caught with its rule at the right TS line, and idioms the subset allows are not flagged.
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { checkBundle, checkSourceFiles, formatFinding, type Finding } from "../firmware/build/subset";
import { espruinoBundle } from "./helpers/espruino-bundle";

const root = resolve(import.meta.dirname, "..");

function tsFilesUnder(dir: string, skip: (path: string) => boolean): string[] {
  let out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out; // folder not there (yet)
  }
  for (const name of entries.sort()) {
    const path = join(dir, name);
    if (skip(path)) continue;
    if (statSync(path).isDirectory()) out = out.concat(tsFilesUnder(path, skip));
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

function show(findings: Finding[]): string {
  return findings.map((f) => formatFinding({ ...f, file: relative(root, f.file) })).join("\n");
}

describe("the repository's Espruino code", () => {
  it("src/**/*.ts and firmware/*.ts (not its Node tools in build/, flash/, measure/) have no findings", () => {
    const files = [
      ...tsFilesUnder(join(root, "src"), () => false),
      ...tsFilesUnder(join(root, "firmware"), (p) => ["build", "flash", "measure"].some((d) => p === join(root, "firmware", d))),
    ];
    const findings = checkSourceFiles(files);
    expect(show(findings)).toBe("");
  });

  it("src/ type-checks against the restricted lib (npx tsc -p src/tsconfig.json)", () => {
    const r = spawnSync("npx", ["tsc", "-p", "src/tsconfig.json"], { cwd: root, encoding: "utf8" });
    expect(r.stdout).toBe(""); // tsc reports type errors on stdout; stderr only has npm's chatter
    expect(r.status).toBe(0);
  });
});

// Each snippet is a whole file; `line` is where the finding must point in that TS file.
const bad: { name: string; code: string; rule: string; line: number }[] = [
  { name: "object destructuring", code: "declare const o: { a: number };\nconst { a } = o;\n", rule: "esbuild", line: 2 },
  { name: "swap by array destructuring", code: "let a = 1, b = 2;\n[a, b] = [b, a];\n", rule: "esbuild", line: 2 },
  { name: "default parameter", code: "export function f(a: number = 1): number {\n  return a;\n}\n", rule: "esbuild", line: 1 },
  { name: "rest parameter", code: "export function f(...a: number[]): number[] {\n  return a;\n}\n", rule: "esbuild", line: 1 },
  { name: "spread in a call", code: "declare function f(a: number, b: number): void;\nconst xs: [number, number] = [1, 2];\nf(...xs);\n", rule: "esbuild", line: 3 },
  { name: "rest parameter even in an ambient declaration (esbuild rejects it)", code: "declare function print(...a: unknown[]): void;\nprint(1);\n", rule: "esbuild", line: 1 },
  { name: "array spread", code: "const xs = [1];\nexport const ys = [...xs, 2];\n", rule: "esbuild", line: 2 },
  { name: "generator", code: "export function* g(): Generator<number> {\n  yield 1;\n}\n", rule: "esbuild", line: 1 },
  { name: "async function", code: "export async function g(): Promise<number> {\n  return 1;\n}\n", rule: "esbuild", line: 1 },
  { name: "new.target", code: "export function F(this: unknown): unknown {\n  return new.target;\n}\n", rule: "esbuild", line: 2 },
  { name: "new Map", code: "// cache\nexport const m = new Map<string, number>();\n", rule: "banned-global", line: 2 },
  { name: "new Set", code: "export const s: Set<number> = new Set();\n", rule: "banned-global", line: 1 },
  { name: "WeakMap", code: "export const w = new WeakMap<object, number>();\n", rule: "banned-global", line: 1 },
  { name: "Symbol", code: "\nexport const k = Symbol(\"k\");\n", rule: "banned-global", line: 2 },
  { name: "Reflect", code: "export const has = (o: object): boolean => Reflect.has(o, \"a\");\n", rule: "banned-global", line: 1 },
  { name: "RangeError (missing on Espruino)", code: "export function check(n: number): void {\n  if (n < 0) throw new RangeError(\"n\");\n}\n", rule: "banned-global", line: 2 },
  { name: "BigInt literal", code: "export const big = 10n;\n", rule: "syntax", line: 1 },
  { name: "Array.from", code: "export const a = Array.from([1, 2]);\n", rule: "banned-member", line: 1 },
  { name: "Array.of", code: "export const a = Array.of(1, 2);\n", rule: "banned-member", line: 1 },
  { name: "Object.freeze", code: "export const a = Object.freeze({ x: 1 });\n", rule: "banned-member", line: 1 },
  { name: "Number.isInteger", code: "export const ok = (n: number): boolean =>\n  Number.isInteger(n);\n", rule: "banned-member", line: 2 },
  { name: "Math.trunc", code: "export const t = (n: number): number => Math.trunc(n);\n", rule: "banned-member", line: 1 },
  { name: "Math.imul", code: "export const t = (a: number, b: number): number => Math.imul(a, b);\n", rule: "banned-member", line: 1 },
  { name: "Math.clz32", code: "export const t = (a: number): number => Math.clz32(a);\n", rule: "banned-member", line: 1 },
  { name: "Math['trunc'] in brackets", code: "export const t = (n: number): number => Math[\"trunc\"](n);\n", rule: "banned-member", line: 1 },
  { name: "top-level call before the declaration", code: "setup();\nfunction setup(): void {}\n", rule: "use-before-declaration", line: 1 },
  { name: "callback passed before the declaration", code: "declare function later(f: () => void): void;\nlater(onTick);\nfunction onTick(): void {}\n", rule: "use-before-declaration", line: 2 },
  {
    name: "call to an earlier function that needs a later one",
    code: "function start(): number {\n  return helper();\n}\nexport const x = start();\nfunction helper(): number {\n  return 1;\n}\n",
    rule: "use-before-declaration",
    line: 4,
  },
  {
    name: "constructing a class whose constructor needs a later function",
    code: "class Game {\n  n: number;\n  constructor() {\n    this.n = size();\n  }\n}\nexport const game = new Game();\nfunction size(): number {\n  return 9;\n}\n",
    rule: "use-before-declaration",
    line: 7,
  },
  { name: "init handler registered before its declaration", code: "declare const E: { on(ev: string, f: () => void): void };\nE.on(\"init\", main);\nfunction main(): void {}\n", rule: "use-before-declaration", line: 2 },
  { name: "variable read before its var declaration", code: "export const y = limit * 2;\nvar limit = 3;\n", rule: "use-before-declaration", line: 1 },
  { name: "inner function called before its declaration", code: "export function outer(): number {\n  return inner();\n  function inner(): number {\n    return 1;\n  }\n}\n", rule: "use-before-declaration", line: 2 },
  { name: "IIFE at top level calling a later function", code: "(function () {\n  go();\n})();\nfunction go(): void {}\n", rule: "use-before-declaration", line: 2 },
  {
    name: "closure over a for-let variable",
    code: "export const fns: (() => number)[] = [];\nfor (let i = 0; i < 3; i++) {\n  fns.push(() => i);\n}\n",
    rule: "loop-closure",
    line: 3,
  },
  {
    name: "closure over a for-const-of variable",
    code: "export const fns: (() => number)[] = [];\nfor (const x of [1, 2]) {\n  fns.push(function () {\n    return x;\n  });\n}\n",
    rule: "loop-closure",
    line: 4,
  },
  {
    name: "closure over the loop variable passed to setTimeout",
    code: "export function blink(n: number): void {\n  for (let k = 0; k < n; k++) setTimeout(() => show(k), k * 100);\n}\nfunction show(k: number): number {\n  return k;\n}\n",
    rule: "loop-closure",
    line: 2,
  },
  { name: "unguarded clearTimeout", code: "let t: number | undefined;\nexport function stop(): void {\n  clearTimeout(t);\n  t = undefined;\n}\n", rule: "unguarded-clear-timer", line: 3 },
  {
    name: "clearInterval guarded by a different variable",
    code: "let a: number | undefined;\nlet b: number | undefined;\nexport function stop(): void {\n  if (a) clearInterval(b);\n}\n",
    rule: "unguarded-clear-timer",
    line: 4,
  },
  {
    name: "clearTimeout of a member, unguarded",
    code: "export class Beeper {\n  timer: number | undefined;\n  stop(): void {\n    clearTimeout(this.timer);\n  }\n}\n",
    rule: "unguarded-clear-timer",
    line: 4,
  },
  {
    name: "guard does not reach into a callback",
    code: "let t: number | undefined;\nexport function stop(): void {\n  if (t) [1].forEach(() => clearTimeout(t));\n}\n",
    rule: "unguarded-clear-timer",
    line: 3,
  },
  { name: "clearInterval() with no argument", code: "export function stopAll(): void {\n  clearInterval();\n}\n", rule: "clear-all-timers", line: 2 },
  { name: "tagged template", code: "declare function tag(s: TemplateStringsArray): string;\nexport const s = tag`x`;\n", rule: "syntax", line: 2 },
  { name: "label", code: "export function f(): void {\n  outer: for (;;) {\n    break outer;\n  }\n}\n", rule: "syntax", line: 2 },
  { name: "computed key", code: "const k = \"a\";\nexport const o = { [k]: 1 };\n", rule: "syntax", line: 2 },
  { name: "exponent operator", code: "export const sq = (n: number): number => n ** 2;\n", rule: "syntax", line: 1 },
  { name: "optional chaining", code: "export const len = (s: string | undefined): number | undefined => s?.length;\n", rule: "syntax", line: 1 },
  { name: "#private field", code: "export class A {\n  #x = 1;\n  get x(): number {\n    return this.#x;\n  }\n}\n", rule: "syntax", line: 2 },
  { name: "class extends Error", code: "export class GameError extends Error {}\n", rule: "extends-error", line: 1 },
  // The traps below parse and run on Espruino 2v29 but behave differently from Node (measured).
  {
    name: "delete of the current key inside for…in (2v29 ends the loop: only the first file was flushed)",
    code: "const pending: { [f: string]: string } = {};\nexport function flush(write: (f: string, t: string) => void): void {\n  for (const f in pending) {\n    write(f, pending[f]);\n    delete pending[f];\n  }\n}\n",
    rule: "for-in-delete",
    line: 5,
  },
  {
    name: "delete of another key of the walked object, through a member",
    code: "export function prune(s: { o: { [k: string]: number } }): void {\n  for (const k in s.o) if (s.o[k] === 0) delete s.o.zero;\n}\n",
    rule: "for-in-delete",
    line: 2,
  },
  {
    name: "recursive function declared inside another (leaks about 7 JsVars per outer call)",
    code: "export function hint(b: number): number {\n  function walk(r: number): number {\n    if (r === 0) return 32;\n    for (let n = 0; n < 3; n++) if (walk(r - 1) >= 0) return n;\n    return -1;\n  }\n  return walk(b);\n}\n",
    rule: "nested-recursion",
    line: 4,
  },
  {
    name: "recursive arrow held in a const inside another function",
    code: "export function depth(b: number): number {\n  const d = (r: number): number => (r <= 0 ? 0 : 1 + d(r - 1));\n  return d(b);\n}\n",
    rule: "nested-recursion",
    line: 2,
  },
  {
    name: "recursive named function expression inside another function",
    code: "export function f(b: number): number {\n  const g = function walk(r: number): number {\n    return r <= 0 ? 0 : walk(r - 1);\n  };\n  return g(b);\n}\n",
    rule: "nested-recursion",
    line: 3,
  },
  {
    name: "mutual recursion of two functions nested in a third",
    code: "export function f(b: number): number {\n  function even(r: number): boolean {\n    return r === 0 ? true : odd(r - 1);\n  }\n  function odd(r: number): boolean {\n    return r === 0 ? false : even(r - 1);\n  }\n  return even(b) ? 1 : 0;\n}\n",
    rule: "nested-recursion",
    line: 3,
  },
  { name: "emptying an array with length = 0 (throws)", code: "export const xs: number[] = [1, 2];\nexport function clear(): void {\n  xs.length = 0;\n}\n", rule: "length-assignment", line: 3 },
  { name: "a {m,n} count in a regular expression", code: "export const digits = (s: string): boolean =>\n  /^\\d{1,6}$/.test(s);\n", rule: "regex", line: 2 },
  { name: "a quantified group in a regular expression", code: "export const bits = (s: string): boolean => /^(01)*$/.test(s);\n", rule: "regex", line: 1 },
  { name: "a non-capturing quantified group", code: "export const rows = /^(?:[01]+\\/)+$/;\n", rule: "regex", line: 1 },
  { name: "new RegExp with a count", code: "export const r = new RegExp(\"a{2}\");\n", rule: "regex", line: 1 },
  { name: "Number.isFinite (missing)", code: "export const ok = (n: number): boolean => Number.isFinite(n);\n", rule: "banned-member", line: 1 },
  { name: "Math.log2 (missing)", code: "export const bitsFor = (n: number): number => Math.ceil(Math.log2(n));\n", rule: "banned-member", line: 1 },
  { name: "Object.is (missing)", code: "export const same = (a: unknown, b: unknown): boolean => Object.is(a, b);\n", rule: "banned-member", line: 1 },
  { name: "String.raw (missing, and a tagged template)", code: "export const p = String.raw`a\\b`;\n", rule: "banned-member", line: 1 },
  { name: "class extends TypeError", code: "\nexport class BadInput extends TypeError {}\n", rule: "extends-error", line: 2 },
];

const good: { name: string; code: string }[] = [
  { name: "clearTimeout guarded by if (t)", code: "let t: number | undefined;\nexport function stop(): void {\n  if (t) clearTimeout(t);\n}\n" },
  { name: "guarded by !== undefined with a reset", code: "let t: number | undefined;\nexport function stop(): void {\n  if (t !== undefined) {\n    clearTimeout(t);\n    t = undefined;\n  }\n}\n" },
  { name: "guarded by &&", code: "let t: number | undefined;\nexport function stop(): void {\n  t && clearTimeout(t);\n}\n" },
  { name: "guarded by an early return", code: "let t: number | undefined;\nexport function stop(): void {\n  if (t === undefined) return;\n  clearInterval(t);\n}\n" },
  { name: "guarded in the else branch", code: "let t: number | undefined;\nexport function stop(): number {\n  if (!t) {\n    return 0;\n  } else {\n    clearTimeout(t);\n    return 1;\n  }\n}\n" },
  { name: "guarded member with typeof", code: "export class Beeper {\n  timer: number | undefined;\n  stop(): void {\n    if (typeof this.timer !== \"undefined\") clearTimeout(this.timer);\n  }\n}\n" },
  { name: "guard combined with another test", code: "let t: number | undefined;\nexport function stop(busy: boolean): void {\n  if (!busy && t != null) clearTimeout(t);\n}\n" },
  { name: "declared before use, called after all declarations", code: "function helper(): number {\n  return later();\n}\nfunction later(): number {\n  return 2;\n}\nexport const x = helper();\n" },
  { name: "a function referring to a later one, but not called early", code: "export function a(): number {\n  return b();\n}\nfunction b(): number {\n  return 1;\n}\n" },
  { name: "enum (self-reference in its own declaration)", code: "export enum Mode {\n  Idle,\n  Play,\n}\nexport const m = Mode.Play;\n" },
  { name: "for-let closure over a copy", code: "export const fns: (() => number)[] = [];\nfor (let i = 0; i < 3; i++) {\n  const j = i;\n  fns.push(() => j);\n}\n" },
  { name: "for-let loop whose closure uses other variables", code: "export function f(n: number): (() => number)[] {\n  const out: (() => number)[] = [];\n  for (let i = 0; i < n; i++) out.push(() => n);\n  return out;\n}\n" },
  { name: "IIFE in a loop sees the loop variable at once", code: "export const v: number[] = [];\nfor (let i = 0; i < 3; i++) {\n  (function () {\n    v.push(i);\n  })();\n}\n" },
  { name: "deleting while walking a key list", code: "export function flush(p: { [f: string]: string }): void {\n  Object.keys(p).forEach(function (f) {\n    delete p[f];\n  });\n}\n" },
  { name: "deleting from another object inside for…in", code: "export function move(a: { [k: string]: number }, b: { [k: string]: number }): void {\n  for (const k in a) delete b[k];\n}\n" },
  { name: "a recursive top-level function", code: "export function walk(r: number): number {\n  for (let n = 0; n < 3; n++) if (r > 0 && walk(r - 1) >= 0) return n;\n  return -1;\n}\n" },
  { name: "a recursive function inside a module-level IIFE (created once)", code: "export const n = (function () {\n  function walk(r: number): number {\n    return r <= 0 ? 0 : 1 + walk(r - 1);\n  }\n  return walk(3);\n})();\n" },
  { name: "a nested helper calling a recursive top-level function", code: "function walk(r: number): number {\n  return r <= 0 ? 0 : walk(r - 1);\n}\nexport function f(b: number): number {\n  const g = (x: number): number => walk(x) + 1;\n  return g(b) + g(b);\n}\n" },
  { name: "reading length, and a length property of a plain object", code: "export const o = { length: 1 };\nexport const n = [1, 2].length + o.length;\n" },
  { name: "regular expressions Espruino matches", code: "export const ok = (s: string): boolean => /^[01]*$/.test(s) && /^(ab|cd)$/.test(s) && /a\\{2\\}/.test(s) && /x+y?z*/.test(s);\n" },
  { name: "local named Map shadows nothing banned", code: "export function f(): number {\n  const Map = { size: 1 };\n  return Map.size;\n}\n" },
  { name: "what the subset allows", code: [
    "export interface P { x: number }",
    "export class Grid {",
    "  cells = new Uint8Array(9);",
    "  static size = 3;",
    "  get count(): number { return this.cells.length; }",
    "}",
    "const base = { a: 1 };",
    "export const merged = { ...base, b: 2 };",
    "export function sum(xs: number[]): number {",
    "  let s = 0;",
    "  for (const x of xs) s += x;",
    "  for (const k in base) s += k.length;",
    "  return s + Math.sign(-2) + Math.pow(2, 3) + (xs[0] ?? 0);",
    "}",
    "export const o = Object.assign({}, base);",
    "export const str = `sum ${sum([1])}`;",
    "export const found = [1, 2].find((v) => v > 1);",
    "",
  ].join("\n") },
];

describe("checkSourceFiles", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "merlin-subset-"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const write = (name: string, code: string): string => {
    const path = join(dir, name.replace(/[^a-z0-9]+/gi, "-") + ".ts");
    writeFileSync(path, code);
    return path;
  };

  it.each(bad)("catches $name ($rule)", ({ name, code, rule, line }) => {
    const path = write(name, code);
    const findings = checkSourceFiles([path]);
    expect(findings.map((f) => `${f.rule}@${f.line}`)).toContain(`${rule}@${line}`);
    for (const f of findings) expect(f.file).toBe(path);
  });

  it.each(good)("accepts $name", ({ name, code }) => {
    const path = write(name, code);
    expect(show(checkSourceFiles([path]))).toBe("");
  });

  it("reports the original TS column, past type annotations and blank lines", () => {
    const path = write("columns", "type Pair = {\n  a: number;\n};\n\nexport const f = (p: Pair, n: number): number =>\n  p.a + Math.imul(n, 3);\n");
    const findings = checkSourceFiles([path]);
    expect(findings.map((f) => [f.rule, f.line, f.column])).toEqual([["banned-member", 6, 9]]);
  });

  it("reports every breakage in a file, in line order", () => {
    const path = write("several", "export const m = new Set<number>();\nexport const n = Math.trunc(1.5);\nsetup();\nfunction setup(): void {}\n");
    expect(checkSourceFiles([path]).map((f) => `${f.line}:${f.rule}`)).toEqual(["1:banned-global", "2:banned-member", "3:use-before-declaration"]);
  });

  it("skips declaration files", () => {
    const path = join(dir, "decl.d.ts");
    writeFileSync(path, "declare const m: Map<string, number>;\n");
    expect(checkSourceFiles([path])).toEqual([]);
  });
});

describe("checkBundle", () => {
  const allowed = ["setWatch", "setTimeout", "clearTimeout", "digitalWrite", "E", "require"];

  it.each([
    { name: "an undeclared global, reported once", code: "(()=>{foo();foo();setWatch(()=>0,\"B1\")})();", rule: "free-global", count: 1 },
    { name: "destructuring left in the bundle", code: "(()=>{var{a:b}=E;digitalWrite(\"B1\",b)})();", rule: "syntax", count: 1 },
    { name: "object spread left in the bundle", code: "(()=>{var o={...E};digitalWrite(\"B1\",o)})();", rule: "syntax", count: 1 },
    { name: "a default parameter", code: "(()=>{function f(a=1){return a}f()})();", rule: "syntax", count: 1 },
    { name: "unguarded minified clearTimeout", code: "(()=>{var o;function s(){clearTimeout(o),o=void 0}s()})();", rule: "unguarded-clear-timer", count: 1 },
    { name: "banned globals are reported even if allowed", code: "(()=>{var m=new Map;digitalWrite(\"B1\",m)})();", rule: "banned-global", count: 1 },
    { name: "a minified call before the declaration", code: "(()=>{s();function s(){}})();", rule: "use-before-declaration", count: 1 },
    { name: "for-let closure after minification", code: "(()=>{for(let i=0;i<3;i++)setTimeout(()=>digitalWrite(\"B1\",i),1)})();", rule: "loop-closure", count: 1 },
    { name: "a bundle that does not parse", code: "(()=>{var a=;})();", rule: "parse", count: 1 },
    { name: "minified nested recursion", code: "(()=>{function h(b){function f(n){for(var i=0;i<3;i++)if(f(n-1))return i;return-1}return f(b)}E.on(\"x\",h)})();", rule: "nested-recursion", count: 1 },
    { name: "minified for…in delete", code: "(()=>{var p={};function s(){for(var f in p)E.write(f,p[f]),delete p[f]}E.on(\"x\",s)})();", rule: "for-in-delete", count: 1 },
  ])("catches $name", ({ code, rule, count }) => {
    const findings = checkBundle(code, allowed);
    expect(findings.filter((f) => f.rule === rule)).toHaveLength(count);
    expect(findings[0].line).toBe(1);
  });

  it("accepts minified guards, built-ins, `arguments` and allowed globals", () => {
    const code =
      "(()=>{var o,t=new Uint8Array(9);function s(){o!==void 0&&(clearTimeout(o),o=void 0);t[0]=Math.max(arguments.length,1)}" +
      "o=setTimeout(s,5);setWatch(function(e){digitalWrite(\"B1\",e.state?1:0)},\"B4\",{repeat:!0});E.on(\"init\",s);require(\"Storage\")})();";
    expect(show(checkBundle(code, allowed))).toBe("");
  });

  it("passes esbuild's own ES2015 output of code in the subset (helpers included)", () => {
    const source = [
      "declare function setWatch(fn: (e: { state: boolean }) => void, pin: string, opts: object): number;",
      "declare function digitalWrite(pin: string, v: number): void;",
      "let timer: number | undefined;",
      "class Pad { lit = false; static count = 0; constructor(public index: number) { Pad.count++; } }",
      "const pads: Pad[] = [];",
      "for (let i = 0; i < 9; i++) pads.push(new Pad(i));",
      "function onKey(e: { state: boolean }): void {",
      "  if (timer !== undefined) { clearTimeout(timer); timer = undefined; }",
      "  const cue = { ...{ freq: 440 }, ms: 2 ** 3 };",
      "  const p = pads.find((x) => x.lit) ?? pads[0];",
      "  timer = setTimeout(() => digitalWrite(\"B3\", e.state ? cue.ms + p.index : 0), 5) as unknown as number;",
      "}",
      "setWatch(onKey, \"B4\", { repeat: true });",
    ].join("\n");
    for (const minify of [false, true]) {
      expect(show(checkBundle(espruinoBundle(source, minify, "fw.ts"), allowed))).toBe("");
    }
  });
});

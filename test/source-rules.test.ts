/**
 * The source says what; the build decides how. These checks read every .ts file under src/
 * through TypeScript's own syntax tree (the compiler the project type-checks with, through its
 * API) and fail, naming file and line, when:
 *
 * - a build-time flag branches the logic: the identifiers CELL_BOARDS or LONG_STARTS, a
 *   `declare const` (a flag the bundler defines), or an import of a `features` module;
 * - a comment argues with the interpreter instead of saying what the code does: it speaks of
 *   JsVars, lexing or tokenising, RAM or the `"ram"` directive, code in flash, sizes in bytes,
 *   the interpreter, or what a call or a closure costs (the word list is RULES below; ordinary
 *   uses — a byte of a packed word, flash storage, an LED flash — do not trip it);
 * - a hand-written inlining annotation (`@__INLINE__`, `@__NOINLINE__`) is left for terser:
 *   the firmware build decides inlining (`@__PURE__`, a fact about a call, is allowed);
 * - src/ has more than MAX_CASTS type casts (`x as T` but not `as const`, `<T>x`, `x!`, and
 *   `let x!: T`), or a cast without its reason in a comment on its line or the line above;
 * - the wrap-safe 16-bit difference `(x << 16) >> 16` is written anywhere but in wrapDiff16
 *   (src/toy/debounce.ts), the one helper the debouncer and the key events share.
 *
 * The second half runs the same checks on small files that break each rule once, so that each
 * check is seen to fail, and on files that use the ordinary words, so that none trips by accident.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API } from "typescript/unstable/sync";
import {
  SyntaxKind,
  isAsExpression,
  isBinaryExpression,
  isCallExpression,
  isExportDeclaration,
  isFunctionDeclaration,
  isIdentifier,
  isImportDeclaration,
  isNonNullExpression,
  isNumericLiteral,
  isParenthesizedExpression,
  isPropertyDeclaration,
  isStringLiteral,
  isTypeAssertion,
  isVariableDeclaration,
  isVariableStatement,
  type Expression,
  type Node,
  type SourceFile,
} from "typescript/unstable/ast";

const ROOT = resolve(import.meta.dirname, "..");

/** The most type casts src/ may hold, each with its reason. */
const MAX_CASTS = 5;
/** Identifiers of the build-time flags that once branched the toy's logic. */
const FLAG_NAMES = ["CELL_BOARDS", "LONG_STARTS"];
/** Where the one wrap-safe 16-bit difference lives. */
const WRAP_HELPER = { file: "src/toy/debounce.ts", fn: "wrapDiff16" };

/**
 * What a comment in src/ must not speak of, each with the words that give it away. Word
 * boundaries throughout. Deliberately left out: "byte" on its own (bytes of a packed 32-bit
 * word, a Uint8Array's entries are data), "flash" on its own (the save file's flash storage,
 * an LED flash), "memory" (the solver's memory bounds), and "Espruino has no X" / "does not
 * hoist" (what the language on the toy offers, which the code must respect).
 */
const RULES: { rule: string; pattern: RegExp }[] = [
  { rule: "JsVars", pattern: /\bJsVars?\b/i },
  { rule: "lexing", pattern: /\blex(?:es|ed|ing|er|ers)?\b/i },
  { rule: "tokenising", pattern: /\b(?:pre-?)?tokeni[sz](?:e|es|ed|ing|ation)\b/i },
  { rule: "RAM", pattern: /\bRAM\b/ },
  { rule: "the \"ram\" directive", pattern: /["'`]ram["'`]/i },
  { rule: "code in flash", pattern: /\b(?:code|functions?|made|built|copied|read) (?:in|from|to) flash\b/i },
  {
    rule: "sizes in bytes",
    pattern: /\b(?:\d[\d,.]*|a few|few|fewer|more|less|many|some|twice the|times the|half the)\s+(?:bytes|KB|KiB|kB)\b|\bbytes\s+(?:shorter|longer|smaller|larger|less|more|fewer|each|saved|of code)\b/i,
  },
  { rule: "the interpreter", pattern: /\binterpreter\b/i },
  {
    rule: "what code costs on the toy",
    pattern: /\b(?:a|an|each|every|one)(?: \w+)? (?:call|function|closure|literal|property read)(?: \w+){0,3} (?:costs?|counts)\b|\bcosts?(?: \w+){0,2} on (?:the toy|the device|Espruino)\b/i,
  },
];

const ANNOTATION = /[@#]__(?:NO)?INLINE__/;

interface Finding {
  /** Path relative to the checkout (or to the snippets' folder). */
  file: string;
  line: number;
  /** What was found, in a few words. */
  what: string;
}

const show = (f: Finding): string => `${f.file}:${f.line}: ${f.what}`;

interface Comment {
  text: string;
  startLine: number;
  endLine: number;
  /** Nothing but blanks before it on its first line. */
  ownLine: boolean;
}

interface Cast {
  file: string;
  line: number;
  code: string;
  /** The comment on its line or the line above, if any, that gives a reason. */
  reason: string | null;
}

interface Report {
  flags: Finding[];
  comments: Finding[];
  annotations: Finding[];
  casts: Cast[];
  /** Each `(x << 16) >> 16`, as "file: enclosing function". */
  wrapIdiom: string[];
  /** The files that call the wrap helper (once each). */
  wrapCallers: string[];
}

/** 1-based line of a position. */
function lineOf(starts: readonly number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Every node of the file, parents before children. */
function nodesOf(sf: SourceFile): Node[] {
  const out: Node[] = [];
  const visit = (n: Node): undefined => {
    out.push(n);
    n.forEachChild(visit);
    return undefined;
  };
  sf.forEachChild(visit);
  return out;
}

const LITERAL_KINDS = new Set<SyntaxKind>([
  SyntaxKind.StringLiteral,
  SyntaxKind.NoSubstitutionTemplateLiteral,
  SyntaxKind.TemplateHead,
  SyntaxKind.TemplateMiddle,
  SyntaxKind.TemplateTail,
  SyntaxKind.RegularExpressionLiteral,
]);

/**
 * The file's comments: every `//` and `/* … *\/` outside the string, template and regular
 * expression literals of its syntax tree.
 */
function commentsOf(sf: SourceFile, nodes: Node[], starts: readonly number[]): Comment[] {
  const text = sf.text;
  const literals = nodes
    .filter((n) => LITERAL_KINDS.has(n.kind))
    .map((n) => [n.getStart(sf), n.end] as const)
    .sort((a, b) => a[0] - b[0]);
  const out: Comment[] = [];
  let next = 0;
  let i = 0;
  while (i < text.length) {
    while (next < literals.length && literals[next][1] <= i) next++;
    if (next < literals.length && literals[next][0] <= i) {
      i = literals[next][1];
      continue;
    }
    if (text.startsWith("//", i) || text.startsWith("/*", i)) {
      const line = text.startsWith("//", i);
      let end = line ? text.indexOf("\n", i) : text.indexOf("*/", i + 2);
      end = end < 0 ? text.length : line ? end : end + 2;
      const startLine = lineOf(starts, i);
      const before = text.slice(starts[startLine - 1], i);
      out.push({ text: text.slice(i, end), startLine: startLine, endLine: lineOf(starts, end - 1), ownLine: before.trim() === "" });
      i = end;
      continue;
    }
    i++;
  }
  return out;
}

function stripParens(e: Expression): Expression {
  while (isParenthesizedExpression(e)) e = e.expression;
  return e;
}

const isSixteen = (e: Expression): boolean => {
  const x = stripParens(e);
  return isNumericLiteral(x) && Number(x.text) === 16;
};

/** `(x << 16) >> 16`: the signed low 16 bits of x. */
function isWrapIdiom(n: Node): boolean {
  if (!isBinaryExpression(n) || n.operatorToken.kind !== SyntaxKind.GreaterThanGreaterThanToken || !isSixteen(n.right)) return false;
  const left = stripParens(n.left);
  return isBinaryExpression(left) && left.operatorToken.kind === SyntaxKind.LessThanLessThanToken && isSixteen(left.right);
}

/** The name of the innermost named function around `n`, or "top level". */
function enclosingFunction(n: Node): string {
  for (let p: Node | undefined = n.parent; p !== undefined; p = p.parent) {
    if (isFunctionDeclaration(p)) return p.name !== undefined ? p.name.text : "(anonymous function)";
    if (p.kind === SyntaxKind.SourceFile) break;
  }
  return "top level";
}

/** Inside a `declare global { … }` or `declare module … { … }` block. */
function inAmbientBlock(n: Node): boolean {
  for (let p: Node | undefined = n.parent; p !== undefined && p.kind !== SyntaxKind.SourceFile; p = p.parent) {
    if (p.kind === SyntaxKind.ModuleDeclaration) return true;
  }
  return false;
}

function hasDeclare(n: Node): boolean {
  return isVariableStatement(n) && (n.modifiers ?? []).some((m) => m.kind === SyntaxKind.DeclareKeyword);
}

/** A comment gives a reason when it has at least three words. */
const givesReason = (c: Comment): boolean => (c.text.match(/[A-Za-z]{2,}/g) ?? []).length >= 3;

function analyse(files: { name: string; sf: SourceFile }[]): Report {
  const report: Report = { flags: [], comments: [], annotations: [], casts: [], wrapIdiom: [], wrapCallers: [] };
  for (const { name, sf } of files) {
    const starts = sf.getLineStarts();
    const at = (n: Node): number => lineOf(starts, n.getStart(sf));
    const nodes = nodesOf(sf);
    const comments = commentsOf(sf, nodes, starts);

    for (const n of nodes) {
      if (isIdentifier(n) && FLAG_NAMES.includes(n.text)) report.flags.push({ file: name, line: at(n), what: `identifier ${n.text}` });
      if (hasDeclare(n) || (isVariableStatement(n) && inAmbientBlock(n))) {
        report.flags.push({ file: name, line: at(n), what: `ambient variable (a build-time flag): ${n.getText(sf).split("\n")[0]}` });
      }
      if ((isImportDeclaration(n) || isExportDeclaration(n)) && n.moduleSpecifier !== undefined && isStringLiteral(n.moduleSpecifier)) {
        if (/(?:^|\/)features(?:\.[jt]s)?$/.test(n.moduleSpecifier.text)) {
          report.flags.push({ file: name, line: at(n), what: `import of a features module: "${n.moduleSpecifier.text}"` });
        }
      }

      let cast = false;
      if (isAsExpression(n)) cast = n.type.getText(sf) !== "const";
      else if (isTypeAssertion(n) || isNonNullExpression(n)) cast = true;
      else if (isVariableDeclaration(n) && n.exclamationToken !== undefined) cast = true;
      else if (isPropertyDeclaration(n) && n.postfixToken !== undefined && n.postfixToken.kind === SyntaxKind.ExclamationToken) cast = true;
      if (cast) {
        const line = at(n);
        const reason = comments.find((c) => givesReason(c) && ((c.startLine <= line && c.endLine >= line) || (c.ownLine && c.endLine === line - 1)));
        report.casts.push({ file: name, line: line, code: n.getText(sf).replace(/\s+/g, " ").slice(0, 80), reason: reason ? reason.text : null });
      }

      if (isWrapIdiom(n)) report.wrapIdiom.push(`${name}: ${enclosingFunction(n)}`);
      if (isCallExpression(n) && isIdentifier(n.expression) && n.expression.text === WRAP_HELPER.fn && !report.wrapCallers.includes(name)) {
        report.wrapCallers.push(name);
      }
    }

    for (const c of comments) {
      const lineAt = (index: number): number => c.startLine + c.text.slice(0, index).split("\n").length - 1;
      for (const r of RULES) {
        for (const m of c.text.matchAll(new RegExp(r.pattern.source, r.pattern.flags + "g"))) {
          report.comments.push({ file: name, line: lineAt(m.index), what: `${r.rule}: "${m[0].replace(/\s+/g, " ")}"` });
        }
      }
      for (const m of c.text.matchAll(new RegExp(ANNOTATION.source, "g"))) report.annotations.push({ file: name, line: lineAt(m.index), what: m[0] });
    }
  }
  const byLine = (a: Finding, b: Finding): number => (a.file !== b.file ? (a.file < b.file ? -1 : 1) : a.line - b.line);
  report.comments.sort(byLine);
  report.annotations.sort(byLine);
  return report;
}

/** Every .ts file under `dir` (declaration files included), relative to ROOT. */
function tsFilesUnder(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(tsFilesUnder(path));
    else if (name.endsWith(".ts")) out.push(relative(ROOT, path));
  }
  return out;
}

let api: API | undefined;

/** The parsed files of the project `tsconfig` (absolute path), whose paths start with `under`, named relative to `base`. */
function parse(tsconfig: string, under: string, base: string): { name: string; sf: SourceFile }[] {
  if (api === undefined) api = new API({ cwd: ROOT });
  const snapshot = api.updateSnapshot({ openProjects: [tsconfig] });
  const project = snapshot.getProject(tsconfig);
  if (project === undefined) throw new Error(`TypeScript did not open ${tsconfig}`);
  const out: { name: string; sf: SourceFile }[] = [];
  for (const f of project.program.getSourceFileNames()) {
    if (!f.startsWith(under)) continue;
    const sf = project.program.getSourceFile(f);
    if (sf === undefined) throw new Error(`TypeScript has no syntax tree for ${f}`);
    out.push({ name: relative(base, f), sf: sf });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

afterAll(() => {
  if (api !== undefined) api.close();
});

describe("src/ says what the code does; the build decides how", () => {
  let files: { name: string; sf: SourceFile }[] = [];
  let report: Report;

  beforeAll(() => {
    files = parse(join(ROOT, "src", "tsconfig.json"), join(ROOT, "src") + "/", ROOT);
    report = analyse(files);
  });

  it("reads every .ts file under src/", () => {
    expect(files.map((f) => f.name)).toEqual(tsFilesUnder(join(ROOT, "src")));
    expect(files.length).toBeGreaterThan(20);
  });

  it("no build-flag branches: no CELL_BOARDS or LONG_STARTS, no `declare const` flag, no import of a features module", () => {
    expect(report.flags.map(show)).toEqual([]);
  });

  it("no comment speaks of JsVars, lexing, RAM placement, bytes or the interpreter's costs", () => {
    expect(report.comments.map(show)).toEqual([]);
  });

  it("no hand-written @__INLINE__ or @__NOINLINE__ annotations", () => {
    expect(report.annotations.map(show)).toEqual([]);
  });

  it(`at most ${MAX_CASTS} type casts, each with its reason in a comment on its line or the line above`, () => {
    const list = report.casts.map((c) => `${c.file}:${c.line}: ${c.code}${c.reason === null ? "   ← no reason given" : ""}`);
    expect(report.casts.length, `${report.casts.length} casts in src/ (at most ${MAX_CASTS}):\n${list.join("\n")}`).toBeLessThanOrEqual(MAX_CASTS);
    expect(list.filter((c) => c.endsWith("← no reason given"))).toEqual([]);
  });

  it(`the wrap-safe 16-bit time difference is written once: ${WRAP_HELPER.fn} in ${WRAP_HELPER.file}`, () => {
    expect(report.wrapIdiom).toEqual([`${WRAP_HELPER.file}: ${WRAP_HELPER.fn}`]);
    // The debouncer's deadlines and the key events' press times both go through it.
    expect(report.wrapCallers).toEqual(expect.arrayContaining([WRAP_HELPER.file, "src/toy/keyevents.ts"]));
  });
});

describe("each check fails on what it is for, and ordinary words pass", () => {
  const SNIPPETS: Record<string, string> = {
    // Broken: one rule each.
    "flag-identifier.ts": "const CELL_BOARDS = true;\nexport const x = CELL_BOARDS ? 1 : 2;\n",
    "flag-declare.ts": "declare const WIDE_BOARDS: boolean;\nexport const y = WIDE_BOARDS ? 1 : 2;\n",
    "flag-global.ts": "declare global {\n  const LONG_GAMES: boolean;\n}\nexport {};\n",
    "flag-import.ts": 'import { WIDE } from "./features";\nexport const z = WIDE;\n',
    "features.ts": "export const WIDE = true;\n",
    "comment-words.ts": [
      "// Kept in a Uint16Array: each typed-array kind costs ~9 JsVars.",
      "/* Espruino lexes the whole body on every call. */",
      "/** The three loops are pretokenised. */",
      "// Stays in RAM for as long as the toy runs.",
      '// (A function of its own: its "ram" directive would be lost inlined here.)',
      "// The tables are made from the code in flash.",
      "// An empty list as [], which is 17 bytes shorter.",
      "// HIT ME: 12.3 ms of reference-interpreter CPU.",
      "// (The table read here, not through ruleColumn: every call counts on the toy.)",
      "// A third of what the other hint costs on the toy.",
      "// (Skipped when empty: a native call costs a key press some 0.05 M instructions.)",
      "export const w = 1;",
      "",
    ].join("\n"),
    "annotations.ts": "function f(): number {\n  return 1;\n}\nexport const a = /* @__INLINE__ */ f() + /*@__NOINLINE__*/ f();\n",
    "casts.ts": [
      "declare const u: unknown;",
      "export const a = u as number;",
      "// A reason: the parser has already checked that this is a string.",
      "export const b = u as string;",
      "export const c = <number>u;",
      "export const d = (u as number[] | null)!; // the list exists here, as checked above",
      "export let e!: number; // (a trailing comment on the line above gives no reason)",
      "export let g!: number;",
      "export class K {",
      "  h!: number;",
      "  i?: number;",
      "}",
      "export const f = [1, 2] as const;",
      "",
    ].join("\n"),
    "wrap.ts": "export function elapsed(now: number, then: number): number {\n  return ((now - then) << 16) >> 16;\n}\nexport const also = (5 << 16 >> 16);\n",
    // Ordinary: none of these may trip.
    "ordinary.ts": [
      "/**",
      " * Each word's pairs of digits are added into its bytes; the top byte holds digit 6.",
      " * The game as one short line of text for flash storage; an optional flash of the goal.",
      " * Espruino has no Math.clz32 and does not hoist functions; k up to 255 (entries are bytes).",
      " * Branch and bound keeps its tables for at most this many classes (memory). A press costs a move.",
      " * @__PURE__ marks a call without side effects. Framed by the ramp; a paragraph; random.",
      " */",
      'export const re = /\\/\\/ JsVars lexes RAM/;',
      'export const s = "// 17 bytes shorter, lexes, interpreter";',
      "export const t = `/* @__INLINE__ ${re.source} */`;",
      "export const n = (1 << 16) >>> 16;",
      "",
    ].join("\n"),
  };
  let dir = "";
  let report: Report;
  const inFile = (list: Finding[], file: string): string[] => list.filter((f) => f.file === file).map((f) => `${f.line}: ${f.what}`);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "source-rules-"));
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { noEmit: true, strict: true, types: [], lib: ["es5"] }, include: ["./*.ts"] }));
    for (const [name, text] of Object.entries(SNIPPETS)) writeFileSync(join(dir, name), text);
    report = analyse(parse(join(dir, "tsconfig.json"), dir + "/", dir));
  });

  afterAll(() => {
    if (dir !== "") rmSync(dir, { recursive: true, force: true });
  });

  it("finds flag identifiers, ambient flags and the features import", () => {
    expect(inFile(report.flags, "flag-identifier.ts")).toEqual(["1: identifier CELL_BOARDS", "2: identifier CELL_BOARDS"]);
    expect(inFile(report.flags, "flag-declare.ts")).toEqual(["1: ambient variable (a build-time flag): declare const WIDE_BOARDS: boolean;"]);
    expect(inFile(report.flags, "flag-global.ts")).toEqual(["2: ambient variable (a build-time flag): const LONG_GAMES: boolean;"]);
    expect(inFile(report.flags, "flag-import.ts")).toEqual(['1: import of a features module: "./features"']);
  });

  it("finds each way a comment argues with the interpreter, on its line", () => {
    expect(inFile(report.comments, "comment-words.ts")).toEqual([
      '1: JsVars: "JsVars"',
      '2: lexing: "lexes"',
      '3: tokenising: "pretokenised"',
      '4: RAM: "RAM"',
      '5: the "ram" directive: ""ram""',
      '6: code in flash: "code in flash"',
      '7: sizes in bytes: "17 bytes"',
      '8: the interpreter: "interpreter"',
      '9: what code costs on the toy: "every call counts"',
      '10: what code costs on the toy: "costs on the toy"',
      '11: what code costs on the toy: "a native call costs"',
    ]);
  });

  it("finds inlining annotations, spaced or not", () => {
    expect(inFile(report.annotations, "annotations.ts")).toEqual(["4: @__INLINE__", "4: @__NOINLINE__"]);
  });

  it("counts every kind of cast but `as const`, and sees which have a reason", () => {
    const casts = report.casts.filter((c) => c.file === "casts.ts").map((c) => `${c.line}: ${c.code}${c.reason === null ? " (no reason)" : ""}`);
    expect(casts).toEqual([
      "2: u as number (no reason)",
      "4: u as string",
      "5: <number>u (no reason)",
      "6: (u as number[] | null)!",
      "6: u as number[] | null",
      "7: e!: number",
      "8: g!: number (no reason)",
      "10: h!: number; (no reason)",
    ]);
  });

  it("finds the 16-bit wrap idiom with or without its parentheses, and names the function", () => {
    expect(report.wrapIdiom.filter((w) => w.startsWith("wrap.ts"))).toEqual(["wrap.ts: elapsed", "wrap.ts: top level"]);
  });

  it("leaves ordinary words, literals and other shifts alone", () => {
    for (const list of [report.flags, report.comments, report.annotations]) expect(inFile(list, "ordinary.ts")).toEqual([]);
    expect(report.casts.filter((c) => c.file === "ordinary.ts")).toEqual([]);
    expect(report.wrapIdiom.filter((w) => w.startsWith("ordinary.ts"))).toEqual([]);
  });
});

/**
 * Which property names the firmware build shortens (esbuild mangleProps), safe by
 * construction: the members of the object types declared in the sources the firmware bundles —
 * its own types (GameState, Toy, KeyEvents, MaskTables, Effects, …), written as an `interface`
 * or as a `type X = { … }` alike (also `A & { … }`, `{ … } | { … }`) — except any name that is
 * a member of a built-in in the declaration files the firmware is type-checked against (the
 * TypeScript libraries of firmware/tsconfig.json, @types/espruino, firmware/espruino.d.ts,
 * src/toy/espruino-lib.d.ts). So `keys` (Object.keys) and `toggle` (Pin.toggle) keep their names
 * even though MaskTables has such members, and an option key passed to Espruino keeps its
 * name once it is declared. The console API's names, and the keys of what is written to
 * Storage as JSON, are written quoted (firmware/controller.ts, src/toy/midend.ts), and esbuild
 * never renames a quoted name.
 *
 * On Espruino a long property name costs bytes and JsVars for every object that carries it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A token of TypeScript source: an identifier, or one punctuation character. */
interface Token {
  text: string;
  word: boolean;
}

/**
 * The identifiers and punctuation of `source`, without comments, strings and template
 * literals (their contents are dropped; a string is a single "" token). Enough of a lexer for
 * declarations: a `/` is always taken as division (declarations hold no regular expressions,
 * and a regular expression elsewhere can only hide punctuation, never add an `interface`).
 */
export function tokens(source: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (c === "/" && source[i + 1] === "/") {
      while (i < n && source[i] !== "\n") i++;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '"' || c === "'" || c === "`") {
      i++;
      while (i < n && source[i] !== c) i += source[i] === "\\" ? 2 : 1;
      i++;
      out.push({ text: '""', word: false });
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_$]/.test(source[j])) j++;
      out.push({ text: source.slice(i, j), word: true });
      i = j;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      out.push({ text: c, word: false });
      i++;
    }
  }
  return out;
}

const OPEN: Record<string, string> = { "{": "}", "(": ")", "[": "]" };

/**
 * Member names declared in `source`. With `objectTypesOnly`, the members written directly in
 * `interface` bodies and in the object types of `type` aliases (an identifier that starts a
 * member and is followed by `:`, `?`, `(` or `<`; not those of object types nested in a member,
 * a parameter or a value). Otherwise every identifier followed by one of those directly inside braces (an
 * interface, a type literal — such as an options parameter —, a namespace or class body): for
 * the built-ins this errs on the side of too many names, which only means fewer are
 * shortened. (Global functions are not members: a property may share a global's name.)
 * `blocks`, when given, limits that to the top-level interfaces, namespaces and classes of those
 * names and the top-level functions' parameter types: the parts of a large declaration file
 * the firmware reaches.
 */
export function declaredMembers(source: string, objectTypesOnly: boolean, blocks?: Set<string>): string[] {
  const t = tokens(source);
  const names = new Set<string>();
  // The open brackets, each marked whether it is an interface body.
  const stack: { close: string; iface: boolean }[] = [];
  let interfaceNext = false;
  // Inside `type NAME = …` (up to its `;`): the stack depth of the alias, −1 outside one. Its
  // object types (`{ … }` at that depth: `type A = { … }`, `B & { … }`, `{ … } | { … }`) are
  // read as interface bodies.
  let aliasDepth = -1;
  // The name of the top-level declaration being read, and whether it is one of `blocks`.
  let blockName = "";
  let inBlock = true;
  for (let i = 0; i < t.length; i++) {
    const tok = t[i];
    if (tok.word && tok.text === "interface" && t[i + 1]?.word) interfaceNext = true;
    if (tok.word && tok.text === "type" && t[i + 1]?.word && (t[i + 2]?.text === "=" || t[i + 2]?.text === "<") && t[i - 1]?.text !== ".") aliasDepth = stack.length;
    if (aliasDepth === stack.length && !tok.word && tok.text === ";") aliasDepth = -1;
    if (stack.length === 0 && (tok.text === "interface" || tok.text === "namespace" || tok.text === "module" || tok.text === "class")) {
      blockName = t[i + 1]?.text ?? "";
    }
    if (!tok.word && OPEN[tok.text] !== undefined) {
      if (stack.length === 0) inBlock = blocks === undefined || (tok.text === "{" ? blocks.has(blockName) : true);
      stack.push({ close: OPEN[tok.text], iface: tok.text === "{" && (interfaceNext || aliasDepth === stack.length) });
      interfaceNext = false;
      continue;
    }
    if (!tok.word && stack.length > 0 && tok.text === stack[stack.length - 1].close) {
      stack.pop();
      if (aliasDepth > stack.length) aliasDepth = -1;
      if (stack.length === 0) blockName = "";
      continue;
    }
    if (!tok.word || !inBlock) continue;
    const top = stack[stack.length - 1];
    const next = t[i + 1]?.text;
    const prev = t[i - 1]?.text;
    // `a.b:` cannot start a member; neither can a word after `:` (a type) unless a `;` or `{` came first.
    const starts = prev === undefined || prev === "{" || prev === ";" || prev === "," || prev === "}" || prev === "readonly" || prev === "function" || prev === "const" || prev === "var" || prev === "let" || prev === "export" || prev === "declare";
    if (next !== ":" && next !== "?" && next !== "(" && next !== "<") continue;
    if (objectTypesOnly ? starts && top !== undefined && top.iface : top !== undefined && top.close === "}") names.add(tok.text);
  }
  return [...names].sort();
}

/** The declaration files of the built-ins the firmware (under `root`) is type-checked against. */
export function builtinDeclarationFiles(root: string): string[] {
  const tsconfig = readFileSync(join(root, "firmware", "tsconfig.json"), "utf8");
  const libs = JSON.parse(tsconfig.replace(/^\s*\/\/.*$/gm, "")).compilerOptions.lib as string[];
  // TypeScript 7 keeps its library files in its platform package (@typescript/typescript-<os>-<cpu>).
  const scope = join(root, "node_modules", "@typescript");
  const pkg = readdirSync(scope).find((d) => existsSync(join(scope, d, "lib", "lib.es5.d.ts")));
  if (pkg === undefined) throw new Error("mangle: TypeScript's lib.es5.d.ts not found under " + scope);
  const tsLib = join(scope, pkg, "lib");
  return libs
    .map((l) => join(tsLib, `lib.${l.toLowerCase()}.d.ts`))
    .concat([
      join(root, "node_modules", "@types", "espruino", "index.d.ts"),
      join(root, "firmware", "espruino.d.ts"),
      join(root, "src", "toy", "espruino-lib.d.ts"),
    ]);
}

/**
 * What the firmware reaches in @types/espruino besides its global functions: the pins, E, the
 * USB serial port, and the Object augmentation. (Its other modules — Wifi, Bluetooth, Puck… —
 * are not on any board profile's path; firmware/build/build.ts's allowed globals keep it so.)
 */
export const ESPRUINO_BLOCKS = ["Pin", "E", "Serial", "Object"];

/** Every member name of a built-in the firmware reaches, from the declaration files. */
export function builtinMembers(root: string): Set<string> {
  const out = new Set<string>();
  for (const f of builtinDeclarationFiles(root)) {
    const blocks = f.includes(join("@types", "espruino")) ? new Set(ESPRUINO_BLOCKS) : undefined;
    for (const m of declaredMembers(readFileSync(f, "utf8"), false, blocks)) out.add(m);
  }
  return out;
}

/** The property names to shorten for a bundle made of `sources` (TypeScript files). */
export function mangledNames(root: string, sources: string[]): string[] {
  const builtin = builtinMembers(root);
  const names = new Set<string>();
  for (const f of sources) for (const m of declaredMembers(readFileSync(f, "utf8"), true)) if (!builtin.has(m)) names.add(m);
  return [...names].sort();
}

/** esbuild's mangleProps pattern for exactly `names`. */
export function manglePattern(names: string[]): RegExp {
  return new RegExp("^(" + (names.length > 0 ? names.join("|") : "(?!)") + ")$");
}

/**
 * Builds the firmware: type-checks firmware/ + src/ under the Espruino subset, generates the
 * board configuration (pins and the precomputed solver tables) for a profile, bundles
 * everything into ONE minified file with esbuild, and checks the bundle against the subset
 * and the globals the firmware may use.
 *
 *   npm run build                      → dist/firmware.js          (pico-3x3, the default)
 *   npm run build -- --board NAME      → dist/NAME/firmware.js
 *   npm run build -- --all             → every profile in hardware/profiles/
 */
import { parse } from "acorn";
import { build, Plugin } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { hardwareDir, listProfiles, loadProfile } from "../../hardware/validate";
import type { Profile } from "../../hardware/profile";
import { namedTarget } from "../../src/boardstate";
import { gridPuzzle } from "../../src/puzzle";
import { compileTables, emitTables } from "../../src/tables";
import { MANGLED_PROPS } from "./mangle";
import { checkBundle, checkSourceFiles, Finding, formatFinding } from "./subset";
import { readdirSync } from "node:fs";

/** The checkout (found through hardware/, which works from sources, vitest and tsrun bundles alike). */
export const ROOT = dirname(hardwareDir());
export const DEFAULT_PROFILE = "pico-3x3";
/** Size budget of the minified bundle for the default 3×3 profile (issue 3), in bytes. */
export const BUNDLE_BUDGET = 12 * 1024;

/** esbuild flags that turn syntax Espruino cannot run into build errors (ESPRUINO.md). */
export const UNSUPPORTED = {
  destructuring: false,
  "default-argument": false,
  "rest-argument": false,
  "array-spread": false,
  generator: false,
  "async-await": false,
  "class-private-field": false,
  "class-private-method": false,
  "new-target": false,
};

/** Globals the bundle may reference: standard JavaScript plus the Espruino API in firmware/espruino.d.ts. */
const JS_GLOBALS = [
  "Math", "JSON", "String", "Number", "Object", "Array", "Error", "Date", "RegExp", "Boolean", "Function",
  "Int8Array", "Uint8Array", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "Float32Array",
  "Float64Array", "ArrayBuffer", "DataView", "Promise", "parseInt", "parseFloat", "isNaN", "isFinite",
  "undefined", "NaN", "Infinity", "globalThis", "TypeError", "RangeError",
];
const ESPRUINO_GLOBALS = [
  "pinMode", "digitalWrite", "digitalRead", "analogWrite", "setWatch", "clearWatch", "setTimeout",
  "setInterval", "clearTimeout", "clearInterval", "getTime", "setDeepSleep", "console", "E", "process",
  "USB", "require",
];

export function profilePins(p: Profile): string[] {
  const pins = p.keys.rowPins.concat(p.keys.colPins, [p.piezo]);
  pins.push(...(p.leds.drive === "direct" ? p.leds.pins : p.leds.colPins));
  const b = p.buttons ?? {};
  for (const pin of [b.newGame, b.sameGame, b.hitMe, b.compTurn]) if (pin) pins.push(pin);
  return pins;
}

export function allowedGlobals(p: Profile): string[] {
  return JS_GLOBALS.concat(ESPRUINO_GLOBALS, profilePins(p));
}

/** The source of the generated `merlin:config` module for a profile. */
export function configModule(p: Profile): string {
  const puzzle = gridPuzzle({ rows: p.rows, cols: p.cols, pattern: "merlin" });
  const tables = compileTables(puzzle);
  const ring = namedTarget(puzzle, "ring").reduce((m, v, i) => m | (v << i), 0);
  // Pin arrays are emitted last-pin-first: digitalWrite/digitalRead treat the LAST pin as bit 0,
  // so reversing them here lets the firmware use bit i of a mask for row/column/pad i as is.
  const list = (pins: string[]) => "[" + pins.slice().reverse().join(",") + "]";
  const b = p.buttons ?? {};
  const buttons = [b.newGame, b.sameGame, b.hitMe, b.compTurn].map((x) => x ?? "null");
  const leds = p.leds;
  return [
    `export const PROFILE_NAME = ${JSON.stringify(p.name)};`,
    `export const ROWS = ${p.rows};`,
    `export const COLS = ${p.cols};`,
    `export const KEY_ROWS = ${list(p.keys.rowPins)};`,
    `export const KEY_COLS = ${list(p.keys.colPins)};`,
    `export const DIODES = ${p.keys.diodes};`,
    `export const LED_DRIVE = ${JSON.stringify(leds.drive)};`,
    `export const LED_PINS = ${list(leds.drive === "direct" ? leds.pins : leds.colPins)};`,
    `export const LED_ACTIVE_HIGH = ${leds.drive === "direct" ? leds.activeHigh : false};`,
    `export const PIEZO = ${p.piezo};`,
    `export const BUTTONS = [${buttons.join(",")}];`,
    `export const CONSOLE_PASSWORD = ${p.consolePassword ? JSON.stringify(p.consolePassword) : "null"};`,
    `export const CONSOLE_MOVED = ${!!p.consoleMoved};`,
    `export const DEEP_SLEEP = ${p.chip === "stm32"};`,
    `export const TABLES = ${emitTables(tables)};`,
    `export const TARGET = ${ring};`,
  ].join("\n");
}

function configPlugin(p: Profile): Plugin {
  return {
    name: "merlin-config",
    setup(b) {
      b.onResolve({ filter: /^merlin:config$/ }, () => ({ path: "merlin:config", namespace: "merlin-config" }));
      b.onLoad({ filter: /.*/, namespace: "merlin-config" }, () => ({
        contents: configModule(p),
        loader: "js",
        resolveDir: ROOT,
      }));
    },
  };
}

export function outputPath(name: string): string {
  return name === DEFAULT_PROFILE ? join(ROOT, "dist", "firmware.js") : join(ROOT, "dist", name, "firmware.js");
}

export interface BuildResult {
  profile: string;
  file: string;
  bytes: number;
  findings: Finding[];
}

/** Bundles the firmware for one profile; throws with file:line on syntax Espruino lacks. */
export async function buildFirmware(p: Profile): Promise<BuildResult> {
  const result = await build({
    entryPoints: [join(ROOT, "firmware", "main.ts")],
    bundle: true,
    write: false,
    // CommonJS output inside our own function wrapper: esbuild's iife format would wrap
    // require("Storage") in a shim that uses Proxy, which Espruino lacks; as CommonJS it stays
    // a plain call to Espruino's built-in require, and the wrapper keeps every name local.
    format: "cjs",
    banner: { js: "(function(){" },
    footer: { js: "})();" },
    target: "es2015",
    minify: true,
    legalComments: "none",
    supported: UNSUPPORTED,
    mangleProps: MANGLED_PROPS,
    plugins: [configPlugin(p)],
    // Espruino built-in modules stay runtime require() calls.
    external: ["Storage"],
    logLevel: "silent",
  });
  const code = inlineConstants(result.outputFiles[0].text);
  const file = outputPath(p.name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, code);
  return { profile: p.name, file, bytes: Buffer.byteLength(code), findings: checkBundle(code, allowedGlobals(p)) };
}

// ---- Constant inlining ----------------------------------------------------------------

/*
 * A bundle pass after esbuild: top-level `var NAME = <number or !0/!1>` that is never assigned
 * is replaced by its value wherever it is read, and the declaration dropped. esbuild inlines
 * such constants only inside their own module; an exported one (PLAYING, EV_PRESS, CUE_WIN, a
 * board size from merlin:config) stays a variable, and on Espruino every top-level variable
 * costs JsVars for as long as the toy runs.
 *
 * Conservative by construction: a name assigned anywhere, or declared by let/const/catch inside
 * the wrapper's blocks, is left alone; a read inside a function that declares the same name
 * anywhere (a minified local reusing it) keeps the variable, and then its declaration stays.
 */
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
      const isNumber = init.type === "Literal" && typeof init.value === "number";
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
        (parent.type === "Property" && parent.key === n && !parent.computed && !parent.shorthand);
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

/** Every TypeScript file the firmware may bundle: firmware/*.ts and src/**.ts. */
export function firmwareSources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== "build") walk(path);
      } else if (e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) out.push(path);
    }
  };
  walk(join(ROOT, "firmware"));
  walk(join(ROOT, "src"));
  return out.sort();
}

/** The Espruino subset check on the sources, so a finding names the TypeScript file and line. */
function checkSources(): void {
  const findings = checkSourceFiles(firmwareSources());
  for (const f of findings) process.stderr.write(`build: ${formatFinding({ ...f, file: relative(ROOT, f.file) })}\n`);
  if (findings.length > 0) throw new Error(`${findings.length} construct(s) Espruino cannot run (see above)`);
}

function typecheck(): void {
  const tsc = join(ROOT, "node_modules", ".bin", "tsc");
  const r = spawnSync(tsc, ["-p", join(ROOT, "firmware", "tsconfig.json")], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("firmware type check failed (tsc -p firmware/tsconfig.json)");
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help")) {
    process.stdout.write(
      "usage: npm run build [-- --board NAME | --all]\n" +
        `Bundles the firmware into dist/firmware.js (${DEFAULT_PROFILE}) or dist/NAME/firmware.js.\n` +
        `profiles: ${listProfiles().join(", ")}\n`,
    );
    return 0;
  }
  let names: string[];
  const i = argv.indexOf("--board");
  if (argv.includes("--all")) names = listProfiles();
  else if (i >= 0) {
    if (!argv[i + 1]) {
      process.stderr.write(`build: --board needs a profile name (${listProfiles().join(", ")})\n`);
      return 2;
    }
    names = [argv[i + 1]];
  } else names = [DEFAULT_PROFILE];
  let profiles: Profile[];
  try {
    profiles = names.map((n) => loadProfile(n));
  } catch (e) {
    process.stderr.write(`build: ${(e as Error).message}\n`);
    return 2;
  }
  try {
    typecheck();
    checkSources();
  } catch (e) {
    process.stderr.write(`build: ${(e as Error).message}\n`);
    return 1;
  }
  let failed = false;
  for (const p of profiles) {
    let r: BuildResult;
    try {
      r = await buildFirmware(p);
    } catch (e) {
      const errors = (e as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors;
      if (!errors) throw e;
      for (const m of errors) {
        const where = m.location ? `${m.location.file}:${m.location.line}:${m.location.column}: ` : "";
        process.stderr.write(`build (${p.name}): ${where}${m.text}\n`);
      }
      failed = true;
      continue;
    }
    for (const f of r.findings) process.stderr.write(`build (${p.name}): bundle line ${f.line}: ${f.rule}: ${f.message}\n`);
    if (r.findings.length > 0) failed = true;
    process.stdout.write(`${relative(ROOT, r.file)}  ${r.bytes} bytes  (${p.name})\n`);
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && process.argv[1].endsWith("build.ts")) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}

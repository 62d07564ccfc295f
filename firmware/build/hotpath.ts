/**
 * How the firmware build decides what the sources do not say: which calls terser must never
 * inline, which it must, and which functions stay functions of their own, from a measurement of
 * what a player's actions run. Nothing here names a function of the firmware: the decisions
 * follow the code as it is.
 *
 * 1. The program: esbuild's bundle (build.ts esbuildBundle: every name as in the sources, but
 *    for parameters renamed to be their own: unique-names.ts) is read into its functions and
 *    the direct calls between top-level functions, each name resolved by scopes.ts (analyse).
 * 2. The measurement: a copy with a counter at the start of every function body (instrument)
 *    runs on the simulator's virtual board (sim/), through a fixed
 *    script of what a player does (playScript): boot, pad taps through the key matrix and key
 *    presses through the console, HIT ME, COMP TURN, undo (and redo where the console has it),
 *    a won game, each of the board's games played to a win, a hold, sleep and wake. The board's
 *    clock is virtual and its random numbers seeded: the same sources give the same counts,
 *    hence the same bundle (nothing is timed).
 * 3. The decisions (decide), from the counts of the player's actions — a key press (the
 *    millisecond of a tap that runs the most: the scan that finds the key, the move, the LEDs;
 *    and a press through the console, as `npm run speed` times it), HIT ME and COMP TURN; boot,
 *    the scans while a key is held and the rest are not actions a player waits on:
 *    - hot: the functions those actions run;
 *    - cold: a top-level function that a hot function calls but that the actions run too
 *      rarely for its size to be worth lexing in the caller (CALL_BYTES; never, for error
 *      paths), and is not tiny (COLD_MIN_BYTES): each of its calls gets `@__NOINLINE__`, so
 *      terser does not paste its body into the hot caller, where every call of the caller
 *      would lex it (Espruino lexes a function's whole body, skipped branches included);
 *    - inline: a function only ever called (never passed as a value), not recursive, not
 *      cold, called from one place or whose copies at its calls add little
 *      (INLINE_GROWTH_BYTES) gets `@__INLINE__` at each call: it no longer costs a function
 *      object for as long as the toy runs;
 *    - kept: terser inlines a function it cannot dissolve into its caller as a function
 *      expression called where the call stood, which Espruino makes afresh every time it runs
 *      (a function object, its body lexed to find its end). On terser's output (build.ts
 *      placedBundle) the hot functions so made in place (madeInPlace) are ranked by what that
 *      making costs the actions, as a share of each action's speed bar, per JsVar that a
 *      function of their own costs (keptChoice), and kept functions of their own in that order
 *      while they fit the profile's allowance (speedAllowance).
 *    Terser inlines the rest as it likes; a function expression with a one-expression body
 *    that it leaves in place is dissolved after it (after-terser.ts dissolveInPlace).
 *    Nothing is kept in RAM: every supported board maps its flash into memory, where the
 *    interpreter reads code in place (docs/firmware.md).
 * 4. Annotations, where the measurement cannot decide: a JSDoc tag on a top-level function
 *    declaration in the firmware's sources. `@cold`: never inlined into its callers. `@kept`:
 *    a function of its own whatever the allowance, never inlined or made in place — for a
 *    function a key press runs in a Storage module, which the measuring script does not count
 *    (it plays the core with the modules as they are built: build.ts gameBundles); it costs
 *    its JsVars (functionCost) whenever its module is loaded, which the memory budget judges.
 *    A tag that is not on a top-level function declaration, a tagged function no profile's
 *    bundle or Storage module has, and a `@cold` function the bundle never calls fail the
 *    build, naming it.
 *
 * `npm run build -- --explain` prints the decisions per profile (explain).
 */
import { parse } from "acorn";
import { transformSync } from "esbuild";
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import type { Profile } from "../../hardware/profile";
import { createVirtualBoard } from "../../sim/node/host";
import { nextRandom, seedRandom } from "../../src/toy/rng";
import { pretokenise } from "./pretokenise";
import { AstNode, Binding, buildScopes, children, FUNCTION_TYPES, forEachName, Scopes } from "./scopes";

// ---- the program ------------------------------------------------------------------------

type Node = AstNode;

export interface FnInfo {
  index: number;
  /** Its name in the bundle: a declaration's, or where an expression is put (`api.press`, `games.hint`), or `(anonymous in NAME)`. */
  name: string;
  /** A top-level function declaration. */
  declared: boolean;
  /** A function declaration, at any depth (callable by its name, which calls resolve to). */
  declaration: boolean;
  start: number;
  end: number;
  /** Block body: just after its `{` and its directives; expression body: the expression's start. */
  at: number;
  /** The expression body's end, null for a block body. */
  expressionEnd: number | null;
  /** The directive strings at the start of its block body ("ram", …). */
  directives: string[];
  /** The enclosing function (−1: none, the bundle's wrapper itself). */
  parent: number;
  /** The top-level function it is in (itself when top-level). */
  unit: number;
  /** Its size in the flashed image (minified and pretokenised), estimated on its own. */
  bytes: number;
  /** The names it declares for itself: parameters, variables, nested declarations. */
  names: string[];
  /** How many parameters it takes. */
  params: number;
}

export interface CallSite {
  /** The called function declaration. */
  callee: number;
  /** The function the call is written in (−1: the wrapper's own code). */
  caller: number;
  /** Where the call expression starts (its callee's name). */
  at: number;
}

export interface Program {
  code: string;
  fns: FnInfo[];
  calls: CallSite[];
  /** How many times each function declaration's name is read (its calls included), by function index. */
  references: Map<number, number>;
  /** The wrapper function (esbuild's banner): its direct children are the top-level functions. */
  wrapper: number;
}

function keyName(n: Node | undefined): string | undefined {
  if (!n) return undefined;
  if (n.type === "Identifier") return n.name;
  if (n.type === "Literal") return String(n.value);
  return undefined;
}

/**
 * The image bytes of `fnText` (a function's source) minified on its own, the names of `topLevel`
 * (the bundle's top-level declarations, which terser renames too) counted as 2 characters:
 * an estimate of its size in the flashed image.
 */
function imageBytes(fnText: string, declaration: boolean, topLevel: Set<string>): number {
  const prefix = declaration ? "" : "x=";
  let min: string;
  try {
    min = transformSync(prefix + fnText, { minify: true, loader: "js", target: "es2015", logLevel: "silent" }).code.trim();
  } catch {
    min = fnText;
  }
  if (!declaration && min.startsWith(prefix)) min = min.slice(prefix.length);
  min = min.replace(/(?<![\w$.])[A-Za-z_$][\w$]{2,}(?![\w$])/g, (w) => (topLevel.has(w) ? "zz" : w));
  try {
    return pretokenise(min.replace(/[^\x00-\x7f]/g, "?")).length;
  } catch {
    return min.length;
  }
}

/**
 * The names function `fn` declares for itself (scopes.ts): parameters, var/let/const, nested
 * declarations, catch parameters (outside nested functions); without `var`s when `vars` is
 * false (terser declares the variables of what it inlines with `var`).
 */
function ownNames(scopes: Scopes, fn: Node, vars = true): Set<string> {
  const names = new Set<string>();
  for (const b of scopes.bindings) if (b.fn === fn && (vars || b.kind !== "var")) names.add(b.name);
  return names;
}

/** Child nodes in source order. */
function kids(n: Node): Node[] {
  return children(n).map((c) => c.child);
}

/**
 * The functions and calls of a bundle made by build.ts esbuildBundle: one wrapper
 * function (`(function(){…})();`) holding the top-level declarations.
 */
export function analyse(code: string): Program {
  const ast = parse(code, { ecmaVersion: 2020, sourceType: "script" }) as unknown as Node;
  const scopes = buildScopes(ast);
  const bindingOf = new Map<Node, Binding | null>();
  forEachName(ast, scopes, (id, b) => bindingOf.set(id, b));
  const fns: FnInfo[] = [];
  const fnNodes: Node[] = [];
  const pendingCalls: { callee: Node; at: number; chain: number[] }[] = [];
  const pendingRefs: Node[] = [];

  const walk = (n: Node, ancestors: Node[], chain: number[]) => {
    if (FUNCTION_TYPES.has(n.type)) {
      const parentNode = ancestors[ancestors.length - 1];
      const grand = ancestors[ancestors.length - 2];
      let name = n.id?.name as string | undefined;
      if (!name && parentNode?.type === "Property") {
        const owner = grand?.type === "ObjectExpression" ? ancestors[ancestors.length - 3] : undefined;
        const ownerName = owner?.type === "VariableDeclarator" ? keyName(owner.id) : undefined;
        name = (ownerName ? ownerName + "." : "") + (keyName(parentNode.key) ?? "(computed)");
      }
      if (!name && parentNode?.type === "MethodDefinition") {
        const cls = ancestors[ancestors.length - 3];
        name = (cls?.id ? cls.id.name + "." : "") + (keyName(parentNode.key) ?? "(computed)");
      }
      if (!name && parentNode?.type === "VariableDeclarator") name = keyName(parentNode.id);
      if (!name && parentNode?.type === "AssignmentExpression" && parentNode.left.type === "MemberExpression") {
        name = code.slice(parentNode.left.start, parentNode.left.end).replace(/\s+/g, "");
      }
      const block = n.body.type === "BlockStatement";
      const body = block ? (n.body.body as Node[]) : [];
      const directives: string[] = [];
      let at = block ? n.body.start + 1 : n.body.start;
      for (const s of body) {
        if (s.type !== "ExpressionStatement" || typeof s.directive !== "string") break;
        directives.push(s.directive);
        at = s.end;
      }
      const index = fns.length;
      const parent = chain.length > 0 ? chain[chain.length - 1] : -1;
      fns.push({
        index,
        name: name ?? (parent <= 0 ? "(anonymous)" : fns[parent].name.startsWith("(anonymous") ? fns[parent].name : `(anonymous in ${fns[parent].name})`),
        declared: n.type === "FunctionDeclaration" && parent === 0,
        declaration: n.type === "FunctionDeclaration",
        start: n.start,
        end: n.end,
        at,
        expressionEnd: block ? null : n.body.end,
        directives,
        parent,
        unit: parent <= 0 ? index : fns[parent].unit,
        bytes: 0,
        names: [],
        params: n.params.length,
      });
      fnNodes.push(n);
      fns[index].names = [...ownNames(scopes, n)];
      const next = chain.concat(index);
      for (const c of kids(n)) walk(c, ancestors.concat(n), next);
      return;
    }
    if (n.type === "CallExpression" && n.callee.type === "Identifier") pendingCalls.push({ callee: n.callee, at: n.start, chain });
    if (n.type === "Identifier" && isReference(n, ancestors[ancestors.length - 1])) pendingRefs.push(n);
    for (const c of kids(n)) walk(c, ancestors.concat(n), chain);
  };
  walk(ast, [], []);
  if (fns.length === 0) throw new Error("hotpath: the bundle has no function");

  // Sizes: each function minified and pretokenised on its own.
  const topNames = new Set<string>();
  const wrapperBody = fnNodes[0].body.type === "BlockStatement" ? (fnNodes[0].body.body as Node[]) : [];
  for (const st of wrapperBody) {
    if (st.type === "FunctionDeclaration") topNames.add(st.id.name);
    if (st.type === "VariableDeclaration") for (const d of st.declarations as Node[]) if (d.id.type === "Identifier") topNames.add(d.id.name);
  }
  for (const f of fns) f.bytes = imageBytes(code.slice(f.start, f.end), fnNodes[f.index].type === "FunctionDeclaration", topNames);

  // Calls and reads of function declarations are kept, each name resolved by its scope.
  const indexOf = new Map<Node, number>();
  fnNodes.forEach((n, i) => indexOf.set(n, i));
  const declared = (id: Node): number | undefined => {
    const callable = bindingOf.get(id)?.callable;
    return callable && callable.type === "FunctionDeclaration" ? indexOf.get(callable) : undefined;
  };
  const calls: CallSite[] = [];
  for (const c of pendingCalls) {
    const callee = declared(c.callee);
    if (callee !== undefined) calls.push({ callee, caller: c.chain.length > 1 ? c.chain[c.chain.length - 1] : -1, at: c.at });
  }
  const references = new Map<number, number>();
  for (const r of pendingRefs) {
    const fn = declared(r);
    if (fn !== undefined) references.set(fn, (references.get(fn) ?? 0) + 1);
  }
  return { code, fns, calls, references, wrapper: 0 };
}

/**
 * The functions of `prog` that terser's output `squeezed` (compressed, names not yet shortened)
 * has as a function expression called where it stands, `((a, b) => {…})(x, y)`: inlined, but
 * not dissolved into its caller (terser does that only for a body it can make one expression).
 * Each is told by a name it declares that no other function does: its parameters' are their own
 * (unique-names.ts); the `var`s terser adds for what it inlined into it are not its own. The
 * bundle's wrapper is left out. `unknown`: such expressions that declare no name of their own,
 * as text.
 */
export function madeInPlace(prog: Program, squeezed: string): { fns: number[]; unknown: string[] } {
  const owners = new Map<string, number[]>();
  for (const f of prog.fns) for (const name of f.names) owners.set(name, (owners.get(name) ?? []).concat(f.index));
  const owner = new Map<string, number>();
  for (const [name, fns] of owners) if (fns.length === 1) owner.set(name, fns[0]);
  const found = new Set<number>();
  const unknown: string[] = [];
  const ast = parse(squeezed, { ecmaVersion: 2020, sourceType: "script" }) as unknown as Node;
  const scopes = buildScopes(ast);
  let outermost = true;
  const visit = (n: Node) => {
    if (n.type === "CallExpression" && FUNCTION_TYPES.has(n.callee.type)) {
      if (outermost) outermost = false;
      else {
        const fn = [...ownNames(scopes, n.callee, false)].map((name) => owner.get(name)).find((i) => i !== undefined);
        if (fn === undefined) unknown.push(squeezed.slice(n.start, Math.min(n.end, n.start + 80)));
        else if (fn !== prog.wrapper) found.add(fn);
      }
    }
    kids(n).forEach(visit);
  };
  visit(ast);
  return { fns: [...found].sort((a, b) => a - b), unknown };
}

/** Whether Identifier `n` (child of `parent`) reads a variable: not a declared name, a member's or key's name, or a label. */
function isReference(n: Node, parent: Node | undefined): boolean {
  if (!parent) return true;
  switch (parent.type) {
    case "MemberExpression":
      return parent.object === n || parent.computed;
    case "Property":
    case "MethodDefinition":
      return parent.value === n || parent.computed;
    case "FunctionDeclaration":
    case "FunctionExpression":
    case "ArrowFunctionExpression":
      return parent.body === n;
    case "VariableDeclarator":
      return parent.init === n;
    case "LabeledStatement":
    case "BreakStatement":
    case "ContinueStatement":
    case "CatchClause":
      return false;
    default:
      return true;
  }
}

/**
 * The bundle with a counter at the start of every function body (`__H[i]++`; an expression
 * body becomes `(__H[i]++,expr)`), after any directives; `counter` names the global array
 * (one per program where several run together: the core and its Storage modules).
 */
export function instrument(prog: Program, counter = "__H"): string {
  const edits: { pos: number; text: string; order: number }[] = [];
  const n = prog.fns.length;
  for (const f of prog.fns) {
    if (f.expressionEnd === null) {
      edits.push({ pos: f.at, text: `${counter}[${f.index}]++;`, order: 1 });
    } else {
      edits.push({ pos: f.at, text: `(${counter}[${f.index}]++,`, order: 1 });
      edits.push({ pos: f.expressionEnd, text: ")", order: 0 });
    }
  }
  // From the end, so earlier positions stay valid; at one position, closing before opening.
  edits.sort((a, b) => b.pos - a.pos || a.order - b.order);
  let out = prog.code;
  for (const e of edits) out = out.slice(0, e.pos) + e.text + out.slice(e.pos);
  // Without its whitespace, so that it fits the virtual board's flash as the firmware does.
  // (Counting from where it was: a Storage module is run again each time it is read.)
  return transformSync(`globalThis.${counter}=globalThis.${counter}||new Array(${n}).fill(0);` + out, { minifyWhitespace: true, loader: "js", logLevel: "silent" }).code;
}

// ---- the measurement ----------------------------------------------------------------------

/** What the script counts separately: the player's actions, and the rest. */
export const SEGMENTS = ["boot", "press", "hint", "comp", "held", "other"] as const;
export type Segment = (typeof SEGMENTS)[number];
/** The segments that are a player's actions (what a player waits on). */
export const ACTIONS = ["press", "hint", "comp"] as const;

export interface Measured {
  /** Per segment: how many actions it had, and each function's count of runs over them. */
  segments: Record<Segment, { actions: number; counts: number[] }>;
}

/** What a program the measuring script does not run measures: nothing, in every segment (a Storage module's decisions are then its size-based inlining alone). */
export function unmeasured(prog: Program): Measured {
  const segments = {} as Measured["segments"];
  for (const s of SEGMENTS) segments[s] = { actions: 0, counts: new Array(prog.fns.length).fill(0) };
  return { segments };
}

/**
 * Console calls the script needs: the build fails naming any the firmware's `Merlin` lacks.
 * (It also uses `start`, `redo` and `setIdle` where the console has them.)
 */
export const SCRIPT_CALLS = ["press", "state", "newGame", "setRules", "hint", "undo"];


/** Taps and console presses between HIT MEs, and rounds of play, of the script. */
const SCRIPT = { rounds: 6, tapsPerRound: 8, consolePressesPerRound: 8, hintsPerRound: 2, compTurnsPerRound: 2 };

/**
 * Runs the instrumented bundle `code` of profile `p` on the virtual board through the
 * player's script, `games` the names of the board's games (build.ts toyGameSpecs), and
 * returns the counts per segment. Throws when the firmware reports an error, or its console
 * lacks a call the script makes.
 */
export function playScript(p: Profile, code: string, counters: number, games: string[], cueText: string, files: Record<string, string> = {}): Measured {
  const board = createVirtualBoard({
    seed: 1, profile: p, code: `var CUE_TEXT=${JSON.stringify(cueText)};` + code, codeName: "firmware.js", bootTimeoutMs: 120_000, storageBytes: 1 << 20, files,
  });
  const segments = {} as Measured["segments"];
  for (const s of SEGMENTS) segments[s] = { actions: 0, counts: new Array(counters).fill(0) };
  const snapshot = () => board.eval("__H.slice()") as number[];
  let last = new Array(counters).fill(0);
  /** Everything counted since the last call goes to segment `s`, as `actions` more actions. */
  const close = (s: Segment, actions: number) => {
    const now = snapshot();
    const seg = segments[s];
    for (let i = 0; i < counters; i++) seg.counts[i] += now[i] - last[i];
    seg.actions += actions;
    last = now;
  };
  const check = (what: string) => {
    const errors = board.errors;
    const logged = board.consoleText().split("\n").filter((l) => /error/i.test(l));
    if (errors.length > 0 || logged.length > 0) {
      throw new Error(`hotpath: the firmware failed during ${what} of the measuring script: ${errors.length > 0 ? errors[0].message : logged[0]}`);
    }
  };
  /** A console call; one the toy refuses (it throws its one line: nothing to undo, …) returns undefined. */
  const call = (expr: string) => board.eval(`(function(){try{return ${expr}}catch(e){return undefined}})()`);
  /** Whether the game goes on (a state without a status counts as playing). */
  const playing = () => {
    const st = (call('Merlin["state"]()') as { status?: string }).status;
    return st !== "won" && st !== "lost";
  };
  const pads = p.rows * p.cols;
  // The toy's own generator, seeded: the same pads every build.
  let random = seedRandom(7, 0);
  const pad = () => {
    random = nextRandom(random);
    return (random >>> 0) % pads;
  };

  board.clock.advance(1500);
  check("boot");
  const missing = SCRIPT_CALLS.filter((m) => call(`typeof Merlin[${JSON.stringify(m)}]`) !== "function");
  if (missing.length > 0) throw new Error(`hotpath: the firmware's console has no Merlin.${missing.join(", Merlin.")}, which the measuring script calls`);
  const has = (m: string) => call(`typeof Merlin[${JSON.stringify(m)}]`) === "function";
  const hasRedo = has("redo");
  close("boot", 0);

  /**
   * A tap of pad k, 80 ms. The key press is the millisecond of it that runs the most
   * functions: the scan that finds the key down for long enough, the move, the LEDs, the cue.
   * The scans before it (the debounce), those while the key is held and its release are
   * "held": they run while the player waits for nothing.
   */
  const tap = (k: number) => {
    close("other", 0);
    board.press(k);
    let best = -1;
    let bestRun = 0;
    let before = snapshot();
    const steps: number[][] = [];
    for (let ms = 0; ms < 16; ms++) {
      board.clock.advance(1);
      const now = snapshot();
      const step = now.map((c, i) => c - before[i]);
      steps.push(step);
      let run = 0;
      for (let i = 0; i < counters; i++) if (step[i] > 0) run++;
      if (run > bestRun) {
        best = ms;
        bestRun = run;
      }
      before = now;
    }
    const press = segments.press;
    const held = segments.held;
    for (let ms = 0; ms < steps.length; ms++) {
      const seg = ms === best ? press : held;
      for (let i = 0; i < counters; i++) seg.counts[i] += steps[ms][i];
    }
    press.actions++;
    last = before;
    board.clock.advance(64);
    board.release(k);
    board.clock.advance(120);
    close("held", 0);
  };
  /** One round of play: pad taps through the key matrix, presses through the console, HIT ME and COMP TURN. */
  const round = (r: number) => {
    for (let i = 0; i < SCRIPT.tapsPerRound; i++) tap(pad());
    for (let i = 0; i < SCRIPT.consolePressesPerRound; i++) call(`Merlin["press"](${1 + pad()})`);
    close("press", SCRIPT.consolePressesPerRound);
    for (let i = 0; i < SCRIPT.hintsPerRound; i++) {
      const k = call('Merlin["hint"]()') as number;
      close("hint", 1);
      // The player follows the hint.
      if (k > 0 && k <= pads) tap(k - 1);
      board.clock.advance(1200);
      close("other", 0);
    }
    for (let i = 0; i < SCRIPT.compTurnsPerRound && playing(); i++) {
      close("other", 0);
      call(`Merlin["press"](${pads + 4})`);
      close("comp", 1);
    }
    call('Merlin["undo"]()');
    if (hasRedo) call('Merlin["redo"]()');
    if (r % 2 === 1) call(`Merlin["newGame"](${r})`);
    board.clock.advance(1200);
    close("other", 0);
  };
  /** COMP TURN until the game is won (at most `limit` presses), then a tap that starts the next. */
  const win = (limit: number) => {
    for (let i = 0; i < limit && playing(); i++) {
      close("other", 0);
      call(`Merlin["press"](${pads + 4})`);
      close("comp", 1);
    }
    board.clock.advance(1500);
    tap(pad());
    board.clock.advance(1500);
    close("other", 0);
  };

  call('Merlin["newGame"](7)');
  close("other", 0);
  for (let r = 0; r < SCRIPT.rounds; r++) round(r);
  check("play");
  if (pads === 9 && has("start")) call('Merlin["start"]("010110101")');
  else call('Merlin["newGame"](3)');
  close("other", 0);
  win(pads + 4);
  check("a won game");
  for (const g of games) {
    call(`Merlin["setRules"](${JSON.stringify(g)})`);
    call('Merlin["newGame"](7)');
    close("other", 0);
    for (let r = 0; r < 2; r++) round(r);
    win(2 * pads);
    check(`game ${g}`);
  }
  // A hold (GOAL on pad 8), then sleep and a tap that wakes the toy.
  board.press(Math.min(7, pads - 1));
  board.clock.advance(1700);
  board.release(Math.min(7, pads - 1));
  board.clock.advance(1500);
  if (has("setIdle")) {
    call('Merlin["setIdle"](10000)');
    board.clock.advance(12000);
  }
  tap(pad());
  board.clock.advance(1500);
  close("other", 0);
  check("hold, sleep and wake");
  return { segments };
}

// ---- the decisions ------------------------------------------------------------------------

/**
 * JsVars each profile's build may spend to make the player's actions faster (placedBundle in
 * build.ts: functions kept as functions rather than made in place): 19 on boards with direct
 * LEDs (the 3×3s, whose budget of 1 200 JsVars holds the core and the game played, the core
 * bringing Merlin's six games, with a few JsVars to spare: 19 keeps the three functions worth
 * the most — the third, the save's scheduling, some 0.1 M instructions of a key press that
 * changes the game — and the fourth, the key events' update, would take 7 more, which would
 * leave Magic Square after a game on mdbt42q-3x3 5 from its bar (1 188 of 1 200:
 * docs/measurements/device-memory.md), 120 on
 * pixel boards (1 700). A few percent of the budget, spent where the actions gain the most per
 * JsVar.
 */
export function speedAllowance(p: Profile): number {
  return p.leds.drive === "neopixel" ? 120 : 19;
}

/**
 * The speed budgets, in ms of interpreter CPU with the flashed image's code in RAM (the
 * interpreter's own work; a Pico reads its flash memory-mapped): a key press to its LEDs on
 * every board (in each of Merlin's games too), HIT ME on a 3×3 board, HIT ME in a colour game
 * (k > 2 states) of a 5×5 board, and choosing one of Merlin's games (its Storage module read and
 * run). A player perceives ~100 ms; ×45 (the slow end of speed.ts PICO_FACTOR) keeps each well
 * under it but choosing a game, which a player waits for once, after NEW GAME and a number.
 */
export const SPEED_BUDGETS = { press: 0.5, hint3x3: 1.5, colourHint5x5: 5, choose: 10 };

/**
 * The bar (ms) of each action on profile `p`: a key press's; HIT ME's and COMP TURN's, the
 * 5×5's colour games' where the board is 5×5, else the 3×3's.
 */
export function actionBars(p: Profile): Record<(typeof ACTIONS)[number], number> {
  const hint = p.rows === 5 && p.cols === 5 ? SPEED_BUDGETS.colourHint5x5 : SPEED_BUDGETS.hint3x3;
  return { press: SPEED_BUDGETS.press, hint, comp: hint };
}

/**
 * JsVars a function of its own costs for as long as the toy runs: 4, and 1 per parameter
 * (measured on the reference build with E.getSizeOf: its name, the function, its code and its
 * scope, and a name per parameter).
 */
export function functionCost(f: FnInfo): number {
  return 4 + f.params;
}

/**
 * A call costs the interpreter about as much as lexing this many bytes of code (the reference
 * build, code in RAM: ~8 µs a call, ~0.02 µs a byte; docs/espruino.md). Inlined into its caller,
 * a function of b bytes is lexed on every call of the caller; kept a function of its own, it
 * is lexed on its own calls only, each of which costs a call more. So it is cold — kept out of
 * its hot callers — when it runs on fewer than b / (CALL_BYTES + b) of their calls (never,
 * for error paths).
 */
export const CALL_BYTES = 400;
/** Smaller functions are never cold: inlined, they add little to lex, and each function of its own costs JsVars (functionCost). */
export const COLD_MIN_BYTES = 40;
/**
 * A function whose name is only ever called (never passed as a value), from one place or with
 * copies at its call sites that would add at most this many bytes to the image, is inlined at
 * every call site (`@__INLINE__`): it no longer exists as a function (functionCost, for as long
 * as the toy runs; measured on pico-3x3 with the games as Storage modules: 59 JsVars fewer after
 * boot) and its calls cost no call.
 */
export const INLINE_GROWTH_BYTES = 100;

export interface ColdChoice {
  name: string;
  fn: number;
  bytes: number;
  /** Its calls during the actions, and those of its hot callers. */
  calls: number;
  callerCalls: number;
  callers: string[];
  tagged: boolean;
}

export interface InlineChoice {
  name: string;
  fn: number;
  bytes: number;
  sites: number;
}

export interface Decisions {
  profile: string;
  allowance: number;
  /** Per action, the functions those actions run: name → calls per action. */
  hot: { name: string; fn: number; perAction: Partial<Record<Segment, number>> }[];
  cold: ColdChoice[];
  inline: InlineChoice[];
  /**
   * Functions the actions run that terser would leave as a function expression called in place
   * (madeInPlace), kept functions of their own within the allowance, best first (build.ts
   * placedBundle); and those that did not fit.
   */
  kept: KeptChoice[];
  leftOut: KeptChoice[];
}

export interface KeptChoice {
  name: string;
  fn: number;
  bytes: number;
  /** JsVars it costs as a function of its own (functionCost). */
  cost: number;
  /** Its runs per action. */
  perAction: Partial<Record<Segment, number>>;
  /**
   * What making it in place costs the actions, per JsVar that keeping it costs: for each
   * action, its runs × (CALL_BYTES + its bytes) — making a function object costs at least a
   * call, and its body is lexed to find its end — as a share of the action's bar
   * (actionBars), summed; divided by cost.
   */
  density: number;
  /** Kept by its `@kept` tag, not by the measurement. */
  tagged?: boolean;
}

/** A candidate for KeptChoice: function `fn` of `prog`, run `perAction` times per action, with the actions' `bars`. */
export function keptChoice(prog: Program, fn: number, perAction: Partial<Record<Segment, number>>, bars: Record<(typeof ACTIONS)[number], number>): KeptChoice {
  const f = prog.fns[fn];
  const weighed = ACTIONS.reduce((s, a) => s + (perAction[a] ?? 0) / bars[a], 0);
  const cost = functionCost(f);
  return { name: f.name, fn, bytes: f.bytes, cost, perAction, density: (weighed * (CALL_BYTES + f.bytes)) / cost };
}

export interface Tags {
  cold: Set<string>;
  kept: Set<string>;
}

/** No tags. */
export function noTags(): Tags {
  return { cold: new Set(), kept: new Set() };
}

/** The decisions for profile `p` from the measured counts (and the tags, by bundle name). */
export function decide(p: Profile, prog: Program, m: Measured, tags: Tags = noTags()): Decisions {
  const inActions = (i: number) => ACTIONS.reduce((s, a) => s + m.segments[a].counts[i], 0);
  const hot = prog.fns
    .filter((f) => f.index !== prog.wrapper && inActions(f.index) > 0)
    .map((f) => {
      const perAction: Partial<Record<Segment, number>> = {};
      for (const a of ACTIONS) if (m.segments[a].actions > 0 && m.segments[a].counts[f.index] > 0) perAction[a] = m.segments[a].counts[f.index] / m.segments[a].actions;
      return { name: f.name, fn: f.index, perAction };
    });
  const isHot = new Set(hot.map((h) => h.fn));
  const total = (i: number) => SEGMENTS.reduce((s, g) => s + m.segments[g].counts[i], 0);
  /**
   * The function whose code holds function i's: i itself when it is made once (top-level, or
   * nested in a function that ran at most once, such as a factory run at boot), else the
   * function it is nested in (a closure made on every call of it).
   */
  const unitOf = (i: number): number => {
    const f = prog.fns[i];
    if (i === prog.wrapper || f.parent === prog.wrapper || f.parent < 0) return i;
    return total(f.parent) <= 1 ? i : unitOf(f.parent);
  };
  /** Whether function `inner` is `outer` or written inside it. */
  const within = (inner: number, outer: number): boolean => {
    for (let i = inner; i >= 0; i = prog.fns[i].parent) if (i === outer) return true;
    return false;
  };
  const byCallee = new Map<number, CallSite[]>();
  for (const c of prog.calls) byCallee.set(c.callee, (byCallee.get(c.callee) ?? []).concat(c));

  // Kept by their tag: functions of their own, run or not by the script.
  const perActionOf = (fn: number) => hot.find((h) => h.fn === fn)?.perAction ?? {};
  const kept = prog.fns
    .filter((f) => f.declared && tags.kept.has(f.name))
    .map((f): KeptChoice => ({ ...keptChoice(prog, f.index, perActionOf(f.index), actionBars(p)), tagged: true }));
  const isKept = new Set(kept.map((k) => k.fn));

  // Cold: called from a hot function, too rarely run by the actions for its size, not tiny.
  const cold: ColdChoice[] = [];
  for (const [callee, sites] of byCallee) {
    const f = prog.fns[callee];
    if (isKept.has(callee)) continue;
    const tagged = tags.cold.has(f.name);
    const hotCallers = [...new Set(sites.filter((s) => s.caller >= 0 && s.caller !== callee && isHot.has(s.caller)).map((s) => s.caller))];
    const callerCalls = hotCallers.reduce((s, c) => s + inActions(c), 0);
    const calls = inActions(callee);
    // (A function made on every call of the one it is in costs that making as well: never cold.)
    const measuredCold = hotCallers.length > 0 && unitOf(callee) === callee && f.bytes >= COLD_MIN_BYTES && calls * (CALL_BYTES + f.bytes) < callerCalls * f.bytes;
    if (measuredCold || tagged) {
      cold.push({ name: f.name, fn: callee, bytes: f.bytes, calls, callerCalls, callers: hotCallers.map((c) => prog.fns[c].name), tagged });
    }
  }
  cold.sort((a, b) => a.fn - b.fn);
  const isCold = new Set(cold.map((c) => c.fn));

  // Inlined into its callers (`@__INLINE__`): a function called from one place (terser leaves
  // some it could), and the small ones called more often; only ever called, not recursive, not cold.
  const inline: InlineChoice[] = [];
  for (const [callee, sites] of byCallee) {
    const f = prog.fns[callee];
    if (isCold.has(callee) || isKept.has(callee) || prog.references.get(callee) !== sites.length) continue;
    if (sites.some((s) => s.caller >= 0 && within(s.caller, callee))) continue;
    if (f.bytes * (sites.length - 1) > INLINE_GROWTH_BYTES) continue;
    inline.push({ name: f.name, fn: callee, bytes: f.bytes, sites: sites.length });
  }
  inline.sort((a, b) => a.fn - b.fn);

  return { profile: p.name, allowance: speedAllowance(p), hot, cold, inline, kept, leftOut: [] };
}

/**
 * `code` (the bundle analysed as `prog`) with the decisions applied: `@__NOINLINE__` on every
 * call of a cold function or of one kept a function, `@__INLINE__` on every call of a function
 * to inline. Any `@__INLINE__` or `@__NOINLINE__` annotation the sources still carry
 * is dropped first (positions are kept: the comment becomes spaces): the build decides.
 */
export function applyDecisions(prog: Program, d: Decisions): string {
  const edits: { pos: number; text: string }[] = [];
  const noInline = new Set(d.cold.map((c) => c.fn).concat(d.kept.map((k) => k.fn)));
  const inline = new Set(d.inline.map((c) => c.fn));
  for (const c of prog.calls) {
    if (noInline.has(c.callee)) edits.push({ pos: c.at, text: "/* @__NOINLINE__ */ " });
    else if (inline.has(c.callee)) edits.push({ pos: c.at, text: "/* @__INLINE__ */ " });
  }
  edits.sort((a, b) => b.pos - a.pos);
  let out = stripCallAnnotations(prog.code);
  for (const e of edits) out = out.slice(0, e.pos) + e.text + out.slice(e.pos);
  return out;
}

/** `code` with every `@__INLINE__`/`@__NOINLINE__` comment blanked (same length, so positions hold). */
export function stripCallAnnotations(code: string): string {
  return code.replace(/\/\*\s*[@#]__(?:NO)?INLINE__\s*\*\//g, (m) => " ".repeat(m.length));
}

// ---- annotations --------------------------------------------------------------------------

export interface Tag {
  tag: keyof Tags;
  /** The tagged function's name in its source. */
  name: string;
  file: string;
  line: number;
}

/**
 * The `@cold` and `@kept` JSDoc tags in `source` (file `file`), each with the top-level function
 * declaration it is on. Throws naming the place when a tag is on anything else.
 */
export function readTags(file: string, source: string, root = ""): Tag[] {
  const out: Tag[] = [];
  const doc = /\/\*\*([\s\S]*?)\*\//g;
  for (let m = doc.exec(source); m !== null; m = doc.exec(source)) {
    const tags = [...m[1].matchAll(/(?:^|\s)@(cold|kept)\b/g)].map((t) => t[1] as keyof Tags);
    if (tags.length === 0) continue;
    const line = source.slice(0, m.index).split("\n").length;
    const where = `${root ? relative(root, file) : file}:${line}`;
    const lineStart = source.lastIndexOf("\n", m.index) + 1;
    const after = source.slice(m.index + m[0].length);
    const decl = /^\s*(?:export\s+)?function\s+([A-Za-z_$][\w$]*)\s*[<(]/.exec(after);
    if (!decl || m.index !== lineStart) {
      const next = /^\s*([^\n]{0,40})/.exec(after)?.[1] ?? "";
      throw new Error(`build: ${where}: @${tags[0]} must be on a top-level function declaration, not on '${next.trim()}'`);
    }
    for (const tag of tags) out.push({ tag, name: decl[1], file, line });
  }
  return out;
}

/**
 * The bundle name of each tagged function: esbuild writes each module after a `// path`
 * comment, and renames a top-level name that collides with another module's by appending a
 * number; so a tagged function is the declaration of its module's part of the bundle whose
 * name is its own, or its own followed by digits. Tags whose module or function the bundle
 * does not have are returned as missing.
 */
export function tagsInBundle(prog: Program, tags: Tag[], root: string): { found: Tags; missing: Tag[] } {
  const found = noTags();
  const missing: Tag[] = [];
  const sections: { path: string; start: number }[] = [];
  const header = /^[ \t]*\/\/ (\S+\.ts)$/gm;
  for (let m = header.exec(prog.code); m !== null; m = header.exec(prog.code)) sections.push({ path: m[1], start: m.index });
  for (const t of tags) {
    const path = relative(root, t.file).split("\\").join("/");
    const i = sections.findIndex((s) => s.path === path);
    const from = i < 0 ? -1 : sections[i].start;
    const to = i < 0 ? -1 : i + 1 < sections.length ? sections[i + 1].start : prog.code.length;
    const fn = prog.fns.find((f) => f.declared && f.start > from && f.start < to && new RegExp(`^${t.name.replace(/\$/g, "\\$")}\\d*$`).test(f.name));
    if (!fn) missing.push(t);
    else found[t.tag].add(fn.name);
  }
  return { found, missing };
}

/** Every tag in `files`. */
export function readAllTags(files: string[], root: string): Tag[] {
  return files.flatMap((f) => readTags(f, readFileSync(f, "utf8"), root));
}

// ---- the report -----------------------------------------------------------------------------

/** The decisions as text: what `npm run build -- --explain` prints for a profile. */
export function explain(d: Decisions, prog: Program): string {
  const n = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
  const spent = d.kept.filter((k) => !k.tagged).reduce((s, k) => s + k.cost, 0);
  const lines: string[] = [];
  lines.push(`${d.profile}: decisions from the measuring script (calls per action; press = a key press, hint = HIT ME, comp = COMP TURN)`);
  lines.push(`  hot (${d.hot.length} functions run by the player's actions):`);
  const hot = d.hot.slice().sort((a, b) => (b.perAction.press ?? 0) - (a.perAction.press ?? 0) || a.fn - b.fn);
  for (const h of hot) {
    const per = ACTIONS.filter((a) => h.perAction[a] !== undefined).map((a) => `${a} ${n(h.perAction[a] as number)}`).join(", ");
    lines.push(`    ${h.name}  ${prog.fns[h.fn].bytes} B  (${per})`);
  }
  lines.push(`  cold (never inlined into their hot callers: run on fewer than bytes / (${CALL_BYTES} + bytes) of the callers' calls, ${COLD_MIN_BYTES} B or more):`);
  for (const c of d.cold) lines.push(`    ${c.name}  ${c.bytes} B, ${c.calls} calls against ${c.callerCalls} of ${c.callers.join(", ") || "(no hot caller)"}${c.tagged ? "  (@cold)" : ""}`);
  lines.push(`  inlined at every call (only ever called: from one place, or its copies add at most ${INLINE_GROWTH_BYTES} B):`);
  for (const x of d.inline) lines.push(`    ${x.name}  ${x.bytes} B, ${x.sites} call${x.sites === 1 ? "" : "s"}`);
  lines.push(`  kept functions of their own (run by the actions, which would make each in place; ${spent} of ${d.allowance} JsVars allowed; density = Σ runs per action × (${CALL_BYTES} + bytes) / the action's bar, per JsVar; @kept: by its tag, outside the allowance):`);
  const choice = (k: KeptChoice) => {
    const per = ACTIONS.filter((a) => k.perAction[a] !== undefined).map((a) => `${a} ${n(k.perAction[a] as number)}`).join(", ");
    return `    ${k.name}  ${k.bytes} B, ~${k.cost} JsVars, ${k.tagged ? "@kept" : `density ${Math.round(k.density)}`}  (${per || "not run by the script"})`;
  };
  for (const k of d.kept) lines.push(choice(k));
  if (d.leftOut.length > 0) {
    lines.push("  made in place (did not fit):");
    for (const k of d.leftOut) lines.push(choice(k));
  }
  return lines.join("\n") + "\n";
}

/**
 * The headless runner: a key script played on the virtual board as fast as the host runs,
 * in virtual time, then what a player would see (LED pins), what the firmware says (status,
 * moves through the console API), what was heard (cues) and every firmware error.
 *
 * Key script: tokens separated by spaces or commas —
 *   5          tap pad 5 (1-based, row-major): held `hold` ms, released, then `gap` ms
 *   1+3        pads pressed together (a chord)
 *   5:1600     held 1600 ms (1.5 s holds are the toy's function gestures)
 *   wait:500   let 500 ms pass
 *   undo       the toy's UNDO: its pad held for the function gesture (pad 4, src/toy/midend.ts)
 *   redo       the toy's REDO: `Merlin.redo()` (the toy has no pad gesture for it), then `gap` ms
 *   newGame    a button by name (newGame, sameGame, hitMe, compTurn): the profile's extra button,
 *              or on a board without it the pad whose 1.5 s hold does the same (src/toy/midend.ts)
 */
import { formatBoard, parseBoard } from "../../src/maths/boardstate";
import { HOLD_MS } from "../../src/toy/keyevents";
import { Command, holdPad, MAGIC_SQUARE } from "../../src/toy/midend";
import { inputError } from "../../src/maths/puzzle";
import { checkPuzzle, checkRules, checkSeed } from "./deal-values";
import type { KeyRef } from "../board";
import { recogniseCues, toneNotes, type Note } from "./sounds";
import { BUTTON_NAMES, SimSession } from "./session";
import { playedPuzzle, ruleSet } from "./toy-info";

export { MAX_PUZZLE } from "./deal-values";
/** Longest a key may be held or a wait last, and the largest --hold and --gap: 10 minutes (the toy sleeps after 3). */
export const MAX_STEP_MS = 600000;
/**
 * Most virtual time a whole script may take: 30 minutes (the cost is in the time the toy is
 * awake and scanning: 30 minutes with a key held take about 1.5 s, 2000 taps about 4 s).
 */
export const MAX_SCRIPT_MS = 1800000;
/** Most steps in a key script, and its longest text. */
export const MAX_SCRIPT_STEPS = 2000;
export const MAX_SCRIPT_CHARS = 100000;

/**
 * The toy's functions a key script names, each done as on the toy: the pad whose 1.5 s hold
 * runs it (holdCommand), held a little longer than that.
 */
const NAMED_HOLDS: { [name: string]: Command } = { undo: "undo" };
/**
 * The toy's functions a key script names that no pad hold reaches, done through the console
 * API as its REPL would: the call, then the gap after a key.
 */
const NAMED_CALLS: { [name: string]: string } = { redo: "Merlin.redo()" };
/** `table[name]` when `name` is one of its own keys (never an Object property such as "constructor"). */
function named<T>(table: { [name: string]: T }, name: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
}
/** The function names a key script takes, for its error messages: "undo, redo". */
const FUNCTION_NAMES = Object.keys(NAMED_HOLDS).concat(Object.keys(NAMED_CALLS)).join(", ");
/** The pad (1-based) whose hold is UNDO. */
export const UNDO_PAD = holdPad("undo") + 1;
/** How long a named function's pad is held: past the hold time. */
export const FUNCTION_HOLD_MS = HOLD_MS + 100;

export type ScriptStep =
  | { kind: "keys"; keys: KeyRef[]; label: string; holdMs?: number }
  | { kind: "wait"; ms: number; label: string }
  | { kind: "call"; code: string; label: string };

/** Parses a key script for a board with `pads` pads and these extra buttons; mistakes are input errors. */
export function parseKeyScript(text: string, pads: number, buttons: readonly string[]): ScriptStep[] {
  if (text.length > MAX_SCRIPT_CHARS) throw inputError(`key script: ${text.length} characters, at most ${MAX_SCRIPT_CHARS} are accepted`);
  const steps: ScriptStep[] = [];
  const duration = (token: string, digits: string): number => {
    const ms = Number(digits);
    if (!(ms <= MAX_STEP_MS)) throw inputError(`key script: '${token}' lasts longer than ${MAX_STEP_MS} ms (10 minutes), the longest step allowed`);
    return ms;
  };
  for (const token of text.split(/[\s,]+/).filter((t) => t !== "")) {
    if (steps.length === MAX_SCRIPT_STEPS) throw inputError(`key script: more than ${MAX_SCRIPT_STEPS} steps`);
    const wait = /^wait:(\d+)$/i.exec(token);
    if (wait) {
      steps.push({ kind: "wait", ms: duration(token, wait[1]), label: token });
      continue;
    }
    const hold = named(NAMED_HOLDS, token.toLowerCase());
    if (hold !== undefined) {
      const pad = holdPad(hold);
      if (pad >= pads) throw inputError(`key script: '${token}' is a hold of pad ${pad + 1}, and this board has ${pads} pads`);
      steps.push({ kind: "keys", keys: [pad], label: token, holdMs: FUNCTION_HOLD_MS });
      continue;
    }
    const call = named(NAMED_CALLS, token.toLowerCase());
    if (call !== undefined) {
      steps.push({ kind: "call", code: call, label: token });
      continue;
    }
    // A button the board lacks: the pad whose hold does the same, held past the hold time.
    const button = BUTTON_NAMES.find((b) => b.toLowerCase() === token.toLowerCase());
    if (button !== undefined && !buttons.includes(button) && holdPad(BUTTON_HOLDS[button]) < pads) {
      steps.push({ kind: "keys", keys: [holdPad(BUTTON_HOLDS[button])], label: token, holdMs: FUNCTION_HOLD_MS });
      continue;
    }
    const m = /^([^:]+)(?::(\d+))?$/.exec(token);
    if (!m) throw inputError(`key script: '${token}' is not a key, KEY:MS, KEY+KEY, wait:MS, ${FUNCTION_NAMES}`);
    const holdMs = m[2] === undefined ? undefined : duration(token, m[2]);
    const keys = m[1].split("+").map((part): KeyRef => {
      if (/^\d+$/.test(part)) {
        const n = Number(part);
        if (n < 1 || n > pads) throw inputError(`key script: pad '${part}' in '${token}' is not 1 to ${pads}`);
        return n - 1;
      }
      const name = BUTTON_NAMES.find((b) => b.toLowerCase() === part.toLowerCase());
      if (name && buttons.includes(name)) return name;
      const have = buttons.length > 0 ? `, ${buttons.join(", ")}` : " (this board has no extra buttons)";
      if (named(NAMED_HOLDS, part.toLowerCase()) !== undefined || named(NAMED_CALLS, part.toLowerCase()) !== undefined) {
        throw inputError(`key script: '${token}': ${part} is one of the toy's functions, written alone (no :MS, no +)`);
      }
      if (part === token) throw inputError(`key script: '${token}' is not a pad 1 to ${pads}${have}, nor one of the toy's functions: ${FUNCTION_NAMES}`);
      throw inputError(`key script: '${part}' in '${token}' is not a pad 1 to ${pads}${have}`);
    });
    steps.push({ kind: "keys", keys, label: token, holdMs: holdMs });
  }
  return steps;
}

/** The mid-end's command for each button a key script names (a board without the button holds its pad). */
const BUTTON_HOLDS: { [name: string]: Command } = { newGame: "newGame", sameGame: "sameGame", hitMe: "hint", compTurn: "compTurn" };

export interface HeadlessSetup {
  /** One of Merlin's games the board plays (toy-info.ts profileGameNames); Magic Square when left out. */
  game?: string;
  /** Tic-Tac-Toe's level (its setting `level`). */
  level?: string;
  rules?: string;
  seed?: number;
  /** Which puzzle of the seed (0 = the seed's first deal; NEW GAME deals the next). Needs `seed`. */
  puzzle?: number;
  start?: string;
}

/**
 * Deals puzzle `puzzle` of `seed` as on the toy: Merlin.newGame(seed), then the next deal
 * `puzzle` times (Merlin.newGame(): the toy's NEW GAME pressed twice would choose a game).
 */
export function dealPuzzle(session: SimSession, seed: number, puzzle: number): void {
  session.api(`Merlin.newGame(${seed})`);
  for (let i = 0; i < puzzle; i++) session.api("Merlin.newGame()");
}

export interface HeadlessResult {
  /** Row-major LED pins after the script ("1" = lit; blinking pads count as lit). */
  leds: string;
  /** The player's result: playing, won, lost or draw. */
  status: string;
  /** Magic Square's moves; null in the other games, which count none. */
  moves: number | null;
  /** Cue names heard during the script, in order (see sounds.ts). */
  sounds: string[];
  /**
   * Uncaught firmware errors, then errors the firmware caught and reported ("Merlin error: …"),
   * then the script's console calls the firmware refused ("redo: …").
   */
  errors: string[];
  /** The game played at the end. */
  game: string;
  /** The pads that blink, spelled as `leds`. */
  blink: string;
  /** The tones played that are no cue of the toy (a game's notes), as [Hz, ms]. */
  tones: [number, number][];
}

export interface HeadlessTrace {
  result: HeadlessResult;
  /** LED frame after each step. */
  frames: { label: string; leds: string; status: string; moves: number | null }[];
  notes: Note[];
  heard: { t: number; cue: string }[];
  seed: number;
  rules: string;
  start: string;
}

/** Applies --rules, --seed, --puzzle and --start through the console API, as someone at the REPL would. */
export function applySetup(session: SimSession, setup: HeadlessSetup): void {
  if (setup.game !== undefined) session.api(`Merlin.game(${JSON.stringify(setup.game)})`);
  if (setup.level !== undefined) session.api(`Merlin.set("level", ${JSON.stringify(setup.level)})`);
  if (setup.game !== undefined && setup.game !== MAGIC_SQUARE) {
    // Another of Merlin's games: a seed deals its new game (Merlin.newGame(seed)).
    if (setup.seed !== undefined) {
      checkSeed(setup.seed);
      session.api(`Merlin.newGame(${setup.seed})`);
    }
    return;
  }
  if (setup.rules !== undefined) {
    checkRules(setup.rules, session.rules);
    session.api(`Merlin.setRules(${JSON.stringify(setup.rules)})`);
  }
  if (setup.seed !== undefined) {
    checkSeed(setup.seed);
    const puzzle = setup.puzzle ?? 0;
    checkPuzzle(puzzle);
    dealPuzzle(session, setup.seed, puzzle);
  } else if (setup.puzzle !== undefined) {
    throw inputError("--puzzle needs --seed (the puzzle is counted from the seed's first deal)");
  }
  if (setup.start !== undefined) {
    // Read as every command reads a board (boardstate.ts): row-major digits (0/1; a colour game's
    // 0..k-1), '/' between rows allowed — on the board of the rules now played.
    const played = playedPuzzle(session.state().rules, session.rows, session.cols);
    const bits = formatBoard(parseBoard(played, setup.start, "--start"));
    try {
      session.api(`Merlin.start(${JSON.stringify(bits)})`);
    } catch (e) {
      throw inputError(`--start '${setup.start}': ${(e as Error).message}`);
    }
  }
}

export function blinks(rules: string): boolean {
  return ruleSet(rules)?.blinkLit === true;
}

/** Whether pads may be blinking now: Magic Square's rules that blink lit pads, or another game's blinking lights. */
function blinking(s: { rules: string; blink?: string }): boolean {
  return s.blink !== undefined ? s.blink.includes("1") : blinks(s.rules);
}

/** Firmware errors as one line each: uncaught ones, then those the firmware caught and logged. */
export function firmwareErrors(session: SimSession): string[] {
  const caught = session.board.console.map((l) => l.text).filter((t) => t.startsWith("Merlin error:"));
  return session.errorLines().concat(caught);
}

/** Plays the script; setup first, then the keys, as fast as possible in virtual time. */
export function runHeadless(session: SimSession, setup: HeadlessSetup, script: ScriptStep[], holdMs: number, gapMs: number): HeadlessTrace {
  let total = 0;
  for (const step of script) total += step.kind === "wait" ? step.ms : step.kind === "call" ? gapMs : (step.holdMs ?? holdMs) + gapMs;
  if (total > MAX_SCRIPT_MS) throw inputError(`key script: it would take ${Math.ceil(total / 1000)} s of virtual time, at most ${MAX_SCRIPT_MS / 1000} s (30 minutes) are allowed`);
  applySetup(session, setup);
  // Let the new game's chirp (and a preview of the goal) finish before the first key.
  session.wait(1000);
  const first = session.state();
  const since = session.now;
  const frames: HeadlessTrace["frames"] = [];
  const refused: string[] = [];
  for (const step of script) {
    if (step.kind === "wait") session.wait(step.ms);
    else if (step.kind === "call") {
      // A call the firmware refuses (or an older bundle without it) is one of the run's errors.
      try {
        session.api(step.code);
      } catch (e) {
        refused.push(`${step.label}: ${(e as Error).message}`);
      }
      session.wait(gapMs);
    } else session.chord(step.keys, step.holdMs ?? holdMs, gapMs);
    const s = session.state();
    // Blinking pads: look back over a blink period (0.24 s) instead of the 20 ms frame.
    const leds = blinking(s) ? session.board.ledFrame(0.25, 240) : session.ledFrame();
    frames.push({ label: step.label, leds, status: s.status, moves: s.moves ?? null });
  }
  const end = session.now;
  const state = session.state();
  const leds = session.settledLeds(blinking(state));
  const notes = toneNotes(session.board.tones, since, end);
  const heard = recogniseCues(notes);
  const blink = state.blink ?? (blinks(state.rules) ? state.board : state.board.replace(/./g, "0"));
  return {
    result: {
      // (In the order --help gives them.)
      game: state.game ?? MAGIC_SQUARE, leds, blink, status: state.status, moves: state.moves ?? null,
      tones: heard.filter((h) => h.tone !== undefined).map((h) => h.tone!), sounds: heard.map((h) => h.cue), errors: firmwareErrors(session).concat(refused),
    },
    frames,
    notes,
    heard,
    seed: first.seed,
    rules: first.rules,
    start: first.board,
  };
}

/** The readable summary printed without --json. */
export function formatTrace(trace: HeadlessTrace, profileName: string, cols: number): string {
  const rows = (bits: string) => bits.match(new RegExp(`.{1,${cols}}`, "g"))!.join("/");
  const lines = [trace.result.game === MAGIC_SQUARE ? `${profileName}: ${trace.rules} rules, seed ${trace.seed}, start ${rows(trace.start)}` : `${profileName}: ${trace.result.game}`];
  const width = Math.max(4, ...trace.frames.map((f) => f.label.length));
  for (const f of trace.frames) {
    lines.push(`  ${f.label.padEnd(width)}  ${rows(f.leds)}  ${f.status}${f.moves === null ? "" : `, ${f.moves} move${f.moves === 1 ? "" : "s"}`}`);
  }
  const r = trace.result;
  lines.push(`LEDs ${rows(r.leds)}${r.blink.includes("1") ? ` (blinking ${rows(r.blink)})` : ""}; ${r.status}${r.moves === null ? "" : ` after ${r.moves} move${r.moves === 1 ? "" : "s"}`}`);
  lines.push(`sounds: ${r.sounds.length > 0 ? trace.heard.map((h) => `${h.cue}@${Math.round(h.t)}ms`).join(", ") : "none"}`);
  lines.push(r.errors.length > 0 ? `firmware errors:\n${r.errors.map((e) => "  " + e).join("\n")}` : "no firmware errors");
  return lines.join("\n");
}

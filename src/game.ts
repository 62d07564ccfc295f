/**
 * The game: a state machine (state, event) → (state, effects) over MaskTables (on/off boards
 * of at most 32 cells). Events are what a player does (press a pad, NEW GAME, SAME GAME,
 * HIT ME, COMP TURN, undo) plus what the firmware needs (revoke a press, switch rules); effects
 * are what a player sees and hears: the LED frame, which lit pads blink, an optional flash
 * (goal preview, hint pad) and sound cue ids (sounds.ts). How a rule set plays is data
 * (rules.ts). Every event carries `now` (ms), so tests own the clock.
 *
 * `step` is pure (it copies the state); `update` does the same in place with a reused effects
 * object, for the firmware, where an allocation per key press is worth avoiding.
 */
import { popcount32 } from "./gf2";
import { effectOf, hint, isReachable, lowestBit, minimumSolution, solutionMask, walkLength } from "./masksolve";
import { inputError } from "./puzzle";
import { mix32, nextRandom, seedRandom } from "./rng";
import {
  BLINK_LIT, DARK_LOSES, DARK_START, hasRule, LIVE_AFTER_END, MOVE_LIMIT, OVER_PAR_LIMIT, PREVIEW_MS, RULE_NAMES,
  ruleIndex, ruleNames, SAME_GAME_DEALS,
} from "./rules";
import { CUE_DARK, CUE_HINT, CUE_ILLEGAL, CUE_LOSS, CUE_NEW_GAME, CUE_PRESS, CUE_UNDO, CUE_WIN } from "./sounds";
import { MaskTables } from "./tables";

export const PLAYING = 0;
export const WON = 1;
export const LOST = 2;

export const REASON_NONE = 0;
export const REASON_ALL_DARK = 1;
export const REASON_MOVE_LIMIT = 2;
export const REASON_OVER_PAR = 3;

/** Why an event changed nothing (Effects.error). */
export const ERR_NONE = 0;
export const ERR_ILLEGAL_KEY = 1;
export const ERR_GAME_OVER = 2;
export const ERR_NOTHING_TO_UNDO = 3;
export const ERR_NO_HINT = 4;
export const ERR_NOTHING_TO_REVOKE = 5;
export const ERR_UNKNOWN_RULES = 6;
export const ERR_UNKNOWN_EVENT = 7;
export const ERROR_NAMES = [
  "", "illegal key", "game over", "nothing to undo", "no hint", "nothing to revoke", "unknown rules", "unknown event",
];

/** Presses remembered for undo (a ring: the oldest are forgotten). */
export const HISTORY_SIZE = 32;
/** How long HIT ME shows the key to press. */
export const HINT_FLASH_MS = 500;
/** How long COMP TURN shows the key it pressed. */
export const COMP_FLASH_MS = 250;
/** Random press sets tried per deal before a deterministic scan (never reached in practice). */
const DEAL_ATTEMPTS = 64;

export interface GameState {
  /** The rule set (index into the rules.ts columns and RULE_SETS). */
  rules: number;
  /** The goal board. */
  target: number;
  /** The seed (a shareable puzzle number: the same seed deals the same puzzle everywhere). */
  seed: number;
  /** Which puzzle of the seed's sequence this is: 0 for a newGame with a seed, then 1, 2, … */
  puzzle: number;
  start: number;
  board: number;
  moves: number;
  /** The fewest presses that solve the start. */
  par: number;
  /** PLAYING, WON or LOST. */
  status: number;
  /** REASON_* (why it was lost). */
  reason: number;
  startedAt: number;
  /** When the game first ended (the clock stops there), −1 before. */
  endedAt: number;
  /** Undo ring: entry = key | status before << 8 | reason before << 10. */
  hist: Int32Array;
  /** Next slot to write. */
  histTop: number;
  histLen: number;
  /** The last event's press, for revoke: the history length before it, −1 when nothing to revoke. */
  rvLen: number;
  /** The history slot value that press overwrote. */
  rvSlot: number;
  /** endedAt before that press. */
  rvEnded: number;
}

export interface GameEvent {
  /** "press" | "newGame" | "sameGame" | "undo" | "hint" | "compTurn" | "revoke" | "setRules" */
  type: string;
  /** ms, any monotonic clock. */
  now: number;
  /** press: the key, 1-based (anything else is reported as illegal). */
  key?: number;
  /** newGame: a new seed (puzzle 0 of it); omitted: the next puzzle of the current seed. */
  seed?: number;
  /** setRules: a rule set name. */
  rules?: string;
}

export interface Effects {
  /** LEDs lit (bit i = cell i). */
  frame: number;
  /** Which of the lit pads blink. */
  blink: number;
  /** A mask to show instead of the frame for flashMs (flashMs 0 = none). */
  flash: number;
  flashMs: number;
  /** Sound cue ids (sounds.ts), in order. */
  cues: number[];
  /** The key (0-based) HIT ME showed or COMP TURN pressed, −1. */
  hint: number;
  /** ERR_*: why the event changed nothing. */
  error: number;
}

export interface Step {
  state: GameState;
  effects: Effects;
}

/** The pad that shows key `key`: the key's own cell on a grid, else the cells it toggles. */
export function keyPad(t: MaskTables, key: number): number {
  return t.keys === t.cells ? 1 << key : t.toggle[key];
}

/**
 * Whether a rule set can deal on this board at all: some reachable board other than the
 * target (and other than all dark, when dark starts are not allowed).
 */
export function canDeal(t: MaskTables, target: number, darkStart: boolean): boolean {
  const reachable = Math.pow(2, t.keys - t.quiet.length);
  const excluded = 1 + (!darkStart && target !== 0 && isReachable(t, target) ? 1 : 0);
  return reachable > excluded;
}

/**
 * The start of puzzle `puzzle` of seed `seed`: a uniformly random press set applied to the
 * target, redrawn while the result is not allowed. Each reachable board is hit by the same
 * number of press sets (2^quiet), so the starts are uniform over the solvable boards, never
 * solved, and never dark unless the rules allow it. Needs canDeal.
 */
export function dealStart(t: MaskTables, target: number, darkStart: boolean, seed: number, puzzle: number): number {
  const keyMask = t.keys >= 32 ? -1 : (1 << t.keys) - 1;
  let s = seedRandom(seed, puzzle);
  let presses = 0;
  // DEAL_ATTEMPTS random press sets, then every press set in turn after the last of them.
  const tries = DEAL_ATTEMPTS + Math.pow(2, t.keys);
  for (let i = 0; i < tries; i++) {
    if (i < DEAL_ATTEMPTS) {
      s = nextRandom(s);
      presses = s & keyMask;
    } else presses = (presses + 1) & keyMask;
    const board = target ^ effectOf(t, presses);
    if (board !== target && (darkStart || board !== 0)) return board;
  }
  return target ^ t.toggle[0];
}

/** Why `start` cannot start a game under rule set `rules` (one line), or null when it can. */
export function startProblem(t: MaskTables, target: number, rules: number, start: number): string | null {
  if (!isReachable(t, start ^ target)) return "it cannot be solved (no presses turn it into the target)";
  if (start === target) return "it is already solved";
  if (start === 0 && !hasRule(rules, DARK_START)) return "the " + RULE_NAMES[rules] + " rules never start all dark (that is a loss)";
  return null;
}

function resetAttempt(t: MaskTables, s: GameState, start: number, now: number): void {
  s.start = start;
  s.board = start;
  s.moves = 0;
  s.par = popcount32(minimumSolution(t, start, s.target));
  s.status = PLAYING;
  s.reason = REASON_NONE;
  s.startedAt = now;
  s.endedAt = -1;
  s.hist.fill(0);
  s.histTop = 0;
  s.histLen = 0;
  s.rvLen = -1;
  s.rvSlot = 0;
  s.rvEnded = -1;
}

function blankState(rules: number, target: number, seed: number, puzzle: number): GameState {
  return {
    rules: rules,
    target: target,
    seed: seed >>> 0,
    puzzle: puzzle,
    start: 0,
    board: 0,
    moves: 0,
    par: 0,
    status: PLAYING,
    reason: REASON_NONE,
    startedAt: 0,
    endedAt: -1,
    hist: new Int32Array(HISTORY_SIZE),
    histTop: 0,
    histLen: 0,
    rvLen: -1,
    rvSlot: 0,
    rvEnded: -1,
  };
}

/**
 * A new game from a given start under rule set `rules` (an index into the rule columns), or
 * when `start` is −1 puzzle 0 of `seed`. Throws an input error saying why a start is not allowed.
 */
export function createGameFrom(t: MaskTables, target: number, rules: number, start: number, seed: number, now: number): GameState {
  if (!(rules >= 0 && rules < RULE_NAMES.length && Math.floor(rules) === rules)) {
    throw inputError("unknown rule set " + rules + ": use " + ruleNames());
  }
  if (start < 0 && !canDeal(t, target, hasRule(rules, DARK_START))) {
    throw inputError("no puzzle to deal on this board: every reachable board is the target or all dark");
  }
  const problem = start < 0 ? null : startProblem(t, target, rules, start);
  if (problem !== null) throw inputError("start: " + problem);
  const s = blankState(rules, target, seed, 0);
  resetAttempt(t, s, start < 0 ? dealStart(t, target, hasRule(rules, DARK_START), s.seed, 0) : start, now);
  return s;
}

/** A new game: puzzle 0 of `seed` under rule set `rules`. */
export function createGame(t: MaskTables, target: number, rules: number, seed: number, now: number): GameState {
  return createGameFrom(t, target, rules, -1, seed, now);
}

export function copyState(s: GameState): GameState {
  const c = blankState(s.rules, s.target, s.seed, s.puzzle);
  c.start = s.start;
  c.board = s.board;
  c.moves = s.moves;
  c.par = s.par;
  c.status = s.status;
  c.reason = s.reason;
  c.startedAt = s.startedAt;
  c.endedAt = s.endedAt;
  c.hist.set(s.hist);
  c.histTop = s.histTop;
  c.histLen = s.histLen;
  c.rvLen = s.rvLen;
  c.rvSlot = s.rvSlot;
  c.rvEnded = s.rvEnded;
  return c;
}

export function newEffects(): Effects {
  return { frame: 0, blink: 0, flash: 0, flashMs: 0, cues: [], hint: -1, error: ERR_NONE };
}

/** Milliseconds played: up to the first end of the game, else up to `now`. */
export function elapsedMs(s: GameState, now: number): number {
  return (s.endedAt >= 0 ? s.endedAt : now) - s.startedAt;
}

/** Moves beyond the fewest possible (the classic rules' score). */
export function overPar(s: GameState): number {
  return s.moves - s.par;
}

/** "playing", "won" or "lost". (Names live in functions: on Espruino a literal costs RAM only while used.) */
export function statusName(s: GameState): string {
  return ["playing", "won", "lost"][s.status];
}

/** "all-dark", "move-limit", "over-par", or null. */
export function reasonName(s: GameState): string | null {
  return s.reason === REASON_NONE ? null : ["", "all-dark", "move-limit", "over-par"][s.reason];
}

/**
 * Applies `ev` to `s` in place and writes what a player sees and hears into `fx` (reused:
 * its cue list is emptied first).
 */
export function update(t: MaskTables, s: GameState, ev: GameEvent, fx: Effects): void {
  // The helpers live inside update: on Espruino a nested function costs RAM only while
  // update runs, a top-level one for as long as the toy does. (Declared before use: Espruino
  // does not hoist functions.)
  /** Decides the status after a move. The win check runs last, so a win on the last allowed move stands. */
  function judge(s: GameState, r: number, now: number, fx: Effects): void {
    const was = s.status;
    let status = PLAYING;
    let reason = REASON_NONE;
    if (MOVE_LIMIT[r] > 0 && s.moves >= MOVE_LIMIT[r]) {
      status = LOST;
      reason = REASON_MOVE_LIMIT;
    }
    if (OVER_PAR_LIMIT[r] > 0 && s.moves >= s.par + OVER_PAR_LIMIT[r]) {
      status = LOST;
      reason = REASON_OVER_PAR;
    }
    if (hasRule(r, DARK_LOSES) && s.board === 0) {
      status = LOST;
      reason = REASON_ALL_DARK;
    }
    if (s.board === s.target) {
      status = WON;
      reason = REASON_NONE;
    }
    s.status = status;
    s.reason = reason;
    if (status !== PLAYING && s.endedAt < 0) s.endedAt = now;
    if (status === WON && was !== WON) fx.cues.push(CUE_WIN);
    else if (status === LOST) fx.cues.push(CUE_LOSS);
    else if (s.board === 0 && status === PLAYING) fx.cues.push(CUE_DARK);
  }

  function press(t: MaskTables, s: GameState, r: number, key: number, now: number, fx: Effects): void {
    s.rvLen = s.histLen;
    s.rvSlot = s.hist[s.histTop];
    s.rvEnded = s.endedAt;
    s.hist[s.histTop] = key | (s.status << 8) | (s.reason << 10);
    s.histTop = (s.histTop + 1) % HISTORY_SIZE;
    if (s.histLen < HISTORY_SIZE) s.histLen++;
    s.board ^= t.toggle[key];
    s.moves++;
    fx.cues.push(CUE_PRESS);
    judge(s, r, now, fx);
  }

  /** Takes back the newest history entry: board, move count, status and reason. */
  function popPress(t: MaskTables, s: GameState): void {
    s.histTop = (s.histTop + HISTORY_SIZE - 1) % HISTORY_SIZE;
    const entry = s.hist[s.histTop];
    s.board ^= t.toggle[entry & 0xff];
    s.moves--;
    s.status = (entry >> 8) & 3;
    s.reason = (entry >> 10) & 3;
  }

  /** Restarts from `start` (a new deal when −1, puzzle `puzzle` of the seed), with the new-game cue and preview. */
  function restart(t: MaskTables, s: GameState, start: number, puzzle: number, now: number, fx: Effects): void {
    const r = s.rules;
    s.puzzle = puzzle;
    resetAttempt(t, s, start >= 0 ? start : dealStart(t, s.target, hasRule(r, DARK_START), s.seed, puzzle), now);
    fx.cues.push(CUE_NEW_GAME);
    if (PREVIEW_MS[r] > 0) {
      fx.flash = s.target;
      fx.flashMs = PREVIEW_MS[r];
    }
  }

  const r = s.rules;
  const now = ev.now;
  const type = ev.type;
  showState(s, fx);
  const revokeLen = s.rvLen;
  s.rvLen = -1;
  // Whether pads, HIT ME, COMP TURN and undo still act.
  const live = s.status === PLAYING || hasRule(r, LIVE_AFTER_END);

  if (type === "press") {
    const key = ev.key;
    if (!(typeof key === "number" && key >= 1 && key <= t.keys && Math.floor(key) === key)) {
      fx.error = ERR_ILLEGAL_KEY;
      fx.cues.push(CUE_ILLEGAL);
    } else if (!live) {
      fx.error = ERR_GAME_OVER;
    } else {
      press(t, s, r, key - 1, now, fx);
    }
  } else if (type === "hint" || type === "compTurn") {
    const h = live ? hint(t, s.board, s.target) : -1;
    if (h < 0) {
      fx.error = live ? ERR_NO_HINT : ERR_GAME_OVER;
    } else {
      fx.hint = h;
      if (type === "hint") fx.cues.push(CUE_HINT);
      else press(t, s, r, h, now, fx);
      fx.flash = keyPad(t, h);
      fx.flashMs = type === "hint" ? HINT_FLASH_MS : COMP_FLASH_MS;
    }
  } else if (type === "undo") {
    if (!live) fx.error = ERR_GAME_OVER;
    else if (s.histLen === 0) fx.error = ERR_NOTHING_TO_UNDO;
    else {
      popPress(t, s);
      s.histLen--;
      fx.cues.push(CUE_UNDO);
    }
  } else if (type === "revoke") {
    if (revokeLen < 0) fx.error = ERR_NOTHING_TO_REVOKE;
    else {
      // The press being taken back saved the history length, the slot it overwrote and endedAt.
      popPress(t, s);
      s.hist[s.histTop] = s.rvSlot;
      s.histLen = revokeLen;
      s.endedAt = s.rvEnded;
    }
  } else if (type === "newGame") {
    if (typeof ev.seed === "number" && ev.seed === ev.seed) {
      s.seed = ev.seed >>> 0;
      restart(t, s, -1, 0, now, fx);
    } else {
      restart(t, s, -1, s.puzzle + 1, now, fx);
    }
  } else if (type === "sameGame") {
    if (hasRule(r, SAME_GAME_DEALS)) restart(t, s, -1, s.puzzle + 1, now, fx);
    else restart(t, s, s.start, s.puzzle, now, fx);
  } else if (type === "setRules") {
    const idx = ruleIndex(ev.rules === undefined ? "" : ev.rules);
    if (idx < 0 || !canDeal(t, s.target, hasRule(idx, DARK_START))) fx.error = ERR_UNKNOWN_RULES;
    else {
      s.rules = idx;
      // The same start when the new rules allow it, else a deal of the same puzzle number.
      restart(t, s, startProblem(t, s.target, idx, s.start) === null ? s.start : -1, s.puzzle, now, fx);
    }
  } else {
    fx.error = ERR_UNKNOWN_EVENT;
  }

  fx.frame = s.board;
  fx.blink = hasRule(s.rules, BLINK_LIT) ? s.board : 0;
}

/** The pure form of update: a new state and its effects; `s` is not changed. */
export function step(t: MaskTables, s: GameState, ev: GameEvent): Step {
  const next = copyState(s);
  const fx = newEffects();
  update(t, next, ev, fx);
  return { state: next, effects: fx };
}

/** What a front end shows for a state without an event (e.g. after loading a saved game). */
export function showState(s: GameState, fx: Effects): Effects {
  fx.frame = s.board;
  fx.blink = hasRule(s.rules, BLINK_LIT) ? s.board : 0;
  fx.flash = 0;
  fx.flashMs = 0;
  fx.cues.splice(0, fx.cues.length); // `length = 0` throws on Espruino
  fx.hint = -1;
  fx.error = ERR_NONE;
  return fx;
}

// ---- Saving ---------------------------------------------------------------------------

const SAVE_VERSION = "M1";
const SAVE_FIELDS = 13;
/** Largest number a saved field may hold (masks are saved unsigned). */
const SAVE_MAX = 4294967295;

function checksum(text: string): string {
  let h = 0x2545f491;
  for (let i = 0; i < text.length; i++) h = mix32(h ^ text.charCodeAt(i));
  return (h >>> 0).toString(36);
}

/**
 * The game as one short line of text for flash storage:
 * `M1,rules,seed,puzzle,target,start,board,moves,status,reason,frozen,elapsed,check`
 * (decimal; masks unsigned; `frozen` = the clock has stopped; `check` a base-36 hash of the
 * rest). The undo history is not saved. `now` gives the elapsed time of a running clock
 * (without it a running clock is saved as 0).
 */
export function saveGame(s: GameState, now?: number): string {
  const frozen = s.endedAt >= 0 ? 1 : 0;
  const elapsed = frozen ? s.endedAt - s.startedAt : now === undefined ? 0 : now - s.startedAt;
  const body =
    SAVE_VERSION + "," + RULE_NAMES[s.rules] + "," + (s.seed >>> 0) + "," + s.puzzle + "," +
    (s.target >>> 0) + "," + (s.start >>> 0) + "," + (s.board >>> 0) + "," + s.moves + "," +
    s.status + "," + s.reason + "," + frozen + "," + Math.max(0, Math.floor(elapsed));
  return body + "," + checksum(body);
}

/**
 * A game saved by saveGame, or null when the text is corrupted, truncated, for another board
 * or inconsistent (a board the moves cannot reach, a status the rules cannot produce). The
 * clock resumes at `now` (default 0) with the saved elapsed time; the undo history is empty.
 */
export function loadGame(t: MaskTables, text: string, now?: number): GameState | null {
  // Helpers nested for the same reason as update's: loadGame runs once, at power-on.
  /** A saved decimal field (1–10 digits, at most SAVE_MAX), or −1. No regex: Espruino's has no {m,n}. */
  function savedNumber(text: string): number {
    if (text.length < 1 || text.length > 10) return -1;
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return -1;
      n = n * 10 + d;
    }
    return n <= SAVE_MAX ? n : -1;
  }

  /** Whether `moves` presses can turn `from` into `to` (a key pressed twice is a no-op pair). */
  function movesPossible(t: MaskTables, from: number, to: number, moves: number): boolean {
    if (!isReachable(t, from ^ to)) return false;
    // The fewest presses of each parity over all solutions.
    const best = [1000, 1000];
    let x = solutionMask(t, from, to);
    const combos = walkLength(t);
    for (let i = 0; i < combos; i++) {
      if (i > 0) x ^= t.quiet[lowestBit(i)];
      const n = popcount32(x);
      if (n < best[n & 1]) best[n & 1] = n;
    }
    return moves >= best[moves & 1];
  }

  /** Whether a status, reason and move count can come out of rule set `r` on this board. */
  function consistent(s: GameState, r: number, frozen: number): boolean {
    const moveLimit = MOVE_LIMIT[r];
    const overPar = OVER_PAR_LIMIT[r];
    const liveAfterEnd = hasRule(r, LIVE_AFTER_END);
    const darkLoses = hasRule(r, DARK_LOSES);
    const limit = moveLimit > 0 ? moveLimit : 0x7fffffff;
    const parLimit = overPar > 0 ? s.par + overPar : 0x7fffffff;
    const stopAt = Math.min(limit, parLimit);
    if (s.status === WON) return s.board === s.target && s.reason === REASON_NONE && s.moves >= 1 && frozen === 1 && (liveAfterEnd || s.moves <= stopAt);
    if (s.board === s.target) return false;
    if (s.status === PLAYING) {
      if (s.reason !== REASON_NONE) return false;
      if (frozen === 1 && !liveAfterEnd) return false;
      if (darkLoses && s.board === 0) return false;
      return s.moves < stopAt;
    }
    if (s.status !== LOST || frozen !== 1) return false;
    if (s.reason === REASON_ALL_DARK) return darkLoses && s.board === 0 && s.moves >= 1 && s.moves <= stopAt;
    if (darkLoses && s.board === 0) return false;
    if (s.reason === REASON_MOVE_LIMIT) return moveLimit > 0 && s.moves === limit && s.moves <= parLimit;
    if (s.reason === REASON_OVER_PAR) return overPar > 0 && s.moves === parLimit && s.moves <= limit;
    return false;
  }

  if (typeof text !== "string") return null;
  const parts = text.trim().split(",");
  if (parts.length !== SAVE_FIELDS || parts[0] !== SAVE_VERSION) return null;
  const body = parts.slice(0, SAVE_FIELDS - 1).join(",");
  if (checksum(body) !== parts[SAVE_FIELDS - 1]) return null;
  const rules = ruleIndex(parts[1]);
  if (rules < 0) return null;
  const n: number[] = [];
  for (let i = 2; i < SAVE_FIELDS - 1; i++) {
    const v = savedNumber(parts[i]);
    if (v < 0) return null;
    n.push(v);
  }
  const cellMask = (t.cells >= 32 ? -1 : (1 << t.cells) - 1) >>> 0;
  const target = n[2];
  const start = n[3];
  const board = n[4];
  if (target > cellMask || start > cellMask || board > cellMask) return null;
  const moves = n[5];
  const status = n[6];
  const reason = n[7];
  const frozen = n[8];
  const elapsed = n[9];
  if (status > LOST || reason > REASON_OVER_PAR || frozen > 1 || moves > 1e9) return null;
  if (startProblem(t, target | 0, rules, start | 0) !== null) return null;
  if (!movesPossible(t, start | 0, board | 0, moves)) return null;
  const at = now === undefined ? 0 : now;
  const s = blankState(rules, target | 0, n[0], n[1]);
  resetAttempt(t, s, start | 0, at - elapsed);
  s.board = board | 0;
  s.moves = moves;
  s.status = status;
  s.reason = reason;
  s.endedAt = frozen ? at : -1;
  if (!consistent(s, rules, frozen)) return null;
  return s;
}

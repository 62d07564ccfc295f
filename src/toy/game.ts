/**
 * The game: a state machine (state, event) → (state, effects) over any back-end (backend.ts).
 * Events are what a player does: press a pad, NEW GAME, SAME GAME, HIT ME, COMP TURN, undo,
 * redo, switch rules. Effects are what a player sees and hears: the LED frame, which lit pads
 * blink, an optional flash (goal preview, hint pad) and sound cue ids (sounds.ts). How a rule
 * set plays is data (rules.ts). Every event carries `now` (ms), so tests own the clock.
 *
 * `update` changes the state in place and writes the effects into the record it is given;
 * `step` is its pure form (a copied state, new effects).
 */
import { Backend, Board } from "./backend";
import { nextRandom, seedRandom } from "./rng";
import {
  BLINK_LIT, COL_MOVE_LIMIT, COL_OVER_PAR_LIMIT, COL_PREVIEW_MS, DARK_LOSES, DARK_START, hasRule, LIVE_AFTER_END,
  RULE_NAMES, ruleColumn, SAME_GAME_DEALS,
} from "./rules";
import { CUE_DARK, CUE_HINT, CUE_ILLEGAL, CUE_LOSS, CUE_NEW_GAME, CUE_PRESS, CUE_UNDO, CUE_WIN } from "./sounds";
import { inputError } from "./input-error";

export type { Backend, Board } from "./backend";

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
export const ERR_UNKNOWN_RULES = 5;
export const ERR_UNKNOWN_EVENT = 6;
export const ERR_NOTHING_TO_REDO = 7;
export const ERROR_NAMES = ["", "illegal key", "game over", "nothing to undo", "no hint", "unknown rules", "unknown event", "nothing to redo"];

/** Seeds (puzzle numbers) are whole numbers from 0 to MAX_SEED: any 32-bit pattern. */
export const MAX_SEED = 4294967295;

/** Presses remembered for undo (a ring: the oldest are forgotten), and undone presses for redo. */
export const HISTORY_SIZE = 32;
/** How long HIT ME shows the key to press. */
export const HINT_FLASH_MS = 500;
/** How long COMP TURN shows the key it pressed. */
export const COMP_FLASH_MS = 250;
/** Deals drawn again (each from a seed of its own) when a deal needs more presses than the rule set's move limit. */
const DEAL_RETRIES = 16;
/** Random walks tried when no deal fits the move limit (boards so large that random deals hardly ever fit). */
const WALK_ATTEMPTS = 64;

export interface GameState<B extends Board = number> {
  /** The rule set (index into the rules.ts columns and RULE_SETS). */
  rules: number;
  /** The goal board. */
  target: B;
  /** The seed (a shareable puzzle number: the same seed deals the same puzzle everywhere). */
  seed: number;
  /** Which puzzle of the seed's sequence this is: 0 for a newGame with a seed, then 1, 2, … */
  puzzle: number;
  start: B;
  board: B;
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
  /** The move log, a ring: entry = key | status before << 8 | reason before << 10 | HIST_ENDED. */
  hist: Uint16Array;
  /** Next slot to write. */
  histTop: number;
  histLen: number;
  /** The keys undone, newest last: what redo presses again. A new move empties it. */
  redo: Uint16Array;
  redoLen: number;
}

/**
 * Event types (GameEvent.type): what a player, or a front end, does. ACT_SHOW changes nothing:
 * its effects just show the state (e.g. after loading a saved game), so showing and playing go
 * through one function. NEW GAME … COMP TURN are numbered in the order of Merlin's buttons.
 */
export const ACT_SHOW = 0;
export const ACT_PRESS = 1;
export const ACT_NEW_GAME = 2;
export const ACT_SAME_GAME = 3;
export const ACT_HINT = 4;
export const ACT_COMP_TURN = 5;
export const ACT_UNDO = 6;
export const ACT_SET_RULES = 7;
/**
 * Takes back the last press as if it had not been made, silently, whatever the rules say
 * about undo after the end (a result it decided included), and without offering it to redo:
 * the mid-end uses it for the presses a hold gesture's keys made.
 */
export const ACT_TAKE_BACK = 8;
/** Presses again the key undone last (a move of its own; nothing to redo after a new move). */
export const ACT_REDO = 9;
/** The event types' names (index = ACT_*), for front ends and tests. */
export const ACTION_NAMES = ["show", "press", "newGame", "sameGame", "hint", "compTurn", "undo", "setRules", "takeBack", "redo"];
/** Move log flag: this press ended the game for the first time (taking it back restarts the clock). */
const HIST_ENDED = 4096;

export interface GameEvent {
  /** ACT_*. */
  type: number;
  /** ms, any monotonic clock. */
  now: number;
  /** press: the key, 1-based (anything else is reported as illegal). */
  key?: number;
  /** newGame: a new seed (puzzle 0 of it); omitted: the next puzzle of the current seed. */
  seed?: number;
  /** setRules: a rule set name. */
  rules?: string;
}

export interface Effects<B extends Board = number> {
  /** LEDs lit (bit i = cell i; on cell boards the board's digits). */
  frame: B;
  /** Which of the lit pads blink (a board: nothing blinks when it is dark). */
  blink: B;
  /** A board to show instead of the frame for flashMs (flashMs 0 = none). */
  flash: B;
  flashMs: number;
  /** Sound cue ids (sounds.ts), in order. */
  cues: number[];
  /** The key (0-based) HIT ME showed or COMP TURN pressed, −1. */
  hint: number;
  /** ERR_*: why the event changed nothing. */
  error: number;
}

export interface Step<B extends Board = number> {
  state: GameState<B>;
  effects: Effects<B>;
}

/** Why a start is not allowed (startCode): none, the rules cannot deal, unsolvable, solved, all dark, over the move limit. */
export const START_OK = 0;
export const START_NO_DEAL = 1;
export const START_UNSOLVABLE = 2;
export const START_SOLVED = 3;
export const START_DARK = 4;
/** The start needs more presses than the rule set's move limit allows (a game that cannot be won). */
export const START_OVER_LIMIT = 5;

/**
 * Why `start` cannot start a game under rule set `rules` (START_*), START_OK when it can; for
 * `start` null, whether the rules can deal on this board at all: some reachable board other
 * than the target (and other than all dark, when dark starts are not allowed). startProblem
 * words it for the command line.
 */
export function startCode<B extends Board>(b: Backend<B>, target: B, rules: number, start: B | null): number {
  const darkStart = hasRule(rules, DARK_START);
  if (start === null) {
    const excluded = 1 + (!darkStart && target !== b.dark && b.canReach(b.dark, target) ? 1 : 0);
    return b.reachable > excluded ? START_OK : START_NO_DEAL;
  }
  if (!b.canReach(start, target)) return START_UNSOLVABLE;
  if (start === target) return START_SOLVED;
  if (start === b.dark && !darkStart) return START_DARK;
  // Over the move limit (when there is one that a start can exceed: none needs more than
  // keys × (k − 1) presses, each key pressed fewer than k times).
  const limit = ruleColumn(rules, COL_MOVE_LIMIT);
  if (limit > 0 && b.keys * (b.cycle - 1) > limit && b.par(start, target) > limit) return START_OVER_LIMIT;
  return START_OK;
}

/** startCode in words (one line), or null when the start is allowed. */
export function startProblem<B extends Board>(b: Backend<B>, target: B, rules: number, start: B | null): string | null {
  return [
    null,
    "no puzzle to deal on this board: every reachable board is the target or all dark",
    "it cannot be solved (no presses turn it into the target)",
    "it is already solved",
    "the " + RULE_NAMES[rules] + " rules never start all dark (that is a loss)",
    "it needs more presses than the " + ruleColumn(rules, COL_MOVE_LIMIT) + " moves the " + RULE_NAMES[rules] + " rules allow, so it cannot be won",
  ][startCode(b, target, rules, start)];
}

/**
 * Puzzle `puzzle` of `seed` under rule set `rules`: the back-end's deal. Under a move limit
 * (basic: 20 moves) every game stays winnable: a deal that needs more presses is drawn again
 * from a seed of its own, and should none of those fit either, the start is the target after
 * as many presses of random keys as the limit allows, which cannot need more.
 */
export function dealGame<B extends Board>(b: Backend<B>, target: B, rules: number, seed: number, puzzle: number): B {
  const darkStart = hasRule(rules, DARK_START);
  let start = b.deal(target, darkStart, seed, puzzle);
  for (let retry = 1; retry <= DEAL_RETRIES && startCode(b, target, rules, start) === START_OVER_LIMIT; retry++) {
    // Retry r deals from seed + r·2^32/φ (mod 2^32): seeds of their own, far from the next seeds.
    start = b.deal(target, darkStart, (seed + retry * 2654435769) >>> 0, puzzle);
  }
  if (startCode(b, target, rules, start) !== START_OVER_LIMIT) return start;
  const limit = ruleColumn(rules, COL_MOVE_LIMIT);
  let r = seedRandom(seed, puzzle);
  for (let attempt = 0; attempt < WALK_ATTEMPTS; attempt++) {
    start = target;
    for (let i = 0; i < limit; i++) {
      r = nextRandom(r);
      start = b.press(start, (r >>> 0) % b.keys);
    }
    if (start !== target && (darkStart || start !== b.dark)) break;
  }
  return start;
}

/**
 * A new game from a given start under rule set `rules` (an index into the rule columns: the
 * caller has checked it), or when `start` is null puzzle `puzzle` (default 0) of `seed`.
 * Throws an input error saying why a start is not allowed.
 */
export function createGameFrom<B extends Board>(
  b: Backend<B>, target: B, rules: number, start: B | null, seed: number, now: number, puzzle?: number,
): GameState<B> {
  // Short texts; the command line checks starts first with startProblem's longer ones.
  const problem = startCode(b, target, rules, start);
  if (problem !== START_OK) {
    throw inputError(["", "no puzzle to deal on this board", "start: unsolvable", "start: already solved", "start: all dark", "start: over the move limit"][problem]);
  }
  const p = puzzle === undefined ? 0 : puzzle;
  const first = start === null ? dealGame(b, target, rules, seed >>> 0, p) : start;
  return {
    rules: rules,
    target: target,
    seed: seed >>> 0,
    puzzle: p,
    start: first,
    board: first,
    moves: 0,
    par: b.par(first, target),
    status: PLAYING,
    reason: REASON_NONE,
    startedAt: now,
    endedAt: -1,
    hist: new Uint16Array(HISTORY_SIZE),
    histTop: 0,
    histLen: 0,
    redo: new Uint16Array(HISTORY_SIZE),
    redoLen: 0,
  };
}

/** A new game: puzzle 0 of `seed` under rule set `rules`. */
export function createGame<B extends Board>(b: Backend<B>, target: B, rules: number, seed: number, now: number): GameState<B> {
  return createGameFrom(b, target, rules, null, seed, now);
}

export function copyState<B extends Board>(s: GameState<B>): GameState<B> {
  const c = Object.assign({}, s);
  c.hist = new Uint16Array(s.hist);
  c.redo = new Uint16Array(s.redo);
  return c;
}

/** Effects with nothing in them yet, on back-end `b`'s boards. */
export function newEffects<B extends Board>(b: Backend<B>): Effects<B> {
  return { frame: b.dark, blink: b.dark, flash: b.dark, flashMs: 0, cues: [], hint: -1, error: ERR_NONE };
}

/** Milliseconds played: up to the first end of the game, else up to `now`. */
export function elapsedMs(s: GameState<Board>, now: number): number {
  return (s.endedAt >= 0 ? s.endedAt : now) - s.startedAt;
}

/** Moves beyond the fewest possible (the classic rules' score). */
export function overPar(s: GameState<Board>): number {
  return s.moves - s.par;
}

/** "playing", "won" or "lost". */
export function statusName(s: GameState<Board>): string {
  return ["playing", "won", "lost"][s.status];
}

/** "all-dark", "move-limit", "over-par", or null. */
export function reasonName(s: GameState<Board>): string | null {
  return [null, "all-dark", "move-limit", "over-par"][s.reason];
}

/**
 * The status and reason a move to this board at this move count decides, as status | reason << 2
 * (the rule set's limits, then all dark, then the win, which runs last so a win on the last
 * allowed move stands). Shared by update and loadGame's consistency check.
 */
export function judgeMove(b: Backend<Board>, s: GameState<Board>): number {
  const limit = ruleColumn(s.rules, COL_MOVE_LIMIT);
  const overParLimit = ruleColumn(s.rules, COL_OVER_PAR_LIMIT);
  let v = PLAYING | (REASON_NONE << 2);
  if (limit > 0 && s.moves >= limit) v = LOST | (REASON_MOVE_LIMIT << 2);
  if (overParLimit > 0 && s.moves >= s.par + overParLimit) v = LOST | (REASON_OVER_PAR << 2);
  if (s.board === b.dark && hasRule(s.rules, DARK_LOSES)) v = LOST | (REASON_ALL_DARK << 2);
  if (s.board === s.target) v = WON | (REASON_NONE << 2);
  return v;
}

/**
 * Presses `key` (0-based, legal) and judges the move: into the move log (the key, and the
 * status and reason before it), the board, then the status it decides; the clock stops at the
 * first end.
 */
function pressKey<B extends Board>(b: Backend<B>, s: GameState<B>, key: number, now: number, fx: Effects<B>): void {
  const slot = s.histTop;
  const was = s.status;
  s.hist[slot] = key | (was << 8) | (s.reason << 10);
  s.histTop = (slot + 1) % HISTORY_SIZE;
  if (s.histLen < HISTORY_SIZE) s.histLen++;
  s.board = b.press(s.board, key);
  s.moves++;
  fx.cues.push(CUE_PRESS);
  const v = judgeMove(b, s);
  const status = v & 3;
  s.status = status;
  s.reason = v >> 2;
  if (status !== PLAYING && s.endedAt < 0) {
    s.endedAt = now;
    s.hist[slot] |= HIST_ENDED;
  }
  if (status === WON && was !== WON) fx.cues.push(CUE_WIN);
  else if (status === LOST) fx.cues.push(CUE_LOSS);
  else if (s.board === b.dark && status === PLAYING) fx.cues.push(CUE_DARK);
}

/** Takes back the newest press of the move log (there is one): the board, the move count, the status before it. Returns its key. */
function takeBack<B extends Board>(b: Backend<B>, s: GameState<B>): number {
  s.histTop = (s.histTop + HISTORY_SIZE - 1) % HISTORY_SIZE;
  const entry = s.hist[s.histTop];
  const key = entry & 0xff;
  // k − 1 more presses of the key (on/off boards: the same press again).
  for (let i = 1; i < b.cycle; i++) s.board = b.press(s.board, key);
  s.moves--;
  s.status = (entry >> 8) & 3;
  s.reason = (entry >> 10) & 3;
  s.histLen--;
  if ((entry & HIST_ENDED) !== 0) s.endedAt = -1;
  return key;
}

/** Restarts from `start` (a new deal when null: puzzle `puzzle` of the seed), with the new-game cue and the goal preview. */
function restart<B extends Board>(b: Backend<B>, s: GameState<B>, start: B | null, puzzle: number, now: number, fx: Effects<B>): void {
  Object.assign(s, createGameFrom(b, s.target, s.rules, start, s.seed, now, puzzle));
  fx.cues.push(CUE_NEW_GAME);
  const preview = ruleColumn(s.rules, COL_PREVIEW_MS);
  if (preview > 0) {
    fx.flash = s.target;
    fx.flashMs = preview;
  }
}

/**
 * What event `ev` does to `s`; returns why it changed nothing (ERR_*), ERR_NONE when it acted.
 * @kept (every key runs it: docs/architecture.md, "Speed: what is left")
 */
function act<B extends Board>(b: Backend<B>, s: GameState<B>, ev: GameEvent, fx: Effects<B>): number {
  const type = ev.type;
  // Whether the game takes moves: while it is played, or after its end where the rules allow.
  const live = s.status === PLAYING || hasRule(s.rules, LIVE_AFTER_END);
  if (type === ACT_SHOW) return ERR_NONE;
  if (type === ACT_UNDO || type === ACT_TAKE_BACK) {
    // Undo acts while the game does; a take-back (a hold's) always.
    if (type === ACT_UNDO && !live) return ERR_GAME_OVER;
    if (s.histLen === 0) return ERR_NOTHING_TO_UNDO;
    const undone = takeBack(b, s);
    if (type === ACT_UNDO) {
      s.redo[s.redoLen++] = undone;
      fx.cues.push(CUE_UNDO);
    }
    return ERR_NONE;
  }
  if (type === ACT_PRESS || type === ACT_REDO || type === ACT_HINT || type === ACT_COMP_TURN) {
    // A move, or HIT ME's key: which key (0-based), or why there is none.
    let key = -1;
    if (type === ACT_PRESS) {
      const k = ev.key;
      if (!(typeof k === "number" && k >= 1 && k <= b.keys && Math.floor(k) === k)) {
        fx.cues.push(CUE_ILLEGAL);
        return ERR_ILLEGAL_KEY;
      }
      if (!live) return ERR_GAME_OVER;
      key = k - 1;
    } else if (type === ACT_REDO) {
      if (!live) return ERR_GAME_OVER;
      if (s.redoLen === 0) return ERR_NOTHING_TO_REDO;
      key = s.redo[s.redoLen - 1];
    } else {
      // HIT ME shows the key of a best move; COMP TURN presses it.
      key = live ? b.hint(s.board, s.target) : -1;
      if (key < 0) return live ? ERR_NO_HINT : ERR_GAME_OVER;
      fx.hint = key;
      fx.flash = b.padsOf(key);
      fx.flashMs = type === ACT_HINT ? HINT_FLASH_MS : COMP_FLASH_MS;
      if (type === ACT_HINT) {
        fx.cues.push(CUE_HINT);
        return ERR_NONE;
      }
    }
    // Redo takes its key off the stack; any other move leaves nothing to redo.
    s.redoLen = type === ACT_REDO ? s.redoLen - 1 : 0;
    pressKey(b, s, key, ev.now, fx);
    return ERR_NONE;
  }
  // The events that start the game again: from which start (null: a deal) and which puzzle.
  let start: B | null = null;
  let puzzle = s.puzzle;
  if (type === ACT_NEW_GAME) {
    // With a seed, puzzle 0 of it; else the next puzzle of this seed.
    const seeded = typeof ev.seed === "number" && ev.seed === ev.seed;
    if (seeded) s.seed = Number(ev.seed) >>> 0;
    puzzle = seeded ? 0 : s.puzzle + 1;
  } else if (type === ACT_SAME_GAME) {
    if (hasRule(s.rules, SAME_GAME_DEALS)) puzzle = s.puzzle + 1;
    else start = s.start;
  } else if (type === ACT_SET_RULES) {
    const idx = RULE_NAMES.indexOf(ev.rules === undefined ? "" : ev.rules);
    if (idx < 0 || startCode(b, s.target, idx, null) !== START_OK) return ERR_UNKNOWN_RULES;
    s.rules = idx;
    // The same start when the new rules allow it, else a deal of the same puzzle number.
    if (startCode(b, s.target, idx, s.start) === START_OK) start = s.start;
  } else return ERR_UNKNOWN_EVENT;
  restart(b, s, start, puzzle, ev.now, fx);
  return ERR_NONE;
}

/**
 * Applies `ev` to `s` in place and writes what a player sees and hears into `fx` (its cue list
 * is emptied first): the board as the frame, which of its pads blink, and what the event adds.
 */
export function update<B extends Board>(b: Backend<B>, s: GameState<B>, ev: GameEvent, fx: Effects<B>): void {
  fx.flash = b.dark;
  fx.flashMs = 0;
  // Emptied only when it holds cues: most often it is empty already (docs/espruino.md).
  if (fx.cues.length > 0) fx.cues.splice(0, fx.cues.length);
  fx.hint = -1;
  fx.error = act(b, s, ev, fx);
  fx.frame = s.board;
  fx.blink = hasRule(s.rules, BLINK_LIT) ? s.board : b.dark;
}

/** The pure form of update: a new state and its effects; `s` is not changed. */
export function step<B extends Board>(b: Backend<B>, s: GameState<B>, ev: GameEvent): Step<B> {
  const next = copyState(s);
  const fx = newEffects(b);
  update(b, next, ev, fx);
  return { state: next, effects: fx };
}

// ---- Saving ---------------------------------------------------------------------------

const SAVE_FIELDS = 10;
/** Largest number a saved field may hold. */
const SAVE_MAX = 4294967295;

/**
 * The game as one short line of text for flash storage:
 * `M2,rules,seed,puzzle,target,start,board,moves,frozen,elapsed`
 * (decimal; boards as the back-end saves them: masks unsigned, cell boards as digits; `frozen`
 * = the clock has stopped). Status, reason and par are not saved: loading recomputes them from
 * the board and move count, as play does. The move log is not saved. `now` gives the elapsed
 * time of a running clock (without it a running clock is saved as 0). Damage to the text is the
 * store's to detect (firmware/store.ts keeps a CRC-32 with each file); loadGame rejects
 * anything malformed or out of place.
 */
export function saveGame<B extends Board>(b: Backend<B>, s: GameState<B>, now?: number): string {
  const frozen = s.endedAt >= 0 ? 1 : 0;
  const elapsed = frozen ? s.endedAt - s.startedAt : now === undefined ? 0 : now - s.startedAt;
  return [
    "M2", RULE_NAMES[s.rules], s.seed >>> 0, s.puzzle, b.save(s.target), b.save(s.start), b.save(s.board), s.moves, frozen,
    Math.max(0, Math.floor(elapsed)),
  ].join(",");
}

/**
 * A game saved by saveGame, or null when the text is malformed, for another board, or names a
 * start its rules cannot deal or a board no presses reach from it. Its status and reason are
 * what its board and move count decide under its rules (judgeMove). The clock resumes at `now`
 * (default 0) with the saved elapsed time; the move log is empty.
 */
export function loadGame<B extends Board>(b: Backend<B>, text: string, now?: number): GameState<B> | null {
  const parts = typeof text === "string" ? text.split(",") : [];
  const rules = RULE_NAMES.indexOf(parts[1]);
  if (parts.length !== SAVE_FIELDS || parts[0] !== "M2" || rules < 0) return null;
  const target = b.load(parts[4]);
  const start = b.load(parts[5]);
  const board = b.load(parts[6]);
  if (target === null || start === null || board === null) return null;
  // seed, puzzle, then moves, frozen, elapsed: whole numbers 0..SAVE_MAX as saveGame writes them
  // (no sign, exponent or leading zero).
  const n: number[] = [];
  for (let i = 2; i < SAVE_FIELDS; i++) {
    if (i >= 4 && i <= 6) continue;
    const v = Number(parts[i]);
    if (!(String(v) === parts[i] && v >= 0 && v <= SAVE_MAX && Math.floor(v) === v)) return null;
    n.push(v);
  }
  const seed = n[0];
  const puzzle = n[1];
  const moves = n[2];
  const frozen = n[3];
  const elapsed = n[4];
  if (moves > 1e9 || frozen > 1) return null;
  if (startCode(b, target, rules, start) !== START_OK || !b.canReach(start, board)) return null;
  const at = now === undefined ? 0 : now;
  // A valid start (checked above), so createGameFrom does not throw.
  const s = createGameFrom(b, target, rules, start, seed, at - elapsed, puzzle);
  s.board = board;
  s.moves = moves;
  const v = judgeMove(b, s);
  s.status = v & 3;
  s.reason = v >> 2;
  s.endedAt = frozen ? at : -1;
  return s;
}

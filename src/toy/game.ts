/**
 * The game: a state machine (state, event) → (state, effects). On the toy a board is one
 * 32-bit mask over MaskTables (on/off boards of at most 32 cells); in Node the same machine
 * also plays k-state boards and boards of up to 64 cells, whose boards are digit strings and
 * whose tables bring their own operations (GameTables.extras, src/maths/cellboards.ts) — behind the
 * CELL_BOARDS flag, which the firmware build sets to false so none of that reaches the toy.
 * Events are what a player does: press a pad, NEW GAME, SAME GAME,
 * HIT ME, COMP TURN, undo, switch rules. Effects are what a player sees and hears: the LED frame, which lit pads blink, an optional flash
 * (goal preview, hint pad) and sound cue ids (sounds.ts). How a rule set plays is data
 * (rules.ts). Every event carries `now` (ms), so tests own the clock.
 *
 * `step` is pure (it copies the state); `update` does the same in place with a reused effects
 * object, for the firmware, where an allocation per key press is worth avoiding.
 */
import { effectOf, hint, isReachable, minimumPresses } from "./masksolve";
import { nextRandom, seedRandom } from "./rng";
import {
  BLINK_LIT, COL_MOVE_LIMIT, COL_OVER_PAR_LIMIT, COL_PREVIEW_MS, DARK_LOSES, DARK_START, hasRule, LIVE_AFTER_END,
  RULE_NAMES, ruleColumn, SAME_GAME_DEALS,
} from "./rules";
import { CUE_DARK, CUE_HINT, CUE_ILLEGAL, CUE_LOSS, CUE_NEW_GAME, CUE_PRESS, CUE_UNDO, CUE_WIN } from "./sounds";
import { inputError } from "./input-error";
import { MaskTables } from "./tables";
import { CELL_BOARDS, LONG_STARTS } from "./features";

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
export const ERROR_NAMES = ["", "illegal key", "game over", "nothing to undo", "no hint", "unknown rules", "unknown event"];

/** Seeds (puzzle numbers) are whole numbers from 0 to MAX_SEED: any 32-bit pattern. */
export const MAX_SEED = 4294967295;

/** Presses remembered for undo (a ring: the oldest are forgotten). */
export const HISTORY_SIZE = 32;
/** How long HIT ME shows the key to press. */
export const HINT_FLASH_MS = 500;
/** How long COMP TURN shows the key it pressed. */
export const COMP_FLASH_MS = 250;
/** Random press sets tried per deal before a deterministic scan (never reached in practice). */
const DEAL_ATTEMPTS = 64;
/** Deals drawn again (each from a seed of its own) when a deal needs more presses than the rule set's move limit. */
const DEAL_RETRIES = 16;

/**
 * A board: a bit mask (cell i = bit i) over MaskTables, or over cell tables a string of
 * row-major digits, one per cell (0 = dark, 1…k−1 the colours), as boardstate.ts writes them.
 */
export type Board = number | string;

/** The board type of a value (a literal mask such as 495 is a number). */
export type BoardOf<B extends Board> = B extends number ? number : string;

/**
 * Board operations for tables whose boards are digit strings (k-state boards, or more than
 * 32 cells): what the XORs and masksolve.ts do for a mask. src/maths/cellboards.ts makes them.
 * (Type aliases, not interfaces, and names of their own: the firmware build shortens the
 * members of interfaces, and these never reach the toy.)
 */
export type CellOps = {
  /** k: a press advances each of its cells by 1 mod k. */
  cycle: number;
  /** The all-dark board. */
  allDark: string;
  /** `board` after `times` presses of `key` (0-based). */
  advance(board: string, key: number, times: number): string;
  /** Whether some presses turn `from` into `to`. */
  canReach(from: string, to: string): boolean;
  /** How many boards are reachable from any one board (a float: may be large). */
  reachCount: number;
  /** The fewest presses (a key pressed c times counts c) from `from` to `to` (reachable). */
  parOf(from: string, to: string): number;
  /** The next key (0-based) of a fewest-presses solution, in a safe order when there is one; −1 when solved or unreachable. */
  hintKey(board: string, target: string): number;
  /** The pads that show key `key` (its own pad on a grid, else the cells it advances), as a board of 0/1 digits. */
  padsOf(key: number): string;
  /** A random start (see dealStart): reachable from `target`, not it, and not all dark unless `darkStart`. */
  dealFrom(target: string, darkStart: boolean, seed: number, puzzle: number): string;
};

/** What the game needs beyond the mask tables' XORs (Node only: behind CELL_BOARDS). */
export type GameExtras = {
  /** Boards are digit strings with these operations (the mask fields of the tables are unused). */
  ops?: CellOps;
  /** The rule set deals its own starts (levels): the start of puzzle `puzzle` of `seed`. */
  levelDeal?: (target: Board, darkStart: boolean, seed: number, puzzle: number) => Board;
  /**
   * The game's own HIT ME on masks (levels' games, whose goal is dark: a key of a minimum
   * solution, without masksolve.ts's steering around the dark board); −1 as hint. Called with
   * the extras as `this` (toygames.ts shares one among the games).
   */
  maskHint?: (board: number, target: number) => number;
  /**
   * The toy's key for each pad (255: none) when the keys are not the pads (blackwhite's
   * intersections: toygames.ts cellGameTables); the mid-end maps pads to keys and hints back.
   */
  padKeys?: Uint8Array;
};

/** The tables a game plays on: the toy's MaskTables, or (Node) tables with extras. */
export type GameTables = MaskTables & {
  extras?: GameExtras;
};

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
  /** Undo ring: entry = key | status before << 8 | reason before << 10 | HIST_ENDED (a Uint16Array is half an Int32Array's RAM). */
  hist: Uint16Array;
  /** Next slot to write. */
  histTop: number;
  histLen: number;
}

/**
 * Event types (GameEvent.type): what a player, or the firmware, does. Numbers, not names: the
 * toy compares and sends them in a few bytes each. ACT_SHOW changes nothing: its effects just
 * show the state (e.g. after loading a saved game), so showing and playing go through one
 * function. NEW GAME … COMP TURN are numbered in the order of Merlin's buttons.
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
 * about undo after the end (a result it decided included): the toy's mid-end uses it for the
 * presses a hold gesture's keys made. One history, one undo mechanism.
 */
export const ACT_TAKE_BACK = 8;
/** The event types' names (index = ACT_*), for front ends and tests. */
export const ACTION_NAMES = ["show", "press", "newGame", "sameGame", "hint", "compTurn", "undo", "setRules", "takeBack"];
/** History entry flag: this press ended the game for the first time (taking it back restarts the clock). */
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

/**
 * The start of puzzle `puzzle` of seed `seed`: a uniformly random press set applied to the
 * target, redrawn while the result is not allowed. Each reachable board is hit by the same
 * number of press sets (2^quiet), so the starts are uniform over the solvable boards, never
 * solved, and never dark unless the rules allow it. Needs a board the rules can deal on
 * (startCode with start −1).
 */
export function dealStart(t: MaskTables, target: number, darkStart: boolean, seed: number, puzzle: number): number {
  const keyMask = t.keys >= 32 ? -1 : (1 << t.keys) - 1;
  let s = seedRandom(seed, puzzle);
  let presses = 0;
  // DEAL_ATTEMPTS random press sets, then every press set in turn after the last of them.
  const tries = DEAL_ATTEMPTS + Math.pow(2, t.keys);
  for (let i = 0; i < tries; i++) {
    if (i < DEAL_ATTEMPTS) {
      s = /* @__INLINE__ */ nextRandom(s);
      presses = s & keyMask;
    } else presses = (presses + 1) & keyMask;
    const board = target ^ /* @__INLINE__ */ effectOf(t, presses);
    if (board !== target && (darkStart || board !== 0)) return board;
  }
  return target ^ t.toggle[0];
}

/** Par: the fewest presses that turn `board` into `target` (reachable from it). */
export function parOf<B extends Board = number>(t: GameTables, board: B, target: B): number {
  const cells = CELL_BOARDS && t.extras ? t.extras.ops : undefined;
  return CELL_BOARDS && cells ? cells.parOf(board as string, target as string) : minimumPresses(t, board as number, target as number);
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
 * `start` −1, whether the rules can deal on this board at all: some reachable board other than
 * the target (and other than all dark, when dark starts are not allowed). startProblem words it
 * for the CLI, so the toy does not carry the long texts.
 */
export function startCode<B extends Board = number>(t: GameTables, target: B, rules: number, start: B | -1): number {
  const darkStart = hasRule(rules, DARK_START);
  const limit = LONG_STARTS ? ruleColumn(rules, COL_MOVE_LIMIT) : 0;
  const cells = CELL_BOARDS && t.extras ? t.extras.ops : undefined;
  if (CELL_BOARDS && cells) {
    // The same decisions on digit strings (a string start is never −1).
    if (start === -1) {
      const excluded = 1 + (!darkStart && target !== cells.allDark && cells.canReach(cells.allDark, target as string) ? 1 : 0);
      return cells.reachCount > excluded ? START_OK : START_NO_DEAL;
    }
    if (!cells.canReach(start as string, target as string)) return START_UNSOLVABLE;
    if (start === target) return START_SOLVED;
    if (start === cells.allDark && !darkStart) return START_DARK;
    if (LONG_STARTS && limit > 0 && parOf(t, start, target) > limit) return START_OVER_LIMIT;
    return START_OK;
  }
  if ((start as number) < 0) {
    const reachable = Math.pow(2, t.keys - t.quiet.length);
    const excluded = 1 + (!darkStart && target !== 0 && isReachable(t, target as number) ? 1 : 0);
    return reachable > excluded ? START_OK : START_NO_DEAL;
  }
  if (!isReachable(t, (start as number) ^ (target as number))) return START_UNSOLVABLE;
  if (start === target) return START_SOLVED;
  if (start === 0 && !darkStart) return START_DARK;
  if (LONG_STARTS && limit > 0 && parOf(t, start, target) > limit) return START_OVER_LIMIT;
  return START_OK;
}

/** startCode in words (one line), or null when the start is allowed. */
export function startProblem<B extends Board = number>(t: GameTables, target: B, rules: number, start: B | -1): string | null {
  return [
    null,
    "no puzzle to deal on this board: every reachable board is the target or all dark",
    "it cannot be solved (no presses turn it into the target)",
    "it is already solved",
    "the " + RULE_NAMES[rules] + " rules never start all dark (that is a loss)",
    "it needs more presses than the " + ruleColumn(rules, COL_MOVE_LIMIT) + " moves the " + RULE_NAMES[rules] + " rules allow, so it cannot be won",
  ][startCode(t, target, rules, start)];
}

/**
 * A new game from a given start under rule set `rules` (an index into the rule columns: the
 * caller has checked it), or when `start` is −1 puzzle `puzzle` (default 0) of `seed`. Throws
 * an input error saying why a start is not allowed.
 */
export function createGameFrom<B extends Board = number>(
  t: GameTables, target: B, rules: number, start: B | -1, seed: number, now: number, puzzle?: number,
): GameState<BoardOf<B>> {
  // Short texts (the toy carries them); the CLI checks starts first with startProblem's longer ones.
  const problem = startCode(t, target, rules, start);
  if (problem !== START_OK) throw inputError(["", "no puzzle to deal on this board", "start: unsolvable", "start: already solved", "start: all dark", LONG_STARTS ? "start: over the move limit" : ""][problem]);
  // Every new GameState and every new attempt is made here (loadGame and update's restarts too).
  const p = puzzle === undefined ? 0 : puzzle;
  const darkStart = hasRule(rules, DARK_START);
  const extras = CELL_BOARDS ? t.extras : undefined;
  const cells = CELL_BOARDS && extras ? extras.ops : undefined;
  // −1 deals from seed `from` (a digit string never compares below 0): the rule set's own deal
  // (levels), the cell boards' deal, or the mask deal.
  function dealt(from: number): BoardOf<B> {
    return ((start as number) < 0
      ? CELL_BOARDS && extras && extras.levelDeal ? extras.levelDeal(target, darkStart, from, p)
        : CELL_BOARDS && cells ? cells.dealFrom(target as string, darkStart, from, p)
        : dealStart(t, target as number, darkStart, from, p)
      : start) as BoardOf<B>;
  }
  let first = dealt(seed >>> 0);
  let par = parOf<Board>(t, first, target);
  // A move limit (basic: 20 moves) leaves every game winnable: a deal that needs more presses
  // is drawn again from a seed of its own, uniformly over the deals that fit (given starts
  // that need more are refused by startCode above).
  const limit = LONG_STARTS ? ruleColumn(rules, COL_MOVE_LIMIT) : 0;
  if (LONG_STARTS && (start as number) < 0 && limit > 0) {
    for (let retry = 1; retry <= DEAL_RETRIES && par > limit; retry++) {
      // Retry r deals from seed + r·2^32/φ (mod 2^32): seeds of their own, far from the next seeds.
      first = dealt((seed + retry * 2654435769) >>> 0);
      par = parOf<Board>(t, first, target);
    }
    if (CELL_BOARDS && cells && par > limit) {
      // Boards so large that random deals hardly ever fit (8×8: par 26–33 against basic's 20):
      // the target after `limit` presses of random keys, which cannot need more.
      let r = seedRandom(seed >>> 0, p);
      for (let attempt = 0; attempt < DEAL_ATTEMPTS; attempt++) {
        let b = target as string;
        for (let i = 0; i < limit; i++) {
          r = nextRandom(r);
          b = cells.advance(b, (r >>> 0) % t.keys, 1);
        }
        first = b as BoardOf<B>;
        if (b !== target && (darkStart || b !== cells.allDark)) break;
      }
      par = parOf<Board>(t, first, target);
    }
  }
  return {
    rules: rules,
    target: target as BoardOf<B>,
    seed: seed >>> 0,
    puzzle: p,
    start: first,
    board: first,
    moves: 0,
    par: par,
    status: PLAYING,
    reason: REASON_NONE,
    startedAt: now,
    endedAt: -1,
    hist: new Uint16Array(HISTORY_SIZE),
    histTop: 0,
    histLen: 0,
  };
}

/** A new game: puzzle 0 of `seed` under rule set `rules`. */
export function createGame<B extends Board = number>(t: GameTables, target: B, rules: number, seed: number, now: number): GameState<BoardOf<B>> {
  return createGameFrom(t, target, rules, -1, seed, now);
}

export function copyState<B extends Board = number>(s: GameState<B>): GameState<B> {
  const c = Object.assign({}, s);
  c.hist = new Uint16Array(HISTORY_SIZE);
  c.hist.set(s.hist);
  return c;
}

/** Effects to reuse with update (their boards are written by the first update). */
export function newEffects<B extends Board = number>(): Effects<B> {
  return { frame: 0 as B, blink: 0 as B, flash: 0 as B, flashMs: 0, cues: [], hint: -1, error: ERR_NONE };
}

/** Milliseconds played: up to the first end of the game, else up to `now`. */
export function elapsedMs(s: GameState<Board>, now: number): number {
  return (s.endedAt >= 0 ? s.endedAt : now) - s.startedAt;
}

/** Moves beyond the fewest possible (the classic rules' score). */
export function overPar(s: GameState<Board>): number {
  return s.moves - s.par;
}

/** "playing", "won" or "lost". (Names live in functions: on Espruino a literal costs RAM only while used.) */
export function statusName(s: GameState<Board>): string {
  return ["playing", "won", "lost"][s.status];
}

/** "all-dark", "move-limit", "over-par", or null. */
export function reasonName(s: GameState<Board>): string | null {
  return s.reason === REASON_NONE ? null : ["", "all-dark", "move-limit", "over-par"][s.reason];
}

/**
 * The status and reason a move to this board at this move count decides, as status | reason << 2
 * (the rule set's limits, then all dark, then the win, which runs last so a win on the last
 * allowed move stands). Shared by update and loadGame's consistency check.
 */
export function judgeMove(s: GameState<Board>): number {
  const moveLimit = ruleColumn(s.rules, COL_MOVE_LIMIT);
  const overPar = ruleColumn(s.rules, COL_OVER_PAR_LIMIT);
  let v = PLAYING | (REASON_NONE << 2);
  if (moveLimit > 0 && s.moves >= moveLimit) v = LOST | (REASON_MOVE_LIMIT << 2);
  if (overPar > 0 && s.moves >= s.par + overPar) v = LOST | (REASON_OVER_PAR << 2);
  // All dark: mask 0, or digits that are all 0.
  const dark = CELL_BOARDS && typeof s.board === "string" ? !/[^0]/.test(s.board) : s.board === 0;
  if (hasRule(s.rules, DARK_LOSES) && dark) v = LOST | (REASON_ALL_DARK << 2);
  if (s.board === s.target) v = WON | (REASON_NONE << 2);
  return v;
}

/**
 * Applies `ev` to `s` in place and writes what a player sees and hears into `fx` (reused:
 * its cue list is emptied first). A pad press, the event the toy sees most, is played here;
 * every other event is `act`'s. (Espruino lexes a function's whole body on every call, the
 * branches it skips included, so the press does not pay for the rare events.)
 */
export function update<B extends Board = number>(t: GameTables, s: GameState<B>, ev: GameEvent, fx: Effects<B>): void {
  // Cell boards (Node only): digit strings and their operations instead of masks and XOR.
  const cells = CELL_BOARDS && t.extras ? t.extras.ops : undefined;
  const dark = (CELL_BOARDS && cells ? cells.allDark : 0) as B;
  const type = ev.type;
  const cues = fx.cues;
  fx.flash = dark;
  fx.flashMs = 0;
  cues.splice(0, cues.length); // `length = 0` throws on Espruino
  fx.hint = -1;
  fx.error = ERR_NONE;
  if (type === ACT_PRESS) {
    const key = ev.key;
    if (!(typeof key === "number" && key >= 1 && key <= t.keys && Math.floor(key) === key)) {
      fx.error = ERR_ILLEGAL_KEY;
      cues.push(CUE_ILLEGAL);
    } else if (!(s.status === PLAYING || hasRule(s.rules, LIVE_AFTER_END))) {
      fx.error = ERR_GAME_OVER;
    } else {
      // The move: into the undo ring (the key, and the status and reason before it), the board,
      // then the status it decides (judgeMove); the clock stops at the first end.
      const slot = s.histTop;
      const was = s.status;
      s.hist[slot] = (key - 1) | (was << 8) | (s.reason << 10);
      s.histTop = (slot + 1) % HISTORY_SIZE;
      if (s.histLen < HISTORY_SIZE) s.histLen++;
      if (CELL_BOARDS && cells) s.board = cells.advance(s.board as string, key - 1, 1) as B;
      else (s as GameState<Board> as GameState).board ^= t.toggle[key - 1];
      s.moves++;
      cues.push(CUE_PRESS);
      const v = judgeMove(s);
      const status = v & 3;
      s.status = status;
      s.reason = v >> 2;
      if (status !== PLAYING && s.endedAt < 0) {
        s.endedAt = ev.now;
        s.hist[slot] |= HIST_ENDED;
      }
      if (status === WON && was !== WON) cues.push(CUE_WIN);
      else if (status === LOST) cues.push(CUE_LOSS);
      else if (s.board === dark && status === PLAYING) cues.push(CUE_DARK);
    }
  } else if (type === ACT_HINT || type === ACT_COMP_TURN) {
    // (Not inlined here by the build: see above; HIT ME apart from the rest, which it would lex.)
    fx.error = /* @__NOINLINE__ */ hintAct(t, s, ev, fx);
  } else if (type !== ACT_SHOW) {
    fx.error = /* @__NOINLINE__ */ act(t, s, ev, fx);
  }
  // The board as the frame, and which of its pads blink.
  fx.frame = s.board;
  fx.blink = hasRule(s.rules, BLINK_LIT) ? s.board : dark;
}

/**
 * update's HIT ME and COMP TURN (a press of the hinted key, through update). `fx` has been
 * reset; returns why the event changed nothing (ERR_*), ERR_NONE when it acted. (Apart from
 * act: a hint, the slowest event on the toy, lexes only this.)
 */
function hintAct<B extends Board = number>(t: GameTables, s: GameState<B>, ev: GameEvent, fx: Effects<B>): number {
  const cells = CELL_BOARDS && t.extras ? t.extras.ops : undefined;
  const own = CELL_BOARDS && t.extras ? t.extras.maskHint : undefined;
  // Whether HIT ME and COMP TURN still act.
  const live = s.status === PLAYING || hasRule(s.rules, LIVE_AFTER_END);
  const h = !live ? -1
    : CELL_BOARDS && cells ? cells.hintKey(s.board as string, s.target as string)
    : CELL_BOARDS && own ? own.call(t.extras, s.board as number, s.target as number)
    : /* @__INLINE__ */ hint(t, s.board as number, s.target as number);
  if (h < 0) return live ? ERR_NO_HINT : ERR_GAME_OVER;
  if (ev.type === ACT_HINT) fx.cues.push(CUE_HINT);
  else update(t, s, { type: ACT_PRESS, now: ev.now, key: h + 1 }, fx);
  fx.hint = h;
  // The pad that shows key h: its own cell on a grid, else the cells it toggles.
  if (CELL_BOARDS && cells) fx.flash = cells.padsOf(h) as B;
  else fx.flash = (t.keys === t.cells ? 1 << h : t.toggle[h]) as B;
  fx.flashMs = ev.type === ACT_HINT ? HINT_FLASH_MS : COMP_FLASH_MS;
  return ERR_NONE;
}

/**
 * update's events other than a pad press, HIT ME and COMP TURN: undo and take-back, NEW GAME,
 * SAME GAME, a rule change. `fx` has been reset; returns why the event changed nothing (ERR_*),
 * ERR_NONE when it acted.
 */
function act<B extends Board = number>(t: GameTables, s: GameState<B>, ev: GameEvent, fx: Effects<B>): number {
  const cells = CELL_BOARDS && t.extras ? t.extras.ops : undefined;
  const now = ev.now;
  const type = ev.type;
  const cues = fx.cues;
  /** Restarts from `start` (a new deal when −1, puzzle `puzzle` of the seed), with the new-game cue and preview. */
  function restart(start: B | -1, puzzle: number): void {
    // A fresh attempt (dealt when start is −1): createGameFrom's new state copied over this one.
    Object.assign(s, createGameFrom(t, s.target as Board, s.rules, start as Board, s.seed, now, puzzle));
    cues.push(CUE_NEW_GAME);
    const preview = ruleColumn(s.rules, COL_PREVIEW_MS);
    if (preview > 0) {
      fx.flash = s.target;
      fx.flashMs = preview;
    }
  }

  if (type === ACT_UNDO || type === ACT_TAKE_BACK) {
    // Undo acts while the game does (take-back, a hold's, always).
    if (!(s.status === PLAYING || hasRule(s.rules, LIVE_AFTER_END)) && type === ACT_UNDO) return ERR_GAME_OVER;
    if (s.histLen === 0) return ERR_NOTHING_TO_UNDO;
    // The newest history entry: its key, and the status and reason before it.
    s.histTop = (s.histTop + HISTORY_SIZE - 1) % HISTORY_SIZE;
    const entry = s.hist[s.histTop];
    // A press taken back: k − 1 more presses of its key (on/off: the same XOR).
    if (CELL_BOARDS && cells) s.board = cells.advance(s.board as string, entry & 0xff, cells.cycle - 1) as B;
    else (s as GameState<Board> as GameState).board ^= t.toggle[entry & 0xff];
    s.moves--;
    s.status = (entry >> 8) & 3;
    s.reason = (entry >> 10) & 3;
    s.histLen--;
    if ((entry & HIST_ENDED) !== 0) s.endedAt = -1;
    if (type === ACT_UNDO) cues.push(CUE_UNDO);
  } else if (type === ACT_NEW_GAME) {
    if (typeof ev.seed === "number" && ev.seed === ev.seed) {
      s.seed = ev.seed >>> 0;
      restart(-1, 0);
    } else {
      restart(-1, s.puzzle + 1);
    }
  } else if (type === ACT_SAME_GAME) {
    if (hasRule(s.rules, SAME_GAME_DEALS)) restart(-1, s.puzzle + 1);
    else restart(s.start, s.puzzle);
  } else if (type === ACT_SET_RULES) {
    const idx = RULE_NAMES.indexOf(ev.rules === undefined ? "" : ev.rules);
    if (idx < 0 || startCode(t, s.target, idx, -1) !== START_OK) return ERR_UNKNOWN_RULES;
    s.rules = idx;
    // The same start when the new rules allow it, else a deal of the same puzzle number.
    restart(startCode(t, s.target, idx, s.start) === START_OK ? s.start : -1, s.puzzle);
  } else {
    return ERR_UNKNOWN_EVENT;
  }
  return ERR_NONE;
}

/** The pure form of update: a new state and its effects; `s` is not changed. */
export function step<B extends Board = number>(t: GameTables, s: GameState<B>, ev: GameEvent): Step<B> {
  const next = copyState(s);
  const fx = newEffects<B>();
  update(t, next, ev, fx);
  return { state: next, effects: fx };
}

// ---- Saving ---------------------------------------------------------------------------

const SAVE_FIELDS = 10;
/** Largest number a saved field may hold (masks are saved unsigned). */
const SAVE_MAX = 4294967295;

/**
 * The game as one short line of text for flash storage:
 * `M2,rules,seed,puzzle,target,start,board,moves,frozen,elapsed`
 * (decimal; masks unsigned; `frozen` = the clock has stopped). Status, reason and par are not
 * saved: loading recomputes them from the board and move count, as play does. The undo
 * history is not saved. `now` gives the elapsed time of a running clock (without it a running
 * clock is saved as 0). Damage to the text is the store's to detect (firmware/store.ts keeps a
 * CRC-32 with each file); loadGame rejects anything malformed or out of place.
 */
export function saveGame(s: GameState<Board>, now?: number): string {
  const frozen = s.endedAt >= 0 ? 1 : 0;
  const elapsed = frozen ? s.endedAt - s.startedAt : now === undefined ? 0 : now - s.startedAt;
  // Cell boards' digit strings are saved as they are.
  const digits = CELL_BOARDS && typeof s.board === "string";
  return [
    "M2", RULE_NAMES[s.rules], s.seed >>> 0, s.puzzle, digits ? s.target : (s.target as number) >>> 0,
    digits ? s.start : (s.start as number) >>> 0, digits ? s.board : (s.board as number) >>> 0, s.moves, frozen,
    Math.max(0, Math.floor(elapsed)),
  ].join(",");
}

/**
 * A game saved by saveGame, or null when the text is malformed, for another board, or names a
 * start its rules cannot deal or a board no presses reach from it. Its status and reason are
 * what its board and move count decide under its rules (judgeMove). The clock resumes at `now`
 * (default 0) with the saved elapsed time; the undo history is empty. On cell tables the
 * target, start and board are digit strings (one digit below k per cell).
 */
export function loadGame<B extends Board = number>(t: GameTables, text: string, now?: number): GameState<B> | null {
  const parts = typeof text === "string" ? text.split(",") : [];
  const rules = RULE_NAMES.indexOf(parts[1]);
  if (parts.length !== SAVE_FIELDS || parts[0] !== "M2" || rules < 0) return null;
  const cells = CELL_BOARDS && t.extras ? t.extras.ops : undefined;
  const n: number[] = [];
  for (let i = 2; i < SAVE_FIELDS; i++) {
    // A whole number 0..SAVE_MAX written as saveGame writes it (no sign, exponent or leading zero).
    const v = Number(parts[i]);
    if (CELL_BOARDS && cells && i >= 4 && i <= 6) {
      // A board of digits: one per cell, each below k.
      if (parts[i].length !== t.cells) return null;
      for (let c = 0; c < t.cells; c++) {
        const d = parts[i].charCodeAt(c) - 48;
        if (!(d >= 0 && d < cells.cycle)) return null;
      }
      n.push(0);
      continue;
    }
    if (!(String(v) === parts[i] && v >= 0 && v <= SAVE_MAX && Math.floor(v) === v)) return null;
    n.push(v);
  }
  const cellMask = (t.cells >= 32 ? -1 : (1 << t.cells) - 1) >>> 0;
  const target: Board = CELL_BOARDS && cells ? parts[4] : n[2] | 0;
  const start: Board = CELL_BOARDS && cells ? parts[5] : n[3] | 0;
  const board: Board = CELL_BOARDS && cells ? parts[6] : n[4] | 0;
  if (n[2] > cellMask || n[3] > cellMask || n[4] > cellMask || n[5] > 1e9 || n[6] > 1) return null;
  if (startCode(t, target, rules, start) !== START_OK) return null;
  if (!(CELL_BOARDS && cells ? cells.canReach(start as string, board as string) : isReachable(t, (start as number) ^ (board as number)))) return null;
  const at = now === undefined ? 0 : now;
  // A valid start (checked above), so createGameFrom does not throw.
  const s = createGameFrom(t, target, rules, start, n[0], at - n[7], n[1]) as GameState<Board> as GameState<B>;
  s.board = board as B;
  s.moves = n[5];
  const v = judgeMove(s);
  s.status = v & 3;
  s.reason = v >> 2;
  s.endedAt = n[6] ? at : -1;
  return s;
}

/**
 * Magic Square, game 5 of the 1978 toy, as the mid-end plays it (midend.ts Player): the game of
 * game.ts on the board's own back-end under its rule sets (basic, merlin1978, classic), and on
 * the square pixel boards the Lights Out games beside them (lightsout, lightsout2000,
 * blackwhite), each on a back-end of its own made when it is chosen. Its state (`me.ms`) is the
 * game with its move log; a hold takes back the presses of its keys through that log, so undo
 * and redo are the game's own, not snapshots. Its statistics are the toy's (merlin.sta: games,
 * wins, the fewest moves of a win) and its rule set is kept with the settings.
 *
 * On the toy this file is a Storage module of its own (firmware/build/build.ts), made with the
 * board's tables, and read when Magic Square is played.
 */
import { Backend, Board, mathsOf, Maths } from "../backend";
import {
  ACT_COMP_TURN, ACT_HINT, ACT_NEW_GAME, ACT_PRESS, ACT_REDO, ACT_SAME_GAME, ACT_SET_RULES, ACT_SHOW, ACT_TAKE_BACK, ACT_UNDO,
  createGameFrom, GameEvent, GameState, loadGame, PLAYING, reasonName, saveGame, START_OK, startCode, statusName, update, WON,
} from "../game";
import {
  ASK_KEEP, ASK_LINE, ASK_REFUSAL, ASK_STATE, ASK_STATS, Command, FILE_GAME, FILE_SETTINGS, FILE_STATS, flash, GOAL_FLASH_MS, MAGIC_SQUARE, Player,
  RULES_FLASH_MS, SAVE_NOW, Toy, ToyEffects,
} from "../midend";
import { RULE_NAMES } from "../rules";
import { CUE_NEW_GAME } from "../sounds";

/**
 * A Lights Out game beyond the board's own rule sets (src/maths/games.ts; square pixel boards:
 * lightsout, lightsout2000, blackwhite): its name (what setRules takes), a function that makes
 * its back-end when it is chosen (the toy holds the back-end of the game played only; on the
 * toy it reads it from the game's Storage module, through `me.shelf`), its goal and the rule
 * set it plays under.
 */
export interface ToyGame {
  name: string;
  backend: (me: Toy) => Backend<Board>;
  target: Board;
  rules: number;
}

/** Magic Square on one board: the Player, and what it plays on (its functions read them as `this`). */
interface MagicSquare extends Player {
  /** Makes the board's own back-end (its rule sets play on it; on the toy it may read its class through `me.shelf`), and the board's goal. */
  board: (me: Toy) => Backend<Board>;
  target: Board;
  /** The Lights Out games the board has. */
  games: ToyGame[];
}

/** Magic Square's state, `me.ms`. */
interface MagicState {
  /** The game played among the Lights Out games (−1: a rule set on the board's own back-end), and its back-end. */
  gameNo: number;
  backend: Backend<Board>;
  game: GameState<Board>;
  /** Moves made by the current group of keys (first key down … all up): what a gesture takes back. */
  groupMoves: number;
  /** The statistics and the redo length when that group began. */
  playedBefore: number;
  wonBefore: number;
  bestBefore: number;
  redoBefore: number;
}

/** The index of the game called `name` among `games`, −1 when it is none (a rule set). */
function indexOfGame(games: ToyGame[], name: unknown): number {
  for (let i = 0; i < games.length; i++) if (games[i].name === name) return i;
  return -1;
}

/** The back-end of game `no` (−1: the board's own). */
function backendOf(p: MagicSquare, me: Toy, no: number): Backend<Board> {
  return no < 0 ? p.board(me) : p.games[no].backend(me);
}

/** The name of the rule set or game played (what setRules takes and the settings keep). */
function rulesName(p: MagicSquare, st: MagicState): string {
  return st.gameNo >= 0 ? p.games[st.gameNo].name : RULE_NAMES[st.game.rules];
}

/**
 * Plays Magic Square: the game of the game file's text `line` (a Lights Out game's starts with
 * its name and a space), else the one left last (`kept`), else a new one from `seed` under the
 * settings' rule set (`me.rules`; one the board does not have: its first).
 */
function enter(this: MagicSquare, me: Toy, name: string, line: string | null, kept: any, seed: number): void {
  const text = line !== null ? line : kept ? kept["state"] : "";
  const chosen = indexOfGame(this.games, me.rules);
  const rules = Math.max(0, RULE_NAMES.indexOf(me.rules));
  // The saved game, on the back-end it names; a text naming no game of the board counts as none.
  const space = text.indexOf(" ");
  const named = space > 0 ? indexOfGame(this.games, text.slice(0, space)) : -1;
  const fromText = text !== "" && !(space > 0 && named < 0);
  let no = fromText ? named : chosen;
  let backend = backendOf(this, me, no);
  const saved = fromText ? loadGame(backend, text.slice(space + 1), me.now) : null;
  if (saved === null && no !== chosen) {
    no = chosen;
    backend = backendOf(this, me, no);
  }
  const g = no >= 0 ? this.games[no] : null;
  const goal = g ? g.target : this.target;
  const game = saved !== null && saved.target === goal ? saved : createGameFrom(backend, goal, g ? g.rules : rules, null, seed, me.now);
  const st: MagicState = { gameNo: no, backend: backend, game: game, groupMoves: 0, playedBefore: 0, wonBefore: 0, bestBefore: 0, redoBefore: 0 };
  me.ms = st;
  me.rules = rulesName(this, st);
}

/** What merlin.gms keeps of the game, for when Magic Square is chosen again (its clock as saved when not running: from 0). */
function keep(p: MagicSquare, me: Toy): any {
  const st: MagicState = me.ms;
  const saved = saveGame(st.backend, st.game);
  return { "state": st.gameNo >= 0 ? p.games[st.gameNo].name + " " + saved : saved };
}

/**
 * Runs game event `ev` and records what came of it: the game to be saved when it changed, a
 * result in the statistics (written at once), a rule change in the settings.
 */
function run(p: MagicSquare, me: Toy, fx: ToyEffects, ev: GameEvent): void {
  const st: MagicState = me.ms;
  const game = st.game;
  const was = game.status;
  const rulesWere = game.rules;
  update(st.backend, game, ev, fx);
  fx.show = true;
  if (ev.type !== ACT_SHOW && ev.type !== ACT_HINT && fx.error === 0) fx.save |= 1 << FILE_GAME;
  if (game.rules !== rulesWere) {
    me.rules = rulesName(p, st);
    fx.save |= 1 << FILE_SETTINGS;
  }
  if (was === PLAYING && game.status !== PLAYING) {
    me.played++;
    if (game.status === WON) {
      me.won++;
      if (me.best === 0 || game.moves < me.best) me.best = game.moves;
    }
    fx.save |= (1 << FILE_STATS) | SAVE_NOW;
  }
}

/** A pad: presses the key there (a pad that is no key, as blackwhite's last row and column, is an illegal key). */
function key(this: MagicSquare, me: Toy, fx: ToyEffects, pad: number): boolean {
  const st: MagicState = me.ms;
  run(this, me, fx, { type: ACT_PRESS, now: me.now, key: st.backend.keyAt(pad) + 1 });
  if (fx.error !== 0) return false;
  st.groupMoves++;
  return true;
}

/** A new game of rule set or game `name` (one the board has), puzzle 0 of the same seed (as `merlin play --rules NAME --seed N` deals). */
function switchTo(p: MagicSquare, me: Toy, fx: ToyEffects, name: string): void {
  const st: MagicState = me.ms;
  const no = indexOfGame(p.games, name);
  if (no !== st.gameNo) {
    // The toy holds the back-end of the game played only, made when it is chosen.
    st.gameNo = no;
    st.backend = backendOf(p, me, no);
  }
  const g = no >= 0 ? p.games[no] : null;
  st.game = createGameFrom(st.backend, g ? g.target : p.target, g ? g.rules : RULE_NAMES.indexOf(name), null, st.game.seed, me.now);
  me.rules = name;
  run(p, me, fx, { type: ACT_SHOW, now: me.now });
  fx.cues.push(CUE_NEW_GAME);
  fx.save |= (1 << FILE_GAME) | (1 << FILE_SETTINGS);
}

/**
 * The game from the start board `text` (as --start on the command line: the digits 0/1, or in
 * a colour game 0 … k − 1, pad 1 first, rows optionally separated by "/"), or the one line that
 * says why it cannot start.
 */
function startFrom(me: Toy, text: unknown): GameState<Board> | string {
  const st: MagicState = me.ms;
  const b = st.backend;
  const rows = typeof text === "string" ? text.trim().split("/") : [""];
  let ok = rows.length <= b.rows;
  for (let i = 0; i < rows.length; i++) if (rows.length > 1 && rows[i].length !== b.cols) ok = false;
  const start = ok ? b.parse(rows.join("")) : null;
  if (start === null) {
    return "start must be " + b.cells + " digits " + (b.cycle === 2 ? "0/1" : "0-" + (b.cycle - 1)) + " (rows of " + b.cols + " may be split by /), got " + text;
  }
  try {
    return createGameFrom(b, st.game.target, st.game.rules, start, st.game.seed, me.now);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** What a command does in Magic Square (the mid-end's perform passes it those that are the game's); `arg` has been checked. */
function perform(this: MagicSquare, me: Toy, fx: ToyEffects, cmd: Command, arg: unknown): void {
  const st: MagicState = me.ms;
  if (cmd === "newGame") run(this, me, fx, { type: ACT_NEW_GAME, now: me.now, seed: typeof arg === "number" ? arg : undefined });
  else if (cmd === "sameGame") run(this, me, fx, { type: ACT_SAME_GAME, now: me.now });
  else if (cmd === "undo") run(this, me, fx, { type: ACT_UNDO, now: me.now });
  else if (cmd === "redo") run(this, me, fx, { type: ACT_REDO, now: me.now });
  else if (cmd === "hint" || cmd === "compTurn") {
    run(this, me, fx, { type: cmd === "hint" ? ACT_HINT : ACT_COMP_TURN, now: me.now });
    // The pad that shows the key (on most boards the key itself).
    if (fx.hint >= 0) fx.hint = st.backend.padOfKey(fx.hint);
  } else if (cmd === "nextRules") {
    // The rule sets, then the games: pad 1, 2, 3, then 4, 5, … lights for the one chosen.
    const now = st.gameNo >= 0 ? RULE_NAMES.length + st.gameNo : st.game.rules;
    const next = (now + 1) % (RULE_NAMES.length + this.games.length);
    perform.call(this, me, fx, "setRules", next < RULE_NAMES.length ? RULE_NAMES[next] : this.games[next - RULE_NAMES.length].name);
    const shown: MagicState = me.ms;
    flash(fx, 1 << (shown.gameNo >= 0 ? RULE_NAMES.length + shown.gameNo : shown.game.rules), RULES_FLASH_MS);
  } else if (cmd === "setRules") {
    // Into a game, out of one or between games: its back-end and goal; else the rule set on this game.
    if (st.gameNo >= 0 || indexOfGame(this.games, arg) >= 0) switchTo(this, me, fx, String(arg));
    else run(this, me, fx, { type: ACT_SET_RULES, now: me.now, rules: String(arg) });
  } else if (cmd === "goal") {
    run(this, me, fx, { type: ACT_SHOW, now: me.now });
    flash(fx, st.game.target, GOAL_FLASH_MS);
  } else if (cmd === "start") {
    // (Checked by ASK_REFUSAL first: a game, not a reason.)
    st.game = startFrom(me, arg) as GameState<Board>;
    run(this, me, fx, { type: ACT_SHOW, now: me.now });
    fx.save |= 1 << FILE_GAME;
  } else run(this, me, fx, { type: ACT_SHOW, now: me.now });
}

/**
 * Why a command of Magic Square is refused ("" when it is not): a rule set the board cannot
 * deal under or a game it does not have, a start that cannot start, a setting (Magic Square's
 * are setRules, mute and setIdle).
 */
function refusal(p: MagicSquare, me: Toy, cmd: Command, arg: unknown): string {
  if (cmd === "set") return "set is for " + me.shelf.names.join(", ") + "; Magic Square's settings are setRules, mute and setIdle";
  if (cmd === "start") {
    const started = startFrom(me, arg);
    return typeof started === "string" ? started : "";
  }
  if (cmd !== "setRules") return "";
  const r = RULE_NAMES.indexOf(String(arg));
  if (r < 0 && indexOfGame(p.games, arg) >= 0) return "";
  // A rule set plays on the board's own back-end (in a game, or outside Magic Square, made for this check).
  const st: MagicState | null = me.name === MAGIC_SQUARE ? me.ms : null;
  if (r >= 0 && startCode(st !== null && st.gameNo < 0 ? st.backend : p.board(me), p.target, r, null) === START_OK) return "";
  let names = RULE_NAMES.join(", ");
  for (let i = 0; i < p.games.length; i++) names += ", " + p.games[i].name;
  return "rules must be one of " + names + ", got " + arg;
}

/** Shows the game as it stands. */
function show(this: MagicSquare, me: Toy, fx: ToyEffects): void {
  run(this, me, fx, { type: ACT_SHOW, now: me.now });
}

/** A group of keys begins: what a gesture would go back to. */
function mark(me: Toy): void {
  const st: MagicState = me.ms;
  st.groupMoves = 0;
  st.playedBefore = me.played;
  st.wonBefore = me.won;
  st.bestBefore = me.best;
  st.redoBefore = st.game.redoLen;
}

/** A gesture: the presses of its group of keys taken back, with any result they counted; what redo offered before them stays offered. */
function back(this: MagicSquare, me: Toy, fx: ToyEffects): void {
  const st: MagicState = me.ms;
  if (st.groupMoves === 0) return;
  for (; st.groupMoves > 0; st.groupMoves--) update(st.backend, st.game, { type: ACT_TAKE_BACK, now: me.now }, fx);
  st.game.redoLen = st.redoBefore;
  if (me.played !== st.playedBefore) {
    me.played = st.playedBefore;
    me.won = st.wonBefore;
    me.best = st.bestBefore;
    fx.save |= 1 << FILE_STATS;
  }
  fx.save |= 1 << FILE_GAME;
  run(this, me, fx, { type: ACT_SHOW, now: me.now });
}

/** Merlin.state()'s fields of Magic Square. */
function state(me: Toy): { [key: string]: any } {
  const st: MagicState = me.ms;
  const game = st.game;
  return {
    "board": st.backend.digits(game.board),
    "moves": game.moves,
    "status": statusName(game),
    "reason": reasonName(game),
    "rules": me.rules,
    "seed": game.seed,
    "puzzle": game.puzzle,
    "par": game.par,
  };
}

/** Merlin.stats(): games finished, games won, the fewest moves of a win (0 before the first). */
function stats(me: Toy): { [key: string]: number } {
  return { "games": me.played, "wins": me.won, "best": me.best };
}

/** The game file's text: the saved game (game.ts saveGame), after its name in a Lights Out game. */
function line(p: MagicSquare, me: Toy, time: number): string {
  const st: MagicState = me.ms;
  const saved = saveGame(st.backend, st.game, time);
  return st.gameNo >= 0 ? p.games[st.gameNo].name + " " + saved : saved;
}

/** What the toy asks of Magic Square (midend.ts ASK_*). */
function ask(this: MagicSquare, me: Toy, what: number, a?: any, b?: any): any {
  if (what === ASK_KEEP) return keep(this, me);
  if (what === ASK_REFUSAL) return refusal(this, me, a, b);
  if (what === ASK_STATE) return state(me);
  if (what === ASK_STATS) return stats(me);
  if (what === ASK_LINE) return line(this, me, a);
  return maths(me);
}

/** The maths of the game played (backend.ts Maths), for the teaching view. */
function maths(me: Toy): Maths {
  const st: MagicState = me.ms;
  return mathsOf(st.backend, st.game.target);
}

/** Magic Square on the board whose back-end `board` makes, with goal `target` and the Lights Out games `games`. */
export function magicSquare(board: (me: Toy) => Backend<Board>, target: Board, games: ToyGame[]): Player {
  const p: MagicSquare = {
    board: board, target: target, games: games, enter: enter, key: key, perform: perform, show: show, mark: mark, back: back, ask: ask,
  };
  return p;
}

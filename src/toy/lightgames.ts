/**
 * Merlin's games on its lights, as the mid-end plays them (midend.ts Player): Tic-Tac-Toe,
 * Music Machine, Echo, Blackjack 13 and Mindbender, each a GameModule (gamemodule.ts) written
 * in Merlin's own lights 0 … 10 and buttons. This player is what stands between such a module
 * and a board: a pad is the light over it (a pad with none is an illegal key), a lit light its
 * pad, a button the module's key; undo and redo by snapshots of the module's saved line where
 * the module allows them; each game's state and results kept in merlin.gms when it is left, so
 * it comes back as it was, its settings with it.
 *
 * On the toy this file is a Storage module of its own (firmware/build/build.ts), read when one
 * of these games is played, beside the game's own module.
 */
import {
  AnyGameModule, createEffects, createHistory, GameEffects, GameLayout, History, historyPush, historyRedo, historyUndo,
  KEY_NEW_GAME, layoutFor, lightOfPad, padsOfLights, STATUS_NAMES, STATUS_PLAYING,
} from "./gamemodule";
import { ASK_KEEP, ASK_LINE, ASK_REFUSAL, ASK_STATE, ASK_STATS, buttonOf, Command, FILE_GAME, FILE_GAMES, gameFile, Player, SAVE_NOW, Toy, ToyEffects } from "./midend";
import { maskToBits } from "./maskbits";
import { CUE_ILLEGAL, CUE_NEW_GAME } from "./sounds";

/**
 * Keys a game's undo takes back, each a snapshot of its saved line: the last four (what the
 * 3×3 boards have room for beside the core and the game: docs/architecture.md).
 */
export const HISTORY_SIZE = 4;

/** The state of the game played, `me.ms`. */
interface LightState {
  /** Where Merlin's lights and buttons are on this board. */
  layout: GameLayout;
  mod: AnyGameModule;
  /** The module's own state. */
  s: any;
  /**
   * What the player keeps of `s` while it stands: its saved line (undo's snapshot, a gesture's
   * mark; null once `s` changed, made again when next wanted: lineOf) and its status. A key that
   * changes nothing (a refused one, most often) then asks the module for neither.
   */
  line: string | null;
  status: number;
  /** Games finished, won, lost, drawn (index STATUS_* − 1 + 1). */
  results: number[];
  /** Undo's snapshots; null in a game without undo (mod.undo false), which keeps none. */
  history: History | null;
  /** The game (its saved line) and its results when the current group of keys began, and whether a key of it changed the game. */
  groupLine: string;
  groupResults: number[];
  groupMoved: boolean;
}

/**
 * Plays game `name` from now on: its module from the shelf, its state from `line` (the game
 * file's), else from what was `kept` when it was last left (its results with it), else a new
 * game from `seed`.
 */
function enter(me: Toy, name: string, line: string | null, kept: any, seed: number): void {
  const mod: AnyGameModule = me.shelf.load(name);
  if (!mod || mod.name !== name || typeof mod.create !== "function") throw new Error(gameFile(name) + " is not the game " + name + ": flash the toy again");
  const layout = layoutFor(me.rows, me.cols);
  let s = line !== null ? mod.load(line, layout) : null;
  if (s === null && kept) s = mod.load(kept["state"], layout);
  const st: LightState = {
    layout: layout, mod: mod, s: null, line: null, status: STATUS_PLAYING, results: kept ? kept["results"].slice() : [0, 0, 0, 0],
    history: mod.undo ? createHistory(HISTORY_SIZE) : null, groupLine: "", groupResults: [0, 0, 0, 0], groupMoved: false,
  };
  me.ms = st;
  setState(st, s !== null ? s : mod.create(seed, layout, me.now));
}

/** The game from now on is the module's state `s` (loaded, made new, or taken back). */
function setState(st: LightState, s: any): void {
  st.s = s;
  st.line = null;
  st.status = st.mod.status(s);
}

/** The module's saved line of the game as it stands. */
function lineOf(st: LightState): string {
  if (st.line === null) st.line = st.mod.save(st.s);
  return st.line;
}

/** What merlin.gms keeps of the game (when it is left, and when that file is written): its state and results. */
function keep(me: Toy): any {
  const st: LightState = me.ms;
  return { "state": lineOf(st), "results": st.results.slice() };
}

/** What play runs on the module: a key (a light, or KEY_*), its tick, or a command (a setting). */
const PLAY_KEY = 0;
const PLAY_TICK = 1;
const PLAY_COMMAND = 2;

/**
 * Runs `what` on the module (PLAY_*: key `k`, the tick, or the command `k`, a setting's name
 * and its value), then shows its effects on the board's pads (showLights), writes the game file
 * when the state changed, and counts a result when the game ends. Returns whether the state
 * changed. (A module says `changed` whenever its saved line may differ — the game file is
 * written then — so only then are the line and status made again; a tick, seldom, makes them
 * again whatever it says.)
 */
function play(me: Toy, fx: ToyEffects, what: number, k: any): boolean {
  const st: LightState = me.ms;
  const mod = st.mod;
  // (Whether this call showed the game already, as a hold does before the command it runs.)
  const shown = fx.show;
  const gfx = freshLights(fx);
  const was = st.status;
  const before = st.history !== null && what !== PLAY_TICK ? lineOf(st) : "";
  const refusedBefore = fx.refused;
  if (what === PLAY_KEY) mod.key(st.s, k, me.now, gfx);
  else if (what === PLAY_TICK) mod.tick(st.s, me.now, gfx);
  else mod.command(st.s, String(k[0]), k[1], me.now, gfx);
  const changed = gfx.changed;
  const refused = fx.refused !== refusedBefore;
  if (changed || what === PLAY_TICK) setState(st, st.s);
  // A key that changed the game is what a gesture takes back.
  if (changed && what === PLAY_KEY) st.groupMoved = true;
  // Undo takes back a key (or a setting) with what its ticks did after it (Merlin's answer in
  // Tic-Tac-Toe), so a tick's change is no step of its own.
  if (changed && what !== PLAY_TICK && st.history !== null && !refused) historyPush(st.history, before);
  // A key or command refused, which changed nothing, leaves the pads as they are (the buzz is
  // its answer); else the game is shown.
  if (shown || changed || gfx.show || !refused) showLights(st, gfx);
  if (changed) fx.save |= 1 << FILE_GAME;
  const now = st.status;
  if (was === STATUS_PLAYING && now !== STATUS_PLAYING) {
    st.results[0]++;
    st.results[now]++;
    fx.save |= (1 << FILE_GAMES) | SAVE_NOW;
  }
  return changed;
}

/**
 * The toy's effects `gfx` made ready for the module: what it shows, in its lights, starts from
 * nothing (as in createEffects), and what it plays and refuses goes on after what the call
 * has so far (one record for the toy and the game: a second, copied over, cost a key press
 * some 0.2 M instructions on Espruino, docs/architecture.md). `changed` is the module's alone.
 */
function freshLights(gfx: ToyEffects): GameEffects {
  gfx.frame = 0;
  gfx.blink = 0;
  gfx.flashMs = 0;
  gfx.show = false;
  gfx.changed = false;
  // (A cast: a Board is a digit string only in Magic Square's colour games; here it is lights, a number.)
  return gfx as GameEffects;
}

/**
 * The module's effects `gfx` (made by freshLights) as the toy shows them: the game as it stands
 * when the module showed nothing, and its lights on the board's pads.
 */
function showLights(st: LightState, gfx: GameEffects): void {
  if (!gfx.show) st.mod.show(st.s, gfx);
  gfx.show = true;
  gfx.frame = padsOfLights(st.layout, gfx.frame);
  gfx.blink = padsOfLights(st.layout, gfx.blink);
  if (gfx.flashMs > 0) gfx.flash = padsOfLights(st.layout, gfx.flash);
}

/**
 * A pad: the light over it (a pad with none is an illegal key); or a button after the pads
 * (Player.buttons), the module's key of it: KEY_NEW_GAME … KEY_COMP_TURN are in the buttons' order.
 */
function key(me: Toy, fx: ToyEffects, pad: number): boolean {
  const st: LightState = me.ms;
  if (pad >= me.pads) return play(me, fx, PLAY_KEY, KEY_NEW_GAME + pad - me.pads);
  const light = lightOfPad(st.layout, pad);
  if (light < 0) {
    show(me, fx);
    fx.cues.push(CUE_ILLEGAL);
    return false;
  }
  return play(me, fx, PLAY_KEY, light);
}

/** Undo or redo: the module's snapshots, when it offers them. */
function undo(me: Toy, fx: ToyEffects, redo: boolean): void {
  const st: LightState = me.ms;
  const mod = st.mod;
  const line = st.history !== null ? (redo ? historyRedo : historyUndo)(st.history, lineOf(st)) : null;
  const back = line !== null ? mod.load(line, st.layout) : null;
  if (back === null) {
    fx.refused = mod.undo ? "nothing to " + (redo ? "redo" : "undo") : mod.name + " has no undo";
    fx.cues.push(CUE_ILLEGAL);
  } else {
    setState(st, back);
    fx.save |= 1 << FILE_GAME;
  }
  show(me, fx);
}

/** What a command does in these games (NEW GAME without a seed chooses a game: the mid-end's). */
function perform(me: Toy, fx: ToyEffects, cmd: Command, arg: unknown): void {
  const st: LightState = me.ms;
  const b = buttonOf(cmd);
  if (cmd === "newGame" && typeof arg === "number") {
    // From the console, with a seed: a new game of this game from that seed.
    setState(st, st.mod.create(arg, st.layout, me.now));
    if (st.history !== null) st.history = createHistory(HISTORY_SIZE);
    show(me, fx);
    fx.cues.push(CUE_NEW_GAME);
    fx.save |= 1 << FILE_GAME;
  } else if (b >= 0) {
    // NEW GAME here is the game chosen (again): it starts over and asks for its settings.
    // (The module's keys KEY_NEW_GAME … KEY_COMP_TURN are in the buttons' order.)
    play(me, fx, PLAY_KEY, KEY_NEW_GAME + b);
    if (b === 0) fx.cues.push(CUE_NEW_GAME);
  } else if (cmd === "undo" || cmd === "redo") undo(me, fx, cmd === "redo");
  else if (cmd === "set") {
    // (Checked by ASK_REFUSAL: a setting's name and its value.)
    play(me, fx, PLAY_COMMAND, arg);
  } else {
    // GOAL (holding pad 8, Merlin.goal()) is Magic Square's: these games have no goal to show.
    fx.refused = "goal is Magic Square's: " + st.mod.name + " has none";
    fx.cues.push(CUE_ILLEGAL);
    show(me, fx);
  }
}

/** Why a command of these games is refused ("" when it is not). */
function refusal(me: Toy, cmd: Command, arg: unknown): string {
  const st: LightState = me.ms;
  if (cmd === "set" && (!(arg instanceof Array) || arg.length !== 2 || typeof arg[0] !== "string")) return "set takes a setting's name and its value";
  if (cmd === "start") return "start is Magic Square's: " + st.mod.name + " starts with newGame";
  return "";
}

/** When the module next wants the clock (a tune playing, Merlin's move), −1 never. */
function due(me: Toy): number {
  const st: LightState = me.ms;
  return st.mod.due(st.s);
}

function tick(me: Toy, fx: ToyEffects): void {
  play(me, fx, PLAY_TICK, 0);
}

/** Shows the game as it stands. */
function show(me: Toy, fx: ToyEffects): void {
  const st: LightState = me.ms;
  showLights(st, freshLights(fx));
}

/** A group of keys begins: the game as it found it, for a gesture to go back to. */
function mark(me: Toy): void {
  const st: LightState = me.ms;
  st.groupLine = lineOf(st);
  st.groupResults = st.results.slice();
  st.groupMoved = false;
}

/** A gesture: back to the game as its group of keys found it. */
function back(me: Toy, fx: ToyEffects): void {
  const st: LightState = me.ms;
  if (!st.groupMoved) return;
  const s = st.mod.load(st.groupLine, st.layout);
  if (s !== null) setState(st, s);
  st.results = st.groupResults;
  st.groupMoved = false;
  fx.save |= (1 << FILE_GAME) | (1 << FILE_GAMES);
  show(me, fx);
}

/** Merlin.state()'s fields of these games: the status, the pads lit and which blink, and the module's own account of its game. */
function state(me: Toy): { [key: string]: any } {
  const st: LightState = me.ms;
  const gfx = createEffects();
  st.mod.show(st.s, gfx);
  return {
    "status": STATUS_NAMES[st.status],
    "board": maskToBits(padsOfLights(st.layout, gfx.frame), me.pads),
    "blink": maskToBits(padsOfLights(st.layout, gfx.frame & gfx.blink), me.pads),
    "state": st.mod.describe(st.s),
    "results": stats(me),
  };
}

/** Merlin.stats() in these games: games finished, won, lost, drawn. */
function stats(me: Toy): { [key: string]: number } {
  const st: LightState = me.ms;
  const r = st.results;
  return { "games": r[0], "wins": r[1], "losses": r[2], "draws": r[3] };
}

/** The game file's text: the game's name, a space, its saved line. */
function line(me: Toy, time: number): string {
  const st: LightState = me.ms;
  return st.mod.name + " " + lineOf(st);
}

/** What the toy asks of these games (midend.ts ASK_*). */
function ask(me: Toy, what: number, a?: any, b?: any): any {
  if (what === ASK_KEEP) return keep(me);
  if (what === ASK_REFUSAL) return refusal(me, a, b);
  if (what === ASK_STATE) return state(me);
  if (what === ASK_STATS) return stats(me);
  if (what === ASK_LINE) return line(me, a);
  // (ASK_MATHS: these games have no maths for the teaching view; that is Magic Square's and Lights Out's.)
  return null;
}

/** The player of every game on Merlin's lights. */
export const lightGames: Player = {
  enter: enter, key: key, buttons: true, perform: perform, show: show, mark: mark, back: back, due: due, tick: tick, ask: ask,
};

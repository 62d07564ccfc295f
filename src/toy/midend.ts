/**
 * The toy's mid-end, after the mid-end of Simon Tatham's puzzle collection: what the toy does
 * with its keys and its console, between the game (game.ts, played through a back-end:
 * backend.ts) and the hardware. One instance per toy (createToy), made with the board's
 * back-end, its games and its settings' limits; it owns the game with its move log (undo and
 * redo), the hold gestures, the statistics and settings with their files and validation, the
 * self-test, sleep and stuck keys. A front end (firmware/, the simulator, a test) only forwards
 * input and carries out the effects:
 *
 *   in:  toyKeys (the debounced key mask), toyCommand (a console call or a button), toyTick
 *        (a deadline: ToyEffects.due), each with the time now in ms — the instance's clock;
 *   out: each returns a new ToyEffects — a frame to show (with blinking pads and a flash),
 *        sound cues, files to save (and whether at once), sleep or wake, when to call again;
 *        toyFile gives a file's text when it is written.
 *
 * Everything is plain state and explicit time, so the host tests drive it with timed tables
 * of key masks, as QMK tests its debouncers (test/midend.test.ts).
 */
import { Backend, Board, mathsOf, Maths } from "./backend";
import {
  ACT_COMP_TURN, ACT_HINT, ACT_NEW_GAME, ACT_PRESS, ACT_REDO, ACT_SAME_GAME, ACT_SET_RULES, ACT_SHOW, ACT_TAKE_BACK, ACT_UNDO,
  createGameFrom, Effects, GameState, loadGame, MAX_SEED, PLAYING, reasonName, saveGame, START_OK, startCode, statusName, update, WON,
} from "./game";
import {
  createKeyEvents, EV_CHORD, EV_HOLD, EV_NONE, EV_PRESS, keyEventsNextDeadline, keyEventsPop, keyEventsUpdate, KeyEvents,
  SELF_TEST_CHORD,
} from "./keyevents";
import {
  AnyGameModule, createEffects, createHistory, GameEffects, GameLayout, hasLight, History, historyPush, historyRedo, historyUndo, KEY_COMP_TURN,
  KEY_HIT_ME, KEY_NEW_GAME, KEY_SAME_GAME, layoutFor, LIGHTS, STATUS_NAMES, STATUS_PLAYING,
} from "./gamemodule";
import { maskToBits } from "./maskbits";
import { RULE_NAMES } from "./rules";
import { CUE_ILLEGAL, CUE_MUTE, CUE_NEW_GAME, CUE_POWER_ON, CUE_SELF_TEST, CUE_UNMUTE } from "./sounds";

/**
 * What the toy can be asked to do, by a hold, a button or the console. The console's value
 * (`toyCommand`'s argument) comes from whoever types it, so it is checked, not trusted:
 * newGame (a seed, or none), setRules (a rule set or game name), mute (true/false), setIdle
 * (ms), start (a start board's digits), brightness (1 … the cap). (A key pressed from the
 * console is a key, not a command: toyPress.)
 */
export type Command =
  | "newGame" | "sameGame" | "hint" | "compTurn" | "undo" | "redo" | "nextRules" | "toggleMute" | "goal" | "sleep" | "selfTest"
  | "setRules" | "mute" | "setIdle" | "start" | "brightness" | "game" | "set";

/** Pads whose hold runs a command (holdCommand). */
export const HOLD_PADS = 9;

/**
 * What holding pad `pad` (0-based, below HOLD_PADS) for 1.5 s does; the presses its keys made
 * are taken back first. Pad 1 NEW GAME, 2 SAME GAME, 3 HIT ME, 4 UNDO, 5 COMP TURN, 6 next rule
 * set (or game), 7 mute on/off, 8 show the goal, 9 sleep.
 */
export function holdCommand(pad: number): Command {
  const commands: Command[] = ["newGame", "sameGame", "hint", "undo", "compTurn", "nextRules", "toggleMute", "goal", "sleep"];
  return commands[pad];
}

/** The pad (0-based) whose hold runs `command`, −1 when none does. */
export function holdPad(command: Command): number {
  for (let pad = 0; pad < HOLD_PADS; pad++) if (holdCommand(pad) === command) return pad;
  return -1;
}

/** Extra buttons, in their key order after the pads (buttonCommand). */
export const BUTTONS = 4;

/** What extra button `button` (0-based) does: Merlin's NEW GAME, SAME GAME, HIT ME, COMP TURN. */
export function buttonCommand(button: number): Command {
  const commands: Command[] = ["newGame", "sameGame", "hint", "compTurn"];
  return commands[button];
}

/** Idle time before the LEDs go off and the board sleeps (Lights Out's auto-off: 3 minutes). */
export const DEFAULT_IDLE_MS = 180000;
/** Idle times the console accepts besides 0 (never): 10 s to a day (setTimeout takes far more). */
export const MIN_IDLE_MS = 10000;
export const MAX_IDLE_MS = 86400000;
export const SELF_TEST_STEP_MS = 250;
export const SELF_TEST_TIMEOUT_MS = 30000;
/** How long the pad of the rule set or game a hold of pad 6 chose lights; how long GOAL shows the goal. */
export const RULES_FLASH_MS = 800;
export const GOAL_FLASH_MS = 1000;
/** The light test at power-on, and the all-pads flash of an internal error. */
export const POWER_ON_MS = 500;
export const ERROR_FLASH_MS = 300;

/** The toy's files, index FILE_* (bit 1 << FILE_* in ToyEffects.save): FILE_COUNT of them, named by fileName. */
export const FILE_COUNT = 4;
export const FILE_SETTINGS = 0;
export const FILE_STATS = 1;
export const FILE_GAME = 2;
/** Merlin's other games: each one's statistics and its state when last left (its settings in it). */
export const FILE_GAMES = 3;
/** ToyEffects.save: write the changed files now (a result, sleep), not within a second. */
export const SAVE_NOW = 8;

/** The name of file FILE_* in Storage: merlin.cfg, merlin.sta, merlin.gam, merlin.gms. */
export function fileName(file: number): string {
  return ["merlin.cfg", "merlin.sta", "merlin.gam", "merlin.gms"][file];
}

/** The Storage file of Merlin's game `name` (the build writes one for each game the profile carries). */
export function gameFile(name: string): string {
  return "merlin-" + name + ".js";
}

/** Magic Square: game 5 on the 1978 toy, the mid-end's own (game.ts over the board's back-end). */
export const MAGIC_SQUARE = "magicsquare";
export const MAGIC_SQUARE_NUMBER = 5;

/**
 * Merlin's other games, as the toy has them (the list of games, src/toy/games/index.ts): each
 * one's name and number (NEW GAME, then the pad of that light), and how its module is had when
 * it is chosen — on the toy, read from its own file in Storage, so that memory holds the game
 * played and no other. `load` throws when the module cannot be had (a file missing or damaged).
 */
export interface GameShelf {
  names: string[];
  numbers: number[];
  load: (name: string) => AnyGameModule;
}

/** A game's results: games finished, won, lost, drawn (index STATUS_* − 1 + 1). */
function noResults(): number[] {
  return [0, 0, 0, 0];
}

/** ToyEffects.power. */
export const POWER_SLEEP = 1;
export const POWER_WAKE = 2;

/**
 * A game beyond the board's own rule sets (src/maths/games.ts; square pixel boards: lightsout,
 * lightsout2000, blackwhite): its name (what setRules takes), a function that makes its
 * back-end when it is chosen (the toy holds the back-end of the game played only), its goal
 * and the rule set it plays under.
 */
export interface ToyGame {
  name: string;
  backend: () => Backend<Board>;
  target: Board;
  rules: number;
}

/** The game's effects, and what the toy asks of its front end besides. */
export interface ToyEffects extends Effects<Board> {
  /** Show frame/blink now (and flash for flashMs when flashMs > 0). */
  show: boolean;
  /** Files changed (bits 1 << FILE_*), to be written within a second; SAVE_NOW: at once. */
  save: number;
  /** POWER_SLEEP: LEDs and sound off, deep sleep; POWER_WAKE: back on; 0 neither. */
  power: number;
  /** When toyTick is next due (ms), −1 never. */
  due: number;
  /**
   * When toyKeys must be called again with the same keys for a hold, chord or stuck key to be
   * on time (ms), −1 when no key that matters is down: poll fast while it is not −1.
   */
  keysDue: number;
  /** Why toyCommand refused the call (one line), "" when it did not. */
  refused: string;
  /** The brightness of lit pads, 1 … the board's cap (0 on boards without the setting). */
  bright: number;
  /** Tones to play (Merlin's other games): (Hz, ms) pairs, Hz 0 a rest. */
  tones: number[];
}

/** One toy: its back-ends, its game, settings, statistics and the state of its gestures. */
export interface Toy {
  /** Makes the board's own back-end (its rule sets play on it), and the board's goal. */
  boardBackend: () => Backend<Board>;
  boardTarget: Board;
  /** The games beyond the rule sets, and the one played (−1: a rule set on the board's own back-end). */
  games: ToyGame[];
  gameNo: number;
  /** The back-end of the game played. */
  backend: Backend<Board>;
  /** Pads on the board (keys beyond them are the extra buttons). */
  pads: number;
  game: GameState<Board>;
  /** Statistics: games finished, games won, the fewest moves of a win (0 before the first). */
  played: number;
  won: number;
  best: number;
  muted: boolean;
  /** Idle time before sleep, ms; 0 = never. */
  idleMs: number;
  /** The brightness setting's cap (its default), 0 when the board has no such setting; the setting. */
  brightMax: number;
  bright: number;
  asleep: boolean;
  /** Self-test: −1 off; 0 … pads − 1 the next pad of the walk; pads the echo phase next; pads + 1 in it. */
  selfTest: number;
  /** When the self-test takes its next step (or ends), ms; −1 none. */
  selfTestAt: number;
  /** When the toy falls asleep unless a key or command comes first, ms; −1 never. */
  idleAt: number;
  /** Key events: holds, the self-test chord and stuck keys. */
  keys: KeyEvents;
  /** When toyKeys is due again (ToyEffects.keysDue). */
  keysDue: number;
  /** Moves made by the current group of keys (first key down … all up): what a gesture takes back. */
  groupMoves: number;
  /** The statistics and the redo length when that group began. */
  playedBefore: number;
  wonBefore: number;
  bestBefore: number;
  redoBefore: number;
  /** The last refused console call or internal error ("" none). */
  error: string;
  /** The time of the call being handled, ms. */
  now: number;
  /** Every pad lit, as a mask. */
  allPads: number;
  /** Merlin's other games: the shelf, the module played (null: Magic Square) and its state. */
  shelf: GameShelf;
  mod: AnyGameModule | null;
  ms: any;
  /** Where Merlin's lights and buttons are on this board. */
  layout: GameLayout;
  /** The module game's results (noResults), and its undo and redo (when its module offers them). */
  results: number[];
  history: History;
  /** NEW GAME waits for a game's number; the last key was NEW GAME's deal (a second one chooses). */
  choosing: boolean;
  dealt: boolean;
  /** The merlin.gms object: for each other game, {"state": its line, "results": noResults()}. */
  kept: any;
  /** The game as the current group of keys found it, for a gesture to go back to. */
  groupGame: GameState<Board>;
  groupMod: AnyGameModule | null;
  groupLine: string;
  groupChoosing: boolean;
  groupResults: number[];
}

/** The index of the game called `name` among `games`, −1 when it is none (a rule set). */
function indexOfGame(games: ToyGame[], name: unknown): number {
  for (let i = 0; i < games.length; i++) if (games[i].name === name) return i;
  return -1;
}

/**
 * A toy on the board whose back-end `board` makes, with goal `target`, `keyCount` keys (the
 * pads, then the extra buttons), `maxBright` the cap (and default) of its brightness setting
 * (0 on boards without one) and the games it plays besides its rule sets, as it is at power-on
 * at `time` from its files' texts (index FILE_*; null when missing or damaged), with `seed` for
 * a first deal when there is no saved game. A file that holds anything out of place counts as
 * missing: its defaults are used, the other files are read as usual. The settings and the game
 * file may name a game. toyPowerOn gives what the toy shows then.
 */
export function createToy(
  board: () => Backend<Board>, target: Board, keyCount: number, maxBright: number, games: ToyGame[], shelf: GameShelf, files: (string | null)[],
  seed: number, time: number,
): Toy {
  // Settings: {"rules":"basic","mute":false,"idle":180000} ("rules" may name a Lights Out
  // game), "bright":48 where the board has the setting (a file from before it has none: the cap
  // stays), and "game":"echo" while another of Merlin's games is played — all valid, or none used.
  const c = fileObject(files[FILE_SETTINGS]);
  const settingsOk = c !== null && (RULE_NAMES.indexOf(c["rules"]) >= 0 || indexOfGame(games, c["rules"]) >= 0)
    && (c["game"] === undefined || shelf.names.indexOf(c["game"]) >= 0)
    && (c["mute"] === true || c["mute"] === false)
    && (c["idle"] === 0 || isWhole(c["idle"], MIN_IDLE_MS, MAX_IDLE_MS))
    && (maxBright === 0 || c["bright"] === undefined || isWhole(c["bright"], 1, maxBright));
  // Statistics a toy can have played: wins among the games, a best move count exactly when won.
  const st = fileObject(files[FILE_STATS]);
  const statsOk = st !== null && isWhole(st["games"], 0, MAX_SEED) && isWhole(st["wins"], 0, st["games"])
    && isWhole(st["best"], 0, MAX_SEED) && st["wins"] > 0 === st["best"] > 0;
  // The saved game, on the back-end it names: a game's line starts with the game's name and a
  // space; a file naming no game of the board counts as missing.
  const file = files[FILE_GAME];
  const text = file === null ? "" : file;
  const space = text.indexOf(" ");
  const named = space > 0 ? indexOfGame(games, text.slice(0, space)) : -1;
  const other = space > 0 && shelf.names.indexOf(text.slice(0, space)) >= 0;
  const fromFile = file !== null && !(space > 0 && named < 0) && !other;
  // Without a saved game, the rule set or game of the settings.
  const chosen = settingsOk ? indexOfGame(games, c["rules"]) : -1;
  let gameNo = fromFile ? named : chosen;
  let backend = gameNo < 0 ? board() : games[gameNo].backend();
  const saved = fromFile ? loadGame(backend, text.slice(space + 1), time) : null;
  if (saved === null && gameNo !== chosen) {
    gameNo = chosen;
    backend = gameNo < 0 ? board() : games[gameNo].backend();
  }
  const g = gameNo >= 0 ? games[gameNo] : null;
  const goal = g ? g.target : target;
  const game = saved !== null && saved.target === goal
    ? saved : createGameFrom(backend, goal, g ? g.rules : settingsOk ? RULE_NAMES.indexOf(c["rules"]) : 0, null, seed, time);
  const idleMs = settingsOk ? c["idle"] : DEFAULT_IDLE_MS;
  const pads = backend.rows * backend.cols;
  const me: Toy = {
    boardBackend: board, boardTarget: target, games: games, gameNo: gameNo, backend: backend, pads: pads,
    game: game, played: statsOk ? st["games"] : 0, won: statsOk ? st["wins"] : 0, best: statsOk ? st["best"] : 0,
    muted: settingsOk && c["mute"], idleMs: idleMs, brightMax: maxBright,
    bright: settingsOk && maxBright > 0 && c["bright"] !== undefined ? c["bright"] : maxBright, asleep: false, selfTest: -1, selfTestAt: -1,
    idleAt: idleMs > 0 ? time + idleMs : -1, keys: createKeyEvents(keyCount, SELF_TEST_CHORD), keysDue: -1, groupMoves: 0, playedBefore: 0,
    wonBefore: 0, bestBefore: 0, redoBefore: 0, error: "", now: time, allPads: -1 >>> (32 - pads),
    shelf: shelf, mod: null, ms: null, layout: layoutFor(backend.rows, backend.cols, keyCount - pads), results: noResults(),
    history: createHistory(HISTORY_SIZE), choosing: false, dealt: false, kept: keptFrom(files[FILE_GAMES], shelf), groupGame: game, groupMod: null,
    groupLine: "", groupChoosing: false, groupResults: noResults(),
  };
  // Another of Merlin's games in the game file (its name, a space, its line), or chosen in the
  // settings: its module, and the state saved (or a new game when there is none or it is damaged).
  const name = other ? text.slice(0, space) : settingsOk && c["game"] !== undefined ? c["game"] : "";
  if (name !== "") {
    try {
      enterModule(me, name, other ? text.slice(space + 1) : null, seed);
    } catch (e) {
      me.error = "game " + name + " could not be loaded: " + e;
    }
  }
  return me;
}

/** Snapshots kept for a module game's undo (each its saved line: a few dozen bytes). */
export const HISTORY_SIZE = 20;

/**
 * The merlin.gms object from its text: for each of the shelf's games a saved line and four whole
 * numbers of results; anything else (or a text that is no such object) counts as no file.
 */
function keptFrom(text: string | null, shelf: GameShelf): any {
  const o = fileObject(text);
  if (o === null) return {};
  for (const name in o) {
    const g = o[name];
    const r = g && typeof g === "object" ? g["results"] : null;
    let ok = shelf.names.indexOf(name) >= 0 && typeof g["state"] === "string" && r instanceof Array && r.length === 4 && isWhole(r[0], 0, MAX_SEED);
    for (let i = 1; ok && i < 4; i++) ok = isWhole(r[i], 0, r[0]);
    if (!ok) return {};
  }
  return o;
}

/**
 * Plays module game `name` from now on: its module from the shelf, its state from `line` (the
 * game file's), else from what was kept when it was last left, else a new game from `seed`.
 */
function enterModule(me: Toy, name: string, line: string | null, seed: number): void {
  const mod = me.shelf.load(name);
  const kept = me.kept[name];
  let ms = line !== null ? mod.load(line, me.layout) : null;
  if (ms === null && kept) ms = mod.load(kept["state"], me.layout);
  me.mod = mod;
  me.ms = ms !== null ? ms : mod.create(seed, me.layout, me.now);
  me.results = kept ? kept["results"].slice() : noResults();
  me.history = createHistory(HISTORY_SIZE);
}

/** Starts a call at `time`: its effects, nothing in them yet (the game's board as the frame). */
function begin(me: Toy, time: number): ToyEffects {
  const dark = me.backend.dark;
  me.now = time;
  return {
    frame: me.game.board, blink: dark, flash: dark, flashMs: 0, cues: [], hint: -1, error: 0, show: false, save: 0, power: 0, due: -1,
    keysDue: -1, refused: "", bright: 0, tones: [],
  };
}

/** Ends a call with effects `fx`: while muted nothing sounds but the cue that mutes; when toyTick and toyKeys are due. */
function finish(me: Toy, fx: ToyEffects): ToyEffects {
  const cues = fx.cues;
  if (me.muted && cues[cues.length - 1] !== CUE_MUTE) cues.splice(0, cues.length);
  fx.due = me.selfTestAt < 0 ? me.idleAt : me.idleAt < 0 || me.selfTestAt < me.idleAt ? me.selfTestAt : me.idleAt;
  // A module game's own deadline (a tune playing, Merlin's move), while the toy is awake.
  const due = me.mod !== null && !me.asleep && me.selfTest < 0 && !me.choosing ? me.mod.due(me.ms) : -1;
  if (due >= 0 && (fx.due < 0 || due < fx.due)) fx.due = due;
  fx.keysDue = me.keysDue;
  fx.bright = me.bright;
  return fx;
}

/** Shows `board` in place of the frame for `ms`. */
function flash(fx: ToyEffects, board: Board, ms: number): void {
  fx.show = true;
  fx.flash = board;
  fx.flashMs = ms;
}

/**
 * Runs game event `type` (ACT_*) and records what came of it: the game to be saved when it
 * changed, a result in the statistics (written at once), a rule change in the settings.
 */
function run(me: Toy, fx: ToyEffects, type: number, key?: number, seed?: number, rules?: string): void {
  const game = me.game;
  const was = game.status;
  const rulesWere = game.rules;
  update(me.backend, game, { type: type, now: me.now, key: key, seed: seed, rules: rules }, fx);
  fx.show = true;
  if (type !== ACT_SHOW && type !== ACT_HINT && fx.error === 0) fx.save |= 1 << FILE_GAME;
  if (game.rules !== rulesWere) fx.save |= 1 << FILE_SETTINGS;
  if (was === PLAYING && game.status !== PLAYING) {
    me.played++;
    if (game.status === WON) {
      me.won++;
      if (me.best === 0 || game.moves < me.best) me.best = game.moves;
    }
    fx.save |= (1 << FILE_STATS) | SAVE_NOW;
  }
}

/** The self-test's next step: the walk over the pads with a click each, the echo phase, the end. */
function selfTestStep(me: Toy, fx: ToyEffects): void {
  if (me.selfTest > me.pads) {
    me.selfTest = -1;
    me.selfTestAt = -1;
    run(me, fx, ACT_SHOW);
    return;
  }
  // A pad of the walk, or dark for the echo phase, where every key lights its own pad and a
  // quiet spell (or the chord again) ends the test.
  const walk = me.selfTest < me.pads;
  fx.show = true;
  fx.frame = walk ? 1 << me.selfTest : 0;
  fx.blink = 0;
  if (walk) fx.cues.push(CUE_SELF_TEST);
  me.selfTestAt = me.now + (walk ? SELF_TEST_STEP_MS : SELF_TEST_TIMEOUT_MS);
  me.selfTest++;
}

/**
 * Plays game `no` (−1: the board's own rule sets) on its back-end from now on (the game played:
 * nothing to do). The toy holds the back-end of the game played only, made when it is chosen.
 */
function choose(me: Toy, no: number): void {
  if (no === me.gameNo) return;
  me.gameNo = no;
  me.backend = no < 0 ? me.boardBackend() : me.games[no].backend();
}

/** The name of the rule set or game played (what setRules takes and the settings keep). */
function rulesName(me: Toy): string {
  return me.gameNo >= 0 ? me.games[me.gameNo].name : RULE_NAMES[me.game.rules];
}

/** A new game of rule set or game `name` (one the toy has), puzzle 0 of the same seed (as `merlin play --rules NAME --seed N` deals). */
function switchTo(me: Toy, fx: ToyEffects, name: string): void {
  choose(me, indexOfGame(me.games, name));
  const g = me.gameNo >= 0 ? me.games[me.gameNo] : null;
  me.game = createGameFrom(me.backend, g ? g.target : me.boardTarget, g ? g.rules : RULE_NAMES.indexOf(name), null, me.game.seed, me.now);
  run(me, fx, ACT_SHOW);
  fx.cues.push(CUE_NEW_GAME);
  fx.save |= (1 << FILE_GAME) | (1 << FILE_SETTINGS);
}

/** A module game's lights (bit n = light n) as this board's pads. */
function padsOf(me: Toy, lights: number): number {
  let pads = 0;
  for (let n = 0; n < LIGHTS; n++) if ((lights >> n) & 1 && hasLight(me.layout, n)) pads |= 1 << me.layout.padOfLight[n];
  return pads;
}

/** The light (0 … 10) over pad `pad` (0-based), −1 when none is. */
function lightOf(me: Toy, pad: number): number {
  for (let n = 0; n < LIGHTS; n++) if (hasLight(me.layout, n) && me.layout.padOfLight[n] === pad) return n;
  return -1;
}

/**
 * Runs `call` on the module game with fresh game effects, then carries them into the toy's:
 * the frame on the board's pads, cues and tones, the game file when the state changed, and a
 * result into the game's statistics when it ends. Returns whether the state changed.
 */
function playModule(me: Toy, fx: ToyEffects, call: (mod: AnyGameModule, ms: any, gfx: GameEffects) => void): boolean {
  const mod = me.mod!;
  const gfx = createEffects();
  const was = mod.status(me.ms);
  const before = mod.undo ? mod.save(me.ms) : "";
  call(mod, me.ms, gfx);
  if (gfx.changed && mod.undo && gfx.refused === "") historyPush(me.history, before);
  showModule(me, fx, gfx);
  if (gfx.refused !== "") fx.refused = gfx.refused;
  if (gfx.changed) fx.save |= 1 << FILE_GAME;
  const now = mod.status(me.ms);
  if (was === STATUS_PLAYING && now !== STATUS_PLAYING) {
    me.results[0]++;
    me.results[now]++;
    fx.save |= (1 << FILE_GAMES) | SAVE_NOW;
  }
  return gfx.changed;
}

/** The module game's effects `gfx` into the toy's `fx`: the lights on the board's pads, cues, tones. */
function showModule(me: Toy, fx: ToyEffects, gfx: GameEffects): void {
  if (!gfx.show) me.mod!.show(me.ms, gfx);
  fx.show = true;
  fx.frame = padsOf(me, gfx.frame);
  fx.blink = padsOf(me, gfx.blink);
  if (gfx.flashMs > 0) flash(fx, padsOf(me, gfx.flash), gfx.flashMs);
  for (let i = 0; i < gfx.cues.length; i++) fx.cues.push(gfx.cues[i]);
  for (let i = 0; i < gfx.tones.length; i++) fx.tones.push(gfx.tones[i]);
}

/** NEW GAME: the toy waits for a game's number, the games' lights blinking and the one played steady. */
function openChooser(me: Toy, fx: ToyEffects): void {
  me.choosing = true;
  me.dealt = false;
  let lights = 1 << MAGIC_SQUARE_NUMBER;
  for (let i = 0; i < me.shelf.numbers.length; i++) lights |= 1 << me.shelf.numbers[i];
  const played = me.mod !== null ? me.shelf.numbers[me.shelf.names.indexOf(me.mod.name)] : MAGIC_SQUARE_NUMBER;
  fx.show = true;
  fx.frame = padsOf(me, lights);
  fx.blink = padsOf(me, lights & ~(1 << played));
  fx.cues.push(CUE_NEW_GAME);
}

/** A key while the toy waits for a game's number: the pad of a game's light chooses it; NEW GAME again goes back. */
function chooserKey(me: Toy, fx: ToyEffects, key: number): void {
  const light = key < me.pads ? lightOf(me, key) : -1;
  const i = me.shelf.numbers.indexOf(light);
  if (light === MAGIC_SQUARE_NUMBER || i >= 0) {
    perform(me, fx, "game", light === MAGIC_SQUARE_NUMBER ? MAGIC_SQUARE : me.shelf.names[i]);
  } else if (key === me.pads) {
    me.choosing = false;
    showGame(me, fx);
  } else {
    fx.show = true;
    fx.cues.push(CUE_ILLEGAL);
  }
}

/** Shows the game played as it stands. */
function showGame(me: Toy, fx: ToyEffects): void {
  if (me.mod !== null) showModule(me, fx, createEffects());
  else run(me, fx, ACT_SHOW);
}

/** Keeps the module game's state and results in merlin.gms (when it is left, and at each result). */
function keepModule(me: Toy): void {
  if (me.mod !== null) me.kept[me.mod.name] = { "state": me.mod.save(me.ms), "results": me.results.slice() };
}

/**
 * Plays game `name` (Magic Square or one on the shelf), new as NEW GAME and its number start it
 * on the 1978 toy: a module game from its kept state (its settings) told NEW GAME, Magic Square
 * a new deal under the settings' rules. The game left keeps its state and results.
 */
function chooseGame(me: Toy, fx: ToyEffects, name: string): void {
  keepModule(me);
  me.choosing = false;
  me.dealt = false;
  if (name === MAGIC_SQUARE) {
    // A new deal of Magic Square as it was played (its rule set, or a Lights Out game).
    me.mod = null;
    me.ms = null;
    run(me, fx, ACT_NEW_GAME);
  } else {
    enterModule(me, name, null, me.game.seed);
    playModule(me, fx, function (mod, ms, gfx) {
      mod.key(ms, KEY_NEW_GAME, me.now, gfx);
    });
    fx.cues.push(CUE_NEW_GAME);
  }
  fx.save |= (1 << FILE_GAME) | (1 << FILE_SETTINGS) | (1 << FILE_GAMES);
}

/** A key of a module game: a pad as the light over it (a pad with none is an illegal key), a button as itself. */
function moduleKey(me: Toy, fx: ToyEffects, key: number): boolean {
  const light = key < me.pads ? lightOf(me, key) : KEY_NEW_GAME + key - me.pads;
  if (light < 0) {
    fx.show = true;
    fx.cues.push(CUE_ILLEGAL);
    return false;
  }
  return playModule(me, fx, function (mod, ms, gfx) {
    mod.key(ms, light, me.now, gfx);
  });
}

/** Undo or redo in a module game: its snapshots, when its module offers them. */
function moduleUndo(me: Toy, fx: ToyEffects, redo: boolean): void {
  const mod = me.mod!;
  const line = mod.undo ? (redo ? historyRedo : historyUndo)(me.history, mod.save(me.ms)) : null;
  const back = line !== null ? mod.load(line, me.layout) : null;
  if (back === null) {
    fx.refused = mod.undo ? "nothing to " + (redo ? "redo" : "undo") : mod.name + " has no undo";
    fx.cues.push(CUE_ILLEGAL);
  } else {
    me.ms = back;
    fx.save |= 1 << FILE_GAME;
  }
  showModule(me, fx, createEffects());
}

/** What a command does in a module game (perform's part for them). */
function performModule(me: Toy, fx: ToyEffects, cmd: Command, arg: unknown): void {
  const buttons: Command[] = ["sameGame", "hint", "compTurn"];
  const b = buttons.indexOf(cmd);
  if (cmd === "newGame" && typeof arg === "number") {
    // From the console, with a seed: a new game of this game from that seed.
    me.ms = me.mod!.create(arg, me.layout, me.now);
    me.history = createHistory(HISTORY_SIZE);
    showModule(me, fx, createEffects());
    fx.cues.push(CUE_NEW_GAME);
    fx.save |= 1 << FILE_GAME;
  } else if (cmd === "newGame") openChooser(me, fx);
  else if (b >= 0) {
    playModule(me, fx, function (mod, ms, gfx) {
      mod.key(ms, [KEY_SAME_GAME, KEY_HIT_ME, KEY_COMP_TURN][b], me.now, gfx);
    });
  } else if (cmd === "undo" || cmd === "redo") moduleUndo(me, fx, cmd === "redo");
  else if (cmd === "set") {
    const a = arg as unknown[];
    playModule(me, fx, function (mod, ms, gfx) {
      mod.command(ms, String(a[0]), a[1], me.now, gfx);
    });
  } else if (cmd === "nextRules" || cmd === "setRules") {
    // Back to Magic Square under the rule set of the settings (nextRules: the first one).
    perform(me, fx, "game", MAGIC_SQUARE);
    if (cmd === "setRules") perform(me, fx, cmd, arg);
  } else if (cmd === "goal" || cmd === "game") showGame(me, fx);
}

/** What a command does (from a hold, a button or the console); `arg` has been checked (refusal). */
function perform(me: Toy, fx: ToyEffects, cmd: Command, arg: unknown): void {
  const general = cmd === "toggleMute" || cmd === "mute" || cmd === "sleep" || cmd === "selfTest" || cmd === "setIdle" || cmd === "brightness";
  if (cmd === "game" && (arg !== (me.mod !== null ? me.mod.name : MAGIC_SQUARE) || me.choosing)) chooseGame(me, fx, String(arg));
  else if (me.mod !== null && !general) performModule(me, fx, cmd, arg);
  else if (cmd === "game") run(me, fx, ACT_SHOW);
  else if (cmd === "newGame") run(me, fx, ACT_NEW_GAME, 0, typeof arg === "number" ? arg : undefined);
  else if (cmd === "sameGame") run(me, fx, ACT_SAME_GAME);
  else if (cmd === "undo") run(me, fx, ACT_UNDO);
  else if (cmd === "redo") run(me, fx, ACT_REDO);
  else if (cmd === "hint" || cmd === "compTurn") {
    run(me, fx, cmd === "hint" ? ACT_HINT : ACT_COMP_TURN);
    // The pad that shows the key (on most boards the key itself).
    if (fx.hint >= 0) fx.hint = me.backend.padOfKey(fx.hint);
  } else if (cmd === "nextRules") {
    // The rule sets, then the games: pad 1, 2, 3, then 4, 5, … lights for the one chosen.
    const now = me.gameNo >= 0 ? RULE_NAMES.length + me.gameNo : me.game.rules;
    const next = (now + 1) % (RULE_NAMES.length + me.games.length);
    perform(me, fx, "setRules", next < RULE_NAMES.length ? RULE_NAMES[next] : me.games[next - RULE_NAMES.length].name);
    flash(fx, 1 << (me.gameNo >= 0 ? RULE_NAMES.length + me.gameNo : me.game.rules), RULES_FLASH_MS);
  } else if (cmd === "setRules") {
    // Into a game, out of one or between games: its back-end and goal; else the rule set on this game.
    if (me.gameNo >= 0 || indexOfGame(me.games, arg) >= 0) switchTo(me, fx, String(arg));
    else run(me, fx, ACT_SET_RULES, 0, undefined, String(arg));
  } else if (cmd === "toggleMute" || cmd === "mute") {
    const on = cmd === "mute" ? arg === true : !me.muted;
    if (on !== me.muted) {
      me.muted = on;
      // Muting plays its own cue as the acknowledgement; afterwards everything is silent.
      fx.cues.push(on ? CUE_MUTE : CUE_UNMUTE);
      fx.save |= 1 << FILE_SETTINGS;
    }
  } else if (cmd === "goal") {
    run(me, fx, ACT_SHOW);
    flash(fx, me.game.target, GOAL_FLASH_MS);
  } else if (cmd === "sleep") {
    me.asleep = true;
    me.selfTest = -1;
    me.selfTestAt = -1;
    me.idleAt = -1;
    fx.power = POWER_SLEEP;
    fx.save |= SAVE_NOW;
  } else if (cmd === "selfTest") {
    // Starts the walk at pad 1, or ends a running test.
    me.selfTest = me.selfTest >= 0 ? me.pads + 1 : 0;
    selfTestStep(me, fx);
  } else if (cmd === "setIdle") {
    me.idleMs = Number(arg);
    fx.save |= 1 << FILE_SETTINGS;
  } else if (cmd === "brightness") {
    me.bright = Number(arg);
    fx.save |= 1 << FILE_SETTINGS;
  }
}

/**
 * A key going down (0-based; pads first, then the extra buttons), from the keys or the
 * console: presses the key at that pad, unless it is a key that makes no move (otherKey).
 * Returns whether it made a move.
 */
function keyDown(me: Toy, fx: ToyEffects, key: number): boolean {
  me.idleAt = me.idleMs > 0 ? me.now + me.idleMs : -1;
  const dealt = me.dealt;
  me.dealt = false;
  if (me.asleep || me.selfTest >= 0) {
    otherKey(me, fx, key);
    return false;
  }
  if (me.choosing) {
    chooserKey(me, fx, key);
    return false;
  }
  // NEW GAME: in Magic Square a new deal, and a second one at once chooses a game (NEW GAME,
  // then its number); in the other games it chooses at once, as on the 1978 toy.
  if (key === me.pads && me.shelf.names.length > 0) {
    if (me.mod !== null || dealt) openChooser(me, fx);
    else {
      otherKey(me, fx, key);
      me.dealt = true;
    }
    return false;
  }
  if (me.mod !== null) return moduleKey(me, fx, key);
  if (key >= me.pads) {
    otherKey(me, fx, key);
    return false;
  }
  // A pad that is no key (blackwhite's last row and column) is an illegal key.
  run(me, fx, ACT_PRESS, me.backend.keyAt(key) + 1);
  return fx.error === 0;
}

/** A key that makes no move: it wakes a sleeping toy, lights its pad in the self-test, or is an extra button. */
function otherKey(me: Toy, fx: ToyEffects, key: number): void {
  if (me.asleep) {
    me.asleep = false;
    fx.power = POWER_WAKE;
    run(me, fx, ACT_SHOW);
  } else if (me.selfTest >= 0) {
    fx.show = true;
    fx.frame = key < me.pads ? 1 << key : me.allPads;
    fx.blink = 0;
    fx.cues.push(CUE_SELF_TEST);
    me.selfTest = me.pads + 1;
    me.selfTestAt = me.now + SELF_TEST_TIMEOUT_MS;
  } else perform(me, fx, buttonCommand(key - me.pads), undefined);
}

/**
 * A hold of a pad (`key` 0-based) or the self-test chord (`chord`): takes back the moves of
 * this group of keys (and any result they counted; what redo offered before them stays
 * offered), then runs the gesture.
 */
function gesture(me: Toy, fx: ToyEffects, key: number, chord: boolean): void {
  const dealt = me.dealt;
  me.dealt = false;
  if (me.selfTest < 0 && (me.mod !== me.groupMod || me.game !== me.groupGame || me.choosing !== me.groupChoosing || (me.mod !== null && me.groupMoves > 0))) {
    // The group chose a game or played one of the other games: back to the game as it found it.
    me.mod = me.groupMod;
    me.game = me.groupGame;
    me.choosing = me.groupChoosing;
    if (me.mod !== null) {
      me.ms = me.mod.load(me.groupLine, me.layout);
      me.results = me.groupResults;
    }
    me.groupMoves = 0;
    fx.save |= (1 << FILE_GAME) | (1 << FILE_SETTINGS) | (1 << FILE_GAMES);
    showGame(me, fx);
  }
  if (me.selfTest < 0 && me.groupMoves > 0) {
    for (; me.groupMoves > 0; me.groupMoves--) update(me.backend, me.game, { type: ACT_TAKE_BACK, now: me.now }, fx);
    me.game.redoLen = me.redoBefore;
    if (me.played !== me.playedBefore) {
      me.played = me.playedBefore;
      me.won = me.wonBefore;
      me.best = me.bestBefore;
      fx.save |= 1 << FILE_STATS;
    }
    fx.save |= 1 << FILE_GAME;
    run(me, fx, ACT_SHOW);
  }
  if (chord) perform(me, fx, "selfTest", undefined);
  else if (me.selfTest < 0 && !me.asleep && holdCommand(key) === "newGame" && me.shelf.names.length > 0 && (me.mod !== null || me.choosing || dealt)) {
    openChooser(me, fx);
  }
  else if (me.selfTest < 0 && !me.asleep) {
    perform(me, fx, holdCommand(key), undefined);
    me.dealt = holdCommand(key) === "newGame" && me.mod === null;
  }
}

/** The names of every game the toy has, by number (Magic Square's 5 among the shelf's). */
function gameNames(me: Toy): string[] {
  const names: string[] = [];
  for (let n = 0; n < LIGHTS; n++) {
    const i = me.shelf.numbers.indexOf(n);
    if (n === MAGIC_SQUARE_NUMBER) names.push(MAGIC_SQUARE);
    else if (i >= 0) names.push(me.shelf.names[i]);
  }
  return names;
}

/** A file's text as an object, or null when it is missing, not JSON or not an object. */
function fileObject(text: string | null): any {
  try {
    const v = text === null ? null : JSON.parse(text);
    return v && typeof v === "object" ? v : null;
  } catch (e) {
    return null;
  }
}

/** Whether `x` is a number, whole, from `min` to `max`. */
function isWhole(x: unknown, min: number, max: number): boolean {
  return typeof x === "number" && x >= min && x <= max && Math.floor(x) === x;
}

/** Power-on at `time`: the game shown after Merlin's light test, every pad lit with a tone for half a second. */
export function toyPowerOn(me: Toy, time: number): ToyEffects {
  const fx = begin(me, time);
  run(me, fx, ACT_SHOW);
  flash(fx, me.allPads, POWER_ON_MS);
  fx.cues.push(CUE_POWER_ON);
  return finish(me, fx);
}

/**
 * The debounced keys (bit i = key i down) at `time`: presses act at once; a hold of pad 1…9
 * takes back the moves of its group of keys and runs its command (holdCommand); pads 1 and 9
 * held together do the same and start or end the self-test. Call it at every change and again
 * at ToyEffects.keysDue (holds and stuck keys are timed while the keys are held).
 */
export function toyKeys(me: Toy, down: number, time: number): ToyEffects {
  const fx = begin(me, time);
  const keys = me.keys;
  // No key (but stuck ones) was down: a press starts a new group.
  let first = (keys.down & ~keys.stuck) === 0;
  keyEventsUpdate(keys, down, time);
  for (let type = keyEventsPop(keys); type !== EV_NONE; type = keyEventsPop(keys)) {
    const key = keys.arg;
    if (type === EV_PRESS) {
      if (first) {
        first = false;
        me.groupMoves = 0;
        me.playedBefore = me.played;
        me.wonBefore = me.won;
        me.bestBefore = me.best;
        me.redoBefore = me.game.redoLen;
        me.groupGame = me.game;
        me.groupMod = me.mod;
        me.groupLine = me.mod !== null ? me.mod.save(me.ms) : "";
        me.groupChoosing = me.choosing;
        me.groupResults = me.results.slice();
      }
      if (keyDown(me, fx, key)) me.groupMoves++;
    } else if ((type === EV_HOLD && key < me.pads && key < HOLD_PADS) || type === EV_CHORD) {
      gesture(me, fx, key, type === EV_CHORD);
    }
  }
  me.keysDue = keyEventsNextDeadline(keys, time);
  return finish(me, fx);
}

/** Runs what is due at `time` (see ToyEffects.due): the self-test's next step, sleep after the idle time. */
export function toyTick(me: Toy, time: number): ToyEffects {
  const fx = begin(me, time);
  if (me.selfTestAt >= 0 && me.now >= me.selfTestAt) selfTestStep(me, fx);
  const due = me.mod !== null && !me.asleep && me.selfTest < 0 && !me.choosing ? me.mod.due(me.ms) : -1;
  if (due >= 0 && me.now >= due) {
    playModule(me, fx, function (mod, ms, gfx) {
      mod.tick(ms, me.now, gfx);
    });
  }
  if (me.idleAt >= 0 && me.now >= me.idleAt && !me.asleep) perform(me, fx, "sleep", undefined);
  return finish(me, fx);
}

/**
 * Why the console call `cmd` with argument `arg` is refused (one line), "" when it is not:
 * checked as the command line checks the same things (a seed 0 … MAX_SEED,
 * a rule set or game name, mute true/false, idle 0 or MIN_IDLE_MS … MAX_IDLE_MS, a brightness
 * 1 … the cap; start boards: startFrom).
 */
function refusal(me: Toy, cmd: Command, arg: unknown): string {
  if (cmd === "mute" && arg !== true && arg !== false) return "mute takes true or false, got " + arg;
  if (cmd === "game" && arg !== MAGIC_SQUARE && me.shelf.names.indexOf(arg as string) < 0) {
    return "game must be one of " + gameNames(me).join(", ") + ", got " + arg;
  }
  if (cmd === "set" && (me.mod === null || !(arg instanceof Array) || arg.length !== 2 || typeof arg[0] !== "string")) {
    return me.mod === null ? "set is for " + me.shelf.names.join(", ") + "; Magic Square's settings are setRules, mute and setIdle" : "set takes a setting's name and its value";
  }
  if (cmd === "start" && me.mod !== null) return "start is Magic Square's: " + me.mod.name + " starts with newGame";
  if (cmd === "setRules") {
    const r = RULE_NAMES.indexOf(String(arg));
    if (r < 0 && indexOfGame(me.games, arg) >= 0) return "";
    // A rule set plays on the board's own back-end (in a game, made for this check).
    if (r < 0 || startCode(me.gameNo < 0 ? me.backend : me.boardBackend(), me.boardTarget, r, null) !== START_OK) {
      let names = RULE_NAMES.join(", ");
      for (let i = 0; i < me.games.length; i++) names += ", " + me.games[i].name;
      return "rules must be one of " + names + ", got " + arg;
    }
  }
  // The whole numbers: a seed, an idle time (0 too), a brightness.
  const idle = cmd === "setIdle";
  const level = cmd === "brightness";
  if (!(idle || level || (cmd === "newGame" && arg !== undefined))) return "";
  const min = idle ? MIN_IDLE_MS : level ? 1 : 0;
  const max = idle ? MAX_IDLE_MS : level ? me.brightMax : MAX_SEED;
  if (isWhole(arg, min, max) || (idle && arg === 0)) return "";
  return (idle ? "idle must be 0 or " : level ? "brightness must be " : "seed must be ") + "a whole number from " + min + " to " + max + ", got " + arg;
}

/**
 * The game from the start board `text` (as --start on the command line: the digits 0/1, or in
 * a colour game 0 … k − 1, pad 1 first, rows optionally separated by "/"), or the one line that
 * says why it cannot start.
 */
function startFrom(me: Toy, text: unknown): GameState<Board> | string {
  const b = me.backend;
  const rows = typeof text === "string" ? text.trim().split("/") : [""];
  let ok = rows.length <= b.rows;
  for (let i = 0; i < rows.length; i++) if (rows.length > 1 && rows[i].length !== b.cols) ok = false;
  const start = ok ? b.parse(rows.join("")) : null;
  if (start === null) {
    return "start must be " + b.cells + " digits " + (b.cycle === 2 ? "0/1" : "0-" + (b.cycle - 1)) + " (rows of " + b.cols + " may be split by /), got " + text;
  }
  try {
    return createGameFrom(b, me.game.target, me.game.rules, start, me.game.seed, me.now);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * A key pressed from the console at `time` (1-based: the pads, then the four extra buttons, on
 * every board, buttons fitted or not): what the key going down does; a key out of range is
 * refused as toyCommand refuses.
 */
export function toyPress(me: Toy, key: unknown, time: number): ToyEffects {
  const fx = begin(me, time);
  const keys = me.pads + BUTTONS;
  me.error = isWhole(key, 1, keys) ? "" : "key must be a whole number from 1 to " + keys + ", got " + key;
  fx.refused = me.error;
  if (me.error === "") keyDown(me, fx, Number(key) - 1);
  return finish(me, fx);
}

/**
 * A console call, or a button's, at `time`: command `cmd` with the value `arg` typed at the
 * console (see Command; checked by refusal). A refused call changes nothing and says why in
 * `refused`, which toyState's error keeps until a call is carried out.
 */
export function toyCommand(me: Toy, cmd: Command, arg: unknown, time: number): ToyEffects {
  const fx = begin(me, time);
  let problem = refusal(me, cmd, arg);
  let started: GameState<Board> | string = "";
  if (problem === "" && cmd === "start") {
    started = startFrom(me, arg);
    if (typeof started === "string") problem = started;
  }
  me.error = problem;
  fx.refused = problem;
  if (problem !== "") return finish(me, fx);
  if (typeof started !== "string") {
    me.game = started;
    run(me, fx, ACT_SHOW);
    fx.save |= 1 << FILE_GAME;
  } else perform(me, fx, cmd, arg);
  // A command is activity too: the idle time starts again (with the new one after setIdle).
  me.idleAt = me.asleep || me.idleMs === 0 ? -1 : me.now + me.idleMs;
  return finish(me, fx);
}

/**
 * After an internal error (`message`) at `time`: kept for toyState's error, signalled with
 * every pad flashing and the illegal-key buzz, and the game shown again.
 */
export function toyFail(me: Toy, message: string, time: number): ToyEffects {
  const fx = begin(me, time);
  me.error = message;
  run(me, fx, ACT_SHOW);
  flash(fx, me.allPads, ERROR_FLASH_MS);
  fx.cues.push(CUE_ILLEGAL);
  return finish(me, fx);
}

/** The text of file FILE_* as it is to be written at `time`. */
export function toyFile(me: Toy, file: number, time: number): string {
  if (file === FILE_SETTINGS) {
    const c: any = { "rules": rulesName(me), "mute": me.muted, "idle": me.idleMs };
    if (me.brightMax > 0) c["bright"] = me.bright;
    if (me.mod !== null) c["game"] = me.mod.name;
    return JSON.stringify(c);
  }
  if (file === FILE_STATS) return JSON.stringify(toyStats(me));
  if (file === FILE_GAMES) {
    keepModule(me);
    return JSON.stringify(me.kept);
  }
  if (me.mod !== null) return me.mod.name + " " + me.mod.save(me.ms);
  // A game's file carries its name first (the saved line names only its rule set).
  const line = saveGame(me.backend, me.game, time);
  return me.gameNo >= 0 ? rulesName(me) + " " + line : line;
}

/** Merlin.state(): the game and the toy as the console shows them; `leds` the pads lit now. */
export function toyState(me: Toy, leds: Board): { [key: string]: any } {
  const game = me.game;
  const shown = typeof leds === "string" ? leds : maskToBits(leds, me.pads);
  if (me.mod !== null) {
    // Another of Merlin's games: its status, its lights (and which blink) and its own account of itself.
    const gfx = createEffects();
    me.mod.show(me.ms, gfx);
    return {
      "game": me.mod.name,
      "status": STATUS_NAMES[me.mod.status(me.ms)],
      "board": maskToBits(padsOf(me, gfx.frame), me.pads),
      "blink": maskToBits(padsOf(me, gfx.frame & gfx.blink), me.pads),
      "choosing": me.choosing,
      "state": me.mod.describe(me.ms),
      "results": toyResults(me),
      "rules": rulesName(me),
      "leds": shown,
      "muted": me.muted,
      "asleep": me.asleep,
      "error": me.error || null,
    };
  }
  return {
    "board": me.backend.digits(game.board),
    "moves": game.moves,
    "status": statusName(game),
    "reason": reasonName(game),
    "rules": rulesName(me),
    "seed": game.seed,
    "puzzle": game.puzzle,
    "par": game.par,
    "leds": shown,
    "muted": me.muted,
    "asleep": me.asleep,
    "error": me.error || null,
    "game": MAGIC_SQUARE,
    "choosing": me.choosing,
  };
}

/** Merlin.stats(): games finished, games won, the fewest moves of a win (0 before the first). */
export function toyStats(me: Toy) {
  return { "games": me.played, "wins": me.won, "best": me.best };
}

/** The results of the module game played: games finished, won, lost, drawn. */
export function toyResults(me: Toy) {
  const r = me.results;
  return { "games": r[0], "wins": r[1], "losses": r[2], "draws": r[3] };
}

/** Merlin.maths(): the maths of the game played (backend.ts Maths), for the teaching view. */
export function toyMaths(me: Toy): Maths {
  return mathsOf(me.backend, me.game.target);
}

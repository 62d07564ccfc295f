/**
 * The toy's mid-end, after the mid-end of Simon Tatham's puzzle collection: what the toy does
 * with its keys and its console, between a game and the hardware. One instance per toy
 * (createToy), made with the board's keys, its settings' limits and its shelf of games; it owns
 * the hold gestures, the choosing of a game (NEW GAME, then its number), the settings and
 * statistics with their files and validation, the self-test, sleep and stuck keys. The game
 * played is a Player (below): Magic Square with its rule sets and Lights Out games
 * (src/toy/games/magicsquare.ts), or one of Merlin's other games played on its lights
 * (src/toy/lightgames.ts over a GameModule). On the toy each is read from Storage when it is
 * chosen, so memory holds this core and one game. A front end (firmware/, the simulator, a
 * test) only forwards input and carries out the effects:
 *
 *   in:  toyKeys (the debounced key mask), toyCommand (a console call or a button), toyTick
 *        (a deadline: toyDue), each with the time now in ms — the instance's clock;
 *   out: each returns a new ToyEffects — a frame to show (with blinking pads and a flash),
 *        sound cues and tones, files to save (and whether at once), sleep or wake; toyDue
 *        and Toy.keysDue then say when to call again, toyFile a file's text when it is written.
 *
 * Everything is plain state and explicit time, so the host tests drive it with timed tables
 * of key masks, as QMK tests its debouncers (test/midend.test.ts).
 */
import type { Board, Maths } from "./backend";
import type { Effects } from "./game";
import {
  createKeyEvents, EV_CHORD, EV_HOLD, EV_NONE, EV_PRESS, keyEventsNextDeadline, keyEventsPop, keyEventsUpdate, KeyEvents,
  SELF_TEST_CHORD,
} from "./keyevents";
import { LIGHTS } from "./gamemodule";
import { maskToBits } from "./maskbits";
import { CUE_ILLEGAL, CUE_MUTE, CUE_NEW_GAME, CUE_POWER_ON, CUE_SELF_TEST, CUE_UNMUTE } from "./sounds";

/** The largest seed (as game.ts MAX_SEED): also the largest count a statistics file may hold. */
const MAX_COUNT = 4294967295;

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

/** The extra button (0-based) whose command is `cmd` (buttonCommand's inverse), −1 for none. */
export function buttonOf(cmd: Command): number {
  return cmd === "newGame" ? 0 : cmd === "sameGame" ? 1 : cmd === "hint" ? 2 : cmd === "compTurn" ? 3 : -1;
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
/**
 * Longest file the toy reads (firmware/store.ts): its own are well under it (the settings,
 * statistics and game files under 100 characters; merlin.gms, every game's state and results,
 * about 500).
 */
export const MAX_FILE_LENGTH = 1000;
/** How long the firmware may wait before it writes a changed file (firmware/store.ts saveSoon): changes within it are written once. */
export const WRITE_INTERVAL_MS = 1000;
/**
 * ToyEffects.save: write the changed files as soon as the call is carried out (a result, sleep),
 * not within WRITE_INTERVAL_MS (the bit after the files').
 */
export const SAVE_NOW = 1 << FILE_COUNT;

/** The name of file FILE_* in Storage: merlin.cfg, merlin.sta, merlin.gam, merlin.gms. */
export function fileName(file: number): string {
  return ["merlin.cfg", "merlin.sta", "merlin.gam", "merlin.gms"][file];
}

/** The Storage file of module `name`: a game the profile carries, Magic Square, LIGHT_GAMES or CONSOLE (build.ts storageModules). */
export function gameFile(name: string): string {
  return "merlin-" + name + ".js";
}

/** Magic Square: game 5 on the 1978 toy, the toy's first game (src/toy/games/magicsquare.ts). */
export const MAGIC_SQUARE = "magicsquare";
export const MAGIC_SQUARE_NUMBER = 5;
/** The player of Merlin's games on its lights (src/toy/lightgames.ts): its Storage file is gameFile(LIGHT_GAMES). */
export const LIGHT_GAMES = "lights";
/** The toy's console API (firmware/console.ts), a Storage module too: gameFile(CONSOLE). */
export const CONSOLE = "console";

/**
 * The games a toy has: each one's name and number (NEW GAME, then the pad of that light; Magic
 * Square's is MAGIC_SQUARE_NUMBER and not listed), and how what plays a game is had when it is
 * chosen — on the toy, read from its own file in Storage, so that memory holds the game played
 * and no other. `load(MAGIC_SQUARE)` gives Magic Square's Player, `load(LIGHT_GAMES)` the Player
 * of the games on Merlin's lights, `load(name)` of a listed game its GameModule. `load` throws
 * when it cannot be had (a file missing or damaged).
 *
 * `saved`, where there is one (the toy's: Storage), reads back merlin.gms as last written (null
 * when missing or damaged): the mid-end then keeps the text of every game left in that file only,
 * not in memory, and reads it when a game is chosen or left.
 */
export interface GameShelf {
  names: string[];
  numbers: number[];
  load: (name: string) => any;
  saved?: () => string | null;
}

/**
 * A game as the mid-end plays it. The mid-end does what every game shares (choosing a game,
 * NEW GAME, the holds, the settings, sleep, the self-test); a Player does the rest, keeping
 * its state in `me.ms` (its own shape: the mid-end never reads it). Each function gets the toy
 * and, where something is shown or heard, the call's effects.
 *
 * - `enter(me, name, line, kept, seed)`: plays game `name` from now on, its state from `line`
 *   (the game file's text), else from `kept` (what ASK_KEEP gave when it was left, from
 *   merlin.gms), else a new game from `seed`; throws when the game cannot be had;
 * - `key(me, fx, pad)`: a pad went down; returns whether it made a move. Where `buttons` is
 *   set, the keys after the pads come here too, SAME GAME, HIT ME and COMP TURN (pads + 1 …
 *   pads + 3, in buttonCommand's order) as keys of the game; else the mid-end performs their
 *   commands. (NEW GAME is the mid-end's either way.)
 * - `perform(me, fx, cmd, arg)`: a command of the game (NEW GAME with a seed, SAME GAME, HIT ME,
 *   COMP TURN, undo, redo, goal, start, set, rules), checked by ASK_REFUSAL first;
 * - `show(me, fx)`: the game as it stands;
 * - `mark(me)` / `back(me, fx)`: a group of keys begins (the first key down); a hold or chord
 *   ends it by taking back what its keys did in the game;
 * - `due(me)` / `tick(me, fx)`: when the game next wants the clock (−1 never), and what is due
 *   then (a game without a clock of its own has neither);
 * - `ask(me, what, a, b)`: what the toy asks seldom, at boot, at a console call or when a file
 *   is written (ASK_*): one function for them all (docs/architecture.md says why).
 */
export interface Player {
  enter: (me: Toy, name: string, line: string | null, kept: any, seed: number) => void;
  key: (me: Toy, fx: ToyEffects, pad: number) => boolean;
  buttons?: boolean;
  perform: (me: Toy, fx: ToyEffects, cmd: Command, arg: unknown) => void;
  show: (me: Toy, fx: ToyEffects) => void;
  mark: (me: Toy) => void;
  back: (me: Toy, fx: ToyEffects) => void;
  due?: (me: Toy) => number;
  tick?: (me: Toy, fx: ToyEffects) => void;
  ask: (me: Toy, what: number, a?: any, b?: any) => any;
}

/** Player.ask: what merlin.gms is to keep of the game, now it is left (its state, and results). */
export const ASK_KEEP = 0;
/** Player.ask: why command `a` with argument `b` is refused in the game, "" when it is not. */
export const ASK_REFUSAL = 1;
/** Player.ask: Merlin.state()'s fields of the game. */
export const ASK_STATE = 2;
/** Player.ask: Merlin.stats(), the game's statistics. */
export const ASK_STATS = 3;
/** Player.ask: the game file's text at time `a`. */
export const ASK_LINE = 4;
/** Player.ask: the game's maths for the teaching view (backend.ts Maths), null when it has none. */
export const ASK_MATHS = 5;

/** ToyEffects.power. */
export const POWER_SLEEP = 1;
export const POWER_WAKE = 2;

/**
 * What a call shows and plays, and what the toy asks of its front end besides. (When to call
 * again is the toy's to tell, not the record's: toyDue, Toy.keysDue; and the brightness is
 * Toy.bright. The record is made anew at every call, and Espruino makes an object literal in
 * time that grows with the square of its fields: docs/architecture.md, "Speed: what is left".)
 */
export interface ToyEffects extends Effects<Board> {
  /** Show frame/blink now (and flash for flashMs when flashMs > 0). */
  show: boolean;
  /** Files changed (bits 1 << FILE_*), to be written within a second; SAVE_NOW: at once. */
  save: number;
  /** POWER_SLEEP: LEDs and sound off, deep sleep; POWER_WAKE: back on; 0 neither. */
  power: number;
  /** Why toyCommand refused the call (one line), "" when it did not. */
  refused: string;
  /** Tones to play (Merlin's other games): (Hz, ms) pairs, Hz 0 a rest. */
  tones: number[];
  /**
   * Merlin's other games: the game's state changed (GameEffects.changed: the toy's record is
   * also the one their modules write into, lightgames.ts).
   */
  changed: boolean;
}

/** One toy: the game played, its settings, statistics and the state of its gestures. */
export interface Toy {
  /** Pads on the board (keys beyond them are the extra buttons), and every pad lit as a mask. */
  pads: number;
  allPads: number;
  /** The board's rows and columns of pads (where Merlin's lights are on them: gamemodule.ts layoutFor). */
  rows: number;
  cols: number;
  /** The games the toy has, the game played (its name), what plays it and its state (the player's own). */
  shelf: GameShelf;
  name: string;
  /** Whether the game played is Magic Square (name is MAGIC_SQUARE): NEW GAME deals there, and the rule sets are its. */
  magic: boolean;
  player: Player;
  ms: any;
  /** Magic Square's rule set or Lights Out game (what setRules takes), kept with the settings. */
  rules: string;
  /** Magic Square's statistics: games finished, games won, the fewest moves of a win (0 before the first). */
  played: number;
  won: number;
  best: number;
  /**
   * merlin.gms: for each game left, what its player kept (its state, and results), as the file's
   * text (parsed when a game is chosen); null when that is the file as written last (shelf.saved).
   */
  kept: string | null;
  muted: boolean;
  /** Idle time before sleep, ms; 0 = never. */
  idleMs: number;
  /**
   * The brightness setting's cap (its default), 0 when the board has no such setting; the
   * setting: the brightness of lit pads, 1 … the cap (0 on boards without the setting).
   */
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
  /**
   * When toyKeys must be called again with the same keys for a hold, chord or stuck key to be
   * on time (ms), −1 when no key that matters is down: poll fast while it is not −1.
   */
  keysDue: number;
  /** NEW GAME waits for a game's number; the last key was NEW GAME's deal in Magic Square (a second one chooses). */
  choosing: boolean;
  dealt: boolean;
  /** The game, its state (its file's text), the chooser and NEW GAME's deal as the current group of keys found them. */
  groupName: string;
  groupDealt: boolean;
  groupLine: string;
  groupChoosing: boolean;
  /** The last refused console call or internal error ("" none). */
  error: string;
  /** The time of the call being handled, ms. */
  now: number;
}

/**
 * A toy on a `rows` × `cols` board with `keyCount` keys (the pads, then the extra buttons),
 * `maxBright` the cap (and default) of its brightness setting (0 on boards without one) and
 * the games of `shelf`, as it is at power-on at `time` from its files' texts (index FILE_*;
 * null when missing or damaged), with `seed` for a first deal when there is no saved game. A
 * file that holds anything out of place counts as missing: its defaults are used, the other
 * files are read as usual (a rule set the board does not have is Magic Square's to find, when
 * it is played: then the settings count as missing too). toyPowerOn gives what the toy shows then.
 */
export function createToy(
  rows: number, cols: number, keyCount: number, maxBright: number, shelf: GameShelf, files: (string | null)[], seed: number, time: number,
): Toy {
  // Settings: {"rules":"basic","mute":false,"idle":180000} ("rules" may name a Lights Out
  // game), "bright":48 where the board has the setting (a file from before it has none: the cap
  // stays), and "game":"echo" while another of Merlin's games is played — all valid, or none used.
  const c = fileObject(files[FILE_SETTINGS]);
  const settingsOk = c !== null && typeof c["rules"] === "string"
    && (c["game"] === undefined || shelf.names.indexOf(c["game"]) >= 0)
    && (c["mute"] === true || c["mute"] === false)
    && (c["idle"] === 0 || isWhole(c["idle"], MIN_IDLE_MS, MAX_IDLE_MS))
    && (maxBright === 0 || c["bright"] === undefined || isWhole(c["bright"], 1, maxBright));
  // Statistics a toy can have played: wins among the games, a best move count exactly when won.
  const st = fileObject(files[FILE_STATS]);
  const statsOk = st !== null && isWhole(st["games"], 0, MAX_COUNT) && isWhole(st["wins"], 0, st["games"])
    && isWhole(st["best"], 0, MAX_COUNT) && st["wins"] > 0 === st["best"] > 0;
  const idleMs = settingsOk ? c["idle"] : DEFAULT_IDLE_MS;
  const pads = rows * cols;
  const me: Toy = {
    // (The player comes next, from enterGame, which keeps its state in the toy: no player yet.)
    pads: pads, allPads: -1 >>> (32 - pads), rows: rows, cols: cols, shelf: shelf, name: "", magic: false, player: null as unknown as Player, ms: null,
    rules: settingsOk ? c["rules"] : "", played: statsOk ? st["games"] : 0, won: statsOk ? st["wins"] : 0, best: statsOk ? st["best"] : 0,
    kept: shelf.saved ? null : keptFrom(files[FILE_GAMES], shelf), muted: settingsOk && c["mute"], idleMs: idleMs, brightMax: maxBright,
    bright: settingsOk && maxBright > 0 && c["bright"] !== undefined ? c["bright"] : maxBright, asleep: false, selfTest: -1, selfTestAt: -1,
    idleAt: idleMs > 0 ? time + idleMs : -1, keys: createKeyEvents(keyCount, SELF_TEST_CHORD), keysDue: -1, choosing: false, dealt: false,
    groupName: "", groupDealt: false, groupLine: "", groupChoosing: false, error: "", now: time,
  };
  // The game file names the game played first (its name, a space, its line) when it is not
  // Magic Square; else the settings' game; else Magic Square, whose own file it then is.
  const text = files[FILE_GAME];
  const first = text === null ? "" : text.slice(0, text.indexOf(" "));
  const fromFile = text !== null && shelf.names.indexOf(first) >= 0;
  const name = fromFile ? first : settingsOk && c["game"] !== undefined ? c["game"] : MAGIC_SQUARE;
  try {
    // (Magic Square's own file is the game file: what merlin.gms kept of it is for coming back to it from another game.)
    enterGame(me, name, fromFile ? text.slice(first.length + 1) : name === MAGIC_SQUARE ? text : null, seed, name !== MAGIC_SQUARE);
  } catch (e) {
    me.error = "game " + name + " could not be loaded: " + e;
    enterGame(me, MAGIC_SQUARE, fromFile ? null : text, seed, false);
  }
  if (settingsOk && me.magic && me.player.ask(me, ASK_REFUSAL, "setRules", c["rules"]) !== "") {
    // A rule set this board does not have (Magic Square, told it, plays its first): none of the settings is used.
    me.muted = false;
    me.idleMs = DEFAULT_IDLE_MS;
    me.idleAt = time + DEFAULT_IDLE_MS;
    me.bright = maxBright;
  }
  return me;
}

/**
 * Plays game `name` from now on (see Player.enter): its player from the shelf (the one played
 * already when it plays this game too), the game from `line`, what merlin.gms kept of it (when
 * `kept`), or `seed`.
 */
function enterGame(me: Toy, name: string, line: string | null, seed: number, kept: boolean): void {
  const player: Player = name === MAGIC_SQUARE ? me.shelf.load(MAGIC_SQUARE) : !me.magic && me.player !== null ? me.player : me.shelf.load(LIGHT_GAMES);
  player.enter(me, name, line, kept ? JSON.parse(keptText(me))[name] : undefined, seed);
  me.player = player;
  me.name = name;
  me.magic = name === MAGIC_SQUARE;
}

/** merlin.gms's text: as kept in memory, or as written last (GameShelf.saved). */
function keptText(me: Toy): string {
  const saved = me.shelf.saved;
  return me.kept !== null ? me.kept : keptFrom(saved ? saved() : null, me.shelf);
}

/** Keeps what the game played would come back to (Player ASK_KEEP) in merlin.gms; returns the file's text. */
function keepGame(me: Toy): string {
  const o = JSON.parse(keptText(me));
  o[me.name] = me.player.ask(me, ASK_KEEP);
  const text = JSON.stringify(o);
  me.kept = text;
  return text;
}

/**
 * merlin.gms's text when it holds for each game left a saved line, for the shelf's games four
 * whole numbers of results besides; anything else (or a text that is no such object) counts as no file.
 */
function keptFrom(text: string | null, shelf: GameShelf): string {
  const o = text === null ? null : fileObject(text);
  if (text === null || o === null) return "{}";
  for (const name in o) {
    // Each game's saved line; Merlin's other games' results too (Magic Square's are merlin.sta's).
    const g = o[name];
    if (!g || typeof g !== "object" || typeof g["state"] !== "string") return "{}";
    if (name === MAGIC_SQUARE) continue;
    const r = g["results"];
    let ok = shelf.names.indexOf(name) >= 0 && r instanceof Array && r.length === 4 && isWhole(r[0], 0, MAX_COUNT);
    for (let i = 1; ok && i < 4; i++) ok = isWhole(r[i], 0, r[0]);
    if (!ok) return "{}";
  }
  return text;
}

/** Starts a call at `time`: its effects, nothing in them yet. */
function begin(me: Toy, time: number): ToyEffects {
  me.now = time;
  return {
    frame: 0, blink: 0, flash: 0, flashMs: 0, cues: [], hint: -1, error: 0, show: false, save: 0, power: 0, refused: "", tones: [],
    changed: false,
  };
}

/** Ends a call with effects `fx`: while muted nothing sounds but the cue that mutes. */
function finish(me: Toy, fx: ToyEffects): ToyEffects {
  const cues = fx.cues;
  if (me.muted && cues[cues.length - 1] !== CUE_MUTE) cues.splice(0, cues.length);
  if (me.muted) fx.tones.splice(0, fx.tones.length);
  return fx;
}

/** The game's own deadline (a tune playing, Merlin's move), while the toy is awake and playing it; −1 none. */
function gameDue(me: Toy): number {
  return !me.asleep && me.selfTest < 0 && !me.choosing && me.player.due ? me.player.due(me) : -1;
}

/**
 * When toyTick is next due (ms), −1 never: the self-test's next step, the game's deadline or
 * sleep after the idle time, whichever comes first. (Ask after each call: a call moves it.)
 */
export function toyDue(me: Toy): number {
  const due = me.selfTestAt < 0 ? me.idleAt : me.idleAt < 0 || me.selfTestAt < me.idleAt ? me.selfTestAt : me.idleAt;
  const game = gameDue(me);
  return game >= 0 && (due < 0 || game < due) ? game : due;
}

/** Shows `board` in place of the frame for `ms`. */
export function flash(fx: ToyEffects, board: Board, ms: number): void {
  fx.show = true;
  fx.flash = board;
  fx.flashMs = ms;
}

/** The self-test's next step: the walk over the pads with a click each, the echo phase, the end. */
function selfTestStep(me: Toy, fx: ToyEffects): void {
  if (me.selfTest > me.pads) {
    me.selfTest = -1;
    me.selfTestAt = -1;
    showGame(me, fx);
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

/** Shows the game played as it stands. */
function showGame(me: Toy, fx: ToyEffects): void {
  me.player.show(me, fx);
}

/** NEW GAME: the toy waits for a game's number. */
function openChooser(me: Toy, fx: ToyEffects): void {
  me.choosing = true;
  me.dealt = false;
  showChooser(me, fx);
  fx.cues.push(CUE_NEW_GAME);
}

/**
 * The pad (0-based) of Merlin's light `n` (1 … 9), where the games' numbers are: 1 … 9 sit like
 * a phone keypad on a 3×3, on the top-left 3×3 of a 4×4 and the middle 3×3 of a 5×5 (as
 * gamemodule.ts layoutFor places them for the games).
 */
function padOfNumber(me: Toy, n: number): number {
  return ((me.rows >= 5 ? 1 : 0) + Math.floor((n - 1) / 3)) * me.cols + (me.cols >= 5 ? 1 : 0) + ((n - 1) % 3);
}

/** The chooser: the games' lights blinking, the one played steady. */
function showChooser(me: Toy, fx: ToyEffects): void {
  const played = me.magic ? MAGIC_SQUARE_NUMBER : me.shelf.numbers[me.shelf.names.indexOf(me.name)];
  fx.show = true;
  fx.frame = 1 << padOfNumber(me, MAGIC_SQUARE_NUMBER);
  fx.blink = played === MAGIC_SQUARE_NUMBER ? 0 : fx.frame;
  for (let i = 0; i < me.shelf.numbers.length; i++) {
    const pad = 1 << padOfNumber(me, me.shelf.numbers[i]);
    fx.frame |= pad;
    if (me.shelf.numbers[i] !== played) fx.blink |= pad;
  }
}

/** A key while the toy waits for a game's number: the pad of a game's light chooses it; NEW GAME again goes back. */
function chooserKey(me: Toy, fx: ToyEffects, key: number): void {
  let light = -1;
  for (let n = 1; n <= 9; n++) if (key < me.pads && padOfNumber(me, n) === key) light = n;
  const i = me.shelf.numbers.indexOf(light);
  if (light === MAGIC_SQUARE_NUMBER || i >= 0) {
    perform(me, fx, "game", light === MAGIC_SQUARE_NUMBER ? MAGIC_SQUARE : me.shelf.names[i]);
  } else if (key === me.pads) {
    me.choosing = false;
    showGame(me, fx);
  } else {
    showChooser(me, fx);
    fx.cues.push(CUE_ILLEGAL);
  }
}

/**
 * Plays game `name`, new, as NEW GAME and its number start it on the 1978 toy: Magic Square a
 * new deal under the settings' rules, another game from its kept state (its settings) told
 * NEW GAME. The game left keeps its state and results.
 */
function chooseGame(me: Toy, fx: ToyEffects, name: string): void {
  keepGame(me);
  me.choosing = false;
  me.dealt = false;
  try {
    enterGame(me, name, null, 0, true);
  } catch (e) {
    // Its file missing or damaged: refused, the game played goes on.
    fx.refused = me.error = String(e instanceof Error ? e.message : e);
    fx.cues.push(CUE_ILLEGAL);
    showGame(me, fx);
    return;
  }
  me.player.perform(me, fx, "newGame", undefined);
  fx.save |= (1 << FILE_GAME) | (1 << FILE_SETTINGS) | (1 << FILE_GAMES);
}

/** Whether `cmd` is the toy's own, whatever game is played. */
function general(cmd: Command): boolean {
  return cmd === "toggleMute" || cmd === "mute" || cmd === "sleep" || cmd === "selfTest" || cmd === "setIdle" || cmd === "brightness";
}

/** What a command does (from a hold, a button or the console); `arg` has been checked (refusal). */
function perform(me: Toy, fx: ToyEffects, cmd: Command, arg: unknown): void {
  if (cmd === "game") {
    if (arg !== me.name || me.choosing) chooseGame(me, fx, String(arg));
    else showGame(me, fx);
  } else if (!general(cmd)) {
    if (!me.magic && cmd === "newGame" && arg === undefined) openChooser(me, fx);
    else if (!me.magic && (cmd === "nextRules" || cmd === "setRules")) {
      // Back to Magic Square under the rule set of the settings (nextRules: the first one).
      perform(me, fx, "game", MAGIC_SQUARE);
      if (cmd === "setRules") perform(me, fx, cmd, arg);
    } else me.player.perform(me, fx, cmd, arg);
  } else if (cmd === "toggleMute" || cmd === "mute") {
    const on = cmd === "mute" ? arg === true : !me.muted;
    if (on !== me.muted) {
      me.muted = on;
      // Muting plays its own cue as the acknowledgement; afterwards everything is silent.
      fx.cues.push(on ? CUE_MUTE : CUE_UNMUTE);
      fx.save |= 1 << FILE_SETTINGS;
    }
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
 * console: a pad is the game's; NEW GAME deals (in Magic Square) or chooses a game; the other
 * buttons are their commands. Returns whether it made a move.
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
  if (key === me.pads && me.shelf.names.length > 0 && (!me.magic || dealt)) {
    openChooser(me, fx);
    return false;
  }
  if (key >= me.pads) {
    otherKey(me, fx, key);
    me.dealt = key === me.pads && me.magic;
    return false;
  }
  return me.player.key(me, fx, key);
}

/** A key that makes no move: it wakes a sleeping toy, lights its pad in the self-test, or is an extra button. */
function otherKey(me: Toy, fx: ToyEffects, key: number): void {
  if (me.asleep) {
    me.asleep = false;
    fx.power = POWER_WAKE;
    showGame(me, fx);
  } else if (me.selfTest >= 0) {
    fx.show = true;
    fx.frame = key < me.pads ? 1 << key : me.allPads;
    fx.blink = 0;
    fx.cues.push(CUE_SELF_TEST);
    me.selfTest = me.pads + 1;
    me.selfTestAt = me.now + SELF_TEST_TIMEOUT_MS;
  } else if (me.player.buttons) me.player.key(me, fx, key);
  else perform(me, fx, buttonCommand(key - me.pads), undefined);
}

/**
 * A hold of a pad (`key` 0-based) or the self-test chord (`chord`): takes back what this group
 * of keys did (a game chosen, moves and any result they counted; what redo offered before them
 * stays offered), then runs the gesture.
 */
function gesture(me: Toy, fx: ToyEffects, key: number, chord: boolean): void {
  // (NEW GAME's deal as the group found it: the hold's own press, taken back, does not count.)
  const dealt = me.dealt || me.groupDealt;
  me.dealt = false;
  if (me.selfTest < 0 && (me.name !== me.groupName || me.choosing !== me.groupChoosing)) {
    // The group chose a game or opened the chooser: back to the game as it found it.
    if (me.name !== me.groupName) enterGame(me, me.groupName, me.groupLine, 0, true);
    me.choosing = me.groupChoosing;
    fx.save |= (1 << FILE_GAME) | (1 << FILE_SETTINGS) | (1 << FILE_GAMES);
    showGame(me, fx);
  } else if (me.selfTest < 0) me.player.back(me, fx);
  if (chord) perform(me, fx, "selfTest", undefined);
  else if (me.selfTest < 0 && !me.asleep) {
    const cmd = holdCommand(key);
    if (cmd === "newGame" && me.shelf.names.length > 0 && (!me.magic || me.choosing || dealt)) openChooser(me, fx);
    else {
      perform(me, fx, cmd, undefined);
      me.dealt = cmd === "newGame" && me.magic;
    }
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
export function fileObject(text: string | null): any {
  try {
    const v = text === null ? null : JSON.parse(text);
    return v && typeof v === "object" ? v : null;
  } catch (e) {
    return null;
  }
}

/** Whether `x` is a number, whole, from `min` to `max`. */
export function isWhole(x: unknown, min: number, max: number): x is number {
  return typeof x === "number" && x >= min && x <= max && Math.floor(x) === x;
}

/** Power-on at `time`: the game shown after Merlin's light test, every pad lit with a tone for half a second. */
export function toyPowerOn(me: Toy, time: number): ToyEffects {
  const fx = begin(me, time);
  showGame(me, fx);
  flash(fx, me.allPads, POWER_ON_MS);
  fx.cues.push(CUE_POWER_ON);
  return finish(me, fx);
}

/**
 * The debounced keys (bit i = key i down) at `time`: presses act at once; a hold of pad 1…9
 * takes back what its group of keys did and runs its command (holdCommand); pads 1 and 9
 * held together do the same and start or end the self-test. Call it at every change and again
 * at Toy.keysDue (holds and stuck keys are timed while the keys are held).
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
        me.groupName = me.name;
        me.groupDealt = me.dealt;
        me.groupLine = "";
        me.groupChoosing = me.choosing;
        me.player.mark(me);
      }
      // A group that leaves its game can come back to it as it was.
      if ((me.choosing || key === me.pads) && me.groupLine === "") me.groupLine = me.player.ask(me, ASK_LINE, time);
      keyDown(me, fx, key);
    } else if ((type === EV_HOLD && key < me.pads && key < HOLD_PADS) || type === EV_CHORD) {
      gesture(me, fx, key, type === EV_CHORD);
    }
  }
  me.keysDue = keyEventsNextDeadline(keys, time);
  return finish(me, fx);
}

/** Runs what is due at `time` (see toyDue): the self-test's next step, the game's, sleep after the idle time. */
export function toyTick(me: Toy, time: number): ToyEffects {
  const fx = begin(me, time);
  if (me.selfTestAt >= 0 && me.now >= me.selfTestAt) selfTestStep(me, fx);
  const due = gameDue(me);
  if (due >= 0 && me.now >= due && me.player.tick) me.player.tick(me, fx);
  if (me.idleAt >= 0 && me.now >= me.idleAt && !me.asleep) perform(me, fx, "sleep", undefined);
  return finish(me, fx);
}

/**
 * Why the console call `cmd` with argument `arg` is refused (one line), "" when it is not:
 * checked as the command line checks the same things (mute true/false, idle 0 or
 * MIN_IDLE_MS … MAX_IDLE_MS, a brightness 1 … the cap, a game's name); the game's own
 * commands by its player (Magic Square's rule sets, whatever game is played).
 */
function refusal(me: Toy, cmd: Command, arg: unknown): string {
  if (cmd === "mute" && arg !== true && arg !== false) return "mute takes true or false, got " + arg;
  if (cmd === "game" && arg !== MAGIC_SQUARE && me.shelf.names.indexOf(String(arg)) < 0) {
    return "game must be one of " + gameNames(me).join(", ") + ", got " + arg;
  }
  if (cmd === "newGame" && arg !== undefined && !isWhole(arg, 0, MAX_COUNT)) return "seed must be a whole number from 0 to " + MAX_COUNT + ", got " + arg;
  const idle = cmd === "setIdle";
  const level = cmd === "brightness";
  if (idle || level) {
    const min = idle ? MIN_IDLE_MS : 1;
    const max = idle ? MAX_IDLE_MS : me.brightMax;
    if (isWhole(arg, min, max) || (idle && arg === 0)) return "";
    return (idle ? "idle must be 0 or " : "brightness must be ") + "a whole number from " + min + " to " + max + ", got " + arg;
  }
  if (cmd === "setRules" && !me.magic) {
    // Magic Square's rule sets, asked of its player (read for the check: it is played next).
    const magic: Player = me.shelf.load(MAGIC_SQUARE);
    return magic.ask(me, ASK_REFUSAL, cmd, arg);
  }
  return general(cmd) || cmd === "game" ? "" : me.player.ask(me, ASK_REFUSAL, cmd, arg);
}

/**
 * A key pressed from the console at `time` (1-based: the pads, then the four extra buttons, on
 * every board, buttons fitted or not): what the key going down does. A key out of range, or one
 * the game has no use for, is refused as toyCommand refuses a call: its line kept in toyState's
 * error until a call is carried out.
 */
export function toyPress(me: Toy, key: unknown, time: number): ToyEffects {
  const fx = begin(me, time);
  const keys = me.pads + BUTTONS;
  const whole = isWhole(key, 1, keys);
  fx.refused = whole ? "" : "key must be a whole number from 1 to " + keys + ", got " + key;
  if (whole) keyDown(me, fx, key - 1);
  // (The game may refuse the key itself, as a key it has no use for.)
  me.error = fx.refused;
  return finish(me, fx);
}

/**
 * A console call, or a button's, at `time`: command `cmd` with the value `arg` typed at the
 * console (see Command; checked by refusal). A refused call changes nothing and says why in
 * `refused`, which toyState's error keeps until a call is carried out.
 */
export function toyCommand(me: Toy, cmd: Command, arg: unknown, time: number): ToyEffects {
  const fx = begin(me, time);
  me.error = refusal(me, cmd, arg);
  fx.refused = me.error;
  if (me.error !== "") return finish(me, fx);
  perform(me, fx, cmd, arg);
  // (A game may refuse what it was asked only when it tries, as undo where it has none.)
  me.error = fx.refused;
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
  showGame(me, fx);
  flash(fx, me.allPads, ERROR_FLASH_MS);
  fx.cues.push(CUE_ILLEGAL);
  return finish(me, fx);
}

/** The text of file FILE_* as it is to be written at `time`. */
export function toyFile(me: Toy, file: number, time: number): string {
  if (file === FILE_SETTINGS) {
    const c: any = { "rules": me.rules, "mute": me.muted, "idle": me.idleMs };
    if (me.brightMax > 0) c["bright"] = me.bright;
    if (!me.magic) c["game"] = me.name;
    return JSON.stringify(c);
  }
  if (file === FILE_STATS) return JSON.stringify({ "games": me.played, "wins": me.won, "best": me.best });
  if (file === FILE_GAMES) {
    const text = keepGame(me);
    // Where the file can be read back, memory need not hold it once it is written.
    if (me.shelf.saved) me.kept = null;
    return text;
  }
  return me.player.ask(me, ASK_LINE, time);
}

/** Merlin.state(): the game and the toy as the console shows them; `leds` the pads lit now. */
export function toyState(me: Toy, leds: Board): { [key: string]: any } {
  const s = me.player.ask(me, ASK_STATE);
  s["rules"] = me.rules;
  s["leds"] = typeof leds === "string" ? leds : maskToBits(leds, me.pads);
  s["muted"] = me.muted;
  s["asleep"] = me.asleep;
  s["error"] = me.error || null;
  s["game"] = me.name;
  s["choosing"] = me.choosing;
  return s;
}

/** Merlin.stats(): the statistics of the game played (Magic Square: games, wins, best; the others: games, wins, losses, draws). */
export function toyStats(me: Toy): { [key: string]: number } {
  return me.player.ask(me, ASK_STATS);
}

/** Merlin.maths(): the maths of the game played (backend.ts Maths) for the teaching view, null in games without. */
export function toyMaths(me: Toy): Maths | null {
  return me.player.ask(me, ASK_MATHS);
}

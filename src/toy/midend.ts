/**
 * The toy's mid-end, after the mid-end of Simon Tatham's puzzle collection: what the toy does
 * with its keys and its console, between the game (game.ts) and the hardware. It owns the hold
 * gestures, take-back through the game's own history, the statistics and settings with their
 * files and validation, the self-test, sleep and stuck keys. A front end (firmware/, a test)
 * only forwards input and carries out the effects:
 *
 *   in:  toyKeys (the debounced key mask), toyCommand (a console call or a button), toyTick
 *        (a deadline: ToyEffects.due), each with the time now in ms;
 *   out: each returns the ToyEffects of the call — a frame to show (with blinking pads and a
 *        flash), sound cues, files to save (and whether at once), sleep or wake, when to call
 *        again; toyFile gives a file's text when it is written.
 *
 * One toy per program, like the one board it runs on: createToy (re)starts it. Everything is
 * plain state and explicit time, so the host tests drive it with timed tables of key masks, as
 * QMK tests its debouncers (test/midend.test.ts).
 */
import {
  ACT_COMP_TURN, ACT_HINT, ACT_NEW_GAME, ACT_PRESS, ACT_SAME_GAME, ACT_SET_RULES, ACT_SHOW, ACT_TAKE_BACK, ACT_UNDO,
  Board, createGameFrom, Effects, GameState, GameTables, loadGame, MAX_SEED, PLAYING, reasonName, saveGame, START_OK, startCode,
  statusName, update, WON,
} from "./game";
import {
  createKeyEvents, EV_CHORD, EV_HOLD, EV_NONE, EV_PRESS, keyEventsNextDeadline, keyEventsPop, keyEventsUpdate, KeyEvents,
  SELF_TEST_CHORD,
} from "./keyevents";
import { maskToBits } from "./maskbits";
import { RULE_NAMES } from "./rules";
import { CUE_ILLEGAL, CUE_MUTE, CUE_NEW_GAME, CUE_POWER_ON, CUE_SELF_TEST, CUE_UNMUTE } from "./sounds";
import { MaskTables } from "./tables";
import { letTablesGo } from "./toygames";
import { CELL_BOARDS } from "./features";
/** (For the firmware: its build decides it, in src/toy/features.ts as the firmware gets it.) */
export { CELL_BOARDS };

/** Commands beyond the game's events (ACT_*): what holds, buttons and the console ask for. */
export const CMD_NEXT_RULES = 9;
export const CMD_TOGGLE_MUTE = 10;
export const CMD_GOAL = 11;
export const CMD_SLEEP = 12;
export const CMD_SELF_TEST = 13;
/** Console only: a key press (argument: the key, 1-based; see toyPress), mute (true/false), idle time (ms), a start board (digits). */
export const CMD_PRESS = 14;
export const CMD_MUTE = 15;
export const CMD_SET_IDLE = 16;
export const CMD_START = 17;
/** Console only, boards with a brightness setting (pixel boards): lit pads at 1 … the board's cap. */
export const CMD_BRIGHTNESS = 18;

/**
 * What holding pad N (1-based) for 1.5 s does, index N − 1; the presses its keys made are taken
 * back first. 1 NEW GAME, 2 SAME GAME, 3 HIT ME, 4 UNDO, 5 COMP TURN, 6 next rule set,
 * 7 mute on/off, 8 show the goal, 9 sleep. Holds of other keys do nothing. (Uint16Array, as the
 * game's history and the rule table: on Espruino each kind of typed array a program uses costs
 * ~9 JsVars of its own, so the toy's small tables share one kind.)
 */
export const HOLD_COMMANDS = new Uint16Array([
  ACT_NEW_GAME, ACT_SAME_GAME, ACT_HINT, ACT_UNDO, ACT_COMP_TURN, CMD_NEXT_RULES, CMD_TOGGLE_MUTE, CMD_GOAL, CMD_SLEEP,
]);
/** The extra buttons, in their key order after the pads: Merlin's NEW GAME, SAME GAME, HIT ME, COMP TURN. */
export const BUTTON_COMMANDS = new Uint16Array([ACT_NEW_GAME, ACT_SAME_GAME, ACT_HINT, ACT_COMP_TURN]);

/** Idle time before the LEDs go off and the board sleeps (Lights Out's auto-off: 3 minutes). */
export const DEFAULT_IDLE_MS = 180000;
/** Idle times the console accepts besides 0 (never): 10 s to a day (setTimeout takes far more). */
export const MIN_IDLE_MS = 10000;
export const MAX_IDLE_MS = 86400000;
export const SELF_TEST_STEP_MS = 250;
export const SELF_TEST_TIMEOUT_MS = 30000;
/** How long pad 1, 2 or 3 shows which rule set a hold of pad 6 chose; how long GOAL shows the goal. */
export const RULES_FLASH_MS = 800;
export const GOAL_FLASH_MS = 1000;
/** The light test at power-on, and the all-pads flash of an internal error. */
export const POWER_ON_MS = 500;
export const ERROR_FLASH_MS = 300;

/** The toy's files, index FILE_* (bit 1 << FILE_* in ToyEffects.save): FILE_COUNT of them, named by fileName. */
export const FILE_COUNT = 3;

/**
 * The name of file FILE_* in Storage: merlin.cfg, merlin.sta, merlin.gam. (A function, not an
 * array of names: on the toy an array would stay in RAM for as long as it runs, ~11 JsVars.)
 */
export function fileName(file: number): string {
  return ["merlin.cfg", "merlin.sta", "merlin.gam"][file];
}
export const FILE_SETTINGS = 0;
export const FILE_STATS = 1;
export const FILE_GAME = 2;
/** ToyEffects.save: write the changed files now (a result, sleep), not within a second. */
export const SAVE_NOW = 8;

/** ToyEffects.power. */
export const POWER_SLEEP = 1;
export const POWER_WAKE = 2;

/**
 * A game beyond the board's own rule sets (games.ts; pixel boards: lightsout, lightsout2000):
 * its name (what setRules takes), the tables it plays on (toygames.ts), its goal and the rule
 * set it plays under. Behind CELL_BOARDS: boards built without games carry none of it. (A type
 * alias: the build shortens only interfaces' members, and a new member name there would
 * change which short names the other boards' bundles get.)
 */
export type ToyGame = {
  name: string;
  /** Its tables, or a function that makes them when it is chosen (the toy: choose). */
  tables: GameTables | (() => GameTables);
  target: Board;
  rules: number;
};

/** The game's effects, and what the toy asks of its front end besides. */
export interface ToyEffects extends Effects {
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
   * on time (ms), −1 when no key that matters is down: poll fast while it is not −1. Set by
   * toyKeys (and createToy); the other calls do not change the keys and leave it as it was.
   */
  keysDue: number;
  /** Why toyCommand refused the call (one line), "" when it did not. */
  refused: string;
  /** The brightness of lit pads, 1 … the board's cap (0 on boards without the setting). */
  bright: number;
}

// ---- The toy's state.
/** The tables of the game played: the board's own (boardTables, boardTarget) or a ToyGame's. */
let tables: GameTables;
/** The board's own tables, or a function that makes them (boards with games: the toy holds the played game's only). */
let boardTables: MaskTables | (() => MaskTables);
let boardTarget: number;
/** The games beyond the rule sets, and the one played (−1: a rule set on the board's own tables). */
let toyGames: ToyGame[] = [];
let gameNo = -1;
/** gameNo at power-on, before the first choose. */
const UNCHOSEN = -2;
/** The played game's key of each pad when its keys are not its pads (blackwhite: toygames.ts), else undefined. */
let padKeys: Uint8Array | undefined;
let pads = 0;
/** The game (on a colour game's tables its boards are digit strings: typed as masks, handled as Board). */
let game: GameState;
let games = 0;
let wins = 0;
/** Fewest moves of a won game, 0 before the first win. */
let best = 0;
let muted = false;
/** Idle time before sleep, ms; 0 = never. */
let idleMs = DEFAULT_IDLE_MS;
/** The brightness setting's cap (its default), 0 when the board has no such setting; the setting. */
let brightMax = 0;
let bright = 0;
let asleep = false;
/** Self-test: −1 off; 0 … pads − 1 the next pad of the walk; pads the echo phase next; pads + 1 in it. */
let selfTest = -1;
/** When the self-test takes its next step (or ends), ms; −1 none. */
let selfTestAt = -1;
/** When the toy falls asleep unless a key or command comes first, ms; −1 never. */
let idleAt = -1;
/** Key events: holds, the self-test chord and stuck keys (the one place that knows them). */
let keys: KeyEvents;
/** Moves made by the current group of keys (first key down … all up): what a gesture takes back. */
let groupMoves = 0;
/** The statistics when that group began. */
let gamesBefore = 0;
let winsBefore = 0;
let bestBefore = 0;
/** The last refused console call or internal error ("" none). */
let error = "";
/** The time of the call being handled, ms. */
let now = 0;
/** The effects of the call being handled (one object, reused: no allocation per key). */
const fx: ToyEffects = {
  frame: 0, blink: 0, flash: 0, flashMs: 0, cues: [], hint: -1, error: 0, show: false, save: 0, power: 0, due: -1, keysDue: -1,
  refused: "", bright: 0,
};

/** Starts a call at `time`: no effects yet. */
function begin(time: number): void {
  now = time;
  fx.show = false;
  fx.flashMs = 0;
  fx.cues.splice(0, fx.cues.length);
  fx.hint = -1;
  fx.error = 0;
  fx.save = 0;
  fx.power = 0;
  fx.refused = "";
}

/** Ends a call: while muted nothing sounds but the cue that mutes; when toyTick is due. */
function finish(): ToyEffects {
  const cues = fx.cues;
  if (muted && cues[cues.length - 1] !== CUE_MUTE) cues.splice(0, cues.length);
  fx.due = selfTestAt < 0 ? idleAt : idleAt < 0 || selfTestAt < idleAt ? selfTestAt : idleAt;
  fx.bright = bright;
  return fx;
}

/** Shows `mask` in place of the frame for `ms`. */
function flash(mask: number, ms: number): void {
  fx.show = true;
  fx.flash = mask;
  fx.flashMs = ms;
}

/**
 * Runs game event `type` (ACT_*) and records what came of it: the game to be saved when it
 * changed, a result in the statistics (written at once), a rule change in the settings.
 */
function run(type: number, key?: number, seed?: number, rules?: string): void {
  const was = game.status;
  const rulesWere = game.rules;
  update(tables, game, { type: type, now: now, key: key, seed: seed, rules: rules }, fx);
  fx.show = true;
  if (type !== ACT_SHOW && type !== ACT_HINT && fx.error === 0) fx.save |= 1 << FILE_GAME;
  if (game.rules !== rulesWere) fx.save |= 1 << FILE_SETTINGS;
  if (was === PLAYING && game.status !== PLAYING) {
    games++;
    if (game.status === WON) {
      wins++;
      if (best === 0 || game.moves < best) best = game.moves;
    }
    fx.save |= (1 << FILE_STATS) | SAVE_NOW;
  }
}

/** The self-test's next step: the walk over the pads with a click each, the echo phase, the end. */
function selfTestStep(): void {
  if (selfTest > pads) {
    selfTest = -1;
    selfTestAt = -1;
    run(ACT_SHOW);
    return;
  }
  // A pad of the walk, or dark for the echo phase, where every key lights its own pad and a
  // quiet spell (or the chord again) ends the test.
  const walk = selfTest < pads;
  fx.show = true;
  fx.frame = walk ? 1 << selfTest : 0;
  fx.blink = 0;
  if (walk) fx.cues.push(CUE_SELF_TEST);
  selfTestAt = now + (walk ? SELF_TEST_STEP_MS : SELF_TEST_TIMEOUT_MS);
  selfTest++;
}

/** What a command does (ACT_* or CMD_*, from a hold, a button or the console); `arg` has been checked. */
function perform(cmd: number, arg: unknown): void {
  if (cmd === CMD_NEXT_RULES) {
    if (CELL_BOARDS && toyGames.length > 0) {
      // The rule sets, then the games: pad 1, 2, 3, then 4, 5, … lights for the one chosen.
      const next = ((gameNo >= 0 ? RULE_NAMES.length + gameNo : game.rules) + 1) % (RULE_NAMES.length + toyGames.length);
      perform(ACT_SET_RULES, next < RULE_NAMES.length ? RULE_NAMES[next] : toyGames[next - RULE_NAMES.length].name);
      flash(1 << next, RULES_FLASH_MS);
    } else {
      run(ACT_SET_RULES, 0, undefined, RULE_NAMES[(game.rules + 1) % RULE_NAMES.length]);
      // Which rule set is now active: pad 1, 2 or 3 lights.
      flash(1 << game.rules, RULES_FLASH_MS);
    }
  } else if (cmd === CMD_TOGGLE_MUTE || cmd === CMD_MUTE) {
    const on = cmd === CMD_MUTE ? arg === true : !muted;
    if (on !== muted) {
      muted = on;
      // Muting plays its own cue as the acknowledgement; afterwards everything is silent.
      fx.cues.push(on ? CUE_MUTE : CUE_UNMUTE);
      fx.save |= 1 << FILE_SETTINGS;
    }
  } else if (cmd === CMD_GOAL) {
    run(ACT_SHOW);
    flash(game.target, GOAL_FLASH_MS);
  } else if (cmd === CMD_SLEEP) {
    asleep = true;
    selfTest = -1;
    selfTestAt = -1;
    idleAt = -1;
    fx.power = POWER_SLEEP;
    fx.save |= SAVE_NOW;
  } else if (cmd === CMD_SELF_TEST) {
    // Starts the walk at pad 1, or ends a running test.
    selfTest = selfTest >= 0 ? pads + 1 : 0;
    selfTestStep();
  } else if (cmd === CMD_SET_IDLE || cmd === CMD_BRIGHTNESS) {
    if (cmd === CMD_SET_IDLE) idleMs = arg as number;
    else bright = arg as number;
    fx.save |= 1 << FILE_SETTINGS;
  } else if (cmd === CMD_START) {
    // (toyCommand made the game from the start board it was given.)
    game = arg as GameState;
    run(ACT_SHOW);
    fx.save |= 1 << FILE_GAME;
  } else if (cmd === ACT_NEW_GAME) run(cmd, 0, arg as number | undefined);
  else if (CELL_BOARDS && cmd === ACT_SET_RULES && (gameNo >= 0 || gameIndex(arg) >= 0)) {
    // Into a game, out of one or between games: its tables and goal, puzzle 0 of the same seed
    // (as `merlin play --rules NAME --seed N` deals).
    choose(gameIndex(arg));
    const g = gameNo >= 0 ? toyGames[gameNo] : null;
    game = createGameFrom(tables, g ? g.target : boardTarget, g ? g.rules : RULE_NAMES.indexOf(arg as string), -1, game.seed, now) as GameState;
    run(ACT_SHOW);
    fx.cues.push(CUE_NEW_GAME);
    fx.save |= (1 << FILE_GAME) | (1 << FILE_SETTINGS);
  } else if (cmd === ACT_SET_RULES) run(cmd, 0, undefined, arg as string);
  else {
    run(cmd);
    // HIT ME and COMP TURN in a game whose keys are not its pads name the pad of their key.
    if (CELL_BOARDS && padKeys && fx.hint >= 0) fx.hint = padKeys.indexOf(fx.hint);
  }
}

/** The index of the game called `name` among the toy's games, −1 when it is none (a rule set). */
function gameIndex(name: unknown): number {
  for (let i = 0; i < toyGames.length; i++) if (toyGames[i].name === name) return i;
  return -1;
}

/**
 * Plays game `no` (−1: the board's own rule sets) on its tables from now on (the game played:
 * nothing to do). The toy holds the tables of the game played only: tables made from flash are
 * made here, a colour game's cell tables only while one is played (toygames.ts tablesOf) — two
 * games' tables at once would not fit the 5×5's RAM.
 */
function choose(no: number): void {
  if (no === gameNo) return;
  gameNo = no;
  const src = no < 0 ? boardTables : toyGames[no].tables;
  // A colour game's cell tables go before other tables are made (two sets at once is the peak).
  if (typeof src === "function" || !((src as GameTables).extras && (src as GameTables).extras!.ops)) letTablesGo();
  tables = typeof src === "function" ? src() : src;
  padKeys = tables.extras ? tables.extras.padKeys : undefined;
}

/** The name of the rule set or game played (what setRules takes and the settings keep). */
function rulesName(): string {
  return CELL_BOARDS && gameNo >= 0 ? toyGames[gameNo].name : RULE_NAMES[game.rules];
}

/**
 * A key going down (0-based; pads first, then the extra buttons), from the keys or the
 * console: wakes a sleeping toy (not a move), lights its pad in the self-test, else plays.
 * Returns whether it made a move.
 */
function keyDown(key: number): boolean {
  idleAt = idleMs > 0 ? now + idleMs : -1;
  if (asleep || selfTest >= 0 || key >= pads) {
    otherKey(key);
    return false;
  }
  // A game whose keys are not its pads (blackwhite) presses the pad's key (255: none, an illegal key).
  run(ACT_PRESS, (CELL_BOARDS && padKeys ? padKeys[key] : key) + 1);
  return fx.error === 0;
}

/**
 * keyDown's keys that make no move: waking a sleeping toy, a pad lit in the self-test, an
 * extra button's command. (Apart from keyDown, which every pad press runs: Espruino lexes a
 * function's whole body on every call.)
 */
function otherKey(key: number): void {
  if (asleep) {
    asleep = false;
    fx.power = POWER_WAKE;
    run(ACT_SHOW);
  } else if (selfTest >= 0) {
    fx.show = true;
    fx.frame = key < pads ? 1 << key : -1 >>> (32 - pads);
    fx.blink = 0;
    fx.cues.push(CUE_SELF_TEST);
    selfTest = pads + 1;
    selfTestAt = now + SELF_TEST_TIMEOUT_MS;
  } else perform(BUTTON_COMMANDS[key - pads], undefined);
}

/**
 * A hold of a pad (`key` 0-based) or the self-test chord (`chord`): takes back the moves of
 * this group of keys (and any result they counted), then runs the gesture.
 */
function gesture(key: number, chord: boolean): void {
  if (selfTest < 0 && groupMoves > 0) {
    for (; groupMoves > 0; groupMoves--) update(tables, game, { type: ACT_TAKE_BACK, now: now }, fx);
    if (games !== gamesBefore) {
      games = gamesBefore;
      wins = winsBefore;
      best = bestBefore;
      fx.save |= 1 << FILE_STATS;
    }
    fx.save |= 1 << FILE_GAME;
    run(ACT_SHOW);
  }
  if (chord) perform(CMD_SELF_TEST, undefined);
  else if (selfTest < 0 && !asleep) perform(HOLD_COMMANDS[key], undefined);
}

/**
 * CELL_BOARDS builds: the saved game's line in the game file's `text` (null: none), where a
 * game's file starts with the game's name and a space; plays on that game's tables (or the
 * board's) from now on. Null when there is none or it names no game of the board.
 */
function gameText(text: string | null): string | null {
  const space = text === null ? -1 : text.indexOf(" ");
  choose(space > 0 ? gameIndex((text as string).slice(0, space)) : -1);
  return text === null || (space > 0 && gameNo < 0) ? null : text.slice(space + 1);
}

/**
 * The toy at power-on (`time`) on tables `t` (boards with games: or a function that makes
 * them), from its files' texts (index FILE_*; null when missing or damaged), with `seed` for a first deal when there is no saved game; `maxBright` is the cap
 * (and default) of the brightness setting, 0 on boards without one. Returns the power-on light
 * test. A file that holds anything out of place counts as missing: its defaults are used, the
 * other files are read as usual. `extraGames`: the games the board plays besides its rule sets
 * (CELL_BOARDS builds; the settings and the game file may name one).
 */
export function createToy(
  t: MaskTables | (() => MaskTables), target: number, keyCount: number, files: (string | null)[], seed: number, time: number, maxBright: number,
  extraGames?: ToyGame[],
): ToyEffects {
  /** A file's text as an object, or null when it is missing, not JSON or not an object. */
  function object(text: string | null): any {
    try {
      const v = text === null ? null : JSON.parse(text);
      return v && typeof v === "object" ? v : null;
    } catch (e) {
      return null;
    }
  }
  tables = t as MaskTables;
  if (CELL_BOARDS) {
    boardTables = t;
    boardTarget = target;
    toyGames = extraGames === undefined ? [] : extraGames;
    gameNo = UNCHOSEN;
    choose(-1);
  }
  pads = tables.keys;
  keys = createKeyEvents(keyCount, SELF_TEST_CHORD);
  begin(time);
  // Settings: {"rules":"basic","mute":false,"idle":180000} ("rules" may name a game), and
  // "bright":48 where the board has the setting (a file from before it has none: the cap
  // stays) — all valid, or none used.
  const c = object(files[FILE_SETTINGS]);
  const ruleSet = c !== null && RULE_NAMES.indexOf(c["rules"]) >= 0;
  const settingsOk = (CELL_BOARDS ? ruleSet || (c !== null && gameIndex(c["rules"]) >= 0) : ruleSet) && (c["mute"] === true || c["mute"] === false)
    && (c["idle"] === 0 || isWhole(c["idle"], MIN_IDLE_MS, MAX_IDLE_MS))
    && (maxBright === 0 || c["bright"] === undefined || isWhole(c["bright"], 1, maxBright));
  muted = settingsOk && c["mute"];
  idleMs = settingsOk ? c["idle"] : DEFAULT_IDLE_MS;
  brightMax = maxBright;
  bright = settingsOk && maxBright > 0 && c["bright"] !== undefined ? c["bright"] : maxBright;
  // Statistics a toy can have played: wins among the games, a best move count exactly when won.
  const st = object(files[FILE_STATS]);
  const statsOk = st !== null && isWhole(st["games"], 0, MAX_SEED) && isWhole(st["wins"], 0, st["games"])
    && isWhole(st["best"], 0, MAX_SEED) && st["wins"] > 0 === st["best"] > 0;
  games = statsOk ? st["games"] : 0;
  wins = statsOk ? st["wins"] : 0;
  best = statsOk ? st["best"] : 0;
  if (CELL_BOARDS) {
    files = files.slice();
    files[FILE_GAME] = gameText(files[FILE_GAME]);
  }
  const saved = files[FILE_GAME] === null ? null : loadGame(tables, files[FILE_GAME] as string, time);
  if (CELL_BOARDS && saved === null) choose(settingsOk ? gameIndex(c["rules"]) : -1);
  const g = CELL_BOARDS && gameNo >= 0 ? toyGames[gameNo] : null;
  const goal = CELL_BOARDS && g ? g.target : target;
  game = saved !== null && saved.target === goal
    ? saved : (createGameFrom(tables, goal, g ? g.rules : settingsOk ? RULE_NAMES.indexOf(c["rules"]) : 0, -1, seed, time) as GameState);
  asleep = false;
  selfTest = -1;
  selfTestAt = -1;
  groupMoves = 0;
  error = "";
  idleAt = idleMs > 0 ? now + idleMs : -1;
  run(ACT_SHOW);
  // Merlin's power-on: every pad lit with a tone for half a second, then the game.
  flash(-1 >>> (32 - pads), POWER_ON_MS);
  fx.cues.push(CUE_POWER_ON);
  fx.keysDue = -1;
  return finish();
}

/**
 * The debounced keys (bit i = key i down) at `time`: presses act at once; a hold of pad 1…9
 * takes back the moves of its group of keys and runs its HOLD_COMMANDS entry; pads 1 and 9
 * held together do the same and start or end the self-test. Call it at every change and again
 * at ToyEffects.keysDue (holds and stuck keys are timed while the keys are held).
 */
export function toyKeys(down: number, time: number): ToyEffects {
  begin(time);
  // No key (but stuck ones) was down: a press starts a new group.
  let first = (keys.down & ~keys.stuck) === 0;
  keyEventsUpdate(keys, down, time);
  for (let type = keyEventsPop(keys); type !== EV_NONE; type = keyEventsPop(keys)) {
    const key = keys.arg;
    if (type === EV_PRESS) {
      if (first) {
        first = false;
        groupMoves = 0;
        gamesBefore = games;
        winsBefore = wins;
        bestBefore = best;
      }
      if (keyDown(key)) groupMoves++;
    } else if ((type === EV_HOLD && key < pads && key < HOLD_COMMANDS.length) || type === EV_CHORD) {
      // (Not inlined here by the build: this loop runs at every key change, and Espruino lexes a
      // function's whole body, rare branches included, on every call.)
      /* @__NOINLINE__ */ gesture(key, type === EV_CHORD);
    }
  }
  // (Only the keys change this: other calls leave it as it is.)
  fx.keysDue = keyEventsNextDeadline(keys, time);
  return finish();
}

/** Runs what is due at `time` (see ToyEffects.due): the self-test's next step, sleep after the idle time. */
export function toyTick(time: number): ToyEffects {
  begin(time);
  if (selfTestAt >= 0 && now >= selfTestAt) selfTestStep();
  if (idleAt >= 0 && now >= idleAt && !asleep) perform(CMD_SLEEP, undefined);
  return finish();
}

/** Whether `x` is a number, whole, from `min` to `max`. */
function isWhole(x: unknown, min: number, max: number): boolean {
  return typeof x === "number" && x >= min && x <= max && Math.floor(x) === x;
}

/**
 * Why the console call `cmd` with argument `arg` is refused (one line), "" when it is not:
 * checked as the command line checks the same things (a seed 0 … MAX_SEED, a rule set name,
 * mute true/false, idle 0 or MIN_IDLE_MS … MAX_IDLE_MS, a brightness 1 … the cap; start boards:
 * startFrom).
 */
function refusal(cmd: number, arg: unknown): string {
  if (cmd === CMD_MUTE && arg !== true && arg !== false) return "mute takes true or false, got " + arg;
  if (cmd === ACT_SET_RULES) {
    const r = RULE_NAMES.indexOf(arg as string);
    if (CELL_BOARDS && r < 0 && gameIndex(arg) >= 0) return "";
    // (On the board's own tables: in a game, made for this check, only for a rule set's name.)
    if (r < 0 || startCode(!CELL_BOARDS || gameNo < 0 ? tables : typeof boardTables === "function" ? boardTables() : boardTables,
      CELL_BOARDS ? boardTarget : game.target, r, -1) !== START_OK) {
      let names = RULE_NAMES.join(", ");
      if (CELL_BOARDS) for (let i = 0; i < toyGames.length; i++) names += ", " + toyGames[i].name;
      return "rules must be one of " + names + ", got " + arg;
    }
  }
  // The whole numbers: a seed, an idle time (0 too), a brightness.
  const idle = cmd === CMD_SET_IDLE;
  const level = cmd === CMD_BRIGHTNESS;
  if (!(idle || level || (cmd === ACT_NEW_GAME && arg !== undefined))) return "";
  const min = idle ? MIN_IDLE_MS : level ? 1 : 0;
  const max = idle ? MAX_IDLE_MS : level ? brightMax : MAX_SEED;
  if (isWhole(arg, min, max) || (idle && arg === 0)) return "";
  return (idle ? "idle must be 0 or " : level ? "brightness must be " : "seed must be ") + "a whole number from " + min + " to " + max + ", got " + arg;
}

/**
 * The game from the start board `text` (as --start on the command line: the digits 0/1, or in
 * a colour game 0 … k − 1, pad 1 first, rows optionally separated by "/"), or the one line that
 * says why it cannot start.
 */
function startFrom(text: unknown): GameState | string {
  const cols = tables.cols;
  const rows = typeof text === "string" ? text.trim().split("/") : [""];
  const digits = rows.join("");
  const ops = CELL_BOARDS && tables.extras ? tables.extras.ops : undefined;
  const legal = CELL_BOARDS && ops ? new RegExp("^[0-" + (ops.cycle - 1) + "]*$") : /^[01]*$/;
  let ok = digits.length === pads && legal.test(digits) && rows.length <= tables.rows;
  for (let i = 0; i < rows.length; i++) if (rows.length > 1 && rows[i].length !== cols) ok = false;
  if (!ok) return "start must be " + pads + " digits " + (CELL_BOARDS && ops ? "0-" + (ops.cycle - 1) : "0/1") + " (rows of " + cols + " may be split by /), got " + text;
  let start: Board = 0;
  if (CELL_BOARDS && ops) start = digits;
  else for (let i = 0; i < pads; i++) start |= (digits.charCodeAt(i) & 1) << i; // "0" is 48, "1" 49
  try {
    return createGameFrom(tables, game.target as Board, game.rules, start, game.seed, now) as GameState;
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * A console press of key `key` (1-based: the pads, then the four extra-button functions, on
 * every board, buttons fitted or not) at `time`, through the same path as a debounced key; a
 * key out of range is refused as toyCommand refuses. (Apart from toyCommand: it is the call
 * the console makes most, and the one to keep short.)
 */
export function toyPress(key: unknown, time: number): ToyEffects {
  begin(time);
  const keys = pads + BUTTON_COMMANDS.length;
  error = isWhole(key, 1, keys) ? "" : "key must be a whole number from 1 to " + keys + ", got " + key;
  fx.refused = error;
  if (error === "") keyDown((key as number) - 1);
  return finish();
}

/**
 * A console HIT ME at `time`, as toyCommand(ACT_HINT) does it (nothing to refuse): apart from
 * toyCommand for the toy's games, where the solver's walk is long enough already (Espruino lexes
 * the whole of toyCommand, refusal and perform on every call). CELL_BOARDS builds call it.
 */
export function toyHint(time: number): ToyEffects {
  begin(time);
  error = "";
  run(ACT_HINT);
  if (padKeys && fx.hint >= 0) fx.hint = padKeys.indexOf(fx.hint);
  idleAt = asleep || idleMs === 0 ? -1 : now + idleMs;
  return finish();
}

/**
 * A console call at `time`: `cmd` (ACT_* or CMD_*) with its argument (see
 * refusal). A refused call changes nothing and says why in `refused`, which toyState's error
 * keeps until a call is carried out.
 */
export function toyCommand(cmd: number, arg: unknown, time: number): ToyEffects {
  if (cmd === CMD_PRESS) return toyPress(arg, time);
  begin(time);
  let problem = refusal(cmd, arg);
  if (cmd === CMD_START) {
    arg = startFrom(arg);
    if (typeof arg === "string") problem = arg;
  }
  error = problem;
  fx.refused = problem;
  if (problem !== "") return finish();
  perform(cmd, arg);
  // A command is activity too: the idle time starts again (with the new one after setIdle).
  idleAt = asleep || idleMs === 0 ? -1 : now + idleMs;
  return finish();
}

/**
 * After an internal error (`message`) at `time`: kept for toyState's error, signalled with
 * every pad flashing and the illegal-key buzz, and the game shown again.
 */
export function toyFail(message: string, time: number): ToyEffects {
  begin(time);
  error = message;
  run(ACT_SHOW);
  flash(-1 >>> (32 - pads), ERROR_FLASH_MS);
  fx.cues.push(CUE_ILLEGAL);
  return finish();
}

/** The text of file FILE_* as it is to be written at `time`. */
export function toyFile(file: number, time: number): string {
  if (file === FILE_SETTINGS) {
    return JSON.stringify(brightMax > 0
      ? { "rules": CELL_BOARDS ? rulesName() : RULE_NAMES[game.rules], "mute": muted, "idle": idleMs, "bright": bright }
      : { "rules": CELL_BOARDS ? rulesName() : RULE_NAMES[game.rules], "mute": muted, "idle": idleMs });
  }
  if (file === FILE_STATS) return JSON.stringify({ "games": games, "wins": wins, "best": best });
  // A game's file carries its name first (the saved line names only its rule set).
  if (CELL_BOARDS && gameNo >= 0) return rulesName() + " " + saveGame(game, time);
  return saveGame(game, time);
}

/** Merlin.state(): the game and the toy as the console shows them; `leds` the pads lit now. */
export function toyState(leds: Board) {
  const digits = CELL_BOARDS && typeof leds === "string";
  const board: Board = game.board;
  return {
    "board": CELL_BOARDS && typeof board === "string" ? board : /* @__INLINE__ */ maskToBits(board as number, pads),
    "moves": game.moves,
    "status": statusName(game),
    "reason": /* @__INLINE__ */ reasonName(game),
    "rules": CELL_BOARDS ? rulesName() : RULE_NAMES[game.rules],
    "seed": game.seed,
    "puzzle": game.puzzle,
    "par": game.par,
    "leds": digits ? leds : /* @__INLINE__ */ maskToBits(leds as number, pads),
    "muted": muted,
    "asleep": asleep,
    "error": error || null,
  };
}

/** Merlin.stats(): games finished, games won, the fewest moves of a win (0 before the first). */
export function toyStats() {
  return { "games": games, "wins": wins, "best": best };
}


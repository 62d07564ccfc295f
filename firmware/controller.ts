/**
 * The toy: key events in, game events through the portable core, effects out to LEDs and
 * piezo, state out to flash. Every entry point (scanner callback, timers, console API) runs
 * inside `guard`, so an error is logged, signalled (all pads flash, low buzz) and the toy
 * goes back to showing a playable board instead of dying silently.
 *
 * On Espruino every top-level function and variable costs RAM (JsVars) for as long as the toy
 * runs, while code and literals inside a function body stay in flash until called — hence
 * few, larger functions here, and tables written inside the functions that use them.
 */
import { LED_PINS, TABLES, TARGET } from "merlin:config";
import { DEBOUNCE_PRESS_MS, DEBOUNCE_RELEASE_MS } from "../src/debounce";
import {
  createKeyEvents, EV_CHORD, EV_HOLD, EV_PRESS, EV_STUCK, EVENT_QUEUE_SIZE, keyEventsNextDeadline, keyEventsUpdate, KeyEvents,
  SELF_TEST_CHORD,
} from "../src/keyevents";
import {
  ACT_HINT, ACT_NEW_GAME, ACT_PRESS, ACT_SET_RULES, ACT_SHOW, ACT_UNDO, createGameFrom, Effects, GameEvent,
  GameState, loadGame, MAX_SEED, newEffects, reasonName, saveGame, statusName, update, PLAYING, WON,
} from "../src/game";
import { RULE_NAMES } from "../src/rules";
import { CUE_ILLEGAL, CUE_MUTE, CUE_POWER_ON, CUE_SELF_TEST, CUE_UNMUTE } from "../src/sounds";
import { pixelLevel, show, shownMask } from "./leds";
import { muted, playCue } from "./piezo";
import { ignoreKeys, scannerInit } from "./scanner";
import { load, saveNow, saveSoon } from "./store";

const PADS = ROWS * COLS;
const ALL_PADS = PADS >= 32 ? -1 : (1 << PADS) - 1;
/** Idle time before the LEDs go off and the board sleeps (Lights Out's auto-off: 3 minutes). */
export const DEFAULT_IDLE_MS = 180000;
/** Idle times Merlin.setIdle accepts besides 0 (never): 10 s to a day (setTimeout takes far more). */
export const MIN_IDLE_MS = 10000;
export const MAX_IDLE_MS = 86400000;
const SELF_TEST_STEP_MS = 250;
const SELF_TEST_TIMEOUT_MS = 30000;

/**
 * What holding pad N (1-based) for 1.5 s does (the press it made on key-down is taken back):
 * 1 NEW GAME, 2 SAME GAME, 3 HIT ME, 4 undo, 5 COMP TURN, 6 next rule set, 7 mute,
 * 8 show the goal, 9 sleep. Extra buttons, in BUTTONS order: NEW GAME, SAME GAME, HIT ME, COMP TURN.
 */

let game: GameState;
const fx: Effects = newEffects();
let keyEvents: KeyEvents;
/** When the keys held now are next due a hold, chord or stuck event (keyEventsNextDeadline), −1 none. */
let keysDue = -1;
let idleMs = DEFAULT_IDLE_MS;
let idleTimer: number | undefined;
let asleep = false;
/** Self-test: −1 off; 0..PADS−1 the walk over the pads; PADS its end; PADS+1 the echo phase. */
let selfTest = -1;
let selfTestTimer: number | undefined;
/** Keys reported stuck, ignored until released. */
let stuckMask = 0;
/**
 * The game as it was before the first key of the current group of keys went down (held
 * only while keys are down): a hold gesture or the self-test chord restores it, taking back
 * the moves their keys made.
 */
let beforeKeys: GameState | undefined;
/** The statistics at that moment (as saved): a press that ended the game and is taken back is not counted. */
let statsBeforeKeys = "";
const stats = { games: 0, wins: 0, best: 0 };
/** The last error, for Merlin.state() and the tests. */
let lastError = "";

/**
 * Runs `fn` as an event entry point: errors are caught, logged and signalled. A console
 * `command` also restarts the idle timer first (a flag rather than a second function: each
 * top-level function costs RAM on the toy).
 */
export function guard(fn: () => void, command?: boolean): void {
  try {
    if (command === true) {
      // A console call that got this far was accepted: the last error is history.
      lastError = "";
      idle(true);
    }
    fn();
  } catch (e) {
    lastError = String(e);
    console.log("Merlin error: " + lastError);
    // (Should this fail too, the interpreter reports it; the timers keep the toy running.)
    playCue(CUE_ILLEGAL);
    update(TABLES, game, { type: ACT_SHOW, now: 0 }, fx);
    show(fx.frame, fx.blink, ALL_PADS, 300);
  }
}

/**
 * Runs one game event (ACT_*; ACT_SHOW just shows the game) and shows its effects, records
 * the result and saves the game (store.ts writes only what changed, at most once a second);
 * returns the game's error code (0 = none).
 */
function send(type: number, key?: number, seed?: number, rules?: string): number {
  const before = game.status;
  const prevRules = game.rules;
  // A fresh event each time: a module-level one would hold its JsVars for as long as the toy runs.
  const ev: GameEvent = { type: type, now: getTime() * 1000, key: key, seed: seed, rules: rules };
  update(TABLES, game, ev, fx);
  show(fx.frame, fx.blink, fx.flash, fx.flashMs);
  if (fx.cues.length > 0) playCue(fx.cues[fx.cues.length - 1]);
  if (before === PLAYING && game.status !== PLAYING) {
    stats.games++;
    if (game.status === WON) {
      stats.wins++;
      if (stats.best === 0 || game.moves < stats.best) stats.best = game.moves;
    }
    saveSoon("merlin.sta", fileText);
  }
  // The game changed (not just shown, hinted or refused): saved within a second.
  if (type !== ACT_SHOW && type !== ACT_HINT && fx.error === 0) saveSoon("merlin.gam", fileText);
  if (game.rules !== prevRules) saveSettings(muted);
  // A result is written at once.
  if (game.status !== PLAYING && before === PLAYING) saveNow();
  return fx.error;
}

/** The text of a file as it is to be written now (store.ts asks at write time). */
function fileText(file: string): string {
  if (file === "merlin.gam") return saveGame(game, getTime() * 1000);
  if (file === "merlin.sta") return JSON.stringify(stats);
  // Pixel boards also keep the brightness (the build folds the test: other boards carry one object).
  return JSON.stringify(
    NEOPIXEL
      ? { "rules": RULE_NAMES[game.rules], "mute": muted, "idle": idleMs, "bright": pixelLevel() }
      : { "rules": RULE_NAMES[game.rules], "mute": muted, "idle": idleMs },
  );
}

/** Whether `x` is a whole number from `min` to `max`. */
function whole(x: unknown, min: number, max: number): boolean {
  return typeof x === "number" && x >= min && x <= max && Math.floor(x) === x;
}

/** A console call that runs game event `type` (see send): returns Merlin.state(). */
function command(type: number, seed?: number, rules?: string) {
  guard(function () {
    send(type, 0, seed, rules);
  }, true);
  return state();
}

/** Refuses a console call: remembers the message for Merlin.state().error and throws it. */
function reject(message: string): never {
  lastError = message;
  throw new Error(message);
}

/** Refuses a console argument `x` called `name` unless it is a whole number from `min` to `max` (0 too when `orZero`). */
function checkWhole(name: string, x: unknown, min: number, max: number, orZero?: boolean): void {
  if (!whole(x, min, max) && !(orZero && x === 0)) reject(name + " must be " + (orZero ? "0 or " : "") + "a whole number from " + min + " to " + max + ", got " + x);
}

/**
 * Sets mute (with the mute or unmute cue when it changes) and saves the settings. One function
 * for both jobs: every top-level function costs RAM on the toy.
 */
function saveSettings(mute: boolean): void {
  if (mute !== muted) playCue(mute ? CUE_MUTE : CUE_UNMUTE, mute);
  saveSoon("merlin.cfg", fileText);
}

/**
 * The idle timer. idle(true) restarts it (after a key or a command: the board sleeps after
 * idleMs without one, 0 = never); idle() — the timer itself, pad 9, Merlin.sleep() — sleeps
 * now: LEDs off, sound off, scanning on interrupts only, deep sleep where the chip has it.
 * One function for both jobs, as each top-level function costs RAM on the toy.
 */
function idle(restart?: boolean): void {
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = undefined;
  if (restart === true) {
    if (idleMs > 0) idleTimer = setTimeout(idle, idleMs);
    return;
  }
  guard(function () {
    saveNow();
    playCue(0);
    shownMask(false);
    asleep = true;
    ignoreKeys(stuckMask);
    if (DEEP_SLEEP) setDeepSleep(true);
  });
}

/**
 * The self-test. Called without `tick` (the chord, Merlin.selfTest()) it starts the self-test
 * (walk every pad with a click, then echo keys) or ends it; its timers call it with `tick`
 * true (setTimeout's extra argument, which Espruino passes on): the next pad of the walk, the
 * start of the echo phase, or the end. One function for both, and it is also the console
 * method itself: each function costs RAM on the toy.
 */
function selfTestTick(tick?: boolean): void {
  guard(function () {
    if (tick !== true) {
      if (selfTestTimer !== undefined) clearTimeout(selfTestTimer);
      // Running: jump to the end below; off: start the walk at pad 1.
      selfTest = selfTest >= 0 ? PADS + 1 : 0;
    }
    selfTestTimer = undefined;
    if (selfTest < 0) return;
    if (selfTest > PADS) {
      selfTest = -1;
      send(ACT_SHOW);
    } else if (selfTest === PADS) {
      // Echo phase: every key lights its own pad; ends after a quiet spell or the chord again.
      show(0, 0, 0, 0);
      selfTest++;
      selfTestTimer = setTimeout(selfTestTick, SELF_TEST_TIMEOUT_MS, true);
    } else {
      show(1 << selfTest, 0, 0, 0);
      playCue(CUE_SELF_TEST);
      selfTest++;
      selfTestTimer = setTimeout(selfTestTick, SELF_TEST_STEP_MS, true);
    }
  });
}

/**
 * A debounced key-down, a hold of pads 1…9 (`hold`; onKeys has taken back the press the pad
 * made), or a console press: key 0-based.
 */
function keyDown(key: number, hold: boolean): void {
  if (hold) {
    const pad = key + 1;
    if (selfTest >= 0 || asleep) return;
    if (pad === 6) {
      send(ACT_SET_RULES, 0, undefined, RULE_NAMES[(game.rules + 1) % RULE_NAMES.length]);
      // Show which rule set is now active: pad 1, 2 or 3 lights.
      show(fx.frame, fx.blink, 1 << game.rules, 800);
    } else if (pad === 7) saveSettings(!muted);
    else if (pad === 8) show(fx.frame, fx.blink, game.target, 1000);
    else if (pad === 9) idle();
    // Pads 1…5: NEW GAME, SAME GAME, HIT ME, UNDO, COMP TURN (ACT_* counts 2, 3, 4, then COMP TURN before UNDO).
    else send(pad < 4 ? pad + 1 : 10 - pad);
    return;
  }
  idle(true);
  if (asleep) {
    asleep = false;
    if (DEEP_SLEEP) setDeepSleep(false);
    shownMask(true);
    ignoreKeys(stuckMask);
    send(ACT_SHOW);
  } else if (selfTest >= 0) {
    show(key < PADS ? 1 << key : ALL_PADS, 0, 0, 0);
    playCue(CUE_SELF_TEST);
    if (selfTestTimer !== undefined) clearTimeout(selfTestTimer);
    selfTest = PADS + 1;
    selfTestTimer = setTimeout(selfTestTick, SELF_TEST_TIMEOUT_MS, true);
  } else if (key < PADS) send(ACT_PRESS, key + 1);
  // The extra buttons, in BUTTONS order: NEW GAME, SAME GAME, HIT ME, COMP TURN (ACT_* 2…5).
  else send(key - PADS + ACT_NEW_GAME);
}

/** The scanner's callback: debounced key changes → key events → actions. */
function onKeys(changed: number, stable: number, now: number): void {
  // A scan with the same keys held and no event due (most scans while a key is down) changes
  // nothing: return before the work below. From 1 ms before a deadline the full update runs,
  // so its own time tests decide, rounding included. (keysDue is −1 only when no key but stuck
  // ones is down: those scans, 50 ms apart, run in full.)
  if (changed === 0 && now < keysDue - 1) return;
  guard(function () {
    // A stuck key is forgotten once released.
    stuckMask &= stable;
    // No key (but stuck ones) down before this scan: its first press starts a new group.
    let first = (keyEvents.down & ~keyEvents.stuck) === 0;
    keyEventsUpdate(keyEvents, stable, now);
    keysDue = keyEventsNextDeadline(keyEvents, now);
    // The queued events, oldest first. keyEventsPop and copyState are written out: called
    // here, terser leaves both as top-level functions (measured: +24 JsVars, +110 bytes), and
    // each would cost RAM for as long as the toy runs.
    const ke = keyEvents;
    while (ke.queueCount > 0) {
      const type = ke.queueType[ke.queueHead];
      const arg = ke.queueArg[ke.queueHead];
      ke.queueHead = (ke.queueHead + 1) % EVENT_QUEUE_SIZE;
      ke.queueCount--;
      if (type === EV_PRESS && first) {
        beforeKeys = Object.assign({}, game);
        beforeKeys.hist = new Uint16Array(game.hist.length);
        beforeKeys.hist.set(game.hist);
        statsBeforeKeys = JSON.stringify(stats);
        first = false;
      }
      // Holds of pads 1…9 are gestures (other keys' holds do nothing). A gesture and the
      // self-test chord take back the moves their keys made.
      const padHold = type === EV_HOLD && arg < (PADS < 9 ? PADS : 9);
      if ((padHold || type === EV_CHORD) && selfTest < 0 && beforeKeys) {
        game = beforeKeys;
        beforeKeys = undefined;
        Object.assign(stats, JSON.parse(statsBeforeKeys));
        saveSoon("merlin.sta", fileText);
        saveSoon("merlin.gam", fileText);
        send(ACT_SHOW);
      }
      if (type === EV_PRESS || padHold) keyDown(arg, padHold);
      else if (type === EV_CHORD) selfTestTick();
      else if (type === EV_STUCK) stuckMask |= 1 << arg;
    }
    if ((stable & ~stuckMask) === 0) beforeKeys = undefined;
    ignoreKeys(stuckMask);
  });
}

/** Merlin.state(). (The keys are quoted: the build shortens internal property names, never quoted ones.) */
function state() {
  function boardString(mask: number): string {
    let s = "";
    for (let i = 0; i < PADS; i++) s += (mask >>> i) & 1;
    return s;
  }
  return {
    "board": boardString(game.board),
    "moves": game.moves,
    "status": statusName(game),
    "reason": reasonName(game),
    "rules": RULE_NAMES[game.rules],
    "seed": game.seed,
    "puzzle": game.puzzle,
    "par": game.par,
    "leds": boardString(shownMask()),
    "muted": muted,
    "asleep": asleep,
    "error": lastError || null,
  };
}

/**
 * The console API, global `Merlin` (REPL and scripted checks). Arguments are checked as the
 * command line checks the same things (seeds, boards, rule names); a refused call changes
 * nothing and throws one line, which Merlin.state().error keeps until a call succeeds. Its
 * names are quoted: the build shortens internal property names, never quoted ones.
 */
export const api = {
  /**
   * Presses pad k (1-based; the four extra-button functions follow the pads, on every board,
   * buttons fitted or not) through the same path as a debounced key.
   */
  "press": function (k: number) {
    checkWhole("key", k, 1, PADS + 4);
    guard(function () {
      keyDown(k - 1, false);
    }, true);
    return state();
  },
  "state": state,
  /** A new game: puzzle 0 of `seed` (0 … MAX_SEED, as the command line's --seed), or the next puzzle of this seed. */
  "newGame": function (seed?: number) {
    if (seed !== undefined) checkWhole("seed", seed, 0, MAX_SEED);
    return command(ACT_NEW_GAME, seed);
  },
  /** A game from a given start, e.g. "010110101" or "010/110/101" (pad 1 first), as the command line's --start. */
  "start": function (bits: string) {
    // As --start on the command line: the digits, rows optionally separated by "/".
    const rows = typeof bits === "string" ? bits.trim().split("/") : [""];
    const digits = rows.join("");
    let ok = digits.length === PADS && /^[01]*$/.test(digits);
    let start = 0;
    for (let i = 0; i < PADS; i++) {
      start |= (digits.charCodeAt(i) & 1) << i; // "0" is 48, "1" 49
      if (rows.length > 1 && rows[i] !== undefined && rows[i].length !== COLS) ok = false;
    }
    if (rows.length > ROWS) ok = false;
    if (!ok) reject("start must be " + PADS + " digits 0/1 (rows of " + COLS + " may be split by /), got " + bits);
    let g = game;
    try {
      g = createGameFrom(TABLES, TARGET, game.rules, start, game.seed, getTime() * 1000);
    } catch (e) {
      reject((e as Error).message);
    }
    game = g;
    saveSoon("merlin.gam", fileText);
    return command(ACT_SHOW);
  },
  "setRules": function (name: string) {
    if (RULE_NAMES.indexOf(name) < 0) reject("rules must be one of " + RULE_NAMES.join(", ") + ", got " + name);
    return command(ACT_SET_RULES, undefined, name);
  },
  "undo": function () {
    return command(ACT_UNDO);
  },
  /** HIT ME: flashes the pad to press and returns it (1-based; 0 when there is none). */
  "hint": function () {
    command(ACT_HINT);
    return fx.hint + 1;
  },
  /** GOAL: shows the goal for a second, as holding pad 8 does. */
  "goal": function () {
    command(ACT_SHOW);
    show(fx.frame, fx.blink, game.target, 1000);
    return state();
  },
  /** Sound off (true) or on (false), kept in flash; returns the setting. */
  "mute": function (on: boolean) {
    if (on !== true && on !== false) reject("mute takes true or false, got " + on);
    guard(function () {
      if (on !== muted) saveSettings(on);
    }, true);
    return muted;
  },
  "stats": function () {
    return Object.assign({}, stats);
  },
  /** Sleeps now (called with no argument: see idle). */
  "sleep": function () {
    idle();
  },
  /** Starts or ends the self-test (called with no argument: see selfTestTick). */
  "selfTest": function () {
    selfTestTick();
  },
  /** Idle time before sleep in ms: 0 (never) or MIN_IDLE_MS … MAX_IDLE_MS; kept in flash. */
  "setIdle": function (ms: number) {
    checkWhole("idle", ms, MIN_IDLE_MS, MAX_IDLE_MS, true);
    idleMs = ms;
    guard(function () {
      saveSettings(muted);
    }, true);
  },
};

/**
 * Pixel boards: Merlin.brightness(n) sets the brightness of lit pads, 1 … the profile's cap
 * (PIXEL_BRIGHTNESS, also the default), kept in flash; without n it only reads it. Returns the
 * setting. (Added here, not in the object above, so that other builds carry none of it.)
 */
if (NEOPIXEL) {
  (api as { [name: string]: unknown })["brightness"] = function (n?: number) {
    if (n !== undefined) {
      checkWhole("brightness", n, 1, PIXEL_BRIGHTNESS);
      guard(function () {
        pixelLevel(n);
        saveSettings(muted);
      }, true);
    }
    return pixelLevel();
  };
}

/**
 * Power-on: console, pins, saved settings and game, a light test, then play. It runs once, so
 * it is a variable that it clears itself: its function object (8 JsVars on Espruino) is then
 * freed, and the one-shot helpers live inside it for the same reason.
 */
export let boot: (() => void) | undefined = function (): void {
  /** A settings or statistics file as an object, or null when it is missing, damaged or not an object. */
  function readJSON(file: string): any {
    const text = load(file);
    try {
      const v = text === null ? null : JSON.parse(text);
      return v && typeof v === "object" ? v : null;
    } catch (e) {
      return null;
    }
  }

  boot = undefined;
  if (CONSOLE_MOVED) USB.setConsole(true);
  if (CONSOLE_PASSWORD !== null) {
    E.setPassword(CONSOLE_PASSWORD);
    E.lockConsole();
  }
  // The LED pins (the rest of the LED driving is leds.ts's; shownMask(true) draws the first frame).
  // (The pixels' data pin is the neopixel module's: it hands it to the SPI unit itself.)
  if (!NEOPIXEL) for (let i = 0; i < LED_PINS.length; i++) pinMode(LED_PINS[i], "output");
  shownMask(true);
  // Each file as a whole: one with any value out of place falls back to its defaults.
  const c = readJSON("merlin.cfg");
  let rules = 0;
  // (A file from before the brightness setting has none: the cap stays.)
  if (c && RULE_NAMES.indexOf(c["rules"]) >= 0 && (c["mute"] === true || c["mute"] === false) && (c["idle"] === 0 || whole(c["idle"], MIN_IDLE_MS, MAX_IDLE_MS)) && (!NEOPIXEL || c["bright"] === undefined || whole(c["bright"], 1, PIXEL_BRIGHTNESS))) {
    rules = RULE_NAMES.indexOf(c["rules"]);
    playCue(0, c["mute"]);
    idleMs = c["idle"];
    if (NEOPIXEL && c["bright"] !== undefined) pixelLevel(c["bright"]);
  }
  // Statistics a toy can have played: wins among the games, a best move count exactly when won.
  const st = readJSON("merlin.sta");
  if (st && whole(st.games, 0, MAX_SEED) && whole(st.wins, 0, st.games) && whole(st.best, 0, MAX_SEED) && st.wins > 0 === st.best > 0) {
    stats.games = st.games;
    stats.wins = st.wins;
    stats.best = st.best;
  }
  const text = load("merlin.gam");
  const now = getTime() * 1000;
  const saved = text === null ? null : loadGame(TABLES, text, now);
  game = saved && saved.target === TARGET ? saved : createGameFrom(TABLES, TARGET, rules, -1, (E.hwRand() >>> 0) % 1000000, now);
  // (Called once: the build inlines createKeyEvents here, so it costs no top-level function.)
  keyEvents = createKeyEvents(PADS + BUTTON_COUNT, SELF_TEST_CHORD);
  scannerInit!(onKeys, DEBOUNCE_PRESS_MS, DEBOUNCE_RELEASE_MS);
  update(TABLES, game, { type: ACT_SHOW, now: now }, fx);
  // Merlin's power-on: every pad lit with a tone for half a second, then the game.
  show(fx.frame, fx.blink, ALL_PADS, 500);
  playCue(CUE_POWER_ON);
  idle(true);
};

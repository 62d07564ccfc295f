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
import { BUTTONS, COLS, CONSOLE_MOVED, CONSOLE_PASSWORD, DEEP_SLEEP, ROWS, TABLES, TARGET } from "merlin:config";
import { DEBOUNCE_PRESS_MS, DEBOUNCE_RELEASE_MS } from "../src/debounce";
import {
  EV_CHORD, EV_HOLD, EV_PRESS, EV_STUCK, SELF_TEST_CHORD,
  createKeyEvents, keyEventsPop, keyEventsUpdate, KeyEvents,
} from "../src/keyevents";
import {
  copyState, createGame, createGameFrom, Effects, GameEvent, GameState, loadGame, newEffects, reasonName, saveGame,
  showState, statusName, update, PLAYING, WON,
} from "../src/game";
import { RULE_NAMES, ruleIndex } from "../src/rules";
import { CUE_ILLEGAL, CUE_MUTE, CUE_POWER_ON, CUE_SELF_TEST, CUE_UNMUTE, cueNotes } from "../src/sounds";
import { ledsInit, setLit, show, shownMask } from "./leds";
import { muted, playNotes, setMuted } from "./piezo";
import { debouncer, scannerInit, setScan } from "./scanner";
import { flush, GAME_FILE, readFile, SETTINGS_FILE, STATS_FILE, writeLater } from "./store";

const PADS = ROWS * COLS;
const ALL_PADS = PADS >= 32 ? -1 : (1 << PADS) - 1;
/** Idle time before the LEDs go off and the board sleeps (Lights Out's auto-off: 3 minutes). */
export const DEFAULT_IDLE_MS = 180000;
const SELF_TEST_STEP_MS = 250;
const SELF_TEST_TIMEOUT_MS = 30000;

/**
 * What holding pad N (1-based) for 1.5 s does (the press it made on key-down is taken back):
 * 1 NEW GAME, 2 SAME GAME, 3 HIT ME, 4 undo, 5 COMP TURN, 6 next rule set, 7 mute,
 * 8 show the goal, 9 sleep. Extra buttons, in BUTTONS order: NEW GAME, SAME GAME, HIT ME, COMP TURN.
 */

let game: GameState;
const fx: Effects = newEffects();
const ev: GameEvent = { type: "", now: 0 };
let keyEvents: KeyEvents;
let idleMs = DEFAULT_IDLE_MS;
let idleTimer: number | undefined;
let asleep = false;
/** Self-test: −1 off; 0..PADS−1 the walk over the pads; PADS its end; PADS+1 the echo phase. */
let selfTest = -1;
let selfTestTimer: number | undefined;
/** Keys reported stuck, ignored until released. */
let stuckMask = 0;
/**
 * The game as it was before the first key of the current group of keys went down: the
 * self-test chord made a move with each of its keys, and restores this (held only while keys are down).
 */
let beforeKeys: GameState | undefined;
const stats = { games: 0, wins: 0, best: 0 };
/** The last error, for Merlin.state() and the tests. */
let lastError = "";

/** Runs `fn` as an event entry point: errors are caught, logged and signalled. */
export function guard(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    lastError = String(e);
    console.log("Merlin error: " + lastError);
    try {
      playNotes(cueNotes(CUE_ILLEGAL));
      showState(game, fx);
      show(fx.frame, fx.blink, ALL_PADS, 300);
    } catch (again) {
      console.log("Merlin: cannot recover display: " + again);
    }
  }
}

/**
 * Runs one game event (or, for type "", just shows the game) and shows its effects, records
 * the result and saves; returns the game's error code (0 = none).
 */
function send(type: string, key: number, seed: number | undefined, rules: string | undefined): number {
  const before = game.status;
  const prevRules = game.rules;
  ev.type = type;
  ev.now = getTime() * 1000;
  ev.key = key;
  ev.seed = seed;
  ev.rules = rules;
  if (type === "") showState(game, fx);
  else update(TABLES, game, ev, fx);
  show(fx.frame, fx.blink, fx.flash, fx.flashMs);
  if (fx.cues.length > 0) playNotes(cueNotes(fx.cues[fx.cues.length - 1]));
  if (before === PLAYING && game.status !== PLAYING) {
    stats.games++;
    if (game.status === WON) {
      stats.wins++;
      if (stats.best === 0 || game.moves < stats.best) stats.best = game.moves;
    }
    writeLater(STATS_FILE, JSON.stringify(stats));
  }
  if (type !== "") writeLater(GAME_FILE, saveGame(game, ev.now));
  if (game.rules !== prevRules) saveSettings();
  if (game.status !== PLAYING && before === PLAYING) flush();
  return fx.error;
}

function saveSettings(): void {
  writeLater(SETTINGS_FILE, JSON.stringify({ rules: RULE_NAMES[game.rules], mute: muted, idle: idleMs }));
}

/** Restarts the idle timer: the board sleeps after idleMs without a key (0 = never). */
function touch(): void {
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = idleMs > 0 ? setTimeout(sleepNow, idleMs) : undefined;
}

/** LEDs off, sound off, scanning on interrupts only, deep sleep where the chip has it. */
function sleepNow(): void {
  guard(function () {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    idleTimer = undefined;
    flush();
    playNotes(null);
    setLit(false);
    asleep = true;
    setScan(false, stuckMask);
    if (DEEP_SLEEP) setDeepSleep(1);
  });
}

function toggleMute(): void {
  const on = !muted;
  if (on) playNotes(cueNotes(CUE_MUTE));
  setMuted(on);
  if (!on) playNotes(cueNotes(CUE_UNMUTE));
  saveSettings();
}

/** The self-test timer: the next pad of the walk, the start of the echo phase, or the end. */
function selfTestTick(): void {
  guard(function () {
    selfTestTimer = undefined;
    if (selfTest < 0) return;
    if (selfTest > PADS) {
      selfTest = -1;
      send("", 0, undefined, undefined);
    } else if (selfTest === PADS) {
      // Echo phase: every key lights its own pad; ends after a quiet spell or the chord again.
      show(0, 0, 0, 0);
      selfTest++;
      selfTestTimer = setTimeout(selfTestTick, SELF_TEST_TIMEOUT_MS);
    } else {
      show(1 << selfTest, 0, 0, 0);
      playNotes(cueNotes(CUE_SELF_TEST));
      selfTest++;
      selfTestTimer = setTimeout(selfTestTick, SELF_TEST_STEP_MS);
    }
  });
}

/** A debounced key-down, a pad hold (`hold`), or a console press: key 0-based. */
function keyDown(key: number, hold: boolean): void {
  if (hold) {
    const pad = key + 1;
    if (selfTest >= 0 || asleep || key >= PADS || pad > 9) return;
    send("revoke", 0, undefined, undefined);
    if (pad === 6) {
      send("setRules", 0, undefined, RULE_NAMES[(game.rules + 1) % RULE_NAMES.length]);
      // Show which rule set is now active: pad 1, 2 or 3 lights.
      show(fx.frame, fx.blink, 1 << game.rules, 800);
    } else if (pad === 7) toggleMute();
    else if (pad === 8) show(fx.frame, fx.blink, game.target, 1000);
    else if (pad === 9) sleepNow();
    else send(["newGame", "sameGame", "hint", "undo", "compTurn"][pad - 1], 0, undefined, undefined);
    return;
  }
  touch();
  if (asleep) {
    asleep = false;
    if (DEEP_SLEEP) setDeepSleep(0);
    setLit(true);
    setScan(true, stuckMask);
    send("", 0, undefined, undefined);
  } else if (selfTest >= 0) {
    show(key < PADS ? 1 << key : ALL_PADS, 0, 0, 0);
    playNotes(cueNotes(CUE_SELF_TEST));
    if (selfTestTimer !== undefined) clearTimeout(selfTestTimer);
    selfTest = PADS + 1;
    selfTestTimer = setTimeout(selfTestTick, SELF_TEST_TIMEOUT_MS);
  } else if (key < PADS) send("press", key + 1, undefined, undefined);
  else send(["newGame", "sameGame", "hint", "compTurn"][key - PADS], 0, undefined, undefined);
}

/** Starts the self-test (walk every pad with a click, then echo keys), or ends it. */
function toggleSelfTest(): void {
  if (selfTestTimer !== undefined) clearTimeout(selfTestTimer);
  selfTestTimer = undefined;
  if (selfTest >= 0) {
    selfTest = -1;
    send("", 0, undefined, undefined);
  } else {
    selfTest = 0;
    selfTestTick();
  }
}

/** The scanner's callback: debounced key changes → key events → actions. */
function onKeys(changed: number, stable: number, now: number): void {
  guard(function () {
    // A stuck key is forgotten once released.
    stuckMask &= stable;
    // No key (but stuck ones) down before this scan: its first press starts a new group.
    let first = (keyEvents.down & ~keyEvents.stuck) === 0;
    keyEventsUpdate(keyEvents, stable, now);
    let type = keyEventsPop(keyEvents);
    while (type !== 0) {
      const arg = keyEvents.arg;
      if (type === EV_PRESS && first) {
        beforeKeys = copyState(game);
        first = false;
      }
      if (type === EV_PRESS || type === EV_HOLD) keyDown(arg, type === EV_HOLD);
      else if (type === EV_CHORD) {
        // The chord's keys each made a move: take both back.
        if (selfTest < 0 && beforeKeys) {
          game = beforeKeys;
          beforeKeys = undefined;
          writeLater(GAME_FILE, saveGame(game, now));
        }
        toggleSelfTest();
      } else if (type === EV_STUCK) {
        console.log("Merlin: key " + (arg + 1) + " stuck, ignored until released");
        stuckMask |= 1 << arg;
      }
      type = keyEventsPop(keyEvents);
    }
    if ((stable & ~stuckMask) === 0) beforeKeys = undefined;
    setScan(!asleep, stuckMask);
  });
}

function boardString(mask: number): string {
  let s = "";
  for (let i = 0; i < PADS; i++) s += (mask >>> i) & 1;
  return s;
}

/** Runs a console command as an entry point (idle timer restarted), then returns the state. */
function command(fn: () => void) {
  guard(function () {
    touch();
    fn();
  });
  return api.state();
}

/** The console API, global `Merlin` (REPL and scripted checks). */
export const api = {
  /** Presses pad k (1-based; extra buttons follow the pads) through the same path as a debounced key. */
  press: function (k: number) {
    return command(function () {
      if (k >= 1 && k <= PADS + BUTTONS.length && Math.floor(k) === k) keyDown(k - 1, false);
      else send("press", k, undefined, undefined);
    });
  },
  state: function () {
    return {
      board: boardString(game.board),
      moves: game.moves,
      status: statusName(game),
      reason: reasonName(game),
      rules: RULE_NAMES[game.rules],
      seed: game.seed,
      puzzle: game.puzzle,
      par: game.par,
      leds: boardString(shownMask()),
      muted: muted,
      asleep: asleep,
      error: lastError || null,
    };
  },
  newGame: function (seed?: number) {
    return command(function () {
      send("newGame", 0, seed, undefined);
    });
  },
  /** A game from a given start, e.g. "010110101" (pad 1 first). */
  start: function (bits: string) {
    if (typeof bits !== "string" || bits.length !== PADS) throw new Error("start needs " + PADS + " digits of 0/1");
    let start = 0;
    for (let i = 0; i < PADS; i++) {
      const ch = bits.charAt(i);
      if (ch === "1") start |= 1 << i;
      else if (ch !== "0") throw new Error("start: '" + ch + "' is not 0 or 1");
    }
    game = createGameFrom(TABLES, TARGET, game.rules, start, game.seed, getTime() * 1000);
    return command(function () {
      send("", 0, undefined, undefined);
      writeLater(GAME_FILE, saveGame(game, ev.now));
    });
  },
  setRules: function (name: string) {
    let error = -1;
    const state = command(function () {
      error = send("setRules", 0, undefined, name);
    });
    if (error !== 0) throw new Error("unknown rules '" + name + "': use basic, merlin1978 or classic");
    return state;
  },
  undo: function () {
    return command(function () {
      send("undo", 0, undefined, undefined);
    });
  },
  /** HIT ME: flashes the pad to press and returns it (1-based; 0 when there is none). */
  hint: function () {
    command(function () {
      send("hint", 0, undefined, undefined);
    });
    return fx.hint + 1;
  },
  mute: function (on: boolean) {
    if (on !== muted) guard(toggleMute);
    return muted;
  },
  stats: function () {
    return { games: stats.games, wins: stats.wins, best: stats.best };
  },
  sleep: sleepNow,
  selfTest: function () {
    guard(toggleSelfTest);
  },
  /** Idle time before sleep in ms (0 = never), persisted. */
  setIdle: function (ms: number) {
    if (!(ms >= 0)) throw new Error("idle time must be a number of ms >= 0");
    idleMs = ms;
    command(saveSettings);
  },
};

/** Power-on: console, pins, saved settings and game, a light test, then play. */
export function boot(): void {
  if (CONSOLE_MOVED) USB.setConsole(true);
  if (CONSOLE_PASSWORD !== null) {
    E.setPassword(CONSOLE_PASSWORD);
    E.lockConsole();
  }
  ledsInit();
  const settings = readFile(SETTINGS_FILE, true);
  let rules = 0;
  if (settings) {
    rules = Math.max(0, ruleIndex(settings.rules));
    setMuted(settings.mute === true);
    if (typeof settings.idle === "number" && settings.idle >= 0) idleMs = settings.idle;
  }
  const st = readFile(STATS_FILE, true);
  if (st && typeof st.games === "number" && typeof st.wins === "number" && typeof st.best === "number") {
    stats.games = st.games;
    stats.wins = st.wins;
    stats.best = st.best;
  }
  const text = readFile(GAME_FILE, false);
  const now = getTime() * 1000;
  const saved = text === null ? null : loadGame(TABLES, text, now);
  game = saved && saved.target === TARGET ? saved : createGame(TABLES, TARGET, rules, (E.hwRand() >>> 0) % 1000000, now);
  keyEvents = createKeyEvents(PADS + BUTTONS.length, SELF_TEST_CHORD);
  scannerInit(onKeys, DEBOUNCE_PRESS_MS, DEBOUNCE_RELEASE_MS);
  setScan(true, 0);
  showState(game, fx);
  // Merlin's power-on: every pad lit with a tone for half a second, then the game.
  show(fx.frame, fx.blink, ALL_PADS, 500);
  playNotes(cueNotes(CUE_POWER_ON));
  touch();
  if (debouncer.stable !== 0) console.log("Merlin: a key is held at power-on");
}

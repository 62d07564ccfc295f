/**
 * The toy: key events in, game events through the portable core, effects out to LEDs and
 * piezo, state out to flash. Every entry point (scanner callback, timers, console API) runs
 * inside `guard`, so an error is logged, signalled (all pads flash, low buzz) and the toy
 * goes back to showing a playable board instead of dying silently.
 */
import { BUTTONS, COLS, CONSOLE_MOVED, CONSOLE_PASSWORD, DEEP_SLEEP, ROWS, TABLES, TARGET } from "merlin:config";
import { DEBOUNCE_PRESS_MS, DEBOUNCE_RELEASE_MS } from "../src/debounce";
import {
  EV_CHORD, EV_HOLD, EV_PRESS, EV_STUCK, SELF_TEST_CHORD,
  createKeyEvents, keyEventsPop, keyEventsUpdate, KeyEvents,
} from "../src/keyevents";
import {
  createGame, createGameFrom, Effects, GameEvent, GameState, loadGame, newEffects, saveGame,
  showState, update, PLAYING, WON, STATUS_NAMES, REASON_NAMES,
} from "../src/game";
import { RULE_SETS } from "../src/rules";
import { CUE_ILLEGAL, CUE_MUTE, CUE_POWER_ON, CUE_SELF_TEST, CUE_UNMUTE, cueNotes } from "../src/sounds";
import { flash, ledsInit, setLit, showFrame, shownMask } from "./leds";
import { isMuted, playNotes, setMuted, stopSound } from "./piezo";
import { keysDown, scannerInit, setIgnored, setMultiplex } from "./scanner";
import { flush, GAME_FILE, readObject, readText, SETTINGS_FILE, STATS_FILE, writeLater } from "./store";

const PADS = ROWS * COLS;
const ALL_PADS = PADS >= 32 ? -1 : (1 << PADS) - 1;
/** Idle time before the LEDs go off and the board sleeps (Lights Out's auto-off: 3 minutes). */
export const DEFAULT_IDLE_MS = 180000;
const SELF_TEST_STEP_MS = 250;
const SELF_TEST_TIMEOUT_MS = 30000;

/** What holding pad N (1-based) for 1.5 s does; the press it made on key-down is taken back. */
const HOLD_NEW_GAME = 1;
const HOLD_SAME_GAME = 2;
const HOLD_HIT_ME = 3;
const HOLD_UNDO = 4;
const HOLD_COMP_TURN = 5;
const HOLD_RULES = 6;
const HOLD_MUTE = 7;
const HOLD_GOAL = 8;
const HOLD_SLEEP = 9;

let game: GameState;
const fx: Effects = newEffects();
const ev: GameEvent = { type: "", now: 0 };
let keyEvents: KeyEvents;
let idleMs = DEFAULT_IDLE_MS;
let idleTimer: number | undefined;
let asleep = false;
let selfTest = false;
let selfTestTimer: number | undefined;
const stats = { games: 0, wins: 0, best: 0 };
/** The last error, for Merlin.state() and the tests. */
let lastError = "";

function nowMs(): number {
  return getTime() * 1000;
}

function render(): void {
  showFrame(fx.frame, fx.blink);
  if (fx.flashMs > 0) flash(fx.flash, fx.flashMs);
  if (fx.cues.length > 0) playNotes(cueNotes(fx.cues[fx.cues.length - 1]));
}

function saveSettings(): void {
  writeLater(SETTINGS_FILE, JSON.stringify({ rules: RULE_SETS[game.rules].name, mute: isMuted(), idle: idleMs }));
}

function recordEnd(before: number): void {
  if (before === PLAYING && game.status !== PLAYING) {
    stats.games++;
    if (game.status === WON) {
      stats.wins++;
      if (stats.best === 0 || game.moves < stats.best) stats.best = game.moves;
    }
    writeLater(STATS_FILE, JSON.stringify(stats));
  }
}

/** Runs one game event and shows its effects; returns the game's error code (0 = none). */
function send(type: string, key: number, seed: number | undefined, rules: string | undefined): number {
  const before = game.status;
  const prevRules = game.rules;
  ev.type = type;
  ev.now = nowMs();
  ev.key = key;
  ev.seed = seed;
  ev.rules = rules;
  update(TABLES, game, ev, fx);
  render();
  recordEnd(before);
  writeLater(GAME_FILE, saveGame(game, ev.now));
  if (game.rules !== prevRules) saveSettings();
  if (game.status !== PLAYING && before === PLAYING) flush();
  return fx.error;
}

function showGame(): void {
  showState(game, fx);
  render();
}

function onError(e: unknown): void {
  lastError = String(e);
  console.log("Merlin error: " + lastError);
  try {
    playNotes(cueNotes(CUE_ILLEGAL));
    showGame();
    flash(ALL_PADS, 300);
  } catch (again) {
    console.log("Merlin: cannot recover display: " + again);
  }
}

/** Runs `fn` as an event entry point: errors are caught, logged and signalled. */
export function guard(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    onError(e);
  }
}

function sleepNow(): void {
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = undefined;
  flush();
  stopSound();
  setLit(false);
  setMultiplex(false);
  asleep = true;
  if (DEEP_SLEEP) setDeepSleep(1);
}

function onIdle(): void {
  idleTimer = undefined;
  guard(sleepNow);
}

function touch(): void {
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = idleMs > 0 ? setTimeout(onIdle, idleMs) : undefined;
}

function wake(): void {
  asleep = false;
  if (DEEP_SLEEP) setDeepSleep(0);
  setLit(true);
  setMultiplex(true);
  showGame();
}

function toggleMute(): void {
  const on = !isMuted();
  if (on) playNotes(cueNotes(CUE_MUTE));
  setMuted(on);
  if (!on) playNotes(cueNotes(CUE_UNMUTE));
  saveSettings();
}

function nextRules(): void {
  send("setRules", 0, undefined, RULE_SETS[(game.rules + 1) % RULE_SETS.length].name);
  // Show which rule set is now active: pad 1, 2 or 3 lights.
  flash(1 << game.rules, 800);
}

function runHold(pad: number): void {
  if (pad > 9) return;
  send("revoke", 0, undefined, undefined);
  if (pad === HOLD_NEW_GAME) send("newGame", 0, undefined, undefined);
  else if (pad === HOLD_SAME_GAME) send("sameGame", 0, undefined, undefined);
  else if (pad === HOLD_HIT_ME) send("hint", 0, undefined, undefined);
  else if (pad === HOLD_UNDO) send("undo", 0, undefined, undefined);
  else if (pad === HOLD_COMP_TURN) send("compTurn", 0, undefined, undefined);
  else if (pad === HOLD_RULES) nextRules();
  else if (pad === HOLD_MUTE) toggleMute();
  else if (pad === HOLD_GOAL) flash(game.target, 1000);
  else if (pad === HOLD_SLEEP) sleepNow();
}

/** Extra buttons in BUTTONS order: NEW GAME, SAME GAME, HIT ME, COMP TURN. */
const BUTTON_EVENTS = ["newGame", "sameGame", "hint", "compTurn"];

function endSelfTest(): void {
  if (selfTestTimer !== undefined) clearTimeout(selfTestTimer);
  selfTestTimer = undefined;
  selfTest = false;
  showGame();
}

function selfTestStep(i: number): void {
  selfTestTimer = undefined;
  if (i < PADS) {
    showFrame(1 << i, 0);
    playNotes(cueNotes(CUE_SELF_TEST));
    selfTestTimer = setTimeout(function () {
      guard(function () {
        selfTestStep(i + 1);
      });
    }, SELF_TEST_STEP_MS);
  } else {
    // Echo phase: every key lights its own pad; ends after a quiet spell or the chord again.
    showFrame(0, 0);
    selfTestTimer = setTimeout(function () {
      guard(endSelfTest);
    }, SELF_TEST_TIMEOUT_MS);
  }
}

function startSelfTest(): void {
  send("revoke", 0, undefined, undefined);
  selfTest = true;
  selfTestStep(0);
}

function selfTestKey(key: number): void {
  showFrame(key < PADS ? 1 << key : ALL_PADS, 0);
  playNotes(cueNotes(CUE_SELF_TEST));
  if (selfTestTimer !== undefined) clearTimeout(selfTestTimer);
  selfTestTimer = setTimeout(function () {
    guard(endSelfTest);
  }, SELF_TEST_TIMEOUT_MS);
}

/** A debounced key-down or a console press: the same path. */
function keyDown(key: number): void {
  touch();
  if (asleep) {
    wake();
    return;
  }
  if (selfTest) selfTestKey(key);
  else if (key < PADS) send("press", key + 1, undefined, undefined);
  else send(BUTTON_EVENTS[key - PADS], 0, undefined, undefined);
}

function drainKeyEvents(): void {
  let type = keyEventsPop(keyEvents);
  while (type !== 0) {
    const arg = keyEvents.arg;
    if (type === EV_PRESS) keyDown(arg);
    else if (type === EV_HOLD && !selfTest && !asleep && arg < PADS) runHold(arg + 1);
    else if (type === EV_CHORD) {
      if (selfTest) endSelfTest();
      else startSelfTest();
    } else if (type === EV_STUCK) {
      console.log("Merlin: key " + (arg + 1) + " stuck, ignored until released");
      setIgnored(keysDownIgnored(arg));
    }
    type = keyEventsPop(keyEvents);
  }
}

let stuckMask = 0;
function keysDownIgnored(key: number): number {
  stuckMask |= 1 << key;
  return stuckMask;
}

function onKeys(changed: number, stable: number, now: number): void {
  guard(function () {
    // A stuck key is forgotten once released.
    stuckMask &= stable;
    setIgnored(stuckMask);
    keyEventsUpdate(keyEvents, stable, now);
    drainKeyEvents();
  });
}

function loadSettings(): number {
  const s = readObject(SETTINGS_FILE);
  let rules = 0;
  if (s) {
    for (let i = 0; i < RULE_SETS.length; i++) if (RULE_SETS[i].name === s.rules) rules = i;
    setMuted(s.mute === true);
    if (typeof s.idle === "number" && s.idle >= 0) idleMs = s.idle;
  }
  const st = readObject(STATS_FILE);
  if (st && typeof st.games === "number" && typeof st.wins === "number" && typeof st.best === "number") {
    stats.games = st.games;
    stats.wins = st.wins;
    stats.best = st.best;
  }
  return rules;
}

function randomSeed(): number {
  return (E.hwRand() >>> 0) % 1000000;
}

function restoreGame(rules: number): GameState {
  const text = readText(GAME_FILE);
  const saved = text === null ? null : loadGame(TABLES, text, nowMs());
  if (saved && saved.target === TARGET) return saved;
  return createGame(TABLES, TARGET, rules, randomSeed(), nowMs());
}

function boardString(mask: number): string {
  let s = "";
  for (let i = 0; i < PADS; i++) s += (mask >>> i) & 1;
  return s;
}

function bitsToMask(bits: string): number {
  if (typeof bits !== "string" || bits.length !== PADS) throw new Error("start needs " + PADS + " digits of 0/1");
  let m = 0;
  for (let i = 0; i < PADS; i++) {
    const ch = bits.charAt(i);
    if (ch === "1") m |= 1 << i;
    else if (ch !== "0") throw new Error("start: '" + ch + "' is not 0 or 1");
  }
  return m;
}

/** The console API, global `Merlin` (REPL and scripted checks). */
export const api = {
  /** Presses pad k (1-based) through the same path as a debounced physical key. */
  press: function (k: number) {
    guard(function () {
      if (!(k >= 1 && k <= PADS + BUTTONS.length && Math.floor(k) === k)) {
        send("press", k, undefined, undefined);
        return;
      }
      keyDown(k - 1);
    });
    return api.state();
  },
  state: function () {
    return {
      board: boardString(game.board),
      moves: game.moves,
      status: STATUS_NAMES[game.status],
      reason: game.reason ? REASON_NAMES[game.reason] : null,
      rules: RULE_SETS[game.rules].name,
      seed: game.seed,
      puzzle: game.puzzle,
      par: game.par,
      leds: boardString(shownMask()),
      muted: isMuted(),
      asleep: asleep,
      error: lastError || null,
    };
  },
  newGame: function (seed?: number) {
    guard(function () {
      touch();
      send("newGame", 0, seed, undefined);
    });
    return api.state();
  },
  start: function (bits: string) {
    const start = bitsToMask(bits);
    game = createGameFrom(TABLES, TARGET, game.rules, start, game.seed, nowMs());
    guard(function () {
      touch();
      showGame();
      writeLater(GAME_FILE, saveGame(game, nowMs()));
    });
    return api.state();
  },
  setRules: function (name: string) {
    let ok = false;
    guard(function () {
      touch();
      ok = send("setRules", 0, undefined, name) === 0;
    });
    if (!ok) throw new Error("unknown rules '" + name + "': use basic, merlin1978 or classic");
    return api.state();
  },
  undo: function () {
    guard(function () {
      send("undo", 0, undefined, undefined);
    });
    return api.state();
  },
  hint: function () {
    guard(function () {
      send("hint", 0, undefined, undefined);
    });
    return fx.hint + 1;
  },
  mute: function (on: boolean) {
    if (on !== isMuted()) guard(toggleMute);
    return isMuted();
  },
  stats: function () {
    return { games: stats.games, wins: stats.wins, best: stats.best };
  },
  sleep: function () {
    guard(sleepNow);
  },
  selfTest: function () {
    guard(startSelfTest);
  },
  /** Idle minutes before sleep (0 = never), persisted. */
  setIdle: function (ms: number) {
    if (!(ms >= 0)) throw new Error("idle time must be a number of ms >= 0");
    idleMs = ms;
    saveSettings();
    touch();
  },
  memory: function () {
    return process.memory().usage;
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
  const rules = loadSettings();
  game = restoreGame(rules);
  keyEvents = createKeyEvents(PADS + BUTTONS.length, SELF_TEST_CHORD);
  scannerInit(onKeys, DEBOUNCE_PRESS_MS, DEBOUNCE_RELEASE_MS);
  setMultiplex(true);
  showGame();
  // Merlin's power-on: every pad lit with a tone for half a second, then the game.
  flash(ALL_PADS, 500);
  playNotes(cueNotes(CUE_POWER_ON));
  touch();
  if (keysDown() !== 0) console.log("Merlin: a key is held at power-on");
}

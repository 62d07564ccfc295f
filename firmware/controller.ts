/**
 * The glue between the board and the toy's mid-end (src/toy/midend.ts): debounced keys, timers and
 * console calls go in with the time; the effects that come out are carried out here — LEDs,
 * piezo, flash files, sleep, the next timer. Every entry point catches errors (`fail`), so an
 * error is logged, signalled (all pads flash, low buzz) and the toy goes back to showing a
 * playable board instead of dying silently.
 */
import { LED_PINS, TABLES, TARGET } from "merlin:config";
import { GAMES, SHELF_NAMES, SHELF_NUMBERS } from "merlin:games";
import { Backend, Board } from "../src/toy/backend";
import { MaskBackend } from "../src/toy/maskgame";
import {
  Command, createToy, gameFile, GameShelf, POWER_SLEEP, POWER_WAKE, SAVE_NOW, Toy, toyCommand, ToyEffects, toyFail, toyKeys, toyMaths, toyPress,
  toyPowerOn, toyResults, toyState, toyStats, toyTick,
} from "../src/toy/midend";
import { pixelLevel, setLit, setPixelLevel, show, shownMask } from "./leds";
import { cueStart, playNotes, playTones } from "./piezo";
import { wifiOff } from "./radio";
import { scannerInit } from "./scanner";
import { loadFiles, saveNow, saveSoon, storeFor } from "./store";

/** The toy (made at boot). */
let toy: Toy;
/**
 * The timer for the mid-end's next deadline (self-test step, sleep), and when it fires. It is
 * only ever brought forward: one set for a deadline that has moved later (the idle time after
 * each key) just calls toyTick, which does nothing yet and names the new deadline.
 */
let tickTimer: number | undefined;
let tickAt = -1;
/** When the keys held now are next due a hold, chord or stuck event (ToyEffects.keysDue), −1 none. */
let keysDue = -1;

/** Carries out the mid-end's effects `e` of a call made at `now` (ms). */
function carryOut(e: ToyEffects, now: number): void {
  if (e.power !== 0) power(e.power);
  if (NEOPIXEL && e.bright !== pixelLevel()) setPixelLevel(e.bright);
  if (e.show) show(e.frame, e.blink, e.flash, e.flashMs);
  if (e.cues.length > 0) playNotes(cueStart(e.cues[e.cues.length - 1]), false);
  else if (e.tones.length > 0) playTones(e.tones, 0);
  if (e.save !== 0) saveSoon(e.save);
  if ((e.save & SAVE_NOW) !== 0) saveNow();
  if (e.due >= 0 && (tickTimer === undefined || e.due < tickAt)) schedule(e.due, now);
  keysDue = e.keysDue;
}

/** Sets the tick timer for the mid-end's deadline `due`, at `now` (ms). */
function schedule(due: number, now: number): void {
  if (tickTimer !== undefined) clearTimeout(tickTimer);
  tickAt = due;
  tickTimer = setTimeout(tick, Math.max(0, due - now));
}

/** Sleep (POWER_SLEEP: sound and LEDs off, deep sleep where the chip has it) or wake (POWER_WAKE). */
function power(p: number): void {
  if (p === POWER_SLEEP) {
    playNotes(-1, false);
    setLit(false);
    if (DEEP_SLEEP) setDeepSleep(true);
  } else if (p === POWER_WAKE) {
    if (DEEP_SLEEP) setDeepSleep(false);
    setLit(true);
  }
}

/** An entry point's error `e`: logged and signalled, and the toy goes back to showing the game. */
export function fail(e: unknown): ToyEffects {
  console.log("Merlin error: " + e);
  // (Should this fail too, the interpreter reports it; the timers keep the toy running.)
  const now = getTime() * 1000;
  const fx = toyFail(toy, String(e), now);
  carryOut(fx, now);
  return fx;
}

// Each entry point below catches its own errors.

/** The mid-end's timer: its deadline has come. */
function tick(): void {
  tickTimer = undefined;
  const now = getTime() * 1000;
  try {
    carryOut(toyTick(toy, now), now);
  } catch (e) {
    fail(e);
  }
}

/**
 * The scanner's callback: the debounced keys, at each change and at each deadline of theirs
 * (holds, the chord, stuck keys); returns the next such deadline, −1 while no key that matters
 * is down (the scanner then polls slowly or sleeps).
 */
function onKeys(stable: number, now: number): number {
  try {
    carryOut(toyKeys(toy, stable, now), now);
  } catch (e) {
    fail(e);
  }
  return keysDue;
}

/** A key pressed from the console (1-based); throws the one line of a refused key. */
function press(k: unknown): ToyEffects {
  const now = getTime() * 1000;
  let fx: ToyEffects;
  try {
    fx = toyPress(toy, k, now);
    carryOut(fx, now);
  } catch (e) {
    fx = fail(e);
  }
  if (fx.refused !== "") throw new Error(fx.refused);
  return fx;
}

/** A console call: mid-end command `cmd` with `arg`; throws the one line of a refused call. */
function call(cmd: Command, arg?: unknown): ToyEffects {
  const now = getTime() * 1000;
  let fx: ToyEffects;
  try {
    fx = toyCommand(toy, cmd, arg, now);
    carryOut(fx, now);
  } catch (e) {
    fx = fail(e);
  }
  if (fx.refused !== "") throw new Error(fx.refused);
  return fx;
}

/** Merlin.state(). */
function state() {
  return toyState(toy, shownMask());
}

/**
 * The console API, global `Merlin` (REPL and scripted checks): each method is a mid-end
 * command, checked there as the command line checks the same things. Its names are quoted:
 * the build shortens internal property names, never quoted ones.
 */
export const api = {
  /**
   * Presses pad k (1-based; the four extra-button functions follow the pads, on every board,
   * buttons fitted or not) through the same path as a debounced key.
   */
  "press": function (k: number) {
    press(k);
    return state();
  },
  "state": state,
  /** A new game: puzzle 0 of `seed` (0 … MAX_SEED, as the command line's --seed), or the next puzzle of this seed. */
  "newGame": function (seed?: number) {
    call("newGame", seed);
    return state();
  },
  /** A game from a given start, e.g. "010110101" or "010/110/101" (pad 1 first), as the command line's --start. */
  "start": function (bits: string) {
    call("start", bits);
    return state();
  },
  "setRules": function (name: string) {
    call("setRules", name);
    return state();
  },
  "undo": function () {
    call("undo");
    return state();
  },
  /** Presses again the move undone last (nothing after a new move). */
  "redo": function () {
    call("redo");
    return state();
  },
  /** HIT ME: flashes the pad to press and returns it (1-based; 0 when there is none). */
  "hint": function () {
    return call("hint").hint + 1;
  },
  /** COMP TURN: presses the hinted key, flashes its pad and returns it (1-based; 0 when there is none). */
  "compTurn": function () {
    return call("compTurn").hint + 1;
  },
  /** The next rule set or game, as holding pad 6 does (its pad flashes). */
  "nextRules": function () {
    call("nextRules");
    return state();
  },
  /**
   * The maths of the game played, for the teaching view: cells count mod k; presses[j] the
   * pads key j advances (0/1 digits, pad 1 first); the goal.
   */
  "maths": function () {
    const m = toyMaths(toy);
    return { "k": m.k, "rows": m.rows, "cols": m.cols, "presses": m.presses, "target": m.target };
  },
  /** GOAL: shows the goal for a second, as holding pad 8 does. */
  "goal": function () {
    call("goal");
    return state();
  },
  /** Sound off (true) or on (false), kept in flash; returns the setting. */
  "mute": function (on: boolean) {
    call("mute", on);
    return state()["muted"];
  },
  /** Magic Square's statistics; in another of Merlin's games, its results (games, wins, losses, draws). */
  "stats": function () {
    return toy.mod !== null ? toyResults(toy) : toyStats(toy);
  },
  /**
   * Plays game `name` (tictactoe, music, echo, blackjack13, magicsquare, mindbender), new, as
   * NEW GAME and its number do on the toy.
   */
  "game": function (name: string) {
    call("game", name);
    return state();
  },
  /** A setting of the game played (Tic-Tac-Toe's "level", Echo's and Mindbender's "length"). */
  "set": function (name: string, value: unknown) {
    call("set", [name, value]);
    return state();
  },
  "sleep": function () {
    call("sleep");
  },
  /** Starts or ends the self-test. */
  "selfTest": function () {
    call("selfTest");
  },
  /** Idle time before sleep in ms: 0 (never) or 10 000 … 86 400 000; kept in flash. */
  "setIdle": function (ms: number) {
    call("setIdle", ms);
  },
};

/**
 * Pixel boards: Merlin.brightness(n) sets the brightness of lit pads, 1 … the profile's cap
 * (PIXEL_BRIGHTNESS, also the default), kept in flash; without n it only reads it. Returns the
 * setting. (Added here, not in the object above, so that other builds carry none of it.)
 */
if (NEOPIXEL) {
  // (A cast: `api`'s type is what every board has, and only pixel boards add this method.)
  (api as { [name: string]: unknown })["brightness"] = function (n?: number) {
    if (n !== undefined) call("brightness", n);
    return pixelLevel();
  };
}

/**
 * Merlin's other games: each is read from its own Storage file when it is chosen, as Bangle.js
 * loads an app (its text is one expression, the game's module), so memory holds the game played
 * and no other. The function's code stays in flash: Espruino parses a Storage file in place.
 */
const shelf: GameShelf = {
  names: SHELF_NAMES,
  numbers: SHELF_NUMBERS,
  load: function (name: string) {
    const text = require("Storage").read(gameFile(name));
    if (text === undefined) throw new Error(gameFile(name) + " is missing: flash the toy again");
    // (Indirect: the text needs none of this function's names, and the minifier may then shorten them.)
    return (0, eval)(text);
  },
};

/** The board's own back-end: Merlin's rule on its pads (on boards with games, its tables made when chosen). */
function boardBackend(): Backend<Board> {
  return new MaskBackend(typeof TABLES === "function" ? TABLES() : TABLES);
}

/** Power-on: console, pins, the mid-end from the saved files, the key scanner. */
export function boot(): void {
  if (WIFI_AT_BOOT) wifiOff();
  if (CONSOLE_MOVED) USB.setConsole(true);
  if (CONSOLE_PASSWORD !== null) {
    E.setPassword(CONSOLE_PASSWORD);
    E.lockConsole();
  }
  // The LED pins (the rest of the LED driving is leds.ts's). (The pixels' data pin is the
  // neopixel module's: it hands it to the SPI unit itself.)
  if (!NEOPIXEL) for (let i = 0; i < LED_PINS.length; i++) pinMode(LED_PINS[i], "output");
  setLit(true);
  const now = getTime() * 1000;
  toy = createToy(boardBackend, TARGET, ROWS * COLS + BUTTON_COUNT, NEOPIXEL ? PIXEL_BRIGHTNESS : 0, GAMES, shelf, loadFiles(), (E.hwRand() >>> 0) % 1000000, now);
  storeFor(toy);
  scannerInit(onKeys);
  carryOut(toyPowerOn(toy, now), now);
}

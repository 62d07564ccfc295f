/**
 * The glue between the board and the toy's mid-end (src/toy/midend.ts): debounced keys, timers and
 * console calls go in with the time; the effects that come out are carried out here — LEDs,
 * piezo, flash files, sleep, the next timer. Every entry point catches errors (`fail`), so an
 * error is logged, signalled (all pads flash, low buzz) and the toy goes back to showing a
 * playable board instead of dying silently.
 */
import { LED_PINS, SHELF_NAMES, SHELF_NUMBERS } from "merlin:config";
import {
  Command, createToy, FILE_GAMES, fileName, gameFile, GameShelf, POWER_SLEEP, POWER_WAKE, Toy, toyCommand, toyDue, ToyEffects, toyFail, toyKeys,
  toyPress, toyPowerOn, toyState, toyTick,
} from "../src/toy/midend";
import type { ConsoleCore } from "./console";
import { pixelLevel, setLit, setPixelLevel, show, shownMask } from "./leds";
import { playNotes, playSound } from "./piezo";
import { wifiOff } from "./radio";
import { scannerInit } from "./scanner";
import { load, loadFiles, saveNow, saveSoon, storeFor } from "./store";

/** The toy (made at boot). */
let toy: Toy;
/**
 * The timer for the mid-end's next deadline (self-test step, sleep), and when it fires. It is
 * only ever brought forward: one set for a deadline that has moved later (the idle time after
 * each key) just calls toyTick, which does nothing yet and names the new deadline.
 */
let tickTimer: number | undefined;
let tickAt = -1;
/**
 * The effects whose sound and files are still to be seen to, with the toy's next deadline
 * (afterLights), null when none are: one record, however many calls come before its timer runs
 * (a console loop of presses would otherwise hold every call's effects until the loop ends).
 */
let later: ToyEffects | null = null;

/**
 * Carries out the mid-end's effects `e`: its LEDs at once, the rest (afterLights) from a timer of
 * 0 ms, which the interpreter runs as soon as the call has returned — a key's pads are lit before
 * its sound, its files and the next deadline are seen to (their timers were most of what a key
 * press took after its LEDs: docs/architecture.md, "Speed: what is left"). Going to sleep does
 * it all at once: a toy asleep may be switched off any moment.
 */
function carryOut(e: ToyEffects): void {
  if (e.power !== 0) power(e.power);
  if (NEOPIXEL) setPixelLevel(toy.bright);
  if (e.show) show(e.frame, e.blink, e.flash, e.flashMs);
  if (later !== null) {
    // A call before the last one's timer ran: its files join the last one's, its power is the
    // newer, and its sound, where it has one, replaces the last one's. (The deadline is the
    // toy's when the timer runs.)
    later.save |= e.save;
    later.power = e.power;
    if (e.cues.length > 0 || e.tones.length > 0) {
      later.cues = e.cues;
      later.tones = e.tones;
    }
  } else if (e.cues.length > 0 || e.tones.length > 0 || e.save !== 0 || tickSooner(toyDue(toy)) || e.power === POWER_SLEEP) {
    later = e;
    if (e.power !== POWER_SLEEP) setTimeout(afterLights, 0);
  }
  if (e.power === POWER_SLEEP) afterLights();
}

/**
 * The rest of the effects `later`, once their LEDs are lit: the sound (the last cue, a game's
 * tones first where it has them), the files, the mid-end's next deadline. (From a timer, outside
 * the entry points' catch: should it fail, the interpreter reports it.)
 */
function afterLights(): void {
  const e = later;
  later = null;
  if (e === null) return;
  if (e.cues.length > 0 || e.tones.length > 0) playSound(e.tones, e.cues.length > 0 ? e.cues[e.cues.length - 1] : 0);
  if (e.save !== 0) saveSoon(e.save);
  if (e.power === POWER_SLEEP) saveNow();
  const due = toyDue(toy);
  if (tickSooner(due)) schedule(due, getTime() * 1000);
}

/** Whether the mid-end's deadline `due` (−1 none) comes before the tick timer's. */
function tickSooner(due: number): boolean {
  return due >= 0 && (tickTimer === undefined || due < tickAt);
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
  carryOut(fx);
  return fx;
}

// Each entry point below catches its own errors.

/** The mid-end's timer: its deadline has come. */
function tick(): void {
  tickTimer = undefined;
  const now = getTime() * 1000;
  try {
    carryOut(toyTick(toy, now));
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
    carryOut(toyKeys(toy, stable, now));
  } catch (e) {
    fail(e);
  }
  return toy.keysDue;
}

/** A key pressed from the console (1-based); throws the one line of a refused key. */
function press(k: unknown): ToyEffects {
  const now = getTime() * 1000;
  let fx: ToyEffects;
  try {
    fx = toyPress(toy, k, now);
    carryOut(fx);
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
    carryOut(fx);
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
 * What the console API (firmware/console.ts, a Storage module of its own) drives the toy with:
 * a key pressed from the console, a mid-end command, and what the toy tells.
 */
export const consoleCore: ConsoleCore = { press: press, call: call, state: state, toy: null as unknown as Toy };
if (NEOPIXEL) consoleCore.brightness = pixelLevel;

/**
 * The toy's Storage modules (gameFile): each is read from its own file when it is wanted, as
 * Bangle.js loads an app (its text is one expression, the module: Magic Square made for this
 * board, the player of the games on Merlin's lights, one of those games, the console), so
 * memory holds the game played and no other. The functions' code stays in flash: Espruino
 * parses a Storage file in place.
 */
export function loadModule(name: string): any {
  const file = gameFile(name);
  const text = require("Storage").read(file);
  if (text === undefined) throw new Error(file + " is missing: flash the toy again");
  try {
    // (Indirect: the text needs none of this function's names, and the minifier may then shorten them.)
    return (0, eval)(text);
  } catch (e) {
    throw new Error(file + " is damaged (" + e + "): flash the toy again");
  }
}

/** The games, each read from its file when chosen; merlin.gms read back from Storage when a game is chosen or left, not held. */
const shelf: GameShelf = {
  names: SHELF_NAMES,
  numbers: SHELF_NUMBERS,
  load: loadModule,
  saved: function () {
    return load(fileName(FILE_GAMES));
  },
};

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
  toy = consoleCore.toy = createToy(ROWS, COLS, ROWS * COLS + BUTTON_COUNT, NEOPIXEL ? PIXEL_BRIGHTNESS : 0, shelf, loadFiles(), (E.hwRand() >>> 0) % 1000000, now);
  storeFor(toy);
  scannerInit(onKeys);
  carryOut(toyPowerOn(toy, now));
}

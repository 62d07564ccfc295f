/**
 * The glue between the board and the toy's mid-end (src/toy/midend.ts): debounced keys, timers and
 * console calls go in with the time; the effects that come out are carried out here — LEDs,
 * piezo, flash files, sleep, the next timer. Every entry point catches errors (`fail`), so an
 * error is logged, signalled (all pads flash, low buzz) and the toy goes back to showing a
 * playable board instead of dying silently.
 */
import { LED_PINS, TABLES, TARGET } from "merlin:config";
import { GAME_GOALS, GAME_LEVELS, GAME_NAMES, GAME_RULES, GAME_TABLES } from "merlin:games";
import { ACT_HINT, ACT_NEW_GAME, ACT_SET_RULES, ACT_UNDO } from "../src/toy/game";
import {
  CELL_BOARDS, CMD_BRIGHTNESS, CMD_GOAL, CMD_MUTE, CMD_PRESS, CMD_SELF_TEST, CMD_SET_IDLE, CMD_SLEEP, CMD_START, createToy, FILE_COUNT, fileName, POWER_SLEEP,
  POWER_WAKE, SAVE_NOW, toyCommand, ToyEffects, toyPress, toyFail, toyHint, toyKeys, toyState, toyStats, toyTick, ToyGame,
} from "../src/toy/midend";
import { CellTables, MaskTables } from "../src/toy/tables";
import { cellGameTables, levelTablesMaker } from "../src/toy/toygames";
import { pixelLevel, setLit, setPixelLevel, show, shownMask } from "./leds";
import { cueNotes, playNotes } from "./piezo";
import { scannerInit } from "./scanner";
import { load, saveNow, saveSoon } from "./store";

/**
 * The timer for the mid-end's next deadline (self-test step, sleep), and when it fires. It is
 * only ever brought forward: one set for a deadline that has moved later (the idle time after
 * each key) just calls toyTick, which does nothing yet and names the new deadline.
 */
let tickTimer: number | undefined;
let tickAt = -1;
/** When the keys held now are next due a hold, chord or stuck event (ToyEffects.keysDue), −1 none. */
let keysDue = -1;

/**
 * Carries out the mid-end's effects `e` of a call made at `now` (ms). (Sleep and wake are
 * power's, a new deadline schedule's: a key press carries this out, and Espruino lexes a
 * function's whole body on every call.)
 */
function carryOut(e: ToyEffects, now: number): void {
  if (e.power !== 0) power(e.power);
  if (NEOPIXEL && e.bright !== /* @__INLINE__ */ pixelLevel()) setPixelLevel(e.bright);
  if (e.show) show(e.frame, e.blink, e.flash, e.flashMs);
  if (e.cues.length > 0) playNotes(cueNotes(e.cues[e.cues.length - 1]), 0);
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
    playNotes("", 0);
    setLit(false);
    if (DEEP_SLEEP) setDeepSleep(true);
  } else if (p === POWER_WAKE) {
    if (DEEP_SLEEP) setDeepSleep(false);
    setLit(true);
  }
}

/** An entry point's error `e`: logged and signalled, and the toy goes back to showing the game. */
export function fail(e: unknown): void {
  console.log("Merlin error: " + e);
  // (Should this fail too, the interpreter reports it; the timers keep the toy running.)
  const now = getTime() * 1000;
  carryOut(toyFail(String(e), now), now);
}

// Each entry point below catches its own errors (no function of the form guard(fn): Espruino
// would make and lex that function on every call, and the scanner calls onKeys every few ms).

/** The mid-end's timer: its deadline has come. */
function tick(): void {
  tickTimer = undefined;
  const now = getTime() * 1000;
  try {
    carryOut(toyTick(now), now);
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
    carryOut(toyKeys(stable, now), now);
  } catch (e) {
    fail(e);
  }
  return keysDue;
}

/** A console call: mid-end command `cmd` with `arg`; throws the one line of a refused call. */
function call(cmd: number, arg?: unknown): ToyEffects {
  const now = getTime() * 1000;
  let fx: ToyEffects | undefined;
  try {
    // The press on its own: the console's most frequent call stays short (toyCommand's body is long).
    // So is HIT ME in the games (CELL_BOARDS), where the solver takes long enough on its own.
    fx = cmd === CMD_PRESS ? toyPress(arg, now)
      : CELL_BOARDS && cmd === ACT_HINT ? /* @__NOINLINE__ */ toyHint(now)
      : /* @__NOINLINE__ */ toyCommand(cmd, arg, now);
    carryOut(fx, now);
  } catch (e) {
    fail(e);
  }
  if (fx !== undefined && fx.refused !== "") throw new Error(fx.refused);
  return fx!;
}

/** Merlin.state(). */
function state() {
  return toyState(shownMask());
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
    call(CMD_PRESS, k);
    return state();
  },
  "state": state,
  /** A new game: puzzle 0 of `seed` (0 … MAX_SEED, as the command line's --seed), or the next puzzle of this seed. */
  "newGame": function (seed?: number) {
    call(ACT_NEW_GAME, seed);
    return state();
  },
  /** A game from a given start, e.g. "010110101" or "010/110/101" (pad 1 first), as the command line's --start. */
  "start": function (bits: string) {
    call(CMD_START, bits);
    return state();
  },
  "setRules": function (name: string) {
    call(ACT_SET_RULES, name);
    return state();
  },
  "undo": function () {
    call(ACT_UNDO);
    return state();
  },
  /** HIT ME: flashes the pad to press and returns it (1-based; 0 when there is none). */
  "hint": function () {
    return call(ACT_HINT).hint + 1;
  },
  /** GOAL: shows the goal for a second, as holding pad 8 does. */
  "goal": function () {
    call(CMD_GOAL);
    return state();
  },
  /** Sound off (true) or on (false), kept in flash; returns the setting. */
  "mute": function (on: boolean) {
    call(CMD_MUTE, on);
    return state()["muted"];
  },
  "stats": toyStats,
  "sleep": function () {
    call(CMD_SLEEP);
  },
  /** Starts or ends the self-test. */
  "selfTest": function () {
    call(CMD_SELF_TEST);
  },
  /** Idle time before sleep in ms: 0 (never) or 10 000 … 86 400 000; kept in flash. */
  "setIdle": function (ms: number) {
    call(CMD_SET_IDLE, ms);
  },
};

/**
 * Pixel boards: Merlin.brightness(n) sets the brightness of lit pads, 1 … the profile's cap
 * (PIXEL_BRIGHTNESS, also the default), kept in flash; without n it only reads it. Returns the
 * setting. (Added here, not in the object above, so that other builds carry none of it.)
 */
if (NEOPIXEL) {
  (api as { [name: string]: unknown })["brightness"] = function (n?: number) {
    if (n !== undefined) call(CMD_BRIGHTNESS, n);
    return pixelLevel();
  };
}

/** Power-on: console, pins, the mid-end from the saved files, the key scanner. */
export function boot(): void {
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
  const files: (string | null)[] = [];
  for (let i = 0; i < FILE_COUNT; i++) files.push(/* @__INLINE__ */ load(/* @__INLINE__ */ fileName(i)));
  // The games beyond the rule sets (TOY_GAMES boards): their tables made when played (the
  // mid-end's choose; a colour game's cell tables: toygames.ts tablesOf).
  const games: ToyGame[] = [];
  if (TOY_GAMES) {
    for (let i = 0; i < GAME_NAMES.length; i++) {
      const t = GAME_TABLES[i];
      games.push({
        name: GAME_NAMES[i],
        tables: typeof GAME_GOALS[i] === "string" ? cellGameTables(t as () => CellTables, ROWS, COLS) : GAME_LEVELS[i] ? levelTablesMaker(t as () => MaskTables) : (t as () => MaskTables),
        target: GAME_GOALS[i],
        rules: GAME_RULES[i],
      });
    }
  }
  const fx = createToy(TABLES, TARGET, ROWS * COLS + BUTTON_COUNT, files, (E.hwRand() >>> 0) % 1000000, now, NEOPIXEL ? PIXEL_BRIGHTNESS : 0, games);
  scannerInit(onKeys);
  carryOut(fx, now);
}


/**
 * The console API, global `Merlin` (the REPL, the simulator's pages and scripted checks): each
 * method is a mid-end command, checked there as the command line checks the same things. Its
 * names are quoted: the build shortens internal property names, never quoted ones.
 *
 * It is a Storage module of its own (merlin-console.js, firmware/build/build.ts), read each
 * time `Merlin` is used (firmware/main.ts): nineteen methods cost some 130 JsVars for as long as
 * they are held (measured on Espruino 2v29's 32-bit build), and a toy in a child's hands never
 * types at its console, so they are held only while a console call runs.
 */
import { type Command, type Toy, type ToyEffects, toyMaths, toyStats } from "../src/toy/midend";

/** What the console drives the toy with (firmware/controller.ts consoleCore). */
export interface ConsoleCore {
  /** A key pressed from the console (1-based); throws the one line of a refused key. */
  press: (k: unknown) => ToyEffects;
  /** A mid-end command; throws the one line of a refused call. */
  call: (cmd: Command, arg?: unknown) => ToyEffects;
  state: () => { [key: string]: any };
  /** The toy (from power-on). */
  toy: Toy;
  /** Pixel boards: the brightness of lit pads. */
  brightness?: () => number;
}

/** The console API over `core`. */
export function consoleApi(core: ConsoleCore) {
  const api = {
    /**
     * Presses pad k (1-based; the four extra-button functions follow the pads, on every board,
     * buttons fitted or not) through the same path as a debounced key.
     */
    "press": function (k: number) {
      core.press(k);
      return core.state();
    },
    "state": core.state,
    /** A new game: puzzle 0 of `seed` (0 … MAX_SEED, as the command line's --seed), or the next puzzle of this seed. */
    "newGame": function (seed?: number) {
      core.call("newGame", seed);
      return core.state();
    },
    /** A game from a given start, e.g. "010110101" or "010/110/101" (pad 1 first), as the command line's --start. */
    "start": function (bits: string) {
      core.call("start", bits);
      return core.state();
    },
    "setRules": function (name: string) {
      core.call("setRules", name);
      return core.state();
    },
    "undo": function () {
      core.call("undo");
      return core.state();
    },
    /** Presses again the move undone last (nothing after a new move). */
    "redo": function () {
      core.call("redo");
      return core.state();
    },
    /** HIT ME: flashes the pad to press and returns it (1-based; 0 when there is none). */
    "hint": function () {
      return core.call("hint").hint + 1;
    },
    /** COMP TURN: presses the hinted key, flashes its pad and returns it (1-based; 0 when there is none). */
    "compTurn": function () {
      return core.call("compTurn").hint + 1;
    },
    /** The next rule set or game, as holding pad 6 does (its pad flashes). */
    "nextRules": function () {
      core.call("nextRules");
      return core.state();
    },
    /**
     * The maths of the game played, for the teaching view: cells count mod k; presses[j] the
     * pads key j advances (0/1 digits, pad 1 first); the goal. Null in Merlin's other games.
     */
    "maths": function () {
      const m = toyMaths(core.toy);
      return m === null ? null : { "k": m.k, "rows": m.rows, "cols": m.cols, "presses": m.presses, "target": m.target };
    },
    /** GOAL: shows the goal for a second, as holding pad 8 does. */
    "goal": function () {
      core.call("goal");
      return core.state();
    },
    /** Sound off (true) or on (false), kept in flash; returns the setting. */
    "mute": function (on: boolean) {
      core.call("mute", on);
      return core.state()["muted"];
    },
    /** Magic Square's statistics (games, wins, best); in another of Merlin's games, its results (games, wins, losses, draws). */
    "stats": function () {
      return toyStats(core.toy);
    },
    /**
     * Plays game `name` (tictactoe, music, echo, blackjack13, magicsquare, mindbender), new, as
     * NEW GAME and its number do on the toy.
     */
    "game": function (name: string) {
      core.call("game", name);
      return core.state();
    },
    /** A setting of the game played (Tic-Tac-Toe's "level", Echo's and Mindbender's "length"). */
    "set": function (name: string, value: unknown) {
      core.call("set", [name, value]);
      return core.state();
    },
    "sleep": function () {
      core.call("sleep");
    },
    /** Starts or ends the self-test. */
    "selfTest": function () {
      core.call("selfTest");
    },
    /** Idle time before sleep in ms: 0 (never) or 10 000 … 86 400 000; kept in flash. */
    "setIdle": function (ms: number) {
      core.call("setIdle", ms);
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
      if (n !== undefined) core.call("brightness", n);
      return core.brightness!();
    };
  }
  return api;
}

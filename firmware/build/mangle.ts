/**
 * Internal property names shortened in the bundle (esbuild mangleProps): on Espruino a long
 * property name costs bytes and extra JsVars for every object that carries it. Only names that
 * never leave the bundle are listed: not the console API's method names (press, hint, undo, …),
 * not the keys Merlin.stats() prints or Storage JSON keys (games, wins, best, mute, idle), not
 * Espruino option keys (repeat, edge, debounce, freq) and not names of built-in methods (apply).
 * GameState's board, moves, status, reason, rules, seed, puzzle, par and start are mangled:
 * where they leave the bundle (Merlin.state()'s keys, Merlin.start, the "rules" key of
 * merlin.cfg) firmware/controller.ts quotes them, and esbuild leaves quoted names alone. The generated tables literal is mangled along with its readers.
 */
export const MANGLED_PROPS = new RegExp(
  "^(" +
    [
      // GameState, GameEvent, Effects (src/game.ts)
      "board", "moves", "status", "reason", "rules", "seed", "puzzle", "par", "start",
      "target", "startedAt", "endedAt", "hist", "histTop", "histLen", "rvLen", "rvSlot", "rvEnded",
      "type", "now", "key", "frame", "blink", "flash", "flashMs", "cues",
      // KeyEvents (src/keyevents.ts)
      "allMask", "chordMask", "holdMs", "chordMs", "stuckMs", "down", "stuck", "noHold", "downAt", "chordSince",
      "chordDone", "queueType", "queueArg", "queueHead", "queueCount", "dropped", "arg",
      // Debouncer (src/debounce.ts)
      "keyCount", "pressMs", "releaseMs", "stable", "pending", "deadline",
      // MaskTables (src/tables.ts, emitted into merlin:config) and the solver's PressSim
      "toggle", "solve", "check", "quiet", "cells", "isDark",
    ].join("|") +
    ")$",
);

/**
 * The list of Merlin's games, in one place: the name the console and the settings use, the
 * number NEW GAME takes on the 1978 toy, and the module. Adding a game is its file and a line
 * here. Magic Square (game 5, src/toy/game.ts over a back-end) is played by the mid-end as
 * before; docs/architecture.md ("Game modules") says how it joins this list.
 *
 * On the toy each game is to be a Storage module of its own, loaded when chosen; this list is
 * what the firmware build will read to make them (the names and numbers are the toy's own).
 */
import { AnyGameModule } from "../gamemodule";
import type { GameShelf } from "../midend";
import { blackjack13 } from "./blackjack13";
import { echo } from "./echo";
import { mindbender } from "./mindbender";
import { music } from "./music";
import { tictactoe } from "./tictactoe";

/** The games by number order (the 1978 toy's: 1 Tic-Tac-Toe … 6 Mindbender; 5, Magic Square, is the mid-end's own). */
export const GAME_MODULES: AnyGameModule[] = [tictactoe, music, echo, blackjack13, mindbender];

/** The game called `name`, null when none is. */
export function gameNamed(name: string): AnyGameModule | null {
  for (let i = 0; i < GAME_MODULES.length; i++) if (GAME_MODULES[i].name === name) return GAME_MODULES[i];
  return null;
}

/** The game NEW GAME then pad `number` chooses, null when none is (5 is Magic Square's). */
export function gameNumbered(number: number): AnyGameModule | null {
  for (let i = 0; i < GAME_MODULES.length; i++) if (GAME_MODULES[i].number === number) return GAME_MODULES[i];
  return null;
}

/**
 * A toy's shelf (midend.ts GameShelf) holding `modules` in memory: what the simulator's host
 * tools and the tests give the mid-end, where the firmware reads each game from its own file.
 */
export function shelfOf(modules: AnyGameModule[]): GameShelf {
  return {
    names: modules.map((m) => m.name),
    numbers: modules.map((m) => m.number),
    load: function (name: string): AnyGameModule {
      for (let i = 0; i < modules.length; i++) if (modules[i].name === name) return modules[i];
      throw new Error("no game " + name);
    },
  };
}

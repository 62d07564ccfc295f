/**
 * The list of Merlin's games, in one place: the name the console and the settings use, the
 * number NEW GAME takes on the 1978 toy, and the module. Adding a game is its file and a line
 * here. Magic Square (game 5: src/toy/games/magicsquare.ts, with its rule sets and the Lights
 * Out games) is the toy's first game and is made for each board's tables, so it is not in this
 * list; the others are played on Merlin's lights by src/toy/lightgames.ts.
 *
 * On the toy each game is a Storage module of its own, loaded when chosen; this list is what
 * the firmware build reads to make them (the names and numbers are the toy's own).
 */
import { AnyGameModule } from "../gamemodule";
import { lightGames } from "../lightgames";
import { GameShelf, LIGHT_GAMES, MAGIC_SQUARE, Player } from "../midend";
import { blackjack13 } from "./blackjack13";
import { echo } from "./echo";
import { mindbender } from "./mindbender";
import { music } from "./music";
import { tictactoe } from "./tictactoe";

/** The games by number order (the 1978 toy's: 1 Tic-Tac-Toe … 6 Mindbender; 5 is Magic Square, magicsquare.ts). */
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
 * A toy's shelf (midend.ts GameShelf) holding Magic Square `magic` (magicsquare.ts, made for
 * the board) and `modules` in memory: what the simulator's host tools and the tests give the
 * mid-end, where the firmware reads each from its own file.
 */
export function shelfOf(magic: Player, modules: AnyGameModule[]): GameShelf {
  return {
    names: modules.map((m) => m.name),
    numbers: modules.map((m) => m.number),
    load: function (name: string): any {
      if (name === MAGIC_SQUARE) return magic;
      if (name === LIGHT_GAMES) return lightGames;
      for (let i = 0; i < modules.length; i++) if (modules[i].name === name) return modules[i];
      throw new Error("no game " + name);
    },
  };
}

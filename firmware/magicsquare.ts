/**
 * Magic Square as the toy's Storage module (firmware/build/build.ts writes it as
 * merlin-magicsquare.js): the game of src/toy/games/magicsquare.ts on this board's own tables
 * and goal, with the Lights Out games the board plays. The core reads it when Magic Square is
 * played, so the tables and the game's code are in memory only then.
 */
import { GAMES, TABLES, TARGET } from "merlin:games";
import { magicSquare } from "../src/toy/games/magicsquare";
import { MaskBackend } from "../src/toy/maskgame";

/** The board's own back-end: Merlin's rule on its pads (on boards with Lights Out games, its tables made when it is chosen). */
function boardBackend(): MaskBackend {
  return new MaskBackend(typeof TABLES === "function" ? TABLES() : TABLES);
}

export const magicSquareOnBoard = magicSquare(boardBackend, TARGET, GAMES);

/**
 * Magic Square as the toy's Storage module (firmware/build/build.ts writes it as
 * merlin-magicsquare.js): the game of src/toy/games/magicsquare.ts on this board's own back-end
 * and goal, with the Lights Out games the board plays. The core reads it when Magic Square is
 * played, so the game's code is in memory only then (and on the pixel boards the back-end
 * classes and tables of the rule set or game played only).
 */
import { BOARD, GAMES, TARGET } from "merlin:games";
import { magicSquare } from "../src/toy/games/magicsquare";

export const magicSquareOnBoard = magicSquare(BOARD, TARGET, GAMES);

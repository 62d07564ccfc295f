/**
 * The back-ends a board's games may play through: the build's generated `merlin:games` module
 * (build.ts gamesModule) imports the ones its games need from here, so a board without games
 * (the 3×3 boards) bundles none of them, and the 5×5 board the three it plays.
 */
export { CellBackend } from "../src/toy/cellgame";
export { LevelBackend } from "../src/toy/levels";
export { MaskBackend } from "../src/toy/maskgame";

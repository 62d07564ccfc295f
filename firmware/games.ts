/**
 * The back-end classes a board's Lights Out games may play through: the build writes those its
 * games use into Storage modules (build.ts BACKEND_MODULES: the on/off ones together, the
 * colour one alone), which the toy reads when such a game is chosen. Magic Square's module
 * carries none of them (but on the 3×3 boards the mask back-end of the board's own rule sets,
 * firmware/magicsquare.ts).
 */
export { CellBackend } from "../src/toy/cellgame";
export { LevelBackend } from "../src/toy/levels";
export { MaskBackend } from "../src/toy/maskgame";

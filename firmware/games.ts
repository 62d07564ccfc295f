/**
 * The back-end classes a board's Lights Out games may play through: the build writes each one
 * its games use as a Storage module of its own (build.ts BACKEND_MODULES), which the toy reads
 * when such a game is chosen. Magic Square's module carries none of them (but the mask
 * back-end of the board's own rule sets, firmware/magicsquare.ts).
 */
export { CellBackend } from "../src/toy/cellgame";
export { LevelBackend } from "../src/toy/levels";
export { MaskBackend } from "../src/toy/maskgame";

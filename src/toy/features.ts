/**
 * Build-time feature flags. The firmware build replaces this module with one that exports
 * `false` for each flag (firmware/build/build.ts), so esbuild folds every `if (CELL_BOARDS && …)`
 * away and the toy's bundle carries none of the code behind it; Node, the simulator's front
 * ends and the tests get this file as it is. Write the flag first in a condition
 * (`CELL_BOARDS && x`), so the folding sees a literal `false`.
 */

/**
 * Games on boards that are not one 32-bit mask: k-state boards (a press advances a cell by
 * 1 mod k, k = 3…6) and on/off boards of 33 to 64 cells, with boards as digit strings
 * (src/maths/cellboards.ts), and rule sets that deal their own starts (levels, src/toy/levels.ts).
 */
export const CELL_BOARDS = true;

/**
 * Boards with more keys than a rule set's move limit (basic: 20 moves): on an on/off board a
 * start never needs more presses than there are keys, so only boards with more keys (or with
 * colours) can deal or be given a start that cannot be won within the limit, and only there do
 * deals and starts check par against it (src/toy/game.ts). The build sets it per profile.
 */
export const LONG_STARTS = true;

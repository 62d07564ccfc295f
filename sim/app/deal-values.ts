/**
 * The values that deal a puzzle — seed, puzzle number, rule set, board profile — with the one
 * check of each, shared by the commands' options (`merlin play`, `merlin sim`) and the browser
 * toy's link (?board=…&rules=…&seed=…&puzzle=…), so a value one accepts the other accepts and
 * one link deals the same puzzle everywhere. Platform-neutral: no Node modules.
 */
import { unknownProfileMessage } from "../../hardware/errors";
import { MAX_SEED } from "../../src/toy/game";
import { inputError } from "../../src/maths/puzzle";
import { excerpt, parseWholeNumber } from "../../tools/options";

/** Seeds are 32-bit: the firmware's Merlin.newGame(seed) and the saved game hold them as such (src/toy/game.ts). */
export { MAX_SEED };
/** The largest puzzle number: dealing it presses NEW GAME that many times. */
export const MAX_PUZZLE = 10000;

export function checkSeed(seed: number, what = "--seed"): void {
  if (!(Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED)) throw inputError(`${what} must be a whole number from 0 to ${MAX_SEED}, got ${seed}`);
}

export function checkPuzzle(puzzle: number, what = "--puzzle"): void {
  if (!(Number.isInteger(puzzle) && puzzle >= 0 && puzzle <= MAX_PUZZLE)) throw inputError(`${what} must be a whole number from 0 to ${MAX_PUZZLE}, got ${puzzle}`);
}

/** `name` must be one of `names`: the rule sets and games of the board (SimSession.rules, toyRuleNames). */
export function checkRules(name: string, names: readonly string[], what = "--rules"): void {
  if (names.indexOf(name) < 0) throw inputError(`${what} must be one of ${names.join(", ")}, got '${excerpt(name)}'`);
}

/** What a link asks for; each value left out is undefined. */
export interface PuzzleLink {
  board?: string;
  rules?: string;
  seed?: number;
  puzzle?: number;
}

/**
 * Reads the browser toy's link (`get` is URLSearchParams.get), each value checked as the CLI
 * checks the same option (whole numbers as tools/options.ts reads them, the same ranges, a
 * known profile and rule set). A wrong value is an input error saying what was wrong and what
 * is accepted; nothing is clamped, wrapped or guessed.
 */
export function readPuzzleLink(
  get: (name: string) => string | null,
  profiles: readonly string[],
  /** The rule sets and games of a board (toyRuleNames); undefined: the page's default board. */
  rulesOf: (board: string | undefined) => readonly string[],
): PuzzleLink {
  const link: PuzzleLink = {};
  const board = get("board");
  if (board !== null) {
    if (profiles.indexOf(board) < 0) throw inputError(`the link's board: ${unknownProfileMessage(board, profiles)}`);
    link.board = board;
  }
  const rules = get("rules");
  if (rules !== null) {
    checkRules(rules, rulesOf(link.board), "the link's rules");
    link.rules = rules;
  }
  const seed = get("seed");
  if (seed !== null) link.seed = parseWholeNumber(seed, "the link's seed", 0, MAX_SEED);
  const puzzle = get("puzzle");
  if (puzzle !== null) {
    if (seed === null) throw inputError("the link's puzzle needs a seed (the puzzle is counted from the seed's first deal)");
    link.puzzle = parseWholeNumber(puzzle, "the link's puzzle", 0, MAX_PUZZLE);
  }
  return link;
}

/**
 * Rule sets as data. The game state machine (game.ts) reads these columns and nothing else
 * decides how a rule set plays. (Their one-line descriptions live with the CLI help, which
 * shows them.)
 *
 * - basic: source 002's BASIC program — lost when every cell goes dark, lost after 20 moves
 *   without a win (a win on the 20th stands).
 * - merlin1978: the 1978 handheld (docs/sources.md) — no limit, all dark only warbles, SAME GAME
 *   deals a new puzzle, lit pads blink, the goal is shown for 0.6 s on a new game, keys stay
 *   live after a win.
 * - classic: Lights Out style — par is the start's fewest presses, lost at 10 moves over par
 *   without a win.
 *
 * The table is one typed array of columns per rule set (numbers and bit flags), read with
 * ruleColumn and hasRule; front ends that like objects use RULE_SETS, built from the same columns.
 */

export const RULES_BASIC = 0;
export const RULES_MERLIN1978 = 1;
export const RULES_CLASSIC = 2;

export const RULE_NAMES = ["basic", "merlin1978", "classic"];

/** Lost when every cell goes dark (unless that is the target). */
export const DARK_LOSES = 1;
/** A dealt start may be all dark. */
export const DARK_START = 2;
/** SAME GAME deals a fresh puzzle (the 1978 toy) instead of restarting this one. */
export const SAME_GAME_DEALS = 4;
/** Keys stay live after the game is won (the 1978 toy); otherwise only a new game or restart. */
export const LIVE_AFTER_END = 8;
/** Lit pads blink (the 1978 toy) instead of shining steadily. */
export const BLINK_LIT = 16;

/** The columns of the rule table: RULE_TABLE[r * RULE_COLUMNS + column] is rule set r's value. */
export const RULE_COLUMNS = 4;
/** Its flags. */
export const COL_FLAGS = 0;
/** Lost when this many moves are used without winning (0 = no limit). A win on the last move stands. */
export const COL_MOVE_LIMIT = 1;
/** Lost when the moves reach par + this without winning (0 = no par rule). */
export const COL_OVER_PAR_LIMIT = 2;
/** The goal is shown this long on a new game, ms (0 = not shown). */
export const COL_PREVIEW_MS = 3;

// prettier-ignore
export const RULE_TABLE = new Uint16Array([
  // flags                                                          moves  over par  preview ms
  DARK_LOSES,                                                       20,    0,        0,   // basic
  DARK_START | SAME_GAME_DEALS | LIVE_AFTER_END | BLINK_LIT,        0,     0,        600, // merlin1978
  DARK_START,                                                       0,     10,       0,   // classic
]);

/** Rule set `rules`'s value in column `col` (COL_*). */
export function ruleColumn(rules: number, col: number): number {
  return RULE_TABLE[rules * RULE_COLUMNS + col];
}

/** Whether rule set `rules` has flag `flag`. */
export function hasRule(rules: number, flag: number): boolean {
  return (ruleColumn(rules, COL_FLAGS) & flag) !== 0;
}

/** One rule set as an object, for front ends. */
export interface RuleSet {
  name: string;
  moveLimit: number;
  overParLimit: number;
  darkLoses: boolean;
  darkStart: boolean;
  sameGameDeals: boolean;
  liveAfterEnd: boolean;
  blinkLit: boolean;
  previewMs: number;
}

function ruleSets(): RuleSet[] {
  const out: RuleSet[] = [];
  for (let i = 0; i < RULE_NAMES.length; i++) {
    out.push({
      name: RULE_NAMES[i],
      moveLimit: ruleColumn(i, COL_MOVE_LIMIT),
      overParLimit: ruleColumn(i, COL_OVER_PAR_LIMIT),
      darkLoses: hasRule(i, DARK_LOSES),
      darkStart: hasRule(i, DARK_START),
      sameGameDeals: hasRule(i, SAME_GAME_DEALS),
      liveAfterEnd: hasRule(i, LIVE_AFTER_END),
      blinkLit: hasRule(i, BLINK_LIT),
      previewMs: ruleColumn(i, COL_PREVIEW_MS),
    });
  }
  return out;
}

/** The rule sets as objects (index = rule set number), for front ends; the firmware uses the columns. */
export const RULE_SETS: RuleSet[] = /* @__PURE__ */ ruleSets();

/** The index of the rule set called `name`, or −1. */
export function ruleIndex(name: string): number {
  return RULE_NAMES.indexOf(name);
}

/** "basic, merlin1978, classic" — for help texts and error messages. */
export function ruleNames(): string {
  return RULE_NAMES.join(", ");
}

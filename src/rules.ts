/**
 * Rule sets as data. The game state machine (game.ts) reads these fields and nothing else
 * decides how a rule set plays. (Their one-line descriptions live with the CLI help, so the
 * firmware does not carry the text.)
 *
 * - basic: source 002's BASIC program — lost when every cell goes dark, lost after 20 moves
 *   without a win (a win on the 20th stands).
 * - merlin1978: the 1978 handheld (docs/MERLIN.md) — no limit, all dark only warbles, SAME GAME
 *   deals a new puzzle, lit pads blink, the goal is shown for 0.6 s on a new game, keys stay
 *   live after a win.
 * - classic: Lights Out style — par is the start's fewest presses, lost at 10 moves over par
 *   without a win.
 */

export interface RuleSet {
  name: string;
  /** Lost when this many moves are used without winning (0 = no limit). A win on the last move stands. */
  moveLimit: number;
  /** Lost when the moves reach par + this without winning (0 = no par rule). */
  overParLimit: number;
  /** Lost when every cell goes dark (unless that is the target). */
  darkLoses: boolean;
  /** Whether a dealt start may be all dark. */
  darkStart: boolean;
  /** SAME GAME deals a fresh puzzle (the 1978 toy) instead of restarting this one. */
  sameGameDeals: boolean;
  /** Keys stay live after the game is won (the 1978 toy); otherwise only a new game or restart. */
  liveAfterEnd: boolean;
  /** Lit pads blink (the 1978 toy) instead of shining steadily. */
  blinkLit: boolean;
  /** The goal is shown this long on a new game (0 = not shown). */
  previewMs: number;
}

export const RULE_SETS: RuleSet[] = [
  {
    name: "basic",
    moveLimit: 20,
    overParLimit: 0,
    darkLoses: true,
    darkStart: false,
    sameGameDeals: false,
    liveAfterEnd: false,
    blinkLit: false,
    previewMs: 0,
  },
  {
    name: "merlin1978",
    moveLimit: 0,
    overParLimit: 0,
    darkLoses: false,
    darkStart: true,
    sameGameDeals: true,
    liveAfterEnd: true,
    blinkLit: true,
    previewMs: 600,
  },
  {
    name: "classic",
    moveLimit: 0,
    overParLimit: 10,
    darkLoses: false,
    darkStart: true,
    sameGameDeals: false,
    liveAfterEnd: false,
    blinkLit: false,
    previewMs: 0,
  },
];

export const RULES_BASIC = 0;
export const RULES_MERLIN1978 = 1;
export const RULES_CLASSIC = 2;

/** The index of the rule set called `name`, or −1. */
export function ruleIndex(name: string): number {
  for (let i = 0; i < RULE_SETS.length; i++) if (RULE_SETS[i].name === name) return i;
  return -1;
}

/** "basic, merlin1978, classic" — for help texts and error messages. */
export function ruleNames(): string {
  const names: string[] = [];
  for (let i = 0; i < RULE_SETS.length; i++) names.push(RULE_SETS[i].name);
  return names.join(", ");
}

/**
 * What both front ends (the terminal UI and the browser toy) say about a game, in one place so
 * they say the same: moves against the limit, par and score, status and its reason,
 * statistics, the goal, hints — from what the firmware reports through its console API
 * (`Merlin.state()`, `Merlin.stats()`) and the rule-set table of src/toy/rules.ts.
 * Platform-neutral.
 */
import { formatBoard, namedTarget } from "../../src/maths/boardstate";
import { gridPuzzle, type Puzzle } from "../../src/maths/puzzle";
import { DEFAULT_CYCLE, gamePuzzle, gameSpec, gameTarget } from "../../src/maths/games";
import { RULE_NAMES, RULE_SETS, ruleIndex, type RuleSet } from "../../src/toy/rules";
import { compileTables } from "../../src/maths/compile-tables";
import { type MaskTables } from "../../src/toy/tables";
import { lossWords } from "../basic-dialogue";
import type { FirmwareState } from "./session";
import type { Profile } from "../../hardware/profile";
import { GAME_MODULES } from "../../src/toy/games/index";
import { MAGIC_SQUARE, MAGIC_SQUARE_NUMBER } from "../../src/toy/midend";

/** What `Merlin.stats()` returns. */
export interface ToyStats {
  games: number;
  wins: number;
  best: number;
}

/** The toy's puzzle for a profile's grid: Merlin's pattern on rows × cols, its tables and its goal (the ring). */
export interface ToyPuzzle {
  puzzle: Puzzle;
  tables: MaskTables;
  /** Row-major "0"/"1" of the goal, as the firmware build computes it. */
  goal: string;
}

export function toyPuzzle(rows: number, cols: number): ToyPuzzle {
  const puzzle = gridPuzzle({ rows, cols, pattern: "merlin" });
  const goal = Array.from(namedTarget(puzzle, "ring")).join("");
  return { puzzle, tables: compileTables(puzzle), goal };
}

/**
 * The board a rule set or game is played on, rows × cols: a game's own (lightsout: the plus
 * pattern; lightsout2000: three colours), else Merlin's pattern.
 */
export function playedPuzzle(rules: string, rows: number, cols: number): Puzzle {
  return played(rules, rows, cols).puzzle;
}

/** The goal of a rule set or game on rows × cols, as cells: the ring (namedTarget) under the rule sets, a game's own (all dark, blackwhite's checkerboard). */
export function goalCells(rules: string, rows: number, cols: number): Uint8Array {
  return played(rules, rows, cols).goal;
}

/** The goal of a rule set or game on rows × cols, row-major digits (goalCells). */
export function goalBoard(rules: string, rows: number, cols: number): string {
  return formatBoard(goalCells(rules, rows, cols));
}

/**
 * The board and goal of each rule set or game and size, made once: the terminal UI asks on
 * every frame it draws, and a board is a puzzle with its key patterns.
 */
const playedCache: { [key: string]: { puzzle: Puzzle; goal: Uint8Array } } = {};

function played(rules: string, rows: number, cols: number): { puzzle: Puzzle; goal: Uint8Array } {
  const key = `${rules}|${rows}|${cols}`;
  let entry = playedCache[key];
  if (entry === undefined) {
    const game = gameSpec(rules);
    const own = game !== null && rows === cols;
    const puzzle = own ? gamePuzzle(game, rows, DEFAULT_CYCLE) : gridPuzzle({ rows, cols, pattern: "merlin" });
    entry = { puzzle, goal: own ? gameTarget(game, puzzle, DEFAULT_CYCLE) : namedTarget(puzzle, "ring") };
    playedCache[key] = entry;
  }
  return entry;
}

/** A goal board in words: "every pad lit but the centre", "… but the middle 4", "every pad dark". */
export function goalWords(goal: string, rows: number, cols: number): string {
  let dark = 0;
  for (const c of goal) if (c === "0") dark++;
  if (dark === goal.length) return "every pad dark";
  if (dark === 0) return "every pad lit";
  // blackwhite's goal: one colour on every second pad, the others dark.
  const first = goal[0];
  let chequered = first !== "0";
  for (let i = 0; i < goal.length && chequered; i++) {
    const even = (Math.floor(i / cols) + (i % cols)) % 2 === 0;
    chequered = goal[i] === (even ? first : "0");
  }
  if (chequered) return `a checkerboard: colour ${first} on the top-left pad and every second pad from it, the rest dark`;
  const centre = rows % 2 === 1 && cols % 2 === 1 && goal[(rows >> 1) * cols + (cols >> 1)] === "0";
  return dark === 1 && centre ? "every pad lit but the centre" : `every pad lit but the middle ${dark}`;
}

/** What a press does on the board of a rule set or game (playedPuzzle), in words. */
export function pressWords(rules: string, rows: number, cols: number): string {
  const p = playedPuzzle(rules, rows, cols);
  const k = p.states;
  const cycle: number[] = [];
  for (let c = 0; c <= k; c++) cycle.push(c % k);
  const change = (what: string) => (k > 2 ? `advances ${what} one colour (${cycle.join(" → ")})` : `toggles ${what}`);
  if (p.pattern === "merlin") {
    const edge = rows === 3 && cols === 3 ? "an edge pad its edge line, the centre the plus" : "an edge pad the 3 pads along its edge, any other pad its plus";
    return `A corner ${change("its 2×2 block")}, ${edge}.`;
  }
  if (p.pattern === "plus") return `A press ${change("the pad and its neighbours (the plus)")}.`;
  if (p.pattern === "intersections") {
    return `A pad ${change("its 2×2 block (the pad, the one to its right and the two below)")}; the pads of the last row and column are no keys.`;
  }
  return `A press ${change(`the pad's ${p.pattern} pattern`)}.`;
}

/** "1 move", "2 moves". */
export function plural(n: number, word: string, many = word + "s"): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** The rule set a game is played under: a rule set's own, or a game's (src/maths/games.ts: lightsout plays classic). */
export function ruleSet(name: string): RuleSet | undefined {
  const game = gameSpec(name);
  return game !== null ? RULE_SETS[game.rules] : RULE_SETS[ruleIndex(name)];
}

/**
 * The rule sets and games a board plays, in the order its RULES hold steps through them (the
 * rule sets, then `games`: the profile's, from the firmware build's toyGameSpecs): what the
 * menus and the help list. The next one is the firmware's to say (`Merlin.nextRules()`).
 */
export function toyRuleNames(games: readonly string[]): string[] {
  return RULE_NAMES.concat(games);
}

export type GameView = Pick<FirmwareState, "moves" | "status" | "reason" | "rules" | "seed" | "puzzle" | "par">;

/** "19/20" where the rules have a move limit, "7 (lost at 15)" under a par limit, else "7". */
export function movesCount(s: GameView): string {
  const rules = ruleSet(s.rules);
  if (rules && rules.moveLimit > 0) return `${s.moves}/${rules.moveLimit}`;
  if (rules && rules.overParLimit > 0) return `${s.moves} (lost at ${s.par + rules.overParLimit})`;
  return `${s.moves}`;
}

/** "moves 19/20" (see movesCount). */
export function movesText(s: GameView): string {
  return `moves ${movesCount(s)}`;
}

/** Score against par: "+2", "±0" (only meaningful once the game is won). */
export function scoreText(moves: number, par: number): string {
  const d = moves - par;
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : "±0";
}

/** "6" while playing; "6, score +1" after a win (moves over the fewest possible). */
export function parValue(s: GameView): string {
  return s.status === "won" ? `${s.par}, score ${scoreText(s.moves, s.par)}` : `${s.par}`;
}

/** "par 6" while playing; "par 6, score +1" after a win. */
export function parText(s: GameView): string {
  return `par ${parValue(s)}`;
}

/** Why a game was lost, in words (the wording every front end uses: basic-dialogue.ts). */
export function lossReason(s: GameView): string {
  return lossWords(s);
}

/** The status line: playing, won (moves, par, score) or lost (why), asleep. */
export function statusText(s: GameView & { asleep?: boolean }): string {
  if (s.asleep) return "asleep: press any pad to wake it";
  if (s.status === "won") return `WON in ${plural(s.moves, "move")} (par ${s.par}, score ${scoreText(s.moves, s.par)})`;
  if (s.status === "lost") return `LOST: ${lossReason(s)}`;
  return "playing";
}

/**
 * What a pad press does once the game is won or lost: nothing (the firmware answers "game
 * over") unless the rule set keeps keys live, so the front ends say what to do instead. "" while playing or asleep (a pad wakes it).
 */
export function gameOverText(s: { status: string; rules: string; asleep?: boolean }): string {
  if (s.asleep || (s.status !== "won" && s.status !== "lost")) return "";
  // The 1978 toy's keys stay live after the game ends (src/toy/rules.ts).
  if (ruleSet(s.rules)?.liveAfterEnd) return "";
  return `the game is ${s.status}: pads do nothing now — N new game, S same game`;
}

/** "3 games, 2 wins, best 5 moves" (best: fewest moves in a won game). */
export function statsText(st: ToyStats): string {
  const best = st.best > 0 ? `best ${plural(st.best, "move")}` : "no best yet";
  return `${plural(st.games, "game")}, ${plural(st.wins, "win")}, ${best}`;
}

/** "seed 7, puzzle 2": the two numbers that deal this puzzle again (merlin sim --seed 7 --puzzle 2). */
export function puzzleText(s: { seed: number; puzzle: number }): string {
  return `seed ${s.seed}, puzzle ${s.puzzle}`;
}

/** Which pad a digit key presses: source 002's layout (1 top-left, row-major) or a numeric keypad (7 8 9 on top). */
export function padForDigit(digit: number, rows: number, cols: number, keypad: boolean): number {
  if (!(digit >= 1 && digit <= 9)) return -1;
  if (!keypad) return digit <= rows * cols ? digit - 1 : -1;
  // The keypad's 3×3 block sits on the top-left 3×3 pads.
  const r = 2 - Math.floor((digit - 1) / 3);
  const c = (digit - 1) % 3;
  return r < rows && c < cols ? r * cols + c : -1;
}

/** The key label of every pad. */
export function padLabels(rows: number, cols: number, keypad: boolean): string[] {
  const labels = new Array<string>(rows * cols).fill("");
  for (let d = 1; d <= 9; d++) {
    const p = padForDigit(d, rows, cols, keypad);
    if (p >= 0) labels[p] = String(d);
  }
  return labels;
}

/**
 * The games a profile's toy plays, by their numbers on the 1978 toy (NEW GAME, then the number):
 * Magic Square, and those of the list of games (src/toy/games/index.ts) the profile carries.
 */
export function profileGames(profile: Pick<Profile, "games">): { name: string; number: number }[] {
  const games = GAME_MODULES.filter((m) => profile.games === undefined || profile.games.includes(m.name)).map((m) => ({ name: m.name, number: m.number }));
  games.push({ name: MAGIC_SQUARE, number: MAGIC_SQUARE_NUMBER });
  return games.sort((a, b) => a.number - b.number);
}

/** The names of profileGames, by number. */
export function profileGameNames(profile: Pick<Profile, "games">): string[] {
  return profileGames(profile).map((g) => g.name);
}

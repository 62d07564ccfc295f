/**
 * The toy's functions as direct actions for the front ends, through the firmware's console
 * API (global `Merlin`) exactly as its extra buttons and the REPL reach them — never a hold of
 * a pad in disguise: NEW GAME, SAME GAME, HIT ME and COMP TURN are `Merlin.press(pads + 1 … 4)`,
 * the others `Merlin.undo()`, `Merlin.goal()`, `Merlin.sleep()`, `Merlin.setRules()`,
 * `Merlin.mute()`. Each returns the line a player reads about what happened.
 * Platform-neutral: the terminal UI and the browser toy share it.
 */
import { BUTTON_LABEL } from "../../hardware/roles";
import type { SimSession } from "./session";
import { goalBoard, goalWords, nextRules, playedPuzzle, plural, pressedKey, puzzleText, ruleSet } from "./toy-info";

export const ACTIONS = ["newGame", "sameGame", "hitMe", "compTurn", "undo", "goal", "sleep", "rules", "mute"] as const;
export type ToyAction = (typeof ACTIONS)[number];

/** What the toy's buttons and functions are called (the four extra buttons: hardware/roles.ts). */
export const ACTION_LABELS: { [a in ToyAction]: string } = {
  ...BUTTON_LABEL,
  undo: "UNDO",
  goal: "GOAL",
  sleep: "SLEEP",
  rules: "RULES",
  mute: "MUTE",
};

/** How long the goal shows (the firmware's GOAL shows it for a second). */
export const GOAL_MS = 1000;

export interface ActionResult {
  message: string;
  /**
   * > 0 when the front end must show the goal itself for this long: the firmware has no
   * `Merlin.goal()` (older bundles), so the pads cannot show it.
   */
  showGoalMs: number;
}

/** Whether the firmware's console API has `Merlin.<name>`. */
export function hasApi(session: SimSession, name: string): boolean {
  return session.api<boolean>(`typeof Merlin[${JSON.stringify(name)}] === "function"`);
}

const BUTTON_OFFSET: { [a: string]: number } = { newGame: 1, sameGame: 2, hitMe: 3, compTurn: 4 };

/** Runs one action; errors from the firmware come back as the message. */
export function runAction(session: SimSession, action: ToyAction): ActionResult {
  const result = (message: string, showGoalMs = 0): ActionResult => ({ message, showGoalMs });
  try {
    const before = session.state();
    if (before.asleep && action !== "mute") {
      // Any key only wakes a sleeping toy; the console API does the same.
      session.api(`Merlin.press(${session.pads + 1})`);
      return result("woke the toy (the first key only wakes it)");
    }
    switch (action) {
      case "newGame":
      case "sameGame": {
        const after = session.api<{ seed: number; puzzle: number; rules: string; moves: number }>(
          `Merlin.press(${session.pads + BUTTON_OFFSET[action]})`,
        );
        const deals = action === "newGame" || ruleSet(after.rules)?.sameGameDeals;
        return result(`${deals ? "new game" : "same game, from the start"}: ${puzzleText(after)}`);
      }
      case "hitMe": {
        const key = session.api<number>("Merlin.hint()");
        if (key > 0) return result(`hint: press ${key}`);
        return result(before.status === "playing" ? "no hint: the board is already the goal" : `no hint: the game is ${before.status === "won" ? "won" : "lost"} — N new game, S same game`);
      }
      case "compTurn": {
        const after = session.api<{ board: string; moves: number }>(`Merlin.press(${session.pads + BUTTON_OFFSET.compTurn})`);
        // On the board of the rules played (a game's own: lightsout's plus, lightsout2000's colours).
        const key = pressedKey(playedPuzzle(before.rules, session.rows, session.cols), before.board, after.board);
        if (key >= 0) return result(`COMP TURN pressed ${key + 1}`);
        return result(before.status === "playing" ? "COMP TURN: nothing to press" : `COMP TURN: the game is ${before.status} — N new game, S same game`);
      }
      case "undo": {
        const after = session.api<{ moves: number }>("Merlin.undo()");
        if (after.moves < before.moves) return result(`undone: ${plural(after.moves, "move")} now`);
        // As HIT ME and COMP TURN say: a finished game takes no undo, a new or the same game starts again.
        return result(before.status === "playing" ? "nothing to undo" : `nothing to undo: the game is ${before.status} — N new game, S same game`);
      }
      case "goal": {
        const words = goalWords(goalBoard(before.rules, session.rows, session.cols), session.rows, session.cols);
        if (hasApi(session, "goal")) {
          session.api("Merlin.goal()");
          return result(`the goal, for a second: ${words}`);
        }
        return result(`the goal: ${words}`, GOAL_MS);
      }
      case "sleep":
        session.api("Merlin.sleep()");
        // The status line says it ("asleep: press any pad to wake it"); one line is enough.
        return result("");
      case "rules": {
        // The firmware's own cycle: the rule sets, then the board's games.
        const next = nextRules(before.rules, session.rules);
        session.api(`Merlin.setRules(${JSON.stringify(next)})`);
        return result(`rules: ${next}`);
      }
      case "mute":
        return result(session.api<boolean>(`Merlin.mute(${!before.muted})`) ? "muted" : "sound on");
    }
  } catch (e) {
    return result(`${ACTION_LABELS[action]}: ${(e as Error).message}`);
  }
  return result("");
}

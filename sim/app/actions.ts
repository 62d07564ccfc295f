/**
 * The toy's functions as direct actions for the front ends, through the firmware's console
 * API (global `Merlin`) exactly as its extra buttons and the REPL reach them — never a hold of
 * a pad in disguise: NEW GAME, SAME GAME, HIT ME and COMP TURN are `Merlin.press(pads + 1 … 4)`,
 * COMP TURN `Merlin.compTurn()` (which names the pad it pressed), the others `Merlin.undo()`,
 * `Merlin.redo()`, `Merlin.goal()`, `Merlin.sleep()`, `Merlin.nextRules()` (the RULES hold's
 * own cycle), `Merlin.mute()`. What a front end shows comes from the firmware's answers, never
 * from a second derivation here. Each returns the line a player reads about what happened.
 *
 * In Merlin's other games (not Magic Square) the four buttons are the game's keys: a key the
 * game takes says what it does there (game-words.ts; the status line says how the game then
 * stands), a key it refuses says the firmware's reason. GOAL and RULES are Magic Square's: there
 * they say so and change nothing. While NEW GAME waits for a game's number, only NEW GAME
 * (back to the game), mute and sleep act.
 * Platform-neutral: the terminal UI and the browser toy share it.
 */
import { BUTTON_LABEL } from "../../hardware/roles";
import type { FirmwareState, SimSession } from "./session";
import { goalBoard, goalWords, plural, puzzleText, ruleSet } from "./toy-info";
import { CHOOSE_WORDS, GAME_WORDS, type GameButton, gameStateWords, gameTitle, otherGame } from "./game-words";

export const ACTIONS = ["newGame", "sameGame", "hitMe", "compTurn", "undo", "redo", "goal", "sleep", "rules", "mute"] as const;
export type ToyAction = (typeof ACTIONS)[number];

/** What the toy's buttons and functions are called (the four extra buttons: hardware/roles.ts). */
export const ACTION_LABELS: { [a in ToyAction]: string } = {
  ...BUTTON_LABEL,
  undo: "UNDO",
  redo: "REDO",
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

/** The extra buttons are the keys after the pads: Merlin.press(pads + 1 … 4). */
const BUTTON_OFFSET: { [a: string]: number } = { newGame: 1, sameGame: 2, hitMe: 3, compTurn: 4 };

export { CHOOSE_WORDS };

/** What to do once the game is over, as HIT ME, COMP TURN, UNDO and REDO say it. */
function overWords(status: string): string {
  return `the game is ${status} — N new game, S same game`;
}

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
    if (before.choosing && action !== "newGame" && action !== "mute" && action !== "sleep") {
      // The toy waits for a game's number: the pads choose, NEW GAME goes back.
      return result(`${ACTION_LABELS[action]}: ${CHOOSE_WORDS}`);
    }
    if ((before.choosing || otherGame(before)) && action !== "mute" && action !== "sleep") return otherAction(session, action, before);
    switch (action) {
      case "newGame":
      case "sameGame": {
        const after = session.api<FirmwareState>(`Merlin.press(${session.pads + BUTTON_OFFSET[action]})`);
        // NEW GAME right after NEW GAME's deal chooses a game, as on the 1978 toy.
        if (after.choosing) return result(`${ACTION_LABELS[action]}: ${CHOOSE_WORDS}`);
        const deals = action === "newGame" || ruleSet(after.rules)?.sameGameDeals;
        return result(`${deals ? "new game" : "same game, from the start"}: ${puzzleText(after)}`);
      }
      case "hitMe": {
        const key = session.api<number>("Merlin.hint()");
        if (key > 0) return result(`hint: press ${key}`);
        return result(before.status === "playing" ? "no hint: the board is already the goal" : `no hint: ${overWords(before.status)}`);
      }
      case "compTurn": {
        // The firmware names the pad it pressed (0: none), as HIT ME does.
        const pad = session.api<number>("Merlin.compTurn()");
        if (pad > 0) return result(`COMP TURN pressed ${pad}`);
        return result(before.status === "playing" ? "COMP TURN: nothing to press" : `COMP TURN: ${overWords(before.status)}`);
      }
      case "undo": {
        const after = session.api<{ moves: number }>("Merlin.undo()");
        if (after.moves < before.moves) return result(`undone: ${plural(after.moves, "move")} now`);
        // As HIT ME and COMP TURN say: a finished game takes no undo, a new or the same game starts again.
        return result(before.status === "playing" ? "nothing to undo" : `nothing to undo: ${overWords(before.status)}`);
      }
      case "redo": {
        // What UNDO took back, played again; a new move since then leaves nothing to redo.
        const after = session.api<{ moves: number }>("Merlin.redo()");
        if (after.moves > before.moves) return result(`redone: ${plural(after.moves, "move")} now`);
        return result(before.status === "playing" ? "nothing to redo" : `nothing to redo: ${overWords(before.status)}`);
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
        // What holding pad 6 does: the firmware's own cycle (the rule sets, then the board's games).
        const after = session.api<{ rules: string }>("Merlin.nextRules()");
        return result(`rules: ${after.rules}`);
      }
      case "mute":
        return result(session.api<boolean>(`Merlin.mute(${!before.muted})`) ? "muted" : "sound on");
    }
  } catch (e) {
    return result(`${ACTION_LABELS[action]}: ${(e as Error).message}`);
  }
  return result("");
}

/**
 * An action in another of Merlin's games, or while NEW GAME waits for a game's number
 * (`before`: the state it found). The buttons are the game's keys; what the firmware refuses
 * comes back as its one line (the caller's catch); GOAL and RULES are Magic Square's.
 */
function otherAction(session: SimSession, action: ToyAction, before: FirmwareState): ActionResult {
  const result = (message: string): ActionResult => ({ message, showGoalMs: 0 });
  const label = ACTION_LABELS[action];
  const title = gameTitle(before.game ?? "");
  switch (action) {
    case "newGame":
    case "sameGame":
    case "hitMe":
    case "compTurn": {
      const after = session.api<FirmwareState>(`Merlin.press(${session.pads + BUTTON_OFFSET[action]})`);
      if (after.choosing) return result(`${label}: ${CHOOSE_WORDS}`);
      if (before.choosing) return result(`${label} again: back to ${gameTitle(after.game ?? "")}`);
      // Taken (a refusal throws): what the button does in this game; the status line says how it stands.
      const does = GAME_WORDS[after.game ?? ""]?.buttons[action as GameButton] ?? "";
      return result(does ? `${label} ${does}` : `${label}: ${gameStateWords(after)}`);
    }
    case "undo":
    case "redo": {
      // The game's own undo (snapshots), where it offers one; refused with its reason where not.
      const after = session.api<FirmwareState>(`Merlin.${action}()`);
      return result(`${action === "undo" ? "undone" : "redone"}: ${gameStateWords(after)}`);
    }
    case "goal":
      return result(`GOAL: ${title} has no goal to show — GOAL is Magic Square's (NEW GAME, then 5)`);
    case "rules":
      return result(`RULES: ${title} has no rule sets — they are Magic Square's (NEW GAME, then 5)`);
  }
  return result("");
}

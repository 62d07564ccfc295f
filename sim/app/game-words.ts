/**
 * What the front ends (the terminal UI, the browser toy) say about each of Merlin's six games,
 * in one table so that they say the same: its title as the 1978 toy's manual prints it, how it
 * is played, and what SAME GAME, HIT ME and COMP TURN do in it. The list of games is not here:
 * it is the firmware's (src/toy/games/index.ts and the mid-end's Magic Square); this table only
 * words each (test/sim-actions.test.ts checks it words every game of the list, and no other).
 * What a game is doing now comes from the firmware (`Merlin.state()`, the game's `describe()`),
 * worded by gameStateWords. Platform-neutral, and free of the games' code (the page loads it
 * before any game module).
 */
import { hasLight, layoutFor } from "../../src/toy/gamemodule";
import { MAGIC_SQUARE } from "../../src/toy/midend";
import type { FirmwareState } from "./session";

export { MAGIC_SQUARE };

/** The buttons whose meaning is the game's own (NEW GAME chooses a game in every game but Magic Square). */
export type GameButton = "sameGame" | "hitMe" | "compTurn";

export interface GameWords {
  /** The manual's title: "Blackjack 13". */
  title: string;
  /** How it is played, in a sentence or two (the help and the page's legend). */
  about: string;
  /**
   * What each button does in the game, as "HIT ME draws you a card" goes on; "" where the game
   * takes no such key (the firmware then refuses it and says why).
   */
  buttons: { [b in GameButton]: string };
}

export const GAME_WORDS: { [name: string]: GameWords } = {
  tictactoe: {
    title: "Tic-Tac-Toe",
    about: "Three in a row wins. Press a pad 1-9 for your mark (steady); Merlin answers with his (blinking). The level (merlin, perfect, two players) is the game's setting.",
    buttons: { sameGame: "clears the board", hitMe: "", compTurn: "lets Merlin move first" },
  },
  music: {
    title: "Music Machine",
    about: "Teach Merlin a tune of up to 48 notes: each pad of a light is a note as you press it, pad 0 (or HIT ME) a rest; COMP TURN plays the tune back.",
    buttons: { sameGame: "stops a playback, else starts a new tune", hitMe: "adds a rest", compTurn: "plays the tune back" },
  },
  echo: {
    title: "Echo",
    about: "Press a pad for the tune's length; Merlin plays that many notes, lighting their pads; play them back on the pads. Notes heard cannot be taken back: no undo.",
    buttons: { sameGame: "plays the same tune again", hitMe: "", compTurn: "plays a new tune of the same length" },
  },
  blackjack13: {
    title: "Blackjack 13",
    about: "Closest to 13 without going over wins. Your cards light steady, Merlin's blink; HIT ME draws you a card, COMP TURN stands and Merlin draws. Cards seen stay dealt: no undo.",
    buttons: { sameGame: "deals the next hand", hitMe: "draws you a card", compTurn: "stands: Merlin draws" },
  },
  magicsquare: {
    title: "Magic Square",
    about: "Bring the pads to the goal: each press toggles a pattern of pads. The rule sets (R) and Lights Out games are its.",
    buttons: { sameGame: "starts the puzzle again", hitMe: "shows the key to press", compTurn: "presses it" },
  },
  mindbender: {
    title: "Mindbender",
    about: "Press a pad for the secret number's length, then guess it one digit a pad: steady lights count digits in place, blinking ones digits elsewhere.",
    buttons: { sameGame: "thinks of a new number of the same length", hitMe: "", compTurn: "" },
  },
};

/** A game's title ("Blackjack 13"); a game the table does not word keeps its console name. */
export function gameTitle(name: string): string {
  return GAME_WORDS[name]?.title ?? name;
}

/** Whether state `s` (Merlin.state()) is of another of Merlin's games than Magic Square. */
export function otherGame(s: { game?: string }): boolean {
  return s.game !== undefined && s.game !== MAGIC_SQUARE;
}

/**
 * The pads' names in the other games: the light over each, "" for a pad with none (the games
 * are written in Merlin's lights 0 … 10; on a 4×4 or 5×5, 1 … 9 sit on a 3×3 block of it,
 * src/toy/gamemodule.ts layoutFor). NEW GAME's game numbers are on those lights too.
 */
export function lightLabels(rows: number, cols: number): string[] {
  const layout = layoutFor(rows, cols);
  const labels = new Array<string>(rows * cols).fill("");
  for (let n = 0; n <= 10; n++) if (hasLight(layout, n)) labels[layout.padOfLight[n]] = String(n);
  return labels;
}

/** "1 note", "3 notes". */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The game's own account of itself (Merlin.state().state, its describe()), in words. */
export function gameStateWords(s: FirmwareState): string {
  const g = (s.state ?? {}) as { [k: string]: any };
  const over = s.status !== "playing";
  switch (s.game) {
    case "tictactoe":
      return `level ${g.level}${over ? "" : g.turn === 1 ? ", your turn: press a pad" : ", Merlin's turn"}`;
    case "music":
      return g.playing ? `playing the tune back (${count(g.notes, "note")})` : `${count(g.notes, "note")} in the tune: pads play notes, COMP TURN plays it back`;
    case "echo":
      if (g.phase === "choose") return "press a pad for the tune's length";
      if (g.phase === "listen") return `listen: Merlin plays ${count(g.length, "note")}`;
      if (g.phase === "repeat") return `play it back: ${g.entered} of ${count(g.length, "note")}`;
      return `${g.right} of ${g.length} right — SAME GAME hears it again, COMP TURN a new tune`;
    case "blackjack13":
      return `you ${g.you}, Merlin ${g.merlin}${over ? " — SAME GAME deals the next hand" : ": HIT ME for a card, COMP TURN to stand"}; hands won ${g.wins}, lost ${g.losses}, drawn ${g.draws}`;
    case "mindbender":
      if (!g.length) return "press a pad for the number's length";
      return `${count(g.length, "digit")}, ${count(g.guesses, "guess", "guesses")}${g.guesses > 0 ? ` (last: ${g.right} in place, ${g.wrong} elsewhere)` : ""}${g.typed ? `, typed ${g.typed}` : ""}`;
  }
  return "";
}

const STATUS_WORDS: { [s: string]: string } = { won: "won", lost: "lost", draw: "a draw" };

/** "3 Echo": a game as NEW GAME's chooser takes it, by its number on the toy. */
export function gameLabel(game: { name: string; number: number }): string {
  return game.number > 0 ? `${game.number} ${gameTitle(game.name)}` : gameTitle(game.name);
}

/** While NEW GAME waits for a game's number: what to press (the games listed elsewhere). */
export const CHOOSE_WORDS = "choose a game: press its number, or NEW GAME to go back";

/** CHOOSE_WORDS with the games listed (`games`: the toy's, by number; none: as CHOOSE_WORDS). */
export function choosingText(games: { name: string; number: number }[]): string {
  return games.length > 0 ? `choose a game: press its number (${games.map(gameLabel).join(", ")}), or NEW GAME to go back` : CHOOSE_WORDS;
}

/**
 * The status line of a game other than Magic Square, named: "Echo: play it back: 2 of 4
 * notes", "Tic-Tac-Toe: won — level merlin"; asleep, and the choice of a game (`games`).
 */
export function otherStatusText(s: FirmwareState, games: { name: string; number: number }[]): string {
  if (s.asleep) return "asleep: press any pad to wake it";
  if (s.choosing) return choosingText(games);
  const status = STATUS_WORDS[s.status];
  const words = gameStateWords(s);
  return `${gameTitle(s.game!)}: ${status ? `${status}${words ? ` — ${words}` : ""}` : words}`;
}

/** "4 games: 2 won, 1 lost, 1 draw": the results of another of Merlin's games (Merlin.stats()). */
export function resultsText(r: { games?: number; wins?: number; losses?: number; draws?: number }): string {
  return `${count(r.games ?? 0, "game")}: ${r.wins ?? 0} won, ${r.losses ?? 0} lost, ${count(r.draws ?? 0, "draw")}`;
}

const BUTTON_LABELS: { [b in GameButton]: string } = { sameGame: "SAME GAME", hitMe: "HIT ME", compTurn: "COMP TURN" };

/** What the buttons do in `game`, one sentence: "SAME GAME clears the board; HIT ME is no key of Tic-Tac-Toe; …". */
export function buttonsText(game: string): string {
  const words = GAME_WORDS[game];
  const parts = (Object.keys(BUTTON_LABELS) as GameButton[]).map((b) => {
    const does = words?.buttons[b] ?? "";
    return does ? `${BUTTON_LABELS[b]} ${does}` : `${BUTTON_LABELS[b]} is no key of ${gameTitle(game)}`;
  });
  return `${parts.join("; ")}; NEW GAME chooses a game.`;
}

/** The help's lines about `game` (the page's "How to play"): how it is played and what its buttons do. */
export function gameHelpWords(game: string): string {
  return `${gameTitle(game)}: ${GAME_WORDS[game]?.about ?? ""} ${buttonsText(game)}`;
}

/**
 * The legend beside the toy in another game: how it is played, and which pads are keys
 * (`keys[i]`: pad i carries one of Merlin's lights, lightLabels), as the page's legend says it
 * for Magic Square's colours (palette.ts legendLines).
 */
export function gameLegendLines(game: string, keys: readonly boolean[]): [string, string] {
  const n = keys.filter((k) => k).length;
  const which = n === keys.length
    ? "Keys: every pad, numbered by Merlin's lights."
    : `Keys: the ${n} pads numbered by Merlin's lights; the ${keys.length - n} with a dashed edge are no keys.`;
  return [`${gameTitle(game)}: ${GAME_WORDS[game]?.about ?? ""}`, which];
}

/**
 * Merlin's six games as the page names them: the list (names and numbers on the toy) is the
 * firmware's own (src/toy/games/index.ts and the mid-end's Magic Square, built into
 * `merlin:profiles` as MERLIN_GAMES); what is here is only each game's title as the 1978 toy's
 * manual prints it, for people to read.
 */
import { MERLIN_GAMES } from "merlin:profiles";
import { MAGIC_SQUARE } from "../../../src/toy/midend";

export { MAGIC_SQUARE };

const TITLES: { [name: string]: string } = {
  tictactoe: "Tic-Tac-Toe",
  music: "Music Machine",
  echo: "Echo",
  blackjack13: "Blackjack 13",
  magicsquare: "Magic Square",
  mindbender: "Mindbender",
};

/** A game's title ("Blackjack 13"); a game the manual does not name keeps its console name. */
export function gameTitle(name: string): string {
  return TITLES[name] ?? name;
}

/** Merlin's games a profile's toy carries (its `games`, or all six), by their numbers on the toy. */
export function toyGames(carried: readonly string[] | undefined): { name: string; number: number }[] {
  return MERLIN_GAMES.filter((g) => g.name === MAGIC_SQUARE || carried === undefined || carried.includes(g.name));
}

/** A game's number on the toy (NEW GAME, then the number), 0 for none. */
export function gameNumber(name: string): number {
  return MERLIN_GAMES.find((m) => m.name === name)?.number ?? 0;
}

/** "3 Echo": the game as the menu lists it, by its number on the toy. */
export function gameLabel(name: string): string {
  const n = gameNumber(name);
  return n > 0 ? `${n} ${gameTitle(name)}` : gameTitle(name);
}

/** Whether state `s` (Merlin.state()) is of another of Merlin's games than Magic Square. */
export function otherGame(s: { game?: string }): boolean {
  return s.game !== undefined && s.game !== MAGIC_SQUARE;
}

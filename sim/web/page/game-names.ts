/**
 * Merlin's six games as the page names them: the list (names and numbers on the toy) is the
 * firmware's own (src/toy/games/index.ts and the mid-end's Magic Square, built into
 * `merlin:profiles` as MERLIN_GAMES); each game's title and words are the front ends' shared
 * table (sim/app/game-words.ts).
 */
import { MERLIN_GAMES } from "merlin:profiles";
import { gameLabel as labelOf, gameTitle, MAGIC_SQUARE, otherGame } from "../../app/game-words";

export { gameTitle, MAGIC_SQUARE, otherGame };

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
  return labelOf({ name, number: gameNumber(name) });
}

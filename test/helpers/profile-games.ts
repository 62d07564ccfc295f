/**
 * What a board profile's firmware plays, made on the host with the toy's own back-end classes:
 * the board's rule sets on its mask back-end (as firmware/build/build.ts configModule emits
 * its tables) and the games of the generated `merlin:games` module (gamesModule), each with
 * the back-end the toy makes for it.
 */
import { gamesModule } from "../../firmware/build/build";
import type { Profile } from "../../hardware/profile";
import { compileTables } from "../../src/maths/compile-tables";
import { gridPuzzle } from "../../src/maths/puzzle";
import { CellBackend } from "../../src/toy/cellgame";
import { LevelBackend } from "../../src/toy/levels";
import { MaskBackend } from "../../src/toy/maskgame";
import type { ToyGame } from "../../src/toy/games/magicsquare";

/** The back-end of the board's own rule sets (Merlin's patterns on its rows × cols pads). */
export function boardBackend(p: Profile): MaskBackend {
  return new MaskBackend(compileTables(gridPuzzle({ rows: p.rows, cols: p.cols, pattern: "merlin" })));
}

/** The games of profile `p` as the firmware lists them (GAMES), with the real back-end classes. */
export function profileGames(p: Profile): ToyGame[] {
  const prefix = "export const GAMES = ";
  const line = gamesModule(p)
    .split("\n")
    .find((l) => l.startsWith(prefix));
  if (line === undefined) throw new Error(`the games module of ${p.name} has no GAMES`);
  const make = new Function("CellBackend", "LevelBackend", "MaskBackend", "return " + line.slice(prefix.length, -1));
  return make(CellBackend, LevelBackend, MaskBackend) as ToyGame[];
}

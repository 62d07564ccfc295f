/**
 * What a board profile's firmware plays, made on the host with the toy's own back-end classes:
 * the board's rule sets on its mask back-end (as firmware/build/build.ts configModule emits
 * its tables) and its Lights Out games (build.ts lightsOutGames), each with the back-end its
 * Storage module makes on the toy.
 */
import { lightsOutGames } from "../../firmware/build/build";
import type { Profile } from "../../hardware/profile";
import { compileTables } from "../../src/maths/compile-tables";
import { gridPuzzle } from "../../src/maths/puzzle";
import type { Backend, Board } from "../../src/toy/backend";
import { CellBackend } from "../../src/toy/cellgame";
import { LevelBackend } from "../../src/toy/levels";
import { MaskBackend } from "../../src/toy/maskgame";
import type { ToyGame } from "../../src/toy/games/magicsquare";

/** The back-end of the board's own rule sets (Merlin's patterns on its rows × cols pads). */
export function boardBackend(p: Profile): MaskBackend {
  return new MaskBackend(compileTables(gridPuzzle({ rows: p.rows, cols: p.cols, pattern: "merlin" })));
}

/** A ToyGame made on the host: its back-end needs no toy. */
export type HostGame = ToyGame & { backend: () => Backend<Board> };

/** The games of profile `p` as the firmware has them, with the real back-end classes. */
export function profileGames(p: Profile): HostGame[] {
  return lightsOutGames(p).map((g) => {
    const make = new Function("CellBackend", "LevelBackend", "MaskBackend", "return new " + g.kind + "(" + g.args + ")");
    return {
      name: g.name,
      rules: g.rules,
      target: JSON.parse(g.target) as Board,
      backend: () => make(CellBackend, LevelBackend, MaskBackend) as Backend<Board>,
    };
  });
}

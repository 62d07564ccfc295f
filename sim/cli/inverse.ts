/**
 * `merlin inverse`: the inverse of a board's matrix, one row per key, the table sources 002
 * and 003 print for Merlin 3×3 (and the firmware's solver tables are built from).
 */
import { inputError } from "../../src/maths/puzzle";
import { analyze, inverse } from "../../src/maths/solver";
import { Command, commandValues, CommandIO } from "./command";
import { formatHelp, OptionSpec } from "../../tools/options";
import { BOARD_SHAPE_GROUP, digits, PUZZLE_OPTIONS, puzzleFromOptions } from "./puzzle-options";

const SPECS: OptionSpec[] = [{ name: "json", type: "flag", help: "print one JSON object (see below)" }, ...PUZZLE_OPTIONS];

const HELP = formatHelp({
  summary: "merlin inverse — the inverse of a board's matrix, one row per key (the table of sources 002 and 003)",
  usage: ["merlin inverse [--json] [board options]"],
  examples: [
    ["merlin inverse", "Merlin 3×3, as printed in sources 002 and 003"],
    ["merlin inverse --states 3", "the same board mod 3"],
    ["merlin inverse --json", "one string per key"],
  ],
  specs: SPECS,
  groups: [{ title: "Output", options: ["json"] }, BOARD_SHAPE_GROUP],
  sections: [
    [
      "Answer",
      `Row j of the inverse of the board's matrix A (cells × keys) mod K, dotted with the difference target − board (cell by cell, mod K), says how often to press key j; on/off: press key j when that dot product is odd. Boards up to 4096 cells (64×64). With --json: {"inverse":["101001110","111111000",…]}, one string per key (row-major cell digits). A matrix that is not invertible (not square, or singular mod K) prints {"inverse":null} with --json, and in either case one line on stderr; exit status 1.`,
    ],
  ],
});

/** The inverse is cells² digits: 64×64 (16 million digits) at most. */
const MAX_INVERSE_CELLS = 4096;

function run(argv: string[], io: CommandIO): number {
  const v = commandValues(argv, SPECS, "inverse", HELP, io);
  if (v === null) return 0;
  const p = puzzleFromOptions(v);
  if (p.cells > MAX_INVERSE_CELLS) {
    throw inputError(`inverse prints cells × keys digits: boards up to ${MAX_INVERSE_CELLS} cells (64×64), ${p.name} has ${p.cells}`);
  }
  const rows = inverse(p);
  if (rows === null) {
    const a = analyze(p);
    const why =
      p.keys !== p.cells
        ? `it has ${p.keys} keys for ${p.cells} cells`
        : a.rank !== null
          ? `its rank mod ${p.states} is ${a.rank} of ${p.keys}`
          : `it has ${a.quietCount} quiet patterns mod ${p.states}`;
    if (v.json) io.out(JSON.stringify({ inverse: null }) + "\n");
    io.err(`merlin inverse: ${p.name} has no inverse: ${why} ('merlin analyze --quiet' shows what is missing)\n`);
    return 1;
  }
  if (v.json) {
    io.out(JSON.stringify({ inverse: rows.map((r) => digits(r)) }) + "\n");
    return 0;
  }
  const field = p.states === 2 ? "GF(2)" : `Z${p.states}`;
  const lines = [
    `inverse of ${p.name} over ${field}: press key j ${p.states === 2 ? "when row j · (target − board) is odd" : `(row j · (target − board)) mod ${p.states} times`}`,
  ];
  const width = String(p.keys).length;
  rows.forEach((r, j) => {
    const groups: string[] = [];
    for (let i = 0; i < r.length; i += p.cols) groups.push(digits(r.subarray(i, i + p.cols)));
    lines.push(`  key ${String(j + 1).padStart(width)}: ${groups.join(" ")}`);
  });
  io.out(lines.join("\n") + "\n");
  return 0;
}

export const inverseCommand: Command = {
  name: "inverse",
  summary: "the inverse of a board's matrix, one row per key (sources 002/003)",
  help: HELP,
  run,
};

/**
 * `merlin analyze`: rank, nullity, invertibility and the number of solvable boards of a
 * puzzle, and on request its quiet patterns (press sets that change nothing). On/off plus
 * boards larger than the puzzle model's 128×128 are analysed from their size alone (large.ts).
 */
import { powerString } from "../../src/maths/bigcount";
import { isPrime } from "../../src/maths/zk";
import { inputError, MAX_GRID_SIDE } from "../../src/maths/puzzle";
import { analyze, Analysis } from "../../src/maths/solver";
import { Command, commandValues, CommandIO } from "./command";
import { MAX_ANALYZE_SIDE, MAX_EXACT_RANK, powerOfTwoText, runLargeAnalyze } from "./large";
import { formatHelp, OptionValues, OptionSpec } from "../../tools/options";
import { BOARD_SHAPE_GROUP, DEFAULT_SIZE, digits, gridLines, gridSizeOptions, isPlainPlusOptions, keyShape, PUZZLE_OPTIONS, puzzleFromOptions } from "./puzzle-options";

const SIZE_HELP: { [name: string]: string } = {
  size: `an N×N board, N = 1..${MAX_GRID_SIDE}; on/off plus boards up to ${MAX_ANALYZE_SIDE} (default ${DEFAULT_SIZE})`,
};

const SPECS: OptionSpec[] = [
  { name: "quiet", type: "flag", help: `also list a basis of the quiet patterns (press sets that change nothing; boards up to ${MAX_GRID_SIDE}×${MAX_GRID_SIDE})` },
  { name: "json", type: "flag", help: "print one JSON object (see below)" },
  ...PUZZLE_OPTIONS.map((o) => (SIZE_HELP[o.name] !== undefined ? { ...o, help: SIZE_HELP[o.name] } : o)),
];

const HELP = formatHelp({
  summary: "merlin analyze — the linear algebra of a board: rank, nullity, invertibility, solvable boards",
  usage: ["merlin analyze [--quiet] [--json] [board options]"],
  examples: [
    ["merlin analyze", "Merlin 3×3: invertible"],
    ["merlin analyze --pattern plus --size 5 --quiet", "Lights Out 5×5 and its two quiet patterns"],
    ["merlin analyze --states 5", "Merlin mod 5 (det A = 5: singular)"],
    ["merlin analyze --pattern plus --size 100000 --json", "a large plus board, from its size alone"],
  ],
  specs: SPECS,
  groups: [{ title: "Output", options: ["quiet", "json"] }, BOARD_SHAPE_GROUP],
  sections: [
    [
      "Answer",
      `A press adds a fixed pattern (mod K), so the boards reachable from any board form a coset of the image of the board's matrix A (cells × keys). With --json:
  {"rows":5,"cols":5,"states":2,"rank":23,"nullity":2,"invertible":false,"solvableStates":"8388608"}
rank: rank of A (over GF(K) for prime K); nullity: keys − rank, so K^nullity press sets change nothing; invertible: every board reaches every board in exactly one way; solvableStates: how many boards are reachable from any one board, a decimal string. For composite K (4, 6, 8, 9) rank and nullity are null and "quietOrders" lists the orders of the cyclic groups whose product is the set of quiet patterns (e.g. [2,4]). --quiet adds "quietOrders" and "quiet": one string of press counts per key (row-major) per generator.`,
    ],
    [
      "Large plus boards",
      `On/off plus boards (--pattern plus without --wrap or --states above 2) may be up to ${MAX_ANALYZE_SIDE} on a side: rank and nullity come from a polynomial gcd over the size alone (100 000×100 000 in well under a second). solvableStates (2^rank) is exact in decimal up to rank ${MAX_EXACT_RANK} and written "2^RANK" above that. --quiet is only for boards up to ${MAX_GRID_SIDE}×${MAX_GRID_SIDE}.`,
    ],
  ],
});

/** The --json object of analyze, in the documented key order. */
export function analysisJson(a: Analysis, withQuiet: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    rows: a.rows,
    cols: a.cols,
    states: a.states,
    rank: a.rank,
    nullity: a.nullity,
    invertible: a.invertible,
    solvableStates: a.solvableStates,
  };
  if (withQuiet || !isPrime(a.states)) out.quietOrders = a.quietOrders;
  if (withQuiet && a.quiet) out.quiet = a.quiet.map((g) => digits(g));
  return out;
}

function groupOrders(orders: number[]): string {
  if (orders.length === 0) return "none";
  const counts: { [o: string]: number } = {};
  for (const o of orders) counts[o] = (counts[o] ?? 0) + 1;
  return Object.keys(counts)
    .map((o) => (counts[o] === 1 ? `Z${o}` : `Z${o}^${counts[o]}`))
    .join(" × ");
}

/** An on/off plus board beyond the puzzle model: rank and nullity from its size alone. */
function runLarge(v: OptionValues, rows: number, cols: number, io: CommandIO): number {
  if (v.quiet === true) {
    throw inputError(`--quiet lists quiet patterns of boards up to ${MAX_GRID_SIDE}×${MAX_GRID_SIDE}; larger plus boards report rank and nullity only`);
  }
  for (const [name, n] of [["rows", rows], ["cols", cols]] as [string, number][]) {
    const option = v[name] !== undefined ? name : "size";
    if (!(n >= 1 && n <= MAX_ANALYZE_SIDE)) {
      throw inputError(`--${option} must be a whole number from 1 to ${MAX_ANALYZE_SIDE} for plus boards, got ${n}`);
    }
  }
  const a = runLargeAnalyze(rows, cols);
  if (v.json) {
    const out = {
      rows: a.rows,
      cols: a.cols,
      states: 2,
      rank: a.rank,
      nullity: a.nullity,
      invertible: a.invertible,
      solvableStates: powerOfTwoText(a.rank),
    };
    io.out(JSON.stringify(out) + "\n");
    return 0;
  }
  const cells = rows * cols;
  const name = `${v.pattern as string} ${rows === cols ? rows + "×" + rows : rows + "×" + cols}`;
  const lines = [
    `${name}: ${cells} keys, ${cells} cells, on/off (arithmetic in GF(2); rank from the board size by light chasing)`,
    `rank ${a.rank}, nullity ${a.nullity}: ${a.invertible ? "invertible" : "not invertible"}`,
    `reachable boards from any board: 2^${a.rank} of 2^${cells}`,
  ];
  if (a.invertible) lines.push("every board can be turned into every other board in exactly one way");
  else {
    const quiet = a.nullity <= 32 ? powerOfTwoText(a.nullity) : `2^${a.nullity}`;
    lines.push(`quiet patterns (press sets that change nothing): ${quiet} (${a.nullity === 1 ? "Z2" : "Z2^" + a.nullity})`);
    lines.push(`so every reachable target has ${quiet} solutions`);
  }
  io.out(lines.join("\n") + "\n");
  return 0;
}

function run(argv: string[], io: CommandIO): number {
  const v = commandValues(argv, SPECS, "analyze", HELP, io);
  if (v === null) return 0;
  if (isPlainPlusOptions(v)) {
    const size = gridSizeOptions(v);
    const rows = size.rows ?? DEFAULT_SIZE;
    const cols = size.cols ?? DEFAULT_SIZE;
    if (rows > MAX_GRID_SIDE || cols > MAX_GRID_SIDE) return runLarge(v, rows, cols, io);
  }
  const p = puzzleFromOptions(v);
  const quiet = v.quiet === true;
  const a = analyze(p, { quiet });
  if (v.json) {
    io.out(JSON.stringify(analysisJson(a, quiet)) + "\n");
    return 0;
  }
  const field = p.states === 2 ? "GF(2)" : `Z${p.states}`;
  const lines = [`${p.name}: ${p.keys} keys, ${p.cells} cells, ${p.states === 2 ? "on/off" : p.states + " states"} (arithmetic in ${field})`];
  if (a.rank !== null) {
    lines.push(`rank ${a.rank}, nullity ${a.nullity}: ${a.invertible ? "invertible" : "not invertible"}`);
  } else {
    lines.push(`${a.invertible ? "invertible" : "not invertible"} (rank is not defined mod ${p.states}, which is not prime)`);
  }
  const total = powerString(p.states, p.cells);
  lines.push(`reachable boards from any board: ${a.solvableStates} of ${total}`);
  if (a.invertible) lines.push("every board can be turned into every other board in exactly one way");
  else {
    lines.push(`quiet patterns (press sets that change nothing): ${a.quietCount} (${groupOrders(a.quietOrders)})`);
    if (a.solvableStates !== "0" && a.quietCount !== "1") lines.push(`so every reachable target has ${a.quietCount} solutions`);
  }
  if (quiet && a.quiet) {
    const ks = keyShape(p);
    a.quiet.forEach((g, i) => {
      lines.push(`quiet pattern ${i + 1} (order ${a.quietOrders[i]}): ${digits(g)}`);
      if (ks.rows > 1) for (const l of gridLines(g, ks.rows, ks.cols, false)) lines.push("  " + l);
    });
  }
  io.out(lines.join("\n") + "\n");
  return 0;
}

export const analyzeCommand: Command = {
  name: "analyze",
  summary: "rank, nullity, invertibility and number of solvable boards of a board",
  help: HELP,
  run,
};

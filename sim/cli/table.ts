/**
 * `merlin table`: rank, nullity and invertibility of N×N boards for a range of N — source
 * 000's table for the plus pattern (singular for N = 4, 5, 9, 11, 14, 16, 17, 19, 23, 24,
 * 29, 30 in 2..30).
 */
import { namedTarget } from "../../src/maths/boardstate";
import { litBoard } from "../../src/maths/chase";
import { analyzePlusGrid, solvePlusGrid } from "../../src/maths/gridsolve";
import { inputError, MAX_GRID_SIDE } from "../../src/maths/puzzle";
import { analyze, solve } from "../../src/maths/solver";
import { isPrime } from "../../src/maths/zk";
import { Command, commandValues, CommandIO } from "./command";
import { formatHelp, OptionSpec, parseRange } from "../../tools/options";
import { isPlainPlusOptions, MAX_STATES_SIDE, PUZZLE_OPTIONS, puzzleFromOptions } from "./puzzle-options";

/** On/off plus boards (no --wrap, --states 2) go up to this side, by light chasing beyond MAX_GRID_SIDE. */
const MAX_PLUS_SIDE = 1000;

const SHARED = ["pattern", "wrap", "states", "intersections"];
const DEFAULT_SIZES = "2-30";

const SPECS: OptionSpec[] = [
  {
    name: "sizes",
    type: "string",
    arg: "FROM-TO",
    help: `board sides N (N×N boards), a range or one number, 1..${MAX_GRID_SIDE}; on/off plus boards up to ${MAX_PLUS_SIDE} (default ${DEFAULT_SIZES})`,
  },
  { name: "minimum", type: "flag", help: "add the fewest presses that turn the all-lit board dark (see below)" },
  { name: "json", type: "flag", help: "print a JSON array (see below)" },
  ...PUZZLE_OPTIONS.filter((s) => SHARED.indexOf(s.name) >= 0).map((s) =>
    s.name === "intersections" ? { ...s, help: "boards of N×N cells with (N-1)² keys on the inner corners, each changing its 2×2 block" } : s,
  ),
];

const HELP = formatHelp({
  summary: "merlin table — rank, nullity and invertibility of N×N boards for every N in a range",
  usage: ["merlin table [--sizes FROM-TO] [--minimum] [--json] [options]"],
  examples: [
    ["merlin table --pattern plus", "source 000's table, N = 2..30"],
    ["merlin table --pattern left-right --sizes 2-12", "singular exactly when N ≡ 2 (mod 3)"],
    ["merlin table --pattern plus --sizes 2-40 --minimum", "the fewest presses for all lit (A075464)"],
    ["merlin table --pattern plus --sizes 60-100 --minimum", "plus boards (beyond 128 by light chasing)"],
    ["merlin table --pattern plus --sizes 2-10 --json", "one object per size"],
  ],
  specs: SPECS,
  groups: [
    { title: "Sizes and output", options: ["sizes", "minimum", "json"] },
    { title: "Board shape", options: SHARED },
  ],
  sections: [
    [
      "Answer",
      `With --json, an array with one object per size:
  [{"size":2,"rank":4,"nullity":0,"invertible":true},…]
For composite --states (4, 6, 8, 9) rank and nullity are null and each object adds "quietOrders" (see 'merlin analyze --help').

--minimum adds the fewest presses that turn the all-lit board all dark (for the plus pattern the sequence OEIS A075464), as 'merlin solve --from lit --target dark' finds them: "minimum" (null when all dark cannot be reached) and "method" (unique, exact, heuristic or unsolvable; see 'merlin solve --help'). In the table a heuristic minimum (the fewest found, not proven) is marked with '?'. Each size takes up to about 10 s.`,
    ],
  ],
});

function run(argv: string[], io: CommandIO): number {
  const v = commandValues(argv, SPECS, "table", HELP, io);
  if (v === null) return 0;
  const [lo, hi] = parseRange((v.sizes as string | undefined) ?? DEFAULT_SIZES, "--sizes");
  const plus = isPlainPlusOptions(v);
  const most = plus ? MAX_PLUS_SIDE : MAX_GRID_SIDE;
  if (lo < 1 || hi > most) throw inputError(`--sizes must lie within 1-${most}${plus ? " for on/off plus boards" : ""}, got '${v.sizes}'`);
  const states = v.states as number | undefined;
  if (states !== undefined && states > 2 && hi > MAX_STATES_SIDE) {
    throw inputError(`--sizes must lie within 1-${MAX_STATES_SIDE} with --states ${states}, got '${v.sizes}'`);
  }
  if (v.intersections && lo < 2) throw inputError("--intersections needs sizes of 2 or more");
  const rows: Record<string, unknown>[] = [];
  let name = "";
  for (let n = lo; n <= hi; n++) {
    if (n > MAX_GRID_SIDE) {
      // Beyond the grids the general solver builds: the plus board's polynomials and light chasing.
      if (name === "") name = `${v.pattern} N×N`;
      const a = analyzePlusGrid(n, n);
      const row: Record<string, unknown> = { size: n, rank: a.rank, nullity: a.nullity, invertible: a.invertible };
      if (v.minimum) {
        const s = solvePlusGrid(litBoard(n, n), "dark");
        row.minimum = s.solvable ? s.moves : null;
        row.method = s.method;
      }
      if (!v.json) row.keys = n * n;
      rows.push(row);
      continue;
    }
    const p = puzzleFromOptions(Object.assign({}, v, { size: n }));
    if (name === "") name = p.name.replace(/ \d+×\d+/, " N×N");
    const a = analyze(p);
    const row: Record<string, unknown> = { size: n, rank: a.rank, nullity: a.nullity, invertible: a.invertible };
    if (!isPrime(p.states)) row.quietOrders = a.quietOrders;
    if (v.minimum) {
      const s = solve(p, namedTarget(p, "lit"), namedTarget(p, "dark"), { order: false });
      row.minimum = s.solvable ? s.moves : null;
      row.method = s.method;
    }
    if (!v.json) row.keys = p.keys;
    rows.push(row);
  }
  if (v.json) {
    io.out(JSON.stringify(rows) + "\n");
    return 0;
  }
  const composite = !isPrime((v.states as number | undefined) ?? 2);
  const head = composite ? " size  keys  invertible  quiet patterns" : " size  keys  rank  nullity  invertible";
  const lines = [name, head + (v.minimum ? "  minimum" : "")];
  let unproven = false;
  for (const r of rows) {
    const yes = r.invertible ? "yes" : "no";
    let line: string;
    if (composite) {
      const q = r.quietOrders as number[];
      line = `${String(r.size).padStart(5)}${String(r.keys).padStart(6)}  ${yes.padEnd(10)}  ${(q.length === 0 ? "-" : q.join("×")).padEnd(14)}`;
    } else {
      line = `${String(r.size).padStart(5)}${String(r.keys).padStart(6)}${String(r.rank).padStart(6)}${String(r.nullity).padStart(9)}  ${yes.padEnd(10)}`;
    }
    if (v.minimum) {
      const guess = r.method === "heuristic";
      if (guess) unproven = true;
      line += `${(r.minimum === null ? "-" : String(r.minimum) + (guess ? "?" : " ")).padStart(9)}`;
    }
    lines.push(line.trimEnd());
  }
  if (unproven) lines.push("? the fewest found, not proven: the search did not finish within its budget");
  io.out(lines.join("\n") + "\n");
  return 0;
}

export const tableCommand: Command = {
  name: "table",
  summary: "rank, nullity and invertibility of N×N boards for a range of N",
  help: HELP,
  run,
};

/**
 * `merlin solve`: the presses that turn one board into another, the fewest when they can
 * be searched, in an order that never darkens the whole board on the way. Large on/off
 * plus boards come from and go to files (--from-file, --all-lit, --to-file, --out) and are
 * solved packed end to end by large.ts.
 */
import { powerString } from "../../src/maths/bigcount";
import { namedTarget, TARGET_NAMES } from "../../src/maths/boardstate";
import { inputError, MAX_GRID_SIDE } from "../../src/maths/puzzle";
import { TRANSFORM_BITS } from "../../src/maths/minweight";
import { analyze, solve } from "../../src/maths/solver";
import { Command, commandValues, CommandIO } from "./command";
import { MAX_SOLVE_CELLS, runLargeSolve, summaryJson, summaryText } from "./large";
import { formatHelp, OptionValues, OptionSpec } from "../../tools/options";
import {
  BOARD_SHAPE_GROUP,
  boardOption,
  digits,
  gridLines,
  gridSizeOptions,
  isPlainPlusOptions,
  keyShape,
  PUZZLE_OPTIONS,
  puzzleFromOptions,
  sideBySide,
} from "./puzzle-options";

/** Largest N for --size N with --from-file/--all-lit: N² ≤ MAX_SOLVE_CELLS. */
const MAX_LARGE_SIDE = Math.floor(Math.sqrt(MAX_SOLVE_CELLS));

const LARGE_OPTIONS = ["from-file", "all-lit", "to-file", "out"];

const SIZE_HELP: { [name: string]: string } = {
  size: `an N×N board, N = 1..${MAX_GRID_SIDE}; large plus boards up to ${MAX_LARGE_SIDE} (default 3; a file's own)`,
  rows: "rows of an R×C board (default: the size, or the file's)",
  cols: "columns of an R×C board (default: the size, or the file's)",
};

const SPECS: OptionSpec[] = [
  { name: "from", type: "string", arg: "BOARD", help: "the board to start from: digits (1 = lit) or ring, lit, dark; required but with the files", excludes: ["from-file", "all-lit"] },
  { name: "to", type: "string", arg: "BOARD", help: "the board to reach, like --from", excludes: ["target", "to-file"] },
  { name: "target", type: "string", arg: "NAME", help: "a named board to reach: ring, lit or dark (default ring; large boards dark)" },
  { name: "from-file", type: "string", arg: "FILE", help: "the start board from FILE, one line of 0/1 per row", excludes: ["all-lit"] },
  { name: "all-lit", type: "flag", help: "start from every cell lit (needs --size N, or --rows R --cols C)" },
  { name: "to-file", type: "string", arg: "FILE", help: "the board to reach from FILE (default: all dark)", excludes: ["target"] },
  { name: "out", type: "string", arg: "FILE", help: "write the presses to FILE, one line of 0/1 per row (1 = press)" },
  { name: "json", type: "flag", help: "print one JSON object (see Answer below)" },
  ...PUZZLE_OPTIONS.map((o) => (SIZE_HELP[o.name] !== undefined ? { ...o, help: SIZE_HELP[o.name] } : o)),
];

const HELP = formatHelp({
  summary: "merlin solve — the keys that turn a board into a target: the fewest presses, in a safe order",
  usage: ["merlin solve --from BOARD [--to BOARD | --target ring|lit|dark] [options]", "merlin solve --pattern plus (--from-file FILE | --size N --all-lit) [--to-file FILE] [--out FILE]"],
  examples: [
    ["merlin solve --from 010110101 --to 111101111", "source 003's worked example"],
    ["merlin solve --from dark", "all dark to the ring of 8"],
    ["merlin solve --pattern plus --size 5 --from lit --target dark", "Lights Out 5×5, all lit to dark"],
    ["merlin solve --pattern plus --size 2000 --from-file board.txt --out presses.txt", "a large board from a file"],
    ["merlin solve --from 010110101 --json", ""],
    ["merlin solve --pattern plus --size 100 --all-lit --json", ""],
  ],
  specs: SPECS,
  groups: [
    { title: "Boards", options: ["from", "to", "target"] },
    { title: "Large plus boards, from and to files", options: ["from-file", "all-lit", "to-file", "out"] },
    { title: "Output", options: ["json"] },
    BOARD_SHAPE_GROUP,
  ],
  sections: [
    [
      "Answer",
      `Boards are row-major digits, '/' may separate rows (010/110/101); keys are numbered from 1, row-major. With --json:
  {"solvable":true,"presses":[3,4,5,8,9],"moves":5,"minimal":true,"order":[4,8,3,9,5],"method":"unique"}
minimal: no solution has fewer presses (proven); order: a safe press order, or null; method: unique, exact, heuristic (the search did not finish: not proven) or unsolvable. Exit status 0 whether or not the target can be reached, 2 for bad input.`,
    ],
    ["More", "A safe order never darkens the whole board before the end (the BASIC game is lost on an all-dark board). docs/cli.md: every JSON field (k-state and large boards), the board-file format, and how far the fewest presses are proven."],
  ],
});

function given(v: OptionValues, name: string): boolean {
  return v[name] !== undefined;
}

/** --from-file / --all-lit: a large on/off plus board, packed end to end (large.ts). */
function runLarge(v: OptionValues, io: CommandIO): number {
  if (!isPlainPlusOptions(v)) {
    throw inputError(
      "--from-file and --all-lit solve on/off plus boards only: give --pattern plus, without --wrap, --states above 2, --graph, --box or --intersections",
    );
  }
  if (given(v, "to")) throw inputError("--to takes a board of digits: with --from-file or --all-lit use --to-file FILE or --target dark|lit");
  const target = v.target as string | undefined;
  if (target !== undefined && target !== "dark" && target !== "lit") {
    throw inputError(`--target with --from-file or --all-lit must be dark or lit, got '${target}' (use --to-file FILE for any other board)`);
  }
  if (given(v, "size") && !((v.size as number) >= 1 && (v.size as number) <= MAX_LARGE_SIDE)) {
    throw inputError(`--size must be a whole number from 1 to ${MAX_LARGE_SIDE} with --from-file or --all-lit, got ${v.size}`);
  }
  for (const name of ["rows", "cols"]) {
    const n = v[name] as number | undefined;
    if (n !== undefined && !(n >= 1 && n <= MAX_SOLVE_CELLS)) {
      throw inputError(`--${name} must be a whole number from 1 to ${MAX_SOLVE_CELLS} with --from-file or --all-lit, got ${n}`);
    }
  }
  const size = gridSizeOptions(v);
  const out = v.out as string | undefined;
  const r = runLargeSolve({
    rows: size.rows,
    cols: size.cols,
    fromFile: v["from-file"] as string | undefined,
    allLit: v["all-lit"] === true,
    target: target,
    toFile: v["to-file"] as string | undefined,
    out: out,
  });
  io.out((v.json ? summaryJson(r.summary) : summaryText(r.summary, out)) + "\n");
  return 0;
}

function run(argv: string[], io: CommandIO): number {
  const v = commandValues(argv, SPECS, "solve", HELP, io);
  if (v === null) return 0;
  if (given(v, "from-file") || v["all-lit"] === true) return runLarge(v, io);
  for (const name of LARGE_OPTIONS) {
    if (given(v, name)) throw inputError(`--${name} works only with --from-file FILE or --all-lit (large plus boards)`);
  }
  const size = gridSizeOptions(v);
  if (isPlainPlusOptions(v) && ((size.rows ?? 0) > MAX_GRID_SIDE || (size.cols ?? 0) > MAX_GRID_SIDE)) {
    throw inputError(
      `--from takes boards up to ${MAX_GRID_SIDE}×${MAX_GRID_SIDE}: give a larger plus board with --from-file FILE or --all-lit (see 'merlin solve --help')`,
    );
  }
  const p = puzzleFromOptions(v);
  if (v.from === undefined) throw inputError("--from BOARD is required: the board to start from, e.g. --from 010110101, or ring, lit, dark");
  const from = boardOption(p, v.from as string, "--from");
  let to: Uint8Array;
  if (v.to !== undefined) to = boardOption(p, v.to as string, "--to");
  else {
    const name = v.target === undefined ? "ring" : (v.target as string);
    if (TARGET_NAMES.indexOf(name) < 0) {
      throw inputError(`--target must be one of ${TARGET_NAMES.join(", ")}, got '${name}' (use --to for an explicit board)`);
    }
    to = namedTarget(p, name);
  }
  const s = solve(p, from, to);
  const multi = p.states > 2;

  if (v.json) {
    const out: Record<string, unknown> = { solvable: s.solvable, presses: s.presses };
    if (multi) out.counts = s.solvable ? Array.prototype.slice.call(s.counts) : [];
    out.moves = s.moves;
    out.minimal = s.minimal;
    out.order = s.order;
    out.method = s.method;
    io.out(JSON.stringify(out) + "\n");
    return 0;
  }

  const lines: string[] = [`${p.name}: ${digits(from)} → ${digits(to)}`];
  const onOff = !multi;
  const ks = keyShape(p);
  const blocks = [
    { title: "from", lines: gridLines(from, p.rows, p.cols, onOff) },
    { title: "to", lines: gridLines(to, p.rows, p.cols, onOff) },
  ];
  if (s.solvable) blocks.push({ title: multi ? "presses" : "press", lines: gridLines(s.counts, ks.rows, ks.cols, false) });
  lines.push(...sideBySide(blocks));
  if (!s.solvable) {
    const a = analyze(p);
    lines.push(
      `No solution: the target cannot be reached from this board. On ${p.name} only ${a.solvableStates} of the ${powerString(p.states, p.cells)} boards can be reached from any one board ('merlin analyze' says more).`,
    );
  } else if (s.moves === 0) {
    lines.push("Nothing to press: the board is already the target.");
  } else {
    const what = s.moves === 1 ? "1 press" : `${s.moves} presses`;
    const quality = s.minimal
      ? "the fewest possible"
      : s.method === "heuristic"
        ? "the fewest found, not proven: the search did not finish within its budget"
        : "not minimised";
    if (s.order !== null) {
      lines.push(`Press ${s.order.join(" ")}  (${what}, ${quality})`);
      lines.push("In this order the board never goes all dark on the way.");
    } else {
      const keys: number[] = [];
      for (let j = 0; j < p.keys; j++) for (let c = 0; c < s.counts[j]; c++) keys.push(j + 1);
      lines.push(`Press ${keys.join(" ")}  (${what}, ${quality})`);
      lines.push("Every order of these presses passes through the all-dark board.");
    }
  }
  io.out(lines.join("\n") + "\n");
  return 0;
}

export const solveCommand: Command = {
  name: "solve",
  summary: "the keys to press to reach a target board, fewest first, in a safe order",
  help: HELP,
  run,
};

/**
 * `merlin solve`: the presses that turn one board into another, the fewest when they can
 * be searched, in an order that never darkens the whole board on the way. Large on/off
 * plus boards come from and go to files (--from-file, --all-lit, --to-file, --out) and are
 * solved packed end to end by large.ts.
 */
import { powerString } from "../../src/bigcount";
import { namedTarget, TARGET_NAMES } from "../../src/boardstate";
import { inputError, MAX_GRID_SIDE } from "../../src/puzzle";
import { MAX_CLASS_WORDS } from "../../src/gridsolve";
import { LARGE_TRANSFORM_BITS, TRANSFORM_BITS } from "../../src/minweight";
import { analyze, solve } from "../../src/solver";
import { Command, commandValues, CommandIO } from "./command";
import { MAX_SOLVE_CELLS, runLargeSolve, summaryJson, summaryText } from "./large";
import { OptionValues, optionHelp, OptionSpec } from "../../tools/options";
import {
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
  size: `an N×N board, N = 1..${MAX_GRID_SIDE}; with --from-file or --all-lit up to ${MAX_LARGE_SIDE} (default 3; a --from-file board's own size)`,
  rows: "rows of an R×C board (default: the size; with --from-file, the file's)",
  cols: "columns of an R×C board (default: the size; with --from-file, the file's)",
};

const SPECS: OptionSpec[] = [
  { name: "from", type: "string", arg: "BOARD", help: "the board to start from: digits, row-major (1 = lit), or ring, lit, dark (required unless --from-file or --all-lit)", excludes: ["from-file", "all-lit"] },
  { name: "to", type: "string", arg: "BOARD", help: "the board to reach, like --from", excludes: ["target", "to-file"] },
  { name: "target", type: "string", arg: "NAME", help: "a named board to reach instead of --to: ring, lit or dark (default ring; dark with --from-file/--all-lit)" },
  { name: "from-file", type: "string", arg: "FILE", help: "large plus boards: the start board from a file, one line of 0/1 per row (see below)", excludes: ["all-lit"] },
  { name: "all-lit", type: "flag", help: "large plus boards: start from every cell lit (needs --size N or --rows R --cols C)" },
  { name: "to-file", type: "string", arg: "FILE", help: "large plus boards: the board to reach from a file (default: --target dark)", excludes: ["target"] },
  { name: "out", type: "string", arg: "FILE", help: "large plus boards: write the presses to FILE, one line of 0/1 per row (1 = press)" },
  { name: "json", type: "flag", help: "print one JSON object (see below)" },
  ...PUZZLE_OPTIONS.map((o) => (SIZE_HELP[o.name] !== undefined ? { ...o, help: SIZE_HELP[o.name] } : o)),
];

const HELP = `usage: merlin solve --from BOARD [--to BOARD | --target ring|lit|dark] [options]
       merlin solve --pattern plus [--size N] --from-file FILE [--to-file FILE | --target dark|lit] [--out FILE] [--json]
       merlin solve --pattern plus --size N --all-lit [--to-file FILE | --target dark|lit] [--out FILE] [--json]

Finds the keys to press to turn BOARD into the target: the fewest presses, proven when the
search over all solutions finishes (see "Fewest presses" below), and a press order in which
the board never goes all dark before the end (the BASIC game is lost on an all-dark board).

options:
${optionHelp(SPECS)}

Boards are row-major digit strings, '/' may separate rows (3×3: 010/110/101). Keys are
numbered from 1, row-major. With --json the answer is
  {"solvable":true,"presses":[3,4,5,8,9],"moves":5,"minimal":true,"order":[4,8,3,9,5],"method":"unique"}
presses: the keys pressed (ascending); moves: the number of presses; minimal: no solution
has fewer (proven); order: the keys in a safe press order (null if every order passes
through the all-dark board); method: how the presses were chosen (below). Boards with
--states above 2 add "counts" (presses per key) after "presses", and "order" repeats a key
as often as it is pressed. An unreachable target gives
{"solvable":false,"presses":[],"moves":0,"minimal":false,"order":null,"method":"unsolvable"}
(and "counts":[]). Exit status 0 whether or not the target is reachable, 2 for bad input.

Fewest presses. A board of nullity N has 2^N solutions (k^N with --states K) that differ
by quiet patterns, press sets that change nothing. method is "unique" when N = 0, "exact"
when every solution was searched and the fewest is proven (minimal true), "heuristic" when
the search did not finish: the fewest it found, not proven (minimal false). On/off boards
are exact up to N = ${TRANSFORM_BITS} always (one Walsh–Hadamard transform over the 2^N solutions;
up to N = ${LARGE_TRANSFORM_BITS} when the cells fall into 4096 classes or more),
boards whose quiet patterns split into independent parts (x boards: the two colours of a
checkerboard) part by part, and above that whenever a branch and bound finishes within its
work budget (the same on every machine; 4–6 s on the README's, shared): for example,
every plus n×n up to 100 of N ≤ 32, all lit or from random starts (39×39 and 67×67:
N = 32; all lit to all dark 561 and 2015 presses), x 39×39 (N = 32), x torus 40×40
(N = 64), king 20×20 and 32×32 (N = 39, 63). Plus boards of N above 32 (83×71: N = 34;
61×61, 65×65, 79×79, 95×95: N = 40–64; tori from 31×31) are answered heuristically (a local
search started from the fewest presses among the solutions a mirror, turn or shift of the
grid leaves unchanged; 'merlin table --minimum' shows which). With --states above 2 every solution is
searched up to 2^24 of them. Grids of every pattern go up to 128×128 (banded
elimination, about 0.1 s; k-state boards up to 64×64); at 128 a side x, king and merlin
boards of N = 54–255 and tori of N ≥ 100 are answered heuristically within 10 s.

Large plus boards. --from-file and --all-lit solve on/off plus boards (--pattern plus or
the mask 010/111/010, without --wrap or --states above 2) of up to ${MAX_SOLVE_CELLS} cells
(${MAX_LARGE_SIDE}×${MAX_LARGE_SIDE}) by light chasing on bit-packed rows, never building a
list of cells. A board file has one line per board row, one digit per cell (1 = lit, 0 = dark),
every line the same length, LF or CRLF line ends; up to 16 empty lines after the last row
are ignored. The start file decides the board's size: --size N, --rows R and --cols C may be
left out, and each one given must match the file. Files are checked as they are read:
reading stops at the first wrong byte, the first row of another length, or once the file
has more rows or columns than the size given (or ${MAX_SOLVE_CELLS} cells) allows. The target is all dark unless --target lit or --to-file
FILE (same format, same size) says otherwise. The presses found are replayed on the start
board before anything is reported; --out FILE writes them in the board format (1 = press
that cell once; nothing is written when the target cannot be reached). Without --json a
summary is printed; with --json:
  {"solvable":true,"moves":5320,"nullity":0,"minimal":true,"timings":{"readMs":0.2,"solveMs":1.4,"verifyMs":0.1,"writeMs":0.9},"rows":100,"cols":100,"method":"unique","verified":true}
moves: the number of presses (null when the target cannot be reached); nullity: 2^nullity
press sets change nothing, so a reachable target has 2^nullity solutions; minimal: no
solution has fewer presses (proven); timings: milliseconds to read (or build) the boards,
to solve, to verify and to write the presses (writeMs only with --out); method: unique
(nullity 0), exact, heuristic (as under "Fewest presses"; when cells × ⌈nullity/32⌉ is
above ${MAX_CLASS_WORDS}, only the first quiet patterns that fit are searched, heuristic) or
unsolvable; verified: the presses reach the target.

examples:
  merlin solve --from 010110101 --to 111101111       source 003's worked example
  merlin solve --from dark                           all dark to the ring of 8
  merlin solve --pattern plus --size 5 --from lit --target dark
  merlin solve --pattern plus --size 2000 --from-file board.txt --out presses.txt
  merlin solve --pattern plus --size 100 --all-lit --json`;

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

/**
 * `merlin solve`: the presses that turn one board into another, the fewest when they can
 * be searched, in an order that never darkens the whole board on the way.
 */
import { powerString } from "../../src/bigcount";
import { namedTarget, TARGET_NAMES } from "../../src/boardstate";
import { inputError } from "../../src/puzzle";
import { analyze, solve } from "../../src/solver";
import { Command, CommandIO } from "./command";
import { optionHelp, OptionSpec, parseOptions } from "./options";
import { boardOption, digits, gridLines, keyShape, PUZZLE_OPTIONS, puzzleFromOptions, sideBySide } from "./puzzle-options";

const SPECS: OptionSpec[] = [
  { name: "from", type: "string", arg: "BOARD", help: "the board to start from: digits, row-major (1 = lit), or ring, lit, dark (required)" },
  { name: "to", type: "string", arg: "BOARD", help: "the board to reach, like --from" },
  { name: "target", type: "string", arg: "NAME", help: "a named board to reach instead of --to: ring, lit or dark (default ring)" },
  { name: "json", type: "flag", help: "print one JSON object (see below)" },
  ...PUZZLE_OPTIONS,
];

const HELP = `usage: merlin solve --from BOARD [--to BOARD | --target ring|lit|dark] [options]

Finds the keys to press to turn BOARD into the target: the fewest presses when the
solutions can all be searched (up to 2^24 of them), and a press order in which the board
never goes all dark before the end (the BASIC game is lost on an all-dark board).

options:
${optionHelp(SPECS)}

Boards are row-major digit strings, '/' may separate rows (3×3: 010/110/101). Keys are
numbered from 1, row-major. With --json the answer is
  {"solvable":true,"presses":[3,4,5,8,9],"moves":5,"minimal":true,"order":[4,8,3,9,5]}
presses: the keys pressed (ascending); moves: the number of presses; minimal: no solution
has fewer; order: the keys in a safe press order (null if every order passes through the
all-dark board). Boards with --states above 2 add "counts" (presses per key) after
"presses", and "order" repeats a key as often as it is pressed. An unreachable target gives
{"solvable":false,"presses":[],"moves":0,"minimal":false,"order":null} (and "counts":[]).
Exit status 0 whether or not the target is reachable, 2 for bad input.

examples:
  merlin solve --from 010110101 --to 111101111       source 003's worked example
  merlin solve --from dark                           all dark to the ring of 8
  merlin solve --pattern plus --size 5 --from lit --target dark`;

function run(argv: string[], io: CommandIO): number {
  const opts = parseOptions(argv, SPECS, "solve");
  if (opts.help) {
    io.out(HELP + "\n");
    return 0;
  }
  if (opts.positionals.length > 0) throw inputError(`unexpected argument '${opts.positionals[0]}' (see 'merlin solve --help')`);
  const v = opts.values;
  const p = puzzleFromOptions(v);
  if (v.from === undefined) throw inputError("--from BOARD is required: the board to start from, e.g. --from 010110101, or ring, lit, dark");
  if (v.to !== undefined && v.target !== undefined) throw inputError("give --to BOARD or --target NAME, not both");
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
    const quality = s.minimal ? "the fewest possible" : "not proven the fewest: too many solutions to search them all";
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

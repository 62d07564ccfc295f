/**
 * The `merlin` command: dispatches to the subcommands listed in registry.ts.
 * Bad input exits 2 with one line on stderr; unexpected failures exit 1.
 */
import { isInputError } from "../../src/maths/puzzle";
import { Command, CommandIO } from "./command";
import { COMMANDS } from "./registry";
import { errorLine, exampleLines, excerpt, HELP_WIDTH, helpParagraphs, wrapText } from "../../tools/options";

/** Column of the command summaries in `merlin --help`. */
const SUMMARY_COLUMN = 12;

function topHelp(): string {
  const examples: [string, string][] = [
    ["merlin play", "the 1980s BASIC game, typed (? for help, q to quit)"],
    ["merlin sim", "the toy's own firmware in the terminal"],
    ["merlin solve --from 010110101 --to 111101111", "the keys to press, fewest first"],
    ["merlin play --seed 7 --keys \"h c c c\" --json", "scripted play, one JSON object"],
  ];
  return [
    "merlin — the Merlin magic-square toy: solver, game and simulator",
    "",
    "usage: merlin COMMAND [options]      (merlin COMMAND --help for its options and examples)",
    "",
    "Examples:",
    ...exampleLines(examples),
    "",
    "Commands:",
    ...COMMANDS.flatMap((c) => wrapText(c.summary, HELP_WIDTH, ("  " + c.name).padEnd(SUMMARY_COLUMN), " ".repeat(SUMMARY_COLUMN))),
    "",
    ...helpParagraphs(
      "Boards are row-major digit strings (1 = lit), '/' may separate rows; keys are 1-based, row-major. " +
        "The long form of every command's help, with the solver's limits, is docs/cli.md.",
    ),
  ].join("\n");
}

/** Set by sim/build.mjs from package.json; absent when the sources run directly (tests). */
declare const __MERLIN_VERSION__: string | undefined;

export async function runMerlin(argv: string[], io: CommandIO): Promise<number> {
  const name = argv[0];
  if (name === undefined) {
    io.err(topHelp() + "\n");
    return 2;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    io.out(topHelp() + "\n");
    return 0;
  }
  if (name === "--version") {
    io.out(`merlin ${typeof __MERLIN_VERSION__ === "string" ? __MERLIN_VERSION__ : "(development build)"}\n`);
    return 0;
  }
  const cmd: Command | undefined = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    io.err(`merlin: unknown command '${excerpt(name)}' (commands: ${COMMANDS.map((c) => c.name).join(", ")})\n`);
    return 2;
  }
  try {
    return await cmd.run(argv.slice(1), io);
  } catch (e) {
    if (isInputError(e)) {
      io.err(`merlin ${name}: ${errorLine((e as Error).message)}\n`);
      return 2;
    }
    throw e;
  }
}

/**
 * A reader that stops early (`merlin inverse --size 30 | head -1`) closes the pipe: the next
 * write fails with EPIPE. The command ends there quietly, as Unix tools do, whatever it was
 * doing; any other output error is still an error.
 */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    throw e;
  });
}

export function nodeIO(): CommandIO {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    stdin: process.stdin,
    isTTY: !!process.stdout.isTTY,
  };
}

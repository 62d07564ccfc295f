import { inputError } from "../../src/maths/puzzle";
import { OptionSpec, OptionValues, parseOptions } from "../../tools/options";

/**
 * What every `merlin` subcommand looks like to the dispatcher in main.ts.
 * Output goes through `io` so tests can run commands in-process and read what they print.
 */
export interface CommandIO {
  out(text: string): void;
  err(text: string): void;
  /** Standard input as lines (for the retro BASIC mode and scripted play). */
  stdin?: NodeJS.ReadableStream;
  /** Whether stdout is an interactive terminal. */
  isTTY?: boolean;
}

export interface Command {
  name: string;
  /** One line for `merlin --help`. */
  summary: string;
  /** The full `merlin NAME --help` text. */
  help: string;
  /** Returns the exit code: 0 ok, 1 a failure the command reports, 2 bad input. */
  run(argv: string[], io: CommandIO): number | Promise<number>;
}

/**
 * The option values of `merlin NAME argv`, or null when `--help` was asked for (the help text
 * is then printed and the command returns 0). Every command takes options only: a positional
 * argument is a user's mistake.
 */
export function commandValues(argv: string[], specs: OptionSpec[], name: string, help: string, io: CommandIO): OptionValues | null {
  const opts = parseOptions(argv, specs, name);
  if (opts.help) {
    io.out(help + "\n");
    return null;
  }
  if (opts.positionals.length > 0) throw inputError(`unexpected argument '${opts.positionals[0]}' (see 'merlin ${name} --help')`);
  return opts.values;
}

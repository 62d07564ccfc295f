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

/**
 * The command-line preamble of the project's own Node tools (`npm run speed`, `npm run budget`,
 * the benchmarks): options through the one strict parser (options.ts), their help printed from
 * the option table, one-line errors naming the tool. Node only (it writes to the process's
 * streams), so kept apart from options.ts, which the browser toy also bundles.
 */
import { excerpt, optionHelp, OptionSpec, parseOptions, ParsedOptions } from "./options";

/**
 * The command line of one of the project's own tools (`npm run speed`, `npm run budget`, the
 * benchmarks): the options parsed, or the exit code to return — 0 after printing the help
 * (`usage`, what the tool does, the option table), 2 after one line on stderr naming the tool
 * for a bad option or a stray argument.
 */
export function toolOptions(
  argv: string[], specs: OptionSpec[], tool: { name: string; command: string; usage: string; about: string },
): ParsedOptions | number {
  const help = `${tool.command} -- --help`;
  let opts: ParsedOptions;
  try {
    opts = parseOptions(argv, specs, { usage: tool.command, help });
  } catch (e) {
    process.stderr.write(`${tool.name}: ${(e as Error).message}\n`);
    return 2;
  }
  if (opts.help) {
    process.stdout.write(`usage: ${tool.usage}\n\n${tool.about}\n\noptions:\n${optionHelp(specs)}\n`);
    return 0;
  }
  if (opts.positionals.length > 0) {
    process.stderr.write(`${tool.name}: unexpected argument '${excerpt(opts.positionals[0])}' (see ${help})\n`);
    return 2;
  }
  return opts;
}

/**
 * The command-line preamble of the project's own Node tools (`npm run speed`, `npm run budget`,
 * the benchmarks): options through the one strict parser (options.ts), their help laid out by
 * the one help formatter (summary, examples, options, within 100 columns), one-line errors
 * naming the tool. Node only (it writes to the process's streams), so kept apart from
 * options.ts, which the browser toy also bundles.
 */
import { excerpt, formatHelp, HelpGroup, OptionSpec, parseOptions, ParsedOptions } from "./options";

/** What a tool's help says. */
export interface ToolHelp {
  /** The name its error lines start with ("speed"). */
  name: string;
  /** How it is run ("npm run speed"). */
  command: string;
  /** Its command line with the options ("npm run speed [-- --board NAME]"). */
  usage: string;
  /** One line: what it does. */
  summary: string;
  /** More: what it measures or prints, its exit status (paragraphs, see helpParagraphs). */
  about: string;
  /** Command lines and what each shows: plain ones first, as every help. */
  examples: [string, string][];
  /** The options under headings (default: all under "Options"). */
  groups?: HelpGroup[];
}

/** The --help text of a tool. */
export function toolHelp(specs: OptionSpec[], tool: ToolHelp): string {
  return formatHelp({
    summary: `${tool.command} — ${tool.summary}`,
    usage: [tool.usage],
    examples: tool.examples,
    specs,
    groups: tool.groups ?? [{ title: "Options", options: specs.map((s) => s.name) }],
    sections: [["About", tool.about]],
  });
}

/**
 * The command line of one of the project's own tools: the options parsed, or the exit code to
 * return — 0 after printing the help (toolHelp), 2 after one line on stderr naming the tool
 * for a bad option or a stray argument.
 */
export function toolOptions(argv: string[], specs: OptionSpec[], tool: ToolHelp): ParsedOptions | number {
  const help = `${tool.command} -- --help`;
  let opts: ParsedOptions;
  try {
    opts = parseOptions(argv, specs, { usage: tool.command, help });
  } catch (e) {
    process.stderr.write(`${tool.name}: ${(e as Error).message}\n`);
    return 2;
  }
  if (opts.help) {
    process.stdout.write(toolHelp(specs, tool) + "\n");
    return 0;
  }
  if (opts.positionals.length > 0) {
    process.stderr.write(`${tool.name}: unexpected argument '${excerpt(opts.positionals[0])}' (see ${help})\n`);
    return 2;
  }
  return opts;
}

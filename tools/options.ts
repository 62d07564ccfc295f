/**
 * The strict option parser of every Node command in the project: the `merlin` subcommands,
 * `npm run build`, `npm run flash` and the benchmarks. `--name value`, `--name=value`,
 * boolean `--flag`, and `--help`. Unknown, repeated and conflicting options, missing values,
 * malformed numbers and numbers outside an option's range are input errors (one line, exit
 * code 2) naming the option and what is accepted. Echoed input is cut to a short excerpt.
 *
 * It lives outside sim/ and firmware/ because both use it: the firmware build must not
 * depend on the simulator.
 */
import { inputError } from "../src/puzzle";

export type OptionType = "string" | "int" | "flag";

export interface OptionSpec {
  name: string;
  type: OptionType;
  /** Placeholder shown in help, e.g. BITS. */
  arg?: string;
  help: string;
  default?: string | number | boolean;
  /** Range of an "int" option (inclusive); shown in the help when both are given. */
  min?: number;
  max?: number;
  /** Options that cannot be given together with this one (either way round). */
  excludes?: string[];
}

export type OptionValues = { [name: string]: string | number | boolean | undefined };

export interface ParsedOptions {
  values: OptionValues;
  positionals: string[];
  help: boolean;
}

/**
 * Who is parsing, for the messages: a `merlin` subcommand by name ("solve"), or any other
 * command by how it is run and how its help is asked for.
 */
export type CommandName = string | { usage: string; help: string };

/** Longest piece of input an error line repeats whole; longer input shows its first 32 characters. */
export const MAX_ECHO = 60;
/** Longest error line printed; anything past it is cut. */
export const MAX_ERROR_LINE = 300;

const CONTROL = /[\u0000-\u001f\u007f]/g;

function escapeControl(c: string): string {
  if (c === "\n") return "\\n";
  if (c === "\r") return "\\r";
  if (c === "\t") return "\\t";
  return "\\x" + c.charCodeAt(0).toString(16).padStart(2, "0");
}

/**
 * `text` as an error message may repeat it: control characters escaped and, when it is
 * longer than MAX_ECHO, its first characters and its length. An excerpt is never cut again.
 */
export function excerpt(text: string): string {
  const safe = text.replace(CONTROL, escapeControl);
  return safe.length <= MAX_ECHO ? safe : `${safe.slice(0, 32)}… (${text.length} characters)`;
}

/**
 * A message as one short line: every quoted piece ('…' or "…") cut to an excerpt, control
 * characters escaped, the whole at most MAX_ERROR_LINE characters. Messages quote what
 * the user typed, and that can be a 120 KB board.
 */
export function errorLine(message: string): string {
  const line = message
    .replace(/'([^']*)'|"([^"]*)"/g, (quoted: string, single?: string, double?: string) =>
      single !== undefined ? `'${excerpt(single)}'` : double !== undefined ? `"${excerpt(double)}"` : quoted,
    )
    .replace(CONTROL, escapeControl);
  return line.length > MAX_ERROR_LINE ? line.slice(0, MAX_ERROR_LINE - 1) + "…" : line;
}

function names(command: CommandName): { usage: string; help: string } {
  return typeof command === "string" ? { usage: `'merlin ${command}'`, help: `'merlin ${command} --help'` } : command;
}

function given(seen: string[], name: string): boolean {
  return seen.indexOf(name) >= 0;
}

export function parseOptions(argv: string[], specs: OptionSpec[], command: CommandName): ParsedOptions {
  const label = names(command);
  const values: OptionValues = {};
  for (const s of specs) if (s.default !== undefined) values[s.name] = s.default;
  const positionals: string[] = [];
  const seen: string[] = [];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    if (!arg.startsWith("--")) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    const spec = specs.find((s) => s.name === name);
    if (!spec) {
      throw inputError(`unknown option --${excerpt(name)} for ${label.usage} (see ${label.help})`);
    }
    if (given(seen, name)) throw inputError(`--${name} is given twice: give it once`);
    for (const other of seen) {
      const o = specs.find((s) => s.name === other)!;
      if ((spec.excludes ?? []).indexOf(other) >= 0 || (o.excludes ?? []).indexOf(name) >= 0) {
        throw inputError(`--${other} and --${name} cannot be given together (see ${label.help})`);
      }
    }
    seen.push(name);
    if (spec.type === "flag") {
      if (eq > 0) throw inputError(`--${name} takes no value`);
      values[name] = true;
      continue;
    }
    let raw: string;
    if (eq > 0) raw = arg.slice(eq + 1);
    else {
      // A following option is not a value: `--save --keys 1` forgot the file name. (A value that
      // really starts with "--" can still be given as --name=VALUE.)
      if (i + 1 >= argv.length || /^--[a-z]/.test(argv[i + 1])) throw inputError(`--${name} needs a value (${spec.arg ?? "VALUE"})`);
      raw = argv[++i];
    }
    if (spec.type === "int") values[name] = wholeNumber(spec, raw);
    else values[name] = raw;
  }
  return { values, positionals, help };
}

function wholeNumber(spec: OptionSpec, raw: string): number {
  return parseWholeNumber(raw, `--${spec.name}`, spec.min, spec.max);
}

/**
 * A whole number as every option reads one (decimal digits, an optional minus, no exponent or
 * hex, exact in a double), in [min, max] when given; `what` names it in the error. The browser
 * toy reads its link's numbers with it too.
 */
export function parseWholeNumber(raw: string, what: string, min?: number, max?: number): number {
  const range = min !== undefined && max !== undefined ? ` from ${min} to ${max}` : "";
  const n = /^-?\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  const inRange = Number.isSafeInteger(n) && (min === undefined || n >= min) && (max === undefined || n <= max);
  if (!inRange) throw inputError(`${what} must be a whole number${range}, got '${excerpt(raw)}'`);
  return n;
}

/** Formats the option table of a help text. */
export function optionHelp(specs: OptionSpec[]): string {
  const lines = specs.map((s) => {
    const left = `  --${s.name}${s.type === "flag" ? "" : " " + (s.arg ?? "VALUE")}`;
    const notes: string[] = [];
    if (s.default !== undefined && s.type !== "flag") notes.push(`default ${s.default}`);
    if (s.min !== undefined && s.max !== undefined) notes.push(`${s.min} to ${s.max}`);
    // Only the options this command has (a shared spec may exclude ones it leaves out).
    const excluded = (s.excludes ?? []).filter((name) => specs.some((o) => o.name === name));
    if (excluded.length > 0) notes.push(`not with --${excluded.join(", --")}`);
    return left.padEnd(24) + " " + s.help + (notes.length > 0 ? ` (${notes.join("; ")})` : "");
  });
  return lines.join("\n");
}

/** Parses a range like "2-30" or a single number into [from, to]. */
export function parseRange(text: string, what: string): [number, number] {
  const m = /^(\d{1,9})(?:-(\d{1,9}))?$/.exec(text);
  if (!m) throw inputError(`${what} must be N or FROM-TO, got '${excerpt(text)}'`);
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (b < a) throw inputError(`${what} '${excerpt(text)}': the range is empty`);
  return [a, b];
}

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
import { inputError } from "../src/maths/puzzle";

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

/** Columns every help text fits in. */
export const HELP_WIDTH = 100;
/** Where an option's description starts in the option table. */
const OPTION_COLUMN = 25;

/**
 * The one line-wrapping rule of every help text and the terminal help: `pieces` joined by `sep`
 * into lines of at most `width` columns, the first line after `first`, the others after `rest`
 * (their indents). A piece too long for a line stands alone on one.
 */
export function wrapPieces(pieces: string[], sep: string, width: number, first = "", rest = first): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const piece of pieces) {
    if (piece === "") continue;
    if (!empty && line.length + sep.length + piece.length > width) {
      lines.push(line.trimEnd());
      line = rest + piece;
    } else {
      line = empty ? line + piece : line + sep + piece;
    }
    empty = false;
  }
  if (!empty) lines.push(line.trimEnd());
  return lines;
}

/** Words wrapped into lines of at most `width` columns (wrapPieces at spaces). */
export function wrapText(text: string, width: number, first = "", rest = first): string[] {
  return wrapPieces(text.split(/\s+/), " ", width, first, rest);
}

/**
 * A line kept as it is written (an indented sample, a table row), broken only when it is wider
 * than `width`: after its commas (a JSON sample), else at its spaces, the rest indented 2 more.
 */
function preformatted(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const indent = /^ */.exec(line)![0];
  const body = line.slice(indent.length);
  const commas = body.split(/(?<=,)/);
  return commas.length > 1 ? wrapPieces(commas, "", width, indent, indent + "  ") : wrapText(body, width, indent, indent + "  ");
}

/**
 * Free text of a help: paragraphs (lines run together and wrapped to `width`) separated by
 * empty lines; a line that starts with two spaces is a sample or a table row, kept as written
 * (see preformatted).
 */
export function helpParagraphs(text: string, width = HELP_WIDTH): string[] {
  const out: string[] = [];
  let words: string[] = [];
  const flush = () => {
    if (words.length > 0) out.push(...wrapText(words.join(" "), width));
    words = [];
  };
  for (const line of text.split("\n")) {
    if (line.trim() === "") {
      flush();
      out.push("");
    } else if (line.startsWith("  ")) {
      flush();
      out.push(...preformatted(line.trimEnd(), width));
    } else {
      words.push(line.trim());
    }
  }
  flush();
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out;
}

/** One option's lines of the option table: `--name ARG`, then its description and notes, wrapped. */
function optionLines(s: OptionSpec, specs: OptionSpec[], width: number): string[] {
  const left = `  --${s.name}${s.type === "flag" ? "" : " " + (s.arg ?? "VALUE")}`;
  const notes: string[] = [];
  if (s.default !== undefined && s.type !== "flag") notes.push(`default ${s.default}`);
  if (s.min !== undefined && s.max !== undefined) notes.push(`${s.min} to ${s.max}`);
  // Only the options this command has (a shared spec may exclude ones it leaves out).
  const excluded = (s.excludes ?? []).filter((name) => specs.some((o) => o.name === name));
  if (excluded.length > 0) notes.push(`not with --${excluded.join(", --")}`);
  const text = s.help + (notes.length > 0 ? ` (${notes.join("; ")})` : "");
  const indent = " ".repeat(OPTION_COLUMN);
  if (left.length >= OPTION_COLUMN) return [left].concat(wrapText(text, width, indent));
  return wrapText(text, width, left.padEnd(OPTION_COLUMN), indent);
}

/** Formats the option table of a help text, each option wrapped to `width` columns. */
export function optionHelp(specs: OptionSpec[], width = HELP_WIDTH): string {
  const lines: string[] = [];
  for (const s of specs) lines.push(...optionLines(s, specs, width));
  return lines.join("\n");
}

/** A short heading and the options under it (by name). */
export interface HelpGroup {
  title: string;
  options: string[];
}

/** What a help text says, for formatHelp. */
export interface HelpSpec {
  /** One line: what the command does. */
  summary: string;
  /** Its forms ("merlin solve --from BOARD [options]"), without "usage:". */
  usage: string[];
  /** A command line and what it shows; those with --json are listed after the others. */
  examples: [string, string][];
  specs: OptionSpec[];
  /** The options under short headings; options no group names are listed last, under "Other options". */
  groups: HelpGroup[];
  /** More, after the options: a heading and its text (see helpParagraphs). */
  sections?: [string, string][];
}

/** Examples: the command, then what it shows in a column (or on the next line when the command is long). */
export function exampleLines(examples: [string, string][], width = HELP_WIDTH): string[] {
  const plain = examples.filter((e) => !/--json\b/.test(e[0]));
  const json = examples.filter((e) => /--json\b/.test(e[0]));
  const ordered = plain.concat(json);
  const fits = ordered.map((e) => e[0].length).filter((n) => n <= 50);
  const column = 2 + Math.max(0, ...fits) + 3;
  const out: string[] = [];
  for (const [command, note] of ordered) {
    const left = "  " + command;
    if (note === "") out.push(...preformatted(left, width));
    else if (left.length + 3 <= column) out.push(...wrapText(note, width, left.padEnd(column), " ".repeat(column)));
    else out.push(...preformatted(left, width), ...wrapText(note, width, " ".repeat(column)));
  }
  return out;
}

/**
 * A help text: the one-line summary, the usage, Examples (plain ones first, JSON after), the
 * options under their headings, then the sections — every line at most HELP_WIDTH columns.
 */
export function formatHelp(h: HelpSpec, width = HELP_WIDTH): string {
  const lines: string[] = wrapText(h.summary, width);
  lines.push("");
  h.usage.forEach((u, i) => lines.push(...preformatted((i === 0 ? "usage: " : "       ") + u, width)));
  lines.push("", "Examples:", ...exampleLines(h.examples, width));
  const placed: string[] = [];
  const groups = h.groups.slice();
  const rest = h.specs.filter((s) => !h.groups.some((g) => g.options.indexOf(s.name) >= 0)).map((s) => s.name);
  if (rest.length > 0) groups.push({ title: "Other options", options: rest });
  for (const g of groups) {
    const specs = g.options.map((name) => h.specs.find((s) => s.name === name)).filter((s): s is OptionSpec => s !== undefined);
    if (specs.length === 0) continue;
    lines.push("", g.title + ":");
    for (const s of specs) {
      if (placed.indexOf(s.name) >= 0) continue;
      placed.push(s.name);
      lines.push(...optionLines(s, h.specs, width));
    }
  }
  for (const [title, text] of h.sections ?? []) lines.push("", title + ":", ...helpParagraphs(text, width));
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

/**
 * A small, strict option parser for the `merlin` commands: `--name value`, `--name=value`,
 * boolean `--flag`, and `--help`. Unknown options, missing values and malformed numbers are
 * input errors (one line, exit code 2) naming the option and what is accepted.
 */
import { inputError } from "../../src/puzzle";

export type OptionType = "string" | "int" | "flag";

export interface OptionSpec {
  name: string;
  type: OptionType;
  /** Placeholder shown in help, e.g. BITS. */
  arg?: string;
  help: string;
  default?: string | number | boolean;
}

export type OptionValues = { [name: string]: string | number | boolean | undefined };

export interface ParsedOptions {
  values: OptionValues;
  positionals: string[];
  help: boolean;
}

export function parseOptions(argv: string[], specs: OptionSpec[], command: string): ParsedOptions {
  const values: OptionValues = {};
  for (const s of specs) if (s.default !== undefined) values[s.name] = s.default;
  const positionals: string[] = [];
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
      throw inputError(`unknown option --${name} for 'merlin ${command}' (see 'merlin ${command} --help')`);
    }
    if (spec.type === "flag") {
      if (eq > 0) throw inputError(`--${name} takes no value`);
      values[name] = true;
      continue;
    }
    let raw: string;
    if (eq > 0) raw = arg.slice(eq + 1);
    else {
      if (i + 1 >= argv.length) throw inputError(`--${name} needs a value (${spec.arg ?? "VALUE"})`);
      raw = argv[++i];
    }
    if (spec.type === "int") {
      if (!/^-?\d+$/.test(raw)) throw inputError(`--${name} must be a whole number, got '${raw}'`);
      values[name] = Number(raw);
    } else {
      values[name] = raw;
    }
  }
  return { values, positionals, help };
}

/** Formats the option table of a help text. */
export function optionHelp(specs: OptionSpec[]): string {
  const lines = specs.map((s) => {
    const left = `  --${s.name}${s.type === "flag" ? "" : " " + (s.arg ?? "VALUE")}`;
    const def = s.default !== undefined && s.type !== "flag" ? ` (default ${s.default})` : "";
    return left.padEnd(24) + " " + s.help + def;
  });
  return lines.join("\n");
}

/** Parses a range like "2-30" or a single number into [from, to]. */
export function parseRange(text: string, what: string): [number, number] {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text);
  if (!m) throw inputError(`${what} must be N or FROM-TO, got '${text}'`);
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (b < a) throw inputError(`${what} '${text}': the range is empty`);
  return [a, b];
}

// Every help text, of `merlin` and each subcommand and of the project's own tools, as a reader
// sees it: a one-line summary, the usage, Examples (plain ones before JSON ones) before any
// option, the options under short headings, and no line wider than 100 columns.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../sim/cli/registry";
import { formatHelp, helpParagraphs, HELP_WIDTH, optionHelp, wrapPieces, wrapText } from "../tools/options";
import { merlin } from "./helpers/cli";

const ROOT = join(__dirname, "..");

/** The lines of a help text (without the line end after the last). */
function helpLines(text: string): string[] {
  return text.replace(/\n$/, "").split("\n");
}

/** Checks the layout every help shares; `summary` is how its first line starts. */
function checkHelp(text: string, summary: string): void {
  const lines = helpLines(text);
  for (const l of lines) expect(l.length, `too wide: ${l}`).toBeLessThanOrEqual(HELP_WIDTH);
  for (const l of lines) expect(l, "no trailing spaces").toBe(l.trimEnd());
  // The summary is one line, then an empty line and the usage.
  expect(lines[0].startsWith(summary), lines[0]).toBe(true);
  expect(lines[1]).toBe("");
  expect(lines[2]).toMatch(/^usage: /);
  const examples = lines.indexOf("Examples:");
  expect(examples).toBeGreaterThan(2);
  const firstOption = lines.findIndex((l) => /^ {2}--[a-z]/.test(l));
  const firstCommand = lines.findIndex((l) => l === "Commands:");
  const end = Math.max(firstOption, firstCommand);
  expect(end, "an option table or a command list").toBeGreaterThan(examples);
  // The examples: each a command line (indented 2), notes beside or under them; JSON ones last.
  const exampleBlock = lines.slice(examples + 1, lines.indexOf("", examples));
  const commands = exampleBlock.filter((l) => /^ {2}\S/.test(l));
  expect(commands.length).toBeGreaterThanOrEqual(2);
  const json = commands.map((l) => /--json\b/.test(l));
  expect(json.indexOf(true) < 0 || json.slice(json.indexOf(true)).every((j) => j), `JSON examples after the others: ${commands.join(" | ")}`).toBe(true);
  if (firstOption < 0) return;
  // Each run of option lines sits under a short heading ("Boards:"), after an empty line.
  for (let i = 0; i < lines.length; i++) {
    if (!/^ {2}--[a-z]/.test(lines[i]) || /^ {2}--[a-z]/.test(lines[i - 1]) || /^ {3}/.test(lines[i - 1])) continue;
    expect(lines[i - 1], `heading above ${lines[i]}`).toMatch(/^[A-Z][^:]{0,48}:$/);
    expect(lines[i - 2]).toBe("");
  }
}

describe("merlin's help texts", () => {
  it("merlin --help: summary, usage, examples, then the commands", async () => {
    const r = await merlin(["--help"]);
    expect(r.code).toBe(0);
    checkHelp(r.out, "merlin — ");
    for (const c of COMMANDS) expect(r.out).toMatch(new RegExp(`^ {2}${c.name} +\\S`, "m"));
  });

  for (const cmd of COMMANDS) {
    it(`merlin ${cmd.name} --help: within 100 columns, examples before the options, options under headings`, async () => {
      const r = await merlin([cmd.name, "--help"]);
      expect(r.code).toBe(0);
      expect(r.err).toBe("");
      checkHelp(r.out, `merlin ${cmd.name} — `);
      // The top help's one-line summary fits beside the command's name.
      expect(cmd.summary.length).toBeLessThanOrEqual(HELP_WIDTH - 12);
    });
  }

  it("merlin solve --help is short and says where the long form is", async () => {
    const r = await merlin(["solve", "--help"]);
    expect(helpLines(r.out).length).toBeLessThanOrEqual(70);
    expect(r.out).toContain("docs/cli.md");
    // Every option is still there.
    for (const o of ["from", "to", "target", "from-file", "all-lit", "to-file", "out", "json", "pattern", "size", "rows", "cols", "wrap", "states", "graph", "box", "intersections"]) {
      expect(r.out).toMatch(new RegExp(`^ {2}--${o}\\b`, "m"));
    }
  });

  it("merlin play --help tells how to get help and leave while playing", async () => {
    const r = await merlin(["play", "--help"]);
    expect(r.out).toContain("?  (or help) the keys and the rules        q  (or quit) leave");
    expect(r.out).toContain("  basic          the 1980s BASIC game (source 002): lost after 20 moves without a win, or when every\n");
    expect(r.out).toContain("  merlin1978     the 1978 handheld: never lost (no move limit; all dark is no loss);");
  });
});

describe("the project's own tools' help", () => {
  const TOOLS: [string, string][] = [
    ["firmware/measure/speed.ts", "npm run speed — "],
    ["firmware/measure/budget.ts", "npm run budget — "],
    ["firmware/build/build.ts", "npm run build — "],
    ["firmware/flash/flash.ts", "npm run flash — "],
    ["test/bench/solver-bench.ts", "npm run bench — "],
    ["test/bench/minimum-bench.ts", "npm run bench:minimum — "],
    ["test/bench/cellsolve-bench.ts", "npm run bench:cellsolve — "],
    ["test/bench/hotpath.ts", "node tools/tsrun.mjs test/bench/hotpath.ts — "],
  ];
  for (const [file, summary] of TOOLS) {
    it(`${summary.slice(0, -3)} --help`, () => {
      const r = spawnSync(process.execPath, [join(ROOT, "tools", "tsrun.mjs"), join(ROOT, file), "--help"], {
        encoding: "utf8",
        env: { ...process.env, ESPRUINO_BIN: "" },
      });
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      checkHelp(r.stdout, summary);
    });
  }

  it("npm run speed refuses --keys without --count in one line, before it needs an interpreter", () => {
    const r = spawnSync(process.execPath, [join(ROOT, "tools", "tsrun.mjs"), join(ROOT, "firmware/measure/speed.ts"), "--keys"], {
      encoding: "utf8",
      env: { ...process.env, ESPRUINO_BIN: "" },
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("speed: --keys counts each key alone, so it goes with --count\n");
  });

  it("npm run speed refuses --choosing --write without --count in one line, before it needs an interpreter", () => {
    const r = spawnSync(process.execPath, [join(ROOT, "tools", "tsrun.mjs"), join(ROOT, "firmware/measure/speed.ts"), "--choosing", "--write"], {
      encoding: "utf8",
      env: { ...process.env, ESPRUINO_BIN: "" },
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("speed: --choosing --write writes the counts (device-speed-choosing.md), so it goes with --count\n");
  });
});

describe("the wrapping rule", () => {
  it("wraps words at the width, indents the rest, and lets a word too long stand alone", () => {
    expect(wrapText("aa bb cc dd", 5)).toEqual(["aa bb", "cc dd"]);
    expect(wrapText("aa bb cc", 8, "> ", "  ")).toEqual(["> aa bb", "  cc"]);
    expect(wrapText("a " + "x".repeat(12) + " b", 10)).toEqual(["a", "x".repeat(12), "b"]);
    expect(wrapPieces(['{"a":1,', '"b":2,', '"c":3}'], "", 15, "  ", "    ")).toEqual(['  {"a":1,"b":2,', '    "c":3}']);
  });

  it("paragraphs run together and wrap; an indented line is kept, or broken after its commas when too wide", () => {
    const text = "one two\nthree four\n\n  keep   this\n  " + '{"x":1,'.repeat(20) + "}";
    const out = helpParagraphs(text, 40);
    expect(out.slice(0, 3)).toEqual(["one two three four", "", "  keep   this"]);
    for (const l of out) expect(l.length).toBeLessThanOrEqual(40);
    expect(out[3].startsWith('  {"x":1,')).toBe(true);
    expect(out[4].startsWith('    {"x":1,')).toBe(true);
  });

  it("an option table wraps each description under its own column, and a missing group lands under Other options", () => {
    const specs = [
      { name: "alpha", type: "flag" as const, help: "word ".repeat(30).trim() },
      { name: "beta", type: "int" as const, arg: "N", help: "a number", min: 1, max: 9 },
    ];
    const table = optionHelp(specs, 60).split("\n");
    expect(table[0]).toMatch(/^ {2}--alpha {16}word/);
    for (const l of table.slice(1, -1)) expect(l).toMatch(/^ {25}word/);
    expect(table[table.length - 1]).toBe("  --beta N               a number (1 to 9)");
    const help = formatHelp({ summary: "t — a tool", usage: ["t [--alpha]"], examples: [["t --json", "json"], ["t", "plain"]], specs, groups: [{ title: "First", options: ["alpha"] }] });
    expect(help).toContain("\nExamples:\n  t          plain\n  t --json   json\n");
    expect(help).toContain("\nOther options:\n  --beta N");
    checkHelp(help, "t — ");
  });
});

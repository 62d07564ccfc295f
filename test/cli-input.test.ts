// Bad command-line input as a new user types it (issue 12): every mistake ends with exit
// code 2 and one short line on stderr, in bounded time and memory. In-process through
// runMerlin with a capturing io.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMerlin } from "../sim/cli/main";
import { COMMANDS } from "../sim/cli/registry";
import { errorLine, excerpt, MAX_ECHO, MAX_ERROR_LINE, parseOptions } from "../tools/options";

async function merlin(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runMerlin(argv, { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

/** Exit 2, nothing on stdout, one line on stderr matching `message`, at most `longest` characters. */
async function rejected(argv: string[], message: RegExp, longest = MAX_ERROR_LINE + 40): Promise<string> {
  const r = await merlin(...argv);
  expect(r.code).toBe(2);
  expect(r.out).toBe("");
  expect(r.err).toMatch(message);
  expect(r.err.endsWith("\n")).toBe(true);
  expect(r.err.trimEnd().split("\n")).toHaveLength(1);
  expect(r.err.length).toBeLessThanOrEqual(longest);
  return r.err;
}

describe("repeated and conflicting options", () => {
  for (const cmd of COMMANDS.map((c) => c.name)) {
    it(`merlin ${cmd}: an option given twice is rejected`, async () => {
      await rejected([cmd, "--json", "--json"], /--json is given twice/);
    });
  }

  it("repeated --from is rejected even when both values are boards", async () => {
    await rejected(["solve", "--from", "010110101", "--from", "000000000"], /--from is given twice/);
  });

  it("--size with --rows or --cols is rejected (which size was meant?)", async () => {
    await rejected(["solve", "--size", "5", "--rows", "3", "--cols", "4", "--from", "111111111111"], /--size and --rows cannot be given together/);
    await rejected(["analyze", "--cols", "4", "--size", "5"], /--cols and --size cannot be given together/);
  });

  it("--from with --from-file, --to with --target", async () => {
    await rejected(["solve", "--pattern", "plus", "--from", "lit", "--from-file", "b.txt"], /--from and --from-file cannot be given together/);
    await rejected(["solve", "--from", "dark", "--target", "lit", "--to", "ring"], /--target and --to cannot be given together/);
  });

  it("the parser checks exclusions both ways round and leaves defaults alone", () => {
    const specs = [
      { name: "a", type: "flag" as const, help: "", excludes: ["b"] },
      { name: "b", type: "string" as const, help: "", default: "x" },
    ];
    expect(parseOptions(["--a"], specs, "t").values).toEqual({ a: true, b: "x" });
    expect(() => parseOptions(["--b", "y", "--a"], specs, "t")).toThrow(/--b and --a cannot be given together/);
    expect(() => parseOptions(["--a", "--b=y"], specs, "t")).toThrow(/--a and --b cannot be given together/);
  });
});

describe("numbers", () => {
  it("a whole number too large for a double is rejected, not rounded", async () => {
    await rejected(["play", "--seed", "99999999999999999999", "--json"], /--seed must be a whole number, got '99999999999999999999'/);
  });

  it("an int option's range is checked by the parser", () => {
    const specs = [{ name: "ms", type: "int" as const, help: "", min: 0, max: 1000 }];
    expect(parseOptions(["--ms", "1000"], specs, "t").values.ms).toBe(1000);
    expect(() => parseOptions(["--ms", "1001"], specs, "t")).toThrow("--ms must be a whole number from 0 to 1000, got '1001'");
    expect(() => parseOptions(["--ms=-1"], specs, "t")).toThrow(/from 0 to 1000/);
  });
});

describe("echoed input is cut to a short excerpt", () => {
  const huge = "1".repeat(120000);

  it("a 120 KB board in --from", async () => {
    const line = await rejected(["solve", "--from", huge], /--from '1{32}… \(120000 characters\)'/);
    expect(line.length).toBeLessThan(MAX_ERROR_LINE);
  });

  it("a 120 KB pattern mask, a 120 KB option name and a 120 KB stray argument", async () => {
    await rejected(["analyze", "--pattern", "x" + huge], /unknown pattern .*\(120001 characters\)/);
    await rejected(["analyze", "--" + huge], /unknown option --1{32}… \(120000 characters\)/);
    await rejected(["table", huge], /unexpected argument '1{32}… \(120000 characters\)'/);
    await rejected([huge], /unknown command '1{32}… \(120000 characters\)'/);
  });

  it("control characters in the input do not break the line", async () => {
    await rejected(["solve", "--from", "010\n110\n10x"], /'010\\n110\\n10x'/);
  });

  it("an excerpt is short, says how long the input was, and is never cut again", () => {
    const e = excerpt(huge);
    expect(e.length).toBeLessThanOrEqual(MAX_ECHO);
    expect(excerpt(e)).toBe(e);
    expect(excerpt("0101")).toBe("0101");
    expect(errorLine(`x '${huge}' y '${huge}'`)).toBe(`x '${e}' y '${e}'`);
    expect(errorLine("z".repeat(5000)).length).toBe(MAX_ERROR_LINE);
  });
});

describe("the firmware build depends on nothing in sim/ (issue 13)", () => {
  const dir = join(__dirname, "..", "firmware", "build");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    it(`firmware/build/${file}`, () => {
      const text = readFileSync(join(dir, file), "utf8");
      const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]);
      for (const s of specifiers) expect(s).not.toMatch(/(^|\/)sim\//);
      // No wording borrowed from the `merlin` command and patched over.
      expect(text).not.toMatch(/'merlin (build|flash)/);
    });
  }
});

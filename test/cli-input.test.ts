// Bad command-line input as a new user types it: every mistake ends with exit
// code 2 and one short line on stderr, in bounded time and memory. In-process through
// the dispatcher (test/helpers/cli.ts).
import { spawn, spawnSync } from "node:child_process";
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Readable } from "node:stream";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { boardFromStrings, boardToStrings } from "../src/maths/chase";
import { isInputError } from "../src/maths/puzzle";
import { parseGraph } from "../sim/cli/puzzle-options";
import { MAX_TRAILING_EMPTY_LINES, parseBoardBytes, parseBoardChunks } from "../sim/cli/large";
import { MAX_SCRIPT_CHARS, MAX_SCRIPT_STEPS, parseKeyScript } from "../sim/app/headless";
import { expectInputError, merlin } from "./helpers/cli";
import { COMMANDS } from "../sim/cli/registry";
import { boundedLines, MAX_INPUT_LINE } from "../tools/lines";
import { errorLine, excerpt, MAX_ECHO, MAX_ERROR_LINE, parseOptions } from "../tools/options";

const ROOT = join(__dirname, "..");

/** A mistake: exit 2, one line on stderr matching `message`, at most `longest` characters. */
async function rejected(argv: string[], message: RegExp, longest = MAX_ERROR_LINE + 40): Promise<string> {
  const line = await expectInputError(argv, message);
  expect(line.length).toBeLessThanOrEqual(longest);
  return line;
}

describe("repeated and conflicting options", () => {
  for (const cmd of COMMANDS.map((c) => c.name)) {
    it(`merlin ${cmd}: an option given twice is rejected`, async () => {
      await rejected([cmd, "--json", "--json"], /--json is given twice/);
    });
  }

  it("npm run build and npm run flash use the same parser: a repeated option is one line, exit 2", () => {
    for (const [tool, argv] of [["build", ["--board", "pico-3x3", "--board", "esp32-3x3"]], ["flash", ["--port", "a", "--port", "b"]]] as const) {
      const r = spawnSync(process.execPath, [join(ROOT, "tools", "tsrun.mjs"), join(ROOT, "firmware", tool === "build" ? "build" : "flash", `${tool}.ts`), ...argv], { encoding: "utf8" });
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(`${tool}: --${argv[0].slice(2)} is given twice: give it once\n`);
    }
  });

  it("npm run speed and budget: --help lists every option; a stray argument or a bad board is one line, exit 2, before any interpreter is needed", () => {
    const run = (tool: string, argv: string[]) =>
      spawnSync(process.execPath, [join(ROOT, "tools", "tsrun.mjs"), join(ROOT, "firmware", "measure", `${tool}.ts`), ...argv], {
        encoding: "utf8",
        env: { ...process.env, ESPRUINO_BIN: "" },
      });
    const speedHelp = run("speed", ["--help"]);
    expect(speedHelp.status).toBe(0);
    for (const option of ["--board NAME", "--repeat N", "--flashed"]) expect(speedHelp.stdout).toContain(option);
    expect(run("budget", ["--help"]).stdout).toContain("--board NAME");
    for (const [tool, argv, message] of [
      ["speed", ["extra"], "speed: unexpected argument 'extra' (see npm run speed -- --help)\n"],
      ["speed", ["--board", "nope"], /^speed: unknown profile "nope"; available: .*\n$/],
      ["budget", ["--board", "nope"], /^budget: unknown profile "nope"; available: .*\n$/],
    ] as const) {
      const r = run(tool, [...argv]);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      if (typeof message === "string") expect(r.stderr).toBe(message);
      else expect(r.stderr).toMatch(message);
    }
  });

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

  it("options a front end would quietly ignore are rejected, and --help says so", async () => {
    await rejected(["web", "--build-only", "--port", "9000"], /--build-only and --port cannot be given together/);
    await rejected(["web", "--host", "0.0.0.0", "--build-only"], /--host and --build-only cannot be given together/);
    await rejected(["sim", "--basic", "--hold", "5"], /--basic and --hold cannot be given together/);
    await rejected(["sim", "--gap", "5", "--basic"], /--gap and --basic cannot be given together/);
    // The terminal UI has no key script either.
    await rejected(["sim", "--hold", "5"], /--hold needs --headless/);
    await rejected(["sim", "--gap", "5"], /--gap needs --headless/);
    expect((await merlin(["web", "--help"])).out).toMatch(/--build-only .*not with --port, --host/);
    // The default folder is named as in the project, wherever merlin runs.
    expect((await merlin(["web", "--help"])).out).toMatch(/--out DIR .*\(default dist\/web in the project\)\n/);
    expect((await merlin(["sim", "--help"])).out).toMatch(/--basic .*not with --hold, --gap/);
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

describe("help texts", () => {
  for (const cmd of COMMANDS) {
    it(`merlin ${cmd.name} --help: every option a "not with" note names is one of its own`, async () => {
      const r = await merlin([cmd.name, "--help"]);
      const own = new Set([...r.out.matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1]));
      for (const note of r.out.matchAll(/not with ([^)]*)\)/g)) {
        for (const name of note[1].match(/--[a-z-]+/g) ?? []) expect(own, `${cmd.name}: ${note[0]}`).toContain(name.slice(2));
      }
    });
  }
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

describe("one reading of board text", () => {
  it("merlin play --start, merlin solve --from and merlin sim --headless --start say the same about the same mistake", async () => {
    for (const [text, why] of [["010/11/0101", "row 2 has 2 digits, expected 3"], ["0101", "has 4 cells, expected 9"], ["01011010/", "row 1 has 8 digits, expected 3"], ["010/1/010", "row 2 has 1 digit, expected 3"], ["1", "has 1 cell, expected 9"]]) {
      const lines = [
        await expectInputError(["play", "--start", text], /./),
        await expectInputError(["solve", "--from", text], /./),
        await expectInputError(["sim", "--headless", "--keys", "5", "--start", text], /./),
      ];
      for (const line of lines) expect(line).toContain(why);
    }
  });
});

describe("graphs", () => {
  it("an edge given twice (either way round) is one edge; a complete graph has every edge once", () => {
    expect(parseGraph("1-2,2-1,1-2,3").adjacency).toEqual([[1], [0], []]);
    const g = parseGraph("complete:500").adjacency;
    expect(g.every((nb, i) => nb.length === 499 && nb.indexOf(i) < 0 && new Set(nb).size === 499)).toBe(true);
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

  it("a 120 KB board profile name, in double quotes", async () => {
    await rejected(["sim", "--headless", "--keys", "5", "--board", huge], /unknown profile "1{32}… \(120000 characters\)"; available: /);
  });

  it("a node or side out of range is echoed as typed (no rounding, no Infinity), cut to an excerpt", async () => {
    const twenty = "9".repeat(20);
    await rejected(["analyze", "--graph", `1-${twenty}`], new RegExp(`node must be a whole number from 1 to 4096, got '${twenty}'\\n$`));
    const long = "7".repeat(5000);
    await rejected(["analyze", "--graph", `1-${long}`], /node must be a whole number from 1 to 4096, got '7{32}… \(5000 characters\)'\n$/);
    await rejected(["analyze", "--graph", `path:${twenty}`], new RegExp(`--graph path:N must be a whole number from 1 to 4096, got '${twenty}'\\n$`));
    await rejected(["analyze", "--box", `2x${twenty}x2`], new RegExp(`each side must be a whole number from 1 to 4096, got '${twenty}'\\n$`));
    await rejected(["analyze", "--box", `2x2x${long}`], /each side must be a whole number from 1 to 4096, got '7{32}… \(5000 characters\)'\n$/);
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

describe("board files are checked as they are read", () => {
  const dir = mkdtempSync(join(tmpdir(), "merlin-cli-input-"));
  const writers: { kill(): void }[] = [];
  afterAll(() => {
    for (const w of writers) w.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * A named pipe that never ends: `prefix`, then `line` and "\n" forever (or `line`
   * forever, without line ends). A reader that does not stop at the first mistake never
   * returns, so these tests prove the stop without timing anything.
   */
  function endless(name: string, prefix: string, line: string, lineEnds = true): string {
    const path = join(dir, name);
    expect(spawnSync("mkfifo", [path]).status).toBe(0);
    const body = lineEnds ? 'yes "$1"' : "yes \"$1\" | tr -d '\\n'";
    const w = spawn("sh", ["-c", `{ printf '%s' "$0"; ${body}; } > "$2" 2>/dev/null`, prefix, line, path], { stdio: "ignore" });
    writers.push(w);
    return path;
  }

  const plus = ["solve", "--pattern", "plus"];

  it("/dev/zero stops at its first byte", async () => {
    await rejected([...plus, "--from-file", "/dev/zero"], /^merlin solve: \/dev\/zero line 1, column 1: byte 0x00 is not allowed — use 0 \(dark\) and 1 \(lit\)$/m);
  });

  it("/dev/urandom stops within its first line or two", async () => {
    await rejected([...plus, "--from-file", "/dev/urandom"], /\/dev\/urandom (line [12]\b|: no rows)/);
  });

  it("a bad byte near the start of an endless stream of good rows", async () => {
    await rejected([...plus, "--from-file", endless("bad-then-good", "0101\n01x1\n", "0101")], /line 2, column 3: 'x' is not allowed/);
  });

  it("more rows than --size allows", async () => {
    await rejected([...plus, "--size", "4", "--from-file", endless("rows", "", "0101")], /has more than 4 rows, but the size asked for is 4×4/);
  });

  it("a line longer than --cols allows, and one longer than line 1", async () => {
    await rejected([...plus, "--cols", "8", "--from-file", endless("cols", "", "1", false)], /line 1 has more than 8 cells, but 8 columns were asked for/);
    await rejected([...plus, "--from-file", endless("ragged", "0101\n", "1", false)], /line 2 has more than 4 cells, line 1 has 4/);
  });

  it("empty lines after the board: a few are ignored, an endless run is not", async () => {
    const ok = parseBoardBytes(Buffer.from("0101\n1111\r\n" + "\n".repeat(MAX_TRAILING_EMPTY_LINES)), "b.txt");
    expect(boardToStrings(ok)).toEqual(["0101", "1111"]);
    await rejected([...plus, "--from-file", endless("empty", "0101\n", "")], /has more than 16 empty lines after its last row \(line 1\)/);
    await rejected([...plus, "--from-file", endless("nothing", "", "")], /: no rows/);
  });

  /** Every way of cutting `text` in two, and one byte at a time. */
  function splits(text: string): Uint8Array[][] {
    const b = Buffer.from(text);
    const out: Uint8Array[][] = [[b], Array.from(b, (x) => Uint8Array.of(x))];
    for (let i = 1; i < b.length; i++) out.push([b.subarray(0, i), b.subarray(i)]);
    return out;
  }

  function outcome(chunks: Uint8Array[]): string {
    try {
      return "board " + boardToStrings(parseBoardChunks(chunks, "b.txt")).join("/");
    } catch (e) {
      expect(isInputError(e)).toBe(true);
      // A line found too long before its end says "more than": compare where, not how many.
      return (e as Error).message.replace(/has (more than )?\d+ cells/, "has N cells");
    }
  }

  it("a board split anywhere between reads parses exactly as it would whole", () => {
    const long = "10".repeat(40);
    const good: [string, string[]][] = [
      ["0101\n1100\n", ["0101", "1100"]],
      ["0101\r\n1100\r\n\r\n", ["0101", "1100"]],
      ["1\n0\n1", ["1", "0", "1"]],
      [`${long}\r\n${long.slice(1)}0\n${"1".repeat(80)}`, [long, long.slice(1) + "0", "1".repeat(80)]],
    ];
    for (const [text, rows] of good) {
      for (const chunks of splits(text)) expect(outcome(chunks)).toBe("board " + boardToStrings(boardFromStrings(rows)).join("/"));
    }
    const bad = ["0101\n01x1\n", "0101\n0\r11\n", "0101\n011\n", "0101\n01011\n", "0101\n\n0101\n", "\n\n", "\n0101", `${long}\n${long.slice(2)}2\n`];
    for (const text of bad) {
      const whole = outcome([Buffer.from(text)]);
      expect(whole).not.toMatch(/^board/);
      for (const chunks of splits(text)) expect(outcome(chunks)).toBe(whole);
    }
  });
});

describe("merlin sim --headless: durations and script length are capped", () => {
  const headless = ["sim", "--headless", "--json"];

  it("a key held 1 000 000 000 ms or a wait as long is refused before anything runs", async () => {
    await rejected([...headless, "--keys", "5:1000000000"], /key script: '5:1000000000' lasts longer than 600000 ms/);
    await rejected([...headless, "--keys", "3 wait:99999999999999999999999"], /'wait:99999999999999999999999' lasts longer than 600000 ms/);
  });

  it("--hold and --gap stay within 0 to 10 minutes", async () => {
    await rejected([...headless, "--keys", "5", "--hold", "100000000"], /--hold must be a whole number from 0 to 600000, got '100000000'/);
    await rejected([...headless, "--keys", "5", "--gap", "-1"], /--gap must be a whole number from 0 to 600000/);
  });

  it("a script longer than 30 minutes of virtual time, 2000 steps or 100 000 characters", async () => {
    await rejected([...headless, "--keys", "5:600000 ".repeat(3) + "wait:600000"], /it would take 2401 s of virtual time, at most 1800 s/);
    await rejected([...headless, "--keys", "5 5 5", "--hold", "600000", "--gap", "600000"], /it would take 3600 s of virtual time/);
    await rejected([...headless, "--keys", "1 ".repeat(MAX_SCRIPT_STEPS + 1)], /more than 2000 steps/);
    await rejected([...headless, "--keys", " ".repeat(MAX_SCRIPT_CHARS + 1)], /100001 characters, at most 100000/);
  });

  // The documented limits (merlin sim --help): a step of 10 minutes (600 000 ms, also the largest --hold and --gap),
  // 2000 steps, 100 000 characters, 30 minutes of virtual time. Each is accepted at the cap.
  it("a 10-minute hold, --hold and --gap of 10 minutes, and exactly 30 minutes of script run", async () => {
    const held = await merlin([...headless, "--keys", "5:600000"]);
    expect(held).toMatchObject({ code: 0, err: "" });
    expect(JSON.parse(held.out).moves).toBe(1);
    expect(await merlin([...headless, "--keys", "5", "--hold", "600000", "--gap", "600000"])).toMatchObject({ code: 0, err: "" });
    expect(await merlin([...headless, "--keys", "wait:600000 wait:600000 wait:600000"])).toMatchObject({ code: 0, err: "" });
  });

  it("2000 steps and 100 000 characters are read", () => {
    expect(parseKeyScript("5:600000 wait:600000 " + "1 ".repeat(1998), 9, [])).toHaveLength(2000);
    const text = "1" + " ".repeat(99999);
    expect(text).toHaveLength(100000);
    expect(parseKeyScript(text, 9, [])).toHaveLength(1);
  });
});

describe("standard input of the dialogue commands", () => {
  for (const argv of [["play"], ["sim", "--basic"]]) {
    it(`merlin ${argv.join(" ")} < /dev/zero: one line, exit 2, after one line's worth`, async () => {
      // The board and the first prompt are printed before standard input is read.
      const r = await merlin(argv, createReadStream("/dev/zero"));
      expect(r.code).toBe(2);
      expect(r.err).toBe(`merlin ${argv[0]}: standard input: line 1 is longer than ${MAX_INPUT_LINE} characters\n`);
    });
  }

  it("lines end in LF or CRLF, the last one may have no line end, and any chunking gives the same lines", async () => {
    const read = async (chunks: string[]) => {
      const lines: string[] = [];
      for await (const l of boundedLines(Readable.from(chunks.map((c) => Buffer.from(c))))) lines.push(l);
      return lines;
    };
    const text = "3\r\n4\n\nY\r\nlast";
    expect(await read([text])).toEqual(["3", "4", "", "Y", "last"]);
    for (let i = 1; i < text.length; i++) expect(await read([text.slice(0, i), text.slice(i)])).toEqual(["3", "4", "", "Y", "last"]);
    expect(await read(["x".repeat(MAX_INPUT_LINE) + "\r\n"])).toEqual(["x".repeat(MAX_INPUT_LINE)]);
    await expect(read(["x".repeat(MAX_INPUT_LINE + 1) + "\n"])).rejects.toThrow(/line 1 is longer than/);
  });
});

// The build measures the bundle on the virtual Espruino board (sim/board, run by sim/node/host),
// and uses nothing else of the simulator: not its command line, its front ends or its sessions.
describe("the firmware build depends on nothing in sim/ but the virtual board", () => {
  const files = ["build", "flash", "measure"].flatMap((d) => readdirSync(join(ROOT, "firmware", d)).filter((f) => f.endsWith(".ts")).map((f) => `${d}/${f}`));
  for (const file of files) {
    it(`firmware/${file}`, () => {
      const text = readFileSync(join(ROOT, "firmware", file), "utf8");
      const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]);
      for (const s of specifiers.filter((x) => !/(^|\/)sim\/(board|node)(\/|$)/.test(x))) expect(s).not.toMatch(/(^|\/)sim\//);
      // No wording borrowed from the `merlin` command and patched over.
      expect(text).not.toMatch(/'merlin (build|flash)/);
    });
  }
});

describe("a reader that stops early", () => {
  it("merlin inverse --size 30 | head -1: the command ends quietly when the pipe closes", async () => {
    // The real command as a process (tools/tsrun.mjs runs sim/cli/entry.ts from source): its
    // output (900 rows of 900 digits) is far more than a pipe holds, so it is still writing
    // when the reader goes away after the first line.
    const child = spawn(process.execPath, [join(ROOT, "tools", "tsrun.mjs"), join(ROOT, "sim", "cli", "entry.ts"), "inverse", "--size", "30"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (d) => void (err += d));
    const first = await new Promise<string>((resolve) => child.stdout.once("data", (d) => resolve(String(d))));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
    expect(first).toMatch(/^inverse of merlin 30×30/);
    expect(err).toBe("");
    expect(code).toBe(0);
  });
});

// Every command the documentation shows runs here, as a reader would type it after `npm ci`.
// The fenced examples of README.md, docs/ and hardware/README.md are extracted:
//   ```sh       each line is a command (a trailing `\` continues it; `#` starts a comment);
//   ```console  `$ COMMAND` lines, each followed by the output it prints, compared line by
//               line (trailing spaces and colours ignored; `…` stands for anything, e.g. a
//               timing), and `(exit N)` as the last output line when the command fails on
//               purpose.
// Each runs in a scratch copy of the repository (the installed node_modules linked in, the
// built dist/ copied), with standard input closed, and must exit 0 unless it says otherwise. A
// few commands cannot simply run to completion; each has one rule below saying what is done
// instead (a server is started and asked for its page, the terminal UI is run in a
// pseudo-terminal and quit, the test command is checked against .ci/run, a test run of the
// optional suites is listed instead of run).
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkPackages } from "./helpers/sandbox";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The documents whose fenced examples are run. */
function documents(): string[] {
  const md: string[] = ["README.md", "hardware/README.md"];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith(".md")) md.push(path);
    }
  };
  walk("docs");
  return md.filter((f) => existsSync(join(ROOT, f)));
}

export interface Example {
  file: string;
  line: number;
  command: string;
  /** Expected output lines (console blocks only). */
  expected?: string[];
  exit: number;
}

/** Removes a trailing `# comment` that is outside quotes and preceded by a space. */
function stripComment(line: string): string {
  let quote = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "#" && (i === 0 || line[i - 1] === " ")) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

/** The examples of one Markdown text. */
export function extractExamples(file: string, text: string): Example[] {
  const out: Example[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)```(\w*)\s*$/.exec(lines[i]);
    if (!fence) continue;
    const indent = fence[1].length;
    const kind = fence[2];
    let end = i + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end])) end++;
    const body = lines.slice(i + 1, end).map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length)));
    if (kind === "sh" || kind === "bash") {
      for (let j = 0; j < body.length; j++) {
        const start = j;
        let cmd = stripComment(body[j]);
        while (cmd.endsWith("\\") && j + 1 < body.length) cmd = cmd.slice(0, -1) + " " + stripComment(body[++j]).trim();
        if (cmd.trim()) out.push({ file, line: i + 2 + start, command: cmd.trim(), exit: 0 });
      }
    } else if (kind === "console") {
      for (let j = 0; j < body.length; j++) {
        if (!body[j].startsWith("$ ")) continue;
        const ex: Example = { file, line: i + 2 + j, command: body[j].slice(2).trim(), expected: [], exit: 0 };
        while (j + 1 < body.length && !body[j + 1].startsWith("$ ")) ex.expected!.push(body[++j]);
        const last = ex.expected!.at(-1);
        const exit = last === undefined ? null : /^\(exit (\d+)\)$/.exec(last.trim());
        if (exit) {
          ex.exit = Number(exit[1]);
          ex.expected!.pop();
        }
        while (ex.expected!.length && !ex.expected!.at(-1)!.trim()) ex.expected!.pop();
        out.push(ex);
      }
    }
    i = end;
  }
  return out;
}

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** True when `actual` matches `expected` line by line, `…` matching any text. */
export function outputMatches(expected: string[], actual: string): boolean {
  const got = actual.replace(ANSI, "").replace(/\r/g, "").split("\n").map((l) => l.trimEnd());
  while (got.length && !got.at(-1)) got.pop();
  if (got.length !== expected.length) return false;
  return expected.every((e, k) => {
    const pattern = e.trimEnd().split("…").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*");
    return new RegExp(`^${pattern}$`).test(got[k]);
  });
}

let sandbox = "";

/** A copy of the repository's files to run commands in, with its installed packages linked (linkPackages) and dist copied. */
function makeSandbox(): string {
  const dir = mkdtempSync(join(tmpdir(), "merlin-docs-"));
  const skip = new Set(["node_modules", "dist", ".git", ".merlin"]);
  cpSync(ROOT, dir, {
    recursive: true,
    preserveTimestamps: true, // so the simulator does not think the firmware is stale
    filter: (src) => !skip.has(relative(ROOT, src).split(/[\\/]/)[0]),
  });
  linkPackages(ROOT, dir);
  // A copy, not a link: `npm run build` in an example must not rewrite the bundles other test
  // files are reading.
  cpSync(join(ROOT, "dist"), join(dir, "dist"), { recursive: true, preserveTimestamps: true });
  return dir;
}

const ENV = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", npm_config_update_notifier: "false" };

function run(command: string, timeoutMs = 180_000): { code: number | null; out: string; err: string } {
  const r = spawnSync("bash", ["-c", command], { cwd: sandbox, env: ENV, encoding: "utf8", timeout: timeoutMs, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout ?? "", err: r.stderr ?? "" };
}

/** Starts a long-running command and resolves with what it printed once `ready` is seen. */
function startUntil(command: string, ready: RegExp, timeoutMs = 120_000): Promise<{ text: string; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", `exec ${command}`], { cwd: sandbox, env: ENV, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let text = "";
    const stop = () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ${ready} within ${timeoutMs} ms; it printed:\n${text}`));
    }, timeoutMs);
    const seen = (d: Buffer) => {
      text += d.toString();
      if (ready.test(text)) {
        clearTimeout(timer);
        resolve({ text, stop });
      }
    };
    child.stdout.on("data", seen);
    child.stderr.on("data", seen);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (!ready.test(text)) reject(new Error(`exited ${code} before ${ready}; it printed:\n${text}`));
    });
  });
}

/** The commands that are not simply run to completion, and what is done instead. */
const RULES: { test: RegExp; why: string; check: (cmd: string) => Promise<void> | void }[] = [
  {
    test: /^npm ci$/,
    why: "the install this run already stands on: the installed tree must be the lockfile's (running it here would replace node_modules under the other test files)",
    check: () => {
      const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")).packages as { [path: string]: { version?: string } };
      const installed = JSON.parse(readFileSync(join(ROOT, "node_modules", ".package-lock.json"), "utf8")).packages as { [path: string]: { version?: string } };
      const differ = Object.keys(installed).filter((path) => lock[path]?.version !== installed[path].version);
      expect(differ).toEqual([]);
      expect(Object.keys(installed).length).toBeGreaterThan(50);
    },
  },
  {
    test: /^npm run flash -- --port \/dev\/\S+(?!.*--dry-run)/,
    why: "flashing a board on a serial port: run with --dry-run here (the build, the image and every line it would type; the wire itself is tested against a fake console in firmware-flash.test.ts)",
    check: (cmd) => {
      const r = run(`${cmd} --dry-run`);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain('require("Storage").write(".bootcde"');
    },
  },
  {
    test: /^npm ci && npm test$/,
    why: "the test command itself: .ci/run must run exactly it",
    check: () => {
      const steps = readFileSync(join(ROOT, ".ci/run"), "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#") && !/^(set|cd) /.test(l));
      expect(steps).toEqual(["npm ci", "npm test"]);
    },
  },
  {
    test: /^(npm ci && )?(npm start|npx merlin sim)(?!.*--(basic|headless))/,
    why: "the terminal UI: run in a pseudo-terminal until it draws the toy, then quit with Q",
    check: (cmd) => {
      const command = cmd.replace(/^npm ci && /, "");
      // `script` gives it a terminal; Q (sent after the toy is drawn) quits it.
      const r = spawnSync("bash", ["-c", `(sleep 8; printf Q) | script -qec '${command} --fresh --quiet' /dev/null`], { cwd: sandbox, env: ENV, encoding: "utf8", timeout: 120_000 });
      const screen = (r.stdout ?? "").replace(ANSI, "");
      expect(screen).toContain("MERLIN");
      expect(r.status).toBe(0);
    },
  },
  {
    test: /^(npm ci && )?(npm run web|npx merlin web)(?!.*--build-only)(?!:build)/,
    why: "the web server: started on any free port (--port 0, so a server the reader left running, or another test run, is no obstacle) until it names its address, then its page is fetched",
    check: async (cmd) => {
      const command = cmd.replace(/^npm ci && /, "");
      const anyPort = /--port\b/.test(command) ? command.replace(/--port\s+\d+/, "--port 0") : command.startsWith("npm ") ? `${command} -- --port 0` : `${command} --port 0`;
      const server = await startUntil(anyPort, /http:\/\/127\.0\.0\.1:\d+\//);
      try {
        const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(server.text)![0];
        const page = await fetch(url);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain("<title>");
      } finally {
        server.stop();
      }
    },
  },
  {
    test: /^ESPRUINO_BIN=\S+ npm run (budget|speed)\b/,
    why: "a measurement on the reference interpreter (minutes, and an interpreter the project does not ship): its options are checked with --help",
    check: (cmd) => {
      const script = /npm run (budget|speed)/.exec(cmd)![1];
      const options = cmd.replace(/^ESPRUINO_BIN=\S+ npm run \w+/, "").replace(/^\s*--/, "").trim();
      const r = run(`npm run --silent ${script} -- ${options} --help`);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain(`npm run ${script}`);
    },
  },
  {
    test: /^ESPRUINO_BIN=\S+ npx vitest run /,
    why: "the optional real-interpreter suites: listed here (the full run takes minutes and needs ESPRUINO_BIN)",
    check: (cmd) => {
      // The same command with `list` for `run`: vitest collects the suites (they are collected
      // whenever ESPRUINO_BIN is set) without starting an interpreter.
      const listing = run(cmd.replace(" npx vitest run ", " npx vitest list "));
      expect(listing.code, listing.err).toBe(0);
      expect(listing.out.split("\n").filter((l) => l.includes(".test.ts")).length).toBeGreaterThan(0);
    },
  },
];

const EXAMPLES = documents().flatMap((f) => extractExamples(f, readFileSync(join(ROOT, f), "utf8")));

describe("the documentation's examples", () => {
  beforeAll(() => {
    sandbox = makeSandbox();
  });
  afterAll(() => {
    if (sandbox) rmSync(sandbox, { recursive: true, force: true });
  });

  it("finds examples in README.md and docs/", () => {
    expect(EXAMPLES.filter((e) => e.file === "README.md").length).toBeGreaterThan(5);
    expect(EXAMPLES.filter((e) => e.file.startsWith("docs")).length).toBeGreaterThan(5);
  });

  for (const ex of EXAMPLES) {
    it(`${ex.file}:${ex.line} ${ex.command}`, { timeout: 600_000 }, async () => {
      const rule = RULES.find((r) => r.test.test(ex.command));
      if (rule) return rule.check(ex.command);
      const r = run(ex.command);
      expect(r.code, `${ex.command}\n${r.err}`).toBe(ex.exit);
      if (ex.expected) {
        const shown = ex.exit === 0 ? r.out : r.out + r.err;
        expect(outputMatches(ex.expected, shown), `expected:\n${ex.expected.join("\n")}\ngot:\n${shown}`).toBe(true);
      }
    });
  }
});

describe("the example checker itself", () => {
  it("reads sh and console blocks, continuations, comments and exit codes", () => {
    const md = [
      "```sh",
      "npm run build   # the default board",
      "npx merlin solve \\",
      "  --all-lit",
      "echo '# not a comment'",
      "```",
      "```console",
      "$ npx merlin x",
      "line 1",
      "(exit 2)",
      "$ npx merlin y",
      "```",
    ].join("\n");
    const ex = extractExamples("X.md", md);
    expect(ex.map((e) => e.command)).toEqual(["npm run build", "npx merlin solve  --all-lit", "echo '# not a comment'", "npx merlin x", "npx merlin y"]);
    expect(ex[3]).toMatchObject({ expected: ["line 1"], exit: 2, line: 8 });
    expect(ex[4]).toMatchObject({ expected: [], exit: 0 });
  });

  it("compares output line by line, … matching anything, colours and trailing spaces ignored", () => {
    expect(outputMatches(["read … ms", "done"], "read 0.07 ms  \n\x1b[1mdone\x1b[0m\n")).toBe(true);
    expect(outputMatches(["read … ms"], "read 0.07 ms\nextra\n")).toBe(false);
    expect(outputMatches(["a.b"], "axb")).toBe(false);
  });
});

// tools/measurements.ts writes docs/measurements/NAME.md for every measuring script: these tests
// check what a reader of such a file relies on — where it goes, that its header names the
// machine, date, command, commit, Node, interpreter and load, the quiet/busy verdict from given
// load figures, and the tables — without timing anything.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  commandLine,
  cpuModel,
  elfBits,
  gitState,
  type HeaderFacts,
  markdownTable,
  measurementPath,
  MEASUREMENTS_DIR,
  quietVerdict,
  renderHeader,
  renderMeasurement,
  Report,
  repositoryRoot,
  writeMeasurement,
} from "../tools/measurements";
import { STEPS } from "../tools/measure";

const temps: string[] = [];
function temp(): string {
  const d = mkdtempSync(join(tmpdir(), "merlin-measurements-"));
  temps.push(d);
  return d;
}
afterEach(() => {
  while (temps.length > 0) rmSync(temps.pop()!, { recursive: true, force: true });
});

const facts: HeaderFacts = {
  command: "ESPRUINO_BIN=… npm run speed -- --repeat 5 --write",
  started: new Date("2026-03-04T05:06:07Z"),
  finished: new Date("2026-03-04T05:09:37Z"),
  machine: { cpu: "Example CPU 9000", cores: 4, memoryBytes: 8 * 2 ** 30 },
  git: { commit: "0123456789ab", dirty: true },
  node: "v20.1.2",
  loadBefore: [0.25, 0.5, 0.75],
  loadAfter: [1.5, 0.9, 0.8],
  interpreter: { variable: "ESPRUINO_BIN", file: "espruino", version: "2v29", build: "5e87b32", bits: 32, jsvars: 5100, blocksize: 13 },
  extra: [["browser", "Chromium 1.2.3"]],
};

describe("where a measurement is written", () => {
  it("is docs/measurements/NAME.md under the repository", () => {
    expect(measurementPath("device-speed", "/r")).toBe(join("/r", "docs", "measurements", "device-speed.md"));
    expect(MEASUREMENTS_DIR).toBe("docs/measurements");
  });

  it("refuses names that would leave the folder or are not plain", () => {
    for (const bad of ["../README", "a/b", "Speed", "", "x.md", "-x", "x-"]) expect(() => measurementPath(bad, "/r")).toThrow(/lower-case/);
  });

  it("finds the repository from a bundled copy's folder (tools/tsrun.mjs runs one from node_modules/.cache)", () => {
    const root = repositoryRoot();
    expect(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).name).toBe("merlin");
    expect(repositoryRoot(join(root, "node_modules", ".cache", "merlin-tsrun"))).toBe(root);
  });

  it("writes the text there, making the folder, and returns the path relative to the root", () => {
    const root = temp();
    expect(writeMeasurement("solver", "# x\n", root)).toBe(join("docs", "measurements", "solver.md"));
    expect(readFileSync(join(root, "docs", "measurements", "solver.md"), "utf8")).toBe("# x\n");
  });
});

describe("quiet or busy", () => {
  it("is quiet below 0.5 per core before, and below that plus the run's own process after", () => {
    expect(quietVerdict(0.9, 1.9, 2).quiet).toBe(true);
    expect(quietVerdict(1.0, 1.0, 2).quiet).toBe(false); // at the limit before: not below it
    expect(quietVerdict(0.2, 2.0, 2).quiet).toBe(false); // someone else ran during the run
    expect(quietVerdict(17.2, 20, 2).quiet).toBe(false);
    expect(quietVerdict(3.9, 4.5, 8).quiet).toBe(true);
  });

  it("says the threshold it used", () => {
    const v = quietVerdict(0.3, 0.4, 4);
    expect(v.before).toBe(2);
    expect(v.after).toBe(3);
    expect(v.text).toMatch(/^yes: /);
    expect(v.text).toContain("below 2.0 before (0.5 per core)");
    expect(v.text).toContain("below 3.0 after");
    expect(quietVerdict(5, 5, 4).text).toMatch(/^no: /);
  });

  it("takes another threshold per core", () => {
    expect(quietVerdict(1.5, 1.5, 2, 1).quiet).toBe(true);
    expect(quietVerdict(1.5, 1.5, 2).quiet).toBe(false);
  });
});

describe("tables", () => {
  it("renders a head, its rule and the rows", () => {
    expect(markdownTable(["a", "b"], [[1, "x"], ["y", 2.5]])).toEqual(["| a | b |", "|---|---|", "| 1 | x |", "| y | 2.5 |"]);
  });

  it("escapes a bar inside a cell and refuses rows of the wrong width", () => {
    expect(markdownTable(["code"], [["a|b"]])[2]).toBe("| a\\|b |");
    expect(() => markdownTable(["a", "b"], [["only one"]])).toThrow(/1 cells, the head 2/);
  });
});

describe("the header", () => {
  const lines = renderHeader(facts);
  const row = (name: string) => lines.find((l) => l.startsWith(`| ${name} |`));

  it("names the command, the date, the machine, the commit and Node", () => {
    expect(row("command")).toBe("| command | `ESPRUINO_BIN=… npm run speed -- --repeat 5 --write` |");
    expect(row("date")).toBe("| date | 2026-03-04 05:06 UTC (the run took 3 min 30 s) |");
    expect(row("machine")).toBe("| machine | Example CPU 9000, 4 cores, 8.0 GiB memory |");
    expect(row("commit")).toBe("| commit | 0123456789ab with uncommitted changes |");
    expect(row("Node")).toBe("| Node | v20.1.2 |");
  });

  it("names the interpreter by its variable, never its path, with version, word size and JsVars", () => {
    expect(row("interpreter")).toBe(
      "| interpreter | `ESPRUINO_BIN` (espruino): Espruino 2v29 for Linux (build 5e87b32), 32-bit, 5100 JsVars of 13 bytes |",
    );
    expect(row("browser")).toBe("| browser | Chromium 1.2.3 |");
  });

  it("gives the load averages before and after and the verdict with its threshold", () => {
    expect(row("load average (1 / 5 / 15 min)")).toBe("| load average (1 / 5 / 15 min) | before 0.25 / 0.50 / 0.75; after 1.50 / 0.90 / 0.80 |");
    expect(row("quiet")).toMatch(/^\| quiet \| yes: quiet means a 1-minute load average below 2\.0 before \(0\.5 per core\)/);
  });

  it("says busy when it was, a clean tree when it was, and leaves out what was not used", () => {
    const busy = renderHeader({ ...facts, loadBefore: [6, 5, 4], git: { commit: "abc", dirty: false }, interpreter: undefined, extra: undefined });
    expect(busy.some((l) => l.startsWith("| quiet | no: "))).toBe(true);
    expect(busy).toContain("| commit | abc (clean tree) |");
    expect(busy.some((l) => l.startsWith("| interpreter |"))).toBe(false);
    expect(renderHeader({ ...facts, git: null })).toContain("| commit | unknown (no git) |");
  });
});

describe("the file", () => {
  it("has the title, the fixed paragraph, how to rerun, the header, then the body", () => {
    const text = renderMeasurement({
      title: "Speed",
      about: "What is measured.",
      rerun: "npm run speed -- --write",
      header: facts,
      body: ["", "| a |", "|---|", "| 1 |", ""],
    });
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Speed");
    expect(text).toContain("do not edit by hand");
    expect(text).toContain("\nWhat is measured.\n");
    expect(text).toContain("Run again: `npm run speed -- --write` (this file only) or `npm run measure`");
    const order = ["What is measured.", "Run again:", "| command |", "| quiet |", "| a |"].map((s) => text.indexOf(s));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order.slice().sort((a, b) => a - b)).toEqual(order);
    expect(text.endsWith("| 1 |\n")).toBe(true);
  });
});

describe("the command line", () => {
  it("is `npm run NAME -- ARGS` under npm, quoting what a shell would need", () => {
    const argv = ["node", "/x/speed.ts", "--repeat", "5", "--board", "a b"];
    expect(commandLine(argv, { npm_lifecycle_event: "speed" }, [], "/x")).toBe("npm run speed -- --repeat 5 --board 'a b'");
    expect(commandLine(["node", "/x/speed.ts"], { npm_lifecycle_event: "speed" }, [], "/x")).toBe("npm run speed");
  });

  it("is the tsrun line without npm", () => {
    expect(commandLine(["node", "/r/test/bench/hotpath.ts", "--write"], {}, [], "/r")).toBe("node tools/tsrun.mjs test/bench/hotpath.ts --write");
  });

  it("shows the variables that were set, without their values", () => {
    const line = commandLine(["node", "/r/s.ts"], { npm_lifecycle_event: "budget", ESPRUINO_BIN: "/secret/place/espruino" }, ["ESPRUINO_BIN", "CHROMIUM_BIN"], "/r");
    expect(line).toBe("ESPRUINO_BIN=… npm run budget");
    expect(line).not.toContain("/secret");
  });
});

describe("facts read from the machine", () => {
  it("reads the CPU model from /proc/cpuinfo text, x86 or ARM", () => {
    expect(cpuModel("processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\nflags\t: fpu\n")).toBe("AMD EPYC 7B13");
    expect(cpuModel("processor\t: 0\nBogoMIPS\t: 108.00\n\nHardware\t: BCM2835\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n")).toBe("Raspberry Pi 4 Model B Rev 1.4");
    expect(cpuModel("processor : 0\n")).toBeUndefined();
  });

  it("reads an ELF file's word size from its class byte", () => {
    const d = temp();
    const elf = (cls: number) => Buffer.from([0x7f, 0x45, 0x4c, 0x46, cls, 1, 1, 0]);
    writeFileSync(join(d, "a32"), elf(1));
    writeFileSync(join(d, "a64"), elf(2));
    writeFileSync(join(d, "script"), "#!/bin/sh\n");
    expect(elfBits(join(d, "a32"))).toBe(32);
    expect(elfBits(join(d, "a64"))).toBe(64);
    expect(elfBits(join(d, "script"))).toBeNull();
    expect(elfBits(join(d, "missing"))).toBeNull();
  });

  it("reads the commit and counts changes outside docs/measurements only as dirty", () => {
    const d = temp();
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: d, stdio: "pipe" });
    git("init", "-q");
    writeFileSync(join(d, "a.txt"), "a\n");
    git("add", "a.txt");
    git("commit", "-q", "-m", "a");
    const head = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: d, encoding: "utf8" }).trim();
    expect(gitState(d)).toEqual({ commit: head, dirty: false });
    mkdirSync(join(d, "docs", "measurements"), { recursive: true });
    writeFileSync(join(d, "docs", "measurements", "solver.md"), "new\n");
    expect(gitState(d)).toEqual({ commit: head, dirty: false });
    writeFileSync(join(d, "a.txt"), "changed\n");
    expect(gitState(d)).toEqual({ commit: head, dirty: true });
    expect(gitState(temp())).toBeNull();
  });
});

describe("Report", () => {
  it("prints every line and keeps it for the file", () => {
    let printed = "";
    const r = new Report((s) => (printed += s));
    r.line("title");
    r.line();
    r.table(["a"], [[1]]);
    expect(r.lines).toEqual(["title", "", "| a |", "|---|", "| 1 |"]);
    expect(printed).toBe("title\n\n| a |\n|---|\n| 1 |\n");
  });
});

describe("npm run measure and the folder agree", () => {
  const files = STEPS.flatMap((s) => s.files);
  const folder = join(repositoryRoot(), MEASUREMENTS_DIR);

  it("writes each file once, under a valid name", () => {
    expect(new Set(files).size).toBe(files.length);
    for (const f of files) expect(() => measurementPath(f, "/r")).not.toThrow();
  });

  it("lists every file it writes in the folder's index, and the folder holds no file it does not write", () => {
    const index = readFileSync(join(folder, "README.md"), "utf8");
    for (const f of files) expect(index).toContain(`[${f}.md](${f}.md)`);
    const present = readdirSync(folder).filter((f) => f.endsWith(".md") && f !== "README.md");
    for (const f of present) expect(files).toContain(f.slice(0, -3));
  });

  it("runs the memory steps on ESPRUINO_BIN (32-bit) and the CPU steps on ESPRUINO_BIN64", () => {
    const needs = Object.fromEntries(STEPS.flatMap((s) => s.files.map((f) => [f, s.needs ?? null])));
    expect(needs["device-memory"]).toBe("ESPRUINO_BIN");
    expect(needs["cellsolve"]).toBe("ESPRUINO_BIN");
    expect(needs["device-speed"]).toBe("ESPRUINO_BIN64");
    expect(needs["device-speed-views"]).toBe("ESPRUINO_BIN64");
    expect(needs["solver"]).toBeNull();
  });
});

describe("npm run measure without the interpreters", () => {
  it("leaves their files as they are and says which and why, exit 0", () => {
    const root = repositoryRoot();
    const env: NodeJS.ProcessEnv = { ...process.env, ESPRUINO_BIN: "", ESPRUINO_BIN64: "" };
    const r = spawnSync(process.execPath, ["tools/tsrun.mjs", "tools/measure.ts", "--only", "cellsolve,device-speed,device-memory"], { cwd: root, env, encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("left as they are:");
    expect(r.stderr).toContain("docs/measurements/cellsolve.md: ESPRUINO_BIN is not set");
    expect(r.stderr).toContain("docs/measurements/device-memory.md: ESPRUINO_BIN is not set");
    expect(r.stderr).toContain("docs/measurements/device-speed.md: ESPRUINO_BIN64 is not set");
    // Nothing was run: no step's command line is announced.
    expect(r.stderr).not.toMatch(/measure: npm run/);
  });

  it("refuses a name it does not write, in one line, exit 2", () => {
    const r = spawnSync(process.execPath, ["tools/tsrun.mjs", "tools/measure.ts", "--only", "solver,speed"], { cwd: repositoryRoot(), encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^measure: --only takes names from hotpath, .*; got 'speed'\n$/);
  });
});

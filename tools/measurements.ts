/**
 * The measurement files, docs/measurements/NAME.md: every table of figures the project quotes is
 * written there by the script that measures it (`--write`), never copied by hand. Each file
 * starts with what was measured and how to measure it again, then a header saying where and
 * when: the machine (CPU model, cores, memory), the date, the exact command, the git commit
 * (and whether the tree had changes), Node's version, the Espruino interpreter where one ran,
 * and whether the machine was quiet (its load average before and after the run).
 *
 * `Report` collects what a script prints, so the same lines go to the terminal and to the file.
 */
import { execFileSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of the measurement files, relative to the repository. */
export const MEASUREMENTS_DIR = "docs/measurements";

/**
 * The machine counts as quiet while its 1-minute load average is below this many runnable
 * processes per core before the run, and below that plus one (the run's own process) after it.
 */
export const QUIET_PER_CORE = 0.5;

/** The repository: the nearest folder above this file holding the project's package.json (tools/tsrun.mjs runs a bundled copy from node_modules/.cache). */
export function repositoryRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "merlin") return dir;
      } catch {
        // not the project's: keep looking
      }
    }
    if (dirname(dir) === dir) throw new Error(`no merlin package.json above ${from}`);
  }
}

/** Where measurement `name` (lower-case letters, digits and dashes) is written. */
export function measurementPath(name: string, root = repositoryRoot()): string {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`measurement name '${name}': lower-case letters, digits and dashes only`);
  return join(root, MEASUREMENTS_DIR, name + ".md");
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryBytes: number;
}

/** The CPU model named in a /proc/cpuinfo text ("model name", or "Model"/"Hardware" on ARM boards). */
export function cpuModel(cpuinfo: string): string | undefined {
  for (const key of ["model name", "Model", "Hardware"]) {
    const m = new RegExp(`^${key}\\s*:\\s*(.+)$`, "m").exec(cpuinfo);
    if (m && m[1].trim() !== "") return m[1].trim();
  }
  return undefined;
}

/** This machine: the CPU model from /proc/cpuinfo (Node's name for it elsewhere), its logical cores and its memory. */
export function machine(): Machine {
  let cpu: string | undefined;
  try {
    cpu = cpuModel(readFileSync("/proc/cpuinfo", "utf8"));
  } catch {
    cpu = undefined;
  }
  const list = cpus();
  return { cpu: cpu ?? list[0]?.model ?? "unknown", cores: list.length, memoryBytes: totalmem() };
}

export interface GitState {
  commit: string;
  /** Changes (tracked or untracked) outside docs/measurements when the run started. */
  dirty: boolean;
}

/** The commit checked out in `root` and whether the work tree differs from it; null where git or the repository is missing. */
export function gitState(root = repositoryRoot()): GitState | null {
  try {
    const run = (args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const commit = run(["rev-parse", "--short=12", "HEAD"]).trim();
    // The measurement files themselves are left out: `npm run measure` writes them one after another.
    const status = run(["status", "--porcelain", "--", ".", `:(exclude)${MEASUREMENTS_DIR}`]);
    return { commit, dirty: status.trim() !== "" };
  } catch {
    return null;
  }
}

/** 32 or 64 from an ELF file's class byte; null for anything else. */
export function elfBits(file: string): 32 | 64 | null {
  try {
    const fd = openSync(file, "r");
    try {
      const head = Buffer.alloc(5);
      readSync(fd, head, 0, 5, 0);
      if (head.readUInt32BE(0) !== 0x7f454c46) return null;
      return head[4] === 1 ? 32 : head[4] === 2 ? 64 : null;
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}

/** An Espruino interpreter for Linux as a measurement names it (never by its path: only the variable that named it). */
export interface Interpreter {
  /** The environment variable that named the binary, e.g. ESPRUINO_BIN. */
  variable: string;
  /** The binary's file name. */
  file: string;
  version: string;
  /** The git commit its build recorded (process.env.GIT_COMMIT: of the source tree it was built in). */
  build: string;
  bits: 32 | 64 | null;
  jsvars: number;
  /** Bytes per JsVar (process.memory().blocksize). */
  blocksize: number;
}

/** Asks the interpreter at `bin` (named by environment variable `variable`) what it is: version, build, JsVars, word size. */
export async function describeInterpreter(bin: string, variable = "ESPRUINO_BIN"): Promise<Interpreter> {
  const { Espruino, freshFlashDir } = await import("../firmware/measure/espruino-bin");
  const { rmSync } = await import("node:fs");
  const dir = freshFlashDir();
  try {
    const e = await Espruino.start(bin, dir, { echo: false });
    try {
      const r = (await e.eval("[process.version,process.env.GIT_COMMIT,process.memory().total,process.memory().blocksize]")) as [string, string, number, number];
      return { variable, file: basename(bin), version: r[0], build: r[1], bits: elfBits(bin), jsvars: r[2], blocksize: r[3] };
    } finally {
      await e.kill();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function interpreterText(i: Interpreter): string {
  const bits = i.bits === null ? "word size unknown" : `${i.bits}-bit`;
  return `\`${i.variable}\` (${i.file}): Espruino ${i.version} for Linux (build ${i.build}), ${bits}, ${i.jsvars} JsVars of ${i.blocksize} bytes`;
}

export interface Verdict {
  quiet: boolean;
  /** The limits the 1-minute load average was held to, before and after. */
  before: number;
  after: number;
  text: string;
}

/**
 * Quiet or busy, from the 1-minute load averages before and after a run on `cores` cores:
 * quiet when the one before is below perCore × cores and the one after below that plus one,
 * the run's own process.
 */
export function quietVerdict(before: number, after: number, cores: number, perCore = QUIET_PER_CORE): Verdict {
  const limit = perCore * cores;
  const quiet = before < limit && after < limit + 1;
  const rule = `quiet means a 1-minute load average below ${num(limit)} before (${perCore} per core) and below ${num(limit + 1)} after (the run's own process adds up to 1)`;
  return { quiet, before: limit, after: limit + 1, text: `${quiet ? "yes" : "no"}: ${rule}` };
}

function num(x: number): string {
  return Number.isInteger(x) ? x.toFixed(1) : String(Math.round(x * 100) / 100);
}

/** A run under way: when it started, the load average then and the commit it measures. */
export interface Run {
  started: Date;
  loadBefore: number[];
  git: GitState | null;
}

export function startRun(): Run {
  return { started: new Date(), loadBefore: loadavg(), git: gitState() };
}

export interface HeaderFacts {
  command: string;
  started: Date;
  finished: Date;
  machine: Machine;
  git: GitState | null;
  node: string;
  loadBefore: number[];
  loadAfter: number[];
  interpreter?: Interpreter;
  /** More rows (name, value), e.g. the browser's version. */
  extra?: [string, string][];
}

/** The header facts of a run that has just ended, on this machine. */
export function finishRun(run: Run, command: string, more: { interpreter?: Interpreter; extra?: [string, string][] } = {}): HeaderFacts {
  return {
    command,
    started: run.started,
    finished: new Date(),
    machine: machine(),
    git: run.git,
    node: process.version,
    loadBefore: run.loadBefore,
    loadAfter: loadavg(),
    interpreter: more.interpreter,
    extra: more.extra,
  };
}

function utc(d: Date): string {
  return d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${s % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

function loads(l: number[]): string {
  return l.map((x) => x.toFixed(2)).join(" / ");
}

/** A Markdown table: the head, its rule, then the rows, each cell as given. */
export function markdownTable(head: string[], rows: (string | number)[][]): string[] {
  for (const r of rows) if (r.length !== head.length) throw new Error(`a table row has ${r.length} cells, the head ${head.length}: ${r.join(" | ")}`);
  const line = (cells: (string | number)[]) => `| ${cells.map((c) => String(c).replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(head), `|${head.map(() => "---").join("|")}|`, ...rows.map(line)];
}

/** The header as a two-column table. */
export function renderHeader(h: HeaderFacts): string[] {
  const gib = (h.machine.memoryBytes / 2 ** 30).toFixed(1);
  const verdict = quietVerdict(h.loadBefore[0], h.loadAfter[0], h.machine.cores);
  const rows: [string, string][] = [
    ["command", "`" + h.command + "`"],
    ["date", `${utc(h.started)} (the run took ${duration(h.finished.getTime() - h.started.getTime())})`],
    ["machine", `${h.machine.cpu}, ${h.machine.cores} cores, ${gib} GiB memory`],
    ["commit", h.git === null ? "unknown (no git)" : `${h.git.commit}${h.git.dirty ? " with uncommitted changes" : " (clean tree)"}`],
    ["Node", h.node],
  ];
  if (h.interpreter) rows.push(["interpreter", interpreterText(h.interpreter)]);
  for (const e of h.extra ?? []) rows.push(e);
  rows.push(["load average (1 / 5 / 15 min)", `before ${loads(h.loadBefore)}; after ${loads(h.loadAfter)}`]);
  rows.push(["quiet", verdict.text]);
  return markdownTable(["", ""], rows);
}

export interface MeasurementDoc {
  title: string;
  /** The fixed paragraph: what is measured and how. */
  about: string;
  /** How to run it again (a command line). */
  rerun: string;
  header: HeaderFacts;
  /** The tables and notes the script printed. */
  body: string[];
}

/** The whole file. */
export function renderMeasurement(d: MeasurementDoc): string {
  return [
    `# ${d.title}`,
    "",
    `<!-- Written by \`${d.rerun}\`: do not edit by hand, run it again. -->`,
    "",
    d.about,
    "",
    `Run again: \`${d.rerun}\` (this file only) or \`npm run measure\` (every file in ${MEASUREMENTS_DIR}/).`,
    "",
    ...renderHeader(d.header),
    "",
    ...trimBlank(d.body),
    "",
  ].join("\n");
}

function trimBlank(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a].trim() === "") a++;
  while (b > a && lines[b - 1].trim() === "") b--;
  return lines.slice(a, b);
}

/** Writes measurement `name` and returns its path relative to `root`. */
export function writeMeasurement(name: string, text: string, root = repositoryRoot()): string {
  const file = measurementPath(name, root);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return relative(root, file);
}

/** A word as a shell would need it quoted. */
function shellWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command that ran this script, as typed: `npm run NAME -- ARGS` under npm, else
 * `node tools/tsrun.mjs FILE ARGS`; each of `variables` that is set is shown first as
 * `NAME=…` (their values are paths on one machine).
 */
export function commandLine(argv: string[], env: NodeJS.ProcessEnv, variables: string[] = [], root = repositoryRoot()): string {
  const args = argv.slice(2).map(shellWord).join(" ");
  const event = env.npm_lifecycle_event;
  const base = event
    ? `npm run ${event}${args ? " -- " + args : ""}`
    : `node tools/tsrun.mjs ${relative(root, argv[1] ?? "")}${args ? " " + args : ""}`;
  const vars = variables.filter((v) => env[v] !== undefined && env[v] !== "").map((v) => `${v}=…`);
  return [...vars, base].join(" ");
}

/**
 * What a script prints, kept: every line goes to stdout as before and is remembered for the
 * measurement file. `note` lines go to stderr only (progress).
 */
export class Report {
  readonly lines: string[] = [];
  constructor(private readonly out: (s: string) => void = (s) => process.stdout.write(s)) {}

  line(text = ""): void {
    this.lines.push(text);
    this.out(text + "\n");
  }

  table(head: string[], rows: (string | number)[][]): void {
    for (const l of markdownTable(head, rows)) this.line(l);
  }
}

/**
 * The end of a measuring script: with `write`, the file `name` written from the report and the
 * header facts (and its path printed on stderr); without, nothing.
 */
export function finishMeasurement(
  write: boolean,
  name: string,
  doc: { title: string; about: string; rerun: string },
  run: Run,
  report: Report,
  more: { interpreter?: Interpreter; extra?: [string, string][]; variables?: string[] } = {},
): void {
  if (!write) return;
  const header = finishRun(run, commandLine(process.argv, process.env, more.variables ?? []), more);
  const path = writeMeasurement(name, renderMeasurement({ ...doc, header, body: report.lines }));
  process.stderr.write(`wrote ${path}\n`);
}

/**
 * Counting an Espruino interpreter's instructions with valgrind's callgrind, for `npm run speed
 * -- --count`: a count of the instructions the interpreter executes for a console line does not
 * depend on the machine's load, so the same commit, interpreter and Node give the same figure on
 * every run, where CPU time moves with whatever else the machine is doing.
 *
 * The interpreter runs under callgrind with collection off except inside jspEvaluateVar (the C
 * function of Espruino's src/jsparse.c that evaluates one console line), and callgrind writes a
 * file of what it counted each time that function returns, zeroing its counters: one file per
 * console line, numbered callgrind.out.1, .2, … in the interpreter's folder. What the
 * interpreter does between lines — its idle loop, timers firing, printing — is not counted.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Espruino } from "../firmware/measure/espruino-bin";

/** The interpreter's C function that runs one console line (and each boot file). */
export const LINE_FUNCTION = "jspEvaluateVar";

/** The file callgrind writes in the interpreter's folder, numbered .1, .2, … per dump. */
export const DUMP_FILE = "callgrind.out";

/** valgrind's arguments: count instructions inside LINE_FUNCTION only, one file per line. */
export const CALLGRIND_ARGS = [
  "-q",
  "--tool=callgrind",
  "--collect-atstart=no",
  `--toggle-collect=${LINE_FUNCTION}`,
  `--dump-after=${LINE_FUNCTION}`,
  "--dump-line=no",
  `--callgrind-out-file=${DUMP_FILE}`,
];

/**
 * The counts a callgrind output file ends with: each event its header names (`events: Ir …`)
 * with its total (`totals:`, or `summary:` in files without one). Null while the file is not yet
 * written whole: callgrind writes the totals last.
 */
export function callgrindTotals(text: string): Record<string, number> | null {
  const events = /^events:\s*(.+)$/m.exec(text);
  const totals = /^totals:\s*(.+)$/m.exec(text) ?? /^summary:\s*(.+)$/m.exec(text);
  if (!events || !totals) return null;
  const names = events[1].trim().split(/\s+/);
  const values = totals[1].trim().split(/\s+/).map(Number);
  const out: Record<string, number> = {};
  // A total callgrind leaves out is zero (it writes trailing zero counts as nothing).
  names.forEach((n, i) => (out[n] = values[i] ?? 0));
  if (Object.values(out).some((v) => !Number.isFinite(v))) throw new Error(`callgrind totals '${totals[1]}' are not numbers`);
  return out;
}

/** The highest dump number in `dir` (0 before the first). */
export function lastDump(dir: string): number {
  let n = 0;
  for (const f of readdirSync(dir)) {
    const m = /^callgrind\.out\.(\d+)$/.exec(f);
    if (m) n = Math.max(n, Number(m[1]));
  }
  return n;
}

/** Instructions (Ir) in dump `n` of `dir`, null while it is not written whole. */
export function dumpInstructions(dir: string, n: number): number | null {
  const file = join(dir, `${DUMP_FILE}.${n}`);
  if (!existsSync(file)) return null;
  const t = callgrindTotals(readFileSync(file, "utf8"));
  if (t === null) return null;
  if (t.Ir === undefined) throw new Error(`${file} counts no instructions (events: ${Object.keys(t).join(" ")})`);
  return t.Ir;
}

/**
 * A script that runs `bin` under callgrind as CALLGRIND_ARGS say, written to `file`: an
 * interpreter started from it is the interpreter, counted.
 */
export function writeCountingWrapper(file: string, bin: string): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  writeFileSync(file, `#!/bin/sh\nexec valgrind ${CALLGRIND_ARGS.map(q).join(" ")} ${q(bin)} "$@"\n`);
  chmodSync(file, 0o755);
  return file;
}

function hasValgrind(): boolean {
  return spawnSync("valgrind", ["--version"], { stdio: "ignore" }).status === 0;
}

/**
 * Null when valgrind runs; else it is installed from Debian (apt-get, as root only) and null
 * when that worked; else one line saying how to get it.
 */
export function ensureValgrind(log: (s: string) => void = (s) => process.stderr.write(s)): string | null {
  if (hasValgrind()) return null;
  const how = "install valgrind (Debian/Ubuntu: sudo apt-get install valgrind)";
  if (typeof process.getuid !== "function" || process.getuid() !== 0 || !existsSync("/usr/bin/apt-get")) {
    return `counting needs valgrind's callgrind, which is not installed: ${how}`;
  }
  log("speed: valgrind is missing; installing it with apt-get\n");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () => spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "valgrind"], { stdio: "inherit", env }).status === 0;
  if (!install()) {
    spawnSync("apt-get", ["update"], { stdio: "inherit", env });
    install();
  }
  return hasValgrind() ? null : `apt-get could not install valgrind (see above): ${how}`;
}

/**
 * How far apart runs' counts are, each run a list of figures in the same order: "identical", or
 * "within X %", the largest (max − min) / min over the figures.
 */
export function agreement(runs: number[][]): string {
  let worst = 0;
  for (let i = 0; i < (runs[0]?.length ?? 0); i++) {
    const xs = runs.map((r) => r[i]);
    const lo = Math.min(...xs);
    const hi = Math.max(...xs);
    if (hi !== lo) worst = Math.max(worst, lo > 0 ? (hi - lo) / lo : Infinity);
  }
  return worst === 0 ? "identical" : `within ${(worst * 100).toFixed(3)} %`;
}

/** Scripts that run an interpreter counted under callgrind, by the interpreter they run. */
const countingBins = new Map<string, string>();

/** A script, in a folder of its own, that runs the interpreter `bin` counted (writeCountingWrapper). */
export function countingRunner(bin: string): string {
  let w = countingBins.get(bin);
  if (w === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "merlin-counted-"));
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    countingBins.set(bin, (w = writeCountingWrapper(join(dir, "espruino"), bin)));
  }
  return w;
}

let countedLines = 0;

/** Timeouts (not intervals) due within the next minute: the LED flash, the cue's notes, the save. */
const PENDING = '(function(){var T=global["\\xFF"].timers,n=0;for(var k in T)if(!T[k].intr&&T[k].time<6e7)n++;return n})()';

/**
 * Waits until the timeouts an earlier line set have fired. When they fire is the clock's
 * business, and a line counted while they are pending finds other timers (and other state)
 * than one counted after: counted lines start with none due soon, only the idle timer's
 * minutes and any interval.
 */
export async function settle(e: Espruino): Promise<void> {
  const deadline = Date.now() + 120_000;
  while ((await e.eval(PENDING)) !== 0) {
    if (Date.now() > deadline) throw new Error("timeouts still pending after 2 minutes: a counted line would not start from the same state");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The instructions one console line costs on an interpreter started from countingRunner: its
 * callgrind file. The line prints its marker from a timer, which runs after the line has
 * returned and its file is written; no other line runs meanwhile, so it is the last file.
 *
 * The line starts with a garbage collection (process.memory()), which relinks the free
 * variables in address order. Without it, the order is whatever the timers that ran since left
 * (the blinking LEDs' interval runs as often as the clock says), and that order decides how long
 * a search for contiguous blocks takes and whether it ends in a collection: counts 2 % apart
 * between runs. A line measured against an empty one pays the collection in both.
 */
export async function countLine(e: Espruino, line: string): Promise<number> {
  await settle(e);
  const n = ++countedLines;
  const from = e.output.length;
  e.send(`try{process.memory();${line}}catch(x){print("<<X"+${n}+">>"+x)}setTimeout(function(){print("<<C"+${n}+">>")},0)\n`);
  await e.waitFor((out) => out.indexOf(`<<C${n}>>`, from) >= 0, 3_600_000, `the end of a counted line: ${line.slice(0, 80)}`);
  const error = new RegExp(`<<X${n}>>(.*)`).exec(e.output.slice(from));
  if (error) throw new Error(`a counted line threw: ${error[1]}`);
  const ir = dumpInstructions(e.dir, lastDump(e.dir));
  if (ir === null) throw new Error("callgrind wrote no count for a console line: the interpreter needs its symbols (a stripped ESPRUINO_BIN cannot be counted)");
  return ir;
}

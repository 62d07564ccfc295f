// Peak memory of `merlin solve` on the largest boards of one row or one column, and on an
// endless pipe, measured in a child process: a preloaded script writes the process's peak
// resident set (process.resourceUsage().maxRSS) to a file as it exits. The bound is taken
// above the same command's peak on a 1×1 board (Node, the bundled CLI: the baseline).
// The pipes are real shell pipes (`--from-file /dev/stdin`), as a user would type them.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hangAfter } from "./helpers/time-limits";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(join(tmpdir(), "merlin-memory-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PRELOAD = join(dir, "peak.cjs");
writeFileSync(
  PRELOAD,
  'process.on("exit", () => require("node:fs").writeFileSync(process.env.MERLIN_PEAK_FILE, String(process.resourceUsage().maxRSS)));\n',
);

/** The shell words that run `merlin` from source with the peak-memory preload. */
const MERLIN = ["node", "-r", PRELOAD, join(ROOT, "tools", "tsrun.mjs"), join(ROOT, "sim", "cli", "entry.ts")].map((w) => `'${w}'`).join(" ");

interface Run {
  code: number | null;
  out: string;
  err: string;
  /** Peak resident memory of the merlin process, bytes. */
  peak: number;
}

let runs = 0;

/** Runs `input | merlin ARGS` (or merlin alone) in sh and reads merlin's peak memory. */
function run(args: string, input?: string): Promise<Run> {
  const peakFile = join(dir, `peak-${++runs}.txt`);
  const cmd = (input !== undefined ? `${input} | ` : "") + `${MERLIN} ${args}`;
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", cmd], { cwd: ROOT, env: { ...process.env, MERLIN_PEAK_FILE: peakFile }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => {
      try {
        resolve({ code, out, err, peak: Number(readFileSync(peakFile, "utf8")) * 1024 });
      } catch (e) {
        reject(new Error(`no peak memory from '${cmd}' (exit ${code}): ${err}`));
      }
    });
  });
}

const SOLVE = "solve --pattern plus";
/** 2^27 cells: a few seconds; ≡ 2 (mod 3), so the line has nullity 1 and two solutions to choose from. */
const N = 1 << 27;
const MB = 1 << 20;

describe("peak memory of merlin solve on boards of one row or one column", () => {
  let baseline = 0;
  beforeAll(async () => {
    const r = await run(`${SOLVE} --rows 1 --cols 1 --all-lit --json`);
    expect(r.code).toBe(0);
    baseline = r.peak;
    expect(baseline).toBeGreaterThan(10 * MB); // a real measurement, not a default
  });

  /** All lit to dark on a line of n cells: presses every third cell, ⌈n/3⌉ (the fewest; unique unless n ≡ 2 mod 3). */
  function expectLitLine(r: Run, rows: number, cols: number): void {
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out.split("\n")).toHaveLength(2); // one JSON line
    const n = rows * cols;
    expect(JSON.parse(r.out)).toMatchObject({ solvable: true, moves: Math.ceil(n / 3), nullity: n % 3 === 2 ? 1 : 0, minimal: true, rows, cols, verified: true });
  }

  it(`1×${N} all lit: at most 2 bytes a cell above the baseline`, async () => {
    const r = await run(`${SOLVE} --rows 1 --cols ${N} --all-lit --json`);
    expectLitLine(r, 1, N);
    expect(r.peak - baseline).toBeLessThanOrEqual(2 * N);
  });

  it(`${N}×1 all lit: at most 2 bytes a cell above the baseline`, async () => {
    const r = await run(`${SOLVE} --rows ${N} --cols 1 --all-lit --json`);
    expectLitLine(r, N, 1);
    expect(r.peak - baseline).toBeLessThanOrEqual(2 * N);
  });

  it(`${N}×1 read from a pipe, one digit a line: at most 2 bytes a cell above the baseline`, async () => {
    const r = await run(`${SOLVE} --from-file /dev/stdin --json`, `yes 1 | head -n ${N}`);
    expectLitLine(r, N, 1);
    expect(r.peak - baseline).toBeLessThanOrEqual(2 * N);
  });

  it("an endless pipe of one-digit lines (yes 1) is refused at the cell limit: exit 2, one line, at most 1 GB", async () => {
    const r = await run(`${SOLVE} --from-file /dev/stdin --json`, "yes 1");
    expect(r.out).toBe("");
    expect(r.err).toBe("merlin solve: /dev/stdin has more than 1073741824 rows of 1 cell: at most 1073741824 cells are supported\n");
    expect(r.code).toBe(2);
    expect(r.peak).toBeLessThanOrEqual(1024 * MB);
  }, hangAfter(120_000));
});

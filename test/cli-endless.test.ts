// Input that never ends: `yes | merlin play`, `yes 1 | merlin sim --basic`. The BASIC dialogue
// stops after MAX_IDLE_LINES lines in a row that change nothing or repeat the line before, with
// one line on standard error and exit status 2, having read a bounded part of the stream; what
// --json keeps of refused inputs is bounded too. Different legal moves play on, and a good line
// starts the count again.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MAX_IDLE_LINES, MAX_KEPT_ERRORS } from "../sim/basic-dialogue";
import { merlin, MerlinRun } from "./helpers/cli";

/** A stream that repeats `lines` for ever (in object mode, a line a chunk), counting what was read. */
function endless(lines: string[]): { stream: Readable; read: () => number } {
  let n = 0;
  const stream = new Readable({
    objectMode: true,
    highWaterMark: 1,
    read() {
      this.push(lines[n++ % lines.length] + "\n");
    },
  });
  return { stream, read: () => n };
}

const STOPPED = new RegExp(`^merlin (play|sim): stopped after ${MAX_IDLE_LINES} lines in a row that were refused or repeated the line before \\(the last: '[^']*'\\); it takes keys 1-9, h c u redo s n \\? q, and Y or N after a game\\n$`);

/** Stopped as it should be: exit 2, the one line, a bounded part of the stream read and printed. */
function expectStopped(r: MerlinRun, read: number): void {
  expect(r.err).toMatch(STOPPED);
  expect(r.code).toBe(2);
  // What was read: the run, the moves before it (a basic game ends within 20) and what the
  // stream had buffered.
  expect(read).toBeLessThan(MAX_IDLE_LINES + 40);
  // Each line prints at most a board and a prompt.
  expect(r.out.length).toBeLessThan((MAX_IDLE_LINES + 40) * 100);
  expect(r.out.endsWith("\n")).toBe(true);
}

describe("merlin play and merlin sim --basic on input that never ends", () => {
  it.each([
    ["`yes`: every line illegal", ["play", "--seed", "1"], ["y"]],
    ["`yes 1`: a game lost after 20 moves, then TRY AGAIN answered 1", ["play", "--seed", "1"], ["1"]],
    ["`yes 1` under merlin1978 (no move limit): the same legal line for ever", ["play", "--seed", "1", "--rules", "merlin1978"], ["1"]],
    ["empty lines", ["play", "--seed", "1"], [""]],
    ["illegal lines that differ", ["play", "--seed", "1"], ["a", "b", "10", "-3"]],
    ["TRY AGAIN answered with neither Y nor N", ["play", "--start", "110110000"], ["1", "maybe", "later"]],
    ["sim --basic, `yes 1`", ["sim", "--basic", "--seed", "1"], ["1"]],
  ])("%s: one line, exit 2", async (_, argv, lines) => {
    const input = endless(lines);
    const r = await merlin(argv, input.stream);
    expectStopped(r, input.read());
  });

  it("different legal moves play on to the end of input, however many", async () => {
    const input = "1\n2\n".repeat(MAX_IDLE_LINES * 5) + "q\n";
    const r = await merlin(["play", "--seed", "1", "--rules", "merlin1978"], input);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out.split("ASSIGN#").length - 1).toBe(MAX_IDLE_LINES * 10 + 1);
  });

  it("a line that plays starts the count again", async () => {
    const junk = "x\n".repeat(MAX_IDLE_LINES - 1);
    const r = await merlin(["play", "--seed", "1"], junk + "h\n" + junk + "q\n");
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
  });

  it("--json keeps the first refused inputs and counts them all", async () => {
    const r = await merlin(["play", "--seed", "1", "--json", "--keys", Array(1000).fill("x").join(" ")]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.errors).toHaveLength(MAX_KEPT_ERRORS);
    expect(j.errors[0]).toEqual({ at: 1, input: "x", why: "'x' is not a key number (1 to 9) or one of h c u redo s n ? q" });
    expect(j.errors.at(-1).at).toBe(MAX_KEPT_ERRORS);
    expect(j.refused).toBe(1000);
  });
});

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("`yes | merlin play` as a shell runs it", () => {
  it("ends with one line and exit 2, its heap held to 150 MB", async () => {
    const merlinCmd = ["node", "--max-old-space-size=150", join(ROOT, "tools", "tsrun.mjs"), join(ROOT, "sim", "cli", "entry.ts")].map((w) => `'${w}'`).join(" ");
    const r = await new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
      const child = spawn("sh", ["-c", `yes | ${merlinCmd} play --seed 1`], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      let err = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (err += d));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, out, err }));
    });
    expect(r.err).toMatch(STOPPED);
    expect(r.code).toBe(2);
    expect(r.out.length).toBeLessThan((MAX_IDLE_LINES + 40) * 100);
  });
});

// The `merlin` command run in-process through its dispatcher, as the tests call it.
import { Readable } from "node:stream";
import { expect } from "vitest";
import { runMerlin } from "../../sim/cli/main";

export interface MerlinRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `merlin ARGV…`; `stdin` (text or a stream) is what the command reads as standard input. */
export async function merlin(argv: string[], stdin?: string | NodeJS.ReadableStream): Promise<MerlinRun> {
  let out = "";
  let err = "";
  const input = typeof stdin === "string" ? Readable.from([stdin]) : stdin;
  const code = await runMerlin(argv, { out: (t) => void (out += t), err: (t) => void (err += t), stdin: input });
  return { code, out, err };
}

/** A user's mistake: exit 2, nothing on stdout, one line on stderr matching `message`. Returns that line. */
export async function expectInputError(argv: string[], message: RegExp, stdin?: string | NodeJS.ReadableStream): Promise<string> {
  const r = await merlin(argv, stdin);
  expect(r.code).toBe(2);
  expect(r.out).toBe("");
  expect(r.err).toMatch(message);
  expect(r.err.endsWith("\n")).toBe(true);
  expect(r.err.trimEnd().split("\n")).toHaveLength(1);
  return r.err;
}

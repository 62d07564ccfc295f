/**
 * Runs a firmware bundle on a real Espruino interpreter for Linux, named by the ESPRUINO_BIN
 * environment variable (the project never builds or ships one). The bundle is written to the
 * interpreter's flash as .bootcde — what `npm run flash` (SAVE_ON_SEND=1) does on a board —
 * and a fresh interpreter boots from it, so code runs from flash as on the toy.
 *
 * The Linux build has pins D0…D32 only, so a prelude aliases the profile's pin names to them;
 * setDeepSleep does not exist there and becomes a no-op. Nothing else is changed.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Profile } from "../../hardware/profile";
import { profilePins } from "./build";

export function espruinoBin(): string | undefined {
  const bin = process.env.ESPRUINO_BIN;
  return bin && bin.length > 0 ? bin : undefined;
}

/** The Linux-pin prelude for a profile's bundle. */
export function linuxPrelude(p: Profile): string {
  const pins = profilePins(p);
  let s = "";
  for (let i = 0; i < pins.length; i++) s += `var ${pins[i]}=D${i};`;
  return s + 'if(typeof setDeepSleep==="undefined")global.setDeepSleep=function(){};\n';
}

/** Printed when a run is over, so the interpreter can be ended at once. */
const DONE = "@@ done";
/** The marker built at run time, so the interpreter's echo of the input does not contain it. */
const DONE_EXPR = '"@@ d"+"one"';

interface RunOptions {
  /** Wall-clock limit for the interpreter, ms. */
  timeoutMs: number;
  cwd: string;
}

/** Feeds `input` to an interactive interpreter, waits `settleMs`, ends it, returns stdout. */
function runInteractive(bin: string, input: string, settleMs: number, opts: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [], { cwd: opts.cwd, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString("latin1")));
    child.stderr.on("data", (d: Buffer) => (out += d.toString("latin1")));
    const killer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      child.stdin.write("\x04");
      child.stdin.end();
    };
    child.stdout.on("data", () => {
      if (out.includes(DONE)) end();
    });
    child.on("error", reject);
    child.on("close", () => {
      clearTimeout(killer);
      resolve(out.replace(/\r/g, ""));
    });
    child.stdin.write(input);
    // Keep stdin open while the code runs (a closed stdin makes the interpreter read junk),
    // then send Ctrl-D, which ends the interactive interpreter.
    const timer = setTimeout(end, settleMs);
    child.on("close", () => clearTimeout(timer));
  });
}

/** Storage.write calls that put `code` into flash as .bootcde in 512-byte pieces. */
function flashWrites(code: string): string {
  const CHUNK = 512;
  let s = "";
  for (let i = 0; i < code.length; i += CHUNK) {
    const piece = JSON.stringify(code.slice(i, i + CHUNK));
    s += `require("Storage").write(".bootcde",${piece},${i},${code.length});\n`;
  }
  return s + 'print("FLASHED "+require("Storage").read(".bootcde").length);print(' + DONE_EXPR + ");\n";
}

export interface BootRun {
  /** Lines printed with the marker `@@ ` by the script, without the marker. */
  results: string[];
  /** Everything the interpreter printed. */
  output: string;
}

/**
 * Flashes `bundle` (with the Linux prelude), boots it in a fresh interpreter and runs
 * `script` (Espruino JS) `delayMs` after boot; the script reports with print("@@ "+…).
 */
export async function bootAndRun(bin: string, p: Profile, bundle: string, script: string, delayMs: number, runMs: number): Promise<BootRun> {
  const dir = mkdtempSync(join(tmpdir(), "merlin-espruino-"));
  try {
    const code = linuxPrelude(p) + bundle;
    const flashed = await runInteractive(bin, flashWrites(code), 3000, { cwd: dir, timeoutMs: 20000 });
    if (!flashed.includes("FLASHED " + code.length)) throw new Error("could not write .bootcde:\n" + flashed.slice(-2000));
    const wrapped = `setTimeout(function(){${script};print(${DONE_EXPR});},${delayMs});\n`;
    const output = await runInteractive(bin, wrapped, delayMs + runMs, { cwd: dir, timeoutMs: delayMs + runMs + 20000 });
    const results: string[] = [];
    for (const line of output.split("\n")) {
      const i = line.indexOf("@@ ");
      if (i >= 0 && !line.includes(DONE)) results.push(line.slice(i + 3));
    }
    return { results, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `npm run flash` as a maker runs it (a child process, its exit status and both outputs), and
 * the Espruino interpreter's console over TCP that flashing tests write to (ESPRUINO_BIN).
 *
 * The Linux build's telnet port is fixed (2323) and test files run in parallel: a test that
 * needs the port holds it (holdPort, a lock file naming the holding process) from before its
 * interpreter starts until dispose. Another program may still hold the port (other work on the
 * same machine): telnetInterpreter waits for it, and checks that it talks to its own
 * interpreter (a nonce).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Espruino, freshFlashDir, linuxPrelude } from "../../firmware/measure/espruino-bin";
import { loadProfile } from "../../hardware/validate";
import { running } from "./disk-cache";
import { bin, sleep } from "./espruino-toy";
import { hangAfter } from "./time-limits";

export interface FlashRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runFlash(args: string[]): Promise<FlashRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["tools/tsrun.mjs", "firmware/flash/flash.ts", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

export const PORT = 2323;
export const URL = `tcp://127.0.0.1:${PORT}`;


/**
 * Sends `line` to whatever listens on the port and returns what it printed within ms, or as soon
 * as what it printed satisfies `enough` (null: nothing listens).
 */
export function ask(line: string, ms: number, enough: (out: string) => boolean = () => false): Promise<string | null> {
  return new Promise((resolve) => {
    const s = connect(PORT, "127.0.0.1");
    let out = "";
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      if (timer !== undefined) clearTimeout(timer);
      s.destroy();
      resolve(out);
    };
    s.on("data", (d) => {
      out += d.toString("latin1");
      if (enough(out)) done();
    });
    s.on("error", () => resolve(null));
    s.on("connect", () => {
      s.write(line);
      timer = setTimeout(done, ms);
    });
  });
}

const LOCK = join(tmpdir(), `merlin-telnet-${PORT}.lock`);

/**
 * Holds port 2323 for this test until the returned function is called: waits while another
 * test process holds it (a lock left by a process that no longer runs is taken over).
 */
export async function holdPort(): Promise<() => void> {
  const deadline = Date.now() + hangAfter(120_000);
  for (;;) {
    try {
      writeFileSync(LOCK, String(process.pid), { flag: "wx" });
      return () => rmSync(LOCK, { force: true });
    } catch {
      let holder = NaN;
      try {
        holder = Number(readFileSync(LOCK, "utf8"));
      } catch {
        continue; // released in between
      }
      if (holder > 0 && !running(holder)) rmSync(LOCK, { force: true });
      else if (Date.now() > deadline) throw new Error(`port ${PORT} stays held by test process ${holder} (${LOCK})`);
      else await sleep(500);
    }
  }
}

const releases = new Map<Espruino, () => void>();

export async function waitForFreePort(): Promise<void> {
  const deadline = Date.now() + hangAfter(12_000);
  while ((await ask("", 50)) !== null) {
    if (Date.now() > deadline) throw new Error(`port ${PORT} stays in use by another program: cannot start an interpreter with --telnet`);
    await sleep(1000);
  }
}

/** A fresh interpreter with --telnet and the profile's .boot0, checked to be the one on the port. */
export async function telnetInterpreter(profileName: string): Promise<Espruino> {
  const release = await holdPort();
  try {
    await waitForFreePort();
  } catch (err) {
    release();
    throw err;
  }
  const dir = freshFlashDir();
  const e = await Espruino.start(bin as string, dir, { telnet: true }).catch((err) => {
    release();
    throw err;
  });
  releases.set(e, release);
  try {
    await e.writeFile(".boot0", linuxPrelude(loadProfile(profileName)));
    const nonce = randomBytes(6).toString("hex");
    await e.eval(`global.NONCE="${nonce}"`);
    // Our interpreter answers with the nonce at once; a loaded machine may take seconds.
    const answer = await ask('\x10print("<<"+"N>>"+NONCE)\n', hangAfter(2_000), (out) => out.includes(`<<N>>${nonce}`));
    if (!answer || !answer.includes(`<<N>>${nonce}`)) throw new Error(`port ${PORT} is not our interpreter's (answer: ${JSON.stringify(answer)})`);
    return e;
  } catch (err) {
    await dispose(e);
    throw err;
  }
}

/** Kills a telnetInterpreter, removes its flash and lets the port go. */
export async function dispose(e: Espruino): Promise<void> {
  try {
    await e.kill();
    rmSync(e.dir, { recursive: true, force: true });
  } finally {
    releases.get(e)?.();
    releases.delete(e);
  }
}


/**
 * `npm run flash` as a maker runs it (a child process, its exit status and both outputs), and
 * the Espruino interpreter's console over TCP that flashing tests write to (ESPRUINO_BIN).
 *
 * Another interpreter may hold port 2323 (other work on the same machine): telnetInterpreter
 * waits for the port, and checks that it talks to its own interpreter (a nonce).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { connect } from "node:net";
import { Espruino, freshFlashDir, linuxPrelude } from "../../firmware/build/espruino-bin";
import { loadProfile } from "../../hardware/validate";
import { bin, sleep } from "./espruino-toy";

export interface FlashRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runFlash(args: string[]): Promise<FlashRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["tools/tsrun.mjs", "firmware/build/flash.ts", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

export const PORT = 2323;
export const URL = `tcp://127.0.0.1:${PORT}`;


/** Sends `line` to whatever listens on the port and returns what it printed within ms (null: nothing listens). */
export function ask(line: string, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    const s = connect(PORT, "127.0.0.1");
    let out = "";
    s.on("data", (d) => (out += d.toString("latin1")));
    s.on("error", () => resolve(null));
    s.on("connect", () => {
      s.write(line);
      setTimeout(() => {
        s.destroy();
        resolve(out);
      }, ms);
    });
  });
}

export async function waitForFreePort(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await ask("", 50)) !== null) {
    if (Date.now() > deadline) throw new Error(`port ${PORT} stays in use by another program: cannot start an interpreter with --telnet`);
    await sleep(1000);
  }
}

/** A fresh interpreter with --telnet and the profile's .boot0, checked to be the one on the port. */
export async function telnetInterpreter(profileName: string): Promise<Espruino> {
  await waitForFreePort();
  const dir = freshFlashDir();
  const e = await Espruino.start(bin as string, dir, { telnet: true });
  try {
    await e.writeFile(".boot0", linuxPrelude(loadProfile(profileName)));
    const nonce = randomBytes(6).toString("hex");
    await e.eval(`global.NONCE="${nonce}"`);
    const answer = await ask('\x10print("<<"+"N>>"+NONCE)\n', 400);
    if (!answer || !answer.includes(`<<N>>${nonce}`)) throw new Error(`port ${PORT} is not our interpreter's (answer: ${JSON.stringify(answer)})`);
    return e;
  } catch (err) {
    await e.kill();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

export async function dispose(e: Espruino): Promise<void> {
  await e.kill();
  rmSync(e.dir, { recursive: true, force: true });
}


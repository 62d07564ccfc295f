/** `npm run flash` as a maker runs it: a child process, its exit status and both outputs. */
import { spawn } from "node:child_process";

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

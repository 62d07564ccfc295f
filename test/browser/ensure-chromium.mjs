#!/usr/bin/env node
// Run by `npm test` (pretest): makes sure the browser tests have a Chromium. Uses CHROMIUM_BIN
// or /usr/bin/chromium; when neither exists and we are root with apt-get (CI, a fresh
// machine), installs Debian's `chromium` package. Never downloads a browser from anywhere else.
// Prints one line; exits 0 either way (the browser test says what is missing if it still is).
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const bin = process.env.CHROMIUM_BIN || "/usr/bin/chromium";
if (existsSync(bin) || process.env.MERLIN_SKIP_BROWSER === "1") process.exit(0);
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (!isRoot || !hasApt) {
  process.stderr.write(`browser tests: no Chromium at ${bin}; install Debian's chromium (sudo apt-get install chromium) or set CHROMIUM_BIN\n`);
  process.exit(0);
}
process.stderr.write("browser tests: installing Debian's chromium (apt-get install chromium)...\n");
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [["update", "-qq"], ["install", "-y", "-qq", "--no-install-recommends", "chromium"]]) {
  const r = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
  if (r.status !== 0) {
    process.stderr.write(`browser tests: apt-get ${args.join(" ")} failed (exit ${r.status})\n`);
    process.exit(0);
  }
}
process.stderr.write(existsSync(bin) ? `browser tests: ${bin} installed\n` : `browser tests: chromium installed but ${bin} is missing\n`);

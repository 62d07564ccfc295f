#!/usr/bin/env node
// Run by `npm test` (pretest): makes sure the browser tests have a Chromium, and says which in
// one line (test/browser/chromium.mjs has the order). When Debian's /usr/bin/chromium is missing
// and this runs as root with apt-get (a fresh machine, CI), it installs Debian's `chromium`
// package, waiting for the package manager's lock (another install, or a second `npm test` at
// the same time) instead of failing on it; a normal user, or a failed install, gets the
// Chromium the npm package @sparticuz/chromium ships, unpacked here so the tests do not wait for
// it. Never downloads a browser from anywhere else. Exits 1 only when no Chromium can be had.
import { existsSync, mkdirSync, rmdirSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { DEBIAN_CHROMIUM, chromiumMode, describeChromium, findChromium, unpackNpmChromium, whyNotRunning } from "./chromium.mjs";

const say = (line) => process.stderr.write(`browser tests: ${line}\n`);

if (process.env.MERLIN_SKIP_BROWSER === "1") {
  say("skipped (MERLIN_SKIP_BROWSER=1)");
  process.exit(0);
}

let mode;
try {
  mode = chromiumMode();
} catch (e) {
  say(e.message);
  process.exit(1);
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!process.env.CHROMIUM_BIN && mode !== "npm" && !existsSync(DEBIAN_CHROMIUM) && isRoot && existsSync("/usr/bin/apt-get")) {
  installDebianChromium();
}

const found = findChromium();
if ("error" in found) {
  say(found.error);
  process.exit(1);
}
if (found.note) say(found.note);
if (found.source === "npm" && !found.ready) {
  say(`unpacking the Chromium of the npm package @sparticuz/chromium (once, about 200 MB)...`);
  try {
    await unpackNpmChromium();
  } catch (e) {
    say(`could not unpack it: ${e.message}`);
    process.exit(1);
  }
}
if (found.source === "npm") {
  const why = whyNotRunning(found.path);
  if (why !== null) {
    say(`the npm-shipped Chromium ${found.path} does not run (${why}): install Debian's chromium or set CHROMIUM_BIN`);
    process.exit(1);
  }
}
say(`using ${describeChromium(found)}`);

/**
 * apt-get update + install chromium, one `npm test` at a time (a directory as the lock: a second
 * run waits, then finds the browser installed), each apt-get waiting up to 5 minutes for the
 * package manager's own lock held by anything else.
 */
function installDebianChromium() {
  const lock = "/tmp/merlin-apt-chromium.lock";
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a run that died more than 15 minutes ago is stale.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 15 * 60_000) rmdirSync(lock);
      } catch {}
      if (Date.now() > deadline) {
        say(`gave up waiting for ${lock} (another npm test installing chromium?)`);
        return;
      }
      spawnSync("sleep", ["2"]);
    }
  }
  try {
    if (existsSync(DEBIAN_CHROMIUM)) return;
    say("installing Debian's chromium (apt-get install chromium, a few minutes)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const wait = ["-o", "DPkg::Lock::Timeout=300", "-o", "Acquire::Lock::Timeout=300"];
    for (const args of [["update", "-qq"], ["install", "-y", "-qq", "--no-install-recommends", "chromium"]]) {
      const r = spawnSync("apt-get", [...wait, ...args], { stdio: ["ignore", "ignore", "inherit"], env });
      if (r.status !== 0) {
        say(`apt-get ${args.join(" ")} failed (exit ${r.status}); falling back to the npm-shipped Chromium`);
        return;
      }
    }
  } finally {
    rmdirSync(lock);
  }
}

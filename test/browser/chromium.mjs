// Which Chromium the browser tests drive, shared by test/browser/ensure-chromium.mjs (run by
// `npm test` first) and test/helpers/chromium.ts (what the browser tests launch). In order:
//   1. CHROMIUM_BIN, when set: that executable, or an error if it is missing or does not run;
//   2. Debian's /usr/bin/chromium, when present and it runs (unless MERLIN_CHROMIUM=npm); one
//      that is there but does not run for this user (not executable, broken) is passed over
//      with a note saying why;
//   3. the headless Chromium that the devDependency @sparticuz/chromium ships inside its npm
//      package (x64 Linux, brotli-compressed): unpacked once into node_modules/.cache/.
// MERLIN_CHROMIUM=debian allows only 2 and MERLIN_CHROMIUM=npm only 3. Nothing is downloaded.
// "Runs" means `chromium --version` exits 0 within RUN_CHECK_MS.
// Plain JavaScript so that Node runs it without a TypeScript step; chromium.d.mts types it.
import { spawnSync } from "node:child_process";
import { chmodSync, createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { createBrotliDecompress } from "node:zlib";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
export const NPM_PACKAGE = "@sparticuz/chromium";
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MODES = ["auto", "debian", "npm"];

/** How long `chromium --version` may take before the browser counts as not running (a loaded machine). */
const RUN_CHECK_MS = 30_000;
const runChecks = new Map();

/**
 * Why the browser at `path` does not run, in a few words, or null when it does: `path
 * --version` must exit 0. Checked once per path and process.
 */
export function whyNotRunning(path) {
  if (runChecks.has(path)) return runChecks.get(path);
  const r = spawnSync(path, ["--version"], { encoding: "utf8", timeout: RUN_CHECK_MS, killSignal: "SIGKILL", stdio: ["ignore", "pipe", "pipe"] });
  let why = null;
  if (r.error) {
    const code = r.error.code;
    why =
      code === "EACCES" ? "no execute permission for this user"
      : code === "ENOENT" ? "it does not exist"
      : code === "ETIMEDOUT" ? `'--version' did not answer within ${RUN_CHECK_MS / 1000} s`
      : `it cannot be started (${code ?? r.error.message})`;
  } else if (r.status !== 0) {
    const said = (r.stderr || r.stdout || "").trim().split("\n")[0].slice(0, 120);
    why = `'--version' ${r.signal ? `was killed by ${r.signal}` : `exited with status ${r.status}`}${said ? `: ${said}` : ""}`;
  }
  runChecks.set(path, why);
  return why;
}

/** MERLIN_CHROMIUM: "auto" (default), "debian" or "npm"; anything else is an error. */
export function chromiumMode() {
  const mode = process.env.MERLIN_CHROMIUM || "auto";
  if (!MODES.includes(mode)) throw new Error(`MERLIN_CHROMIUM=${mode} is not understood: use auto, debian or npm`);
  return mode;
}

/** The npm-shipped Chromium: its compressed binary, version and where it is unpacked to. */
export function npmChromium() {
  let dir;
  try {
    dir = join(dirname(createRequire(import.meta.url).resolve(NPM_PACKAGE)), "..");
  } catch {
    return undefined;
  }
  const archive = join(dir, "bin", "chromium.br");
  if (!existsSync(archive)) return undefined;
  const version = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
  const path = join(ROOT, "node_modules", ".cache", "merlin-chromium", version, "chromium");
  return { archive, version, path };
}

/**
 * Where the Chromium to use is, without unpacking or installing anything:
 * `{ path, source, ready, note? }` (source "CHROMIUM_BIN", "debian" or "npm"; ready is false
 * while the npm one is still packed; note, when Debian's was there but passed over, says why)
 * or `{ error }`, one line saying what is missing and what to do. `debian` is where Debian's
 * Chromium is looked for (a test gives another path).
 */
export function findChromium(debian = DEBIAN_CHROMIUM) {
  const bin = process.env.CHROMIUM_BIN;
  if (bin) {
    const why = whyNotRunning(bin);
    return why === null ? { path: bin, source: "CHROMIUM_BIN", ready: true } : { error: `CHROMIUM_BIN=${bin} does not run (${why}): point it at a Chromium that runs, or unset it` };
  }
  let mode;
  try {
    mode = chromiumMode();
  } catch (e) {
    return { error: e.message };
  }
  let note;
  if (mode !== "npm" && existsSync(debian)) {
    const why = whyNotRunning(debian);
    if (why === null) return { path: debian, source: "debian", ready: true };
    if (mode === "debian") return { error: `MERLIN_CHROMIUM=debian but ${debian} does not run (${why}): repair or reinstall Debian's chromium, or unset MERLIN_CHROMIUM` };
    note = `${debian} is there but does not run (${why}), so the npm-shipped Chromium is used instead`;
  }
  if (mode === "debian") return { error: `MERLIN_CHROMIUM=debian but there is no ${debian}: install Debian's chromium (sudo apt-get install chromium)` };
  if (process.platform !== "linux" || process.arch !== "x64") {
    return { error: `no Chromium: the npm-shipped one is for x64 Linux only; install Chromium and set CHROMIUM_BIN to it` };
  }
  const npm = npmChromium();
  if (!npm) return { error: `no Chromium: neither ${debian} nor the devDependency ${NPM_PACKAGE} (run npm ci); or set CHROMIUM_BIN` };
  return note === undefined ? { path: npm.path, source: "npm", ready: existsSync(npm.path) } : { path: npm.path, source: "npm", ready: existsSync(npm.path), note };
}

/**
 * Unpacks the npm-shipped Chromium (about 200 MB from 67 MB, a few seconds) unless it already
 * is, and returns its path. Safe when several processes do it at once: each writes its own file
 * and renames it into place.
 */
export async function unpackNpmChromium() {
  const npm = npmChromium();
  if (!npm) throw new Error(`the devDependency ${NPM_PACKAGE} is not installed: run npm ci`);
  if (existsSync(npm.path)) return npm.path;
  mkdirSync(dirname(npm.path), { recursive: true });
  const part = `${npm.path}.${process.pid}.part`;
  try {
    await pipeline(createReadStream(npm.archive), createBrotliDecompress(), createWriteStream(part));
    chmodSync(part, 0o755);
    renameSync(part, npm.path);
  } finally {
    rmSync(part, { force: true });
  }
  return npm.path;
}

/** The Chromium to launch, unpacking the npm-shipped one when that is the one; throws one line. */
export async function chromiumExecutable() {
  const found = findChromium();
  if ("error" in found) throw new Error(found.error);
  if (found.source === "npm") {
    if (!found.ready) await unpackNpmChromium();
    const why = whyNotRunning(found.path);
    if (why !== null) throw new Error(`the npm-shipped Chromium ${found.path} does not run (${why}): install Debian's chromium or set CHROMIUM_BIN`);
  }
  return { path: found.path, source: found.source };
}

/** A one-line description of a found Chromium, e.g. for a run's header. */
export function describeChromium(found) {
  if (found.source === "debian") return `Debian's Chromium (${found.path})`;
  if (found.source === "npm") return `the Chromium shipped by the npm package ${NPM_PACKAGE} ${npmChromium()?.version} (${found.path})`;
  return `CHROMIUM_BIN (${found.path})`;
}

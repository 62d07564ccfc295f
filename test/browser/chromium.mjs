// Which Chromium the browser tests drive, shared by test/browser/ensure-chromium.mjs (run by
// `npm test` first) and test/helpers/chromium.ts (what the browser tests launch). In order:
//   1. CHROMIUM_BIN, when set: that executable, or an error if it is missing;
//   2. Debian's /usr/bin/chromium, when present (unless MERLIN_CHROMIUM=npm);
//   3. the headless Chromium that the devDependency @sparticuz/chromium ships inside its npm
//      package (x64 Linux, brotli-compressed): unpacked once into node_modules/.cache/.
// MERLIN_CHROMIUM=debian allows only 2 and MERLIN_CHROMIUM=npm only 3. Nothing is downloaded.
// Plain JavaScript so that Node runs it without a TypeScript step; chromium.d.mts types it.
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
 * `{ path, source, ready }` (source "CHROMIUM_BIN", "debian" or "npm"; ready is false while the
 * npm one is still packed) or `{ error }`, one line saying what is missing and what to do.
 */
export function findChromium() {
  const bin = process.env.CHROMIUM_BIN;
  if (bin) {
    return existsSync(bin) ? { path: bin, source: "CHROMIUM_BIN", ready: true } : { error: `CHROMIUM_BIN=${bin} does not exist: point it at a Chromium executable or unset it` };
  }
  let mode;
  try {
    mode = chromiumMode();
  } catch (e) {
    return { error: e.message };
  }
  if (mode !== "npm" && existsSync(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, source: "debian", ready: true };
  if (mode === "debian") return { error: `MERLIN_CHROMIUM=debian but there is no ${DEBIAN_CHROMIUM}: install Debian's chromium (sudo apt-get install chromium)` };
  if (process.platform !== "linux" || process.arch !== "x64") {
    return { error: `no Chromium: the npm-shipped one is for x64 Linux only; install Chromium and set CHROMIUM_BIN to it` };
  }
  const npm = npmChromium();
  if (!npm) return { error: `no Chromium: neither ${DEBIAN_CHROMIUM} nor the devDependency ${NPM_PACKAGE} (run npm ci); or set CHROMIUM_BIN` };
  return { path: npm.path, source: "npm", ready: existsSync(npm.path) };
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
  if (found.source === "npm" && !found.ready) await unpackNpmChromium();
  return { path: found.path, source: found.source };
}

/** A one-line description of a found Chromium, e.g. for a run's header. */
export function describeChromium(found) {
  if (found.source === "debian") return `Debian's Chromium (${found.path})`;
  if (found.source === "npm") return `the Chromium shipped by the npm package ${NPM_PACKAGE} ${npmChromium()?.version} (${found.path})`;
  return `CHROMIUM_BIN (${found.path})`;
}

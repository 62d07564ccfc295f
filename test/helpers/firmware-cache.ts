/**
 * Firmware bundles built for tests, kept on disk between test files and runs so a profile is
 * bundled once, not once per test file (each file runs in a process of its own). A bundle is
 * stored under a hash of everything that goes into it — every file under firmware/, src/,
 * hardware/ and tools/, and package-lock.json (esbuild's and terser's versions) — so a changed
 * source is a different key and is built afresh; it is never a file from dist/, which `npm run
 * build` writes and may be older than the sources. Tests of the build itself
 * (test/firmware-build.test.ts) call bundleFirmware and do not come here.
 * MERLIN_TEST_BUILD_CACHE=0 turns the cache off (every file builds what it needs).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "../../firmware/build/build";

// sim/: the build measures the bundle on the virtual board to decide where its code goes.
const INPUTS = ["firmware", "src", "hardware", "tools", "sim/board", "sim/node"];
const DIR = join(ROOT, "node_modules", ".cache", "merlin-test-firmware");

function walk(dir: string, out: string[]): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile()) out.push(p);
  }
}

let stamp: string | undefined;

/** A hash of every input of a firmware bundle (file names and contents). */
export function firmwareInputsHash(): string {
  if (stamp) return stamp;
  const files: string[] = [];
  for (const d of INPUTS) walk(join(ROOT, d), files);
  files.sort();
  files.push(join(ROOT, "package-lock.json"));
  const h = createHash("sha256");
  for (const f of files) h.update(relative(ROOT, f)).update("\0").update(readFileSync(f)).update("\0");
  stamp = h.digest("hex").slice(0, 16);
  return stamp;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The bundle for `name` from the cache, or made by `build` and stored. When another process is
 * building the same bundle, waits for it (up to 3 minutes, then builds itself).
 */
export async function cachedBundle(name: string, build: () => Promise<string>): Promise<string> {
  if (process.env.MERLIN_TEST_BUILD_CACHE === "0") return build();
  const key = `${name}-${firmwareInputsHash()}`;
  const file = join(DIR, `${key}.js`);
  const lock = join(DIR, `${key}.lock`);
  try {
    mkdirSync(DIR, { recursive: true });
  } catch {
    return build(); // a checkout we may not write to: build, as without the cache
  }
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (existsSync(file)) return readFileSync(file, "utf8");
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another process builds it; a lock older than 3 minutes is left by one that died.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 180_000) rmdirSync(lock);
      } catch {}
      if (Date.now() > deadline) return build();
      await sleep(200);
    }
  }
  try {
    if (existsSync(file)) return readFileSync(file, "utf8");
    const code = await build();
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, code);
    renameSync(part, file);
    // Bundles of this profile from older sources are of no more use.
    for (const f of readdirSync(DIR)) if (/^(.*)-[0-9a-f]{16}\.js$/.exec(f)?.[1] === name && f !== `${key}.js`) rmSync(join(DIR, f), { force: true });
    return code;
  } finally {
    rmdirSync(lock);
  }
}

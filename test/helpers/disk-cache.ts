/**
 * Things the tests build once per change of their inputs and share between test files (each
 * runs in a process of its own) and between runs: kept under node_modules/.cache/, each under a
 * hash of every file that goes into it (test/helpers/firmware-cache.ts: firmware bundles;
 * served-web.ts: the browser toy). A changed input is a different hash, so it is built afresh.
 * MERLIN_TEST_BUILD_CACHE=0 turns this off: every file builds what it needs.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "../../firmware/build/build";

/** Where the shared builds are kept. */
export const CACHE_DIR = join(ROOT, "node_modules", ".cache");

/** Whether builds are shared (MERLIN_TEST_BUILD_CACHE is not 0). */
export const sharing = (): boolean => process.env.MERLIN_TEST_BUILD_CACHE !== "0";

function walk(dir: string, out: string[]): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile()) out.push(p);
  }
}

const hashes = new Map<string, string>();

/**
 * A hash of the files under `paths` (folders or files, relative to the checkout): their names
 * and contents. Computed once per process: the sources do not change during a run.
 */
export function inputsHash(paths: readonly string[]): string {
  const memo = paths.join("\n");
  let hash = hashes.get(memo);
  if (!hash) {
    const files: string[] = [];
    for (const p of paths) {
      const abs = join(ROOT, p);
      if (statSync(abs).isDirectory()) walk(abs, files);
      else files.push(abs);
    }
    files.sort();
    const h = createHash("sha256");
    for (const f of files) h.update(relative(ROOT, f)).update("\0").update(readFileSync(f)).update("\0");
    hash = h.digest("hex").slice(0, 16);
    hashes.set(memo, hash);
  }
  return hash;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether the process `pid` still runs (on this machine: locks are local files). */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The path of `dir`/`name`-`hash``ext` (a file or a folder), made first by `make`, which writes
 * it at the path it is given, when it is not there yet. One process makes it: the others wait
 * for as long as that one runs (a loaded machine can take minutes; a waiting test's own time
 * limit catches a hang), then use it; a lock left by a process that died is taken over. What
 * was made for `name` under another hash (older sources) is removed.
 */
export async function madeOnce(dir: string, name: string, hash: string, ext: string, make: (path: string) => Promise<void>): Promise<string> {
  const entry = `${name}-${hash}${ext}`;
  const path = join(dir, entry);
  const lock = `${path}.lock`;
  mkdirSync(dir, { recursive: true });
  for (;;) {
    if (existsSync(path)) return path;
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch {
      // Another process makes it, or one that died left its lock.
      let owner = NaN;
      try {
        owner = Number(readFileSync(lock, "utf8"));
      } catch {}
      if (owner > 0 && !running(owner)) rmSync(lock, { force: true });
      await sleep(200);
    }
  }
  try {
    if (existsSync(path)) return path;
    const part = `${path}.${process.pid}.part`;
    rmSync(part, { recursive: true, force: true });
    try {
      await make(part);
      renameSync(part, path);
    } finally {
      rmSync(part, { recursive: true, force: true });
    }
    for (const f of readdirSync(dir)) {
      const rest = f.startsWith(`${name}-`) && f.endsWith(ext) ? f.slice(name.length + 1, f.length - ext.length) : "";
      if (f !== entry && /^[0-9a-f]{16}$/.test(rest)) rmSync(join(dir, f), { recursive: true, force: true });
    }
    return path;
  } finally {
    try {
      if (readFileSync(lock, "utf8") === String(process.pid)) rmSync(lock, { force: true });
    } catch {}
  }
}

/**
 * Firmware bundles built for tests, kept on disk between test files and runs so a profile is
 * bundled once per change of its sources, not once per test file (each file runs in a process
 * of its own, and a bundle costs seconds of CPU: terser, several passes, and the build's
 * measured run of the bundle, firmware/build/hotpath.ts).
 *
 * firmwareBundle(name) is what bundleFirmware makes for the profile — its code, its subset
 * findings and what the build decided from its measurement — for every test that checks a
 * bundle (test/firmware-build.test.ts, firmware-bundle.test.ts, games.test.ts) and for the
 * toy on the virtual board (test/helpers/toy.ts). The tests of the build itself still build
 * afresh where the building is what they check (the same sources give the same bundle, an
 * in-memory build writes nothing).
 *
 * A bundle is stored under a hash of everything that goes into it — every file under
 * firmware/ (the build's code too), src/, hardware/, tools/, sim/board and sim/node, and
 * package-lock.json (esbuild's and terser's versions) — so a changed source is a different key
 * and is built afresh, and every check on a bundle still fails when the build makes a wrong
 * one. It is never a file from dist/: `npm run build` writes that, and it may be older than
 * the sources. MERLIN_TEST_BUILD_CACHE=0 turns the cache off (every file builds what it needs).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { bundleFirmware, ROOT, type Bundle } from "../../firmware/build/build";
import { loadProfile } from "../../hardware/validate";

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

/** Whether process `pid` is running (on this machine: the cache is in the checkout). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The text stored as `name` + `ext` for the current inputs, or made by `make` and stored. One
 * process makes it: the others wait for as long as that one runs (a loaded machine can take
 * minutes; the waiting test's own time limit catches a hang), then read it; a lock left by a
 * process that died is taken over.
 */
async function cachedText(name: string, ext: string, make: () => Promise<string>): Promise<string> {
  if (process.env.MERLIN_TEST_BUILD_CACHE === "0") return make();
  const key = `${name}-${firmwareInputsHash()}`;
  const file = join(DIR, `${key}${ext}`);
  const lock = join(DIR, `${key}${ext}.lock`);
  try {
    mkdirSync(DIR, { recursive: true });
  } catch {
    return make(); // a checkout we may not write to: build, as without the cache
  }
  for (;;) {
    if (existsSync(file)) return readFileSync(file, "utf8");
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch {
      // Another process makes it, or one that died left its lock.
      let owner = NaN;
      try {
        owner = Number(readFileSync(lock, "utf8"));
      } catch {}
      if (owner > 0 && !alive(owner)) rmSync(lock, { force: true });
      await sleep(200);
    }
  }
  try {
    if (existsSync(file)) return readFileSync(file, "utf8");
    const text = await make();
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, text);
    renameSync(part, file);
    // What was stored for this name from older sources is of no more use.
    for (const f of readdirSync(DIR)) if (f.startsWith(`${name}-`) && f.endsWith(ext) && f !== `${key}${ext}` && /^[0-9a-f]{16}$/.test(f.slice(name.length + 1, -ext.length))) rmSync(join(DIR, f), { force: true });
    return text;
  } finally {
    try {
      if (readFileSync(lock, "utf8") === String(process.pid)) rmSync(lock, { force: true });
    } catch {}
  }
}

/**
 * The bundle for `name` from the cache, or made by `build` and stored (code only; the whole
 * bundle with the build's decisions: firmwareBundle).
 */
export function cachedBundle(name: string, build: () => Promise<string>): Promise<string> {
  return cachedText(name, ".js", build);
}

const bundles = new Map<string, Promise<Bundle>>();

/**
 * bundleFirmware's bundle for profile `name` (code, findings, decisions, explanation), made
 * once for the current sources by whichever test process asks first, and read by the others.
 */
export function firmwareBundle(name: string): Promise<Bundle> {
  let b = bundles.get(name);
  if (!b) {
    b = cachedText(`bundle-${name}`, ".json", async () => JSON.stringify(await bundleFirmware(loadProfile(name)))).then((text) => JSON.parse(text) as Bundle);
    bundles.set(name, b);
  }
  return b;
}

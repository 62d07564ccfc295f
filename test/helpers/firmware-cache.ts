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
 * A bundle is stored under a hash of everything that goes into it (test/helpers/disk-cache.ts)
 * — every file under firmware/ (the build's code too), src/, hardware/, tools/, sim/board and
 * sim/node, and package-lock.json (esbuild's and terser's versions) — so a changed source is a
 * different key and is built afresh, and every check on a bundle still fails when the build
 * makes a wrong one. It is never a file from dist/: `npm run build` writes that, and it may be
 * older than the sources. MERLIN_TEST_BUILD_CACHE=0 turns the cache off (every file builds what
 * it needs).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundleFirmware, type Bundle } from "../../firmware/build/build";
import { loadProfile } from "../../hardware/validate";
import { CACHE_DIR, inputsHash, madeOnce, sharing } from "./disk-cache";

// sim/: the build measures the bundle on the virtual board to decide where its code goes.
const INPUTS = ["firmware", "src", "hardware", "tools", "sim/board", "sim/node", "package-lock.json"];
const DIR = join(CACHE_DIR, "merlin-test-firmware");

/** A hash of every input of a firmware bundle (file names and contents). */
export function firmwareInputsHash(): string {
  return inputsHash(INPUTS);
}

/** The text stored as `name` for the current inputs, or made by `make` and stored. */
async function cachedText(name: string, ext: string, make: () => Promise<string>): Promise<string> {
  if (!sharing()) return make();
  let started = false;
  let made: string | undefined;
  let file: string;
  try {
    file = await madeOnce(DIR, name, firmwareInputsHash(), ext, async (path) => {
      started = true;
      made = await make();
      writeFileSync(path, made);
    });
  } catch (e) {
    if (made !== undefined) return made; // made, but not stored: a checkout we may not write to
    if (started) throw e; // the build failed
    return make(); // the cache could not be used: build, as without it
  }
  return made ?? readFileSync(file, "utf8");
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

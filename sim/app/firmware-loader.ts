/**
 * Finds the firmware bundle the simulator runs for a board profile (dist/firmware.js for the
 * default profile, dist/NAME/firmware.js for the others) and rebuilds it first when it is
 * missing or older than anything it is built from (firmware/, src/, hardware/*.ts, the profile), so
 * the simulator always plays what `npm run build` would flash today.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Profile } from "../../hardware/profile";
import { buildFirmware, findingLine, outputPath, storageModules, ROOT, toyGameSpecs, type BuildResult } from "../../firmware/build/build";
import { gameFile } from "../../src/toy/midend";

export interface LoadedFirmware {
  /** The bundle's text, uploaded unchanged as .bootcde. */
  code: string;
  /** Path relative to the checkout, shown in stack traces (e.g. "dist/firmware.js"). */
  codeName: string;
  file: string;
  /** Whether it was (re)built for this run. */
  built: boolean;
  /** Its other Storage files: Merlin's games the profile carries, each by its file name on the toy. */
  files: Record<string, string>;
}

/** The Storage files of the games built beside bundle `file` for `profile` (build.ts storageModules). */
export function gameFiles(profile: Profile, file: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const m of storageModules(profile)) {
    const path = join(dirname(file), gameFile(m.name));
    if (existsSync(path)) files[gameFile(m.name)] = readFileSync(path, "utf8");
  }
  return files;
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

/**
 * What a profile's bundle is built from: firmware/, src/, the hardware code and the profile,
 * and the virtual board and its Node host, on which the build measures where code goes.
 */
export function bundleInputs(profileName: string): string[] {
  const hardware = join(ROOT, "hardware");
  const code = readdirSync(hardware)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(hardware, f));
  return [join(ROOT, "firmware"), join(ROOT, "src"), join(ROOT, "sim", "board"), join(ROOT, "sim", "node"), join(hardware, "profiles", `${profileName}.json`)].concat(code);
}

/** Whether the bundle is missing or older than its sources. */
export function firmwareStale(profileName: string): boolean {
  const file = outputPath(profileName);
  if (!existsSync(file)) return true;
  const built = statSync(file).mtimeMs;
  return bundleInputs(profileName).some((s) => newestMtime(s) > built);
}

/** One line for a failed build: esbuild's first message with its file:line, or the error's message. */
function buildFailure(e: unknown): string {
  const errors = (e as { errors?: { text: string; location?: { file: string; line: number } }[] }).errors;
  if (errors && errors.length > 0) {
    const m = errors[0];
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    return (m.location ? `${m.location.file}:${m.location.line}: ` : "") + m.text + more;
  }
  return (e as Error).message;
}

/**
 * The profile's bundle, rebuilt first when stale. When the sources do not build but an older
 * bundle exists (a failed build never overwrites it), that bundle runs and `warn` says why;
 * with no bundle at all it throws. `build` is buildFirmware (replaceable in tests).
 */
export async function loadFirmware(
  profile: Profile,
  warn: (message: string) => void = () => {},
  build: (p: Profile) => Promise<BuildResult> = buildFirmware,
): Promise<LoadedFirmware> {
  const file = outputPath(profile.name);
  let built = false;
  if (firmwareStale(profile.name)) {
    let problem: string | undefined;
    try {
      const r = await build(profile);
      if (r.findings.length > 0) {
        const more = r.findings.length > 1 ? ` (and ${r.findings.length - 1} more)` : "";
        problem = findingLine(r.findings[0]) + more;
      } else built = true;
    } catch (e) {
      problem = buildFailure(e);
    }
    if (problem !== undefined) {
      const why = `the firmware for ${profile.name} does not build (${problem})`;
      if (!existsSync(file)) throw new Error(`${why}; fix it, then run 'npm run build -- --board ${profile.name}'`);
      warn(`${why}; running the older ${relative(ROOT, file)}`);
    }
  }
  return { code: readFileSync(file, "utf8"), codeName: relative(ROOT, file), file, built, files: gameFiles(profile, file) };
}

/** The games the profile's firmware plays besides the rule sets, as its build picks them (toyGameSpecs). */
export function toyGameNames(profile: Profile): string[] {
  return toyGameSpecs(profile).map((g) => g.spec.name);
}

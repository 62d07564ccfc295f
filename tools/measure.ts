/**
 * `npm run measure`: regenerates the measurement files, docs/measurements/*.md, by running each
 * measuring script in turn with its --write flag (tools/measurements.ts writes them). The
 * scripts that run an Espruino interpreter for Linux run only when it is named:
 *
 * - ESPRUINO_BIN: the 32-bit build with the Pico's 5100 JsVars of 13 bytes, for the JsVars
 *   (`npm run budget -- --all`) and the colour games' tables (`npm run bench:cellsolve`);
 * - ESPRUINO_BIN64: the native 64-bit build, for CPU (`npm run speed`, given it as ESPRUINO_BIN;
 *   its counted run needs valgrind);
 *   ESPRUINO_BIN_LARGE, passed through as it is: the native build with more variables, for the
 *   in-RAM view of the 5×5's image (docs/espruino.md).
 *
 * Without them, those files are left as they are and the summary says so. A step that fails
 * does not stop the others; the exit status is then 1. On a quiet machine it waits between steps
 * for the load its previous step left to die down, so each file's quiet/busy verdict is about
 * other work, not its own.
 */
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { OptionSpec } from "./options";
import { MEASUREMENTS_DIR, QUIET_PER_CORE, repositoryRoot } from "./measurements";
import { toolOptions } from "./tool-options";

interface Step {
  /** The files it writes (docs/measurements/NAME.md). */
  files: string[];
  /** How it runs: an npm script with arguments, or a file run by tools/tsrun.mjs. */
  npm?: string;
  tsrun?: string;
  args: string[];
  /** The interpreter it needs: which variable names it, given to the script as ESPRUINO_BIN. */
  needs?: "ESPRUINO_BIN" | "ESPRUINO_BIN64";
  /** Files it writes without the interpreter (the rest are then left as they are). */
  without?: string[];
}

/** Every measurement, quickest first. */
export const STEPS: Step[] = [
  { files: ["hotpath"], tsrun: "test/bench/hotpath.ts", args: ["--write"] },
  { files: ["device-sizes", "device-memory"], npm: "budget", args: ["--all", "--write"], needs: "ESPRUINO_BIN", without: ["device-sizes"] },
  { files: ["solver"], npm: "bench", args: ["--write"] },
  { files: ["web-load"], npm: "bench:web", args: ["--write"] },
  { files: ["cellsolve"], npm: "bench:cellsolve", args: ["--repeat", "5", "--write"], needs: "ESPRUINO_BIN" },
  { files: ["minimum"], npm: "bench:minimum", args: ["--compare", "--write"] },
  { files: ["minimum-grids"], npm: "bench:minimum", args: ["--grids", "--write"] },
  { files: ["minimum-large"], npm: "bench:minimum", args: ["--large", "--write"] },
  { files: ["device-speed"], npm: "speed", args: ["--flashed", "--repeat", "5", "--write"], needs: "ESPRUINO_BIN64" },
  { files: ["device-speed-views"], npm: "speed", args: ["--board", "pico-3x3", "--repeat", "5", "--write"], needs: "ESPRUINO_BIN64" },
  { files: ["device-speed-count"], npm: "speed", args: ["--count", "--flashed", "--repeat", "3", "--write"], needs: "ESPRUINO_BIN64" },
  { files: ["device-speed-choosing"], npm: "speed", args: ["--choosing", "--count", "--repeat", "1", "--write"], needs: "ESPRUINO_BIN64" },
];

const ALL_FILES = STEPS.flatMap((s) => s.files);

const OPTIONS: OptionSpec[] = [{ name: "only", type: "string", arg: "NAME,…", help: "only these files (names without .md)" }];

const ABOUT =
  `Runs every measuring script with --write, which writes its file in ${MEASUREMENTS_DIR}/:\n` +
  `  ${ALL_FILES.slice(0, 5).join(", ")},\n  ${ALL_FILES.slice(5).join(", ")}.\n` +
  "ESPRUINO_BIN names the 32-bit Espruino for Linux (5100 JsVars): budget's JsVars and\n" +
  "bench:cellsolve; ESPRUINO_BIN64 the native 64-bit build: speed (ESPRUINO_BIN_LARGE, the native\n" +
  "build with more variables, for the 5×5's in-RAM view). Without them those files are\n" +
  "left as they are. It takes long (tens of minutes, most of it speed and bench:minimum).\n" +
  "On a quiet machine it waits (up to 90 s) between steps for its own load to die down.\n" +
  "Exit status 1 when a step fails, 2 for bad options.";

function command(step: Step): string {
  const run = step.npm !== undefined ? `npm run ${step.npm}` : `node tools/tsrun.mjs ${step.tsrun}`;
  const args = step.args.length > 0 ? (step.npm !== undefined ? " -- " : " ") + step.args.join(" ") : "";
  return run + args;
}

/** Longest wait for the load the previous step left to die down, ms. */
const SETTLE_MS = 90_000;

/**
 * The 1-minute load average decays over about a minute, so a step started right after another
 * would find the machine "busy" with the previous step's own work. When the machine was quiet
 * before the previous step, wait (at most SETTLE_MS) until it is quiet again; on a machine that
 * is busy anyway, do not wait.
 */
function settle(wasQuiet: boolean): void {
  const limit = QUIET_PER_CORE * cpus().length;
  if (!wasQuiet) return;
  const until = Date.now() + SETTLE_MS;
  if (loadavg()[0] < limit) return;
  process.stderr.write(`measure: waiting up to ${SETTLE_MS / 1000} s for the load average to fall below ${limit} again\n`);
  while (loadavg()[0] >= limit && Date.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
}

function main(argv: string[]): number {
  const opts = toolOptions(argv, OPTIONS, {
    name: "measure",
    command: "npm run measure",
    usage: "[ESPRUINO_BIN=/path/to/espruino32] [ESPRUINO_BIN64=/path/to/espruino64]\n         npm run measure [-- --only NAME,…]",
    summary: "regenerate every file of docs/measurements/ by running the scripts that measure it",
    about: ABOUT,
    examples: [
      ["npm run measure", "every file whose script needs no interpreter"],
      ["npm run measure -- --only solver,web-load", "these two files"],
    ],
  });
  if (typeof opts === "number") return opts;
  let wanted = ALL_FILES;
  if (opts.values.only !== undefined) {
    wanted = (opts.values.only as string).split(",").map((s) => s.trim().replace(/\.md$/, ""));
    const unknown = wanted.filter((w) => ALL_FILES.indexOf(w) < 0);
    if (unknown.length > 0 || wanted.length === 0) {
      process.stderr.write(`measure: --only takes names from ${ALL_FILES.join(", ")}; got '${unknown[0] ?? ""}'\n`);
      return 2;
    }
  }
  const root = repositoryRoot();
  const written: string[] = [];
  const left: string[] = [];
  const failed: string[] = [];
  let wasQuiet: boolean | null = null;
  for (const step of STEPS) {
    if (!step.files.some((f) => wanted.indexOf(f) >= 0)) continue;
    const env: NodeJS.ProcessEnv = { ...process.env };
    // A script run by npm learns its name from npm; one run directly must not inherit "measure".
    delete env.npm_lifecycle_event;
    delete env.npm_lifecycle_script;
    let writes = step.files;
    if (step.needs !== undefined) {
      // Sizes only, when no file that needs the interpreter is wanted.
      const needed = step.files.some((f) => wanted.indexOf(f) >= 0 && (step.without ?? []).indexOf(f) < 0);
      const bin = needed ? process.env[step.needs] : undefined;
      if (bin) {
        env.ESPRUINO_BIN = bin;
      } else {
        delete env.ESPRUINO_BIN;
        const skipped = needed ? step.files.filter((f) => (step.without ?? []).indexOf(f) < 0) : [];
        for (const f of skipped) left.push(`${MEASUREMENTS_DIR}/${f}.md: ${step.needs} is not set`);
        // What it can still write without the interpreter, if any of that is wanted.
        const rest = (step.without ?? []).filter((f) => wanted.indexOf(f) >= 0);
        if (rest.length === 0) continue;
        writes = rest;
      }
    }
    if (wasQuiet !== null) settle(wasQuiet);
    wasQuiet = loadavg()[0] < QUIET_PER_CORE * cpus().length;
    process.stderr.write(`\nmeasure: ${command(step)}\n`);
    const r =
      step.npm !== undefined
        ? spawnSync("npm", ["run", "--silent", step.npm, "--", ...step.args], { cwd: root, env, stdio: "inherit" })
        : spawnSync(process.execPath, ["tools/tsrun.mjs", step.tsrun!, ...step.args], { cwd: root, env, stdio: "inherit" });
    if (r.status === 0) {
      for (const f of writes) written.push(`${MEASUREMENTS_DIR}/${f}.md`);
    } else {
      failed.push(`${command(step)} (exit ${r.status ?? r.signal})`);
    }
  }
  const out = ["", "measure: written:", ...written.map((w) => "  " + w)];
  if (left.length > 0) out.push("left as they are:", ...left.map((l) => "  " + l));
  if (failed.length > 0) out.push("failed (a file it wrote may still be new; see above):", ...failed.map((f) => "  " + f));
  process.stderr.write(out.join("\n") + "\n");
  return failed.length > 0 ? 1 : 0;
}

if (process.argv[1] && process.argv[1].endsWith("measure.ts")) {
  process.exitCode = main(process.argv.slice(2));
}

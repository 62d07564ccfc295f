#!/usr/bin/env node
// Builds what `npm ci` must leave behind: the `merlin` command (dist/merlin.mjs) and the
// firmware for every shipped board profile (dist/firmware.js for the default, pico-3x3, and
// dist/NAME/firmware.js for the others), which the simulator loads unchanged.
import { build } from "esbuild";
import { existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
await build({
  entryPoints: [join(root, "sim/cli/entry.ts")],
  outfile: join(root, "dist/merlin.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  define: { __MERLIN_VERSION__: JSON.stringify(version) },
  logLevel: "error",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

const firmwareBuild = join(root, "firmware/build/build.ts");
if (existsSync(firmwareBuild)) {
  const r = spawnSync(process.execPath, [join(root, "tools/tsrun.mjs"), firmwareBuild, "--all"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

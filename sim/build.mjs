#!/usr/bin/env node
// Builds what `npm ci` must leave behind: the `merlin` command (dist/merlin.mjs) and the
// firmware for every shipped board profile (dist/firmware.js for the default, pico-3x3, and
// dist/NAME/firmware.js for the others), which the simulator loads unchanged.
import { build } from "esbuild";
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, unlinkSync } from "node:fs";
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

// `npx merlin` (and `merlin` inside npm scripts) finds node_modules/.bin/merlin. npm links the
// bins of dependencies there, never the package's own, so without this link npx would copy the
// whole project into its cache and build it again on first use (about 30 s, and broken for good
// if interrupted). The link is relative, so the checkout can move.
const binDir = join(root, "node_modules", ".bin");
const binLink = join(binDir, "merlin");
if (existsSync(join(root, "node_modules"))) {
  mkdirSync(binDir, { recursive: true });
  try {
    if (lstatSync(binLink)) unlinkSync(binLink);
  } catch {
    // no link yet
  }
  symlinkSync(join("..", "..", "sim", "bin", "merlin.mjs"), binLink);
}

const firmwareBuild = join(root, "firmware/build/build.ts");
if (existsSync(firmwareBuild)) {
  const r = spawnSync(process.execPath, [join(root, "tools/tsrun.mjs"), firmwareBuild, "--all"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

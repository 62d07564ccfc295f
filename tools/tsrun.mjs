#!/usr/bin/env node
// Runs a TypeScript entry on Node 20 (which cannot strip types): esbuild bundles it into a
// cache file, then it is imported with the remaining arguments in process.argv.
// Usage: node tools/tsrun.mjs path/to/entry.ts [args...]
import { build } from "esbuild";
import { mkdirSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const entry = process.argv[2];
if (!entry) {
  process.stderr.write("usage: node tools/tsrun.mjs ENTRY.ts [args...]\n");
  process.exit(2);
}
const outDir = join(root, "node_modules", ".cache", "merlin-tsrun");
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, basename(entry).replace(/\.ts$/, "") + "-" + process.pid + ".mjs");
await build({
  entryPoints: [resolve(entry)],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "inline",
  logLevel: "error",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
process.on("exit", () => rmSync(outfile, { force: true }));
process.argv.splice(1, 2, resolve(entry));
await import(pathToFileURL(outfile).href);

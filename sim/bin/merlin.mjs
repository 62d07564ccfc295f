#!/usr/bin/env node
// The `merlin` command. `npm ci` builds dist/merlin.mjs (the prepare script).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const bundle = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "merlin.mjs");
if (!existsSync(bundle)) {
  process.stderr.write("merlin: dist/merlin.mjs is missing; run 'npm run prepare' (npm ci does it) first\n");
  process.exit(1);
}
await import(pathToFileURL(bundle).href);

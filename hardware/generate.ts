/**
 * Writes hardware/generated/NAME/{wiring.md,schematic.svg,bom.csv,power.md,panel.svg,perfboard.svg,back.svg,pinout.svg} for
 * every profile in hardware/profiles/. With --check it writes nothing and exits 1 listing
 * the files that differ from what the profiles produce (the CI drift check).
 *
 *   node tools/tsrun.mjs hardware/generate.ts [--check]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { ProfileError } from "./errors.js";
import { hardwareDir, loadAllProfiles } from "./load.js";
import { generateAll } from "./outputs.js";

const USAGE = "usage: node tools/tsrun.mjs hardware/generate.ts [--check]";

/** Files currently under generated/, relative to it. */
function existingFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(root, full).split("\\").join("/"));
    }
  };
  walk(root);
  return out;
}

function main(argv: string[]): number {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${USAGE}\nRegenerates hardware/generated/ from hardware/profiles/*.json; --check only compares.\n`);
    return 0;
  }
  const unknown = argv.filter((a) => a !== "--check");
  if (unknown.length) {
    process.stderr.write(`generate: unknown argument ${JSON.stringify(unknown[0])}; accepted: --check\n${USAGE}\n`);
    return 2;
  }
  const check = argv.includes("--check");
  const root = join(hardwareDir(), "generated");
  const shown = relative(process.cwd(), root) || root;

  let files: Map<string, string>;
  try {
    files = generateAll(loadAllProfiles());
  } catch (e) {
    if (e instanceof ProfileError) {
      process.stderr.write(`generate: ${e.message}\n`);
      return 1;
    }
    throw e;
  }

  const stale = existingFiles(root).filter((f) => !files.has(f));
  const changed = [...files].filter(([f, content]) => {
    const path = join(root, f);
    return !existsSync(path) || readFileSync(path, "utf8") !== content;
  });

  if (check) {
    if (changed.length === 0 && stale.length === 0) {
      process.stdout.write(`${shown} is up to date (${files.size} files)\n`);
      return 0;
    }
    for (const [f] of changed) process.stdout.write(`${shown}/${f} differs from its profile\n`);
    for (const f of stale) process.stdout.write(`${shown}/${f} has no profile any more\n`);
    process.stdout.write(`run: node tools/tsrun.mjs hardware/generate.ts\n`);
    return 1;
  }

  for (const [f, content] of changed) {
    const path = join(root, f);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  for (const f of stale) rmSync(join(root, f));
  for (const dir of readdirSync(root)) {
    const full = join(root, dir);
    if (statSync(full).isDirectory() && readdirSync(full).length === 0) rmSync(full, { recursive: true });
  }
  process.stdout.write(`${shown}: ${changed.length} written, ${stale.length} removed, ${files.size - changed.length} unchanged\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));

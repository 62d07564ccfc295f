/**
 * Scratch copies of the repository that run its own commands (test/docs-examples.test.ts,
 * test/games-seventh.test.ts).
 */
import { mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";

/**
 * Links each package installed in `root` into `copy`'s node_modules. Not node_modules as one
 * link: tools/tsrun.mjs bundles into node_modules/.cache and the build finds the checkout from
 * there (hardware/load.ts), which through a linked node_modules would be `root`, not the copy —
 * and a build in the copy would then write `root`'s dist/.
 */
export function linkPackages(root: string, copy: string): void {
  mkdirSync(join(copy, "node_modules"), { recursive: true });
  for (const name of readdirSync(join(root, "node_modules"))) {
    if (name !== ".cache") symlinkSync(join(root, "node_modules", name), join(copy, "node_modules", name));
  }
}

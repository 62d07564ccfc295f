/**
 * Stand-ins for programs a test must not depend on (an Espruino interpreter, a Chromium): shell
 * scripts in a scratch folder that the calling test file removes when it is done.
 *
 *   const fakes = fakePrograms("merlin-chromium-choice-");
 *   afterAll(fakes.remove);
 *   const broken = fakes.script("chromium", "exit 127");          // executable
 *   const noX = fakes.script("chromium-no-x", "exit 0", 0o644);   // this user may not run it
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface FakePrograms {
  /** The scratch folder. */
  dir: string;
  /** A `#!/bin/sh` script `name` with `body`, mode 0755 unless given; returns its path. */
  script(name: string, body: string, mode?: number): string;
  remove(): void;
}

export function fakePrograms(prefix: string): FakePrograms {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    script(name, body, mode = 0o755) {
      const path = join(dir, name);
      writeFileSync(path, `#!/bin/sh\n${body}\n`);
      chmodSync(path, mode);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

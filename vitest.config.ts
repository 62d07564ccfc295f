import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Generous: these catch a hung test, and a machine shared with other work can be several
    // times slower than a quiet one (a test's own timeout argument still wins).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Two test files at once even on 2 cores (vitest's default there is one): the browser tests
    // and the tests that drive child processes wait much of their time, and the other file uses
    // that CPU. More cores, one file each but one (vitest's default).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The default reporter, then one line per reason tests were skipped (test/helpers/skips.ts).
    reporters: ["default", "./test/helpers/skip-reporter.ts"],
  },
});

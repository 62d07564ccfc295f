import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { hangAfter } from "./test/helpers/time-limits";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // These catch a hung test, not a slow machine: a minute of quiet work, stretched for a
    // loaded one (test/helpers/time-limits.ts; 5 minutes unless MERLIN_TEST_SLOWDOWN says
    // otherwise). A test's own timeout argument still wins: give one only to ask for more.
    testTimeout: hangAfter(60_000),
    hookTimeout: hangAfter(60_000),
    // Two test files at once even on 2 cores (vitest's default there is one): the browser tests
    // and the tests that drive child processes wait much of their time, and the other file uses
    // that CPU. More cores, one file each but one (vitest's default).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The default reporter, then one line per reason tests were skipped (test/helpers/skips.ts).
    reporters: ["default", "./test/helpers/skip-reporter.ts"],
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The default reporter, then one line per reason tests were skipped (test/helpers/skips.ts).
    reporters: ["default", "./test/helpers/skip-reporter.ts"],
  },
});

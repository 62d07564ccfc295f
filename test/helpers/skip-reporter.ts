/**
 * A vitest reporter (vitest.config.ts, after the default one) that ends a run with one line per
 * reason tests were skipped: the optional suites' reasons from test/helpers/skips.ts, and, for
 * any other file with skipped tests, that file and the count — so no test is skipped unseen.
 */
import type { Reporter, TestModule } from "vitest/node";
import { OPTIONAL_SUITES } from "./skips";

export default class SkipReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = new Map<string, { tests: number; files: number }>();
    const unexplained: string[] = [];
    for (const m of testModules) {
      const skipped = [...m.children.allTests("skipped")].length;
      if (skipped === 0) continue;
      const file = m.relativeModuleId.replace(/\\/g, "/").replace(/^\//, "");
      if (m.state() === "failed") {
        // A failing beforeAll leaves its tests unrun: that is a failure, reported above, not a skip.
        unexplained.push(`${skipped} test${skipped === 1 ? "" : "s"} not run in ${file}: its set-up failed (the error is above)`);
        continue;
      }
      const suite = OPTIONAL_SUITES.find((s) => s.skipReason && s.files.test(file));
      if (!suite) {
        unexplained.push(`${skipped} test${skipped === 1 ? "" : "s"} skipped in ${file} by its own skip condition`);
        continue;
      }
      const c = counts.get(suite.skipReason!) ?? { tests: 0, files: 0 };
      counts.set(suite.skipReason!, { tests: c.tests + skipped, files: c.files + 1 });
    }
    const lines: string[] = [];
    for (const suite of OPTIONAL_SUITES) {
      const c = suite.skipReason ? counts.get(suite.skipReason) : undefined;
      if (c) lines.push(`${suite.skipReason} — ${c.tests} test${c.tests === 1 ? "" : "s"} in ${c.files} file${c.files === 1 ? "" : "s"}, ${suite.label}`);
    }
    lines.push(...unexplained);
    if (lines.length > 0) process.stdout.write(lines.map((l) => ` ↓ ${l}`).join("\n") + "\n\n");
  }
}

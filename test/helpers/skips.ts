/**
 * Why optional test suites are skipped, and how to run them: one place, read by the suites'
 * skip conditions and by test/helpers/skip-reporter.ts, which prints each reason once at the
 * end of a run that skipped tests for it. A suite that can be skipped adds a line here.
 */
import { espruinoBin } from "../../firmware/measure/espruino-bin";

/** Why the real-interpreter suites are skipped (no ESPRUINO_BIN), or undefined: they run. */
export const espruinoSkipReason: string | undefined = espruinoBin()
  ? undefined
  : "reference-interpreter tests skipped: set ESPRUINO_BIN to an Espruino 2v29 build for Linux to run them (docs/espruino.md says how to build one)";

/** Why the browser tests are skipped (MERLIN_SKIP_BROWSER=1), or undefined: they run. */
export const chromiumSkipReason: string | undefined =
  process.env.MERLIN_SKIP_BROWSER === "1" ? "browser tests skipped: MERLIN_SKIP_BROWSER=1 is set (unset it to run them)" : undefined;

export interface OptionalSuites {
  /** The test files (paths relative to the repository, with forward slashes). */
  files: RegExp;
  /** Shown in the line, e.g. test/firmware-espruino*.test.ts. */
  label: string;
  /** Why they are skipped in this run and how to run them; undefined when they run. */
  skipReason: string | undefined;
}

export const OPTIONAL_SUITES: readonly OptionalSuites[] = [
  { files: /^test\/firmware-espruino[^/]*\.test\.ts$/, label: "test/firmware-espruino*.test.ts", skipReason: espruinoSkipReason },
  { files: /^test\/web-[^/]*\.test\.ts$/, label: "test/web-*.test.ts", skipReason: chromiumSkipReason },
];

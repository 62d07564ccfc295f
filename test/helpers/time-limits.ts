/**
 * Time limits that catch a hung test, not a slow machine: the one way the tests scale them.
 *
 * A wall-clock limit in a test (vitest's per-test and hook timeouts, Playwright's waits, a
 * child process's timeout) is there so that something that never finishes fails the run
 * instead of stalling it. The same work takes several times longer when other work shares the
 * cores: two whole `npm test` runs at once on 2 cores take about twice as long each as one
 * (README, "npm test" timing), and some files many times longer while a browser redraws beside
 * them. So a limit is written as what the work may take on a quiet machine, with room to spare,
 * and `hangAfter` stretches it by SLOWDOWN:
 *
 *   it("…", async () => { … }, hangAfter(60_000));
 *   await page.waitForFunction(…, undefined, { timeout: hangAfter(30_000) });
 *
 * vitest.config.ts gives every test and hook hangAfter(60_000) (5 minutes) unless it asks for
 * more, and test/helpers/chromium.ts gives Playwright's waits hangAfter(30_000) (Playwright's
 * own default, stretched). A test that needs no more than that passes no timeout at all.
 *
 * What this is not for: a bar on speed (the page's work under 20 ms, a build under a size, an
 * interpreter's count of JsVars) keeps its meaning and is never scaled; such bars measure work
 * by counts or by the page's own measures, not by how long the test took.
 *
 * The factor is fixed, not read from the machine's load: the load when a test file starts says
 * little about the minutes after (two runs started together both see a quiet machine first).
 *
 * MERLIN_TEST_SLOWDOWN=N sets the factor (a whole number or decimal, at least 1): higher on a
 * machine busier than two suites at once, 1 to see a hang sooner on a quiet one.
 */

/** How many times slower than a quiet run a test may be before it counts as hung. */
export const SLOWDOWN: number = slowdown(process.env.MERLIN_TEST_SLOWDOWN);

function slowdown(env: string | undefined): number {
  if (env === undefined || env === "") return 5;
  const n = Number(env);
  if (!Number.isFinite(n) || n < 1) throw new Error(`MERLIN_TEST_SLOWDOWN=${env}: give a number, 1 or more (how many times slower than a quiet machine a test may run)`);
  return n;
}

/** A limit, in ms, for work that takes at most `quietMs` on a quiet machine: `quietMs` × SLOWDOWN. */
export function hangAfter(quietMs: number): number {
  return Math.round(quietMs * SLOWDOWN);
}

/** How long Playwright waits (a click, a selector, a navigation) before it fails: its own 30 s default, stretched. */
export const PAGE_WAIT_MS = hangAfter(30_000);

/**
 * The one way browser tests get a Chromium (which one: test/browser/chromium.mjs — CHROMIUM_BIN,
 * else Debian's /usr/bin/chromium when it runs, else the one the npm package @sparticuz/chromium ships).
 *
 *   describe.skipIf(chromiumSkipReason)("…", () => {
 *     let browser: Browser;
 *     beforeAll(async () => { browser = await launchChromium(); });
 *     afterAll(async () => { await browser?.close(); });
 *     it("…", async () => { const page = await browser.newPage({ viewport: { width: 390, height: 844 } }); … });
 *   });
 *
 * Nothing found is an error saying what to install, never a silent skip; the only skip is
 * MERLIN_SKIP_BROWSER=1, and chromiumSkipReason says so.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type LaunchOptions } from "playwright-core";
import { chromiumExecutable } from "../browser/chromium.mjs";

export { chromiumExecutable, describeChromium, findChromium } from "../browser/chromium.mjs";

/** Why the browser tests are skipped in this run (MERLIN_SKIP_BROWSER=1), or undefined: they run. */
export { chromiumSkipReason } from "./skips";

/** The flags every test browser gets: headless, no sandbox (root, containers), no GPU, quiet, sound without a click. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--autoplay-policy=no-user-gesture-required",
];

/** A headless Chromium (options.args are added to CHROMIUM_ARGS). Close it in afterAll. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const { path } = await chromiumExecutable();
  return chromium.launch({ ...options, executablePath: path, headless: true, args: [...CHROMIUM_ARGS, ...(options.args ?? [])] });
}

/**
 * A headless Chromium with a persistent profile in a fresh temporary folder, removed when the
 * context closes (options.args are added to CHROMIUM_ARGS). Close it in afterAll.
 */
export async function launchChromiumContext(options: BrowserContextOptions & { args?: string[] } = {}): Promise<BrowserContext> {
  const { path } = await chromiumExecutable();
  const { args, ...contextOptions } = options;
  const profileDir = mkdtempSync(join(tmpdir(), "merlin-chromium-"));
  try {
    const context = await chromium.launchPersistentContext(profileDir, {
      ...contextOptions,
      executablePath: path,
      headless: true,
      args: [...CHROMIUM_ARGS, ...(args ?? [])],
    });
    // The browser may still be writing its profile (a service worker's cache, say) as the
    // context reports closed: retry, and leave a temporary folder behind rather than fail a run.
    context.on("close", () => removeProfile(profileDir));
    return context;
  } catch (e) {
    removeProfile(profileDir);
    throw e;
  }
}

/** Removes a profile folder, retrying while the browser finishes writing; never throws. */
function removeProfile(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  } catch {
    // A folder in the system's temporary directory; it does not change any result.
  }
}

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
 *
 * Two things every test browser gets here, so no suite sets them itself:
 * - Playwright's waits (click, waitForSelector, goto, …) time out after PAGE_WAIT_MS, the 30 s
 *   Playwright defaults to stretched for a loaded machine (test/helpers/time-limits.ts); a
 *   test's own `{ timeout }` still wins.
 * - Run as root, Chromium raises the priority of its compositing threads (nice -8, which a
 *   normal user may not do); on a shared machine those threads then take most of the CPU from
 *   the test workers beside them (measured: the firmware build's tests ran 15–50 times slower
 *   beside a browser test than alone). As root, Chromium is started without the right to do
 *   that (util-linux's setpriv drops CAP_SYS_NICE), so it shares the cores as it does for any
 *   user. Without setpriv it is started as before.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type LaunchOptions } from "playwright-core";
import { chromiumExecutable } from "../browser/chromium.mjs";
import { PAGE_WAIT_MS } from "./time-limits";

export { PAGE_WAIT_MS } from "./time-limits";

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
  const browser = await chromium.launch({ ...options, executablePath: fairExecutable(path), headless: true, args: [...CHROMIUM_ARGS, ...(options.args ?? [])] });
  // Every context (browser.newPage makes one too) starts with the tests' wait limit.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (contextOptions?: BrowserContextOptions) => {
    const context = await newContext(contextOptions);
    context.setDefaultTimeout(PAGE_WAIT_MS);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (pageOptions?: Parameters<Browser["newPage"]>[0]) => {
    const page = await newPage(pageOptions);
    page.context().setDefaultTimeout(PAGE_WAIT_MS);
    return page;
  };
  return browser;
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
      executablePath: fairExecutable(path),
      headless: true,
      args: [...CHROMIUM_ARGS, ...(args ?? [])],
    });
    context.setDefaultTimeout(PAGE_WAIT_MS);
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

const WRAPPERS = fileURLToPath(new URL("../../node_modules/.cache/merlin-chromium/fair/", import.meta.url));
/** setpriv's options that take CAP_SYS_NICE away for good (from the bounding set too, as root regains the rest on exec). */
const DROP_NICE = ["--bounding-set=-sys_nice", "--inh-caps=-sys_nice"];
let setprivRuns: boolean | undefined;

/**
 * The executable to launch for the Chromium at `path`: as root on Linux, with util-linux's
 * setpriv there, a two-line script that starts it without CAP_SYS_NICE (see the top of this
 * file); otherwise `path` itself. The script is kept in node_modules/.cache/, one per path,
 * written whole or not at all (several test files start browsers at once).
 */
function fairExecutable(path: string): string {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return path;
  setprivRuns ??= spawnSync("setpriv", [...DROP_NICE, "--", "true"], { stdio: "ignore" }).status === 0;
  if (!setprivRuns) return path;
  const script = `#!/bin/sh\nexec setpriv ${DROP_NICE.join(" ")} -- '${path.replace(/'/g, "'\\''")}' "$@"\n`;
  const file = join(WRAPPERS, `${createHash("sha256").update(path).digest("hex").slice(0, 16)}.sh`);
  try {
    if (existsSync(file) && readFileSync(file, "utf8") === script) return file;
    mkdirSync(WRAPPERS, { recursive: true });
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, script, { mode: 0o755 });
    renameSync(part, file);
    return file;
  } catch {
    return path; // a checkout we may not write to: start Chromium as it is
  }
}

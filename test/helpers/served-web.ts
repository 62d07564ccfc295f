/**
 * The browser toy built into a folder, served on a free local port, with a headless Chromium to
 * open it: what the teaching view's browser tests start from.
 *
 *   let web: ServedWeb;
 *   beforeAll(async () => { web = await serveWeb("merlin-teach-"); });
 *   afterAll(() => web?.close());
 *
 * The build (seconds of CPU: esbuild and terser over the page's scripts) is made once for the
 * current sources and shared by every test file that serves it, in this run and the next
 * (test/helpers/disk-cache.ts, under a hash of firmware/, src/, hardware/, tools/, sim/ and
 * package-lock.json); the folder is only read. With MERLIN_TEST_BUILD_CACHE=0 each call builds
 * into a temporary folder of its own (`prefix`), removed by close.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { onTestFinished } from "vitest";
import { buildWeb } from "../../sim/web/build";
import { serveStatic } from "../../sim/web/serve";
import { launchChromium } from "./chromium";
import { CACHE_DIR, inputsHash, madeOnce, sharing } from "./disk-cache";

/** What the page is built from: the firmware's inputs (its bundles are in the page), the page's and the simulator's. */
const WEB_INPUTS = ["firmware", "src", "hardware", "tools", "sim", "package-lock.json"];

export interface ServedWeb {
  /** http://127.0.0.1:PORT */
  base: string;
  browser: Browser;
  /**
   * A fresh page (its own context and storage: a fresh toy) on `query`, once the page says it is
   * ready; its uncaught errors collected. Opened in a test, it is closed when that test ends:
   * a page left open keeps its toy's clock running and redrawing, CPU the later tests need.
   */
  open(query: string, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }>;
  /** Closes the pages, the browser and the server and removes the folder. */
  close(): Promise<void>;
}

export async function serveWeb(prefix: string): Promise<ServedWeb> {
  const own = !sharing();
  const dir = own
    ? mkdtempSync(join(tmpdir(), prefix))
    : await madeOnce(join(CACHE_DIR, "merlin-test-web"), "web", inputsHash(WEB_INPUTS), "", async (path) => {
        await buildWeb(path);
      });
  if (own) await buildWeb(dir);
  const server = await serveStatic(dir, 0);
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    base,
    browser,
    async open(query, viewport) {
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      try {
        onTestFinished(() => context.close().catch(() => {}));
      } catch {
        // Not in a test (a beforeAll, say): it stays open until close().
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${base}/${query}`);
      await page.waitForSelector("body[data-ready='1']");
      return { page, errors };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      server.close();
      if (own) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The browser toy built into a temporary folder, served on a free local port, with a headless
 * Chromium to open it: what the teaching view's browser tests start from.
 *
 *   let web: ServedWeb;
 *   beforeAll(async () => { web = await serveWeb("merlin-teach-"); }, 180_000);
 *   afterAll(() => web?.close());
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { buildWeb } from "../../sim/web/build";
import { serveStatic } from "../../sim/web/serve";
import { launchChromium } from "./chromium";

export interface ServedWeb {
  /** http://127.0.0.1:PORT */
  base: string;
  browser: Browser;
  /** A fresh page (its own context and storage: a fresh toy) on `query`, once the page says it is ready; its uncaught errors collected. */
  open(query: string, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }>;
  /** Closes the pages, the browser and the server and removes the folder. */
  close(): Promise<void>;
}

export async function serveWeb(prefix: string): Promise<ServedWeb> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  await buildWeb(dir);
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
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The browser toy's static build, served on localhost for a browser test: a fresh build in a
 * temporary folder, the local server (sim/web/serve.ts) on a free port, and Chromium (the
 * shared launcher). `stop` undoes it all.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { buildWeb } from "../../sim/web/build";
import { serveStatic } from "../../sim/web/serve";
import { launchChromium } from "./chromium";

export interface ServedPage {
  /** The build's folder. */
  dir: string;
  server: Server;
  /** The page's origin, http://127.0.0.1:PORT (no trailing slash). */
  base: string;
  browser: Browser;
  stop(): Promise<void>;
}

/** Builds the page into a new temporary folder named `prefix`…, serves it and launches Chromium. */
export async function servedPage(prefix: string): Promise<ServedPage> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  await buildWeb(dir);
  const server = await serveStatic(dir, 0);
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const browser = await launchChromium();
  return {
    dir,
    server,
    base,
    browser,
    async stop() {
      await browser.close();
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

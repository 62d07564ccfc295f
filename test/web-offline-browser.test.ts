/// <reference lib="dom" />
// The browser toy installable and offline, in headless Chromium (playwright-core, the shared
// launcher): after one visit online the service worker controls the page and holds every
// file of the build; with the network off and the server stopped the page reloads, plays,
// switches boards (another profile's firmware from the cache) and opens the teaching view
// (its code, loaded on demand, from the cache too); the same under a sub-path; a
// new build gets a new cache and the old one goes; links too long for the server get a page
// saying so, and a long link the server accepts still boots the toy. Where service workers
// are unavailable (an insecure origin) the page plays as before.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumSkipReason, launchChromium } from "./helpers/chromium";
import { shown } from "./helpers/page-waits";
import { buildWeb, writeServiceWorker, type WebBuild } from "../sim/web/build";
import { MAX_URL_BYTES, serveStatic } from "../sim/web/serve";
import { hangAfter } from "./helpers/time-limits";

const SKIP = Boolean(chromiumSkipReason);
/** A host name that is not localhost, mapped to 127.0.0.1: an insecure origin (no service workers). */
const INSECURE_HOST = "merlin-insecure.test";

describe.skipIf(SKIP)("the browser toy installable and offline, in Chromium", () => {
  let dir: string;
  let built: WebBuild;
  let browser: Browser;
  const servers: Server[] = [];
  const contexts: BrowserContext[] = [];

  /** Serves `folder` under `base` on a free port; the page's URL. */
  async function serve(folder: string, base = "/"): Promise<{ server: Server; url: string }> {
    const server = await serveStatic(folder, 0, "127.0.0.1", { base });
    servers.push(server);
    return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}${base}` };
  }
  /** Stops a server at once, open connections too: the page's network is gone. */
  function stop(server: Server): void {
    server.close();
    server.closeAllConnections();
  }
  /** A fresh browser profile (its own service workers and caches) with one page. */
  async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    contexts.push(context);
    return { context, page: await context.newPage() };
  }
  const ready = (page: Page) => page.waitForSelector("body[data-ready='1']");
  /** Waits until a service worker is active and controls the page; its scope. */
  async function controlled(page: Page): Promise<string> {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: hangAfter(60_000) });
    return page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  }
  /** The caches of the page's origin: name → the URLs each holds. */
  const caches = (page: Page) =>
    page.evaluate(async () => {
      const out: { [name: string]: string[] } = {};
      for (const name of await self.caches.keys()) out[name] = (await (await self.caches.open(name)).keys()).map((r) => r.url).sort();
      return out;
    });
  const moves = (page: Page) => page.evaluate(() => (window as any).merlin.session.state().moves as number);
  /** Presses pad 1 by clicking it; the moves counter (state and page) goes up by one. */
  async function pressAPad(page: Page): Promise<void> {
    const before = await moves(page);
    const shown = await page.textContent("#moves");
    await page.click('.pad[data-pad="0"]');
    await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m, before + 1);
    await page.waitForFunction((t) => document.getElementById("moves")!.textContent !== t, shown);
  }
  /** Boots, plays one move, and switches to the 4×4 board (its firmware from wherever the page gets it). */
  async function playAndSwitch(page: Page): Promise<void> {
    await ready(page);
    // Let the light test end, so the press counts as a move.
    await page.waitForFunction(() => (window as any).merlin.board.clock.now > 1500);
    await pressAPad(page);
    await Promise.all([page.waitForURL(/board=pico-4x4-neopixel/), page.selectOption("#profile", "pico-4x4-neopixel")]);
    await ready(page);
    expect(await page.evaluate(() => (window as any).merlin.profile.name)).toBe("pico-4x4-neopixel");
    expect(await page.locator(".pad").count()).toBe(16);
    expect(await page.textContent("#message")).toBe("");
  }
  /** Opens the teaching view (its code is fetched when it first opens, here from the cache) and takes a step. */
  async function teachWorks(page: Page): Promise<void> {
    await page.click("#teach-toggle");
    await page.waitForSelector("#step-next");
    await page.click("#step-next");
    await page.waitForFunction(() => document.getElementById("step-count")!.dataset.at === "1");
    expect(await page.locator(".panel-error:not([hidden])").count()).toBe(0);
  }
  /** Every URL the worker should hold, under `url`. */
  const expectedUrls = (url: string) => built.precache.map((f) => new URL(f, url).href).sort();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "merlin-web-offline-"));
    built = await buildWeb(dir);
    // One host name mapped to 127.0.0.1, to be an insecure origin.
    browser = await launchChromium({ args: [`--host-resolver-rules=MAP ${INSECURE_HOST} 127.0.0.1`] });
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    for (const s of servers) stop(s);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("after one visit, reloads, plays and switches boards with the network off and the server stopped", async () => {
    const { server, url } = await serve(dir);
    const { context, page } = await freshPage();
    await page.goto(`${url}?board=pico-3x3&rules=basic&seed=7&puzzle=0`);
    await ready(page);
    expect(await controlled(page)).toBe(url);
    // One cache, named after the scope and the build's version, holding every file of the build.
    const held = await caches(page);
    expect(Object.keys(held)).toEqual([`merlin ${url} ${built.cacheVersion}`]);
    expect(Object.values(held)[0]).toEqual(expectedUrls(url));

    stop(server);
    await context.setOffline(true);
    // The toy's own link (any query) is answered with the cached page, which deals it (the
    // address is the page's to write as it draws the game: waited for).
    await page.reload();
    await ready(page);
    await shown(() => page.evaluate(() => location.search)).toBe("?board=pico-3x3&rules=basic&seed=7&puzzle=0");
    await playAndSwitch(page);
    await teachWorks(page);
    // Every profile's firmware is there, byte for byte.
    const fw = await page.evaluate(() => fetch("firmware/pico-5x5-neopixel.js").then((r) => r.text()));
    expect(fw).toBe(readFileSync(join(dir, "firmware", "pico-5x5-neopixel.js"), "utf8"));
    // A link of any length is the cached page too (the server would refuse this one).
    await page.goto(`${url}?board=pico-3x3&note=${"x".repeat(20_000)}`);
    await ready(page);
    expect(await page.evaluate(() => (window as any).merlin.profile.name)).toBe("pico-3x3");
  });

  it("works the same served under a sub-path: every URL relative to the worker's scope", async () => {
    const { server, url } = await serve(dir, "/some/dir/");
    expect(url).toMatch(/\/some\/dir\/$/);
    const { context, page } = await freshPage();
    await page.goto(`${url}?board=pico-3x3&rules=basic&seed=9&puzzle=1`);
    await ready(page);
    expect(await controlled(page)).toBe(url);
    const held = await caches(page);
    expect(Object.keys(held)).toEqual([`merlin ${url} ${built.cacheVersion}`]);
    expect(Object.values(held)[0]).toEqual(expectedUrls(url));
    // The manifest the page links resolves under the sub-path, and so do its start page and icons.
    const manifest = await page.evaluate(async () => {
      const href = (document.querySelector('link[rel="manifest"]') as HTMLLinkElement).href;
      const m = await (await fetch(href)).json();
      return { href, start: new URL(m.start_url, href).href, scope: new URL(m.scope, href).href, icons: m.icons.map((i: { src: string }) => new URL(i.src, href).href) };
    });
    expect(manifest).toEqual({ href: `${url}manifest.webmanifest`, start: url, scope: url, icons: built.icons.map((i) => url + i) });

    stop(server);
    await context.setOffline(true);
    await page.reload();
    await ready(page);
    expect(await page.getAttribute("#puzzle", "href")).toMatch(/^\/some\/dir\/\?board=pico-3x3&/);
    await playAndSwitch(page);
    await teachWorks(page);
    expect(new URL(page.url()).pathname).toBe("/some/dir/");
  });

  it("is installable: Chromium finds the manifest and its icons without errors", async () => {
    const { url } = await serve(dir, "/app/");
    const { context, page } = await freshPage();
    await page.goto(url);
    await ready(page);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const m = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[]; data?: string };
    expect(m.url).toBe(`${url}manifest.webmanifest`);
    expect(m.errors).toEqual([]);
    const installability = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
    // A fresh test context is off the record ("in-incognito"); Chromium still lists every other
    // reason (a manifest without icons, or with display "browser", is listed here too).
    expect(installability.installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  });

  it("a new build replaces the cache: a new name, the old one deleted, the open page offered a reload", async () => {
    const copy = mkdtempSync(join(tmpdir(), "merlin-web-offline-copy-"));
    try {
      cpSync(dir, copy, { recursive: true });
      const { url } = await serve(copy, "/");
      const { page } = await freshPage();
      await page.goto(url);
      await ready(page);
      await controlled(page);
      const before = Object.keys(await caches(page));
      expect(before).toEqual([`merlin ${url} ${built.cacheVersion}`]);

      // The build again, with one file changed: its worker has another version.
      appendFileSync(join(copy, "style.css"), "\n/* rebuilt */\n");
      const version = await writeServiceWorker(copy, built.precache);
      expect(version).not.toBe(built.cacheVersion);
      // Unchanged files give the same version: a rebuild of the same sources keeps the cache.
      expect(await writeServiceWorker(dir, built.precache)).toBe(built.cacheVersion);

      // The browser checks for a new worker on navigations; ask now, as it would.
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())!.update();
      });
      await page.waitForFunction((name) => self.caches.keys().then((k) => k.length === 1 && k[0] === name), `merlin ${url} ${version}`, { timeout: hangAfter(60_000) });
      // The open page keeps playing what it loaded and offers the new version.
      await page.waitForSelector("#update button", { timeout: hangAfter(60_000) });
      await pressAnyLoaded(page);
      await Promise.all([page.waitForEvent("load"), page.click("#update button")]);
      await ready(page);
      expect(await page.evaluate(() => fetch("style.css").then((r) => r.text()))).toContain("/* rebuilt */");
      expect(await page.locator("#update").count()).toBe(0);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  /** The page still plays (after its light test). */
  async function pressAnyLoaded(page: Page): Promise<void> {
    await page.waitForFunction(() => (window as any).merlin.board.clock.now > 1500);
    await pressAPad(page);
  }

  it("an overlong link gets a page saying so, with the way to the start page; a long link the server takes boots the toy", async () => {
    const { url } = await serve(dir, "/some/dir/");
    const { page } = await freshPage();
    // Over the server's limit (and no worker yet to answer it): the server's page, not a blank one.
    for (const length of [17_000, 100_000]) {
      const response = await page.goto(`${url}?board=pico-3x3&seed=1&note=${"x".repeat(length)}`);
      expect(response!.status()).toBe(length < 64 * 1024 ? 414 : 431);
      expect(await page.textContent("h1")).toBe("This link is too long");
    }
    await Promise.all([page.waitForURL(url), page.click("#start")]);
    await ready(page);

    // Just under the limit: the page loads (its files are fetched with the long address as
    // their Referer), deals the link and puts the toy's own short link in the address bar.
    const fresh = await freshPage();
    const prefix = `${new URL(url).pathname}?board=pico-4x4-neopixel&seed=3&note=`;
    const long = `${url}?board=pico-4x4-neopixel&seed=3&note=${"y".repeat(MAX_URL_BYTES - prefix.length)}`;
    expect(Buffer.byteLength(long) - new URL(url).origin.length).toBe(MAX_URL_BYTES);
    await fresh.page.goto(long);
    await ready(fresh.page);
    await fresh.page.waitForFunction(() => (window as any).merlin.session.state().seed === 3);
    await fresh.page.waitForFunction(() => location.search.length < 100 && location.search.startsWith("?board=pico-4x4-neopixel&"));
    // A long wrong value is quoted short.
    await fresh.page.goto(`${url}?board=${"z".repeat(MAX_URL_BYTES - 200)}`);
    await ready(fresh.page);
    const message = (await fresh.page.textContent("#message"))!;
    expect(message).toMatch(/^the link's board: unknown profile "z+… \(\d+ characters\)"/);
    expect(message.length).toBeLessThan(300);
  });

  it("plays where service workers are unavailable (an insecure origin): nothing registered, no error", async () => {
    const { url } = await serve(dir);
    const insecure = url.replace("127.0.0.1", INSECURE_HOST);
    const { page } = await freshPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(insecure);
    await ready(page);
    expect(await page.evaluate(() => [window.isSecureContext, "serviceWorker" in navigator])).toEqual([false, false]);
    await pressAnyLoaded(page);
    expect(errors).toEqual([]);
  });
});

/// <reference lib="dom" />
// The browser page's layouts, measured in headless Chromium (the shared launcher) on the static
// build: on a laptop (1280×720) and a projector (1920×1080) the toy and the elimination
// stepper's current step are on the screen together while the steps go on; at those sizes and
// on a 360×740 phone the teaching view's press counts on the pads (×2) keep clear of the state
// symbols and no text is under 12 px; on the phone every control is a 44 px target, the menus
// show their whole text and a step of the stepper reads without scrolling sideways (on a board
// too wide for the phone, the row labels and the t − b column stay in view while the matrix
// scrolls). And the teaching
// view's code is fetched only when the view first opens, and then works.
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumSkipReason } from "./helpers/chromium";
import { serveWeb, type ServedWeb } from "./helpers/served-web";
import { hangAfter } from "./helpers/time-limits";

const SKIP = Boolean(chromiumSkipReason);
const MERLIN = "?board=pico-3x3&rules=basic&seed=7&puzzle=0";
/** The 5×5 board's 3-colour game: the widest matrices (25 keys and t − b). */
const COLOUR_GAME = "?board=pico-5x5-neopixel&rules=lightsout2000&seed=3&puzzle=0";

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

describe.skipIf(SKIP)("the browser page's layouts", () => {
  let served: ServedWeb;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    served = await serveWeb("merlin-web-layout-");
    ({ base, browser } = served);
  });
  afterAll(() => served?.close());

  /** A fresh page of `width`×`height` (a touch phone when `phone`), at `query`, past the light test and the link's deal. */
  async function open(width: number, height: number, query: string, phone = false): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: phone, isMobile: phone, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${base}/${query}`);
    await page.waitForSelector("body[data-ready='1']");
    await page.waitForFunction(() => (window as any).merlin.board.clock.now > 1600);
    return page;
  }
  const close = (page: Page) => page.context().close();
  /** Opens the teaching view and waits for its stepper. */
  async function openTeach(page: Page): Promise<void> {
    await page.click("#teach-toggle");
    await page.waitForSelector("#step-next");
  }
  const rect = (page: Page, selector: string) =>
    page.locator(selector).first().evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom } as Rect;
    });
  /** Whether `r` lies wholly inside the window. */
  const onScreen = (page: Page, r: Rect) => {
    const v = page.viewportSize()!;
    return r.left >= 0 && r.top >= 0 && r.right <= v.width && r.bottom <= v.height;
  };
  /** The toy, and the stepper's current step (its count, its text and the matrix now). */
  async function toyAndStep(page: Page): Promise<{ [what: string]: Rect }> {
    return {
      toy: await rect(page, ".panel"),
      count: await rect(page, "#step-count"),
      text: await rect(page, "#step-text"),
      // (The part of the matrix shown: a wide one scrolls in its box.)
      matrix: await rect(page, ".scroll:has(> #stepper-matrix)"),
    };
  }
  /**
   * Presses Next `n` times (as a player clicks it); after each, the toy and the step are both
   * wholly on the screen, the step within the teaching view's scroll area (not scrolled out of it).
   */
  async function stepWithToyInSight(page: Page, n: number, where: string): Promise<void> {
    for (let i = 0; i < n; i++) {
      const at = Number(await page.getAttribute("#step-count", "data-at"));
      await page.click("#step-next");
      await page.waitForFunction((a) => document.getElementById("step-count")!.dataset.at === String(a), at + 1);
      const boxes = await toyAndStep(page);
      const area = await rect(page, "#teach");
      for (const [what, r] of Object.entries(boxes)) {
        expect(onScreen(page, r), `${where}, step ${at + 1}: the ${what} at ${JSON.stringify(r)}`).toBe(true);
        if (what !== "toy") expect(r.top >= area.top && r.bottom <= area.bottom, `${where}, step ${at + 1}: the ${what} at ${JSON.stringify(r)}, out of the view's area ${JSON.stringify(area)}`).toBe(true);
      }
    }
  }

  it("on a 1920×1080 projector the toy is large, and with the teaching view open the toy and the stepper's step are on screen together without scrolling", async () => {
    for (const query of [MERLIN, COLOUR_GAME]) {
      const page = await open(1920, 1080, query);
      // Closed, the toy takes half the height at least (not a corner of the screen).
      const toy = await rect(page, ".panel");
      expect(toy.bottom - toy.top, query).toBeGreaterThanOrEqual(540);
      await openTeach(page);
      await stepWithToyInSight(page, 4, `1920×1080 ${query}`);
      // Nothing was scrolled to get there: the page stays at its top, the teaching view too.
      expect(await page.evaluate(() => [scrollY, document.getElementById("teach")!.scrollTop])).toEqual([0, 0]);
      await close(page);
    }
  }, hangAfter(120_000));

  it("on a 1280×720 laptop, the stepper scrolled into view in the teaching view's own area, the toy stays on screen while the steps go on", async () => {
    for (const query of [MERLIN, COLOUR_GAME]) {
      const page = await open(1280, 720, query);
      await openTeach(page);
      // Scrolling the view (as a player does with the wheel) moves the teaching view alone: the
      // stepper's buttons scrolled to its top, so Next, the step and the matrix (the 5×5's
      // [A | t − b] has 25 rows) are all in view.
      await page.locator(".stepper .row").evaluate((e) => e.scrollIntoView({ block: "start" }));
      expect(await page.evaluate(() => scrollY)).toBe(0);
      await stepWithToyInSight(page, 6, `1280×720 ${query}`);
      // The toy still plays beside the view: a press counts as a move.
      const moves = await page.evaluate(() => (window as any).merlin.session.state().moves as number);
      await page.click('.pad[data-pad="0"]');
      await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m + 1, moves);
      expect(onScreen(page, await rect(page, ".panel"))).toBe(true);
      await close(page);
    }
  }, hangAfter(120_000));

  /** Every control shown (teaching view open): smaller than 44×44 px. */
  const smallControls = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("button, select, a[href], input, .check")]
        .filter((e) => e.getClientRects().length > 0 && !e.closest("dialog") && !(e instanceof HTMLInputElement && e.closest("label.check")))
        .map((e) => {
          const r = e.getBoundingClientRect();
          return { what: e.id || e.className || e.tagName, w: Math.round(r.width), h: Math.round(r.height) };
        })
        .filter((t) => t.w < 44 || t.h < 44),
    );
  /** Every text shown (elements with text of their own, and text drawn by ::after: the pads' press counts) under 12 px. */
  const smallText = (page: Page) =>
    page.evaluate(() => {
      const small: string[] = [];
      for (const e of document.querySelectorAll<HTMLElement>("body *")) {
        if (e.getClientRects().length === 0 || e.closest("dialog, .sr-only, [hidden]")) continue;
        const own = [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== "");
        const size = parseFloat(getComputedStyle(e).fontSize);
        if (own && size < 12) small.push(`${e.tagName}#${e.id}.${e.className}: ${size} px "${e.textContent!.trim().slice(0, 20)}"`);
        const after = getComputedStyle(e, "::after");
        if (after.content !== "none" && after.content !== "normal" && after.content !== '""' && parseFloat(after.fontSize) < 12) small.push(`${e.className}::after: ${after.fontSize}`);
      }
      return small;
    });
  /**
   * Every menu narrower than its widest option needs (any option may be the one shown): a copy
   * of it at its natural width, in the same place, is wider than the menu.
   */
  const cutMenus = (page: Page) =>
    page.evaluate(() => {
      const cut: string[] = [];
      for (const s of document.querySelectorAll("select")) {
        if (s.getClientRects().length === 0) continue;
        const natural = s.cloneNode(true) as HTMLSelectElement;
        natural.removeAttribute("id");
        natural.style.cssText = "position: absolute; visibility: hidden; width: auto; min-width: 0; max-width: none; flex: none";
        s.after(natural);
        const need = natural.getBoundingClientRect().width;
        natural.remove();
        const has = s.getBoundingClientRect().width;
        if (need > has + 0.5) cut.push(`#${s.id}: ${Math.round(has)} px wide, its options need ${Math.round(need)} px`);
      }
      return cut;
    });

  it("on a 360×740 phone every control is 44 px, no text is under 12 px and the menus show their whole text, in the game, in the teaching view, its edit box and its stepper's last step", async () => {
    for (const query of [MERLIN, COLOUR_GAME]) {
      const page = await open(360, 740, query, true);
      for (const teach of ["", " with the teaching view", " editing a board to teach with", " with the stepper run to its end"]) {
        if (teach === " with the teaching view") await openTeach(page);
        if (teach === " editing a board to teach with") {
          await page.click("#edit-start");
          await page.waitForSelector("#teach-b button.edit-pad");
        }
        if (teach === " with the stepper run to its end") {
          await page.click("#step-end");
          await page.waitForSelector("#step-x");
        }
        const where = `${query}${teach}`;
        expect(await smallControls(page), where).toEqual([]);
        expect(await smallText(page), where).toEqual([]);
        expect(await cutMenus(page), where).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBe(360);
      }
      // The puzzle's link is a 44 px target (it was a 19 px line of text).
      const link = await rect(page, "#puzzle");
      expect(link.bottom - link.top).toBeGreaterThanOrEqual(44);
      await close(page);
    }
  }, hangAfter(120_000));

  /**
   * The pads' press counts (×2, ×3) with the boxes of their pad, its LED, the LED's state symbol
   * and the key's label, as drawn.
   */
  const pressCounts = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".pad .mark .count")].map((count) => {
        const pad = count.closest<HTMLElement>(".pad")!;
        const box = (e: Element) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        };
        return { pad: pad.dataset.pad, text: getComputedStyle(count, "::after").content, size: parseFloat(getComputedStyle(count, "::after").fontSize), count: box(count), padBox: box(pad), led: box(pad.querySelector(".led")!), sym: box(pad.querySelector(".sym")!), key: box(pad.querySelector(".key")!) };
      }),
    );
  /** Whether two boxes share no area. */
  const apart = (a: Rect, b: Rect) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  /** Whether `a` lies wholly inside `b`. */
  const within = (a: Rect, b: Rect) => a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;

  it.each([
    { width: 360, height: 740, phone: true },
    { width: 1280, height: 720, phone: false },
    { width: 1920, height: 1080, phone: false },
  ])("at $width×$height, on colour games whose x presses pads several times, each ×n count is on its own pad clear of the LED, its state symbol and the key's label, and no text is under 12 px", async ({ width, height, phone }) => {
    // blackwhite seed 5 on the 4×4 (keys pressed up to 3 times) and lightsout2000 on the 5×5
    // (the smallest pads: 51 px on a phone).
    for (const query of ["?board=pico-4x4-neopixel&rules=blackwhite&seed=5&puzzle=0", COLOUR_GAME]) {
      const page = await open(width, height, query, phone);
      await openTeach(page);
      await page.waitForSelector(".pad .mark .count");
      const counts = await pressCounts(page);
      // Every pad x presses more than once has its count (4 on each board here).
      expect(counts.length, query).toBeGreaterThanOrEqual(2);
      expect(counts.map((c) => c.pad), query).toEqual(await page.locator(".pad").evaluateAll((ps) => ps.filter((p) => Number((p as HTMLElement).dataset.press) > 1).map((p) => (p as HTMLElement).dataset.pad)));
      for (const c of counts) {
        const where = `${width}×${height} ${query}, pad ${Number(c.pad) + 1}: ${JSON.stringify(c)}`;
        expect(c.text, where).toMatch(/^"×[2-9]"$/);
        expect(c.size, where).toBeGreaterThanOrEqual(12);
        expect(apart(c.count, c.sym), `${where}: over the state symbol`).toBe(true);
        expect(apart(c.count, c.led), `${where}: over the LED`).toBe(true);
        expect(apart(c.count, c.key), `${where}: over the key's label`).toBe(true);
        expect(within(c.count, c.padBox), `${where}: off its pad`).toBe(true);
      }
      expect(await smallText(page), `${width}×${height} ${query}`).toEqual([]);
      await close(page);
    }
  }, hangAfter(120_000));

  /** The stepper's matrix box: its widths, and where the row labels and the t − b column are within it. */
  const stepperBox = (page: Page) =>
    page.evaluate(() => {
      const table = document.getElementById("stepper-matrix")!;
      const box = table.closest(".scroll") as HTMLElement;
      const r = (e: Element) => e.getBoundingClientRect();
      const inside = (e: Element) => r(e).left >= r(box).left - 0.5 && r(e).right <= r(box).right + 0.5;
      const rows = [...table.querySelectorAll("tbody tr")];
      return {
        table: `${Math.round(r(table).width)} px, ${rows.length} rows, step ${document.getElementById("step-count")!.dataset.at}, ${location.search}`,
        scrollWidth: box.scrollWidth,
        clientWidth: box.clientWidth,
        labelsInView: rows.every((tr) => inside(tr.firstElementChild!)),
        rightSideInView: rows.every((tr) => inside(tr.lastElementChild!)),
      };
    });

  it("on a 360×740 phone a step of the stepper reads without scrolling sideways; on the 5×5 the row labels and t − b stay in view as A scrolls", async () => {
    /** Presses Next and waits for the step it draws. */
    const next = async (page: Page) => {
      const at = Number(await page.getAttribute("#step-count", "data-at"));
      await page.click("#step-next");
      await page.waitForFunction((a) => document.getElementById("step-count")!.dataset.at === String(a), at + 1);
    };
    const page = await open(360, 740, MERLIN, true);
    await openTeach(page);
    for (let i = 0; i < 3; i++) {
      await next(page);
      const box = await stepperBox(page);
      expect(box.scrollWidth, "the 3×3's [A | t − b]").toBeLessThanOrEqual(box.clientWidth);
    }
    await close(page);

    const wide = await open(360, 740, COLOUR_GAME, true);
    await openTeach(wide);
    for (let i = 0; i < 3; i++) {
      await next(wide);
      const box = await stepperBox(wide);
      expect(box.scrollWidth, `the 5×5's [A | t − b] is wider than a phone: ${box.table}`).toBeGreaterThan(box.clientWidth);
      // Each step draws the matrix anew, scrolled to its start: labels and t − b in view.
      expect(box).toMatchObject({ labelsInView: true, rightSideInView: true });
      // Scrolled half way and all the way along A: still both.
      for (const to of [0.5, 1]) {
        await wide.evaluate((f) => {
          const s = document.getElementById("stepper-matrix")!.closest(".scroll")!;
          s.scrollLeft = f * (s.scrollWidth - s.clientWidth);
        }, to);
        expect(await stepperBox(wide), `scrolled to ${to}`).toMatchObject({ labelsInView: true, rightSideInView: true });
      }
    }
    await close(wide);
  });

  it("fetches the board's files once and the teaching view's code only when the view first opens; then it works, and opens and closes without fetching again", async () => {
    const page = await open(1280, 720, MERLIN);
    const fetched: string[] = [];
    page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
    const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname).filter((p) => p.endsWith(".js")));
    expect(scripts).not.toContain("/teach-view.js");
    expect(scripts).toContain("/app.js");
    // The board's files, begun by the page before app.js ran, were fetched once each.
    const files = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
    for (const f of ["/profiles/pico-3x3.json", "/firmware/pico-3x3.js"]) expect(files.filter((p) => p === f), f).toHaveLength(1);
    await openTeach(page);
    expect(fetched.filter((p) => p === "/teach-view.js")).toHaveLength(1);
    // It works: the lesson's x is marked on the pads, the stepper runs to the end and reads the same x.
    await page.waitForSelector(".pad.in-x");
    const marked = await page.evaluate(() => [...document.querySelectorAll(".pad")].map((p) => (p.classList.contains("in-x") ? "1" : "0")).join(""));
    await page.click("#step-end");
    await page.waitForSelector("#step-x");
    expect(await page.getAttribute("#step-x", "data-x")).toBe(marked);
    // Closed and opened again: the same view, no second fetch.
    await page.click("#teach-toggle");
    expect(await page.locator("#teach").isHidden()).toBe(true);
    await page.click("#teach-toggle");
    await page.waitForSelector(".pad.in-x");
    expect(fetched.filter((p) => p === "/teach-view.js")).toHaveLength(1);
    await close(page);
  });
});

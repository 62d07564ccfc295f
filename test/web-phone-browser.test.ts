/// <reference lib="dom" />
// The browser toy on a phone and for every player, in headless Chromium (Debian's) driven by
// playwright-core against the static build on localhost: no sideways page scroll at 360-430 px
// on any profile or view, the game's status, moves and par on the first screen with the toy,
// touch targets of 44 px and face labels of 12 px at least, no focus ring after a tap, a long
// press that shows its progress before the toy's 1.5 s hold fires, shortcut keys that work
// whatever has focus but a text field, a pad pressed after the game ended that says what to
// do, colour games whose pads have names and symbols (and a legend), and axe-core's rules with
// no violation in any view. Screenshots go to dist/web-test/ (docs/ with
// MERLIN_UPDATE_SCREENSHOTS=1, for the README).
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumSkipReason } from "./helpers/chromium";
import { serveWeb, type ServedWeb } from "./helpers/served-web";
import { shown } from "./helpers/page-waits";
import { contrast } from "../sim/app/palette";
import { gridPuzzle, pressKey } from "../src/maths/puzzle";
import { hangAfter } from "./helpers/time-limits";

const SKIP = Boolean(chromiumSkipReason);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const PROFILES = ["pico-3x3", "esp32-3x3", "mdbt42q-3x3", "pico-4x4-neopixel", "pico-5x5-neopixel"];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1100, height: 820 };
/** What axe-core may find inside the teaching view's own panel (#teach): nothing. */
const KNOWN_IN_TEACH: string[] = [];
/** The 5×5 board's 3-colour game, dealt by a seed. */
const COLOUR_GAME = "?board=pico-5x5-neopixel&rules=lightsout2000&seed=3&puzzle=0";


interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  bottom: number;
}

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; html: string; teach: boolean }[];
}

describe.skipIf(SKIP)("the browser toy on a phone and for every player", () => {
  let served: ServedWeb;
  let base: string;
  let browser: Browser;

  /** A fresh browser context (its own localStorage): a phone with touch, or a desktop window. */
  async function device(size: { width: number; height: number }, touch: boolean): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: size, hasTouch: touch, isMobile: touch, deviceScaleFactor: 1 });
    // Everything the live region says, in order (window.__said).
    await context.addInitScript(() => {
      const w = window as any;
      w.__said = [];
      document.addEventListener("DOMContentLoaded", () => {
        const a = document.getElementById("announce")!;
        new MutationObserver(() => w.__said.push(a.textContent)).observe(a, { childList: true, characterData: true, subtree: true });
      });
    });
    return { context, page: await context.newPage() };
  }
  /** Opens the page and waits past the light test (the toy plays from 1.2 s of board time). */
  async function open(page: Page, query: string): Promise<void> {
    await page.goto(`${base}/${query}`);
    await page.waitForSelector("body[data-ready='1']");
    await boardTime(page, 1300);
  }
  /** Waits until the board's clock reads `t` ms. */
  const boardTime = (page: Page, t: number) => page.waitForFunction((x) => (window as any).merlin.board.clock.now > x, t);
  const now = (page: Page) => page.evaluate(() => (window as any).merlin.board.clock.now as number);
  const state = (page: Page) => page.evaluate(() => (window as any).merlin.session.state() as { board: string; moves: number; status: string; rules: string; puzzle: number; seed: number });
  const box = (page: Page, selector: string) =>
    page.locator(selector).first().evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, bottom: r.bottom } as Box;
    });
  const noSidewaysScroll = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  /** A position through the console API (a start the rules can reach), drawn on the next frame. */
  async function startAt(page: Page, digits: string): Promise<void> {
    await page.evaluate((d) => (window as any).merlin.session.api(`Merlin.start(${JSON.stringify(d)})`), digits);
    await page.waitForFunction((d) => (window as any).merlin.session.state().board === d, digits);
    const t = await now(page);
    await boardTime(page, t + 100);
  }
  /** axe-core's violations on the page as it is now: those inside the teaching view's panel (#teach) apart. */
  async function axe(page: Page): Promise<{ page: AxeViolation[]; teach: AxeViolation[] }> {
    if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE });
    const all = await page.evaluate(async () => {
      const r = await (window as any).axe.run(document, { resultTypes: ["violations"] });
      // (axe checked the page: dozens of rules pass on it.)
      if (r.passes.length < 20) throw new Error(`axe-core ran only ${r.passes.length} rules that passed`);
      const inTeach = (target: string[]) => target.length === 1 && document.querySelector(target[0])?.closest("#teach") != null;
      return r.violations.map((v: any) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.map((n: any) => ({ target: n.target, html: n.html, teach: inTeach(n.target) })),
      })) as AxeViolation[];
    });
    const inTeach = (n: { teach: boolean }) => n.teach;
    const outside = all.map((v) => ({ ...v, nodes: v.nodes.filter((n) => !inTeach(n)) })).filter((v) => v.nodes.length > 0);
    const teach = all.map((v) => ({ ...v, nodes: v.nodes.filter(inTeach) })).filter((v) => v.nodes.length > 0);
    return { page: outside, teach };
  }
  const said = (page: Page) => page.evaluate(() => (window as any).__said as string[]);
  const shotPath = (name: string) => {
    mkdirSync(join(ROOT, "dist", "web-test"), { recursive: true });
    return process.env.MERLIN_UPDATE_SCREENSHOTS === "1" ? join(ROOT, "docs", name) : join(ROOT, "dist", "web-test", name);
  };

  beforeAll(async () => {
    served = await serveWeb("merlin-web-phone-");
    ({ base, browser } = served);
  });
  afterAll(() => served?.close());

  it("no sideways page scroll at 360, 390 and 430 px on any profile, with the teaching view open or the help", async () => {
    for (const width of [360, 390, 430]) {
      const { context, page } = await device({ width, height: 844 }, true);
      for (const profile of PROFILES) {
        await open(page, `?board=${profile}`);
        expect(await noSidewaysScroll(page), `${profile} at ${width} px`).toEqual({ scroll: width, inner: width });
        await page.click("#teach-toggle");
        await page.waitForSelector("#teach:not([hidden])");
        const w = await noSidewaysScroll(page);
        expect(w.scroll, `${profile} at ${width} px, teaching view open`).toBeLessThanOrEqual(w.inner);
        // A wide matrix scrolls inside its own box: the panel is no wider than the page.
        expect((await box(page, "#teach")).width).toBeLessThanOrEqual(width);
        await page.keyboard.press("?");
        await page.waitForSelector("#help[open]");
        const h = await noSidewaysScroll(page);
        expect(h.scroll, `${profile} at ${width} px, help`).toBeLessThanOrEqual(h.inner);
        expect((await box(page, "#help")).width).toBeLessThanOrEqual(width);
        await page.click("#help-close");
      }
      await context.close();
    }
  }, hangAfter(100_000));

  it("on a 390×844 phone the status, moves and par are on the first screen with the whole toy, a WON too", async () => {
    const { context, page } = await device(PHONE, true);
    for (const query of ["?board=pico-3x3&rules=basic&seed=7&puzzle=0", COLOUR_GAME, "?board=pico-4x4-neopixel"]) {
      await open(page, query);
      for (const sel of ["#status", "#moves", "#par", "#message", ".panel"]) {
        const b = await box(page, sel);
        expect(b.bottom, `${query}: ${sel}`).toBeLessThanOrEqual(PHONE.height);
        expect(b.y).toBeGreaterThanOrEqual(0);
      }
      expect(await page.locator("#moves").textContent()).toMatch(/^\d/);
      expect(await page.locator("#par").textContent()).toMatch(/^\d/);
    }
    // One press from the goal, then the press that wins: WON shows on the first screen.
    await open(page, "?board=pico-3x3&rules=basic&seed=7&puzzle=0");
    const start = new Uint8Array([1, 1, 1, 1, 0, 1, 1, 1, 1]);
    pressKey(gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" }), start, 0);
    await startAt(page, start.join(""));
    await page.tap('.pad[data-pad="0"]');
    await page.waitForFunction(() => document.getElementById("status")!.textContent!.startsWith("WON"));
    expect((await box(page, "#status")).bottom).toBeLessThanOrEqual(PHONE.height);
    await page.screenshot({ path: shotPath("web-phone.png") });
    await context.close();
  });

  it("touch targets are 44 px at least and the face's labels 12 px, on the 3×3, 4×4 and 5×5 faces at 360 and 390 px", async () => {
    for (const width of [360, 390]) {
      const { context, page } = await device({ width, height: 844 }, true);
      for (const profile of ["pico-3x3", "pico-4x4-neopixel", "pico-5x5-neopixel"]) {
        await open(page, profile === "pico-5x5-neopixel" ? COLOUR_GAME : `?board=${profile}`);
        const small = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>("button, select, a, .check")]
            .filter((e) => e.offsetParent !== null && !e.closest("dialog") && !e.closest("#teach"))
            .map((e) => {
              const r = e.getBoundingClientRect();
              return { what: e.id || e.className || e.tagName, w: Math.round(r.width * 10) / 10, h: Math.round(r.height * 10) / 10 };
            })
            .filter((t) => t.w < 44 || t.h < 44),
        );
        expect(small, `${profile} at ${width} px`).toEqual([]);
        // The extra buttons must not cover a pad.
        const overlap = await page.evaluate(() => {
          const pads = [...document.querySelectorAll(".pad")].map((e) => e.getBoundingClientRect());
          return [...document.querySelectorAll(".extra")].filter((e) => {
            const b = e.getBoundingClientRect();
            return pads.some((p) => b.left < p.right && b.right > p.left && b.top < p.bottom && b.bottom > p.top);
          }).length;
        });
        expect(overlap).toBe(0);
        const fonts = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>(".pad .key, .extra, .panel.colours .pad .sym")].map((e) => parseFloat(getComputedStyle(e).fontSize)),
        );
        expect(fonts.length).toBeGreaterThan(0);
        expect(Math.min(...fonts), `${profile} at ${width} px`).toBeGreaterThanOrEqual(12);
      }
      await context.close();
    }
  });

  it("the face's labels have a contrast of 4.5:1 at least on both ends of the pad's shading", async () => {
    const { context, page } = await device(DESKTOP, false);
    for (const query of ["?board=pico-5x5-neopixel&rules=blackwhite", COLOUR_GAME, "?board=pico-3x3"]) {
      await open(page, query);
      const pairs = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(".pad .key, .extra")].map((e) => {
          const fg = getComputedStyle(e).color;
          const host = e.classList.contains("extra") ? e : (e.parentElement as HTMLElement);
          const bg = getComputedStyle(host);
          const stops = (bg.backgroundImage.match(/rgba?\([^)]*\)/g) ?? [bg.backgroundColor]).map(String);
          return { text: e.textContent, fg, stops };
        }),
      );
      const rgb = (c: string) => c.match(/[\d.]+/g)!.slice(0, 3).map(Number);
      for (const p of pairs) for (const s of p.stops) expect(contrast(rgb(p.fg), rgb(s)), `${query}: label ${p.text} on ${s}`).toBeGreaterThanOrEqual(4.5);
    }
    await context.close();
  });

  it("a tap leaves no focus ring; the keyboard still shows one", async () => {
    const { context, page } = await device(PHONE, true);
    await open(page, "?board=pico-3x3");
    const moves = (await state(page)).moves;
    await page.tap('.pad[data-pad="4"]');
    await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m + 1, moves);
    const tapped = await page.evaluate(() => {
      const e = document.activeElement as HTMLElement;
      return { pad: e.dataset.pad, visible: e.matches(":focus-visible"), outline: getComputedStyle(e).outlineStyle };
    });
    expect(tapped).toEqual({ pad: "4", visible: false, outline: "none" });
    await page.keyboard.press("Tab");
    const tabbed = await page.evaluate(() => {
      const e = document.activeElement as HTMLElement;
      return { pad: e.dataset.pad, visible: e.matches(":focus-visible"), outline: getComputedStyle(e).outlineStyle };
    });
    expect(tabbed).toEqual({ pad: "5", visible: true, outline: "solid" });
    await context.close();
  });

  it("a long press shows a bar filling over 1.5 s and says which function it is, then the hold fires and says so; a tap shows no bar", async () => {
    const { context, page } = await device(PHONE, true);
    await open(page, "?board=pico-3x3&rules=basic&seed=7&puzzle=0");
    const before = await state(page);
    const cdp = await context.newCDPSession(page);
    const pad = await box(page, '.pad[data-pad="0"]');
    const point = { x: pad.x + pad.width / 2, y: pad.y + pad.height / 2 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
    const t0 = await now(page);
    await boardTime(page, t0 + 700);
    // The bar, its progress and the message are drawn on the page's frames: the first frame
    // that shows them all is the one measured.
    // (The toy's puzzle is read in the same frame: on a loaded machine a later read can come
    // after the hold has fired.)
    let mid = { holding: false, bar: "", progress: 0, message: "" as string | null, puzzle: -1 };
    await shown(async () => {
      mid = await page.evaluate(() => {
        const p = document.querySelector<HTMLElement>('.pad[data-pad="0"]')!;
        return {
          holding: p.classList.contains("holding"),
          bar: getComputedStyle(p.querySelector(".hold")!).visibility,
          progress: Number(p.style.getPropertyValue("--hold")),
          message: document.getElementById("message")!.textContent,
          puzzle: (window as any).merlin.session.state().puzzle as number,
        };
      });
      return mid;
    }).toMatchObject({ holding: true, bar: "visible", message: "holding pad 1: NEW GAME at 1.5 s, let go before to press only" });
    expect(mid.progress).toBeGreaterThan(0.4);
    expect(mid.progress).toBeLessThan(0.9);
    // Nothing has happened yet on the toy but the press itself.
    expect(mid.puzzle).toBe(before.puzzle);
    await boardTime(page, t0 + 1800);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await page.waitForFunction((p) => (window as any).merlin.session.state().puzzle === p + 1, before.puzzle);
    await page.waitForFunction(() => document.getElementById("message")!.textContent === "held pad 1 for 1.5 s: NEW GAME");
    expect(await said(page)).toContain("held pad 1 for 1.5 s: NEW GAME");
    await page.waitForFunction(() => !document.querySelector(".pad.holding"));
    // A tap: no bar at any frame.
    await page.evaluate(() => {
      (window as any).__bar = false;
      new MutationObserver(() => {
        if (document.querySelector(".pad.holding")) (window as any).__bar = true;
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["class"] });
    });
    const moves = (await state(page)).moves;
    await page.tap('.pad[data-pad="2"]');
    await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m + 1, moves);
    const t1 = await now(page);
    await boardTime(page, t1 + 300);
    expect(await page.evaluate(() => (window as any).__bar)).toBe(false);
    await context.close();
  });

  it("shortcut letters and digits work whatever has focus (menu, checkbox, button), except a text field", async () => {
    const { context, page } = await device(DESKTOP, false);
    await open(page, "?board=pico-3x3&rules=basic&seed=7&puzzle=0");
    const s0 = await state(page);
    // The rules menu: C is COMP TURN, not "classic".
    await page.focus("#rules");
    await page.keyboard.press("c");
    await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m + 1, s0.moves);
    await shown(() => page.textContent("#message")).toMatch(/^COMP TURN pressed \d$/);
    expect(await page.inputValue("#rules")).toBe("basic");
    expect((await state(page)).rules).toBe("basic");
    // The keypad checkbox: a digit presses its pad, U takes it back.
    await page.focus("#keypad");
    await page.keyboard.press("5");
    await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m + 2, s0.moves);
    await page.keyboard.press("u");
    await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m + 1, s0.moves);
    expect(await page.isChecked("#keypad")).toBe(false);
    // A function button: N deals the next puzzle.
    await page.focus('#actions button[data-action="mute"]');
    await page.keyboard.press("n");
    await page.waitForFunction((p) => (window as any).merlin.session.state().puzzle === p + 1, s0.puzzle);
    expect((await state(page)).rules).toBe("basic");
    // The profile menu: R steps the rules, the menu keeps the profile.
    await page.focus("#profile");
    await page.keyboard.press("r");
    await page.waitForFunction(() => (window as any).merlin.session.state().rules === "merlin1978");
    expect(await page.inputValue("#profile")).toBe("pico-3x3");
    // A text field keeps its letters.
    await page.evaluate(() => {
      const i = Object.assign(document.createElement("input"), { type: "text", id: "scratch" });
      document.body.appendChild(i);
    });
    const s1 = await state(page);
    await page.focus("#scratch");
    await page.keyboard.type("ns5");
    const t = await now(page);
    await boardTime(page, t + 300);
    expect(await page.inputValue("#scratch")).toBe("ns5");
    expect(await state(page)).toMatchObject({ puzzle: s1.puzzle, moves: s1.moves });
    await context.close();
  });

  it("a pad pressed after a win says what to do, on the page and to a screen reader", async () => {
    const { context, page } = await device(PHONE, true);
    await open(page, "?board=pico-3x3&rules=basic&seed=7&puzzle=0");
    const start = new Uint8Array([1, 1, 1, 1, 0, 1, 1, 1, 1]);
    pressKey(gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" }), start, 4);
    await startAt(page, start.join(""));
    await page.keyboard.press("5");
    await page.waitForFunction(() => (window as any).merlin.session.state().status === "won");
    const t = await now(page);
    await boardTime(page, t + 1200);
    await page.tap('.pad[data-pad="2"]');
    const said = "the game is won: pads do nothing now — N new game, S same game";
    await page.waitForFunction((m) => document.getElementById("message")!.textContent === m, said);
    await page.waitForFunction((m) => (window as any).__said.includes(m), said);
    expect((await box(page, "#message")).bottom).toBeLessThanOrEqual(PHONE.height);
    expect((await state(page)).status).toBe("won");
    await context.close();
  });

  it("a colour game: each pad's colour has a name and a symbol, a legend says which is which, a screen reader hears the names", async () => {
    const { context, page } = await device(DESKTOP, false);
    await open(page, COLOUR_GAME);
    // A position with every state: the goal (all dark) after a few presses.
    const p = gridPuzzle({ rows: 5, cols: 5, pattern: "plus", states: 3 });
    const cells = new Uint8Array(25);
    for (const key of [0, 0, 12, 24]) pressKey(p, cells, key);
    const digits = cells.join("");
    await startAt(page, digits);
    const NAMES = ["dark", "white", "magenta"];
    const SYMBOLS = ["○", "●", "▲"];
    // (The page draws each colour state in the palette's screen colour: the pixel's hue, apart in lightness.)
    const RGB = ["", "255 255 255", "255 140 255"];
    await page.waitForFunction((d) => [...document.querySelectorAll<HTMLElement>(".pad")].map((e) => e.dataset.state).join("") === d, digits);
    const pads = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".pad")].map((e) => ({
        label: e.getAttribute("aria-label"),
        symbol: e.querySelector(".sym")!.textContent,
        rgb: (e.querySelector(".led") as HTMLElement).style.getPropertyValue("--rgb"),
      })),
    );
    pads.forEach((pad, i) => {
      const v = Number(digits[i]);
      expect(pad.label).toBe(`pad ${i + 1}, ${NAMES[v]} ${v}`);
      expect(pad.symbol).toBe(SYMBOLS[v]);
      if (v > 0) expect(pad.rgb).toBe(RGB[v]);
    });
    expect(await page.textContent("#legend")).toContain("Colours: ○ dark = 0, ● white = 1, ▲ magenta = 2; a press moves a pad on one colour: dark → white → magenta → dark.");
    expect(await page.textContent("#legend")).toContain("Keys: every pad.");
    const byState = (v: number) => [...digits].flatMap((c, i) => (Number(c) === v ? [i + 1] : [])).join(", ");
    await page.waitForFunction((m) => document.getElementById("announce")!.textContent!.endsWith(m), `white (1): ${byState(1)}; magenta (2): ${byState(2)}; the rest dark.`);
    // Source 001's game: the pads that are no keys have a dashed edge, and say so.
    await page.selectOption("#rules", "blackwhite");
    await page.waitForFunction(() => (window as any).merlin.session.state().rules === "blackwhite");
    await page.waitForFunction(() => document.querySelectorAll(".pad.nokey-pad").length === 9);
    // (The page redraws the pads' classes, labels and legend in turn: each is waited for.)
    await shown(() => page.getAttribute('.pad[data-pad="4"]', "aria-label")).toMatch(/^pad 5, (dark 0|white 1|magenta 2|red 3), no key$/);
    await shown(() => page.textContent("#legend")).toContain("Keys: 16 pads; the 9 with a dashed edge are no keys, they only show a colour.");
    expect(await page.locator('.pad[data-pad="4"]').evaluate((e) => getComputedStyle(e).borderTopStyle)).toBe("dashed");
    // An on/off game on the same board: lit and dark, no symbols.
    await page.selectOption("#rules", "lightsout");
    await page.waitForFunction(() => (window as any).merlin.session.state().rules === "lightsout");
    await page.waitForFunction(() => document.querySelectorAll(".panel.colours").length === 0);
    const s = await state(page);
    // (Labels and legend again: each is waited for.)
    await shown(() => page.getAttribute('.pad[data-pad="0"]', "aria-label")).toBe(`pad 1, ${s.board[0] === "1" ? "lit" : "dark"}`);
    await shown(() => page.textContent("#legend")).toContain("Colours: ● lit (a red glow), ○ dark.");
    await context.close();
  });

  it("axe-core finds no violation: main view, teaching view, help; desktop and phone; 3×3 and the 5×5 colour game", async () => {
    const teachFound: string[] = [];
    for (const [size, touch] of [[DESKTOP, false], [PHONE, true]] as const) {
      const { context, page } = await device(size, touch);
      for (const query of ["?board=pico-3x3", COLOUR_GAME]) {
        await open(page, query);
        const where = `${query} at ${size.width}×${size.height}`;
        expect((await axe(page)).page, `${where}: main view`).toEqual([]);
        await page.click("#teach-toggle");
        await page.waitForSelector("#teach:not([hidden])");
        const t = await axe(page);
        expect(t.page, `${where}: teaching view open`).toEqual([]);
        for (const v of t.teach) if (!KNOWN_IN_TEACH.includes(v.id)) teachFound.push(`${where}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        if (size === DESKTOP && query === COLOUR_GAME) await page.screenshot({ path: shotPath("web-5x5-teach.png"), fullPage: true });
        await page.click("#teach-toggle");
        await page.click("#help-open");
        await page.waitForSelector("#help[open]");
        expect((await axe(page)).page, `${where}: help`).toEqual([]);
        await page.click("#help-close");
      }
      await context.close();
    }
    // Inside the teaching view's own panel (drawn by teach-view.ts): nothing beyond KNOWN_IN_TEACH.
    expect(teachFound).toEqual([]);
  }, hangAfter(80_000));

  it("on a phone REDO is a 44 px target beside UNDO, named for a screen reader, and a tap redoes; Y works with the menu focused", async () => {
    const { context, page } = await device(PHONE, true);
    await open(page, "?board=pico-3x3&rules=basic&seed=5&puzzle=0");
    const undo = await box(page, '#actions button[data-action="undo"]');
    const redo = await box(page, '#actions button[data-action="redo"]');
    expect(redo.width).toBeGreaterThanOrEqual(44);
    expect(redo.height).toBeGreaterThanOrEqual(44);
    // Beside it: the next button in the bar, on the same row or the start of the next.
    expect(redo.x > undo.x || redo.y > undo.y).toBe(true);
    expect(await page.locator('#actions button[data-action="redo"]').getAttribute("type")).toBe("button");
    expect(await page.getByRole("button", { name: "REDO Y" }).count()).toBe(1);
    const s0 = await state(page);
    await page.tap('.pad[data-pad="2"]');
    await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m + 1, s0.moves);
    const one = await state(page);
    await page.tap('#actions button[data-action="undo"]');
    await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m, s0.moves);
    await page.tap('#actions button[data-action="redo"]');
    await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m + 1, s0.moves);
    expect((await state(page)).board).toBe(one.board);
    await shown(() => page.textContent("#message")).toBe(`redone: ${one.moves} move${one.moves === 1 ? "" : "s"} now`);
    // The shortcut with a menu focused: the menu keeps its choice.
    await page.tap('#actions button[data-action="undo"]');
    await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m, s0.moves);
    await page.focus("#rules");
    await page.keyboard.press("y");
    await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m + 1, s0.moves);
    expect(await page.inputValue("#rules")).toBe("basic");
    await context.close();
  });
});

/// <reference lib="dom" />
// The teaching view in a real browser (headless Chromium, as test/web-browser.test.ts runs it),
// on every profile and every rule set and game its toy plays: the view shows the game in play,
// its x pressed pad by pad wins the game, and after the game ends it marks nothing. Also: a
// panel that fails does not stop the toy (the link's teach-fail parameter forces it); the
// elimination stepper by keyboard, to x and to A⁻¹; the states in the pads' colours; text
// contrast; no empty table headers; wide matrices scroll inside their own box.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patchedConsole } from "./helpers/toy";
import { chromiumSkipReason } from "./helpers/chromium";
import { shown } from "./helpers/page-waits";
import { serveWeb, type ServedWeb } from "./helpers/served-web";
import { loadAllProfiles } from "../hardware/validate";
import { toyGameNames } from "../sim/app/firmware-loader";
import { statePalette } from "../sim/app/palette";
import { goalCells, playedPuzzle } from "../sim/app/toy-info";
import type { FirmwareState } from "../sim/app/session";
import { digits, lesson, mathsPuzzle } from "../sim/web/teach";
import { RULE_NAMES } from "../src/toy/rules";
import { analyze } from "../src/maths/solver";
import { hangAfter } from "./helpers/time-limits";

const SKIP = Boolean(chromiumSkipReason);



/** Every profile with every rule set and game its toy plays (the page's rules menu). */
const CASES = SKIP
  ? []
  : loadAllProfiles().flatMap((p) => RULE_NAMES.concat(toyGameNames(p)).map((rules) => ({ board: p.name, rules, side: p.rows })));

describe.skipIf(SKIP)("the teaching view in Chromium", () => {
  let web: ServedWeb;

  const state = (page: Page) => page.evaluate(() => (window as any).merlin.session.state() as FirmwareState);
  const now = (page: Page) => page.evaluate(() => (window as any).merlin.board.clock.now as number);

  /** A fresh page (its own storage: a fresh toy) on `query`, the linked puzzle dealt. */
  async function open(query: string, viewport = { width: 1100, height: 820 }): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await web.open(query, viewport);
    const q = new URLSearchParams(query);
    await page.waitForFunction(
      ([rules, seed]) => {
        const m = (window as any).merlin;
        const s = m.session.state();
        return m.board.clock.now > 700 && s.rules === rules && s.seed === Number(seed);
      },
      [q.get("rules"), q.get("seed")],
    );
    return { page, errors };
  }

  async function close(page: Page): Promise<void> {
    await page.context().close();
  }

  /** Opens the teaching view and waits until it shows the board now. */
  async function openView(page: Page): Promise<void> {
    await page.click("#teach-toggle");
    await waitView(page);
  }
  const waitView = (page: Page) =>
    page.waitForFunction(() => {
      const s = (window as any).merlin.session.state();
      const b = document.getElementById("teach-b");
      const g = document.getElementById("teach-game");
      return b !== null && g !== null && g.dataset.rules === s.rules && b.querySelector("[role=img]")!.getAttribute("aria-label")!.endsWith(s.board);
    });

  /** Presses pad `pad` (1-based) with a click and waits until the toy counted it and let go. */
  async function press(page: Page, pad: number): Promise<void> {
    const before = (await state(page)).moves;
    await page.click(`.pad[data-pad="${pad - 1}"]`);
    await page.waitForFunction((m) => (window as any).merlin.session.state().moves === m + 1, before);
    const t = await now(page);
    await page.waitForFunction((t0) => (window as any).merlin.board.clock.now > t0 + 120, t);
  }

  beforeAll(async () => {
    web = await serveWeb("merlin-teach-web-");
  });

  afterAll(async () => {
    await web?.close();
  });

  it("covers every profile and every game it plays", () => {
    expect(CASES.map((c) => `${c.board}/${c.rules}`)).toEqual(
      expect.arrayContaining(["pico-3x3/basic", "esp32-3x3/classic", "mdbt42q-3x3/merlin1978", "pico-4x4-neopixel/blackwhite", "pico-5x5-neopixel/lightsout", "pico-5x5-neopixel/lightsout2000", "pico-5x5-neopixel/blackwhite"]),
    );
    expect(CASES).toHaveLength(19);
  });

  it.each(CASES)("$board, $rules: pressing exactly the x the view shows wins the game; then the view says won and marks nothing", async ({ board, rules, side }) => {
    const { page, errors } = await open(`?board=${board}&rules=${rules}&seed=11&puzzle=0`);
    await openView(page);
    const s = await state(page);
    expect(s.status).toBe("playing");
    // The view shows the game in play: its board (k, A's size) and its goal.
    const p = playedPuzzle(rules, side, side);
    expect(await page.getAttribute("#teach-game", "data-k")).toBe(String(p.states));
    expect(await page.locator("#teach-lesson table.matrix").first().locator("tbody tr").count()).toBe(p.cells);
    expect(await page.locator("#teach-lesson table.matrix").first().locator("thead th").count()).toBe(p.keys + 1);
    // Its rank and invertibility are the solver's for that board (lightsout: 23, not invertible).
    const a = analyze(p);
    expect(await page.getAttribute("#teach-rank", "data-rank")).toBe(String(a.rank));
    expect(await page.getAttribute("#teach-rank", "data-invertible")).toBe(String(a.invertible));
    if (rules === "lightsout") expect(a).toMatchObject({ rank: 23, invertible: false });
    const t = await page.locator("#teach-t [role=img]").getAttribute("aria-label");
    expect(t).toBe(`t, the target: ${Array.from(goalCells(rules, side, side)).join("")}`);
    // The x it shows: the pads in order, and the same pads marked on the toy with their counts.
    const pads = (await page.getAttribute("#teach-x", "data-pads"))!.split(",").filter(Boolean).map(Number);
    expect(pads.length).toBeGreaterThan(0);
    const marked = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>(".pad.in-x")].map((e) => [Number(e.dataset.pad) + 1, Number(e.dataset.press)]));
    const counts = new Map<number, number>();
    for (const pad of pads) counts.set(pad, (counts.get(pad) ?? 0) + 1);
    expect(marked).toEqual([...counts].sort((a, b) => a[0] - b[0]));
    // (blackwhite: no pad of the last row or column: they are no keys.)
    if (rules === "blackwhite") expect(pads.every((pad) => pad % side !== 0 && pad <= side * (side - 1))).toBe(true);
    for (const pad of pads) await press(page, pad);
    await page.waitForFunction(() => document.getElementById("status")!.textContent!.startsWith("WON"));
    const won = await state(page);
    expect(won).toMatchObject({ status: "won", moves: pads.length });
    expect(won.moves).toBe(won.par);
    await page.waitForSelector("#teach-over[data-status='won']");
    if (!["merlin1978"].includes(rules)) expect(await page.textContent("#teach-over")).toMatch(/^The game is won: .*Nothing is marked on the pads\.$/);
    expect(await page.locator(".pad.in-x, .pad.in-rule").count()).toBe(0);
    expect(await page.locator(".panel-error:not([hidden])").count()).toBe(0);
    expect(errors).toEqual([]);
    await close(page);
  }, hangAfter(120_000));

  it("the reported stop: 5×5 lightsout2000, pads 1 then 7 with the view open — the view follows, nothing is thrown", async () => {
    const { page, errors } = await open("?board=pico-5x5-neopixel&rules=lightsout2000&seed=11&puzzle=0");
    await openView(page);
    await press(page, 1);
    await press(page, 7);
    await waitView(page);
    expect((await state(page)).moves).toBe(2);
    expect(await page.locator(".panel-error:not([hidden])").count()).toBe(0);
    // The LEDs follow the game (the page kept drawing; the pads on its next frames).
    const s = await state(page);
    await shown(() => page.evaluate(() => [...document.querySelectorAll(".pad")].map((e) => (e.classList.contains("lit") ? "1" : "0")).join(""))).toBe(s.board.replace(/[1-9]/g, "1"));
    expect(errors).toEqual([]);
    await close(page);
  });

  it("a panel that fails (teach-fail=lesson) shows its error once and the toy plays on: 10 presses count, status and address follow", async () => {
    const { page, errors } = await open("?board=pico-3x3&rules=merlin1978&seed=5&puzzle=0&teach-fail=lesson");
    await page.click("#teach-toggle");
    await page.waitForSelector(".panel-error:not([hidden])");
    const s0 = await state(page);
    // A pad not in x: pressing it again and again never reaches the goal.
    const x = lesson(playedPuzzle("merlin1978", 3, 3), digits(s0.board), goalCells("merlin1978", 3, 3)).pads;
    const pad = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((k) => !x.includes(k))!;
    for (let i = 0; i < 10; i++) await press(page, pad);
    await page.waitForFunction(() => document.getElementById("moves")!.textContent === "10");
    const s = await state(page);
    expect(s).toMatchObject({ moves: 10, status: "playing" });
    expect(await page.textContent("#status")).toBe("playing");
    expect(await page.evaluate(() => location.search)).toBe(`?board=pico-3x3&rules=merlin1978&seed=5&puzzle=0`);
    // Shown once, in its own panel; the stepper panel beside it still works.
    const shown = await page.locator(".panel-error:not([hidden])").allTextContents();
    expect(shown).toEqual(["This part of the teaching view could not be drawn: forced by the link's teach-fail=lesson. The toy plays on."]);
    expect(await page.locator(".pad.in-x").count()).toBe(0);
    await page.click("#step-next");
    await page.waitForFunction(() => document.getElementById("step-count")!.dataset.at === "1");
    expect(errors).toEqual([]);
    await close(page);
  });

  it("closing the view takes its marks off the toy, the guided hint's outline too; opening it again puts them back", async () => {
    const { page } = await open("?board=pico-3x3&rules=classic&seed=3&puzzle=0");
    await openView(page);
    await page.click("#guide");
    await page.waitForSelector("#guide-text");
    expect(await page.locator(".pad.in-rule").count()).toBeGreaterThan(0);
    await page.click("#teach-toggle");
    await page.waitForFunction(() => document.getElementById("teach-toggle")!.getAttribute("aria-expanded") === "false");
    expect(await page.locator(".pad.in-x, .pad.in-rule").count()).toBe(0);
    await page.click("#teach-toggle");
    await page.waitForSelector(".pad.in-rule");
    expect(await page.locator(".pad.in-x").count()).toBeGreaterThan(0);
    await close(page);
  });

  it("after a loss the view says lost and marks no x and no guide on the dead pads", async () => {
    const { page } = await open("?board=pico-3x3&rules=classic&seed=3&puzzle=0");
    await openView(page);
    await page.click("#guide");
    await page.waitForSelector("#guide-text");
    expect(await page.locator(".pad.in-rule").count()).toBeGreaterThan(0);
    const s0 = await state(page);
    const x = lesson(playedPuzzle("classic", 3, 3), digits(s0.board), goalCells("classic", 3, 3)).pads;
    const pad = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((k) => !x.includes(k))!;
    for (let i = 0; i < s0.par + 10; i++) await press(page, pad);
    await page.waitForFunction(() => (window as any).merlin.session.state().status === "lost");
    await page.waitForSelector("#teach-over[data-status='lost']");
    expect(await page.textContent("#teach-over")).toMatch(/^The game is lost: .*Nothing is marked on the pads\.$/);
    expect(await page.locator(".pad.in-x, .pad.in-rule").count()).toBe(0);
    expect(await page.getAttribute("#teach-x", "data-pads")).toBe("");
    expect(await page.getAttribute("#guide-text", "data-key")).toBe("");
    await close(page);
  });

  it("while the toy sleeps the view says so and marks nothing; woken, x is marked again", async () => {
    const { page } = await open("?board=pico-3x3&rules=basic&seed=7&puzzle=0");
    await openView(page);
    const marked = await page.locator(".pad.in-x").count();
    expect(marked).toBeGreaterThan(0);
    await page.keyboard.press("z");
    await page.waitForFunction(() => (window as any).merlin.session.state().asleep === true);
    await page.waitForSelector("#teach-over");
    expect(await page.textContent("#teach-over")).toBe("The toy is asleep: press any pad to wake it. Nothing is marked on the pads.");
    expect(await page.locator(".pad.in-x").count()).toBe(0);
    await page.click('.pad[data-pad="0"]');
    await page.waitForFunction(() => (window as any).merlin.session.state().asleep === false);
    await page.waitForFunction((n) => document.querySelectorAll(".pad.in-x").length === n, marked);
    expect(await page.locator("#teach-over").isVisible()).toBe(false);
    await close(page);
  });

  it("the stepper, by keyboard: Next, →, End reach x; on [A | I] the 3×3 ends in source 002's M⁻¹", async () => {
    const { page } = await open("?board=pico-3x3&rules=basic&seed=7&puzzle=0");
    await openView(page);
    const s = await state(page);
    const L = lesson(playedPuzzle("basic", 3, 3), digits(s.board), goalCells("basic", 3, 3));
    await page.focus("#step-next");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.getElementById("step-count")!.dataset.at === "1");
    expect(await page.textContent("#step-text")).toMatch(/^Step 1: column 1: pivot R1 \(entry 1\)/);
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.getElementById("step-count")!.dataset.at === "2");
    expect(await page.textContent("#step-text")).toMatch(/^Step 2: R\d ← R\d \+ R1 \(mod 2\)/);
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(() => document.getElementById("step-count")!.dataset.at === "1");
    await page.keyboard.press("End");
    await page.waitForSelector("#step-x");
    expect(await page.getAttribute("#step-x", "data-x")).toBe(L.presses);
    await page.selectOption("#stepper-mode", "I");
    await page.click("#step-end");
    await page.waitForSelector("#step-inverse");
    expect((await page.getAttribute("#step-inverse", "data-rows"))!.split(",")).toEqual(["101001110", "111111000", "101100011", "110110110", "101010101", "011011011", "110001101", "000111111", "011100101"]);
    expect(await page.textContent("#step-inverse")).toContain("It is the A⁻¹ the solver gives above.");
    await close(page);
  });

  it("a colour game: b is drawn in the colours the pads show, named; the stepper works mod 3 and ends in x; a singular board shows zero rows", async () => {
    const { page } = await open("?board=pico-5x5-neopixel&rules=lightsout2000&seed=11&puzzle=0");
    await openView(page);
    const read = () =>
      page.evaluate(() => {
        const chips = [...document.querySelectorAll<HTMLElement>("#teach-b .chip")];
        const leds = [...document.querySelectorAll<HTMLElement>(".pad .led")];
        return chips.map((c, i) => ({ state: c.dataset.state, title: c.title, chip: getComputedStyle(c).backgroundColor, led: getComputedStyle(leds[i]).getPropertyValue("--rgb").trim() }));
      });
    // The chips are drawn with the view; the pads take the pixels' colours on the page's next frames.
    const litChips = (pairs: Awaited<ReturnType<typeof read>>) => pairs.filter((q) => q.state !== "0");
    await shown(async () => litChips(await read()).filter((q) => q.chip !== `rgb(${q.led.split(" ").join(", ")})`)).toEqual([]);
    const pairs = await read();
    expect(pairs).toHaveLength(25);
    const lit = litChips(pairs);
    expect(lit.length).toBeGreaterThan(0);
    for (const q of lit) {
      expect(q.chip).toBe(`rgb(${q.led.split(" ").join(", ")})`);
      expect(q.title).toMatch(new RegExp(`^pad \\d+: ${statePalette(3)[Number(q.state)].name} \\(${q.state}\\)$`));
    }
    await page.click("#step-end");
    await page.waitForSelector("#step-x");
    const x = (await page.getAttribute("#step-x", "data-x"))!;
    expect(x).toMatch(/^[012]{25}$/);
    const s = await state(page);
    const p = playedPuzzle("lightsout2000", 5, 5);
    // The stepper's x (free variables 0) solves this board.
    const b = digits(s.board);
    x.split("").forEach((c, j) => {
      for (let n = 0; n < Number(c); n++) for (let i = p.keyStart[j]; i < p.keyStart[j + 1]; i++) b[p.keyCells[i]] = (b[p.keyCells[i]] + 1) % 3;
    });
    expect(b.join("")).toBe("0".repeat(25));
    expect(await page.locator("#stepper-matrix tr.zero-row").count()).toBe(3);
    expect(await page.locator(".zero-ok").count()).toBe(3);
    // The steps name their operations mod 3.
    await page.click("#step-start");
    await page.click("#step-next");
    await page.click("#step-next");
    await page.waitForFunction(() => document.getElementById("step-count")!.dataset.at === "2");
    expect(await page.locator("#step-text").textContent()).toMatch(/^Step 2: R\d+ ← R\d+ \+ (2·)?R1 \(mod 3\)/);
    await close(page);
  });

  /** Text contrast of everything drawn in the teaching view (colours composed over the page), its table headers, and its overflow. */
  const readability = (page: Page) =>
    page.evaluate(() => {
      const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const lum = (rgb: number[]) => {
        const l = rgb.slice(0, 3).map((v) => {
          const x = v / 255;
          return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
        });
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
      };
      /** The background behind `e`: its own and its ancestors' colours composed over the page's. */
      const background = (e: Element | null): number[] => {
        const layers: number[][] = [];
        for (let n = e; n; n = n.parentElement) {
          const c = parse(getComputedStyle(n).backgroundColor);
          const a = c.length > 3 ? c[3] : 1;
          if (a > 0) layers.push([c[0], c[1], c[2], a]);
          if (a >= 1) break;
        }
        let out = [0x15, 0x17, 0x1c];
        for (const l of layers.reverse()) out = out.map((v, i) => v * (1 - l[3]) + l[i] * l[3]);
        return out;
      };
      const low: string[] = [];
      let checked = 0;
      for (const e of document.querySelectorAll<HTMLElement>("#teach *")) {
        const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== "");
        if (!own || e.closest(".sr-only") || e.offsetParent === null) continue;
        const style = getComputedStyle(e);
        const fg = parse(style.color);
        const bg = background(e);
        const a = fg.length > 3 ? fg[3] : 1;
        const fgc = fg.slice(0, 3).map((v, i) => v * a + bg[i] * (1 - a));
        const [l1, l2] = [lum(fgc), lum(bg)].sort((x, y) => y - x);
        const ratio = (l1 + 0.05) / (l2 + 0.05);
        checked++;
        if (ratio < 4.5) low.push(`${e.tagName}.${e.className} "${e.textContent!.trim().slice(0, 20)}" ${ratio.toFixed(2)}`);
      }
      const emptyHeaders = [...document.querySelectorAll("#teach th")].filter((th) => th.textContent!.trim() === "").length;
      const teach = document.getElementById("teach")!;
      const boxes = [...teach.querySelectorAll<HTMLElement>(".scroll")];
      return {
        low,
        checked,
        emptyHeaders,
        headers: teach.querySelectorAll("th").length,
        teachOverflows: teach.scrollWidth > teach.clientWidth + 1,
        boxes: boxes.length,
        scrolling: boxes.filter((b) => getComputedStyle(b).overflowX === "auto" && b.scrollWidth > b.clientWidth).length,
      };
    });

  it.each([
    { query: "?board=pico-5x5-neopixel&rules=lightsout&seed=11&puzzle=0", steps: 2 },
    { query: "?board=pico-5x5-neopixel&rules=lightsout&seed=11&puzzle=0", steps: -1 },
    { query: "?board=pico-5x5-neopixel&rules=blackwhite&seed=11&puzzle=0", steps: -1 },
  ])("readable and well-formed on a phone ($query, stepper at step $steps, −1: the end): text contrast ≥ 4.5:1, no empty table headers, wide matrices scroll inside their box", async ({ query, steps }) => {
    const { page } = await open(query, { width: 390, height: 800 });
    await openView(page);
    if (steps < 0) await page.click("#step-end");
    for (let i = 0; i < steps; i++) await page.click("#step-next");
    await page.waitForFunction((n) => document.getElementById("step-count")!.dataset.at === String(n < 0 ? document.getElementById("step-count")!.dataset.steps : n), steps);
    const report = await readability(page);
    expect(report.checked).toBeGreaterThan(100);
    expect(report.low).toEqual([]);
    expect(report.headers).toBeGreaterThan(25);
    expect(report.emptyHeaders).toBe(0);
    expect(report.teachOverflows).toBe(false);
    // A (25 × 25) and the stepper's [A | t − b] are wider than a phone: they scroll in their boxes.
    if (query.includes("lightsout")) expect(report.scrolling).toBeGreaterThanOrEqual(2);
    await close(page);
  });

  it("draws the board the running firmware describes (Merlin.maths()), not one worked out again from the rules' name", async () => {
    const { page, errors } = await open("?board=pico-3x3&rules=basic&seed=11&puzzle=0");
    // A firmware whose board is the plus pattern, to be made all dark, under the basic rules.
    const plus = { k: 2, rows: 3, cols: 3, presses: ["110100000", "111010000", "011001000", "100110100", "010111010", "001011001", "000100110", "000010111", "000001011"], target: "000000000" };
    const patch = patchedConsole(`m.maths = function () { return ${JSON.stringify(plus)}; };`);
    await page.evaluate((p) => (window as any).merlin.session.api(p), patch);
    await openView(page);
    const s = await state(page);
    expect(await page.textContent("#teach-game")).toContain("Playing basic on the 3×3 board: the toy's 3×3 board, 9 pads and 9 keys");
    expect(await page.locator("#teach-t [role=img]").getAttribute("aria-label")).toBe("t, the target: 000000000");
    const b = mathsPuzzle(plus);
    const L = lesson(b.puzzle, digits(s.board), b.target);
    expect(await page.getAttribute("#teach-x", "data-pads")).toBe(L.pads.join(","));
    // Column 5 of A is what the firmware says key 5 advances: the plus.
    const column = await page.evaluate(() => [...document.querySelectorAll("#teach-lesson table.matrix")[0].querySelectorAll("tbody tr")].map((tr) => tr.querySelectorAll("td")[4].textContent).join(""));
    expect(column).toBe(plus.presses[4]);
    expect(errors).toEqual([]);
    await close(page);
  });
});

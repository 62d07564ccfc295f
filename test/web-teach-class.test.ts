/// <reference lib="dom" />
// The teaching view as a class uses it, in a real browser (headless Chromium): a board to
// teach with (edit mode, its link, its verdicts against every press vector, "play this board");
// one answer (the stepper's x and the view's, apart by named quiet patterns); no meaning by
// colour alone (press counts clear of the state symbol, states apart in greyscale and under the
// three common colour-vision deficiencies as the page styles them and as a screenshot shows
// them, names with numbers); and a press with the view open costing the page little.
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromiumSkipReason } from "./helpers/chromium";
import { smallestDifference, smallestGreyDifference } from "./helpers/colour-vision";
import { shown } from "./helpers/page-waits";
import { serveWeb, type ServedWeb } from "./helpers/served-web";
import { minus, pressed, reachable } from "./helpers/press-vectors";
import { statePalette } from "../sim/app/palette";
import type { FirmwareState } from "../sim/app/session";
import { goalCells, playedPuzzle } from "../sim/app/toy-info";
import { pressTotal } from "../sim/web/teach";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { hangAfter } from "./helpers/time-limits";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const SKIP = Boolean(chromiumSkipReason);

/** The colours (r, g, b) at `points` (CSS px, groups of points) of a PNG screenshot, decoded by the page. */
function pixels(page: Page, png: Buffer, points: number[][][]): Promise<number[][][]> {
  return page.evaluate(async ({ b64, points }) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const g = new OffscreenCanvas(image.width, image.height).getContext("2d")!;
    g.drawImage(image, 0, 0);
    return points.map((group) => group.map(([x, y]) => Array.from(g.getImageData(Math.floor(x), Math.floor(y), 1, 1).data.slice(0, 3))));
  }, { b64: png.toString("base64"), points });
}

/** The median of each channel over a group of colours. */
function median(colours: number[][]): number[] {
  return [0, 1, 2].map((j) => colours.map((c) => c[j]).sort((a, b) => a - b)[Math.floor(colours.length / 2)]);
}

/** The colour that most of a group shows. */
function mostOf(colours: number[][]): number[] {
  const seen = new Map<string, number>();
  for (const c of colours) seen.set(c.join(" "), (seen.get(c.join(" ")) ?? 0) + 1);
  return [...seen].sort((a, b) => b[1] - a[1])[0][0].split(" ").map(Number);
}

/** A long task as the page's PerformanceObserver reports it: its start on the page's clock and its length, ms. */
interface LongTask {
  start: number;
  ms: number;
}

/**
 * The tasks of the page's main thread in a Chromium trace (categories toplevel and
 * blink.user_timing): when each began on the page's clock (performance.now(), ms), its wall
 * time and the CPU time the thread ran in it, ms. `mark` names a performance.mark the page made
 * while tracing: it ties the trace's clock to the page's and names the page's thread.
 */
function pageTasks(trace: Buffer, mark: string): { start: number; wall: number; cpu: number }[] {
  const events = JSON.parse(trace.toString()).traceEvents as { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { data?: { startTime?: number } } }[];
  const clock = events.find((e) => e.name === mark)!;
  const offset = clock.ts / 1000 - clock.args!.data!.startTime!;
  return events
    .filter((e) => e.ph === "X" && e.name === "ThreadControllerImpl::RunTask" && e.pid === clock.pid && e.tid === clock.tid)
    .map((e) => ({ start: e.ts / 1000 - offset, wall: e.dur! / 1000, cpu: (e.tdur ?? 0) / 1000 }));
}

describe.skipIf(SKIP)("the teaching view for a class, in Chromium", () => {
  let web: ServedWeb;

  const state = (page: Page) => page.evaluate(() => (window as any).merlin.session.state() as FirmwareState);
  /** The pages a test opened: closed after it (a page left open plays on, and loads the next tests). */
  const opened: Page[] = [];
  afterEach(async () => {
    for (const page of opened.splice(0)) await page.context().close().catch(() => {});
  });

  /** A fresh page (its own storage) on `query`, once the toy has started and plays `rules`. */
  async function open(query: string, rules: string, viewport = { width: 1280, height: 720 }): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await web.open(query, viewport);
    opened.push(page);
    await page.waitForFunction((r) => {
      const m = (window as any).merlin;
      return m.board.clock.now > 700 && m.session.state().rules === r;
    }, rules);
    return { page, errors };
  }

  /** Opens the view (unless open) and waits until it shows the game's board or the edited one. */
  async function openView(page: Page): Promise<void> {
    if ((await page.getAttribute("#teach-toggle", "aria-expanded")) !== "true") await page.click("#teach-toggle");
    await page.waitForSelector("#teach-b [role]");
  }

  /** The stepper run to its end (waiting for it to follow the board shown). */
  async function stepperEnd(page: Page): Promise<void> {
    await page.click("#step-end");
    await page.waitForSelector("#step-x");
  }

  beforeAll(async () => {
    web = await serveWeb("merlin-teach-class-");
  });

  afterAll(async () => {
    await web?.close();
  });

  describe("a board to teach with", () => {
    it("a link with teach= opens the view on an unsolvable 5×5 board: the test fails, two quiet patterns, the stepper ends in 0 = 1; the game is not touched", async () => {
      const corner = "1" + "0".repeat(24);
      const { page, errors } = await open(`?board=pico-5x5-neopixel&rules=lightsout&teach=${corner}`, "lightsout");
      await openView(page);
      await shown(() => page.getAttribute("#teach-b [role]", "aria-label")).toBe(`b, the board being edited: ${corner}`);
      expect(await page.getAttribute("#edit-verdict", "data-solvable")).toBe("false");
      expect(await page.getAttribute("#teach-x", "data-solvable")).toBe("false");
      expect(await page.locator("#teach-quiet .quiet-pattern").count()).toBe(2);
      expect(await page.locator("#teach-checks .verdict").allTextContents()).toContain("odd ✗");
      await stepperEnd(page);
      expect(await page.getAttribute("#step-x", "data-x")).toBe("");
      expect(await page.locator(".zero-bad").first().textContent()).toMatch(/reads 0 = 1 \(mod 2\)/);
      // The toy's game is its own: not the edited board, no moves, no pad marked.
      const s = await state(page);
      expect(s.board).not.toBe(corner);
      expect(s.moves).toBe(0);
      expect(await page.locator(".pad.in-x").count()).toBe(0);
      // The view's own link carries the board.
      const href = (await page.getAttribute("#edit-link", "href"))!;
      expect(new URLSearchParams(href.split("?")[1]).get("teach")).toBe(corner);
      expect(errors).toEqual([]);
    }, hangAfter(90_000));

    it.each([
      { width: 1280, height: 720 },
      { width: 360, height: 740 },
    ])("at $width px the edit box and the edited board pass axe-core's rules, and its pads are named with state and number", async (viewport) => {
      const { page } = await open(`?board=pico-5x5-neopixel&rules=lightsout2000&teach=${"0120".repeat(6)}1`, "lightsout2000", viewport);
      await openView(page);
      await shown(() => page.getAttribute("#teach-b [role]", "aria-label")).toBe(`b, the board being edited: ${"0120".repeat(6)}1`);
      expect(await page.getAttribute('#teach-b button[data-pad="2"]', "aria-label")).toBe("pad 3, magenta 2, click to advance");
      await page.addScriptTag({ content: AXE });
      const violations = await page.evaluate(async () => {
        const r = await (window as any).axe.run(document.getElementById("teach"), { resultTypes: ["violations"] });
        return r.violations.map((v: any) => ({ id: v.id, nodes: v.nodes.map((n: any) => n.html.slice(0, 120)) }));
      });
      expect(violations).toEqual([]);
    }, hangAfter(90_000));

    it("a link with a board of the wrong size or digits says what a board is there, and shows the game", async () => {
      const { page } = await open("?board=pico-5x5-neopixel&rules=lightsout2000&teach=1203", "lightsout2000");
      await openView(page);
      await shown(() => page.textContent("#edit-note")).toContain("is no board of lightsout2000 on this toy: a board here is 25 digits 0 to 2, pad 1 first, row by row");
      expect(await page.getAttribute("#edit-note", "role")).toBe("alert");
      const s = await state(page);
      await shown(() => page.getAttribute("#teach-b [role]", "aria-label")).toBe(`b, the board now: ${s.board}`);
      expect(await page.locator("#edit-start").isVisible()).toBe(true);
    }, hangAfter(90_000));

    it("4×4 (mod 2, nullity 4): pads clicked, digits typed, random and 'make it unsolvable' — each verdict is what every press vector says; play this board hands it to the toy", async () => {
      const p = playedPuzzle("basic", 4, 4);
      const t = goalCells("basic", 4, 4);
      const reach = reachable(p);
      const { page } = await open("?board=pico-4x4-neopixel&rules=basic&seed=3&puzzle=0", "basic");
      await openView(page);
      const before = await state(page);
      await page.click("#edit-start");
      await page.waitForSelector("#edit-digits");
      const shownBoard = async () => (await page.getAttribute("#teach-b [role]", "aria-label"))!.split(": ")[1];
      const verdictIsTrue = async () => {
        const b = await shownBoard();
        const truth = reach.has(minus(t, b.split("").map(Number), 2));
        expect(await page.getAttribute("#edit-verdict", "data-solvable"), `board ${b}`).toBe(String(truth));
        return truth;
      };
      const verdicts = new Set<boolean>();
      await page.click("#edit-clear");
      await shown(shownBoard).toBe("0".repeat(16));
      verdicts.add(await verdictIsTrue());
      // Clicking pad 6 of b advances it.
      await page.click('#teach-b button[data-pad="5"]');
      await shown(shownBoard).toBe("0000010000000000");
      verdicts.add(await verdictIsTrue());
      for (let n = 0; n < 8; n++) {
        const was = await shownBoard();
        await page.click("#edit-random");
        await shown(shownBoard).not.toBe(n === 0 ? "" : "-");
        if ((await shownBoard()) === was) continue;
        verdicts.add(await verdictIsTrue());
      }
      // Typed digits (with slashes between the rows).
      await page.fill("#edit-digits", "1000/0100/0010/0001");
      await page.press("#edit-digits", "Enter");
      await shown(shownBoard).toBe("1000010000100001");
      verdicts.add(await verdictIsTrue());
      // A solvable board made unsolvable, one pad away.
      const solvable = Array.from(t).map((v, i) => (v + pressed(p, [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0])[i]) % 2).join("");
      await page.fill("#edit-digits", solvable);
      await page.click("#edit-set");
      await shown(shownBoard).toBe(solvable);
      expect(await verdictIsTrue()).toBe(true);
      await page.click("#edit-unsolvable");
      await shown(() => page.getAttribute("#edit-verdict", "data-solvable")).toBe("false");
      expect(await verdictIsTrue()).toBe(false);
      expect([...(await shownBoard())].filter((c, i) => c !== solvable[i])).toHaveLength(1);
      expect(await page.isDisabled("#edit-play")).toBe(true);
      expect(verdicts).toEqual(new Set([true, false]));
      // The game was not touched by any of it.
      expect((await state(page)).board).toBe(before.board);
      // Play this board: the toy now plays the solvable one; the view follows the game again.
      await page.fill("#edit-digits", solvable);
      await page.click("#edit-set");
      await shown(shownBoard).toBe(solvable);
      await page.click("#edit-play");
      await shown(async () => (await state(page)).board).toBe(solvable);
      await page.waitForSelector("#edit-start");
      await shown(() => page.getAttribute("#teach-b [role]", "aria-label")).toBe(`b, the board now: ${solvable}`);
      expect((await state(page)).status).toBe("playing");
    }, hangAfter(120_000));
  });

  it("one answer: on lightsout2000 seed 5 the stepper's x is set beside the view's, apart by the quiet patterns it names; the view's is the fewest", async () => {
    const { page } = await open("?board=pico-5x5-neopixel&rules=lightsout2000&seed=5&puzzle=0", "lightsout2000");
    await openView(page);
    // The stepper's first drawing (its whole table) waits for the browser to be idle: let it
    // land before counting, or a loaded machine counts it in the first press.
    await page.waitForSelector("#step-count[data-steps]");
    await stepperEnd(page);
    const compare = page.locator("#step-compare");
    await compare.waitFor();
    const view = (await page.getAttribute("#teach-x", "data-presses"))!;
    const mine = (await page.getAttribute("#step-x", "data-x"))!;
    const quiet = await page.locator("#teach-quiet .quiet-pattern").evaluateAll((es) => es.map((e) => (e as HTMLElement).dataset.quiet!));
    expect(quiet).toHaveLength(3);
    // (This deal is one where the two differ: the case the comparison is for.)
    expect(mine).not.toBe(view);
    expect(await compare.getAttribute("data-same")).toBe("false");
    const times = (await compare.getAttribute("data-times"))!.split(",").map(Number);
    // x (view) + Σ times·quiet = x (stepper), mod 3: added up here.
    const sum = view.split("").map((c, j) => (Number(c) + times.reduce((a, t, i) => a + t * Number(quiet[i][j]), 0)) % 3);
    expect(sum.join("")).toBe(mine);
    const text = (await compare.textContent())!;
    expect(text).toContain(`this x has ${pressTotal(mine)} presses, the x above ${pressTotal(view)} presses`);
    expect(pressTotal(view)).toBeLessThan(pressTotal(mine));
    expect(text).toContain("the x above has the fewest");
    times.forEach((t, i) => {
      if (t > 0) expect(text).toContain(`quiet pattern ${i + 1}`);
    });
    expect(await page.textContent("#teach-x")).toContain(`${pressTotal(view)} presses, the fewest`);
  }, hangAfter(90_000));

  describe("no meaning by colour alone", () => {
    it.each([
      { board: "pico-5x5-neopixel", width: 1280, height: 720 },
      { board: "pico-5x5-neopixel", width: 360, height: 740 },
      { board: "pico-4x4-neopixel", width: 1920, height: 1080 },
      { board: "pico-4x4-neopixel", width: 360, height: 740 },
    ])("$board at $width px, blackwhite seed 5: the ×n counts cover no state symbol nor key label; pads are named with state number and presses", async ({ board, width, height }) => {
      const { page } = await open(`?board=${board}&rules=blackwhite&seed=5&puzzle=0`, "blackwhite", { width, height });
      await openView(page);
      await page.waitForSelector(".pad.in-x");
      const names = statePalette(4).map((l) => l.name);
      await shown(async () => (await page.locator(".pad .mark .count").count()) > 0).toBe(true);
      const read = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>(".pad.in-x")].map((pad) => {
            const box = (e: Element | null) => {
              const r = e!.getBoundingClientRect();
              return { l: r.left, t: r.top, r: r.right, b: r.bottom };
            };
            const count = pad.querySelector(".count");
            return { press: Number(pad.dataset.press), count: count ? { text: getComputedStyle(count, "::after").content.replace(/"/g, ""), box: box(count) } : null, sym: box(pad.querySelector(".sym")), key: box(pad.querySelector(".key")), label: pad.getAttribute("aria-label")!, state: pad.dataset.state };
          }),
        );
      // (Labels follow the marks on the page's next frame.)
      await shown(async () => (await read()).every((q) => q.label.includes("to press"))).toBe(true);
      const pads = await read();
      expect(pads.filter((q) => q.press > 1).length).toBeGreaterThan(0);
      const apart = (a: { l: number; t: number; r: number; b: number }, b: typeof a) => a.r <= b.l || b.r <= a.l || a.b <= b.t || b.b <= a.t;
      for (const q of pads) {
        if (q.press > 1) {
          expect(q.count?.text).toBe(`×${q.press}`);
          expect(apart(q.count!.box, q.sym), `count ${JSON.stringify(q.count)} over the symbol ${JSON.stringify(q.sym)}`).toBe(true);
          expect(apart(q.count!.box, q.key), `count over the key label`).toBe(true);
        } else expect(q.count).toBeNull();
        expect(q.label).toContain(`to press ${q.press === 1 ? "once" : q.press === 2 ? "twice" : `${q.press} times`}`);
        expect(q.label).toMatch(new RegExp(`^pad \\d+, (${names.join("|")}) [0-3](, no key)?, to press`));
      }
    }, hangAfter(90_000));

    it.each([
      { board: "pico-3x3", rules: "basic", k: 2 },
      { board: "pico-5x5-neopixel", rules: "lightsout2000", k: 3 },
      { board: "pico-5x5-neopixel", rules: "blackwhite", k: 4 },
    ])("$rules (k = $k): the states as drawn — pads' LEDs and the view's chips, as the page's styles say and as the screen shows them — stay apart in greyscale and under protanopia, deuteranopia and tritanopia", async ({ board, rules, k }) => {
      const { page } = await open(`?board=${board}&rules=${rules}&seed=5&puzzle=0`, rules);
      await openView(page);
      // A board with every state on it, for the toy to show: presses from its goal.
      const p = playedPuzzle(rules, board === "pico-3x3" ? 3 : 5, board === "pico-3x3" ? 3 : 5);
      const goal = goalCells(rules, p.rows, p.cols);
      let start = "";
      for (let seed = 1; start === "" && seed < 200; seed++) {
        const x = Array.from({ length: p.keys }, (_, j) => (seed * 7 + j * j * 3 + j) % k);
        const b = Array.from(goal).map((v, i) => (v + pressed(p, x)[i]) % k);
        if (new Set(b).size === k) start = b.join("");
      }
      expect(start).not.toBe("");
      await page.evaluate((d) => (window as any).merlin.session.api(`Merlin.start(${JSON.stringify(d)})`), start);
      await shown(() => page.getAttribute("#teach-b [role]", "aria-label")).toBe(`b, the board now: ${start}`);
      // Let the LEDs settle (a pad's brightness is measured over a frame window).
      await page.waitForTimeout(400);
      const leds: number[][][] = Array.from({ length: k }, () => []);
      const chips: number[][][] = Array.from({ length: k }, () => []);
      // Each pad's LED as drawn: its state's colour mixed with the unlit LED's by its brightness
      // (style.css: color-mix(in srgb, rgb(--rgb) b·100%, --off)), read from the computed style.
      const drawn = await page.evaluate(() => {
        const off = getComputedStyle(document.documentElement).getPropertyValue("--off").trim();
        const hex = [1, 3, 5].map((i) => parseInt(off.slice(i, i + 2), 16));
        return [...document.querySelectorAll<HTMLElement>(".pad .led")].map((e) => {
          const cs = getComputedStyle(e);
          const rgb = cs.getPropertyValue("--rgb").trim().split(/\s+/).map(Number);
          const b = Number(cs.getPropertyValue("--b"));
          return rgb.map((c, j) => Math.round(c * b + hex[j] * (1 - b)));
        });
      });
      // And as the screen shows them: the toy and b photographed. Each LED is read as the colour
      // most of its disc shows, its symbol's ink left out (the highlight is a gradient: no one
      // colour); each chip of b beside its digit.
      const discs = await page.locator(".panel").evaluate((panel) => {
        const o = panel.getBoundingClientRect();
        return [...panel.querySelectorAll<HTMLElement>(".pad .led")].map((e) => {
          const r = e.getBoundingClientRect();
          const points: number[][] = [];
          for (let y = Math.ceil(r.top); y < r.bottom; y++) for (let x = Math.ceil(r.left); x < r.right; x++) if (Math.hypot(x + 0.5 - (r.left + r.right) / 2, y + 0.5 - (r.top + r.bottom) / 2) <= 0.42 * r.width) points.push([x - o.left, y - o.top]);
          return { points, ink: getComputedStyle(e).getPropertyValue("--ink").trim().split(/\s+/).map(Number) };
        });
      });
      const ledPixels = await pixels(page, await page.locator(".panel").screenshot(), discs.map((d) => d.points));
      const ledsShown = ledPixels.map((px, i) => mostOf(px.filter((c) => c.reduce((a, ch, j) => a + Math.abs(ch - discs[i].ink[j]), 0) > 60)));
      const chipPoints = await page.locator("#teach-b [role]").evaluate((grid) => {
        const o = grid.getBoundingClientRect();
        return [...grid.querySelectorAll(".chip")].map((e) => {
          const r = e.getBoundingClientRect();
          return [[r.left - o.left + 3, r.top - o.top + r.height / 2], [r.right - o.left - 4, r.top - o.top + r.height / 2]];
        });
      });
      const chipsShown = (await pixels(page, await page.locator("#teach-b [role]").screenshot(), chipPoints)).map(median);
      const ledsSeen: number[][][] = Array.from({ length: k }, () => []);
      const chipsSeen: number[][][] = Array.from({ length: k }, () => []);
      for (let v = 0; v < k; v++) {
        // Two pads of each state.
        const pads = start.split("").flatMap((c, i) => (Number(c) === v ? [i] : [])).slice(0, 2);
        for (const i of pads) {
          leds[v].push(drawn[i]);
          ledsSeen[v].push(ledsShown[i]);
          chipsSeen[v].push(chipsShown[i]);
        }
        const chip = await page.evaluate((s) => getComputedStyle(document.querySelector(`#teach-b .chip[data-state="${s}"]`)!).backgroundColor, String(v));
        chips[v].push(chip.match(/\d+/g)!.slice(0, 3).map(Number));
      }
      // What the screen shows is what the styles say.
      for (const [shownSet, styled] of [[ledsSeen, leds], [chipsSeen, chips]])
        for (let v = 0; v < k; v++) shownSet[v].forEach((c, i) => c.forEach((ch, j) => expect(Math.abs(ch - styled[v][Math.min(i, styled[v].length - 1)][j]), `state ${v}: on screen ${JSON.stringify(shownSet[v])}, styled ${JSON.stringify(styled[v])}`).toBeLessThanOrEqual(8)));
      // The pads of one state read the same; each state differs from the next.
      for (const [what, seen] of Object.entries({ "LEDs styled": leds, "chips styled": chips, "LEDs on screen": ledsSeen, "chips on screen": chipsSeen })) {
        const one = seen.map((c) => c[0]);
        for (let v = 0; v < k; v++) for (const c of seen[v]) c.forEach((ch, j) => expect(Math.abs(ch - one[v][j]), `${what}, state ${v}: ${JSON.stringify(seen)}`).toBeLessThanOrEqual(6));
        const grey = smallestGreyDifference(one);
        const cvd = smallestDifference(one);
        // ΔE2000 bars (10 is a difference anyone sees at a glance): the palette's screen colours
        // keep 15 in either greyscale and 24 under a deficiency (test/palette.test.ts); the
        // pixels' own red and magenta would be 2 from dark in luma greyscale.
        expect(grey.d, `${what}, ${grey.kind}: states ${grey.pair.join(" and ")}: ${JSON.stringify(one)}`).toBeGreaterThanOrEqual(15);
        console.log(`${rules}, ${what}: smallest ΔE2000 in ${grey.kind} ${grey.d.toFixed(1)} (states ${grey.pair.join(", ")}), under a deficiency ${cvd.d.toFixed(1)} (${cvd.kind}, states ${cvd.pair.join(", ")})`);
        expect(cvd.d, `${what}, ${cvd.kind}: states ${cvd.pair.join(" and ")}: ${JSON.stringify(one)}`).toBeGreaterThanOrEqual(20);
      }
      // And no state goes by colour alone: each chip carries its digit, each pad its symbol (colour games).
      expect(await page.locator("#teach-b .chip").evaluateAll((es) => es.every((e) => e.textContent === (e as HTMLElement).dataset.state))).toBe(true);
      if (k > 2) expect(await page.locator(".pad .sym").evaluateAll((es, look) => es.every((e, i) => e.textContent === look[Number((document.querySelectorAll(".pad")[i] as HTMLElement).dataset.state)]), statePalette(k).map((l) => l.symbol))).toBe(true);
    }, hangAfter(90_000));
  });

  it("speed: with the view open, a 5×5 press redraws in place — a few dozen nodes, not the matrices — and leaves no task over 50 ms (the view's own measures and the page's long tasks)", async () => {
    const { page } = await open("?board=pico-5x5-neopixel&rules=lightsout2000&seed=5&puzzle=0", "lightsout2000");
    await openView(page);
    // The stepper's first drawing (its whole table) waits for the browser to be idle: let it
    // land before counting, or a loaded machine counts it in the first press.
    await page.waitForSelector("#step-count[data-steps]");
    await page.evaluate(() => {
      performance.clearMeasures();
      const w = window as any;
      w.longTasks = [];
      new PerformanceObserver((l) => w.longTasks.push(...l.getEntries().map((e) => ({ start: e.startTime, ms: Math.round(e.duration) })))).observe({ type: "longtask" });
      // Nodes the view adds, per press: a redraw in place adds text, a rebuild adds tables.
      w.added = 0;
      new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => (w.added += n instanceof Element ? 1 + n.querySelectorAll("*").length : 1)))).observe(document.getElementById("teach")!, { childList: true, subtree: true });
    });
    // The browser's trace of the page's tasks, for the CPU time each one ran (below).
    await web.browser.startTracing(page, { categories: ["toplevel", "blink.user_timing"] });
    await page.evaluate(() => performance.mark("merlin-trace-clock"));
    // Headless Chromium reports long tasks: an 80 ms busy loop run as a page task (a timer's, as
    // a click's handler is one) is seen. (The same loop run straight from page.evaluate is no
    // task of the page's event loop, and no long task is reported for it.)
    const busyFrom = await page.evaluate(() => new Promise<number>((done) => setTimeout(() => {
      const t = performance.now();
      while (performance.now() - t < 80);
      done(t);
    })));
    await shown(() => page.evaluate((from) => ((window as any).longTasks as LongTask[]).some((t) => t.ms >= 80 && t.start <= from && t.start >= from - 20), busyFrom)).toBe(true);
    const presses = 30;
    const added: number[] = [];
    /** Each press's span on the page's clock, from just before the click to when the view and the stepper have followed it. */
    const spans: { from: number; to: number }[] = [];
    for (let n = 0; n < presses; n++) {
      // (Classic rules end the game at 10 over par: then a new one.)
      if ((await state(page)).status !== "playing") {
        const puzzle = (await state(page)).puzzle;
        await page.click('#actions button[data-action="newGame"]');
        await page.waitForFunction((q) => (window as any).merlin.session.state().puzzle !== q && (window as any).merlin.session.state().status === "playing", puzzle);
      }
      const moves = (await state(page)).moves;
      const from = await page.evaluate(() => {
        (window as any).added = 0;
        return performance.now();
      });
      await page.click(`.pad[data-pad="${(n * 7) % 25}"]`);
      await page.waitForFunction((m) => (window as any).merlin.session.state().moves > m, moves);
      // The view and the stepper have followed the press.
      await page.waitForFunction((b) => document.querySelector("#teach-b [role]")!.getAttribute("aria-label")!.endsWith(b), (await state(page)).board);
      await page.waitForTimeout(80);
      const [count, to] = await page.evaluate(() => [(window as any).added as number, performance.now()]);
      added.push(count);
      spans.push({ from, to });
    }
    await page.click("#step-end");
    await page.waitForSelector("#step-x");
    const m = await page.evaluate(() => ({
      update: performance.getEntriesByName("merlin-teach-update").map((e) => e.duration),
      stepper: performance.getEntriesByName("merlin-teach-stepper").map((e) => e.duration),
      longTasks: (window as any).longTasks as LongTask[],
    }));
    const tasks = pageTasks(await web.browser.stopTracing(), "merlin-trace-clock");
    // Each long task the browser reported, with the CPU time the page's thread ran in it (the
    // trace's task that began then; none found counts as all of it).
    const cpuOf = (t: LongTask) => Math.max(0, ...tasks.filter((r) => Math.abs(r.start - t.start) < 2 && r.wall >= 50).map((r) => r.cpu)) || t.ms;
    // The loop's long task is found in the trace.
    expect(tasks.some((r) => r.wall >= 80 && Math.abs(r.start - busyFrom) < 20), "the 80 ms loop in the trace").toBe(true);
    // The page's long tasks (any task over 50 ms, the view's or not) that began during a press, as "wall ms/CPU ms".
    const pressLong = spans.map((sp) => m.longTasks.filter((t) => t.start >= sp.from && t.start <= sp.to).map((t) => ({ ms: t.ms, cpu: Math.round(cpuOf(t)) })));
    expect(m.update.length).toBeGreaterThanOrEqual(presses);
    expect(m.stepper.length).toBeGreaterThan(0);
    const sorted = [...m.update, ...m.stepper].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const over = sorted.filter((d) => d >= 50);
    console.log(`teach view, ${presses} 5×5 presses: nodes added per press ${JSON.stringify(added)}; view work median ${median.toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms; long tasks during presses (wall/CPU ms) ${JSON.stringify(pressLong.filter((l) => l.length > 0).map((l) => l.map((t) => `${t.ms}/${t.cpu}`)))}`);
    // The drawing is small: no matrix is built again after a press (A alone is 625 cells; the
    // stepper's table 650). What a press adds is text: digits of b, t − b, x and the right side.
    expect(Math.max(...added)).toBeLessThan(300);
    // The work is small: a few ms a press on an idle machine. Wall-clock measures on a busy
    // shared 2-core machine can be stretched by preemption, so the bar is the median well
    // under 50 ms and at most one measure in twenty at or over 50 ms.
    expect(median).toBeLessThan(20);
    expect(over.length, JSON.stringify(m)).toBeLessThanOrEqual(Math.floor(sorted.length / 20));
    // And as the browser sees it: no long task while a press is handled and drawn. A long task
    // is the page's when its thread ran 50 ms of CPU in it: on a busy shared machine the thread
    // waits for a core inside a task of a few ms (an 80 ms busy loop here has shown 26 ms of
    // CPU), and such a task, long only on the wall clock, is the machine's. The thread's CPU
    // time is not proof either: on a virtual machine whose host is busy, time the host takes
    // from the guest is counted to the thread it interrupted (the project's CI, at 2.5 times
    // its usual run time, saw 4 presses of 30 with a 53–97 ms "CPU" task while the view's
    // own measures stayed within their bar). A view that does too much does it on every press,
    // not now and then: the bar is at most one press in five with such a task.
    const pageLong = pressLong.filter((l) => l.some((t) => t.cpu >= 50));
    expect(pageLong.length, JSON.stringify(pressLong)).toBeLessThanOrEqual(Math.floor(presses / 5));
  }, hangAfter(100_000));
});

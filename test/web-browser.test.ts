/// <reference lib="dom" />
// The browser toy in a real browser: headless Chromium (Debian's or the npm-shipped one, see
// test/helpers/chromium.ts) driven by playwright-core against the static build served
// on localhost. A seeded game is played by clicking and by keyboard; the pads on the page are
// checked against the firmware's LED pins and against the board the puzzle model predicts, the
// sounds WebAudio was asked to play against the firmware's piezo and its cue table, the URL
// round trip against the terminal simulator, resume after a reload, and the teaching view's
// x against `merlin solve`. A screenshot of the page goes to dist/web-test/ (docs/ with
// MERLIN_UPDATE_SCREENSHOTS=1, for the README).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMerlin } from "../sim/cli/main";
import { recogniseCues, toneNotes } from "../sim/app/sounds";
import type { FirmwareState } from "../sim/app/session";
import { buildWeb } from "../sim/web/build";
import { chromiumSkipReason, launchChromiumContext } from "./helpers/chromium";
import { shown } from "./helpers/page-waits";
import { serveStatic } from "../sim/web/serve";
import { gridPuzzle, pressKey } from "../src/maths/puzzle";
import { solve } from "../src/maths/solver";
import { CUE_NEW_GAME, CUE_WIN, cueNotes } from "../src/toy/sounds";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const GOAL = "111101111";
const merlin3 = gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" });


/** Runs a merlin command in-process and returns what it printed. */
async function merlinOut(args: string[]): Promise<string> {
  let out = "";
  const code = await runMerlin(args, { out: (t) => void (out += t), err: () => {} });
  expect(code).toBe(0);
  return out;
}

/** After `press`, one pad toggles its pattern (source 002's toggle sets), as the puzzle model says. */
function afterPress(board: string, key: number): string {
  const b = Uint8Array.from(board.split("").map(Number));
  pressKey(merlin3, b, key - 1);
  return b.join("");
}

describe.skipIf(chromiumSkipReason)("the browser toy in Chromium", () => {
  let dir: string;
  let server: Server;
  let base: string;
  let context: BrowserContext;
  let page: Page;

  const state = (p: Page = page) => p.evaluate(() => (window as any).merlin.session.state() as FirmwareState);
  /** The pads as the page shows them (lit or not) and the LED pins, read in the same instant. */
  const padsAndPins = (p: Page = page) =>
    p.evaluate(() => ({
      shown: [...document.querySelectorAll(".pad")].map((e) => (e.classList.contains("lit") ? "1" : "0")).join(""),
      pins: (window as any).merlin.board.ledFrame() as string,
    }));
  const waitMoves = (n: number, p: Page = page) => p.waitForFunction((m) => (window as any).merlin.session.state().moves === m, n);
  /** Waits until the page has drawn what the LED pins show (the next animation frame). */
  const settled = (p: Page = page) => p.waitForFunction(() => {
    const shown = [...document.querySelectorAll(".pad")].map((e) => (e.classList.contains("lit") ? "1" : "0")).join("");
    return shown === (window as any).merlin.board.ledFrame();
  });
  const open = async (query: string, p: Page = page) => {
    await p.goto(`${base}/${query}`);
    await p.waitForSelector("body[data-ready='1']");
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "merlin-web-"));
    await buildWeb(dir);
    server = await serveStatic(dir, 0);
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    context = await launchChromiumContext({ viewport: { width: 1100, height: 820 } });
    // Record every value the page gives a WebAudio parameter: the oscillator's frequency
    // (default 440) and the gain (default 1), in order.
    await context.addInitScript(() => {
      const w = window as any;
      w.__audio = [];
      const set = AudioParam.prototype.setValueAtTime;
      AudioParam.prototype.setValueAtTime = function (value: number, time: number) {
        w.__audio.push({ param: this.defaultValue === 440 ? "frequency" : "gain", value, at: w.merlin ? w.merlin.board.clock.now : -1 });
        return set.call(this, value, time);
      };
    });
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("opens at power-on with the light test, then deals the linked puzzle, the URL naming it", async () => {
    await open("?board=pico-3x3&rules=basic&seed=7&puzzle=0");
    expect(await page.evaluate(() => (window as any).merlin.firstFrame())).toBe("111111111");
    await page.waitForFunction(() => (window as any).merlin.board.clock.now > 1200);
    const s = await state();
    expect(s).toMatchObject({ seed: 7, puzzle: 0, rules: "basic", moves: 0, status: "playing" });
    // The same puzzle as the terminal simulator deals for seed 7.
    const cli = JSON.parse(await merlinOut(["sim", "--headless", "--seed", "7", "--keys", "wait:0", "--json"]));
    expect(s.board).toBe(cli.leds);
    // The page writes the address and the link when it draws the dealt game.
    await shown(() => page.evaluate(() => location.search)).toBe("?board=pico-3x3&rules=basic&seed=7&puzzle=0");
    await shown(() => page.getAttribute("#puzzle", "href")).toBe("/?board=pico-3x3&rules=basic&seed=7&puzzle=0");
  });

  it("plays the game to a win by clicking and by keyboard; the pads show the LED pins and the predicted boards", async () => {
    let s = await state();
    const keys = solve(merlin3, Uint8Array.from(s.board.split("").map(Number)), Uint8Array.from(GOAL.split("").map(Number))).order!;
    expect(keys.length).toBeGreaterThan(1);
    const since = await page.evaluate(() => (window as any).merlin.board.clock.now as number);
    const audioFrom = await page.evaluate(() => (window as any).__audio.length as number);
    let expected = s.board;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      if (i % 3 === 0) await page.click(`.pad[data-pad="${k - 1}"]`);
      else if (i % 3 === 1) await page.keyboard.press(String(k));
      else {
        // Keyboard only: focus the pad and press Enter.
        await page.focus(`.pad[data-pad="${k - 1}"]`);
        expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.pad)).toBe(String(k - 1));
        await page.keyboard.press("Enter");
      }
      await waitMoves(i + 1);
      // A player's pace: the press cue (0.14 s) ends before the next key.
      const t = await page.evaluate(() => (window as any).merlin.board.clock.now as number);
      await page.waitForFunction((t0) => (window as any).merlin.board.clock.now > t0 + 200, t);
      expected = afterPress(expected, k);
      await settled();
      const pads = await padsAndPins();
      expect(pads.shown).toBe(pads.pins);
      expect(pads.shown).toBe(expected);
    }
    s = await state();
    expect(s).toMatchObject({ status: "won", board: GOAL, moves: keys.length });
    await shown(() => page.textContent("#status")).toBe(`WON in ${keys.length} moves (par ${keys.length}, score ±0)`);
    await shown(() => page.textContent("#stats")).toBe(`1 game, 1 win, best ${keys.length} moves`);
    // Let the win cue (1 s) finish, then compare what WebAudio was told with the piezo pin.
    const wonAt = await page.evaluate(() => (window as any).merlin.board.clock.now as number);
    await page.waitForFunction((t) => (window as any).merlin.board.clock.now > t + 1200, wonAt);
    const { tones, audio, end } = await page.evaluate(
      ([t, a]) => ({
        tones: (window as any).merlin.board.tones.filter((e: any) => e.t >= t) as { t: number; freq: number }[],
        audio: (window as any).__audio.slice(a) as { param: string; value: number }[],
        end: (window as any).merlin.board.clock.now as number,
      }),
      [since, audioFrom],
    );
    const played = audio.filter((e) => e.param === "frequency").map((e) => e.value);
    expect(played).toEqual(tones.filter((e) => e.freq > 0).map((e) => e.freq));
    // The piezo played a press cue for every move but the last, then the win cue (src/toy/sounds.ts).
    const heard = recogniseCues(toneNotes(tones as never, since, end)).map((h) => h.cue);
    expect(heard).toEqual([...new Array(keys.length - 1).fill("press"), "win"]);
    const win = Array.from(cueNotes(CUE_WIN)).filter((_, i) => i % 2 === 0);
    expect(played.slice(-win.length)).toEqual(win);
    // The screen reader is told the outcome.
    await page.waitForFunction(() => document.getElementById("announce")!.textContent!.startsWith("WON"));
  });

  it("N deals the next puzzle: the URL follows, and the link deals it again in a fresh page and in the terminal simulator", async () => {
    const audioFrom = await page.evaluate(() => (window as any).__audio.length as number);
    const pressedAt = await page.evaluate(() => (window as any).merlin.board.clock.now as number);
    await page.keyboard.press("n");
    await page.waitForFunction(() => (window as any).merlin.session.state().puzzle === 1);
    const s = await state();
    await shown(() => page.textContent("#message")).toBe("new game: seed 7, puzzle 1");
    await page.waitForFunction(() => location.search.endsWith("puzzle=1"));
    const url = await page.getAttribute("#puzzle", "href");
    expect(url).toBe("/?board=pico-3x3&rules=basic&seed=7&puzzle=1");
    // The new-game chirp is over within 400 ms of board time.
    await page.waitForFunction((t0) => (window as any).merlin.board.clock.now > t0 + 400, pressedAt);
    const chirp = Array.from(cueNotes(CUE_NEW_GAME)).filter((_, i) => i % 2 === 0);
    const played = (await page.evaluate((a) => (window as any).__audio.slice(a), audioFrom)).filter((e: any) => e.param === "frequency").map((e: any) => e.value);
    expect(played).toEqual(chirp);
    const other = await context.newPage();
    await open(url!.slice(1), other);
    await other.waitForFunction(() => (window as any).merlin.session.state().puzzle === 1);
    expect((await state(other)).board).toBe(s.board);
    await other.close();
    const cli = JSON.parse(await merlinOut(["sim", "--headless", "--seed", "7", "--puzzle", "1", "--keys", "wait:0", "--json"]));
    expect(cli.leds).toBe(s.board);
  });

  it("resumes after a reload like a power cycle: light test, then the same board and moves", async () => {
    await open("?board=pico-3x3&rules=basic&seed=7&puzzle=1");
    await page.waitForFunction(() => (window as any).merlin.board.clock.now > 1200);
    await page.keyboard.press("1");
    await waitMoves(1);
    await page.click('.pad[data-pad="4"]');
    await waitMoves(2);
    const before = await state();
    // The toy writes its flash at most once a second per file: let that pass on the board's clock.
    const t = await page.evaluate(() => (window as any).merlin.board.clock.now as number);
    await page.waitForFunction((t0) => (window as any).merlin.board.clock.now > t0 + 1100, t);
    await page.reload();
    await page.waitForSelector("body[data-ready='1']");
    expect(await page.evaluate(() => (window as any).merlin.firstFrame())).toBe("111111111");
    const after = await state();
    expect(after).toMatchObject({ board: before.board, moves: 2, seed: 7, puzzle: 1 });
  });

  it("opening the page's own address again (history, a bookmark, a pasted link) resumes the game in progress", async () => {
    await open("");
    await page.waitForFunction(() => (window as any).merlin.board.clock.now > 1200);
    const start = await state();
    expect(start.status).toBe("playing");
    await page.keyboard.press("3");
    await waitMoves(start.moves + 1);
    await page.keyboard.press("7");
    await waitMoves(start.moves + 2);
    const before = await state();
    // The toy writes its flash at most once a second per file: let a second of board time pass.
    const t = await page.evaluate(() => (window as any).merlin.board.clock.now as number);
    await page.waitForFunction((t0) => (window as any).merlin.board.clock.now > t0 + 1100, t);
    const address = `/?board=pico-3x3&rules=${before.rules}&seed=${before.seed}&puzzle=${before.puzzle}`;
    await shown(() => page.evaluate(() => location.pathname + location.search)).toBe(address);
    await open(address.slice(1));
    await page.waitForFunction(() => (window as any).merlin.board.clock.now > 1200);
    expect(await state()).toMatchObject({ board: before.board, moves: before.moves, seed: before.seed, puzzle: before.puzzle });
  });

  it("a wrong link deals nothing and says what was wrong and what is accepted, aloud too; the address keeps it", async () => {
    const before = await state();
    const t = await page.evaluate(() => (window as any).merlin.board.clock.now as number);
    await page.waitForFunction((t0) => (window as any).merlin.board.clock.now > t0 + 1100, t);
    // The same values `merlin sim` refuses (test/cli-input.test.ts), read by the same checks.
    const cases: [string, string][] = [
      ["?seed=4294967296&puzzle=3", "the link's seed must be a whole number from 0 to 4294967295, got '4294967296'"],
      ["?seed=7&puzzle=99999", "the link's puzzle must be a whole number from 0 to 10000, got '99999'"],
      ["?seed=-3", "the link's seed must be a whole number from 0 to 4294967295, got '-3'"],
      ["?seed=7e3", "the link's seed must be a whole number from 0 to 4294967295, got '7e3'"],
      ["?puzzle=2", "the link's puzzle needs a seed (the puzzle is counted from the seed's first deal)"],
      ["?rules=bogus&seed=8", "the link's rules must be one of basic, merlin1978, classic, got 'bogus'"],
      ["?board=nope&seed=8", `the link's board: unknown profile "nope"; available: `],
    ];
    for (const [query, said] of cases) {
      await open(query);
      await page.waitForFunction(() => (window as any).merlin.board.clock.now > 1600);
      expect(await page.textContent("#message")).toContain(said);
      expect(await page.textContent("#message")).toMatch(/ — nothing was dealt$/);
      await page.waitForFunction((m) => document.getElementById("announce")!.textContent!.includes(m), said);
      // The game in flash is untouched, and the address still shows what was typed.
      expect(await state()).toMatchObject({ board: before.board, moves: before.moves, seed: before.seed, puzzle: before.puzzle, rules: before.rules });
      expect(await page.evaluate(() => location.search)).toBe(query);
    }
    // The merlin sim command refuses the same values.
    let err = "";
    expect(await runMerlin(["sim", "--headless", "--seed", "4294967296", "--keys", "wait:0"], { out: () => {}, err: (t) => void (err += t) })).toBe(2);
    expect(err).toBe("merlin sim: --seed must be a whole number from 0 to 4294967295, got '4294967296'\n");
  });

  it("a long press is a hold: holding pad 4 for 1.5 s is the toy's UNDO; the rules menu switches the rule set", async () => {
    await page.waitForFunction(() => (window as any).merlin.board.clock.now > 1000);
    const before = await state();
    await page.keyboard.press("2");
    await waitMoves(before.moves + 1);
    await page.hover('.pad[data-pad="3"]');
    await page.mouse.down();
    const t = await page.evaluate(() => (window as any).merlin.board.clock.now as number);
    await page.waitForFunction((t0) => (window as any).merlin.board.clock.now > t0 + 1700, t);
    await page.mouse.up();
    // The hold takes back its own press, then UNDO takes back the 2.
    await waitMoves(before.moves);
    expect((await state()).board).toBe(before.board);
    await page.selectOption("#rules", "classic");
    await page.waitForFunction(() => (window as any).merlin.session.state().rules === "classic");
    // (The page redraws on the next animation frame.)
    await page.waitForFunction(() => /^\d+ \(lost at \d+\)$/.test(document.getElementById("moves")!.textContent!));
    await page.selectOption("#rules", "basic");
    await page.waitForFunction(() => (window as any).merlin.session.state().rules === "basic");
  });

  it("the teaching view's x is what merlin solve answers, marked on the pads, and updates as you play", async () => {
    // (The reload above is fresh: let its light test end.)
    await page.waitForFunction(() => (window as any).merlin.board.clock.now > 1000);
    await page.click("#teach-toggle");
    for (let round = 0; round < 2; round++) {
      const s = await state();
      await page.waitForSelector("#teach-x");
      const solved = JSON.parse(await merlinOut(["solve", "--from", s.board, "--json"]));
      expect(await page.getAttribute("#teach-x", "data-keys")).toBe(solved.presses.join(","));
      const marked = await page.evaluate(() => [...document.querySelectorAll(".pad.in-x")].map((e) => Number((e as HTMLElement).dataset.pad) + 1));
      expect(marked).toEqual(solved.presses);
      // Source 003's guided hint names a key of x.
      if (round === 0) await page.click("#guide");
      await page.waitForSelector("#guide-text");
      expect(solved.presses).toContain(Number(await page.getAttribute("#guide-text", "data-key")));
      await page.keyboard.press(String(solved.presses[0]));
      await waitMoves(s.moves + 1);
      await page.waitForFunction((k) => document.getElementById("teach-x")!.dataset.keys !== k, solved.presses.join(","));
    }
    // No firmware error on the way (the toy would have flashed every pad for it).
    const log = await page.evaluate(() => ({
      errors: (window as any).merlin.board.errors.map((e: any) => e.message),
      caught: (window as any).merlin.board.console.map((l: any) => l.text).filter((t: string) => t.startsWith("Merlin error")),
      leds: (window as any).merlin.board.ledFrame(),
      board: (window as any).merlin.session.state().board,
    }));
    expect(log).toMatchObject({ errors: [], caught: [] });
    expect(log.leds).toBe(log.board);
    mkdirSync(join(ROOT, "dist", "web-test"), { recursive: true });
    const update = process.env.MERLIN_UPDATE_SCREENSHOTS === "1";
    // The teaching view from its top (A, A⁻¹ and x), in its scroll area beside the toy.
    await page.evaluate(() => document.getElementById("teach")!.scrollTo(0, 0));
    await page.screenshot({ path: update ? join(ROOT, "docs", "web-toy.png") : join(ROOT, "dist", "web-test", "web-toy.png"), fullPage: true });
  });

  it("on the singular 4×4 board: quiet patterns as many as the nullity, and the solvability test", async () => {
    await open("?board=pico-4x4-neopixel");
    const analysis = JSON.parse(await merlinOut(["analyze", "--pattern", "merlin", "--size", "4", "--json"]));
    await page.click("#teach-toggle");
    await page.waitForSelector(".quiet");
    expect(await page.locator(".quiet .mini").count()).toBe(analysis.nullity);
    expect(await page.locator(".checks .check").count()).toBe(analysis.nullity);
    const s = await state();
    const solved = JSON.parse(await merlinOut(["solve", "--pattern", "merlin", "--size", "4", "--from", s.board, "--json"]));
    // (Opened during the power-on light test: the view is drawn again with the page's frames.)
    await shown(() => page.getAttribute("#teach-x", "data-keys")).toBe(solved.presses.join(","));
    expect(await page.locator(".checks .check", { hasText: "odd" }).count()).toBe(0);
    // The 4×4 toy's own NEW GAME button, drawn at its hole, is a key of the matrix.
    const puzzle = s.puzzle;
    await page.click('.extra[data-button="newGame"]');
    await page.waitForFunction((p) => (window as any).merlin.session.state().puzzle === p + 1, puzzle);
  });

  it("the 5×5 pixel board: 25 pads as the pixels show them, lit ones in the lit state's red, and a click plays", async () => {
    await open("?board=pico-5x5-neopixel");
    expect(await page.locator(".pad").count()).toBe(25);
    // After the power-on light test: the pixels show the game.
    await page.waitForFunction(() => (window as any).merlin.board.ledFrame() === (window as any).merlin.session.state().board);
    await settled();
    const s = await state();
    expect((await padsAndPins()).shown).toBe(s.board);
    const lit = s.board.indexOf("1");
    await shown(() => page.locator(`.pad[data-pad="${lit}"] .led`).evaluate((e) => (e as HTMLElement).style.getPropertyValue("--rgb"))).toBe("255 59 48"); // (the lit state's screen colour, sim/app/palette.ts)
    await page.click('.pad[data-pad="12"]');
    await waitMoves(s.moves + 1);
    await settled();
  });

  it("REDO sits beside UNDO and Y is its key: it plays again what undo took back, until a new move; after the end it says why not", async () => {
    await open("?board=pico-3x3&rules=basic&seed=7&puzzle=3");
    await page.waitForFunction(() => (window as any).merlin.session.state().puzzle === 3 && (window as any).merlin.board.clock.now > 1200);
    const order = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>("#actions button")].map((b) => b.dataset.action));
    expect(order.indexOf("redo")).toBe(order.indexOf("undo") + 1);
    expect(await page.textContent('#actions button[data-action="redo"]')).toBe("REDO Y");
    const start = await state();
    await page.keyboard.press("1");
    await waitMoves(start.moves + 1);
    const one = await state();
    expect(one.board).toBe(afterPress(start.board, 1));
    await page.keyboard.press("u");
    await waitMoves(start.moves);
    await shown(() => page.textContent("#message")).toBe(`undone: ${start.moves} move${start.moves === 1 ? "" : "s"} now`);
    // The button.
    await page.click('#actions button[data-action="redo"]');
    await waitMoves(start.moves + 1);
    await shown(() => page.textContent("#message")).toBe(`redone: ${start.moves + 1} move${start.moves + 1 === 1 ? "" : "s"} now`);
    expect((await state()).board).toBe(one.board);
    await settled();
    // The page draws the pads on its next frames: wait for what it shows.
    await shown(async () => (await padsAndPins()).shown).toBe(one.board);
    // Nothing left to redo.
    await page.keyboard.press("y");
    await shown(() => page.textContent("#message")).toBe("nothing to redo");
    // The key: undo, then Y.
    await page.keyboard.press("u");
    await waitMoves(start.moves);
    await page.keyboard.press("y");
    await waitMoves(start.moves + 1);
    expect((await state()).board).toBe(one.board);
    // A new move after an undo leaves nothing to redo.
    await page.keyboard.press("u");
    await waitMoves(start.moves);
    await page.keyboard.press("5");
    await waitMoves(start.moves + 1);
    await page.keyboard.press("y");
    await shown(() => page.textContent("#message")).toBe("nothing to redo");
    expect((await state()).moves).toBe(start.moves + 1);
    // After a win: as UNDO says it.
    const t = await page.evaluate(() => {
      (window as any).merlin.session.api('Merlin.start("101010101")');
      return (window as any).merlin.board.clock.now as number;
    });
    await page.waitForFunction((t0) => (window as any).merlin.board.clock.now > t0 + 300, t);
    await page.keyboard.press("5");
    await page.waitForFunction(() => (window as any).merlin.session.state().status === "won");
    await page.click('#actions button[data-action="redo"]');
    await shown(() => page.textContent("#message")).toBe("nothing to redo: the game is won — N new game, S same game");
    // The help lists the key.
    await page.keyboard.press("?");
    expect(await page.textContent("#help")).toContain("redo what undo took back");
    await page.click("#help-close");
  });
});

/// <reference lib="dom" />
// Merlin's six games in the browser toy (headless Chromium, as test/web-browser.test.ts runs
// it): the game menu lists them by their numbers on the toy, plays the one chosen and follows a
// game chosen on the toy's own keys; each of the five games other than Magic Square is played
// by clicking the pads and the page's buttons far enough to see it answer; the link names the
// game and opens it (a wrong name is refused in one line); the teaching view says it is about
// Magic Square and Lights Out; Merlin's marks blink on the page. What is asserted is what a
// player sees and hears: the pads lit (and blinking), the texts, the piezo's notes.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumSkipReason } from "./helpers/chromium";
import { shown } from "./helpers/page-waits";
import { serveWeb, type ServedWeb } from "./helpers/served-web";
import { hangAfter } from "./helpers/time-limits";
import { lightHz } from "../src/toy/games/scale";

const VIEW = { width: 1100, height: 820 };

describe.skipIf(chromiumSkipReason)("Merlin's games in the browser toy", () => {
  let web: ServedWeb;

  beforeAll(async () => {
    web = await serveWeb("merlin-games-web-");
  }, hangAfter(60_000));

  afterAll(async () => {
    await web?.close();
  });

  /** The page open on `query`, once its game menu is there. */
  async function open(query: string): Promise<{ page: Page; errors: string[] }> {
    const opened = await web.open(query, VIEW);
    await opened.page.waitForSelector("#game-menu:not([disabled])");
    return opened;
  }
  const now = (page: Page) => page.evaluate(() => (window as any).merlin.board.clock.now as number);
  /** Lets `ms` of the toy's time pass. */
  async function pass(page: Page, ms: number): Promise<void> {
    const t = await now(page);
    await page.waitForFunction((end) => (window as any).merlin.board.clock.now >= end, t + ms);
  }
  /** The pads as the page draws them: "1" lit, "0" dark, pad 1 first. */
  const litPads = (page: Page) => page.evaluate(() => [...document.querySelectorAll(".pad")].map((e) => (e.classList.contains("lit") ? "1" : "0")).join(""));
  /**
   * What each pad shows over `ms` of the toy's time, read from the page every animation frame:
   * "1" always lit, "0" always dark, "b" both (blinking).
   */
  async function watchPads(page: Page, ms: number): Promise<string> {
    return page.evaluate(
      (span) =>
        new Promise<string>((resolve) => {
          const board = (window as any).merlin.board;
          const end = board.clock.now + span;
          const seen: Set<string>[] = [...document.querySelectorAll(".pad")].map(() => new Set<string>());
          const look = () => {
            document.querySelectorAll(".pad").forEach((e, i) => seen[i].add(e.classList.contains("lit") ? "1" : "0"));
            if (board.clock.now < end) requestAnimationFrame(look);
            else resolve(seen.map((s) => (s.size === 2 ? "b" : [...s][0])).join(""));
          };
          requestAnimationFrame(look);
        }),
      ms,
    );
  }
  /**
   * The pads lit one at a time over `ms` of the toy's time, in order (a pad lit again after
   * another counts again; pad 1 = 1).
   */
  async function padSequence(page: Page, ms: number): Promise<number[]> {
    return page.evaluate(
      (span) =>
        new Promise<number[]>((resolve) => {
          const board = (window as any).merlin.board;
          const end = board.clock.now + span;
          const seq: number[] = [];
          const look = () => {
            const lit = [...document.querySelectorAll<HTMLElement>(".pad.lit")].map((e) => Number(e.dataset.pad) + 1);
            if (lit.length === 1 && seq[seq.length - 1] !== lit[0]) seq.push(lit[0]);
            if (board.clock.now < end) requestAnimationFrame(look);
            else resolve(seq);
          };
          requestAnimationFrame(look);
        }),
      ms,
    );
  }
  /** `xs` with each run of equal values as one (what a player sees of a note played twice on one pad). */
  const runs = (xs: number[]) => xs.filter((x, i) => i === 0 || xs[i - 1] !== x);
  /** The notes the piezo played since virtual time `t` (Hz, in order; silences left out). */
  const notesSince = (page: Page, t: number) =>
    page.evaluate((t0) => ((window as any).merlin.board.tones as { t: number; freq: number }[]).filter((e) => e.t >= t0 && e.freq > 0).map((e) => e.freq), t);
  /** The pad (1 … 10) whose note is `hz`, as the toy's scale tunes them. */
  const padOfNote = (hz: number) => {
    let best = 0;
    for (let n = 1; n <= 10; n++) if (Math.abs(lightHz(n) - hz) < Math.abs(lightHz(best) - hz)) best = n;
    return best;
  };
  const status = (page: Page) => page.textContent("#status");
  /**
   * Records every status the page writes from now on, as written. A status that lasts a
   * moment (Merlin's 600 ms of thought, a tune being played) can fall between two reads from
   * the test, each a round trip to the page, on a loaded machine; the record keeps it.
   */
  const recordStatuses = (page: Page) =>
    page.evaluate(() => {
      const w = window as any;
      const line = document.getElementById("status")!;
      w.statuses = [];
      new MutationObserver(() => w.statuses.push(line.textContent)).observe(line, { childList: true, characterData: true, subtree: true });
    });
  /**
   * The statuses recorded from the first that starts with `first` on, each once (the page may
   * write one again as it redraws), each cut to as many characters as the prefix of `prefixes`
   * it starts with (the whole status when none); [] before `first`.
   */
  const statusesFrom = (page: Page, first: string, prefixes: string[] = []) =>
    page.evaluate(
      ([from, cuts]) => {
        const cut = (t: string) => cuts.find((c) => t.startsWith(c)) ?? t;
        const seen = ((window as any).statuses as string[]).map(cut).filter((t, i, all) => i === 0 || all[i - 1] !== t);
        const at = seen.findIndex((t) => t.startsWith(from));
        return at < 0 ? [] : seen.slice(at);
      },
      [first, prefixes] as const,
    );
  const clickPad = (page: Page, pad: number) => page.click(`.pad[data-pad="${pad - 1}"]`);
  const button = (page: Page, action: string) => page.click(`#actions button[data-action="${action}"]`);

  it("lists the six games by their numbers on the toy; choosing one plays it, says so and names it in the link", async () => {
    const { page, errors } = await open("?board=pico-3x3");
    // The 1978 toy's games, as its manual numbers them.
    expect(await page.locator("#game-menu option").allTextContents()).toEqual(["1 Tic-Tac-Toe", "2 Music Machine", "3 Echo", "4 Blackjack 13", "5 Magic Square", "6 Mindbender"]);
    expect(await page.inputValue("#game-menu")).toBe("magicsquare");
    // Labelled, like the board and rules choosers.
    expect(await page.locator("#game-menu").evaluate((e: HTMLSelectElement) => e.labels![0].firstChild!.textContent!.trim())).toBe("Game");
    await pass(page, 700);
    // Everything the live region says from here (it says the game, then, once the board
    // settles, 400 ms later, the game's status: a busy machine can miss the first in between).
    await page.evaluate(() => {
      const w = window as any;
      const a = document.getElementById("announce")!;
      w.__said = [];
      new MutationObserver(() => w.__said.push(a.textContent)).observe(a, { childList: true, characterData: true, subtree: true });
    });
    await page.selectOption("#game-menu", "echo");
    await shown(() => page.textContent("#message")).toBe("game 3 Echo");
    await shown(() => page.evaluate(() => (window as any).__said as string[])).toContain("game 3 Echo");
    await shown(() => status(page)).toBe("Echo: press a pad for the tune's length");
    await shown(() => page.evaluate(() => location.search)).toBe("?board=pico-3x3&game=echo");
    expect(await page.getAttribute("#puzzle", "href")).toBe("/?board=pico-3x3&game=echo");
    // Echo waits for a length: every pad blinks.
    expect(await watchPads(page, 400)).toBe("bbbbbbbbb");
    // Its setting: the length.
    expect(await page.isVisible("#game-setting")).toBe(true);
    expect(await page.textContent("#game-setting-name")).toBe("Length");
    expect(errors).toEqual([]);
  }, hangAfter(60_000));

  it("follows a game chosen on the toy's own keys: NEW GAME twice (in Magic Square), then the game's number", async () => {
    // The 4×4 has NEW GAME as a button of its own; light 3 is its third pad.
    const { page, errors } = await open("?board=pico-4x4-neopixel");
    await pass(page, 700);
    const newGame = page.locator('#toy [data-button="newGame"]');
    await newGame.click();
    await pass(page, 300);
    await newGame.click();
    await shown(() => status(page)).toBe("choose a game: press its number (1 Tic-Tac-Toe, 2 Music Machine, 3 Echo, 4 Blackjack 13, 5 Magic Square, 6 Mindbender), or NEW GAME to go back");
    await clickPad(page, 3);
    await shown(() => page.inputValue("#game-menu")).toBe("echo");
    await shown(() => status(page)).toBe("Echo: press a pad for the tune's length");
    expect(errors).toEqual([]);
  }, hangAfter(60_000));

  it("on the 5×5 the pads are named by the toy's lights, 1 … 9 on the middle block, and the digit keys press those", async () => {
    const { page, errors } = await open("?board=pico-5x5-neopixel&game=echo");
    await shown(() => status(page)).toBe("Echo: press a pad for the tune's length");
    const labels = () => page.evaluate(() => [...document.querySelectorAll(".pad .key")].map((e) => (e.classList.contains("nokey") ? "" : e.textContent)));
    // Light 0 above light 2, 1 … 9 on the middle 3×3, 10 below 8 (the 1978 toy's column of lights folded onto the grid).
    await shown(labels).toEqual(["", "", "0", "", "", "", "1", "2", "3", "", "", "4", "5", "6", "", "", "7", "8", "9", "", "", "", "10", "", ""]);
    await shown(() => page.getAttribute('.pad[data-pad="6"]', "aria-label")).toMatch(/^light 1, /);
    // The 2 key: light 2, a tune of two notes (which lasts a moment: recorded).
    await recordStatuses(page);
    await page.keyboard.press("2");
    await shown(() => statusesFrom(page, "Echo: listen: Merlin plays 2 notes")).toContain("Echo: listen: Merlin plays 2 notes");
    // Back in Magic Square the digit keys are pads 1 … 9 again, row by row.
    await page.selectOption("#game-menu", "magicsquare");
    await shown(labels).toEqual(Array.from({ length: 25 }, (_, i) => (i < 9 ? String(i + 1) : "")));
    expect(errors).toEqual([]);
  }, hangAfter(60_000));

  it("on the 5×5 the legend and the help describe the game played and which pads are its keys; the toy's functions say what they do in it; NEW GAME's choice names the pads by the lights", async () => {
    const { page, errors } = await open("?board=pico-5x5-neopixel&game=tictactoe");
    await shown(() => status(page)).toBe("Tic-Tac-Toe: level merlin, your turn: press a pad");
    const legend = () => page.locator("#legend p").allTextContents();
    await shown(legend).toEqual([
      "Tic-Tac-Toe: Three in a row wins. Press a pad 1-9 for your mark (steady); Merlin answers with his (blinking). The level (merlin, perfect, two players) is the game's setting.",
      "Keys: the 11 pads numbered by Merlin's lights; the 14 with a dashed edge are no keys.",
    ]);
    // The pads of no light are drawn and named as no keys.
    expect(await page.locator(".pad.nokey-pad").count()).toBe(14);
    // (The names are written by the next frame, after the pads' classes: wait for them.)
    await shown(() => page.getAttribute('.pad[data-pad="0"]', "aria-label")).toMatch(/^pad 1, .*, no key$/);
    await shown(() => page.getAttribute('.pad[data-pad="12"]', "aria-label")).toMatch(/^light 5, [^,]*$/);
    expect(await page.textContent("#help-goal")).toBe(
      "Tic-Tac-Toe: Three in a row wins. Press a pad 1-9 for your mark (steady); Merlin answers with his (blinking). The level (merlin, perfect, two players) is the game's setting. " +
        "SAME GAME clears the board; HIT ME is no key of Tic-Tac-Toe; COMP TURN lets Merlin move first; NEW GAME chooses a game.",
    );
    // The toy's functions, said for Tic-Tac-Toe: COMP TURN lets Merlin move, GOAL and RULES are Magic Square's.
    await button(page, "compTurn");
    await shown(() => page.textContent("#message")).toBe("COMP TURN lets Merlin move first");
    await shown(() => page.evaluate(() => (window as any).merlin.session.state().state.board)).toMatch(/^0*20*$/);
    await button(page, "goal");
    await shown(() => page.textContent("#message")).toBe("GOAL: Tic-Tac-Toe has no goal to show — GOAL is Magic Square's (NEW GAME, then 5)");
    await button(page, "hitMe");
    await shown(() => page.textContent("#message")).toBe("HIT ME: Tic-Tac-Toe takes pads 1-9, SAME GAME and COMP TURN");
    // Another game, its own words; back in Magic Square the legend is its colours and keys again.
    await page.selectOption("#game-menu", "blackjack13");
    await shown(legend).toEqual([
      "Blackjack 13: Closest to 13 without going over wins. Your cards light steady, Merlin's blink; HIT ME draws you a card, COMP TURN stands and Merlin draws. Cards seen stay dealt: no undo.",
      "Keys: the 11 pads numbered by Merlin's lights; the 14 with a dashed edge are no keys.",
    ]);
    await page.selectOption("#game-menu", "magicsquare");
    await shown(legend).toEqual(["Colours: ● lit (a red glow), ○ dark.", "Keys: every pad."]);
    expect(await page.locator(".pad.nokey-pad").count()).toBe(0);
    expect(await page.textContent("#help-goal")).toMatch(/^Goal: /);
    // NEW GAME twice in Magic Square: the pads carry the lights' numbers, where the games' are; 3 chooses Echo.
    await page.keyboard.press("n");
    await shown(() => page.textContent("#message")).toMatch(/^new game: /);
    await page.keyboard.press("n");
    await shown(() => status(page)).toMatch(/^choose a game: press its number/);
    await shown(() => page.getAttribute('.pad[data-pad="8"]', "aria-label")).toMatch(/^light 3, /);
    await page.keyboard.press("3");
    await shown(() => status(page)).toBe("Echo: press a pad for the tune's length");
    expect(errors).toEqual([]);
  }, hangAfter(60_000));

  it("Tic-Tac-Toe, perfect level: Merlin answers a move with his mark, which blinks on the page while yours stays lit", async () => {
    const { page, errors } = await open("?board=pico-3x3&game=tictactoe");
    await shown(() => page.inputValue("#game-menu")).toBe("tictactoe");
    expect(await page.textContent("#game-setting-name")).toBe("Level");
    expect(await page.locator("#game-setting option").allTextContents()).toEqual(["merlin", "perfect", "two"]);
    await page.selectOption("#game-setting", "perfect");
    await shown(() => status(page)).toBe("Tic-Tac-Toe: level perfect, your turn: press a pad");
    // (Merlin's turn lasts his 600 ms of thought: recorded.)
    await recordStatuses(page);
    const merlins = "Tic-Tac-Toe: level perfect, Merlin's turn";
    await clickPad(page, 5);
    // Merlin thinks a moment, then marks a corner (the perfect answer to the centre).
    await shown(() => statusesFrom(page, merlins)).toEqual([merlins, "Tic-Tac-Toe: level perfect, your turn: press a pad"]);
    const pads = await watchPads(page, 600);
    expect(pads[4]).toBe("1");
    const blinking = [...pads].flatMap((c, i) => (c === "b" ? [i + 1] : []));
    expect(blinking).toHaveLength(1);
    expect([1, 3, 7, 9]).toContain(blinking[0]);
    expect(pads.replace(/b/, "0").replace(/1/g, "x")).toBe("0000x0000");
    // A screen reader hears which pad blinks.
    await shown(() => page.getAttribute(`.pad[data-pad="${blinking[0] - 1}"]`, "aria-label")).toBe(`light ${blinking[0]}, lit, blinking`);
    expect(errors).toEqual([]);
  }, hangAfter(60_000));

  it("Music Machine: a tune composed on the pads is played back by COMP TURN, note for note", async () => {
    const { page, errors } = await open("?board=pico-3x3&game=music");
    await shown(() => status(page)).toMatch(/^Music Machine: 0 notes in the tune/);
    // (After the new game's cue.)
    await pass(page, 1200);
    const from = await now(page);
    for (const pad of [1, 5, 3]) {
      await clickPad(page, pad);
      await pass(page, 150);
    }
    await shown(() => status(page)).toMatch(/^Music Machine: 3 notes in the tune/);
    const composed = (await notesSince(page, from)).map(padOfNote);
    expect(composed).toEqual([1, 5, 3]);
    const playFrom = await now(page);
    // (The tune played back lasts a second or so: recorded.)
    await recordStatuses(page);
    await button(page, "compTurn");
    const playing = "Music Machine: playing the tune back";
    const composedLine = "Music Machine: 3 notes in the tune";
    await shown(() => statusesFrom(page, playing, [playing, composedLine])).toEqual([playing, composedLine]);
    expect((await notesSince(page, playFrom)).map(padOfNote)).toEqual([1, 5, 3]);
    expect(errors).toEqual([]);
  }, hangAfter(60_000));

  it("Echo: Merlin plays a tune, lighting its pads; the player's repeat is scored on the pads", async () => {
    const { page, errors } = await open("?board=pico-3x3&game=echo");
    await shown(() => status(page)).toBe("Echo: press a pad for the tune's length");
    const from = await now(page);
    // (Merlin's tune lasts a second or so: recorded.)
    await recordStatuses(page);
    // A length of 3: pad 3 (the menu's setting does the same).
    await clickPad(page, 3);
    await shown(() => statusesFrom(page, "Echo: listen: Merlin plays 3 notes")).toContain("Echo: listen: Merlin plays 3 notes");
    // Merlin lights each note's pad as he plays it.
    const seen = await padSequence(page, 2500);
    await shown(() => status(page)).toBe("Echo: play it back: 0 of 3 notes");
    // The tune as heard: its last three notes (the cue of the length's press comes first).
    const heard = (await notesSince(page, from)).map(padOfNote).slice(-3);
    expect(heard).toHaveLength(3);
    expect(runs(seen)).toEqual(runs(heard));
    for (const pad of heard) {
      await clickPad(page, pad);
      await pass(page, 300);
    }
    await shown(() => status(page)).toBe("Echo: won — 3 of 3 right — SAME GAME hears it again, COMP TURN a new tune");
    // Three right: lights 1, 2 and 3.
    await shown(() => litPads(page)).toBe("111000000");
    expect(errors).toEqual([]);
  }, hangAfter(60_000));

  it("Blackjack 13: a hand is dealt, HIT ME draws a card", async () => {
    const { page, errors } = await open("?board=pico-3x3&game=blackjack13");
    await shown(() => status(page)).toMatch(/^Blackjack 13: you \d+, Merlin \d+: HIT ME for a card, COMP TURN to stand; hands won 0, lost 0, drawn 0$/);
    const you = Number((await status(page))!.match(/you (\d+)/)![1]);
    expect(you).toBeGreaterThanOrEqual(1);
    expect(you).toBeLessThanOrEqual(10);
    await button(page, "hitMe");
    await shown(async () => Number((await status(page))!.match(/you (\d+)/)![1])).toBeGreaterThan(you);
    const after = (await status(page))!;
    const total = Number(after.match(/you (\d+)/)![1]);
    // Over 13 is a bust, lost at once.
    expect(after.startsWith(total > 13 ? "Blackjack 13: lost" : "Blackjack 13: you")).toBe(true);
    expect(errors).toEqual([]);
  }, hangAfter(60_000));

  it("Mindbender: a guess is answered, steady lights for digits in place and blinking ones for digits elsewhere", async () => {
    const { page, errors } = await open("?board=pico-3x3&game=mindbender");
    await shown(() => status(page)).toBe("Mindbender: press a pad for the number's length");
    await page.selectOption("#game-setting", "3");
    await shown(() => status(page)).toBe("Mindbender: 3 digits, 0 guesses");
    for (const pad of [1, 2, 3]) {
      await clickPad(page, pad);
      await pass(page, 150);
    }
    await shown(() => status(page)).toMatch(/^Mindbender: (won — )?3 digits, 1 guess \(last: \d in place, \d elsewhere\)$/);
    const line = (await status(page))!;
    const [, right, wrong] = line.match(/(\d) in place, (\d) elsewhere/)!.map(Number);
    if (line.includes("won")) expect(right).toBe(3);
    else {
      const pads = await watchPads(page, 600);
      expect(pads).toBe("1".repeat(right) + "b".repeat(wrong) + "0".repeat(9 - right - wrong));
    }
    expect(errors).toEqual([]);
  }, hangAfter(60_000));

  it("the link names the game and opens it; a wrong game is refused in one line naming the games", async () => {
    const { page, errors } = await open("?board=pico-3x3&game=blackjack13");
    await shown(() => page.inputValue("#game-menu")).toBe("blackjack13");
    await shown(() => page.evaluate(() => location.search)).toBe("?board=pico-3x3&game=blackjack13");
    // The link the page gives, opened afresh, plays the same game.
    const href = (await page.getAttribute("#puzzle", "href"))!;
    const again = await open(href.slice(1));
    await shown(() => again.page.inputValue("#game-menu")).toBe("blackjack13");
    await shown(() => again.page.textContent("#status")).toMatch(/^Blackjack 13: /);
    // A game the toy has not.
    const wrong = await open("?board=pico-3x3&game=chess");
    await shown(() => wrong.page.textContent("#message")).toBe(
      "the link's game must be one of tictactoe, music, echo, blackjack13, magicsquare, mindbender, got 'chess' — the game was left as it is",
    );
    await pass(wrong.page, 800);
    expect(await wrong.page.inputValue("#game-menu")).toBe("magicsquare");
    expect(await wrong.page.evaluate(() => location.search)).toBe("?board=pico-3x3&game=chess");
    expect([...errors, ...again.errors, ...wrong.errors]).toEqual([]);
  }, hangAfter(60_000));

  it("the teaching view says, in another game, that it is about Magic Square and Lights Out and how to get there; back in Magic Square it teaches", async () => {
    const { page, errors } = await open("?board=pico-3x3&game=tictactoe");
    await shown(() => page.inputValue("#game-menu")).toBe("tictactoe");
    await page.click("#teach-toggle");
    await page.waitForSelector("#teach-other-game:not([hidden])");
    expect(await page.textContent("#teach-other-game")).toBe(
      "The teaching view is about Magic Square and the Lights Out games, where each press adds a pattern to the board (linear algebra mod k); " +
        "Tic-Tac-Toe is not such a game, so there is nothing to show here. To see it, choose 5 Magic Square in the Game menu " +
        "(or press NEW GAME, then 5, on the toy), and a rule set or a Lights Out game under Rules.",
    );
    // No maths of a Magic Square game in sight, nothing marked on the pads.
    expect(await page.locator("#teach-lesson").isVisible()).toBe(false);
    expect(await page.locator("#teach-stepper").isVisible()).toBe(false);
    expect(await page.locator(".pad.in-x").count()).toBe(0);
    await page.selectOption("#game-menu", "magicsquare");
    await page.waitForSelector("#teach-other-game[hidden]", { state: "attached" });
    await page.waitForSelector("#teach-lesson #teach-x");
    expect(await page.locator("#teach-lesson").isVisible()).toBe(true);
    expect(errors).toEqual([]);
  }, hangAfter(60_000));
});

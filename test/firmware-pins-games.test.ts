// The colour games on pico-5x5-neopixel through the virtual board's pins: Lights Out (5×5 plus,
// on/off, levels), Lights Out 2000 (the same board mod 3) and source 001's black-white reversal
// (the 16 inner intersections of the 5×5 pads, cycle (1,3): mod 4). The player's view is the
// bytes the firmware sent to the WS2812 chain (three a pixel, green-red-blue), the input is the
// key matrix and the HIT ME button; the console only chooses the game and the seed. The deal
// must be the one `merlin play --rules NAME --seed N` deals (the host game machine on games.ts's
// tables), par the fewest presses (the host's GF(2)/Z_k solver, not the toy's tables), and
// following HIT ME must win at par. A power cut mid-game must resume the same game.
import { beforeAll, describe, expect, it } from "vitest";
import type { NeopixelLeds } from "../hardware/profile";
import { loadProfile } from "../hardware/validate";
import { digitsToCells } from "../src/maths/cellboards";
import { Board, createGame } from "../src/toy/game";
import { DEFAULT_CYCLE, gamePuzzle, gameSpec, gameSpecTables, gameTarget, tableBoard } from "../src/maths/games";
import { formatBoard } from "../src/maths/boardstate";
import { pressKey, Puzzle } from "../src/maths/puzzle";
import { solve } from "../src/maths/solver";
import type { VirtualBoard } from "../sim/board";
import { bootToy, prepareToy, tap, tonesSince, toyState } from "./helpers/toy";

const NAME = "pico-5x5-neopixel";
/** The 4×4 pixel board: blackwhite on the source's own 4×4 board. */
const NAME4 = "pico-4x4-neopixel";
const profile = loadProfile(NAME);
if (profile.leds.drive !== "neopixel") throw new Error(`${NAME} should have WS2812 pixels`);
const leds: NeopixelLeds = profile.leds;
const leds4 = loadProfile(NAME4).leds as NeopixelLeds;
if (leds4.pin !== leds.pin || leds4.brightness !== leds.brightness) throw new Error("the tests read both boards' pixels alike");

/** The pixels' colours, one [g, r, b] per pad (the callers compare the count with the board's pads). */
function pixels(board: VirtualBoard): number[][] {
  const bytes = board.pixels.bytes(leds.pin) ?? new Uint8Array(0);
  const out: number[][] = [];
  for (let i = 0; i < bytes.length / 3; i++) out.push([bytes[3 * i], bytes[3 * i + 1], bytes[3 * i + 2]]);
  return out;
}

/**
 * The board the pixels show, given the colour of each state (learnt from the first frame): a
 * pixel of a colour no state has fails the test.
 */
function shown(board: VirtualBoard, colours: Map<string, number>): string {
  return pixels(board)
    .map((c, i) => {
      const v = colours.get(c.join(","));
      if (v === undefined) throw new Error(`pixel ${i + 1} shows ${c}, no state's colour`);
      return String(v);
    })
    .join("");
}

/**
 * The colour of each state from a frame showing `board` (digits): state 0 dark, every other
 * state one colour with each channel dark or at the brightness setting, distinct states
 * distinct colours.
 */
function learnColours(board: VirtualBoard, digits: string, k: number): Map<string, number> {
  const byState = new Map<number, string>();
  expect(pixels(board).length).toBe(digits.length);
  pixels(board).forEach((c, i) => {
    const v = Number(digits[i]);
    for (const ch of c) expect([0, leds.brightness]).toContain(ch);
    if (v === 0) expect(c, `pixel ${i + 1} (state 0)`).toEqual([0, 0, 0]);
    else expect(c.some((ch) => ch > 0)).toBe(true);
    const seen = byState.get(v);
    if (seen !== undefined) expect(c.join(","), `pixel ${i + 1} (state ${v})`).toBe(seen);
    byState.set(v, c.join(","));
  });
  const colours = new Map<string, number>();
  for (const [v, c] of byState) colours.set(c, v);
  // Distinct states, distinct colours; the start shows every state (checked by the callers' deals).
  expect(colours.size).toBe(byState.size);
  expect(byState.size).toBe(k);
  return colours;
}

/** The host's deal of `name` (what `merlin play --rules NAME --seed N` plays) and the puzzle. */
function hostDeal(name: string, seed: number, side: number): { p: Puzzle; start: string; target: string } {
  const spec = gameSpec(name)!;
  const p = gamePuzzle(spec, side, DEFAULT_CYCLE);
  const t = gameSpecTables(spec, p);
  const target = tableBoard(t, gameTarget(spec, p, DEFAULT_CYCLE));
  const g = createGame<Board>(t, target, spec.rules, seed, 0);
  const digits = (b: Board) => (typeof b === "string" ? b : formatBoard(Uint8Array.from({ length: side * side }, (_x, i) => (b >> i) & 1)));
  return { p, start: digits(g.start), target: digits(g.target) };
}

/**
 * The key a pad presses: on the plus boards its own; in blackwhite the intersection at the pad's
 * bottom-right corner (the 2×2 block the pad is the top-left of), none (−1) on the last row and
 * column — source 001's buttons sit on the (N − 1)² inner intersections, row by row.
 */
function keyOfPad(name: string, pad: number, side: number): number {
  if (name !== "blackwhite") return pad;
  const r = Math.floor(pad / side);
  const c = pad % side;
  return r === side - 1 || c === side - 1 ? -1 : r * (side - 1) + c;
}

/**
 * Plays `name` from puzzle 0 of `seed` (or from `start`) by HIT ME to a win at par, with a power
 * cut after `cutAfter` moves, on the toy `toy` (5×5 unless given).
 */
function playToWin(name: string, seed: number, cutAfter: number, toy = NAME, start?: string): void {
  const side = toy === NAME ? 5 : 4;
  const board = bootToy(toy);
  board.eval(`Merlin.setRules(${JSON.stringify(name)})`);
  board.eval(`Merlin.newGame(${seed})`);
  board.clock.advance(700);
  const deal = hostDeal(name, seed, side);
  const k = deal.p.states;
  expect(toyState(board)).toMatchObject({ status: "playing", rules: name, seed, moves: 0, board: deal.start });
  // (The dealt start shows every state: its colours are learnt there, before a given start.)
  const colours = learnColours(board, deal.start, k);
  if (start !== undefined) {
    board.eval(`Merlin.start(${JSON.stringify(start)})`);
    board.clock.advance(700);
    deal.start = start.replace(/\//g, "");
    expect(shown(board, colours)).toBe(deal.start);
  }
  const now = toyState(board);
  expect(now).toMatchObject({ status: "playing", rules: name, seed, moves: 0 });
  expect(now.board).toBe(deal.start);
  const par = solve(deal.p, digitsToCells(deal.start), digitsToCells(deal.target), { order: false }).moves;
  expect(now.par).toBe(par);
  expect(par).toBeGreaterThan(3);

  const cells = digitsToCells(deal.start);
  for (let move = 0; move < par; move++) {
    if (move === cutAfter) {
      board.clock.advance(1500); // the game is written within a second
      board.powerCut();
      board.clock.advance(1000);
      board.powerOn();
      board.clock.advance(1000);
      expect(toyState(board)).toMatchObject({ status: "playing", rules: name, moves: move, par, board: formatBoard(cells) });
      expect(shown(board, colours)).toBe(formatBoard(cells));
    }
    tap(board, "hitMe");
    // One pad alone lights for a moment: the key to press.
    const flash = shown(board, colours);
    expect(flash.replace(/0/g, "").length, `hint ${move + 1}: ${flash}`).toBe(1);
    const pad = flash.search(/[^0]/);
    const key = keyOfPad(name, pad, side);
    expect(key, `hint ${move + 1} lights pad ${pad + 1}`).toBeGreaterThanOrEqual(0);
    pressKey(deal.p, cells, key);
    // On a fewest-presses path: one press fewer to go.
    expect(solve(deal.p, cells, digitsToCells(deal.target), { order: false }).moves).toBe(par - move - 1);
    board.clock.advance(600);
    tap(board, pad);
    expect(shown(board, colours)).toBe(formatBoard(cells));
  }
  expect(formatBoard(cells)).toBe(deal.target);
  expect(toyState(board)).toMatchObject({ status: "won", moves: par, par, reason: null, rules: name });
  expect(board.errors).toEqual([]);
}

describe(`${NAME}: the colour games through the pins`, () => {
  beforeAll(() => Promise.all([prepareToy(NAME), prepareToy(NAME4)]), 120_000);

  it("lightsout: the deal of `merlin play --rules lightsout --seed 7` (level 1), won by HIT ME at par, resumed after a power cut", () => {
    playToWin("lightsout", 7, 3);
  });

  it("lightsout2000: three colours, the deal of `merlin play --rules lightsout2000 --seed 11`, won by HIT ME at par, resumed after a power cut", () => {
    playToWin("lightsout2000", 11, 5);
  });

  it("blackwhite: source 001's game on the 16 inner intersections, cycle (1,3), the deal of `merlin play --rules blackwhite --size 5 --seed 5`, won by HIT ME at par, resumed after a power cut", () => {
    playToWin("blackwhite", 5, 4);
  });

  it("blackwhite: a pad presses the 2×2 block it is the top-left of; the pads of the last row and column are no keys (the illegal-key buzz, no move)", () => {
    const board = bootToy(NAME);
    board.eval('Merlin.setRules("blackwhite")');
    board.eval("Merlin.newGame(3)");
    board.clock.advance(700);
    const p = gamePuzzle(gameSpec("blackwhite")!, 5, DEFAULT_CYCLE);
    const before = toyState(board);
    const colours = learnColours(board, before.board as string, 4);
    // Pad 7 (row 2, column 2): cells 7, 8, 12 and 13 (1-based) advance one step of the cycle.
    const cells = digitsToCells(before.board as string);
    pressKey(p, cells, keyOfPad("blackwhite", 6, 5));
    tap(board, 6);
    expect(shown(board, colours)).toBe(formatBoard(cells));
    expect(toyState(board)).toMatchObject({ moves: 1, board: formatBoard(cells) });
    for (const pad of [4, 9, 14, 19, 20, 21, 22, 23, 24]) {
      board.clock.advance(1000);
      const t = board.clock.now;
      tap(board, pad);
      const freqs = tonesSince(board, t).map((e) => e.freq);
      expect(freqs, `pad ${pad + 1}`).toContain(110); // the illegal-key buzz (A2)
      expect(freqs, `pad ${pad + 1}`).not.toContain(147); // not the press (D3)
      expect(toyState(board)).toMatchObject({ moves: 1, board: formatBoard(cells) });
      expect(shown(board, colours)).toBe(formatBoard(cells));
    }
    expect(board.errors).toEqual([]);
  });

  it("pico-4x4-neopixel: blackwhite on source 001's own board — its checkerboard start, cycle (1,3), par the sum of the source's solution table (16) — won by HIT ME at par, resumed after a power cut", () => {
    // Source 001: a(m,l) ≡ (−1)^(m+l)·m·l·i mod i+j on the (i+j)×(i+j) board, m, l = 1…3.
    let sum = 0;
    for (let m = 1; m < 4; m++) for (let l = 1; l < 4; l++) sum += ((((m + l) % 2 ? -1 : 1) * m * l) % 4 + 4) % 4;
    expect(sum).toBe(16);
    const p = gamePuzzle(gameSpec("blackwhite")!, 4, DEFAULT_CYCLE);
    expect(solve(p, digitsToCells("0101101001011010"), digitsToCells("1010010110100101"), { order: false }).moves).toBe(sum);
    playToWin("blackwhite", 2, 7, NAME4, "0101/1010/0101/1010");
  });
});

// A whole 5×5 game on pico-5x5-neopixel through the virtual board's pins: the player's view is
// the bytes the firmware sent to the WS2812 chain (three a pixel, green-red-blue), the input is
// the key matrix and the HIT ME button. Under the classic (Lights Out) rules par is the start's
// fewest presses; following HIT ME wins at par. The console API only chooses the rules and deals
// (and sets the brightness). Diode chords are in firmware-pins.test.ts, for every pixel board.
import { beforeAll, describe, expect, it } from "vitest";
import type { NeopixelLeds } from "../hardware/profile";
import { loadProfile } from "../hardware/validate";
import { popcount32 } from "../src/maths/gf2";
import { bitsToMask } from "../src/toy/maskbits";
import { minimumSolution } from "../src/toy/masksolve";
import { CUE_HINT, CUE_WIN, cueNotes } from "../src/toy/sounds";
import type { VirtualBoard } from "../sim/board";
import { bitsOf, bootToy, padGeometry, prepareToy, tap, toyState } from "./helpers/toy";

const NAME = "pico-5x5-neopixel";
const profile = loadProfile(NAME);
const g = padGeometry(NAME);
const PADS = 25;
if (profile.leds.drive !== "neopixel") throw new Error(`${NAME} should have WS2812 pixels`);
const leds: NeopixelLeds = profile.leds;

/** The pads as the pixels show them: "1" where a pixel is lit; every lit pixel is red at `level` (default: the profile's cap). */
function pixelFrame(board: VirtualBoard, level = leds.brightness): string {
  const bytes = board.pixels.bytes(leds.pin) ?? new Uint8Array(0);
  expect(bytes.length).toBe(3 * PADS);
  let s = "";
  for (let i = 0; i < PADS; i++) {
    const grb = [bytes[3 * i], bytes[3 * i + 1], bytes[3 * i + 2]];
    const lit = grb.some((v) => v !== 0);
    if (lit) expect(grb, `pixel ${i + 1}`).toEqual([0, level, 0]);
    s += lit ? "1" : "0";
  }
  return s;
}

/**
 * Whether the piezo played cue `cue`'s tones (its notes' frequencies, in order, within 3 %: the
 * firmware packs them as semitones) from virtual time `from` on.
 */
function played(board: VirtualBoard, from: number, cue: number): boolean {
  const pairs = cueNotes(cue);
  const notes: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] > 0) notes.push(pairs[i]);
  const heard = board.tones.filter((e) => e.t >= from && e.freq > 0).map((e) => e.freq);
  const near = (a: number, b: number) => Math.abs(a - b) <= 0.03 * b;
  for (let i = 0; i + notes.length <= heard.length; i++) if (notes.every((f, j) => near(heard[i + j], f))) return true;
  return false;
}

describe(`${NAME}: a classic 5×5 game through the pins`, () => {
  beforeAll(() => prepareToy(NAME), 120_000);

  it("has the 5×5 board, four function buttons and diodes", () => {
    expect([profile.rows, profile.cols, profile.keys.diodes]).toEqual([5, 5, true]);
    expect(Object.keys(profile.buttons ?? {}).sort()).toEqual(["compTurn", "hitMe", "newGame", "sameGame"]);
  });

  it("deals, then HIT ME flashes the key to press; tapping each flashed pad wins at par with the fanfare", () => {
    const board = bootToy(NAME);
    board.eval('Merlin.setRules("classic")');
    board.eval("Merlin.newGame(15)");
    board.clock.advance(700);
    const start = toyState(board);
    expect(start.status).toBe("playing");
    // What the pixels show is the dealt board; par is the fewest presses (the tables' minimum, ≥ 1).
    expect(pixelFrame(board)).toBe(start.board);
    const par = popcount32(minimumSolution(g.tables, bitsToMask(start.board), g.goal));
    expect(start.par).toBe(par);
    expect(par).toBeGreaterThan(3);

    let board_ = bitsToMask(start.board);
    for (let move = 0; move < par; move++) {
      // HIT ME: the button, then one pad alone flashes on the pixels for a moment.
      const t = board.clock.now;
      tap(board, "hitMe");
      const flash = pixelFrame(board);
      expect(flash.split("").filter((c) => c === "1").length, `hint ${move + 1}: ${flash}`).toBe(1);
      expect(played(board, t, CUE_HINT)).toBe(true);
      const key = flash.indexOf("1");
      // The hint is on a fewest-press path: one press fewer to go after it.
      const after = board_ ^ g.toggle[key];
      expect(popcount32(minimumSolution(g.tables, after, g.goal))).toBe(par - move - 1);
      board.clock.advance(600); // the flash ends: the board again
      expect(pixelFrame(board)).toBe(bitsOf(board_, PADS));
      const pressAt = board.clock.now;
      tap(board, key);
      board_ = after;
      if (move + 1 < par) expect(pixelFrame(board)).toBe(bitsOf(board_, PADS));
      else {
        board.clock.advance(1500);
        expect(played(board, pressAt, CUE_WIN)).toBe(true);
      }
    }
    expect(board_).toBe(g.goal);
    expect(pixelFrame(board)).toBe(bitsOf(g.goal, PADS));
    expect(toyState(board)).toMatchObject({ status: "won", moves: par, par, reason: null });
    expect(board.errors).toEqual([]);
  });

  it("brightness: Merlin.brightness(n) dims the lit pixels at once (1 … the cap), is kept over a power cut, never exceeds the cap", () => {
    const board = bootToy(NAME);
    expect(board.eval("Merlin.brightness()")).toBe(leds.brightness);
    const shownBefore = pixelFrame(board);
    expect(board.eval("Merlin.brightness(12)")).toBe(12);
    expect(pixelFrame(board, 12)).toBe(shownBefore);
    // Over the cap, zero, fractions: refused with one line, the setting unchanged.
    for (const bad of [leds.brightness + 1, 0, 2.5, "'9'"]) {
      expect(() => board.eval(`Merlin.brightness(${bad})`)).toThrow(`brightness must be a whole number from 1 to ${leds.brightness}`);
    }
    expect(board.eval("Merlin.brightness()")).toBe(12);
    board.clock.advance(1500); // the settings are written within a second
    board.powerCut();
    board.clock.advance(1000);
    board.powerOn();
    board.clock.advance(1000);
    expect(board.eval("Merlin.brightness()")).toBe(12);
    expect(pixelFrame(board, 12)).toBe(toyState(board).board);
    expect(board.errors).toEqual([]);
  });
});

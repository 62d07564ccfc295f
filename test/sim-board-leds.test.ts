// LED brightness as the player sees it, from pin activity over the frame window.
import { describe, expect, it } from "vitest";
import type { DirectLeds, Profile } from "../hardware/profile";
import { createVirtualBoard } from "../sim/node/host";
import { PICO_TEST_PROFILE } from "./helpers/test-profile";

function direct(activeHigh: boolean): Profile {
  return { ...PICO_TEST_PROFILE, leds: { ...(PICO_TEST_PROFILE.leds as DirectLeds), activeHigh } };
}

const matrix: Profile = {
  name: "pico-test-matrix",
  description: "4×4 multiplexed test board",
  board: "PICO",
  chip: "stm32",
  rows: 4,
  cols: 4,
  keys: { rowPins: ["B15", "B14", "B13", "B10"], colPins: ["A0", "A1", "A2", "A3"], diodes: true },
  leds: { drive: "matrix", sharedRows: true, colPins: ["B1", "A7", "A6", "A5"], transistors: true, currentMa: 15 },
  piezo: "B4",
  vcc: 3.3,
};

/** Row-at-a-time multiplexing: one 2.5 ms slot per row, LED columns driven low to light. */
const MULTIPLEX = `
  var ROWS = [B15, B14, B13, B10], LCOLS = [B1, A7, A6, A5];
  var frame = [0b1000, 0, 0b0001, 0];
  ROWS.forEach(function (r) { pinMode(r, "opendrain"); digitalWrite(r, 1); });
  var row = 3;
  setInterval(function () {
    digitalWrite(ROWS[row], 1);
    row = (row + 1) % 4;
    digitalWrite(LCOLS, ~frame[row]);
    digitalWrite(ROWS[row], 0);
  }, 2.5);
`;

describe("direct-drive LEDs", () => {
  it("an LED is lit while its pin drives the active level", () => {
    const board = createVirtualBoard({ profile: direct(true), code: `digitalWrite([B15, B1], 0b11);` });
    board.clock.advance(20);
    expect(board.ledFrame()).toBe("100010000");
    expect(board.leds()[4]).toMatchObject({ index: 4, row: 1, col: 1, brightness: 1, litNow: 1 });
  });

  it("active-low LEDs light on a low pin, and an undriven pin lights nothing", () => {
    const board = createVirtualBoard({ profile: direct(false), code: `digitalWrite(B15, 0); pinMode(B14, "input");` });
    board.clock.advance(20);
    expect(board.ledFrame()).toBe("100000000");
  });

  it("brightness is the lit fraction of the last frame window", () => {
    const board = createVirtualBoard({
      profile: direct(true),
      code: `digitalWrite(B15, 1); setTimeout(function () { digitalWrite(B15, 0); }, 25);`,
    });
    board.clock.advance(30);
    expect(board.leds()[0].brightness).toBeCloseTo(0.75, 6); // lit 15 of the last 20 ms
    expect(board.leds(10)[0].brightness).toBe(0.5);
  });

  it("a PWM-dimmed LED shows its duty cycle", () => {
    const board = createVirtualBoard({ profile: direct(true), code: `analogWrite(B15, 0.3, { freq: 200 });` });
    board.clock.advance(20);
    expect(board.leds()[0].brightness).toBeCloseTo(0.3, 6);
  });

  it("a blinking LED reads on or off depending on the moment, and dark after a power cut", () => {
    const board = createVirtualBoard({
      profile: direct(true),
      code: `var on = false; setInterval(function () { on = !on; digitalWrite(B15, on); }, 120);`,
    });
    board.clock.advance(150);
    expect(board.ledFrame()[0]).toBe("1");
    board.clock.advance(120);
    expect(board.ledFrame()[0]).toBe("0");
    board.clock.advance(120);
    board.powerCut();
    board.clock.advance(20);
    expect(board.ledFrame()).toBe("000000000");
  });
});

describe("multiplexed (matrix) LEDs", () => {
  it("a lit LED at full duty is on for 1/rows of the time", () => {
    const board = createVirtualBoard({ profile: matrix, code: MULTIPLEX });
    board.clock.advance(100);
    const leds = board.leds();
    expect(leds[0].brightness).toBeCloseTo(1 / 4, 6);
    expect(leds[11].brightness).toBeCloseTo(1 / 4, 6);
    expect(leds[1].brightness).toBe(0);
    expect(board.ledPeak).toBe(0.25);
    expect(board.ledFrame()).toBe("1000000000010000");
  });

  it("nothing lights while no row is driven", () => {
    const board = createVirtualBoard({ profile: matrix, code: `digitalWrite([B1, A7, A6, A5], 0);` });
    board.clock.advance(20);
    expect(board.ledFrame(0.01)).toBe("0000000000000000");
  });
});

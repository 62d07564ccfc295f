// LED brightness as the player sees it, from pin activity over the frame window.
import { describe, expect, it } from "vitest";
import type { DirectLeds, Profile } from "../hardware/profile";
import { createVirtualBoard } from "../sim/node/host";
import { PICO_TEST_PROFILE } from "./helpers/test-profile";

function direct(activeHigh: boolean): Profile {
  return { ...PICO_TEST_PROFILE, leds: { ...(PICO_TEST_PROFILE.leds as DirectLeds), activeHigh } };
}

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

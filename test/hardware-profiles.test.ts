// Board profiles: every shipped profile validates, and every rule rejects a mutated copy
// with a one-line message naming the profile, the pin and the rule.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BOARDS } from "../hardware/boards.js";
import { listProfiles, loadProfile, profilesDir, ProfileError, validateProfile } from "../hardware/validate.js";

const SHIPPED = ["esp32-3x3", "mdbt42q-3x3", "pico-3x3", "pico-4x4-neopixel", "pico-5x5-neopixel"];

// Profiles as parsed JSON, mutated freely to break one rule at a time.
type Raw = any;

function raw(name: string): Raw {
  return JSON.parse(readFileSync(join(profilesDir(), `${name}.json`), "utf8"));
}

/** Mutates a fresh copy of a shipped profile and returns the validation error message. */
function rejection(name: string, mutate: (p: Raw) => void): string {
  const p = raw(name);
  mutate(p);
  try {
    validateProfile(p);
  } catch (e) {
    expect(e).toBeInstanceOf(ProfileError);
    const message = (e as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error(`expected ${name} mutated to be rejected`);
}

function accepts(name: string, mutate: (p: Raw) => void): void {
  const p = raw(name);
  mutate(p);
  expect(() => validateProfile(p)).not.toThrow();
}

/** Every pin a profile names, read straight from the JSON. */
function pinsOf(p: Raw): string[] {
  const leds = p.leds.drive === "direct" ? p.leds.pins : [p.leds.pin];
  return [...p.keys.rowPins, ...p.keys.colPins, ...leds, p.piezo, ...Object.values(p.buttons ?? {})] as string[];
}

describe("shipped profiles", () => {
  it("are exactly the five the build guide documents", () => {
    expect(listProfiles()).toEqual(SHIPPED);
  });

  it.each(SHIPPED)("%s validates, and its name matches its file", (name) => {
    const p = loadProfile(name);
    expect(p.name).toBe(name);
    expect(validateProfile(raw(name))).toEqual(p);
  });

  it.each(SHIPPED)("%s uses each pin once, only pins its board offers", (name) => {
    const p = raw(name);
    const pins = pinsOf(p);
    expect(new Set(pins).size).toBe(pins.length);
    const boardPins = BOARDS[p.board as keyof typeof BOARDS].pins.map((x) => x.name);
    for (const pin of pins) expect(boardPins).toContain(pin);
  });

  it("pico-3x3 is the 16-pin direct-drive build: 9 LEDs + 3 rows + 3 columns + piezo, no diodes", () => {
    const p = raw("pico-3x3");
    expect(pinsOf(p)).toHaveLength(16);
    expect(p.leds.drive).toBe("direct");
    expect(p.leds.transistors).toBe(false);
    expect(p.keys.diodes).toBe(false);
    expect(9 * p.leds.currentMa).toBeLessThanOrEqual(120);
    expect(p.leds.currentMa).toBeLessThanOrEqual(20);
  });

  it("pico-4x4-neopixel has a WS2812B pixel per pad on an SPI MOSI pin, diodes, and Merlin's four function buttons", () => {
    const p = raw("pico-4x4-neopixel");
    expect(p.leds).toMatchObject({ drive: "neopixel", levelShift: "74AHCT125" });
    expect(["A7", "B5", "B15"]).toContain(p.leds.pin); // SPI MOSI on the Pico's header (STM32F401 AF table)
    expect(p.keys.diodes).toBe(true);
    expect(Object.keys(p.buttons).sort()).toEqual(["compTurn", "hitMe", "newGame", "sameGame"]);
  });

  it("pico-5x5-neopixel: 5 rows and 5 columns, pixels on an SPI MOSI pin, diodes, the four function buttons, no two watched pins sharing a number", () => {
    const p = raw("pico-5x5-neopixel");
    expect([p.rows, p.cols, p.keys.rowPins.length, p.keys.colPins.length]).toEqual([5, 5, 5, 5]);
    expect(p.leds).toMatchObject({ drive: "neopixel", levelShift: "74AHCT125" });
    expect(["A7", "B5", "B15"]).toContain(p.leds.pin);
    expect(p.keys.diodes).toBe(true);
    expect(Object.keys(p.buttons).sort()).toEqual(["compTurn", "hitMe", "newGame", "sameGame"]);
    // STM32 watches one pin per number (docs/espruino.md): columns and buttons are watched.
    const watched = [...p.keys.colPins, ...Object.values(p.buttons as Record<string, string>)].map((pin) => Number(pin.slice(1)));
    expect(new Set(watched).size).toBe(watched.length);
  });

  it("mdbt42q-3x3 switches its LEDs through transistors and locks the Bluetooth console", () => {
    const p = raw("mdbt42q-3x3");
    expect(p.leds.transistors).toBe(true);
    expect(typeof p.consolePassword).toBe("string");
  });
});

describe("loadProfile", () => {
  it("names the available profiles when asked for an unknown one", () => {
    expect(() => loadProfile("nope")).toThrow(`unknown profile "nope"; available: ${SHIPPED.join(", ")}`);
  });

  it("refuses path-like names the same way", () => {
    expect(() => loadProfile("../package")).toThrow(/unknown profile "\.\.\/package"; available:/);
  });
});

describe("validation rules", () => {
  it("rejects a pin used twice, naming both roles", () => {
    expect(rejection("pico-3x3", (p) => (p.leds.pins[0] = "B3"))).toBe(
      'profile "pico-3x3": pin B3 is used twice: key row 1 and LED 1; each pin can have one role',
    );
  });

  it("rejects a pin the board does not have, listing the usable ones", () => {
    const msg = rejection("pico-3x3", (p) => (p.piezo = "Z9"));
    expect(msg).toMatch(/^profile "pico-3x3": pin Z9 \(piezo\) does not exist on PICO; usable pins: B15 B14 /);
    expect(msg).not.toMatch(/ B6 | B7 /);
  });

  it("rejects a pin the board itself uses, saying what uses it", () => {
    expect(rejection("pico-3x3", (p) => (p.leds.pins[0] = "B2"))).toMatch(
      /^profile "pico-3x3": pin B2 \(LED 1\) is reserved on PICO: the on-board LED1; usable pins:/,
    );
  });

  it("rejects two watched STM32 pins sharing a pin number (key column A3 and button B3)", () => {
    expect(rejection("pico-4x4-neopixel", (p) => (p.buttons.newGame = "B3"))).toBe(
      'profile "pico-4x4-neopixel": pins A3 (key column 4) and B3 (button NEW GAME) are both watched but share pin number 3; ' +
        "PICO cannot setWatch two pins with the same number, so move one to a pin with another number",
    );
  });

  it("allows an unwatched pin to share a number with a watched one (LED on B1, key column on A1)", () => {
    // pico-3x3 already does this: LED 5 on B1, key column 2 on A1.
    const p = raw("pico-3x3");
    expect(p.leds.pins).toContain("B1");
    expect(p.keys.colPins).toContain("A1");
  });

  it("rejects Pico B6/B7 unless the profile moves the console", () => {
    expect(rejection("pico-3x3", (p) => (p.piezo = "B6"))).toMatch(
      /^profile "pico-3x3": pin B6 \(piezo\) breaks the console rule: B6\/B7 become the serial console when USB is unplugged; allowed only with "consoleMoved": true/,
    );
    accepts("pico-3x3", (p) => {
      p.piezo = "B6";
      p.consoleMoved = true;
    });
  });

  it("rejects an ESP32 input-only pin as a key column (no pull-up)", () => {
    expect(rejection("esp32-3x3", (p) => (p.keys.colPins[0] = "D34"))).toBe(
      'profile "esp32-3x3": pin D34 (key column 1) is input-only without pull-ups on ESP32 (GPIO34–39), ' +
        "but key columns and buttons are read through a pull-up; use another pin",
    );
  });

  it("rejects an ESP32 input-only pin as an output", () => {
    expect(rejection("esp32-3x3", (p) => (p.leds.pins[1] = "D39"))).toBe(
      'profile "esp32-3x3": pin D39 (LED 2) is input-only on ESP32 (GPIO34–39) and cannot drive an output; use another pin',
    );
  });

  it.each(["D6", "D7", "D8", "D9", "D10", "D11"])("rejects ESP32 flash pin %s", (pin) => {
    expect(rejection("esp32-3x3", (p) => (p.keys.rowPins[0] = pin))).toMatch(
      new RegExp(`^profile "esp32-3x3": pin ${pin} \\(key row 1\\) is reserved on ESP32: the SPI flash \\(GPIO6–11\\)`),
    );
  });

  it.each(["D12", "D13", "D23", "D24"])("rejects MDBT42Q %s: only on the module's pads, not on the breakout's headers", (pin) => {
    expect(rejection("mdbt42q-3x3", (p) => (p.leds.pins[1] = pin))).toMatch(
      new RegExp(`^profile "mdbt42q-3x3": pin ${pin} \\(LED 2\\) cannot be reached on the Espruino MDBT42Q breakout \\(nRF52832\\): it is only on a pad of the MDBT42Q module itself, not on the breakout's 0\\.1" headers; usable pins: `),
    );
  });

  it("rejects MDBT42Q D2, the breakout's own green LED", () => {
    expect(rejection("mdbt42q-3x3", (p) => (p.piezo = "D2"))).toMatch(
      /^profile "mdbt42q-3x3": pin D2 \(piezo\) is reserved on MDBT42Q: the breakout's green LED2, through 120 Ω to GND; not on the headers; usable pins: /,
    );
  });

  it.each(["D16", "D17"])("rejects ESP32 %s: the PSRAM of WROVER DevKitCs", (pin) => {
    expect(rejection("esp32-3x3", (p) => (p.leds.pins[0] = pin))).toMatch(
      new RegExp(`^profile "esp32-3x3": pin ${pin} \\(LED 1\\) is reserved on ESP32: wired to the PSRAM on ESP32-WROVER modules`),
    );
  });

  it.each(["D37", "D38"])("rejects ESP32 %s: not brought out by the WROOM-32 module", (pin) => {
    expect(rejection("esp32-3x3", (p) => (p.keys.rowPins[0] = pin))).toMatch(
      new RegExp(`^profile "esp32-3x3": pin ${pin} \\(key row 1\\) cannot be reached on the ESP32-DevKitC V4, 38-pin \\(ESP32-WROOM-32\\): it is not brought out by the ESP32-WROOM-32 module`),
    );
  });

  it("rejects ESP32 D12 (must be low at reset) under an active-low LED, and accepts it under an active-high one", () => {
    expect(rejection("esp32-3x3", (p) => (p.leds.activeHigh = false))).toMatch(
      /^profile "esp32-3x3": pin D12 \(LED 3\) is a strapping pin that must be low at reset .* but an active-low LED pulls it towards 3\.3 V; /,
    );
    expect(
      rejection("esp32-3x3", (p) => {
        p.leds.activeHigh = false;
        p.leds.transistors = true;
      }),
    ).toMatch(/^profile "esp32-3x3": pin D12 \(LED 3\) .* but a PNP transistor's base pulls it towards 3\.3 V; /);
    accepts("esp32-3x3", () => undefined);
    accepts("esp32-3x3", (p) => {
      // A key row only meets column pins, which get their pull-up from the firmware after reset.
      [p.keys.rowPins[0], p.leds.pins[2]] = [p.leds.pins[2], p.keys.rowPins[0]];
    });
  });

  it("the usable-pin list in a rejection names only pins a builder can reach", () => {
    const msg = rejection("mdbt42q-3x3", (p) => (p.piezo = "D12"));
    const usable = msg.replace(/^.*usable pins: /, "").split(" ");
    for (const pin of ["D2", "D12", "D13", "D23", "D24", "D6", "D8", "D9", "D10"]) expect(usable).not.toContain(pin);
    expect(usable).toHaveLength(22 - 2 /* D6, D8: the console */);
  });

  it("rejects a piezo on a pin without hardware PWM (Pico A4)", () => {
    expect(rejection("pico-3x3", (p) => (p.piezo = "A4"))).toMatch(
      /^profile "pico-3x3": pin A4 \(piezo\) has no hardware PWM on PICO, which piezo tones need; PWM pins: /,
    );
  });

  it("rejects direct LEDs whose total exceeds the Pico's 120 mA, and accepts them with transistors", () => {
    // 9 LEDs × 15 mA + the piezo's 3.3 V / 220 Ω = 15 mA peak = 150 mA.
    expect(rejection("pico-3x3", (p) => (p.leds.currentMa = 15))).toBe(
      'profile "pico-3x3": all pins together would carry 150 mA with every LED lit and a tone playing, ' +
        'but PICO allows 120 mA for all pins; lower "leds.currentMa" or declare "transistors": true',
    );
    accepts("pico-3x3", (p) => {
      p.leds.currentMa = 15;
      p.leds.transistors = true;
    });
  });

  it("rejects direct LEDs on the nRF52 above its per-pin drive", () => {
    expect(rejection("mdbt42q-3x3", (p) => (p.leds.transistors = false))).toBe(
      'profile "mdbt42q-3x3": pin D11 (LED 1) would carry 10 mA (LED current) but MDBT42Q allows 2 mA per pin; ' +
        'lower "leds.currentMa" or declare "transistors": true',
    );
  });

  it("rejects direct LEDs on the nRF52 above its 15 mA for all IO together", () => {
    // 9 × 1.5 mA + piezo 3.3 V / 1.8 kΩ = 1.83 mA → 15.33 mA.
    expect(
      rejection("mdbt42q-3x3", (p) => {
        p.leds.transistors = false;
        p.leds.currentMa = 1.5;
      }),
    ).toMatch(/^profile "mdbt42q-3x3": all pins together would carry 15\.33 mA .* but MDBT42Q allows 15 mA for all pins; /);
  });

  it("rejects an LED current above the LED's rating", () => {
    expect(rejection("pico-3x3", (p) => (p.leds.currentMa = 25))).toMatch(
      /^profile "pico-3x3": "leds\.currentMa" must be above 0 and at most 20 mA/,
    );
  });

  it("rejects key row and column counts that differ from rows and cols", () => {
    expect(rejection("pico-3x3", (p) => p.keys.rowPins.pop())).toBe(
      'profile "pico-3x3": keys.rowPins has 2 pins but rows is 3; give one pin per key row',
    );
    expect(rejection("pico-3x3", (p) => p.keys.colPins.push("A3"))).toBe(
      'profile "pico-3x3": keys.colPins has 4 pins but cols is 3; give one pin per key column',
    );
  });

  it("rejects a direct LED pin count other than rows*cols", () => {
    expect(rejection("pico-3x3", (p) => p.leds.pins.pop())).toBe(
      'profile "pico-3x3": leds.pins has 8 pins but a direct-drive 3×3 board needs rows*cols = 9, one per LED',
    );
  });

  it("rejects the dropped matrix drive, saying why and what to use instead", () => {
    expect(rejection("pico-4x4-neopixel", (p) => (p.leds = { drive: "matrix", sharedRows: true, colPins: ["B1", "A7", "A6", "A5"], transistors: true, currentMa: 15 }))).toBe(
      'profile "pico-4x4-neopixel": "leds.drive": "matrix" is no longer built: LED rows multiplexed by JS timers need 0.78 ms of CPU every 1.25 ms ' +
        'on the reference interpreter, which a Pico (25–45× slower) cannot hold; use "neopixel" (WS2812B pixels on one data pin)',
    );
  });

  it("rejects an unknown board, listing the accepted ones", () => {
    expect(rejection("pico-3x3", (p) => (p.board = "UNO"))).toBe(
      'profile "pico-3x3": unknown board "UNO"; accepted: PICO, MDBT42Q, ESP32',
    );
  });

  it("rejects a chip that does not match the board", () => {
    expect(rejection("pico-3x3", (p) => (p.chip = "esp32"))).toBe(
      'profile "pico-3x3": chip "esp32" does not match board PICO; expected "stm32"',
    );
  });

  it("rejects a misspelt field, listing the accepted ones", () => {
    expect(rejection("pico-3x3", (p) => (p.consolemoved = true))).toMatch(
      /^profile "pico-3x3": unknown field "consolemoved"; accepted: name, description, board, /,
    );
  });

  it("requires a console password on the Bluetooth board", () => {
    expect(rejection("mdbt42q-3x3", (p) => delete p.consolePassword)).toMatch(
      /^profile "mdbt42q-3x3": Bluetooth board MDBT42Q needs "consolePassword"/,
    );
  });

  it("rejects a vcc the board's pins do not run at", () => {
    expect(rejection("pico-3x3", (p) => (p.vcc = 5))).toBe(
      'profile "pico-3x3": "vcc" 5 V is outside what PICO pins run at; accepted: 3.3 V',
    );
  });

  it("rejects input that is not a profile object or has a bad name", () => {
    expect(() => validateProfile([])).toThrow(/^profile: expected a JSON object/);
    expect(() => validateProfile({ ...raw("pico-3x3"), name: "Pico 3x3" })).toThrow(
      /^profile: "name" must be lower-case letters, digits and dashes/,
    );
  });
});

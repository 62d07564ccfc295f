// WS2812B ("NeoPixel") builds: which data pins Espruino's neopixel module can drive on the
// Pico, the 3.3 V → 5 V data level, the USB current budget, and the documents generated for
// them — figures recomputed here from the parts' datasheets, not read back from the code.
import { describe, expect, it } from "vitest";
import { BOARDS } from "../hardware/boards.js";
import { generateProfileFiles } from "../hardware/outputs.js";
import type { Profile } from "../hardware/profile.js";
import { ProfileError, validateProfile } from "../hardware/validate.js";
import { PIXEL_TEST_PROFILE } from "./helpers/test-profile";

type Raw = any;

function fixture(mutate: (p: Raw) => void = () => {}): Raw {
  const p = JSON.parse(JSON.stringify(PIXEL_TEST_PROFILE));
  mutate(p);
  return p;
}

function rejection(mutate: (p: Raw) => void): string {
  try {
    validateProfile(fixture(mutate));
  } catch (e) {
    expect(e).toBeInstanceOf(ProfileError);
    expect((e as Error).message).not.toContain("\n");
    return (e as Error).message;
  }
  throw new Error("expected the mutated profile to be rejected");
}

// STM32F401 alternate functions (its datasheet's AF table, as in Espruino's
// boards/pins/stm32f401_af.csv): the SPI MOSI pins. On STM32, jswrap_neopixel.c sends through
// the SPI unit whose MOSI the pin is, and throws "No suitable SPI device found" otherwise.
const STM32F401_MOSI = ["PA7", "PB5", "PB15", "PC3", "PC12", "PD6", "PE6", "PE14"];

// Datasheet and rule-of-thumb figures, independent of hardware/parts.ts.
const CHANNEL_MA = 20; // per colour channel at byte 255 (Adafruit NeoPixel Überguide)
const PIXEL_IDLE_MA = 1; // each pixel's controller, lit or dark
const PICO_RUN_MA = 32; // espruino.com/Power+Consumption
const USB_MA = 500;
// The supply path as the documents state it: USB's 4.75 V minimum, 0.5 Ω of cable, extension and
// polyfuse, 0.35 V across the Pico's diode; V_OUT must stay at or above 4.2 V, so at most
// (4.75 − 0.35 − 4.2) V / 0.5 Ω = 400 mA.
const SAG_LIMIT_MA = ((4.75 - 0.35 - 4.2) / 0.5) * 1000;

function worstCaseMa(pixels: number, brightness: number): number {
  return pixels * (3 * CHANNEL_MA * (brightness / 255) + PIXEL_IDLE_MA) + PICO_RUN_MA;
}

describe("validation of the neopixel drive", () => {
  it("accepts the 4×4 test build", () => {
    expect(validateProfile(fixture())).toEqual(PIXEL_TEST_PROFILE);
  });

  it("accepts exactly the Pico header pins that are SPI MOSI pins as the data pin", () => {
    const header = BOARDS.PICO.pins.filter((x) => !x.console).map((x) => x.name);
    const accepted = header.filter((pin) => {
      const used = new Set([...PIXEL_TEST_PROFILE.keys.rowPins, ...PIXEL_TEST_PROFILE.keys.colPins, "B4", "A10", "B9", "B8", "A4"]);
      if (used.has(pin)) return false;
      try {
        validateProfile(fixture((p) => (p.leds.pin = pin)));
        return true;
      } catch {
        return false;
      }
    });
    const mosiOnHeader = header.filter((pin) => STM32F401_MOSI.includes(`P${pin}`));
    // B15 is a key row in this build; the other two MOSI pins are free.
    expect(accepted.sort()).toEqual(mosiOnHeader.filter((x) => x !== "B15").sort());
    expect(mosiOnHeader.sort()).toEqual(["A7", "B15", "B5"]);
  });

  it("rejects a data pin without SPI MOSI, naming the pins that work", () => {
    expect(rejection((p) => (p.leds.pin = "B1"))).toBe(
      'profile "pico-test-pixels": pin B1 (pixel data) cannot carry require("neopixel").write on PICO: on STM32 the neopixel module sends ' +
        "through SPI, so the data pin must be an SPI MOSI pin (jswrap_neopixel.c; stm32f401_af.csv); use one of B15 A7 B5",
    );
  });

  it("rejects the data pin on a key row", () => {
    expect(rejection((p) => (p.leds.pin = "B15"))).toMatch(/pin B15 is used twice: key row 1 and pixel data/);
  });

  it("rejects pixels on a board whose neopixel pins and supply this project has not checked", () => {
    const mdbt = fixture((p) => {
      p.board = "MDBT42Q";
      p.chip = "nrf52";
      p.consolePassword = "x";
      p.keys.rowPins = ["D22", "D3", "D4", "D5"];
      p.keys.colPins = ["D11", "D14", "D17", "D18"];
      p.leds.pin = "D15";
      p.piezo = "D16";
      delete p.buttons;
    });
    expect(() => validateProfile(mdbt)).toThrow(/WS2812 pixels are set up for PICO only in this project/);
  });

  it("refuses 3.3 V data straight into 5 V pixels: 0.7 × 4.7 V = 3.29 V is above the pin's guaranteed 2.9 V", () => {
    expect(0.7 * 4.7).toBeGreaterThan(3.3 - 0.4);
    expect(rejection((p) => (p.leds.levelShift = "none"))).toBe(
      'profile "pico-test-pixels": pin A7 (pixel data) is only guaranteed 2.9 V high (vcc − 0.4 V), but WS2812B pixels at 4.7 V need 3.29 V (0.7·VDD); set "levelShift": "74AHCT125"',
    );
  });

  it("rejects a brightness outside 1–255 or not whole", () => {
    for (const b of [0, 256, 1.5, "48"]) {
      expect(rejection((p) => (p.leds.brightness = b))).toMatch(/"leds\.brightness" must be a whole number from 1 to 255/);
    }
  });

  it("rejects a brightness whose worst case is over USB's 500 mA, naming the highest that fits", () => {
    // 16 pixels at 255 on every channel: 16 × 61 mA + 32 mA = 1008 mA.
    expect(worstCaseMa(16, 255)).toBeCloseTo(1008, 6);
    const byCurrent = Math.floor(((USB_MA - PICO_RUN_MA - 16 * PIXEL_IDLE_MA) / 16 / (3 * CHANNEL_MA)) * 255);
    const bySag = Math.floor(((SAG_LIMIT_MA - PICO_RUN_MA - 16 * PIXEL_IDLE_MA) / 16 / (3 * CHANNEL_MA)) * 255);
    const highest = Math.min(byCurrent, bySag);
    expect([byCurrent, bySag]).toEqual([120, 93]);
    expect(rejection((p) => (p.leds.brightness = 255))).toBe(
      `profile "pico-test-pixels": 16 pixels at brightness 255 on every channel would draw 976 mA, 1008 mA with the board, over the 500 mA USB gives; lower "leds.brightness" to at most ${highest}`,
    );
    expect(() => validateProfile(fixture((p) => (p.leds.brightness = highest)))).not.toThrow();
  });

  it("rejects a brightness within USB's 500 mA that would sag V_OUT below the 4.2 V the documents promise", () => {
    const b = 100;
    const worst = worstCaseMa(16, b);
    expect(worst).toBeLessThan(USB_MA);
    expect(worst).toBeGreaterThan(SAG_LIMIT_MA);
    const v = 4.75 - (worst / 1000) * 0.5 - 0.35;
    expect(rejection((p) => (p.leds.brightness = b))).toBe(
      `profile "pico-test-pixels": 16 pixels at brightness ${b} would draw ${Math.round(worst * 100) / 100} mA and sag V_OUT to ${Math.round(v * 100) / 100} V, below the 4.2 V the 74AHCT125 and the pixels are planned for; lower "leds.brightness" to at most 93`,
    );
  });

  it("a 5×5 build at the same brightness is just another profile, within the budget", () => {
    const fiveByFive = fixture((p) => {
      p.rows = 5;
      p.cols = 5;
      p.keys.rowPins = ["B15", "B14", "B13", "B10", "B1"];
      p.keys.colPins = ["A0", "A1", "A2", "A3", "A5"];
    });
    expect(() => validateProfile(fiveByFive)).not.toThrow();
    expect(worstCaseMa(25, 48)).toBeLessThan(USB_MA);
    expect(generateProfileFiles(fiveByFive)["power.md"]).toContain("| All 25 pixels at 48 on every channel, JavaScript running (worst case) | 307.4 | 32 | 339.4 | 500 |");
  });

  it("rejects unknown fields and a bad level shift", () => {
    expect(rejection((p) => (p.leds.currentMa = 10))).toMatch(/unknown field leds\."currentMa"; accepted: drive, pin, brightness, levelShift/);
    expect(rejection((p) => (p.leds.levelShift = "diode"))).toMatch(/"leds\.levelShift" must be "74AHCT125" or "none"/);
  });
});

describe("documents for a WS2812B build", () => {
  const p: Profile = PIXEL_TEST_PROFILE;
  const out = generateProfileFiles(p);
  // Fields may be quoted ("a, b"); none of these contains a quote.
  const bom = out["bom.csv"].trimEnd().split("\n").slice(1).map((l) => [...l.matchAll(/"([^"]*)"|([^,]+)/g)].map((m) => m[1] ?? m[2]));
  const row = (part: string) => bom.find((r) => r[0] === part);

  it("BOM: a pixel per pad, a 300–500 Ω data resistor, the shifter, capacitors, USB instead of batteries", () => {
    expect(row("RGB LED pixel")?.[2]).toBe("16");
    const ohms = Number(/^(\d+) ohm$/.exec(row("Pixel data resistor")![1])![1]);
    expect(ohms).toBeGreaterThanOrEqual(300);
    expect(ohms).toBeLessThanOrEqual(500);
    expect(row("Level shifter")?.[1]).toContain("74AHCT125");
    expect(row("Decoupling capacitor")?.[2]).toBe("17");
    expect(row("Bulk capacitor")?.[2]).toBe("1");
    expect(row("Key diode")?.[2]).toBe("16");
    expect(row("USB power supply")?.[2]).toBe("1");
    expect(row("Battery holder")).toBeUndefined();
    expect(bom.some((r) => /^LED/.test(r[0]) || /transistor/i.test(r[0]))).toBe(false);
    expect(out["bom.csv"]).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it("power.md: 16 × (3 × 20 mA × 48/255 + 1 mA) + 32 mA = 228.7 mA worst case against USB's 500 mA", () => {
    expect(worstCaseMa(16, 48)).toBeCloseTo(228.7, 1);
    expect(out["power.md"]).toContain("| All 16 pixels at 48 on every channel, JavaScript running (worst case) | 196.7 | 32 | 228.7 | 500 |");
    expect(out["power.md"]).toContain("| Asleep, pixels dark | 16 | 0.02 | 16 | 500 |");
  });

  it("wiring.md: the data pin goes through the 74AHCT125 and the resistor to pixel 1, pixels chained in pad order", () => {
    const md = out["wiring.md"];
    expect(md).toContain("| A7 | top edge, 7th from the left | pixel data | SPI MOSI");
    expect(md).toContain("U2 pin 2 (1A), with R3 (10 kΩ) from pin 2 to GND; U2 pin 3 (1Y) → R2 (330 Ω) → DIN of LED1");
    expect(md).toContain("DOUT of LEDn → DIN of LEDn+1, from LED1 to LED16");
    expect(md).toContain("pin 14 (VCC) → V_OUT, pin 7 → GND, C17 (100 nF) from pin 14 to pin 7");
    // The input pull-down: the data pin floats through reset and the bootloader.
    expect(md).toContain("R3 (10 kΩ) from pin 2 (1A) to GND holds the input low while the board's pin floats");
  });

  it("schematic.svg labels every pin once, draws 16 pixels and the shifter", () => {
    const svg = out["schematic.svg"];
    const drawn = [...svg.matchAll(/<text [^>]*class="pin"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).sort();
    expect(drawn).toEqual(["A0", "A1", "A10", "A2", "A3", "A4", "A7", "B10", "B13", "B14", "B15", "B4", "B8", "B9"].sort());
    for (let i = 1; i <= 16; i++) expect(svg).toContain(`>LED${i}</text>`);
    expect(svg).toContain("74AHCT125");
    expect(svg).toContain("220 µF");
  });

  it("panel.svg keeps an LED window per pad", () => {
    expect([...out["panel.svg"].matchAll(/<circle class="hole" id="L\d+"/g)]).toHaveLength(16);
    expect(out["panel.svg"]).toContain("window for the pixel breakout");
  });
});

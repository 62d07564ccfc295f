// Power safety and the bill of materials: what protects the boards and the cells, the figures
// under load, and a BOM with everything on the bench, each part named once by a designator
// that the wiring table and the schematic use too.
import { describe, expect, it } from "vitest";
import { BOARDS } from "../hardware/boards.js";
import { bomRows } from "../hardware/generators/bom.js";
import { panelLayout } from "../hardware/generators/panel.js";
import { generateProfileFiles } from "../hardware/outputs.js";
import { BUTTON_SWITCH, STACK } from "../hardware/parts.js";
import type { Profile } from "../hardware/profile.js";
import { loadAllProfiles } from "../hardware/validate.js";

const profiles = loadAllProfiles();
const byName = (name: string): Profile => profiles.find((p) => p.name === name)!;
const boardOf = (p: Profile) => BOARDS[p.board as keyof typeof BOARDS];

/** "R1–R9" → R1 … R9; "SW10, SW11" → both; "" → none. */
function expand(refs: string): string[] {
  if (!refs) return [];
  return refs.split(", ").flatMap((part) => {
    const m = /^([A-Z]+)(\d+)–([A-Z]+)(\d+)$/.exec(part);
    if (!m) return [part];
    return Array.from({ length: Number(m[4]) - Number(m[2]) + 1 }, (_, i) => `${m[1]}${Number(m[2]) + i}`);
  });
}

describe("power safety", () => {
  it("esp32-3x3: the battery reaches 5V through a switch and a Schottky diode, NiMH only, switched off for USB", () => {
    const p = byName("esp32-3x3");
    const out = generateProfileFiles(p);
    const rows = bomRows(p, boardOf(p));
    const diode = rows.find((r) => r.part === "Battery diode")!;
    const sw = rows.find((r) => r.part === "Power switch")!;
    expect(diode).toMatchObject({ quantity: 1, refs: "DS1", example: "1N5817" });
    expect(sw.refs).toMatch(/^SW\d+$/);
    expect(out["wiring.md"]).toContain(`plus → ${sw.refs} → DS1 (1N5817, band towards 5V) → 5V, minus → GND`);
    for (const doc of [out["wiring.md"], out["power.md"]]) {
      expect(doc).toContain("NiMH only: four fresh alkaline cells give up to 6.4 V");
      expect(doc).toContain("switch the battery off before plugging in USB");
    }
    expect(out["schematic.svg"]).toContain(">DS1 1N5817<");
    expect(out["schematic.svg"]).toContain(">NiMH only;<");
    expect(rows.find((r) => r.part === "Batteries")).toMatchObject({ quantity: 4, value: expect.stringContaining("NiMH") });
  });

  it("battery builds without a USB conflict get a switch but no diode", () => {
    for (const name of ["pico-3x3", "mdbt42q-3x3"]) {
      const rows = bomRows(byName(name), boardOf(byName(name)));
      expect(rows.find((r) => r.part === "Power switch")?.quantity, name).toBe(1);
      expect(rows.find((r) => r.part === "Battery diode"), name).toBeUndefined();
    }
  });

  it.each(["pico-4x4-neopixel", "pico-5x5-neopixel"])("%s: a 10 kΩ pull-down on the 74AHCT125's input, the supply under load stated", (name) => {
    const p = byName(name);
    const out = generateProfileFiles(p);
    const pull = bomRows(p, boardOf(p)).find((r) => r.part === "Data pull-down resistor")!;
    expect(pull).toMatchObject({ value: "10 kohm", quantity: 1 });
    expect(out["wiring.md"]).toContain(`with ${pull.refs} (10 kΩ) from pin 2 to GND`);
    // Why: full white on every pixel is 60 mA each, far over USB, before the firmware's cap applies.
    const n = p.rows * p.cols;
    expect(out["wiring.md"]).toContain(`at full white ${n} pixels would draw ${((n * 60) / 1000).toFixed(1)} A`);
    expect(out["power.md"]).toContain("4.2–4.5 V with the pixels at their worst case");
    expect(out["power.md"]).toContain("The 74AHCT125's recommended supply is 4.5–5.5 V");
    // 220 µF against USB 2.0's 10 µF at plug-in: said plainly, not used as the reason.
    expect(out["power.md"]).toContain("It is 22 times the 10 µF USB 2.0 allows at plug-in");
    // The pull-down's current on the data pin is in the pin table: 3.3 V / 10 kΩ.
    expect(out["power.md"]).toMatch(/\| A7 \| pixel data \| 0\.33 \|/);
    // Power banks: the sleeping toy draws less than they keep running for.
    expect(out["power.md"]).toContain("Most power banks switch themselves off");
  });

  it("battery life counts only the charge delivered above the regulator's drop-out", () => {
    const md = generateProfileFiles(byName("pico-3x3"))["power.md"];
    expect(md).toContain("## Battery life: 3×AAA alkaline, 600 of 1000 mAh usable");
    // Worst case, all lit while JavaScript runs: 32 mA (espruino.com/Power+Consumption, Pico
    // "Run") + 9 × 1.3 V / 180 Ω = 97 mA → 600 mAh / 97 mA = 6.2 h. Not the 11 mA idle figure.
    const allLit = 32 + (9 * 1.3 * 1000) / 180;
    expect(allLit).toBeCloseTo(97, 0);
    expect(md).toContain(`| Awake, all 9 LEDs lit, JavaScript running (worst case) | ${Number(allLit.toFixed(1))} | ${(600 / allLit).toFixed(1)} h |`);
  });

  it("the LED current is given with the pin's sag: (3.3 − 2.0) V / (180 + 50) Ω = 5.65 mA", () => {
    expect(generateProfileFiles(byName("pico-3x3"))["power.md"]).toContain("each LED gets at most 7.22 mA; the pin itself sags under load (up to about 50 Ω: STM32F401 guarantees VOH ≥ VDD − 0.4 V at 8 mA");
    expect(generateProfileFiles(byName("pico-3x3"))["power.md"]).toContain("which leaves about 5.65 mA");
    // The ESP32 page names the ESP32's own guarantee, not the STM32F401's.
    const esp = generateProfileFiles(byName("esp32-3x3"))["power.md"];
    expect(esp).not.toContain("STM32F401 guarantees");
    expect(esp).toContain("the ESP32 datasheet guarantees only VOH ≥ 0.8 × VDD");
  });

  it("esp32-3x3: the firmware turns the radio off at boot; the figures say they are estimates, the radio's peak and the brown-out risk are stated", () => {
    const md = generateProfileFiles(byName("esp32-3x3"))["power.md"];
    expect(md).toContain("**The firmware turns the radio off at boot**");
    expect(md).toContain("Espruino 2v29 for ESP32 starts its Wi-Fi access point at boot when no Wi-Fi settings are saved");
    expect(md).toContain("**Estimated**: an estimate, not a measurement (nothing here was measured on a real DevKitC)");
    expect(md).toContain("Peak while it is on: 240 mA");
    expect(md).toMatch(/tired cells let it fall to [\d.–]+ V, below the ESP32's 3\.0 V minimum/);
    expect(md).toContain("The switch is the only guard against back-feed");
    expect(md).not.toMatch(/Wi-Fi off|idles with Wi-Fi/);
    // Worst case with the radio off: 55 mA running + 9 LEDs at 7.22 mA = 120 mA → 1600 mAh / 120 mA = 13.3 h.
    const worst = 55 + (9 * 1.3 * 1000) / 180;
    expect(md).toContain(`| Awake, all 9 LEDs lit, JavaScript running (worst case) | ${Number(worst.toFixed(1))} | ${(1600 / worst).toFixed(1)} h |`);
  });

  it("the MDBT42Q breakout's regulator is named as Espruino's schematic has it: MCP1703, 250 mA", () => {
    expect(generateProfileFiles(byName("mdbt42q-3x3"))["power.md"]).toContain("MCP1703 3.3 V linear regulator (250 mA");
  });
});

describe("bill of materials", () => {
  it.each(profiles.map((p) => [p.name, p] as const))("%s: everything on the bench", (_name, p) => {
    const board = boardOf(p);
    const rows = bomRows(p, board);
    const part = (name: string) => rows.find((r) => r.part === name);
    const n = p.rows * p.cols;
    const L = panelLayout(p);
    expect(part("Key cap")?.quantity).toBe(n);
    expect(part("Perfboard")?.value).toContain(`${L.width} × ${L.height} mm`);
    expect(part("Pin header")?.quantity).toBe(1);
    // Two rows of sockets for the board, and the Pico's end-row pigtail: within two 40-way strips.
    expect(part("Socket header")?.quantity).toBeGreaterThanOrEqual(1);
    expect(part("Back cover")?.value).toContain(`${L.width} × ${L.height} mm, drilled from back.svg`);
    expect(part("Back standoffs")).toMatchObject({ quantity: 4, value: expect.stringContaining(`${p.leds.drive === "neopixel" ? STACK.backStandoffPixelsMm : STACK.backStandoffMm} mm`) });
    for (const c of ["Solder", "Desoldering braid", "Heat-shrink tubing", "Glue", "Masking tape"]) expect(part(c)?.quantity, c).toBe(1);
    expect(part("Double-sided foam tape") !== undefined).toBe(p.leds.drive !== "neopixel");
    expect(part("USB extension cable") !== undefined).toBe(board.id === "PICO");
    if (p.leds.drive !== "neopixel") expect(part("Power switch")?.value).toMatch(/panel-mount.*in the back cover/);
    expect(part("Hook-up wire")?.value).toContain("24 AWG");
    expect(part("Front panel")?.value).toMatch(new RegExp(`^3 mm .*, ${L.width} × ${L.height} mm`));
    expect(part("Standoffs")).toMatchObject({ quantity: 4, value: expect.stringContaining("5 mm") });
    expect(part("Screws")?.quantity).toBe(8);
    expect(part("Breadboard test kit")?.quantity).toBe(1);
    if (p.leds.drive === "neopixel") expect(part("Pixel power wire")?.value).toContain("22 AWG");
    else expect(part("Batteries")?.quantity).toBe(Number(/^(\d)/.exec(board.battery.cells)![1]));
    expect(part("USB–serial adapter") !== undefined).toBe(board.id === "MDBT42Q");
    if (board.id === "MDBT42Q") expect(part("USB–serial adapter")?.value).toContain("3.3 V logic");
    // The Pico's end row: every build that uses it lists a way to reach 0.05" pads.
    const endRow = generateProfileFiles(p)["wiring.md"].includes('0.05" (1.27 mm) pitch:**');
    expect(part("End-row wire") !== undefined).toBe(endRow);
  });

  it.each(profiles.map((p) => [p.name, p] as const))("%s: every designator names one part, and the wiring table uses only those", (_name, p) => {
    const rows = bomRows(p, boardOf(p));
    const all = rows.flatMap((r) => expand(r.refs));
    expect(new Set(all).size).toBe(all.length);
    for (const r of rows) if (r.refs) expect(expand(r.refs), r.part).toHaveLength(r.quantity);
    const md = generateProfileFiles(p)["wiring.md"];
    const table = md.split("\n").filter((l) => /^\| [A-D]\d/.test(l)).join("\n");
    expect(md).not.toContain("undefined");
    const used = [...table.matchAll(/\b(?:SW|LED|R|Q|DK|DS|C|U|BZ)\d+\b/g)].map((m) => m[0]);
    expect(used.length).toBeGreaterThan(0);
    for (const ref of used) expect(all, ref).toContain(ref);
  });

  it("no generated document prints an undefined or NaN value", () => {
    for (const p of profiles) {
      for (const [name, content] of Object.entries(generateProfileFiles(p))) {
        expect(content, `${p.name}/${name}`).not.toMatch(/undefined|NaN/);
      }
    }
  });

  it("the switches reach through the panel: function buttons and LEDs stand above its face, on its standoffs", () => {
    const aboveFace = (height: number) => height - STACK.standoffMm - STACK.panelMm;
    expect(aboveFace(BUTTON_SWITCH.heightMm)).toBeGreaterThanOrEqual(1);
    expect(aboveFace(STACK.ledMm)).toBeGreaterThan(0);
    // The 4.3 mm B3F-1000 the BOM used to list would stay 3.7 mm below the panel's face.
    expect(aboveFace(4.3)).toBeLessThan(0);
  });
});

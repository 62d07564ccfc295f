// The physical boards: which GPIOs their headers carry, in which row and at which pitch, written
// down here from the boards' own documents (not from hardware/boards.ts), and what the wiring
// tables make of them.
import { describe, expect, it } from "vitest";
import { BOARDS, countedFrom, generalPins, headerPlace, PITCH_005, PITCH_01, type BoardId } from "../hardware/boards.js";
import { generateProfileFiles } from "../hardware/outputs.js";
import { loadAllProfiles } from "../hardware/validate.js";

// Espruino Pico (espruino.com/Pico, boards/PICO_R1_3.py): "2 rows of 9 0.1" pins, with a third
// 0.05" row of 8 pins on the end".
const PICO_ROWS = {
  top: ["BAT_IN", "B15", "B14", "B13", "B10", "B1", "A7", "A6", "A5"],
  bottom: ["GND", "V_OUT", "3.3", "B3", "B4", "B5", "B6", "B7", "A8"],
  end: ["A4", "A3", "A2", "A1", "A0", "A10", "B9", "B8"],
};
// Espruino's MDBT42Q breakout schematic (EspruinoBoard MDBT42/eagle/mdbt42q_breakout.sch):
// J1 and J2 are 1×11, J3 1×5; "0.1" pin header (With 22 GPIO)" (espruino.com/MDBT42Q).
const MDBT42Q_HEADER_GPIO = ["D11", "D5", "D4", "D3", "D31", "D30", "D29", "D28", "D27", "D26", "D25", "D22", "D20", "D19", "D18", "D17", "D16", "D15", "D14", "D6", "D8", "D7"];
// ESP32-DevKitC V4 user guide, header blocks J2 and J3 (19 pins each); GPIO37/38 are not on the
// WROOM-32 module.
const DEVKITC_GPIO = [36, 39, 34, 35, 32, 33, 25, 26, 27, 14, 12, 13, 9, 10, 11, 23, 22, 1, 3, 21, 19, 18, 5, 17, 16, 4, 0, 2, 15, 8, 7, 6].map((n) => `D${n}`);

function headerGpios(id: BoardId): string[] {
  const board = BOARDS[id];
  const known = new Set([...board.pins.map((p) => p.name), ...board.reserved.map((r) => r.name)]);
  return board.headers.flatMap((h) => h.contacts.filter((c) => known.has(c)));
}

describe("board headers", () => {
  it("Pico: two 0.1\" rows of 9 and an end row of 8 at 0.05\"", () => {
    const [top, bottom, end] = BOARDS.PICO.headers;
    expect([top.contacts, bottom.contacts, end.contacts]).toEqual([PICO_ROWS.top, PICO_ROWS.bottom, PICO_ROWS.end]);
    expect([top.pitchMm, bottom.pitchMm, end.pitchMm]).toEqual([PITCH_01, PITCH_01, PITCH_005]);
  });

  it("MDBT42Q breakout: exactly the 22 GPIOs of its schematic are on its headers; D2, D12, D13, D23, D24 are not", () => {
    expect(headerGpios("MDBT42Q").sort()).toEqual([...MDBT42Q_HEADER_GPIO].sort());
    for (const pin of ["D2", "D12", "D13", "D23", "D24"]) expect(headerPlace(BOARDS.MDBT42Q, pin), pin).toBeUndefined();
    expect(headerPlace(BOARDS.MDBT42Q, "D8")?.silk).toBe("RX");
    expect(headerPlace(BOARDS.MDBT42Q, "D6")?.silk).toBe("TX");
  });

  it("ESP32 DevKitC: the GPIOs of its two 19-pin headers, without D37 and D38", () => {
    expect(BOARDS.ESP32.headers.map((h) => h.contacts.length)).toEqual([19, 19]);
    expect(headerGpios("ESP32").sort()).toEqual([...DEVKITC_GPIO].sort());
  });

  for (const id of Object.keys(BOARDS) as BoardId[]) {
    const board = BOARDS[id];
    it(`${id}: a usable pin is on a header exactly when it is not marked as off the headers`, () => {
      for (const pin of board.pins) {
        const places = board.headers.filter((h) => h.contacts.includes(pin.name)).length;
        expect(places, pin.name).toBe(pin.offHeader ? 0 : 1);
      }
      for (const pin of generalPins(board)) expect(headerPlace(board, pin), pin).toBeDefined();
    });
  }
});

describe("wiring.md and the physical board", () => {
  const profiles = loadAllProfiles();
  it.each(profiles.map((p) => [p.name, p] as const))("%s: every used pin has its header and position; end-row pins are called out", (_name, p) => {
    const board = BOARDS[p.board as keyof typeof BOARDS];
    const md = generateProfileFiles(p)["wiring.md"];
    const rows = md.split("\n").filter((l) => /^\| [A-D]\d/.test(l)).map((l) => l.split("|").map((c) => c.trim()));
    expect(rows.length).toBeGreaterThan(0);
    for (const [, pin, where] of rows) {
      const at = headerPlace(board, pin)!;
      const nth = /, (\d+)(st|nd|rd|th) from the (top|left)/.exec(where)!;
      expect(where.startsWith(`${at.header.id}, `), where).toBe(true);
      expect([Number(nth[1]), nth[3]]).toEqual([at.position, countedFrom(at.header)]);
    }
    const fine = rows.filter(([, pin]) => headerPlace(board, pin)!.header.pitchMm === PITCH_005).map((r) => r[1]);
    if (fine.length) expect(md).toContain(`**${fine.length} of these pins (${fine.join(" ")}) are on the end row, at 0.05" (1.27 mm) pitch:**`);
    else expect(md).not.toContain('0.05" (1.27 mm) pitch:**');
    const free = /Free pins on this board's headers: ([^.]*)\./.exec(md)![1].split(" ");
    for (const pin of free) if (pin !== "none") expect(generalPins(board)).toContain(pin);
  });

  it("pico-3x3 puts four pins on the Pico's 0.05\" end row and each pixel build all eight", () => {
    const count = (name: string) => {
      const p = profiles.find((x) => x.name === name)!;
      const md = generateProfileFiles(p)["wiring.md"];
      return Number(/\*\*(\d+) of these pins/.exec(md)?.[1] ?? 0);
    };
    expect([count("pico-3x3"), count("pico-4x4-neopixel"), count("pico-5x5-neopixel")]).toEqual([4, 8, 8]);
  });

  it("the MDBT42Q build's LEDs and the ESP32 build's are all on header pins every board of that kind has free", () => {
    const mdbt = profiles.find((x) => x.name === "mdbt42q-3x3")!;
    const esp = profiles.find((x) => x.name === "esp32-3x3")!;
    for (const p of [mdbt, esp]) {
      const board = BOARDS[p.board as keyof typeof BOARDS];
      for (const pin of p.leds.drive === "direct" ? p.leds.pins : []) {
        expect(headerPlace(board, pin), pin).toBeDefined();
        expect(board.reserved.map((r) => r.name)).not.toContain(pin);
      }
    }
  });
});

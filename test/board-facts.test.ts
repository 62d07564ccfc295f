// Board facts are kept once: hardware/boards.ts holds what a toy builder needs, and the
// simulator's board families (sim/board/board-family.ts) read the shared facts from it and
// add only what the virtual board needs. These check that the two tables fit together, and
// that both hold the chips' facts as their sources state them.
import { describe, expect, it } from "vitest";
import { BOARDS, type BoardId } from "../hardware/boards";
import { boardFamily, canonicalPin } from "../sim/board";

describe("hardware/boards.ts and the simulator's board families", () => {
  for (const id of Object.keys(BOARDS) as BoardId[]) {
    const board = BOARDS[id];
    const family = boardFamily(id);

    it(`${id}: the simulator knows every pin the build guide names, usable or reserved`, () => {
      for (const name of board.pins.map((p) => p.name).concat(board.reserved.map((r) => r.name))) {
        expect(canonicalPin(family, name), name).toBe(name);
      }
    });

    it(`${id}: the on-board LEDs and buttons are pins a profile may not use`, () => {
      const reserved = board.reserved.map((r) => r.name);
      for (const [alias, pin] of Object.entries(family.aliases)) expect(reserved, `${alias} = ${pin}`).toContain(pin);
    });

  }

  // Facts about the chips, written down from their sources (not from hardware/boards.ts), that
  // both the build guide and the simulator must agree with.
  const CHIP_FACTS: { [id in BoardId]: { chip: string; inputOnly: string[]; watchByNumber: boolean; source: string } } = {
    // STM32F401CDU6 (Espruino's boards/PICO_R1_3.py); every GPIO is bidirectional; the EXTI
    // controller has one line per pin number, so A0 and B0 cannot both be watched (RM0368 §10.2).
    PICO: { chip: "stm32", inputOnly: [], watchByNumber: true, source: "boards/PICO_R1_3.py, STM32 RM0368 EXTI" },
    // nRF52832 (Espruino's boards/MDBT42Q.py); every GPIO is bidirectional; GPIOTE channels
    // take any pin, so watches do not share lines.
    MDBT42Q: { chip: "nrf52", inputOnly: [], watchByNumber: false, source: "boards/MDBT42Q.py, nRF52832 PS GPIOTE" },
    // ESP32 (Espruino's boards/ESP32.py); GPIO34-39 are input only, without pull-ups (ESP32
    // datasheet, "Pin Description"); GPIO interrupts take any pin.
    ESP32: { chip: "esp32", inputOnly: ["D34", "D35", "D36", "D37", "D38", "D39"], watchByNumber: false, source: "boards/ESP32.py, ESP32 datasheet" },
  };

  for (const id of Object.keys(BOARDS) as BoardId[]) {
    const facts = CHIP_FACTS[id];
    it(`${id}: the build guide and the simulator have the chip's facts (${facts.source})`, () => {
      const board = BOARDS[id];
      const family = boardFamily(id);
      expect([board.chip, family.chip]).toEqual([facts.chip, facts.chip]);
      expect(board.pins.filter((p) => p.inputOnly).map((p) => p.name)).toEqual(facts.inputOnly);
      expect(family.inputOnlyPins).toEqual(facts.inputOnly);
      expect([board.watchSharesPinNumber, family.watchLinesByNumber]).toEqual([facts.watchByNumber, facts.watchByNumber]);
    });
  }

  it("a board the build guide does not describe is not simulated either", () => {
    expect(() => boardFamily("PUCKJS")).toThrow(/the simulator knows PICO, MDBT42Q, ESP32/);
  });
});

// Board facts are kept once: hardware/boards.ts holds what a toy builder needs, and the
// simulator's board families (sim/board/board-family.ts) read the shared facts from it and
// add only what the virtual board needs. These check that the two tables fit together.
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

    it(`${id}: chip, input-only pins and shared watch lines are the build guide's`, () => {
      expect(family.chip).toBe(board.chip);
      expect(family.inputOnlyPins).toEqual(board.pins.filter((p) => p.inputOnly).map((p) => p.name));
      expect(family.watchLinesByNumber).toBe(board.watchSharesPinNumber);
    });
  }

  it("a board the build guide does not describe is not simulated either", () => {
    expect(() => boardFamily("PUCKJS")).toThrow(/the simulator knows PICO, MDBT42Q, ESP32/);
  });
});

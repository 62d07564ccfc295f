// The browser page carries a small copy of hardware/boards.ts (sim/web/build.ts pageBoards):
// only what the simulator reads of a board. Here the simulator makes its board families from
// that copy, as the page's script does, and they must be the ones it makes from the full table.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { BOARD_IDS } from "../hardware/boards";
import { boardFamily } from "../sim/board/board-family";
import { pageBoardsModule } from "../sim/web/build";

describe("the page's copy of the board table", () => {
  const dir = mkdtempSync(join(tmpdir(), "merlin-page-boards-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gives the simulator the same board family for every board, and the same error for an unknown one", async () => {
    const file = join(dir, "boards.mjs");
    writeFileSync(file, pageBoardsModule());
    const pageModule = await import(pathToFileURL(file).href);
    vi.resetModules();
    vi.doMock("../hardware/boards", () => pageModule);
    try {
      const page = await import("../sim/board/board-family");
      expect(page.boardFamily).not.toBe(boardFamily);
      // (The simulator's import is the page's copy: no headers, no supply notes.)
      expect((await import("../hardware/boards")).BOARDS).toBe(pageModule.BOARDS);
      expect(Object.keys(pageModule.BOARDS.PICO).sort()).toEqual(["chip", "pins", "watchSharesPinNumber"]);
      for (const id of BOARD_IDS) {
        expect(page.boardFamily(id)).toEqual(boardFamily(id));
        expect(page.boardFamily(id.toLowerCase())).toEqual(boardFamily(id.toLowerCase()));
      }
      expect(() => page.boardFamily("UNO")).toThrow(/^Unknown Espruino board "UNO"; the simulator knows PICO, MDBT42Q, ESP32$/);
      expect(() => page.boardFamily("PICO", "esp32")).toThrow(/has an stm32 chip/);
    } finally {
      vi.doUnmock("../hardware/boards");
    }
  });
});

// The browser page carries a small copy of hardware/boards.ts (sim/web/build.ts pageBoards):
// only what the page reads of a board. Here the simulator makes its board families, and the
// panel its margin for the board, from that copy, as the page's script does: they must be the
// ones made from the full table. A field the copy lacks throws, naming it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { BOARD_IDS } from "../hardware/boards";
import { rightMarginSteps } from "../hardware/footprints";
import { loadAllProfiles } from "../hardware/validate";
import { boardFamily } from "../sim/board/board-family";
import { pageBoardsModule } from "../sim/web/build";

describe("the page's copy of the board table", () => {
  const dir = mkdtempSync(join(tmpdir(), "merlin-page-boards-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gives the simulator the same board families and the panel the same margins; a field it lacks throws", async () => {
    const file = join(dir, "boards.mjs");
    writeFileSync(file, pageBoardsModule());
    const pageModule = await import(pathToFileURL(file).href);
    vi.resetModules();
    vi.doMock("../hardware/boards", () => pageModule);
    try {
      const page = await import("../sim/board/board-family");
      const footprints = await import("../hardware/footprints");
      // (The page's modules import the copy: no headers, no supply notes.)
      expect((await import("../hardware/boards")).BOARDS).toBe(pageModule.BOARDS);
      expect(page.boardFamily).not.toBe(boardFamily);
      for (const id of BOARD_IDS) {
        expect(page.boardFamily(id)).toEqual(boardFamily(id));
        expect(page.boardFamily(id.toLowerCase())).toEqual(boardFamily(id.toLowerCase()));
      }
      expect(() => page.boardFamily("UNO")).toThrow(/^Unknown Espruino board "UNO"; the simulator knows PICO, MDBT42Q, ESP32$/);
      expect(() => page.boardFamily("PICO", "esp32")).toThrow(/has an stm32 chip/);
      for (const p of loadAllProfiles()) expect(footprints.rightMarginSteps(p), p.name).toBe(rightMarginSteps(p));
      expect(() => pageModule.BOARDS.PICO.headers).toThrow("pageBoards (sim/web/build.ts) lacks PICO.headers");
    } finally {
      vi.doUnmock("../hardware/boards");
    }
  });
});

// The key matrix at pin level: a plain Espruino scan loop run on the circuit model.
import { describe, expect, it } from "vitest";
import type { Profile } from "../hardware/profile";
import { createVirtualBoard } from "../sim/node/host";

function profile(diodes: boolean): Profile {
  return {
    name: diodes ? "pico-test-diodes" : "pico-test",
    description: "3×3 test board",
    board: "PICO",
    chip: "stm32",
    rows: 3,
    cols: 3,
    keys: { rowPins: ["B3", "B4", "B5"], colPins: ["A0", "A1", "A2"], diodes },
    leds: { drive: "direct", pins: ["B15", "B14", "B13", "B10", "B1", "A7", "A6", "A5", "A8"], activeHigh: true, transistors: false, currentMa: 8 },
    piezo: "B9",
    buttons: { newGame: "A10", sameGame: "B8" },
    vcc: 3.3,
  };
}

/** The textbook scan: select one row by driving it low (others open), read the pulled-up columns. */
const SCANNER = `
  var ROWS = [B3, B4, B5], COLS = [A0, A1, A2];
  ROWS.forEach(function (r) { pinMode(r, "opendrain"); digitalWrite(r, 1); });
  COLS.forEach(function (c) { pinMode(c, "input_pullup"); });
  function scan() {
    var keys = [];
    for (var r = 0; r < 3; r++) {
      digitalWrite(ROWS[r], 0);
      var bits = digitalRead(COLS);
      digitalWrite(ROWS[r], 1);
      for (var c = 0; c < 3; c++) if (!(bits & (4 >> c))) keys.push(r * 3 + c);
    }
    return keys.join();
  }
`;

function scanWith(diodes: boolean, pressed: number[]): string {
  const board = createVirtualBoard({ profile: profile(diodes), code: SCANNER });
  for (const k of pressed) board.press(k);
  return board.eval("scan()") as string;
}

describe("matrix scan", () => {
  it("reads every single key correctly", () => {
    const board = createVirtualBoard({ profile: profile(false), code: SCANNER });
    expect(board.eval("scan()")).toBe("");
    for (let k = 0; k < 9; k++) {
      board.press(k);
      expect(board.eval("scan()")).toBe(String(k));
      board.release(k);
    }
  });

  it("without diodes, three corners of a rectangle make the fourth read pressed (ghost)", () => {
    expect(scanWith(false, [0, 1, 3])).toBe("0,1,3,4");
    expect(scanWith(false, [2, 6, 8])).toBe("0,2,6,8");
  });

  it("two keys that do not form a rectangle corner read correctly without diodes", () => {
    expect(scanWith(false, [0, 4])).toBe("0,4");
    expect(scanWith(false, [1, 2])).toBe("1,2");
  });

  it("with diodes any combination reads exactly", () => {
    expect(scanWith(true, [0, 1, 3])).toBe("0,1,3");
    expect(scanWith(true, [0, 1, 2, 3, 5, 6, 7, 8])).toBe("0,1,2,3,5,6,7,8");
  });

  it("diodes conduct only from column to row: scanning the wrong way round sees nothing", () => {
    const board = createVirtualBoard({
      profile: profile(true),
      code: `
        pinMode(B3, "input_pullup");
        pinMode(A0, "opendrain"); digitalWrite(A0, 0);
      `,
    });
    board.press(0);
    expect(board.eval("B3.read()")).toBe(true);
  });

  it("driving unselected rows high (Espruino's KeyPad module) shorts two rows through keys in one column", () => {
    const board = createVirtualBoard({
      profile: profile(false),
      code: `pinMode(A0, "input_pullup"); digitalWrite([B3, B4, B5], 0b011);`,
    });
    board.press(0);
    expect(board.faults).toHaveLength(0);
    board.press(3);
    expect(board.faults).toHaveLength(1);
    expect(board.faults[0].pins).toEqual(expect.arrayContaining(["B3", "B4", "A0"]));
    expect(board.faults[0].message).toMatch(/short circuit/);
  });

  it("extra buttons connect their pin to ground", () => {
    const board = createVirtualBoard({ profile: profile(false), code: `pinMode(A10, "input_pullup"); pinMode(B8, "input_pullup");` });
    board.press("newGame");
    expect(board.eval("[A10.read(), B8.read()]")).toEqual([false, true]);
    board.release("newGame");
    expect(board.eval("A10.read()")).toBe(true);
  });

  it("names the accepted keys when given a wrong one", () => {
    const board = createVirtualBoard({ profile: profile(false) });
    expect(() => board.press(9)).toThrow('Unknown key 9: use a pad index 0..8 or one of newGame, sameGame, BTN1');
    expect(() => board.press("hitMe")).toThrow(/Unknown key "hitMe"/);
  });
});

describe("mechanical faults", () => {
  it("a stuck key stays down after release until unstuck", () => {
    const board = createVirtualBoard({ profile: profile(false), code: SCANNER });
    board.stickKey(4);
    board.press(4);
    board.release(4);
    expect(board.eval("scan()")).toBe("4");
    board.unstickKey(4);
    expect(board.eval("scan()")).toBe("");
  });

  it("contact bounce chatters for a few ms from a seeded RNG, then settles", () => {
    const chatter = (seed: number) => {
      const board = createVirtualBoard({ profile: profile(false), code: `pinMode(B3, "opendrain"); digitalWrite(B3, 0); pinMode(A0, "input_pullup");`, seed, bounceMs: 5 });
      const trace: string[] = [];
      board.circuit.onLevelChange((pin, level, t) => pin === "A0" && trace.push(`${t.toFixed(3)}:${level}`));
      board.press(0);
      board.clock.advance(10);
      return { trace, settled: board.pin("A0").level };
    };
    const a = chatter(7);
    expect(a.trace.length).toBeGreaterThanOrEqual(3);
    expect(a.trace.length % 2).toBe(1);
    expect(a.trace.every((e) => Number(e.split(":")[0]) <= 5)).toBe(true);
    expect(a.settled).toBe(0);
    expect(chatter(7).trace).toEqual(a.trace);
    expect(chatter(8).trace).not.toEqual(a.trace);
  });
});

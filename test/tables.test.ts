import { describe, expect, it } from "vitest";
import { gridPuzzle, keyEffect, toggleMatrix } from "../src/maths/puzzle";
import { getBit } from "../src/maths/gf2";
import { compileTables, emitTables } from "../src/maths/compile-tables";
import { MaskTables } from "../src/toy/tables";

// Sources 002 (§3.1) and 003: M[cell][key] for Merlin 3×3, and its inverse over GF(2).
const MERLIN_M = [
  "110100000", "111010000", "011001000", "100110100", "101010101",
  "001011001", "000100110", "000010111", "000001011",
];
const MERLIN_INVERSE = [
  "101001110", "111111000", "101100011", "110110110", "101010101",
  "011011011", "110001101", "000111111", "011100101",
];

const merlin = gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" });

describe("Merlin 3×3 model", () => {
  it("has the key effects of source 002 (corner 2×2, edge line, centre plus)", () => {
    expect(keyEffect(merlin, 0).sort()).toEqual([0, 1, 3, 4]);
    expect(keyEffect(merlin, 1).sort()).toEqual([0, 1, 2]);
    expect(keyEffect(merlin, 3).sort()).toEqual([0, 3, 6]);
    expect(keyEffect(merlin, 4).sort()).toEqual([1, 3, 4, 5, 7]);
    expect(keyEffect(merlin, 8).sort()).toEqual([4, 5, 7, 8]);
  });

  it("has the matrix M printed in sources 002 and 003", () => {
    const a = toggleMatrix(merlin);
    for (let r = 0; r < 9; r++) {
      let row = "";
      for (let c = 0; c < 9; c++) row += getBit(a, r, c);
      expect(row).toBe(MERLIN_M[r]);
    }
  });

  it("compiles tables whose solve columns are the columns of the printed inverse", () => {
    const t = compileTables(merlin);
    expect(t.check.length).toBe(0);
    expect(t.quiet.length).toBe(0);
    for (let cell = 0; cell < 9; cell++) {
      for (let key = 0; key < 9; key++) {
        expect((t.solve[cell] >>> key) & 1).toBe(Number(MERLIN_INVERSE[key][cell]));
      }
    }
    expect(emitTables(t)).toMatch(/^\{rows:3,cols:3,cells:9,keys:9,toggle:new Int32Array\(\[27,7,54,/);
  });

  it("orders the keys as source 003's strategy tries them: edges, corners, centre (1-based 2 4 6 8, 1 3 7 9, 5)", () => {
    expect(Array.from(compileTables(merlin).order, (k) => k + 1)).toEqual([2, 4, 6, 8, 1, 3, 7, 9, 5]);
  });

  it("emits tables that evaluate back to the same tables (an empty list as a plain [], which reads the same)", () => {
    const lists = (t: MaskTables) => [t.rows, t.cols, t.cells, t.keys, ...[t.toggle, t.solve, t.check, t.quiet, t.order].map((a) => Array.from(a))];
    for (const p of [merlin, gridPuzzle({ rows: 4, cols: 4, pattern: "plus" }), gridPuzzle({ rows: 2, cols: 3, pattern: "merlin" }), gridPuzzle({ rows: 5, cols: 5, pattern: "plus" })]) {
      const t = compileTables(p);
      const back = new Function(`return ${emitTables(t)};`)() as MaskTables;
      expect(lists(back)).toEqual(lists(t));
    }
  });

  it("solves the worked example of source 003: 010110101 → 111101111 by keys 3,4,5,8,9", () => {
    const t = compileTables(merlin);
    const bits = (s: string) => s.split("").reduce((m, ch, i) => m | (Number(ch) << i), 0);
    const diff = bits("010110101") ^ bits("111101111");
    let presses = 0;
    for (let c = 0; c < 9; c++) if ((diff >>> c) & 1) presses ^= t.solve[c];
    const keys: number[] = [];
    for (let k = 0; k < 9; k++) if ((presses >>> k) & 1) keys.push(k + 1);
    expect(keys).toEqual([3, 4, 5, 8, 9]);
  });
});

describe("singular boards", () => {
  it("5×5 plus has two quiet patterns and two parity checks, each check orthogonal to every toggle", () => {
    const p = gridPuzzle({ rows: 5, cols: 5, pattern: "plus" });
    const t = compileTables(p);
    expect(t.quiet.length).toBe(2);
    expect(t.check.length).toBe(2);
    const parity = (x: number) => { let n = 0; for (let i = 0; i < 32; i++) n ^= (x >>> i) & 1; return n; };
    for (const c of t.check) for (const tg of t.toggle) expect(parity(c & tg)).toBe(0);
    for (const q of t.quiet) {
      let effect = 0;
      for (let k = 0; k < 25; k++) if ((q >>> k) & 1) effect ^= t.toggle[k];
      expect(effect).toBe(0);
    }
  });
});

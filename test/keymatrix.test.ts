// Key-matrix readings to key masks: a small electrical model of the matrix (with and without
// diodes) produces the readings, and the scanner must never report a key that is not pressed
// unless it was already down, never drop a key that stays pressed, and be exact when it can.
import { describe, expect, it } from "vitest";
import { findGhosts, matrixToMask, resolveScan } from "../src/toy/keymatrix";
import { createDebouncer, debounceUpdate } from "../src/toy/debounce";
import { mulberry32 } from "./helpers/seeded";

/**
 * What a scan reads when `pressed` (a key mask) is held down. With diodes a driven row only
 * sees its own closed switches. Without diodes current also runs backwards through closed
 * switches, so the driven row sees every column connected to it through any chain of closed
 * switches (row → column → row → ...): the columns of its connected component.
 */
function readMatrix(pressed: number, rows: number, cols: number, diodes: boolean): number[] {
  const closed = (r: number, c: number): boolean => ((pressed >>> (r * cols + c)) & 1) === 1;
  const readings: number[] = [];
  for (let driven = 0; driven < rows; driven++) {
    if (diodes) {
      let m = 0;
      for (let c = 0; c < cols; c++) if (closed(driven, c)) m |= 1 << c;
      readings.push(m);
      continue;
    }
    let rowSet = 1 << driven;
    let colSet = 0;
    for (let grew = true; grew; ) {
      grew = false;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          if (!closed(r, c)) continue;
          const rIn = (rowSet >> r) & 1;
          const cIn = (colSet >> c) & 1;
          if (rIn && !cIn) (colSet |= 1 << c), (grew = true);
          if (cIn && !rIn) (rowSet |= 1 << r), (grew = true);
        }
      }
    }
    readings.push(colSet);
  }
  return readings;
}

/** Key mask from (row, column) pairs. */
function keys(cols: number, ...rc: [number, number][]): number {
  let m = 0;
  for (const [r, c] of rc) m |= 1 << (r * cols + c);
  return m >>> 0;
}

const rng = mulberry32;

describe("matrixToMask", () => {
  it.each([
    { name: "nothing", readings: [0, 0, 0], rows: 3, cols: 3, mask: 0 },
    { name: "pad 1 (row 0, col 0)", readings: [0b001, 0, 0], rows: 3, cols: 3, mask: 1 },
    { name: "pads 1 and 9", readings: [0b001, 0, 0b100], rows: 3, cols: 3, mask: 0b100000001 },
    { name: "pad 6 (row 1, col 2)", readings: [0, 0b100, 0], rows: 3, cols: 3, mask: 1 << 5 },
    { name: "column bits beyond the matrix are ignored", readings: [0b1000, 0xff0, 0], rows: 3, cols: 3, mask: 0 },
    { name: "4×4, last key", readings: [0, 0, 0, 0b1000], rows: 4, cols: 4, mask: 1 << 15 },
    { name: "4×8 fills all 32 bits, unsigned", readings: [0xff, 0xff, 0xff, 0xff], rows: 4, cols: 8, mask: 0xffffffff },
    { name: "a Uint8Array works too", readings: new Uint8Array([0b010, 0b010, 0]), rows: 3, cols: 3, mask: 0b010010 },
  ])("$name", ({ readings, rows, cols, mask }) => {
    expect(matrixToMask(readings, rows, cols)).toBe(mask);
  });
});

describe("ghosts without diodes (3×3)", () => {
  const C = 3;
  it.each([
    { name: "one key", down: keys(C, [1, 1]), ambiguous: false },
    { name: "two keys in a row", down: keys(C, [0, 0], [0, 2]), ambiguous: false },
    { name: "two keys in a column", down: keys(C, [0, 1], [2, 1]), ambiguous: false },
    { name: "pads 1 and 9 (the self-test chord)", down: keys(C, [0, 0], [2, 2]), ambiguous: false },
    { name: "a whole row", down: keys(C, [1, 0], [1, 1], [1, 2]), ambiguous: false },
    { name: "a whole column", down: keys(C, [0, 2], [1, 2], [2, 2]), ambiguous: false },
    { name: "a diagonal", down: keys(C, [0, 0], [1, 1], [2, 2]), ambiguous: false },
    { name: "three corners of a rectangle", down: keys(C, [0, 0], [0, 2], [2, 0]), ambiguous: true },
    { name: "three corners of a small rectangle", down: keys(C, [1, 1], [1, 2], [2, 2]), ambiguous: true },
    { name: "a genuine 2×2 block", down: keys(C, [0, 0], [0, 1], [1, 0], [1, 1]), ambiguous: true },
    { name: "a chain through three rows", down: keys(C, [0, 0], [1, 0], [1, 1], [2, 1]), ambiguous: true },
  ])("$name: ambiguous=$ambiguous", ({ down, ambiguous }) => {
    expect(findGhosts(readMatrix(down, 3, 3, false), 3, 3, false)).toBe(ambiguous);
    expect(findGhosts(readMatrix(down, 3, 3, true), 3, 3, true)).toBe(false);
  });

  it("three corners make the fourth read pressed, which is why the reading is not trusted", () => {
    const down = keys(C, [0, 0], [0, 2], [2, 0]);
    expect(matrixToMask(readMatrix(down, 3, 3, false), 3, 3)).toBe(down | keys(C, [2, 2]));
  });
});

describe("exhaustively, every set of pressed keys", () => {
  for (const [rows, cols] of [[3, 3], [4, 4], [2, 5]] as const) {
    it(`${rows}×${cols}: a reading without ghosts is exact; every ghost is detected; diodes are always exact`, () => {
      const n = rows * cols;
      const wrong: string[] = [];
      for (let down = 0; down < 1 << n; down++) {
        const bare = readMatrix(down, rows, cols, false);
        const seen = matrixToMask(bare, rows, cols);
        const ghosts = findGhosts(bare, rows, cols, false);
        if (!ghosts && seen !== down) wrong.push(`${down.toString(2)}: read as ${seen.toString(2)} without a warning`);
        if (resolveScan(0, readMatrix(down, rows, cols, true), rows, cols, true) !== down) wrong.push(`${down.toString(2)}: misread with diodes`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe("resolveScan", () => {
  const C = 3;
  it.each([
    {
      name: "unambiguous reading is taken as is (keys released too)",
      prev: keys(C, [0, 0], [1, 1]),
      down: keys(C, [1, 1], [2, 0]),
      expected: keys(C, [1, 1], [2, 0]),
    },
    {
      name: "third corner pressed: withheld, and the ghost is not invented",
      prev: keys(C, [0, 0], [0, 2]),
      down: keys(C, [0, 0], [0, 2], [2, 0]),
      expected: keys(C, [0, 0], [0, 2]),
    },
    {
      name: "held keys of the ambiguous block stay down",
      prev: keys(C, [0, 0], [0, 2], [2, 0]),
      down: keys(C, [0, 0], [0, 2], [2, 0]),
      expected: keys(C, [0, 0], [0, 2], [2, 0]),
    },
    {
      name: "a key far from the block still registers",
      prev: keys(C, [0, 0], [0, 1]),
      down: keys(C, [0, 0], [0, 1], [1, 0]),
      expected: keys(C, [0, 0], [0, 1]),
    },
    {
      name: "once the block clears, everything is read again",
      prev: keys(C, [0, 0], [0, 2]),
      down: keys(C, [2, 0]),
      expected: keys(C, [2, 0]),
    },
    {
      name: "extra-button bits above the matrix are not returned",
      prev: (1 << 9) | keys(C, [0, 0]),
      down: keys(C, [0, 0]),
      expected: keys(C, [0, 0]),
    },
  ])("$name", ({ prev, down, expected }) => {
    expect(resolveScan(prev, readMatrix(down, 3, 3, false), 3, 3, false)).toBe(expected);
  });

  it("with diodes a full rectangle is read exactly", () => {
    const down = keys(C, [0, 0], [0, 2], [2, 0], [2, 2]);
    expect(resolveScan(0, readMatrix(down, 3, 3, true), 3, 3, true)).toBe(down);
  });

  // The two promises, checked over every previous state and every set of pressed keys on 3×3
  // (and a seeded sample on 4×4): a key reported down is pressed or was down before (no
  // phantom press), and a key that was down and is still pressed stays down (no dropped press).
  function checkPromises(prev: number, down: number, rows: number, cols: number): void {
    const got = resolveScan(prev, readMatrix(down, rows, cols, false), rows, cols, false);
    if ((got & ~(down | prev)) !== 0) throw new Error(`phantom press: prev ${prev.toString(2)} down ${down.toString(2)} got ${got.toString(2)}`);
    if ((prev & down & ~got) !== 0) throw new Error(`dropped press: prev ${prev.toString(2)} down ${down.toString(2)} got ${got.toString(2)}`);
  }

  it("3×3, all 512×512 (previous, pressed) pairs: no phantom press, no dropped press", () => {
    for (let prev = 0; prev < 512; prev++) for (let down = 0; down < 512; down++) checkPromises(prev, down, 3, 3);
  });

  it("4×4, 20000 seeded random pairs: no phantom press, no dropped press", () => {
    const r = rng(7);
    for (let i = 0; i < 20000; i++) checkPromises(Math.floor(r() * 65536), Math.floor(r() * 65536), 4, 4);
  });

  it("scan → resolve → debounce: pressing three corners in turn never produces the ghost", () => {
    // Keys go down one by one, 50 ms apart, each bouncing for 2 ms (settled 5 ms before it
    // counts); all are released at 300 ms. The scan runs every 1 ms.
    const order: [number, number][] = [[0, 0], [0, 2], [2, 0]];
    const d = createDebouncer(9, 5, 10);
    const events: string[] = [];
    for (let t = 0; t < 400; t++) {
      let down = 0;
      order.forEach(([r, c], i) => {
        const at = 10 + 50 * i;
        if (t >= at && t < 300 && !(t < at + 2 && t % 2 === 1)) down |= keys(C, [r, c]);
      });
      const mask = resolveScan(d.stable, readMatrix(down, 3, 3, false), 3, 3, false);
      const changed = debounceUpdate(d, mask, t);
      for (let k = 0; k < 9; k++) if ((changed >> k) & 1) events.push(`${t} ${(d.stable >> k) & 1 ? "down" : "up"} ${k}`);
    }
    // Pad 7 (row 2, col 0) is withheld while it would complete the rectangle; pad 9 never shows.
    expect(events).toEqual(["17 down 0", "67 down 2", "310 up 0", "310 up 2"]);
  });
});

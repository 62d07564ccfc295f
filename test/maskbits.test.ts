// Small boards as masks and as "0/1" text (src/toy/maskbits.ts): the one conversion the CLI, the
// simulator's front ends and the tests share.
import { describe, expect, it } from "vitest";
import { bitsToMask, cellsToMask, maskToBits } from "../src/toy/maskbits";

describe("mask ↔ row-major 0/1 digits", () => {
  it("source 003's worked example: 010110101 is cells 2, 4, 5, 7 and 9 lit (1-based)", () => {
    const m = bitsToMask("010110101");
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter((i) => (m >> i) & 1).map((i) => i + 1)).toEqual([2, 4, 5, 7, 9]);
    expect(maskToBits(m, 9)).toBe("010110101");
    expect(cellsToMask(Uint8Array.from([0, 1, 0, 1, 1, 0, 1, 0, 1]))).toBe(m);
  });

  it("every 3×3 board round-trips, and a 32-cell board keeps cell 32 as the game holds it (signed)", () => {
    for (let m = 0; m < 512; m++) expect(bitsToMask(maskToBits(m, 9))).toBe(m);
    const all = "1".repeat(32);
    expect(bitsToMask(all)).toBe(-1);
    expect(maskToBits(-1, 32)).toBe(all);
    expect(cellsToMask(new Uint8Array(32).fill(1))).toBe(-1);
  });
});

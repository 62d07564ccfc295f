/**
 * firmware/store.ts's seal: each file ends in a comma and the CRC-32 of its text in base 36,
 * written by base36 (the pin-level tests check the files the toy writes and reads through it).
 */
import { buildSync } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";

let base36: (n: number) => string;

beforeAll(() => {
  // store.ts opens the toy's Storage as it loads: bundled, and run with a stand-in for it (no
  // test here reads a file).
  const code = buildSync({ entryPoints: ["firmware/store.ts"], bundle: true, external: ["Storage"], format: "cjs", write: false, logLevel: "error" }).outputFiles[0].text;
  const module = { exports: {} as { base36: typeof base36 } };
  new Function("require", "module", "exports", code)(() => ({}), module, module.exports);
  base36 = module.exports.base36;
});

describe("base36: a CRC-32 in base 36", () => {
  it("writes what Number.prototype.toString(36) writes, at the ends of the range and between", () => {
    const edges = [0, 1, 35, 36, 37, 36 ** 2 - 1, 36 ** 2, 36 ** 6 - 1, 36 ** 6, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 2, 2 ** 32 - 1];
    for (const n of edges) expect(base36(n), String(n)).toBe(n.toString(36));
  });

  it("agrees with toString(36) on 20 000 random 32-bit values", () => {
    let x = 0x9e3779b9;
    for (let i = 0; i < 20_000; i++) {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      expect(base36(x)).toBe(x.toString(36));
    }
  });
});

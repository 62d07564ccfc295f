// The benchmark of what a key press lexes (test/bench/hotpath.ts) counts the Storage modules
// too, in every game the profile carries: a bench that reads the core alone stops at the first
// module the toy reads (the console's).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadProfile } from "../hardware/validate";
import { profileModules } from "../firmware/build/build";
import { gameFile, MAGIC_SQUARE } from "../src/toy/midend";
import { hotPath } from "./bench/hotpath";

const ROOT = join(__dirname, "..");

describe("hotpath bench", () => {
  it("counts a key press in every game of pico-3x3, the modules' functions with the core's", async () => {
    const p = loadProfile("pico-3x3");
    const { fns, perKey } = await hotPath(p.name, "tictactoe");
    const games = [MAGIC_SQUARE, ...profileModules(p).map((m) => m.name)];
    expect(perKey.map((g) => g.game)).toEqual(games);
    for (const g of perKey) {
      // A key runs the mid-end, the game's player and its game: some dozen calls, thousands of bytes.
      expect(g.calls, g.game).toBeGreaterThan(5);
      expect(g.text, g.game).toBeGreaterThan(1000);
      expect(g.image, g.game).toBeLessThan(g.text);
      expect(g.refused, g.game).toBeGreaterThanOrEqual(0);
      expect(g.refused, g.game).toBeLessThan(1);
      expect(g.madeInPlace, g.game).toBeGreaterThanOrEqual(0);
      expect(g.madeInPlace, g.game).toBeLessThanOrEqual(g.calls);
    }
    // A function made in place is an expression called where it stands, never a declaration.
    for (const f of fns.filter((x) => x.inPlace)) expect(f.head).not.toMatch(/^function [\w$]+\(/);
    // Magic Square plays every press under the 1978 rules.
    expect(perKey[0].refused).toBe(0);
    // The function table is Tic-Tac-Toe's key: its own module, its player's and the core's run.
    const ran = new Set(fns.filter((f) => f.perPress > 0).map((f) => f.file));
    expect(ran).toContain("firmware.js");
    expect(ran).toContain(gameFile("tictactoe"));
    expect(ran).toContain(gameFile("lights"));
    expect(ran).not.toContain(gameFile("echo"));
    // The two tables agree: the functions' bytes add up to the game's total.
    const ttt = perKey.find((g) => g.game === "tictactoe")!;
    expect(fns.reduce((s, f) => s + f.perPress * f.textBytes, 0)).toBeCloseTo(ttt.text, 6);
    // A tap through the key matrix (Magic Square's middle pad) runs the scanner in the core.
    expect(fns.filter((f) => f.perTap > 0 && f.file === "firmware.js").length).toBeGreaterThan(5);
  });

  it("refuses a game the board does not carry, in one line naming those it does", () => {
    const r = spawnSync(process.execPath, ["tools/tsrun.mjs", "test/bench/hotpath.ts", "--game", "chess"], { cwd: ROOT, encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^hotpath: pico-3x3 has no game 'chess' \(one of: magicsquare, tictactoe, .*\)\n$/);
  });
});

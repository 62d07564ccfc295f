// The console on the toy: locked with the profile's password on Bluetooth boards (so nobody
// nearby can read or replace the code), open over USB otherwise; and the console API's errors.
import { beforeAll, describe, expect, it } from "vitest";
import { listProfiles, loadProfile } from "../hardware/validate";
import { bootToy, prepareToy, toyState } from "./helpers/toy";

describe.each(listProfiles())("%s console", (name) => {
  beforeAll(() => prepareToy(name), 120_000);

  it("is locked with the profile's password exactly when the profile sets one", () => {
    const board = bootToy(name);
    const profile = loadProfile(name);
    const calls = board.calls.map((c) => [c.name, c.args]);
    if (profile.consolePassword) {
      expect(calls).toContainEqual(["E.setPassword", [profile.consolePassword]]);
      expect(calls.map((c) => c[0])).toContain("E.lockConsole");
    } else {
      expect(calls.map((c) => c[0])).not.toContain("E.setPassword");
      expect(calls.map((c) => c[0])).not.toContain("E.lockConsole");
    }
    expect(board.errors).toEqual([]);
  });

  it("rejects a bad start or rule set with an error and leaves the game as it was", () => {
    const board = bootToy(name);
    const before = toyState(board);
    expect(() => board.eval('Merlin.start("12")')).toThrow();
    expect(() => board.eval('Merlin.setRules("chess")')).toThrow();
    const after = toyState(board);
    expect(after.board).toBe(before.board);
    expect(after.moves).toBe(before.moves);
    expect(after.rules).toBe(before.rules);
  });
});

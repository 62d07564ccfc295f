// The console on the toy: locked with the profile's password on Bluetooth boards (so nobody
// nearby can read or replace the code), open over USB otherwise; and the console API's errors.
import { beforeAll, describe, expect, it } from "vitest";
import { listProfiles, loadProfile } from "../hardware/validate";
import { bootToy, padGeometry, prepareToy, tap, toyState } from "./helpers/toy";

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
    const pads = loadProfile(name).rows * loadProfile(name).cols;
    expect(() => board.eval(`Merlin.start("${"0".repeat(pads - 1)}x")`)).toThrow();
    expect(() => board.eval('Merlin.setRules("chess")')).toThrow();
    const after = toyState(board);
    expect(after.board).toBe(before.board);
    expect(after.moves).toBe(before.moves);
    expect(after.rules).toBe(before.rules);
  });

  it("muting plays the mute cue (down an octave), then presses are silent; unmuting plays the reverse", () => {
    const board = bootToy(name);
    const t0 = board.clock.now;
    board.eval("Merlin.mute(true)");
    board.clock.advance(400);
    const muteTones = board.tones.filter((x) => x.t >= t0 && x.freq > 0).map((x) => x.freq);
    expect(muteTones).toEqual([880, 440]);
    const t1 = board.clock.now;
    tap(board, padGeometry(name).pads - 1);
    expect(board.tones.filter((x) => x.t >= t1 && x.freq > 0)).toEqual([]);
    expect(toyState(board).muted).toBe(true);
    const t2 = board.clock.now;
    board.eval("Merlin.mute(false)");
    board.clock.advance(400);
    expect(board.tones.filter((x) => x.t >= t2 && x.freq > 0).map((x) => x.freq)).toEqual([440, 880]);
  });
});

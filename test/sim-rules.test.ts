// The rule sets and games the simulator's front ends offer are the board's own: the rule sets,
// then the games its firmware plays (the RULES hold's cycle, src/midend.ts), so the terminal
// UI's R, `merlin sim --rules` and the browser link's rules= reach every one of them.
import { beforeAll, describe, expect, it } from "vitest";
import { loadProfile } from "../hardware/validate";
import { runAction } from "../sim/app/actions";
import { readPuzzleLink } from "../sim/app/deal-values";
import { toyGameNames } from "../sim/app/firmware-loader";
import { openSession } from "../sim/app/node-session";
import { movesText, toyPuzzle, toyRuleNames } from "../sim/app/toy-info";
import { merlin } from "./helpers/cli";
import { buildToy } from "./helpers/toy";

describe("the toy's rule sets and games in the simulator", () => {
  let code5: string;
  beforeAll(async () => {
    code5 = await buildToy("pico-5x5-neopixel");
  }, 120_000);

  it("R steps through the same cycle as the toy's own RULES hold (pad 6), games included, and back to basic", async () => {
    const profile = loadProfile("pico-5x5-neopixel");
    const held = await openSession({ profile, code: code5, boardSeed: 1 });
    const viaHold: string[] = [];
    for (let i = 0; i < 6; i++) {
      // The hold gesture: 1.5 s on pad 6.
      held.pressFor(5, 1700, 1500);
      viaHold.push(held.state().rules);
    }
    // The firmware's own cycle on this board, read from the pads: the games come after the rule sets.
    expect(viaHold).toEqual(["merlin1978", "classic", "lightsout", "lightsout2000", "basic", "merlin1978"]);
    const pressed = await openSession({ profile, code: code5, boardSeed: 1 });
    const toy = toyPuzzle(5, 5);
    const viaR: string[] = [];
    for (let i = 0; i < 6; i++) {
      runAction(pressed, toy, "rules");
      pressed.wait(1000);
      viaR.push(pressed.state().rules);
    }
    expect(viaR).toEqual(viaHold);
  }, 120_000);

  it("in a game the moves show its rule set's limit (lightsout plays classic: lost at 10 over par)", () => {
    const s = { moves: 0, status: "playing" as const, reason: null, seed: 0, puzzle: 0, par: 6 };
    expect(movesText({ ...s, rules: "lightsout" })).toBe("moves 0 (lost at 16)");
    expect(movesText({ ...s, rules: "lightsout2000" })).toBe("moves 0 (lost at 16)");
  });

  it("merlin sim --rules takes the board's games (headless: a Lights Out plus turned off by its centre)", async () => {
    const r = await merlin(["sim", "--headless", "--board", "pico-5x5-neopixel", "--rules", "lightsout", "--start", "00000/00100/01110/00100/00000", "--keys", "13", "--json"]);
    expect(r.err).toBe("");
    expect(JSON.parse(r.out)).toMatchObject({ leds: "0".repeat(25), status: "won", moves: 1, errors: [] });
    const three = await merlin(["sim", "--headless", "--board", "pico-3x3", "--rules", "lightsout", "--keys", "1"]);
    expect(three.code).toBe(2);
    expect(three.err).toBe("merlin sim: --rules must be one of basic, merlin1978, classic, got 'lightsout'\n");
  }, 120_000);

  it("the browser link's rules= takes the games of the link's board, and only those", () => {
    const profiles = ["pico-3x3", "pico-5x5-neopixel"];
    const rulesOf = (b: string | undefined) => toyRuleNames(toyGameNames(loadProfile(b ?? "pico-3x3")));
    const link = (q: string) => {
      const p = new URLSearchParams(q);
      return readPuzzleLink((n) => p.get(n), profiles, rulesOf);
    };
    expect(link("board=pico-5x5-neopixel&rules=lightsout2000&seed=3")).toEqual({ board: "pico-5x5-neopixel", rules: "lightsout2000", seed: 3 });
    expect(() => link("rules=lightsout&seed=3")).toThrow("the link's rules must be one of basic, merlin1978, classic, got 'lightsout'");
  });
});

// The rule sets and games the simulator's front ends offer are the board's own: the rule sets,
// then the games its firmware plays (the RULES hold's cycle, src/toy/midend.ts), so the terminal
// UI's R, `merlin sim --rules` and the browser link's rules= reach every one of them.
import { beforeAll, describe, expect, it } from "vitest";
import { loadProfile } from "../hardware/validate";
import { runAction } from "../sim/app/actions";
import { readPuzzleLink } from "../sim/app/deal-values";
import { toyGameNames } from "../sim/app/firmware-loader";
import { openSession } from "../sim/app/node-session";
import { movesText, toyRuleNames } from "../sim/app/toy-info";
import { helpText } from "../sim/app/tui";
import { merlin } from "./helpers/cli";
import { buildToy, toyGameFiles } from "./helpers/toy";

describe("the toy's rule sets and games in the simulator", () => {
  let code5: string;
  let files5: Record<string, string>;
  beforeAll(async () => {
    code5 = await buildToy("pico-5x5-neopixel");
    files5 = await toyGameFiles("pico-5x5-neopixel");
  });

  it("R steps through the same cycle as the toy's own RULES hold (pad 6), games included, and back to basic", async () => {
    const profile = loadProfile("pico-5x5-neopixel");
    const held = await openSession({ profile, code: code5, files: files5, boardSeed: 1 });
    const viaHold: string[] = [];
    do {
      // The hold gesture: 1.5 s on pad 6, until the toy is back at basic.
      held.pressFor(5, 1700, 1500);
      viaHold.push(held.state().rules);
    } while (viaHold[viaHold.length - 1] !== "basic" && viaHold.length < 20);
    // The firmware's own cycle on this board, read from the pads: the rule sets, then the games
    // (README: basic → merlin1978 → classic → lightsout → lightsout2000; more when the profile gains one).
    expect(viaHold.slice(0, 4)).toEqual(["merlin1978", "classic", "lightsout", "lightsout2000"]);
    expect(viaHold[viaHold.length - 1]).toBe("basic");
    const pressed = await openSession({ profile, code: code5, files: files5, boardSeed: 1 });
    // The names the simulator offers are that cycle.
    expect(pressed.rules.slice(1).concat("basic")).toEqual(viaHold);
    const viaR: string[] = [];
    for (let i = 0; i < viaHold.length; i++) {
      runAction(pressed, "rules");
      pressed.wait(1000);
      viaR.push(pressed.state().rules);
    }
    expect(viaR).toEqual(viaHold);
  });

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
  });

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

  it("COMP TURN in a game names the key it pressed: the pads that changed are that key's plus", async () => {
    const session = await openSession({ profile: loadProfile("pico-5x5-neopixel"), code: code5, files: files5, boardSeed: 1 });
    session.api('Merlin.setRules("lightsout")');
    session.wait(1000);
    const before = session.state().board;
    const r = runAction(session, "compTurn");
    session.wait(1000);
    const after = session.state().board;
    const key = Number(/^COMP TURN pressed (\d+)$/.exec(r.message)?.[1]) - 1;
    // Lights Out: a press toggles the pad and its up/down/left/right neighbours on the 5×5.
    const [row, col] = [Math.floor(key / 5), key % 5];
    const plus = [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]].filter(([dr, dc]) => row + dr >= 0 && row + dr < 5 && col + dc >= 0 && col + dc < 5).map(([dr, dc]) => (row + dr) * 5 + col + dc);
    const changed = [...before].flatMap((c, i) => (c !== after[i] ? [i] : []));
    expect(changed).toEqual(plus.sort((a, b) => a - b));
  });

  it("the terminal help states the goal and the press of the board and rules in play", () => {
    const text = (rules: string, side: number) => helpText(rules, side, side).join(" ");
    // Merlin 3×3 (sources 002/003): the ring of 8 with the centre dark.
    expect(text("basic", 3)).toContain("Goal: every pad lit but the centre. A corner toggles its 2×2 block, an edge pad its edge line, the centre the plus.");
    // An even side has no centre pad: the ring target leaves the middle 2×2 dark.
    expect(text("basic", 4)).toContain("Goal: every pad lit but the middle 4.");
    expect(text("basic", 4)).not.toContain("centre");
    // Lights Out: all dark, a press changes the plus; Lights Out 2000: three colours.
    expect(text("lightsout", 5)).toContain("Goal: every pad dark. A press toggles the pad and its neighbours (the plus).");
    expect(text("lightsout2000", 5)).toContain("Goal: every pad dark. A press advances the pad and its neighbours (the plus) one colour (0 → 1 → 2 → 0).");
    // Source 001's blackwhite: the swapped checkerboard, 2×2 intersection blocks, cycle (1,3) = mod 4.
    for (const side of [4, 5]) {
      expect(text("blackwhite", side)).toContain(
        "Goal: a checkerboard: colour 1 on the top-left pad and every second pad from it, the rest dark. " +
          "A pad advances its 2×2 block (the pad, the one to its right and the two below) one colour (0 → 1 → 2 → 3 → 0); the pads of the last row and column are no keys.",
      );
    }
  });
});

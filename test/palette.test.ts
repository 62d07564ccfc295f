// The pad states' looks (sim/app/palette.ts): each k-state palette stays apart under the common
// colour-vision deficiencies, the colours are the ones the firmware's pixels really hold, and
// every state has a name and a symbol of its own.
//
// Simulation: Machado, Oliveira & Fernandes (2009) matrices at severity 1 for protanopia,
// deuteranopia and tritanopia, applied to linear sRGB, clamped; differences are CIEDE2000 in
// CIELAB (D65). Smallest difference between any two states of a k-state palette, over normal
// vision and the three simulations (the dark state drawn as DARK_RGB): k = 2 (dark, Merlin's
// red) 27.9; k = 3 34.3; k = 4 27.0; k = 5 19.4; k = 6 13.5. (A ΔE2000 of 10 is a difference
// anyone sees at a glance; the former dark/red/green of the 3-colour game was 19.4, red against
// green under deuteranopia.) The bars below are those figures rounded down.
//
// The page draws the states in their screen colours (the pixels' hues, set apart in lightness):
// smallest ΔE2000 over normal vision, the three deficiencies and two greyscale views (linear
// luminance, and luma as CSS grayscale() weighs the encoded channels): k = 2 17.6 (dark and lit,
// luma greyscale); k = 3 16.5; k = 4 15.2 (magenta and red, greyscale); k = 5 and 6 7.95 (white
// and green, greyscale). The pixels' own colours in luma greyscale: 2.0 (red against dark)
// but for k = 3 (8.1, magenta against dark): the grey that made red and dark one on a projector.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { COLOUR_STATES, contrast, DARK_RGB, inkOn, keyPads, legendLines, LIT_RGB, ONOFF_STATES, type Rgb, screenColour, shownState, statePalette } from "../sim/app/palette";
import { formatBoard } from "../src/maths/boardstate";
import { DEFAULT_CYCLE, gamePuzzle, gameSpec, gameTarget, MAX_CYCLE } from "../src/maths/games";
import { gridPuzzle, pressKey } from "../src/maths/puzzle";
import { bootToy, prepareToy, setRules, startAt } from "./helpers/toy";
import { deltaE2000, greyscale, lab, MACHADO, simulate, smallestDifference, smallestGreyDifference } from "./helpers/colour-vision";

describe("the colour-vision simulation and the colour difference", () => {
  it("CIEDE2000 gives Sharma, Wu & Dalal's published test values", () => {
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(deltaE2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(deltaE2000([22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619])).toBeCloseTo(2.0373, 4);
  });

  it("the simulations keep grey grey, and take red and green together under deuteranopia", () => {
    for (const kind of Object.keys(MACHADO)) {
      const g = simulate([128, 128, 128], kind);
      for (const c of g) expect(Math.abs(c - 128)).toBeLessThan(2);
    }
    // The pair the former palette used: apart in normal vision, close for a deuteranope.
    const normal = deltaE2000(lab([255, 0, 0]), lab([0, 255, 0]));
    const deutan = deltaE2000(lab(simulate([255, 0, 0], "deuteranopia")), lab(simulate([0, 255, 0], "deuteranopia")));
    expect(normal).toBeGreaterThan(80);
    expect(deutan).toBeLessThan(normal / 3);
  });
});

describe("the pad states' palette", () => {
  // k → the smallest ΔE2000 a k-state palette must keep (the file's header gives the figures).
  const BARS: { [k: number]: number } = { 2: 27, 3: 34, 4: 27, 5: 19, 6: 13 };

  it("every k-state palette, 2 to MAX_CYCLE states, stays apart under protanopia, deuteranopia and tritanopia", () => {
    expect(COLOUR_STATES.length).toBe(MAX_CYCLE);
    for (let k = 2; k <= MAX_CYCLE; k++) {
      const looks = statePalette(k);
      expect(looks.map((l) => l.state)).toEqual([...Array(k).keys()]);
      const s = smallestDifference(looks.map((l) => l.rgb));
      expect(s.d, `k = ${k}: ${looks[s.pair[0]].name} and ${looks[s.pair[1]].name} under ${s.kind}`).toBeGreaterThanOrEqual(BARS[k]);
    }
    // The 3-colour game (lightsout2000) is far better apart than the red/green it had.
    expect(smallestDifference([DARK_RGB, [255, 0, 0], [0, 255, 0]]).d).toBeLessThan(BARS[3] - 10);
  });

  it("the screen colours keep each pixel's hue and stay apart in greyscale too, where the pixels' own colours do not", () => {
    const SCREEN_BARS: { [k: number]: number } = { 2: 17, 3: 16, 4: 15, 5: 7.9, 6: 7.9 };
    const hue = (c: readonly number[]) => {
      const [r, g, b] = c.map((v) => v / 255);
      const max = Math.max(r, g, b);
      const d = max - Math.min(r, g, b);
      if (d === 0) return null;
      const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
      return (h * 60 + 360) % 360;
    };
    for (const look of [...COLOUR_STATES, ...ONOFF_STATES]) {
      const want = hue(look.rgb);
      const got = hue(look.screen);
      if (want === null) expect(look.screen, look.name).toEqual(look.rgb);
      else expect(Math.abs(((got! - want + 540) % 360) - 180), look.name).toBeLessThanOrEqual(8);
    }
    for (let k = 2; k <= MAX_CYCLE; k++) {
      const looks = statePalette(k);
      const cvd = smallestDifference(looks.map((l) => l.screen));
      const grey = smallestGreyDifference(looks.map((l) => l.screen));
      expect(cvd.d, `k = ${k}: ${looks[cvd.pair[0]].name} and ${looks[cvd.pair[1]].name} under ${cvd.kind}`).toBeGreaterThanOrEqual(SCREEN_BARS[k]);
      expect(grey.d, `k = ${k}: ${looks[grey.pair[0]].name} and ${looks[grey.pair[1]].name} in ${grey.kind}`).toBeGreaterThanOrEqual(SCREEN_BARS[k]);
      // The pixels' own colours would do worse: red and dark one grey (magenta and dark 8.1 on k = 3).
      expect(smallestGreyDifference(looks.map((l) => l.rgb)).d).toBeLessThan(k === 3 ? 8.5 : 3);
    }
    // A pixel at any brightness is drawn in its state's screen colour; a colour no state has, as it is.
    expect(screenColour(4, [48, 0, 48])).toEqual([255, 140, 255]);
    expect(screenColour(2, [48, 0, 0])).toEqual([255, 59, 48]);
    expect(screenColour(3, [48, 0, 0])).toEqual([255, 0, 0]);
  });

  it("every state has a name and a symbol of its own, and a label colour that reads on it", () => {
    for (let k = 2; k <= MAX_CYCLE; k++) {
      const looks = statePalette(k);
      expect(new Set(looks.map((l) => l.name)).size).toBe(k);
      expect(new Set(looks.map((l) => l.symbol)).size).toBe(k);
      for (const l of looks) {
        expect([...l.symbol]).toHaveLength(1);
        expect(contrast(inkOn(l.rgb), l.rgb), l.name).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(statePalette(2).map((l) => l.name)).toEqual(["dark", "lit"]);
    expect(statePalette(3).map((l) => l.name)).toEqual(["dark", "white", "magenta"]);
  });

  it("reads the state back from a pad's light", () => {
    for (const l of COLOUR_STATES.slice(1)) {
      // A pixel at the toy's brightness cap (48), and at a low brightness setting.
      expect(shownState(6, 1, l.rgb.map((c) => (c * 48) / 255))).toBe(l.state);
      expect(shownState(3, 1, l.rgb.map((c) => (c * 8) / 255))).toBe(l.state);
    }
    expect(shownState(3, 0.05, [48, 48, 48])).toBe(0);
    expect(shownState(3, 1, [0, 0, 0])).toBe(0);
    expect(shownState(2, 1, [48, 0, 0])).toBe(1);
    expect(shownState(2, 0.9)).toBe(1);
    expect(shownState(2, 0)).toBe(0);
  });

  it("the legend names each colour's state and which pads are keys", () => {
    const plus = gridPuzzle({ rows: 5, cols: 5, pattern: "plus", states: 3 });
    expect(legendLines(3, keyPads(plus))).toEqual([
      "Colours: ○ dark = 0, ● white = 1, ▲ magenta = 2; a press moves a pad on one colour: dark → white → magenta → dark.",
      "Keys: every pad.",
    ]);
    const bw = gamePuzzle(gameSpec("blackwhite")!, 4, DEFAULT_CYCLE);
    const keys = keyPads(bw);
    // Source 001's 9 intersections of the 4×4 sit at the top-left pad of their 2×2 block.
    expect(keys.map((k) => (k ? "1" : "0")).join("")).toBe("1110111011100000");
    expect(legendLines(bw.states, keys)[1]).toBe("Keys: 9 pads; the 7 with a dashed edge are no keys, they only show a colour.");
    expect(legendLines(2, keyPads(gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" })))[0]).toBe("Colours: ● lit (a red glow), ○ dark.");
  });

  it("the page draws dark pads and unlit LEDs in the palette's dark", () => {
    const css = readFileSync(new URL("../sim/web/page/style.css", import.meta.url), "utf8");
    const hex = "#" + DARK_RGB.map((c) => c.toString(16).padStart(2, "0")).join("");
    expect(css).toContain(`--off: ${hex};`);
    expect(LIT_RGB).toEqual([255, 0, 0]);
  });
});

describe("the palette is what the toy's pixels hold", () => {
  beforeAll(async () => {
    await prepareToy("pico-5x5-neopixel");
  });

  it("pico-5x5-neopixel: each state of lightsout2000 and blackwhite shows the palette's colour at the brightness setting", () => {
    const board = bootToy("pico-5x5-neopixel");
    const cap = 48;
    for (const game of ["lightsout2000", "blackwhite"]) {
      // A board the game can reach: its goal after a few presses, showing every state.
      const spec = gameSpec(game)!;
      const p = gamePuzzle(spec, 5, DEFAULT_CYCLE);
      const cells = gameTarget(spec, p, DEFAULT_CYCLE);
      for (const key of [0, 0, 6, 6, 6, 12, 3, 3, 15, 15]) pressKey(p, cells, key % p.keys);
      const digits = formatBoard(cells);
      for (let s = 0; s < p.states; s++) expect(digits).toContain(String(s));
      setRules(board, game);
      board.clock.advance(700);
      expect(startAt(board, digits).board).toBe(digits);
      board.clock.advance(200);
      const leds = board.leds();
      for (let i = 0; i < digits.length; i++) {
        const look = COLOUR_STATES[Number(digits[i])];
        const want = look.state === 0 ? [0, 0, 0] : look.rgb.map((c) => (c / 255) * cap);
        expect(leds[i].rgb, `${game} pad ${i + 1} (${look.name})`).toEqual(want);
        expect(shownState(p.states, leds[i].brightness / board.ledPeak, leds[i].rgb)).toBe(look.state);
      }
    }
  });
});

describe("the terminal draws the states' symbols", () => {
  it("a colour game's pads carry their symbol on the top line, with colour and without; on/off games keep their look", async () => {
    const { renderFrame } = await import("../sim/app/tui");
    const digits = "0120120120120120120120120";
    const pixel = (v: number) => (v === 0 ? [0, 0, 0] : COLOUR_STATES[v].rgb.map((c) => (c * 48) / 255)) as Rgb;
    const view = (color: boolean, rules: string) => ({
      profile: "pico-5x5-neopixel",
      rows: 5,
      cols: 5,
      pads: [...digits].map((d) => (d === "0" ? 0 : 1)),
      rgb: [...digits].map((d) => pixel(Number(d))),
      labels: Array.from({ length: 25 }, (_x, i) => (i < 9 ? String(i + 1) : "")),
      cursor: -1,
      buttons: [],
      state: { moves: 0, status: "playing" as const, reason: null, rules, seed: 1, puzzle: 0, par: 5, muted: false, asleep: false },
      stats: { games: 0, wins: 0, best: 0 },
      goal: "0".repeat(25),
      tone: 0,
      quiet: true,
      message: "",
      help: false,
      color,
    });
    const plain = renderFrame(view(false, "lightsout2000"), 100, 40).lines;
    // Row 1's top line: pads 1-5 are dark, white, magenta, dark, white.
    expect(plain[3].slice(0, 49)).toBe("  ░░ ○ ░░   ██ ● ██   ██ ▲ ██   ░░ ○ ░░   ██ ● ██");
    const coloured = renderFrame(view(true, "lightsout2000"), 100, 40).lines;
    expect(coloured[3]).toContain("\x1b[1;38;2;0;0;0;48;2;255;0;255m   ▲   \x1b[0m");
    expect(coloured[3]).toContain("\x1b[1;38;2;0;0;0;48;2;255;255;255m   ●   \x1b[0m");
    expect(coloured[3]).toContain("\x1b[1;38;2;255;255;255;48;2;48;48;48m   ○   \x1b[0m");
    // lightsout (on/off) on the same board: no symbols.
    expect(renderFrame(view(false, "lightsout"), 100, 40).lines[3].slice(0, 30)).toBe("  ░░░░░░░   ███████   ███████ ");
  });
});

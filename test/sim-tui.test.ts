// The terminal UI's pure parts: the frame drawn from LED brightness and game state, the key
// layouts, input parsing; and the command refusing to run without a terminal.
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CommandIO } from "../sim/cli/command";
import { runMerlin } from "../sim/cli/main";
import { padForDigit, padLabels, parseInput, renderFrame, TuiView } from "../sim/app/tui";

function view(over: Partial<TuiView> = {}, state: Partial<TuiView["state"]> = {}): TuiView {
  return {
    profile: "pico-3x3",
    rows: 3,
    cols: 3,
    pads: [1, 1, 1, 1, 0, 1, 1, 1, 0.4],
    labels: padLabels(3, 3, false),
    cursor: -1,
    buttons: [],
    state: { moves: 3, status: "playing", reason: null, rules: "basic", seed: 7, puzzle: 0, par: 6, muted: false, asleep: false, ...state },
    tone: 0,
    message: "",
    help: false,
    color: false,
    ...over,
  };
}

describe("renderFrame", () => {
  it("draws lit pads solid, dark pads shaded, half-bright (PWM or mid-blink) pads in between, with their keys", () => {
    const { lines } = renderFrame(view(), 80, 24);
    expect(lines[0]).toBe(" MERLIN  pico-3x3");
    expect(lines[1]).toBe(" rules basic   seed 7   par 6");
    expect(lines.slice(3, 6)).toEqual([
      "  ███████   ███████   ███████",
      "  ██ 1 ██   ██ 2 ██   ██ 3 ██",
      "  ███████   ███████   ███████",
    ]);
    expect(lines.slice(7, 10)).toEqual([
      "  ███████   ░░░░░░░   ███████",
      "  ██ 4 ██   ░░ 5 ░░   ██ 6 ██",
      "  ███████   ░░░░░░░   ███████",
    ]);
    expect(lines[12]).toBe("  ██ 7 ██   ██ 8 ██   ▒▒ 9 ▒▒");
    expect(lines).toContain(" moves 3");
    expect(lines).toContain(" playing");
    expect(lines[23]).toMatch(/^ 1-9 pads .* Q quit$/);
    expect(lines).toHaveLength(24);
  });

  it("a blinking pad is drawn as the LED is at each moment: lit in one frame, dark in the next", () => {
    const on = renderFrame(view({ pads: [1, 0, 0, 0, 0, 0, 0, 0, 0] }), 80, 24).lines[4];
    const off = renderFrame(view({ pads: [0, 0, 0, 0, 0, 0, 0, 0, 0] }), 80, 24).lines[4];
    expect(on.startsWith("  ██ 1 ██")).toBe(true);
    expect(off.startsWith("  ░░ 1 ░░")).toBe(true);
  });

  it("status lines for a win, a loss, sleep; the cursor; a tone; colour uses ANSI backgrounds", () => {
    expect(renderFrame(view({}, { status: "won", moves: 5, par: 5 }), 80, 24).lines).toContain(" WON in 5 moves! (par 5)  N new game");
    expect(renderFrame(view({}, { status: "lost", reason: "all-dark" }), 80, 24).lines).toContain(" LOST: every pad went dark  N new game, S same game");
    expect(renderFrame(view({}, { status: "lost", reason: "move-limit", moves: 20 }), 80, 24).lines).toContain(" LOST: 20 moves used  N new game, S same game");
    expect(renderFrame(view({}, { asleep: true }), 80, 24).lines).toContain(" asleep: press any pad to wake it");
    expect(renderFrame(view({ cursor: 4 }), 80, 24).lines[8]).toBe("  ██ 4 ██  [░░ 5 ░░]  ██ 6 ██");
    expect(renderFrame(view({ tone: 150 }), 80, 24).lines).toContain(" moves 3   ♪ 150 Hz");
    const coloured = renderFrame(view({ color: true }), 80, 24).lines;
    expect(coloured[4]).toContain("\x1b[1;97;101m   1   \x1b[0m");
    expect(coloured[8]).toContain("\x1b[37;100m   5   \x1b[0m");
    expect(coloured[12]).toContain("\x1b[97;41m   9   \x1b[0m");
  });

  it("pads are clickable where they are drawn; extra buttons get a row", () => {
    const v = view({ rows: 4, cols: 4, pads: new Array(16).fill(0), labels: padLabels(4, 4, false), buttons: ["newGame", "hitMe"] });
    const { lines, hits } = renderFrame(v, 80, 30);
    const pad15 = hits.find((h) => h.target === 14)!;
    expect(lines[pad15.y0 + 1].slice(pad15.x0, pad15.x1 + 1)).toBe(" ░░ · ░░ ");
    const pad6 = hits.find((h) => h.target === 5)!;
    expect(lines[pad6.y0 + 1].slice(pad6.x0, pad6.x1 + 1)).toBe(" ░░ 6 ░░ ");
    const hit = hits.find((h) => h.target === "hitMe")!;
    expect(lines[hit.y0].slice(hit.x0, hit.x1 + 1)).toBe("[HIT ME]");
  });

  it("says so when the terminal is too small", () => {
    expect(renderFrame(view(), 20, 10).lines[0]).toMatch(/^terminal too small: 20×10, need \d+×\d+$/);
  });
});

describe("keys", () => {
  it("source 002's layout puts 1 top-left; --keypad puts 7 8 9 on top", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => padForDigit(d, 3, 3, false))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect([7, 8, 9, 4, 5, 6, 1, 2, 3].map((d) => padForDigit(d, 3, 3, true))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(padForDigit(5, 4, 4, false)).toBe(4);
    expect(padForDigit(1, 4, 4, true)).toBe(8);
    expect(padLabels(4, 4, false).slice(9)).toEqual(["", "", "", "", "", "", ""]);
  });

  it("parses keys, arrows and SGR mouse reports", () => {
    expect(parseInput("5\x1b[A\x1b[<0;12;5M\x1b[<0;12;5mq")).toEqual([
      { kind: "key", key: "5" },
      { kind: "arrow", dir: "up" },
      { kind: "mouse", button: 0, x: 11, y: 4, down: true },
      { kind: "mouse", button: 0, x: 11, y: 4, down: false },
      { kind: "key", key: "q" },
    ]);
  });
});

describe("merlin sim without a terminal", () => {
  it("prints one line and exits 2", async () => {
    let out = "";
    let err = "";
    const io: CommandIO = { out: (t) => void (out += t), err: (t) => void (err += t), stdin: Readable.from([""]), isTTY: false };
    const code = await runMerlin(["sim"], io);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toBe('merlin sim needs an interactive terminal; try merlin sim --basic or merlin sim --headless --keys "..."\n');
  });

  it("--help lists the front ends and the key script", async () => {
    let out = "";
    const code = await runMerlin(["sim", "--help"], { out: (t) => void (out += t), err: () => {} });
    expect(code).toBe(0);
    expect(out).toContain("--headless");
    expect(out).toContain("5:1600");
  });
});

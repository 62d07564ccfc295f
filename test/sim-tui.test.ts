// The terminal UI: the frame drawn from LED brightness and game state, the key layouts, input
// parsing; the controller playing the real firmware on a virtual board (keys in, console-API
// actions, what the screen then says, checked against the LED pins and the solver); and the
// command refusing to run without a terminal.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadProfile } from "../hardware/validate";
import { CommandIO } from "../sim/cli/command";
import { runMerlin } from "../sim/cli/main";
import { openSession } from "../sim/app/node-session";
import type { SimSession } from "../sim/app/session";
import { colourWanted, helpText, padForDigit, padLabels, padLook, parseInput, renderFrame, TuiController, TuiView } from "../sim/app/tui";
import { lightLabels } from "../sim/app/game-words";
import { gridPuzzle } from "../src/maths/puzzle";
import { solve } from "../src/maths/solver";
import { merlin } from "./helpers/cli";
import { buildToy, patchedConsole, toyGameFiles } from "./helpers/toy";
import { applySetup } from "../sim/app/headless";
import { MERLIN_DELAY_MS } from "../src/toy/games/tictactoe";

const GOAL = "111101111";

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
    stats: { games: 3, wins: 1, best: 6 },
    goal: GOAL,
    tone: 0,
    quiet: false,
    message: "",
    help: false,
    color: false,
    ...over,
  };
}

describe("renderFrame", () => {
  it("names each state of a colour game beside the pads: symbol, digit and name, and how many pads are keys", () => {
    const five = (rules: string, rows: number) =>
      renderFrame(view({ profile: "pico-5x5-neopixel", rows, cols: rows, pads: new Array(rows * rows).fill(0), labels: padLabels(rows, rows, false), goal: "0".repeat(rows * rows) }, { rules }), 100, 40).lines.join("\n");
    const lo = five("lightsout2000", 5);
    expect(lo).toContain("  ○ 0 dark");
    expect(lo).toContain("  ● 1 white");
    expect(lo).toContain("  ▲ 2 magenta");
    expect(lo).not.toContain("■ 3 red");
    expect(lo).not.toContain("keys:");
    const bw = five("blackwhite", 5);
    expect(bw).toContain("  ■ 3 red");
    expect(bw).toContain("keys: 16 of the 25 pads");
    // On/off games need no legend: lit is lit.
    expect(renderFrame(view(), 80, 24).lines.join("\n")).not.toContain("colours");
  });

  it("draws lit pads solid, dark pads shaded, half-bright (PWM or mid-blink) pads in between, with their keys", () => {
    const { lines } = renderFrame(view(), 80, 24);
    expect(lines[0]).toBe(" MERLIN  pico-3x3   rules basic   seed 7, puzzle 0");
    expect(lines[1]).toBe(" moves 3/20   par 6");
    expect(lines.slice(3, 6).map((l) => l.slice(0, 30))).toEqual([
      "  ███████   ███████   ███████ ",
      "  ██ 1 ██   ██ 2 ██   ██ 3 ██ ",
      "  ███████   ███████   ███████ ",
    ]);
    expect(lines.slice(7, 10).map((l) => l.slice(0, 29))).toEqual([
      "  ███████   ░░░░░░░   ███████",
      "  ██ 4 ██   ░░ 5 ░░   ██ 6 ██",
      "  ███████   ░░░░░░░   ███████",
    ]);
    expect(lines[12].slice(0, 29)).toBe("  ██ 7 ██   ██ 8 ██   ▒▒ 9 ▒▒");
    expect(lines).toContain(" playing");
    expect(lines[23]).toBe(" N new S same H hint C comp U undo Y redo G goal R rules M mute ? help Q quit");
    expect(lines).toHaveLength(24);
  });

  it("shows the goal beside the pads, the statistics and the sound", () => {
    const { lines } = renderFrame(view(), 80, 24);
    const side = lines.slice(3, 12).map((l) => l.slice(33));
    expect(side).toEqual(["goal", "██ ██ ██", "██ ░░ ██", "██ ██ ██", "", "3 games, 1 win, best 6 moves", "sound on", "", ""]);
    expect(renderFrame(view({ stats: { games: 1, wins: 0, best: 0 } }), 80, 24).lines[8]).toContain("1 game, 0 wins, no best yet");
    const muted = renderFrame(view({}, { muted: true }), 80, 24).lines;
    expect(muted[1]).toBe(" moves 3/20   par 6   MUTED");
    expect(muted[9]).toContain("sound: MUTED (M)");
  });

  it("moves against each rule set's limit; par, and the score once won", () => {
    expect(renderFrame(view({}, { rules: "classic", par: 5, moves: 2 }), 80, 24).lines[1]).toBe(" moves 2 (lost at 15)   par 5");
    expect(renderFrame(view({}, { rules: "merlin1978" }), 80, 24).lines[1]).toBe(" moves 3   par 6");
    const won = renderFrame(view({}, { status: "won", moves: 7, par: 5 }), 80, 24).lines;
    expect(won[1]).toBe(" moves 7/20   par 5, score +2");
    expect(won).toContain(" WON in 7 moves (par 5, score +2)");
  });

  it("status lines for a win in one move, each loss, sleep; the cursor; a tone; colour uses ANSI backgrounds", () => {
    expect(renderFrame(view({}, { status: "won", moves: 1, par: 1 }), 80, 24).lines).toContain(" WON in 1 move (par 1, score ±0)");
    expect(renderFrame(view({}, { status: "lost", reason: "all-dark" }), 80, 24).lines).toContain(" LOST: every pad went dark");
    expect(renderFrame(view({}, { status: "lost", reason: "move-limit", moves: 20 }), 80, 24).lines).toContain(" LOST: 20 moves used");
    expect(renderFrame(view({}, { status: "lost", reason: "over-par", rules: "classic", moves: 20, par: 10 }), 80, 24).lines).toContain(" LOST: 10 moves over par");
    expect(renderFrame(view({}, { asleep: true }), 80, 24).lines).toContain(" asleep: press any pad to wake it");
    expect(renderFrame(view({ cursor: 4 }), 80, 24).lines[8].slice(0, 29)).toBe("  ██ 4 ██  [░░ 5 ░░]  ██ 6 ██");
    expect(renderFrame(view({ tone: 150 }), 80, 24).lines).toContain(" playing   ♪ 150 Hz");
    const coloured = renderFrame(view({ color: true }), 80, 24).lines;
    expect(coloured[4]).toContain("\x1b[1;97;101m   1   \x1b[0m");
    expect(coloured[8]).toContain("\x1b[37;100m   5   \x1b[0m");
    expect(coloured[12]).toContain("\x1b[97;41m   9   \x1b[0m");
  });

  it("NO_COLOR (https://no-color.org: set and not empty) and --no-color turn colour off; the pads are then glyphs", async () => {
    expect(colourWanted(false, {})).toBe(true);
    expect(colourWanted(false, { NO_COLOR: "" })).toBe(true);
    expect(colourWanted(false, { NO_COLOR: "1" })).toBe(false);
    expect(colourWanted(false, { NO_COLOR: "0" })).toBe(false);
    expect(colourWanted(true, {})).toBe(false);
    const plain = renderFrame(view({ color: colourWanted(false, { NO_COLOR: "1" }) }), 80, 24).lines.join("\n");
    expect(plain).not.toContain("\x1b[");
    expect(plain).toContain("██ 1 ██");
    // A terminal-UI option: the other front ends refuse it.
    let err = "";
    const io: CommandIO = { out: () => {}, err: (t) => void (err += t), stdin: Readable.from([""]), isTTY: false };
    expect(await runMerlin(["sim", "--headless", "--no-color", "--keys", "1"], io)).toBe(2);
    expect(err).toMatch(/^merlin sim: --no-color is for the terminal UI; [^\n]*\n$/);
  });

  it("pads are clickable where they are drawn; extra buttons get a row", () => {
    const v = view({ rows: 4, cols: 4, pads: new Array(16).fill(0), labels: padLabels(4, 4, false), buttons: ["newGame", "hitMe"], goal: "1111100110011111" });
    const { lines, hits } = renderFrame(v, 80, 30);
    const pad15 = hits.find((h) => h.target === 14)!;
    // Pads no digit key reaches show their number (messages name them: "hint: press 15"), dimmed in colour.
    expect(lines[pad15.y0 + 1].slice(pad15.x0, pad15.x1 + 1)).toBe(" ░░ 15░░ ");
    const coloured = renderFrame({ ...v, color: true }, 80, 30).lines[pad15.y0 + 1];
    expect(coloured).toContain("\x1b[2m 15\x1b[22m");
    expect(coloured).not.toContain("\x1b[2m 9");
    const pad6 = hits.find((h) => h.target === 5)!;
    expect(lines[pad6.y0 + 1].slice(pad6.x0, pad6.x1 + 1)).toBe(" ░░ 6 ░░ ");
    const hit = hits.find((h) => h.target === "hitMe")!;
    expect(lines[hit.y0].slice(hit.x0, hit.x1 + 1)).toBe("[HIT ME]");
  });

  it("in another of Merlin's games: the header and status line name it, the side panel says how it is played and its results, no goal", () => {
    const games = [{ name: "tictactoe", number: 1 }, { name: "echo", number: 3 }, { name: "magicsquare", number: 5 }];
    const tic = view(
      { games, stats: { games: 4, wins: 2, best: 0, losses: 1, draws: 1 } as TuiView["stats"] },
      { game: "tictactoe", rules: "basic", state: { level: "perfect", board: "000010000", turn: 1 }, blink: "000000000" },
    );
    const { lines } = renderFrame(tic, 80, 24);
    expect(lines[0]).toBe(" MERLIN  pico-3x3   game 1 Tic-Tac-Toe");
    expect(lines[1]).toBe(" 4 games: 2 won, 1 lost, 1 draw");
    expect(lines).toContain(" Tic-Tac-Toe: level perfect, your turn: press a pad");
    const side = lines.slice(3, 20).map((l) => l.slice(33)).join("\n");
    expect(side).toMatch(/^Tic-Tac-Toe\nThree in a row wins\./);
    expect(side).not.toContain("goal");
    expect(side).toContain("keys: every pad, by its light");
    expect(side).not.toContain("4 games");
    expect(lines[23]).toBe(" N games S same H hit me C comp turn U undo Y redo L level M mute ? help Q quit");
    // A finished game: its result, named.
    expect(renderFrame({ ...tic, state: { ...tic.state, status: "draw" } }, 80, 24).lines).toContain(" Tic-Tac-Toe: a draw — level perfect");
    // The choice of a game: what to press, and the games by number beside the pads.
    const choosing = renderFrame(view({ games }, { choosing: true }), 80, 24).lines;
    expect(choosing).toContain(" choose a game: press its number, or NEW GAME to go back");
    expect(choosing.slice(3, 8).map((l) => l.slice(33))).toEqual(["games:", "  1 Tic-Tac-Toe", "  3 Echo", "  5 Magic Square", ""]);
    // A line longer than the screen is cut, never wrapped (which would shift the screen).
    const long = renderFrame({ ...tic, message: "x".repeat(200) }, 80, 24).lines;
    expect(long.every((l) => l.length <= 80)).toBe(true);
    // The help: how the game is played and what each button does in it.
    const help = renderFrame({ ...tic, help: true }, 80, 24).lines.join("\n");
    expect(help).toContain("Playing Tic-Tac-Toe.");
    expect(help).toContain("C COMP TURN: lets Merlin move first.");
    expect(help).toContain("H HIT ME: not a key of Tic-Tac-Toe.");
    expect(help).toContain("L level: Tic-Tac-Toe's, merlin → perfect → two (a new game).");
    expect(help).not.toMatch(/Goal:|R steps through/);
  });

  it("on the 5×5, another game's pads are named by Merlin's lights, without colours, pads of no light blank", () => {
    const five = view(
      { profile: "pico-5x5-neopixel", rows: 5, cols: 5, pads: new Array(25).fill(0), labels: lightLabels(5, 5), goal: "0".repeat(25) },
      { game: "echo", rules: "lightsout2000", state: { phase: "choose", length: 0, entered: 0, right: 0 } },
    );
    const { lines, hits } = renderFrame(five, 100, 40);
    const text = lines.join("\n");
    expect(text).not.toContain("colours");
    expect(text).toContain("keys: the 11 numbered pads");
    const label = (pad: number) => {
      const h = hits.find((x) => x.target === pad)!;
      return lines[h.y0 + 1].slice(h.x0, h.x1 + 1);
    };
    expect(label(6)).toBe(" ░░ 1 ░░ ");
    expect(label(0)).toBe(" ░░   ░░ ");
    expect(lines).toContain(" Echo: press a pad for the tune's length");
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

describe("the terminal UI on the real firmware", () => {
  const merlin = gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" });
  const bits = (s: string) => Uint8Array.from(s.split("").map(Number));
  /** The pads as a player reads them on screen: lit or not. */
  const screenPads = (ui: TuiController) => ui.view().pads.map((b) => (padLook(b) === "lit" ? "1" : "0")).join("");
  const type = (ui: TuiController, keys: string) => {
    for (const ev of parseInput(keys)) ui.handle(ev);
  };
  let code: string;
  let files: Record<string, string>;
  beforeAll(async () => {
    code = await buildToy("pico-3x3");
    files = await toyGameFiles("pico-3x3");
  });

  async function open(atPowerOn = false): Promise<{ session: SimSession; ui: TuiController }> {
    const session = await openSession({ profile: loadProfile("pico-3x3"), code, files, boardSeed: 1, atPowerOn });
    if (!atPowerOn) session.api("Merlin.newGame(7)");
    session.wait(1000);
    return { session, ui: new TuiController(session, { keypad: false, quiet: true, color: false }) };
  }

  it("on the 4×4, a hint or COMP TURN naming pad 10-16 names a pad drawn with that number", async () => {
    const code4 = await buildToy("pico-4x4-neopixel");
    const files4 = await toyGameFiles("pico-4x4-neopixel");
    const session = await openSession({ profile: loadProfile("pico-4x4-neopixel"), code: code4, files: files4, boardSeed: 1 });
    const ui = new TuiController(session, { keypad: false, quiet: true, color: false });
    const named: number[] = [];
    for (let seed = 1; seed < 40 && !named.some((k) => k >= 10); seed++) {
      session.api(`Merlin.newGame(${seed})`);
      session.wait(300);
      type(ui, "h");
      const m = /^hint: press (\d+)$/.exec(ui.message);
      if (m) named.push(Number(m[1]));
    }
    const key = named.find((k) => k >= 10)!;
    expect(key).toBeGreaterThanOrEqual(10);
    const { lines, hits } = ui.frame(80, 30);
    const pad = hits.find((h) => h.target === key - 1)!;
    expect(lines[pad.y0 + 1].slice(pad.x0, pad.x1 + 1)).toContain(String(key));
  });

  it("on the 5×5 pixel board, lit pads take the colour the pixels hold (full-scale hue), dark pads stay grey", async () => {
    const code5 = await buildToy("pico-5x5-neopixel");
    const files5 = await toyGameFiles("pico-5x5-neopixel");
    const session = await openSession({ profile: loadProfile("pico-5x5-neopixel"), code: code5, files: files5, boardSeed: 1 });
    session.api("Merlin.newGame(3)");
    session.wait(1000);
    const ui = new TuiController(session, { keypad: false, quiet: true, color: true });
    const board = session.state().board;
    const { lines, hits } = ui.frame(100, 40);
    const lit = board.indexOf("1");
    const dark = board.indexOf("0");
    // The firmware writes Merlin's red (green 0, red at the cap, blue 0): drawn as 24-bit red at full scale.
    const at = (pad: number) => lines[hits.find((h) => h.target === pad)!.y0];
    expect(session.board.leds()[lit].rgb).toEqual([48, 0, 0]);
    expect(at(lit)).toContain("\x1b[1;97;48;2;255;0;0m");
    expect(at(dark)).toContain("\x1b[37;100m");
  });

  it("shows the power-on light test: every pad lit for half a second, then the game from the LED pins", async () => {
    const session = await openSession({ profile: loadProfile("pico-3x3"), code, files, boardSeed: 1, atPowerOn: true });
    const ui = new TuiController(session, { keypad: false, quiet: true, color: false });
    session.wait(100);
    expect(screenPads(ui)).toBe("111111111");
    expect(ui.view().message).toBe("power-on: the light test");
    session.wait(600);
    expect(screenPads(ui)).toBe(session.board.ledFrame());
    expect(screenPads(ui)).toBe(session.state().board);
    expect(ui.view().message).toBe("");
  });

  it("runs the setup (--seed, --puzzle) after the light test, and the header shows the seed and puzzle", async () => {
    const session = await openSession({ profile: loadProfile("pico-3x3"), code, files, boardSeed: 1, atPowerOn: true });
    const ui = new TuiController(session, {
      keypad: false,
      quiet: true,
      color: false,
      setup: () => {
        session.api("Merlin.newGame(42)");
      },
    });
    session.wait(300);
    expect(screenPads(ui)).toBe("111111111");
    session.wait(1000);
    expect(ui.frame(80, 24).lines[0]).toContain("seed 42, puzzle 0");
  });

  it("--game and --level run after the light test: the screen names the game and its level; L steps the level through the firmware", async () => {
    const session = await openSession({ profile: loadProfile("pico-3x3"), code, files, boardSeed: 1, atPowerOn: true });
    const ui = new TuiController(session, {
      keypad: false,
      quiet: true,
      color: false,
      setup: () => applySetup(session, { game: "tictactoe", level: "perfect" }),
    });
    session.wait(1300);
    let lines = ui.frame(80, 24).lines;
    expect(lines[0]).toBe(" MERLIN  pico-3x3   game 1 Tic-Tac-Toe");
    expect(lines).toContain(" Tic-Tac-Toe: level perfect, your turn: press a pad");
    // L: the next level, set by the firmware (Merlin.set), a new game at it.
    type(ui, "5");
    session.wait(1500);
    type(ui, "l");
    expect(ui.message).toBe("level two: two players take turns, the second one's marks blinking — a new game");
    expect(session.state().state).toMatchObject({ level: "two", board: "000000000" });
    type(ui, "L");
    expect(session.state().state).toMatchObject({ level: "merlin" });
    expect(ui.frame(80, 24).lines).toContain(" Tic-Tac-Toe: level merlin, your turn: press a pad");
    // C lets Merlin move first; the line says so, and the firmware's board shows his mark a moment later.
    type(ui, "c");
    expect(ui.message).toBe("COMP TURN lets Merlin move first");
    session.wait(MERLIN_DELAY_MS);
    expect((session.state().state as { board: string }).board).toMatch(/^0*20*$/);
    // In another game L says the level is Tic-Tac-Toe's, and changes nothing.
    session.api('Merlin.game("echo")');
    const before = JSON.stringify(session.state());
    type(ui, "l");
    expect(ui.message).toBe("L: the level is Tic-Tac-Toe's; Echo has none");
    expect(JSON.stringify(session.state())).toBe(before);
  });

  it("on the 5×5, in another game the digits press the pads of Merlin's lights, as the screen numbers them", async () => {
    const code5 = await buildToy("pico-5x5-neopixel");
    const files5 = await toyGameFiles("pico-5x5-neopixel");
    const session = await openSession({ profile: loadProfile("pico-5x5-neopixel"), code: code5, files: files5, boardSeed: 1 });
    const ui = new TuiController(session, { keypad: false, quiet: true, color: false });
    session.api('Merlin.game("tictactoe")');
    session.api('Merlin.set("level", "two")');
    session.wait(500);
    type(ui, "5");
    session.wait(500);
    // Light 5 is the middle of the 5×5 (pad 13): the firmware's Tic-Tac-Toe has its cell 5.
    expect((session.state().state as { board: string }).board).toBe("000010000");
    expect(session.state().board[12]).toBe("1");
    expect(ui.view().labels[12]).toBe("5");
    type(ui, "0");
    expect(ui.message).toBe("");
    // NEW GAME's choice: the digits are the games' numbers on the lights.
    type(ui, "n");
    expect(session.state().choosing).toBe(true);
    type(ui, "3");
    session.wait(500);
    expect(session.state().game).toBe("echo");
  });

  it("C is COMP TURN at once: one move, the board changed by one key of the solution, no hold", async () => {
    const { session, ui } = await open();
    const before = session.state();
    const solution = solve(merlin, bits(before.board), bits(GOAL)).presses;
    type(ui, "c");
    const after = session.state();
    expect(after.moves).toBe(before.moves + 1);
    const key = Number(/^COMP TURN pressed (\d)$/.exec(ui.message)![1]);
    expect(solution).toContain(key);
    // The board changed by exactly that key's pattern (source 002's toggle sets).
    const changed = [...before.board].map((c, i) => (c !== after.board[i] ? i : -1)).filter((i) => i >= 0);
    expect(changed).toEqual(Array.from(merlin.keyCells.subarray(merlin.keyStart[key - 1], merlin.keyStart[key])).sort((a, b) => a - b));
    session.wait(2000);
    // Nothing else happened while time ran: no hold turned into a function.
    expect(session.state().moves).toBe(before.moves + 1);
    expect(session.state().board).toBe(after.board);
  });

  it("S restarts the same puzzle; N deals the next one and the header keeps the seed; H names a key of the solution", async () => {
    const { session, ui } = await open();
    const start = session.state();
    type(ui, "123");
    session.wait(1000);
    expect(session.state().moves).toBe(3);
    type(ui, "s");
    expect(session.state()).toMatchObject({ board: start.board, moves: 0, seed: 7, puzzle: 0 });
    expect(ui.message).toBe("same game, from the start: seed 7, puzzle 0");
    type(ui, "n");
    expect(ui.message).toBe("new game: seed 7, puzzle 1");
    expect(ui.frame(80, 24).lines[0]).toBe(" MERLIN  pico-3x3   rules basic   seed 7, puzzle 1");
    const board = session.state().board;
    type(ui, "h");
    const key = Number(/^hint: press (\d)$/.exec(ui.message)![1]);
    expect(solve(merlin, bits(board), bits(GOAL)).presses).toContain(key);
  });

  it("a win in one press says '1 move'; HIT ME after it says there is no hint, never 'press 0'", async () => {
    const { session, ui } = await open();
    // One press of pad 5 (the plus) away from the goal.
    session.api('Merlin.start("101010101")');
    session.wait(200);
    type(ui, "5");
    session.wait(1500);
    expect(session.state().status).toBe("won");
    expect(ui.frame(80, 24).lines).toContain(" WON in 1 move (par 1, score ±0)");
    expect(ui.frame(80, 24).lines[1]).toBe(" moves 1/20   par 1, score ±0");
    type(ui, "h");
    expect(ui.message).not.toContain("press 0");
    expect(ui.message).toBe("no hint: the game is won — N new game, S same game");
    // A pad does nothing now (the firmware answers "game over"): the screen says what to do.
    type(ui, "3");
    expect(ui.message).toBe("the game is won: pads do nothing now — N new game, S same game");
    session.wait(300);
    expect(session.state()).toMatchObject({ status: "won", moves: 1 });
    expect(ui.frame(80, 24).lines.slice(3, 12).join("\n")).toContain("1 game, 1 win, best 1 move");
    // Under the 1978 toy's rules the keys stay live after a win: a press is a move, no message.
    session.api('Merlin.setRules("merlin1978")');
    session.api('Merlin.start("101010101")');
    session.wait(200);
    type(ui, "5");
    session.wait(300);
    expect(session.state()).toMatchObject({ status: "won", moves: 1 });
    type(ui, "3");
    expect(ui.message).toBe("");
    session.wait(300);
    expect(session.state().moves).toBe(2);
  });

  // U and Y answer a finished game alike: what was not done, why, and what to do, as H and C do.
  for (const { key, what, done } of [
    { key: "U", what: "undo", done: "undone" },
    { key: "Y", what: "redo", done: "redone" },
  ]) {
    it(`${key} after a finished game says why nothing was ${done} and what to do, as H and C do`, async () => {
      const { session, ui } = await open();
      session.api('Merlin.start("101010101")');
      session.wait(200);
      type(ui, "5");
      session.wait(1500);
      expect(session.state()).toMatchObject({ status: "won", moves: 1 });
      type(ui, key.toLowerCase());
      expect(ui.message).toBe(`nothing to ${what}: the game is won — N new game, S same game`);
      expect(ui.frame(80, 24).lines).toContain(` nothing to ${what}: the game is won — N new game, S same game`);
      expect(session.state()).toMatchObject({ status: "won", moves: 1 });
      // Lost: 1 then 3 from 101101000 leave every pad dark under basic.
      session.api('Merlin.start("101101000")');
      session.wait(200);
      type(ui, "1");
      session.wait(300);
      type(ui, "3");
      session.wait(1500);
      expect(session.state()).toMatchObject({ status: "lost", reason: "all-dark" });
      type(ui, key.toLowerCase());
      expect(ui.message).toBe(`nothing to ${what}: the game is lost — N new game, S same game`);
    });
  }

  it("? shows the help in place of the pads: the rules played, then every rule set's goal and loss; ? again goes back", async () => {
    const { ui } = await open();
    type(ui, "?");
    const lines = ui.frame(80, 24).lines;
    expect(lines).toHaveLength(24);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    expect(lines.slice(3, 22)).toEqual([
      " Pads: keys 1-9 as numbered (1 top-left), or --keypad (7 8 9 on top); arrows",
      " move the cursor, space/enter press it; a click presses a pad for as long as",
      " the mouse button is held (a 1.5 s hold is the toy's own function gesture).",
      " N NEW GAME  S SAME GAME  H HIT ME (the key to press)  C COMP TURN (plays it)",
      " U UNDO  Y REDO  G GOAL  Z SLEEP  R next rules  L level  M mute  ? help  Q quit",
      " Playing basic. Goal: every pad lit but the centre. A corner toggles its 2×2",
      " block, an edge pad its edge line, the centre the plus. The game is kept in",
      " .merlin/ like on the toy. Lost after 20 moves without a win, or when every pad",
      " goes dark.",
      " R steps through:",
      "   basic       goal every pad lit but the centre; lost after 20 moves without a",
      "               win, or when every pad goes dark",
      "   merlin1978  goal every pad lit but the centre; never lost (no move limit;",
      "               all dark is no loss)",
      "   classic     goal every pad lit but the centre; lost at 10 moves over par",
      "               (the fewest presses) without a win",
      "",
      " ? or Esc: back to the pads",
      " playing",
    ]);
    type(ui, "?");
    const back = ui.frame(80, 24).lines;
    expect(back[4]).toMatch(/^ {2}.{2} 1 .{2} {3}.{2} 2 .{2} {3}.{2} 3 .{2}/);
    expect(back.join("\n")).not.toContain("R steps through");
  });

  it("the help on the 5×5 names the games the toy plays: lightsout and lightsout2000 lose as classic does, towards all dark", () => {
    const text = helpText("lightsout", 5, 5, ["basic", "merlin1978", "classic", "lightsout", "lightsout2000"], 100).join("\n");
    expect(text).toContain("Playing lightsout. Goal: every pad dark. A press toggles the pad and its neighbours (the plus).");
    expect(text).toContain("  lightsout      goal every pad dark; lost at 10 moves over par (the fewest presses) without a win\n");
    expect(text).toContain("  lightsout2000  goal every pad dark; lost at 10 moves over par (the fewest presses) without a win");
    expect(text).toContain("  merlin1978     goal every pad lit but the centre; never lost (no move limit; all dark is no loss)");
  });

  it("U with nothing to undo says so; G shows the goal on the pads for a second; M shows MUTED", async () => {
    const { session, ui } = await open();
    type(ui, "u");
    expect(ui.message).toBe("nothing to undo");
    type(ui, "g");
    session.wait(200);
    expect(screenPads(ui)).toBe(GOAL);
    session.wait(1200);
    expect(screenPads(ui)).toBe(session.state().board);
    type(ui, "m");
    expect(session.state().muted).toBe(true);
    expect(ui.frame(80, 24).lines[1]).toMatch(/MUTED$/);
    type(ui, "m");
    expect(session.state().muted).toBe(false);
  });

  it("Z sleeps the toy (LEDs off), a pad wakes it without a move; keys that do nothing say so", async () => {
    const { session, ui } = await open();
    type(ui, "z");
    session.wait(100);
    expect(session.state().asleep).toBe(true);
    expect(session.board.ledFrame()).toBe("000000000");
    // Said once, by the status line.
    const said = ui.frame(80, 24).lines.filter((l) => /asleep|sleep|wake/.test(l) && !l.startsWith(" N new"));
    expect(said).toEqual([" asleep: press any pad to wake it"]);
    type(ui, "4");
    session.wait(300);
    expect(session.state()).toMatchObject({ asleep: false, moves: 0 });
    type(ui, "x");
    expect(ui.message).toBe('"x" does nothing: ? lists the keys');
    type(ui, "0");
    expect(ui.message).toBe('"0" is not a pad here: the pads with numbers are 1-9');
    type(ui, " ");
    expect(ui.message).toBe("space and Enter press the pad under the cursor: move it with the arrows first");
  });

  it("Y redoes what U took back, move by move, until a new move: the screen says so each time", async () => {
    const { session, ui } = await open();
    type(ui, "1");
    session.wait(300);
    type(ui, "2");
    session.wait(300);
    const two = session.state();
    expect(two.moves).toBe(2);
    type(ui, "u");
    type(ui, "u");
    expect(ui.message).toBe("undone: 0 moves now");
    type(ui, "y");
    expect(ui.message).toBe("redone: 1 move now");
    type(ui, "Y");
    expect(ui.message).toBe("redone: 2 moves now");
    expect(ui.frame(80, 24).lines).toContain(" redone: 2 moves now");
    session.wait(300);
    // The board and the LED pins are the ones before the undos.
    expect(session.state()).toMatchObject({ board: two.board, moves: 2 });
    expect(screenPads(ui)).toBe(two.board);
    type(ui, "y");
    expect(ui.message).toBe("nothing to redo");
    // A new move after an undo leaves nothing to redo.
    type(ui, "u");
    expect(ui.message).toBe("undone: 1 move now");
    type(ui, "5");
    session.wait(300);
    expect(session.state().moves).toBe(2);
    type(ui, "y");
    expect(ui.message).toBe("nothing to redo");
    expect(session.state().moves).toBe(2);
    // The key line and the help name it.
    expect(ui.frame(80, 24).lines[23]).toContain("U undo Y redo");
    type(ui, "?");
    expect(ui.frame(80, 24).lines).toContain(" U UNDO  Y REDO  G GOAL  Z SLEEP  R next rules  L level  M mute  ? help  Q quit");
  });

  it("R steps through the toy's own RULES cycle (Merlin.nextRules), the rule sets then the board's games", async () => {
    const { session, ui } = await open();
    const said: string[] = [];
    for (let i = 0; i < 3; i++) {
      type(ui, "r");
      said.push(ui.message);
      expect(ui.message).toBe(`rules: ${session.state().rules}`);
    }
    expect(said).toEqual(["rules: merlin1978", "rules: classic", "rules: basic"]);
    // The 5×5 pixel board goes on from the rule sets to its games, as its pad 6 hold does.
    const code5 = await buildToy("pico-5x5-neopixel");
    const files5 = await toyGameFiles("pico-5x5-neopixel");
    const five = await openSession({ profile: loadProfile("pico-5x5-neopixel"), code: code5, files: files5, boardSeed: 1 });
    const ui5 = new TuiController(five, { keypad: false, quiet: true, color: false });
    const cycle: string[] = [];
    for (let i = 0; i < five.rules.length; i++) {
      type(ui5, "r");
      cycle.push(five.state().rules);
      expect(ui5.message).toBe(`rules: ${five.state().rules}`);
    }
    expect(cycle).toEqual(five.rules.slice(1).concat(five.rules[0]));
    expect(cycle).toContain("lightsout2000");
  });

  it("what C and R say is the firmware's answer (Merlin.compTurn, Merlin.nextRules), not worked out again", async () => {
    const { session, ui } = await open();
    // A firmware whose COMP TURN pressed pad 7 and whose RULES hold went to classic.
    session.api(patchedConsole('m.compTurn = function () { m.press(7); return 7; }; m.nextRules = function () { return m.setRules("classic"); };'))
    const before = session.state();
    type(ui, "c");
    expect(ui.message).toBe("COMP TURN pressed 7");
    expect(session.state().moves).toBe(before.moves + 1);
    type(ui, "r");
    expect(ui.message).toBe("rules: classic");
    expect(session.state().rules).toBe("classic");
    // And one that found nothing to press.
    session.api(patchedConsole("m.compTurn = function () { return 0; };"));
    type(ui, "c");
    expect(ui.message).toBe("COMP TURN: nothing to press");
  });
});

const TMUX = ["/usr/bin/tmux", "/usr/local/bin/tmux"].find((t) => existsSync(t));
const MERLIN = fileURLToPath(new URL("../sim/bin/merlin.mjs", import.meta.url));

describe.skipIf(!TMUX || !existsSync(fileURLToPath(new URL("../dist/merlin.mjs", import.meta.url))))("merlin sim in a real terminal (tmux)", () => {
  /**
   * Runs `merlin ARGS` in an 80×24 tmux pane of its own and hands `play` the pane: send keys,
   * wait until the screen shows something; the server is killed and the directory removed after.
   */
  async function inTmux(args: string, tag: string, play: (send: (keys: string) => void, until: (what: (s: string) => boolean) => Promise<string>) => Promise<void>): Promise<void> {
    const cwd = mkdtempSync(join(tmpdir(), "merlin-tui-"));
    const name = `merlin-test-${tag}-${process.pid}`;
    const tmux = (...a: string[]) => execFileSync(TMUX!, ["-L", name, ...a], { cwd, encoding: "utf8" });
    const screen = () => tmux("capture-pane", "-p", "-t", name);
    const until = async (what: (s: string) => boolean) => {
      for (let i = 0; i < 100; i++) {
        const s = screen();
        if (what(s)) return s;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the screen never showed it:\n${screen()}`);
    };
    try {
      tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", `${process.execPath} ${MERLIN} ${args}; echo EXITED $?; sleep 5`);
      await play((keys) => void tmux("send-keys", "-t", name, keys), until);
    } finally {
      try {
        tmux("kill-server");
      } catch {
        /* already gone */
      }
      rmSync(cwd, { recursive: true, force: true });
    }
  }

  it("draws the screen, takes C as COMP TURN at once, and restores the terminal on Q", async () => {
    await inTmux("sim --fresh --seed 7 --quiet", "square", async (send, until) => {
      await until((s) => s.includes("seed 7, puzzle 0") && s.includes("moves 0/20"));
      send("c");
      const s = await until((t) => /COMP TURN pressed \d/.test(t));
      expect(s).toContain("moves 1/20");
      send("q");
      await until((t) => t.includes("EXITED 0"));
    });
  });

  it("--game tictactoe --level perfect starts that game: the header and status line name it, C lets Merlin move first", async () => {
    await inTmux("sim --fresh --game tictactoe --level perfect --quiet", "game", async (send, until) => {
      const s = await until((t) => t.includes("game 1 Tic-Tac-Toe") && t.includes("Tic-Tac-Toe: level perfect, your turn: press a pad"));
      expect(s).toContain("L level");
      send("c");
      await until((t) => t.includes("COMP TURN lets Merlin move first"));
      send("q");
      await until((t) => t.includes("EXITED 0"));
    });
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
    expect(err).toBe('merlin sim: the terminal UI needs an interactive terminal; try merlin sim --basic or merlin sim --headless --keys "..."\n');
  });

  it("a start the toy would refuse is one line and exit 2 before the screen opens", async () => {
    let err = "";
    const io: CommandIO = { out: () => {}, err: (t) => void (err += t), stdin: Readable.from([""]), isTTY: false };
    expect(await runMerlin(["sim", "--start", "111101111"], io)).toBe(2);
    // The sentence merlin play says for the same start, in every front end of merlin sim.
    const play = async (start: string) => (await merlin(["play", "--start", start, "--json"])).err.replace("merlin play:", "merlin sim:");
    for (const start of ["111101111", "000000000"]) {
      for (const mode of [[], ["--basic"], ["--headless", "--keys", "1"]]) {
        err = "";
        expect(await runMerlin(["sim", ...mode, "--start", start], io)).toBe(2);
        expect(err).toBe(await play(start));
      }
    }
    expect(err).toBe("merlin sim: --start '000000000': the basic rules never start all dark (that is a loss)\n");
    err = "";
    expect(await runMerlin(["sim", "--puzzle", "3"], io)).toBe(2);
    expect(err).toBe("merlin sim: --puzzle needs --seed (the puzzle is counted from the seed's first deal)\n");
  });

  it("--help lists the front ends, the letter keys and the key script", async () => {
    let out = "";
    const code = await runMerlin(["sim", "--help"], { out: (t) => void (out += t), err: () => {} });
    expect(code).toBe(0);
    expect(out).toContain("--headless");
    expect(out).toContain("5:1600");
    expect(out).toContain("G show the goal, Z sleep");
  });
});

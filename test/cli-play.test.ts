// `merlin play` in-process through the dispatcher (test/helpers/cli.ts).
import { describe, expect, it } from "vitest";
import { merlin as run, MerlinRun } from "./helpers/cli";

function merlin(args: string[], input?: string): Promise<MerlinRun> {
  return run(["play", ...args], input);
}

async function json(args: string[]) {
  const r = await merlin([...args, "--json"]);
  expect(r.err).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
}

describe("merlin play --json", () => {
  it("plays source 003's worked example to a win", async () => {
    const r = await json(["--start", "010110101", "--keys", "3 4 5 8 9"]);
    expect(r).toMatchObject({ status: "won", reason: null, moves: 5, board: "111101111", errors: [], start: "010110101", par: 5, hint: null });
  });

  it("reports illegal keys (0, 10, −1, words) with why, without counting them", async () => {
    const r = await json(["--start", "010110101", "--keys", "3,0 10 -1 x 4 constructor"]);
    expect(r.moves).toBe(2);
    expect(r.errors.pop()).toEqual({ at: 7, input: "constructor", why: "'constructor' is not a key number (1 to 9) or one of h c u redo s n ? q" });
    expect(r.errors).toEqual([
      { at: 2, input: "0", why: "key 0 is not 1 to 9" },
      { at: 3, input: "10", why: "key 10 is not 1 to 9" },
      { at: 4, input: "-1", why: "key -1 is not 1 to 9" },
      { at: 5, input: "x", why: "'x' is not a key number (1 to 9) or one of h c u redo s n ? q" },
    ]);
  });

  it("an error's why quotes a long input as an excerpt (at most 60 characters of it)", async () => {
    const word = "x".repeat(100000);
    const digits = "9".repeat(100000);
    const r = await json(["--start", "010110101", "--keys", `${word} ${digits}`]);
    expect(r.errors.map((e: { why: string }) => e.why)).toEqual([
      `'${"x".repeat(32)}… (100000 characters)' is not a key number (1 to 9) or one of h c u redo s n ? q`,
      `key ${"9".repeat(32)}… (100000 characters) is not 1 to 9`,
    ]);
  });

  it("the same seed deals the same start; different seeds differ", async () => {
    const a = await json(["--seed", "7"]);
    const b = await json(["--seed", "7"]);
    const c = await json(["--seed", "8"]);
    expect(a.start).toBe(b.start);
    expect(a.start).not.toBe(c.start);
    expect(a).toMatchObject({ status: "playing", moves: 0, board: a.start, rules: "basic", seed: 7, puzzle: 0 });
  });

  it("basic: 20 moves without a win lose (move-limit); keys after the end are errors", async () => {
    const r = await json(["--start", "110011111", "--keys", Array(21).fill(5).join(" ")]);
    expect(r).toMatchObject({ status: "lost", reason: "move-limit", moves: 20 });
    expect(r.errors).toEqual([{ at: 21, input: "5", why: "the game is over (n: new game, s: same game)" }]);
  });

  it("basic: all dark loses; merlin1978: it does not", async () => {
    // 110110000 is exactly what key 1 toggles.
    expect(await json(["--start", "110110000", "--keys", "1"])).toMatchObject({ status: "lost", reason: "all-dark", board: "000000000" });
    expect(await json(["--rules", "merlin1978", "--start", "110110000", "--keys", "1"])).toMatchObject({ status: "playing", reason: null });
  });

  it("COMP TURN plays the hints to a win in par moves; undo takes one back", async () => {
    const a = await json(["--seed", "3"]);
    const won = await json(["--seed", "3", "--keys", Array(a.par).fill("c").join(" ")]);
    expect(won).toMatchObject({ status: "won", moves: a.par });
    const back = await json(["--seed", "3", "--keys", "c c u"]);
    expect(back.moves).toBe(1);
  });

  it("redo presses again the move undone last; after a new move there is nothing to redo", async () => {
    // Pad 3 from source 003's worked example, undone, redone: one move, as on the toy.
    expect(await json(["--start", "010110101", "--keys", "3 u redo"])).toMatchObject({ moves: 1, board: "001101101", errors: [] });
    const r = await json(["--start", "010110101", "--keys", "3 u 5 redo"]);
    expect(r.moves).toBe(1);
    expect(r.errors).toEqual([{ at: 4, input: "redo", why: "nothing to redo" }]);
  });

  it("classic: par and the over-par loss", async () => {
    const r = await json(["--rules", "classic", "--start", "110011111", "--keys", Array(12).fill(5).join(" ")]);
    expect(r).toMatchObject({ status: "lost", reason: "over-par", moves: 12, par: 2 });
  });

  it("plays other boards: Lights Out 5×5 towards dark", async () => {
    const r = await json(["--pattern", "plus", "--size", "5", "--target", "dark", "--rules", "classic", "--seed", "1"]);
    expect(r.board).toMatch(/^[01]{25}$/);
    expect(r.board).not.toBe("0".repeat(25));
  });
});

describe("merlin play, BASIC-style text", () => {
  it("prints the board after each key, ??? ILLEGAL INPUT, and CONGRATULANT !!", async () => {
    const r = await merlin(["--start", "010110101", "--keys", "3 10 4 5 8 9"]);
    expect(r.code).toBe(0);
    const lines = r.out.split("\n");
    expect(lines).toContain("          0  1  0");
    expect(lines).toContain("ASSIGN# 1  ? 3");
    expect(lines).toContain("??? ILLEGAL INPUT");
    expect(lines).toContain("ASSIGN# 2  ? 4");
    expect(lines[lines.length - 2]).toBe("CONGRATULANT !!");
  });

  it("says YOU LOSED THE GAME !! on a loss", async () => {
    const r = await merlin(["--start", "110110000", "--keys", "1"]);
    expect(r.out).toContain("YOU LOSED THE GAME !!\n(every pad went dark)");
  });

  it("reads moves from standard input and asks TRY AGAIN after a game", async () => {
    const r = await merlin(["--start", "110110000"], "1\ny\nh\n");
    expect(r.code).toBe(0);
    expect(r.out).toContain("YOU LOSED THE GAME !!");
    expect(r.out).toContain("TRY AGAIN (Y OR N)?");
    expect(r.out).toMatch(/HIT ME: PRESS \d/);
  });

  it("typed play resumed on a finished game (--save) prints its result and asks TRY AGAIN first", async () => {
    const { mkdtempSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const w = join(mkdtempSync(join(tmpdir(), "merlin-play-")), "w.txt");
    // Source 003's worked example: won in 5.
    await json(["--start", "010110101", "--save", w, "--keys", "3 4 5 8 9"]);
    // The listing (220–240) after a win: CONGRATULANT, then TRY AGAIN; its answer is the first
    // line read (N: the program ends), no move is asked for.
    const no = await merlin(["--save", w], "N\nY\n");
    expect(no.code).toBe(0);
    expect(no.out).not.toContain("ASSIGN#");
    expect(no.out).toMatch(/CONGRATULANT !!\nTRY AGAIN \(Y OR N\)\? $/);
    // Y deals a new board and asks for its first move.
    const yes = await merlin(["--save", w], "Y\n");
    expect(yes.out).toMatch(/CONGRATULANT !!\nTRY AGAIN \(Y OR N\)\? \n\n( {10}\d( {2}\d){2}\n){3}\nASSIGN# 1 {2}\? /);
  });
});

describe("merlin play typed: the goal, help and quitting", () => {
  const INTRO = [
    "GOAL: EVERY PAD LIT BUT THE CENTRE",
    "RULES BASIC: LOST AFTER 20 MOVES WITHOUT A WIN, OR WHEN EVERY PAD GOES DARK",
    "TYPE A KEY 1-9 (SEVERAL ON A LINE), ? FOR HELP, Q TO QUIT",
  ];
  const HELP = [
    "KEY 1-9: PRESS IT (NUMBERED ROW BY ROW FROM THE TOP LEFT); SEVERAL ON A LINE",
    "H HIT ME (THE NEXT KEY TO PRESS)   C COMP TURN (THE COMPUTER PRESSES IT)",
    "U UNDO THE LAST MOVE   REDO: PRESS AGAIN WHAT U TOOK BACK (UNTIL A NEW MOVE)",
    "S SAME GAME (FROM THE START)   N NEW GAME",
    "? OR HELP: THIS HELP   Q OR QUIT: LEAVE",
    "RULES BASIC: LOST AFTER 20 MOVES WITHOUT A WIN, OR WHEN EVERY PAD GOES DARK",
    "",
  ];
  const BOARD = ["", "", "          0  1  0", "          1  1  0", "          1  0  1", ""];

  it("starts with the goal, how the game is lost and a line of help, then the board", async () => {
    const r = await merlin(["--start", "010110101"], "");
    expect(r.code).toBe(0);
    expect(r.out).toBe([...INTRO, ...BOARD, "ASSIGN# 1  ? "].join("\n") + "\n");
  });

  it("each rule set and game says its own goal and loss", async () => {
    const first = async (args: string[]) => (await merlin([...args, "--seed", "3"], "")).out.split("\n").slice(0, 3);
    expect(await first(["--rules", "merlin1978"])).toEqual([
      "GOAL: EVERY PAD LIT BUT THE CENTRE",
      "RULES MERLIN1978: NEVER LOST (NO MOVE LIMIT; ALL DARK IS NO LOSS)",
      "TYPE A KEY 1-9 (SEVERAL ON A LINE), ? FOR HELP, Q TO QUIT",
    ]);
    expect(await first(["--rules", "classic"])).toEqual([
      "GOAL: EVERY PAD LIT BUT THE CENTRE",
      "RULES CLASSIC: LOST AT 10 MOVES OVER PAR (THE FEWEST PRESSES) WITHOUT A WIN",
      "TYPE A KEY 1-9 (SEVERAL ON A LINE), ? FOR HELP, Q TO QUIT",
    ]);
    for (const game of ["lightsout", "lightsout2000"]) {
      expect(await first(["--rules", game])).toEqual([
        "GOAL: EVERY PAD DARK",
        "RULES CLASSIC: LOST AT 10 MOVES OVER PAR (THE FEWEST PRESSES) WITHOUT A WIN",
        "TYPE A KEY 1-25 (SEVERAL ON A LINE), ? FOR HELP, Q TO QUIT",
      ]);
    }
    // A goal of all dark under basic: all dark wins, so it is no loss; another goal is drawn.
    expect((await first(["--target", "dark"]))[1]).toBe("RULES BASIC: LOST AFTER 20 MOVES WITHOUT A WIN");
    expect((await merlin(["--target", "101010101", "--seed", "3"], "")).out).toMatch(/^GOAL: THIS BOARD\n\n\n {10}1 {2}0 {2}1\n {10}0 {2}1 {2}0\n {10}1 {2}0 {2}1\n\nRULES BASIC/);
  });

  it("? and help print the keys and the rules and are no move; HIT ME still works after them", async () => {
    const r = await merlin(["--start", "010110101"], "?\nhelp\nh\n");
    expect(r.out).toBe([...INTRO, ...BOARD, "ASSIGN# 1  ? " + HELP[0], ...HELP.slice(1), "ASSIGN# 1  ? " + HELP[0], ...HELP.slice(1), "ASSIGN# 1  ? HIT ME: PRESS 4", "ASSIGN# 1  ? "].join("\n") + "\n");
    // Scripted too: no error, no move.
    expect(await json(["--start", "010110101", "--keys", "? HELP"])).toMatchObject({ moves: 0, errors: [] });
  });

  it("q and quit leave at once, exit 0, whatever follows", async () => {
    for (const word of ["q", "Q", "quit", "QUIT"]) {
      const r = await merlin(["--start", "010110101"], `3\n${word}\n4\n`);
      expect(r.code).toBe(0);
      expect(r.err).toBe("");
      expect(r.out.endsWith("ASSIGN# 2  ? ")).toBe(true);
      expect(r.out).not.toContain("ASSIGN# 3");
    }
    // In a line of keys, and in --keys: the keys after it are not played.
    expect((await merlin(["--start", "010110101"], "3 q 4\n")).out).not.toContain("ASSIGN# 3");
    expect(await json(["--start", "010110101", "--keys", "3 q 4"])).toMatchObject({ moves: 1 });
  });

  it("TRY AGAIN takes Y, yes, N or no in any case; anything else asks again; q leaves", async () => {
    const lost = ["--start", "110110000"];
    const again = "TRY AGAIN (Y OR N)? ";
    const ask = "PLEASE ANSWER Y OR N (Q QUITS)\n" + again;
    const stray = await merlin(lost, "1\nx\n\nmaybe\nN\n");
    expect(stray.code).toBe(0);
    expect(stray.out.endsWith("YOU LOSED THE GAME !!\n(every pad went dark)\n" + again + ask + ask + ask)).toBe(true);
    for (const yes of ["y", "Y", "yes", "YES"]) expect((await merlin(lost, `1\n${yes}\n`)).out).toMatch(/TRY AGAIN \(Y OR N\)\? \n\n( {10}\d( {2}\d){2}\n){3}\nASSIGN# 1 {2}\? \n$/);
    for (const no of ["n", "no", "NO", "q", "quit"]) expect((await merlin(lost, `1\n${no}\ny\n`)).out.endsWith("(every pad went dark)\n" + again)).toBe(true);
    // End of input ends it too, the prompt's line ended.
    expect((await merlin(lost, "1\nx\n")).out.endsWith(ask + "\n")).toBe(true);
  });
});

describe("merlin play input errors: one line, exit 2", () => {
  const cases: [string[], RegExp][] = [
    [["--start", "0101"], /--start '0101' has 4 cells, expected 9/],
    [["--start", "01010101x"], /--start/],
    [["--start", "111101111"], /already solved/],
    [["--start", "000000000"], /never start all dark/],
    [["--pattern", "plus", "--size", "5", "--target", "dark", "--start", "1" + "0".repeat(24)], /cannot be solved/],
    [["--rules", "chess"], /--rules must be one of basic, merlin1978, classic, lightsout, lightsout2000, blackwhite/],
    // The game's ranges (at most 64 cells), not the solver's 1 to 128.
    [["--size", "0"], /--size must be a whole number from 1 to 8 \(the game plays at most 64 cells\), got 0/],
    [["--size", "200"], /--size must be a whole number from 1 to 8 /],
    [["--rows", "0"], /--rows must be a whole number from 1 to 64 /],
    [["--cols", "65", "--rows", "1"], /--cols must be a whole number from 1 to 64 /],
    [["--seed", "-1"], /--seed must be a whole number from 0/],
    [["--seed", "x"], /--seed must be a whole number/],
    [["--states", "3", "--start", "000000003"], /'3' at cell 9 is not a digit from 0 to 2/],
    [["--size", "9"], /--size must be a whole number from 1 to 8 \(the game plays at most 64 cells\), got 9/],
    [["--rows", "9", "--cols", "9"], /at most 64 cells and keys, merlin 9×9 has 81/],
    [["--rules", "lightsout", "--size", "6"], /lightsout is played on 5×5 only/],
    [["--rules", "lightsout", "--pattern", "x"], /--pattern does not go with --rules lightsout/],
    [["--rules", "lightsout", "--level", "51"], /--level must be a whole number from 1 to 50/],
    [["--rules", "classic", "--level", "3"], /--level is for --rules lightsout only/],
    [["--rules", "blackwhite", "--cycle", "4,3"], /--cycle must be I,J/],
    [["--rules", "blackwhite", "--cycle", "1"], /--cycle must be I,J/],
    [["--rules", "blackwhite", "--cycle", "1e0,3"], /--cycle must be I,J/],
    [["--rules", "blackwhite", "--cycle", "0x1,3"], /--cycle must be I,J/],
    [["--rules", "blackwhite", "--size", "9"], /blackwhite takes --size 3 to 8/],
    [["--rules", "lightsout2000", "--start", "3" + "0".repeat(24)], /not a digit from 0 to 2/],
    [["--bogus"], /unknown option --bogus/],
  ];
  for (const [args, msg] of cases) {
    it(args.join(" "), async () => {
      const r = await merlin(args);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toMatch(msg);
      expect(r.err.trim().split("\n").length).toBe(1);
    });
  }

  it("a dark start is fine under merlin1978", async () => {
    expect((await json(["--rules", "merlin1978", "--start", "000000000"])).start).toBe("000000000");
  });

  it("--help explains rules, keys and the JSON", async () => {
    const r = await merlin(["--help"]);
    expect(r.code).toBe(0);
    for (const s of ["basic", "merlin1978", "classic", "--keys", "--seed", "--start", '"status"']) expect(r.out).toContain(s);
  });
});

describe("merlin play: the games and k-state boards", () => {
  it("lightsout: level L needs 6 + ⌊(L−1)/5⌋ presses, COMP TURN wins in par, NEW GAME is the next level", async () => {
    const r = await json(["--rules", "lightsout", "--level", "12"]);
    expect(r).toMatchObject({ status: "playing", rules: "lightsout", seed: 0, puzzle: 11, level: 12, par: 8 });
    expect(r.board).toMatch(/^[01]{25}$/);
    const won = await json(["--rules", "lightsout", "--level", "12", "--keys", Array(8).fill("c").join(" ")]);
    expect(won).toMatchObject({ status: "won", moves: 8, hint: null });
    const next = await json(["--rules", "lightsout", "--level", "12", "--keys", "n"]);
    expect(next).toMatchObject({ level: 13, par: 8, moves: 0 });
  });

  it("lightsout2000: boards of 25 digits 0..2, won by the hints in par moves", async () => {
    const a = await json(["--rules", "lightsout2000", "--seed", "4"]);
    expect(a.board).toMatch(/^[012]{25}$/);
    expect(a.board).toMatch(/2/);
    const won = await json(["--rules", "lightsout2000", "--seed", "4", "--keys", Array(a.par).fill("c").join(" ")]);
    expect(won).toMatchObject({ status: "won", board: "0".repeat(25), moves: a.par });
  });

  it("blackwhite: source 001's puzzle (checkerboard to swapped) on 4×4 with the (1,3) cycle, solved by the source's table", async () => {
    // a(m,l) ≡ (−1)^(m+l)·m·l mod 4 on the 3×3 intersections: 1 2 3 / 2 0 2 / 3 2 1.
    const keys = [1, 2, 2, 3, 3, 3, 4, 4, 6, 6, 7, 7, 7, 8, 8, 9];
    const r = await json(["--rules", "blackwhite", "--cycle", "1,3", "--start", "0101/1010/0101/1010", "--keys", keys.join(" ")]);
    expect(r).toMatchObject({ status: "won", board: "1010010110100101", moves: 16, par: 16 });
  });

  it("plays k-state boards from the board options (--states)", async () => {
    const r = await json(["--rules", "classic", "--pattern", "plus", "--size", "4", "--states", "5", "--target", "dark", "--seed", "2"]);
    expect(r.board).toMatch(/^[0-4]{16}$/);
    const won = await json(["--rules", "classic", "--pattern", "plus", "--size", "4", "--states", "5", "--target", "dark", "--seed", "2", "--keys", Array(r.par).fill("c").join(" ")]);
    expect(won).toMatchObject({ status: "won", moves: r.par });
  });

  it("--save keeps the game between runs; a file of another board is refused", async () => {
    const { mkdtempSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const file = join(mkdtempSync(join(tmpdir(), "merlin-play-")), "game.txt");
    const first = await json(["--rules", "lightsout2000", "--seed", "3", "--save", file, "--keys", "c c c"]);
    // The toy's game-file line: the game's name, then the saved game.
    expect(readFileSync(file, "utf8")).toMatch(/^lightsout2000 M2,classic,3,0,0{25},[0-2]{25},[0-2]{25},3,0,0\n$/);
    // Resumed: the same game at move 3; undo works on the presses of this run (the saved line
    // keeps no history, as on the toy).
    const again = await json(["--rules", "lightsout2000", "--save", file, "--keys", "u c u"]);
    expect(again).toMatchObject({ seed: 3, start: first.start, board: first.board, moves: 3 });
    expect(again.errors).toEqual([{ at: 1, input: "u", why: "nothing to undo" }]);
    const r = await merlin(["--rules", "lightsout", "--save", file]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/holds a lightsout2000 game, not a lightsout game/);
  });

  it("--save refuses a saved game whose goal is not the one asked for (another cycle, another --target)", async () => {
    const { mkdtempSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(join(tmpdir(), "merlin-play-"));
    // (2,2) and (1,3) both count mod 4 on the same 4×4 board, but white is 2 in one and 1 in
    // the other: the swapped checkerboards differ.
    const bw = join(dir, "bw.txt");
    await json(["--rules", "blackwhite", "--cycle", "2,2", "--seed", "1", "--save", bw, "--keys", "1"]);
    expect((await merlin(["--rules", "blackwhite", "--cycle", "1,3", "--save", bw, "--keys", "1"])).err).toMatch(/holds a game with the goal \d{16}, not \d{16}/);
    expect(await json(["--rules", "blackwhite", "--cycle", "2,2", "--save", bw])).toMatchObject({ moves: 1, seed: 1 });
    const ring = join(dir, "ring.txt");
    await json(["--seed", "1", "--save", ring, "--keys", "1"]);
    expect((await merlin(["--target", "lit", "--save", ring])).code).toBe(2);
    // A lightsout level and a classic 5×5 plus game to dark share board, goal and rule set, but
    // not the game: neither resumes as the other.
    const lo = join(dir, "lo.txt");
    await json(["--rules", "lightsout", "--level", "3", "--save", lo, "--keys", "1"]);
    const classic5 = ["--rules", "classic", "--pattern", "plus", "--size", "5", "--target", "dark"];
    expect((await merlin([...classic5, "--save", lo, "--keys", "1"])).err).toMatch(/holds a lightsout game, not a game on plus 5×5/);
    expect(await json(["--rules", "lightsout", "--save", lo])).toMatchObject({ level: 3, moves: 1 });
    const c5 = join(dir, "c5.txt");
    await json([...classic5, "--seed", "4", "--save", c5, "--keys", "1"]);
    expect((await merlin(["--rules", "lightsout", "--save", c5])).err).toMatch(/holds a game on plus 5×5, not a lightsout game/);
  });

  it("--save resumes a game only on the board it was played on, and says which board differs", async () => {
    const { mkdtempSync, readFileSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const { expectInputError } = await import("./helpers/cli");
    const dir = mkdtempSync(join(tmpdir(), "merlin-play-"));
    const g = join(dir, "g.txt");
    await json(["--seed", "7", "--save", g, "--keys", "1 2"]);
    // The toy's own board keeps the toy's bare game-file line.
    expect(readFileSync(g, "utf8")).toMatch(/^M2,basic,7,0,495,\d+,\d+,2,0,0\n$/);
    // Same cell count, same rule set and goal, other boards: each refused, naming both boards.
    const others: [string[], string][] = [
      [["--pattern", "plus"], "plus 3×3"],
      [["--pattern", "x"], "x 3×3"],
      [["--graph", "path:9"], "path graph, 9 nodes"],
      [["--rows", "1", "--cols", "9"], "merlin 1×9"],
      [["--wrap"], "merlin 3×3 torus"],
      [["--states", "3"], "merlin 3×3 mod 3"],
    ];
    for (const [opts, name] of others) {
      await expectInputError(["play", ...opts, "--save", g, "--keys", "3", "--json"], new RegExp(`holds a game on merlin 3×3, not a game on ${name}`));
    }
    // And the other way round: a plus game is not resumed as a merlin one, nor as x.
    const plus = join(dir, "plus.txt");
    const first = await json(["--pattern", "plus", "--seed", "7", "--save", plus, "--keys", "1 2"]);
    await expectInputError(["play", "--save", plus, "--json"], /holds a game on plus 3×3, not a game on merlin 3×3/);
    await expectInputError(["play", "--pattern", "x", "--save", plus, "--json"], /holds a game on plus 3×3, not a game on x 3×3/);
    expect(await json(["--pattern", "plus", "--save", plus])).toMatchObject({ start: first.start, board: first.board, moves: 2 });
    // Two graphs of as many nodes under one name are still two boards.
    const tri = join(dir, "tri.txt");
    await json(["--graph", "1-2,2-3,3-4", "--target", "dark", "--seed", "1", "--save", tri]);
    await expectInputError(["play", "--graph", "1-2,1-3,1-4", "--target", "dark", "--save", tri, "--json"], /holds a game on graph, 4 nodes, not a game on graph, 4 nodes/);
    // Another rule set on the same board.
    await expectInputError(["play", "--rules", "classic", "--save", g, "--json"], /holds a game under the basic rules, not classic/);
  });

  it("--save: a damaged or impossible file is called damaged, not a game of another board", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const { expectInputError } = await import("./helpers/cli");
    const f = join(mkdtempSync(join(tmpdir(), "merlin-play-")), "bad.txt");
    for (const text of ["hello", "M2,basic,7", "M2,nosuch,7,0,495,1,1,0,0,0", "{}"]) {
      writeFileSync(f, text);
      await expectInputError(["play", "--save", f, "--json"], /--save '.*bad\.txt' is damaged: '.*' is not a saved game/);
    }
    // Well formed but impossible on merlin 3×3: a board of 10 bits (mask 1023 > 511).
    writeFileSync(f, "M2,basic,7,0,495,1,1023,0,0,0\n");
    await expectInputError(["play", "--save", f, "--json"], /is damaged: its game cannot be on merlin 3×3/);
  });

  it("--save: a file that cannot be written is one line, exit 2; an empty file starts a new game", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(join(tmpdir(), "merlin-play-"));
    const { expectInputError } = await import("./helpers/cli");
    await expectInputError(["play", "--rules", "blackwhite", "--save", join(dir, "no", "such", "dir.txt"), "--json"], /--save '.*dir\.txt' cannot be written/);
    const empty = join(dir, "empty.txt");
    writeFileSync(empty, "");
    expect(await json(["--rules", "lightsout", "--save", empty])).toMatchObject({ level: 1, moves: 0 });
    // Not a save: a device or a folder (read to the end, /dev/zero would never stop), or a big file.
    await expectInputError(["play", "--save", "/dev/zero", "--keys", "1"], /--save '\/dev\/zero' cannot be read: not a regular file/);
    await expectInputError(["play", "--save", dir, "--keys", "1"], /cannot be read: not a regular file/);
    const big = join(dir, "big.txt");
    writeFileSync(big, "M2,".padEnd(5000, "0"));
    await expectInputError(["play", "--save", big, "--keys", "1"], /cannot be read: 5000 bytes, a saved game is under 4096/);
  });

  /** The rows of digits (a board) printed right after line `i` of `lines`, as one string. */
  function boardAfter(lines: string[], i: number): string {
    let j = i + 1;
    while (lines[j] === "") j++;
    let b = "";
    for (; /^ +\d( +\d)*$/.test(lines[j]); j++) b += lines[j].replace(/ /g, "");
    return b;
  }

  it("lightsout typed: LEVEL L above each level's board (its first, after n, after TRY AGAIN Y)", async () => {
    const l12 = await json(["--rules", "lightsout", "--level", "12"]);
    const l13 = await json(["--rules", "lightsout", "--level", "13"]);
    const l14 = await json(["--rules", "lightsout", "--level", "14"]);
    const win = Array(8).fill("c").join(" ");
    const lines = (await merlin(["--rules", "lightsout", "--level", "12"], `n\n${win}\ny\n`)).out.split("\n");
    const at = (text: string) => lines.findIndex((l) => l.endsWith(text));
    expect(boardAfter(lines, at("LEVEL 12"))).toBe(l12.start);
    expect(boardAfter(lines, at("LEVEL 13"))).toBe(l13.start);
    expect(at("CONGRATULANT !!")).toBeGreaterThan(at("LEVEL 13"));
    expect(boardAfter(lines, at("LEVEL 14"))).toBe(l14.start);
    // A lost level is played again after TRY AGAIN: 18 presses of one key are 10 over level 12's par 8.
    const lost = (await merlin(["--rules", "lightsout", "--level", "12"], `${Array(18).fill("1").join(" ")}\ny\n`)).out.split("\n");
    const loss = lost.indexOf("YOU LOSED THE GAME !!");
    const again = lost.findIndex((l, i) => i > loss && l.endsWith("LEVEL 12"));
    expect(loss).toBeGreaterThan(0);
    expect(again).toBeGreaterThan(loss);
    expect(boardAfter(lost, again)).toBe(l12.start);
    // A board of one's own (--start) is no level; NEW GAME then deals level 2.
    const own = "1" + "0".repeat(23) + "1";
    expect(await json(["--rules", "lightsout", "--start", own])).toMatchObject({ puzzle: 0, level: null, start: own });
    const typed = (await merlin(["--rules", "lightsout", "--start", own], "n\n")).out;
    expect(typed.indexOf("LEVEL")).toBe(typed.indexOf("LEVEL 2"));
    // Past the 50 levels the deals are random boards, and the line says so.
    expect((await merlin(["--rules", "lightsout", "--level", "50"], "n\n")).out).toContain("LEVEL 51 (A RANDOM BOARD)");
  });

  it("blackwhite typed: the goal is source 001's swapped checkerboard; each key number sits between the 4 pads it advances", async () => {
    for (const [size, cycle] of [["4", "1,3"], ["5", "2,3"], ["8", "1,1"]]) {
      const n = Number(size);
      const white = cycle.split(",")[0];
      const start = Array.from({ length: n * n }, (_, c) => ((Math.floor(c / n) + (c % n)) % 2 === 0 ? "0" : white)).join("");
      const goal = Array.from({ length: n * n }, (_, c) => ((Math.floor(c / n) + (c % n)) % 2 === 0 ? white : "0")).join("");
      const args = ["--rules", "blackwhite", "--size", size, "--cycle", cycle, "--start", start];
      const lines = (await merlin([...args, "--keys", ""])).out.split("\n");
      expect(boardAfter(lines, lines.findIndex((l) => l.startsWith("GOAL")))).toBe(goal);
      // The map: rows of pads (dots), key numbers between them.
      const map = lines.slice(lines.findIndex((l) => l.startsWith("KEYS")) + 1);
      const padColumns = [...map[0].matchAll(/\./g)].map((m) => m.index!);
      expect(padColumns).toHaveLength(n);
      let keys = 0;
      for (let row = 1; row < 2 * n - 1; row += 2) {
        expect(map[row - 1]).toBe(map[0]);
        for (const m of map[row].matchAll(/\d+/g)) {
          keys++;
          // The pads around the number: the pad rows above and below, the two pad columns either side.
          const mid = m.index! + (m[0].length - 1) / 2;
          const right = padColumns.findIndex((x) => x > mid);
          const around = [(row - 1) / 2, (row + 1) / 2].flatMap((r) => [right - 1, right].map((c) => r * n + c));
          const after = (await json([...args, "--keys", m[0]])).board;
          const changed = [...after].map((d, c) => (d !== start[c] ? c : -1)).filter((c) => c >= 0);
          expect(changed).toEqual(around.sort((a, b) => a - b));
        }
      }
      expect(keys).toBe((n - 1) ** 2);
    }
  });

  it("on a terminal the board's digits are coloured (NO_COLOR aside); piped output is plain", async () => {
    const { runMerlin } = await import("../sim/cli/main");
    let out = "";
    const old = process.env.NO_COLOR;
    delete process.env.NO_COLOR;
    try {
      await runMerlin(["play", "--rules", "lightsout2000", "--seed", "1", "--keys", "1"], { out: (t) => void (out += t), err: () => {}, isTTY: true });
    } finally {
      if (old !== undefined) process.env.NO_COLOR = old;
    }
    expect(out).toMatch(/\x1b\[9\dm[0-2]\x1b\[0m/);
    expect(out).not.toMatch(/ASSIGN#[^\n]*\x1b/);
    // blackwhite's key numbers are not colours: they stay plain.
    out = "";
    delete process.env.NO_COLOR;
    try {
      await runMerlin(["play", "--rules", "blackwhite", "--seed", "1", "--keys", ""], { out: (t) => void (out += t), err: () => {}, isTTY: true });
    } finally {
      if (old !== undefined) process.env.NO_COLOR = old;
    }
    expect(out).toMatch(/\n {11}1 {2}2 {2}3\n/);
    const plain = await merlin(["--rules", "lightsout2000", "--seed", "1", "--keys", "1"]);
    expect(plain.out).not.toMatch(/\x1b/);
  });

  it("--help lists the games and their options", async () => {
    const r = await merlin(["--help"]);
    for (const word of ["lightsout", "lightsout2000", "blackwhite", "--level", "--cycle", "--save"]) expect(r.out).toContain(word);
    // The --size range the help gives is the one play accepts (the solver's commands go further).
    const max = Number(/--size N +an N×N board, N = 1\.\.(\d+)/.exec(r.out)![1]);
    expect((await merlin(["--size", String(max), "--seed", "1", "--keys", "1"])).code).toBe(0);
    expect((await merlin(["--size", String(max + 1), "--keys", "1"])).code).toBe(2);
  });
});

describe("the move limit leaves every deal winnable", () => {
  // The basic rules lose after 20 moves; 8×8 deals needed 26–33 presses and some 5×5 ones 21–22.
  it.each([5, 6, 7, 8])("size %i, basic: COMP TURN alone wins every deal of seeds 1–4 within the 20 moves", async (size) => {
    for (let seed = 1; seed <= 4; seed++) {
      const r = await json(["--size", String(size), "--seed", String(seed), "--keys", "c ".repeat(20)]);
      expect(r.par).toBeLessThanOrEqual(20);
      expect(r.status).toBe("won");
      expect(r.moves).toBe(r.par);
    }
  });

  it("a start that needs more presses than the limit is refused under basic, played under classic, and redrawn when dealt", async () => {
    // Seed 1179's first 5×5 draw: 22 presses at the fewest (classic has no move limit, so it deals it).
    const START = "0011000011101101110101100";
    const classic = await json(["--size", "5", "--rules", "classic", "--seed", "1179", "--keys", ""]);
    expect(classic).toMatchObject({ start: START, par: 22 });
    expect((await json(["--size", "5", "--rules", "classic", "--start", START, "--keys", ""])).par).toBe(22);
    const r = await merlin(["--size", "5", "--start", START, "--json"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/needs more presses than the 20 moves the basic rules allow, so it cannot be won/);
    const basic = await json(["--size", "5", "--seed", "1179", "--keys", ""]);
    expect(basic.start).not.toBe(START);
    expect(basic.par).toBeLessThanOrEqual(20);
  });
});

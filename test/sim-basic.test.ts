// `merlin sim --basic`: source 002's BASIC listing played on the virtual toy, scripted from a
// string on standard input. Every text below is the listing's, but the line after a loss
// saying why; and `merlin play` on the pure core must print the same dialogue.
import { describe, expect, it } from "vitest";
import { merlin, MerlinRun } from "./helpers/cli";

function basic(args: string[], input: string): Promise<MerlinRun> {
  return merlin(["sim", "--basic", ...args], input);
}

/** Before the first board (not in the listing): the goal, how the basic rules lose, the line of help. */
const INTRO =
  "GOAL: EVERY PAD LIT BUT THE CENTRE\n" +
  "RULES BASIC: LOST AFTER 20 MOVES WITHOUT A WIN, OR WHEN EVERY PAD GOES DARK\n" +
  "TYPE A KEY 1-9 (SEVERAL ON A LINE), ? FOR HELP, Q TO QUIT\n";

/** PRINT: PRINT, the rows at TAB(7+3*J), PRINT. */
function board(bits: string): string {
  const rows = [0, 3, 6].map((i) => "          " + bits.slice(i, i + 3).split("").join("  "));
  return "\n\n" + rows.join("\n") + "\n\n";
}

describe("merlin sim --basic", () => {
  it("a win: the board after each move, CONGRATULANT !!, TRY AGAIN; N ends it", async () => {
    const r = await basic(["--start", "010110101"], "3\n4\n5\n8\n9\nN\n");
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      INTRO + board("010110101") + "ASSIGN# 1  ? " +
        board("001101101") + "ASSIGN# 2  ? " +
        board("101001001") + "ASSIGN# 3  ? " +
        board("111110011") + "ASSIGN# 4  ? " +
        board("111110100") + "ASSIGN# 5  ? " +
        board("111101111") + "CONGRATULANT !!\nTRY AGAIN (Y OR N)? ",
    );
  });

  it("a loss when every pad goes dark, then Y deals a new board and end of input ends cleanly", async () => {
    const r = await basic(["--start", "110110000"], "1\nY\n");
    expect(r.code).toBe(0);
    expect(r.out.startsWith(INTRO + board("110110000") + "ASSIGN# 1  ? " + board("000000000") + "YOU LOSED THE GAME !!\n(every pad went dark)\nTRY AGAIN (Y OR N)? ")).toBe(true);
    const again = r.out.split("TRY AGAIN (Y OR N)? ")[1];
    expect(again).toMatch(/^\n\n( {10}[01]  [01]  [01]\n){3}\nASSIGN# 1  \? \n$/);
    expect(again).not.toContain("0  0  0\n          0  0  0\n          0  0  0");
  });

  it("a loss after 20 moves without a win", async () => {
    const r = await basic(["--start", "010110101"], "1\n".repeat(20));
    expect(r.out).toContain("ASSIGN# 20  ? ");
    expect(r.out).not.toContain("ASSIGN# 21");
    expect(r.out).toMatch(/YOU LOSED THE GAME !!\n\(20 moves used\)\nTRY AGAIN \(Y OR N\)\? \n$/);
  });

  it("anything but 1..9 is ??? ILLEGAL INPUT and does not count (0 and negatives too, unlike the listing)", async () => {
    const r = await basic(["--start", "010110101"], "0\n-1\n10\nx\n\n3\n");
    const illegal = "??? ILLEGAL INPUT\n\nASSIGN# 1  ? ";
    expect(r.out).toBe(INTRO + board("010110101") + "ASSIGN# 1  ? " + illegal.repeat(5) + board("001101101") + "ASSIGN# 2  ? \n");
  });

  it("prints exactly what merlin play prints for the same board and input: one dialogue, two engines", async () => {
    const input = "3 h\nc\nu\n4, 0\nx\n\n5\n8 9\nN\n";
    const sim = await basic(["--start", "010110101"], input);
    const play = await merlin(["play", "--start", "010110101"], input);
    expect(play.code).toBe(0);
    expect(sim.code).toBe(0);
    expect(sim.out).toBe(play.out);
    expect(sim.out).toContain("HIT ME: PRESS ");
    expect(sim.out).toContain("COMP TURN: ");
    expect(sim.out).toContain("UNDO\n");
    expect(sim.out).toMatch(/CONGRATULANT !!\nTRY AGAIN \(Y OR N\)\? $/);
  });

  it("redo presses again what u took back, through the toy's Merlin.redo(), as merlin play does", async () => {
    const input = "3\nredo\nu\nredo\nredo\nq\n";
    const sim = await basic(["--start", "010110101"], input);
    const play = await merlin(["play", "--start", "010110101"], input);
    expect(sim.err).toBe("");
    expect(sim.out).toBe(play.out);
    expect(sim.out).toBe(
      INTRO + board("010110101") + "ASSIGN# 1  ? " +
        board("001101101") + "ASSIGN# 2  ? NOTHING TO REDO\nASSIGN# 2  ? UNDO\n" +
        board("010110101") + "ASSIGN# 1  ? REDO\n" +
        board("001101101") + "ASSIGN# 2  ? NOTHING TO REDO\nASSIGN# 2  ? ",
    );
  });

  it("? and help print the keys and the rules without a move; a stray TRY AGAIN answer asks again; q leaves", async () => {
    const r = await basic(["--start", "010110101"], "?\nHELP\n3 4 5 8 9\nmaybe\nq\n");
    expect(r.code).toBe(0);
    const help =
      "KEY 1-9: PRESS IT (NUMBERED ROW BY ROW FROM THE TOP LEFT); SEVERAL ON A LINE\n" +
      "H HIT ME (THE NEXT KEY TO PRESS)   C COMP TURN (THE COMPUTER PRESSES IT)\n" +
      "U UNDO THE LAST MOVE   REDO: PRESS AGAIN WHAT U TOOK BACK (UNTIL A NEW MOVE)\n" +
      "S SAME GAME (FROM THE START)   N NEW GAME\n" +
      "? OR HELP: THIS HELP   Q OR QUIT: LEAVE\n" +
      "RULES BASIC: LOST AFTER 20 MOVES WITHOUT A WIN, OR WHEN EVERY PAD GOES DARK\n\n";
    expect(r.out.startsWith(INTRO + board("010110101") + "ASSIGN# 1  ? " + help + "ASSIGN# 1  ? " + help + "ASSIGN# 1  ? ")).toBe(true);
    expect(r.out.endsWith("CONGRATULANT !!\nTRY AGAIN (Y OR N)? PLEASE ANSWER Y OR N (Q QUITS)\nTRY AGAIN (Y OR N)? ")).toBe(true);
  });

  it("--rules other than the BASIC program's is a usage error", async () => {
    const r = await basic(["--rules", "classic"], "");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^merlin sim: --basic plays the BASIC program's rules/m);
  });
});

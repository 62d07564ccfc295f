/**
 * `merlin sim --basic`: the 1980s BASIC program of source 002 ("5 REM reverse game"), played on
 * the virtual toy. The text is the listing's — the board as rows of 0/1 at TAB(7+3*J), the
 * ASSIGN#n prompt, ??? ILLEGAL INPUT, YOU LOSED THE GAME !! / CONGRATULANT !!, TRY AGAIN (Y OR N) —
 * but every move is a pad pressed through the key matrix and the board printed is read from
 * the LED pins: the firmware, under its "basic" rules, decides what happens.
 *
 * One answer per line, so it can be scripted from standard input; end of input ends it cleanly.
 * Unlike the listing (which only rejects X > 9), anything but a whole number 1..9 (1..pads on bigger boards) is illegal.
 */
import { boundedLines } from "../../tools/lines";
import type { CommandIO } from "../cli/command";
import { applySetup, firmwareErrors } from "./headless";
import { SimSession } from "./session";
import { BASIC_AGAIN, BASIC_ILLEGAL, BASIC_LOST, BASIC_WON, basicBoard, basicPrompt } from "../basic-text";


export interface BasicOptions {
  seed?: number;
  start?: string;
}

export async function runBasic(session: SimSession, options: BasicOptions, io: CommandIO): Promise<number> {
  const print = (line: string) => io.out(line + "\n");
  let reported = 0;
  const reportErrors = () => {
    const errors = firmwareErrors(session);
    for (; reported < errors.length; reported++) io.err(`merlin sim: firmware error: ${errors[reported]}\n`);
  };
  const showBoard = () => {
    for (const l of basicBoard(session.ledFrame(), session.cols)) print(l);
  };

  // GOSUB 260: a new board (the firmware deals it under the BASIC program's rules).
  applySetup(session, { rules: "basic", seed: options.seed, start: options.start });
  if (options.seed === undefined && options.start === undefined) session.api("Merlin.newGame()");
  session.wait(1000);
  showBoard();
  let n = 1;
  let asking = false;
  io.out(basicPrompt(n));
  if (!io.stdin) {
    io.out("\n");
    return 0;
  }
  for await (const raw of boundedLines(io.stdin)) {
    const line = raw.trim();
    if (asking) {
      // 240 IF LEFT$(A$,1)="Y" THEN 110
      if (!/^y/i.test(line)) {
        return firmwareErrors(session).length > 0 ? 1 : 0;
      }
      asking = false;
      session.api("Merlin.newGame()");
      session.wait(1000);
      showBoard();
      n = 1;
      io.out(basicPrompt(n));
      continue;
    }
    if (!/^\d+$/.test(line) || Number(line) < 1 || Number(line) > session.pads) {
      print(BASIC_ILLEGAL);
      print("");
      io.out(basicPrompt(n));
      continue;
    }
    session.pressFor(Number(line) - 1);
    reportErrors();
    n++;
    showBoard();
    const s = session.state();
    if (s.status === "playing") {
      io.out(basicPrompt(n));
      continue;
    }
    print(s.status === "won" ? BASIC_WON : BASIC_LOST);
    io.out(BASIC_AGAIN);
    asking = true;
  }
  io.out("\n");
  return firmwareErrors(session).length > 0 ? 1 : 0;
}

/**
 * `merlin sim --basic`: the dialogue of source 002's BASIC listing (sim/basic-dialogue.ts, the
 * same loop as `merlin play`) played on the virtual toy. Every pad is pressed through the key
 * matrix and the board printed is read from the LED pins; the letters reach the toy's
 * functions through its console API (`Merlin.hint()`, `Merlin.undo()`, `Merlin.redo()`, `Merlin.press(k)` for
 * the extra-button functions), as someone at the REPL would. The firmware, under its "basic"
 * rules, decides what happens.
 *
 * One line of keys at a time, so it can be scripted from standard input; end of input ends it cleanly.
 */
import { boundedLines } from "../../tools/lines";
import type { CommandIO } from "../cli/command";
import { BasicDialogue, BasicEngine, basicGoal, BasicState } from "../basic-dialogue";
import { applySetup, firmwareErrors } from "./headless";
import { SimSession } from "./session";
import { goalBoard } from "./toy-info";

/** Long enough for a flash, a cue or a new game's goal preview to end before the LEDs are read. */
const SETTLE_MS = 1000;

/** The toy's firmware on the virtual board, driven as the BASIC dialogue asks. */
class FirmwareEngine implements BasicEngine {
  readonly pads: number;
  readonly cols: number;

  constructor(
    private readonly session: SimSession,
    /** Called after every action, so firmware errors are reported as they happen. */
    private readonly after: () => void,
  ) {
    this.pads = session.pads;
    this.cols = session.cols;
  }

  private act<T>(f: () => T, settleMs: number): T {
    const result = f();
    this.session.wait(settleMs);
    this.after();
    return result;
  }

  board(): string {
    return this.session.ledFrame();
  }

  /** The goal of the rules played on this board (the ring under basic), as toy-info finds it. */
  private goalDigits(): string {
    return goalBoard(this.session.state().rules, this.session.rows, this.session.cols);
  }

  goal(): string[] {
    return basicGoal(this.goalDigits(), this.cols);
  }

  darkGoal(): boolean {
    return !/[^0]/.test(this.goalDigits());
  }

  state(): BasicState {
    return this.session.state();
  }

  press(key: number): void {
    this.act(() => this.session.pressFor(key - 1), 0);
  }

  hint(): number {
    return this.act(() => this.session.api<number>("Merlin.hint()"), SETTLE_MS);
  }

  compTurn(): number {
    // The key COMP TURN will press is the hint; then the toy's own COMP TURN presses it.
    const key = this.session.api<number>("Merlin.hint()");
    if (key > 0) this.session.api(`Merlin.press(${this.pads + 4})`);
    return this.act(() => key, SETTLE_MS);
  }

  undo(): boolean {
    const before = this.session.state().moves;
    return this.act(() => this.session.api<{ moves: number }>("Merlin.undo()").moves !== before, SETTLE_MS);
  }

  redo(): boolean {
    const before = this.session.state().moves;
    return this.act(() => this.session.api<{ moves: number }>("Merlin.redo()").moves !== before, SETTLE_MS);
  }

  sameGame(): void {
    this.act(() => this.session.api(`Merlin.press(${this.pads + 2})`), SETTLE_MS);
  }

  newGame(): void {
    this.act(() => this.session.api("Merlin.newGame()"), SETTLE_MS);
  }
}

export interface BasicOptions {
  seed?: number;
  start?: string;
}

export async function runBasic(session: SimSession, options: BasicOptions, io: CommandIO): Promise<number> {
  let reported = 0;
  const reportErrors = () => {
    const errors = firmwareErrors(session);
    for (; reported < errors.length; reported++) io.err(`merlin sim: firmware error: ${errors[reported]}\n`);
  };
  // GOSUB 260: a new board (the firmware deals it under the BASIC program's rules).
  applySetup(session, { rules: "basic", seed: options.seed, start: options.start });
  if (options.seed === undefined && options.start === undefined) session.api("Merlin.newGame()");
  session.wait(SETTLE_MS);
  const dialogue = new BasicDialogue(new FirmwareEngine(session, reportErrors), (line) => io.out(line + "\n"));
  dialogue.showIntro();
  dialogue.showBoard();
  if (io.stdin) await dialogue.converse(boundedLines(io.stdin), io.out);
  else io.out(dialogue.prompt() + "\n");
  return firmwareErrors(session).length > 0 ? 1 : 0;
}

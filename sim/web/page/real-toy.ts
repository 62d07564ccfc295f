/**
 * The real toy as the page follows it over the flash panel's link (flash-panel.ts): its
 * `Merlin.state()` asked every FOLLOW_MS, and its `Merlin.maths()` asked at the start and again
 * whenever its rules change (the maths is the game's: same rules on the same profile, same
 * maths). What it said last stays when the link ends, marked as no longer live: a teacher keeps
 * the board on the projector and sees that the toy may have moved on since.
 *
 * No DOM here: the panel's line and the teaching view (through main.ts) read it.
 */
import { type ConsoleLink, QUIET } from "../../../firmware/flash/flash-protocol";
import type { FirmwareState } from "../../app/session";
import type { ToyMaths } from "../teach";

/** How often the page asks the toy for its state, ms. */
export const FOLLOW_MS = 500;
/**
 * Asks left unanswered before asking again: a slow link (an MDBT42Q's serial at 9600 baud) must
 * not pile questions up, yet a reply lost on the way (a toy restarting) must not stop the view.
 */
const PATIENCE = 4;

/** The question for the state (the marker split so that an echo of the line is no answer). */
export const STATE_LINE = `${QUIET}print("<<"+"ST>>"+JSON.stringify(Merlin.state()))\n`;
/** The question for the maths, with the rules it belongs to. */
export const MATHS_LINE = `${QUIET}print("<<"+"MA>>"+JSON.stringify([Merlin.state().rules,Merlin.maths()]))\n`;

const ANSWER = /<<(ST|MA)>>([^<\n]*)\n/;

/** A state and the maths of its game: what the teaching view needs to draw the real toy. */
export interface Reading {
  state: FirmwareState;
  maths: ToyMaths;
}

export class RealToy {
  /** The last state heard whose game's maths is known, with that maths (null: none yet). */
  reading: Reading | null = null;
  /** The last state heard (its game's maths may still be on the way). */
  heard: FirmwareState | null = null;
  /** Whether the link is up: false once it ends (what was heard stays, no longer live). */
  connected = false;
  private maths: { rules: string; maths: ToyMaths } | null = null;
  private link: ConsoleLink | null = null;
  private text = "";
  private unanswered = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  /**
   * `password`: the console password the toy's profile locks it with (typed again when the
   * toy asks, after its restart); `changed`: called after each answer and when the link ends.
   */
  constructor(
    private readonly password: string | undefined,
    private readonly changed: () => void,
  ) {}

  /** Follows the toy over `link` (the one before it let go), asking every `every` ms (0: only when ask() is called). */
  follow(link: ConsoleLink, every = FOLLOW_MS): void {
    this.stop();
    this.link = link;
    this.connected = true;
    this.text = "";
    this.unanswered = 0;
    link.onData((s) => {
      if (this.link === link) this.hear(s);
    });
    link.onClose(() => {
      if (this.link !== link) return;
      this.link = null;
      this.connected = false;
      clearInterval(this.timer);
      this.timer = undefined;
      this.changed();
    });
    if (every > 0) this.timer = setInterval(() => this.ask(), every);
    this.ask();
  }

  /** Closes the link (what was heard stays, no longer live). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.link?.close();
  }

  /** Asks the toy for its state, and for its maths when its game's is not known yet. */
  ask(): void {
    if (this.link === null) return;
    if (this.unanswered > 0 && this.unanswered < PATIENCE) {
      this.unanswered++;
      return;
    }
    this.unanswered = 1;
    const needMaths = this.maths === null || (this.heard !== null && this.heard.rules !== this.maths.rules);
    this.link.write(STATE_LINE + (needMaths ? MATHS_LINE : ""));
  }

  /** Hands the toy a board to play (`Merlin.start`): the next answer shows it. */
  play(board: string): void {
    if (this.link === null) throw new Error("your toy is disconnected: connect it again to hand it a board");
    this.link.write(`${QUIET}Merlin.start(${JSON.stringify(board)})\n`);
    this.unanswered = 0;
    this.ask();
  }

  /** What the toy printed: the answers in it, a password prompt. */
  private hear(s: string): void {
    this.text += s.replace(/\r/g, "");
    // A toy that locks its console (mdbt42q-3x3) asks for the password after its restart.
    if (this.password && /password>\s*$/.test(this.text)) {
      this.text = "";
      this.link!.write(this.password + "\n");
      return;
    }
    let heard = false;
    // An answer is one line, from its marker (the last on the line: one cut short runs into the next) to its end.
    for (let m = ANSWER.exec(this.text); m !== null; m = ANSWER.exec(this.text)) {
      this.text = this.text.slice(m.index + m[0].length);
      let answer: unknown;
      try {
        answer = JSON.parse(m[2]);
      } catch {
        continue; // a line cut by the console: the next answer will do
      }
      if (m[1] === "ST" && isState(answer)) {
        this.heard = answer;
        this.unanswered = 0;
        heard = true;
      } else if (m[1] === "MA" && Array.isArray(answer) && typeof answer[0] === "string" && isMaths(answer[1])) {
        this.maths = { rules: answer[0], maths: answer[1] };
        heard = true;
      }
    }
    if (this.text.length > 4096) this.text = this.text.slice(-1024);
    if (!heard) return;
    if (this.heard !== null && this.maths !== null && this.heard.rules === this.maths.rules) this.reading = { state: this.heard, maths: this.maths.maths };
    this.changed();
  }
}

function isState(a: unknown): a is FirmwareState {
  const s = a as FirmwareState;
  return typeof s === "object" && s !== null && typeof s.board === "string" && typeof s.rules === "string" && typeof s.status === "string";
}

function isMaths(a: unknown): a is ToyMaths {
  const m = a as ToyMaths;
  return typeof m === "object" && m !== null && typeof m.k === "number" && Array.isArray(m.presses) && typeof m.target === "string";
}

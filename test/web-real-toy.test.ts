// The real toy as the page follows it once flashed (sim/web/page/real-toy.ts: the teaching
// view's source while it shows the real toy), against a console that runs the toy's own
// firmware: the simulator's virtual board evaluates each line the page types, as the board's
// Espruino console does, and prints what the firmware prints. The browser test against the
// reference interpreter is test/firmware-espruino-web-flash.test.ts.
import { describe, expect, it } from "vitest";
import type { ConsoleLink } from "../firmware/flash/flash-protocol";
import { loadProfile } from "../hardware/validate";
import { openSession } from "../sim/app/node-session";
import type { SimSession } from "../sim/app/session";
import { MATHS_LINE, RealToy, STATE_LINE } from "../sim/web/page/real-toy";

/** A console on a virtual toy: what the page types runs in the firmware; what it prints waits until `deliver`. */
function toyConsole(session: SimSession) {
  const dataListeners: ((s: string) => void)[] = [];
  const closeListeners: (() => void)[] = [];
  const typed: string[] = [];
  let printed = "";
  let seen = session.board.console.length;
  let open = true;
  const link: ConsoleLink = {
    write(s) {
      typed.push(s);
      for (const line of s.split("\n").filter((l) => l !== "")) {
        // Ctrl-P at a line's start: the console does not echo it (flash-protocol.ts QUIET).
        session.board.eval(line.replace(/^\x10/, ""));
        const lines = session.board.console.slice(seen);
        seen = session.board.console.length;
        printed += lines.map((l) => `${l.text}\r\n`).join("");
      }
    },
    onData: (l) => void dataListeners.push(l),
    onClose: (l) => void closeListeners.push(l),
    close() {
      if (!open) return;
      open = false;
      closeListeners.forEach((l) => l());
    },
  };
  return {
    link,
    typed,
    /** Hands the page what the toy printed (the first `n` characters of it; all by default). */
    deliver(n = printed.length) {
      const part = printed.slice(0, n);
      printed = printed.slice(n);
      dataListeners.forEach((l) => l(part));
    },
    /** What the toy printed and the page has not had yet, lost. */
    drop: () => void (printed = ""),
    /** The cable pulled out. */
    lose: () => link.close(),
  };
}

/** The toy's board after pressing the key whose pattern is `pattern` (digits, mod k). */
function pressed(board: string, pattern: string, k: number): string {
  return board
    .split("")
    .map((c, i) => String((Number(c) + Number(pattern[i])) % k))
    .join("");
}

describe("following the real toy: its state and its game's maths over the console", () => {
  async function toy(profile = "pico-3x3") {
    const session = await openSession({ profile: loadProfile(profile), boardSeed: 7 });
    const con = toyConsole(session);
    let changes = 0;
    const real = new RealToy(undefined, () => changes++);
    real.follow(con.link, 0);
    return { session, con, real, changes: () => changes };
  }

  it("reads the toy's board, rules and maths; a press on the toy shows at the next question, the maths not asked again", async () => {
    const { session, con, real } = await toy();
    // The first question asks for the maths too: the view cannot draw a board without its game's.
    expect(con.typed).toEqual([STATE_LINE + MATHS_LINE]);
    con.deliver();
    expect(real.reading?.state).toEqual(session.state());
    expect(real.reading?.maths).toEqual(session.api("Merlin.maths()"));
    const before = real.reading!.state.board;

    // The centre pad on the 3×3 (basic rules) advances its plus: pads 2, 4, 5, 6 and 8.
    const maths = real.reading!.maths;
    expect(maths.presses[4]).toBe("010111010");
    session.api("Merlin.press(5)");
    real.ask();
    expect(con.typed[1]).toBe(STATE_LINE);
    con.deliver();
    expect(real.reading?.state.board).toBe(pressed(before, maths.presses[4], maths.k));
    expect(real.reading?.state.moves).toBe(1);
  });

  it("another game on the toy: its maths is asked again, and the view keeps the last board whose maths it has until it comes", async () => {
    const { session, con, real } = await toy("pico-5x5-neopixel");
    con.deliver();
    const basic = real.reading!;
    expect(basic.state.rules).toBe("basic");
    session.api('Merlin.setRules("lightsout")');
    real.ask();
    // The state says lightsout: the maths of basic no longer fits it.
    expect(con.typed[1]).toBe(STATE_LINE);
    con.deliver();
    expect(real.heard?.rules).toBe("lightsout");
    expect(real.reading).toBe(basic);
    real.ask();
    expect(con.typed[2]).toBe(STATE_LINE + MATHS_LINE);
    // The state's answer first, the maths' still on the way: the reading waits for both.
    con.deliver(`<<ST>>${JSON.stringify(session.state())}\r\n`.length);
    expect(real.reading).toBe(basic);
    con.deliver();
    expect(real.reading?.state.rules).toBe("lightsout");
    expect(real.reading?.maths).toEqual(session.api("Merlin.maths()"));
    // Lights Out's goal is every pad dark, its corner key the corner and its two neighbours.
    expect(real.reading?.maths.target).toBe("0".repeat(25));
    expect(real.reading?.maths.presses[0]).toBe("1100010000000000000000000");
  });

  it("an answer cut short on the way is skipped, not misread; the next answer reads", async () => {
    const { session, con, real } = await toy();
    con.deliver(20);
    con.drop();
    expect(real.reading).toBeNull();
    for (let i = 0; i < 4; i++) real.ask();
    con.deliver();
    expect(real.reading?.state).toEqual(session.state());
  });

  it("asks again after a few unanswered questions, not at each one (a slow link does not pile them up)", async () => {
    const { con, real } = await toy();
    for (let i = 0; i < 3; i++) real.ask();
    expect(con.typed.length).toBe(1);
    real.ask();
    expect(con.typed.length).toBe(2);
  });

  it("the link lost: the last reading stays, no longer live, and a board cannot be handed to it", async () => {
    const { con, real, changes } = await toy();
    con.deliver();
    const last = real.reading;
    const told = changes();
    con.lose();
    expect(real.connected).toBe(false);
    expect(real.reading).toBe(last);
    expect(changes()).toBe(told + 1);
    expect(() => real.play("101010101")).toThrow(/disconnected/);
    real.ask();
    expect(con.typed.length).toBe(1);
  });

  it("hands the toy a board to play (the teaching view's Play this board), and shows it at once", async () => {
    const { session, con, real } = await toy();
    con.deliver();
    real.play("110000000");
    con.deliver();
    expect(session.state().board).toBe("110000000");
    expect(real.reading?.state.board).toBe("110000000");
  });

  it("types the profile's console password when the toy asks for it (a toy that locks its console)", () => {
    const typed: string[] = [];
    let hear: (s: string) => void = () => undefined;
    const link: ConsoleLink = { write: (s) => void typed.push(s), onData: (l) => void (hear = l), onClose: () => undefined, close: () => undefined };
    const real = new RealToy("merlin", () => undefined);
    real.follow(link, 0);
    hear("\r\npassword>");
    expect(typed.at(-1)).toBe("merlin\n");
  });
});

/**
 * `merlin sim`: the toy in a terminal. The pads are drawn from the LED brightness the virtual
 * board measures on the LED pins, redrawn as the clock runs in real time (RealTimePacer), so a
 * pad blinks exactly when the firmware blinks it. Keys, the mouse and a cursor press pads
 * through the key matrix; the letters drive the firmware through its extra buttons, its hold
 * gestures or its console API (global `Merlin`), as someone holding the toy or typing at its
 * REPL would. The piezo rings the terminal bell.
 *
 * The frame is a pure function of a view (renderFrame) so it can be tested on strings; the
 * rest is terminal plumbing: alternate screen, raw mode, SGR mouse reports, resize, and
 * restoring the terminal however the program ends.
 */
import type { ReadStream, WriteStream } from "node:tty";
import { RULE_SETS, ruleIndex } from "../../src/rules";
import { BUTTON_LABEL } from "../../hardware/roles";
import { RealTimePacer } from "../board";
import { lossWords } from "../basic-dialogue";
import { type ButtonName, type FirmwareState, SimSession } from "./session";

export type PadLook = "lit" | "dim" | "dark";

/** Brightness (relative to full) → how a pad looks; a blinking pad alternates lit/dark between frames. */
export function padLook(brightness: number): PadLook {
  if (brightness >= 0.6) return "lit";
  if (brightness >= 0.15) return "dim";
  return "dark";
}

export interface TuiView {
  profile: string;
  rows: number;
  cols: number;
  /** Brightness per pad, 0..1, row-major. */
  pads: number[];
  /** The key that presses each pad ("" = mouse or cursor only). */
  labels: string[];
  /** Pad under the cursor (arrows + space/enter), or -1 when hidden. */
  cursor: number;
  buttons: ButtonName[];
  state: Pick<FirmwareState, "moves" | "status" | "reason" | "rules" | "seed" | "puzzle" | "par" | "muted" | "asleep">;
  /** Frequency playing now (0 = silent). */
  tone: number;
  /** The last thing that happened ("hint: press 5"). */
  message: string;
  help: boolean;
  color: boolean;
}

/** A clickable area of the frame, 0-based cells. */
export interface HitBox {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** A pad index, or an extra button's name. */
  target: number | ButtonName;
}

export interface Frame {
  lines: string[];
  hits: HitBox[];
}

const PAD_W = 7;
const CELL_W = PAD_W + 3; // "[" pad "]" and a space
const PAD_H = 3;

export const HELP_LINE = "1-9 pads N new S same H hint C comp U undo R rules M mute ? help Q quit";

export const HELP_TEXT = [
  "Pads: keys 1-9 as numbered (1 top-left), or --keypad (7 8 9 on top);",
  "      arrows move the cursor, space/enter press it; click a pad (hold the",
  "      mouse button to hold the pad: 1.5 s holds are the toy's functions).",
  "N new game   S same game   H hit me (hint)   C computer's move",
  "U undo       R next rule set   M mute   ? this help   Q quit",
  "Goal: every pad lit but the centre. Corner: its 2x2 block; edge: its",
  "edge line; centre: the plus. The game is saved in .merlin/ like on the toy.",
];

const ESC = "\x1b[";
const STYLE: { [look in PadLook]: string } = { lit: ESC + "1;97;101m", dim: ESC + "97;41m", dark: ESC + "37;100m" };
const GLYPH: { [look in PadLook]: string } = { lit: "█", dim: "▒", dark: "░" };
const RESET = ESC + "0m";

/** Which pad a digit key presses: source 002's layout (1 top-left, row-major) or a numeric keypad (7 8 9 on top). */
export function padForDigit(digit: number, rows: number, cols: number, keypad: boolean): number {
  if (!(digit >= 1 && digit <= 9)) return -1;
  if (!keypad) return digit <= rows * cols ? digit - 1 : -1;
  // The keypad's 3×3 block sits on the top-left 3×3 pads.
  const r = 2 - Math.floor((digit - 1) / 3);
  const c = (digit - 1) % 3;
  return r < rows && c < cols ? r * cols + c : -1;
}

/** The key label of every pad. */
export function padLabels(rows: number, cols: number, keypad: boolean): string[] {
  const labels = new Array<string>(rows * cols).fill("");
  for (let d = 1; d <= 9; d++) {
    const p = padForDigit(d, rows, cols, keypad);
    if (p >= 0) labels[p] = String(d);
  }
  return labels;
}

export function statusText(s: TuiView["state"]): string {
  if (s.asleep) return "asleep: press any pad to wake it";
  if (s.status === "won") return `WON in ${s.moves} move${s.moves === 1 ? "" : "s"}! (par ${s.par})  N new game`;
  if (s.status === "lost") {
    return `LOST: ${lossWords(s)}  N new game, S same game`;
  }
  return "playing";
}

function padRow(view: TuiView, r: number, line: number): string {
  let out = "";
  for (let c = 0; c < view.cols; c++) {
    const i = r * view.cols + c;
    const look = padLook(view.pads[i]);
    const cursor = view.cursor === i && line === 1;
    let body: string;
    if (line === 1) {
      const label = view.labels[i] || "·";
      const field = (" " + label + " ").padEnd(3).slice(0, 3);
      body = view.color ? " ".repeat(2) + field + " ".repeat(2) : GLYPH[look].repeat(2) + field + GLYPH[look].repeat(2);
    } else body = view.color ? " ".repeat(PAD_W) : GLYPH[look].repeat(PAD_W);
    if (view.color) body = STYLE[look] + body + RESET;
    out += (cursor ? "[" : " ") + body + (cursor ? "]" : " ") + " ";
  }
  return out;
}

/** The whole screen for a terminal `width` × `height`, and where the clickable things are. */
export function renderFrame(view: TuiView, width: number, height: number): Frame {
  const lines: string[] = [];
  const hits: HitBox[] = [];
  const gridW = view.cols * CELL_W;
  const needH = view.rows * (PAD_H + 1) + 8;
  if (width < Math.max(gridW + 2, 40) || height < needH) {
    return { lines: [`terminal too small: ${width}×${height}, need ${Math.max(gridW + 2, 40)}×${needH}`], hits };
  }
  const s = view.state;
  const bold = (t: string) => (view.color ? ESC + "1m" + t + RESET : t);
  lines.push(bold(" MERLIN ") + ` ${view.profile}`);
  const puzzle = s.puzzle > 0 ? `puzzle ${s.puzzle}` : `seed ${s.seed}`;
  lines.push(` rules ${s.rules}   ${puzzle}   par ${s.par}${s.muted ? "   muted" : ""}`);
  lines.push("");
  for (let r = 0; r < view.rows; r++) {
    for (let line = 0; line < PAD_H; line++) lines.push(" " + padRow(view, r, line).trimEnd());
    lines.push("");
    for (let c = 0; c < view.cols; c++) {
      const x0 = 1 + c * CELL_W;
      hits.push({ x0, x1: x0 + PAD_W + 1, y0: 3 + r * (PAD_H + 1), y1: 3 + r * (PAD_H + 1) + PAD_H - 1, target: r * view.cols + c });
    }
  }
  if (view.buttons.length > 0) {
    let row = " ";
    for (const b of view.buttons) {
      const label = `[${BUTTON_LABEL[b]}]`;
      hits.push({ x0: row.length, x1: row.length + label.length - 1, y0: lines.length, y1: lines.length, target: b });
      row += label + " ";
    }
    lines.push(row.trimEnd());
  }
  lines.push(` moves ${s.moves}${view.tone > 0 ? `   ♪ ${view.tone} Hz` : ""}`);
  lines.push(` ${statusText(s)}`);
  lines.push(view.message ? ` ${view.message}` : "");
  if (view.help) {
    lines.push("");
    for (const h of HELP_TEXT) lines.push(" " + h);
  }
  while (lines.length < height - 1) lines.push("");
  lines.length = Math.min(lines.length, height - 1);
  lines.push(" " + HELP_LINE.slice(0, width - 2));
  return { lines, hits };
}

// ---- the interactive loop ---------------------------------------------------------------

export interface TuiOptions {
  keypad: boolean;
  quiet: boolean;
  color?: boolean;
}

export interface Terminal {
  stdin: ReadStream;
  stdout: WriteStream;
}

/** A 1.5 s hold of a pad: the toy's function gestures (firmware/controller.ts). */
const HOLD_MS = 1600;
/** Held pads for the functions the profile has no button for: 2 SAME GAME, 5 COMP TURN. */
const HOLD_PAD: { [name: string]: number } = { sameGame: 1, compTurn: 4 };

const ENTER_SCREEN = "\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[H\x1b[2J";
const LEAVE_SCREEN = "\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[0m\x1b[?25h\x1b[?1049l";

/** Input tokens from a raw-mode chunk: keys, arrows, SGR mouse reports. */
export type InputEvent =
  | { kind: "key"; key: string }
  | { kind: "arrow"; dir: "up" | "down" | "left" | "right" }
  | { kind: "mouse"; down: boolean; button: number; x: number; y: number };

export function parseInput(chunk: string): InputEvent[] {
  const events: InputEvent[] = [];
  let i = 0;
  while (i < chunk.length) {
    const rest = chunk.slice(i);
    const mouse = /^\x1b\[<(\d+);(\d+);(\d+)([Mm])/.exec(rest);
    if (mouse) {
      events.push({ kind: "mouse", button: Number(mouse[1]), x: Number(mouse[2]) - 1, y: Number(mouse[3]) - 1, down: mouse[4] === "M" });
      i += mouse[0].length;
      continue;
    }
    const arrow = /^\x1b[[O]([ABCD])/.exec(rest);
    if (arrow) {
      events.push({ kind: "arrow", dir: ({ A: "up", B: "down", C: "right", D: "left" } as const)[arrow[1] as "A"] });
      i += arrow[0].length;
      continue;
    }
    const other = /^\x1b\[[\d;]*[~A-Za-z]/.exec(rest);
    if (other) {
      i += other[0].length;
      continue;
    }
    events.push({ kind: "key", key: chunk[i] });
    i++;
  }
  return events;
}

export async function runTui(session: SimSession, options: TuiOptions, term: Terminal): Promise<number> {
  const { stdin, stdout } = term;
  const color = options.color ?? true;
  const labels = padLabels(session.rows, session.cols, options.keypad);
  let cursor = -1;
  let message = "";
  let help = false;
  let lastScreen = "";
  let hits: HitBox[] = [];
  let mouseHeld: number | ButtonName | undefined;
  let toneSeen = session.board.tones.length;
  let lastSoundEnd = -Infinity;
  let lastDraw = 0;

  const act = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (e) {
      message = `${what}: ${(e as Error).message}`;
    }
  };
  const state = () => session.state();

  let closed = false;
  const draw = (force = false) => {
    if (closed) return;
    const now = Date.now();
    if (!force && now - lastDraw < 30) return;
    lastDraw = now;
    let s: FirmwareState;
    try {
      s = state();
    } catch {
      s = { board: "", moves: 0, status: "playing", reason: null, rules: "?", seed: 0, puzzle: 0, par: 0, leds: "", muted: false, asleep: false, error: null };
    }
    const view: TuiView = {
      profile: session.profile.name,
      rows: session.rows,
      cols: session.cols,
      pads: session.brightness(),
      labels,
      cursor,
      buttons: session.buttons,
      state: s,
      tone: session.board.tone.freq,
      message: message || (session.board.errors.length > 0 ? `firmware error: ${session.board.errors[session.board.errors.length - 1].message}` : ""),
      help,
      color,
    };
    const frame = renderFrame(view, stdout.columns || 80, stdout.rows || 24);
    hits = frame.hits;
    const screen = frame.lines.map((l) => l + "\x1b[K").join("\r\n");
    if (screen === lastScreen && !force) return;
    lastScreen = screen;
    stdout.write("\x1b[H" + screen + "\x1b[J");
  };

  const ringBell = () => {
    const tones = session.board.tones;
    for (; toneSeen < tones.length; toneSeen++) {
      const e = tones[toneSeen];
      if (e.freq === 0) lastSoundEnd = e.t;
      else if (e.t - lastSoundEnd >= 100 && !options.quiet) stdout.write("\x07");
      if (e.freq !== 0) lastSoundEnd = Infinity;
    }
  };

  const tapPad = (pad: number) => {
    if (pad < 0 || pad >= session.pads) return;
    message = "";
    session.tapLater(pad);
  };

  const doFunction = (name: ButtonName | "undo" | "rules" | "mute") => {
    message = "";
    if (name === "undo") return act("undo", () => session.api("Merlin.undo()"));
    if (name === "mute") return act("mute", () => (message = session.api<boolean>(`Merlin.mute(${!state().muted})`) ? "muted" : "sound on"));
    if (name === "rules") {
      return act("rules", () => {
        const next = RULE_SETS[(ruleIndex(state().rules) + 1) % RULE_SETS.length].name;
        session.api(`Merlin.setRules(${JSON.stringify(next)})`);
        message = `rules: ${next}`;
      });
    }
    if (session.buttons.includes(name)) return session.tapLater(name);
    if (name === "newGame") return act("new game", () => session.api("Merlin.newGame()"));
    if (name === "hitMe") return act("hint", () => (message = `hint: press ${session.api<number>("Merlin.hint()")}`));
    message = `holding pad ${HOLD_PAD[name] + 1} for 1.5 s (${BUTTON_LABEL[name]})`;
    session.tapLater(HOLD_PAD[name], HOLD_MS);
  };

  const moveCursor = (dir: "up" | "down" | "left" | "right") => {
    if (cursor < 0) {
      cursor = 0;
      return;
    }
    let r = Math.floor(cursor / session.cols);
    let c = cursor % session.cols;
    if (dir === "up") r = (r + session.rows - 1) % session.rows;
    if (dir === "down") r = (r + 1) % session.rows;
    if (dir === "left") c = (c + session.cols - 1) % session.cols;
    if (dir === "right") c = (c + 1) % session.cols;
    cursor = r * session.cols + c;
  };

  return new Promise<number>((resolve) => {
    let done = false;
    const pacer = new RealTimePacer(session.board.clock, {
      onTick: () => {
        ringBell();
        draw();
      },
    });

    const finish = (code: number, error?: unknown) => {
      if (done) return;
      done = true;
      closed = true;
      pacer.stop();
      // Let the firmware's pending Storage writes land, as they would while the toy stays on.
      try {
        session.wait(1500);
      } catch {
        /* the board may be off */
      }
      process.off("SIGWINCH", onResize);
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      process.off("uncaughtException", onCrash);
      stdin.off("data", onData);
      stdout.off("resize", onResize);
      try {
        stdin.setRawMode(false);
      } catch {
        /* not a TTY any more */
      }
      stdin.pause();
      stdout.write(LEAVE_SCREEN);
      if (error) process.stderr.write(`merlin sim: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
      resolve(code);
    };

    const onResize = () => {
      stdout.write("\x1b[2J");
      draw(true);
    };
    const onSignal = () => finish(130);
    const onCrash = (e: unknown) => finish(1, e);

    const onData = (data: Buffer | string) => {
      try {
        for (const ev of parseInput(data.toString())) if (!done) handle(ev);
        draw(true);
      } catch (e) {
        finish(1, e);
      }
    };

    const handle = (ev: InputEvent) => {
      if (ev.kind === "arrow") return moveCursor(ev.dir);
      if (ev.kind === "mouse") {
        if (ev.button >= 64) return; // wheel
        if (ev.down && (ev.button & 32) === 0) {
          const hit = hits.find((h) => ev.x >= h.x0 && ev.x <= h.x1 && ev.y >= h.y0 && ev.y <= h.y1);
          if (!hit || mouseHeld !== undefined) return;
          mouseHeld = hit.target;
          message = "";
          session.board.press(hit.target);
        } else if (!ev.down && mouseHeld !== undefined) {
          session.board.release(mouseHeld);
          mouseHeld = undefined;
        }
        return;
      }
      const k = ev.key;
      if (k === "\x03" || k === "q" || k === "Q") return finish(0);
      if (/^[1-9]$/.test(k)) return tapPad(padForDigit(Number(k), session.rows, session.cols, options.keypad));
      if (k === " " || k === "\r" || k === "\n") return cursor >= 0 ? tapPad(cursor) : undefined;
      if (k === "?") {
        help = !help;
        return;
      }
      if (k === "\x1b") {
        help = false;
        return;
      }
      const fn = ({ n: "newGame", s: "sameGame", h: "hitMe", c: "compTurn", u: "undo", r: "rules", m: "mute" } as const)[k.toLowerCase() as "n"];
      if (fn) doFunction(fn);
    };

    process.on("SIGWINCH", onResize);
    stdout.on("resize", onResize);
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    process.on("uncaughtException", onCrash);
    stdout.write(ENTER_SCREEN);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on("data", onData);
    draw(true);
    pacer.start();
  });
}

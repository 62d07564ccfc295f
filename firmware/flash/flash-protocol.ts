/**
 * How the toy's image is put on a board, over its Espruino console — the steps both
 * `npm run flash` (firmware/flash/flash.ts: serial port or TCP) and the browser page
 * (sim/web/page/flash-panel.ts: Web Serial or Web Bluetooth) take, so both check and write
 * the same way. Nothing here touches Node or the DOM: a link is something that sends text
 * and hands over what the board prints.
 *
 *   1. a probe line: no answer → "no answer"; `Invalid password` → "console locked" (or, with
 *      a password, the password is typed and must be accepted);
 *   1a. the board's Espruino build (process.env.BOARD): one made for another board than the
 *      profile's (ESPRUINO_BOARDS) refuses, naming both;
 *   1b. the board's Espruino version (process.env.VERSION): older than REQUIRED_VERSION, the one
 *      the image's tokens and the firmware's measurements are for, refuses with how to update;
 *   2. reset(), so the running code stops (its timers cannot write flash during the upload);
 *      with other files to write (Merlin's games, a Storage file each), `.bootcde` is erased
 *      first, so a link lost among them leaves no old toy to boot with half its new games;
 *   3. each game's file, then the image, in pieces, `require("Storage").write(NAME, atob(…),
 *      offset[, size])`, each acknowledged before the next is sent (base64: any byte, only
 *      ASCII on the wire);
 *   4. read back: length and E.CRC32 of each file must be those of the bytes sent (a failed
 *      write or read-back erases `.bootcde`, so bytes other than those sent never boot);
 *   5. load(), and only then: the board boots the new code as after a power cut; an error it
 *      prints fails.
 *
 * A link lost during step 3 leaves `.bootcde` cut short, the rest of it erased flash. The toy's
 * image is one function expression called at its end, `(function(…){…})(…)`, and Espruino
 * reads a function to its closing brace before it can call it: a cut image runs none of its
 * code (the board starts to an empty console, with a syntax error), and the next flash
 * replaces it.
 */
import { crc32 as espruinoCrc32 } from "../../sim/board/espruino-system";
import type { BoardId } from "../../hardware/boards";

/** The Espruino release the image is made for: pretokenise.ts writes 2v29's token numbers. */
export const REQUIRED_VERSION = "2v29";

/** A console to type on: send text (one byte a character), hear what the board prints, close. */
export interface ConsoleLink {
  write(s: string): void;
  onData(listener: (s: string) => void): void;
  /** Called once when the link ends (closed, lost, errored). */
  onClose(listener: () => void): void;
  close(): void;
}

/** A failure to report as one line. */
export class FlashError extends Error {}

/** Ctrl-P (0x10) at the start of a line turns the echo off for that line. */
export const QUIET = "\x10";

/** The bytes as base64, for atob() on the board. */
function base64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return btoa(s);
}

/** The CRC-32 E.CRC32 gives for the image's bytes. */
export function imageCrc32(bytes: Uint8Array): number {
  return espruinoCrc32(bytes);
}

/** Bytes per Storage.write piece (the espruino CLI's size; the base64 line is a third longer). */
export const PIECE_BYTES = 1024;
/** How long the console may take to answer the probe, a piece, the read-back, ms. */
export const ANSWER_MS = 3000;
/** How long to watch the console after load() for an error, ms. */
export const BOOT_WATCH_MS = 1500;



/**
 * What is typed on the console after the probe, in order: reset, the pieces (each printing
 * its acknowledgement), the read-back. Markers are built at run time (`"<<"+"W3>>"`) so
 * that an echo of the line is never mistaken for the answer.
 */
export function uploadLines(code: Uint8Array, files: StorageFile[] = []): string[] {
  const lines = [files.length > 0 ? RESET_ERASE_LINE : RESET_LINE];
  for (const f of files.concat([{ name: ".bootcde", bytes: code }])) lines.push(...fileLines(f));
  return lines;
}

/** A file to write besides the image: its name in Storage and its bytes. */
export interface StorageFile {
  name: string;
  bytes: Uint8Array;
}

/** The console line that stops the running code; with erasing, also `.bootcde`. */
const RESET_LINE = `${QUIET}reset();print("<<"+"RESET>>")\n`;
const RESET_ERASE_LINE = `${QUIET}reset();require("Storage").erase(".bootcde");print("<<"+"RESET>>")\n`;

/** The lines that write one file in pieces, then read it back (uploadLines). */
function fileLines(f: StorageFile): string[] {
  const lines: string[] = [];
  const name = JSON.stringify(f.name);
  const pieces = Math.max(1, Math.ceil(f.bytes.length / PIECE_BYTES));
  for (let i = 0; i < pieces; i++) {
    const piece = base64(f.bytes.subarray(i * PIECE_BYTES, (i + 1) * PIECE_BYTES));
    const where = i === 0 ? `0,${f.bytes.length}` : String(i * PIECE_BYTES);
    lines.push(`${QUIET}print("<<"+"W${i}>>"+require("Storage").write(${name},atob("${piece}"),${where}))\n`);
  }
  lines.push(`${QUIET}print("<<"+"V>>"+JSON.stringify([require("Storage").read(${name}).length,E.CRC32(require("Storage").read(${name}))]))\n`);
  return lines;
}

/**
 * The Espruino builds (process.env.BOARD, the name of the build's file in Espruino's boards/
 * folder) each board of a profile runs: an image for one board on another would drive the wrong
 * pins (and the Pico's image has no Bluetooth to talk over, the MDBT42Q's locks the console).
 */
export const ESPRUINO_BOARDS: Readonly<Record<BoardId, readonly string[]>> = {
  // boards/PICO_R1_3.py: the Pico's only firmware (rev 1.3 and 1.4 boards).
  PICO: ["PICO_R1_3"],
  // boards/MDBT42Q.py.
  MDBT42Q: ["MDBT42Q"],
  // boards/ESP32.py: the ESP32 image espruino.com/Download offers.
  ESP32: ["ESP32"],
};

/** The process.env.BOARD values a profile's board (its "board" field) runs. */
export function espruinoBoards(board: string): readonly string[] {
  return ESPRUINO_BOARDS[board as BoardId] ?? [];
}

/** The console line that asks which board the Espruino build is for. */
export const BOARD_LINE = `${QUIET}print("<<"+"BRD>>"+process.env.BOARD)\n`;

/**
 * The one-line refusal when the board's Espruino build (`found`, its process.env.BOARD) is not
 * one the profile's board runs, or null when it is. `profiles` are all profiles as [name, board],
 * to say which would fit.
 */
export function boardProblem(found: string, profileName: string, board: string, profiles: [string, string][]): string | null {
  const accepted = espruinoBoards(board);
  if (accepted.includes(found)) return null;
  const fits = profiles.filter(([, b]) => espruinoBoards(b).includes(found)).map(([n]) => n);
  const instead = fits.length > 0 ? `--board ${fits.join(" or --board ")}` : "the profile of that board";
  return `the board runs Espruino for ${found || "(unknown)"}, but this image is for ${profileName} (Espruino for ${accepted.join(" or ")}): pass ${instead}, or --any-board to flash anyway`;
}

/** The console line that asks for the board's Espruino version. */
export const VERSION_LINE = `${QUIET}print("<<"+"VER>>"+process.env.VERSION)\n`;

/** [major, minor] of an Espruino version ("2v29", "2v29.14" for a build after 2v29), or null. */
export function parseVersion(v: string): [number, number] | null {
  const m = /^(\d+)v(\d+)/.exec(v);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** True when version `v` is at least `min` (both like "2v29"). */
export function versionAtLeast(v: string, min: string): boolean {
  const a = parseVersion(v);
  const b = parseVersion(min)!;
  return a !== null && (a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]));
}

/** How to put a newer Espruino on each board, for the one-line refusal. */
export function updateHint(chip: string): string {
  if (chip === "nrf52") return "update it over Bluetooth as espruino.com/MDBT42Q (Firmware Updates) describes";
  if (chip === "esp32") return "write the ESP32 image from espruino.com/Download with esptool as espruino.com/ESP32 describes";
  return "update it from the Espruino Web IDE (Settings → Flasher) as espruino.com/Pico describes";
}

/** The console line that erases a `.bootcde` whose writing or read-back failed. */
export const ERASE_LINE = `${QUIET}require("Storage").erase(".bootcde");print("<<"+"ERASED>>")\n`;

/** The console line that starts the new code, as a power cut would. */
export const LOAD_LINE = `${QUIET}load()\n`;

/** Collects what the console prints and waits for patterns in it. */
export class Console {
  text = "";
  private wake: (() => void) | null = null;

  closed = false;

  constructor(private readonly link: ConsoleLink) {
    link.onData((s) => {
      this.text += s.replace(/\r/g, "");
      this.wake?.();
    });
    link.onClose(() => {
      this.closed = true;
      this.wake?.();
    });
  }

  write(s: string): void {
    if (!this.closed) this.link.write(s);
  }

  /** The first pattern (index) that matches after `from`, or −1 when ms pass or the link closes first. */
  async waitFor(patterns: RegExp[], from: number, ms: number): Promise<{ index: number; match: RegExpExecArray | null }> {
    const deadline = Date.now() + ms;
    for (;;) {
      const rest = this.text.slice(from);
      for (let i = 0; i < patterns.length; i++) {
        const m = patterns[i].exec(rest);
        if (m) return { index: i, match: m };
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) return { index: -1, match: null };
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }
}

export interface FlashOptions {
  password?: string;
  /** The profile the image is for, its board, and every profile as [name, board]; absent skips the board check. */
  board?: { profile: string; board: string; profiles: [string, string][] };
  /** Oldest Espruino version to accept (default REQUIRED_VERSION); null skips the check. */
  minVersion?: string | null;
  /** Said in the refusal: how to update Espruino on this board. */
  updateHint?: string;
  /** Progress lines (not errors). */
  log?: (line: string) => void;
  /** Called after each piece is acknowledged: pieces written, pieces in all. */
  progress?: (done: number, all: number) => void;
  /** Files to write before the image (Merlin's games), each checked as the image is. */
  files?: StorageFile[];
}

/** What a locked console answers to every line. */
const LOCKED = /Invalid password/;

/**
 * Writes `code` to `.bootcde` through a console link and restarts the board; resolves with
 * the CRC32 when the board holds exactly those bytes, throws FlashError otherwise.
 */
export async function flashOverConsole(link: ConsoleLink, code: Uint8Array, opts: FlashOptions = {}): Promise<number> {
  const con = new Console(link);
  const log = opts.log ?? (() => undefined);
  // Ctrl-C once: abandons a half-typed line. (Twice would end the Linux interpreter.)
  con.write("\x03");
  let from = con.text.length;
  con.write(`${QUIET}print("<<"+"HELLO>>")\n`);
  let probe = await con.waitFor([/<<HELLO>>/, LOCKED], from, ANSWER_MS);
  if (probe.index === 1) {
    if (!opts.password) throw new FlashError("the board's console is locked (it answered \"Invalid password\"); pass --password with the profile's consolePassword");
    // Let the locked console finish its answer (a new password prompt) before typing.
    await con.waitFor([/Invalid password\s*password>/], from, 300);
    from = con.text.length;
    con.write(opts.password + "\n");
    const login = await con.waitFor([/Logged in/, /Invalid password/], from, ANSWER_MS);
    if (login.index !== 0) throw new FlashError(login.index === 1 ? "the console password was refused (\"Invalid password\")" : "no answer to the console password");
    from = con.text.length;
    con.write(`${QUIET}print("<<"+"HELLO>>")\n`);
    probe = await con.waitFor([/<<HELLO>>/, LOCKED], from, ANSWER_MS);
  }
  if (probe.index !== 0) {
    throw new FlashError(probe.index === 1 ? "the board's console is still locked after the password" : `no answer from an Espruino console within ${ANSWER_MS} ms (wrong port or baud rate, or the board is busy)`);
  }
  if (opts.board) {
    from = con.text.length;
    con.write(BOARD_LINE);
    const brd = await con.waitFor([/<<BRD>>([^\s>]*)/, /Uncaught[^\n]*/], from, ANSWER_MS);
    if (brd.index !== 0) throw new FlashError("cannot read which board the Espruino build is for (process.env.BOARD); pass --any-board to flash anyway");
    const problem = boardProblem(brd.match![1], opts.board.profile, opts.board.board, opts.board.profiles);
    if (problem !== null) throw new FlashError(problem);
    log(`Espruino for ${brd.match![1]}`);
  }
  const minVersion = opts.minVersion === undefined ? REQUIRED_VERSION : opts.minVersion;
  if (minVersion !== null) {
    from = con.text.length;
    con.write(VERSION_LINE);
    const ver = await con.waitFor([/<<VER>>([^\s>]*)/, /Uncaught[^\n]*/], from, ANSWER_MS);
    const how = opts.updateHint ?? updateHint("stm32");
    if (ver.index !== 0) {
      throw new FlashError(`cannot read the board's Espruino version (process.env.VERSION); ${REQUIRED_VERSION} or later is needed: ${how}, or pass --any-version`);
    }
    const version = ver.match![1];
    if (!versionAtLeast(version, minVersion)) {
      throw new FlashError(`the board runs Espruino ${version || "(unknown)"}, older than the ${minVersion} this firmware needs: ${how}, then flash again (or pass --any-version)`);
    }
    log(`Espruino ${version}`);
  }
  /**
   * A write or read-back that failed while the console still answers: the file is erased, so
   * that bytes other than those sent never boot. (A link lost mid-way cannot be answered so;
   * the file's header says why that cut image runs nothing.)
   */
  const discard = async (message: string): Promise<never> => {
    const at = con.text.length;
    con.write(ERASE_LINE);
    const r = await con.waitFor([/<<ERASED>>/], at, ANSWER_MS);
    throw new FlashError(`${message}; ${r.index === 0 ? ".bootcde was erased: the board starts without the toy until it is flashed again" : "erasing .bootcde was not confirmed"}`);
  };
  const files = (opts.files ?? []).concat([{ name: ".bootcde", bytes: code }]);
  from = con.text.length;
  con.write(files.length > 1 ? RESET_ERASE_LINE : RESET_LINE);
  const reset = await con.waitFor([/<<RESET>>/, LOCKED], from, ANSWER_MS * 2);
  if (reset.index !== 0) throw new FlashError(reset.index === 1 ? "the board locked its console during reset()" : "upload not confirmed: no answer to reset()");
  // Pieces are counted over every file, for one progress from start to end.
  const all = files.reduce((n, f) => n + fileLines(f).length - 1, 0);
  let done = 0;
  for (const f of files) {
    const lines = fileLines(f);
    const pieces = lines.length - 1;
    const which = f.name === ".bootcde" ? "" : ` of ${f.name}`;
    for (let i = 0; i < lines.length; i++) {
      from = con.text.length;
      con.write(lines[i]);
      if (i < pieces) {
        const r = await con.waitFor([new RegExp(`<<W${i}>>(\\w+)`), LOCKED, /Uncaught[^\n]*/], from, ANSWER_MS);
        if (r.index === 1) throw new FlashError(`upload not confirmed: the console locked at piece ${i + 1} of ${pieces}${which}`);
        if (r.index === 2) return discard(`upload failed at piece ${i + 1} of ${pieces}${which}: ${r.match![0]}`);
        if (r.index < 0) throw new FlashError(`upload not confirmed: no answer to piece ${i + 1} of ${pieces}${which}`);
        if (r.match![1] !== "true") return discard(`upload failed at piece ${i + 1} of ${pieces}${which}: Storage.write returned ${r.match![1]} (flash full?)`);
        done++;
        log(`piece ${done}/${all}`);
        opts.progress?.(done, all);
      } else {
        const r = await con.waitFor([/<<V>>(\[[^\]\n]*\])/, /Uncaught[^\n]*/], from, ANSWER_MS);
        if (r.index < 0) throw new FlashError(`upload not confirmed: no answer to the read-back of ${f.name}`);
        if (r.index === 1) return discard(`cannot read ${f.name} back: ${r.match![0]}`);
        const [length, crc] = JSON.parse(r.match![1]) as [number, number];
        const want = imageCrc32(f.bytes);
        if (length !== f.bytes.length || crc >>> 0 !== want) {
          return discard(`verification failed: the board holds ${length} bytes with CRC32 ${hex(crc >>> 0)}${f.name === ".bootcde" ? "" : " in " + f.name}, ${f.bytes.length} bytes with CRC32 ${hex(want)} were sent`);
        }
      }
    }
  }
  from = con.text.length;
  con.write(LOAD_LINE);
  const boot = await con.waitFor([/Uncaught[^\n]*|Merlin error[^\n]*|OUT OF MEMORY/], from, BOOT_WATCH_MS);
  if (boot.index === 0) throw new FlashError(`the board reports an error after restarting: ${boot.match![0]}`);
  return imageCrc32(code);
}

export function hex(n: number): string {
  return n.toString(16).padStart(8, "0");
}

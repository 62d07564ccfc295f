/**
 * Builds the firmware for a profile and writes its pretokenised image (pretokenise.ts: the same
 * program with Espruino's lexer tokens in place of reserved words and operators, which leave the
 * interpreter fewer bytes to lex on every call) to the board's flash as `.bootcde`, the file
 * Espruino runs at every power-on (the one persistence model; never mixed with save(), see
 * docs/espruino.md), by typing on the board's console itself — over a serial port or TCP — instead
 * of through the espruino CLI, which looks boards up on the web and exits 0 on failures:
 *
 *   1. a probe line: no answer → "no answer"; `Invalid password` → "console locked" (or, with
 *      --password, the password is typed and must be accepted);
 *   1a. the board's Espruino build (process.env.BOARD): one made for another board than the
 *      profile's (ESPRUINO_BOARDS) refuses, naming both (--any-board flashes anyway);
 *   1b. the board's Espruino version (process.env.VERSION): older than REQUIRED_VERSION, the one
 *      the image's tokens and the firmware's measurements are for, refuses with how to update
 *      (--any-version flashes anyway);
 *   2. reset(), so the running code stops (its timers cannot write flash during the upload);
 *   3. the image in pieces, `require("Storage").write(".bootcde", atob(…), offset[, size])`,
 *      each acknowledged before the next is sent (base64: any byte, only ASCII on the wire);
 *   4. read back: length and E.CRC32 of `.bootcde` must be those of the bytes sent;
 *   5. load(): the board boots the new code as after a power cut; an error it prints fails.
 *
 * Every failure is one line on stderr and exit 1 (bad command-line input: exit 2).
 *
 *   npm run flash -- --port /dev/ttyACM0 [--board pico-3x3] [--baud 9600] [--password PW] [--text | --file F] [--dry-run]
 *   npm run flash -- --port tcp://127.0.0.1:2323       (an Espruino started with --telnet)
 */
import { readFileSync } from "node:fs";
import { connect as tcpConnect } from "node:net";
import type { Duplex } from "node:stream";
import { crc32 } from "node:zlib";
import { listProfiles, loadProfile } from "../../hardware/validate";
import { OptionSpec, parseOptions } from "../../tools/options";
import { toolHelp } from "../../tools/tool-options";
import type { BoardId } from "../../hardware/boards";
import { buildFirmware, DEFAULT_PROFILE } from "./build";
import { pretokenise } from "./pretokenise";

/** The Espruino release the image is made for: pretokenise.ts writes 2v29's token numbers. */
export const REQUIRED_VERSION = "2v29";

/** The --help text (a function: the option table is defined further down). */
function flashHelp(): string {
  return toolHelp(OPTIONS, {
    name: "flash",
    command: "npm run flash",
    usage: "npm run flash -- --port PORT [--board NAME] [--baud N] [--password PW] [--text | --file FILE] [--any-board] [--any-version]",
    summary: "build the firmware and write it to a board's flash, verified",
    about: `Builds the firmware for the board profile and writes it to the board's flash as .bootcde, pretokenised (the same program as dist/firmware.js with Espruino's one-byte lexer tokens in place of reserved words and operators: less to lex on every call), so the game starts at every power-on; then reads it back (length and CRC32) and restarts the board. Talks to the Espruino console directly; nothing is fetched from the web. Profiles: ${listProfiles().join(", ")}.

Before writing, the board's Espruino build is read: made for another board than the profile's (process.env.BOARD), or older than ${REQUIRED_VERSION} (process.env.VERSION), nothing is written and the line says which board it is or how to update Espruino on it. With --file, --board says which board the file is for.

Exit status: 0 flashed and verified; 1 the board could not be flashed (one line says why); 2 bad command-line input.`,
    examples: [
      ["npm run flash -- --port /dev/ttyACM0", `the ${DEFAULT_PROFILE} firmware over USB serial`],
      ["npm run flash -- --port /dev/ttyUSB0 --board esp32-3x3", "an ESP32 board"],
      ["npm run flash -- --port tcp://127.0.0.1:2323 --dry-run", "what would be typed, without connecting"],
    ],
  }) + "\n";
}

/** Bytes per Storage.write piece (the espruino CLI's size; the base64 line is a third longer). */
export const PIECE_BYTES = 1024;
/** How long the console may take to answer the probe, a piece, the read-back, ms. */
export const ANSWER_MS = 3000;
/** How long to watch the console after load() for an error, ms. */
export const BOOT_WATCH_MS = 1500;

/** A failure to report as one line, exit 1. */
export class FlashError extends Error {}

/** Ctrl-P (0x10) at the start of a line turns the echo off for that line. */
const QUIET = "\x10";

/**
 * What is typed on the console after the probe, in order: reset, the pieces (each printing
 * its acknowledgement), the read-back. Markers are built at run time (`"<<"+"W3>>"`) so
 * that an echo of the line is never mistaken for the answer.
 */
export function uploadLines(code: Buffer): string[] {
  const lines = [`${QUIET}reset();print("<<"+"RESET>>")\n`];
  const pieces = Math.max(1, Math.ceil(code.length / PIECE_BYTES));
  for (let i = 0; i < pieces; i++) {
    const piece = code.subarray(i * PIECE_BYTES, (i + 1) * PIECE_BYTES).toString("base64");
    const where = i === 0 ? `0,${code.length}` : String(i * PIECE_BYTES);
    lines.push(`${QUIET}print("<<"+"W${i}>>"+require("Storage").write(".bootcde",atob("${piece}"),${where}))\n`);
  }
  lines.push(`${QUIET}print("<<"+"V>>"+JSON.stringify([require("Storage").read(".bootcde").length,E.CRC32(require("Storage").read(".bootcde"))]))\n`);
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

/** The console line that starts the new code, as a power cut would. */
export const LOAD_LINE = `${QUIET}load()\n`;

/** A console reached over TCP or serial: the stream, and how to close it. */
interface Link {
  stream: Duplex;
  close(): void;
}

/** A tcp://host:port console address as [host, port]; null for a serial port name. */
const TCP_PORT = /^tcp:\/\/([^:/]+):(\d{1,5})\/?$/;

/**
 * Why `port` cannot name a console, or null: a tcp: address must be tcp://HOST:PORT with a port
 * from 1 to 65535 (checked before the build, so a typo costs no build and is exit 2).
 */
export function portProblem(port: string): string | null {
  if (!port.startsWith("tcp:")) return null;
  const tcp = TCP_PORT.exec(port);
  const shown = port.length > 60 ? port.slice(0, 57) + "..." : port;
  if (!tcp) return `--port ${shown}: write tcp://HOST:PORT, e.g. tcp://127.0.0.1:2323`;
  const n = Number(tcp[2]);
  if (n < 1 || n > 65535) return `--port ${shown}: the port must be 1 to 65535, got ${tcp[2]}`;
  return null;
}

async function openLink(port: string, baud: number): Promise<Link> {
  const tcp = TCP_PORT.exec(port);
  if (tcp) {
    return new Promise((resolve, reject) => {
      const s = tcpConnect(Number(tcp[2]), tcp[1]);
      const timer = setTimeout(() => {
        s.destroy();
        reject(new FlashError(`cannot connect to ${port}: no connection within ${ANSWER_MS} ms`));
      }, ANSWER_MS);
      s.once("connect", () => {
        clearTimeout(timer);
        resolve({ stream: s, close: () => s.destroy() });
      });
      s.once("error", (e: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(new FlashError(`cannot connect to ${port}: ${e.code ?? e.message}`));
      });
    });
  }
  let SerialPort: typeof import("serialport").SerialPort;
  try {
    // serialport comes with the espruino package (its serial transport); loaded only for serial ports.
    SerialPort = (await import("serialport")).SerialPort;
  } catch {
    throw new FlashError(`cannot open ${port}: the serialport package is not installed (npm ci installs it with espruino)`);
  }
  return new Promise((resolve, reject) => {
    const sp = new SerialPort({ path: port, baudRate: baud }, (err) => {
      if (err) reject(new FlashError(`cannot open ${port}: ${err.message.replace(/^Error: /, "").replace(/, cannot open .*$/, "")}`));
      else resolve({ stream: sp, close: () => sp.close() });
    });
  });
}

/** Collects what the console prints and waits for patterns in it. */
class Console {
  text = "";
  private wake: (() => void) | null = null;
  private closed = false;

  constructor(private readonly link: Link) {
    link.stream.on("data", (d: Buffer) => {
      this.text += d.toString("latin1").replace(/\r/g, "");
      this.wake?.();
    });
    const end = () => {
      this.closed = true;
      this.wake?.();
    };
    link.stream.on("close", end);
    link.stream.on("end", end);
    link.stream.on("error", end);
  }

  write(s: string): void {
    if (!this.closed) this.link.stream.write(Buffer.from(s, "latin1"));
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
}

/** What a locked console answers to every line. */
const LOCKED = /Invalid password/;

/**
 * Writes `code` to `.bootcde` through a console link and restarts the board; resolves with
 * the CRC32 when the board holds exactly those bytes, throws FlashError otherwise.
 */
export async function flashOverConsole(link: Link, code: Buffer, opts: FlashOptions = {}): Promise<number> {
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
  const lines = uploadLines(code);
  const pieces = lines.length - 2;
  for (let i = 0; i < lines.length; i++) {
    from = con.text.length;
    con.write(lines[i]);
    if (i === 0) {
      const r = await con.waitFor([/<<RESET>>/, LOCKED], from, ANSWER_MS * 2);
      if (r.index !== 0) throw new FlashError(r.index === 1 ? "the board locked its console during reset()" : "upload not confirmed: no answer to reset()");
    } else if (i <= pieces) {
      const r = await con.waitFor([new RegExp(`<<W${i - 1}>>(\\w+)`), LOCKED, /Uncaught[^\n]*/], from, ANSWER_MS);
      if (r.index === 1) throw new FlashError(`upload not confirmed: the console locked at piece ${i} of ${pieces}`);
      if (r.index === 2) throw new FlashError(`upload failed at piece ${i} of ${pieces}: ${r.match![0]}`);
      if (r.index < 0) throw new FlashError(`upload not confirmed: no answer to piece ${i} of ${pieces}`);
      if (r.match![1] !== "true") throw new FlashError(`upload failed at piece ${i} of ${pieces}: Storage.write returned ${r.match![1]} (flash full?)`);
      log(`piece ${i}/${pieces}`);
    } else {
      const r = await con.waitFor([/<<V>>(\[[^\]\n]*\])/, /Uncaught[^\n]*/], from, ANSWER_MS);
      if (r.index < 0) throw new FlashError("upload not confirmed: no answer to the read-back of .bootcde");
      if (r.index === 1) throw new FlashError(`cannot read .bootcde back: ${r.match![0]}`);
      const [length, crc] = JSON.parse(r.match![1]) as [number, number];
      const want = crc32(code);
      if (length !== code.length || crc >>> 0 !== want) {
        throw new FlashError(`verification failed: the board holds ${length} bytes with CRC32 ${hex(crc >>> 0)}, ${code.length} bytes with CRC32 ${hex(want)} were sent`);
      }
    }
  }
  from = con.text.length;
  con.write(LOAD_LINE);
  const boot = await con.waitFor([/Uncaught[^\n]*|Merlin error[^\n]*|OUT OF MEMORY/], from, BOOT_WATCH_MS);
  if (boot.index === 0) throw new FlashError(`the board reports an error after restarting: ${boot.match![0]}`);
  return crc32(code);
}

function hex(n: number): string {
  return n.toString(16).padStart(8, "0");
}

const OPTIONS: OptionSpec[] = [
  { name: "port", type: "string", arg: "PORT", help: "serial port (/dev/ttyACM0, /dev/ttyUSB0, COM3) or tcp://host:port" },
  { name: "board", type: "string", arg: "NAME", help: "board profile", default: DEFAULT_PROFILE },
  { name: "baud", type: "int", arg: "N", help: "serial baud rate (default 115200 for ESP32, 9600 otherwise; USB boards ignore it)" },
  { name: "password", type: "string", arg: "PW", help: "the console password of a locked board (the profile's consolePassword)" },
  { name: "file", type: "string", arg: "FILE", help: "write FILE's bytes as they are instead of building the profile's firmware" },
  { name: "text", type: "flag", help: "write the bundle as readable text (dist/firmware.js), not pretokenised" },
  { name: "any-board", type: "flag", help: "flash even if the board's Espruino is built for another board than the profile's (process.env.BOARD)" },
  { name: "any-version", type: "flag", help: `flash even if the board's Espruino is older than ${REQUIRED_VERSION} (the image may not run)` },
  { name: "dry-run", type: "flag", help: "print what would be typed on the console instead of connecting" },
];

/** The serial speed a board's Espruino console uses by default. */
export function defaultBaud(chip: string): number {
  return chip === "esp32" ? 115200 : 9600;
}

async function main(argv: string[]): Promise<number> {
  const fail = (code: number, line: string): number => {
    process.stderr.write(`flash: ${line}\n`);
    return code;
  };
  let opts;
  try {
    opts = parseOptions(argv, OPTIONS, { usage: "npm run flash", help: "npm run flash -- --help" });
  } catch (e) {
    return fail(2, (e as Error).message);
  }
  if (opts.help) {
    process.stdout.write(flashHelp());
    return 0;
  }
  if (opts.positionals.length > 0) return fail(2, `unexpected argument '${opts.positionals[0]}' (see npm run flash -- --help)`);
  const port = opts.values.port as string | undefined;
  if (!port || port.startsWith("--")) return fail(2, "--port is required, e.g. --port /dev/ttyACM0 or --port tcp://127.0.0.1:2323");
  const badPort = portProblem(port);
  if (badPort !== null) return fail(2, badPort);
  let profile;
  try {
    profile = loadProfile(opts.values.board as string);
  } catch (e) {
    return fail(2, (e as Error).message);
  }
  const baud = (opts.values.baud as number | undefined) ?? defaultBaud(profile.chip);
  if (!(baud > 0)) return fail(2, `--baud must be a positive number, got ${baud}`);
  let code: Buffer;
  const file = opts.values.file as string | undefined;
  if (file !== undefined) {
    if (opts.values.text) return fail(2, "--text and --file exclude each other (--file writes the file as it is)");
    try {
      code = readFileSync(file);
    } catch (e) {
      return fail(2, `cannot read --file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    if (code.length === 0) return fail(2, `--file ${file} is empty (Espruino cannot store an empty file)`);
  } else {
    const built = await buildFirmware(profile);
    if (built.findings.length > 0) return fail(1, `the bundle breaks the Espruino subset; run npm run build -- --board ${profile.name}`);
    code = opts.values.text ? Buffer.from(built.code, "utf8") : pretokenise(built.code);
  }
  if (opts.values["dry-run"]) {
    const board = opts.values["any-board"] ? "" : BOARD_LINE;
    const version = opts.values["any-version"] ? "" : VERSION_LINE;
    process.stdout.write(`${QUIET}print("<<"+"HELLO>>")\n` + board + version + uploadLines(code).join("") + LOAD_LINE);
    return 0;
  }
  const what = file !== undefined ? "" : opts.values.text ? ` of ${profile.name} (text)` : ` of ${profile.name} (pretokenised)`;
  process.stdout.write(`flashing ${code.length} bytes${what} to ${port} ...\n`);
  let link: Link | undefined;
  try {
    link = await openLink(port, baud);
    const crc = await flashOverConsole(link, code, {
      password: opts.values.password as string | undefined,
      board: opts.values["any-board"] ? undefined : { profile: profile.name, board: profile.board, profiles: listProfiles().map((n) => [n, loadProfile(n).board]) },
      minVersion: opts.values["any-version"] ? null : REQUIRED_VERSION,
      updateHint: updateHint(profile.chip),
    });
    process.stdout.write(`flashed and verified: .bootcde holds ${code.length} bytes, CRC32 ${hex(crc)}; the board restarted with it\n`);
    return 0;
  } catch (e) {
    if (e instanceof FlashError) return fail(1, e.message);
    throw e;
  } finally {
    link?.close();
  }
}

if (process.argv[1] && process.argv[1].endsWith("flash.ts")) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}

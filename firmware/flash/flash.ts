/**
 * Builds the firmware for a profile and writes its pretokenised image (pretokenise.ts: the same
 * program with Espruino's lexer tokens in place of reserved words and operators, which leave the
 * interpreter fewer bytes to lex on every call) to the board's flash as `.bootcde`, the file
 * Espruino runs at every power-on (the one persistence model; never mixed with save(), see
 * docs/espruino.md), by typing on the board's console itself — over a serial port or TCP — instead
 * of through the espruino CLI, which looks boards up on the web and exits 0 on failures. The
 * steps (board, version, pieces, read-back, load()) are flash-protocol.ts's, which the browser
 * page takes too: --any-board and --any-version skip the two checks.
 *
 * Every failure is one line on stderr and exit 1 (bad command-line input: exit 2).
 *
 *   npm run flash -- --port /dev/ttyACM0 [--board pico-3x3] [--baud 9600] [--password PW] [--text | --file F] [--dry-run]
 *   npm run flash -- --port tcp://127.0.0.1:2323       (an Espruino started with --telnet)
 */
import { readFileSync } from "node:fs";
import { connect as tcpConnect } from "node:net";
import type { Duplex } from "node:stream";
import { listProfiles, loadProfile } from "../../hardware/validate";
import { OptionSpec, parseOptions } from "../../tools/options";
import { toolHelp } from "../../tools/tool-options";
import { buildFirmware, DEFAULT_PROFILE } from "../build/build";
import { ANSWER_MS, BOARD_LINE, type ConsoleLink, FlashError, flashOverConsole, hex, LOAD_LINE, QUIET, REQUIRED_VERSION, type StorageFile, updateHint, uploadLines, VERSION_LINE } from "./flash-protocol";
import { pretokenise } from "../build/pretokenise";

export {
  ANSWER_MS, BOARD_LINE, BOOT_WATCH_MS, boardProblem, ESPRUINO_BOARDS, espruinoBoards, FlashError, flashOverConsole, LOAD_LINE, parseVersion, PIECE_BYTES, REQUIRED_VERSION, updateHint,
  uploadLines, VERSION_LINE, versionAtLeast,
} from "./flash-protocol";

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



/** A console reached over TCP or serial, as the protocol's link. */
function streamLink(stream: Duplex, close: () => void): ConsoleLink {
  return {
    write: (s) => void stream.write(Buffer.from(s, "latin1")),
    onData: (listener) => void stream.on("data", (d: Buffer) => listener(d.toString("latin1"))),
    onClose: (listener) => {
      let ended = false;
      const end = () => {
        if (!ended) listener();
        ended = true;
      };
      stream.on("close", end);
      stream.on("end", end);
      stream.on("error", end);
    },
    close,
  };
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

async function openLink(port: string, baud: number): Promise<ConsoleLink> {
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
        resolve(streamLink(s, () => s.destroy()));
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
      else resolve(streamLink(sp, () => sp.close()));
    });
  });
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
  // Merlin's games, a Storage file each, written with the image the build made (not with --file).
  let files: StorageFile[] = [];
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
    files = (built.games ?? []).map((g) => ({ name: g.file, bytes: opts.values.text ? Buffer.from(g.code, "utf8") : pretokenise(g.code) }));
  }
  if (opts.values["dry-run"]) {
    const board = opts.values["any-board"] ? "" : BOARD_LINE;
    const version = opts.values["any-version"] ? "" : VERSION_LINE;
    process.stdout.write(`${QUIET}print("<<"+"HELLO>>")\n` + board + version + uploadLines(code, files).join("") + LOAD_LINE);
    return 0;
  }
  const what = file !== undefined ? "" : opts.values.text ? ` of ${profile.name} (text)` : ` of ${profile.name} (pretokenised)`;
  const games = files.length > 0 ? ` and ${files.length} games (${files.reduce((n, f) => n + f.bytes.length, 0)} bytes)` : "";
  process.stdout.write(`flashing ${code.length} bytes${what}${games} to ${port} ...\n`);
  let link: ConsoleLink | undefined;
  try {
    link = await openLink(port, baud);
    const crc = await flashOverConsole(link, code, {
      password: opts.values.password as string | undefined,
      board: opts.values["any-board"] ? undefined : { profile: profile.name, board: profile.board, profiles: listProfiles().map((n) => [n, loadProfile(n).board]) },
      minVersion: opts.values["any-version"] ? null : REQUIRED_VERSION,
      updateHint: updateHint(profile.chip),
      files,
    });
    const also = files.length > 0 ? ` (and ${files.map((f) => f.name).join(", ")}, each verified)` : "";
    process.stdout.write(`flashed and verified: .bootcde holds ${code.length} bytes, CRC32 ${hex(crc)}${also}; the board restarted with it\n`);
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

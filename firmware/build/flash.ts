/**
 * Builds the firmware for a profile and uploads it with the `espruino` CLI so that it runs
 * at every power-on: SAVE_ON_SEND=1 writes the code to flash as .bootcde (the one
 * persistence model; never mixed with save(), see ESPRUINO.md).
 *
 *   npm run flash -- --port /dev/ttyACM0 [--board pico-3x3] [--baud 9600] [--dry-run]
 *   npm run flash -- --port tcp://127.0.0.1:2323       (an Espruino started with --telnet)
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { listProfiles, loadProfile } from "../../hardware/validate";
import { OptionSpec, parseOptions } from "../../tools/options";
import { buildFirmware, DEFAULT_PROFILE, outputPath, ROOT } from "./build";

const HELP = `usage: npm run flash -- --port PORT [--board PROFILE] [--baud N] [--dry-run]

Builds dist/.../firmware.js for the board profile and uploads it with the espruino CLI
so the game starts at every power-on.

  --port PORT     serial port (/dev/ttyACM0, /dev/ttyUSB0, COM3) or tcp://host:port
  --board NAME    board profile (default ${DEFAULT_PROFILE}); one of: ${listProfiles().join(", ")}
  --baud N        serial baud rate (default 115200 for ESP32, 9600 otherwise; USB boards ignore it)
  --dry-run       print the exact espruino command instead of running it
`;

export function flashCommand(port: string, boardId: string, file: string, baud: number): string[] {
  // --no-ble: no Bluetooth stack is needed (and without it the CLI crashes looking for D-Bus).
  // --board: offline, the CLI would otherwise try to download the board file and never exit.
  return ["--no-ble", "-p", port, "-b", String(baud), "--board", boardId, "--config", "SAVE_ON_SEND=1", file];
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : "'" + arg.replace(/'/g, "'\\''") + "'";
}

const OPTIONS: OptionSpec[] = [
  { name: "port", type: "string", arg: "PORT", help: "serial port or tcp://host:port" },
  { name: "board", type: "string", arg: "NAME", help: "board profile", default: DEFAULT_PROFILE },
  { name: "baud", type: "int", arg: "N", help: "serial baud rate" },
  { name: "dry-run", type: "flag", help: "print the command instead of running it" },
];

/** The serial speed a board's Espruino console uses by default. */
export function defaultBaud(chip: string): number {
  return chip === "esp32" ? 115200 : 9600;
}

async function main(argv: string[]): Promise<number> {
  let opts;
  try {
    opts = parseOptions(argv, OPTIONS, { usage: "npm run flash", help: "npm run flash -- --help" });
  } catch (e) {
    process.stderr.write(`flash: ${(e as Error).message}\n`);
    return 2;
  }
  if (opts.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (opts.positionals.length > 0) {
    process.stderr.write(`flash: unexpected argument '${opts.positionals[0]}' (see npm run flash -- --help)\n`);
    return 2;
  }
  const port = opts.values.port as string | undefined;
  if (!port || port.startsWith("--")) {
    process.stderr.write("flash: --port is required, e.g. --port /dev/ttyACM0 or --port tcp://127.0.0.1:2323\n");
    return 2;
  }
  let profile;
  try {
    profile = loadProfile(opts.values.board as string);
  } catch (e) {
    process.stderr.write(`flash: ${(e as Error).message}\n`);
    return 2;
  }
  const baud = (opts.values.baud as number | undefined) ?? defaultBaud(profile.chip);
  if (!(baud > 0)) {
    process.stderr.write(`flash: --baud must be a positive number, got ${baud}\n`);
    return 2;
  }
  const file = outputPath(profile.name);
  const args = flashCommand(port, profile.board, file, baud);
  const cli = join(ROOT, "node_modules", ".bin", "espruino");
  if (opts.values["dry-run"]) {
    process.stdout.write([cli].concat(args).map(quote).join(" ") + "\n");
    return 0;
  }
  const built = await buildFirmware(profile);
  if (built.findings.length > 0) {
    process.stderr.write(`flash: the bundle breaks the Espruino subset; run npm run build -- --board ${profile.name}\n`);
    return 1;
  }
  process.stdout.write(`flashing ${built.bytes} bytes of ${profile.name} to ${port} ...\n`);
  const r = spawnSync(cli, args, { stdio: "inherit" });
  return r.status ?? 1;
}

if (process.argv[1] && process.argv[1].endsWith("flash.ts")) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}

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
import { buildFirmware, DEFAULT_PROFILE, outputPath, ROOT } from "./build";

const HELP = `usage: npm run flash -- --port PORT [--board PROFILE] [--baud N] [--dry-run]

Builds dist/.../firmware.js for the board profile and uploads it with the espruino CLI
so the game starts at every power-on.

  --port PORT     serial port (/dev/ttyACM0, /dev/ttyUSB0, COM3) or tcp://host:port
  --board NAME    board profile (default ${DEFAULT_PROFILE}); one of: ${listProfiles().join(", ")}
  --baud N        serial baud rate (default 9600; USB boards ignore it)
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

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(HELP);
    return 0;
  }
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const known = ["--port", "--board", "--baud", "--dry-run"];
  for (let i = 0; i < argv.length; i++) {
    if (!known.includes(argv[i])) {
      process.stderr.write(`flash: unknown argument '${argv[i]}' (see npm run flash -- --help)\n`);
      return 2;
    }
    if (argv[i] !== "--dry-run") i++;
  }
  const port = value("--port");
  if (!port) {
    process.stderr.write("flash: --port is required, e.g. --port /dev/ttyACM0 or --port tcp://127.0.0.1:2323\n");
    return 2;
  }
  const baudText = value("--baud") ?? "9600";
  if (!/^\d+$/.test(baudText)) {
    process.stderr.write(`flash: --baud must be a whole number, got '${baudText}'\n`);
    return 2;
  }
  let profile;
  try {
    profile = loadProfile(value("--board") ?? DEFAULT_PROFILE);
  } catch (e) {
    process.stderr.write(`flash: ${(e as Error).message}\n`);
    return 2;
  }
  const file = outputPath(profile.name);
  const args = flashCommand(port, profile.board, file, Number(baudText));
  const cli = join(ROOT, "node_modules", ".bin", "espruino");
  if (argv.includes("--dry-run")) {
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

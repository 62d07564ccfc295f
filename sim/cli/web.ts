/**
 * `merlin web`: the toy in a browser. Builds the static page (sim/web/build.ts: the page
 * script plus every profile's firmware bundle, unchanged) into a folder and serves it on
 * localhost; --build-only just writes the folder, for any static web host.
 */
import { relative } from "node:path";
import { inputError } from "../../src/puzzle";
import { buildWeb, DEFAULT_WEB_DIR } from "../web/build";
import { serveStatic } from "../web/serve";
import { Command, CommandIO } from "./command";
import { optionHelp, OptionSpec, parseOptions } from "../../tools/options";

const SPECS: OptionSpec[] = [
  { name: "port", type: "int", arg: "N", help: "port to serve on (0 = any free port)", default: 8080, min: 0, max: 65535 },
  { name: "host", type: "string", arg: "ADDR", help: "address to listen on (only this machine by default)", default: "127.0.0.1" },
  { name: "out", type: "string", arg: "DIR", help: "folder to build the page into", default: relative(process.cwd(), DEFAULT_WEB_DIR) || "." },
  { name: "build-only", type: "flag", help: "write the static folder and exit (serve it with any static web host)" },
  { name: "json", type: "flag", help: 'with --build-only: print {"dir","scriptBytes","firmware":{NAME: bytes}} instead of a line' },
];

const HELP = `usage: merlin web [--port N] [--host ADDR] [--out DIR]
       merlin web --build-only [--out DIR] [--json]

The toy in a browser: the page runs the chosen profile's firmware bundle (dist/firmware.js or
dist/NAME/firmware.js, rebuilt first when stale) unchanged on the same virtual board as
'merlin sim', keeps its flash in the browser's localStorage (a reload is a power cycle), plays
the piezo through WebAudio and has a teaching view (the linear algebra of the board in play).
Builds the page into a static folder (no server code: any static web host can serve it), then
serves it on http://HOST:PORT/ until Ctrl-C. 'npm run web' does this; 'npm run web:build' only
builds.

options:
${optionHelp(SPECS)}`;

async function run(argv: string[], io: CommandIO): Promise<number> {
  const opts = parseOptions(argv, SPECS, "web");
  if (opts.help) {
    io.out(HELP + "\n");
    return 0;
  }
  if (opts.positionals.length > 0) throw inputError(`unexpected argument '${opts.positionals[0]}' (see 'merlin web --help')`);
  const v = opts.values;
  const port = v.port as number;
  if (v.json && !v["build-only"]) throw inputError("--json needs --build-only");
  const out = v.out as string;
  const built = await buildWeb(out, (m) => io.err(`merlin web: ${m}\n`));
  const where = relative(process.cwd(), built.dir) || ".";
  if (v.json) {
    io.out(JSON.stringify({ dir: where, scriptBytes: built.scriptBytes, firmware: built.firmware }) + "\n");
    return 0;
  }
  io.out(`built ${where}/ (page script ${(built.scriptBytes / 1024).toFixed(1)} KB; firmware ${Object.keys(built.firmware).join(", ")})\n`);
  if (v["build-only"]) return 0;
  let server;
  try {
    server = await serveStatic(built.dir, port, v.host as string);
  } catch (e) {
    io.err(`merlin web: cannot listen on ${v.host}:${port} (${(e as Error).message}); try --port 0\n`);
    return 1;
  }
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  io.out(`the toy is at http://${v.host === "0.0.0.0" ? "localhost" : v.host}:${actual}/  (Ctrl-C stops)\n`);
  return new Promise<number>((resolve) => {
    const stop = () => {
      server.close();
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(0);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

export const webCommand: Command = {
  name: "web",
  summary: "the toy in a browser (with a teaching view), served on localhost or built as a static folder",
  help: HELP,
  run,
};

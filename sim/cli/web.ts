/**
 * `merlin web`: the toy in a browser. Builds the static page (sim/web/build.ts: the page
 * script plus every profile's firmware bundle, unchanged) into a folder and serves it on
 * localhost; --build-only just writes the folder, for any static web host.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import type { Server } from "node:http";
import { join, relative, resolve } from "node:path";
import { inputError } from "../../src/maths/puzzle";
import { buildWeb, DEFAULT_WEB_DIR } from "../web/build";
import { normalizeBase, serveStatic } from "../web/serve";
import { Command, commandValues, CommandIO } from "./command";
import { formatHelp, OptionSpec } from "../../tools/options";

const SPECS: OptionSpec[] = [
  { name: "port", type: "int", arg: "N", help: "port to serve on (0 = any free port)", default: 8080, min: 0, max: 65535 },
  { name: "host", type: "string", arg: "ADDR", help: "address to listen on (only this machine by default)", default: "127.0.0.1" },
  // (The default is named, not given: a path relative to where merlin runs reads oddly.)
  { name: "out", type: "string", arg: "DIR", help: "folder to build the page into (default dist/web in the project)" },
  { name: "base", type: "string", arg: "PATH", help: "serve the page under this path, e.g. /games/merlin/ (default /)" },
  { name: "build-only", type: "flag", help: "write the static folder and exit", excludes: ["port", "host", "base"] },
  { name: "json", type: "flag", help: "with --build-only: print one JSON object instead of a line (see Output below)" },
];

const HELP = formatHelp({
  summary: "merlin web — the toy in a browser with a teaching view, served here or built as a static folder",
  usage: ["merlin web [--port N] [--host ADDR] [--base PATH] [--out DIR]", "merlin web --build-only [--out DIR] [--json]"],
  examples: [
    ["merlin web", "build the page and serve it on http://127.0.0.1:8080/"],
    ["merlin web --port 0", "on any free port (the address printed says which)"],
    ["merlin web --base /games/merlin/", "under a sub-path, as a web host serving the folder there would"],
    ["merlin web --build-only --out site", "write the static folder site/ for any web host"],
    ["merlin web --build-only --json", "the folder and the sizes of what was built"],
  ],
  specs: SPECS,
  groups: [
    { title: "Serving", options: ["port", "host", "base"] },
    { title: "Building", options: ["out", "build-only", "json"] },
  ],
  sections: [
    [
      "About",
      `The page runs the chosen profile's firmware bundle (dist/firmware.js or dist/NAME/firmware.js, rebuilt first when stale) unchanged on the same virtual board as 'merlin sim', keeps its flash in the browser's localStorage (a reload is a power cycle), plays the piezo through WebAudio and has a teaching view (the linear algebra of the board in play). It is a static folder (no server code, at a site's root or under any sub-path): 'npm run web' builds and serves it until Ctrl-C; 'npm run web:build' only builds. The page is installable (a web app manifest) and, served over https or from localhost, works offline after one visit: a service worker caches the page and every profile's firmware; a new build replaces that cache, and an open page offers to reload.`,
    ],
    [
      "Output",
      `--out takes a new or empty folder, or an earlier build. --json prints {"dir","scriptBytes","lazyScripts":{FILE: bytes},"firmware":{NAME: bytes},"manifest","icons","serviceWorker","precache","cacheVersion"}: dir is the folder's absolute path; scriptBytes the size of app.js, the script a player's first frame needs; lazyScripts the scripts the page loads when first used (teach-view.js when the teaching view opens); the others are paths in it, and the hash the worker's cache is named after.`,
    ],
  ],
});

/** File-system failures while writing the page, as a user can act on them. */
const FS_REASONS: { [code: string]: string } = {
  ENOTDIR: "part of the path is a file, not a folder",
  EEXIST: "part of the path is a file, not a folder",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOSPC: "no space left on the device",
  EISDIR: "a file of the page would replace a folder there",
};

/**
 * The folder --out names must be new, empty or an earlier build: the build overwrites
 * index.html, style.css and app.js, so an empty --out (an unset $DIR) or a folder of other
 * files is refused rather than written over.
 */
function checkOut(out: string): void {
  if (out === "") throw inputError("--out is empty: name the folder to build the page into (default dist/web in the project)");
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw inputError(`--out '${out}' is a file, not a folder`);
  const files = readdirSync(out);
  if (files.length > 0 && !existsSync(join(out, "app.js"))) {
    throw inputError(`--out '${out}' holds other files and no earlier build of the page: choose a new or empty folder`);
  }
}

/**
 * Serves `dir` on host:port. A listen the user can fix (a port in use or needing privileges,
 * an address that is not this machine's, a host name that does not resolve) is an input
 * error whose advice fits the cause; --port 0 helps only with the port.
 */
export async function listen(dir: string, port: number, host: string, base = "/"): Promise<Server> {
  try {
    return await serveStatic(dir, port, host, { base });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const at = `cannot listen on ${host}:${port}`;
    if (code === "EADDRINUSE") throw inputError(`${at}: the port is in use; try --port 0 (any free port)`);
    if (code === "EACCES" && port > 0 && port < 1024) throw inputError(`${at}: ports below 1024 need privileges; try --port 8080 or --port 0`);
    if (code === "EADDRNOTAVAIL") throw inputError(`${at}: ${host} is not an address of this machine; try --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every address)`);
    if (code === "ENOTFOUND" || code === "EAI_AGAIN") throw inputError(`${at}: no address found for '${host}'; try --host 127.0.0.1`);
    throw e;
  }
}

async function run(argv: string[], io: CommandIO): Promise<number> {
  const v = commandValues(argv, SPECS, "web", HELP, io);
  if (v === null) return 0;
  const port = v.port as number;
  if (v.json && !v["build-only"]) throw inputError("--json needs --build-only");
  const out = (v.out as string | undefined) ?? DEFAULT_WEB_DIR;
  const base = normalizeBase((v.base as string | undefined) ?? "/");
  checkOut(out);
  let built;
  try {
    built = await buildWeb(out, (m) => io.err(`merlin web: ${m}\n`));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code !== "string" || (e as NodeJS.ErrnoException).syscall === undefined) throw e;
    throw inputError(`cannot write the page to '${out}': ${FS_REASONS[code] ?? code}`);
  }
  const where = relative(process.cwd(), built.dir) || ".";
  if (v.json) {
    const { dir, scriptBytes, lazyScripts, firmware, manifest, icons, serviceWorker, precache, cacheVersion } = built;
    io.out(JSON.stringify({ dir: resolve(dir), scriptBytes, lazyScripts, firmware, manifest, icons, serviceWorker, precache, cacheVersion }) + "\n");
    return 0;
  }
  io.out(`built ${where}/ (page script ${(built.scriptBytes / 1024).toFixed(1)} KB, the teaching view's ${((built.lazyScripts["teach-view.js"] ?? 0) / 1024).toFixed(1)} KB more when it opens; firmware ${Object.keys(built.firmware).join(", ")}; offline cache ${built.cacheVersion})\n`);
  if (v["build-only"]) return 0;
  const server = await listen(built.dir, port, v.host as string, base);
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  io.out(`the toy is at http://${v.host === "0.0.0.0" ? "localhost" : v.host}:${actual}${base}  (Ctrl-C stops)\n`);
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
  summary: "the toy in a browser with a teaching view, served here or built as a static folder",
  help: HELP,
  run,
};

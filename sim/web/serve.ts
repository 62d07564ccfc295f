/**
 * A small static file server for the built page (localhost only by default): GET and HEAD of
 * files under one folder, index.html for a folder's path, nothing outside the folder, no
 * caching (so a rebuilt page shows at once; the page's service worker keeps its own copy for
 * offline use). Any other static host serves the same folder just as well.
 *
 * `base` serves the folder under a sub-path, as a host at https://host/some/dir/ would:
 * `/some/dir/` is the page, `/some/dir` and `/` lead there, anything else is not found.
 *
 * An overlong request (a link of more than MAX_URL_BYTES, or a request head of more than
 * MAX_HEAD_BYTES, which Node would answer with an empty 431) gets a small page saying the link
 * is too long, with a link to the start page.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { extname, join, normalize, sep } from "node:path";
import { inputError } from "../../src/maths/puzzle";
import { excerpt } from "../../tools/options";

const TYPES: { [ext: string]: string } = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/**
 * The longest request target (path and query) served: the page's own links are under 100
 * bytes; 16 KB is what Node accepts for a whole request head by default.
 */
export const MAX_URL_BYTES = 16 * 1024;
/**
 * The longest request head read. Larger than MAX_URL_BYTES because a page at a long (accepted)
 * address sends that address again as the Referer of each file it loads.
 */
export const MAX_HEAD_BYTES = 64 * 1024;

export interface ServeOptions {
  /** The path the folder is served under, "/" (the default) or like "/some/dir/". */
  base?: string;
}

const BASE_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * A --base value as a path starting and ending with "/" ("merlin" and "/merlin" are
 * "/merlin/"); segments of letters, digits, '.', '_', '~' and '-', none "." or "..".
 */
export function normalizeBase(base: string): string {
  const segments = base.split("/").filter((s) => s !== "");
  const bad = segments.find((s) => !BASE_SEGMENT.test(s) || s === "." || s === "..");
  if (bad !== undefined) {
    throw inputError(`--base must be a path like /merlin/ or /games/merlin/ (letters, digits, '.', '_', '~', '-' between slashes), got '${excerpt(base)}'`);
  }
  return segments.length === 0 ? "/" : `/${segments.join("/")}/`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page an overlong link gets: what happened, and the way to the start page. */
export function tooLongPage(base: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Merlin — this link is too long</title>
<style>body{font-family:system-ui,sans-serif;background:#15171c;color:#eceff4;max-width:36rem;margin:2rem auto;padding:0 1rem}a{color:#8ab4f8}</style>
</head>
<body>
<h1>This link is too long</h1>
<p>The address is longer than this server accepts (${MAX_URL_BYTES / 1024} KB). The toy's own
links are short: <code>?board=…&amp;rules=…&amp;seed=…&amp;puzzle=…</code>. The link may have been
damaged when it was copied.</p>
<p><a id="start" href="${escapeHtml(base)}">Open the toy</a></p>
</body>
</html>
`;
}

function tooLongResponse(status: 414 | 431, base: string): string {
  const body = Buffer.from(tooLongPage(base));
  const reason = status === 414 ? "URI Too Long" : "Request Header Fields Too Large";
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${body.length}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body.toString("latin1")}`;
}

/** Serves `dir` on host:port (port 0 = any free port); resolves when it listens. */
export function serveStatic(dir: string, port: number, host = "127.0.0.1", options: ServeOptions = {}): Promise<Server> {
  const root = normalize(dir + sep);
  const base = normalizeBase(options.base ?? "/");
  const server = createServer({ maxHeaderSize: MAX_HEAD_BYTES }, (req, res) => {
    const target = req.url ?? "/";
    if (Buffer.byteLength(target) > MAX_URL_BYTES) {
      // The head was read whole; answer like the overflow below, and close.
      res.writeHead(414, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
      res.end(req.method === "HEAD" ? undefined : tooLongPage(base));
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    let url: URL;
    let path: string;
    try {
      url = new URL(target, "http://x");
      path = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    // The base without its last slash, and "/" under a base, lead to the page.
    if (base !== "/" && (url.pathname === "/" || url.pathname === base.slice(0, -1))) {
      res.writeHead(302, { Location: base + url.search, "Cache-Control": "no-store" }).end();
      return;
    }
    if (!path.startsWith(base)) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
      return;
    }
    const inside = path.slice(base.length - 1);
    const file = normalize(join(root, inside.endsWith("/") ? inside + "index.html" : inside));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
      return;
    }
    res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream", "Cache-Control": "no-store" });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  });
  // A request head over MAX_HEAD_BYTES: Node stops reading it and, left alone, answers 431
  // with an empty body. The browser shows that as a blank page.
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    if (err.code === "HPE_HEADER_OVERFLOW") {
      // Read (and drop) the rest of the request, so closing does not reset the connection
      // before the browser has read the answer.
      socket.on("data", () => {});
      socket.setTimeout(5000, () => socket.destroy());
      socket.end(tooLongResponse(431, base), "latin1");
    }
    else if (err.code === "ECONNRESET") socket.destroy();
    else socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

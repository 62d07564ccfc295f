// The static build of the browser toy: a folder any static host can serve, whose firmware
// files are byte for byte the bundles `npm run build` makes, and whose page script is built
// for the browser (esbuild fails on any Node module); the local server serves only that folder.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { get, request } from "node:http";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outputPath } from "../firmware/build/build";
import { listProfiles, loadAllProfiles, loadProfile } from "../hardware/validate";
import { runMerlin } from "../sim/cli/main";
import { inflateSync } from "node:zlib";
import { buildWeb, contentVersion, ICON_PROFILE, type WebBuild } from "../sim/web/build";
import { crc32 } from "../sim/web/icons";
import { PANEL, panelLayout } from "../hardware/generators/panel";
import { MAX_URL_BYTES, serveStatic } from "../sim/web/serve";
import { listen } from "../sim/cli/web";
import { isInputError } from "../src/maths/puzzle";

/**
 * The most script a player's first frame may need (minified, not compressed): 82 KB. (It was 80
 * KB until the virtual board emulated Espruino's Uint24Array, E.toUint8Array and E.mapInPlace,
 * 1.8 KB, with which the pixel boards' firmware lights its pads.)
 */
const FIRST_FRAME_BYTES = 82_000;

function fetchText(url: string): Promise<{ status: number; type: string; body: string; location?: string }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body, location: res.headers.location }));
    }).on("error", reject);
  });
}

/** Every file under `dir`, as paths relative to it with "/". */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/** A PNG read back: its size, colour type and RGBA pixels; every chunk's CRC checked. */
function readPng(bytes: Buffer): { width: number; height: number; colourType: number; rgba: Buffer } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let at = 8;
  let ihdr: Buffer | undefined;
  const idat: Buffer[] = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length)).toBe(crc32(bytes.subarray(at + 4, at + 8 + length)));
    if (type === "IHDR") ihdr = data;
    if (type === "IDAT") idat.push(data);
    at += 12 + length;
  }
  const width = ihdr!.readUInt32BE(0);
  const height = ihdr!.readUInt32BE(4);
  expect([ihdr![8], ihdr![12]]).toEqual([8, 0]); // 8 bits a channel, not interlaced
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe(height * (1 + width * 4));
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (1 + width * 4)]).toBe(0); // the filter this writer uses: none
    raw.copy(rgba, y * width * 4, y * (1 + width * 4) + 1, (y + 1) * (1 + width * 4));
  }
  return { width, height, colourType: ihdr![9], rgba };
}

/** A raw GET of `target` (a path and query of any length): status, Content-Type and body. */
function rawGet(port: number, target: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: target, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("merlin web's static folder", () => {
  let dir: string;
  let built: WebBuild;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "merlin-web-build-"));
    built = await buildWeb(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("holds the page, its script and every profile's firmware bundle unchanged", () => {
    const page = readFileSync(join(dir, "index.html"), "utf8");
    expect(page).toContain('<script type="module" src="app.js">');
    // Its early fetch knows every board, the default first.
    const boards = JSON.parse(page.match(/\}\)\((\[[^\]]*\])\);/)![1]) as string[];
    expect(boards[0]).toBe("pico-3x3");
    expect([...boards].sort()).toEqual(listProfiles().sort());
    for (const name of listProfiles()) {
      expect(readFileSync(join(dir, "firmware", `${name}.js`), "utf8")).toBe(readFileSync(outputPath(name), "utf8"));
      // The profile the page fetches with it: the validated profile.
      expect(JSON.parse(readFileSync(join(dir, "profiles", `${name}.json`), "utf8"))).toEqual(loadAllProfiles().find((p) => p.name === name));
    }
    expect(built.scriptBytes).toBe(readFileSync(join(dir, "app.js")).length);
    expect(readFileSync(join(dir, "app.js"), "utf8")).not.toMatch(/from\s*"node:|require\("node:/);
  });

  it("gives a player's first frame one script of at most 82 KB; the teaching view's code (the solver) comes when Teach opens", () => {
    const app = readFileSync(join(dir, "app.js"), "utf8");
    // app.js imports nothing before it runs (no static import): it is all the first frame needs.
    expect(app).not.toMatch(/(^|[^.\w$])import\s*[{*"'\w$]/);
    expect(built.scriptBytes).toBeLessThanOrEqual(FIRST_FRAME_BYTES);
    // What it loads later, each a file of the build next to it (relative: any sub-path works).
    const later = [...app.matchAll(/import\("\.\/([\w-]+\.js)"\)/g)].map((m) => m[1]).sort();
    expect(later).toEqual(Object.keys(built.lazyScripts).sort());
    expect(later).toContain("teach-view.js");
    for (const f of later) expect(readFileSync(join(dir, f)).length).toBe(built.lazyScripts[f]);
    // The solver is the teaching view's, not the first frame's.
    const solverMessage = "the presses found for ";
    expect(readFileSync(join(dir, "teach-view.js"), "utf8")).toContain(solverMessage);
    expect(app).not.toContain(solverMessage);
  });

  it("is installable: a manifest with relative URLs, 192 and 512 px icons of both purposes, linked from the page", () => {
    const manifest = JSON.parse(readFileSync(join(dir, built.manifest), "utf8"));
    expect(manifest).toMatchObject({ name: expect.stringContaining("Merlin"), short_name: "Merlin", start_url: "./", scope: "./", display: "standalone" });
    expect(manifest.description.length).toBeGreaterThan(20);
    const index = readFileSync(join(dir, "index.html"), "utf8");
    expect(index).toContain(`<link rel="manifest" href="${built.manifest}">`);
    // The page's theme colour is the manifest's, and both are the page's background.
    expect(index).toContain(`<meta name="theme-color" content="${manifest.theme_color}">`);
    expect(readFileSync(join(dir, "style.css"), "utf8")).toContain(`--bg: ${manifest.background_color};`);
    const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`).sort();
    expect(sizes).toEqual(["192x192 any", "192x192 maskable", "512x512 any", "512x512 maskable"]);
    expect(manifest.icons.map((i: { src: string }) => i.src).sort()).toEqual([...built.icons].sort());
    for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
      expect(icon.type).toBe("image/png");
      const png = readPng(readFileSync(join(dir, icon.src)));
      expect(`${png.width}x${png.height}`).toBe(icon.sizes);
      expect(png.colourType).toBe(6); // RGBA
      const alpha = (x: number, y: number) => png.rgba[(y * png.width + x) * 4 + 3];
      const rgb = (x: number, y: number) => [...png.rgba.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
      const n = png.width - 1;
      const c = png.width >> 1;
      if (icon.purpose === "maskable") {
        // Full bleed: a launcher's mask may cut anywhere outside the middle circle.
        for (const [x, y] of [[0, 0], [n, 0], [0, n], [n, n], [c, 0], [0, c]]) expect(alpha(x, y)).toBe(255);
      } else {
        // The panel's rounded corners on a transparent square.
        for (const [x, y] of [[0, 0], [n, 0], [0, n], [n, n]]) expect(alpha(x, y)).toBe(0);
      }
      // The middle pad is unlit (the basic game's goal), the pads around it lit: a red LED
      // above the centre of the top middle pad, none above the centre pad.
      expect(alpha(c, c)).toBe(255);
      const red = (p: number[]) => p[0] > 230 && p[1] < 120 && p[2] < 120;
      const ledAbove = (y: number) => [...Array(Math.round(png.width / 12)).keys()].some((d) => red(rgb(c, y - d)));
      expect(ledAbove(c)).toBe(false);
      // The face (the pads with equal margins left and right) fits the "any" icon; the pad grid
      // fits the maskable icon's safe circle.
      const profile = loadProfile(ICON_PROFILE);
      const face = panelLayout(profile);
      const faceWidth = 2 * face.padX[0] + (profile.cols - 1) * PANEL.pitch;
      const grid = profile.cols * PANEL.pitch;
      const pitch = Math.round((png.width * (icon.purpose === "any" ? 0.94 / Math.max(faceWidth, face.height) : 0.8 / Math.hypot(grid, grid))) * PANEL.pitch);
      expect(ledAbove(c - pitch)).toBe(true);
    }
  });

  it("caches every file of the build for offline use, under a version that is the hash of their contents", () => {
    const worker = readFileSync(join(dir, built.serviceWorker), "utf8");
    expect(built.serviceWorker).toBe("sw.js");
    // Everything the folder holds but the worker itself ("./" is index.html).
    const cached = built.precache.map((f) => (f === "./" ? "index.html" : f)).sort();
    expect(cached).toEqual(filesUnder(dir).filter((f) => f !== "sw.js").sort());
    expect(worker).toContain(JSON.stringify(built.precache));
    expect(built.cacheVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(built.cacheVersion).toBe(contentVersion(dir, built.precache));
    expect(worker).toContain(`"${built.cacheVersion}"`);
    expect(worker).not.toMatch(/MERLIN_(VERSION|PRECACHE)/);
    // One changed byte anywhere is another version.
    const copy = mkdtempSync(join(tmpdir(), "merlin-web-version-"));
    try {
      for (const f of filesUnder(dir)) {
        mkdirSync(join(copy, f, ".."), { recursive: true });
        writeFileSync(join(copy, f), readFileSync(join(dir, f)));
      }
      expect(contentVersion(copy, built.precache)).toBe(built.cacheVersion);
      const fw = join(copy, "firmware", "pico-4x4-neopixel.js");
      writeFileSync(fw, readFileSync(fw, "utf8").replace(/.$/s, " "));
      expect(contentVersion(copy, built.precache)).not.toBe(built.cacheVersion);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("is served on localhost with the right types, and nothing outside the folder", async () => {
    const server = await serveStatic(dir, 0);
    try {
      const address = server.address();
      const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const index = await fetchText(`${base}/`);
      expect(index).toMatchObject({ status: 200, type: "text/html; charset=utf-8" });
      expect((await fetchText(`${base}/app.js`)).type).toBe("text/javascript; charset=utf-8");
      expect((await fetchText(`${base}/firmware/pico-3x3.js`)).body).toBe(readFileSync(outputPath("pico-3x3"), "utf8"));
      expect((await fetchText(`${base}/../package.json`)).status).toBe(404);
      expect((await fetchText(`${base}/%2e%2e/package.json`)).status).toBe(404);
      expect((await fetchText(`${base}/missing.js`)).status).toBe(404);
      expect((await fetchText(`${base}/manifest.webmanifest`)).type).toBe("application/manifest+json");
      expect((await fetchText(`${base}/icons/icon-192.png`)).type).toBe("image/png");
    } finally {
      server.close();
    }
  });

  it("is served under a sub-path: the page there, the bare path and / lead to it, nothing else", async () => {
    const server = await serveStatic(dir, 0, "127.0.0.1", { base: "/some/dir/" });
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      expect(await fetchText(`${base}/some/dir/?board=pico-3x3`)).toMatchObject({ status: 200, type: "text/html; charset=utf-8" });
      expect((await fetchText(`${base}/some/dir/sw.js`)).body).toBe(readFileSync(join(dir, "sw.js"), "utf8"));
      expect((await fetchText(`${base}/some/dir/firmware/pico-3x3.js`)).body).toBe(readFileSync(outputPath("pico-3x3"), "utf8"));
      expect(await fetchText(`${base}/some/dir?board=pico-3x3`)).toMatchObject({ status: 302, location: "/some/dir/?board=pico-3x3" });
      expect(await fetchText(`${base}/`)).toMatchObject({ status: 302, location: "/some/dir/" });
      expect((await fetchText(`${base}/app.js`)).status).toBe(404);
      expect((await fetchText(`${base}/some/app.js`)).status).toBe(404);
      expect((await fetchText(`${base}/some/dir/%2e%2e/%2e%2e/package.json`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it("answers an overlong link with a page saying so and linking to the start page, not an empty 431", async () => {
    for (const base of ["/", "/some/dir/"]) {
      const server = await serveStatic(dir, 0, "127.0.0.1", { base });
      try {
        const port = (server.address() as { port: number }).port;
        // 17 KB: over the link limit; 100 KB: over the limit of a whole request head.
        for (const [length, status] of [[17 * 1024, 414], [100 * 1024, 431]]) {
          const r = await rawGet(port, `${base}?board=pico-3x3&note=${"x".repeat(length)}`);
          expect(r).toMatchObject({ status, type: "text/html; charset=utf-8" });
          expect(r.body).toContain("<h1>This link is too long</h1>");
          expect(r.body).toContain(`<a id="start" href="${base}">Open the toy</a>`);
        }
        // Just at the limit the page is served, and the server still answers after the refusals.
        const atLimit = `${base}?board=pico-3x3&note=`;
        expect((await rawGet(port, atLimit + "y".repeat(MAX_URL_BYTES - atLimit.length))).status).toBe(200);
        expect((await rawGet(port, atLimit + "y".repeat(MAX_URL_BYTES - atLimit.length + 1))).status).toBe(414);
      } finally {
        server.close();
      }
    }
  });
});

describe("merlin web", () => {
  it("--build-only --json reports the folder, the script's size and each bundle's", async () => {
    const dir = mkdtempSync(join(tmpdir(), "merlin-web-json-"));
    try {
      let out = "";
      expect(await runMerlin(["web", "--build-only", "--json", "--out", relative(process.cwd(), dir)], { out: (t) => void (out += t), err: () => {} })).toBe(0);
      const j = JSON.parse(out);
      // Absolute, so a script can use it from any folder.
      expect(j.dir).toBe(resolve(dir));
      expect(j.scriptBytes).toBe(readFileSync(join(dir, "app.js")).length);
      expect(Object.keys(j.lazyScripts)).toContain("teach-view.js");
      for (const f of Object.keys(j.lazyScripts)) expect(j.lazyScripts[f]).toBe(readFileSync(join(dir, f)).length);
      for (const name of listProfiles()) expect(j.firmware[name]).toBe(readFileSync(outputPath(name)).length);
      // The installable, offline parts: paths in the folder, and the cache's version.
      expect(j).toMatchObject({ manifest: "manifest.webmanifest", serviceWorker: "sw.js", cacheVersion: contentVersion(dir, j.precache) });
      for (const f of [j.manifest, j.serviceWorker, ...j.icons]) expect(readFileSync(join(dir, f)).length).toBeGreaterThan(0);
      expect(j.icons).toHaveLength(4);
      expect(j.precache).toEqual(expect.arrayContaining(["./", "app.js", "style.css", j.manifest, ...j.icons, ...listProfiles().map((n) => `firmware/${n}.js`)]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is listed by merlin --help, and bad options are one line and exit 2", async () => {
    let out = "";
    expect(await runMerlin(["--help"], { out: (t) => void (out += t), err: () => {} })).toBe(0);
    expect(out).toMatch(/^ {2}web {2,}the toy in a browser/m);
    let err = "";
    expect(await runMerlin(["web", "--port", "70000"], { out: () => {}, err: (t) => void (err += t) })).toBe(2);
    expect(err).toBe("merlin web: --port must be a whole number from 0 to 65535, got '70000'\n");
    err = "";
    expect(await runMerlin(["web", "--base", "/a/../b/"], { out: () => {}, err: (t) => void (err += t) })).toBe(2);
    expect(err).toMatch(/^merlin web: --base must be a path like \/merlin\/ [^\n]*, got '\/a\/\.\.\/b\/'\n$/);
  });
});

describe("merlin web: a listen that fails says why, with advice that fits", () => {
  const refusal = (port: number, host: string) =>
    listen(tmpdir(), port, host).then(
      (s) => {
        s.close();
        return new Error("listened");
      },
      (e: Error) => e,
    );

  it("an address that is not this machine's: --host, not --port 0", async () => {
    // 10.255.255.1 is no address of the test machine (a private address nobody assigns it).
    const e = await refusal(0, "10.255.255.1");
    expect(isInputError(e)).toBe(true);
    expect(e.message).toMatch(/^cannot listen on 10\.255\.255\.1:0: 10\.255\.255\.1 is not an address of this machine; try --host 127\.0\.0\.1/);
    expect(e.message).not.toContain("--port");
  });

  it("a port in use: --port 0", async () => {
    const busy = await serveStatic(tmpdir(), 0, "127.0.0.1");
    try {
      const port = (busy.address() as { port: number }).port;
      const e = await refusal(port, "127.0.0.1");
      expect(isInputError(e)).toBe(true);
      expect(e.message).toBe(`cannot listen on 127.0.0.1:${port}: the port is in use; try --port 0 (any free port)`);
    } finally {
      busy.close();
    }
  });
});

describe("merlin web --out", () => {
  /** Runs `merlin web ARGS` in-process: exit code, stdout and stderr. */
  async function web(args: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = "";
    let err = "";
    const code = await runMerlin(["web", ...args], { out: (t) => void (out += t), err: (t) => void (err += t) });
    return { code, out, err };
  }
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), "merlin-web-out-"));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("refuses an empty --out (an unset $DIR) instead of building into the current folder", async () => {
    const r = await web(["--build-only", "--out", ""]);
    expect(r).toMatchObject({ code: 2, out: "" });
    expect(r.err).toMatch(/^merlin web: --out is empty: [^\n]*\n$/);
  });

  it("refuses a file, a path through a file and a folder of other files, one line each, writing nothing", async () => {
    const file = join(tmp, "notes.txt");
    writeFileSync(file, "mine");
    const busy = join(tmp, "busy");
    mkdirSync(busy);
    writeFileSync(join(busy, "index.html"), "my page");
    const cases: [string, RegExp][] = [
      [file, /is a file, not a folder/],
      [join(file, "web"), /^merlin web: cannot write the page to '[^']*': part of the path is a file, not a folder\n$/],
      [busy, /holds other files and no earlier build/],
    ];
    for (const [out, message] of cases) {
      const r = await web(["--build-only", "--out", out]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.split("\n")).toHaveLength(2);
    }
    expect(readFileSync(file, "utf8")).toBe("mine");
    expect(readdirSync(busy)).toEqual(["index.html"]);
  });
});

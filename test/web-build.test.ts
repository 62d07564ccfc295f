// The static build of the browser toy: a folder any static host can serve, whose firmware
// files are byte for byte the bundles `npm run build` makes, and whose page script is built
// for the browser (esbuild fails on any Node module); the local server serves only that folder.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outputPath } from "../firmware/build/build";
import { listProfiles } from "../hardware/validate";
import { runMerlin } from "../sim/cli/main";
import { buildWeb, type WebBuild } from "../sim/web/build";
import { serveStatic } from "../sim/web/serve";
import { listen } from "../sim/cli/web";
import { isInputError } from "../src/puzzle";

function fetchText(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body }));
    }).on("error", reject);
  });
}

describe("merlin web's static folder", () => {
  let dir: string;
  let built: WebBuild;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "merlin-web-build-"));
    built = await buildWeb(dir);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("holds the page, its script and every profile's firmware bundle unchanged", () => {
    expect(readFileSync(join(dir, "index.html"), "utf8")).toContain('<script type="module" src="app.js">');
    for (const name of listProfiles()) {
      expect(readFileSync(join(dir, "firmware", `${name}.js`), "utf8")).toBe(readFileSync(outputPath(name), "utf8"));
    }
    expect(built.scriptBytes).toBe(readFileSync(join(dir, "app.js")).length);
    expect(readFileSync(join(dir, "app.js"), "utf8")).not.toMatch(/from\s*"node:|require\("node:/);
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
    } finally {
      server.close();
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
      for (const name of listProfiles()) expect(j.firmware[name]).toBe(readFileSync(outputPath(name)).length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("is listed by merlin --help, and bad options are one line and exit 2", async () => {
    let out = "";
    expect(await runMerlin(["--help"], { out: (t) => void (out += t), err: () => {} })).toBe(0);
    expect(out).toMatch(/^ {2}web {2,}the toy in a browser/m);
    let err = "";
    expect(await runMerlin(["web", "--port", "70000"], { out: () => {}, err: (t) => void (err += t) })).toBe(2);
    expect(err).toBe("merlin web: --port must be a whole number from 0 to 65535, got '70000'\n");
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

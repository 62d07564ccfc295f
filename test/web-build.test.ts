// The static build of the browser toy: a folder any static host can serve, whose firmware
// files are byte for byte the bundles `npm run build` makes, and whose page script is built
// for the browser (esbuild fails on any Node module); the local server serves only that folder.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outputPath } from "../firmware/build/build";
import { listProfiles } from "../hardware/validate";
import { runMerlin } from "../sim/cli/main";
import { buildWeb, type WebBuild } from "../sim/web/build";
import { serveStatic } from "../sim/web/serve";

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
      expect(await runMerlin(["web", "--build-only", "--json", "--out", dir], { out: (t) => void (out += t), err: () => {} })).toBe(0);
      const j = JSON.parse(out);
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

/**
 * Benchmark: how fast the browser toy is playable on localhost. Builds the static page, serves
 * it, and loads it in headless Chromium (Debian's, /usr/bin/chromium or CHROMIUM_BIN) a number
 * of times with an empty cache and a fresh profile: the time from navigation start to the
 * page's "merlin-playable" mark (firmware fetched and booted on the virtual board, first frame
 * drawn, input wired) and to the load event, plus the page script's size. Prints a table.
 *
 *   npm run bench:web [-- --runs 15]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { buildWeb } from "../../sim/web/build";
import { serveStatic } from "../../sim/web/serve";

const runsArg = process.argv.indexOf("--runs");
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 10;
const dir = mkdtempSync(join(tmpdir(), "merlin-web-bench-"));
const built = await buildWeb(dir);
const server = await serveStatic(dir, 0);
const address = server.address();
const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/?board=pico-3x3`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_BIN || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const playable: number[] = [];
const loaded: number[] = [];
for (let i = 0; i < runs + 1; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']");
  await page.waitForLoadState("load");
  const t = await page.evaluate(() => ({
    playable: performance.getEntriesByName("merlin-playable")[0].startTime,
    load: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
  }));
  // The first run warms Chromium itself up; it is not counted.
  if (i > 0) {
    playable.push(t.playable);
    loaded.push(t.load);
  }
  await context.close();
}
await browser.close();
server.close();
rmSync(dir, { recursive: true, force: true });
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs: number[]) => Math.max(...xs);
console.log(`page script app.js: ${built.scriptBytes} bytes (${(built.scriptBytes / 1024).toFixed(1)} KB), firmware pico-3x3.js: ${built.firmware["pico-3x3"]} bytes`);
console.log(`${runs} loads, fresh profile each, localhost:`);
console.log(`  first playable frame: median ${median(playable).toFixed(0)} ms, max ${max(playable).toFixed(0)} ms`);
console.log(`  load event:           median ${median(loaded).toFixed(0)} ms, max ${max(loaded).toFixed(0)} ms`);

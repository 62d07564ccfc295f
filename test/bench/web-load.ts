/**
 * Benchmark: how fast the browser toy is playable on localhost. Builds the static page, serves
 * it, and loads it in headless Chromium (the browser tests' own: test/helpers/chromium.ts) a number
 * of times with an empty cache and a fresh profile: the time from navigation start to the
 * page's "merlin-playable" mark (firmware fetched and booted on the virtual board, first frame
 * drawn, input wired) and to the load event, plus the page script's size. Prints a table.
 *
 *   npm run bench:web [-- --runs 15] [--write]
 *   (--write: also docs/measurements/web-load.md, with the machine, commit and load in its header)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildWeb } from "../../sim/web/build";
import { serveStatic } from "../../sim/web/serve";
import { finishMeasurement, MEASUREMENTS_DIR, Report, startRun } from "../../tools/measurements";
import { toolOptions } from "../../tools/tool-options";
import { launchChromium } from "../helpers/chromium";

const opts = toolOptions(
  process.argv.slice(2),
  [
    { name: "runs", type: "int", arg: "N", help: "loads timed (one more warms Chromium up)", default: 10, min: 1, max: 1000 },
    { name: "write", type: "flag", help: `also write ${MEASUREMENTS_DIR}/web-load.md` },
  ],
  {
    name: "bench:web",
    command: "npm run bench:web",
    usage: "npm run bench:web [-- --runs N] [--write]",
    summary: "how soon the browser toy is playable, in headless Chromium",
    about: "Times loads of the browser toy in headless Chromium (the browser tests' Chromium).",
    examples: [
      ["npm run bench:web", "10 loads, each with a fresh profile"],
      ["npm run bench:web -- --runs 3 --write", "3 loads, into docs/measurements/web-load.md"],
    ],
  },
);
if (typeof opts === "number") process.exit(opts);
const runs = opts.values.runs as number;
/** When the page fetches each of the scripts it loads on demand (main.ts). */
const WHEN_FETCHED: { [file: string]: string } = {
  "teach-view.js": "when the teaching view first opens",
  "sound.js": "right after the first frame",
  "offline.js": "right after the first frame",
};
const run = startRun();
const dir = mkdtempSync(join(tmpdir(), "merlin-web-bench-"));
const built = await buildWeb(dir);
const server = await serveStatic(dir, 0);
const address = server.address();
const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/?board=pico-3x3`;
const browser = await launchChromium();
const browserVersion = browser.version();
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
const min = (xs: number[]) => Math.min(...xs);
const ms = (x: number) => `${x.toFixed(0)} ms`;
const report = new Report();
report.line(`${runs} loads of \`?board=pico-3x3\` on localhost, a fresh browser profile each (Chromium ${browserVersion}), from navigation start:`);
report.line("");
report.table(
  ["", "median", "fastest", "slowest"],
  [
    ["first playable frame", ms(median(playable)), ms(min(playable)), ms(max(playable))],
    ["load event", ms(median(loaded)), ms(min(loaded)), ms(max(loaded))],
  ],
);
report.line("");
report.line("What the page fetches (minified, not compressed):");
report.line("");
report.table(
  ["file", "bytes"],
  [
    ["page script `app.js` (all the first frame needs)", built.scriptBytes],
    ...Object.keys(built.lazyScripts)
      .sort()
      .map((f) => [`\`${f}\`, fetched ${WHEN_FETCHED[f] ?? "when first used"}`, built.lazyScripts[f]]),
    ...Object.keys(built.firmware)
      .sort()
      .map((name) => [`firmware \`firmware/${name}.js\``, built.firmware[name]]),
  ],
);
finishMeasurement(
  opts.values.write === true,
  "web-load",
  {
    title: "Browser toy load time",
    about:
      "`npm run bench:web` builds the static page (`npm run web:build`), serves it on localhost and loads it in " +
      "headless Chromium, each time with a fresh profile and an empty cache; the first load warms Chromium up and " +
      "is not counted. \"First playable frame\" is the page's `merlin-playable` mark: the firmware fetched and " +
      "booted on the virtual board, the first frame drawn and input wired. The load event is the navigation's " +
      "`loadEventEnd`. Times are wall clock, so the machine's load (see the header) shows in them. The sizes are " +
      "the files as served: the page script a player's first frame needs (`app.js`, at most 82 KB: " +
      "`test/web-build.test.ts`), the scripts the page fetches later, when first used, and each profile's firmware " +
      "bundle (the page fetches the chosen one).",
    rerun: "npm run bench:web -- --write",
  },
  run,
  report,
  { extra: [["browser", `Chromium ${browserVersion}, headless${process.env.CHROMIUM_BIN ? " (`CHROMIUM_BIN`)" : ""}`]], variables: ["CHROMIUM_BIN"] },
);

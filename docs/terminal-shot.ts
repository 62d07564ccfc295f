/**
 * Makes docs/terminal.png, the README's picture of the terminal UI: the real firmware on the
 * virtual board (seed 7), a few keys typed through the terminal UI's controller, the very frame
 * `merlin sim` writes to an 80×24 terminal (with its colours) turned into an SVG and
 * photographed by headless Chromium. Run: node tools/tsrun.mjs docs/terminal-shot.ts
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { ROOT } from "../firmware/build/build";
import { loadProfile } from "../hardware/validate";
import { openSession } from "../sim/app/node-session";
import { parseInput, TuiController } from "../sim/app/tui";

const W = 80;
const H = 24;
const session = await openSession({ profile: loadProfile("pico-3x3"), boardSeed: 1 });
session.api("Merlin.newGame(7)");
session.wait(1000);
const ui = new TuiController(session, { keypad: false, quiet: false, color: true });
for (const k of ["2", "wait", "c", "wait", "h", "wait", "wait", "wait", "wait"]) {
  if (k === "wait") session.wait(400);
  else for (const ev of parseInput(k)) ui.handle(ev);
}
session.wait(120);
const lines = ui.frame(W, H).lines;

// The SGR codes the terminal UI uses, as colours.
const FG: { [code: string]: string } = { "97": "#ffffff", "37": "#c0c0c0" };
const BG: { [code: string]: string } = { "101": "#ff4b4b", "41": "#a01c1c", "100": "#5a5a5a" };
const CW = 9.6;
const LH = 20;
const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;");
let body = "";
lines.forEach((line, row) => {
  let fg = "#d8d8d8";
  let bg = "";
  let bold = false;
  let col = 0;
  for (const part of line.split(/(\x1b\[[\d;]*m)/)) {
    const sgr = /^\x1b\[([\d;]*)m$/.exec(part);
    if (sgr) {
      for (const c of sgr[1].split(";")) {
        if (c === "0" || c === "") [fg, bg, bold] = ["#d8d8d8", "", false];
        else if (c === "1") bold = true;
        else if (FG[c]) fg = FG[c];
        else if (BG[c]) bg = BG[c];
      }
      continue;
    }
    if (!part) continue;
    // One cell per character, as a terminal draws them.
    for (const ch of part) {
      const x = 10 + col * CW;
      if (bg) body += `<rect x="${x.toFixed(1)}" y="${8 + row * LH}" width="${(CW + 0.3).toFixed(1)}" height="${LH}" fill="${bg}"/>`;
      if (ch === "█" || ch === "░") {
        body += `<rect x="${x.toFixed(1)}" y="${8 + row * LH}" width="${(CW + 0.3).toFixed(1)}" height="${LH}" fill="${fg}" opacity="${ch === "█" ? 1 : 0.3}"/>`;
      } else if (ch !== " ") {
        body += `<text x="${x.toFixed(1)}" y="${8 + row * LH + 15}" fill="${fg}"${bold ? ' font-weight="bold"' : ""}>${esc(ch)}</text>`;
      }
      col++;
    }
  }
});
const width = 20 + W * CW;
const height = 16 + H * LH;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans Mono, monospace" font-size="16"><rect width="100%" height="100%" fill="#1e1e1e"/>${body}</svg>`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_BIN || "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: Math.ceil(width), height } });
await page.setContent(`<body style="margin:0">${svg}</body>`);
await page.screenshot({ path: join(ROOT, "docs", "terminal.png") });
await browser.close();
writeFileSync(join(ROOT, "docs", "terminal.txt"), lines.map((l) => l.replace(/\x1b\[[\d;]*m/g, "")).join("\n") + "\n");
console.log("wrote docs/terminal.png and docs/terminal.txt");

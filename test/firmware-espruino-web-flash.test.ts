/// <reference lib="dom" />
// "Put this on my toy" in Chromium, against the Espruino interpreter for Linux (ESPRUINO_BIN;
// skipped without it, saying so). The page's navigator.serial is a test-only stand-in whose
// port carries the bytes to the interpreter's console over TCP (started with --telnet,
// 127.0.0.1:2323, as the npm run flash tests do): the page flashes through the very code a
// maker's Chrome runs (sim/web/page/flash-panel.ts and the protocol npm run flash uses).
// Checked: no port chosen, the interpreter refused as a board for no profile (its build reports
// its own name), flashed with the override and the toy followed live, and a connection lost
// mid-way leaving no code that runs after a power cut.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Espruino } from "../firmware/build/espruino-bin";
import { buildWeb } from "../sim/web/build";
import { serveStatic } from "../sim/web/serve";
import { chromiumSkipReason, launchChromiumContext } from "./helpers/chromium";
import { espruinoSkipReason } from "./helpers/skips";
import { bin, sleep } from "./helpers/espruino-toy";
import { ask, dispose, PORT, telnetInterpreter } from "./helpers/flash-cli";

// Skipped without an interpreter (the run ends with a line saying so) or without the browser.
const skip = espruinoSkipReason ?? chromiumSkipReason;

/** What the stand-in port does: whether the maker picks a port, after how many pieces it is pulled out. */
interface Bridge {
  choose: boolean;
  cutAfterPieces: number | null;
  socket: Socket | null;
  page: Page | null;
}

describe.skipIf(!!skip)("Put this on my toy: the page flashes the interpreter through Web Serial", () => {
  let dir: string;
  let server: Server;
  let base: string;
  let context: BrowserContext;
  const bridge: Bridge = { choose: true, cutAfterPieces: null, socket: null, page: null };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "merlin-web-flash-"));
    await buildWeb(dir);
    server = await serveStatic(dir, 0);
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    context = await launchChromiumContext({ viewport: { width: 1100, height: 820 } });
    await context.exposeFunction("__serialChoose", () => bridge.choose);
    await context.exposeFunction(
      "__serialOpen",
      () =>
        new Promise<void>((resolve, reject) => {
          const s = connect(PORT, "127.0.0.1");
          s.once("connect", () => resolve());
          s.once("error", reject);
          s.on("data", (d: Buffer) => void bridge.page?.evaluate((b) => (window as any).__serialPush(b), [...d]).catch(() => undefined));
          bridge.socket = s;
        }),
    );
    let pieces = 0;
    await context.exposeFunction("__serialWrite", (bytes: number[]) => {
      const s = bridge.socket;
      if (!s || s.destroyed) return;
      s.write(Buffer.from(bytes));
      pieces += Buffer.from(bytes).toString("latin1").split('write(".bootcde"').length - 1;
      if (bridge.cutAfterPieces !== null && pieces >= bridge.cutAfterPieces) {
        // The cable pulled out: nothing more reaches the board, the page's port fails.
        s.destroy();
        void bridge.page?.evaluate(() => (window as any).__serialLost()).catch(() => undefined);
      }
    });
    await context.addInitScript(() => {
      const w = window as any;
      let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
      let lost = false;
      const port = {
        readable: null as ReadableStream<Uint8Array> | null,
        writable: null as WritableStream<Uint8Array> | null,
        async open() {
          lost = false;
          await w.__serialOpen();
          port.readable = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
          port.writable = new WritableStream<Uint8Array>({
            async write(chunk) {
              if (lost) throw new DOMException("The device has been lost.", "NetworkError");
              await w.__serialWrite([...chunk]);
            },
          });
        },
        async close() {},
      };
      w.__serialPush = (bytes: number[]) => controller?.enqueue(new Uint8Array(bytes));
      w.__serialLost = () => {
        lost = true;
        controller?.error(new DOMException("The device has been lost.", "NetworkError"));
      };
      Object.defineProperty(navigator, "serial", {
        value: {
          async requestPort() {
            if (!(await w.__serialChoose())) throw new DOMException("No port selected by the user.", "NotFoundError");
            return port;
          },
        },
      });
    });
    // Resets the count for each flash.
    bridge.page = null;
    (bridge as any).resetPieces = () => (pieces = 0);
  }, 180_000);

  afterAll(async () => {
    bridge.socket?.destroy();
    await context?.close();
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The page for pico-3x3 with the flash panel open. */
  async function openPanel(): Promise<Page> {
    const page = await context.newPage();
    bridge.page = page;
    (bridge as any).resetPieces();
    await page.goto(`${base}/index.html?board=pico-3x3`);
    await page.waitForSelector("body[data-ready='1']");
    await page.click("#flash-open");
    await page.waitForSelector("#flash[open]");
    return page;
  }

  const status = (page: Page) => page.locator("#flash-status").textContent();
  const settled = (page: Page) => page.waitForFunction(() => /^(Done|Not flashed)/.test(document.getElementById("flash-status")!.textContent ?? ""), null, { timeout: 120_000 });
  const image = () => readFileSync(join(dir, "firmware", "pico-3x3.img"));
  const bootcde = async () => ask('\x10print("<<"+"F>>"+JSON.stringify((function(f){return f?[f.length,E.CRC32(f)]:null})(require("Storage").read(".bootcde"))))\n', 600);

  it("no port chosen: says so, and nothing is written", async () => {
    const e = await telnetInterpreter("pico-3x3");
    const page = await openPanel();
    try {
      bridge.choose = false;
      await page.click("#flash-usb");
      await settled(page);
      expect(await status(page)).toBe("Not flashed: no port chosen: press the button again and pick the toy's USB serial port");
      expect(await bootcde()).toContain("<<F>>null");
    } finally {
      bridge.choose = true;
      await page.close();
      await dispose(e);
    }
  }, 180_000);

  it("refuses the interpreter as a board for no profile, then flashes it with the override; the toy runs and the page follows it live", async () => {
    const e = await telnetInterpreter("pico-3x3");
    const page = await openPanel();
    try {
      await page.click("#flash-usb");
      await settled(page);
      expect(await status(page)).toMatch(/^Not flashed: the board runs Espruino for \w+, but this image is for pico-3x3 \(Espruino for PICO_R1_3\): choose that board's toy in the Toy menu/);
      bridge.socket?.destroy();
      expect(await bootcde()).toContain("<<F>>null");

      // Every flash starts with one Ctrl-C (it abandons a half-typed line); the Linux build, and
      // no board, exits at a second one within 5 s on an empty line (src/jsinteractive.c).
      await sleep(5500);
      await page.check("#flash-any-board");
      await page.click("#flash-usb");
      await settled(page);
      const img = image();
      expect(await status(page)).toBe(`Done: the toy holds ${img.length} bytes, CRC-32 ${crc32(img).toString(16).padStart(8, "0")} checked, and has restarted with them.`);
      expect(await page.locator("#flash-progress").evaluate((p: HTMLProgressElement) => p.value)).toBe(1);
      // The real toy, followed over the same port: a new game after its power-on.
      await page.waitForFunction(() => /^Your toy, live: playing, 0 moves, board [01]{9} /.test(document.getElementById("flash-live")!.textContent ?? ""), null, { timeout: 30_000 });
      await page.click("#flash-close");
      bridge.socket?.destroy();
      expect(await bootcde()).toContain(`<<F>>${JSON.stringify([img.length, crc32(img)])}`);
    } finally {
      await page.close();
      await dispose(e);
    }
  }, 240_000);

  it("a connection lost mid-way: says so, and after a power cut no code of the image runs", async () => {
    const e = await telnetInterpreter("pico-3x3");
    const page = await openPanel();
    try {
      await page.check("#flash-any-board");
      bridge.cutAfterPieces = 4;
      await page.click("#flash-usb");
      await settled(page);
      expect(await status(page)).toMatch(/^Not flashed: the connection was lost \(.*\); the board kept its old code or an incomplete image that does not run: connect again and flash again$/);
      await e.kill();
      const again = await Espruino.start(bin as string, e.dir);
      try {
        const img = image();
        const held = (await again.eval('(function(f){return f?[f.length,E.CRC32(f)]:null})(require("Storage").read(".bootcde"))')) as [number, number] | null;
        // The file is there at its full length, its bytes after the cut still erased flash.
        expect(held?.[0]).toBe(img.length);
        expect(held?.[1]).not.toBe(crc32(img));
        expect(await again.eval("typeof Merlin")).toBe("undefined");
      } finally {
        await again.kill();
      }
    } finally {
      bridge.cutAfterPieces = null;
      await page.close();
      await dispose(e);
    }
  }, 240_000);
});

/// <reference lib="dom" />
// "Put this on my toy" in Chromium, against the Espruino interpreter for Linux (ESPRUINO_BIN;
// skipped without it, saying so). The page's navigator.serial is a test-only stand-in whose
// port carries the bytes to the interpreter's console over TCP (started with --telnet,
// 127.0.0.1:2323, as the npm run flash tests do): the page flashes through the very code a
// maker's Chrome runs (sim/web/page/flash-panel.ts and the protocol npm run flash uses).
// Checked: no port chosen, the interpreter refused as a board for no profile (its build reports
// its own name), flashed with the override and the toy followed live, an older Espruino (the
// interpreter's version answer rewritten on the way), the teaching view showing the flashed toy
// (pads pressed and rules changed on its console, then the cable pulled), a connection lost mid-way leaving no code
// that runs after a power cut, and the same over a stand-in Web Bluetooth board (MDBT42Q: the
// Nordic UART, 20-byte writes, a console the toy locks).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import type { Server } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Espruino } from "../firmware/measure/espruino-bin";
import { buildWeb } from "../sim/web/build";
import { serveStatic } from "../sim/web/serve";
import { chromiumSkipReason, launchChromiumContext } from "./helpers/chromium";
import { espruinoSkipReason } from "./helpers/skips";
import { bin, checkInterpreterFirst, sleep } from "./helpers/espruino-toy";
import { ask, dispose, PORT, telnetInterpreter } from "./helpers/flash-cli";
import { hangAfter } from "./helpers/time-limits";

// Skipped without an interpreter (the run ends with a line saying so) or without the browser.
const skip = espruinoSkipReason ?? chromiumSkipReason;

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** What the stand-in port does: whether the maker picks a port, after how many pieces it is pulled out. */
interface Bridge {
  choose: boolean;
  cutAfterPieces: number | null;
  socket: Socket | null;
  page: Page | null;
  /** The most bytes the page sent in one write. */
  longestWrite: number;
  /** An older Espruino to pretend: the interpreter's answer to process.env.VERSION, rewritten. */
  version: string | null;
}

describe.skipIf(!!skip)("Put this on my toy: the page flashes the interpreter through Web Serial", () => {
  checkInterpreterFirst();
  let dir: string;
  let server: Server;
  let base: string;
  let context: BrowserContext;
  const bridge: Bridge = { choose: true, cutAfterPieces: null, socket: null, page: null, longestWrite: 0, version: null };

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
          s.on("data", (d: Buffer) => {
            const bytes = bridge.version === null ? d : Buffer.from(d.toString("latin1").replace(/<<VER>>2v29/, `<<VER>>${bridge.version}`), "latin1");
            void bridge.page?.evaluate((b) => (window as any).__serialPush(b), [...bytes]).catch(() => undefined);
          });
          bridge.socket = s;
        }),
    );
    let pieces = 0;
    await context.exposeFunction("__serialWrite", (bytes: number[]) => {
      bridge.longestWrite = Math.max(bridge.longestWrite, bytes.length);
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
      // The stand-in serial port: a ReadableStream of what the board prints, a WritableStream to it.
      let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
      let lost = false;
      let overBluetooth = false;
      const port = {
        readable: null as ReadableStream<Uint8Array> | null,
        writable: null as WritableStream<Uint8Array> | null,
        async open() {
          lost = false;
          overBluetooth = false;
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
      // The stand-in Bluetooth board: the Nordic UART's TX (written, 20 bytes at most) and RX (notifying).
      const rx: any = Object.assign(new EventTarget(), { value: undefined, startNotifications: async () => undefined });
      const tx = {
        async writeValue(chunk: Uint8Array) {
          if (lost) throw new DOMException("GATT Server is disconnected.", "NetworkError");
          if (chunk.length > 20) throw new DOMException("Value is longer than the maximum length.", "InvalidModificationError");
          await w.__serialWrite([...chunk]);
        },
      };
      const device: any = Object.assign(new EventTarget(), {
        name: "MDBT42Q 3f21",
        gatt: {
          async connect() {
            lost = false;
            overBluetooth = true;
            await w.__serialOpen();
            return { getPrimaryService: async () => ({ getCharacteristic: async (uuid: string) => (uuid.startsWith("6e400002") ? tx : rx) }) };
          },
          disconnect() {},
        },
      });
      w.__serialPush = (bytes: number[]) => {
        if (!overBluetooth) return controller?.enqueue(new Uint8Array(bytes));
        for (let i = 0; i < bytes.length; i += 20) {
          rx.value = new DataView(new Uint8Array(bytes.slice(i, i + 20)).buffer);
          rx.dispatchEvent(new Event("characteristicvaluechanged"));
        }
      };
      w.__serialLost = () => {
        lost = true;
        if (overBluetooth) device.dispatchEvent(new Event("gattserverdisconnected"));
        else controller?.error(new DOMException("The device has been lost.", "NetworkError"));
      };
      Object.defineProperty(navigator, "serial", {
        value: {
          async requestPort() {
            if (!(await w.__serialChoose())) throw new DOMException("No port selected by the user.", "NotFoundError");
            return port;
          },
        },
      });
      Object.defineProperty(navigator, "bluetooth", {
        value: {
          async requestDevice(options: object) {
            w.__bluetoothAsked = options;
            if (!(await w.__serialChoose())) throw new DOMException("User cancelled the requestDevice() chooser.", "NotFoundError");
            return device;
          },
        },
      });
    });
    // Resets the count for each flash.
    bridge.page = null;
    (bridge as any).resetPieces = () => (pieces = 0);
  });

  afterAll(async () => {
    bridge.socket?.destroy();
    await context?.close();
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * A test on a fresh interpreter for `profile` and the page for it with the flash panel open;
   * afterwards the port goes, the page closes, the stand-in is back to a port that works.
   */
  async function withToy(profile: string, test: (page: Page, e: Espruino) => Promise<void>): Promise<void> {
    const e = await telnetInterpreter(profile);
    const page = await openPanel(profile);
    try {
      await test(page, e);
    } finally {
      bridge.socket?.destroy();
      Object.assign(bridge, { choose: true, version: null, cutAfterPieces: null });
      await page.close();
      await dispose(e);
    }
  }

  /** The page for a profile (pico-3x3 unless named) with the flash panel open. */
  async function openPanel(profile = "pico-3x3"): Promise<Page> {
    const page = await context.newPage();
    bridge.page = page;
    bridge.longestWrite = 0;
    (bridge as any).resetPieces();
    await page.goto(`${base}/index.html?board=${profile}`);
    await page.waitForSelector("body[data-ready='1']");
    await page.click("#flash-open");
    await page.waitForSelector("#flash[open]");
    return page;
  }

  const status = (page: Page) => page.locator("#flash-status").textContent();
  const settled = (page: Page) => page.waitForFunction(() => /^(Done|Not flashed)/.test(document.getElementById("flash-status")!.textContent ?? ""), null, { timeout: hangAfter(120_000) });
  const image = (profile = "pico-3x3") => readFileSync(join(dir, "firmware", `${profile}.img`));
  const bootcde = async () => ask('\x10print("<<"+"F>>"+JSON.stringify((function(f){return f?[f.length,E.CRC32(f)]:null})(require("Storage").read(".bootcde"))))\n', 600);

  /** The page says it flashed the profile's image, its progress bar full, and then follows the real toy: a new game after its power-on. */
  async function flashedAndFollowed(page: Page, profile: string): Promise<Buffer> {
    const img = image(profile);
    expect(await status(page)).toBe(`Done: the toy holds ${img.length} bytes, CRC-32 ${crc32(img).toString(16).padStart(8, "0")} checked, and has restarted with them.`);
    expect(await page.locator("#flash-progress").evaluate((p: HTMLProgressElement) => p.value)).toBe(1);
    await page.waitForFunction(() => /^Your toy, live: playing, 0 moves, board [01]+ /.test(document.getElementById("flash-live")!.textContent ?? ""), null, { timeout: hangAfter(30_000) });
    return img;
  }

  /** Flashes the profile's image over USB, the board check overridden (the interpreter is no profile's board), and checks it as flashedAndFollowed does. */
  async function flashOverUsb(page: Page, profile: string): Promise<Buffer> {
    await page.check("#flash-any-board");
    await page.click("#flash-usb");
    await settled(page);
    return flashedAndFollowed(page, profile);
  }

  it("no port chosen: says so, and nothing is written", async () => {
    await withToy("pico-3x3", async (page) => {
      bridge.choose = false;
      await page.click("#flash-usb");
      await settled(page);
      expect(await status(page)).toBe("Not flashed: no port chosen: press the button again and pick the toy's USB serial port");
      expect(await bootcde()).toContain("<<F>>null");
    });
  });

  it("refuses the interpreter as a board for no profile, then flashes it with the override; the toy runs and the page follows it live", async () => {
    await withToy("pico-3x3", async (page) => {
      await page.click("#flash-usb");
      await settled(page);
      expect(await status(page)).toMatch(/^Not flashed: the board runs Espruino for \w+, but this image is for pico-3x3 \(Espruino for PICO_R1_3\): choose that board's toy in the Toy menu/);
      bridge.socket?.destroy();
      expect(await bootcde()).toContain("<<F>>null");

      // Every flash starts with one Ctrl-C (it abandons a half-typed line); the Linux build, and
      // no board, exits at a second one within 5 s on an empty line (src/jsinteractive.c).
      await sleep(5500);
      const img = await flashOverUsb(page, "pico-3x3");
      // Its pads as the toy reports them (Merlin.state().board), and the open panel accessible.
      const board = /board ([01]{9}) /.exec((await page.locator("#flash-live").textContent())!)![1];
      await page.waitForFunction((b) => [...document.querySelectorAll("#flash-live-board span")].map((e) => (e.className === "on" ? "1" : "0")).join("") === b, board);
      await page.addScriptTag({ content: AXE });
      const violations = await page.evaluate(async () => (await (window as any).axe.run(document.getElementById("flash"), { resultTypes: ["violations"] })).violations.map((v: { id: string }) => v.id));
      expect(violations).toEqual([]);
      await page.click("#flash-close");
      bridge.socket?.destroy();
      expect(await bootcde()).toContain(`<<F>>${JSON.stringify([img.length, crc32(img)])}`);
      // Merlin's games went before it, a Storage file each, byte for byte the build's.
      const games = JSON.parse(readFileSync(join(dir, "firmware", "pico-3x3.files.img.json"), "utf8")) as Record<string, string>;
      const names = Object.keys(games).sort();
      expect(names.length).toBeGreaterThan(0);
      const held = names.map((n) => [n, Buffer.from(games[n], "base64").length, crc32(Buffer.from(games[n], "base64"))]);
      expect(await ask(`\x10print("<<"+"G>>"+JSON.stringify(${JSON.stringify(names)}.map(function(n){var f=require("Storage").read(n);return [n,f.length,E.CRC32(f)];})))\n`, 600)).toContain(`<<G>>${JSON.stringify(held)}`);
      // And the toy plays one, read from its file.
      expect(await ask('\x10print("<<"+"E>>"+Merlin.game("echo").game)\n', 600)).toContain("<<E>>echo");
    });
  }, hangAfter(80_000));

  it("once flashed, the teaching view shows the real toy: its board live as pads are pressed on it, its rules, then its last board once it is disconnected, and back to the virtual toy", async () => {
    await withToy("pico-3x3", async (page) => {
      await flashOverUsb(page, "pico-3x3");
      const virtual = () => page.evaluate(() => (window as any).merlin.session.state().board as string);
      const virtualBefore = await virtual();
      // The panel offers it; the panel closes, the teaching view opens on the real toy.
      await page.click("#flash-teach");
      await page.waitForSelector("#flash:not([open])", { state: "attached" });
      await page.waitForSelector("#real-toy-board[data-board]");
      expect(await page.locator("#teach").isVisible()).toBe(true);
      expect(await page.locator("#real-toy-title").textContent()).toBe("Your toy, live: the teaching view follows it");
      const teachBoard = () => page.locator("#teach-b .cells").getAttribute("aria-label");
      const realBoard = () => page.locator("#real-toy-board").getAttribute("data-board");
      const before = (await realBoard())!;
      await page.waitForFunction((b) => document.querySelector("#teach-b .cells")?.getAttribute("aria-label") === `b, the board now: ${b}`, before);

      // The centre pad pressed on the toy itself (its console): under basic it toggles its plus, pads 2, 4, 5, 6 and 8.
      bridge.socket!.write("\x10Merlin.press(5)\n");
      const after = before.split("").map((c, i) => ("010111010"[i] === "1" ? String(1 - Number(c)) : c)).join("");
      await page.waitForFunction((b) => document.querySelector("#teach-b .cells")?.getAttribute("aria-label") === `b, the board now: ${b}`, after, { timeout: hangAfter(30_000) });
      expect(await page.locator("#real-toy-line").textContent()).toBe(`Your toy, live: playing, 1 move, board ${after} (basic)`);
      const lit = after.split("").flatMap((c, i) => (c === "1" ? [i + 1] : []));
      expect(await page.locator("#real-toy-board").getAttribute("aria-label")).toBe(`your toy's board: pad${lit.length === 1 ? "" : "s"} ${lit.join(", ")} lit`);
      // x is marked on the real toy's board, not on the virtual toy's pads (whose game is untouched).
      const pads = (await page.locator("#teach-x").getAttribute("data-pads"))!;
      const marked = await page.locator("#real-toy-board span.in-x").evaluateAll((cells) => cells.map((c) => [...c.parentElement!.children].indexOf(c) + 1).join(","));
      expect(marked).toBe([...new Set(pads.split(",").filter(Boolean).map(Number))].sort((a, b) => a - b).join(","));
      expect(await page.locator("#toy .pad.in-x").count()).toBe(0);
      expect(await page.locator("#real-toy-aside").textContent()).toBe("The teaching view shows your real toy, not this one.");
      expect(await virtual()).toBe(virtualBefore);
      await page.addScriptTag({ content: AXE });
      const violations = await page.evaluate(async () => (await (window as any).axe.run(document.getElementById("real-toy"), { resultTypes: ["violations"] })).violations.map((v: { id: string }) => v.id));
      expect(violations).toEqual([]);

      // Other rules on the toy: the view teaches them (the toy's maths asked again), the virtual toy keeps its own.
      bridge.socket!.write('\x10Merlin.setRules("classic")\n');
      await page.waitForSelector("#teach-game[data-rules='classic']", { timeout: hangAfter(30_000) });
      expect(await page.evaluate(() => (window as any).merlin.session.state().rules)).toBe("basic");

      // The cable pulled out: the last board stays, marked as no longer live.
      const last = (await realBoard())!;
      bridge.socket!.destroy();
      await page.evaluate(() => (window as any).__serialLost());
      await page.waitForSelector("#real-toy.stale");
      expect(await page.locator("#real-toy-title").textContent()).toBe("Your toy is disconnected: its last board");
      expect(await page.locator("#real-toy-note").textContent()).toMatch(/^The link to your toy ended: the view keeps the last board it reported/);
      expect(await teachBoard()).toBe(`b, the board now: ${last}`);
      expect(await page.locator("#real-toy-line").textContent()).toMatch(/^Your toy, last heard: playing, 0 moves, board [01]{9} \(classic\)$/);

      // Flashed again from the panel (the toy's port chosen again): the view follows it again, live.
      await page.click("#flash-open");
      await page.click("#flash-usb");
      await settled(page);
      await flashedAndFollowed(page, "pico-3x3");
      expect(await page.locator("#flash-teach").isVisible()).toBe(false);
      await page.click("#flash-close");
      await page.waitForSelector("#real-toy:not(.stale)");
      await page.waitForFunction(() => /^Your toy, live: playing, 0 moves, board [01]{9} \(classic\)$/.test(document.getElementById("real-toy-line")!.textContent ?? ""));
      expect(await page.locator("#real-toy-note").textContent()).toBe("");

      // Back to the virtual toy: its board again, no banner.
      await page.click("#real-toy-back");
      expect(await page.locator("#real-toy, #real-toy-aside").count()).toBe(0);
      expect(await page.locator("#teach").isVisible()).toBe(true);
      await page.waitForFunction(() => document.querySelector("#teach-b .cells")?.getAttribute("aria-label") === `b, the board now: ${(window as any).merlin.session.state().board}`);
      expect(await page.locator("#teach-game").getAttribute("data-rules")).toBe("basic");
    });
  }, hangAfter(80_000));

  it("a colour game on a pixel toy: the teaching view counts mod 3 with the toy's own maths, its board drawn in the states' colours and symbols", async () => {
    await withToy("pico-5x5-neopixel", async (page) => {
      await flashOverUsb(page, "pico-5x5-neopixel");
      await page.click("#flash-teach");
      await page.waitForSelector("#real-toy-board[data-board]");
      // Lights Out 2000 on the toy (its console): three states, every pad dark the goal.
      bridge.socket!.write('\x10Merlin.setRules("lightsout2000")\n');
      await page.waitForSelector("#teach-game[data-rules='lightsout2000'][data-k='3']", { timeout: hangAfter(30_000) });
      expect(await page.evaluate(() => (window as any).merlin.session.state().rules)).toBe("basic");
      expect(await page.locator("#teach-t .cells").getAttribute("aria-label")).toBe(`t, the target: ${"0".repeat(25)}`);
      const board = (await page.locator("#real-toy-board").getAttribute("data-board"))!;
      expect(board).toMatch(/^[012]{25}$/);
      expect(await page.locator("#teach-b .cells").getAttribute("aria-label")).toBe(`b, the board now: ${board}`);
      const symbols = await page.locator("#real-toy-board span").allTextContents();
      expect(symbols.join("")).toBe(board.split("").map((c) => "○●▲"[Number(c)]).join(""));
      const named = ["white", "magenta"].flatMap((name, i) => {
        const pads = board.split("").flatMap((c, j) => (c === String(i + 1) ? [j + 1] : []));
        return pads.length > 0 ? [`${name} (${i + 1}): ${pads.join(", ")}`] : [];
      });
      expect(await page.locator("#real-toy-board").getAttribute("aria-label")).toBe(`your toy's board: ${named.length > 0 ? named.join("; ") : "every pad dark"}`);
    });
  }, hangAfter(80_000));

  it("an older Espruino: says how to update it, and nothing is written", async () => {
    await withToy("pico-3x3", async (page) => {
      bridge.version = "2v19";
      await page.check("#flash-any-board");
      await page.click("#flash-usb");
      await settled(page);
      expect(await status(page)).toBe(
        "Not flashed: the board runs Espruino 2v19, older than the 2v29 this firmware needs: update it from the Espruino Web IDE (Settings → Flasher) as espruino.com/Pico describes, then flash again",
      );
      bridge.socket?.destroy();
      expect(await bootcde()).toContain("<<F>>null");
    });
  });

  it("a connection lost mid-way: says so, and after a power cut no code of the image runs", async () => {
    await withToy("pico-3x3", async (page, e) => {
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
    });
  }, hangAfter(80_000));

  it("over Bluetooth to the MDBT42Q: 20-byte writes, the Nordic UART asked for, the toy's locked console opened with its password to follow it", async () => {
    await withToy("mdbt42q-3x3", async (page) => {
      expect(await page.locator("#flash-ble").isVisible()).toBe(true);
      await page.check("#flash-any-board");
      await page.click("#flash-ble");
      await settled(page);
      // The toy locks its console at power-on (mdbt42q-3x3): the panel types the profile's password to follow it.
      await flashedAndFollowed(page, "mdbt42q-3x3");
      expect(bridge.longestWrite).toBeLessThanOrEqual(20);
      expect(JSON.stringify(await page.evaluate(() => (window as any).__bluetoothAsked))).toContain("6e400001-b5a3-f393-e0a9-e50e24dcca9e");
    });
  }, hangAfter(80_000));

  it("the USB button only where Bluetooth is not the board's: no Bluetooth button for a Pico", async () => {
    const page = await openPanel();
    try {
      expect(await page.locator("#flash-ble").isVisible()).toBe(false);
      expect(await page.locator("#flash-usb").isVisible()).toBe(true);
    } finally {
      await page.close();
    }
  });
});

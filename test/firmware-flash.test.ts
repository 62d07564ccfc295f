// npm run flash against a fake Espruino console: a TCP server on 127.0.0.1 that evaluates the
// lines typed on it the way Espruino's console does (print, reset, load, atob, E.CRC32,
// require("Storage").write/read), or answers like a locked board ("Invalid password"), or not
// at all, and gives the Espruino version it runs and the board its build is for
// (process.env.VERSION, process.env.BOARD). The same command against the real interpreter is in test/firmware-espruino-flash.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createContext, runInContext } from "node:vm";
import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOARD_LINE, boardProblem, LOAD_LINE, parseVersion, PIECE_BYTES, REQUIRED_VERSION, uploadLines, VERSION_LINE, versionAtLeast } from "../firmware/flash/flash";
import { pretokenise } from "../firmware/build/pretokenise";
import { hangAfter } from "./helpers/time-limits";
import { buildToy } from "./helpers/toy";
import { runFlash as flash, type FlashRun as Run } from "./helpers/flash-cli";

// stall: answers the probe, board, version and reset() lines, then nothing.
type Mode = "ok" | "locked" | "silent" | "stall" | "corrupt" | "full" | "boot-error" | "no-version";

interface Fake {
  port: number;
  /** Storage files as bytes. */
  files: Map<string, Buffer>;
  /** Every line typed (control characters removed). */
  lines: string[];
  close(): Promise<void>;
}

/** A console evaluating lines in a context with the Espruino calls the flashing uses. */
function espruinoContext(files: Map<string, Buffer>, out: (s: string) => void, mode: Mode, version = REQUIRED_VERSION, board = "PICO_R1_3") {
  const storage = {
    write(name: string, data: string, offset: number, size?: number): boolean {
      if (mode === "full") return false;
      if (size !== undefined) files.set(name, Buffer.alloc(size, 0xff));
      const f = files.get(name);
      if (!f) return false;
      const bytes = Buffer.from(data, "latin1");
      if (mode === "corrupt") bytes[0] ^= 1;
      bytes.copy(f, offset);
      return true;
    },
    read(name: string): string | undefined {
      return files.get(name)?.toString("latin1");
    },
    erase(name: string): void {
      files.delete(name);
    },
  };
  return createContext({
    // Espruino's process.env.VERSION ("2v29"; "2v29.14" for a build after the release) and BOARD
    // (the build's file in Espruino's boards/ folder: PICO_R1_3, MDBT42Q, ESP32).
    ...(mode === "no-version" ? {} : { process: { env: { VERSION: version, BOARD: board } } }),
    print: (...a: unknown[]) => out(a.map(String).join(" ") + "\n"),
    reset: () => undefined,
    load: () => {
      if (mode === "boot-error") out("Uncaught Error: Can't read property 'i' of undefined\n");
    },
    atob: (b: string) => Buffer.from(b, "base64").toString("latin1"),
    E: { CRC32: (s: string) => crc32(Buffer.from(s, "latin1")) },
    require: (name: string) => {
      if (name === "Storage") return storage;
      throw new Error(`Module ${name} not found`);
    },
  });
}

function startFake(mode: Mode, password = "merlin", version = REQUIRED_VERSION, board = "PICO_R1_3"): Promise<Fake> {
  const files = new Map<string, Buffer>();
  const lines: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((sock) => {
    sockets.add(sock);
    sock.on("close", () => sockets.delete(sock));
    const out = (s: string) => sock.write(s.replace(/\n/g, "\r\n"));
    const ctx = espruinoContext(files, out, mode, version, board);
    let locked = mode === "locked";
    let buf = "";
    if (mode !== "silent") out(locked ? "password>" : ">");
    sock.on("data", (d) => {
      buf += d.toString("latin1");
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl).replace(/[\x03\x10\r]/g, "");
        buf = buf.slice(nl + 1);
        lines.push(line);
        if (mode === "silent" || (mode === "stall" && lines.length > 4)) continue;
        if (locked) {
          if (line === password) {
            locked = false;
            out("\n  Logged in.\n>");
          } else out("\n  Invalid password\npassword>");
          continue;
        }
        try {
          runInContext(line, ctx);
        } catch (e) {
          out(`Uncaught ${String(e)}\n`);
        }
        out(">");
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        port,
        files,
        lines,
        close: () =>
          new Promise((r) => {
            for (const s of sockets) s.destroy();
            server.close(() => r());
          }),
      });
    });
  });
}


let dir = "";
let codeFile = "";
/** A "firmware" of three and a bit pieces, with bytes that need no escaping only in base64. */
const CODE = Buffer.from("/* \"quotes\" \\ and \u00e9 */\n" + "print('merlin');\n".repeat(200), "utf8");

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "merlin-flash-"));
  codeFile = join(dir, "firmware.js");
  writeFileSync(codeFile, CODE);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Flashes CODE to a fake console in `mode`; returns the run and what the fake saw. */
async function flashFake(mode: Mode, extra: string[] = [], version = REQUIRED_VERSION, board = "PICO_R1_3"): Promise<{ r: Run; fake: Fake }> {
  const fake = await startFake(mode, "merlin", version, board);
  try {
    const r = await flash(["--port", `tcp://127.0.0.1:${fake.port}`, "--file", codeFile, ...extra]);
    return { r, fake };
  } finally {
    await fake.close();
  }
}

function expectOneLineFailure(r: Run, pattern: RegExp): void {
  expect(r.status).toBe(1);
  const lines = r.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^flash: /);
  expect(lines[0]).toMatch(pattern);
}

describe("npm run flash against a fake Espruino console", () => {
  it("writes the file to .bootcde in acknowledged pieces, verifies it and restarts the board", async () => {
    const { r, fake } = await flashFake("ok");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(fake.files.get(".bootcde")).toEqual(CODE);
    expect(r.stdout).toContain(`.bootcde holds ${CODE.length} bytes, CRC32 ${crc32(CODE).toString(16).padStart(8, "0")}`);
    const writes = fake.lines.filter((l) => l.includes('require("Storage").write(".bootcde"'));
    expect(writes).toHaveLength(Math.ceil(CODE.length / PIECE_BYTES));
    expect(fake.lines.indexOf("reset();print(\"<<\"+\"RESET>>\")")).toBeLessThan(fake.lines.findIndex((l) => l.includes("write(")));
    expect(fake.lines[fake.lines.length - 1]).toBe("load()");
  }, hangAfter(30_000));

  it("fails with one line when nothing listens on the port", async () => {
    const fake = await startFake("ok");
    const port = fake.port;
    await fake.close();
    const r = await flash(["--port", `tcp://127.0.0.1:${port}`, "--file", codeFile]);
    expectOneLineFailure(r, new RegExp(`cannot connect to tcp://127\\.0\\.0\\.1:${port}: ECONNREFUSED`));
  }, hangAfter(30_000));

  it.each([
    ["tcp://127.0.0.1:99999", /the port must be 1 to 65535, got 99999/],
    ["tcp://127.0.0.1:0", /the port must be 1 to 65535, got 0/],
    ["tcp://127.0.0.1", /write tcp:\/\/HOST:PORT/],
    ["tcp://127.0.0.1:abc", /write tcp:\/\/HOST:PORT/],
    ["tcp://127.0.0.1:-1", /write tcp:\/\/HOST:PORT/],
  ])("refuses --port %s with one line, exit 2, before building anything", async (port, pattern) => {
    // No --file: a check after the build would build first (and print "flashing ...").
    const r = await flash(["--port", port]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^flash: --port /);
    expect(lines[0]).toMatch(pattern);
  }, hangAfter(30_000));

  it("fails with one line when the console never answers", async () => {
    const { r, fake } = await flashFake("silent");
    expectOneLineFailure(r, /no answer from an Espruino console/);
    expect(fake.lines.some((l) => l.includes("write("))).toBe(false);
  }, hangAfter(30_000));

  it("fails with one line on a locked console (Invalid password), and writes nothing", async () => {
    const { r, fake } = await flashFake("locked");
    expectOneLineFailure(r, /console is locked \(it answered "Invalid password"\); pass --password/);
    expect(fake.files.size).toBe(0);
  }, hangAfter(30_000));

  it("fails with one line when the password is refused", async () => {
    const { r, fake } = await flashFake("locked", ["--password", "wrong"]);
    expectOneLineFailure(r, /password was refused/);
    expect(fake.files.size).toBe(0);
  }, hangAfter(30_000));

  it("unlocks a locked console with --password, then flashes", async () => {
    const { r, fake } = await flashFake("locked", ["--password", "merlin"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(fake.files.get(".bootcde")).toEqual(CODE);
  }, hangAfter(30_000));

  it("fails with one line when a piece is not acknowledged", async () => {
    const { r } = await flashFake("stall");
    expectOneLineFailure(r, /upload not confirmed: no answer to piece 1 of \d+/);
  }, hangAfter(30_000));

  it("fails with one line when the board holds other bytes than were sent, and erases them: they never boot", async () => {
    const { r, fake } = await flashFake("corrupt");
    expect(r.stderr).toMatch(/; \.bootcde was erased: the board starts without the toy until it is flashed again\n$/);
    expect(fake.files.has(".bootcde")).toBe(false);
    expect(fake.lines.some((l) => l === "load()")).toBe(false);
    expectOneLineFailure(r, new RegExp(`verification failed: the board holds ${CODE.length} bytes with CRC32 [0-9a-f]{8}, ${CODE.length} bytes with CRC32 ${crc32(CODE).toString(16).padStart(8, "0")} were sent`));
  }, hangAfter(30_000));

  it("fails with one line when Storage refuses a write, and erases what it holds", async () => {
    const { r, fake } = await flashFake("full");
    expect(r.stderr).toMatch(/\.bootcde was erased/);
    expect(fake.lines).toContain('require("Storage").erase(".bootcde");print("<<"+"ERASED>>")');
    expectOneLineFailure(r, /upload failed at piece 1 of \d+: Storage\.write returned false/);
  }, hangAfter(30_000));

  it("fails with one line when the restarted code reports an error", async () => {
    const { r } = await flashFake("boot-error");
    expectOneLineFailure(r, /error after restarting: Uncaught Error: Can't read property 'i' of undefined/);
  }, hangAfter(30_000));
});

describe("npm run flash checks the board's Espruino version first", () => {
  it("reads process.env.VERSION after the probe and before anything changes on the board", async () => {
    const { r, fake } = await flashFake("ok");
    expect(r.status).toBe(0);
    const ver = fake.lines.indexOf(VERSION_LINE.replace(/[\x10\n]/g, ""));
    expect(ver).toBeGreaterThan(0);
    expect(ver).toBeLessThan(fake.lines.findIndex((l) => l.startsWith("reset()")));
  }, hangAfter(30_000));

  it("refuses an older Espruino with one line saying how to update, and writes nothing", async () => {
    const { r, fake } = await flashFake("ok", [], "2v19");
    expectOneLineFailure(r, /the board runs Espruino 2v19, older than the 2v29 this firmware needs: update it from the Espruino Web IDE \(Settings → Flasher\)/);
    expect(r.stderr).toContain("(or pass --any-version)");
    expect(fake.files.size).toBe(0);
    expect(fake.lines.some((l) => l.startsWith("reset()"))).toBe(false);
  }, hangAfter(30_000));

  it("names the update route of the board the profile is for", async () => {
    const esp = await flashFake("ok", ["--board", "esp32-3x3"], "2v20", "ESP32");
    expectOneLineFailure(esp.r, /Espruino 2v20, older than the 2v29 .*esptool/);
    const nrf = await flashFake("ok", ["--board", "mdbt42q-3x3"], "2v20", "MDBT42Q");
    expectOneLineFailure(nrf.r, /Espruino 2v20, older than the 2v29 .*over Bluetooth/);
  });

  it("accepts the release and later builds (2v29, 2v29.14, 2v30)", async () => {
    for (const v of ["2v29", "2v29.14", "2v30", "3v00"]) {
      const { r, fake } = await flashFake("ok", [], v);
      expect(r.stderr, v).toBe("");
      expect(fake.files.get(".bootcde"), v).toEqual(CODE);
    }
  });

  it("--any-version flashes an older board without asking its version", async () => {
    const { r, fake } = await flashFake("ok", ["--any-version"], "2v19");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(fake.files.get(".bootcde")).toEqual(CODE);
    expect(fake.lines.some((l) => l.includes("process.env.VERSION"))).toBe(false);
  }, hangAfter(30_000));

  it("fails with one line when the version cannot be read", async () => {
    const { r, fake } = await flashFake("no-version", ["--any-board"]);
    expectOneLineFailure(r, /cannot read the board's Espruino version \(process\.env\.VERSION\); 2v29 or later is needed: .*, or pass --any-version/);
    expect(fake.files.size).toBe(0);
  }, hangAfter(30_000));

  it("compares versions as Espruino numbers them", () => {
    expect(parseVersion("2v29.14")).toEqual([2, 29]);
    expect(parseVersion("x")).toBeNull();
    expect([versionAtLeast("2v29", "2v29"), versionAtLeast("2v3", "2v29"), versionAtLeast("2v100", "2v29"), versionAtLeast("1v99", "2v29"), versionAtLeast("", "2v29")]).toEqual([
      true, false, true, false, false,
    ]);
  });
});

describe("npm run flash checks which board the Espruino build is for", () => {
  it("reads process.env.BOARD after the probe and before anything changes on the board", async () => {
    const { r, fake } = await flashFake("ok");
    expect(r.status).toBe(0);
    const brd = fake.lines.indexOf(BOARD_LINE.replace(/[\x10\n]/g, ""));
    expect(brd).toBeGreaterThan(0);
    expect(brd).toBeLessThan(fake.lines.findIndex((l) => l.startsWith("reset()")));
  }, hangAfter(30_000));

  it("refuses the default pico-3x3 image on an MDBT42Q with one line naming both boards, and writes nothing", async () => {
    const { r, fake } = await flashFake("ok", [], REQUIRED_VERSION, "MDBT42Q");
    expectOneLineFailure(r, /^flash: the board runs Espruino for MDBT42Q, but this image is for pico-3x3 \(Espruino for PICO_R1_3\): pass --board mdbt42q-3x3, or --any-board to flash anyway$/);
    expect(fake.files.size).toBe(0);
    expect(fake.lines.some((l) => l.startsWith("reset()"))).toBe(false);
  }, hangAfter(30_000));

  it("refuses each profile's image on every other board's build", async () => {
    const esp = await flashFake("ok", ["--board", "esp32-3x3"], REQUIRED_VERSION, "PICO_R1_3");
    expectOneLineFailure(esp.r, /for PICO_R1_3, but this image is for esp32-3x3 \(Espruino for ESP32\): pass --board pico-3x3 or --board pico-4x4-neopixel or --board pico-5x5-neopixel, or --any-board/);
    const unknown = await flashFake("ok", ["--board", "mdbt42q-3x3"], REQUIRED_VERSION, "LINUXREF");
    expectOneLineFailure(unknown.r, /for LINUXREF, but this image is for mdbt42q-3x3 \(Espruino for MDBT42Q\): pass the profile of that board, or --any-board/);
    expect(unknown.fake.files.size).toBe(0);
  });

  it("accepts each board's own build", async () => {
    for (const [board, build] of [["esp32-3x3", "ESP32"], ["mdbt42q-3x3", "MDBT42Q"], ["pico-5x5-neopixel", "PICO_R1_3"]]) {
      const { r, fake } = await flashFake("ok", ["--board", board], REQUIRED_VERSION, build);
      expect(r.stderr, board).toBe("");
      expect(fake.files.get(".bootcde"), board).toEqual(CODE);
    }
  });

  it("--any-board flashes another board's build without asking which it is", async () => {
    const { r, fake } = await flashFake("ok", ["--any-board"], REQUIRED_VERSION, "MDBT42Q");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(fake.files.get(".bootcde")).toEqual(CODE);
    expect(fake.lines.some((l) => l.includes("process.env.BOARD"))).toBe(false);
  }, hangAfter(30_000));

  it("fails with one line when the board cannot be read", async () => {
    const { r, fake } = await flashFake("no-version");
    expectOneLineFailure(r, /cannot read which board the Espruino build is for \(process\.env\.BOARD\); pass --any-board/);
    expect(fake.files.size).toBe(0);
  }, hangAfter(30_000));

  it("names every profile that fits the build", () => {
    expect(boardProblem("ESP32", "esp32-3x3", "ESP32", [["esp32-3x3", "ESP32"]])).toBeNull();
    expect(boardProblem("", "pico-3x3", "PICO", [["pico-3x3", "PICO"]])).toMatch(/^the board runs Espruino for \(unknown\), but this image is for pico-3x3/);
  });
});

describe("npm run flash: the upload script and bad input", () => {
  it("the lines typed on the console rebuild the file byte for byte (any bytes, any length)", () => {
    for (const bytes of [Buffer.from([0]), Buffer.from(Array.from({ length: 3 * PIECE_BYTES + 7 }, (_, i) => (i * 37) & 255)), Buffer.alloc(PIECE_BYTES, 0x22)]) {
      const files = new Map<string, Buffer>();
      const printed: string[] = [];
      const ctx = espruinoContext(files, (s) => printed.push(s), "ok");
      for (const line of uploadLines(bytes)) runInContext(line.replace(/[\x10\n]/g, ""), ctx);
      expect(files.get(".bootcde")).toEqual(bytes);
      expect(printed[printed.length - 1]).toBe(`<<V>>${JSON.stringify([bytes.length, crc32(bytes)])}\n`);
      expect(LOAD_LINE).toBe("\x10load()\n");
    }
  });

  it("--dry-run prints what would be typed, ending with load()", async () => {
    const r = await flash(["--port", "/dev/ttyACM0", "--file", codeFile, "--dry-run"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('require("Storage").write(".bootcde",atob("');
    expect(r.stdout).toContain(VERSION_LINE);
    expect(r.stdout.endsWith("\x10load()\n")).toBe(true);
  }, hangAfter(30_000));

  it("writes the built firmware's pretokenised image by default, its text with --text, a --file as it is", async () => {
    const bundle = await buildToy("pico-3x3");
    /** The bytes the typed lines would leave in .bootcde. */
    const written = (stdout: string) => {
      const files = new Map<string, Buffer>();
      const ctx = espruinoContext(files, () => undefined, "ok");
      for (const line of stdout.split("\n")) if (line.includes("Storage\").write(")) runInContext(line.replace(/\x10/g, ""), ctx);
      return files.get(".bootcde");
    };
    const image = await flash(["--port", "/dev/ttyACM0", "--dry-run"]);
    expect(image.status).toBe(0);
    expect(written(image.stdout)).toEqual(pretokenise(bundle));
    const text = await flash(["--port", "/dev/ttyACM0", "--text", "--dry-run"]);
    expect(written(text.stdout)).toEqual(Buffer.from(bundle, "utf8"));
    const file = await flash(["--port", "/dev/ttyACM0", "--file", codeFile, "--dry-run"]);
    expect(written(file.stdout)).toEqual(CODE);
  });

  it("refuses a missing port, an unknown profile, unknown arguments and a missing file with one line and exit 2", async () => {
    for (const args of [
      ["--dry-run"],
      ["--port", "--dry-run"],
      ["--port", "/dev/x", "--board", "nope", "--dry-run"],
      ["--port", "/dev/x", "--frobnicate"],
      ["--port", "/dev/x", "--baud", "fast", "--dry-run"],
      ["--port", "/dev/x", "--file", join(dir, "missing.js")],
      ["--port", "/dev/x", "--file", codeFile, "--text"],
    ]) {
      const r = await flash(args);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stdout).toBe("");
    }
  });
});

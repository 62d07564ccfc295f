// npm run flash against the real Espruino interpreter over TCP (ESPRUINO_BIN; skipped without
// it), as docs/espruino.md describes for a maker: the interpreter started with --telnet (it listens
// on 127.0.0.1:2323, a port fixed in the Linux build), the profile's pins aliased in .boot0,
// then `npm run flash -- --port tcp://127.0.0.1:2323`. The flashed code (the bundle's
// pretokenised image, firmware/build/pretokenise.ts) must be the code that
// runs after a power cut; a board whose console the toy locked (mdbt42q-3x3) refuses a second
// flash without --password and takes one with it; nothing listening is one failing line.
//
// Port 2323 is held while a test uses it (test/helpers/flash-cli.ts: other test files flash
// too); another program may hold it: the test waits, and checks that it talks to its own
// interpreter (a nonce) before flashing.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Espruino } from "../firmware/measure/espruino-bin";
import { pretokenise } from "../firmware/build/pretokenise";
import { bin, checkInterpreterFirst, sleep, toyBundle } from "./helpers/espruino-toy";
import { ask, dispose, holdPort, runFlash as flash, telnetInterpreter, URL, waitForFreePort } from "./helpers/flash-cli";

/**
 * The flash arguments for a profile: its own build, or ESPRUINO_BUNDLE_DIR's bundle's image as
 * --file. --any-board: the Linux build says it is for LINUXREF, no board a profile is for.
 */
async function flashArgs(profileName: string, dir: string): Promise<string[]> {
  const args = ["--port", URL, "--board", profileName, "--any-board"];
  if (!process.env.ESPRUINO_BUNDLE_DIR) return args;
  const file = join(dir, "bundle.js");
  writeFileSync(file, pretokenise(await toyBundle(profileName)));
  return args.concat(["--file", file]);
}

describe.skipIf(!bin)("npm run flash on the Espruino interpreter over TCP (ESPRUINO_BIN)", () => {
  checkInterpreterFirst();
  it("flashes pico-3x3: .bootcde is the bundle's pretokenised image, it runs at once and again after a power cut", async () => {
    const e = await telnetInterpreter("pico-3x3");
    try {
      const r = await flash(await flashArgs("pico-3x3", e.dir));
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      const code = pretokenise(await toyBundle("pico-3x3"));
      expect(await e.eval('[require("Storage").read(".bootcde").length,E.CRC32(require("Storage").read(".bootcde"))]')).toEqual([code.length, crc32(code)]);
      expect(r.stdout).toContain(`.bootcde holds ${code.length} bytes`);
      // load() started it: the console API is there.
      expect(await e.eval('Merlin.start("010110101").board')).toBe("010110101");
      await e.kill();
      const again = await Espruino.start(bin as string, e.dir);
      try {
        expect(await again.eval('Merlin.start("010110101")&&[3,4,5,8,9].map(function(k){return Merlin.press(k).status}).pop()')).toBe("won");
      } finally {
        await again.kill();
      }
    } finally {
      await dispose(e);
    }
  });

  it("a board whose console the toy locked: one failing line without --password, flashed with it", async () => {
    const e = await telnetInterpreter("mdbt42q-3x3");
    try {
      const args = await flashArgs("mdbt42q-3x3", e.dir);
      const first = await flash(args);
      expect(first.stderr).toBe("");
      expect(first.status).toBe(0);
      // The toy now runs and has locked the console.
      await sleep(500);
      const locked = await flash(args);
      expect(locked.status).toBe(1);
      expect(locked.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^flash: the board's console is locked \(it answered "Invalid password"\); pass --password/)]);
      const wrong = await flash(args.concat(["--password", "nope"]));
      expect(wrong.stderr.trim()).toMatch(/^flash: the console password was refused/);
      expect(wrong.status).toBe(1);
      const right = await flash(args.concat(["--password", "merlin"]));
      expect(right.stderr).toBe("");
      expect(right.status).toBe(0);
    } finally {
      await dispose(e);
    }
  });

  it("refuses to flash the interpreter without --any-board: its build is for no profile's board", async () => {
    const e = await telnetInterpreter("pico-3x3");
    try {
      const r = await flash(["--port", URL, "--board", "pico-3x3", "--file", "package.json"]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^flash: the board runs Espruino for \w+, but this image is for pico-3x3 \(Espruino for PICO_R1_3\): pass the profile of that board, or --any-board to flash anyway\n$/);
      // Asked over the port: the console stays on telnet after the refusal.
      expect(await ask('\x10print("<<"+"L>>"+require("Storage").list().indexOf(".bootcde"))\n', 400)).toContain("<<L>>-1");
    } finally {
      await dispose(e);
    }
  });

  it("one failing line when no interpreter listens", async () => {
    const release = await holdPort();
    try {
      await waitForFreePort();
      const r = await flash(["--port", URL, "--file", "package.json"]);
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(`flash: cannot connect to ${URL}: ECONNREFUSED\n`);
    } finally {
      release();
    }
  });
});

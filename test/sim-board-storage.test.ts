// Storage flash on the virtual board: persistence across power cycles and simulator runs, power cuts mid-write.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FlashStorage } from "../sim/board";
import { createVirtualBoard, fileFlash } from "../sim/node/host";
import { PICO_TEST_PROFILE } from "./helpers/test-profile";

const profile = PICO_TEST_PROFILE;

/** Counts its own boots in Storage. */
const BOOT_COUNTER = `
  var s = require("Storage");
  var saved = s.readJSON("boots", true);
  var boots = (saved ? saved.n : 0) + 1;
  s.writeJSON("boots", { n: boots, note: "boot counter" });
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "merlin-sim-storage-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("Storage persistence", () => {
  it("survives power cycles, and a new simulator run on the same file boots the stored firmware", () => {
    const storagePath = join(dir, ".merlin", "pico-test.storage.json");
    const board = createVirtualBoard({ profile, storagePath, code: BOOT_COUNTER });
    board.powerCut();
    board.powerOn();
    board.reboot();
    expect(board.eval("boots")).toBe(3);

    const again = createVirtualBoard({ profile, storagePath });
    again.powerOn(); // no code given: .bootcde from the flash image runs
    expect(again.eval("boots")).toBe(4);
    expect(again.storage.list()).toEqual([".bootcde", "boots"]);
    const image = JSON.parse(readFileSync(storagePath, "utf8"));
    expect(image.files.find((f: { name: string }) => f.name === "boots").text).toBe('{n:4,note:"boot counter"}');
  });

  it("writeJSON uses Espruino's dialect: readJSON reads it back, JSON.parse(read()) does not", () => {
    const board = createVirtualBoard({ profile, code: `require("Storage").writeJSON("cfg", { level: 3, "two words": [1, 2.5, "é"] });` });
    expect(board.eval(`require("Storage").read("cfg")`)).toBe('{level:3,"two words":[1,2.5,"\\xe9"]}');
    expect(board.eval(`JSON.stringify(require("Storage").readJSON("cfg"))`)).toBe('{"level":3,"two words":[1,2.5,"é"]}');
    expect(board.eval(`try { JSON.parse(require("Storage").read("cfg")); "parsed" } catch (e) { e.name }`)).toBe("SyntaxError");
  });

  it("files can be created with a size and filled in later, only where still erased", () => {
    const board = createVirtualBoard({ profile, code: `var s = require("Storage"); s.write("a", "Hello", 0, 14); s.write("a", " World!!!", 5);` });
    expect(board.eval(`require("Storage").read("a")`)).toBe("Hello World!!!");
    expect(() => board.eval(`require("Storage").write("a", "?", 13)`)).toThrow("File already written with different data");
    expect(() => board.eval(`require("Storage").write("b", "123456", 0, 4)`)).toThrow("Too much data for file size");
    expect(() => board.eval(`require("Storage").write("b", "")`)).toThrow("Can't create zero length file");
    expect(board.eval(`require("Storage").read("missing")`)).toBeUndefined();
  });

  it("erased and rewritten files stay as trash, taking space, until compacted", () => {
    const code = `var s = require("Storage"); var free0 = s.getFree(); s.write("x", "0123456789"); s.write("x", "abcdefghij"); s.erase("x");`;
    const board = createVirtualBoard({ profile, code });
    const free0 = board.eval("free0") as number;
    // The Pico's 48 KB Storage area less the firmware itself (.bootcde, pretokenised as flashed): 32-byte header, 4-byte alignment.
    expect(free0).toBe(3 * 16384 - Math.ceil((32 + board.storage.read(".bootcde")!.length) / 4) * 4);
    expect(board.eval(`require("Storage").getFree()`)).toBe(free0 - 2 * 44);
    board.eval(`require("Storage").compact()`);
    expect(board.eval(`require("Storage").getFree()`)).toBe(free0);
    expect(board.eval(`require("Storage").list()`)).toEqual([".bootcde"]);
  });

  it("names longer than 28 characters are cut, as on the device", () => {
    const board = createVirtualBoard({ profile, code: `require("Storage").write("a-very-long-file-name-that-goes-on", "x");` });
    expect(board.storage.list()).toContain("a-very-long-file-name-that-g");
  });
});

describe("power cut during a Storage write", () => {
  const SAVE_ON_PRESS = `
    var s = require("Storage");
    pinMode(B3, "opendrain"); digitalWrite(B3, 0); pinMode(A0, "input_pullup");
    setWatch(function () {
      s.write("game", JSON.stringify({ level: 7, lit: [1, 0, 1, 0, 1, 0, 1, 0, 1] }));
      print("saved");
    }, A0, { repeat: true, edge: "falling" });
  `;

  it("leaves the file truncated (the rest erased, 0xFF) and the board off; the firmware copes at next boot", () => {
    const storagePath = join(dir, "cut.storage.json");
    const board = createVirtualBoard({ profile, storagePath, code: SAVE_ON_PRESS });
    board.cutPowerDuringWrite({ nth: 1, afterBytes: 9 });
    board.press(0);
    board.clock.advance(5);
    expect(board.powered).toBe(false);
    expect(board.consoleText()).not.toContain("saved");
    expect(board.errors).toEqual([]);

    const flash = new FlashStorage(3 * 16384, fileFlash(storagePath)); // what the flash holds, read from disk
    const bytes = flash.read("game")!;
    expect(Buffer.from(bytes.subarray(0, 9)).toString("latin1")).toBe('{"level":');
    expect([...bytes.subarray(9)].every((b) => b === 0xff)).toBe(true);

    board.release(0);
    board.powerOn();
    expect(board.eval(`s.readJSON("game", true)`)).toBeUndefined();
    expect(() => board.eval(`s.readJSON("game")`)).toThrow();
  });

  it("before the new header is written, the old copy is already gone: the file is missing", () => {
    const board = createVirtualBoard({ profile, code: SAVE_ON_PRESS });
    board.eval(`s.write("game", "old")`);
    board.cutPowerDuringWrite({ beforeHeader: true });
    board.press(0);
    board.clock.advance(5);
    expect(board.powered).toBe(false);
    expect(board.storage.read("game")).toBeUndefined();
  });

  it("strikes the Nth write, not earlier ones", () => {
    const board = createVirtualBoard({ profile, code: `var s = require("Storage");` });
    board.cutPowerDuringWrite({ nth: 2, afterBytes: 1 });
    board.eval(`s.write("one", "1111")`);
    expect(board.powered).toBe(true);
    expect(() => board.eval(`s.write("two", "2222"); print("after")`)).toThrow(/power cut|halted/);
    expect(board.powered).toBe(false);
    expect(Buffer.from(board.storage.read("two")!).toString("latin1")).toBe("2\xff\xff\xff");
    expect(board.consoleText()).not.toContain("after");
  });
});

describe("a flash image the simulator cannot read or write", () => {
  /** What openSession (merlin sim's terminal UI) throws for the image in `storageDir`. */
  async function refusal(storageDir: string, fresh = false): Promise<Error> {
    const { openSession } = await import("../sim/app/node-session");
    const { isInputError } = await import("../src/maths/puzzle");
    const e = await openSession({ profile, code: BOOT_COUNTER, persist: true, storageDir, fresh }).then(
      () => new Error("opened"),
      (x: Error) => x,
    );
    // A user's problem: one line (exit 2 in merlin sim), no stack.
    expect(isInputError(e), e.message).toBe(true);
    expect(e.message.split("\n")).toHaveLength(1);
    return e;
  }

  it("a damaged image (cut short, empty, {}, entries that are no files) is named, with --fresh as the way out", async () => {
    const { writeFileSync } = await import("node:fs");
    const storageDir = join(dir, ".merlin");
    const path = join(storageDir, `${profile.name}.storage.json`);
    createVirtualBoard({ profile, storagePath: path, code: BOOT_COUNTER }).powerCut();
    const whole = readFileSync(path, "utf8");
    const damaged = [whole.slice(0, Math.floor(whole.length / 2)), "", "{}", '{"format":' + JSON.stringify(JSON.parse(whole).format) + ',"files":[null]}'];
    for (const text of damaged) {
      writeFileSync(path, text);
      const e = await refusal(storageDir);
      expect(e.message).toContain(path);
      expect(e.message).toMatch(/is damaged: .*; --fresh starts with empty flash/);
    }
    // And --fresh does start afresh.
    const { openSession } = await import("../sim/app/node-session");
    await openSession({ profile, code: BOOT_COUNTER, persist: true, storageDir, fresh: true });
    expect(JSON.parse(readFileSync(path, "utf8")).files.map((f: { name: string }) => f.name)).toContain("boots");
  });

  it("a folder it cannot write is said before the toy starts", async () => {
    const { writeFileSync } = await import("node:fs");
    // A folder inside a plain file can be made by nobody, root included.
    const file = join(dir, "plain");
    writeFileSync(file, "");
    const e = await refusal(join(file, ".merlin"));
    expect(e.message).toMatch(/^cannot keep the flash in .*plain\/\.merlin\/.*\.storage\.json: .*ENOTDIR.* \(run merlin sim from a folder you can write to\)$/);
  });
});

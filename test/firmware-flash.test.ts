import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { flashCommand } from "../firmware/build/flash";

function flash(args: string[]) {
  return spawnSync(process.execPath, ["tools/tsrun.mjs", "firmware/build/flash.ts", ...args], { encoding: "utf8" });
}

describe("npm run flash", () => {
  it("uploads with SAVE_ON_SEND so the code runs at every power-on, offline-safe flags included", () => {
    expect(flashCommand("/dev/ttyACM0", "PICO", "dist/firmware.js", 9600)).toEqual([
      "--no-ble", "-p", "/dev/ttyACM0", "-b", "9600", "--board", "PICO", "--config", "SAVE_ON_SEND=1", "dist/firmware.js",
    ]);
  });

  it("a Pico flashes at 9600 baud unless told otherwise", () => {
    const r = flash(["--port", "/dev/ttyACM0", "--dry-run"]);
    expect(r.stdout).toMatch(/ -b 9600 --board PICO .*\/dist\/firmware\.js$/m);
  });

  it("--dry-run prints the exact espruino command for the chosen profile and a tcp port", () => {
    const r = flash(["--port", "tcp://127.0.0.1:2323", "--board", "esp32-3x3", "--dry-run"]);
    expect(r.status).toBe(0);
    const line = r.stdout.trim();
    expect(line).toMatch(/node_modules\/\.bin\/espruino --no-ble -p tcp:\/\/127\.0\.0\.1:2323 -b 115200 --board ESP32 --config SAVE_ON_SEND=1 \S+\/dist\/esp32-3x3\/firmware\.js$/);
  });

  it("refuses a missing port, an unknown profile and unknown arguments with one line and exit 2", () => {
    for (const args of [
      ["--dry-run"],
      ["--port", "--dry-run"],
      ["--port", "/dev/x", "--board", "nope", "--dry-run"],
      ["--port", "/dev/x", "--frobnicate"],
      ["--port", "/dev/x", "--baud", "fast", "--dry-run"],
    ]) {
      const r = flash(args);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stdout).toBe("");
    }
  });
});

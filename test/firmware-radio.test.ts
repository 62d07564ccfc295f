// The ESP32's Wi-Fi, turned off by the firmware (firmware/radio.ts): Espruino 2v29 for ESP32
// starts it at power-on (an access point when no Wi-Fi settings are saved), and the toy needs no
// network. On the simulator, whose ESP32 records the Wifi calls; on the Espruino interpreter for
// Linux (ESPRUINO_BIN), which has no Wifi module, through the .boot0 stand-ins of linuxPrelude that
// record them: the image as flashed reaches both calls once the board has started. Whether the
// radio then draws less needs an ESP32 and a meter (docs/firmware.md).
import { describe, expect, it } from "vitest";
import { listProfiles, loadProfile } from "../hardware/validate";
import { bin, FlashImage, sleep } from "./helpers/espruino-toy";
import { bootToy, buildToy, prepareToy } from "./helpers/toy";

describe("the firmware turns the ESP32's Wi-Fi off", () => {
  it("on esp32-3x3, once booted: Wifi.disconnect() then Wifi.stopAP(), after the boot code ran, and the toy plays", async () => {
    await prepareToy("esp32-3x3");
    const board = bootToy("esp32-3x3", { settleMs: 0 });
    // Not during the boot code: 2v29 starts Wi-Fi right after it (targets/esp32/main.c).
    expect(board.calls.map((c) => c.name)).not.toContain("Wifi.stopAP");
    board.clock.advance(100);
    const wifi = board.calls.filter((c) => c.name.startsWith("Wifi."));
    expect(wifi.map((c) => [c.name, c.args])).toEqual([["Wifi.disconnect", []], ["Wifi.stopAP", []]]);
    expect(board.errors).toEqual([]);
    expect((board.eval('Merlin.start("010110101")') as { board: string }).board).toBe("010110101");
  }, 120_000);

  it.each(listProfiles().filter((n) => loadProfile(n).chip !== "esp32"))("on %s the image holds no Wi-Fi code", async (name) => {
    const bundle = await buildToy(name);
    expect(bundle).not.toMatch(/Wifi|ESP32/);
  }, 120_000);
});

describe.skipIf(!bin)("the ESP32's Wi-Fi calls on the Espruino interpreter (ESPRUINO_BIN)", () => {
  it("the flashed esp32-3x3 image makes both calls once the board has started, and plays", async () => {
    const image = await FlashImage.create("esp32-3x3");
    const toy = await image.boot();
    try {
      await sleep(500);
      expect(await toy.value("ESP32.calls")).toBe("disconnect,stopAP,");
      expect(await toy.value('Merlin.start("010110101").board')).toBe("010110101");
      expect(toy.output).not.toMatch(/Uncaught/);
    } finally {
      await toy.dispose();
      image.dispose();
    }
  }, 180_000);
});

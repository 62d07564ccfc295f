// The ESP32's Wi-Fi calls (firmware/radio.ts) on the Espruino interpreter for Linux
// (ESPRUINO_BIN), which has no Wifi module or ESP32 class: linuxPrelude's .boot0 stand-ins record
// the calls, so the image as flashed is seen to reach both once the board has started. Whether
// the radio then draws less needs an ESP32 and a meter (docs/firmware.md).
import { describe, expect, it } from "vitest";
import { bin, checkInterpreterFirst, FlashImage, sleep } from "./helpers/espruino-toy";

describe.skipIf(!bin)("the ESP32's Wi-Fi calls on the Espruino interpreter (ESPRUINO_BIN)", () => {
  checkInterpreterFirst();
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
  });
});

// The ESP32's Wi-Fi, turned off by the firmware (firmware/radio.ts): Espruino 2v29 for ESP32
// starts it at power-on (an access point when no Wi-Fi settings are saved), and the toy needs no
// network. On the simulator, whose ESP32 records the Wifi calls (the interpreter's turn is
// test/firmware-espruino-radio.test.ts). Whether the radio then draws less needs an ESP32 and a
// meter (docs/firmware.md).
import { describe, expect, it } from "vitest";
import { listProfiles, loadProfile } from "../hardware/validate";
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
  });

  it.each(listProfiles().filter((n) => loadProfile(n).chip !== "esp32"))("on %s the image holds no Wi-Fi code", async (name) => {
    const bundle = await buildToy(name);
    expect(bundle).not.toMatch(/Wifi|ESP32/);
  });
});

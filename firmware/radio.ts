/**
 * The ESP32's Wi-Fi, turned off: the toy needs no network, and an ESP32 with its radio on draws
 * some 100 mA more than one with it off — most of a battery's charge.
 *
 * Espruino 2v29 for ESP32 starts Wi-Fi at every power-on unless `ESP32.enableWifi(false)` was
 * typed once (targets/esp32/main.c: `jswrap_wifi_restore()`); with no Wi-Fi settings saved it
 * calls `esp_wifi_start()` in the chip's default mode, which opens an access point. What 2v29
 * offers to stop that at run time (libs/network/esp32/jswrap_esp32_network.c):
 *
 * - `require("Wifi").disconnect()`: stops a station connection and its reconnecting;
 * - `require("Wifi").stopAP()`: leaves access-point mode (`esp_wifi_set_mode`: AP → NULL, the
 *   radio idle; AP+station → station).
 *
 * `ESP32.enableWifi(false)` would keep the Wi-Fi driver from starting at all (and free its
 * memory), but it erases the saved code and restarts the board: never from the toy's own code.
 */

declare global {
  /** Espruino's ESP32 class (not in @types/espruino): getState().Wifi is false after ESP32.enableWifi(false). */
  const ESP32: { getState(): { Wifi: boolean } };
  /** Espruino's Wifi module on the ESP32; both calls take an optional callback. */
  function require(module: "Wifi"): { disconnect(): void; stopAP(): void };
}

/**
 * Turns the Wi-Fi radio off once the board has started. A timer, not at once: main.c starts
 * Wi-Fi after the boot code has run (jsiInit, then jswrap_wifi_restore), so a call made while
 * the boot code runs would be undone by the access point starting right after it.
 */
export function wifiOff(): void {
  setTimeout(function () {
    if (!ESP32.getState().Wifi) return;
    const wifi = require("Wifi");
    wifi.disconnect();
    wifi.stopAP();
  }, 0);
}

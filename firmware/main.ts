/**
 * Firmware entry: the toy's core is built into one file (dist/firmware.js) from here, run at
 * every power-on; its games and its console are Storage modules beside it. `Merlin` is the
 * console API (firmware/console.ts), read from its file each time it is used.
 */
import { boot, consoleCore, fail, loadModule } from "./controller";
import { CONSOLE } from "../src/toy/midend";

Object.defineProperty(globalThis, "Merlin", {
  get: function () {
    return loadModule(CONSOLE)(consoleCore);
  },
  configurable: true,
});
try {
  boot();
} catch (e) {
  fail(e);
}

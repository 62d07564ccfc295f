/**
 * Firmware entry: the whole toy is built into one file (dist/firmware.js) from here.
 * Uploaded with SAVE_ON_SEND=1 it runs at every power-on; `Merlin` is the console API.
 */
import { api, boot, fail } from "./controller";

globalThis.Merlin = api;
try {
  boot();
} catch (e) {
  fail(e);
}

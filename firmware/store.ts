/**
 * Flash persistence with require("Storage"): one small file per concern, so a corrupted or
 * truncated file costs only its own contents (it falls back to defaults) and never the others.
 * Writes are deferred and rate-limited (flash wear): at most one write per file every
 * WRITE_INTERVAL_MS, flushed at once when a game ends and before sleep.
 */
// The file names are written out where they are used ("merlin.cfg" settings, "merlin.sta"
// stats, "merlin.gam" the game, in controller.ts): string literals inside functions cost no RAM
// on Espruino, module-level string constants do.
export const WRITE_INTERVAL_MS = 1000;

const storage = require("Storage");
const pending: { [file: string]: string } = {};
let timer: number | undefined;

/**
 * persist(file, text) schedules `text` to be written to `file` (later calls before the write
 * replace it); persist() — the write timer, a game's end, sleep — writes every pending file
 * now. One function for both, as each top-level function costs RAM on the toy.
 */
export function persist(file?: string, text?: string): void {
  if (file !== undefined && text !== undefined) {
    pending[file] = text;
    if (timer === undefined) timer = setTimeout(persist, WRITE_INTERVAL_MS);
    return;
  }
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  for (const f in pending) {
    try {
      if (storage.read(f) !== pending[f]) storage.write(f, pending[f]);
    } catch (e) {
      console.log("store: cannot write " + f + ": " + e);
    }
    delete pending[f];
  }
}

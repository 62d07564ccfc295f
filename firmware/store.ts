/**
 * Flash persistence with require("Storage"): one small file per concern, so a corrupted or
 * truncated file costs only its own contents (it falls back to defaults) and never the others.
 * Writes are deferred and rate-limited (flash wear): at most one write per file every
 * WRITE_INTERVAL_MS, flushed at once when a game ends and before sleep.
 */
export const SETTINGS_FILE = "merlin.cfg";
export const STATS_FILE = "merlin.sta";
export const GAME_FILE = "merlin.gam";
export const WRITE_INTERVAL_MS = 1000;

const storage = require("Storage");
const pending: { [file: string]: string } = {};
let timer: number | undefined;

/**
 * The file's text (`json` false) or the file parsed as a JSON object (`json` true); null when
 * it is missing, unreadable, truncated or not an object.
 */
export function readFile(file: string, json: boolean): any {
  try {
    const s = storage.read(file);
    if (typeof s !== "string") return null;
    if (!json) return s;
    const v = JSON.parse(s);
    return v && typeof v === "object" ? v : null;
  } catch (e) {
    return null;
  }
}

/** Writes every pending file now. */
export function flush(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  for (const file in pending) {
    try {
      if (storage.read(file) !== pending[file]) storage.write(file, pending[file]);
    } catch (e) {
      console.log("store: cannot write " + file + ": " + e);
    }
    delete pending[file];
  }
}

/** Schedules `text` to be written to `file`; later calls before the write replace it. */
export function writeLater(file: string, text: string): void {
  pending[file] = text;
  if (timer === undefined) timer = setTimeout(flush, WRITE_INTERVAL_MS);
}

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

/** The file's text, or null when it is missing or unreadable. */
export function readText(file: string): string | null {
  try {
    const s = storage.read(file);
    return typeof s === "string" ? s : null;
  } catch (e) {
    return null;
  }
}

/** The file parsed as a JSON object, or null when missing, truncated or not an object. */
export function readObject(file: string): { [k: string]: unknown } | null {
  const s = readText(file);
  if (s === null) return null;
  try {
    const v = JSON.parse(s);
    return v && typeof v === "object" ? v : null;
  } catch (e) {
    return null;
  }
}

function writeNow(file: string, text: string): void {
  try {
    if (storage.read(file) !== text) storage.write(file, text);
  } catch (e) {
    console.log("store: cannot write " + file + ": " + e);
  }
}

/** Writes every pending file now. */
export function flush(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  for (const file in pending) {
    writeNow(file, pending[file]);
    delete pending[file];
  }
}

/** Schedules `text` to be written to `file`; later calls before the write replace it. */
export function writeLater(file: string, text: string): void {
  pending[file] = text;
  if (timer === undefined) timer = setTimeout(flush, WRITE_INTERVAL_MS);
}

export function erase(file: string): void {
  delete pending[file];
  try {
    storage.erase(file);
  } catch (e) {
    console.log("store: cannot erase " + file + ": " + e);
  }
}

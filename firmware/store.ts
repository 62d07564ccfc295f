/**
 * Flash persistence with require("Storage"): one small file per concern, so a damaged file
 * costs only its own contents (it falls back to defaults) and never the others.
 *
 * Each file is written as its text, a comma and the CRC-32 of the text in base 36 (E.CRC32,
 * native): a file cut short by a power cut, flipped bits or anything not written here reads
 * as missing. Its length is checked before anything else, since splitting or parsing a large
 * file can run out of memory on Espruino, which no `catch` stops.
 *
 * Writes are deferred and rate-limited (flash wear): a changed file is written at most
 * WRITE_INTERVAL_MS later, its text asked for only then, so nothing is serialised per key press.
 */
export const WRITE_INTERVAL_MS = 1000;
/** Longest file the toy reads (its own files are well under 100 characters). */
export const MAX_FILE_LENGTH = 200;

const storage = require("Storage");
/** Files changed since they were last written (name → true). */
const pending: { [file: string]: boolean } = {};
/** The current text of a file, asked for at write time. */
let textOf: (file: string) => string;
let timer: number | undefined;

/** Marks `file` as changed: it is written within WRITE_INTERVAL_MS, with the text `text(file)` gives then. */
export function saveSoon(file: string, text: (file: string) => string): void {
  pending[file] = true;
  textOf = text;
  if (timer === undefined) timer = setTimeout(saveNow, WRITE_INTERVAL_MS);
}

/** Writes every changed file now (the write timer, a game's end, sleep). */
export function saveNow(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  // The names first: on Espruino 2v29, deleting the current key inside for…in ends the loop.
  const files = Object.keys(pending);
  for (let i = 0; i < files.length; i++) {
    const f = files[i];
    delete pending[f];
    try {
      const text = textOf(f);
      const data = text + "," + E.CRC32(text).toString(36);
      if (storage.read(f) !== data) storage.write(f, data);
    } catch (e) {
      console.log("store: cannot write " + f + ": " + e);
    }
  }
}

/** The text last written to `file`, or null when it is missing, too long or damaged. */
export function load(file: string): string | null {
  const data = storage.read(file);
  if (typeof data !== "string" || data.length > MAX_FILE_LENGTH) return null;
  const i = data.lastIndexOf(",");
  const text = data.slice(0, i);
  return i > 0 && E.CRC32(text).toString(36) === data.slice(i + 1) ? text : null;
}

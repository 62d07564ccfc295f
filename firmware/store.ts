/**
 * Flash persistence with require("Storage"): the mid-end's files (src/toy/midend.ts fileName),
 * one small file per concern, so a damaged file costs only its own contents (it falls back to
 * defaults) and never the others.
 *
 * Each file is written as its text, a comma and the CRC-32 of the text in base 36 (E.CRC32,
 * native): a file cut short by a power cut, flipped bits or anything not written here reads
 * as missing. Its length is checked before anything else, since splitting or parsing a large
 * file can run out of memory on Espruino, which no `catch` stops.
 *
 * Writes are deferred and rate-limited (flash wear): a changed file is written at most
 * WRITE_INTERVAL_MS later, its text asked of the mid-end only then (toyFile), so nothing is
 * serialised per key press.
 */
import { FILE_COUNT, fileName, MAX_FILE_LENGTH, SAVE_NOW, Toy, toyFile, WRITE_INTERVAL_MS } from "../src/toy/midend";

const storage = require("Storage");
/** Files changed since they were last written (bit 1 << FILE_*). */
let pending = 0;
let timer: number | undefined;
/** The toy whose files these are. */
let files: Toy | undefined;

/**
 * `n`, a CRC-32 (whole, 0 … 2³² − 1), in base 36 as `n.toString(36)` writes it. (Not a number's
 * own method: that makes Espruino's Number class, held from then on; docs/espruino.md.)
 */
export function base36(n: number): string {
  let text = "";
  do {
    text = "0123456789abcdefghijklmnopqrstuvwxyz".charAt(n % 36) + text;
    n = Math.floor(n / 36);
  } while (n > 0);
  return text;
}

/** Keeps the files of `toy` from now on. */
export function storeFor(toy: Toy): void {
  files = toy;
}

/**
 * Marks files (bits 1 << FILE_*) as changed: they are written within WRITE_INTERVAL_MS, or with
 * SAVE_NOW (a game's end) as soon as the call that changed them is done: its LEDs and its first
 * note are not held up by the flash.
 */
export function saveSoon(files: number): void {
  pending |= files & ((1 << FILE_COUNT) - 1);
  const atOnce = (files & SAVE_NOW) !== 0;
  if (atOnce && timer !== undefined) clearTimeout(timer);
  if (atOnce || timer === undefined) timer = setTimeout(saveNow, atOnce ? 0 : WRITE_INTERVAL_MS);
}

/** Writes every changed file now (the write timer; sleep). */
export function saveNow(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  for (let i = 0; i < FILE_COUNT; i++) {
    if (((pending >> i) & 1) === 0 || files === undefined) continue;
    pending &= ~(1 << i);
    const f = fileName(i);
    try {
      const text = toyFile(files, i, getTime() * 1000);
      const data = text + "," + base36(E.CRC32(text));
      if (storage.read(f) !== data) storage.write(f, data);
    } catch (e) {
      console.log("store: cannot write " + f + ": " + e);
    }
  }
}

/** The texts of the toy's files (index FILE_*), null for one that is missing, too long or damaged. */
export function loadFiles(): (string | null)[] {
  const texts: (string | null)[] = [];
  for (let i = 0; i < FILE_COUNT; i++) texts.push(load(fileName(i)));
  return texts;
}

/** The text last written to `file`, or null when it is missing, too long or damaged. */
export function load(file: string): string | null {
  const data = storage.read(file);
  if (typeof data !== "string" || data.length > MAX_FILE_LENGTH) return null;
  const i = data.lastIndexOf(",");
  const text = data.slice(0, i);
  return i > 0 && base36(E.CRC32(text)) === data.slice(i + 1) ? text : null;
}

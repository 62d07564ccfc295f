/**
 * The board's Storage flash, as Espruino's journaling file system keeps it (jsflash.c), saved as
 * a JSON image to a backing the host provides (a file in Node, localStorage in a browser), so it
 * survives simulator restarts like flash survives power cycles.
 *
 * Writing a file with offset 0 first retires the old copy (it becomes trash until compacted),
 * then writes a new header with the file's size, then the data; unwritten bytes read 0xFF.
 * A power cut can be armed to strike during the Nth next write, after K data bytes (or before
 * the new header, when the old copy is already gone): the saved image is then exactly what the
 * flash would hold, and the write never returns to the firmware.
 */
import { fromBase64, latin1Bytes, latin1Text, toBase64 } from "./bytes";
import type { FlashBacking } from "./host";
import { inputError } from "../../src/maths/puzzle";

/** Espruino 2v05+: names longer than this are silently cut. */
export const MAX_NAME_LENGTH = 28;
const HEADER_BYTES = 4 + MAX_NAME_LENGTH;
const ALIGN = 4;
const FORMAT = "merlin-sim-flash/1";

/** An error the Storage module reports to the firmware (Espruino raises it as an exception). */
export class StorageError extends Error {}

/** Thrown out of a Storage write when an armed power cut strikes; the board is off afterwards. */
export class PowerCutSignal extends Error {
  constructor(readonly fileName: string) {
    super(`power cut while writing Storage file "${fileName}"`);
  }
}

export interface WriteCut {
  /** Which upcoming write() / writeJSON() call is hit: 1 = the next one. Default 1. */
  nth?: number;
  /** Data bytes of that write that reach the flash before the power goes. Default 0. */
  afterBytes?: number;
  /** Cut after the old copy was retired but before the new header: the file is missing. */
  beforeHeader?: boolean;
}

export interface StorageStats {
  totalBytes: number;
  freeBytes: number;
  fileBytes: number;
  fileCount: number;
  trashBytes: number;
  trashCount: number;
}

interface Image {
  format: string;
  capacityBytes: number;
  trashBytes: number;
  trashCount: number;
  files: { name: string; size: number; text?: string; base64?: string }[];
}

function cost(size: number): number {
  return Math.ceil((HEADER_BYTES + size) / ALIGN) * ALIGN;
}

function isErased(bytes: Uint8Array, from: number, len: number): boolean {
  for (let i = from; i < from + len; i++) if (bytes[i] !== 0xff) return false;
  return true;
}

function isPlainText(bytes: Uint8Array): boolean {
  for (const b of bytes) if (!((b >= 0x20 && b < 0x7f) || b === 0x0a || b === 0x0d || b === 0x09)) return false;
  return true;
}

export class FlashStorage {
  /** Flash order: a rewritten file moves to the end, as on the device. */
  private files = new Map<string, Uint8Array>();
  private trashBytes = 0;
  private trashCount = 0;
  private cut: Required<WriteCut> | undefined;
  private writesUntilCut = 0;

  constructor(
    readonly capacityBytes: number,
    /** Where the JSON image is saved; undefined keeps the flash in memory only. */
    readonly backing?: FlashBacking,
  ) {
    const image = backing?.load();
    if (image !== undefined) this.load(image, backing!.where);
  }

  static fileName(name: unknown): string {
    return String(name).slice(0, MAX_NAME_LENGTH);
  }

  list(): string[] {
    return [...this.files.keys()];
  }

  read(name: string): Uint8Array | undefined {
    return this.files.get(FlashStorage.fileName(name));
  }

  /** jsfWriteFile: returns false for a negative offset/size, throws StorageError for what Espruino raises. */
  write(rawName: string, data: Uint8Array, offset = 0, size = 0): boolean {
    const name = FlashStorage.fileName(rawName);
    if (offset < 0 || size < 0) return false;
    const cutNow = this.cut !== undefined && --this.writesUntilCut === 0;
    const cut = cutNow ? this.cut! : undefined;
    if (cutNow) this.cut = undefined;
    if (size === 0) size = data.length;
    if (!size) throw new StorageError("Can't create zero length file");

    let file = this.files.get(name);
    const recreate = offset === 0 && (!file || size !== file.length || !isErased(file, 0, size));
    if (recreate) {
      if (file && size === file.length && data.length === size && file.every((b, i) => b === data[i])) {
        if (cut) this.powerCut(name);
        return true;
      }
      if (file) this.retire(name, file);
      if (cut?.beforeHeader) this.powerCut(name);
      file = this.create(name, size);
    }
    if (!file) throw new StorageError("Unable to find or create file");
    if (offset + data.length > file.length) throw new StorageError("Too much data for file size");
    if (!isErased(file, offset, data.length)) throw new StorageError("File already written with different data");
    if (cut) {
      if (!cut.beforeHeader) file.set(data.subarray(0, Math.min(cut.afterBytes, data.length)), offset);
      this.powerCut(name);
    }
    file.set(data, offset);
    this.persist();
    return true;
  }

  erase(rawName: string): void {
    const name = FlashStorage.fileName(rawName);
    const file = this.files.get(name);
    if (!file) return;
    this.retire(name, file);
    this.persist();
  }

  eraseAll(): void {
    this.files.clear();
    this.trashBytes = 0;
    this.trashCount = 0;
    this.persist();
  }

  /** Drop the trash of retired files. */
  compact(): void {
    this.trashBytes = 0;
    this.trashCount = 0;
    this.persist();
  }

  stats(): StorageStats {
    let fileBytes = 0;
    for (const f of this.files.values()) fileBytes += cost(f.length);
    return {
      totalBytes: this.capacityBytes,
      freeBytes: Math.max(0, this.capacityBytes - fileBytes - this.trashBytes),
      fileBytes,
      fileCount: this.files.size,
      trashBytes: this.trashBytes,
      trashCount: this.trashCount,
    };
  }

  /** Arm a power cut during an upcoming write (see WriteCut). */
  armCut(cut: WriteCut = {}): void {
    const nth = cut.nth ?? 1;
    if (!(Number.isInteger(nth) && nth >= 1)) throw new Error(`armCut: nth must be an integer >= 1, got ${cut.nth}`);
    const afterBytes = cut.afterBytes ?? 0;
    if (!(afterBytes >= 0)) throw new Error(`armCut: afterBytes must be >= 0, got ${cut.afterBytes}`);
    this.cut = { nth, afterBytes, beforeHeader: cut.beforeHeader ?? false };
    this.writesUntilCut = nth;
  }

  disarmCut(): void {
    this.cut = undefined;
  }

  get cutArmed(): boolean {
    return this.cut !== undefined;
  }

  private retire(name: string, file: Uint8Array): void {
    this.files.delete(name);
    this.trashBytes += cost(file.length);
    this.trashCount++;
  }

  private create(name: string, size: number): Uint8Array | undefined {
    if (this.stats().freeBytes < cost(size)) this.compact();
    if (this.stats().freeBytes < cost(size)) return undefined;
    const file = new Uint8Array(size).fill(0xff);
    this.files.set(name, file);
    return file;
  }

  private powerCut(name: string): never {
    this.persist();
    throw new PowerCutSignal(name);
  }

  private persist(): void {
    if (!this.backing) return;
    const image: Image = {
      format: FORMAT,
      capacityBytes: this.capacityBytes,
      trashBytes: this.trashBytes,
      trashCount: this.trashCount,
      files: [...this.files].map(([name, bytes]) =>
        isPlainText(bytes)
          ? { name, size: bytes.length, text: latin1Text(bytes) }
          : { name, size: bytes.length, base64: toBase64(bytes) },
      ),
    };
    this.backing.save(JSON.stringify(image, null, 1) + "\n");
  }

  /**
   * Reads a saved image. One that cannot be read (cut short, empty, another format, a file
   * entry that is no file) is an input error naming `where` — one line, which the front ends
   * complete with how to start afresh — never a half-loaded flash.
   */
  private load(text: string, where: string): void {
    const damaged = (why: string) => inputError(`the flash image ${where} is damaged: ${why}`);
    let image: Image;
    try {
      image = JSON.parse(text) as Image;
    } catch (e) {
      throw damaged(text.trim() === "" ? "it is empty" : `not valid JSON (${(e as Error).message})`);
    }
    if (image === null || typeof image !== "object" || image.format !== FORMAT || !Array.isArray(image.files)) {
      throw damaged(`not a ${FORMAT} image`);
    }
    const files = new Map<string, Uint8Array>();
    for (const f of image.files as unknown[]) {
      const e = f as { name?: unknown; size?: unknown; text?: unknown; base64?: unknown };
      if (e === null || typeof e !== "object" || typeof e.name !== "string" || typeof e.size !== "number" || !(typeof e.text === "string" || typeof e.base64 === "string")) {
        throw damaged("an entry of its files is not a file (name, size, text or base64)");
      }
      let bytes: Uint8Array;
      try {
        bytes = typeof e.text === "string" ? latin1Bytes(e.text) : fromBase64(e.base64 as string);
      } catch {
        throw damaged(`file '${e.name}' is not valid base64`);
      }
      if (bytes.length !== e.size) throw damaged(`file '${e.name}' holds ${bytes.length} bytes but says ${e.size}`);
      files.set(e.name, bytes);
    }
    this.trashBytes = image.trashBytes | 0;
    this.trashCount = image.trashCount | 0;
    this.files = files;
  }
}

/**
 * require("Storage") for the firmware, over the board's FlashStorage (jswrap_storage.c):
 * read returns a string of bytes or undefined; write takes a string, an array of bytes, a
 * typed array or an object (written as JSON); readJSON(name, noExceptions) parses Espruino's
 * liberal JSON; list(regex) filters names with String.match.
 */
import { latin1Bytes, latin1Text, utf8Bytes } from "./bytes";
import { FlashStorage, PowerCutSignal, StorageError } from "./flash-storage";
import type { EspruinoRuntime } from "./runtime";
import { espruinoStringify, liberalToStrictJson } from "./storage-json";
import { strictObject } from "./strict";

function toBytes(data: unknown): Uint8Array {
  if (typeof data === "string") {
    const out: number[] = [];
    for (const ch of data) {
      const c = ch.codePointAt(0)!;
      if (c <= 0xff) out.push(c);
      else out.push(...utf8Bytes(ch));
    }
    return Uint8Array.from(out);
  }
  if (Object.prototype.toString.call(data) === "[object ArrayBuffer]") return new Uint8Array((data as ArrayBuffer).slice(0));
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
  if (Array.isArray(data)) return Uint8Array.from(data, (x) => Number(x) & 0xff);
  return latin1Bytes(String(data));
}

function toByteString(bytes: Uint8Array): string {
  return latin1Text(bytes);
}

export function createStorageModule(rt: EspruinoRuntime, flash: FlashStorage): object {
  const guard = <T>(fn: () => T): T => {
    rt.checkAlive();
    try {
      return fn();
    } catch (e) {
      if (e instanceof PowerCutSignal) rt.halt("power-cut", e);
      if (e instanceof StorageError) throw rt.makeError(e.message);
      throw e;
    }
  };
  const read = (name: unknown, offset?: unknown, length?: unknown): string | undefined =>
    guard(() => {
      const bytes = flash.read(FlashStorage.fileName(name));
      if (!bytes) return undefined;
      const from = Math.max(0, Number(offset) | 0);
      const len = Number(length) | 0;
      return toByteString(bytes.subarray(from, len > 0 ? from + len : undefined));
    });
  const write = (name: unknown, data: unknown, offset?: unknown, size?: unknown): boolean =>
    guard(() => {
      const isObject = data !== null && typeof data === "object" && !Array.isArray(data) && !ArrayBuffer.isView(data) &&
        Object.prototype.toString.call(data) !== "[object ArrayBuffer]";
      if (isObject) return flash.write(String(name), toBytes(JSON.stringify(data)), 0, 0);
      return flash.write(String(name), toBytes(data), Number(offset) | 0, Number(size) | 0);
    });

  return strictObject(
    'require("Storage")',
    {
      read,
      readJSON(name: unknown, noExceptions?: unknown): unknown {
        const text = read(name);
        if (text === undefined) return undefined;
        try {
          return rt.intr.JSON.parse(liberalToStrictJson(text));
        } catch (e) {
          if (noExceptions) return undefined;
          throw e;
        }
      },
      readArrayBuffer(name: unknown): ArrayBuffer | undefined {
        return guard(() => {
          const bytes = flash.read(FlashStorage.fileName(name));
          if (!bytes) return undefined;
          const buf = new rt.intr.ArrayBuffer(bytes.length);
          new rt.intr.Uint8Array(buf).set(bytes);
          return buf;
        });
      },
      write,
      writeJSON(name: unknown, data: unknown): boolean {
        return guard(() => flash.write(String(name), toBytes(espruinoStringify(data)), 0, 0));
      },
      erase(name: unknown): void {
        guard(() => flash.erase(String(name)));
      },
      eraseAll(): void {
        guard(() => flash.eraseAll());
      },
      list(regex?: unknown, filter?: unknown): string[] {
        return guard(() => {
          let names = flash.list();
          if (regex !== undefined) names = names.filter((n) => n.match(regex as RegExp) !== null);
          if (filter && typeof filter === "object" && (filter as { sf?: unknown }).sf) names = [];
          return rt.contextArray(names);
        });
      },
      getFree(): number {
        return guard(() => flash.stats().freeBytes);
      },
      getStats(): object {
        return guard(() => rt.contextObject({ ...flash.stats() }));
      },
      compact(): void {
        guard(() => flash.compact());
      },
    },
    rt.intr.Object.prototype,
    (m) => rt.makeError(m),
  );
}

/**
 * Espruino's own array helpers, which V8 lacks: the `Uint24Array` class (three bytes an element,
 * the low byte first; src/jswrap_arraybuffer.c), `E.toUint8Array(…)` (toBytes) and
 * `E.mapInPlace(from, to, map, bits)`, which maps each element of one array buffer (or each
 * `bits`-bit group, the most significant first, or the least with `bits` negative) through an
 * array or a function into the next element of another (src/jswrap_espruino.c, ported line by
 * line). A pixel board lights its pads with them (firmware/leds.ts);
 * test/sim-board-emulation.test.ts holds them to what the reference interpreter printed.
 */
import type { EspruinoRuntime } from "./runtime";
import { notProvided } from "./strict";

/**
 * The bytes Espruino makes of `data` (jsvIterateCallbackToBytes: what require("neopixel").write
 * sends, and E.toUint8Array returns): numbers and booleans their low byte, strings their
 * characters', an ArrayBuffer its bytes, a typed array its elements' low bytes, arrays each
 * element in turn; undefined for anything else (the `{data, count}` and `{callback}` objects
 * Espruino also takes are not emulated).
 */
export function toBytes(data: unknown): number[] | undefined {
  const out: number[] = [];
  const add = (v: unknown): boolean => {
    if (typeof v === "number" || typeof v === "boolean") {
      out.push(Number(v) & 255);
      return true;
    }
    if (typeof v === "string") {
      for (let i = 0; i < v.length; i++) out.push(v.charCodeAt(i) & 255);
      return true;
    }
    if (isArrayBuffer(v)) {
      for (const b of new Uint8Array(v)) out.push(b);
      return true;
    }
    if (ArrayBuffer.isView(v)) {
      const view = v as unknown as ArrayLike<number>;
      for (let i = 0; i < view.length; i++) out.push(Number(view[i]) & 255);
      return true;
    }
    if (Array.isArray(v)) return v.every(add);
    return false;
  };
  return add(data) ? out : undefined;
}

/** An ArrayBuffer, of the firmware's realm too (so not instanceof). */
function isArrayBuffer(v: unknown): v is ArrayBuffer {
  return Object.prototype.toString.call(v) === "[object ArrayBuffer]";
}

/** An array buffer's elements as E.mapInPlace reads and writes them, and how many bits each holds. */
interface Elements {
  length: number;
  bits: number;
  get(i: number): number;
  set(i: number, v: unknown): void;
}

/** E.mapInPlace, with its errors thrown through `fail`. */
export type MapInPlace = (from: unknown, to: unknown, map: unknown, bits: unknown, fail: (message: string) => never) => void;

/** Installs Uint24Array as a global of the firmware's realm `g`; returns E.mapInPlace. */
export function installArrays(rt: EspruinoRuntime, g: Record<string, unknown>): MapInPlace {
  // Each Uint24Array made → the bytes under it (a Uint8Array of the firmware's realm).
  const bytesOf = new WeakMap<object, Uint8Array>();
  const read = (b: Uint8Array, i: number) => b[3 * i] | (b[3 * i + 1] << 8) | (b[3 * i + 2] << 16);
  const write = (b: Uint8Array, i: number, v: unknown) => {
    // (As Espruino stores an integer: truncated, its low 24 bits.)
    const x = Number(v) | 0;
    b[3 * i] = x;
    b[3 * i + 1] = x >> 8;
    b[3 * i + 2] = x >> 16;
  };
  const index = (key: string | symbol) => (typeof key === "string" && /^(0|[1-9]\d*)$/.test(key) ? Number(key) : -1);

  // (Made from a length only, as the firmware makes one; from an array or an ArrayBuffer it is not emulated.)
  function Uint24Array(length: unknown): object {
    if (typeof length !== "number") throw rt.makeError(notProvided("Uint24Array from anything but a length"));
    const bytes = new rt.intr.Uint8Array(length * 3);
    const target = Object.create(Uint24Array.prototype, { buffer: { value: bytes.buffer }, length: { value: length } });
    const view = new Proxy(target, {
      get: (t, key, receiver) => {
        const i = index(key);
        return i < 0 ? Reflect.get(t, key, receiver) : i < length ? read(bytes, i) : undefined;
      },
      set: (t, key, v, receiver) => {
        const i = index(key);
        if (i < 0) return Reflect.set(t, key, v, receiver);
        if (i < length) write(bytes, i, v);
        return true;
      },
    });
    bytesOf.set(view, bytes);
    return view;
  }
  g.Uint24Array = Uint24Array;

  /** An array buffer as Espruino takes one (an ArrayBuffer, or a view of one), null when it is not one. */
  const elements = (x: unknown): Elements | null => {
    const bytes = bytesOf.get(x as object);
    if (bytes) return { length: bytes.length / 3, bits: 24, get: (i) => read(bytes, i), set: (i, v) => write(bytes, i, v) };
    const view = (isArrayBuffer(x) ? new Uint8Array(x) : x) as Uint8Array;
    // (A DataView is no array buffer to Espruino, and has no BYTES_PER_ELEMENT.)
    if (!ArrayBuffer.isView(view) || typeof view.BYTES_PER_ELEMENT !== "number") return null;
    return { length: view.length, bits: 8 * view.BYTES_PER_ELEMENT, get: (i) => view[i], set: (i, v) => (view[i] = v === undefined ? 0 : (v as number)) };
  };

  return (from, to, map, bitsArg, fail) => {
    const src = elements(from);
    const dst = elements(to);
    if (!src || !dst) return fail("First 2 arguments should be array buffers");
    const isFn = typeof map === "function";
    if (map != null && !isFn && !Array.isArray(map) && !elements(map)) return fail("Third argument should be a function or array");
    const lookup = map as ((v: number, i: number) => unknown) & ArrayLike<unknown>;
    const bitsFrom = src.bits;
    let bits = Number(bitsArg) | 0;
    const msbFirst = bits >= 0;
    if (bits < 0) bits = -bits;
    if (bits === 0) bits = bitsFrom;
    let f = 0;
    let t = 0;
    let el = 0;
    let b = 0;
    while ((f < src.length || b >= bits) && t < dst.length) {
      const at = f;
      for (; b < bits; f++, b += bitsFrom) {
        const x = f < src.length ? src.get(f) : 0;
        el = msbFirst ? (el << bitsFrom) | x : el | (x << b);
      }
      let v: number;
      if (msbFirst) v = (el >> (b - bits)) & ((1 << bits) - 1);
      else {
        v = el & ((1 << bits) - 1);
        el >>= bits;
      }
      b -= bits;
      dst.set(t++, map == null ? v : isFn ? lookup(v, at) : lookup[v]);
    }
  };
}

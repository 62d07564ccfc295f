/**
 * Bytes ⇄ strings without Node's Buffer, so the board model runs in a browser too: UTF-8
 * through TextEncoder/TextDecoder, Latin-1 (one char per byte, what Espruino's Storage reads
 * return) and base64 (for the flash image) by hand.
 */

export function utf8Bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function utf8Text(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

/** One character per byte (codes 0..255). */
export function latin1Text(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + 8192)));
  return s;
}

/** Each character's code, cut to a byte (Buffer's "latin1" does the same). */
export function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

export function toBase64(bytes: Uint8Array): string {
  return btoa(latin1Text(bytes));
}

export function fromBase64(text: string): Uint8Array {
  return latin1Bytes(atob(text));
}

/**
 * The JSON dialect of Storage.writeJSON / readJSON. Since 2v20 Espruino writes object keys
 * without quotes when they look like identifiers, and escapes bytes as \xXX, so a file written
 * with writeJSON is *not* valid for JSON.parse(read(name)) on the device; only readJSON (a
 * liberal parser) reads it back. The simulator writes the same dialect, so firmware that
 * mixes the two fails here as it would on the toy.
 */

const ID = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function escapeString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i];
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || (c >= 0x7f && c <= 0xff)) out += "\\x" + c.toString(16).padStart(2, "0");
    else if (c > 0xff) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

function isByteView(v: object): v is ArrayBufferView {
  return ArrayBuffer.isView(v);
}

/** Storage.writeJSON's text for `value` (functions and undefined properties dropped, typed arrays as arrays). */
export function espruinoStringify(value: unknown): string {
  const seen = new Set<object>();
  const enc = (v: unknown, inArray: boolean): string | undefined => {
    if (v !== null && typeof v === "object" && typeof (v as { toJSON?: unknown }).toJSON === "function") {
      v = (v as { toJSON(): unknown }).toJSON();
    }
    if (v === null) return "null";
    switch (typeof v) {
      case "undefined":
      case "function":
      case "symbol":
        return inArray ? "null" : undefined;
      case "boolean":
        return v ? "true" : "false";
      case "number":
        return Number.isFinite(v) ? String(v) : "null";
      case "bigint":
        return String(v);
      case "string":
        return escapeString(v);
    }
    const o = v as object;
    if (seen.has(o)) throw new TypeError("writeJSON: circular structure");
    seen.add(o);
    let s: string;
    if (o instanceof ArrayBuffer || Object.prototype.toString.call(o) === "[object ArrayBuffer]") {
      s = "[" + Array.prototype.join.call(new Uint8Array(o as ArrayBuffer), ",") + "]";
    } else if (isByteView(o)) {
      s = "[" + Array.prototype.join.call(o, ",") + "]";
    } else if (Array.isArray(o)) {
      s = "[" + o.map((x) => enc(x, true)).join(",") + "]";
    } else {
      const parts: string[] = [];
      for (const k of Object.keys(o)) {
        const e = enc((o as Record<string, unknown>)[k], false);
        if (e !== undefined) parts.push((ID.test(k) ? k : escapeString(k)) + ":" + e);
      }
      s = "{" + parts.join(",") + "}";
    }
    seen.delete(o);
    return s;
  };
  return enc(value, false) ?? "null";
}

/**
 * Rewrite Espruino's liberal JSON (bare keys, single quotes, \xXX escapes, undefined/NaN) as
 * strict JSON for JSON.parse. Anything else is left alone, so broken text still fails to parse.
 */
export function liberalToStrictJson(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"' || ch === "'") {
      const quote = ch;
      let s = '"';
      i++;
      for (; i < text.length && text[i] !== quote; i++) {
        const c = text[i];
        if (c === "\\") {
          const e = text[++i];
          if (e === "x") {
            s += "\\u00" + text.substr(i + 1, 2);
            i += 2;
          } else if (e === "'") s += "'";
          else if (e !== undefined) s += "\\" + e;
        } else if (c === '"') s += '\\"';
        else if (c.charCodeAt(0) < 0x20) s += "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
        else s += c;
      }
      if (i >= text.length) return out + s; // unterminated: let JSON.parse report it
      out += s + '"';
      i++;
      continue;
    }
    const id = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(text.slice(i));
    if (id) {
      const word = id[0];
      if (word === "true" || word === "false" || word === "null") out += word;
      else if (word === "undefined" || word === "NaN" || word === "Infinity") out += "null";
      else out += '"' + word + '"';
      i += word.length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

/**
 * How Espruino's print / console.log shows values: strings as they are, everything else in a
 * spaced JSON-like form ({ "a": 1, "b": [ 1, 2 ] }), pins by name.
 */

export function formatForPrint(v: unknown, pinName: (v: unknown) => string | undefined, depth = 0): string {
  if (typeof v === "string") return depth ? JSON.stringify(v) : v;
  if (v === undefined) return "undefined";
  if (v === null || typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  if (typeof v === "function") return `function ${v.name || ""}() {…}`;
  if (typeof v === "symbol") return v.toString();
  const pin = pinName(v);
  if (pin) return pin;
  if (depth > 4) return "…";
  const tag = Object.prototype.toString.call(v);
  if (tag === "[object Error]") return String(v);
  if (Array.isArray(v) || ArrayBuffer.isView(v)) {
    const items = Array.prototype.map.call(v, (x: unknown) => formatForPrint(x, pinName, depth + 1)) as string[];
    const body = items.length ? ` ${items.join(", ")} ` : "";
    return ArrayBuffer.isView(v) ? `new ${v.constructor.name}([${body}])` : `[${body}]`;
  }
  const entries = Object.keys(v as object).map((k) => `${JSON.stringify(k)}: ${formatForPrint((v as Record<string, unknown>)[k], pinName, depth + 1)}`);
  return entries.length ? `{ ${entries.join(", ")} }` : "{ }";
}

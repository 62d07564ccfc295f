/** Number formatting shared by the Markdown and CSV generators (fixed, locale-free). */

/** Round to `digits` decimals and drop trailing zeros: 7.2222 → "7.22", 15 → "15". */
export function fixed(x: number, digits = 2): string {
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return Object.is(r, -0) ? "0" : String(r);
}

/** Milliamps for tables: 87.2, 7.22, 0.553, 0.02. */
export function ma(x: number): string {
  if (x >= 10) return fixed(x, 1);
  if (x >= 1) return fixed(x, 2);
  return String(Number(x.toPrecision(3)));
}

/** Battery life from capacity and current: hours, days or years. */
export function life(capacityMah: number, currentMa: number): string {
  const hours = capacityMah / currentMa;
  if (hours < 72) return `${fixed(hours, 1)} h`;
  const days = hours / 24;
  if (days < 365) return `${fixed(days, 0)} days`;
  return `${fixed(days / 365, 1)} years`;
}

/** Pads numbered like a phone keypad: the pads of key row r (1-based), "1–3". */
export function padRange(first: number, last: number): string {
  return first === last ? `${first}` : `${first}–${last}`;
}

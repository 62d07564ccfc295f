/** The E12 resistor series and rounding onto it (one decade: 1.0 … 8.2). */
export const E12 = [1.0, 1.2, 1.5, 1.8, 2.2, 2.7, 3.3, 3.9, 4.7, 5.6, 6.8, 8.2] as const;

function decadeValues(decade: number): number[] {
  return E12.map((m) => Math.round(m * 10 ** decade * 1000) / 1000);
}

/** Smallest E12 value ≥ ohms: used for current-limiting resistors, so the current stays at or below the design figure. */
export function e12Up(ohms: number): number {
  if (!(ohms > 0) || !Number.isFinite(ohms)) throw new Error(`e12Up: expected a positive resistance, got ${ohms}`);
  for (let decade = Math.floor(Math.log10(ohms)) - 1; ; decade++) {
    const hit = decadeValues(decade).find((v) => v >= ohms * (1 - 1e-9));
    if (hit !== undefined) return hit;
  }
}

/** Largest E12 value ≤ ohms: used for base resistors, so a switching transistor gets at least the base current it needs. */
export function e12Down(ohms: number): number {
  if (!(ohms > 0) || !Number.isFinite(ohms)) throw new Error(`e12Down: expected a positive resistance, got ${ohms}`);
  for (let decade = Math.floor(Math.log10(ohms)) + 1; ; decade--) {
    const hit = decadeValues(decade).reverse().find((v) => v <= ohms * (1 + 1e-9));
    if (hit !== undefined) return hit;
  }
}

/** "82 Ω", "1.8 kΩ", "10 kΩ". */
export function formatOhms(ohms: number): string {
  if (ohms >= 1e6) return `${trim(ohms / 1e6)} MΩ`;
  if (ohms >= 1e3) return `${trim(ohms / 1e3)} kΩ`;
  return `${trim(ohms)} Ω`;
}

function trim(x: number): string {
  return String(Math.round(x * 100) / 100);
}

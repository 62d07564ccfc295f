/**
 * Small boards as bit masks and as text. The game and the toy hold a board of at most 32
 * cells in one 32-bit integer (signed, like the tables' Int32Array), cell i (row-major,
 * 0-based) in bit i; the console API (`Merlin.state()`),
 * the LED frames of the simulator and the CLI write it as row-major "0"/"1" digits. These are
 * the conversions between the two (board strings with '/' and other digits are parsed by
 * boardstate.ts; large boards are packed by chase.ts).
 */

/** The first `cells` cells of `mask` as "0"/"1" digits, cell 0 first. */
export function maskToBits(mask: number, cells: number): string {
  let s = "";
  for (let i = 0; i < cells; i++) s += (mask >>> i) & 1;
  return s;
}

/** The mask of "0"/"1" digits (cell 0 first); every character but "1" is a dark cell. */
export function bitsToMask(bits: string): number {
  let m = 0;
  for (let i = 0; i < bits.length; i++) if (bits.charAt(i) === "1") m |= 1 << i;
  return m;
}

/** The mask of a board given one value per cell (as boardstate.ts parses it): a cell is lit when its value is not 0. */
export function cellsToMask(cells: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < cells.length; i++) if (cells[i]) m |= 1 << i;
  return m;
}

/** Bits set in a 32-bit word (SWAR; Espruino has no Math.clz32 or popcount). */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  x = x + (x >>> 8);
  x = x + (x >>> 16);
  return x & 0x3f;
}

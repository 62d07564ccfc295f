/**
 * From raw key-matrix readings to a key mask, with ghost handling (after Zephyr's
 * input_kbd_matrix). A scan drives one row at a time and reads which columns see it:
 * rowReadings[r] has bit c set when column c read "pressed" while row r was driven.
 * Key (r, c) is bit r * cols + c of the key mask (row-major, pad 1 = bit 0).
 *
 * Without diodes, current also flows backwards through pressed switches, so a reading shows
 * every column connected to the driven row through any chain of pressed keys. Three keys at
 * the corners of a rectangle then make the fourth corner read pressed (a ghost). In such a
 * reading every row of a connected group sees all the group's columns, so a ghost is always
 * visible as two rows sharing two or more columns; a genuine 2×2 block reads the same, which
 * is why such a reading is ambiguous rather than wrong. Readings without that pattern are
 * exact. With a diode per switch, current cannot flow backwards and every reading is exact.
 */

/** The key mask a reading shows, taken at face value. */
export function matrixToMask(rowReadings: ArrayLike<number>, rows: number, cols: number): number {
  const colMask = cols >= 32 ? 0xffffffff : (1 << cols) - 1;
  let mask = 0;
  for (let r = 0; r < rows; r++) mask |= (rowReadings[r] & colMask) << (r * cols);
  return mask >>> 0;
}

/** True when the reading may contain ghosts (never with diodes). */
export function findGhosts(rowReadings: ArrayLike<number>, rows: number, cols: number, diodes: boolean): boolean {
  // An ambiguous reading always has a frozen key read as pressed: resolving it from an
  // all-up state then differs from the reading.
  return !diodes && resolveScan(0, rowReadings, rows, cols, false) !== matrixToMask(rowReadings, rows, cols);
}

/** Whether `m` has two or more bits set. */
function hasTwoBits(m: number): boolean {
  return (m & (m - 1)) !== 0;
}

/**
 * The key mask to feed the debouncer. With diodes, or when the reading is unambiguous, it is
 * the reading itself. Otherwise every key on an ambiguous row or on a column those rows read
 * keeps its previous state: a key that was down stays down (its contact may well still be
 * closed) and a key that was up stays up (it may be a ghost), so no press is invented and no
 * genuine earlier press is dropped. Keys elsewhere follow the reading. Only the matrix bits
 * (0 .. rows*cols-1) are returned; extra buttons above them are the caller's.
 */
export function resolveScan(
  prevStableMask: number,
  rowReadings: ArrayLike<number>,
  rows: number,
  cols: number,
  diodes: boolean,
): number {
  const colMask = cols >= 32 ? 0xffffffff : (1 << cols) - 1;
  const reading = matrixToMask(rowReadings, rows, cols);
  if (diodes) return reading;
  // Rows involved in an ambiguous reading: each shares two or more columns with another row.
  let badRows = 0;
  for (let a = 0; a < rows; a++) {
    const ra = rowReadings[a] & colMask;
    if (!hasTwoBits(ra)) continue;
    for (let b = a + 1; b < rows; b++) {
      if (hasTwoBits(ra & rowReadings[b])) badRows |= (1 << a) | (1 << b);
    }
  }
  if (badRows === 0) return reading;
  let badCols = 0;
  for (let r = 0; r < rows; r++) if ((badRows & (1 << r)) !== 0) badCols |= rowReadings[r] & colMask;
  let frozen = 0;
  for (let r = 0; r < rows; r++) {
    const line = (badRows & (1 << r)) !== 0 ? colMask : badCols;
    frozen |= line << (r * cols);
  }
  const matrixBits = rows * cols >= 32 ? 0xffffffff : (1 << (rows * cols)) - 1;
  return ((reading & ~frozen) | (prevStableMask & frozen & matrixBits)) >>> 0;
}

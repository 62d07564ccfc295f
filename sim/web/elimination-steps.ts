/**
 * Elimination a student can follow: Gauss–Jordan elimination of an augmented matrix [A | R]
 * over Z_k (k = 2: GF(2); a prime k: the field GF(k); a composite k such as blackwhite's 4:
 * the ring Z_k), one row operation at a time, each named the way a textbook writes it —
 * "swap R2, R5", "R3 ← 2·R3 (mod 3)", "R4 ← R4 + 2·R1 (mod 3)" — with the pivot it works on.
 *
 * Column by column: the pivot is the row (from the first row not yet used) whose entry
 * generates the most (over a field: the first non-zero entry; over Z_k: the entry sharing the
 * fewest factors with k — 1 or 3 before 2 mod 4), brought up by a swap, scaled by a unit so it
 * reads gcd(entry, k) (1 over a field), and added to every other row to clear its column.
 * Over Z_k two entries can together generate more than either (2 and 3 mod 6): then a row is
 * first added to another to make a better pivot. What is left:
 *   - reduced row echelon form, pivots 1 (over Z_k perhaps a divisor of k);
 *   - rows that became zero on the left: "0 = r" — r ≠ 0 means no solution, r = 0 no condition;
 *   - columns without a pivot: free variables (each gives quiet patterns: press sets that
 *     change nothing), set to 0 for the one x read off.
 * Run on [A | t − b] it ends in x; on [A | I] (a square, invertible A) in [I | A⁻¹].
 * Platform-neutral (no DOM): the page's stepper draws it, test/web-teach.test.ts checks it.
 */

/** A row operation on the augmented matrix; rows are 0-based here, named R1, R2, … in text. */
export type RowOp =
  /** Nothing changes: a step that names the pivot (or says a column has none). */
  | { kind: "none" }
  | { kind: "swap"; a: number; b: number }
  /** R_row ← factor·R_row, factor a unit mod k. */
  | { kind: "scale"; row: number; factor: number }
  /** R_row ← R_row + factor·R_source. */
  | { kind: "add"; row: number; source: number; factor: number };

export interface ElimStep {
  op: RowOp;
  /** The column worked on (0-based) and its pivot row (0-based, −1: none yet or none at all). */
  col: number;
  pivotRow: number;
  /** What this step does, in words ("R4 ← R4 + 2·R1 (mod 3)", "column 3: pivot R3 (entry 1)"). */
  text: string;
  /** The whole augmented matrix after this step, rows × width, row-major. */
  matrix: Uint8Array;
}

export interface ZeroRow {
  /** 0-based row, zero on A's side after elimination. */
  row: number;
  /** Its right-hand side (one entry per right-hand column). */
  rhs: number[];
}

export interface Elimination {
  k: number;
  rows: number;
  /** Columns of A (the keys); the right-hand side follows them. */
  cols: number;
  width: number;
  /** The augmented matrix before any step. */
  start: Uint8Array;
  steps: ElimStep[];
  /** Pivot positions in the final matrix, by increasing column. */
  pivots: { row: number; col: number; value: number }[];
  /** Columns without a pivot: free variables. */
  free: number[];
  zeroRows: ZeroRow[];
  /**
   * For each right-hand column: the solution with every free variable 0 (read off the final
   * matrix by back substitution), or null when that column has no solution.
   */
  solutions: (Uint8Array | null)[];
  /** Why a right-hand column has no solution (one line each), "" when it has one. */
  why: string[];
}

/** R1-style name of a 0-based row. */
export const rowName = (r: number): string => `R${r + 1}`;

function gcd(a: number, b: number): number {
  while (b) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/** A unit u with u·v ≡ gcd(v, k) (mod k); 1 when v already is that. */
function normaliser(v: number, k: number): number {
  const g = gcd(v, k);
  for (let u = 1; u < k; u++) if (gcd(u, k) === 1 && (u * v) % k === g) return u;
  return 1;
}

/** Applies `op` to a copy of `m` (rows of `width` entries, mod k). */
export function applyRowOp(m: Uint8Array, width: number, k: number, op: RowOp): Uint8Array {
  const out = new Uint8Array(m);
  if (op.kind === "swap") {
    for (let j = 0; j < width; j++) {
      out[op.a * width + j] = m[op.b * width + j];
      out[op.b * width + j] = m[op.a * width + j];
    }
  } else if (op.kind === "scale") {
    for (let j = 0; j < width; j++) out[op.row * width + j] = (m[op.row * width + j] * op.factor) % k;
  } else if (op.kind === "add") {
    for (let j = 0; j < width; j++) out[op.row * width + j] = (m[op.row * width + j] + op.factor * m[op.source * width + j]) % k;
  }
  return out;
}

/** The operation in a textbook's words. */
export function opText(op: RowOp, k: number): string {
  const times = (f: number) => (f === 1 ? "" : `${f}·`);
  if (op.kind === "swap") return `swap ${rowName(op.a)}, ${rowName(op.b)}`;
  if (op.kind === "scale") return `${rowName(op.row)} ← ${op.factor}·${rowName(op.row)} (mod ${k})`;
  if (op.kind === "add") return `${rowName(op.row)} ← ${rowName(op.row)} + ${times(op.factor)}${rowName(op.source)} (mod ${k})`;
  return "";
}

/**
 * Gauss–Jordan on [A | R] mod k, every row operation recorded. `a` is rows × cols, `rhs`
 * rows × rhsCols (row-major; entries taken mod k).
 */
export function eliminate(a: ArrayLike<number>, rows: number, cols: number, rhs: ArrayLike<number>, rhsCols: number, k: number): Elimination {
  const width = cols + rhsCols;
  let m: Uint8Array = new Uint8Array(rows * width);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) m[i * width + j] = (((a[i * cols + j] % k) + k) % k);
    for (let j = 0; j < rhsCols; j++) m[i * width + cols + j] = (((rhs[i * rhsCols + j] % k) + k) % k);
  }
  const start = m;
  const steps: ElimStep[] = [];
  const at = (i: number, j: number) => m[i * width + j];
  const step = (op: RowOp, col: number, pivotRow: number, text: string) => {
    m = applyRowOp(m, width, k, op);
    steps.push({ op, col, pivotRow, text, matrix: m });
  };
  const pivots: Elimination["pivots"] = [];
  const free: number[] = [];
  let r = 0;
  for (let c = 0; c < cols; c++) {
    if (r === rows) {
      free.push(c);
      step({ kind: "none" }, c, -1, `column ${c + 1}: every row already has its pivot, so x${c + 1} is free (no equation fixes it)`);
      continue;
    }
    // The best pivot candidate from row r down: least gcd with k (a unit first), then the first row.
    const best = () => {
      let p = -1;
      for (let i = r; i < rows; i++) {
        const v = at(i, c);
        if (v !== 0 && (p < 0 || gcd(v, k) < gcd(at(p, c), k))) p = i;
      }
      return p;
    };
    let p = best();
    if (p < 0) {
      free.push(c);
      step({ kind: "none" }, c, -1, `column ${c + 1}: no row from ${rowName(r)} down has a non-zero entry, so x${c + 1} is free (no pivot)`);
      continue;
    }
    // Over Z_k only: while another entry is not a multiple of the pivot's gcd, add the pivot row
    // to it so that it generates both (Z_k has stable range 1: some multiple does it).
    for (;;) {
      const g = gcd(at(p, c), k);
      let bad = -1;
      for (let i = r; i < rows && bad < 0; i++) if (i !== p && at(i, c) % g !== 0) bad = i;
      if (bad < 0) break;
      let f = 1;
      let bestG = k;
      for (let t = 1; t < k; t++) {
        const gg = gcd((at(bad, c) + t * at(p, c)) % k, k);
        if (gg < bestG) {
          bestG = gg;
          f = t;
        }
      }
      step({ kind: "add", row: bad, source: p, factor: f }, c, -1, `column ${c + 1}: ${opText({ kind: "add", row: bad, source: p, factor: f }, k)}, so that one entry divides every other in the column`);
      p = best();
    }
    step({ kind: "none" }, c, p, `column ${c + 1}: pivot ${rowName(p)} (entry ${at(p, c)})${p !== r ? `; it moves up to ${rowName(r)}` : ""}`);
    if (p !== r) step({ kind: "swap", a: r, b: p }, c, r, `${opText({ kind: "swap", a: r, b: p }, k)}: the pivot row goes to ${rowName(r)}`);
    const u = normaliser(at(r, c), k);
    if (u !== 1) {
      const g = gcd(at(r, c), k);
      step({ kind: "scale", row: r, factor: u }, c, r, `${opText({ kind: "scale", row: r, factor: u }, k)}: the pivot becomes ${g} (${at(r, c)}·${u} = ${at(r, c) * u} ≡ ${g})`);
    }
    const g = at(r, c);
    for (let i = 0; i < rows; i++) {
      if (i === r || at(i, c) === 0) continue;
      // Below the pivot every entry is a multiple of g; above, over Z_k, perhaps only its remainder can go.
      const q = Math.floor(at(i, c) / g);
      if (q === 0) continue;
      const f = (k - ((q * 1) % k)) % k;
      if (f === 0) continue;
      const op: RowOp = { kind: "add", row: i, source: r, factor: f };
      const cleared = at(i, c) % g === 0;
      step(op, c, r, `${opText(op, k)}: ${cleared ? `clears column ${c + 1} in ${rowName(i)}` : `leaves ${at(i, c) % g} in column ${c + 1} of ${rowName(i)}`} (${at(i, c)} + ${f}·${g} ≡ ${(at(i, c) + f * g) % k})`);
    }
    pivots.push({ row: r, col: c, value: g });
    r++;
  }
  const zeroRows: ZeroRow[] = [];
  for (let i = r; i < rows; i++) {
    const rh: number[] = [];
    for (let j = 0; j < rhsCols; j++) rh.push(at(i, cols + j));
    zeroRows.push({ row: i, rhs: rh });
  }
  // Back substitution, last pivot first (with unit pivots each x is its row's right side).
  const solutions: (Uint8Array | null)[] = [];
  const why: string[] = [];
  for (let j = 0; j < rhsCols; j++) {
    const bad = zeroRows.find((z) => z.rhs[j] !== 0);
    if (bad) {
      solutions.push(null);
      why.push(`${rowName(bad.row)} reads 0 = ${bad.rhs[j]}: no presses can do that, so there is no solution`);
      continue;
    }
    const x = new Uint8Array(cols);
    let fail = "";
    for (let t = pivots.length - 1; t >= 0 && fail === ""; t--) {
      const { row, col, value } = pivots[t];
      let s = at(row, cols + j);
      for (let c = col + 1; c < cols; c++) s = (s - ((at(row, c) * x[c]) % k) + k) % k;
      if (s % value !== 0) fail = `${rowName(row)} reads ${value}·x${col + 1} = ${s} (mod ${k}): no whole number of presses does that`;
      else x[col] = (s / value) % k;
    }
    // The one place a ring needs more than echelon form: check the x read off against every row.
    if (fail === "") {
      for (let i = 0; i < rows && fail === ""; i++) {
        let s = 0;
        for (let c = 0; c < cols; c++) s += at(i, c) * x[c];
        if (s % k !== at(i, cols + j)) fail = `the x read off does not satisfy ${rowName(i)} (a pivot is not a unit mod ${k})`;
      }
    }
    solutions.push(fail === "" ? x : null);
    why.push(fail);
  }
  return { k, rows, cols, width, start, steps, pivots, free, zeroRows, solutions, why };
}

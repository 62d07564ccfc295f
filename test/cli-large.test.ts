// Large plus boards through the CLI, in-process: `merlin solve --from-file/--all-lit` and
// `merlin analyze` beyond 64×64. Every presses file is replayed here, cell by cell, by a
// plain array replay that shares no code with the solver.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectInputError, merlin as run, MerlinRun } from "./helpers/cli";
import { analyze } from "../src/maths/solver";
import { graphPuzzle } from "../src/maths/puzzle";
import { xorshift32 } from "./helpers/seeded";

function merlin(...argv: string[]): Promise<MerlinRun> {
  return run(argv);
}

const dir = mkdtempSync(join(tmpdir(), "merlin-cli-large-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function path(name: string): string {
  return join(dir, name);
}

interface Cells {
  rows: number;
  cols: number;
  v: Uint8Array;
}

const rng = xorshift32;

function randomCells(next: () => number, rows: number, cols: number): Cells {
  const v = new Uint8Array(rows * cols);
  for (let i = 0; i < v.length; i++) v[i] = next() & 1;
  return { rows, cols, v };
}

function toText(b: Cells): string {
  let s = "";
  for (let r = 0; r < b.rows; r++) s += Array.from(b.v.subarray(r * b.cols, (r + 1) * b.cols)).join("") + "\n";
  return s;
}

function readCells(file: string): Cells {
  const lines = readFileSync(file, "utf8").split("\n");
  expect(lines.pop()).toBe(""); // every row ends with "\n"
  const cols = lines[0].length;
  const v = new Uint8Array(lines.length * cols);
  lines.forEach((l, r) => {
    expect(l).toMatch(/^[01]+$/);
    expect(l.length).toBe(cols);
    for (let c = 0; c < cols; c++) v[r * cols + c] = l.charCodeAt(c) - 48;
  });
  return { rows: lines.length, cols, v };
}

/** Presses applied to a board: each press toggles its cell and the orthogonal neighbours on the board. */
function replay(start: Cells, presses: Cells): Cells {
  expect([presses.rows, presses.cols]).toEqual([start.rows, start.cols]);
  const { rows, cols } = start;
  const v = new Uint8Array(start.v);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!presses.v[r * cols + c]) continue;
      v[r * cols + c] ^= 1;
      if (r > 0) v[(r - 1) * cols + c] ^= 1;
      if (r + 1 < rows) v[(r + 1) * cols + c] ^= 1;
      if (c > 0) v[r * cols + c - 1] ^= 1;
      if (c + 1 < cols) v[r * cols + c + 1] ^= 1;
    }
  }
  return { rows, cols, v };
}

function ones(b: Cells): number {
  return b.v.reduce((a, x) => a + x, 0);
}

function filled(rows: number, cols: number, x: number): Cells {
  return { rows, cols, v: new Uint8Array(rows * cols).fill(x) };
}

describe("merlin solve on large plus boards", () => {
  it("all lit 100×100 needs 5320 presses (unique solution), written and replayed to dark", async () => {
    const out = path("lit100.txt");
    const r = await merlin("solve", "--pattern", "plus", "--size", "100", "--all-lit", "--out", out, "--json");
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    expect(r.out.endsWith("}\n")).toBe(true);
    const j = JSON.parse(r.out);
    expect(Object.keys(j).slice(0, 5)).toEqual(["solvable", "moves", "nullity", "minimal", "timings"]);
    expect(Object.keys(j.timings).slice(0, 3)).toEqual(["readMs", "solveMs", "verifyMs"]);
    expect(j).toMatchObject({ solvable: true, moves: 5320, nullity: 0, minimal: true, rows: 100, cols: 100, verified: true });
    const presses = readCells(out);
    expect(ones(presses)).toBe(5320);
    expect(ones(replay(filled(100, 100, 1), presses))).toBe(0);
  });

  it("a random reachable 200×200 board round-trips: file in, presses out, replayed to dark", async () => {
    const next = rng(200);
    const hidden = randomCells(next, 200, 200);
    const start = replay(filled(200, 200, 0), hidden);
    writeFileSync(path("b200.txt"), toText(start));
    // The file decides the size; giving it (matching) is the same.
    for (const size of [[], ["--size", "200"], ["--rows", "200", "--cols", "200"]]) {
      const out = path("p200.txt");
      const r = await merlin("solve", "--pattern", "plus", ...size, "--from-file", path("b200.txt"), "--out", out, "--json");
      expect(r.code).toBe(0);
      const j = JSON.parse(r.out);
      expect(j.solvable).toBe(true);
      const presses = readCells(out);
      expect(ones(presses)).toBe(j.moves);
      expect(ones(replay(start, presses))).toBe(0);
      if (j.minimal) expect(j.moves).toBeLessThanOrEqual(ones(hidden));
    }
  });

  it("solves towards a target file or the lit board, on a non-square board", async () => {
    const next = rng(77);
    const from = randomCells(next, 70, 130);
    const to = replay(from, randomCells(next, 70, 130));
    writeFileSync(path("from.txt"), toText(from));
    writeFileSync(path("to.txt"), toText(to).replace(/\n/g, "\r\n"));
    let r = await merlin("solve", "--pattern", "plus", "--from-file", path("from.txt"), "--to-file", path("to.txt"), "--out", path("p.txt"), "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ solvable: true, rows: 70, cols: 130 });
    expect(replay(from, readCells(path("p.txt"))).v).toEqual(to.v);

    writeFileSync(path("dark.txt"), toText(filled(62, 62, 0)));
    r = await merlin("solve", "--pattern", "plus", "--from-file", path("dark.txt"), "--target", "lit", "--out", path("q.txt"), "--json");
    const j = JSON.parse(r.out);
    expect(j.solvable).toBe(true);
    expect(ones(replay(filled(62, 62, 0), readCells(path("q.txt"))))).toBe(62 * 62);
  });

  it("an unreachable target: solvable false, moves null, exit 0, no presses file", async () => {
    writeFileSync(path("corner.txt"), "10000\n00000\n00000\n00000\n00000\n");
    const out = path("none.txt");
    const r = await merlin("solve", "--pattern", "plus", "--from-file", path("corner.txt"), "--out", out, "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ solvable: false, moves: null, nullity: 2, minimal: false });
    expect(existsSync(out)).toBe(false);
    const text = await merlin("solve", "--pattern", "plus", "--from-file", path("corner.txt"));
    expect(text.out).toMatch(/^5×5: not solvable \(nullity 2/);
  });

  it("prints a short summary without --json", async () => {
    const r = await merlin("solve", "--pattern", "plus", "--size", "5", "--all-lit", "--out", path("p5.txt"));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^5×5: solvable, 15 presses \(minimal\), nullity 2\n/);
    expect(r.out).toContain(`presses written to ${path("p5.txt")}`);
  });

  it("--help describes the file options", async () => {
    const r = await merlin("solve", "--help");
    for (const o of ["--from-file", "--all-lit", "--to-file", "--out"]) expect(r.out).toContain(o);
  });
});

describe("merlin solve on boards of one row or one column", () => {
  /** The fewest presses that turn line `start` dark, by trying all 2^n press sets (null: none does). */
  function bruteLine(start: Uint8Array): number | null {
    const n = start.length;
    let best: number | null = null;
    for (let p = 0; p < 1 << n; p++) {
      const v = new Uint8Array(start);
      let w = 0;
      for (let i = 0; i < n; i++) {
        if (!((p >>> i) & 1)) continue;
        w++;
        v[i] ^= 1;
        if (i > 0) v[i - 1] ^= 1;
        if (i + 1 < n) v[i + 1] ^= 1;
      }
      if (v.every((x) => x === 0) && (best === null || w < best)) best = w;
    }
    return best;
  }

  it("1×n and n×1 from files: the fewest presses (all press sets tried), presses file in the board's own shape", async () => {
    const next = rng(808);
    for (let n = 1; n <= 14; n++) {
      for (let k = 0; k < 3; k++) {
        const line = randomCells(next, 1, n).v;
        const best = bruteLine(line);
        for (const [rows, cols] of [
          [1, n],
          [n, 1],
        ]) {
          const start: Cells = { rows, cols, v: line };
          writeFileSync(path("line.txt"), toText(start));
          const out = path("line-out.txt");
          rmSync(out, { force: true });
          const r = await merlin("solve", "--pattern", "plus", "--from-file", path("line.txt"), "--out", out, "--json");
          expect(r.code).toBe(0);
          const j = JSON.parse(r.out);
          expect(j).toMatchObject({ rows, cols, nullity: n % 3 === 2 ? 1 : 0, solvable: best !== null, moves: best });
          if (best === null) {
            expect(existsSync(out)).toBe(false);
            continue;
          }
          expect(j).toMatchObject({ minimal: true, method: n % 3 === 2 ? "exact" : "unique", verified: true });
          const presses = readCells(out);
          expect(ones(presses)).toBe(best);
          expect(ones(replay(start, presses))).toBe(0);
        }
      }
    }
  });

  it("all lit 1×n and n×1: presses replayed to dark, n×1 written one cell per line", async () => {
    for (const n of [31, 32, 33, 3071, 20001]) {
      for (const [rows, cols] of [
        [1, n],
        [n, 1],
      ]) {
        const out = path("lit-line.txt");
        const r = await merlin("solve", "--pattern", "plus", "--rows", String(rows), "--cols", String(cols), "--all-lit", "--out", out, "--json");
        expect(r.code).toBe(0);
        const j = JSON.parse(r.out);
        expect(j).toMatchObject({ rows, cols, solvable: true, verified: true, minimal: true, nullity: n % 3 === 2 ? 1 : 0 });
        const text = readFileSync(out, "latin1");
        expect(text.length).toBe(rows === 1 ? n + 1 : 2 * n);
        const presses = readCells(out);
        expect([presses.rows, presses.cols]).toEqual([rows, cols]);
        expect(ones(presses)).toBe(j.moves);
        expect(ones(replay(filled(rows, cols, 1), presses))).toBe(0);
      }
    }
  });

  it("a column towards a column target file, and towards lit", async () => {
    const next = rng(5150);
    const from = randomCells(next, 301, 1);
    const to = replay(from, randomCells(next, 301, 1));
    writeFileSync(path("cfrom.txt"), toText(from));
    writeFileSync(path("cto.txt"), toText(to).replace(/\n/g, "\r\n"));
    let r = await merlin("solve", "--pattern", "plus", "--from-file", path("cfrom.txt"), "--to-file", path("cto.txt"), "--out", path("cp.txt"), "--json");
    expect(JSON.parse(r.out)).toMatchObject({ solvable: true, rows: 301, cols: 1 });
    expect(replay(from, readCells(path("cp.txt"))).v).toEqual(to.v);
    r = await merlin("solve", "--pattern", "plus", "--from-file", path("cfrom.txt"), "--target", "lit", "--out", path("cq.txt"));
    expect(r.out).toMatch(/^301×1: (solvable, \d+ presses \(minimal\)|not solvable \(nullity 1)/);
    await expectInputError(["solve", "--pattern", "plus", "--from-file", path("cfrom.txt"), "--to-file", path("line.txt")], /but the start board is 301×1/);
  });
});

describe("merlin analyze on large plus boards", () => {
  it("5×5 keeps its documented answer", async () => {
    const r = await merlin("analyze", "--pattern", "plus", "--size", "5", "--json");
    expect(r.out).toBe('{"rows":5,"cols":5,"states":2,"rank":23,"nullity":2,"invertible":false,"solvableStates":"8388608"}\n');
  });

  it("65×10, past the puzzle model, agrees with elimination on the same board built as a graph", async () => {
    const r = await merlin("analyze", "--pattern", "plus", "--rows", "65", "--cols", "10", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(Object.keys(j)).toEqual(["rows", "cols", "states", "rank", "nullity", "invertible", "solvableStates"]);
    const adj: number[][] = [];
    for (let r0 = 0; r0 < 65; r0++) {
      for (let c0 = 0; c0 < 10; c0++) {
        const i = r0 * 10 + c0;
        const nb: number[] = [];
        if (r0 > 0) nb.push(i - 10);
        if (r0 < 64) nb.push(i + 10);
        if (c0 > 0) nb.push(i - 1);
        if (c0 < 9) nb.push(i + 1);
        adj.push(nb);
      }
    }
    const a = analyze(graphPuzzle("grid 65×10", adj, 2));
    expect(j).toEqual({ rows: 65, cols: 10, states: 2, rank: a.rank, nullity: a.nullity, invertible: a.invertible, solvableStates: a.solvableStates });
  });

  it("solvableStates is exact in decimal up to 10 000 digits, then 2^RANK", async () => {
    const j = JSON.parse((await merlin("analyze", "--pattern", "plus", "--size", "100", "--json")).out);
    expect(j.rank + j.nullity).toBe(10000);
    expect(j.solvableStates).toBe((2n ** BigInt(j.rank)).toString());
    const k = JSON.parse((await merlin("analyze", "--pattern", "plus", "--size", "200", "--json")).out);
    expect(k.rank + k.nullity).toBe(40000);
    expect(k.solvableStates).toBe(`2^${k.rank}`);
  });

  it("100 000×100 000 answers from the size alone", async () => {
    const r = await merlin("analyze", "--pattern", "plus", "--size", "100000", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ rows: 100000, cols: 100000, states: 2 });
    expect(j.rank + j.nullity).toBe(1e10);
    expect(j.invertible).toBe(j.nullity === 0);
    expect(j.solvableStates).toBe(`2^${j.rank}`);
    const text = await merlin("analyze", "--pattern", "plus", "--size", "100000");
    expect(text.out).toMatch(/^plus 100000×100000: 10000000000 keys/);
  });
});

describe("bad input for the large-board options: exit 2, one line on stderr", () => {
  writeFileSync(path("ragged.txt"), "0101\n011\n0101\n");
  writeFileSync(path("badchar.txt"), "0101\n01x1\n");
  writeFileSync(path("ok4.txt"), "0101\n0110\n0101\n1111\n");
  writeFileSync(path("one.txt"), "0101\n0\n");
  writeFileSync(path("empty.txt"), "");
  const BAD: [string, string[], RegExp][] = [
    ["ragged file", ["solve", "--pattern", "plus", "--from-file", path("ragged.txt")], /line 2 has 3 cells, line 1 has 4/],
    ["a row of one cell (singular)", ["solve", "--pattern", "plus", "--from-file", path("one.txt")], /line 2 has 1 cell, line 1 has 4/],
    ["bad character", ["solve", "--pattern", "plus", "--from-file", path("badchar.txt")], /line 2, column 3: 'x' is not allowed — use 0 \(dark\) and 1 \(lit\)/],
    ["missing file", ["solve", "--pattern", "plus", "--from-file", path("nothing.txt")], /cannot read board file .*no such file/],
    ["an empty file", ["solve", "--pattern", "plus", "--from-file", path("empty.txt")], /empty\.txt: no rows — expected one line of 0\/1 digits per board row/],
    ["an empty file name", ["solve", "--pattern", "plus", "--from-file", ""], /cannot read board file '': the name is empty/],
    ["- for standard input", ["solve", "--pattern", "plus", "--from-file", "-"], /cannot read board file '-': no such file \(standard input is \/dev\/stdin\)/],
    ["--from-file with merlin", ["solve", "--pattern", "merlin", "--from-file", path("ok4.txt")], /on\/off plus boards only: give --pattern plus/],
    ["--from-file without a pattern", ["solve", "--from-file", path("ok4.txt")], /on\/off plus boards only/],
    ["--all-lit on a torus", ["solve", "--pattern", "plus", "--wrap", "--size", "8", "--all-lit"], /on\/off plus boards only/],
    ["--all-lit mod 3", ["solve", "--pattern", "plus", "--states", "3", "--size", "8", "--all-lit"], /on\/off plus boards only/],
    ["size does not match the file", ["solve", "--pattern", "plus", "--size", "5", "--from-file", path("ok4.txt")], /ok4.txt line 1 has 4 cells, but the size asked for is 5×5/],
    ["rows do not match the file", ["solve", "--pattern", "plus", "--rows", "3", "--from-file", path("ok4.txt")], /ok4.txt has more than 3 rows, but 3 rows were asked for/],
    ["--all-lit without a size", ["solve", "--pattern", "plus", "--all-lit"], /--all-lit needs --size N/],
    ["both starts", ["solve", "--pattern", "plus", "--all-lit", "--size", "4", "--from-file", path("ok4.txt")], /--all-lit and --from-file cannot be given together/],
    ["--from with --all-lit", ["solve", "--pattern", "plus", "--all-lit", "--size", "4", "--from", "lit"], /--all-lit and --from cannot be given together/],
    ["ring target", ["solve", "--pattern", "plus", "--all-lit", "--size", "4", "--target", "ring"], /must be dark or lit, got 'ring'/],
    ["--out without a file start", ["solve", "--pattern", "plus", "--size", "4", "--from", "lit", "--out", path("x.txt")], /--out works only with --from-file FILE or --all-lit/],
    ["target file of another size", ["solve", "--pattern", "plus", "--all-lit", "--size", "5", "--to-file", path("ok4.txt")], /ok4.txt line 1 has 4 cells, but the start board is 5×5/],
    ["--from on a large board", ["solve", "--pattern", "plus", "--size", "200", "--from", "lit"], /--from takes boards up to 128×128: give a larger plus board with --from-file FILE or --all-lit/],
    ["size too large", ["solve", "--pattern", "plus", "--size", "40000", "--all-lit"], /--size must be a whole number from 1 to 32768/],
    ["analyze --quiet past 128", ["analyze", "--pattern", "plus", "--size", "129", "--quiet"], /--quiet lists quiet patterns of boards up to 128×128/],
    ["analyze too large", ["analyze", "--pattern", "plus", "--size", "2000000"], /--size must be a whole number from 1 to 1000000 for plus boards/],
    ["analyze non-plus past 128", ["analyze", "--pattern", "x", "--size", "129"], /--size must be a whole number from 1 to 128, got 129/],
  ];
  for (const [what, argv, message] of BAD) {
    it(what, async () => {
      await expectInputError(argv, message);
    });
  }
});

// The solver commands run in-process through the dispatcher, as a user would call them.
import { describe, expect, it } from "vitest";
import { expectInputError, merlin as run, MerlinRun } from "./helpers/cli";
import { applyPresses, gridPuzzle, pressKey } from "../src/maths/puzzle";

function merlin(...argv: string[]): Promise<MerlinRun> {
  return run(argv);
}

/** Replays a 1-based press order on a board string of the given grid puzzle. */
function replay(board: string, order: number[], opts: { rows: number; cols: number; pattern: string; states?: number }): { end: string; darkOnTheWay: boolean } {
  const p = gridPuzzle(opts);
  const b = Uint8Array.from(board.split("").map(Number));
  let dark = false;
  order.forEach((key, i) => {
    pressKey(p, b, key - 1);
    if (i + 1 < order.length && b.every((v) => v === 0)) dark = true;
  });
  return { end: Array.from(b).join(""), darkOnTheWay: dark };
}

const MERLIN_INVERSE = [
  "101001110", "111111000", "101100011", "110110110", "101010101",
  "011011011", "110001101", "000111111", "011100101",
];

describe("merlin solve", () => {
  it("answers source 003's worked example as documented", async () => {
    const r = await merlin("solve", "--pattern", "merlin", "--from", "010110101", "--to", "111101111", "--json");
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    expect(r.out.endsWith("\n")).toBe(true);
    const j = JSON.parse(r.out);
    expect(Object.keys(j)).toEqual(["solvable", "presses", "moves", "minimal", "order", "method"]);
    expect(j).toMatchObject({ solvable: true, presses: [3, 4, 5, 8, 9], moves: 5, minimal: true, method: "unique" });
    expect([...j.order].sort()).toEqual([3, 4, 5, 8, 9]);
    expect(replay("010110101", j.order, { rows: 3, cols: 3, pattern: "merlin" })).toEqual({ end: "111101111", darkOnTheWay: false });
  });

  it("defaults to Merlin 3×3 and the ring: all dark takes 8 presses", async () => {
    const j = JSON.parse((await merlin("solve", "--from", "dark", "--json")).out);
    expect(j.moves).toBe(8);
    expect(j.presses).toEqual([1, 2, 3, 4, 6, 7, 8, 9]);
  });

  it("accepts --target and '/' between rows, and solves all-lit 5×5 plus in 15", async () => {
    const r = await merlin("solve", "--pattern", "plus", "--size", "5", "--from", "11111/11111/11111/11111/11111", "--target", "dark", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ solvable: true, moves: 15, minimal: true, method: "exact" });
  });

  it("reports an unreachable target with solvable:false and exit 0", async () => {
    const r = await merlin("solve", "--pattern", "plus", "--size", "5", "--from", "1000000000000000000000000", "--target", "dark", "--json");
    expect(r.code).toBe(0);
    expect(r.out).toBe('{"solvable":false,"presses":[],"moves":0,"minimal":false,"order":null,"method":"unsolvable"}\n');
    const text = await merlin("solve", "--pattern", "plus", "--size", "5", "--from", "1000000000000000000000000", "--target", "dark");
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/No solution/);
  });

  it("adds counts for k-state boards, and the order presses each key that often", async () => {
    const r = await merlin("solve", "--states", "3", "--from", "012012012", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(Object.keys(j)).toEqual(["solvable", "presses", "counts", "moves", "minimal", "order", "method"]);
    expect(j.counts.length).toBe(9);
    expect(j.moves).toBe(j.counts.reduce((a: number, b: number) => a + b, 0));
    expect(j.presses).toEqual(j.counts.flatMap((c: number, i: number) => (c > 0 ? [i + 1] : [])));
    expect(replay("012012012", j.order, { rows: 3, cols: 3, pattern: "merlin", states: 3 })).toEqual({ end: "111101111", darkOnTheWay: false });
  });

  it("solves source 001's (1,2) swap on the 3×3 intersection board with 4 presses", async () => {
    const j = JSON.parse((await merlin("solve", "--intersections", "--states", "3", "--from", "010101010", "--to", "101010101", "--json")).out);
    expect(j).toMatchObject({ solvable: true, counts: [1, 1, 1, 1], moves: 4, minimal: true });
  });

  it("solves graph and box boards", async () => {
    const g = JSON.parse((await merlin("solve", "--graph", "1-2,2-3", "--from", "000", "--target", "lit", "--json")).out);
    expect(g).toMatchObject({ solvable: true, presses: [2], moves: 1 });
    const b = JSON.parse((await merlin("solve", "--box", "2x2x3", "--from", "dark", "--target", "lit", "--json")).out);
    expect(b.solvable).toBe(true);
  });

  it("prints a readable answer without --json", async () => {
    const r = await merlin("solve", "--from", "010110101", "--to", "111101111");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^merlin 3×3: 010110101 → 111101111\n/);
    expect(r.out).toMatch(/Press [3-9 ]+ \(5 presses, the fewest possible\)/);
  });
});

describe("merlin analyze, inverse, table", () => {
  it("analyze 5×5 plus gives the documented object", async () => {
    const r = await merlin("analyze", "--pattern", "plus", "--size", "5", "--json");
    expect(r.code).toBe(0);
    expect(r.out).toBe('{"rows":5,"cols":5,"states":2,"rank":23,"nullity":2,"invertible":false,"solvableStates":"8388608"}\n');
  });

  it("analyze --quiet lists quiet patterns that change nothing", async () => {
    const j = JSON.parse((await merlin("analyze", "--pattern", "plus", "--size", "5", "--quiet", "--json")).out);
    expect(j.quietOrders).toEqual([2, 2]);
    expect(j.quiet.length).toBe(2);
    for (const q of j.quiet) {
      const order = q.split("").flatMap((c: string, i: number) => (c === "1" ? [i + 1] : []));
      expect(replay("0".repeat(25), order, { rows: 5, cols: 5, pattern: "plus" }).end).toBe("0".repeat(25));
    }
  });

  it("analyze mod 5 and mod 6: Merlin is singular mod 5 only; composite k has no rank", async () => {
    expect(JSON.parse((await merlin("analyze", "--states", "5", "--json")).out)).toMatchObject({ rank: 8, nullity: 1, invertible: false, solvableStates: "390625" });
    expect((await merlin("analyze", "--states", "6", "--json")).out).toBe(
      '{"rows":3,"cols":3,"states":6,"rank":null,"nullity":null,"invertible":true,"solvableStates":"10077696","quietOrders":[]}\n',
    );
  });

  it("inverse of Merlin 3×3 is the table printed in sources 002 and 003", async () => {
    const r = await merlin("inverse", "--pattern", "merlin", "--size", "3", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ inverse: MERLIN_INVERSE });
  });

  it("inverse of a singular board: one stderr line, exit 1", async () => {
    const r = await merlin("inverse", "--pattern", "plus", "--size", "5", "--json");
    expect(r.code).toBe(1);
    expect(r.out).toBe('{"inverse":null}\n');
    expect(r.err.split("\n")).toHaveLength(2);
    expect(r.err).toMatch(/^merlin inverse: plus 5×5 has no inverse/);
  });

  it("table of n×n plus boards matches source 000 for n = 2..30", async () => {
    const r = await merlin("table", "--pattern", "plus", "--sizes", "2-30", "--json");
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out);
    expect(rows).toHaveLength(29);
    expect(Object.keys(rows[0])).toEqual(["size", "rank", "nullity", "invertible"]);
    expect(rows[0]).toEqual({ size: 2, rank: 4, nullity: 0, invertible: true });
    expect(rows.filter((x: { invertible: boolean }) => !x.invertible).map((x: { size: number }) => x.size)).toEqual([
      4, 5, 9, 11, 14, 16, 17, 19, 23, 24, 29, 30,
    ]);
    for (const x of rows) expect(x.rank + x.nullity).toBe(x.size * x.size);
    const text = await merlin("table", "--pattern", "plus", "--sizes", "4");
    expect(text.out).toMatch(/\n\s+4\s+16\s+12\s+4\s+no\n$/);
  });

  it("table --minimum adds the fewest presses for all lit: OEIS A075464 for plus", async () => {
    // A075464 a(2..20) (https://oeis.org/A075464).
    const a075464 = [4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224];
    const r = await merlin("table", "--pattern", "plus", "--sizes", "2-20", "--minimum", "--json");
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out);
    expect(Object.keys(rows[0])).toEqual(["size", "rank", "nullity", "invertible", "minimum", "method"]);
    expect(rows.map((x: { minimum: number }) => x.minimum)).toEqual(a075464);
    for (const x of rows) expect(x.method).toBe(x.nullity === 0 ? "unique" : "exact");
    const text = await merlin("table", "--pattern", "plus", "--sizes", "4-5", "--minimum");
    expect(text.out).toMatch(/minimum\n\s+4\s+16\s+12\s+4\s+no\s+4\n\s+5\s+25\s+23\s+2\s+no\s+15\n$/);
    // An all-lit board no press set turns dark (checked over all 2^9 press sets): 3×3 with
    // the pattern 010/101/010 (the neighbours, not the pressed cell).
    const p = gridPuzzle({ rows: 3, cols: 3, pattern: "010/101/010" });
    const lit = new Uint8Array(9).fill(1);
    for (let x = 0; x < 512; x++) {
      const presses = new Uint8Array(9).map((_, i) => (x >>> i) & 1);
      expect(applyPresses(p, lit, presses).some((v) => v !== 0)).toBe(true);
    }
    const none = JSON.parse((await merlin("table", "--pattern", "010/101/010", "--sizes", "3", "--minimum", "--json")).out);
    expect(none[0]).toMatchObject({ size: 3, minimum: null, method: "unsolvable" });
  });
});

describe("table beyond 64 (on/off plus boards, by light chasing)", () => {
  it("rank and nullity as analyze gives them, the minimum as solve --all-lit finds it", async () => {
    const r = await merlin("table", "--pattern", "plus", "--sizes", "64-66", "--json");
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out);
    expect(rows.map((x: { size: number }) => x.size)).toEqual([64, 65, 66]);
    for (const x of rows) {
      const a = JSON.parse((await merlin("analyze", "--pattern", "plus", "--size", String(x.size), "--json")).out);
      expect(x).toEqual({ size: x.size, rank: a.rank, nullity: a.nullity, invertible: a.invertible });
    }
    const m = JSON.parse((await merlin("table", "--pattern", "plus", "--sizes", "69", "--minimum", "--json")).out);
    const s = JSON.parse((await merlin("solve", "--pattern", "plus", "--size", "69", "--all-lit", "--json")).out);
    expect(s).toMatchObject({ verified: true, method: "exact", minimal: true });
    expect(m).toEqual([{ size: 69, rank: 69 * 69 - s.nullity, nullity: s.nullity, invertible: false, minimum: s.moves, method: "exact" }]);
    const text = await merlin("table", "--pattern", "plus", "--sizes", "100");
    expect(text.out).toMatch(/^plus N×N\n size  keys  rank  nullity  invertible\n\s+100\s+10000\s+10000\s+0\s+yes\n$/);
  });
});

describe("help and bad input", () => {
  for (const cmd of ["solve", "analyze", "inverse", "table"]) {
    it(`${cmd} --help exits 0 and lists the board options`, async () => {
      const r = await merlin(cmd, "--help");
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`^merlin ${cmd} — .*\n\nusage: merlin ${cmd}`));
      expect(r.out).toMatch(/--pattern/);
      expect(r.out).toMatch(/--json/);
    });
  }

  const BAD: [string, string[], RegExp][] = [
    ["size out of range", ["analyze", "--size", "129"], /--size must be a whole number from 1 to 128, got 129/],
    ["k-state board past 64", ["analyze", "--states", "3", "--rows", "65", "--cols", "4"], /--rows must be at most 64 with --states 3, got 65/],
    ["inverse past 64×64", ["inverse", "--pattern", "x", "--size", "65"], /boards up to 4096 cells \(64×64\), x 65×65 has 4225/],
    ["graph past 4096 nodes", ["analyze", "--graph", "path:4097"], /from 3 to 4096|from 1 to 4096/],
    ["size not a number", ["analyze", "--size", "three"], /--size must be a whole number/],
    ["bad digit", ["solve", "--from", "010110102"], /'2' at cell 9 is not a digit from 0 to 1/],
    ["wrong length", ["solve", "--from", "0101"], /has 4 cells, expected 9/],
    ["not a board", ["solve", "--from", "hello"], /neither a board of 9 digits/],
    ["unknown pattern", ["analyze", "--pattern", "star"], /unknown pattern 'star'/],
    ["unknown option", ["analyze", "--colour", "3"], /unknown option --colour/],
    ["missing --from", ["solve"], /--from BOARD is required/],
    ["--to and --target", ["solve", "--from", "dark", "--to", "lit", "--target", "dark"], /--to and --target cannot be given together/],
    ["bad target", ["solve", "--from", "dark", "--target", "square"], /--target must be one of ring, lit, dark/],
    ["states out of range", ["analyze", "--states", "10"], /--states must be a whole number from 2 to 9/],
    ["bad graph", ["analyze", "--graph", "1-1"], /joins a node to itself/],
    ["bad box", ["analyze", "--box", "3x3"], /use XxYxZ/],
    ["two layouts", ["analyze", "--box", "2x2x2", "--intersections"], /--box and --intersections cannot be given together/],
    ["grid option with a graph", ["analyze", "--graph", "path:4", "--wrap"], /--graph and --wrap cannot be given together/],
    ["empty range", ["table", "--sizes", "9-3"], /the range is empty/],
    ["range too big", ["table", "--sizes", "2-199"], /--sizes must lie within 1-128/],
    ["k-state range too big", ["table", "--states", "3", "--sizes", "60-70"], /--sizes must lie within 1-64 with --states 3/],
    ["plus range too big", ["table", "--pattern", "plus", "--sizes", "2-1001"], /--sizes must lie within 1-1000 for on\/off plus boards/],
    ["stray argument", ["analyze", "plus"], /unexpected argument 'plus'/],
    ["missing value", ["solve", "--from"], /--from needs a value/],
    ["an option where the value should be", ["solve", "--from", "--target", "dark"], /--from needs a value/],
  ];
  for (const [what, argv, message] of BAD) {
    it(`${what}: exit 2, one line on stderr, nothing on stdout`, async () => {
      await expectInputError(argv, message);
    });
  }
});

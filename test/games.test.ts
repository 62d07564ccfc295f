// The game machine on k-state boards and boards of up to 64 cells, and the games of
// src/maths/games.ts (lightsout, lightsout2000, blackwhite): facts from the sources and the
// literature, brute force on small boards as the oracle for par and hints, property tests.
import { describe, expect, it } from "vitest";
import { formatBoard } from "../src/maths/boardstate";
import { checkGameBoard, digitsToCells, SolverBackend } from "../src/maths/cellboards";
import {
  ACT_COMP_TURN, ACT_HINT, ACT_NEW_GAME, ACT_PRESS, ACT_SAME_GAME, ACT_UNDO, Backend, Board, createGameFrom, GameState,
  LOST, loadGame, newEffects, PLAYING, REASON_ALL_DARK, saveGame, startProblem, step, update, WON,
} from "../src/toy/game";
import { checkerboard, DEFAULT_CYCLE, gamePuzzle, gameSpec, GameSpec, gameSpecTables, gameTables, gameTarget, parseCycle, tableBoard } from "../src/maths/games";
import { LevelBackend, LEVEL_COUNT, levelPar, levelStart } from "../src/toy/levels";
import { MaskBackend } from "../src/toy/maskgame";
import { cellsToMask, maskToBits } from "../src/toy/maskbits";
import { applyPresses, gridPuzzle, intersectionPuzzle, Puzzle, toggleMatrix } from "../src/maths/puzzle";
import { RULES_BASIC, RULES_CLASSIC, RULES_MERLIN1978 } from "../src/toy/rules";
import { compileTables } from "../src/maths/compile-tables";
import { MaskTables } from "../src/toy/tables";
import { getBit } from "../src/maths/gf2";
import { createZkMatrix, zkReduce, zkSolve } from "../src/maths/zk";
import { bruteFewest } from "./helpers/enumerate";
import { DEFAULT_PROFILE, toyGameSpecs } from "../firmware/build/build";
import { listProfiles, loadProfile } from "../hardware/validate";
import { boardBackend, profileGames } from "./helpers/profile-games";
import { firmwareBundle } from "./helpers/firmware-cache";

function game(name: string): GameSpec {
  const g = gameSpec(name);
  if (g === null) throw new Error("no game " + name);
  return g;
}

/** (target − board) mod k as digits: the press effect a solution must have. */
function diffKey(p: Puzzle, board: string, target: string): string {
  let s = "";
  for (let c = 0; c < p.cells; c++) s += (target.charCodeAt(c) - board.charCodeAt(c) + p.states) % p.states;
  return s;
}

/** Rank of the puzzle's matrix mod a prime, by plain elimination (independent of src/maths/zk.ts). */
function rankModPrime(p: Puzzle, prime: number): number {
  const a = toggleMatrix(p);
  const m: number[][] = [];
  for (let c = 0; c < p.cells; c++) {
    const row: number[] = [];
    for (let k = 0; k < p.keys; k++) row.push(getBit(a, c, k));
    m.push(row);
  }
  let rank = 0;
  for (let col = 0; col < p.keys && rank < m.length; col++) {
    const piv = m.findIndex((r, i) => i >= rank && r[col] % prime !== 0);
    if (piv < 0) continue;
    [m[rank], m[piv]] = [m[piv], m[rank]];
    let inv = 1;
    while ((m[rank][col] * inv) % prime !== 1) inv++;
    for (let i = 0; i < m.length; i++) {
      if (i === rank || m[i][col] % prime === 0) continue;
      const f = (m[i][col] * inv) % prime;
      for (let k = 0; k < p.keys; k++) m[i][k] = (((m[i][k] - f * m[rank][k]) % prime) + prime) % prime;
    }
    rank++;
  }
  return rank;
}

/** COMP TURN until the game ends (at most `limit` presses); the moves it took. */
function playHints(t: Backend<Board>, s: GameState<Board>, limit: number): number {
  const fx = newEffects<Board>(t);
  let n = 0;
  while (s.status === PLAYING && n < limit) {
    // HIT ME names the key COMP TURN then presses.
    const shown = step(t, s, { type: ACT_HINT, now: 0 }).effects.hint;
    update(t, s, { type: ACT_COMP_TURN, now: 0 }, fx);
    expect(fx.hint).toBe(shown);
    n++;
  }
  return n;
}

/** Small k-state boards whose every press vector can be tried (k^keys ≤ 60 000), with and without quiet patterns. */
const ORACLE_BOARDS: { name: string; p: Puzzle; target: string }[] = [
  { name: "x 3×3 mod 3 (nullity 2)", p: gridPuzzle({ rows: 3, cols: 3, pattern: "x", states: 3 }), target: "111101111" },
  { name: "plus 2×5 mod 3 (quiet 3·3)", p: gridPuzzle({ rows: 2, cols: 5, pattern: "plus", states: 3 }), target: "0".repeat(10) },
  { name: "plus 2×3 mod 6 (quiet 2·2·3)", p: gridPuzzle({ rows: 2, cols: 3, pattern: "plus", states: 6 }), target: "000000" },
  { name: "plus 2×3 mod 4 (quiet 2·4)", p: gridPuzzle({ rows: 2, cols: 3, pattern: "plus", states: 4 }), target: "123123" },
  { name: "blackwhite 4×4, cycle (1,3)", p: intersectionPuzzle(4, 4), target: formatBoard(checkerboard(4, 1, true)) },
  { name: "merlin 3×3 mod 5 (invertible)", p: gridPuzzle({ rows: 3, cols: 3, pattern: "merlin", states: 5 }), target: "111101111" },
];

describe("k-state boards against brute force", () => {
  for (const b of ORACLE_BOARDS) {
    it(`${b.name}: dealt starts are solvable and not solved, par is the fewest presses, hints win in par moves`, () => {
      const fewest = bruteFewest(b.p);
      const t = new SolverBackend(b.p);
      for (let seed = 0; seed < 40; seed++) {
        for (const rules of [RULES_CLASSIC, RULES_MERLIN1978]) {
          const s = createGameFrom(t, b.target, rules, null, seed, 0);
          expect(s.start).not.toBe(b.target);
          const need = fewest.get(diffKey(b.p, s.start, b.target));
          expect(need).toBeDefined();
          expect(s.par).toBe(need);
          expect(playHints(t, s, 100)).toBe(need);
          expect(s.status).toBe(WON);
          expect(s.board).toBe(b.target);
        }
      }
    });
  }

  it("a start no presses reach is refused, with the reason", () => {
    const p = gridPuzzle({ rows: 2, cols: 5, pattern: "plus", states: 3 });
    const fewest = bruteFewest(p);
    const t = new SolverBackend(p);
    let unreachable = "";
    for (let i = 0; i < 3 ** 10 && unreachable === ""; i++) {
      const b = i.toString(3).padStart(10, "0");
      if (!fewest.has(diffKey(p, b, "0".repeat(10)))) unreachable = b;
    }
    expect(startProblem(t, "0".repeat(10), RULES_CLASSIC, unreachable)).toMatch(/cannot be solved/);
    expect(() => createGameFrom(t, "0".repeat(10), RULES_CLASSIC, unreachable, 1, 0)).toThrow(/unsolvable/);
  });

  it("deals are uniform over the solvable boards other than the goal (blackwhite 3×3, cycle (1,2): 3⁴ − 1 starts)", () => {
    const p = intersectionPuzzle(3, 3);
    const t = new SolverBackend(p);
    const target = formatBoard(checkerboard(3, 1, true));
    const seen = new Map<string, number>();
    for (let seed = 0; seed < 8000; seed++) {
      const s = createGameFrom(t, target, RULES_CLASSIC, null, seed, 0);
      seen.set(s.start, (seen.get(s.start) ?? 0) + 1);
    }
    expect(seen.size).toBe(80);
    expect(seen.has(target)).toBe(false);
    for (const n of seen.values()) {
      expect(n).toBeGreaterThan(50); // 100 expected each
      expect(n).toBeLessThan(160);
    }
  });

  it("the same seed deals the same start; NEW GAME and SAME GAME work as on the toy", () => {
    const p = gridPuzzle({ rows: 3, cols: 3, pattern: "x", states: 3 });
    const t = new SolverBackend(p);
    const a = createGameFrom(t, "111101111", RULES_CLASSIC, null, 42, 0);
    expect(createGameFrom(t, "111101111", RULES_CLASSIC, null, 42, 0).start).toBe(a.start);
    const next = step(t, a, { type: ACT_NEW_GAME, now: 1 }).state;
    expect(next.puzzle).toBe(1);
    expect(next.start).toBe(createGameFrom(t, "111101111", RULES_CLASSIC, null, 42, 0, 1).start);
    const pressed = step(t, a, { type: ACT_PRESS, key: 2, now: 1 }).state;
    const again = step(t, pressed, { type: ACT_SAME_GAME, now: 2 }).state;
    expect(again).toMatchObject({ board: a.start, moves: 0, puzzle: 0 });
  });

  it("a press advances its cells one colour; undo takes it back (k − 1 more presses), also past a win", () => {
    const p = gridPuzzle({ rows: 2, cols: 3, pattern: "plus", states: 4 });
    const t = new SolverBackend(p);
    // Key 2 (top middle) pressed once from dark advances cells 1, 2, 3 and 5 (1-based).
    const s = createGameFrom(t, "000000", RULES_CLASSIC, "111010", 0, 0);
    const fx = newEffects<Board>(t);
    update(t, s, { type: ACT_PRESS, key: 1, now: 1 }, fx);
    // Key 1 (top left) advances cells 1, 2 and 4.
    expect(s.board).toBe("221110");
    expect(fx.frame).toBe("221110");
    update(t, s, { type: ACT_UNDO, now: 2 }, fx);
    expect(s).toMatchObject({ board: "111010", moves: 0 });
    // merlin1978 keeps keys live after a win: key 1 three times from one press of it wins, a fourth plays on from the new board.
    const won = createGameFrom(t, "000000", RULES_MERLIN1978, "110100", 0, 0);
    for (let i = 0; i < 3; i++) update(t, won, { type: ACT_PRESS, key: 1, now: 1 }, fx);
    expect(won).toMatchObject({ board: "000000", status: WON, moves: 3 });
    update(t, won, { type: ACT_PRESS, key: 1, now: 1 }, fx);
    expect(won).toMatchObject({ board: "110100", status: PLAYING, moves: 4 });
    update(t, won, { type: ACT_UNDO, now: 2 }, fx);
    expect(won).toMatchObject({ board: "000000", status: WON, moves: 3 });
  });

  it("basic: every cell at 0 loses (all-dark), and dealt starts are never all 0", () => {
    const p = gridPuzzle({ rows: 2, cols: 3, pattern: "plus", states: 3 });
    const t = new SolverBackend(p);
    // Two presses of key 1 from dark: one more press of key 1 darkens the board (3 ≡ 0).
    const start = "220200";
    const s = createGameFrom(t, "111111", RULES_BASIC, start, 0, 0);
    update(t, s, { type: ACT_PRESS, key: 1, now: 1 }, newEffects<Board>(t));
    expect(s).toMatchObject({ board: "000000", status: LOST, reason: REASON_ALL_DARK });
    for (let seed = 0; seed < 300; seed++) expect(createGameFrom(t, "111111", RULES_BASIC, null, seed, 0).start).not.toBe("000000");
  });

  it("save and load round-trip every game state; damaged texts are refused", () => {
    for (const b of ORACLE_BOARDS) {
      const t = new SolverBackend(b.p);
      const s = createGameFrom(t, b.target, RULES_CLASSIC, null, 5, 100);
      const fx = newEffects<Board>(t);
      update(t, s, { type: ACT_COMP_TURN, now: 150 }, fx);
      update(t, s, { type: ACT_PRESS, key: 1, now: 200 }, fx);
      const text = saveGame(t, s, 300);
      expect(text).toBe(`M2,classic,5,0,${b.target},${s.start},${s.board},2,0,200`);
      const back = loadGame(t, text, 1000);
      expect(back).not.toBeNull();
      expect(back).toMatchObject({ rules: RULES_CLASSIC, seed: 5, target: b.target, start: s.start, board: s.board, moves: 2, par: s.par, status: s.status });
      expect(back!.startedAt).toBe(800);
      // A digit too large for k, a board of the wrong length, a board no presses reach from the start.
      const parts = text.split(",");
      const bad = (i: number, v: string) => parts.map((x, j) => (j === i ? v : x)).join(",");
      expect(loadGame(t, bad(6, String(b.p.states).repeat(b.p.cells)))).toBeNull();
      expect(loadGame(t, bad(6, s.board + "0"))).toBeNull();
      expect(loadGame(t, bad(4, s.start))).toBeNull(); // the start as the goal: already solved
    }
  });
});

describe("boards of 33 to 64 cells, and on/off boards as digits", () => {
  it("5×5 plus on digit-string tables agrees with the toy's mask tables (par, hints, quiet patterns)", () => {
    const p = gridPuzzle({ rows: 5, cols: 5, pattern: "plus" });
    const mask = compileTables(p);
    const cells = new SolverBackend(p);
    for (let seed = 0; seed < 30; seed++) {
      const m = createGameFrom(new MaskBackend(mask), 0, RULES_CLASSIC, null, seed, 0);
      const c = createGameFrom(cells, "0".repeat(25), RULES_CLASSIC, maskToBits(m.start, 25), seed, 0);
      expect(c.par).toBe(m.par);
      expect(playHints(cells, c, 30)).toBe(m.par);
      expect(c.status).toBe(WON);
    }
  });

  it("8×8 plus (64 cells) plays to a win by its hints; 9×9 is refused", () => {
    const p = gridPuzzle({ rows: 8, cols: 8, pattern: "plus" });
    const t = gameTables(p);
    const s = createGameFrom(t, "0".repeat(64), RULES_CLASSIC, null, 3, 0);
    expect(typeof s.start).toBe("string");
    const par = s.par;
    expect(playHints(t, s, 200)).toBe(par);
    expect(s.status).toBe(WON);
    expect(loadGame(t, saveGame(t, s))).toMatchObject({ board: s.board, moves: par, status: WON });
    expect(() => checkGameBoard(gridPuzzle({ rows: 9, cols: 9, pattern: "plus" }))).toThrow(/at most 64 cells/);
  });
});

/** Brute force over all 2^25 press sets of 5×5 Lights Out: the fewest presses of every board (255 = unreachable). */
function lightsOutFewest(t: MaskTables): Uint8Array {
  const best = new Uint8Array(1 << 25).fill(255);
  let board = 0;
  let presses = 0;
  for (let i = 0; i < 1 << 25; i++) {
    if (i > 0) {
      const j = 31 - Math.clz32(i & -i);
      presses ^= 1 << j;
      board ^= t.toggle[j];
    }
    let n = 0;
    for (let x = presses; x !== 0; x &= x - 1) n++;
    if (n < best[board]) best[board] = n;
  }
  return best;
}

describe("lightsout: Tiger's 5×5 Lights Out", () => {
  const g = game("lightsout");
  const p = gamePuzzle(g, 5, DEFAULT_CYCLE);
  const tables = compileTables(p);
  const t = new LevelBackend(tables);
  const fewest = lightsOutFewest(tables);

  it("the 5×5 plus board has nullity 2: 2^23 solvable boards, at most 15 presses, all lit needs 15 (docs/sources.md)", () => {
    // (The game's back-end: the level game on the mask tables.)
    expect(gameSpecTables(g, p)).toBeInstanceOf(LevelBackend);
    expect(tables.quiet.length).toBe(2);
    let solvable = 0;
    let most = 0;
    for (let b = 0; b < 1 << 25; b++) {
      if (fewest[b] === 255) continue;
      solvable++;
      most = Math.max(most, fewest[b]);
    }
    expect(solvable).toBe(2 ** 23);
    expect(most).toBe(15);
    expect(createGameFrom(t, 0, RULES_CLASSIC, (1 << 25) - 1, 0, 0).par).toBe(15);
  });

  it("50 levels in bands of 5 from 6 to 15 fewest presses (brute force), different boards, the same for the same seed", () => {
    for (const seed of [0, 12345]) {
      const starts = new Set<number>();
      for (let level = 1; level <= LEVEL_COUNT; level++) {
        const s = createGameFrom(t, 0, g.rules, null, seed, 0, level - 1);
        expect(levelPar(level)).toBe(6 + Math.floor((level - 1) / 5));
        expect(fewest[s.start]).toBe(levelPar(level));
        expect(s.par).toBe(levelPar(level));
        starts.add(s.start);
      }
      expect(starts.size).toBe(LEVEL_COUNT);
    }
    expect(createGameFrom(t, 0, g.rules, null, 0, 0, 9).start).toBe(createGameFrom(t, 0, g.rules, null, 0, 0, 9).start);
    expect(createGameFrom(t, 0, g.rules, null, 1, 0, 9).start).not.toBe(createGameFrom(t, 0, g.rules, null, 0, 0, 9).start);
  });

  it("level 50 deals the 7 350 boards needing 15 presses (brute force) about equally, no other: χ² over 147 000 seeds", () => {
    // The count of boards needing 15 presses is the brute force's, not the code's.
    const hardest: number[] = [];
    for (let b = 0; b < 1 << 25; b++) if (fewest[b] === 15) hardest.push(b);
    expect(hardest.length).toBe(7350);
    const counts = new Map<number, number>();
    const draws = 20 * hardest.length;
    for (let seed = 0; seed < draws; seed++) {
      const b = levelStart(tables, 0, seed, LEVEL_COUNT);
      expect(fewest[b]).toBe(15);
      counts.set(b, (counts.get(b) ?? 0) + 1);
    }
    // Every board is dealt (each is missed with chance e^−20), and Pearson's χ² against the
    // uniform distribution is about its degrees of freedom (σ = √(2·7 349) ≈ 121).
    expect(counts.size).toBe(hardest.length);
    let chi2 = 0;
    for (const n of counts.values()) chi2 += (n - 20) ** 2 / 20;
    expect(chi2).toBeLessThan(hardest.length - 1 + 6 * Math.sqrt(2 * (hardest.length - 1)));
  });

  it("NEW GAME goes to the next level; past level 50 the deals are random solvable boards", () => {
    const s = createGameFrom(t, 0, g.rules, null, 0, 0, 3);
    const next = step(t, s, { type: ACT_NEW_GAME, now: 1 }).state;
    expect(next.puzzle).toBe(4);
    expect(fewest[next.start]).toBe(levelPar(5));
    for (let puzzle = LEVEL_COUNT; puzzle < LEVEL_COUNT + 20; puzzle++) {
      const r = createGameFrom(t, 0, g.rules, null, 0, 0, puzzle);
      expect(fewest[r.start]).not.toBe(255);
      expect(r.start).not.toBe(0);
    }
  });

  it("classic rules: lost at 10 over par, hints win in par moves", () => {
    const s = createGameFrom(t, 0, g.rules, null, 0, 0, 0);
    expect(playHints(t, s, 30)).toBe(6);
    const lose = createGameFrom(t, 0, g.rules, null, 0, 0, 0);
    const fx = newEffects(t);
    // Level 1's par is 6: the 15th move (9 over) still plays, the 16th (10 over) loses.
    for (let i = 0; i < 15; i++) update(t, lose, { type: ACT_PRESS, key: 13, now: i }, fx);
    expect(lose).toMatchObject({ status: PLAYING, moves: 15 });
    update(t, lose, { type: ACT_PRESS, key: 13, now: 15 }, fx);
    expect(lose).toMatchObject({ status: LOST, moves: 16 });
  });
});

describe("levels: uniform over the boards needing exactly the level's presses", () => {
  it("4×4 plus (nullity 4: most boards have 16 solutions, ties at the fewest): level 1 of seeds 0…19 999 deals every 6-press board about equally, no other", () => {
    const p = gridPuzzle({ rows: 4, cols: 4, pattern: "plus" });
    const t = compileTables(p);
    // Brute force over all 2^16 press sets: the fewest presses of every board.
    const fewest = new Uint8Array(1 << 16).fill(255);
    for (let presses = 0; presses < 1 << 16; presses++) {
      let board = 0;
      let n = 0;
      for (let k = 0; k < 16; k++) if ((presses >> k) & 1) (board ^= t.toggle[k]), n++;
      fewest[board] = Math.min(fewest[board], n);
    }
    const six = new Set<number>();
    for (let b = 0; b < 1 << 16; b++) if (fewest[b] === levelPar(1)) six.add(b);
    const counts = new Map<number, number>();
    const draws = 20000;
    for (let seed = 0; seed < draws; seed++) {
      const b = levelStart(t, 0, seed, 1);
      expect(six.has(b)).toBe(true);
      counts.set(b, (counts.get(b) ?? 0) + 1);
    }
    expect(counts.size).toBe(six.size);
    // Pearson's χ² against the uniform distribution: about its degrees of freedom (six.size − 1)
    // when uniform; a bias towards boards with several 6-press solutions would be far above.
    const expected = draws / six.size;
    let chi2 = 0;
    for (const n of counts.values()) chi2 += (n - expected) ** 2 / expected;
    expect(chi2).toBeLessThan(1.3 * (six.size - 1));
  });
});

describe("lightsout2000: the 3-colour 5×5 game", () => {
  const g = game("lightsout2000");
  const p = gamePuzzle(g, 5, DEFAULT_CYCLE);
  const t = gameSpecTables(g, p);

  it("the 5×5 plus matrix has rank 22 over Z_3 (a 3-dimensional kernel: 27 quiet patterns), so 3^22 boards are solvable", () => {
    expect(rankModPrime(p, 3)).toBe(22);
    expect(t.reachable).toBe(3 ** 22);
  });

  it("a press advances its plus one colour mod 3; dealt games are won by their hints in par moves", () => {
    const s = createGameFrom(t, gameTarget(g, p, DEFAULT_CYCLE).join(""), g.rules, null, 9, 0);
    expect(s.target).toBe("0".repeat(25));
    const after = step(t, s, { type: ACT_PRESS, key: 13, now: 0 }).state;
    const cellsBefore = digitsToCells(String(s.start));
    const cellsAfter = digitsToCells(String(after.board));
    for (let c = 0; c < 25; c++) {
      const inPlus = [7, 11, 12, 13, 17].indexOf(c) >= 0;
      expect(cellsAfter[c]).toBe(inPlus ? (cellsBefore[c] + 1) % 3 : cellsBefore[c]);
    }
    for (let seed = 0; seed < 5; seed++) {
      const d = createGameFrom(t, "0".repeat(25), g.rules, null, seed, 0);
      expect(playHints(t, d, 60)).toBe(d.par);
      expect(d.status).toBe(WON);
    }
  });
});

describe("blackwhite: source 001's colour game", () => {
  const g = game("blackwhite");

  /** Source 001's solution for the (i, j) cycle on an (i+j)×(i+j) board: a(m,l) ≡ (−1)^(m+l)·m·l·i mod (i+j), m, l = 1…i+j−1. */
  function sourceSolution(i: number, j: number): number[] {
    const k = i + j;
    const out: number[] = [];
    for (let m = 1; m < k; m++) for (let l = 1; l < k; l++) out.push((((((m + l) % 2 ? -1 : 1) * m * l * i) % k) + k) % k);
    return out;
  }

  it("(1,2) on 3×3: pressing each of the four buttons once swaps black and white (the source's table 1 1 / 1 1, sum 4)", () => {
    const p = gamePuzzle(g, 3, parseCycle("1,2"));
    const t = gameSpecTables(g, p);
    const target = formatBoard(gameTarget(g, p, parseCycle("1,2")));
    const s = createGameFrom(t, target, g.rules, formatBoard(checkerboard(3, 1, false)), 0, 0);
    expect(s.par).toBe(4);
    for (let key = 1; key <= 4; key++) update(t, s, { type: ACT_PRESS, key, now: 0 }, newEffects<Board>(t));
    expect(s.status).toBe(WON);
  });

  for (const [i, j] of [[1, 3], [2, 2], [3, 1], [1, 4], [2, 3], [3, 2], [4, 1], [1, 5], [2, 4], [5, 1]]) {
    it(`(${i},${j}) on ${i + j}×${i + j}: par is the sum of the source's solution table, and its presses win`, () => {
      const cycle = { white: i, black: j };
      const p = gamePuzzle(g, i + j, cycle);
      const t = gameSpecTables(g, p);
      const target = formatBoard(gameTarget(g, p, cycle));
      const table = sourceSolution(i, j);
      const s = createGameFrom(t, target, g.rules, formatBoard(checkerboard(i + j, i, false)), 0, 0);
      expect(s.par).toBe(table.reduce((a, b) => a + b, 0));
      const fx = newEffects<Board>(t);
      table.forEach((times, key) => {
        for (let n = 0; n < times; n++) update(t, s, { type: ACT_PRESS, key: key + 1, now: 0 }, fx);
      });
      expect(s).toMatchObject({ status: WON, board: target });
    });
  }

  it("(3,8) on 11×11: the solver reproduces the source's example, whose presses sum to 504", () => {
    const p = intersectionPuzzle(11, 2);
    const bits = toggleMatrix(p);
    const a = createZkMatrix(p.cells, p.keys, 11);
    for (let c = 0; c < p.cells; c++) for (let k = 0; k < p.keys; k++) a.data[c * p.keys + k] = getBit(bits, c, k);
    // Black cells need 3 presses to turn white, white cells 8 to turn black.
    const need = checkerboard(11, 1, true).map((v) => (v ? 3 : 8));
    const x = zkSolve(zkReduce(a), need);
    expect(x).not.toBeNull();
    expect(Array.from(x!)).toEqual(sourceSolution(3, 8));
    expect(Array.from(x!).reduce((s, v) => s + v, 0)).toBe(504);
  });

  it("the source's start is solvable only on sides that are multiples of (i + j) / gcd(i, j): i + j itself when i, j are coprime, as the source states", () => {
    // With d = gcd(i, j) the (i, j) puzzle is d times the (i/d, j/d) one mod i + j: e.g. (2,2)
    // plays on 6×6 and (2,4) on 3×3, which the source's rule (stated for coprime cycles such as
    // its (1,2) and (3,8)) would refuse. Where solvable, the hints play it to a win.
    const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
    for (let k = 2; k <= 6; k++) {
      for (let i = 1; i < k; i++) {
        const cycle = { white: i, black: k - i };
        for (let n = 3; n <= 8; n++) {
          const p = gamePuzzle(g, n, cycle);
          const t = gameSpecTables(g, p);
          const target = tableBoard(t, gameTarget(g, p, cycle));
          const start = tableBoard(t, checkerboard(n, i, false));
          const ok = n % (k / gcd(i, k - i)) === 0;
          expect(startProblem(t, target, g.rules, start) === null, `(${i},${k - i}) on ${n}×${n}`).toBe(ok);
          if (ok && n <= 6) {
            const s = createGameFrom(t, target, g.rules, start, 0, 0);
            expect(playHints(t, s, 300)).toBe(s.par);
            expect(s.status).toBe(WON);
          }
        }
      }
    }
  });

  it("dealt games on 4×4 and 5×5 with any cycle are won by their hints in par moves", () => {
    for (const [n, c] of [[4, "1,3"], [5, "2,3"], [5, "1,1"], [4, "2,4"]] as [number, string][]) {
      const cycle = parseCycle(c);
      const p = gamePuzzle(g, n, cycle);
      const t = gameSpecTables(g, p);
      for (let seed = 0; seed < 5; seed++) {
        const s = createGameFrom(t, tableBoard(t, gameTarget(g, p, cycle)), g.rules, null, seed, 0);
        expect(playHints(t, s, 200)).toBe(s.par);
        expect(s.status).toBe(WON);
      }
    }
  });

  it("--cycle is I,J with I, J ≥ 1 and I + J ≤ 6", () => {
    expect(parseCycle("2,3")).toEqual({ white: 2, black: 3 });
    for (const bad of ["0,2", "3,4", "1", "1,2,3", "a,b", "1.5,2", ",2"]) expect(() => parseCycle(bad)).toThrow(/--cycle must be I,J/);
  });
});

describe("the 3×3 toy game is unchanged", () => {
  it("the firmware of a board without games carries none of the cell back-end; a pixel board's carries it in its games' modules, not in Magic Square's", async () => {
    const b = await firmwareBundle(DEFAULT_PROFILE);
    expect(b.findings).toEqual([]);
    // (Magic Square and its back-ends are a Storage module of their own: merlin-magicsquare.js.)
    const magic = (x: typeof b) => (x.games ?? []).find((g) => g.file === "merlin-magicsquare.js")?.code ?? "";
    expect(magic(b)).not.toBe("");
    // Names of the cell-board path before the back-ends (the build shortens the back-ends' own members).
    for (const name of ["extras", "levelDeal", "allDark", "advance", "canReach", "reachCount", "parOf", "hintKey", "padsOf", "dealFrom"]) {
      expect(b.code + magic(b)).not.toContain(name);
    }
    // Every back-end but the mask one extends a class (the level back-end the mask one, the cell
    // back-end DigitBoards), and the cell deal redraws 32-bit draws at or above a multiple of k
    // below 2^32: this board's files hold neither; a pixel board's cell back-end module both, and
    // its Magic Square module neither (it reads the class from that file when a game needs it).
    const all = (x: typeof b) => x.code + (x.games ?? []).map((g) => g.code).join("");
    expect(all(b)).not.toMatch(/\bextends\b/);
    expect(all(b)).not.toContain("4294967296");
    const pixels = await firmwareBundle("pico-4x4-neopixel");
    const cells = (pixels.games ?? []).find((g) => g.file === "merlin-cells.js")?.code ?? "";
    expect(cells).toMatch(/\bextends\b/);
    expect(cells).toContain("4294967296");
    expect(magic(pixels)).not.toMatch(/\bextends\b/);
    expect(magic(pixels)).not.toContain("4294967296");
  });


  it("mask tables still hold masks: a dealt game's boards are numbers and its save is the M2 line of decimals", () => {
    const t = compileTables(gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" }));
    const ring = cellsToMask(Uint8Array.from([1, 1, 1, 1, 0, 1, 1, 1, 1]));
    const s = createGameFrom(new MaskBackend(t), ring, RULES_BASIC, 0b101011010, 7, 0);
    expect(typeof s.board).toBe("number");
    expect(saveGame(new MaskBackend(t), s)).toBe("M2,basic,7,0,495,346,346,0,0,0");
  });
});

describe("where each key is pressed: padOfKey and keyAt, on the board and every game of every profile", () => {
  for (const name of listProfiles()) {
    it(`${name}: inverse of each other, each key at a pad it advances (the first where the keys are not the pads), as \`merlin play\` has it`, () => {
      const p = loadProfile(name);
      const pads = p.rows * p.cols;
      const specs = toyGameSpecs(p);
      const played: { name: string; toy: Backend<Board>; node: Backend<Board> }[] = [{ name: "rule sets", toy: boardBackend(p), node: boardBackend(p) }];
      for (const g of profileGames(p)) {
        const spec = specs.find((s) => s.spec.name === g.name);
        if (spec === undefined) throw new Error(`no game spec ${g.name}`);
        played.push({ name: g.name, toy: g.backend(), node: gameSpecTables(spec.spec, spec.puzzle) });
      }
      // The 3×3 boards play their rule sets only; pixel boards their games as well.
      expect(played.length).toBe(p.leds.drive === "neopixel" ? 1 + specs.length : 1);
      for (const { name: game, toy, node } of played) {
        expect(toy.rows * toy.cols, game).toBe(pads);
        const keyPads: number[] = [];
        for (let key = 0; key < toy.keys; key++) {
          const pad = toy.padOfKey(key);
          expect(pad >= 0 && pad < pads, `${game} key ${key}`).toBe(true);
          expect(toy.keyAt(pad), `${game} key ${key}`).toBe(key);
          const advanced = toy.digits(toy.press(toy.dark, key));
          expect(advanced[pad], `${game} key ${key}`).not.toBe("0");
          if (toy.keys === toy.cells) expect(pad).toBe(key);
          else expect(pad).toBe(advanced.search(/[^0]/));
          expect(node.padOfKey(key), `${game} key ${key} in Node`).toBe(pad);
          keyPads.push(pad);
        }
        // The other pads are no keys; Node presses the same key at every pad.
        for (let pad = 0; pad < pads; pad++) {
          expect(toy.keyAt(pad), `${game} pad ${pad}`).toBe(keyPads.indexOf(pad));
          expect(node.keyAt(pad), `${game} pad ${pad} in Node`).toBe(toy.keyAt(pad));
        }
        // blackwhite's keys are the inner intersections: no key on the last row and column.
        if (game === "blackwhite") {
          const noKeys = [];
          for (let pad = 0; pad < pads; pad++) if (toy.keyAt(pad) < 0) noKeys.push(pad);
          const edge = [];
          for (let pad = 0; pad < pads; pad++) if (pad % p.cols === p.cols - 1 || pad >= pads - p.cols) edge.push(pad);
          expect(noKeys).toEqual(edge);
        }
      }
    });
  }
});

// Tic-Tac-Toe as a game module: every line of play against `perfect` (both starts) ends in no
// loss for Merlin; `merlin` can be beaten; the timed table of a game under a fake clock.
import { describe, expect, it } from "vitest";
import {
  createEffects, draw, GameEffects, KEY_COMP_TURN, KEY_HIT_ME, KEY_SAME_GAME, layoutFor, STATUS_DRAW, STATUS_LOST, STATUS_PLAYING, STATUS_WON,
} from "../src/toy/gamemodule";
import { cellAt, hasLine, LEVEL_MERLIN, LEVEL_PERFECT, MERLIN_DELAY_MS, merlinMove, perfectMove, TicTacToeState, tictactoe } from "../src/toy/games/tictactoe";
import { CUE_DRAW, CUE_ILLEGAL, CUE_LOSS, CUE_MERLIN, CUE_PRESS, CUE_WIN } from "../src/toy/sounds";

const layout = layoutFor(3, 3);

function game(level: string, seed = 1): TicTacToeState {
  const s = tictactoe.create(seed, layout, 0);
  tictactoe.command(s, "level", level, 0, createEffects());
  return s;
}

function copy(s: TicTacToeState): TicTacToeState {
  return tictactoe.load(tictactoe.save(s), layout)!;
}

/** Plays pad k, then lets Merlin answer when he is due. */
function play(s: TicTacToeState, k: number): GameEffects {
  const fx = createEffects();
  tictactoe.key(s, k, 0, fx);
  if (tictactoe.due(s) >= 0) tictactoe.tick(s, tictactoe.due(s), fx);
  return fx;
}

/** Every game the opponent can play from `s` (Merlin's answers are the module's): counts of results. */
function walk(s: TicTacToeState, counts: number[]): void {
  const st = tictactoe.status(s);
  // The status the module keeps from mark to mark is the one its marks make.
  expect(st).toBe(hasLine(s.ones) ? STATUS_WON : hasLine(s.twos) ? STATUS_LOST : (s.ones | s.twos) === 511 ? STATUS_DRAW : STATUS_PLAYING);
  if (st !== STATUS_PLAYING) {
    counts[st]++;
    return;
  }
  for (let k = 1; k <= 9; k++) {
    if (cellAt(s, k - 1) !== 0) continue;
    const t = copy(s);
    play(t, k);
    walk(t, counts);
  }
}

describe("tictactoe: the perfect level never loses", () => {
  it("against every line of play, the player first", () => {
    const counts = [0, 0, 0, 0];
    walk(game("perfect"), counts);
    expect(counts[STATUS_WON]).toBe(0);
    expect(counts[STATUS_LOST] + counts[STATUS_DRAW]).toBeGreaterThan(100);
  });

  it("against every line of play, Merlin first (COMP TURN)", () => {
    const s = game("perfect");
    expect(play(s, KEY_COMP_TURN).cues).toEqual([CUE_PRESS, CUE_MERLIN]);
    const counts = [0, 0, 0, 0];
    walk(s, counts);
    expect(counts[STATUS_WON]).toBe(0);
    expect(counts[STATUS_LOST]).toBeGreaterThan(0);
  });
});

// The rules as first written, cell by cell: for each empty cell, the eight lines again. The
// module asks the same questions of the eight lines once (a key costs less on the toy); these
// definitions check that it gives the same answers on every position.
const LINES = [7, 56, 448, 73, 146, 292, 273, 84];
const ORDER = [4, 0, 2, 6, 8, 1, 3, 5, 7];
const FULL = 511;
const lineByWalk = (m: number) => LINES.some((l) => (m & l) === l);
function completesAt(mine: number, theirs: number): number {
  for (const line of LINES) {
    const gap = line & ~mine;
    if ((theirs & line) === 0 && gap !== 0 && (gap & (gap - 1)) === 0) return Math.log2(gap);
  }
  return -1;
}
const threatCount = (mine: number, theirs: number) =>
  LINES.filter((line) => {
    const gap = line & ~mine;
    return (theirs & line) === 0 && gap !== 0 && (gap & (gap - 1)) === 0;
  }).length;
const emptyCells = (a: number, b: number) => [...Array(9).keys()].filter((c) => ((a | b) & (1 << c)) === 0);
const forkFor = (theirs: number, mine: number) => emptyCells(theirs, mine).some((c) => threatCount(theirs | (1 << c), mine) >= 2);
function perfectByCells(me: number, op: number): number {
  const free = (c: number) => ((me | op) & (1 << c)) === 0;
  let c = completesAt(me, op);
  if (c >= 0) return c;
  c = completesAt(op, me);
  if (c >= 0) return c;
  for (const d of ORDER) if (free(d) && threatCount(me | (1 << d), op) >= 2) return d;
  if (forkFor(op, me)) {
    for (const d of ORDER) {
      if (!free(d)) continue;
      const mine = me | (1 << d);
      const forced = completesAt(mine, op);
      if (forced >= 0 ? threatCount(op | (1 << forced), mine) < 2 : !forkFor(op, mine)) return d;
    }
  }
  if (free(4)) return 4;
  for (const d of ORDER.slice(1, 5)) if (free(d) && (op & (1 << (8 - d))) !== 0) return d;
  return ORDER.find(free) ?? -1;
}
/** Merlin's own move by cells, and the random number it leaves (the module's draw: nextRandom, then below n). */
function merlinByCells(rng: number, me: number, op: number): [number, number] {
  let c = completesAt(me, op);
  if (c >= 0) return [c, rng];
  c = completesAt(op, me);
  if (c >= 0) return [c, rng];
  const attacking = emptyCells(me, op).filter((d) => threatCount(me | (1 << d), op) > 0);
  if (attacking.length === 0 && ((me | op) & 16) === 0) return [4, rng];
  const pool = attacking.length > 0 ? attacking : emptyCells(me, op);
  const holder = { rng };
  const pick = draw(holder, pool.length);
  return [pool[pick], holder.rng];
}

describe("tictactoe: the rules by masks", () => {
  // Every position of two disjoint sets of marks, full boards left out (no move to make).
  const positions: [number, number][] = [];
  for (let code = 0; code < 19683; code++) {
    let me = 0;
    let op = 0;
    for (let c = 0, x = code; c < 9; c++, x = Math.floor(x / 3)) {
      if (x % 3 === 1) me |= 1 << c;
      if (x % 3 === 2) op |= 1 << c;
    }
    if ((me | op) !== FULL) positions.push([me, op]);
  }

  it("hasLine agrees with a walk over the eight lines for every mask", () => {
    for (let m = 0; m < 512; m++) expect(hasLine(m), `mask ${m}`).toBe(lineByWalk(m));
  });

  it("the perfect move is the rule list's, cell by cell, on every position", () => {
    let differ = 0;
    for (const [me, op] of positions) if (perfectMove(me, op) !== perfectByCells(me, op)) differ++;
    expect(differ).toBe(0);
    expect(positions.length).toBe(3 ** 9 - 2 ** 9);
  });

  it("Merlin's own move and the random number it draws are the definition's on every position", () => {
    let differ = 0;
    for (const [me, op] of positions) {
      for (const rng of [1, 0x2545f491, 0x7fffffff]) {
        const holder = { rng };
        const c = merlinMove(holder, me, op);
        const [d, after] = merlinByCells(rng, me, op);
        if (c !== d || holder.rng !== after) differ++;
      }
    }
    expect(differ).toBe(0);
  });
});

describe("tictactoe: the merlin level", () => {
  it("can be beaten: for most seeds some line of play wins", () => {
    let beaten = 0;
    for (let seed = 0; seed < 20; seed++) {
      const counts = [0, 0, 0, 0];
      walk(game("merlin", seed), counts);
      if (counts[STATUS_WON] > 0) beaten++;
    }
    expect(beaten).toBeGreaterThanOrEqual(15);
  });

  it("takes a win and blocks a line", () => {
    const s = game("merlin");
    // You 1, Merlin (centre: nothing to attack yet), you 2: Merlin blocks at 3.
    play(s, 1);
    expect(cellAt(s, 4)).toBe(2);
    play(s, 2);
    expect(cellAt(s, 2)).toBe(2);
  });
});

describe("tictactoe: a timed table under a fake clock", () => {
  it("Merlin answers MERLIN_DELAY_MS after the press; keys in between are refused", () => {
    const s = game("perfect");
    const rows: [number, number | "tick", number[], string][] = [
      // time, key or tick, cues, cells after
      [0, 1, [CUE_PRESS], "100000000"],
      [100, 5, [CUE_ILLEGAL], "100000000"],
      [MERLIN_DELAY_MS - 1, "tick", [], "100000000"],
      [MERLIN_DELAY_MS, "tick", [CUE_MERLIN], "100020000"],
      [1000, 9, [CUE_PRESS], "100020001"],
      [1000 + MERLIN_DELAY_MS, "tick", [CUE_MERLIN], "120020001"],
      [2000, 8, [CUE_PRESS], "120020011"],
      [2000 + MERLIN_DELAY_MS, "tick", [CUE_MERLIN], "120020211"],
      [3000, 3, [CUE_PRESS], "121020211"],
      [3000 + MERLIN_DELAY_MS, "tick", [CUE_MERLIN], "121022211"],
      [4000, 4, [CUE_DRAW], "121122211"],
      [4100, 6, [CUE_ILLEGAL], "121122211"],
    ];
    for (const [t, k, cues, cells] of rows) {
      const fx = createEffects();
      if (k === "tick") tictactoe.tick(s, t, fx);
      else tictactoe.key(s, k, t, fx);
      expect(fx.cues, `at ${t}`).toEqual(cues);
      expect(tictactoe.save(s).split(",")[1], `at ${t}`).toBe(cells);
    }
    expect(tictactoe.status(s)).toBe(STATUS_DRAW);
    // COMP TURN: Merlin starts as he answers, MERLIN_DELAY_MS later (a pad before is refused).
    const c = game("perfect");
    const compRows: [number, number | "tick", number[], string][] = [
      [0, KEY_COMP_TURN, [CUE_PRESS], "000000000"],
      [100, 1, [CUE_ILLEGAL], "000000000"],
      [200, KEY_COMP_TURN, [CUE_ILLEGAL], "000000000"],
      [MERLIN_DELAY_MS - 1, "tick", [], "000000000"],
      [MERLIN_DELAY_MS, "tick", [CUE_MERLIN], "000020000"],
      [1000, 1, [CUE_PRESS], "100020000"],
    ];
    for (const [t, k, cues, cells] of compRows) {
      const fx = createEffects();
      if (k === "tick") tictactoe.tick(c, t, fx);
      else tictactoe.key(c, k, t, fx);
      expect(fx.cues, `COMP TURN, at ${t}`).toEqual(cues);
      expect(tictactoe.save(c).split(",")[1], `COMP TURN, at ${t}`).toBe(cells);
    }
    // Your marks steady, Merlin's blinking.
    const fx = createEffects();
    tictactoe.show(s, fx);
    expect(fx.frame).toBe(0x3fe);
    expect(fx.blink).toBe((1 << 2) | (1 << 5) | (1 << 6) | (1 << 7));
  });

  it("a win plays the fanfare, a loss the falling steps", () => {
    const s = game("merlin", 3);
    // Two players: the first makes a row.
    tictactoe.command(s, "level", "two", 0, createEffects());
    for (const k of [1, 4, 2, 5]) play(s, k);
    expect(play(s, 3).cues).toEqual([CUE_WIN]);
    const p = game("perfect");
    play(p, KEY_COMP_TURN);
    // Merlin took the centre; a side, then the wrong block, lose.
    play(p, 2);
    let last: number[] = [];
    for (let k = 1; k <= 9 && tictactoe.status(p) === STATUS_PLAYING; k++) if (cellAt(p, k - 1) === 0) last = play(p, k).cues;
    expect(tictactoe.status(p)).toBe(STATUS_LOST);
    expect(last).toContain(CUE_LOSS);
  });
});

describe("tictactoe: refusals and saved lines", () => {
  it("refuses what it does not take and changes nothing", () => {
    const s = game("merlin");
    play(s, 5);
    const before = tictactoe.save(s);
    for (const k of [0, 10, KEY_HIT_ME, KEY_COMP_TURN, 5]) {
      const fx = createEffects();
      tictactoe.key(s, k, 5000, fx);
      expect(fx.refused).not.toBe("");
      expect(fx.cues).toEqual([CUE_ILLEGAL]);
      expect(tictactoe.save(s)).toBe(before);
    }
    const fx = createEffects();
    tictactoe.command(s, "level", "grandmaster", 0, fx);
    expect(fx.refused).toMatch(/merlin, perfect, two/);
    expect(tictactoe.save(s)).toBe(before);
    tictactoe.key(s, KEY_SAME_GAME, 0, createEffects());
    expect(s.ones | s.twos).toBe(0);
    expect(s.level).toBe(LEVEL_MERLIN);
  });

  it("round-trips random states and rejects damaged lines", () => {
    for (let seed = 0; seed < 200; seed++) {
      const s = game(seed % 2 ? "merlin" : "perfect", seed);
      const moves = seed % 7;
      for (let i = 0; i < moves && tictactoe.status(s) === STATUS_PLAYING; i++) {
        const free = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((k) => cellAt(s, k - 1) === 0);
        play(s, free[(seed * 7 + i) % free.length]);
      }
      const line = tictactoe.save(s);
      expect(tictactoe.save(tictactoe.load(line, layout)!)).toBe(line);
    }
    // A power cut just after COMP TURN: Merlin moves first at once when the toy is back.
    const started = tictactoe.load("merlin,000000000,2,1,5", layout)!;
    expect(tictactoe.due(started)).toBe(0);
    const again = createEffects();
    tictactoe.key(started, KEY_COMP_TURN, 0, again);
    expect(again.cues).toEqual([CUE_ILLEGAL]);
    expect(play(started, 1).cues).toEqual([CUE_ILLEGAL, CUE_MERLIN]);
    expect(tictactoe.save(started).split(",")[1]).toBe("000020000");
    expect(tictactoe.load("two,000000000,2,1,5", layout)).toBeNull();
    for (const bad of ["", "merlin,000000000,1,0", "merlin,000000000,2,0,5", "merlin,110000000,1,0,5", "x,000000000,1,0,5", "perfect,111220000,2,1,5", "merlin,000000003,1,0,5"]) {
      expect(tictactoe.load(bad, layout), bad).toBeNull();
    }
    expect(LEVEL_PERFECT).toBe(1);
  });
});

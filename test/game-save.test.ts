// saveGame/loadGame: a game survives a trip through flash text; anything damaged, cut short or
// inconsistent loads as null, never as a wrong game and never as a crash.
import { describe, expect, it } from "vitest";
import { ACT_COMP_TURN, ACT_PRESS, ACT_UNDO, createGame, createGameFrom, elapsedMs, GameState, loadGame, LOST, PLAYING, saveGame, step, WON } from "../src/toy/game";
import { MaskBackend } from "../src/toy/maskgame";
import { gridPuzzle } from "../src/maths/puzzle";
import { RULE_SETS, RULES_BASIC, RULES_CLASSIC, RULES_MERLIN1978 } from "../src/toy/rules";
import { compileTables } from "../src/maths/compile-tables";

const t = compileTables(gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" }));
const RING = 0b111101111;

/** What a saved game keeps: everything but the undo history. */
function kept(s: GameState, now: number) {
  return {
    rules: s.rules, target: s.target, seed: s.seed, puzzle: s.puzzle, start: s.start, board: s.board, moves: s.moves,
    par: s.par, status: s.status, reason: s.reason, elapsed: elapsedMs(s, now), frozen: s.endedAt >= 0,
  };
}

/** Many reachable states: random play under every rule set, including finished games. */
function sampleStates(): GameState[] {
  const out: GameState[] = [];
  let x = 1;
  const rand = (n: number) => {
    x = (x * 1103515245 + 12345) >>> 0;
    return (x >>> 8) % n;
  };
  for (let rules = 0; rules < RULE_SETS.length; rules++) {
    for (let seed = 1; seed <= 40; seed++) {
      let s = createGame(new MaskBackend(t), RING, rules, seed, 100);
      out.push(s);
      const n = rand(30);
      for (let i = 0; i < n; i++) {
        const r = rand(10);
        const e = r < 7 ? { type: ACT_PRESS, key: 1 + rand(9) } : r < 9 ? { type: ACT_COMP_TURN } : { type: ACT_UNDO };
        s = step(new MaskBackend(t), s, { ...e, now: 100 + 50 * i }).state;
        out.push(s);
      }
    }
  }
  return out;
}

describe("saveGame / loadGame", () => {
  const states = sampleStates();

  it("round-trips every sampled state (won, lost, playing, under each rule set) with its elapsed time", () => {
    const seen = new Set<string>();
    for (const s of states) {
      const text = saveGame(new MaskBackend(t), s, 5000);
      const back = loadGame(new MaskBackend(t), text, 20_000);
      expect(back).not.toBeNull();
      // Saved at 5 s, loaded at 20 s: the same game, the clock resumes where it was.
      expect(kept(back!, 20_000)).toEqual(kept(s, 5000));
      expect(elapsedMs(back!, 21_000)).toBe(elapsedMs(s, 5000) + (s.endedAt >= 0 ? 0 : 1000));
      expect(back!.histLen).toBe(0);
      seen.add(RULE_SETS[s.rules].name + ":" + s.status);
    }
    for (const k of ["basic:0", "basic:1", "basic:2", "merlin1978:0", "merlin1978:1", "classic:0", "classic:1"]) expect(seen.has(k)).toBe(true);
  });

  it("is one short line", () => {
    const text = saveGame(new MaskBackend(t), createGame(new MaskBackend(t), RING, RULES_BASIC, 4294967295, 0), 0);
    expect(text).toMatch(/^M2,basic,4294967295,0,495,\d+,\d+,0,0,0$/);
    expect(text.length).toBeLessThan(64);
  });

  it("never loads a wrong game: a cut-short or changed text fails, or is exactly the game it spells", () => {
    // (Damage is the store's CRC-32 to catch; a text that still loads must describe its game
    // in full, so saving what was loaded gives that very text back.)
    const samples = [states[5], states[200], states[states.length - 1]];
    const alphabet = "0123456789,abcxyzM-. ";
    const loadsAsItself = (text: string) => {
      const back = loadGame(new MaskBackend(t), text);
      return back === null || saveGame(new MaskBackend(t), back, 0) === text;
    };
    for (const s of samples) {
      const text = saveGame(new MaskBackend(t), s, 1234);
      expect(loadGame(new MaskBackend(t), text)).not.toBeNull();
      for (let n = 0; n < text.length; n++) expect(loadsAsItself(text.slice(0, n)), text.slice(0, n)).toBe(true);
      for (let i = 0; i < text.length; i++) {
        for (const ch of alphabet) {
          const bad = text.slice(0, i) + ch + text.slice(i + 1);
          if (!loadsAsItself(bad)) throw new Error("loaded as another game: " + JSON.stringify(bad));
        }
      }
      expect(loadGame(new MaskBackend(t), text + ",0")).toBeNull();
      expect(loadGame(new MaskBackend(t), text.replace(/^M2,[a-z0-9]+,/, "M2,Basic,"))).toBeNull();
    }
  });

  it("never throws on garbage", () => {
    let x = 7;
    const rand = (n: number) => {
      x = (x * 1103515245 + 12345) >>> 0;
      return (x >>> 8) % n;
    };
    const chars = "M2,basicmerlin1978classic0123456789-.e+ ";
    const junk = ["", ",", "M1", "null", "M2,,,,,,,,,", "M2,basic,1,0,495,1,1,0,0,", "\u0000\uffff", "9".repeat(400)];
    for (let i = 0; i < 3000; i++) {
      let s = "";
      const n = rand(60);
      for (let j = 0; j < n; j++) s += chars[rand(chars.length)];
      junk.push(s);
    }
    for (const s of junk) expect(loadGame(new MaskBackend(t), s)).toBeNull();
    expect(loadGame(new MaskBackend(t), undefined as unknown as string)).toBeNull();
  });

  it("recomputes status and reason from the board and moves, and rejects what the rules cannot have", () => {
    const NEAR = RING ^ t.toggle[0] ^ t.toggle[1];
    const base = createGameFrom(new MaskBackend(t), RING, RULES_BASIC, NEAR, 1, 0);
    const mutate = (rules: number, change: (s: GameState) => void) => {
      const s = { ...base, rules, hist: base.hist.slice() };
      change(s);
      return loadGame(new MaskBackend(t), saveGame(new MaskBackend(t), s, 10));
    };
    // sanity: the unchanged game loads
    expect(mutate(RULES_BASIC, () => {})).toMatchObject({ status: PLAYING, reason: 0, moves: 0, board: NEAR });
    // on the goal it is won; all dark under basic lost (source 002); 20 moves under basic lost
    expect(mutate(RULES_BASIC, (s) => { s.board = RING; s.moves = 2; })).toMatchObject({ status: WON, reason: 0 });
    expect(mutate(RULES_BASIC, (s) => { s.start = RING ^ t.toggle[0]; s.board = 0; s.moves = 3; })).toMatchObject({ status: LOST, reason: 1 });
    expect(mutate(RULES_MERLIN1978, (s) => { s.start = RING ^ t.toggle[0]; s.board = 0; s.moves = 3; })).toMatchObject({ status: PLAYING });
    expect(mutate(RULES_BASIC, (s) => { s.moves = 20; })).toMatchObject({ status: LOST, reason: 2 });
    expect(mutate(RULES_CLASSIC, (s) => { s.moves = 12; })).toMatchObject({ status: LOST, reason: 3 });
    expect(mutate(RULES_CLASSIC, (s) => { s.moves = 11; })).toMatchObject({ status: PLAYING });
    // a start that is already solved, or dark under basic
    expect(mutate(RULES_BASIC, (s) => { s.start = RING; s.board = RING; })).toBeNull();
    expect(mutate(RULES_BASIC, (s) => { s.start = 0; s.board = 0; })).toBeNull();
    expect(mutate(RULES_MERLIN1978, (s) => { s.start = 0; s.board = 0; })).not.toBeNull();
    // a board wider than the puzzle
    expect(mutate(RULES_MERLIN1978, (s) => { s.board = NEAR | (1 << 9); })).toBeNull();
    // the clock: stopped or running as saved
    expect(mutate(RULES_MERLIN1978, (s) => { s.endedAt = 5; s.moves = 4; })).toMatchObject({ status: PLAYING, endedAt: 0 });
  });

  it("rejects a board no presses reach from the start (5×5 plus has quiet patterns)", () => {
    const t5 = compileTables(gridPuzzle({ rows: 5, cols: 5, pattern: "plus" }));
    const s = createGame(new MaskBackend(t5), 0, RULES_MERLIN1978, 3, 0);
    expect(loadGame(new MaskBackend(t5), saveGame(new MaskBackend(t5), s, 0))).not.toBeNull();
    // A single lit corner is not solvable on 5×5 Lights Out (its check rows meet it oddly).
    const unreachable = { ...s, board: s.start ^ 1 };
    expect(loadGame(new MaskBackend(t5), saveGame(new MaskBackend(t5), unreachable, 0))).toBeNull();
  });
});

describe("32-cell boards (masks use the sign bit)", () => {
  it("4×8 Merlin: deals, COMP TURN wins in par moves, and saved games round-trip", () => {
    const p = gridPuzzle({ rows: 4, cols: 8, pattern: "merlin" });
    const t32 = compileTables(p);
    const lit = -1;
    for (let seed = 1; seed <= 20; seed++) {
      let s = createGame(new MaskBackend(t32), lit, RULES_CLASSIC, seed, 0);
      expect(s.start).not.toBe(lit);
      const text = saveGame(new MaskBackend(t32), s, 0);
      expect(loadGame(new MaskBackend(t32), text, 0)!.start).toBe(s.start);
      const par = s.par;
      while (s.status === PLAYING) {
        s = step(new MaskBackend(t32), s, { type: ACT_COMP_TURN, now: 1 }).state;
        const back = loadGame(new MaskBackend(t32), saveGame(new MaskBackend(t32), s, 1), 1);
        expect(back).not.toBeNull();
        expect(back!.board).toBe(s.board);
      }
      expect(s).toMatchObject({ status: WON, moves: par, board: lit });
    }
  });
});

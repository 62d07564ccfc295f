// The rule sets through the pure state machine: what a player would notice (board, moves,
// status, sounds, lights) on the edges of each rule.
import { describe, expect, it } from "vitest";
import {
  ACTION_NAMES,
  copyState,
  createGame,
  createGameFrom,
  elapsedMs,
  ERR_GAME_OVER,
  ERR_ILLEGAL_KEY,
  ERR_NOTHING_TO_REDO,
  ERR_NOTHING_TO_UNDO,
  ERR_UNKNOWN_RULES,
  GameEvent,
  GameState,
  HINT_FLASH_MS,
  HISTORY_SIZE,
  LOST,
  overPar,
  PLAYING,
  reasonName,
  step,
  Step,
  WON,
} from "../src/toy/game";
import { MaskBackend } from "../src/toy/maskgame";
import { effectOf, hint, pressCount } from "../src/toy/masksolve";
import { gridPuzzle } from "../src/maths/puzzle";
import { RULES_BASIC, RULES_CLASSIC, RULES_MERLIN1978 } from "../src/toy/rules";
import { CUE_DARK, CUE_HINT, CUE_ILLEGAL, CUE_LOSS, CUE_NEW_GAME, CUE_PRESS, CUE_UNDO, CUE_WIN } from "../src/toy/sounds";
import { compileTables } from "../src/maths/compile-tables";

const t = compileTables(gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" }));
const RING = 0b111101111;
const tog = (key: number) => t.toggle[key - 1];

/** An event by its name in ACTION_NAMES ("press", "undo", …). */
function ev(name: string, extra: Partial<GameEvent> = {}, now = 0): GameEvent {
  const type = ACTION_NAMES.indexOf(name);
  if (type < 0) throw new Error(`no event type ${name}`);
  return { type, now, ...extra };
}

/** Plays 1-based keys; returns every step. */
function playKeys(s: GameState, keys: number[], now = 0): Step[] {
  const out: Step[] = [];
  let cur = s;
  for (const k of keys) {
    const r = step(new MaskBackend(t), cur, ev("press", { key: k }, now));
    out.push(r);
    cur = r.state;
  }
  return out;
}

function last(steps: Step[]): GameState {
  return steps[steps.length - 1].state;
}

/** The state as plain data (the undo ring as an array), for deep comparison. */
function visible(s: GameState) {
  return { ...s, hist: Array.from(s.hist) };
}

// A start two presses (keys 1 and 2) from the ring; key 5 pressed twice is a no-op pair that
// never darkens it.
const NEAR = RING ^ tog(1) ^ tog(2);

describe("basic rules (source 002)", () => {
  it("a win on the 20th move stands (the win check runs last)", () => {
    const s = createGameFrom(new MaskBackend(t), RING, RULES_BASIC, NEAR, 1, 0);
    const steps = playKeys(s, [...Array(18).fill(5), 1, 2]);
    for (const st of steps.slice(0, 19)) expect(st.state.status).toBe(PLAYING);
    const end = last(steps);
    expect(end).toMatchObject({ moves: 20, status: WON, reason: 0, board: RING });
    expect(steps[19].effects.cues).toEqual([CUE_PRESS, CUE_WIN]);
  });

  it("20 moves without a win lose on the 20th (move-limit); more keys are not counted", () => {
    const s = createGameFrom(new MaskBackend(t), RING, RULES_BASIC, NEAR, 1, 0);
    const steps = playKeys(s, Array(20).fill(5));
    expect(steps[18].state.status).toBe(PLAYING);
    const end = last(steps);
    expect(end).toMatchObject({ moves: 20, status: LOST });
    expect(reasonName(end)).toBe("move-limit");
    expect(steps[19].effects.cues).toEqual([CUE_PRESS, CUE_LOSS]);
    const after = step(new MaskBackend(t), end, ev("press", { key: 1 }));
    expect(after.effects.error).toBe(ERR_GAME_OVER);
    expect(after.effects.cues).toEqual([]);
    expect(visible(after.state)).toEqual(visible(end));
  });

  it("the board going all dark loses at that move (here move 3)", () => {
    const start = tog(2) ^ tog(4) ^ tog(9);
    const s = createGameFrom(new MaskBackend(t), RING, RULES_BASIC, start, 1, 0);
    const steps = playKeys(s, [2, 4, 9]);
    expect(steps[0].state.status).toBe(PLAYING);
    expect(steps[1].state.status).toBe(PLAYING);
    const end = last(steps);
    expect(end).toMatchObject({ moves: 3, status: LOST, board: 0 });
    expect(reasonName(end)).toBe("all-dark");
    expect(steps[2].effects.frame).toBe(0);
    expect(steps[2].effects.cues).toEqual([CUE_PRESS, CUE_LOSS]);
  });

  it("illegal keys 0, 10, −1, 2.5 and NaN are reported, buzz, and do not count", () => {
    const s = createGame(new MaskBackend(t), RING, RULES_BASIC, 5, 0);
    for (const key of [0, 10, -1, 2.5, NaN, undefined]) {
      const r = step(new MaskBackend(t), s, ev("press", { key: key as number }));
      expect(r.effects.error).toBe(ERR_ILLEGAL_KEY);
      expect(r.effects.cues).toEqual([CUE_ILLEGAL]);
      expect(visible(r.state)).toEqual(visible(s));
    }
  });

  it("keys stay still after a win; SAME GAME restarts the same puzzle", () => {
    const s = createGameFrom(new MaskBackend(t), RING, RULES_BASIC, NEAR, 3, 0);
    const won = last(playKeys(s, [1, 2]));
    expect(won.status).toBe(WON);
    expect(step(new MaskBackend(t), won, ev("press", { key: 3 })).effects.error).toBe(ERR_GAME_OVER);
    const again = step(new MaskBackend(t), won, ev("sameGame", {}, 500));
    expect(again.state).toMatchObject({ start: NEAR, board: NEAR, moves: 0, status: PLAYING, startedAt: 500, endedAt: -1 });
    expect(again.effects.cues).toEqual([CUE_NEW_GAME]);
  });

  it("shows the board steadily (no blinking) and no goal preview", () => {
    const s = createGame(new MaskBackend(t), RING, RULES_BASIC, 5, 0);
    const r = step(new MaskBackend(t), s, ev("newGame", { seed: 9 }));
    expect(r.effects).toMatchObject({ frame: r.state.board, blink: 0, flashMs: 0, cues: [CUE_NEW_GAME] });
  });
});

describe("merlin1978 rules (the handheld)", () => {
  it("all dark is not a loss: a warble, and play goes on", () => {
    const start = tog(2) ^ tog(4);
    const s = createGameFrom(new MaskBackend(t), RING, RULES_MERLIN1978, start, 1, 0);
    const steps = playKeys(s, [2, 4]);
    const dark = last(steps);
    expect(dark).toMatchObject({ board: 0, status: PLAYING, reason: 0, moves: 2 });
    expect(steps[1].effects.cues).toEqual([CUE_PRESS, CUE_DARK]);
    const x = pressCount(t, 0, RING);
    let cur = dark;
    for (let i = 0; i < x; i++) cur = step(new MaskBackend(t), cur, ev("compTurn")).state;
    expect(cur).toMatchObject({ board: RING, status: WON, moves: 2 + x });
  });

  it("the board stays live after a win, lit pads blink, and coming back to the goal plays the fanfare again", () => {
    const s = createGameFrom(new MaskBackend(t), RING, RULES_MERLIN1978, NEAR, 1, 0);
    const win = playKeys(s, [1, 2], 100);
    expect(win[1].effects.cues).toEqual([CUE_PRESS, CUE_WIN]);
    expect(win[1].effects.blink).toBe(RING);
    const away = step(new MaskBackend(t), win[1].state, ev("press", { key: 5 }, 200));
    expect(away.effects.error).toBe(0);
    expect(away.state).toMatchObject({ board: RING ^ tog(5), status: PLAYING, moves: 3 });
    expect(away.effects.blink).toBe(RING ^ tog(5));
    const back = step(new MaskBackend(t), away.state, ev("press", { key: 5 }, 300));
    expect(back.state.status).toBe(WON);
    expect(back.effects.cues).toEqual([CUE_PRESS, CUE_WIN]);
    // The clock stopped at the first win.
    expect(elapsedMs(back.state, 10_000)).toBe(100);
  });

  it("SAME GAME deals a new puzzle (as the original did); NEW GAME shows the goal for 0.6 s", () => {
    const s = createGame(new MaskBackend(t), RING, RULES_MERLIN1978, 42, 0);
    const same = step(new MaskBackend(t), s, ev("sameGame"));
    expect(same.state.puzzle).toBe(1);
    expect(same.state.moves).toBe(0);
    const starts = new Set<number>();
    let cur = s;
    for (let i = 0; i < 20; i++) {
      starts.add(cur.start);
      cur = step(new MaskBackend(t), cur, ev("sameGame")).state;
    }
    expect(starts.size).toBeGreaterThan(10);
    const fresh = step(new MaskBackend(t), s, ev("newGame", { seed: 43 }));
    expect(fresh.effects).toMatchObject({ flash: RING, flashMs: 600, cues: [CUE_NEW_GAME] });
    expect(fresh.state).toMatchObject({ seed: 43, puzzle: 0 });
  });

  it("may start all dark (never on the goal)", () => {
    let dark = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const s = createGame(new MaskBackend(t), RING, RULES_MERLIN1978, seed, 0);
      expect(s.start).not.toBe(RING);
      if (s.start === 0) dark++;
    }
    expect(dark).toBeGreaterThan(0);
  });
});

/** Brute force: the fewest presses (over all 512 press sets) that turn `b` into the ring. */
function bruteMin(b: number): number {
  let best = 99;
  for (let m = 0; m < 512; m++) {
    if ((b ^ effectOf(t, m)) === RING) {
      let n = 0;
      for (let k = 0; k < 9; k++) n += (m >>> k) & 1;
      best = Math.min(best, n);
    }
  }
  return best;
}

describe("classic rules (Lights Out style)", () => {
  it("par is the brute-force minimum number of presses of the start", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const s = createGame(new MaskBackend(t), RING, RULES_CLASSIC, seed, 0);
      expect(s.par).toBe(bruteMin(s.start));
    }
  });

  it("solved at par: 0 over; the result counts the moves over par", () => {
    const s = createGameFrom(new MaskBackend(t), RING, RULES_CLASSIC, NEAR, 1, 0);
    expect(s.par).toBe(2);
    const won = last(playKeys(s, [1, 2]));
    expect(won.status).toBe(WON);
    expect(overPar(won)).toBe(0);
    const late = last(playKeys(s, [5, 5, 5, 5, 1, 2]));
    expect(late.status).toBe(WON);
    expect(overPar(late)).toBe(4);
  });

  it("lost at 10 over par without a win (over-par); a win on that move stands", () => {
    const s = createGameFrom(new MaskBackend(t), RING, RULES_CLASSIC, NEAR, 1, 0);
    const steps = playKeys(s, Array(12).fill(5));
    expect(steps[10].state.status).toBe(PLAYING);
    const end = last(steps);
    expect(end).toMatchObject({ moves: 12, status: LOST });
    expect(reasonName(end)).toBe("over-par");
    expect(overPar(end)).toBe(10);
    const justInTime = last(playKeys(s, [...Array(10).fill(5), 1, 2]));
    expect(justInTime).toMatchObject({ moves: 12, status: WON });
  });

  it("all dark is only a warble (not a loss)", () => {
    const s = createGameFrom(new MaskBackend(t), RING, RULES_CLASSIC, tog(3), 1, 0);
    const r = step(new MaskBackend(t), s, ev("press", { key: 3 }));
    expect(r.state).toMatchObject({ board: 0, status: PLAYING });
    expect(r.effects.cues).toEqual([CUE_PRESS, CUE_DARK]);
  });
});

describe("undo, hint, COMP TURN", () => {
  it("undo takes back presses one by one, restoring board, moves and status exactly", () => {
    const s = createGame(new MaskBackend(t), RING, RULES_MERLIN1978, 11, 0);
    const keys = [1, 5, 9, 2, 2, 7, 3];
    const steps = playKeys(s, keys);
    let cur = last(steps);
    for (let i = keys.length - 1; i >= 0; i--) {
      const r = step(new MaskBackend(t), cur, ev("undo"));
      expect(r.effects.cues).toEqual([CUE_UNDO]);
      cur = r.state;
      const before = i === 0 ? s : steps[i - 1].state;
      expect({ board: cur.board, moves: cur.moves, status: cur.status, reason: cur.reason }).toEqual({
        board: before.board,
        moves: before.moves,
        status: before.status,
        reason: before.reason,
      });
    }
    expect(step(new MaskBackend(t), cur, ev("undo")).effects.error).toBe(ERR_NOTHING_TO_UNDO);
  });

  it("undo after a win in merlin1978 goes back to playing; in basic a finished game cannot be undone", () => {
    const m = last(playKeys(createGameFrom(new MaskBackend(t), RING, RULES_MERLIN1978, NEAR, 1, 0), [1, 2]));
    expect(step(new MaskBackend(t), m, ev("undo")).state).toMatchObject({ status: PLAYING, moves: 1, board: RING ^ tog(2) });
    const b = last(playKeys(createGameFrom(new MaskBackend(t), RING, RULES_BASIC, NEAR, 1, 0), [1, 2]));
    expect(step(new MaskBackend(t), b, ev("undo")).effects.error).toBe(ERR_GAME_OVER);
  });

  it("the history remembers the last HISTORY_SIZE presses", () => {
    let cur = createGameFrom(new MaskBackend(t), RING, RULES_MERLIN1978, NEAR, 1, 0);
    cur = last(playKeys(cur, Array(HISTORY_SIZE + 6).fill(5)));
    let undone = 0;
    while (step(new MaskBackend(t), cur, ev("undo")).effects.error === 0) {
      cur = step(new MaskBackend(t), cur, ev("undo")).state;
      undone++;
    }
    expect(undone).toBe(HISTORY_SIZE);
    expect(cur.moves).toBe(6);
  });

  it("redo presses again what undo took back, newest first; a new move (or COMP TURN) leaves nothing to redo", () => {
    const s = createGameFrom(new MaskBackend(t), RING, RULES_MERLIN1978, NEAR, 1, 0);
    const two = last(playKeys(s, [5, 9]));
    let cur = step(new MaskBackend(t), two, ev("undo")).state;
    cur = step(new MaskBackend(t), cur, ev("undo")).state;
    expect(cur).toMatchObject({ board: s.board, moves: 0 });
    const again = step(new MaskBackend(t), cur, ev("redo"));
    expect(again.effects.cues).toEqual([CUE_PRESS]);
    expect(again.state).toMatchObject({ board: s.board ^ tog(5), moves: 1 });
    cur = step(new MaskBackend(t), again.state, ev("redo")).state;
    expect(cur).toMatchObject({ board: two.board, moves: 2 });
    expect(step(new MaskBackend(t), cur, ev("redo")).effects.error).toBe(ERR_NOTHING_TO_REDO);
    // Undone, then a new press: the undone move is gone from redo.
    cur = step(new MaskBackend(t), cur, ev("undo")).state;
    cur = step(new MaskBackend(t), cur, ev("press", { key: 1 })).state;
    expect(step(new MaskBackend(t), cur, ev("redo")).effects.error).toBe(ERR_NOTHING_TO_REDO);
    cur = step(new MaskBackend(t), cur, ev("undo")).state;
    cur = step(new MaskBackend(t), cur, ev("compTurn")).state;
    expect(step(new MaskBackend(t), cur, ev("redo")).effects.error).toBe(ERR_NOTHING_TO_REDO);
  });

  it("a take-back (a hold's) is silent and offers nothing to redo", () => {
    const s = last(playKeys(createGameFrom(new MaskBackend(t), RING, RULES_MERLIN1978, NEAR, 1, 0), [5]));
    const back = step(new MaskBackend(t), s, ev("takeBack"));
    expect(back.effects.cues).toEqual([]);
    expect(back.state.moves).toBe(0);
    expect(step(new MaskBackend(t), back.state, ev("redo")).effects.error).toBe(ERR_NOTHING_TO_REDO);
  });

  it("redo of an undone winning move wins again (merlin1978)", () => {
    const b = last(playKeys(createGameFrom(new MaskBackend(t), RING, RULES_MERLIN1978, NEAR, 1, 0), [1, 2]));
    expect(b.status).toBe(WON);
    const undone = step(new MaskBackend(t), b, ev("undo")).state;
    expect(step(new MaskBackend(t), undone, ev("redo")).state).toMatchObject({ status: WON, moves: 2, board: RING });
  });

  it("HIT ME flashes the key to press without pressing it; COMP TURN presses it", () => {
    const s = createGame(new MaskBackend(t), RING, RULES_BASIC, 21, 0);
    const h = hint(t, s.board, RING);
    const r = step(new MaskBackend(t), s, ev("hint"));
    expect(r.effects).toMatchObject({ hint: h, flash: 1 << h, flashMs: HINT_FLASH_MS, cues: [CUE_HINT] });
    expect(visible(r.state)).toEqual(visible(s));
    const c = step(new MaskBackend(t), s, ev("compTurn"));
    expect(c.state.board).toBe(s.board ^ t.toggle[h]);
    expect(c.state.moves).toBe(1);
    expect(c.effects.cues[0]).toBe(CUE_PRESS);
  });

  it("COMP TURN alone wins every basic start in exactly par moves", () => {
    for (let seed = 1; seed <= 200; seed++) {
      let cur = createGame(new MaskBackend(t), RING, RULES_BASIC, seed, 0);
      const par = cur.par;
      while (cur.status === PLAYING) cur = step(new MaskBackend(t), cur, ev("compTurn")).state;
      expect(cur).toMatchObject({ status: WON, moves: par });
    }
  });
});

describe("dealing", () => {
  it("the same seed deals the same start; NEW GAME without a seed deals the seed's next puzzle", () => {
    for (let seed = 0; seed < 50; seed++) {
      expect(createGame(new MaskBackend(t), RING, RULES_BASIC, seed, 0).start).toBe(createGame(new MaskBackend(t), RING, RULES_BASIC, seed, 999).start);
    }
    const a = createGame(new MaskBackend(t), RING, RULES_BASIC, 7, 0);
    const next = step(new MaskBackend(t), a, ev("newGame")).state;
    expect(next).toMatchObject({ seed: 7, puzzle: 1 });
    const again = step(new MaskBackend(t), step(new MaskBackend(t), a, ev("newGame", { seed: 7 })).state, ev("newGame")).state;
    expect(again.start).toBe(next.start);
  });

  it("starts are never solved, never all dark under basic", () => {
    for (let seed = 1; seed <= 5000; seed++) {
      const b = createGame(new MaskBackend(t), RING, RULES_BASIC, seed, 0);
      const c = createGame(new MaskBackend(t), RING, RULES_CLASSIC, seed, 0);
      if (b.start === RING || b.start === 0 || c.start === RING) throw new Error("bad start for seed " + seed);
    }
  });

  it("setRules switches the rule set and restarts the puzzle; unknown names change nothing", () => {
    const s = last(playKeys(createGame(new MaskBackend(t), RING, RULES_BASIC, 5, 0), [1, 2]));
    const r = step(new MaskBackend(t), s, ev("setRules", { rules: "classic" }));
    expect(r.state).toMatchObject({ rules: RULES_CLASSIC, start: s.start, board: s.start, moves: 0, status: PLAYING });
    const bad = step(new MaskBackend(t), s, ev("setRules", { rules: "chess" }));
    expect(bad.effects.error).toBe(ERR_UNKNOWN_RULES);
    expect(visible(bad.state)).toEqual(visible(s));
    // A dark start is fine for merlin1978 but not for basic: switching deals that puzzle anew.
    const dark = createGameFrom(new MaskBackend(t), RING, RULES_MERLIN1978, 0, 9, 0);
    const toBasic = step(new MaskBackend(t), dark, ev("setRules", { rules: "basic" })).state;
    expect(toBasic.start).not.toBe(0);
    expect(toBasic.start).toBe(createGame(new MaskBackend(t), RING, RULES_BASIC, 9, 0).start);
  });

  it("the pure step never changes the state it was given", () => {
    const s = createGame(new MaskBackend(t), RING, RULES_MERLIN1978, 5, 0);
    const copy = copyState(s);
    for (const e of ACTION_NAMES) {
      step(new MaskBackend(t), s, ev(e, { key: 4, rules: "basic" }));
      expect(s).toEqual(copy);
    }
  });

  it("elapsed time runs from the deal and stops when the game ends", () => {
    const s = createGameFrom(new MaskBackend(t), RING, RULES_BASIC, NEAR, 1, 1000);
    expect(elapsedMs(s, 4000)).toBe(3000);
    const a = step(new MaskBackend(t), s, ev("press", { key: 1 }, 5000)).state;
    const b = step(new MaskBackend(t), a, ev("press", { key: 2 }, 9000)).state;
    expect(elapsedMs(b, 60_000)).toBe(8000);
  });
});

// Endurance through the pins: thousands of seeded random key events — taps, bouncy
// taps, rollovers, chords, holds (new game, rules, mute, sleep, …) — on every shipped profile.
// The firmware must never throw and its memory use must not grow. Virtual clock only.
import { beforeAll, describe, expect, it } from "vitest";
import { listProfiles } from "../hardware/validate";
import type { VirtualBoard } from "../sim/board";
import { bootToy, padGeometry, prepareToy, tap, testRng, toyState } from "./helpers/toy";

const PROFILES = listProfiles();
/** Random actions per profile; each is one to three key-downs and their releases. */
const ACTIONS = 1000;
/** JsVars the estimate may differ by between the start and the end (timers, a pending save). */
const MEMORY_SLACK = 40;

/** Lets everything settle: keys up, pending saves written, sounds and flashes over. */
function settle(board: VirtualBoard): void {
  board.clock.advance(3000);
}

describe.each(PROFILES)("%s endurance", (name) => {
  const g = padGeometry(name);
  const pads = g.pads;

  beforeAll(async () => {
    await prepareToy(name);
  });

  it(`${ACTIONS} random actions: no firmware error, no growth in memory use`, () => {
    const board = bootToy(name, { seed: 11 });
    const rnd = testRng(2024);
    const pick = () => Math.floor(rnd() * pads);
    const between = (lo: number, hi: number) => lo + rnd() * (hi - lo);
    // Warm up so lazily created state (a save, a played cue) exists before the first measurement.
    tap(board, 0);
    settle(board);
    const before = board.memory().usage;
    let keyEvents = 0;
    for (let i = 0; i < ACTIONS; i++) {
      const r = rnd();
      if (r < 0.55) {
        tap(board, pick(), between(8, 100), between(5, 150));
        keyEvents += 2;
      } else if (r < 0.75) {
        // A bouncy tap: chatter up to 5 ms on both edges.
        tap(board, pick(), between(10, 120), between(10, 150), between(0, 5));
        keyEvents += 2;
      } else if (r < 0.85) {
        // Rollover: a second key goes down before the first comes up.
        const a = pick();
        const b = pick();
        board.press(a);
        board.clock.advance(between(5, 60));
        if (b !== a) board.press(b);
        board.clock.advance(between(5, 60));
        board.release(a);
        board.clock.advance(between(5, 60));
        board.release(b);
        board.clock.advance(between(20, 120));
        keyEvents += 4;
      } else if (r < 0.915) {
        // Three keys at once (ghosts on boards without diodes).
        const keys = [pick(), pick(), pick()];
        for (const k of keys) {
          board.press(k);
          board.clock.advance(between(2, 30));
        }
        board.clock.advance(between(10, 100));
        for (const k of keys) board.release(k);
        board.clock.advance(between(20, 120));
        keyEvents += 6;
      } else if (r < 0.945) {
        // A hold: mostly pad 1 (new game, so play goes on after a loss), else any pad function.
        const k = rnd() < 0.5 ? 0 : pick();
        tap(board, k, between(1500, 1800), between(50, 300));
        keyEvents += 2;
      } else if (r < 0.95) {
        // The self-test chord (pads 1 and 9), then the chord again to end it.
        for (let n = 0; n < 2; n++) {
          board.press(0);
          board.press(8);
          board.clock.advance(3100);
          board.release(0);
          board.release(8);
          board.clock.advance(between(300, 3000));
        }
        keyEvents += 8;
      } else {
        // A pause long enough for saves and sounds to finish.
        board.clock.advance(between(1000, 5000));
      }
      if (board.errors.length > 0) break;
    }
    // Undo what may have changed between the two measurements but is not a leak: asleep or
    // muted (holds on pads 9 and 7) and the rule set (pad 6).
    settle(board);
    if (toyState(board).asleep) tap(board, 1);
    if (toyState(board).muted) board.eval("Merlin.mute(false)");
    board.eval('Merlin.setRules("basic")');
    tap(board, 0);
    settle(board);
    const after = board.memory().usage;
    expect(board.errors).toEqual([]);
    expect(toyState(board).error).toBeNull();
    expect(keyEvents).toBeGreaterThanOrEqual(2000);
    expect(Math.abs(after - before), `memory ${before} → ${after} JsVars`).toBeLessThanOrEqual(MEMORY_SLACK);
    // The games went on: many were finished (won or lost) along the way.
    const stats = board.eval("Merlin.stats()") as { games: number; wins: number };
    expect(stats.games).toBeGreaterThanOrEqual(3);
    // Still a working toy: a tap is one move and shows its pattern.
    const st = toyState(board);
    if (st.status === "playing") {
      tap(board, 1);
      expect(board.ledFrame()).toBe(toyState(board).board);
    }
  });
});

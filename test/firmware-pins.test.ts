// The toy through its pins, for every shipped profile: dist/…/firmware.js runs
// unchanged on the virtual board; the tests press keys in the key matrix and judge what a
// player sees (LED pins) and hears (the piezo). The console API `Merlin` only sets up
// positions and reads status and move counts. Virtual clock only.
import { beforeAll, describe, expect, it } from "vitest";
import { listProfiles } from "../hardware/validate";
import type { Profile } from "../hardware/profile";
import { bitsToMask } from "../src/toy/maskbits";
import { minimumSolution } from "../src/toy/masksolve";
import { CUE_PRESS, cueNotes } from "../src/toy/sounds";
import type { VirtualBoard } from "../sim/board";
import { crc32 } from "../sim/board/espruino-system";
import { MAX_FILE_LENGTH } from "../src/toy/midend";
import {
  afterPresses,
  bitsOf,
  bootToy,
  hold,
  padGeometry,
  prepareToy,
  setRules,
  startAt,
  tap,
  testRng,
  toyState,
  type PadGeometry,
  type ToyState,
} from "./helpers/toy";

const PROFILES = listProfiles();

/** The note the toy plays for each press (docs/sources.md: a short low buzz, ~0.14 s). */
const PRESS_HZ = cueNotes(CUE_PRESS)[0];

interface Note {
  t: number;
  freq: number;
  ms: number;
}

/** The notes the piezo played from `fromT` on (a note lasts until the next tone change). */
function notesSince(board: VirtualBoard, fromT: number): Note[] {
  const ev = board.tones.filter((e) => e.t >= fromT);
  const out: Note[] = [];
  for (let i = 0; i < ev.length; i++) {
    if (ev[i].freq <= 0) continue;
    const end = i + 1 < ev.length ? ev[i + 1].t : board.clock.now;
    out.push({ t: ev[i].t, freq: ev[i].freq, ms: end - ev[i].t });
  }
  return out;
}

/** When the piezo last went silent at or after `fromT`. */
function silentAt(board: VirtualBoard, fromT: number): number | undefined {
  const ev = board.tones.filter((e) => e.t >= fromT && e.freq === 0);
  return ev.length ? ev[ev.length - 1].t : undefined;
}

function pressCues(board: VirtualBoard, fromT: number): number {
  return notesSince(board, fromT).filter((n) => n.freq === PRESS_HZ).length;
}

/** The rule of the win fanfare: rising arpeggios ending on the highest note, about a second. */
function expectWinFanfare(board: VirtualBoard, fromT: number): void {
  const notes = notesSince(board, fromT);
  expect(notes.length, "win fanfare notes").toBeGreaterThanOrEqual(6);
  expect(notes.some((n) => n.freq === PRESS_HZ), "the win replaces the press buzz").toBe(false);
  const freqs = notes.map((n) => n.freq);
  expect(Math.max(...freqs)).toBe(freqs[freqs.length - 1]);
  expect(freqs[freqs.length - 1]).toBeGreaterThan(freqs[0]);
  // Mostly rising: each arpeggio climbs; only the step back to the next arpeggio's root falls.
  let rises = 0;
  for (let i = 1; i < freqs.length; i++) if (freqs[i] > freqs[i - 1]) rises++;
  expect(rises).toBeGreaterThanOrEqual(Math.ceil((freqs.length - 1) * 0.7));
  const start = notes[0].t;
  const end = silentAt(board, start)!;
  expect(end - start).toBeGreaterThanOrEqual(800);
  expect(end - start).toBeLessThanOrEqual(1300);
}

/** The loss cue: falling steps (a falling line, unlike the win), about a second. */
function expectLossCue(board: VirtualBoard, fromT: number): void {
  const notes = notesSince(board, fromT);
  expect(notes.length, "loss cue notes").toBeGreaterThanOrEqual(2);
  const freqs = notes.map((n) => n.freq);
  for (let i = 1; i < freqs.length; i++) expect(freqs[i]).toBeLessThan(freqs[i - 1]);
  const end = silentAt(board, notes[0].t)!;
  expect(end - notes[0].t).toBeGreaterThanOrEqual(600);
  expect(end - notes[0].t).toBeLessThanOrEqual(1300);
}

/** Pads a board's LEDs show: 1 lit, 0 dark (over one full refresh of the display). */
function shown(board: VirtualBoard): string {
  if (board.profile.leds.drive === "neopixel") return shownNow(board, board.profile);
  return board.ledFrame();
}

/**
 * What the pads show at this instant. Direct LEDs: the pins. WS2812 pixels: the bytes the
 * firmware last sent with require("neopixel").write, three a pad (green, red, blue) — and a
 * lit pad is always Merlin's red at exactly the profile's brightness cap, never above it (the
 * power budget in hardware/generated counts that cap on every channel).
 */
function shownNow(board: VirtualBoard, profile: Profile): string {
  const leds = profile.leds;
  if (leds.drive !== "neopixel") return board.leds(0.01).map((l) => (l.litNow > 0.5 ? "1" : "0")).join("");
  const pads = profile.rows * profile.cols;
  const bytes = board.pixels.bytes(leds.pin) ?? new Uint8Array(0);
  let s = "";
  for (let i = 0; i < pads; i++) {
    const [g, r, b] = [bytes[3 * i] ?? 0, bytes[3 * i + 1] ?? 0, bytes[3 * i + 2] ?? 0];
    const lit = g !== 0 || r !== 0 || b !== 0;
    if (lit) expect([g, r, b], `pixel ${i + 1}`).toEqual([0, leds.brightness, 0]);
    s += lit ? "1" : "0";
  }
  return s;
}

/**
 * A start under the basic rules from which each of the press `sequences` (0-based pads), and
 * every prefix of it, neither wins nor goes all dark: the goal with two other presses undone.
 */
function safeStart(g: PadGeometry, ...sequences: number[][]): number {
  for (let a = 0; a < g.pads; a++) {
    for (let b = a + 1; b < g.pads; b++) {
      const s = afterPresses(g, g.goal, [a, b]);
      const ok = sequences.every((seq) => seq.every((_, i) => ![0, g.goal].includes(afterPresses(g, s, seq.slice(0, i + 1)))));
      if (s !== 0 && s !== g.goal && ok) return s;
    }
  }
  throw new Error("no safe start for " + JSON.stringify(sequences));
}

/** safeStart for one press of each of `keys` on its own. */
function safeStartEach(g: PadGeometry, keys: number[]): number {
  return safeStart(g, ...keys.map((k) => [k]));
}

/** Pads a(r0,c0), b(r0,c1), c(r1,c0) and the fourth corner d(r1,c1) of a rectangle. */
function rectangle(g: PadGeometry, r0: number, c0: number, r1: number, c1: number): [number, number, number, number] {
  return [r0 * g.cols + c0, r0 * g.cols + c1, r1 * g.cols + c0, r1 * g.cols + c1];
}

describe.each(PROFILES)("%s through its pins", (name) => {
  const g = padGeometry(name);
  const pads = g.pads;
  const bits = (m: number) => bitsOf(m, pads);
  const stm32 = g.profile.chip === "stm32";
  const diodes = g.profile.keys.diodes;

  beforeAll(async () => {
    await prepareToy(name);
  });

  function boot(opts: Parameters<typeof bootToy>[1] = {}): VirtualBoard {
    const board = bootToy(name, opts);
    expect(board.errors).toEqual([]);
    return board;
  }

  function expectHealthy(board: VirtualBoard): void {
    expect(board.errors).toEqual([]);
    expect(toyState(board).error).toBeNull();
  }

  it("boots showing its game, after the power-on light test and tone", () => {
    const board = bootToy(name, { settleMs: 0 });
    board.clock.advance(100);
    expect(shown(board)).toBe("1".repeat(pads)); // every pad lit, Merlin's power-on
    expect(board.tone.freq).toBeGreaterThan(0);
    board.clock.advance(900);
    const st = toyState(board);
    expect(shown(board)).toBe(st.board);
    expect(st.board).not.toBe(bits(g.goal));
    expect(board.tone.freq).toBe(0);
    expect(st).toMatchObject({ moves: 0, status: "playing", rules: "basic" });
    expectHealthy(board);
  });

  it("a key lights its pads first, then sounds: its cue starts as soon as the key's call has returned", () => {
    const board = boot();
    const start = safeStartEach(g, [0]);
    startAt(board, bits(start));
    board.clock.advance(1500);
    const tones = board.tones.length;
    board.eval("Merlin.press(1)");
    // Back from the call, before any timer has run: the pads show the move, the piezo has not started.
    expect(shownNow(board, g.profile)).toBe(bits(start ^ g.toggle[0]));
    expect(board.tones.length).toBe(tones);
    const t = board.clock.now;
    board.clock.advance(1);
    expect(notesSince(board, t).map((n) => n.freq)).toEqual([PRESS_HZ]);
    expectHealthy(board);
  });

  it("keys pressed in one console line: the pads show the last at once; after the line one sound, the last key's, and the files hold every move", () => {
    const board = boot();
    const start = safeStart(g, [0, 1, 2]);
    startAt(board, bits(start));
    board.clock.advance(1500);
    const moves = toyState(board).moves;
    const tones = board.tones.length;
    // (One record of what the keys leave for after their LEDs, however many keys the line presses.)
    board.eval("for (var i = 1; i <= 3; i++) Merlin.press(i)");
    const after = bits(start ^ g.toggle[0] ^ g.toggle[1] ^ g.toggle[2]);
    expect(shownNow(board, g.profile)).toBe(after);
    expect(board.tones.length).toBe(tones);
    const t = board.clock.now;
    board.clock.advance(1);
    expect(notesSince(board, t).map((n) => n.freq)).toEqual([PRESS_HZ]);
    expect(toyState(board)).toMatchObject({ board: after, moves: moves + 3 });
    // Past store.ts's write delay, a power cut: the toy comes back with the three moves.
    board.clock.advance(2000);
    board.powerCut();
    board.powerOn();
    board.clock.advance(1000);
    expect(toyState(board)).toMatchObject({ board: after, moves: moves + 3 });
    expectHealthy(board);
  });

  it("each pad toggles its Merlin pattern on the LEDs (corner block, edge line, centre plus)", () => {
    const board = boot();
    const start = safeStartEach(g, [...Array(pads).keys()]);
    if (pads === 9) {
      // docs/sources.md: corner → its 2×2 block, edge → its 3-cell edge line, centre → plus.
      expect(g.toggle.map(bits)).toEqual([
        "110110000", "111000000", "011011000",
        "100100100", "010111010", "001001001",
        "000110110", "000000111", "000011011",
      ]);
    }
    for (let k = 0; k < pads; k++) {
      startAt(board, bits(start));
      board.clock.advance(50);
      expect(shown(board)).toBe(bits(start));
      tap(board, k);
      expect(shown(board), `pad ${k + 1}`).toBe(bits(start ^ g.toggle[k]));
      expect(toyState(board).moves).toBe(1);
    }
    expectHealthy(board);
  });

  // 1 ----------------------------------------------------------------------------------
  it("a won game: the solution tapped through the matrix shows the goal and plays the fanfare", () => {
    const board = boot();
    let start: number;
    let solution: number[];
    if (pads === 9) {
      start = bitsToMask("010110101");
      // Brute force over all 512 press sets (no solver): the only one that reaches the goal.
      const found: number[] = [];
      for (let p = 0; p < 512; p++) {
        const keys = [...Array(9).keys()].filter((k) => (p >> k) & 1);
        if (afterPresses(g, start, keys) === g.goal) found.push(p);
      }
      expect(found).toHaveLength(1);
      solution = [...Array(9).keys()].filter((k) => (found[0] >> k) & 1);
    } else {
      // A start three presses from the goal; the toy's tables (min solution) must agree it is ≤ 3.
      solution = [0, Math.floor(pads / 2) + 1, pads - 1];
      start = afterPresses(g, g.goal, solution);
      expect(popcountOf(minimumSolution(g.tables, start, g.goal))).toBeLessThanOrEqual(3);
    }
    startAt(board, bits(start));
    board.clock.advance(50);
    expect(shown(board)).toBe(bits(start));
    let lastPressAt = 0;
    for (const k of solution) {
      lastPressAt = board.clock.now;
      tap(board, k);
    }
    board.clock.advance(1500);
    expect(shown(board)).toBe(bits(g.goal));
    const st = toyState(board);
    expect(st).toMatchObject({ status: "won", moves: solution.length, reason: null, board: bits(g.goal) });
    expectWinFanfare(board, lastPressAt);
    // Under the basic rules the game is over: more taps change nothing.
    const t = board.clock.now;
    tap(board, 0);
    expect(shown(board)).toBe(bits(g.goal));
    expect(toyState(board).moves).toBe(solution.length);
    expect(pressCues(board, t)).toBe(0);
    expectHealthy(board);
  });

  // 2 ----------------------------------------------------------------------------------
  it("all dark under the basic rules is a loss, with the loss cue", () => {
    const board = boot();
    const k = pads - 1;
    startAt(board, bits(g.toggle[k]));
    board.clock.advance(50);
    expect(shown(board)).toBe(bits(g.toggle[k]));
    const t = board.clock.now;
    tap(board, k);
    board.clock.advance(1500);
    expect(shown(board)).toBe("0".repeat(pads));
    expect(toyState(board)).toMatchObject({ status: "lost", reason: "all-dark", moves: 1 });
    expectLossCue(board, t);
    expectHealthy(board);
  });

  // 3 ----------------------------------------------------------------------------------
  it("20 taps without a win lose by the move limit; the 21st changes nothing", () => {
    const board = boot();
    const k = 0;
    const start = safeStart(g, [k]);
    startAt(board, bits(start));
    let lastAt = 0;
    for (let i = 1; i <= 20; i++) {
      lastAt = board.clock.now;
      tap(board, k);
      expect(shown(board)).toBe(bits(i % 2 ? start ^ g.toggle[k] : start));
      expect(toyState(board)).toMatchObject({ moves: i, status: i < 20 ? "playing" : "lost" });
    }
    board.clock.advance(1500);
    expect(toyState(board)).toMatchObject({ status: "lost", reason: "move-limit", moves: 20 });
    expectLossCue(board, lastAt);
    const t = board.clock.now;
    tap(board, k);
    expect(toyState(board).moves).toBe(20);
    expect(shown(board)).toBe(bits(start));
    expect(notesSince(board, t)).toEqual([]);
    expectHealthy(board);
  });

  it("a win on exactly the 20th move stands", () => {
    const board = boot();
    // 18 presses of d (nine pairs that cancel), then a and b: the goal on move 20.
    const a = 0;
    const b = pads - 1;
    const d = 1;
    const start = afterPresses(g, g.goal, [a, b]);
    for (const m of [start, start ^ g.toggle[d], start ^ g.toggle[a]]) expect(m !== 0 && m !== g.goal).toBe(true);
    startAt(board, bits(start));
    for (let i = 0; i < 18; i++) tap(board, d);
    tap(board, a);
    expect(toyState(board)).toMatchObject({ moves: 19, status: "playing" });
    const t = board.clock.now;
    tap(board, b);
    board.clock.advance(1500);
    expect(toyState(board)).toMatchObject({ moves: 20, status: "won", reason: null });
    expect(shown(board)).toBe(bits(g.goal));
    expectWinFanfare(board, t);
    expectHealthy(board);
  });

  // 4 ----------------------------------------------------------------------------------
  it("contact chatter of 0–5 ms on press and release registers as exactly one press", () => {
    for (const seed of [1, 2, 3]) {
      const board = boot({ bounceMs: 5, seed });
      const keys = [0, Math.floor(pads / 2), pads - 1, 1];
      const start = safeStartEach(g, keys);
      for (const k of keys) {
        startAt(board, bits(start));
        board.clock.advance(50);
        const t = board.clock.now;
        // Board-wide chatter (random, up to 5 ms) on both edges, and a per-press override.
        tap(board, k, 80, 200);
        expect(toyState(board).moves, `seed ${seed} pad ${k + 1}`).toBe(1);
        expect(shown(board)).toBe(bits(start ^ g.toggle[k]));
        expect(pressCues(board, t)).toBe(1);
        startAt(board, bits(start));
        board.clock.advance(50);
        const t2 = board.clock.now;
        tap(board, k, 80, 200, 4);
        expect(toyState(board).moves).toBe(1);
        expect(pressCues(board, t2)).toBe(1);
      }
      expectHealthy(board);
    }
  });

  it("chatter shorter than the debounce time alone is no press", () => {
    const board = boot();
    const before = toyState(board);
    const t = board.clock.now;
    const rnd = testRng(7);
    for (let i = 0; i < 20; i++) {
      const k = Math.floor(rnd() * pads);
      board.press(k);
      board.clock.advance(0.5 + rnd() * 2); // a glitch well under the 5 ms press debounce
      board.release(k);
      board.clock.advance(30);
    }
    expect(toyState(board)).toMatchObject({ moves: 0, board: before.board });
    expect(pressCues(board, t)).toBe(0);
    expectHealthy(board);
  });

  // 5 ----------------------------------------------------------------------------------
  if (!diodes) {
    it("no diodes: three keys at rectangle corners never make a phantom press of the fourth", () => {
      const board = boot();
      for (const [r0, c0, r1, c1] of [
        [0, 0, 1, 1],
        [0, 0, g.rows - 1, g.cols - 1],
        [1, 2, 2, 0],
      ]) {
        const [a, b, c, d] = rectangle(g, r0, c0, r1, c1);
        const start = safeStart(g, [a, b, d], [a, b, c]);
        startAt(board, bits(start));
        board.clock.advance(50);
        const seen = new Set<string>();
        board.press(a);
        board.clock.advance(40);
        board.press(b);
        board.clock.advance(40);
        board.press(c);
        for (let i = 0; i < 30; i++) {
          board.clock.advance(10);
          seen.add(shown(board));
        }
        board.release(c);
        board.clock.advance(40);
        board.release(b);
        board.clock.advance(40);
        board.release(a);
        board.clock.advance(200);
        const st = toyState(board);
        // a and b are unambiguous; with c the reading equals a genuine 2×2 block, so the firmware
        // keeps c and d as they were (keymatrix.ts): no press is invented.
        expect(st.moves).toBe(2);
        expect(st.board).toBe(bits(start ^ g.toggle[a] ^ g.toggle[b]));
        expect(shown(board)).toBe(st.board);
        for (const f of seen) expect(f).toBe(st.board);
        // Alone, the fourth pad is an ordinary key.
        tap(board, d);
        expect(toyState(board).moves).toBe(3);
        expect(shown(board)).toBe(bits(start ^ g.toggle[a] ^ g.toggle[b] ^ g.toggle[d]));
      }
      expectHealthy(board);
    });
  } else {
    it("diodes: every key of a held rectangle registers, and nothing else", () => {
      const board = boot();
      const [a, b, c, d] = rectangle(g, 0, 0, 1, 1);
      const start = safeStart(g, [a, b, c, d]);
      const states = [a, b, c, d].reduce((acc, k) => [...acc, acc[acc.length - 1] ^ g.toggle[k]], [start]);
      expect(states.every((m) => m !== 0 && m !== g.goal)).toBe(true);
      startAt(board, bits(start));
      board.clock.advance(50);
      board.press(a);
      board.clock.advance(40);
      board.press(b);
      board.clock.advance(40);
      board.press(c);
      board.clock.advance(100);
      expect(toyState(board).moves).toBe(3);
      expect(shown(board)).toBe(bits(states[3]));
      board.press(d);
      board.clock.advance(100);
      expect(toyState(board).moves).toBe(4);
      expect(shown(board)).toBe(bits(states[4]));
      for (const k of [a, b, c, d]) board.release(k);
      board.clock.advance(200);
      expect(toyState(board).moves).toBe(4);
      expectHealthy(board);
    });
  }

  // 6 ----------------------------------------------------------------------------------
  // Pad 8 (index 7) sticks: its 1.5 s hold only flashes the goal, on every board size.
  const STUCK = 7;
  const OTHERS = [0, 2, 4];

  /** Taps the other pads (one move and one buzz each, their patterns on the LEDs), then frees the stuck key. */
  function expectOthersThenRelease(board: VirtualBoard, from: ReturnType<typeof toyState>): void {
    let expected = bitsToMask(from.board);
    for (const k of OTHERS) {
      const t1 = board.clock.now;
      tap(board, k);
      expected ^= g.toggle[k];
      expect(shown(board), `pad ${k + 1} with pad 8 stuck`).toBe(bits(expected));
      expect(pressCues(board, t1)).toBe(1);
    }
    expect(toyState(board).moves).toBe(from.moves + OTHERS.length);
    board.unstickKey(STUCK);
    board.clock.advance(200);
    expect(toyState(board).moves).toBe(from.moves + OTHERS.length);
    tap(board, STUCK);
    expected ^= g.toggle[STUCK];
    expect(shown(board)).toBe(bits(expected));
    expect(toyState(board).moves).toBe(from.moves + OTHERS.length + 1);
    expectHealthy(board);
  }

  it("a stuck key is ignored after 10 s; the other keys still work; released, it is normal again", () => {
    const board = boot();
    const start = safeStart(g, [STUCK, ...OTHERS, STUCK], [...OTHERS, STUCK]);
    startAt(board, bits(start));
    board.clock.advance(50);
    board.stickKey(STUCK);
    board.clock.advance(10_500);
    const after = toyState(board);
    expect(shown(board)).toBe(after.board);
    // Nothing more happens while it stays stuck.
    const t = board.clock.now;
    board.clock.advance(5000);
    expect(toyState(board)).toMatchObject({ moves: after.moves, board: after.board });
    expect(notesSince(board, t)).toEqual([]);
    expectOthersThenRelease(board, after);
  });

  it("with a key stuck down the other keys still play, and once freed it plays again", () => {
    const board = boot();
    const start = safeStart(g, [STUCK, ...OTHERS, STUCK], [...OTHERS, STUCK], [STUCK, OTHERS[0], ...OTHERS, STUCK]);
    startAt(board, bits(start));
    board.clock.advance(50);
    board.stickKey(STUCK);
    board.clock.advance(10_500);
    // Whatever the stuck key's hold shows (the goal, for pad 8) is over after a second.
    tap(board, OTHERS[0], 80, 1500);
    const after = toyState(board);
    expect(after.status).toBe("playing");
    expect(shown(board)).toBe(after.board);
    expectOthersThenRelease(board, after);
  });

  // 7 ----------------------------------------------------------------------------------
  it("a power cut after the save delay resumes the same board and move count", () => {
    const board = boot();
    const start = safeStart(g, [0, 1, 0, 2]);
    startAt(board, bits(start));
    tap(board, 0);
    tap(board, 1);
    tap(board, 0);
    board.clock.advance(1500);
    const before = toyState(board);
    expect(before.moves).toBe(3);
    board.powerCut();
    board.clock.advance(5000);
    expect(shown(board)).toBe("0".repeat(pads));
    board.powerOn();
    board.clock.advance(1000);
    expect(toyState(board)).toMatchObject({ board: before.board, moves: 3, status: "playing", seed: before.seed });
    expect(shown(board)).toBe(before.board);
    tap(board, 2);
    expect(toyState(board).moves).toBe(4);
    expect(shown(board)).toBe(bits(bitsToMask(before.board) ^ g.toggle[2]));
    expectHealthy(board);
  });

  it("a power cut before the save delay loses only the unsaved presses", () => {
    const board = boot();
    const start = safeStart(g, [0, 1]);
    startAt(board, bits(start));
    tap(board, 0);
    board.clock.advance(1500);
    const saved = toyState(board);
    tap(board, 1, 80, 20);
    board.powerCut();
    board.powerOn();
    board.clock.advance(1000);
    expect(toyState(board)).toMatchObject({ board: saved.board, moves: 1 });
    expect(shown(board)).toBe(saved.board);
    expectHealthy(board);
  });

  it("a power cut that truncates the save falls back to a playable game, other files intact", () => {
    for (const afterBytes of [0, 5, 20]) {
      const board = boot();
      setRules(board, "classic");
      const start = safeStart(g, [0, 1], [0, 2]);
      startAt(board, bits(start));
      tap(board, 0);
      board.clock.advance(1500);
      const files = snapshot(board, ["merlin.cfg", "merlin.sta"]);
      board.cutPowerDuringWrite({ afterBytes });
      tap(board, 1);
      board.clock.advance(1500);
      expect(board.powered, "the power went during the save").toBe(false);
      board.powerOn();
      board.clock.advance(1000);
      const st = toyState(board);
      expect(st.status).toBe("playing");
      expect(shown(board)).toBe(st.board);
      expect(snapshot(board, ["merlin.cfg", "merlin.sta"])).toEqual(files);
      // Playable: a tap is one move and toggles its pattern.
      tap(board, 2);
      expect(toyState(board).moves).toBe(st.moves + 1);
      expect(shown(board)).toBe(bits(bitsToMask(st.board) ^ g.toggle[2]));
      expectHealthy(board);
    }
  });

  /** Cuts the power `afterMs` from now, powers on again, and returns what the toy resumed. */
  function cutAndResume(board: VirtualBoard, afterMs: number) {
    board.clock.advance(afterMs);
    board.powerCut();
    board.powerOn();
    board.clock.advance(1000);
    return { state: toyState(board), stats: board.eval("Merlin.stats()") };
  }

  it("a power cut a second after anything keeps it: a win, the next game, settings, undo, a hold, sleep", () => {
    const near = g.goal ^ g.toggle[0];
    // A win and its statistics: written at once.
    let board = boot();
    startAt(board, bits(near));
    tap(board, 0, 80, 0);
    let r = cutAndResume(board, 0);
    expect(r.state).toMatchObject({ status: "won", moves: 1, board: bits(g.goal) });
    expect(r.stats).toEqual({ games: 1, wins: 1, best: 1 });
    // The next game 1.5 s after a win.
    board.clock.advance(1500);
    const next = board.eval("Merlin.newGame(77)") as ToyState;
    r = cutAndResume(board, 1100);
    expect(r.state).toMatchObject({ seed: 77, puzzle: 0, board: next.board, moves: 0, status: "playing" });
    expect(r.stats).toEqual({ games: 1, wins: 1, best: 1 });
    // Rules, mute and idle time.
    board = boot();
    setRules(board, "classic");
    board.eval("Merlin.mute(true)");
    board.eval("Merlin.setIdle(60000)");
    r = cutAndResume(board, 1100);
    expect(r.state).toMatchObject({ rules: "classic", muted: true });
    board.eval("Merlin.setIdle(0)");
    // Undo.
    const start = safeStart(g, [1, 2]);
    startAt(board, bits(start));
    tap(board, 1);
    tap(board, 2);
    board.eval("Merlin.undo()");
    r = cutAndResume(board, 1100);
    expect(r.state).toMatchObject({ board: bits(start ^ g.toggle[1]), moves: 1 });
    // A hold gesture (pad 5, COMP TURN: its own press taken back, then one move played).
    startAt(board, bits(start));
    board.clock.advance(1100);
    hold(board, 4, 1600, 0);
    const held = toyState(board);
    expect(held.moves).toBe(1);
    r = cutAndResume(board, 1100);
    expect(r.state).toMatchObject({ board: held.board, moves: 1 });
    // Entering sleep writes at once.
    tap(board, 2, 80, 0);
    const before = toyState(board);
    board.eval("Merlin.sleep()");
    r = cutAndResume(board, 0);
    expect(r.state).toMatchObject({ board: before.board, moves: before.moves });
    expectHealthy(board);
  });

  // 8 ----------------------------------------------------------------------------------
  describe("a corrupted Storage file", () => {
    const FILES = ["merlin.cfg", "merlin.gam", "merlin.sta"];
    const GARBAGE: [string, Uint8Array][] = [
      ["random bytes", Uint8Array.from({ length: 40 }, (_, i) => (i * 97 + 13) & 0xff)],
      ["erased flash", new Uint8Array(24).fill(0xff)],
      ["truncated JSON", new TextEncoder().encode('{"rules":"classic","mu')],
      ["wrong types", new TextEncoder().encode('{"rules":7,"mute":"yes","idle":-5,"games":"x","wins":null,"best":[]}')],
      ["a JSON array", new TextEncoder().encode("[1,2,3]")],
      // Larger than anything the toy writes (MAX_FILE_LENGTH): splitting or parsing such files can
      // run out of memory on Espruino, so the toy refuses them by their length. (Just over 1 KB: a
      // Pico 5×5 with its six games and Lights Out back-ends has about 1.5 KB of its Storage free.)
      ["1048 commas", new TextEncoder().encode(",".repeat(MAX_FILE_LENGTH + 48))],
      ["a 1 KB JSON array", new TextEncoder().encode("[" + "1,".repeat(MAX_FILE_LENGTH / 2 + 23) + "1]")],
    ];
    /** Well-formed files with a valid CRC-32 whose values no toy could have written. */
    const IMPOSSIBLE: Record<string, string[]> = {
      "merlin.cfg": [
        '{"rules":"basic","mute":1,"idle":180000}',
        '{"rules":"chess","mute":false,"idle":180000}',
        '{"rules":"basic","mute":false,"idle":1e300}',
        '{"rules":"basic","mute":false,"idle":1}',
        '{"rules":"basic","mute":false,"idle":"5"}',
        "[1,2,3]",
      ],
      "merlin.sta": [
        '{"games":-5,"wins":0,"best":0}',
        '{"games":3,"wins":4,"best":5}',
        '{"games":3,"wins":1,"best":-1}',
        '{"games":2.5,"wins":1,"best":3}',
        '{"games":3,"wins":1,"best":0}',
        '{"games":3,"wins":0,"best":4}',
        '{"games":"3","wins":0,"best":0}',
      ],
      "merlin.gam": [
        "M2,chess,1,0,495,1,1,0,0,0",
        "M2,basic,1,0,495,495,495,0,0,0",
        "M2,basic,1,0,495,1,1024,0,0,0",
        "M2,basic,1,0,495,1,1,-1,0,0",
        "M2,basic,1,0,495,1,1,0,0,1e3",
      ],
    };
    const withCrc = (text: string) => new TextEncoder().encode(text + "," + crc32(text).toString(36));

    /** A toy with all three files written: classic rules, muted, one finished game, one in play. */
    function withFiles(): VirtualBoard {
      const board = boot();
      setRules(board, "classic");
      // Lose nothing, win one: a start one press from the goal.
      startAt(board, bits(g.goal ^ g.toggle[0]));
      tap(board, 0);
      expect(toyState(board).status).toBe("won");
      board.eval("Merlin.mute(true)");
      board.eval("Merlin.newGame(42)");
      tap(board, 1);
      board.clock.advance(2000);
      for (const f of FILES) expect(board.storage.read(f), f).toBeDefined();
      return board;
    }

    it.each(FILES)("%s: boots with its defaults, no error, the other files untouched", (file) => {
      const cases = GARBAGE.concat(IMPOSSIBLE[file].map((text): [string, Uint8Array] => [text, withCrc(text)]));
      for (const [what, bytes] of cases) {
        const board = withFiles();
        const before = toyState(board);
        const stats = board.eval("Merlin.stats()");
        board.powerCut();
        board.storage.write(file, bytes);
        const others = FILES.filter((f) => f !== file);
        const kept = snapshot(board, others);
        const toneCount = board.tones.length;
        board.powerOn();
        board.clock.advance(2000);
        expect(board.errors, `${file} with ${what}`).toEqual([]);
        const st = toyState(board);
        expect(st.error).toBeNull();
        expect(shown(board)).toBe(st.board);
        expect(snapshot(board, others)).toEqual(kept);
        const powerOnTone = board.tones.slice(toneCount).some((e) => e.freq > 0);
        if (file === "merlin.cfg") {
          // Settings back to defaults: sound on (the power-on tone plays); the saved game keeps its rules.
          expect(st.muted).toBe(false);
          expect(powerOnTone).toBe(true);
          expect(st).toMatchObject({ board: before.board, moves: before.moves });
        } else if (file === "merlin.gam") {
          // A fresh game under the saved settings; the stats and the mute stay.
          expect(st).toMatchObject({ moves: 0, status: "playing", rules: "classic", muted: true });
          expect(powerOnTone).toBe(false);
          expect(board.eval("Merlin.stats()")).toEqual(stats);
        } else {
          expect(board.eval("Merlin.stats()")).toEqual({ games: 0, wins: 0, best: 0 });
          expect(st).toMatchObject({ board: before.board, moves: before.moves, muted: true });
        }
        // Playable.
        tap(board, 2);
        expect(toyState(board).moves).toBe(st.moves + 1);
        expect(shown(board)).toBe(bits(bitsToMask(st.board) ^ g.toggle[2]));
        expectHealthy(board);
      }
    });
  });

  // 9 ----------------------------------------------------------------------------------
  it("idle for 3 minutes: LEDs off, waiting only for input; a key wakes the same board without a move", () => {
    const board = boot();
    const start = safeStart(g, [0, 1]);
    startAt(board, bits(start));
    tap(board, 0);
    const st = toyState(board);
    const idleFrom = board.clock.now - 120; // the tap's key-down reset the idle timer
    board.clock.advanceTo(idleFrom + 175_000);
    expect(shown(board)).toBe(st.board);
    expect(board.sleepState().waitingOnlyForInput).toBe(false);
    board.clock.advanceTo(idleFrom + 185_000);
    expect(shown(board)).toBe("0".repeat(pads));
    const sleep = board.sleepState();
    expect(sleep.waitingOnlyForInput).toBe(true);
    expect(sleep.deepSleep).toBe(stm32);
    expect(board.tone.freq).toBe(0);
    // Nothing runs while it sleeps.
    const t = board.clock.now;
    board.clock.advance(600_000);
    expect(board.tones.filter((e) => e.t >= t)).toEqual([]);
    expect(shown(board)).toBe("0".repeat(pads));
    // The wake press shows the same board and is not a move.
    tap(board, 4);
    expect(shown(board)).toBe(st.board);
    expect(toyState(board)).toMatchObject({ board: st.board, moves: st.moves });
    expect(board.sleepState().deepSleep).toBe(false);
    expect(board.sleepState().waitingOnlyForInput).toBe(false);
    tap(board, 1);
    expect(toyState(board).moves).toBe(st.moves + 1);
    expect(shown(board)).toBe(bits(bitsToMask(st.board) ^ g.toggle[1]));
    expectHealthy(board);
  });

  // 10 ---------------------------------------------------------------------------------
  it("holding pad 1 for 1.6 s deals a new game (its own press taken back) with the rising chirp", () => {
    const board = boot();
    const start = safeStart(g, [1, 0]);
    startAt(board, bits(start));
    tap(board, 1);
    expect(toyState(board).moves).toBe(1);
    const t = board.clock.now;
    hold(board, 0, 1600, 500);
    const st = toyState(board);
    expect(st).toMatchObject({ moves: 0, status: "playing" });
    expect(st.board).not.toBe(bits(start ^ g.toggle[1]));
    expect(shown(board)).toBe(st.board);
    const chirp = notesSince(board, t + 1000).map((n) => n.freq);
    expect(chirp.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < chirp.length; i++) expect(chirp[i]).toBeGreaterThan(chirp[i - 1]);
    expectHealthy(board);
  });

  it("a hold takes back its own press and nothing else, also when that press woke the toy", () => {
    const board = boot();
    const start = safeStart(g, [1, 0]);
    startAt(board, bits(start));
    tap(board, 1);
    const played = toyState(board);
    expect(played.moves).toBe(1);
    // Asleep after the idle time, the next press only wakes the toy: a hold of it (pad 7,
    // mute) takes back no move — not the move made before the toy fell asleep.
    board.clock.advance(185_000);
    expect(toyState(board).asleep).toBe(true);
    hold(board, 6, 1600, 500);
    expect(toyState(board)).toMatchObject({ board: played.board, moves: 1, asleep: false, muted: true });
    expect(shown(board)).toBe(played.board);
    // Awake, pad 8 shows the goal for a second; its press is taken back.
    hold(board, 7, 1600, 1500);
    expect(toyState(board)).toMatchObject({ board: played.board, moves: 1, status: played.status });
    expect(shown(board)).toBe(played.board);
    // What power-on would resume is that game too.
    const saved = savedText(board, "merlin.gam");
    expect(saved.split(",").slice(6, 8)).toEqual([String(bitsToMask(played.board)), "1"]);
    expectHealthy(board);
  });

  it("a hold whose press won takes the win back out of the statistics too", () => {
    const board = boot();
    // One press of pad 1 from the goal.
    startAt(board, bits(g.goal ^ g.toggle[0]));
    const before = board.eval("Merlin.stats()") as { games: number; wins: number; best: number };
    hold(board, 0, 1600, 500);
    expect(toyState(board)).toMatchObject({ moves: 0, status: "playing" });
    expect(board.eval("Merlin.stats()")).toEqual(before);
    board.clock.advance(2000); // past store.ts's write delay
    // The win was saved a second after the press; the hold saved the statistics before it again.
    expect(JSON.parse(savedText(board, "merlin.sta"))).toEqual(before);
    // A plain press that wins is counted.
    startAt(board, bits(g.goal ^ g.toggle[0]));
    tap(board, 0);
    expect(toyState(board).status).toBe("won");
    expect(board.eval("Merlin.stats()")).toMatchObject({ games: before.games + 1, wins: before.wins + 1 });
    expectHealthy(board);
  });

  // Holds, the self-test chord and stuck keys fire while the keys are still down.
  it("the new game comes at 1.5 s while pad 1 is still held", () => {
    const board = boot();
    const before = toyState(board);
    const t = board.clock.now;
    board.press(0);
    board.clock.advance(1700);
    const st = toyState(board);
    expect(st.moves).toBe(0);
    expect(st.board).not.toBe(before.board);
    expect(notesSince(board, t + 1000).length).toBeGreaterThanOrEqual(4); // the chirp, pad still down
  });

  /** Checks the self-test's run from `t0` (pad 1 lit alone): each LED a quarter second, with a click. */
  function expectSelfTestRun(board: VirtualBoard, t0: number): void {
    const order: number[] = [];
    for (let i = 0; i < pads; i++) {
      board.clock.advanceTo(t0 + 125 + 250 * i);
      const f = shown(board);
      expect(f.split("").filter((c) => c === "1").length, `step ${i}: ${f}`).toBe(1);
      order.push(f.indexOf("1"));
    }
    expect(order).toEqual([...Array(pads).keys()]);
    const clicks = notesSince(board, t0 - 50).filter((n) => n.freq >= 1000);
    expect(clicks.length).toBeGreaterThanOrEqual(pads);
  }

  it("pads 1 and 9 held together for 3 s start the self-test: each LED lights in turn", () => {
    const board = boot();
    board.press(0);
    board.clock.advance(20);
    board.press(8); // pad 9 on every board size
    const ok = board.clock.runUntil(() => shown(board) === bits(1), 3500, 1);
    expect(ok, "the self-test lit pad 1 alone").toBe(true);
    const t0 = board.clock.now;
    // Letting go of the chord does not disturb the walk.
    board.clock.advance(100);
    board.release(0);
    board.release(8);
    expectSelfTestRun(board, t0);
    // Echo phase: a key lights its own pad.
    board.clock.advanceTo(board.clock.now + 500);
    tap(board, 2);
    expect(shown(board)).toBe(bits(1 << 2));
    expectHealthy(board);
  });

  it("the self-test starts at 3 s while pads 1 and 9 are still held", () => {
    const board = boot();
    board.press(0);
    board.clock.advance(20);
    board.press(8);
    const ok = board.clock.runUntil(() => shown(board) === bits(1), 3500, 1);
    expect(ok, "the self-test lit pad 1 alone while the chord was held").toBe(true);
    expectSelfTestRun(board, board.clock.now);
  });

  // The chord's two key-downs each made a move; the self-test takes both back.
  it("the self-test chord takes back both presses it made", () => {
    const board = boot();
    const start = safeStart(g, [0, 8]);
    startAt(board, bits(start));
    board.clock.advance(50);
    board.press(0);
    board.clock.advance(20);
    board.press(8);
    board.clock.advance(3500);
    board.release(0);
    board.release(8);
    // Let the self-test run out (it ends after its quiet spell).
    board.clock.advance(40_000);
    const st = toyState(board);
    expect(shown(board)).toBe(st.board);
    expect({ moves: st.moves, board: st.board }).toEqual({ moves: 0, board: bits(start) });
    expectHealthy(board);
  });

  // 12 ---------------------------------------------------------------------------------
  // scanner.ts: every board polls every 2 ms while a key is down. debounce.ts: 5 ms press
  // debounce. Pixels show a frame the moment it is written.
  const DEBOUNCE_MS = 5;
  const SCAN_MS = 2;

  /** Virtual ms from a clean key-down to the first visible LED change, for every pad. */
  function latencies(board: VirtualBoard): number[] {
    const start = safeStartEach(g, [...Array(pads).keys()]);
    const out: number[] = [];
    for (let k = 0; k < pads; k++) {
      startAt(board, bits(start));
      board.clock.advance(37 + k * 0.7); // vary the phase against the scan
      const old = bits(start);
      const t = board.clock.now;
      board.press(k);
      const changed = board.clock.runUntil(() => visibleChange(board, g, old), 100, 0.25);
      expect(changed, `pad ${k + 1}`).toBe(true);
      out.push(board.clock.now - t);
      board.release(k);
      board.clock.advance(100);
    }
    return out;
  }

  it("a clean press changes the LEDs within debounce + one scan period", () => {
    const board = boot();
    const ms = latencies(board);
    expect(Math.max(...ms)).toBeLessThanOrEqual(DEBOUNCE_MS + SCAN_MS + 0.25);
    expect(Math.min(...ms)).toBeGreaterThanOrEqual(DEBOUNCE_MS);
    expectHealthy(board);
  });
});

/** True when some LED differs right now from the pattern `old`. */
function visibleChange(board: VirtualBoard, g: PadGeometry, old: string): boolean {
  return shownNow(board, g.profile).split("").some((c, i) => c !== old[i]);
}

function popcountOf(m: number): number {
  let n = 0;
  for (let x = m >>> 0; x; x &= x - 1) n++;
  return n;
}

/** A file's text as the toy wrote it, after checking the CRC-32 it keeps with it (firmware/store.ts). */
function savedText(board: VirtualBoard, file: string): string {
  const data = Buffer.from(board.storage.read(file) ?? []).toString("latin1");
  const i = data.lastIndexOf(",");
  expect(crc32(data.slice(0, i)).toString(36), `${file}'s CRC-32`).toBe(data.slice(i + 1));
  return data.slice(0, i);
}

function snapshot(board: VirtualBoard, files: string[]): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const f of files) {
    const b = board.storage.read(f);
    out[f] = b === undefined ? undefined : Buffer.from(b).toString("base64");
  }
  return out;
}

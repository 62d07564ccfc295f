// Merlin's games through the virtual board's pins, on the 3×3 (pico-3x3: the four buttons are
// 1.5 s holds of pads 1, 2, 3 and 5) and on the 5×5 with its buttons (pico-5x5-neopixel: lights
// 1 … 9 on the middle 3×3, light 0 above light 2, light 10 below light 8). A game is chosen as
// on the 1978 toy — NEW GAME, then the pad of its number; in Magic Square NEW GAME twice, the
// first one deals — and played on the key matrix. What a player sees is read off the LED pins
// (the pixels on the 5×5) sampled every 10 ms, so a blinking pad is one whose LED toggles, and
// what a player hears off the piezo pin. The console only fixes a game's seed and a setting
// (Tic-Tac-Toe's level), and reads the state to compare with what the pins show. The files are
// flashed as `npm run flash` writes them: the image and each game's merlin-NAME.js.
import { beforeAll, describe, expect, it } from "vitest";
import { blackjack13, DEALER_MIN, TARGET } from "../src/toy/games/blackjack13";
import { mastermind, mindbender } from "../src/toy/games/mindbender";
import { lightHz } from "../src/toy/games/scale";
import { perfectMove } from "../src/toy/games/tictactoe";
import { createEffects, KEY_HIT_ME, layoutFor } from "../src/toy/gamemodule";
import { CUE_DRAW, CUE_ILLEGAL, CUE_LOSS, CUE_NEW_GAME, CUE_WIN, cueDurationMs, cueNotes } from "../src/toy/sounds";
import type { VirtualBoard } from "../sim/board";
import { bootToy, hold, prepareToy, tap, toyGameFiles, tonesSince } from "./helpers/toy";

/** How a board has Merlin's lights and buttons. */
interface Toy {
  name: string;
  pads: number;
  /** padOf[n]: the pad (0-based) under light n (0 … 10), −1 where the board has none. */
  padOf: number[];
  /** Plays button NEW GAME, SAME GAME, HIT ME or COMP TURN. */
  button: (board: VirtualBoard, which: Button) => void;
}
type Button = "newGame" | "sameGame" | "hitMe" | "compTurn";

/** The 3×3: lights 1 … 9 like a phone keypad; the buttons are holds of pads 1, 2, 3, 5 (docs/toy.md). */
const HOLD_PAD: Record<Button, number> = { newGame: 0, sameGame: 1, hitMe: 2, compTurn: 4 };
const TOY3: Toy = {
  name: "pico-3x3",
  pads: 9,
  padOf: [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, -1],
  button: (board, which) => hold(board, HOLD_PAD[which], 1600),
};
/** The 5×5: lights 1 … 9 on its middle 3×3, 0 above 2, 10 below 8; buttons of their own. */
const TOY5: Toy = {
  name: "pico-5x5-neopixel",
  pads: 25,
  padOf: [2, 6, 7, 8, 11, 12, 13, 16, 17, 18, 22],
  button: (board, which) => tap(board, which),
};
const TOYS = [TOY3, TOY5];
const files = new Map<string, Record<string, string>>();

/** What Merlin.state() answers in one of Merlin's games (src/toy/midend.ts toyState): the game's own state, its results. */
interface GameView {
  game: string;
  status: string;
  choosing: boolean;
  error: string | null;
  muted: boolean;
  state: { [key: string]: any }; // each game describes itself (describe())
  results: { games: number; wins: number; losses: number; draws: number };
}

function view(board: VirtualBoard): GameView {
  return board.eval("Merlin.state()") as GameView;
}

function boot(toy: Toy): VirtualBoard {
  return bootToy(toy.name, { files: files.get(toy.name) });
}

/** Presses light n's pad. */
function light(toy: Toy, board: VirtualBoard, n: number): void {
  expect(toy.padOf[n], `${toy.name} has light ${n}`).toBeGreaterThanOrEqual(0);
  tap(board, toy.padOf[n]);
}

/**
 * What each of Merlin's lights 0 … 10 shows over `ms` (sampled every 10 ms): "1" lit throughout,
 * "b" blinking (lit at some samples, dark at others), "0" dark, "-" no such light on the board.
 */
function look(toy: Toy, board: VirtualBoard, ms = 480): string {
  const on = new Array<number>(toy.pads).fill(0);
  const samples = ms / 10;
  for (let i = 0; i < samples; i++) {
    board.clock.advance(10);
    board.ledFrame(0.5, 10).split("").forEach((c, p) => {
      if (c === "1") on[p]++;
    });
  }
  return toy.padOf.map((p) => (p < 0 ? "-" : on[p] === samples ? "1" : on[p] === 0 ? "0" : "b")).join("");
}

/** The lights lit one at a time over `ms` (sampled every 10 ms), in order, each once however long it stays lit. */
function litSequence(toy: Toy, board: VirtualBoard, ms: number): number[] {
  const seq: number[] = [];
  let last = -1;
  for (let i = 0; i < ms / 10; i++) {
    board.clock.advance(10);
    const frame = board.ledFrame(0.5, 10);
    const lit = toy.padOf.flatMap((p, n) => (p >= 0 && frame[p] === "1" ? [n] : []));
    expect(lit.length, `at ${board.clock.now} ms: ${frame}`).toBeLessThanOrEqual(1);
    if (lit.length === 1 && lit[0] !== last) seq.push(lit[0]);
    last = lit.length === 1 ? lit[0] : -1;
  }
  return seq;
}

/** The lights `steady` lit and `blinking` blinking, the others dark, as look() spells them on `toy`. */
function lights(toy: Toy, steady: number[], blinking: number[] = []): string {
  return toy.padOf.map((p, n) => (p < 0 ? "-" : steady.includes(n) ? "1" : blinking.includes(n) ? "b" : "0")).join("");
}

/**
 * Whether the piezo played cue `cue` (its pitches in order, within 3 %: the firmware packs them
 * as semitones) since `from`. The clock first runs on for as long as the cue lasts, so a cue that
 * began by now is heard to its end.
 */
function heard(board: VirtualBoard, from: number, cue: number): boolean {
  board.clock.advance(cueDurationMs(cue) + 50);
  const pairs = cueNotes(cue);
  const notes: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] > 0) notes.push(pairs[i]);
  const freqs = tonesSince(board, from).map((e) => e.freq);
  const near = (a: number, b: number) => Math.abs(a - b) <= 0.03 * b;
  for (let i = 0; i + notes.length <= freqs.length; i++) if (notes.every((f, j) => near(freqs[i + j], f))) return true;
  return false;
}

/** The light whose note `hz` is (lightHz), −1 none. */
function noteLight(hz: number): number {
  for (let n = 1; n <= 10; n++) if (lightHz(n) === hz) return n;
  return -1;
}

const NAMES = ["", "tictactoe", "music", "echo", "blackjack13", "magicsquare", "mindbender"];

/**
 * Chooses game `number` the toy's way: NEW GAME (in Magic Square twice, the first one deals),
 * the games' lights blinking and the one played steady, then the pad of its number.
 */
function choose(toy: Toy, board: VirtualBoard, number: number): void {
  const before = view(board);
  toy.button(board, "newGame");
  if (before.game === "magicsquare") {
    expect(view(board).choosing).toBe(false); // a new deal
    toy.button(board, "newGame");
  }
  expect(view(board).choosing).toBe(true);
  const played = NAMES.indexOf(before.game as string);
  expect(look(toy, board), "waiting for a game's number").toBe(lights(toy, [played], [1, 2, 3, 4, 5, 6].filter((n) => n !== played)));
  light(toy, board, number);
  board.clock.advance(300);
  expect(view(board)).toMatchObject({ game: NAMES[number], choosing: false, error: null });
}

/**
 * A fresh toy playing game `number`, chosen through the pins from another of Merlin's games (one
 * NEW GAME; the first test chooses from Magic Square, where NEW GAME is pressed twice).
 */
function bootInto(toy: Toy, number: number): VirtualBoard {
  const board = boot(toy);
  board.eval(`Merlin.game(${JSON.stringify(number === 2 ? "echo" : "music")})`);
  choose(toy, board, number);
  return board;
}

describe.each(TOYS)("Merlin's games through the pins: $name", (toy) => {
  beforeAll(async () => {
    await prepareToy(toy.name);
    files.set(toy.name, await toyGameFiles(toy.name));
  });

  it("the build flashes every game's file beside the image", () => {
    expect(Object.keys(files.get(toy.name)!)).toEqual(
      expect.arrayContaining(["merlin-tictactoe.js", "merlin-music.js", "merlin-echo.js", "merlin-blackjack13.js", "merlin-mindbender.js"]),
    );
  });

  it("NEW GAME (twice in Magic Square) and a number chooses each game in turn", () => {
    const board = boot(toy);
    for (const number of [1, 2, 3, 4, 6, 5, 3]) choose(toy, board, number);
    expect(board.errors).toEqual([]);
  });

  it("while the toy waits for a game's number, a pad that is no game's buzzes and the games' lights stay", () => {
    const board = boot(toy);
    board.eval('Merlin.game("echo")');
    toy.button(board, "newGame");
    const waiting = lights(toy, [3], [1, 2, 4, 5, 6]);
    expect(look(toy, board)).toBe(waiting);
    const t = board.clock.now;
    light(toy, board, 9);
    expect(heard(board, t, CUE_ILLEGAL)).toBe(true);
    expect(view(board)).toMatchObject({ game: "echo", choosing: true });
    expect(look(toy, board)).toBe(waiting);
    expect(board.errors).toEqual([]);
  });

  it("Tic-Tac-Toe: your mark steady, Merlin's blinking; the perfect level blocks your line and never loses", () => {
    const board = bootInto(toy, 1);
    light(toy, board, 5);
    board.clock.advance(700); // Merlin "thinks" 0.6 s
    const first = view(board).state as { board: string };
    const merlin = first.board.indexOf("2") + 1;
    expect(merlin).toBeGreaterThan(0);
    expect(look(toy, board)).toBe(lights(toy, [5], [merlin]));

    board.eval('Merlin.set("level","perfect")');
    expect(look(toy, board)).toBe(lights(toy, []));
    // You: 1 and 2 (a threat on 3); Merlin, perfect, takes the centre, then blocks at 3.
    light(toy, board, 1);
    board.clock.advance(700);
    expect(look(toy, board)).toBe(lights(toy, [1], [5]));
    light(toy, board, 2);
    board.clock.advance(700);
    expect(look(toy, board)).toBe(lights(toy, [1, 2], [5, 3]));
    // Then the first free pad each turn to the end: every answer is the perfect player's, and he does not lose.
    const mine = [1, 2];
    const his = [5, 3];
    const mask = (a: number[]) => a.reduce((m, n) => m | (1 << (n - 1)), 0);
    while (view(board).status === "playing") {
      const free = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((n) => !mine.includes(n) && !his.includes(n))!;
      const expected = perfectMove(mask(his), mask([...mine, free])) + 1;
      const t = board.clock.now;
      light(toy, board, free);
      mine.push(free);
      board.clock.advance(700);
      const marks = [...(view(board).state as { board: string }).board].flatMap((c, i) => (c === "2" ? [i + 1] : []));
      if (marks.length > his.length) {
        expect(marks.filter((n) => !his.includes(n))).toEqual([expected]);
        his.push(expected);
      }
      expect(look(toy, board)).toBe(lights(toy, mine, his));
      if (view(board).status !== "playing") expect(heard(board, t, view(board).status === "draw" ? CUE_DRAW : CUE_LOSS)).toBe(true);
    }
    expect(["draw", "lost"]).toContain(view(board).status);
    expect(view(board).results).toMatchObject({ games: 1, wins: 0 });
    // SAME GAME clears the board for another.
    toy.button(board, "sameGame");
    expect(look(toy, board)).toBe(lights(toy, []));
    expect(view(board).status).toBe("playing");
    expect(board.errors).toEqual([]);
  });

  it("Tic-Tac-Toe: COMP TURN on the empty board lets Merlin start (his mark blinking), and a pad answers it", () => {
    const board = bootInto(toy, 1);
    toy.button(board, "compTurn");
    const first = look(toy, board);
    expect(first.replace(/[-0]/g, ""), first).toBe("b");
    const his = first.indexOf("b");
    const mine = his === 5 ? 1 : 5;
    light(toy, board, mine);
    board.clock.advance(700);
    const now = look(toy, board);
    expect(now[mine]).toBe("1");
    expect(now.replace(/[-0]/g, "")).toMatch(/^(1bb|b1b|bb1)$/);
    expect(board.errors).toEqual([]);
  });

  it("Music Machine: each pad plays its note, COMP TURN plays the tune back lighting each note's pad, and the tune survives a power cut", () => {
    const board = bootInto(toy, 2);
    const tune = [1, 5, 9, 3, 8, 3];
    for (const n of tune) {
      const t = board.clock.now;
      light(toy, board, n);
      board.clock.advance(100); // (the note sounds 0.25 s: a repeated note is then a new tone)
      expect(tonesSince(board, t).map((e) => e.freq), `pad ${n}`).toEqual([lightHz(n)]);
    }
    expect(view(board).state).toMatchObject({ tune: tune.join(""), notes: tune.length });

    /** COMP TURN: the notes heard, and the light lit at each (one at a time, a note every 0.3 s). */
    const playBack = (): void => {
      const t = board.clock.now;
      toy.button(board, "compTurn");
      const seen = litSequence(toy, board, tune.length * 300 + 300);
      // (On the 3×3 the hold's own pad first sounded and lit its note, which the hold took back.)
      expect(seen.slice(-tune.length)).toEqual(tune);
      expect(tonesSince(board, t).map((e) => noteLight(e.freq)).slice(-tune.length)).toEqual(tune);
      expect(view(board).state).toMatchObject({ tune: tune.join(""), playing: false });
    };
    playBack();
    board.clock.advance(1500); // the game file is written within a second
    board.powerCut();
    board.clock.advance(1000);
    board.powerOn();
    board.clock.advance(1000);
    expect(view(board)).toMatchObject({ game: "music", state: { tune: tune.join("") } });
    playBack();
    expect(board.errors).toEqual([]);
  });

  it("Echo: the lengths blink, Merlin plays a tune of the chosen length lighting each note's pad; a correct repeat lights them all with the fanfare, a wrong one fewer", () => {
    const board = bootInto(toy, 3);
    const lengths = toy.padOf[10] >= 0 ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(look(toy, board)).toBe(lights(toy, [], lengths));
    const t = board.clock.now;
    light(toy, board, 4);
    // Each note lights its pad while it sounds: 0.6 s lead-in, then a note every 0.5 s.
    const shown: number[] = [];
    board.clock.advance(600 - (board.clock.now - t) + 100);
    for (let i = 0; i < 4; i++) {
      const l = look(toy, board, 200);
      expect(l.split("1").length - 1, `note ${i + 1}: ${l}`).toBe(1);
      shown.push(l.indexOf("1"));
      board.clock.advance(300);
    }
    board.clock.advance(500);
    const tune = tonesSince(board, t + 300).map((e) => noteLight(e.freq));
    expect(tune).toEqual(shown);
    expect(tune.every((n) => n >= 1 && n <= 9)).toBe(true);
    expect(view(board).state).toMatchObject({ length: 4, phase: "repeat" });
    // Your repeat: each pad sounds its note; all right: lights 1 … 4 steady and the fanfare.
    let from = board.clock.now;
    for (const n of tune) light(toy, board, n);
    expect(look(toy, board)).toBe(lights(toy, [1, 2, 3, 4]));
    expect(heard(board, from, CUE_WIN)).toBe(true);
    expect(view(board)).toMatchObject({ status: "won", results: { games: 1, wins: 1 } });
    // SAME GAME: the same tune again; a repeat with the second note wrong scores 3 with the falling steps.
    const again = board.clock.now;
    toy.button(board, "sameGame");
    board.clock.advance(600 + 4 * 500 + 200);
    // (Before it, the new-game chirp; on the 3×3 the hold's pad first buzzes: the tune is over.)
    expect(tonesSince(board, again).map((e) => noteLight(e.freq)).slice(-tune.length)).toEqual(tune);
    from = board.clock.now;
    tune.forEach((n, i) => light(toy, board, i === 1 ? (n % 9) + 1 : n));
    expect(look(toy, board)).toBe(lights(toy, [1, 2, 3]));
    expect(heard(board, from, CUE_LOSS)).toBe(true);
    expect(view(board)).toMatchObject({ status: "lost", results: { games: 2, wins: 1, losses: 1 } });
    expect(board.errors).toEqual([]);
  });

  it("Blackjack 13: your card steady, Merlin's blinking; HIT ME draws, COMP TURN stands, Merlin draws by his rule and the closer to 13 wins", () => {
    const board = bootInto(toy, 4);
    // A seed whose hand takes a card below 10 on HIT ME without passing 13, and none of whose first cards is a 10.
    const layout = layoutFor(toy.padOf[0] >= 0 ? 5 : 3, toy.padOf[0] >= 0 ? 5 : 3);
    let seed = 1;
    for (; ; seed++) {
      const s = blackjack13.create(seed, layout, 0);
      const fx = createEffects();
      blackjack13.key(s, KEY_HIT_ME, 0, fx);
      const cards = [s.you[0], s.you[1], s.dealer[0]];
      if (cards.every((c) => c < 10) && s.you[0] !== s.dealer[0] && s.you[1] !== s.dealer[0] && cards[0] + cards[1] <= TARGET) break;
    }
    board.eval(`Merlin.newGame(${seed})`);
    const dealt = view(board).state as { cards: string };
    const [you, his] = dealt.cards.split(" ").map((c) => c.split("").map(Number));
    expect([you.length, his.length]).toEqual([1, 1]);
    expect(look(toy, board)).toBe(lights(toy, you, his));
    toy.button(board, "hitMe");
    const hit = (view(board).state as { cards: string }).cards.split(" ")[0].split("").map(Number);
    expect(hit.length).toBe(2);
    expect(look(toy, board)).toBe(lights(toy, hit, his.filter((c) => !hit.includes(c))));
    const t = board.clock.now;
    toy.button(board, "compTurn");
    board.clock.advance(14 * 700);
    const end = view(board).state as { cards: string; you: number; merlin: number };
    const merlin = end.cards.split(" ")[1].split("").map((c) => (c === "a" ? 10 : Number(c)));
    // Merlin drew while under 10 or under you, and stopped as soon as he was neither (or passed 13).
    let sum = merlin[0];
    for (let i = 1; i < merlin.length; i++) {
      expect(sum < DEALER_MIN || sum < end.you, `Merlin's card ${i + 1}`).toBe(true);
      sum += merlin[i];
    }
    expect(sum >= DEALER_MIN && sum >= end.you).toBe(true);
    const result = sum > TARGET || end.you > sum ? "won" : end.you === sum ? "draw" : "lost";
    expect(view(board).status).toBe(result);
    expect(heard(board, t, { won: CUE_WIN, lost: CUE_LOSS, draw: CUE_DRAW }[result])).toBe(true);
    const shownHis = merlin.filter((c) => c < 10 || toy.padOf[10] >= 0);
    expect(look(toy, board)).toBe(lights(toy, hit, shownHis.filter((c) => !hit.includes(c))));
    expect(view(board).results).toMatchObject({ games: 1 });
    // HIT ME after the hand is refused with the buzz; SAME GAME deals the next.
    const b = board.clock.now;
    toy.button(board, "hitMe");
    expect(heard(board, b, CUE_ILLEGAL)).toBe(true);
    toy.button(board, "sameGame");
    expect((view(board).state as { cards: string }).cards.split(" ").map((c) => c.length)).toEqual([1, 1]);
    expect(board.errors).toEqual([]);
  });

  it("Mindbender: the lengths blink; a guess is answered with steady lights for digits in place and blinking ones for digits elsewhere; the number found shows the guesses", () => {
    const board = bootInto(toy, 6);
    const seed = 5;
    board.eval(`Merlin.newGame(${seed})`);
    expect(look(toy, board)).toBe(lights(toy, [], [1, 2, 3, 4, 5, 6, 7, 8, 9]));
    light(toy, board, 4);
    // The secret the same seed gives the module on the host.
    const host = mindbender.create(seed, layoutFor(3, 3), 0);
    mindbender.key(host, 4, 0, createEffects());
    const secret = Array.from(host.secret, Number);
    // A guess with something in place and something elsewhere: the secret turned by one, its first digit kept.
    const guess = [secret[0], secret[2], secret[3], secret[1]];
    const score = mastermind(secret.join(""), guess.join(""));
    const right = score >> 4;
    const wrong = score & 15;
    for (const d of guess) light(toy, board, d);
    const r = [1, 2, 3, 4, 5, 6, 7, 8, 9].slice(0, right);
    const w = [1, 2, 3, 4, 5, 6, 7, 8, 9].slice(right, right + wrong);
    expect(look(toy, board)).toBe(lights(toy, r, w));
    expect(view(board).state).toMatchObject({ guesses: 1, right, wrong });
    const t = board.clock.now;
    for (const d of secret) light(toy, board, d);
    // Found in two guesses: lights 1 and 2, the fanfare.
    expect(look(toy, board)).toBe(lights(toy, [1, 2]));
    expect(heard(board, t, CUE_WIN)).toBe(true);
    expect(view(board)).toMatchObject({ status: "won", results: { games: 1, wins: 1 } });
    expect(board.errors).toEqual([]);
  });

  it("MUTE (a hold of pad 7) silences Merlin's games too: no note, no cue", () => {
    const board = bootInto(toy, 2);
    hold(board, 6, 1600); // pad 7
    expect(view(board)).toMatchObject({ game: "music", muted: true });
    board.clock.advance(500);
    const t = board.clock.now;
    for (const n of [1, 5]) light(toy, board, n);
    toy.button(board, "compTurn");
    board.clock.advance(1000);
    expect(tonesSince(board, t)).toEqual([]);
    expect(view(board).state).toMatchObject({ tune: "15" });
    expect(board.errors).toEqual([]);
  });

  it("a game's settings and results are kept across switching games and a power cut", () => {
    const board = bootInto(toy, 1);
    board.eval('Merlin.set("level","perfect")');
    for (const n of [1, 2]) {
      light(toy, board, n);
      board.clock.advance(700);
    }
    choose(toy, board, 4);
    toy.button(board, "compTurn");
    board.clock.advance(14 * 700);
    const bj = view(board);
    expect(bj.results).toMatchObject({ games: 1 });
    choose(toy, board, 3);
    board.clock.advance(1500);
    board.powerCut();
    board.clock.advance(1000);
    board.powerOn();
    board.clock.advance(1000);
    expect(view(board)).toMatchObject({ game: "echo", error: null });
    choose(toy, board, 4);
    // Blackjack 13's score (its wins, losses and draws) and results are as they were; NEW GAME dealt a new hand.
    const back = view(board);
    expect(back.results).toEqual(bj.results);
    const score = (s: GameView) => {
      const st = s.state as { wins: number; losses: number; draws: number };
      return [st.wins, st.losses, st.draws];
    };
    expect(score(back)).toEqual(score(bj));
    choose(toy, board, 1);
    // Tic-Tac-Toe is still at the perfect level (NEW GAME cleared its board).
    expect(view(board).state).toMatchObject({ level: "perfect", board: "000000000" });
    light(toy, board, 1);
    board.clock.advance(700);
    expect(look(toy, board)).toBe(lights(toy, [1], [5]));
    expect(board.errors).toEqual([]);
  });
});

describe("a pad with no light of Merlin's (the 5×5's outer ring but lights 0 and 10)", () => {
  beforeAll(async () => {
    await prepareToy(TOY5.name);
    files.set(TOY5.name, await toyGameFiles(TOY5.name));
  });

  it("is an illegal key in Merlin's games: the buzz, and the game's lights stay as they were", () => {
    const board = bootInto(TOY5, 1);
    light(TOY5, board, 5);
    board.clock.advance(700);
    const before = look(TOY5, board);
    expect(before.replace(/[-0]/g, "")).toBe("1b");
    const t = board.clock.now;
    tap(board, 0);
    expect(heard(board, t, CUE_ILLEGAL)).toBe(true);
    expect(look(TOY5, board)).toBe(before);
    // The other pads of the ring too: dark, every one of them.
    expect(board.ledFrame(0.5, 10).split("").filter((c, p) => c === "1" && !TOY5.padOf.includes(p))).toEqual([]);
    expect(board.errors).toEqual([]);
  });
});

// Merlin's six games in the toy's mid-end, under a fake clock: choosing a game as on the 1978
// toy (NEW GAME, then its number; in Magic Square a second NEW GAME, since the first deals),
// the pads as Merlin's lights on a 3×3, the buttons as keys or as holds, each game's state in
// the game file (a power cut loses nothing), its settings and results kept when it is left,
// undo by snapshots, and every bad name refused in one line.
import { beforeEach, describe, expect, it } from "vitest";
import { BUTTON_NAMES, KEY_COMP_TURN, KEY_HIT_ME, KEY_NEW_GAME, KEY_SAME_GAME, STATUS_NAMES } from "../src/toy/gamemodule";
import { blackjack13 } from "../src/toy/games/blackjack13";
import { echo } from "../src/toy/games/echo";
import { shelfOf } from "../src/toy/games/index";
import { magicSquare } from "../src/toy/games/magicsquare";
import { mindbender } from "../src/toy/games/mindbender";
import { music } from "../src/toy/games/music";
import { MERLIN_DELAY_MS, tictactoe } from "../src/toy/games/tictactoe";
import { HOLD_MS } from "../src/toy/keyevents";
import { HISTORY_SIZE } from "../src/toy/lightgames";
import { MaskBackend } from "../src/toy/maskgame";
import {
  BUTTONS, buttonCommand, buttonOf, createToy, FILE_COUNT, FILE_GAME, FILE_GAMES, FILE_SETTINGS, GameShelf, SAVE_NOW, Toy, toyCommand, ToyEffects, toyFile, toyKeys, toyPowerOn, toyPress,
  toyDue, toyState, toyStats, toyTick,
} from "../src/toy/midend";
import { CUE_ILLEGAL, CUE_NEW_GAME } from "../src/toy/sounds";
import { compileTables } from "../src/maths/compile-tables";
import { gridPuzzle } from "../src/maths/puzzle";
import { maskToBits } from "../src/toy/maskbits";

const tables = compileTables(gridPuzzle({ rows: 3, cols: 3, pattern: "merlin" }));
const RING = 0b111101111;
const MAGIC = magicSquare(() => new MaskBackend(tables), RING, []);
/** The 1978 toy's games besides Magic Square (the list of games may hold more: test/games-seventh.test.ts). */
const SHELF = shelfOf(MAGIC, [tictactoe, music, echo, blackjack13, mindbender]);
/** Pad (0-based) of light n on a 3×3: lights 1 … 9 like a phone keypad. */
const pad = (n: number) => n - 1;
const pads = (...lights: number[]) => maskToBits(lights.reduce((m, n) => m | (1 << pad(n)), 0), 9);

let toy: Toy;
let now = 0;

/** A toy on a 3×3 with `buttons` (4: keys 10 … 13 of the console; 0: holds), from `files`, at time 0. */
function boot(buttons: number, files: (string | null)[] = new Array(FILE_COUNT).fill(null), shelf: GameShelf = SHELF): ToyEffects {
  now = 0;
  toy = createToy(3, 3, 9 + buttons, 0, shelf, files, 7, now);
  return toyPowerOn(toy, now);
}

/** Console key `k` (1-based: pads 1 … 9, then NEW GAME 10, SAME GAME 11, HIT ME 12, COMP TURN 13) a little later. */
function press(k: number): ToyEffects {
  now += 100;
  return toyPress(toy, k, now);
}

/** The toy's files as a power cut would find them. */
function files(): string[] {
  return Array.from({ length: FILE_COUNT }, (_x, f) => toyFile(toy, f, now));
}

/**
 * Runs the toy's deadlines up to `until` (ms), as the firmware's timer would, the first at
 * `first` (a tick the toy did not ask for, to show it does nothing) or when the toy asks.
 */
function runUntil(until: number, first: number = toyDue(toy)): ToyEffects[] {
  const seen: ToyEffects[] = [];
  let due = first;
  while (due >= 0 && due <= until) {
    now = Math.max(now, due);
    const t = toyTick(toy, now);
    seen.push(t);
    due = toyDue(toy);
  }
  now = Math.max(now, until);
  return seen;
}

describe("the buttons", () => {
  it("each button's command is found back (buttonOf), and is the games' key in the same order: NEW GAME, SAME GAME, HIT ME, COMP TURN", () => {
    const commands = [];
    for (let b = 0; b < BUTTONS; b++) {
      commands.push(buttonCommand(b));
      expect(buttonOf(buttonCommand(b))).toBe(b);
    }
    expect(commands).toEqual(["newGame", "sameGame", "hint", "compTurn"]);
    expect([KEY_NEW_GAME, KEY_SAME_GAME, KEY_HIT_ME, KEY_COMP_TURN].map((k) => BUTTON_NAMES[k - KEY_NEW_GAME])).toEqual(["newGame", "sameGame", "hitMe", "compTurn"]);
    for (const other of ["undo", "redo", "goal", "game", "set", "nextRules"] as const) expect(buttonOf(other)).toBe(-1);
  });

  it("in Merlin's games SAME GAME, HIT ME and COMP TURN pressed are the game's keys, as their commands are: the same effects, the same game after", () => {
    for (const name of ["tictactoe", "music", "echo", "blackjack13", "mindbender"]) {
      for (let b = 1; b < BUTTONS; b++) {
        // Two toys in the same game, a few keys in (a length chosen, a note or a mark played): one presses the button, the other calls its command.
        const [keyed, called] = [0, 1].map(() => {
          const t = createToy(3, 3, 9 + BUTTONS, 0, SHELF, new Array(FILE_COUNT).fill(null), 7, 0);
          toyCommand(t, "game", name, 100);
          toyCommand(t, "newGame", 5, 200);
          toyPress(t, 3, 300);
          toyPress(t, 3, 400);
          return t;
        });
        const byKey = toyPress(keyed, 9 + 1 + b, 500);
        const byCall = toyCommand(called, buttonCommand(b), undefined, 500);
        const what = `${name}, ${buttonCommand(b)}`;
        expect(byKey, what).toEqual(byCall);
        expect(toyFile(keyed, FILE_GAME, 600), what).toBe(toyFile(called, FILE_GAME, 600));
      }
    }
  });
});

describe("choosing a game", () => {
  beforeEach(() => {
    boot(4);
  });

  it("NEW GAME deals a new Magic Square; a second NEW GAME waits for a game's number, the games' lights blinking, the one played steady", () => {
    const deal = press(10);
    expect(toyState(toy, 0).game).toBe("magicsquare");
    expect(toyState(toy, 0).choosing).toBe(false);
    expect(deal.cues).toContain(CUE_NEW_GAME);
    const choose = press(10);
    expect(toyState(toy, 0).choosing).toBe(true);
    expect(maskToBits(choose.frame as number, 9)).toBe(pads(1, 2, 3, 4, 5, 6));
    expect(maskToBits(choose.blink as number, 9)).toBe(pads(1, 2, 3, 4, 6));
    expect(choose.cues).toEqual([CUE_NEW_GAME]);
  });

  it("the number chooses: 1 Tic-Tac-Toe, 2 Music Machine, 3 Echo, 4 Blackjack 13, 5 Magic Square, 6 Mindbender", () => {
    const names = ["tictactoe", "music", "echo", "blackjack13", "magicsquare", "mindbender"];
    for (let n = 1; n <= 6; n++) {
      press(10);
      if (toyState(toy, 0).game === "magicsquare") press(10);
      expect(toyState(toy, 0).choosing).toBe(true);
      const fx = press(n);
      expect(fx.refused).toBe("");
      expect(toyState(toy, 0).game).toBe(names[n - 1]);
      expect(toyState(toy, 0).choosing).toBe(false);
    }
  });

  it("choosing a game marks the game, the settings and merlin.gms to be written within a second, not at once (flash wear, and the time a choice takes)", () => {
    // SAVE_NOW is a bit of its own, above every file's.
    for (let f = 0; f < FILE_COUNT; f++) expect(SAVE_NOW & (1 << f)).toBe(0);
    for (const name of ["tictactoe", "magicsquare", "mindbender", "echo"]) {
      const fx = toyCommand(toy, "game", name, now += 100);
      expect(fx.refused).toBe("");
      expect(fx.save).toBe((1 << FILE_GAME) | (1 << FILE_SETTINGS) | (1 << FILE_GAMES));
    }
  });

  it("a pad that is no game's number is refused with the buzz, and the toy still waits; NEW GAME again goes back to the game", () => {
    press(10);
    press(10);
    const board = toyState(toy, 0).board;
    const wrong = press(9);
    expect(wrong.cues).toEqual([CUE_ILLEGAL]);
    expect(toyState(toy, 0).choosing).toBe(true);
    press(10);
    expect(toyState(toy, 0).choosing).toBe(false);
    expect(toyState(toy, 0).board).toBe(board);
  });

  it("in the other games NEW GAME chooses at once, as on the 1978 toy", () => {
    expect(toyCommand(toy, "game", "echo", 1).refused).toBe("");
    press(10);
    expect(toyState(toy, 0).choosing).toBe(true);
    const fx = press(3);
    expect(toyState(toy, 0).game).toBe("echo");
    expect(toyState(toy, 0).choosing).toBe(false);
    expect(fx.cues).toContain(CUE_NEW_GAME);
  });

  it("a toy with no other games deals at every NEW GAME, as it always has", () => {
    boot(4, undefined, shelfOf(MAGIC, []));
    const first = toyState(toy, 0).puzzle;
    press(10);
    press(10);
    expect(toyState(toy, 0).choosing).toBe(false);
    expect(toyState(toy, 0).puzzle).toBe(first + 2);
  });
});

describe("playing Tic-Tac-Toe through the mid-end", () => {
  it("your mark steady, Merlin's answer blinking 0.6 s later, on the pads of the lights", () => {
    boot(4);
    toyCommand(toy, "game", "tictactoe", 1);
    const mine = press(5);
    expect(maskToBits(mine.frame as number, 9)).toBe(pads(5));
    expect(toyDue(toy)).toBe(now + MERLIN_DELAY_MS);
    const [answer] = runUntil(now + MERLIN_DELAY_MS);
    const lit = answer.frame as number;
    const blink = answer.blink as number;
    expect(maskToBits(lit & ~blink, 9)).toBe(pads(5));
    expect(blink.toString(2).split("1").length - 1).toBe(1);
    expect(toyState(toy, 0).status).toBe("playing");
  });

  it("the game file names the game and holds its state: after a power cut the same board, the same settings", () => {
    boot(4);
    toyCommand(toy, "game", "tictactoe", 1);
    expect(toyCommand(toy, "set", ["level", "perfect"], 2).refused).toBe("");
    press(1);
    runUntil(now + MERLIN_DELAY_MS);
    const before = toyState(toy, 0);
    const saved = files();
    expect(saved[FILE_GAME]).toMatch(/^tictactoe perfect,/);
    expect(JSON.parse(saved[FILE_SETTINGS]).game).toBe("tictactoe");
    boot(4, saved);
    const after = toyState(toy, 0);
    expect(after.game).toBe("tictactoe");
    expect(after.board).toBe(before.board);
    expect(after.blink).toBe(before.blink);
    expect((after.state as { level: string }).level).toBe("perfect");
  });

  it("a result counts in the game's own results, and they and its settings are kept when another game is played", () => {
    boot(4);
    toyCommand(toy, "game", "tictactoe", 1);
    toyCommand(toy, "set", ["level", "two"], 2);
    // Two players: X on 1, 2, 3 wins the top row; O on 4, 5.
    let last: ToyEffects | null = null;
    for (const k of [1, 4, 2, 5, 3]) last = press(k);
    expect(toyState(toy, 0).status).toBe("won");
    expect(toyStats(toy)).toEqual({ games: 1, wins: 1, losses: 0, draws: 0 });
    expect(last!.save & (1 << FILE_GAMES)).not.toBe(0);
    press(10);
    press(5);
    expect(toyState(toy, 0).game).toBe("magicsquare");
    const kept = JSON.parse(files()[FILE_GAMES]);
    expect(kept.tictactoe.results).toEqual([1, 1, 0, 0]);
    // Back to Tic-Tac-Toe (NEW GAME twice from Magic Square, then 1): a new game, still two players.
    press(10);
    press(10);
    press(1);
    const s = toyState(toy, 0);
    expect(s.game).toBe("tictactoe");
    expect(s.board).toBe(pads());
    expect((s.state as { level: string }).level).toBe("two");
    expect(s.results).toEqual({ games: 1, wins: 1, losses: 0, draws: 0 });
  });

  it("undo and redo go by snapshots, a key at a time; a game without them says so", () => {
    boot(4);
    toyCommand(toy, "game", "tictactoe", 1);
    toyCommand(toy, "set", ["level", "two"], 2);
    press(1);
    press(5);
    expect(toyState(toy, 0).board).toBe(pads(1, 5));
    expect(toyCommand(toy, "undo", undefined, now + 1).refused).toBe("");
    expect(toyState(toy, 0).board).toBe(pads(1));
    expect(toyCommand(toy, "redo", undefined, now + 2).refused).toBe("");
    expect(toyState(toy, 0).board).toBe(pads(1, 5));
    toyCommand(toy, "game", "echo", now + 3);
    const no = toyCommand(toy, "undo", undefined, now + 4);
    expect(no.refused).toBe("echo has no undo");
    expect(no.cues).toEqual([CUE_ILLEGAL]);
    // The state keeps the refusal until a call is carried out.
    expect(toyState(toy, 0).error).toBe("echo has no undo");
    toyCommand(toy, "mute", false, now + 5);
    expect(toyState(toy, 0).error).toBe(null);
  });

  it("GOAL is Magic Square's: in the other games the console call is refused in one line, and holding pad 8 buzzes", () => {
    boot(0);
    toyCommand(toy, "game", "tictactoe", 1);
    toyCommand(toy, "set", ["level", "two"], 2);
    press(5);
    const board = toyState(toy, 0).board;
    const fx = toyCommand(toy, "goal", undefined, now + 1);
    expect(fx.refused).toBe("goal is Magic Square's: tictactoe has none");
    expect(fx.cues).toEqual([CUE_ILLEGAL]);
    expect(toyState(toy, 0).error).toBe(fx.refused);
    expect(toyState(toy, 0).board).toBe(board);
    // Held on the toy: the press of pad 8 made a mark, which the hold takes back, then the buzz.
    now = 5000;
    expect(toyState(toy, 0).board).toBe(board);
    toyKeys(toy, 1 << pad(8), now);
    expect(toyState(toy, 0).board).toBe(pads(5, 8));
    const held = toyKeys(toy, 1 << pad(8), now + HOLD_MS);
    expect(held.cues).toEqual([CUE_ILLEGAL]);
    expect(toyState(toy, 0).board).toBe(board);
    // Magic Square shows its goal, as it always has.
    toyCommand(toy, "game", "magicsquare", now + HOLD_MS + 100);
    const shown = toyCommand(toy, "goal", undefined, now + HOLD_MS + 200);
    expect(shown.refused).toBe("");
    expect(shown.flash).toBe(RING);
  });

  it("a refused key leaves the pads as they are, the buzz its answer; a hold whose command is refused shows the game it took back", () => {
    boot(0);
    toyCommand(toy, "game", "tictactoe", 1);
    toyCommand(toy, "set", ["level", "two"], 2);
    press(5);
    const again = press(5);
    expect(again.refused).toBe("pad 5 is taken");
    expect(again.cues).toEqual([CUE_ILLEGAL]);
    expect(again.show).toBe(false);
    expect(toyState(toy, 0).board).toBe(pads(5));
    // Held, pad 3 is HIT ME, which Tic-Tac-Toe refuses: its press made a mark, which the hold
    // takes back; the pads must show that, though the command changed nothing.
    now = 5000;
    expect(toyKeys(toy, 1 << pad(3), now).frame).toBe((1 << pad(3)) | (1 << pad(5)));
    const held = toyKeys(toy, 1 << pad(3), now + HOLD_MS);
    expect(held.cues).toEqual([CUE_ILLEGAL]);
    expect(held.show).toBe(true);
    expect(held.frame).toBe(1 << pad(5));
    expect(toyState(toy, 0).board).toBe(pads(5));
  });

  it("undo takes back the last HISTORY_SIZE keys, no more", () => {
    boot(4);
    toyCommand(toy, "game", "mindbender", 1);
    // A number of 9 digits, then 6 digits of a guess.
    for (const k of [9, 1, 2, 3, 4, 5, 6]) press(k);
    expect((toyState(toy, 0).state as { typed: string }).typed).toBe("123456");
    for (let i = 0; i < HISTORY_SIZE; i++) expect(toyCommand(toy, "undo", undefined, now + 1 + i).refused).toBe("");
    expect((toyState(toy, 0).state as { typed: string }).typed).toBe("12");
    expect(toyCommand(toy, "undo", undefined, now + 9).refused).toBe("nothing to undo");
  });

  it("against Merlin, undo takes back your mark with Merlin's answer, and Merlin does not answer again", () => {
    boot(4);
    toyCommand(toy, "game", "tictactoe", 1);
    for (let move = 0; move < 2; move++) {
      // Your mark on the first free pad, then Merlin's answer.
      const free = 1 + (toyState(toy, 0).board as string).indexOf("0");
      press(free);
      runUntil(now + MERLIN_DELAY_MS);
    }
    const played = toyState(toy, 0).board as string;
    expect(played.split("1").length - 1).toBe(4);
    expect(toyCommand(toy, "undo", undefined, now + 1).refused).toBe("");
    const back = toyCommand(toy, "undo", undefined, now + 2);
    expect(back.refused).toBe("");
    // (Were Merlin's answer still to come, its deadline would be due by then.)
    runUntil(now + 3 * MERLIN_DELAY_MS, now + MERLIN_DELAY_MS);
    expect(toyState(toy, 0).board).toBe(pads());
    // Redo brings back each of your marks with Merlin's answer, as they were.
    toyCommand(toy, "redo", undefined, now + 1);
    toyCommand(toy, "redo", undefined, now + 2);
    expect(toyState(toy, 0).board).toBe(played);
  });
});

describe("a 3×3 without buttons: NEW GAME and the others are holds", () => {
  it("holding pad 1 takes back its press in Tic-Tac-Toe and opens the chooser", () => {
    boot(0);
    toyCommand(toy, "game", "tictactoe", 1);
    toyCommand(toy, "set", ["level", "two"], 2);
    now = 1000;
    toyKeys(toy, 1 << pad(5), now);
    toyKeys(toy, 0, now + 50);
    now = 2000;
    const down = toyKeys(toy, 1 << pad(1), now);
    expect(toyState(toy, 0).board).toBe(pads(1, 5));
    expect(toy.keysDue).toBe(now + HOLD_MS);
    const held = toyKeys(toy, 1 << pad(1), now + HOLD_MS);
    expect(toyState(toy, 0).choosing).toBe(true);
    expect(held.cues).toContain(CUE_NEW_GAME);
    // The mark the press made is gone (the state shown while choosing is the game's).
    expect(toyState(toy, 0).board).toBe(pads(5));
    toyKeys(toy, 0, now + HOLD_MS + 100);
    // 1 chooses Tic-Tac-Toe again: a new game, the same setting.
    const s = toyKeys(toy, 1 << pad(1), now + HOLD_MS + 200);
    expect(toyState(toy, 0).game).toBe("tictactoe");
    expect(toyState(toy, 0).board).toBe(pads());
    expect(s.refused).toBe("");
  });

  it("holding pad 1 in the chooser takes back the choice its press made", () => {
    boot(0);
    toyCommand(toy, "game", "echo", 1);
    now = 1000;
    toyKeys(toy, 1 << pad(1), now);
    toyKeys(toy, 1 << pad(1), now + HOLD_MS);
    toyKeys(toy, 0, now + HOLD_MS + 50);
    expect(toyState(toy, 0).choosing).toBe(true);
    // Pad 1 down chooses Tic-Tac-Toe; held on, the hold goes back to the chooser and opens it again.
    now = 5000;
    toyKeys(toy, 1 << pad(1), now);
    expect(toyState(toy, 0).game).toBe("tictactoe");
    toyKeys(toy, 1 << pad(1), now + HOLD_MS);
    expect(toyState(toy, 0).game).toBe("echo");
    expect(toyState(toy, 0).choosing).toBe(true);
  });
});

describe("Music Machine's tune and its tones", () => {
  it("each note sounds as it is pressed, and the tune survives a power cut", () => {
    boot(4);
    toyCommand(toy, "game", "music", 1);
    const tones: number[] = [];
    for (const k of [1, 3, 5, 8]) tones.push(...press(k).tones);
    expect(tones.filter((_x, i) => i % 2 === 0)).toEqual([262, 330, 392, 523].map((hz) => expect.closeTo(hz, 0)));
    const saved = files();
    boot(4, saved);
    expect(toyState(toy, 0).game).toBe("music");
    expect(toyFile(toy, FILE_GAME, 0)).toBe(saved[FILE_GAME]);
  });
});

describe("bad names and damaged files", () => {
  it("a game, a setting or a start that does not fit is refused in one line naming what is accepted, and changes nothing", () => {
    boot(4);
    const before = files();
    expect(toyCommand(toy, "game", "chess", 1).refused).toBe("game must be one of tictactoe, music, echo, blackjack13, magicsquare, mindbender, got chess");
    expect(toyCommand(toy, "set", ["level", "perfect"], 2).refused).toMatch(/^set is for tictactoe, music, echo, blackjack13, mindbender;/);
    expect(files()).toEqual(before);
    toyCommand(toy, "game", "tictactoe", 3);
    const ttt = files();
    expect(toyCommand(toy, "set", ["level", "genius"], 4).refused).toBe("Tic-Tac-Toe takes level merlin, perfect, two, got genius");
    expect(toyCommand(toy, "start", "010110101", 5).refused).toBe("start is Magic Square's: tictactoe starts with newGame");
    expect(toyCommand(toy, "set", "level", 6).refused).toBe("set takes a setting's name and its value");
    expect(files()).toEqual(ttt);
  });

  it("a damaged game file starts a new game of the game it names; a damaged merlin.gms is no file", () => {
    boot(4, [null, null, "tictactoe perfect,99", "{\"tictactoe\":{\"state\":1}}"]);
    expect(toyState(toy, 0).game).toBe("tictactoe");
    expect(toyState(toy, 0).board).toBe(pads());
    expect(toyStats(toy)).toEqual({ games: 0, wins: 0, losses: 0, draws: 0 });
    expect(toyState(toy, 0).status).toBe(STATUS_NAMES[0]);
  });

  it("a game whose module cannot be had leaves the toy playing Magic Square, saying why", () => {
    const broken: GameShelf = {
      ...SHELF,
      load: (name) => {
        if (name === "echo") throw new Error("merlin-echo.js is damaged");
        return SHELF.load(name);
      },
    };
    boot(4, [JSON.stringify({ rules: "basic", mute: false, idle: 180000, game: "echo" }), null, null, null], broken);
    expect(toyState(toy, 0).game).toBe("magicsquare");
    expect(toyState(toy, 0).error).toBe("game echo could not be loaded: Error: merlin-echo.js is damaged");
  });
});

// Merlin's six games on the real Espruino interpreter (ESPRUINO_BIN; skipped without it), the
// toy flashed as `npm run flash` writes it: the image and each game's Storage file
// (merlin-NAME.js, pretokenised). Each game is chosen (Merlin.game) and played through the
// console API's keys: 1-based pads, then NEW GAME, SAME GAME, HIT ME and COMP TURN.
//
// - Memory: JsVars in use after boot and after a game played in each of the six games, net of
//   the .boot0 pin aliases as `npm run budget` measures them (firmware/measure/budget.ts), within
//   MEMORY_BARS; choosing every game 20 times in a row grows the usage by at most GROWTH.
// - A power cut (SIGKILL, then the interpreter started again on the same flash) in the middle of
//   each game, 1.5 s after the last move (a file is written within a second), resumes that game
//   as it was.
// - A game file damaged or missing: choosing that game is refused in one line naming its file
//   (thrown, or reported as the toy reports an internal error), and the toy plays on in the game
//   it had.
//
// Console lines stay short: the Linux build's console can corrupt a long line (MAX_LINE).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preludeCost } from "../firmware/measure/espruino-bin";
import { loadProfile } from "../hardware/validate";
import { blackjack13, TARGET } from "../src/toy/games/blackjack13";
import { createEffects, KEY_HIT_ME, layoutFor } from "../src/toy/gamemodule";
import { bin, checkInterpreterFirst, FlashImage, sleep, type InterpreterToy } from "./helpers/espruino-toy";

/** JsVars (32-bit build, net of the pin aliases) after boot and after a game played in each game. */
const MEMORY_BARS: { [profile: string]: number } = { "pico-3x3": 1200, "pico-5x5-neopixel": 1700 };
/** Growth allowed over choosing every game 20 times (the interpreter's own bookkeeping). */
const GROWTH = 8;
const GAMES = ["tictactoe", "music", "echo", "blackjack13", "magicsquare", "mindbender"];
/** How long a write waits (the toy writes a file within a second) and a little more. */
const SETTLE_MS = 1500;

/** How the Linux interpreter dies when its input queue is corrupted (jsdevices.c, 2v29). */
const INPUT_QUEUE_RACE = /ASSERT\(len <= 64\) FAILED AT src\/jsdevices\.c/;

/**
 * Runs `body`, and once more when the interpreter died of the console's input race: the Linux
 * build's stdin thread fills the event queue the interpreter empties without a lock, and rarely
 * a console line corrupts it. That is the harness's interpreter, not the toy.
 */
async function againIfTheConsoleRaced(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (e) {
    if (!INPUT_QUEUE_RACE.test((e as Error).message)) throw e;
    await body();
  }
}

/** A board's console keys: light n's pad (1-based) and the four buttons after the pads. */
interface Keys {
  light: (n: number) => number;
  newGame: number;
  sameGame: number;
  hitMe: number;
  compTurn: number;
  side: number;
}

function keysOf(profile: string): Keys {
  const p = loadProfile(profile);
  const pads = p.rows * p.cols;
  // The 3×3: lights 1 … 9 are pads 1 … 9; the 5×5: its middle 3×3 (docs/games.md).
  const light = (n: number) => (p.rows === 3 ? n : (1 + Math.floor((n - 1) / 3)) * p.cols + 2 + ((n - 1) % 3));
  return { light, newGame: pads + 1, sameGame: pads + 2, hitMe: pads + 3, compTurn: pads + 4, side: p.rows };
}

/** A console call whose (short) value is wanted; a refusal throws. */
async function run(toy: InterpreterToy, expr: string): Promise<unknown> {
  return toy.value(expr, 60_000);
}

async function press(toy: InterpreterToy, key: number): Promise<void> {
  await run(toy, `Merlin.press(${key}).status`);
}

async function status(toy: InterpreterToy): Promise<string> {
  return (await run(toy, "Merlin.state().status")) as string;
}

async function usage(toy: InterpreterToy): Promise<number> {
  return (await run(toy, "process.memory().usage")) as number;
}

/** A seed whose Blackjack 13 hand takes a card on HIT ME without passing 13 (the host's module, as the toy deals). */
function blackjackSeed(k: Keys): number {
  const layout = layoutFor(k.side, k.side);
  for (let seed = 1; ; seed++) {
    const s = blackjack13.create(seed, layout, 0);
    blackjack13.key(s, KEY_HIT_ME, 0, createEffects());
    if (s.you[0] + s.you[1] <= TARGET) return seed;
  }
}

/** Plays a game of `name` (chosen already) to its end where it has one; returns how it ended. */
async function playGame(toy: InterpreterToy, k: Keys, name: string): Promise<string> {
  if (name === "magicsquare") {
    if (k.side === 3) {
      // Source 003's worked example.
      await run(toy, 'Merlin.start("010110101").status');
      for (const key of [3, 4, 5, 8, 9]) await press(toy, key);
    } else {
      await run(toy, "Merlin.newGame(7).status");
      for (let i = 0; i < 25 && (await status(toy)) === "playing"; i++) await press(toy, k.compTurn);
    }
  } else if (name === "tictactoe") {
    await run(toy, 'Merlin.set("level","perfect").status');
    while ((await status(toy)) === "playing") {
      const board = (await run(toy, "Merlin.state().state.board")) as string;
      await press(toy, k.light(board.indexOf("0") + 1));
      await sleep(800); // Merlin answers 0.6 s later
    }
  } else if (name === "music") {
    for (const n of [1, 3, 5, 8]) await press(toy, k.light(n));
    await press(toy, k.compTurn);
    await sleep(4 * 300 + 300); // the tune played back
  } else if (name === "echo") {
    await run(toy, 'Merlin.set("length",3).status');
    await sleep(600 + 3 * 500 + 300); // Merlin plays it
    for (let i = 0; i < 3; i++) await press(toy, k.light(1));
  } else if (name === "blackjack13") {
    await press(toy, k.compTurn);
    for (let i = 0; i < 20 && (await status(toy)) === "playing"; i++) await sleep(700);
  } else if (name === "mindbender") {
    await run(toy, 'Merlin.set("length",1).status');
    for (let d = 1; d <= 9 && (await status(toy)) === "playing"; d++) await press(toy, k.light(d));
  }
  return status(toy);
}

/** What must survive a power cut: the game, its state and results (Magic Square: its deal and moves). */
const OBSERVE = "(function(s){return [s.game,s.status,s.state,s.results,s.board,s.moves,s.seed,s.puzzle]})(Merlin.state())";

/** Moves that leave game `name` in the middle of a game. */
async function midGame(toy: InterpreterToy, k: Keys, name: string): Promise<void> {
  if (name === "magicsquare") {
    await run(toy, "Merlin.newGame(7).status");
    await press(toy, 1);
    await press(toy, 2);
  } else if (name === "tictactoe") {
    await press(toy, k.light(5));
    await sleep(800);
  } else if (name === "music") {
    for (const n of [1, 2, 3]) await press(toy, k.light(n));
  } else if (name === "echo") {
    await run(toy, 'Merlin.set("length",3).status');
    await sleep(600 + 3 * 500 + 300);
    await press(toy, k.light(1));
  } else if (name === "blackjack13") {
    await run(toy, `Merlin.newGame(${blackjackSeed(k)}).status`);
    await press(toy, k.hitMe);
  } else if (name === "mindbender") {
    await run(toy, 'Merlin.set("length",3).status');
    await press(toy, k.light(4));
  }
}

describe.skipIf(!bin)("Merlin's games on Espruino (ESPRUINO_BIN)", () => {
  checkInterpreterFirst();

  for (const profile of Object.keys(MEMORY_BARS)) {
    it(`${profile}: at most ${MEMORY_BARS[profile]} JsVars after boot and after a game played in each of the six games`, () => againIfTheConsoleRaced(async () => {
      const k = keysOf(profile);
      const image = await FlashImage.create(profile);
      const toy = await image.boot();
      const figures: { [when: string]: number } = {};
      try {
        const prelude = await preludeCost(bin as string, loadProfile(profile));
        await sleep(SETTLE_MS);
        figures["boot"] = (await usage(toy)) - prelude;
        for (const name of GAMES) {
          expect(await run(toy, `Merlin.game(${JSON.stringify(name)}).game`)).toBe(name);
          const ended = await playGame(toy, k, name);
          if (name !== "music") expect(ended, name).not.toBe("playing");
          await sleep(SETTLE_MS);
          figures[name] = (await usage(toy)) - prelude;
        }
        expect(toy.output).not.toMatch(/OUT OF MEMORY|Merlin error/);
      } finally {
        console.log(`${profile} JsVars net of the pin aliases: ${JSON.stringify(figures)}`);
        await toy.dispose();
        image.dispose();
      }
      const over = Object.keys(figures).filter((w) => figures[w] > MEMORY_BARS[profile]);
      expect(over, `${profile} JsVars: ${JSON.stringify(figures)}`).toEqual([]);
    }), 900_000);
  }

  describe("pico-3x3", () => {
    const PROFILE = "pico-3x3";
    const k = keysOf(PROFILE);
    let image: FlashImage;
    beforeAll(async () => {
      image = await FlashImage.create(PROFILE);
    });
    afterAll(() => image?.dispose());

    it(`choosing every game 20 times in a row grows memory by at most ${GROWTH} JsVars`, () => againIfTheConsoleRaced(async () => {
      const toy = await image.boot();
      try {
        const names = JSON.stringify(GAMES);
        const round = (n: number) => run(toy, `(function(){for(var i=0;i<${n};i++)${names}.forEach(function(g){Merlin.game(g)});return 1})()`);
        // First-use allocations: every game chosen and left once (merlin.gms then keeps each one's state).
        await round(2);
        await sleep(SETTLE_MS);
        const before = await usage(toy);
        await round(20);
        await sleep(SETTLE_MS);
        const after = await usage(toy);
        console.log(`${PROFILE}: choosing every game 20 times: ${before} JsVars before, ${after} after`);
        expect(after - before, `${before} before, ${after} after`).toBeLessThanOrEqual(GROWTH);
        expect(await run(toy, "Merlin.state().game")).toBe(GAMES[GAMES.length - 1]);
      } finally {
        await toy.dispose();
      }
    }), 300_000);

    it.each(GAMES)("a power cut in the middle of %s resumes it as it was", (name) => againIfTheConsoleRaced(async () => {
      let toy = await image.boot();
      try {
        expect(await run(toy, `Merlin.game(${JSON.stringify(name)}).game`)).toBe(name);
        await midGame(toy, k, name);
        await sleep(SETTLE_MS);
        const before = await run(toy, OBSERVE);
        expect((before as unknown[])[1]).toBe("playing");
        await toy.powerCut();
        toy = await toy.boot();
        await sleep(500);
        expect(await run(toy, OBSERVE)).toEqual(before);
        expect(await run(toy, "Merlin.state().error")).toBeNull();
      } finally {
        await toy.dispose();
      }
    }), 120_000);

    const DAMAGE = [
      { what: "garbage in merlin-echo.js", expr: 'require("Storage").write("merlin-echo.js","#~ not a game (")' },
      { what: "a script that is no game in merlin-echo.js", expr: 'require("Storage").write("merlin-echo.js","42")' },
      { what: "merlin-echo.js erased", expr: 'require("Storage").erase("merlin-echo.js")' },
    ];
    it.each(DAMAGE)("$what: choosing Echo is refused in one line naming its file, and the toy plays on in Music Machine", ({ expr }) => againIfTheConsoleRaced(async () => {
      const toy = await image.boot();
      try {
        expect(await run(toy, 'Merlin.game("music").game')).toBe("music");
        for (const n of [1, 2]) await press(toy, k.light(n));
        await run(toy, `(${expr},1)`);
        // From the console, and the toy's way (NEW GAME, then 3): refused — the call throws, or
        // the toy reports it as an internal error (the buzz, the console's "Merlin error" line and
        // Merlin.state().error) — in one line that names the file.
        const refusal = async (expr: string): Promise<string> => {
          const r = await toy.call(expr);
          return r.ok ? String(await run(toy, "Merlin.state().error")) : r.error;
        };
        for (const ask of ['Merlin.game("echo")', "Merlin.press(3)"]) {
          if (ask.startsWith("Merlin.press")) await press(toy, k.newGame);
          const error = await refusal(ask);
          expect(error.split("\n"), ask).toHaveLength(1);
          expect(error, ask).toMatch(/merlin-echo\.js/);
          expect(((await run(toy, OBSERVE)) as unknown[]).slice(0, 3), ask).toMatchObject(["music", "playing", { tune: "12" }]);
        }
        // Music Machine plays on (NEW GAME again leaves the chooser, if it is still open); the other games can still be chosen.
        if ((await run(toy, "Merlin.state().choosing")) === true) await press(toy, k.newGame);
        await press(toy, k.light(3));
        expect(((await run(toy, OBSERVE)) as unknown[]).slice(0, 3)).toMatchObject(["music", "playing", { tune: "123" }]);
        expect(await run(toy, 'Merlin.game("mindbender").game')).toBe("mindbender");
        expect(toy.output).not.toMatch(/OUT OF MEMORY/);
      } finally {
        await toy.dispose();
      }
    }), 120_000);
  });
});

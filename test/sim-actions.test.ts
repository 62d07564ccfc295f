// The toy's letter actions (sim/app/actions.ts, shared by the terminal UI and the browser toy)
// in each of Merlin's games, on the real firmware on a virtual board: what each says is true of
// the game played — HIT ME in Blackjack 13 draws a card, COMP TURN in Tic-Tac-Toe lets Merlin
// move, GOAL and RULES outside Magic Square say they are Magic Square's and change nothing,
// UNDO in Echo says the game has none — and comes from the firmware's answers. Also the table
// of the games' words (sim/app/game-words.ts) words exactly the firmware's list of games.
import { beforeAll, describe, expect, it } from "vitest";
import { loadProfile } from "../hardware/validate";
import { openSession } from "../sim/app/node-session";
import type { FirmwareState, SimSession } from "../sim/app/session";
import { ACTIONS, CHOOSE_WORDS, runAction, type ToyAction } from "../sim/app/actions";
import { GAME_WORDS, lightLabels } from "../sim/app/game-words";
import { GAME_MODULES } from "../src/toy/games/index";
import { MERLIN_DELAY_MS } from "../src/toy/games/tictactoe";
import { MAGIC_SQUARE } from "../src/toy/midend";
import { buildToy, patchedConsole, toyGameFiles } from "./helpers/toy";

describe("the games' words", () => {
  it("word every game of the firmware's list (src/toy/games/index.ts and Magic Square), and no other", () => {
    expect(Object.keys(GAME_WORDS).sort()).toEqual(GAME_MODULES.map((m) => m.name).concat(MAGIC_SQUARE).sort());
  });

  it("name the pads by Merlin's lights: 1 … 9 on the 3×3; 0 … 10 on the 5×5, the rest of its pads none", () => {
    expect(lightLabels(3, 3)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    const five = lightLabels(5, 5);
    expect(five.filter((l) => l !== "").sort((a, b) => Number(a) - Number(b))).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    expect(five.slice(5, 10)).toEqual(["", "1", "2", "3", ""]);
  });
});

describe("the toy's actions in each of Merlin's games (real firmware)", () => {
  let code: string;
  let files: Record<string, string>;
  beforeAll(async () => {
    code = await buildToy("pico-3x3");
    files = await toyGameFiles("pico-3x3");
  });

  /** The toy playing `game`, new, after the light test. */
  async function playing(game: string): Promise<SimSession> {
    const session = await openSession({ profile: loadProfile("pico-3x3"), code, files, boardSeed: 1 });
    session.api(`Merlin.game(${JSON.stringify(game)})`);
    session.wait(1000);
    return session;
  }
  const act = (session: SimSession, a: ToyAction) => runAction(session, a).message;
  /** What the toy would save of its game (the game file) and whether NEW GAME waits: what "changed nothing" means. */
  /** The game and the toy as the state shows them, but for the last refusal (`error`, which a refused call sets). */
  const kept = (session: SimSession) => JSON.stringify({ ...session.state(), error: undefined });

  it("Tic-Tac-Toe: COMP TURN lets Merlin move first; HIT ME is refused with the game's reason; S clears the board", async () => {
    const session = await playing("tictactoe");
    expect(act(session, "compTurn")).toBe("COMP TURN lets Merlin move first");
    // He moves as he answers a pad: a moment later.
    expect((session.state().state as { board: string }).board).toBe("000000000");
    session.wait(MERLIN_DELAY_MS);
    const s = session.state() as FirmwareState;
    expect((s.state as { board: string }).board).toMatch(/^0*20*$/);
    expect(act(session, "hitMe")).toBe("HIT ME: Tic-Tac-Toe takes pads 1-9, SAME GAME and COMP TURN");
    expect(act(session, "compTurn")).toBe("COMP TURN: COMP TURN lets Merlin start: on the empty board, against Merlin");
    expect(act(session, "sameGame")).toBe("SAME GAME clears the board");
    expect((session.state().state as { board: string }).board).toBe("000000000");
  });

  it("Blackjack 13: HIT ME draws a card, COMP TURN stands and Merlin draws, SAME GAME deals the next hand", async () => {
    const session = await playing("blackjack13");
    const cards = () => (session.state().state as { cards: string }).cards;
    const dealt = cards();
    const hit = act(session, "hitMe");
    expect(hit).toBe("HIT ME draws you a card");
    expect(cards()).not.toBe(dealt);
    if (session.state().status === "playing") {
      expect(act(session, "compTurn")).toBe("COMP TURN stands: Merlin draws");
      session.wait(5000);
    }
    expect(session.state().status).not.toBe("playing");
    expect(act(session, "sameGame")).toBe("SAME GAME deals the next hand");
    expect(session.state().status).toBe("playing");
  });

  it("Echo: UNDO and REDO say the game has none (the firmware's reason), and change nothing", async () => {
    const session = await playing("echo");
    session.api(`Merlin.press(3)`);
    session.wait(3000);
    const before = kept(session);
    expect(act(session, "undo")).toBe("UNDO: echo has no undo");
    expect(act(session, "redo")).toBe("REDO: echo has no undo");
    expect(kept(session)).toBe(before);
    expect(session.state().error).toBe("echo has no undo");
    expect(act(session, "hitMe")).toMatch(/^HIT ME: Echo takes pads 1-9/);
    expect(act(session, "sameGame")).toBe("SAME GAME plays the same tune again");
    expect(session.state().state).toMatchObject({ phase: "listen", length: 3 });
  });

  it("Tic-Tac-Toe's undo is the game's own: UNDO takes a mark back, REDO plays it again", async () => {
    const session = await playing("tictactoe");
    session.api("Merlin.set('level', 'two')");
    session.api("Merlin.press(5)");
    expect(act(session, "undo")).toBe("undone: level two, your turn: press a pad");
    expect((session.state().state as { board: string }).board).toBe("000000000");
    expect(act(session, "redo")).toMatch(/^redone: level two/);
    expect((session.state().state as { board: string }).board).toBe("000010000");
    expect(act(session, "redo")).toBe("REDO: nothing to redo");
  });

  for (const game of ["tictactoe", "music", "echo", "blackjack13", "mindbender"]) {
    it(`${game}: GOAL and RULES say they are Magic Square's, in one line, and change nothing`, async () => {
      const session = await playing(game);
      const before = kept(session);
      const title = GAME_WORDS[game].title;
      expect(act(session, "goal")).toBe(`GOAL: ${title} has no goal to show — GOAL is Magic Square's (NEW GAME, then 5)`);
      expect(act(session, "rules")).toBe(`RULES: ${title} has no rule sets — they are Magic Square's (NEW GAME, then 5)`);
      expect(kept(session)).toBe(before);
      expect(session.state().game).toBe(game);
    });
  }

  it("Mindbender: the buttons it takes no key for are refused with its own reason", async () => {
    const session = await playing("mindbender");
    const before = kept(session);
    expect(act(session, "hitMe")).toBe("HIT ME: Mindbender takes the digits 1-9 (and SAME GAME, NEW GAME)");
    expect(act(session, "compTurn")).toBe("COMP TURN: Mindbender takes the digits 1-9 (and SAME GAME, NEW GAME)");
    expect(kept(session)).toBe(before);
  });

  it("NEW GAME in another game opens the choice of a game; other actions then wait; NEW GAME again goes back", async () => {
    const session = await playing("music");
    expect(act(session, "newGame")).toBe(`NEW GAME: ${CHOOSE_WORDS}`);
    expect(session.state().choosing).toBe(true);
    for (const a of ["sameGame", "hitMe", "compTurn", "undo", "redo", "goal", "rules"] as const) {
      const before = kept(session);
      expect(act(session, a)).toMatch(/: choose a game: press its number/);
      expect(kept(session)).toBe(before);
    }
    expect(act(session, "newGame")).toBe("NEW GAME again: back to Music Machine");
    expect(session.state().choosing).toBe(false);
    // In Magic Square the first NEW GAME deals; the second chooses.
    const square = await playing(MAGIC_SQUARE);
    expect(act(square, "newGame")).toMatch(/^new game: seed \d+, puzzle \d+$/);
    expect(act(square, "newGame")).toBe(`NEW GAME: ${CHOOSE_WORDS}`);
  });

  it("whether a button was taken is the firmware's answer (Merlin.press refusing), not worked out again", async () => {
    const session = await playing("blackjack13");
    session.api(patchedConsole('m.press = function (k) { throw new Error("the deck is empty"); };'));
    expect(act(session, "hitMe")).toBe("HIT ME: the deck is empty");
    // And what UNDO took back is the game as the firmware reports it after.
    const tic = await playing("tictactoe");
    tic.api(patchedConsole('var u = m.undo; m.undo = function () { var s = u(); s.state.level = "perfect"; return s; };'));
    tic.api("Merlin.press(5)");
    expect(act(tic, "undo")).toMatch(/^undone: level perfect/);
  });

  it("every action answers in one line in every game", async () => {
    for (const game of ["tictactoe", "music", "echo", "blackjack13", "mindbender", MAGIC_SQUARE]) {
      const session = await playing(game);
      for (const a of ACTIONS) {
        if (a === "sleep" || a === "newGame") continue;
        const m = act(session, a);
        expect(m, `${game} ${a}`).not.toContain("\n");
        expect(m, `${game} ${a}`).not.toMatch(/undefined|NaN/);
        // Magic Square's words (its deals, moves and goal) only in Magic Square.
        if (game !== MAGIC_SQUARE) expect(m, `${game} ${a}`).not.toMatch(/seed \d|puzzle|\d moves?\b|the goal:|hint: press/);
      }
    }
  });
});

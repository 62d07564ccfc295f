/**
 * `merlin play`: the game of src/game.ts on the command line — scripted with --keys (plain
 * BASIC-style text or one JSON object), or typed line by line on standard input like the
 * 1980s BASIC program of source 002 (ASSIGN#, ??? ILLEGAL INPUT, TRY AGAIN).
 */
import { createInterface } from "node:readline";
import {
  ACT_COMP_TURN,
  ACT_HINT,
  ACT_NEW_GAME,
  ACT_PRESS,
  ACT_SAME_GAME,
  ACT_UNDO,
  createGame,
  createGameFrom,
  ERR_GAME_OVER,
  ERR_ILLEGAL_KEY,
  ERR_NO_HINT,
  ERR_NONE,
  ERR_NOTHING_TO_UNDO,
  ERROR_NAMES,
  GameEvent,
  GameState,
  LOST,
  MAX_SEED,
  newEffects,
  PLAYING,
  reasonName,
  startProblem,
  statusName,
  update,
  WON,
} from "../../src/game";
import { hint } from "../../src/masksolve";
import { inputError, Puzzle } from "../../src/puzzle";
import { RULE_SETS, ruleIndex, ruleNames } from "../../src/rules";
import { compileTables, MaskTables } from "../../src/tables";
import { Command, CommandIO } from "./command";
import { optionHelp, OptionSpec, parseOptions } from "./options";
import { boardOption, PUZZLE_OPTIONS, puzzleFromOptions } from "./puzzle-options";
import { BASIC_AGAIN, BASIC_ILLEGAL, BASIC_LOST, BASIC_WON, basicBoard, basicPrompt } from "../basic-text";


const SPECS: OptionSpec[] = [
  { name: "rules", type: "string", arg: "NAME", help: `rule set: ${ruleNames()}`, default: "basic" },
  { name: "seed", type: "int", arg: "N", help: `puzzle number 0..${MAX_SEED}: the same number deals the same puzzle everywhere (default: random)` },
  { name: "start", type: "string", arg: "BITS", help: "play this start board instead of a dealt one (digits, row-major, 1 = lit)" },
  { name: "target", type: "string", arg: "BOARD", help: "the goal: ring, lit, dark or digits (default ring: 8 lit, centre dark)" },
  { name: "keys", type: "string", arg: "KEYS", help: 'moves to play, e.g. "3 4 5" (see below); without it, moves are read from standard input' },
  { name: "json", type: "flag", help: "print one JSON object after the moves (see below)" },
  ...PUZZLE_OPTIONS,
];

/** One line per rule set for the help (kept out of src/rules.ts so the firmware does not carry it). */
const RULE_SUMMARY: { [name: string]: string } = {
  basic: "the 1980s BASIC game (source 002): lost when every pad goes dark, or after 20 moves without a win (a win on the 20th stands)",
  merlin1978: "the 1978 handheld: no move limit, all dark only warbles, SAME GAME deals a new puzzle, keys stay live after a win",
  classic: "Lights Out style: par = the start's fewest presses; lost at 10 moves over par without a win",
};

const RULES_HELP = RULE_SETS.map((r) => "  " + r.name.padEnd(12) + (RULE_SUMMARY[r.name] ?? "")).join("\n");

const HELP = `usage: merlin play [--rules NAME] [--seed N] [--start BITS] [--keys KEYS] [--json] [options]

Plays the magic-square game: each key toggles its pattern (Merlin: corner → its 2×2 block,
edge → its edge line, centre → plus); the goal is the ring of 8 lit with the centre dark.
The game runs on the toy's own core, which holds a board in one 32-bit mask: on/off boards
of at most 32 cells and keys (e.g. up to 5×5 or 4×8); the solver commands take larger ones.
Starts are dealt from the seed, uniformly over the boards that can be solved, never solved
already (and never all dark under basic).

rule sets:
${RULES_HELP}

options:
${optionHelp(SPECS)}

KEYS: key numbers 1..N (row-major), separated by spaces or commas, and the letters
  h  HIT ME: show the next key to press      c  COMP TURN: the computer presses it
  u  undo the last press                     s  SAME GAME (restart; merlin1978: a new puzzle)
  n  NEW GAME (the next puzzle of the seed)
Anything else is reported as illegal input and does not count as a move.

With --json the result is one object:
  {"status":"playing|won|lost","reason":null|"all-dark"|"move-limit"|"over-par","moves":3,
   "board":"101101111","errors":[{"at":2,"input":"10","why":"key 10 is not 1 to 9"}],
   "rules":"basic","seed":7,"puzzle":0,"start":"…","par":5,"hint":4}
board and start are row-major digits (1 = lit); par is the fewest presses that solve the
start (classic: moves − par is the score); hint is the next key to press, or null.
Exit status 0 whatever the outcome, 2 for bad options.

examples:
  merlin play --seed 7                               play puzzle 7, typing keys
  merlin play --seed 7 --keys "h c c c" --json       a hint, then the computer plays 3 moves
  merlin play --start 010110101 --keys "3 4 5 8 9"   source 003's worked example
  merlin play --rules merlin1978 --seed 7            the 1978 handheld's rules
  merlin play --rules classic --pattern plus --size 5 --target dark --seed 1   Lights Out`;

/** Board masks as row-major digits. */
function bits(mask: number, cells: number): string {
  let s = "";
  for (let i = 0; i < cells; i++) s += (mask >>> i) & 1;
  return s;
}

function maskOf(board: Uint8Array): number {
  let m = 0;
  for (let i = 0; i < board.length; i++) if (board[i]) m |= 1 << i;
  return m;
}

interface PlayError {
  at: number;
  input: string;
  why: string;
}

const LETTERS: { [letter: string]: number } = { h: ACT_HINT, c: ACT_COMP_TURN, u: ACT_UNDO, s: ACT_SAME_GAME, n: ACT_NEW_GAME };

/** A game being played: turns input tokens into events and keeps a BASIC-style transcript. */
class Session {
  state: GameState;
  errors: PlayError[] = [];
  private fx = newEffects();
  private inputs = 0;

  constructor(
    readonly p: Puzzle,
    readonly t: MaskTables,
    state: GameState,
    private readonly print: (line: string) => void,
    private readonly clock: () => number,
  ) {
    this.state = state;
  }

  /** The board as the BASIC program prints it. */
  board(): void {
    let bits = "";
    for (let i = 0; i < this.p.cells; i++) bits += (this.state.board >>> i) & 1;
    for (const l of basicBoard(bits, this.p.cols)) this.print(l);
  }

  header(): void {
    const s = this.state;
    const r = RULE_SETS[s.rules];
    const puzzle = s.puzzle > 0 ? `, puzzle ${s.puzzle}` : "";
    this.print(`${this.p.name.toUpperCase()} — ${r.name} rules, seed ${s.seed}${puzzle}`);
    this.board();
  }

  prompt(): string {
    return basicPrompt(this.state.moves + 1);
  }

  private send(ev: GameEvent): void {
    update(this.t, this.state, ev, this.fx);
  }

  private fail(token: string, why: string): void {
    this.errors.push({ at: this.inputs, input: token, why });
  }

  /** Plays one input token; prints what happened. */
  play(token: string): void {
    this.inputs++;
    const before = this.state.status;
    const now = this.clock();
    const lower = token.toLowerCase();
    const letter = Object.prototype.hasOwnProperty.call(LETTERS, lower) ? LETTERS[lower] : undefined;
    if (/^[+-]?\d+$/.test(token)) {
      const key = Number(token);
      this.send({ type: ACT_PRESS, key, now });
      if (this.fx.error === ERR_ILLEGAL_KEY) {
        this.fail(token, `key ${token} is not 1 to ${this.t.keys}`);
        this.print(BASIC_ILLEGAL);
        this.print("");
        return;
      }
    } else if (letter !== undefined) {
      this.send({ type: letter, now });
    } else {
      this.fail(token, `'${token}' is not a key number (1 to ${this.t.keys}) or one of h c u s n`);
      this.print(BASIC_ILLEGAL);
      this.print("");
      return;
    }
    const e = this.fx.error;
    if (e === ERR_GAME_OVER) {
      this.fail(token, "the game is over (n: new game, s: same game)");
      this.print("GAME OVER: N FOR A NEW GAME, S FOR THE SAME GAME");
      return;
    }
    if (e === ERR_NO_HINT || e === ERR_NOTHING_TO_UNDO) {
      this.fail(token, ERROR_NAMES[e]);
      this.print(e === ERR_NO_HINT ? "NOTHING TO PRESS" : "NOTHING TO UNDO");
      return;
    }
    if (e !== ERR_NONE) {
      this.fail(token, ERROR_NAMES[e]);
      return;
    }
    if (letter === ACT_HINT) {
      this.print(`HIT ME: PRESS ${this.fx.hint + 1}`);
      return;
    }
    if (letter === ACT_COMP_TURN) this.print(`COMP TURN: ${this.fx.hint + 1}`);
    if (letter === ACT_UNDO) this.print("UNDO");
    if (letter === ACT_SAME_GAME || letter === ACT_NEW_GAME) {
      this.header();
      return;
    }
    this.board();
    const s = this.state;
    if (s.status !== before) this.ending();
    else if (s.status === PLAYING && s.board === 0) this.print("ALL DARK!");
  }

  /** The BASIC program's closing line, plus what the rules add. */
  ending(): void {
    const s = this.state;
    if (s.status === WON) {
      this.print(BASIC_WON);
      if (RULE_SETS[s.rules].overParLimit > 0) this.print(`${s.moves} MOVES, PAR ${s.par}: ${s.moves - s.par} OVER PAR`);
    } else if (s.status === LOST) {
      this.print(BASIC_LOST);
      const why = s.reason === 1 ? "every pad went dark" : s.reason === 2 ? `${s.moves} moves used` : `${s.moves - s.par} moves over par`;
      this.print(`(${why})`);
    }
  }

  json(): string {
    const s = this.state;
    const h = s.status === PLAYING || RULE_SETS[s.rules].liveAfterEnd ? hint(this.t, s.board, s.target) : -1;
    return JSON.stringify({
      status: statusName(s),
      reason: reasonName(s),
      moves: s.moves,
      board: bits(s.board, this.t.cells),
      errors: this.errors,
      rules: RULE_SETS[s.rules].name,
      seed: s.seed,
      puzzle: s.puzzle,
      start: bits(s.start, this.t.cells),
      par: s.par,
      hint: h < 0 ? null : h + 1,
    });
  }
}

function tokens(text: string): string[] {
  return text.split(/[\s,]+/).filter((x) => x !== "");
}

/** Reads moves line by line (the BASIC program's INPUT), with TRY AGAIN after each game. */
async function interactive(session: Session, io: CommandIO): Promise<void> {
  const rl = createInterface({ input: io.stdin!, terminal: false });
  let asking = false;
  io.out(session.prompt());
  for await (const line of rl) {
    if (asking) {
      asking = false;
      if (!/^\s*y/i.test(line)) break;
      session.play("n");
    } else {
      for (const tok of tokens(line)) {
        if (session.state.status !== PLAYING && !RULE_SETS[session.state.rules].liveAfterEnd) break;
        session.play(tok);
      }
    }
    if (session.state.status !== PLAYING && !RULE_SETS[session.state.rules].liveAfterEnd) {
      io.out(BASIC_AGAIN);
      asking = true;
    } else {
      io.out(session.prompt());
    }
  }
  io.out("\n");
  rl.close();
}

async function run(argv: string[], io: CommandIO): Promise<number> {
  const opts = parseOptions(argv, SPECS, "play");
  if (opts.help) {
    io.out(HELP + "\n");
    return 0;
  }
  if (opts.positionals.length > 0) throw inputError(`unexpected argument '${opts.positionals[0]}' (see 'merlin play --help')`);
  const v = opts.values;
  const rules = ruleIndex(v.rules as string);
  if (rules < 0) throw inputError(`--rules must be one of ${ruleNames()}, got '${v.rules}'`);
  const p = puzzleFromOptions(v);
  if (p.states !== 2) throw inputError(`the game plays on/off boards only (--states 2), got --states ${p.states}`);
  const t = compileTables(p);
  const target = maskOf(boardOption(p, v.target === undefined ? "ring" : (v.target as string), "--target"));
  let seed: number;
  if (v.seed !== undefined) {
    seed = v.seed as number;
    if (!(seed >= 0 && seed <= MAX_SEED)) throw inputError(`--seed must be a whole number from 0 to ${MAX_SEED}, got ${seed}`);
  } else {
    seed = Math.floor(Math.random() * 1000000);
  }
  let state: GameState;
  if (v.start !== undefined) {
    const text = v.start as string;
    const start = maskOf(boardOption(p, text, "--start"));
    const problem = startProblem(t, target, rules, start);
    if (problem !== null) throw inputError(`--start '${text}': ${problem}`);
    state = createGameFrom(t, target, rules, start, seed, 0);
  } else {
    state = createGame(t, target, rules, seed, 0);
  }

  const json = v.json === true;
  const print = json ? (_: string) => {} : (line: string) => void io.out(line + "\n");
  const scripted = v.keys !== undefined;
  const session = new Session(p, t, state, print, scripted ? () => 0 : () => Date.now());
  session.header();
  if (scripted) {
    for (const tok of tokens(v.keys as string)) {
      if (!json) io.out(session.prompt().trimEnd() + " " + tok + "\n");
      session.play(tok);
    }
  } else if (!json && io.stdin) {
    await interactive(session, io);
  }
  if (json) io.out(session.json() + "\n");
  return 0;
}

export const playCommand: Command = {
  name: "play",
  summary: "play the game: rule sets basic, merlin1978, classic; scripted keys or typed",
  help: HELP,
  run,
};

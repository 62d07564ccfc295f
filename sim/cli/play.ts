/**
 * `merlin play`: the game of src/game.ts on the command line — scripted with --keys (plain
 * BASIC-style text or one JSON object), or typed line by line on standard input like the
 * 1980s BASIC program of source 002 (ASSIGN#, ??? ILLEGAL INPUT, TRY AGAIN).
 */
import {
  ACT_COMP_TURN,
  ACT_HINT,
  ACT_NEW_GAME,
  ACT_PRESS,
  ACT_SAME_GAME,
  ACT_UNDO,
  createGame,
  createGameFrom,
  ERR_NONE,
  GameState,
  newEffects,
  PLAYING,
  reasonName,
  startProblem,
  statusName,
  update,
} from "../../src/game";
import { cellsToMask, maskToBits } from "../../src/maskbits";
import { hint } from "../../src/masksolve";
import { inputError } from "../../src/puzzle";
import { RULE_SETS, ruleIndex, ruleNames } from "../../src/rules";
import { compileTables, MaskTables } from "../../src/tables";
import { boundedLines } from "../../tools/lines";
import { optionHelp, OptionSpec } from "../../tools/options";
import { checkSeed, MAX_SEED } from "../app/deal-values";
import { BasicDialogue, BasicEngine, BasicError, BasicState } from "../basic-dialogue";
import { Command, commandValues, CommandIO } from "./command";
import { boardOption, PUZZLE_OPTIONS, puzzleFromOptions } from "./puzzle-options";


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

/** The game on the pure core (src/game.ts), one mask per board: what the BASIC dialogue plays on here. */
class CoreEngine implements BasicEngine {
  readonly pads: number;
  readonly cols: number;
  private readonly fx = newEffects();

  constructor(
    private readonly t: MaskTables,
    readonly game: GameState,
    private readonly clock: () => number,
  ) {
    this.pads = t.keys;
    this.cols = t.cols;
  }

  private send(type: number, key = 0): void {
    update(this.t, this.game, { type, key, now: this.clock() }, this.fx);
  }

  board(): string {
    return maskToBits(this.game.board, this.t.cells);
  }

  state(): BasicState {
    const s = this.game;
    return { status: statusName(s) as BasicState["status"], reason: reasonName(s), moves: s.moves, par: s.par, rules: RULE_SETS[s.rules].name };
  }

  press(key: number): void {
    this.send(ACT_PRESS, key);
  }

  hint(): number {
    this.send(ACT_HINT);
    return this.fx.error === ERR_NONE ? this.fx.hint + 1 : 0;
  }

  compTurn(): number {
    this.send(ACT_COMP_TURN);
    return this.fx.error === ERR_NONE ? this.fx.hint + 1 : 0;
  }

  undo(): boolean {
    this.send(ACT_UNDO);
    return this.fx.error === ERR_NONE;
  }

  sameGame(): void {
    this.send(ACT_SAME_GAME);
  }

  newGame(): void {
    this.send(ACT_NEW_GAME);
  }

  /** The --json object. */
  json(errors: BasicError[]): string {
    const s = this.game;
    const h = s.status === PLAYING || RULE_SETS[s.rules].liveAfterEnd ? hint(this.t, s.board, s.target) : -1;
    return JSON.stringify({
      status: statusName(s),
      reason: reasonName(s),
      moves: s.moves,
      board: maskToBits(s.board, this.t.cells),
      errors: errors,
      rules: RULE_SETS[s.rules].name,
      seed: s.seed,
      puzzle: s.puzzle,
      start: maskToBits(s.start, this.t.cells),
      par: s.par,
      hint: h < 0 ? null : h + 1,
    });
  }
}

async function run(argv: string[], io: CommandIO): Promise<number> {
  const v = commandValues(argv, SPECS, "play", HELP, io);
  if (v === null) return 0;
  const rules = ruleIndex(v.rules as string);
  if (rules < 0) throw inputError(`--rules must be one of ${ruleNames()}, got '${v.rules}'`);
  const p = puzzleFromOptions(v);
  if (p.states !== 2) throw inputError(`the game plays on/off boards only (--states 2), got --states ${p.states}`);
  const t = compileTables(p);
  const target = cellsToMask(boardOption(p, v.target === undefined ? "ring" : (v.target as string), "--target"));
  let seed: number;
  if (v.seed !== undefined) {
    seed = v.seed as number;
    checkSeed(seed);
  } else {
    seed = Math.floor(Math.random() * 1000000);
  }
  let state: GameState;
  if (v.start !== undefined) {
    const text = v.start as string;
    const start = cellsToMask(boardOption(p, text, "--start"));
    const problem = startProblem(t, target, rules, start);
    if (problem !== null) throw inputError(`--start '${text}': ${problem}`);
    state = createGameFrom(t, target, rules, start, seed, 0);
  } else {
    state = createGame(t, target, rules, seed, 0);
  }

  const json = v.json === true;
  const print = json ? (_: string) => {} : (line: string) => void io.out(line + "\n");
  const scripted = v.keys !== undefined;
  const engine = new CoreEngine(t, state, scripted ? () => 0 : () => Date.now());
  const dialogue = new BasicDialogue(engine, print);
  dialogue.showBoard();
  if (scripted) {
    for (const tok of (v.keys as string).split(/[\s,]+/).filter((x) => x !== "")) {
      if (!json) io.out(dialogue.prompt().trimEnd() + " " + tok + "\n");
      dialogue.play(tok);
    }
  } else if (!json && io.stdin) {
    await dialogue.converse(boundedLines(io.stdin), io.out);
  }
  if (json) io.out(engine.json(dialogue.errors) + "\n");
  return 0;
}

export const playCommand: Command = {
  name: "play",
  summary: "play the game: rule sets basic, merlin1978, classic; scripted keys or typed",
  help: HELP,
  run,
};

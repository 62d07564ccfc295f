/**
 * `merlin play`: the game of src/toy/game.ts on the command line — scripted with --keys (plain
 * BASIC-style text or one JSON object), or typed line by line on standard input like the
 * 1980s BASIC program of source 002 (ASSIGN#, ??? ILLEGAL INPUT, TRY AGAIN).
 */
import {
  ACT_COMP_TURN,
  ACT_HINT,
  ACT_NEW_GAME,
  ACT_PRESS,
  ACT_REDO,
  ACT_SAME_GAME,
  ACT_UNDO,
  Backend,
  Board,
  createGameFrom,
  Effects,
  ERR_NONE,
  GameState,
  loadGame,
  LOST,
  newEffects,
  reasonName,
  saveGame,
  startProblem,
  statusName,
  step,
  update,
} from "../../src/toy/game";
import { checkGameBoard, MAX_GAME_CELLS } from "../../src/maths/cellboards";
import { checkerboard, ColourCycle, DEFAULT_CYCLE, GAME_NAMES, gamePuzzle, gameSpec, GameSpec, gameSpecTables, gameTables, gameTarget, MAX_CYCLE, parseCycle, tableBoard } from "../../src/maths/games";
import { LEVEL_BAND, LEVEL_COUNT, LEVEL_FIRST_PAR } from "../../src/toy/levels";
import { maskToBits } from "../../src/toy/maskbits";
import { inputError, Puzzle } from "../../src/maths/puzzle";
import { RULE_SETS, ruleIndex, ruleNames, RULES_BASIC, RULES_CLASSIC, RULES_MERLIN1978 } from "../../src/toy/rules";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { boundedLines } from "../../tools/lines";
import { excerpt, formatHelp, HELP_WIDTH, OptionSpec, OptionValues, wrapText } from "../../tools/options";
import { crc32 } from "../board/espruino-system";
import { checkSeed, MAX_SEED } from "../app/deal-values";
import { basicBoard, BasicDialogue, BasicEngine, BasicError, basicGoal, basicKeyMap, BasicState, lossRuleWords, MAX_IDLE_LINES, MAX_KEPT_ERRORS } from "../basic-dialogue";
import { Command, commandValues, CommandIO } from "./command";
import { BOARD_SHAPE_GROUP, boardOption, PUZZLE_OPTIONS, puzzleFromOptions } from "./puzzle-options";

/** The board options a game (--rules lightsout, …) replaces with its own board. */
const BOARD_OPTIONS = ["pattern", "rows", "cols", "wrap", "states", "graph", "box", "intersections", "target"];

/** The game machine plays at most MAX_GAME_CELLS cells and keys, whatever the solver accepts. */
const PLAY_SIZE_HELP: { [name: string]: string } = {
  size: `an N×N board, N = 1..8 (the game plays at most ${MAX_GAME_CELLS} cells and keys) (default 3)`,
  rows: `rows of an R×C board, R × C at most ${MAX_GAME_CELLS} (default: the size)`,
};

const SPECS: OptionSpec[] = [
  { name: "rules", type: "string", arg: "NAME", help: `a rule set: ${ruleNames()}; or a game: ${GAME_NAMES.join(", ")} (see Rule sets below)`, default: "basic" },
  { name: "seed", type: "int", arg: "N", help: `puzzle number 0..${MAX_SEED}: the same number deals the same puzzle everywhere (default: random; lightsout: 0, its levels)` },
  { name: "level", type: "int", arg: "L", help: `lightsout: start at level L, 1..${LEVEL_COUNT} (default 1)`, excludes: ["start"] },
  { name: "cycle", type: "string", arg: "I,J", help: `blackwhite: black turns white after I presses, white black after J more; I + J ≤ ${MAX_CYCLE} (default ${DEFAULT_CYCLE.white},${DEFAULT_CYCLE.black})` },
  { name: "start", type: "string", arg: "BOARD", help: "play this start board instead of a dealt one (digits, row-major, 1 = lit; k-state boards 0..k-1)" },
  { name: "target", type: "string", arg: "BOARD", help: "the goal: ring, lit, dark or digits (default ring: 8 lit, centre dark)" },
  { name: "keys", type: "string", arg: "KEYS", help: 'moves to play, e.g. "3 4 5" (see Keys below); without it, moves are typed on standard input' },
  { name: "json", type: "flag", help: "print one JSON object after the moves (see JSON below)" },
  { name: "save", type: "string", arg: "FILE", help: "keep the game in FILE and resume it from there (see Saved games below)" },
  ...PUZZLE_OPTIONS.map((o) =>
    PLAY_SIZE_HELP[o.name] !== undefined ? { ...o, help: PLAY_SIZE_HELP[o.name] }
    : o.name === "states" ? { ...o, help: o.help.replace(/; K > 2 boards up to \d+×\d+/, "") }
    : o,
  ),
];

/** One line per rule set and game for the help (kept out of src/ so the firmware does not carry it); how each is lost comes from the rule table. */
function ruleSummary(name: string): string {
  const lost = (rules: number, darkGoal: boolean) => lossRuleWords(RULE_SETS[rules], darkGoal);
  const summaries: { [name: string]: string } = {
    basic: `the 1980s BASIC game (source 002): ${lost(RULES_BASIC, false)}`,
    merlin1978: `the 1978 handheld: ${lost(RULES_MERLIN1978, false)}; SAME GAME deals a new puzzle, keys stay live after a win`,
    classic: `Lights Out style: ${lost(RULES_CLASSIC, false)}`,
    lightsout: `Lights Out (1995): 5×5, a press toggles its plus, goal all dark, classic rules; ${LEVEL_COUNT} levels of ${LEVEL_FIRST_PAR} to ${LEVEL_FIRST_PAR + (LEVEL_COUNT / LEVEL_BAND - 1)} fewest presses (NEW GAME: the next level; TRY AGAIN after a loss: the same)`,
    lightsout2000: "Lights Out 2000's 3-colour game: 5×5, a press advances its plus one colour (0 → 1 → 2 → 0), goal all 0, classic rules",
    blackwhite: "source 001's black-white reversal on N×N (--size 3..8, default 4): a key on each inner intersection advances its 2×2 block one step of the --cycle (0 = black, I = white, mod I+J); goal: the checkerboard with black and white swapped; classic rules",
  };
  return summaries[name] ?? "";
}

/** The rule sets and games, each wrapped beside its name. */
const RULES_HELP = RULE_SETS.map((r) => r.name)
  .concat(GAME_NAMES)
  .flatMap((n) => wrapText(ruleSummary(n), HELP_WIDTH, "  " + n.padEnd(15), " ".repeat(17)))
  .join("\n");

const HELP = formatHelp({
  summary: "merlin play — the magic-square game: type keys (? for help, q to quit) or script them with --keys",
  usage: ["merlin play [--rules NAME] [--seed N] [--start BOARD] [--keys KEYS] [--json] [options]"],
  examples: [
    ["merlin play", "play the BASIC game, typing keys"],
    ["merlin play --seed 7", "play puzzle 7 (the same everywhere)"],
    ["merlin play --start 010110101 --keys \"3 4 5 8 9\"", "source 003's worked example"],
    ["merlin play --rules merlin1978 --seed 7", "the 1978 handheld's rules"],
    ["merlin play --rules lightsout --level 12", "Lights Out, level 12"],
    ["merlin play --rules lightsout2000 --seed 5", "the 3-colour game"],
    ["merlin play --rules blackwhite --size 4 --cycle 1,3 --start 0101/1010/0101/1010", "source 001's puzzle on 4×4"],
    ["merlin play --seed 7 --keys \"h c c c\" --json", "a hint, then the computer plays 3 moves"],
  ],
  specs: SPECS,
  groups: [
    { title: "Game", options: ["rules", "seed", "level", "cycle", "start", "target"] },
    { title: "Moves and output", options: ["keys", "json", "save"] },
    BOARD_SHAPE_GROUP,
  ],
  sections: [
    ["Rule sets and games", RULES_HELP + `
A game brings its own board, goal and rules: --size is its side (blackwhite only); the other board options and --target are refused.`],
    [
      "Keys",
      `Key numbers 1..N (row-major; blackwhite: the inner intersections), separated by spaces or commas, and
  h  HIT ME: show the next key to press      c  COMP TURN: the computer presses it
  u  undo the last press                     s  SAME GAME (restart; merlin1978: a new puzzle)
  redo  press again the move undone last (nothing to redo after a new move)
  n  NEW GAME (the next puzzle of the seed; lightsout: the next level)
  ?  (or help) the keys and the rules        q  (or quit) leave
Anything else is ??? ILLEGAL INPUT and does not count as a move. After a game, TRY AGAIN takes Y or N. Typed or piped, ${MAX_IDLE_LINES} lines in a row that are refused or repeat the line before end it with one line and exit status 2 (a stream such as 'yes' would go on for ever). Boards print one digit per cell (0 dark), in colour on a terminal (NO_COLOR turns that off); the goal and the rules come first.`,
    ],
    [
      "JSON",
      `With --json the result is one object:
  {"status":"playing|won|lost","reason":null|"all-dark"|"move-limit"|"over-par","moves":3,"board":"101101111","errors":[{"at":2,"input":"10","why":"key 10 is not 1 to 9"}],"refused":1,"rules":"basic","seed":7,"puzzle":0,"start":"…","par":5,"hint":4}
errors: the first ${MAX_KEPT_ERRORS} refused inputs (at: which input, 1-based); refused: how many were refused in all. par: the fewest presses that solve the start (classic: moves − par is the score); hint: the next key, or null; lightsout adds "level" after "puzzle". Exit status 0 whatever the outcome, 2 for bad options.`,
    ],
    [
      "Saved games",
      "--save FILE is rewritten after every input and resumed when it holds a game of the same board, goal and rules and no --seed, --start or --level is given; an empty or missing file starts a new game. docs/cli.md has the file's format and the starts the seeds deal.",
    ],
  ],
});

/** ANSI colours for cell values 0..8 on a terminal: 0 dim, then yellow, red, green, blue, magenta, cyan, white, bright red. */
const CELL_COLOURS = ["90", "93", "91", "92", "94", "95", "96", "97", "31"];

/** A printed board line (basicBoard's: a digit every third column from column 11) in colour; other lines (blackwhite's key numbers) unchanged. */
export function colourBoardLine(line: string): string {
  if (!/^ {10}\d( {2}\d)*$/.test(line)) return line;
  return line.replace(/\d/g, (d) => `\x1b[${CELL_COLOURS[Number(d)]}m${d}\x1b[0m`);
}

/** The level line above a lightsout board (past the last level the deals are random boards). */
function levelLine(level: number): string {
  return level > LEVEL_COUNT ? `LEVEL ${level} (A RANDOM BOARD)` : `LEVEL ${level}`;
}

/**
 * What a blackwhite player needs before the first board: the goal and where the keys sit
 * (their numbers on the inner intersections, between the pads each advances).
 */
function blackwhiteIntro(side: number, cycle: ColourCycle): string[] {
  const k = cycle.white + cycle.black;
  return [`GOAL: BLACK (0) AND WHITE (${cycle.white}) SWAPPED; A PAD COUNTS MOD ${k}`]
    .concat(basicBoard(checkerboard(side, cycle.white, true).join(""), side))
    .concat([`KEYS: EACH ADVANCES THE 4 PADS AROUND IT ONE STEP`], basicKeyMap(side));
}

/** The game on the pure core (src/toy/game.ts): what the BASIC dialogue plays on here. Boards are masks or digit strings. */
class CoreEngine implements BasicEngine {
  readonly pads: number;
  readonly cols: number;
  private readonly fx: Effects<Board>;

  constructor(
    private readonly t: Backend<Board>,
    readonly game: GameState<Board>,
    private readonly clock: () => number,
    /** The rule set or game asked for (--rules). */
    private readonly asked: string,
    private readonly levels: boolean,
    /** The --start board, which is no level (null when the game was dealt). */
    private readonly ownStart: Board | null,
    /** The goal's lines before the first board (BasicEngine.goal). */
    private readonly goalLines: string[],
    /** Called with the saved-game line after every event (--save). */
    private readonly saved?: (line: string) => void,
  ) {
    this.pads = t.keys;
    this.cols = t.cols;
    this.fx = newEffects(t);
    if (levels) {
      // TRY AGAIN after a lost level plays it again; after a win, the next level.
      this.again = () => (this.game.status === LOST ? this.sameGame() : this.newGame());
      this.heading = () => {
        const level = this.level();
        return level === null ? [] : [levelLine(level)];
      };
    }
  }

  /** lightsout: the level being played (the puzzle number + 1); null for a --start board or without levels. */
  private level(): number | null {
    const s = this.game;
    if (!this.levels || (this.ownStart !== null && s.puzzle === 0 && s.start === this.ownStart)) return null;
    return s.puzzle + 1;
  }

  /** lightsout: the level above each dealt board. */
  readonly heading?: () => string[];
  /** lightsout: TRY AGAIN (Y). */
  readonly again?: () => void;

  private send(type: number, key = 0): void {
    update(this.t, this.game, { type, key, now: this.clock() }, this.fx);
    if (this.saved) this.saved(saveGame(this.t, this.game, this.clock()));
  }

  private digits(b: Board): string {
    return this.t.digits(b);
  }

  board(): string {
    return this.digits(this.game.board);
  }

  goal(): string[] {
    return this.goalLines;
  }

  darkGoal(): boolean {
    return !/[^0]/.test(this.digits(this.game.target));
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

  redo(): boolean {
    this.send(ACT_REDO);
    return this.fx.error === ERR_NONE;
  }

  sameGame(): void {
    this.send(ACT_SAME_GAME);
  }

  newGame(): void {
    this.send(ACT_NEW_GAME);
  }

  /** The --json object. */
  json(errors: BasicError[], refused: number): string {
    const s = this.game;
    // HIT ME on a copy: the game's own hint, null when the game is over or solved.
    const h = step(this.t, s, { type: ACT_HINT, now: this.clock() }).effects;
    const out: { [key: string]: unknown } = {
      status: statusName(s),
      reason: reasonName(s),
      moves: s.moves,
      board: this.digits(s.board),
      errors: errors,
      refused: refused,
      rules: this.asked,
      seed: s.seed,
      puzzle: s.puzzle,
    };
    if (this.levels) out.level = this.level();
    out.start = this.digits(s.start);
    out.par = s.par;
    out.hint = h.error === ERR_NONE ? h.hint + 1 : null;
    return JSON.stringify(out);
  }
}

/** What --rules and the board options ask for: the board, its tables, the goal, the rule set. */
interface Setup {
  puzzle: Puzzle;
  tables: Backend<Board>;
  target: Board;
  rules: number;
  game: GameSpec | null;
  /** blackwhite's colour cycle (--cycle). */
  cycle: ColourCycle;
}

function setup(v: OptionValues): Setup {
  const name = v.rules as string;
  const game = gameSpec(name);
  if (game === null) {
    const rules = ruleIndex(name);
    if (rules < 0) throw inputError(`--rules must be one of ${ruleNames()}, ${GAME_NAMES.join(", ")}, got '${name}'`);
    for (const o of ["level", "cycle"]) if (v[o] !== undefined) throw inputError(`--${o} is for --rules ${o === "level" ? "lightsout" : "blackwhite"} only`);
    // The game's own ranges, not the solver's (1..128): an N×N board of at most MAX_GAME_CELLS cells.
    const limits: [string, number][] = [["size", Math.floor(Math.sqrt(MAX_GAME_CELLS))], ["rows", MAX_GAME_CELLS], ["cols", MAX_GAME_CELLS]];
    for (const [o, most] of limits) {
      const n = v[o] as number | undefined;
      if (n !== undefined && !(n >= 1 && n <= most)) throw inputError(`--${o} must be a whole number from 1 to ${most} (the game plays at most ${MAX_GAME_CELLS} cells), got ${n}`);
    }
    const puzzle = puzzleFromOptions(v);
    checkGameBoard(puzzle);
    const tables = gameTables(puzzle);
    const target = tableBoard(tables, boardOption(puzzle, v.target === undefined ? "ring" : (v.target as string), "--target"));
    return { puzzle, tables, target, rules, game: null, cycle: DEFAULT_CYCLE };
  }
  for (const o of BOARD_OPTIONS) {
    if (v[o] !== undefined) throw inputError(`--${o} does not go with --rules ${name}: the game brings its own board and goal`);
  }
  if (v.level !== undefined && !game.levels) throw inputError(`--level is for --rules lightsout only`);
  if (v.cycle !== undefined && game.layout !== "intersections") throw inputError(`--cycle is for --rules blackwhite only`);
  if (v.level !== undefined) {
    const level = v.level as number;
    if (!(level >= 1 && level <= LEVEL_COUNT)) throw inputError(`--level must be a whole number from 1 to ${LEVEL_COUNT}, got ${level}`);
  }
  const cycle = v.cycle === undefined ? DEFAULT_CYCLE : parseCycle(v.cycle as string);
  const puzzle = gamePuzzle(game, v.size === undefined ? game.side : (v.size as number), cycle);
  const tables = gameSpecTables(game, puzzle);
  return { puzzle, tables, target: tableBoard(tables, gameTarget(game, puzzle, cycle)), rules: game.rules, game, cycle };
}

/** A saved line is well under 100 bytes; anything much larger is not a save (e.g. /dev/zero). */
const MAX_SAVE_BYTES = 4096;

/** The toy's own board (merlin 3×3, on/off): its game file is the bare saved line. */
const TOY_BOARD = "merlin 3×3";

/** A board's name with its colours (graph names leave them out). */
function boardName(p: Puzzle): string {
  return p.states !== 2 && p.name.indexOf(" mod ") < 0 ? `${p.name} mod ${p.states}` : p.name;
}

/**
 * The word before the saved game in a --save file, which names what it was played on, as the
 * toy's game file does: a game's name; nothing for a rule set on the toy's board (merlin 3×3,
 * the toy's bare line); on any other board its name (spaces as _) and '#' and the CRC-32 of its
 * key table, which tells apart the boards a name does not (two edge lists of as many nodes).
 */
export function saveBoardWord(p: Puzzle, game: GameSpec | null): string {
  if (game !== null) return game.name;
  const name = boardName(p);
  if (name === TOY_BOARD) return "";
  const table = [p.cells, p.keys, p.states, p.rows, p.cols].concat(Array.from(p.keyStart), Array.from(p.keyCells)).join(",");
  return name.replace(/ /g, "_") + "#" + crc32(table).toString(16).padStart(8, "0");
}

/** What a --save word says the game was played on, for a message. */
function savedOn(word: string): string {
  if (word === "") return `a game on ${TOY_BOARD}`;
  const hash = word.indexOf("#");
  return hash < 0 ? `a ${word} game` : `a game on ${word.slice(0, hash).replace(/_/g, " ")}`;
}

/** The fields of a saved line (M2,rules,seed,puzzle,target,start,board,moves,frozen,elapsed). */
const SAVE_FIELD_COUNT = 10;

/**
 * The game saved in `file` (--save), which must be one of this board, goal, rule set and game
 * (`word`, see saveBoardWord: the line starts with it and a space, as the toy's game file
 * does); null when there is none to resume (no file, or an empty one). A file of another
 * board, game, rule set or goal is refused saying which; a damaged one saying so.
 */
function resumed(p: Puzzle, t: Backend<Board>, target: Board, rules: number, word: string, file: string): GameState<Board> | null {
  if (!existsSync(file)) return null;
  let text: string;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new Error("not a regular file");
    if (st.size > MAX_SAVE_BYTES) throw new Error(`${st.size} bytes, a saved game is under ${MAX_SAVE_BYTES}`);
    text = readFileSync(file, "utf8").trim();
  } catch (e) {
    throw inputError(`--save '${file}' cannot be read: ${(e as Error).message}`);
  }
  if (text === "") return null;
  const other = (what: string) => inputError(`--save '${file}' holds ${what} (give the options it was played with, or another file)`);
  const damaged = (why: string) => inputError(`--save '${file}' is damaged: ${why} (--seed N starts a new game in it)`);
  const space = text.indexOf(" ");
  const savedWord = space > 0 ? text.slice(0, space) : "";
  const line = space > 0 ? text.slice(space + 1) : text;
  const parts = line.split(",");
  const savedRules = ruleIndex(parts[1]);
  if (/\s/.test(line) || parts.length !== SAVE_FIELD_COUNT || parts[0] !== "M2" || savedRules < 0) {
    throw damaged(`'${excerpt(text)}' is not a saved game (M2,rules,seed,puzzle,target,start,board,moves,frozen,elapsed)`);
  }
  if (savedWord !== word) throw other(`${savedOn(savedWord)}, not ${savedOn(word)}`);
  if (savedRules !== rules) throw other(`a game under the ${parts[1]} rules, not ${RULE_SETS[rules].name}`);
  // The goal too: blackwhite's cycles (1,3) and (2,2) share a board but not a goal, and so do
  // --target ring and --target lit. (Boards of digits on cell tables, masks on the others.)
  const goal = typeof target === "string" ? target : maskToBits(target, t.cells);
  const savedGoal = typeof target === "string" ? parts[4] : /^\d+$/.test(parts[4]) ? maskToBits(Number(parts[4]), t.cells) : parts[4];
  if (typeof target === "string" && parts[4].length !== t.cells) throw other(`a game of ${parts[4].length} cells, not ${t.cells}`);
  if (savedGoal !== goal) throw other(`a game with the goal ${excerpt(parts[4])}, not ${goal}`);
  const s = loadGame(t, line, 0);
  if (s === null) throw damaged(`its game cannot be on ${boardName(p)} (a number out of range, or a start or board no presses reach)`);
  return s;
}

async function run(argv: string[], io: CommandIO): Promise<number> {
  const v = commandValues(argv, SPECS, "play", HELP, io);
  if (v === null) return 0;
  const { puzzle: p, tables: t, target, rules, game, cycle } = setup(v);
  const levels = game !== null && game.levels;
  let seed: number;
  if (v.seed !== undefined) {
    seed = v.seed as number;
    checkSeed(seed);
  } else {
    seed = levels ? 0 : Math.floor(Math.random() * 1000000);
  }
  let state: GameState<Board> | null = null;
  const file = v.save as string | undefined;
  // The board's name in a saved line (with a checksum of its keys): read and written.
  const word = saveBoardWord(p, game);
  if (file !== undefined && v.seed === undefined && v.start === undefined && v.level === undefined) {
    state = resumed(p, t, target, rules, word, file);
  }
  if (state !== null) {
    // Resumed from --save.
  } else if (v.start !== undefined) {
    const text = v.start as string;
    const start = tableBoard(t, boardOption(p, text, "--start"));
    const problem = startProblem(t, target, rules, start);
    if (problem !== null) throw inputError(`--start '${text}': ${problem}`);
    state = createGameFrom(t, target, rules, start, seed, 0);
  } else {
    state = createGameFrom(t, target, rules, null, seed, 0, v.level === undefined ? 0 : (v.level as number) - 1);
  }

  const json = v.json === true;
  const colour = io.isTTY === true && !process.env.NO_COLOR;
  const print = json ? (_: string) => {} : (line: string) => void io.out((colour ? colourBoardLine(line) : line) + "\n");
  const scripted = v.keys !== undefined;
  // Milliseconds since the command started (the game's clock starts at 0; scripted play stands still).
  const began = Date.now();
  const clock = scripted ? () => 0 : () => Date.now() - began;
  const save =
    file === undefined
      ? undefined
      : (line: string) => {
          try {
            writeFileSync(file, (word === "" ? "" : word + " ") + line + "\n");
          } catch (e) {
            throw inputError(`--save '${file}' cannot be written: ${(e as Error).message}`);
          }
        };
  // blackwhite: its goal (source 001's swapped checkerboard) and where its keys sit.
  const goal = game !== null && game.layout === "intersections" ? blackwhiteIntro(p.rows, cycle) : basicGoal(typeof target === "string" ? target : maskToBits(target, t.cells), p.cols);
  const engine = new CoreEngine(t, state, clock, v.rules as string, levels, v.start === undefined ? null : state.start, goal, save);
  if (save) save(saveGame(t, state, clock()));
  const dialogue = new BasicDialogue(engine, print);
  dialogue.showIntro();
  dialogue.showDeal();
  if (scripted) {
    for (const tok of (v.keys as string).split(/[\s,]+/).filter((x) => x !== "")) {
      if (dialogue.done) break;
      if (!json) io.out(dialogue.prompt().trimEnd() + " " + tok + "\n");
      dialogue.play(tok);
    }
  } else if (!json && io.stdin) {
    await dialogue.converse(boundedLines(io.stdin), io.out);
  }
  if (json) io.out(engine.json(dialogue.errors, dialogue.refused) + "\n");
  return 0;
}

export const playCommand: Command = {
  name: "play",
  summary: "play the game, typed or scripted: rule sets basic, merlin1978, classic, and three games",
  help: HELP,
  run,
};

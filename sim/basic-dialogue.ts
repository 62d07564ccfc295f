/**
 * The dialogue of source 002's BASIC listing ("5 REM reverse game"), the one loop behind
 * `merlin play` (the game on the pure core) and `merlin sim --basic` (the firmware on the
 * virtual toy, through its pins): the board as rows of 0/1 at TAB(7+3*J), the ASSIGN#n prompt,
 * ??? ILLEGAL INPUT, YOU LOSED THE GAME !! / CONGRATULANT !!, TRY AGAIN (Y OR N). The two
 * commands differ only in the BasicEngine the moves go to.
 *
 * Beyond the listing: the goal, how the game is lost and a line of help come first; a line may
 * hold several keys (spaces or commas between them); the letters h (HIT ME), c (COMP TURN),
 * u (undo), redo, s (SAME GAME) and n (NEW GAME) are the toy's functions, ? or help prints the
 * keys and q or quit leaves; a loss says why on the next line; anything but a key 1..N or one
 * of those words is illegal (the listing only rejects X > 9); and TRY AGAIN takes Y or N only,
 * asking again on anything else (the listing ended on any answer but Y).
 *
 * Input that never ends cannot keep it busy for ever: MAX_IDLE_LINES lines in a row that each
 * change nothing (every input on it refused, or a TRY AGAIN answer that is neither Y nor N) or
 * repeat the line before end the dialogue with one line saying so (`yes | merlin play`,
 * `yes 1 | merlin play`). What it keeps of refused inputs is bounded too (MAX_KEPT_ERRORS).
 */
import { RULE_SETS, ruleIndex, type RuleSet } from "../src/toy/rules";
import { inputError } from "../src/toy/input-error";
import { excerpt, wrapText } from "../tools/options";

/** Widest line the dialogue's own texts take (a terminal of the listing's day had 80 columns). */
const DIALOGUE_WIDTH = 79;

/** 330–390: PRINT: PRINT, then each row as PRINT TAB(7+3*J);D(I+J); (numbers print with a sign space), then PRINT. */
export function basicBoard(bits: string, cols: number): string[] {
  const lines = ["", ""];
  for (let r = 0; r * cols < bits.length; r++) {
    let line = "";
    for (let c = 0; c < cols; c++) line = line.padEnd(6 + 3 * (c + 1)) + " " + bits[r * cols + c] + " ";
    lines.push(line.trimEnd());
  }
  lines.push("");
  return lines;
}

/**
 * Where the keys of an n×n board with buttons on its (n−1)² inner intersections (source 001)
 * sit, in basicBoard's layout: the rows of pads as dots, and between each two rows the key
 * numbers (row-major, 1-based), each at the corner its 2×2 block of pads shares.
 */
export function basicKeyMap(n: number): string[] {
  const pads = basicBoard(".".repeat(n), n)[2];
  const lines = [pads];
  for (let r = 0; r < n - 1; r++) {
    let line = "";
    for (let c = 0; c < n - 1; c++) line = line.padEnd(11 + 3 * c) + String(r * (n - 1) + c + 1);
    lines.push(line, pads);
  }
  return lines;
}

/** 140: PRINT "ASSIGN#";N;" ";:INPUT X */
export function basicPrompt(n: number): string {
  return `ASSIGN# ${n}  ? `;
}

/** 550 (the listing's stray quote dropped). */
export const BASIC_ILLEGAL = "??? ILLEGAL INPUT";
/** 440 and 450. */
export const BASIC_LOST = "YOU LOSED THE GAME !!";
export const BASIC_WON = "CONGRATULANT !!";
/** 230: PRINT "TRY AGAIN (Y OR N)";: INPUT A$ */
export const BASIC_AGAIN = "TRY AGAIN (Y OR N)? ";

/** The game as an engine reports it, in the names of `Merlin.state()`. */
export interface BasicState {
  /** (Magic Square's; "draw" is only ever another game's.) */
  status: "playing" | "won" | "lost" | "draw";
  /** "all-dark", "move-limit", "over-par", or null. */
  reason: string | null;
  moves: number;
  par: number;
  /** The rule set's name. */
  rules: string;
}

/** What TRY AGAIN says to an answer that is neither Y nor N. */
export const BASIC_YES_OR_NO = "PLEASE ANSWER Y OR N (Q QUITS)";
/** The line of help under the goal, and the help `?` prints (`keys`: how many keys). */
export function basicHelpLine(keys: number): string {
  return `TYPE A KEY 1-${keys} (SEVERAL ON A LINE), ? FOR HELP, Q TO QUIT`;
}
export function basicHelp(keys: number, rules: RuleSet): string[] {
  return [
    `KEY 1-${keys}: PRESS IT (NUMBERED ROW BY ROW FROM THE TOP LEFT); SEVERAL ON A LINE`,
    "H HIT ME (THE NEXT KEY TO PRESS)   C COMP TURN (THE COMPUTER PRESSES IT)",
    "U UNDO THE LAST MOVE   REDO: PRESS AGAIN WHAT U TOOK BACK (UNTIL A NEW MOVE)",
    `S SAME GAME (${rules.sameGameDeals ? "DEALS A NEW PUZZLE" : "FROM THE START"})   N NEW GAME`,
    "? OR HELP: THIS HELP   Q OR QUIT: LEAVE",
  ];
}

/**
 * How a game under rule set `r` is lost, in words, from its columns (src/toy/rules.ts): the one
 * wording of `merlin play`, `merlin sim --basic` and the terminal help. `darkGoal`: the goal
 * is every pad dark (all dark then wins instead of losing).
 */
export function lossRuleWords(r: RuleSet, darkGoal: boolean): string {
  const ways: string[] = [];
  if (r.moveLimit > 0) ways.push(`after ${r.moveLimit} moves without a win`);
  if (r.overParLimit > 0) ways.push(`at ${r.overParLimit} moves over par (the fewest presses) without a win`);
  if (r.darkLoses && !darkGoal) ways.push("when every pad goes dark");
  if (ways.length > 0) return "lost " + ways.join(", or ");
  return `never lost (no move limit${darkGoal ? "" : "; all dark is no loss"})`;
}

/**
 * The goal before the first board: in words when it is every pad dark, every pad lit or every
 * pad lit but the centre, else drawn as the board is (digits, row-major, `cols` a row).
 */
export function basicGoal(goal: string, cols: number): string[] {
  if (!/[^0]/.test(goal)) return ["GOAL: EVERY PAD DARK"];
  if (/^1+$/.test(goal)) return ["GOAL: EVERY PAD LIT"];
  const rows = goal.length / cols;
  const centre = rows % 2 === 1 && cols % 2 === 1 ? ((rows - 1) / 2) * cols + (cols - 1) / 2 : -1;
  if (centre >= 0 && goal === "1".repeat(centre) + "0" + "1".repeat(goal.length - centre - 1)) return ["GOAL: EVERY PAD LIT BUT THE CENTRE"];
  return ["GOAL: THIS BOARD"].concat(basicBoard(goal, cols));
}

/** Why a game was lost, in words: the one wording every front end uses. */
export function lossWords(s: Pick<BasicState, "reason" | "moves" | "par">): string {
  if (s.reason === "all-dark") return "every pad went dark";
  if (s.reason === "move-limit") return `${s.moves} moves used`;
  if (s.reason === "over-par") return `${s.moves - s.par} moves over par`;
  return s.reason ?? "";
}

/** What the dialogue plays on. Keys are 1-based, row-major; 0 means "none". */
export interface BasicEngine {
  readonly pads: number;
  readonly cols: number;
  /** The board as the player sees it: row-major "0"/"1". */
  board(): string;
  state(): BasicState;
  /** Presses pad `key` (1..pads). */
  press(key: number): void;
  /** HIT ME: the key to press next, or 0 when there is none. */
  hint(): number;
  /** COMP TURN: presses the next key and returns it, or 0 when there is none. */
  compTurn(): number;
  /** Takes back the last move; false when there is none. */
  undo(): boolean;
  /** Presses again the move undone last; false when there is none. */
  redo(): boolean;
  sameGame(): void;
  newGame(): void;
  /** Lines to print above the board of each game dealt or restarted (e.g. its level), if any. */
  heading?(): string[];
  /** What TRY AGAIN (Y) does, when it is not newGame (levels: a lost level is played again). */
  again?(): void;
  /** The goal as lines to print before the first board (e.g. GOAL: and the goal's board). */
  goal(): string[];
  /** Whether the goal is every pad dark (all dark then wins instead of losing). */
  darkGoal(): boolean;
}

/** An input that was refused, for `merlin play --json`: which input (1-based), what it was and why. */
export interface BasicError {
  at: number;
  input: string;
  why: string;
}

const LETTERS = "hcusn";
/** The function words a line may hold besides key numbers, as error messages list them. */
const WORDS = "h c u redo s n ? q";

/**
 * Refused inputs kept for `merlin play --json` (the first ones: later mistakes mostly follow
 * from them); `refused` counts them all.
 */
export const MAX_KEPT_ERRORS = 20;

/**
 * Lines in a row that change nothing or repeat the line before, after which the dialogue
 * stops (exit status 2): a person never types so many; a stream such as `yes` would go on for
 * ever. Different legal moves play on for as long as they come.
 */
export const MAX_IDLE_LINES = 100;

/** One game's dialogue: turns input into moves on the engine and prints what the listing prints. */
export class BasicDialogue {
  /** The first MAX_KEPT_ERRORS refused inputs. */
  readonly errors: BasicError[] = [];
  /** How many inputs were refused in all. */
  refused = 0;
  /** Set by q or quit: no more input is played. */
  done = false;
  private inputs = 0;

  constructor(
    private readonly engine: BasicEngine,
    private readonly print: (line: string) => void,
  ) {}

  /** The ASSIGN# prompt for the next move. */
  prompt(): string {
    return basicPrompt(this.engine.state().moves + 1);
  }

  showBoard(): void {
    for (const l of basicBoard(this.engine.board(), this.engine.cols)) this.print(l);
  }

  /** How the game is lost under the rules played, as a line of the dialogue. */
  rulesLine(): string {
    const s = this.engine.state();
    return `RULES ${s.rules.toUpperCase()}: ${lossRuleWords(RULE_SETS[ruleIndex(s.rules)], this.engine.darkGoal()).toUpperCase()}`;
  }

  /** A line of the dialogue's own (not the listing's), wrapped to DIALOGUE_WIDTH. */
  private say(line: string): void {
    for (const l of wrapText(line, DIALOGUE_WIDTH)) this.print(l);
  }

  /** Before the first board: the goal, how the game is lost and the line of help. */
  showIntro(): void {
    for (const l of this.engine.goal()) this.print(l);
    this.say(this.rulesLine());
    this.say(basicHelpLine(this.engine.pads));
  }

  /** A game's first board: the engine's heading (a level number), then the board. */
  showDeal(): void {
    if (this.engine.heading) for (const l of this.engine.heading()) this.print(l);
    this.showBoard();
  }

  /** Whether pads and functions still act: while playing, or after the end under rules that keep keys live. */
  live(): boolean {
    const s = this.engine.state();
    return s.status === "playing" || RULE_SETS[ruleIndex(s.rules)].liveAfterEnd;
  }

  private refuse(token: string, why: string, lines: string[]): void {
    this.refused++;
    if (this.errors.length < MAX_KEPT_ERRORS) this.errors.push({ at: this.inputs, input: token, why });
    for (const l of lines) this.print(l);
  }

  /** Plays one input: a key number, a function letter, ? or help, q or quit; prints what happened. */
  play(token: string): void {
    if (this.done) return;
    this.inputs++;
    const e = this.engine;
    const lower = token.toLowerCase();
    if (lower === "q" || lower === "quit") {
      this.done = true;
      return;
    }
    if (lower === "?" || lower === "help") {
      for (const l of basicHelp(e.pads, RULE_SETS[ruleIndex(e.state().rules)])) this.print(l);
      this.say(this.rulesLine());
      this.print("");
      return;
    }
    const isKey = /^[+-]?\d+$/.test(token);
    if (isKey && !(Number(token) >= 1 && Number(token) <= e.pads)) {
      return this.refuse(token, `key ${excerpt(token)} is not 1 to ${e.pads}`, [BASIC_ILLEGAL, ""]);
    }
    if (!isKey && lower !== "redo" && (lower.length !== 1 || LETTERS.indexOf(lower) < 0)) {
      return this.refuse(token, `'${excerpt(token)}' is not a key number (1 to ${e.pads}) or one of ${WORDS}`, [BASIC_ILLEGAL, ""]);
    }
    if (lower === "s" || lower === "n") {
      if (lower === "s") e.sameGame();
      else e.newGame();
      this.showDeal();
      return;
    }
    if (!this.live()) return this.refuse(token, "the game is over (n: new game, s: same game)", ["GAME OVER: N FOR A NEW GAME, S FOR THE SAME GAME"]);
    const before = e.state().status;
    if (lower === "h" || lower === "c") {
      const key = lower === "h" ? e.hint() : e.compTurn();
      if (key === 0) return this.refuse(token, "no hint", ["NOTHING TO PRESS"]);
      if (lower === "h") return this.print(`HIT ME: PRESS ${key}`);
      this.print(`COMP TURN: ${key}`);
    } else if (lower === "u") {
      if (!e.undo()) return this.refuse(token, "nothing to undo", ["NOTHING TO UNDO"]);
      this.print("UNDO");
    } else if (lower === "redo") {
      if (!e.redo()) return this.refuse(token, "nothing to redo", ["NOTHING TO REDO"]);
      this.print("REDO");
    } else {
      e.press(Number(token));
    }
    this.showBoard();
    const s = e.state();
    if (s.status !== before) this.ending();
    else if (s.status === "playing" && !/[^0]/.test(e.board())) this.print("ALL DARK!");
  }

  /** The listing's closing line, plus what the rules add. */
  private ending(): void {
    const s = this.engine.state();
    if (s.status === "won") {
      this.print(BASIC_WON);
      if (RULE_SETS[ruleIndex(s.rules)].overParLimit > 0) this.print(`${s.moves} MOVES, PAR ${s.par}: ${s.moves - s.par} OVER PAR`);
    } else if (s.status === "lost") {
      this.print(BASIC_LOST);
      this.print(`(${lossWords(s)})`);
    }
  }

  /**
   * The listing's main loop on lines of input (140–250): ASSIGN# and a line of keys until the
   * game ends, then TRY AGAIN (Y OR N) — Y deals a new board (or what the engine's `again`
   * does), N ends, anything else asks again. q or quit ends it at any prompt; so does the end
   * of input, which ends the prompt's line. `out` writes text without a line end (the prompts).
   */
  async converse(lines: AsyncIterable<string>, out: (text: string) => void): Promise<void> {
    // A game resumed already over (merlin play --save) gets its closing line and TRY AGAIN
    // straight away: there is no move to ask for.
    let asking = !this.live();
    if (asking) {
      this.ending();
      out(BASIC_AGAIN);
    } else {
      out(this.prompt());
    }
    // Lines in a row that changed nothing or repeated the one before (MAX_IDLE_LINES).
    let idle = 0;
    let previous: string | null = null;
    for await (const line of lines) {
      let changed = true;
      if (asking) {
        // 240 IF LEFT$(A$,1)="Y" THEN 110 — here Y or YES, N or NO, any case; q or quit leave.
        const answer = line.trim().toLowerCase();
        // (The answer's own line end ends the prompt's line, as N always did.)
        if (answer === "n" || answer === "no" || answer === "q" || answer === "quit") return;
        if (answer === "y" || answer === "yes") {
          asking = false;
          if (this.engine.again) this.engine.again();
          else this.engine.newGame();
          this.showDeal();
        } else {
          this.print(BASIC_YES_OR_NO);
          changed = false;
        }
      } else {
        const tokens = line.split(/[\s,]+/).filter((t) => t !== "");
        // An empty answer is an input too: INPUT X got nothing a key can be made of.
        if (tokens.length === 0) tokens.push("");
        const refusedBefore = this.refused;
        let played = 0;
        for (const token of tokens) {
          if (!this.live() || this.done) break;
          this.play(token);
          played++;
        }
        if (this.done) return;
        changed = this.refused - refusedBefore < played;
      }
      idle = !changed || line === previous ? idle + 1 : 0;
      previous = line;
      if (idle >= MAX_IDLE_LINES) {
        out("\n");
        throw inputError(
          `stopped after ${MAX_IDLE_LINES} lines in a row that were refused or repeated the line before (the last: '${excerpt(line)}'); ` +
            `it takes keys 1-${this.engine.pads}, ${WORDS}, and Y or N after a game`,
        );
      }
      if (!this.live()) {
        out(BASIC_AGAIN);
        asking = true;
      } else {
        out(this.prompt());
      }
    }
    out("\n");
  }
}

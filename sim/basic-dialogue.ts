/**
 * The dialogue of source 002's BASIC listing ("5 REM reverse game"), the one loop behind
 * `merlin play` (the game on the pure core) and `merlin sim --basic` (the firmware on the
 * virtual toy, through its pins): the board as rows of 0/1 at TAB(7+3*J), the ASSIGN#n prompt,
 * ??? ILLEGAL INPUT, YOU LOSED THE GAME !! / CONGRATULANT !!, TRY AGAIN (Y OR N). The two
 * commands differ only in the BasicEngine the moves go to.
 *
 * Beyond the listing: a line may hold several keys (spaces or commas between them); the
 * letters h (HIT ME), c (COMP TURN), u (undo), s (SAME GAME) and n (NEW GAME) are the toy's
 * functions; a loss says why on the next line; and anything but a key 1..N or one of those
 * letters is illegal (the listing only rejects X > 9).
 */
import { RULE_SETS, ruleIndex } from "../src/rules";
import { excerpt } from "../tools/options";

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
  status: "playing" | "won" | "lost";
  /** "all-dark", "move-limit", "over-par", or null. */
  reason: string | null;
  moves: number;
  par: number;
  /** The rule set's name. */
  rules: string;
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
  sameGame(): void;
  newGame(): void;
  /** Lines to print above the board of each game dealt or restarted (e.g. its level), if any. */
  heading?(): string[];
  /** What TRY AGAIN (Y) does, when it is not newGame (levels: a lost level is played again). */
  again?(): void;
}

/** An input that was refused, for `merlin play --json`: which input (1-based), what it was and why. */
export interface BasicError {
  at: number;
  input: string;
  why: string;
}

const LETTERS = "hcusn";

/** One game's dialogue: turns input into moves on the engine and prints what the listing prints. */
export class BasicDialogue {
  /** Every refused input so far. */
  readonly errors: BasicError[] = [];
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
    this.errors.push({ at: this.inputs, input: token, why });
    for (const l of lines) this.print(l);
  }

  /** Plays one input: a key number or a function letter; prints what happened. */
  play(token: string): void {
    this.inputs++;
    const e = this.engine;
    const lower = token.toLowerCase();
    const isKey = /^[+-]?\d+$/.test(token);
    if (isKey && !(Number(token) >= 1 && Number(token) <= e.pads)) {
      return this.refuse(token, `key ${excerpt(token)} is not 1 to ${e.pads}`, [BASIC_ILLEGAL, ""]);
    }
    if (!isKey && (lower.length !== 1 || LETTERS.indexOf(lower) < 0)) {
      // (The why quotes an excerpt: a token can be 100 000 characters; input keeps it whole.)
      return this.refuse(token, `'${excerpt(token)}' is not a key number (1 to ${e.pads}) or one of h c u s n`, [BASIC_ILLEGAL, ""]);
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
   * does), anything else ends. End of input
   * ends it too. `out` writes text without a line end (the prompts).
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
    for await (const line of lines) {
      if (asking) {
        // 240 IF LEFT$(A$,1)="Y" THEN 110
        if (!/^\s*y/i.test(line)) return;
        asking = false;
        if (this.engine.again) this.engine.again();
        else this.engine.newGame();
        this.showDeal();
      } else {
        const tokens = line.split(/[\s,]+/).filter((t) => t !== "");
        // An empty answer is an input too: INPUT X got nothing a key can be made of.
        if (tokens.length === 0) tokens.push("");
        for (const token of tokens) {
          if (!this.live()) break;
          this.play(token);
        }
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

/**
 * The teaching view: the linear algebra behind the game being played, updated as you play
 * (teach.ts computes it with src/'s solver, on the board the running firmware says it plays:
 * `Merlin.maths()`, k, what each key advances and the goal, read by teach.ts mathsPuzzle). For
 * that board: A, b,
 * t, d = t − b and x solving A·x = d mod k, with the pads of x marked on the toy (blackwhite's
 * keys at the top-left pad of their 2×2 block); A⁻¹ when A is invertible; for a singular
 * board the quiet patterns and the solvability test; on Merlin's 3×3 source 003's strategy
 * as a guided hint; the elimination stepper (stepper-view.ts); and a plus-board workbench
 * playing source 000's row-by-row light chasing. After a game ends it says so and marks
 * nothing on pads that do nothing. In Merlin's other games (Tic-Tac-Toe, Echo, …), which are
 * no boards of presses, it shows none of this: it says what it is about and how to get there.
 *
 * A board to teach with: the edit box gives the view a board of its own (clicked, typed,
 * cleared, random, or made unsolvable one pad away), so a class sees the test fail and the
 * elimination end in 0 = 1; the game in play is not touched, and "play this board" hands a
 * solvable one to the toy (TeachHooks.play). The link parameter `teach=<digits>` (with the
 * link's `rules`) opens the view on such a board.
 *
 * After a press only what changed is drawn again, in place: the matrices and test rows are
 * built once per board (the frame), and the stepper follows when the browser is idle.
 *
 * No panel can stop the toy: each draws inside a guard that catches an error, shows it once
 * in that panel, and clears the panel's marks on the pads; the page's drawing loop goes on.
 * The link parameter `teach-fail=lesson` (or `stepper`) makes that panel fail on every
 * redraw, to check this.
 */
import type { Profile } from "../../../hardware/profile";
import { gridPuzzle, type Puzzle } from "../../../src/maths/puzzle";
import type { FirmwareState } from "../../app/session";
import { gameOverText, goalWords, playedPuzzle, plural, pressWords, ruleSet } from "../../app/toy-info";
import { chaseSteps, digits, lesson, mathsPuzzle, pressTotal, readBoardDigits, strategyHint, unsolvableNeighbour, type ChaseStep, type Lesson, type ToyBoard, type ToyMaths } from "../teach";
import { StepperView } from "./stepper-view";
import { h, paintChip, scrollBox, stateChip, stateName } from "./teach-dom";
import type { ToyFace } from "./toy";
import { gameLabel, gameNumber, gameTitle, MAGIC_SQUARE, otherGame } from "./game-names";

/** What the view reads of the toy's state (Merlin.state()). */
export type TeachState = Pick<FirmwareState, "board" | "rules" | "status" | "asleep" | "game">;

/** A panel whose drawing errors stay inside it. */
class Panel {
  private readonly error: HTMLElement;
  private shownError = "";

  constructor(
    private readonly id: string,
    private readonly onError: () => void,
  ) {
    this.error = h("p", { class: "panel-error", role: "alert", hidden: "" });
  }

  /** The panel's element with its error line first. */
  mount(body: HTMLElement): HTMLElement {
    return h("div", { class: "panel-box", id: this.id }, this.error, body);
  }

  /** Runs `fn`; an error is shown once here (and in the console once per message), the panel's marks cleared. */
  run(fn: () => void): void {
    try {
      fn();
      if (this.shownError !== "") {
        this.shownError = "";
        this.error.hidden = true;
        this.error.textContent = "";
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      try {
        this.onError();
      } catch {
        // (clearing marks must not throw a second time)
      }
      if (message === this.shownError) return;
      this.shownError = message;
      this.error.hidden = false;
      this.error.textContent = `This part of the teaching view could not be drawn: ${message}. The toy plays on.`;
      console.error(`teaching view: ${message}`);
    }
  }
}

/** A board-shaped grid of cells (rows × cols); `cell(i)` draws cell i. */
function boardGrid(cols: number, cells: number, label: string, cell: (i: number) => HTMLElement): HTMLElement {
  const g = h("div", { class: "cells", role: "img", "aria-label": label });
  g.style.gridTemplateColumns = `repeat(${cols}, auto)`;
  for (let i = 0; i < cells; i++) g.append(cell(i));
  return g;
}

/** A vector drawn on the board: its name, and its cells. */
function vectorFigure(name: string, title: string, grid: HTMLElement, id: string): HTMLElement {
  return h("figure", { class: "vector", id }, h("figcaption", { title }, name), grid);
}

/** A digit cell (not a colour: a count of steps or presses). */
function digitCell(v: string, title: string, extra = ""): HTMLElement {
  return h("span", { class: `digit ${v === "0" ? "zero" : "one"} ${extra}`.trim(), title }, v);
}

/** A mod-k matrix as a table with row and column headers (the corner named for screen readers); `mark(r, c)` adds a class. */
function matrixTable(rows: string[], caption: string, corner: string, rowName: (i: number) => string, colName: (j: number) => string, colTitle: (j: number) => string, each?: (r: number, c: number, td: HTMLElement) => void): HTMLElement {
  const t = h("table", { class: "matrix" }, h("caption", {}, caption));
  const head = h("tr", {}, h("th", { scope: "col" }, h("span", { class: "sr-only" }, corner)));
  for (let j = 0; j < rows[0].length; j++) head.append(h("th", { scope: "col", title: colTitle(j) }, colName(j)));
  t.append(h("thead", {}, head));
  const body = h("tbody");
  rows.forEach((row, i) => {
    const tr = h("tr", {}, h("th", { scope: "row" }, rowName(i)));
    for (let j = 0; j < row.length; j++) {
      const td = h("td", { class: row[j] === "0" ? "zero" : "one" }, row[j]);
      each?.(i, j, td);
      tr.append(td);
    }
    body.append(tr);
  });
  t.append(body);
  return scrollBox(t);
}

/** A small board picture (rows × cols of 0/1) for the chasing workbench. */
function miniBoard(v: string, cols: number, label: string, marks: number[] = []): HTMLElement {
  const g = h("div", { class: "mini", role: "img", "aria-label": label });
  g.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
  v.split("").forEach((c, i) => g.append(h("span", { class: `${c === "1" ? "on" : "off"}${marks.includes(i + 1) ? " marked" : ""}` })));
  return g;
}

/** Sets an element's text only when it changes (no needless layout). */
function setText(e: HTMLElement, text: string): void {
  if (e.textContent !== text) e.textContent = text;
}

/** Draws a digit cell (digitCell) again in place. */
function setDigit(e: HTMLElement, v: string, title: string, extra: string): void {
  const cls = `digit ${v === "0" ? "zero" : "one"} ${extra}`.trim();
  if (e.className !== cls) e.className = cls;
  if (e.title !== title) e.title = title;
  setText(e, v);
}

/** Moves class `cls` from the columns in `now` to those in `next` (cells by column), touching only the changes. */
function markColumns(columns: HTMLElement[][], now: Set<number>, next: Set<number>, cls: string): void {
  for (const c of now) if (!next.has(c)) columns[c]?.forEach((td) => td.classList.remove(cls));
  for (const c of next) if (!now.has(c)) columns[c]?.forEach((td) => td.classList.add(cls));
  now.clear();
  for (const c of next) now.add(c);
}

/** The ring the lesson counts in: GF(2), GF(k) for a prime k, else Z_k. */
function fieldName(L: Lesson): string {
  return L.k === 2 ? "GF(2)" : L.rank !== null ? `GF(${L.k}) (${L.k} is prime: a field)` : `Z_${L.k} (not a field: ${L.k} has divisors)`;
}

/** "pad 7", "pad 7 twice", "pad 7 3 times". */
function pressCount(pad: number, n: number): string {
  return n === 1 ? `${pad}` : n === 2 ? `${pad} twice` : `${pad} ${n} times`;
}

/** Optional links to the page around the view. */
export interface TeachHooks {
  /** The page's link parameters as it was opened (`teach=<digits>` opens the view editing that board). */
  link?: URLSearchParams;
  /** Hands a board (digits, pad 1 first) to the toy to play (`Merlin.start`); throws the toy's refusal. */
  play?: (board: string) => void;
}

/** A board-shaped grid whose cells are drawn again in place. */
interface Grid {
  root: HTMLElement;
  cells: HTMLElement[];
}

/** The parts of the view that stay while the board played stays: redrawn in place after a press. */
interface Frame {
  key: string;
  game: HTMLElement;
  over: HTMLElement;
  b: Grid;
  t: Grid;
  d: Grid;
  x: Grid;
  answer: HTMLElement;
  /** A's cells by column (key), for marking the columns of x. */
  aColumns: HTMLElement[][];
  /** A⁻¹'s cells by column (pad), for marking the pads that must change. */
  invColumns: HTMLElement[][];
  verdicts: HTMLElement[];
  testResult: HTMLElement | null;
  strategy: HTMLElement;
  /** The columns marked now (so only the changes are drawn). */
  xCols: Set<number>;
  dCols: Set<number>;
}

export class TeachView {
  private readonly section: HTMLElement;
  private readonly lessonPanel: Panel;
  private readonly stepperPanel: Panel;
  private readonly chasePanel: Panel;
  private readonly editPanel: Panel;
  private readonly toyPart: HTMLElement;
  /** What the view says in a game it does not explain, and the parts it hides then. */
  private readonly otherNote: HTMLElement;
  private readonly parts: HTMLElement[];
  private otherShown = false;
  private readonly editPart: HTMLElement;
  private readonly stepper: StepperView;
  private readonly pixels: boolean;
  private readonly fail: string;
  private open = false;
  private shown = "";
  private guided = false;
  private last: TeachState | null = null;
  /** The firmware's last answer to Merlin.maths() (as JSON) and the board read from it. */
  private mathsText = "";
  private played: ToyBoard | null = null;
  private frame: Frame | null = null;
  /** The board being edited (the lesson's b while editing), or null: the lesson follows the game. */
  private editing: Uint8Array | null = null;
  /** The lesson drawn last. */
  private drawn: Lesson | null = null;
  /** A board from the link (teach=…), read once the toy plays the link's rules. */
  private linkBoard: string | null;
  private readonly linkRules: string | null;
  private editNote = "";
  private editNoteIsError = false;
  private editKey = "";

  constructor(
    private readonly profile: Profile,
    private readonly face: ToyFace,
    private readonly stateNow: () => TeachState,
    /** The firmware's description of the game in play (`Merlin.maths()`). */
    private readonly mathsNow: () => ToyMaths,
    private readonly hooks: TeachHooks = {},
  ) {
    this.section = document.getElementById("teach")!;
    this.pixels = profile.leds.drive === "neopixel";
    const link = hooks.link ?? new URLSearchParams(location.search);
    this.fail = link.get("teach-fail") ?? "";
    this.linkBoard = link.get("teach");
    this.linkRules = link.get("rules");
    this.lessonPanel = new Panel("teach-lesson", () => this.clearMarks());
    this.stepperPanel = new Panel("teach-stepper", () => {});
    this.chasePanel = new Panel("teach-chase", () => {});
    this.editPanel = new Panel("teach-edit-box", () => {});
    this.toyPart = h("div", { id: "teach-toy" });
    this.editPart = h("section", { class: "edit", id: "teach-edit", "aria-label": "a board to teach with" });
    this.stepper = new StepperView((fn) => this.stepperPanel.run(fn));
    this.otherNote = h("p", { id: "teach-other-game", role: "status", hidden: "" });
    this.parts = [
      h("p", { id: "teach-intro" }, "A press adds its pattern to the board, cell by cell mod k (k = 2: 1 + 1 = 0, the pad toggles): presses x turn board b into b + A·x. To reach the target t, solve A·x = t − b (sources 002 and 003)."),
      this.editPanel.mount(this.editPart),
      this.lessonPanel.mount(this.toyPart),
      this.stepperPanel.mount(this.stepper.root),
      this.chasePanel.mount(h("div", { id: "teach-chase-box" })),
    ];
    this.section.replaceChildren(h("h2", {}, "Teaching view"), this.otherNote, ...this.parts);
    this.chasePanel.run(() => this.section.querySelector("#teach-chase-box")!.append(chaseWorkbench((fn) => this.chasePanel.run(fn))));
  }

  toggle(button: HTMLElement): void {
    this.open = !this.open;
    this.section.hidden = !this.open;
    button.setAttribute("aria-expanded", String(this.open));
    this.shown = "";
    if (!this.open) this.clearMarks();
    else this.update(this.stateNow());
  }

  /** Takes the view's marks off the toy's pads: the presses of x and the guided hint's outline. */
  private clearMarks(): void {
    this.face.pads.forEach((p) => {
      this.markPad(p, 0);
      p.classList.remove("in-rule");
    });
  }

  /** Marks pad `pad` as pressed `n` times in x (0: not in x); a count over 1 sits beside the key's label, clear of the state's symbol. */
  private markPad(pad: HTMLElement, n: number): void {
    if (pad.dataset.press === String(n)) return;
    pad.classList.toggle("in-x", n > 0);
    pad.classList.toggle("counted", n > 1);
    pad.dataset.inX = n > 0 ? "1" : "0";
    pad.dataset.press = String(n);
    const mark = pad.querySelector<HTMLElement>(".mark");
    if (!mark) return;
    mark.dataset.count = n > 1 ? `×${n}` : "";
    // (The count is drawn by CSS from data-count, not as text: the pad's name says it in words.)
    let count = mark.querySelector<HTMLElement>(".count");
    if (n > 1) {
      if (!count) mark.append((count = h("span", { class: "count", "aria-hidden": "true" })));
      count.dataset.count = `×${n}`;
    } else count?.remove();
  }

  /** Draws again now (after an edit). */
  private redraw(): void {
    this.shown = "";
    this.update(this.last ?? this.stateNow());
  }

  /**
   * Redraws for the toy's state now (cheap when nothing the view shows has changed: after a
   * press only the board's digits, x and the test's sums are drawn again, in place; the
   * stepper follows when the browser is idle). Never throws.
   */
  update(s: TeachState): void {
    if (!this.open) return;
    const editing = this.editing ? Array.from(this.editing).join("") : "";
    const key = `${s.game}|${s.board}|${s.rules}|${s.status}|${s.asleep}|${this.guided}|${editing}|${this.linkBoard}`;
    if (key === this.shown) return;
    this.shown = key;
    this.last = s;
    if (this.showOther(s)) return;
    const started = performance.now();
    let L: Lesson | null = null;
    let b: ToyBoard | null = null;
    this.lessonPanel.run(() => {
      if (this.fail === "lesson") throw new Error("forced by the link's teach-fail=lesson");
      b = this.board(s);
      this.readLink(s, b.puzzle);
      const board = this.editing ?? digits(s.board);
      L = lesson(b.puzzle, board, b.target);
      this.drawLesson(s, b.puzzle, L);
    });
    this.editPanel.run(() => this.drawEdit(s, b, L));
    this.stepperPanel.run(() => {
      if (this.fail === "stepper") throw new Error("forced by the link's teach-fail=stepper");
      const toy = b ?? this.board(s);
      this.stepper.load(toy.puzzle, this.editing ?? digits(s.board), toy.target, L);
    });
    // The page's own measure of the work a redraw does (the browser tests read it).
    performance.measure("merlin-teach-update", { start: started, end: performance.now() });
  }

  /**
   * In a game other than Magic Square the view shows only what it is about and how to get
   * there, and marks nothing on the pads (no maths of the last Magic Square stays in sight).
   * Returns whether it did.
   */
  private showOther(s: TeachState): boolean {
    const other = otherGame(s);
    if (other !== this.otherShown) {
      this.otherShown = other;
      this.otherNote.hidden = !other;
      for (const part of this.parts) part.hidden = other;
    }
    if (!other) return false;
    this.clearMarks();
    this.otherNote.textContent =
      `The teaching view is about Magic Square and the Lights Out games, where each press adds a pattern to the board (linear algebra mod k); ` +
      `${gameTitle(s.game!)} is not such a game, so there is nothing to show here. To see it, choose ${gameLabel(MAGIC_SQUARE)} in the Game menu ` +
      `(or press NEW GAME, then ${gameNumber(MAGIC_SQUARE)}, on the toy), and a rule set or a Lights Out game under Rules.`;
    return true;
  }

  /** A board from the link, once the toy plays the link's rules: edited, or refused saying what a board here is. */
  private readLink(s: TeachState, p: Puzzle): void {
    if (this.linkBoard === null || (this.linkRules !== null && s.rules !== this.linkRules)) return;
    const text = this.linkBoard;
    this.linkBoard = null;
    try {
      this.editing = readBoardDigits(text, p.states, p.cells);
      this.editNote = "The link's board, ready to teach with.";
      this.editNoteIsError = false;
    } catch (e) {
      this.editing = null;
      this.editNote = `The link's teach=${text.length > 40 ? `${text.slice(0, 40)}…` : text} is no board of ${s.rules} on this toy: ${(e as Error).message}. Shown instead: the game in play.`;
      this.editNoteIsError = true;
    }
  }

  /**
   * The board in play and its goal, as the firmware describes them (Merlin.maths()), read
   * again only when its answer changes; named as the page names the rules' board when it is
   * that board (teach.ts mathsPuzzle).
   */
  private board(s: TeachState): ToyBoard {
    const m = this.mathsNow();
    const text = JSON.stringify(m);
    if (this.played === null || text !== this.mathsText) {
      this.played = mathsPuzzle(m, playedPuzzle(s.rules, m.rows, m.cols));
      this.mathsText = text;
    }
    return this.played;
  }

  /** The edit box: a way in, or (while editing) the board's tools, its link and "play this board". */
  private drawEdit(s: TeachState, toy: ToyBoard | null, L: Lesson | null): void {
    if (this.linkBoard !== null && this.linkRules !== null && s.rules !== this.linkRules) {
      this.editNote = `The link's board is one of ${this.linkRules}: it is shown once the toy plays ${this.linkRules}.`;
      this.editNoteIsError = false;
    }
    const note = h("p", { id: "edit-note", role: this.editNoteIsError ? "alert" : "status" }, this.editNote);
    note.classList.toggle("panel-error", this.editNoteIsError);
    note.hidden = this.editNote === "";
    const key = `${this.editing ? "edit" : "game"}|${toy ? toy.puzzle.name + toy.puzzle.states : ""}|${s.rules}`;
    if (!this.editing || !toy || !L) {
      if (key !== this.editKey) {
        this.editKey = key;
        const start = h("button", { type: "button", id: "edit-start" }, "Edit a board to teach with");
        start.onclick = () =>
          this.editPanel.run(() => {
            this.editing = digits(this.last ? this.last.board : s.board);
            this.editNote = "";
            this.editNoteIsError = false;
            this.redraw();
            document.getElementById("edit-digits")?.focus();
          });
        this.editPart.replaceChildren(
          h("div", { class: "row" }, start, h("span", { class: "edit-why" }, "Set any board — one the game would never deal too, unsolvable ones included — and see its test, quiet patterns and elimination. The game in play is not touched.")),
          note,
        );
      } else this.editPart.querySelector("#edit-note")!.replaceWith(note);
      return;
    }
    const p = toy.puzzle;
    const k = p.states;
    const board = Array.from(this.editing).join("");
    if (key !== this.editKey) {
      this.editKey = key;
      const input = h("input", { type: "text", id: "edit-digits", inputmode: "numeric", autocomplete: "off", spellcheck: "false", "aria-describedby": "edit-help", size: String(Math.min(p.cells + 4, 40)) });
      const set = h("button", { type: "button", id: "edit-set" }, "Set");
      const apply = () =>
        this.editPanel.run(() => {
          try {
            this.editing = readBoardDigits(input.value, k, p.cells);
            this.editNote = "";
            this.editNoteIsError = false;
          } catch (e) {
            this.editNote = `Not set: ${(e as Error).message}.`;
            this.editNoteIsError = true;
          }
          this.redraw();
        });
      set.onclick = apply;
      input.onkeydown = (e) => {
        if (e.key === "Enter") apply();
      };
      const tool = (id: string, label: string, go: () => void) => {
        const b = h("button", { type: "button", id }, label);
        b.onclick = () =>
          this.editPanel.run(() => {
            this.editNote = "";
            this.editNoteIsError = false;
            go();
            this.redraw();
          });
        return b;
      };
      const cells = () => this.editing ?? new Uint8Array(p.cells);
      this.editPart.replaceChildren(
        h("h3", {}, "A board to teach with"),
        h("p", { id: "edit-help" }, `Click a pad of b below to advance it one state (mod ${k}), or type the ${p.cells} digits 0 to ${k - 1}, pad 1 first, row by row. The toy plays on untouched; its goal stays the target.`),
        h("div", { class: "row" }, h("label", { for: "edit-digits" }, "Board"), input, set),
        h("div", { class: "row" },
          tool("edit-clear", "Clear", () => (this.editing = new Uint8Array(p.cells))),
          tool("edit-random", "Random", () => (this.editing = cells().map(() => Math.floor(Math.random() * k)))),
          tool("edit-unsolvable", "Make it unsolvable", () => {
            const L2 = this.drawn;
            const next = L2 ? unsolvableNeighbour(L2, cells()) : null;
            if (!next) return;
            this.editing = next.board;
            this.editNote = `Pad ${next.pad} advanced one state: the test on weighting ${next.check} now fails.`;
          }),
          tool("edit-play", "Play this board", () => {
            const digitsNow = Array.from(cells()).join("");
            if (!this.hooks.play) throw new Error("this page cannot hand a board to the toy");
            try {
              this.hooks.play(digitsNow);
            } catch (e) {
              this.editNote = `The toy refused this board: ${(e as Error).message.replace(/^.*?(start: )/, "$1")}.`;
              this.editNoteIsError = true;
              return;
            }
            this.editing = null;
            this.editNote = "The toy now plays the edited board.";
          }),
          tool("edit-stop", "Back to the game", () => (this.editing = null)),
        ),
        h("p", {}, h("a", { id: "edit-link", href: "#" }, "A link to this board"), " (opens this view on it)"),
        h("p", { id: "edit-verdict", "aria-live": "polite" }),
        note,
      );
    } else this.editPart.querySelector("#edit-note")!.replaceWith(note);
    // The field shows the board when the board changes (not while someone types in it and nothing changed).
    const input = this.editPart.querySelector<HTMLInputElement>("#edit-digits")!;
    if (input.dataset.board !== board || document.activeElement !== input) {
      if (input.dataset.board !== board || !this.editNoteIsError) input.value = board;
      input.dataset.board = board;
    }
    const q = new URLSearchParams({ board: this.profile.name, rules: s.rules, teach: board });
    this.editPart.querySelector<HTMLAnchorElement>("#edit-link")!.href = `${location.pathname}?${q}`;
    const unsolvable = this.editPart.querySelector<HTMLButtonElement>("#edit-unsolvable")!;
    const play = this.editPart.querySelector<HTMLButtonElement>("#edit-play")!;
    unsolvable.disabled = !L.solvable || L.checks.length === 0;
    unsolvable.title = L.inverse ? "A is invertible: every board of this game is solvable" : L.solvable ? "advance one pad the test weights" : "this board is unsolvable already";
    play.disabled = !L.solvable || L.pads.length === 0 || !this.hooks.play;
    play.title = !L.solvable ? "the toy only plays boards it can solve" : L.pads.length === 0 ? "this board is the target already" : "the toy plays this board from now on";
    const verdict = this.editPart.querySelector<HTMLElement>("#edit-verdict")!;
    verdict.dataset.solvable = String(L.solvable);
    const n = pressTotal(L.presses);
    verdict.textContent = L.solvable
      ? `Solvable: ${L.pads.length === 0 ? "it is the target already" : `${n} press${n === 1 ? "" : "es"} reach the target (x below)`}.`
      : L.checks.length > 0
        ? `Unsolvable: ${L.checkParities.filter((v) => v !== 0).length} of the ${L.checks.length} tests fail (below), and the elimination (below them) ends in a row that reads 0 = r with r ≠ 0.`
        : "Unsolvable.";
  }

  /** The frame for board `p` (made again only when the board played or the view's mode change: never after a press). */
  private frameFor(s: TeachState, p: Puzzle, L: Lesson): Frame {
    const key = `${p.name}|${p.states}|${p.cells}|${p.keys}|${L.target}|${this.editing !== null}|${s.rules}`;
    if (this.frame && this.frame.key === key && this.played && this.played.puzzle === p) return this.frame;
    const cols = this.profile.cols;
    const k = L.k;
    const field = fieldName(L);
    const part: Node[] = [];
    const game = h("p", { id: "teach-game", "data-rules": s.rules, "data-k": String(k) });
    const over = h("p", { class: "game-over", id: "teach-over" });
    part.push(game, over);
    const legend = h("p", { class: "legend", id: "teach-legend" }, "States: ");
    for (let v = 0; v < k; v++) legend.append(stateChip(k, v, this.pixels), ` ${v} = ${stateName(k, v)}${v < k - 1 ? ", " : ""}`);
    part.push(legend);
    const editing = this.editing !== null;
    const grid = (label: string, cell: (i: number) => HTMLElement): Grid => {
      const cells: HTMLElement[] = [];
      const root = boardGrid(cols, L.cells, label, (i) => {
        const c = cell(i);
        cells.push(c);
        return c;
      });
      return { root, cells };
    };
    const b = grid("b", (i) => {
      if (!editing) return stateChip(k, 0, this.pixels, `pad ${i + 1}`);
      const button = h("button", { type: "button", class: "chip edit-pad", "data-pad": String(i) });
      button.onclick = () =>
        this.editPanel.run(() => {
          if (!this.editing) return;
          this.editing[i] = (this.editing[i] + 1) % k;
          this.editNote = "";
          this.editNoteIsError = false;
          this.redraw();
        });
      return button;
    });
    if (editing) b.root.setAttribute("role", "group");
    const t = grid("t", (i) => stateChip(k, Number(L.target[i]), this.pixels, `pad ${i + 1}`));
    t.root.setAttribute("aria-label", `t, the target: ${L.target}`);
    const d = grid("t − b", () => digitCell("0", ""));
    const x = grid("x", () => digitCell("0", ""));
    part.push(
      h("div", { class: "vectors" },
        vectorFigure("b", editing ? "the board being edited, pad 1 first, row by row: click a pad to advance it" : "the board now, pad 1 first, row by row", b.root, "teach-b"),
        vectorFigure("t", "the target (the goal)", t.root, "teach-t"),
        vectorFigure("t − b", `how many steps each pad must advance, mod ${k}`, d.root, "teach-d"),
        vectorFigure("x", "presses per key, drawn at the pad each key is pressed at", x.root, "teach-xv"),
      ),
    );
    const answer = h("p", { class: "answer", id: "teach-x" });
    part.push(answer);
    const keyName = (j: number) => `${L.keyPads[j] + 1}`;
    const keyTitle = (j: number) => (L.keyCount === L.cells ? `key ${j + 1} (pad ${j + 1})` : `key ${j + 1}: the 2×2 block pressed at pad ${L.keyPads[j] + 1}`);
    const aColumns: HTMLElement[][] = Array.from({ length: L.keyCount }, () => []);
    part.push(matrixTable(L.matrix, `A: column j is what the key pressed at pad j adds (row i = pad i), mod ${k}`, "pad, key", (i) => `${i + 1}`, keyName, keyTitle, (_r, c, td) => aColumns[c].push(td)));
    const invColumns: HTMLElement[][] = Array.from({ length: L.cells }, () => []);
    const verdicts: HTMLElement[] = [];
    let testResult: HTMLElement | null = null;
    if (L.inverse) {
      part.push(
        matrixTable(L.inverse, `A⁻¹: x for the key at pad j = row j · (t − b), mod ${k}`, "key, pad", (i) => `x${keyName(i)}`, (j) => `${j + 1}`, (j) => `pad ${j + 1}`, (_r, c, td) => invColumns[c].push(td)),
        h("p", { id: "teach-rank", "data-rank": String(L.rank), "data-invertible": "true" }, `A is invertible over ${field} (rank ${L.rank}): every board has exactly one solution. The highlighted columns of A⁻¹ are the pads that must change.`),
      );
    } else {
      const rankText = L.rank !== null ? `rank ${L.rank}, nullity ${L.nullity}` : `${L.cells} equations in ${L.keyCount} unknowns`;
      const solutions = L.quietOrders.reduce((a, c) => a * c, 1);
      part.push(h("p", { id: "teach-rank", "data-rank": String(L.rank), "data-invertible": "false" }, `A is not invertible over ${field}: ${rankText}. Of the ${L.allBoards} boards, ${L.solvableBoards} can reach the target; a board that can has ${solutions === 1 ? "exactly one solution" : `${solutions} solutions`}${solutions > 1 ? " (x shown: the fewest presses; any two differ by a quiet pattern)" : ""}.`));
      if (L.quiet.length > 0) {
        const keyAt = new Map<number, number>();
        L.keyPads.forEach((pad, j) => keyAt.set(pad, j));
        const quiet = h("div", { class: "quiet", id: "teach-quiet" }, h("h3", {}, `Quiet patterns (${L.quiet.length}): pressing one of these changes nothing${k > 2 ? `; each may be pressed 0 to ${k - 1} times over` : ""}`));
        L.quiet.forEach((q, n) => {
          const pads = q.split("").flatMap((c, j) => (c === "0" ? [] : [pressCount(L.keyPads[j] + 1, Number(c))]));
          quiet.append(h("figure", { class: "mini quiet-pattern", "data-quiet": q }, h("figcaption", {}, `quiet pattern ${n + 1}`), boardGrid(cols, L.cells, `quiet pattern ${n + 1}: press ${pads.join(", ")}`, (i) => {
            const j = keyAt.get(i);
            return j === undefined ? digitCell("–", `pad ${i + 1} is no key`, "nokey") : digitCell(q[j], `key at pad ${i + 1}`);
          })));
        });
        part.push(quiet);
      }
      if (L.checks.length > 0) {
        const test = h("div", { class: "checks", id: "teach-checks" }, h("h3", {}, k === 2 ? "Solvability test: t − b must have an even number of 1s on each of these pad sets (A's left null space)" : `Solvability test: on each of these weightings (A's left kernel mod ${k}), Σ weight·(t − b) must be ≡ 0 (mod ${k})`));
        L.checks.forEach((y, n) => {
          const v = h("span", { class: "verdict" });
          verdicts.push(v);
          test.append(h("div", { class: "check" }, boardGrid(cols, L.cells, `weighting ${n + 1}: ${y}`, (i) => digitCell(y[i], `pad ${i + 1}: weight ${y[i]}`)), v));
        });
        testResult = h("p", { id: "teach-test" });
        test.append(testResult);
        part.push(test);
      }
    }
    const strategy = h("div");
    part.push(strategy);
    this.toyPart.replaceChildren(...part);
    this.frame = { key, game, over, b, t, d, x, answer, aColumns, invColumns, verdicts, testResult, strategy, xCols: new Set(), dCols: new Set() };
    return this.frame;
  }

  private drawLesson(s: TeachState, p: Puzzle, L: Lesson): void {
    this.drawn = L;
    const k = L.k;
    const editing = this.editing !== null;
    const ended = s.status === "won" || s.status === "lost";
    const live = !ended || ruleSet(s.rules)?.liveAfterEnd === true;
    const dead = !editing && (s.asleep || !live);
    const f = this.frameFor(s, p, L);
    // The pads of x (keys at their pads), marked while pressing them does something (not while editing another board).
    const count = new Map<number, number>();
    if (!dead && !editing) for (const pad of L.pads) count.set(pad, (count.get(pad) ?? 0) + 1);
    this.face.pads.forEach((pad, i) => this.markPad(pad, count.get(i + 1) ?? 0));
    const field = fieldName(L);
    setText(f.game, editing
      ? `Teaching with an edited board of ${s.rules} on the ${p.rows}×${p.cols} board: ${p.name}, ${L.cells} pads and ${L.keyCount} keys, counting mod ${k} over ${field}. The toy's game is not touched. ${pressWords(s.rules, p.rows, p.cols)} Goal: ${goalWords(L.target, p.rows, p.cols)}.`
      : `Playing ${s.rules} on the ${p.rows}×${p.cols} board: ${p.name}, ${L.cells} pads and ${L.keyCount} keys, counting mod ${k} over ${field}. ${pressWords(s.rules, p.rows, p.cols)} Goal: ${goalWords(L.target, p.rows, p.cols)}.`);
    f.over.hidden = editing || !(s.asleep || ended);
    if (editing) f.over.removeAttribute("data-status");
    else if (s.asleep) setText(f.over, "The toy is asleep: press any pad to wake it. Nothing is marked on the pads.");
    else if (ended) {
      f.over.dataset.status = s.status;
      setText(f.over, live ? `The game is ${s.status}; under ${s.rules} the pads stay live.` : `The game is ${s.status}: ${gameOverText(s).replace(/^the game is \w+: /, "")}. Nothing is marked on the pads.`);
    }
    // b (buttons while editing), t − b and x, in place.
    f.b.root.setAttribute("aria-label", editing ? `b, the board being edited: ${L.board}` : `b, the board now: ${L.board}`);
    f.b.cells.forEach((c, i) => {
      const v = Number(L.board[i]);
      paintChip(c, k, v, this.pixels, `pad ${i + 1}`);
      if (editing) c.setAttribute("aria-label", `pad ${i + 1}, ${stateName(k, v)} ${v}, click to advance`);
    });
    f.d.root.setAttribute("aria-label", `t − b: ${L.difference}`);
    f.d.cells.forEach((c, i) => setDigit(c, L.difference[i], `pad ${i + 1}: advance ${L.difference[i]}`, ""));
    const keyAt = new Map<number, number>();
    L.keyPads.forEach((pad, j) => keyAt.set(pad, j));
    f.x.root.setAttribute("aria-label", `x: ${L.presses || "no solution"}`);
    f.x.cells.forEach((c, i) => {
      const j = keyAt.get(i);
      if (j === undefined) setDigit(c, "–", `pad ${i + 1} is no key`, "nokey");
      else setDigit(c, L.solvable ? L.presses[j] : "?", `pad ${i + 1}: key ${j + 1}`, L.solvable && L.presses[j] !== "0" ? "press" : "");
    });
    const groups: string[] = [];
    const seen = new Map<number, number>();
    for (const pad of L.pads) seen.set(pad, (seen.get(pad) ?? 0) + 1);
    for (const [pad, n] of [...seen].sort((a, b) => a[0] - b[0])) groups.push(pressCount(pad, n));
    let keyText: string;
    const total = pressTotal(L.presses);
    const fewest = L.quiet.length > 0 ? `${total} press${total === 1 ? "" : "es"}, the fewest` : `${total} press${total === 1 ? "" : "es"}`;
    if (!L.solvable) keyText = "no solution: this board cannot reach the target";
    else if (L.pads.length === 0) keyText = "nothing to press: b = t";
    else keyText = `press pad${L.pads.length === 1 ? "" : "s"} ${groups.join(", ")} (${fewest})${dead || editing ? "" : " (marked on the pads)"}; ${L.safeOrder ? `in this order the board never goes all dark on the way: ${L.pads.join(", ")}` : "in any order"}`;
    if (dead && L.solvable && L.pads.length > 0) keyText = `the game is over: nothing to press now (for this board x would be ${groups.join(", ")})`;
    setText(f.answer, `${L.inverse ? "x = A⁻¹(t − b)" : "x"}: ${keyText}.`);
    f.answer.dataset.keys = dead ? "" : L.keys.join(",");
    f.answer.dataset.pads = dead ? "" : L.pads.join(",");
    f.answer.dataset.solvable = String(L.solvable);
    f.answer.dataset.presses = L.presses;
    // The columns of A that x presses; the columns of A⁻¹ of the pads that must change.
    markColumns(f.aColumns, f.xCols, new Set(dead ? [] : L.keys.map((key) => key - 1)), "col-x");
    const dCols = new Set<number>();
    for (let c = 0; c < L.cells; c++) if (L.difference[c] !== "0") dCols.add(c);
    markColumns(f.invColumns, f.dCols, dCols, "col-d");
    f.verdicts.forEach((v, n) => {
      const r = L.checkParities[n];
      v.dataset.sum = String(r);
      setText(v, k === 2 ? (r === 0 ? "even ✓" : "odd ✗") : r === 0 ? `≡ 0 ✓` : `≡ ${r} ✗`);
    });
    if (f.testResult) {
      f.testResult.dataset.solvable = String(L.solvable);
      setText(f.testResult, L.solvable ? "Every test passes: solvable." : "A test fails: this board cannot reach the target.");
    }
    if (!editing && p.rows === 3 && p.cols === 3 && p.pattern === "merlin" && k === 2) f.strategy.replaceChildren(this.strategy(s, p, digits(L.target), dead));
    else {
      if (f.strategy.firstChild) f.strategy.replaceChildren();
      this.face.pads.forEach((pad) => pad.classList.remove("in-rule"));
    }
  }

  /** Source 003's strategy for the 3×3 as a guided hint (no pad outlined once the pads are dead). */
  private strategy(st: TeachState, p: Puzzle, target: Uint8Array, dead: boolean): HTMLElement {
    const s = strategyHint(p, digits(st.board), target);
    const box = h("div", { class: "strategy" }, h("h3", {}, "A strategy a person can follow (source 003)"));
    box.append(
      h("ol", {},
        h("li", {}, "Edge keys 2, 4, 6, 8: press one when its related rectangle (its row of A⁻¹: six pads) holds a different number of lit pads, mod 2, than in the target."),
        h("li", {}, "Then corner keys 1, 3, 7, 9: press one when its pad differs from the target."),
        h("li", {}, "Last the centre key 5: press it when its pad differs from the target."),
      ),
    );
    const button = h("button", { type: "button", id: "guide" }, this.guided ? "Hide the guided hint" : "Show the guided hint");
    button.onclick = () => {
      this.guided = !this.guided;
      if (this.last) this.update(this.last);
    };
    box.append(button);
    this.face.pads.forEach((pad, i) => pad.classList.toggle("in-rule", this.guided && !dead && s.cells.includes(i + 1)));
    if (this.guided) {
      let text: string;
      if (dead) text = "The game is over: no hint.";
      else if (s.stage === "done") text = "The board is the target: nothing to press.";
      else if (s.stage === "edge") text = `Edge key ${s.key}: its rectangle (pads ${s.cells.join(", ")}, outlined) has ${s.litNow} lit now and ${s.litTarget} in the target — different parity, so press ${s.key}.`;
      else text = `${s.stage === "corner" ? "Corner" : "Centre"} key ${s.key}: the pad is ${s.litNow ? "lit" : "dark"}, the target wants it ${s.litTarget ? "lit" : "dark"} — press ${s.key}.`;
      box.append(h("p", { class: "guide", id: "guide-text", "data-key": dead ? "" : String(s.key), "aria-live": "polite" }, text));
    }
    return box;
  }
}

/** Source 000's light chasing on a plus board of your choice, one row at a time. */
function chaseWorkbench(guard: (fn: () => void) => void): HTMLElement {
  const box = h("section", { class: "chase", "aria-label": "light chasing on a plus board" });
  const sizeSel = h("select", { id: "chase-size", "aria-label": "plus board size" });
  for (let n = 3; n <= 7; n++) sizeSel.add(new Option(`${n}×${n}`, String(n), false, n === 5));
  const targetSel = h("select", { id: "chase-target", "aria-label": "target" });
  targetSel.add(new Option("all lit (source 000's lights-on)", "lit"));
  targetSel.add(new Option("all dark", "dark"));
  const newBtn = h("button", { type: "button" }, "New board");
  const stepBtn = h("button", { type: "button", id: "chase-step" }, "Next step");
  const view = h("div", { class: "chase-view" });
  const info = h("p", { "aria-live": "polite", id: "chase-info" });
  box.append(
    h("h3", {}, "Light chasing on a plus board (source 000)"),
    h("p", {}, "Plus boards (\"Lights Out\": a press toggles the pad and its four neighbours) are solved row by row: find the first row's presses, then in each next row press under every pad of the row above that is still wrong. Only the first row needs the solver; the rest is forced."),
    h("div", { class: "row" }, sizeSel, targetSel, newBtn, stepBtn),
    view,
    info,
  );
  let n = 5;
  let p = gridPuzzle({ rows: n, cols: n, pattern: "plus" });
  let start = new Uint8Array(n * n);
  let steps: ChaseStep[] | null = null;
  let done = 0;
  const target = () => new Uint8Array(n * n).fill(targetSel.value === "lit" ? 1 : 0);
  const deal = () => {
    n = Number(sizeSel.value);
    p = gridPuzzle({ rows: n, cols: n, pattern: "plus" });
    // A random reachable board: random presses from the target.
    start = target();
    for (let k = 0; k < n * n; k++) {
      if (Math.random() < 0.5) continue;
      for (let i = p.keyStart[k]; i < p.keyStart[k + 1]; i++) start[p.keyCells[i]] ^= 1;
    }
    steps = chaseSteps(p, start, target());
    done = 0;
    show();
  };
  const show = () => {
    const cur = done === 0 ? Array.from(start).join("") : steps![done - 1].board;
    const next = steps && done < steps.length ? steps[done] : undefined;
    view.replaceChildren(miniBoard(cur, n, "the plus board", next ? next.keys : []));
    if (!steps) info.textContent = "This board cannot reach the target.";
    else if (!next) info.textContent = `Done in ${plural(steps.reduce((k, s) => k + s.keys.length, 0), "press", "presses")}: every row is ${targetSel.value}.`;
    else if (next.why === "first-row") info.textContent = `Step 1, row 1: the solver says press ${next.keys.length ? next.keys.join(", ") : "nothing"} in the first row (marked).`;
    else info.textContent = `Step ${next.row}, row ${next.row}: in row ${next.row - 1} pads ${next.why.length ? next.why.join(", ") : "(none)"} are still wrong, so press the pads below them: ${next.keys.length ? next.keys.join(", ") : "nothing"} (marked).`;
    stepBtn.toggleAttribute("disabled", !next);
  };
  newBtn.onclick = () => guard(deal);
  sizeSel.onchange = () => guard(deal);
  targetSel.onchange = () => guard(deal);
  stepBtn.onclick = () =>
    guard(() => {
      if (steps && done < steps.length) done++;
      show();
    });
  deal();
  return box;
}

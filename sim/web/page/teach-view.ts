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
 * nothing on pads that do nothing.
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
import { chaseSteps, digits, lesson, mathsPuzzle, strategyHint, type ChaseStep, type Lesson, type ToyBoard, type ToyMaths } from "../teach";
import { StepperView } from "./stepper-view";
import { h, scrollBox, stateChip, stateName } from "./teach-dom";
import type { ToyFace } from "./toy";

/** What the view reads of the toy's state (Merlin.state()). */
export type TeachState = Pick<FirmwareState, "board" | "rules" | "status" | "asleep">;

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
function matrixTable(rows: string[], caption: string, corner: string, rowName: (i: number) => string, colName: (j: number) => string, colTitle: (j: number) => string, mark?: (r: number, c: number) => string): HTMLElement {
  const t = h("table", { class: "matrix" }, h("caption", {}, caption));
  const head = h("tr", {}, h("th", { scope: "col" }, h("span", { class: "sr-only" }, corner)));
  for (let j = 0; j < rows[0].length; j++) head.append(h("th", { scope: "col", title: colTitle(j) }, colName(j)));
  t.append(h("thead", {}, head));
  const body = h("tbody");
  rows.forEach((row, i) => {
    const tr = h("tr", {}, h("th", { scope: "row" }, rowName(i)));
    for (let j = 0; j < row.length; j++) tr.append(h("td", { class: `${row[j] === "0" ? "zero" : "one"} ${mark ? mark(i, j) : ""}`.trim() }, row[j]));
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

/** "pad 7", "pad 7 twice", "pad 7 3 times". */
function pressCount(pad: number, n: number): string {
  return n === 1 ? `${pad}` : n === 2 ? `${pad} twice` : `${pad} ${n} times`;
}

export class TeachView {
  private readonly section: HTMLElement;
  private readonly lessonPanel: Panel;
  private readonly stepperPanel: Panel;
  private readonly chasePanel: Panel;
  private readonly toyPart: HTMLElement;
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

  constructor(
    private readonly profile: Profile,
    private readonly face: ToyFace,
    private readonly stateNow: () => TeachState,
    /** The firmware's description of the game in play (`Merlin.maths()`). */
    private readonly mathsNow: () => ToyMaths,
    /** The page link's `teach-fail` (read when the page loaded: the address changes as the game goes). */
    fail: string,
  ) {
    this.section = document.getElementById("teach")!;
    this.pixels = profile.leds.drive === "neopixel";
    this.fail = fail;
    this.lessonPanel = new Panel("teach-lesson", () => this.clearMarks());
    this.stepperPanel = new Panel("teach-stepper", () => {});
    this.chasePanel = new Panel("teach-chase", () => {});
    this.toyPart = h("div", { id: "teach-toy" });
    this.stepper = new StepperView((fn) => this.stepperPanel.run(fn));
    this.section.replaceChildren(
      h("h2", {}, "Teaching view"),
      h("p", { id: "teach-intro" }, "A press adds its pattern to the board, cell by cell mod k (k = 2: 1 + 1 = 0, the pad toggles): presses x turn board b into b + A·x. To reach the target t, solve A·x = t − b (sources 002 and 003)."),
      this.lessonPanel.mount(this.toyPart),
      this.stepperPanel.mount(this.stepper.root),
      this.chasePanel.mount(h("div", { id: "teach-chase-box" })),
    );
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

  private clearMarks(): void {
    this.face.pads.forEach((p) => {
      p.classList.remove("in-x", "in-rule");
      p.dataset.inX = "0";
      const mark = p.querySelector<HTMLElement>(".mark");
      if (mark) mark.dataset.count = "";
    });
  }

  /** Redraws for the toy's state now (cheap when nothing the view shows has changed). Never throws. */
  update(s: TeachState): void {
    if (!this.open) return;
    const key = `${s.board}|${s.rules}|${s.status}|${s.asleep}|${this.guided}`;
    if (key === this.shown) return;
    this.shown = key;
    this.last = s;
    let L: Lesson | null = null;
    this.lessonPanel.run(() => {
      if (this.fail === "lesson") throw new Error("forced by the link's teach-fail=lesson");
      const b = this.board(s);
      L = lesson(b.puzzle, digits(s.board), b.target);
      this.drawLesson(s, b.puzzle, L);
    });
    this.stepperPanel.run(() => {
      if (this.fail === "stepper") throw new Error("forced by the link's teach-fail=stepper");
      const b = this.board(s);
      this.stepper.load(b.puzzle, digits(s.board), b.target, L ? (L as Lesson).inverse : null);
    });
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

  private drawLesson(s: TeachState, p: Puzzle, L: Lesson): void {
    const { profile } = this;
    const cols = profile.cols;
    const k = L.k;
    const ended = s.status === "won" || s.status === "lost";
    const live = !ended || ruleSet(s.rules)?.liveAfterEnd === true;
    const dead = s.asleep || !live;
    // The pads of x (keys at their pads), marked while pressing them does something.
    const count = new Map<number, number>();
    if (!dead) for (const pad of L.pads) count.set(pad, (count.get(pad) ?? 0) + 1);
    this.face.pads.forEach((pad, i) => {
      const c = count.get(i + 1) ?? 0;
      pad.classList.toggle("in-x", c > 0);
      pad.dataset.inX = c > 0 ? "1" : "0";
      pad.dataset.press = String(c);
      const mark = pad.querySelector<HTMLElement>(".mark");
      if (mark) mark.dataset.count = c > 1 ? `×${c}` : "";
    });
    const part: Node[] = [];
    const field = k === 2 ? "GF(2)" : L.rank !== null ? `GF(${k}) (${k} is prime: a field)` : `Z_${k} (not a field: ${k} has divisors)`;
    part.push(
      h("p", { id: "teach-game", "data-rules": s.rules, "data-k": String(k) },
        `Playing ${s.rules} on the ${p.rows}×${p.cols} board: ${p.name}, ${L.cells} pads and ${L.keyCount} keys, counting mod ${k} over ${field}. ${pressWords(s.rules, p.rows, p.cols)} Goal: ${goalWords(L.target, p.rows, p.cols)}.`),
    );
    if (s.asleep) part.push(h("p", { class: "game-over", id: "teach-over" }, "The toy is asleep: press any pad to wake it. Nothing is marked on the pads."));
    else if (ended) {
      const how = gameOverText(s);
      part.push(h("p", { class: "game-over", id: "teach-over", "data-status": s.status }, live ? `The game is ${s.status}; under ${s.rules} the pads stay live.` : `The game is ${s.status}: ${how.replace(/^the game is \w+: /, "")}. Nothing is marked on the pads.`));
    }
    // The states as the pads show them.
    const legend = h("p", { class: "legend", id: "teach-legend" }, "States: ");
    for (let v = 0; v < k; v++) legend.append(stateChip(k, v, this.pixels), ` ${v} = ${stateName(k, v)}${v < k - 1 ? ", " : ""}`);
    part.push(legend);
    const keyAt = new Map<number, number>();
    L.keyPads.forEach((pad, j) => keyAt.set(pad, j));
    part.push(
      h("div", { class: "vectors" },
        vectorFigure("b", "the board now, pad 1 first, row by row", boardGrid(cols, L.cells, `b, the board now: ${L.board}`, (i) => stateChip(k, Number(L.board[i]), this.pixels, `pad ${i + 1}`)), "teach-b"),
        vectorFigure("t", "the target (the goal)", boardGrid(cols, L.cells, `t, the target: ${L.target}`, (i) => stateChip(k, Number(L.target[i]), this.pixels, `pad ${i + 1}`)), "teach-t"),
        vectorFigure("t − b", `how many steps each pad must advance, mod ${k}`, boardGrid(cols, L.cells, `t − b: ${L.difference}`, (i) => digitCell(L.difference[i], `pad ${i + 1}: advance ${L.difference[i]}`)), "teach-d"),
        vectorFigure("x", "presses per key, drawn at the pad each key is pressed at", boardGrid(cols, L.cells, `x: ${L.presses || "no solution"}`, (i) => {
          const j = keyAt.get(i);
          if (j === undefined) return digitCell("–", `pad ${i + 1} is no key`, "nokey");
          return digitCell(L.solvable ? L.presses[j] : "?", `pad ${i + 1}: key ${j + 1}`, L.solvable && L.presses[j] !== "0" ? "press" : "");
        }), "teach-xv"),
      ),
    );
    const groups: string[] = [];
    const seen = new Map<number, number>();
    for (const pad of L.pads) seen.set(pad, (seen.get(pad) ?? 0) + 1);
    for (const [pad, n] of [...seen].sort((a, b) => a[0] - b[0])) groups.push(pressCount(pad, n));
    let keyText: string;
    if (!L.solvable) keyText = "no solution: this board cannot reach the target";
    else if (L.pads.length === 0) keyText = "nothing to press: b = t";
    else keyText = `press pad${L.pads.length === 1 ? "" : "s"} ${groups.join(", ")}${dead ? "" : " (marked on the pads)"}; ${L.safeOrder ? `in this order the board never goes all dark on the way: ${L.pads.join(", ")}` : "in any order"}`;
    if (dead && L.solvable && L.pads.length > 0) keyText = `the game is over: nothing to press now (for this board x would be ${groups.join(", ")})`;
    part.push(h("p", { class: "answer", id: "teach-x", "data-keys": dead ? "" : L.keys.join(","), "data-pads": dead ? "" : L.pads.join(","), "data-solvable": String(L.solvable) }, `${L.inverse ? "x = A⁻¹(t − b)" : "x"}: ${keyText}.`));
    const inX = new Set(L.keys);
    const keyName = (j: number) => `${L.keyPads[j] + 1}`;
    const keyTitle = (j: number) => (L.keyCount === L.cells ? `key ${j + 1} (pad ${j + 1})` : `key ${j + 1}: the 2×2 block pressed at pad ${L.keyPads[j] + 1}`);
    part.push(matrixTable(L.matrix, `A: column j is what the key pressed at pad j adds (row i = pad i), mod ${k}`, "pad, key", (i) => `${i + 1}`, keyName, keyTitle, (_r, c) => (inX.has(c + 1) && !dead ? "col-x" : "")));
    if (L.inverse) {
      part.push(
        matrixTable(L.inverse, `A⁻¹: x for the key at pad j = row j · (t − b), mod ${k}`, "key, pad", (i) => `x${keyName(i)}`, (j) => `${j + 1}`, (j) => `pad ${j + 1}`, (_r, c) => (L.difference[c] !== "0" ? "col-d" : "")),
        h("p", { id: "teach-rank", "data-rank": String(L.rank), "data-invertible": "true" }, `A is invertible over ${field} (rank ${L.rank}): every board has exactly one solution. The highlighted columns of A⁻¹ are the pads that must change.`),
      );
    } else {
      const rankText = L.rank !== null ? `rank ${L.rank}, nullity ${L.nullity}` : `${L.cells} equations in ${L.keyCount} unknowns`;
      const solutions = L.quietOrders.reduce((a, b) => a * b, 1);
      part.push(h("p", { id: "teach-rank", "data-rank": String(L.rank), "data-invertible": "false" }, `A is not invertible over ${field}: ${rankText}. Of the ${L.allBoards} boards, ${L.solvableBoards} can reach the target; a board that can has ${solutions === 1 ? "exactly one solution" : `${solutions} solutions`}${solutions > 1 ? " (x shown: the fewest presses)" : ""}.`));
      if (L.quiet.length > 0) {
        const quiet = h("div", { class: "quiet" }, h("h3", {}, `Quiet patterns (${L.quiet.length}): pressing one of these changes nothing${k > 2 ? `; each may be pressed 0 to ${k - 1} times over` : ""}`));
        L.quiet.forEach((q, n) => {
          const pads = q.split("").flatMap((c, j) => (c === "0" ? [] : [pressCount(L.keyPads[j] + 1, Number(c))]));
          quiet.append(h("div", { class: "mini" }, boardGrid(cols, L.cells, `quiet pattern ${n + 1}: press ${pads.join(", ")}`, (i) => {
            const j = keyAt.get(i);
            return j === undefined ? digitCell("–", `pad ${i + 1} is no key`, "nokey") : digitCell(q[j], `key at pad ${i + 1}`);
          })));
        });
        part.push(quiet);
      }
      if (L.checks.length > 0) {
        const test = h("div", { class: "checks" }, h("h3", {}, k === 2 ? "Solvability test: t − b must have an even number of 1s on each of these pad sets (A's left null space)" : `Solvability test: on each of these weightings (A's left kernel mod ${k}), Σ weight·(t − b) must be ≡ 0 (mod ${k})`));
        L.checks.forEach((y, n) => {
          const v = L.checkParities[n];
          const verdict = k === 2 ? (v === 0 ? "even ✓" : "odd ✗") : v === 0 ? `≡ 0 ✓` : `≡ ${v} ✗`;
          test.append(h("div", { class: "check" }, boardGrid(cols, L.cells, `weighting ${n + 1}: ${y}`, (i) => digitCell(y[i], `pad ${i + 1}: weight ${y[i]}`)), h("span", {}, verdict)));
        });
        test.append(h("p", {}, L.solvable ? "Every test passes: solvable." : "A test fails: this board cannot reach the target."));
        part.push(test);
      }
    }
    if (p.rows === 3 && p.cols === 3 && p.pattern === "merlin" && k === 2) part.push(this.strategy(s, p, digits(L.target), dead));
    else this.face.pads.forEach((pad) => pad.classList.remove("in-rule"));
    this.toyPart.replaceChildren(...part);
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

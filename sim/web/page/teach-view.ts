/**
 * The teaching view: the linear algebra behind the board in play, updated as you play
 * (teach.ts computes it with src/'s solver). For the toy's board: A, b, t, d = t − b and
 * x = A⁻¹·d written as sources 002/003 write them, with the keys of x marked on the pads;
 * for a singular board the quiet patterns and the solvability test; on Merlin's 3×3 source
 * 003's strategy as a guided hint. A plus-board ("Lights Out") workbench beside it plays
 * source 000's row-by-row light chasing step by step.
 */
import type { Profile } from "../../../hardware/profile";
import { gridPuzzle, type Puzzle } from "../../../src/puzzle";
import { plural, type ToyPuzzle } from "../../app/toy-info";
import { chaseSteps, lesson, strategyHint, type ChaseStep } from "../teach";
import type { ToyFace } from "./toy";

const bits = (s: string) => Uint8Array.from(s.split("").map(Number));

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: { [k: string]: string } = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...kids);
  return e;
}

/** A 0/1 matrix as a table; `mark(r, c)` adds a class to a cell. */
function matrixTable(rows: string[], caption: string, rowName: (i: number) => string, colName: (j: number) => string, mark?: (r: number, c: number) => string): HTMLTableElement {
  const t = h("table", { class: "matrix" }, h("caption", {}, caption));
  const head = h("tr", {}, h("th", {}, ""));
  for (let j = 0; j < rows[0].length; j++) head.append(h("th", { scope: "col" }, colName(j)));
  t.append(head);
  rows.forEach((row, i) => {
    const tr = h("tr", {}, h("th", { scope: "row" }, rowName(i)));
    for (let j = 0; j < row.length; j++) tr.append(h("td", { class: `${row[j] === "1" ? "one" : "zero"} ${mark ? mark(i, j) : ""}` }, row[j]));
    t.append(tr);
  });
  return t;
}

/** A vector written as a column, as the sources write b, t and x. */
function vector(name: string, v: string, title: string, marked = false): HTMLElement {
  return h("figure", { class: `vector${marked ? " marked" : ""}`, title }, h("figcaption", {}, name), h("div", {}, ...v.split("").map((c) => h("span", { class: c === "1" ? "one" : "zero" }, c))));
}

/** A small board picture (rows × cols of 0/1). */
function miniBoard(v: string, cols: number, label: string, marks: number[] = []): HTMLElement {
  const g = h("div", { class: "mini", role: "img", "aria-label": label });
  g.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
  v.split("").forEach((c, i) => g.append(h("span", { class: `${c === "1" ? "on" : "off"}${marks.includes(i + 1) ? " marked" : ""}` })));
  return g;
}

export class TeachView {
  private readonly section: HTMLElement;
  private readonly toyPart: HTMLElement;
  private readonly puzzle: Puzzle;
  private open = false;
  private shown = "";
  private guided = false;

  constructor(
    private readonly profile: Profile,
    private readonly toy: ToyPuzzle,
    private readonly face: ToyFace,
    private readonly boardNow: () => string,
  ) {
    this.section = document.getElementById("teach")!;
    this.puzzle = toy.puzzle;
    this.toyPart = h("div", { id: "teach-toy" });
    this.section.replaceChildren(
      h("h2", {}, "Teaching view"),
      h("p", {}, "A press adds its pattern to the board, over GF(2) (1 + 1 = 0): presses x turn board b into b + A·x. To reach the target t, solve A·x = t − b (sources 002 and 003)."),
      this.toyPart,
      chaseWorkbench(),
    );
  }

  toggle(button: HTMLElement): void {
    this.open = !this.open;
    this.section.hidden = !this.open;
    button.setAttribute("aria-expanded", String(this.open));
    this.shown = "";
    if (!this.open) this.face.pads.forEach((p) => p.classList.remove("in-x", "in-rule"));
    else this.update(this.boardNow());
  }

  /** Redraws for the board now (cheap when it has not changed). */
  update(board: string): void {
    if (!this.open || board === this.shown || board.length !== this.puzzle.cells) return;
    this.shown = board;
    const { profile, toy } = this;
    const L = lesson(this.puzzle, bits(board), bits(toy.goal));
    const cols = profile.cols;
    const inX = new Set(L.keys);
    this.face.pads.forEach((p, i) => {
      p.classList.toggle("in-x", inX.has(i + 1));
      p.dataset.inX = inX.has(i + 1) ? "1" : "0";
    });
    const part: Node[] = [];
    part.push(
      h("div", { class: "vectors" },
        vector("b", L.board, "the board now (1 = lit), pad 1 first"),
        vector("t", L.target, "the target: every pad lit but the centre"),
        vector("t − b", L.difference, "the pads that must change (over GF(2), t − b = t + b)"),
        L.solvable ? vector("x", L.presses, "the keys to press (1 = press)", true) : vector("x", "", "no solution"),
      ),
    );
    const keyText = L.solvable ? (L.keys.length ? `press ${L.keys.join(", ")} (marked on the pads; any order)` : "nothing to press: b = t") : "no solution: this board cannot reach the target";
    part.push(h("p", { class: "answer", id: "teach-x", "data-keys": L.keys.join(",") }, L.inverse ? `x = A⁻¹(t − b): ${keyText}.` : `x: ${keyText}.`));
    part.push(matrixTable(L.matrix, "A: column j is what key j toggles (row i = pad i)", (i) => `${i + 1}`, (j) => `${j + 1}`, (_r, c) => (inX.has(c + 1) ? "col-x" : "")));
    if (L.inverse) {
      part.push(
        matrixTable(L.inverse, "A⁻¹: x_j = row j · (t − b), mod 2", (i) => `x${i + 1}`, (j) => `${j + 1}`, (_r, c) => (L.difference[c] === "1" ? "col-d" : "")),
        h("p", {}, `A is invertible over GF(2) (rank ${L.rank}): every board has exactly one solution. The highlighted columns of A⁻¹ are the pads that must change; x_j is the parity of row j there.`),
      );
    } else {
      part.push(h("p", {}, `A is singular over GF(2): rank ${L.rank}, nullity ${L.nullity}. Some boards cannot reach the target, and a solvable one has ${2 ** (L.nullity ?? 0)} solutions (x shown: the fewest presses).`));
      const quiet = h("div", { class: "quiet" }, h("h3", {}, `Quiet patterns (${L.quiet.length}): pressing one of these changes nothing`));
      L.quiet.forEach((q, k) => quiet.append(miniBoard(q, cols, `quiet pattern ${k + 1}: press ${q.split("").flatMap((c, i) => (c === "1" ? [i + 1] : [])).join(", ")}`)));
      part.push(quiet);
      const test = h("div", { class: "checks" }, h("h3", {}, "Solvability test: t − b must have an even number of 1s on each of these pad sets (A's left null space)"));
      L.checks.forEach((y, k) => {
        const ok = L.checkParities[k] === 0;
        test.append(h("div", { class: "check" }, miniBoard(y, cols, `pad set ${k + 1}`), h("span", {}, ok ? "even ✓" : "odd ✗")));
      });
      test.append(h("p", {}, L.solvable ? "Every set is even: solvable." : "An odd set: this board cannot reach the target."));
      part.push(test);
    }
    if (profile.rows === 3 && profile.cols === 3) part.push(this.strategy(board));
    this.toyPart.replaceChildren(...part);
  }

  /** Source 003's strategy for the 3×3 as a guided hint. */
  private strategy(board: string): HTMLElement {
    const s = strategyHint(this.puzzle, bits(board), bits(this.toy.goal));
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
      this.shown = "";
      this.update(board);
    };
    box.append(button);
    this.face.pads.forEach((p, i) => p.classList.toggle("in-rule", this.guided && s.cells.includes(i + 1)));
    if (this.guided) {
      let text: string;
      if (s.stage === "done") text = "The board is the target: nothing to press.";
      else if (s.stage === "edge") text = `Edge key ${s.key}: its rectangle (pads ${s.cells.join(", ")}, outlined) has ${s.litNow} lit now and ${s.litTarget} in the target — different parity, so press ${s.key}.`;
      else text = `${s.stage === "corner" ? "Corner" : "Centre"} key ${s.key}: the pad is ${s.litNow ? "lit" : "dark"}, the target wants it ${s.litTarget ? "lit" : "dark"} — press ${s.key}.`;
      box.append(h("p", { class: "guide", id: "guide-text", "data-key": String(s.key), "aria-live": "polite" }, text));
    }
    return box;
  }
}

/** Source 000's light chasing on a plus board of your choice, one row at a time. */
function chaseWorkbench(): HTMLElement {
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
  newBtn.onclick = deal;
  sizeSel.onchange = deal;
  targetSel.onchange = deal;
  stepBtn.onclick = () => {
    if (steps && done < steps.length) done++;
    show();
  };
  deal();
  return box;
}

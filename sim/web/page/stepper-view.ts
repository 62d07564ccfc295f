/**
 * The elimination stepper: Gauss–Jordan elimination of [A | t − b] (or, for a square A,
 * [A | I]) mod k, one row operation per step (sim/web/elimination-steps.ts), with Start,
 * Previous, Next and Run to end buttons (and ← → Home End while focus is in the stepper).
 * Each step names its pivot and its operation; the last one reads x off (or shows the zero
 * row that makes the board unsolvable, and the free variables: quiet patterns), and on [A | I]
 * shows A⁻¹ arising where I was.
 */
import type { Puzzle } from "../../../src/maths/puzzle";
import { type Elimination, rowName } from "../elimination-steps";
import { answerGap, keyPad, lessonSteps, pressTotal, type Lesson } from "../teach";
import { h, scrollBox } from "./teach-dom";

export class StepperView {
  readonly root: HTMLElement;
  private readonly modeSel: HTMLSelectElement;
  private readonly info: HTMLElement;
  private readonly where: HTMLElement;
  private readonly view: HTMLElement;
  private readonly result: HTMLElement;
  private readonly buttons: { [name: string]: HTMLButtonElement } = {};
  private e: Elimination | null = null;
  private at = 0;
  private loaded = "";
  private p: Puzzle | null = null;
  private board: Uint8Array = new Uint8Array(0);
  private target: Uint8Array = new Uint8Array(0);
  /** The teaching view's lesson for this board: its A⁻¹ and its x, to compare the stepper's ending with. */
  private lesson: Lesson | null = null;
  /** The table drawn last and its cells, updated in place while its shape stays. */
  private table: { shape: string; el: HTMLElement; rows: HTMLTableRowElement[]; cells: HTMLTableCellElement[] } | null = null;
  /** A reload waiting for the browser to be idle (a press on the toy must not wait for the stepper). */
  private pending = 0;

  /** `guard` runs a callback so that an error stays in this panel. */
  constructor(private readonly guard: (fn: () => void) => void) {
    this.root = h("section", { class: "stepper", id: "stepper", "aria-labelledby": "stepper-title" });
    this.modeSel = h("select", { id: "stepper-mode", "aria-label": "which right-hand side" });
    this.info = h("p", { class: "step-text", id: "step-text", "aria-live": "polite" });
    this.where = h("p", { class: "step-count", id: "step-count" });
    this.view = h("div");
    this.result = h("div", { class: "step-result", id: "step-result" });
    const button = (name: string, label: string, title: string, go: () => void) => {
      const b = h("button", { type: "button", id: `step-${name}`, title }, label);
      b.onclick = () => this.guard(() => {
        this.flush();
        go();
      });
      this.buttons[name] = b;
      return b;
    };
    this.root.append(
      h("h3", { id: "stepper-title" }, "Elimination, one row operation at a time"),
      h("p", {}, "Gauss–Jordan elimination on the augmented matrix: for each column, a pivot (a row with a non-zero entry there, moved up by a swap and scaled to 1 — over Z_k with k not prime, to a divisor of k when no entry is a unit), then the pivot row added to every other row, times what clears its column. Each step names the operation; the last one reads x off. Keys on the buttons: ← → one step, Home, End."),
      h("div", { class: "row" },
        this.modeSel,
        button("start", "Start", "back to the first step (Home)", () => this.go(0)),
        button("prev", "Previous", "one step back (←)", () => this.go(this.at - 1)),
        button("next", "Next", "one row operation (→)", () => this.go(this.at + 1)),
        button("end", "Run to end", "every remaining step (End)", () => this.go(this.e ? this.e.steps.length : 0)),
      ),
      this.where,
      this.info,
      this.view,
      this.result,
    );
    this.modeSel.onchange = () => this.guard(() => {
      this.flush();
      this.reload();
    });
    this.root.addEventListener("keydown", (ev) => {
      // (Not in the menu, nor in the matrix's scroll box: there the arrows scroll.)
      const t = ev.target as HTMLElement;
      if (t === this.modeSel || t.closest(".scroll") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (!["ArrowRight", "ArrowLeft", "Home", "End"].includes(ev.key)) return;
      ev.preventDefault();
      this.guard(() => {
        this.flush();
        const end = this.e ? this.e.steps.length : 0;
        this.go(ev.key === "ArrowRight" ? this.at + 1 : ev.key === "ArrowLeft" ? this.at - 1 : ev.key === "Home" ? 0 : end);
      });
    });
  }

  /**
   * The board in play; a new system restarts the steps (the same one keeps the place). The
   * work waits until the browser is idle, so that a press on the toy is drawn first; a newer
   * board before then replaces it.
   */
  load(p: Puzzle, board: Uint8Array, target: Uint8Array, lesson: Lesson | null): void {
    const square = p.cells === p.keys;
    const modes = square ? ["d", "I"] : ["d"];
    if (this.modeSel.options.length !== modes.length) {
      const keep = this.modeSel.value;
      this.modeSel.replaceChildren(new Option("[A | t − b]: ends in x", "d"));
      if (square) this.modeSel.add(new Option("[A | I]: ends in A⁻¹ where I was", "I"));
      this.modeSel.value = modes.includes(keep) ? keep : "d";
    }
    this.p = p;
    this.board = board;
    this.target = target;
    this.lesson = lesson;
    if (this.pending !== 0) return;
    const run = () => {
      this.pending = 0;
      const started = performance.now();
      this.guard(() => this.reload());
      // The page's own measure of this deferred work (the browser tests read it).
      performance.measure("merlin-teach-stepper", { start: started, end: performance.now() });
    };
    this.pending = typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout: 400 }) : window.setTimeout(run, 50);
  }

  /** Draws a board still waiting for the browser to be idle now (someone is using the stepper). */
  private flush(): void {
    if (this.pending === 0) return;
    if (typeof cancelIdleCallback === "function") cancelIdleCallback(this.pending);
    else clearTimeout(this.pending);
    this.pending = 0;
    this.reload();
  }

  /** Whether a board handed to load() is still waiting to be drawn. */
  get waiting(): boolean {
    return this.pending !== 0;
  }

  private reload(): void {
    const p = this.p;
    if (!p) return;
    const identity = this.modeSel.value === "I";
    const key = `${p.name}|${identity ? "I" : Array.from(this.board).join("") + ">" + Array.from(this.target).join("")}`;
    if (key === this.loaded) return;
    const again = this.loaded !== "" && this.e !== null && this.at > 0;
    this.loaded = key;
    this.e = lessonSteps(p, this.board, this.target, identity);
    this.at = 0;
    this.draw(again ? "The board changed: the steps start again on the new system." : "");
  }

  private go(to: number): void {
    if (!this.e) return;
    this.at = Math.max(0, Math.min(this.e.steps.length, to));
    this.draw("");
  }

  private draw(note: string): void {
    const e = this.e!;
    const n = e.steps.length;
    const step = this.at > 0 ? e.steps[this.at - 1] : null;
    const m = step ? step.matrix : e.start;
    const identity = e.width - e.cols > 1;
    this.where.textContent = `Step ${this.at} of ${n}${this.at === n ? " (done)" : ""}`;
    this.where.dataset.at = String(this.at);
    this.where.dataset.steps = String(n);
    const k = e.k;
    const start = identity ? `[A | I], ${e.rows} rows, mod ${k}` : `[A | t − b], ${e.rows} rows (one per pad), mod ${k}`;
    this.info.textContent = (note ? note + " " : "") + (step ? `Step ${this.at}: ${step.text}.` : `The start: ${start}. Press Next for the first step.`);
    this.info.dataset.op = step ? step.op.kind : "start";
    this.buttons.start.disabled = this.buttons.prev.disabled = this.at === 0;
    this.buttons.next.disabled = this.buttons.end.disabled = this.at === n;
    // The matrix, the pivot and the rows this step touched marked.
    const op = step ? step.op : null;
    const changed = op ? (op.kind === "swap" ? [op.a, op.b] : op.kind === "none" ? [] : [op.row]) : [];
    const source = op && op.kind === "add" ? op.source : -1;
    const t = this.matrixTable(e, identity);
    for (let i = 0; i < e.rows; i++) {
      let zero = true;
      for (let j = 0; j < e.cols; j++) if (m[i * e.width + j] !== 0) zero = false;
      const tr = t.rows[i];
      setClass(tr, "changed", changed.includes(i));
      setClass(tr, "source", i === source);
      setClass(tr, "zero-row", zero && this.at === n);
      for (let j = 0; j < e.width; j++) {
        const v = m[i * e.width + j];
        const td = t.cells[i * e.width + j];
        const text = String(v);
        if (td.textContent !== text) td.textContent = text;
        setClass(td, "zero", v === 0);
        setClass(td, "one", v !== 0);
        setClass(td, "pivot", step !== null && step.pivotRow === i && step.col === j);
      }
    }
    this.result.replaceChildren(...(this.at === n ? this.ending(e, identity, m) : []));
  }

  /** The augmented matrix's table: made again only when its shape changes, else its cells are rewritten. */
  private matrixTable(e: Elimination, identity: boolean): NonNullable<StepperView["table"]> {
    const p = this.p!;
    const shape = `${p.name}|${e.rows}|${e.width}|${identity}`;
    if (this.table && this.table.shape === shape) return this.table;
    const t = h("table", { class: "matrix augmented", id: "stepper-matrix" }, h("caption", {}, identity ? "[A | I] now (row i = pad i; the bar divides A from the right side)" : "[A | t − b] now (row i = pad i's equation; the bar divides A from t − b)"));
    const head = h("tr", {}, h("th", { scope: "col" }, h("span", { class: "sr-only" }, "row")));
    for (let j = 0; j < e.width; j++) {
      const label = j < e.cols ? `x${j + 1}` : identity ? `e${j - e.cols + 1}` : "t−b";
      const th = h("th", { scope: "col", title: j < e.cols ? `key ${j + 1}, pressed at pad ${keyPad(p, j) + 1}` : "" }, label);
      if (j === e.cols) th.classList.add("bar");
      head.append(th);
    }
    t.append(h("thead", {}, head));
    const body = h("tbody");
    const rows: HTMLTableRowElement[] = [];
    const cells: HTMLTableCellElement[] = [];
    for (let i = 0; i < e.rows; i++) {
      const tr = h("tr", {}, h("th", { scope: "row" }, rowName(i)));
      for (let j = 0; j < e.width; j++) {
        const td = h("td", { class: "zero" }, "0");
        if (j === e.cols) td.classList.add("bar");
        tr.append(td);
        cells.push(td);
      }
      rows.push(tr);
      body.append(tr);
    }
    t.append(body);
    this.table = { shape, el: t, rows, cells };
    this.view.replaceChildren(scrollBox(t));
    return this.table;
  }

  /** What the finished elimination says. */
  private ending(e: Elimination, identity: boolean, m: Uint8Array): Node[] {
    const out: Node[] = [];
    const k = e.k;
    if (identity) {
      if (e.free.length === 0) {
        const rows: string[] = [];
        for (let i = 0; i < e.rows; i++) rows.push(Array.from(m.subarray(i * e.width + e.cols, (i + 1) * e.width)).join(""));
        const inv = this.lesson ? this.lesson.inverse : null;
        const same = inv !== null && rows.every((r, i) => r === inv[i]);
        out.push(h("p", { id: "step-inverse", "data-rows": rows.join(",") }, `The left half is I, so the right half is A⁻¹ (source 002's M⁻¹): the same row operations that turned A into I turned I into A⁻¹.${same ? " It is the A⁻¹ the solver gives above." : ""}`));
      } else {
        out.push(h("p", {}, `A has no inverse: ${e.free.length} column${e.free.length === 1 ? "" : "s"} without a pivot, and ${e.zeroRows.length} row${e.zeroRows.length === 1 ? "" : "s"} of A became zero.`));
      }
      return out;
    }
    const x = e.solutions[0];
    for (const z of e.zeroRows) {
      const r = z.rhs[0];
      out.push(h("p", { class: r === 0 ? "zero-ok" : "zero-bad" }, r === 0 ? `${rowName(z.row)} reads 0 = 0: no condition (this board passes the test this row stands for).` : `${rowName(z.row)} reads 0 = ${r} (mod ${k}): no presses can do that, so this board cannot reach the target.`));
    }
    if (e.free.length > 0) {
      out.push(h("p", {}, `Free variables: ${e.free.map((c) => `x${c + 1}`).join(", ")} (no pivot in their columns). Any values solve the system with the pivots adjusted; setting them to 0 gives the x below, and each other choice adds a quiet pattern (presses that change nothing).`));
    }
    if (x) {
      const keys = Array.from(x).flatMap((c, j) => (c ? [c === 1 ? `${keyPad(this.p!, j) + 1}` : `${keyPad(this.p!, j) + 1} (${c}×)`] : []));
      out.push(h("p", { class: "answer", id: "step-x", "data-x": Array.from(x).join("") }, `x = (${Array.from(x).join(", ")}): read off the pivot rows' right side${e.free.length ? " (free variables 0)" : ""}. Press pad${keys.length === 1 ? "" : "s"} ${keys.length ? keys.join(", ") : "none"}.`));
      const compare = this.compare(x);
      if (compare) out.push(compare);
    } else {
      out.push(h("p", { class: "answer", id: "step-x", "data-x": "" }, `No solution: ${e.why[0]}.`));
    }
    return out;
  }

  /**
   * The stepper's x beside the x the view shows above (the fewest presses): the same, or apart
   * by quiet patterns, named by their numbers in the view's list, and which has fewer presses.
   */
  private compare(x: Uint8Array): HTMLElement | null {
    const L = this.lesson;
    if (!L || !L.solvable || L.board !== Array.from(this.board).join("") || L.target !== Array.from(this.target).join("")) return null;
    const gap = answerGap(L, x);
    const mine = pressTotal(x);
    const view = pressTotal(L.presses);
    const presses = (n: number) => `${n} press${n === 1 ? "" : "es"}`;
    let text: string;
    if (gap.same) text = `This is the x shown above (${presses(view)}).`;
    else {
      const named = gap.times
        ? gap.times.flatMap((t, i) => (t === 0 ? [] : [`quiet pattern ${i + 1}${t === 1 ? "" : t === 2 ? " twice" : ` ${t} times`}`])).join(" + ")
        : `the presses ${gap.difference}`;
      const fewer = mine === view ? "both have the same number of presses" : mine < view ? "this one has fewer presses" : "the x above has the fewest";
      text = `Another answer than the x above: this x has ${presses(mine)}, the x above ${presses(view)}. They differ by ${named} (presses that change nothing), so both solve the board; ${fewer}.`;
    }
    return h("p", { id: "step-compare", "data-same": String(gap.same), "data-times": gap.times ? gap.times.join(",") : "", "data-difference": gap.difference }, text);
  }
}

/** Adds or removes class `c` only when it changes (no needless restyling). */
function setClass(e: Element, c: string, on: boolean): void {
  if (e.classList.contains(c) !== on) e.classList.toggle(c, on);
}

/**
 * The virtual clock: a discrete-event scheduler in virtual milliseconds.
 *
 * Everything that happens on the virtual board (firmware timers, watch callbacks, debounce
 * timeouts, contact chatter injected by a test) is a task at a virtual time. `advance(ms)` runs
 * every task that falls due, in time order (ties in the order they were scheduled), with `now`
 * set to the task's own time while it runs, so a callback scheduled for t=10 ms sees exactly
 * t=10 ms. JavaScript runs in zero virtual time. Nothing here looks at the wall clock: headless
 * runs go as fast as the host can; see pacer.ts for keeping step with real time.
 */

export type TaskId = number;

interface Task {
  id: TaskId;
  time: number;
  seq: number;
  run: () => void;
  owner: object | undefined;
}

/** More tasks than this at one virtual instant means a callback keeps re-triggering itself. */
const MAX_TASKS_PER_INSTANT = 100_000;

export class VirtualClock {
  private nowMs = 0;
  private nextId = 1;
  private seq = 0;
  /** Binary min-heap on (time, seq); cancelled tasks are dropped lazily. */
  private heap: Task[] = [];
  private live = new Map<TaskId, Task>();

  /** Current virtual time in milliseconds since the clock was created. */
  get now(): number {
    return this.nowMs;
  }

  /** Schedule `run` at absolute virtual time `atMs` (a time in the past means "now, after what is queued"). */
  schedule(atMs: number, run: () => void, owner?: object): TaskId {
    if (!Number.isFinite(atMs)) throw new Error(`VirtualClock.schedule: time must be a finite number of ms, got ${atMs}`);
    const task: Task = { id: this.nextId++, time: Math.max(atMs, this.nowMs), seq: this.seq++, run, owner };
    this.live.set(task.id, task);
    this.push(task);
    return task.id;
  }

  /** Schedule `run` `delayMs` virtual milliseconds from now. */
  after(delayMs: number, run: () => void, owner?: object): TaskId {
    return this.schedule(this.nowMs + Math.max(0, delayMs), run, owner);
  }

  /** Cancel a pending task; returns false when it already ran or was cancelled. */
  cancel(id: TaskId): boolean {
    return this.live.delete(id);
  }

  /** Cancel every pending task scheduled with this owner (a powered-off interpreter, say). */
  cancelOwner(owner: object): number {
    let n = 0;
    for (const [id, task] of this.live) {
      if (task.owner === owner) {
        this.live.delete(id);
        n++;
      }
    }
    return n;
  }

  /** Virtual time of the earliest pending task, or undefined when nothing is pending. */
  nextTime(): number | undefined {
    this.dropCancelled();
    return this.heap.length ? this.heap[0].time : undefined;
  }

  /** Number of pending tasks. */
  get pending(): number {
    return this.live.size;
  }

  /** Advance by `ms`, running everything that falls due on the way. Returns the number of tasks run. */
  advance(ms: number): number {
    if (!(ms >= 0)) throw new Error(`VirtualClock.advance: ms must be a number >= 0, got ${ms}`);
    return this.advanceTo(this.nowMs + ms);
  }

  /** Advance to absolute virtual time `t` (no-op if `t` is not after now, apart from running due tasks). */
  advanceTo(t: number): number {
    let ran = 0;
    let instant = Number.NaN;
    let atInstant = 0;
    for (;;) {
      this.dropCancelled();
      const next = this.heap[0];
      if (!next || next.time > t) break;
      this.pop();
      this.live.delete(next.id);
      this.nowMs = next.time;
      if (next.time === instant) {
        if (++atInstant > MAX_TASKS_PER_INSTANT) {
          throw new Error(
            `VirtualClock: more than ${MAX_TASKS_PER_INSTANT} events at t=${next.time} ms without time moving on; ` +
              "a callback keeps re-triggering itself",
          );
        }
      } else {
        instant = next.time;
        atInstant = 1;
      }
      ran++;
      next.run();
    }
    if (t > this.nowMs) this.nowMs = t;
    return ran;
  }

  /** Jump to the next pending task and run everything due at that instant; false when nothing is pending. */
  step(): boolean {
    const t = this.nextTime();
    if (t === undefined) return false;
    this.advanceTo(t);
    return true;
  }

  /**
   * Run until nothing is pending or `limitMs` of virtual time have passed (intervals never
   * go idle, hence the limit). Returns true when the queue drained.
   */
  runUntilIdle(limitMs = 60_000): boolean {
    const end = this.nowMs + limitMs;
    for (;;) {
      const t = this.nextTime();
      if (t === undefined) return true;
      if (t > end) {
        this.advanceTo(end);
        return false;
      }
      this.advanceTo(t);
    }
  }

  /**
   * Advance in steps of `stepMs` until `predicate()` holds, at most `limitMs`.
   * Returns true when the predicate held (checked before the first step too).
   */
  runUntil(predicate: () => boolean, limitMs = 60_000, stepMs = 1): boolean {
    if (!(stepMs > 0)) throw new Error(`VirtualClock.runUntil: stepMs must be > 0, got ${stepMs}`);
    const end = this.nowMs + limitMs;
    for (;;) {
      if (predicate()) return true;
      if (this.nowMs >= end) return false;
      this.advanceTo(Math.min(end, this.nowMs + stepMs));
    }
  }

  private dropCancelled(): void {
    while (this.heap.length && !this.live.has(this.heap[0].id)) this.pop();
  }

  private static before(a: Task, b: Task): boolean {
    return a.time < b.time || (a.time === b.time && a.seq < b.seq);
  }

  private push(task: Task): void {
    const h = this.heap;
    h.push(task);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!VirtualClock.before(h[i], h[p])) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (!h.length) return;
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && VirtualClock.before(h[l], h[m])) m = l;
      if (r < h.length && VirtualClock.before(h[r], h[m])) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m], h[i]];
      i = m;
    }
  }
}

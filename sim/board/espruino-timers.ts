/**
 * setTimeout / setInterval / clearTimeout / clearInterval / changeInterval with Espruino 2v29's
 * semantics (jswrap_interactive.c, jsinteractive.c):
 *  - timeouts and intervals share one table; an id is the last id in the table + 1, or 1 when
 *    the table is empty, so ids are reused once every timer is gone;
 *  - intervals shorter than 0.1 ms run every 0.1 ms, longer than TIMER_MAX_INTERVAL_MS throw;
 *    an interval re-arms from its due time;
 *  - clearTimeout() with no argument clears every timer and interval (but not the hidden
 *    debounce timers of watches); clearTimeout(undefined) throws; an unknown id is ignored;
 *  - a callback that throws is reported and an interval keeps running.
 * The debounce timers of setWatch live in the same table (they take ids too).
 */
import type { TaskId } from "./clock";
import type { EspruinoRuntime } from "./runtime";
import type { WatchRecord } from "./espruino-watches";

export const TIMER_MIN_INTERVAL_MS = 0.1;
/** Longer intervals throw "Interval is too long (>100 years)" (jsinteractive.h TIMER_MAX_INTERVAL). */
export const TIMER_MAX_INTERVAL_MS = 31536000001000;

export interface TimerRecord {
  id: number;
  /** Absolute virtual ms. */
  due: number;
  intervalMs: number | undefined;
  callback: unknown;
  args: unknown[];
  task: TaskId | undefined;
  /** Set for the debounce timer of a watch. */
  watch?: WatchRecord;
  /** Debounce timers: the pin state seen at the last edge. */
  state?: boolean;
}

export class TimerTable {
  private readonly timers = new Map<number, TimerRecord>();

  constructor(private readonly rt: EspruinoRuntime) {}

  get size(): number {
    return this.timers.size;
  }

  list(): TimerRecord[] {
    return [...this.timers.values()];
  }

  /** Earliest due time of a timer, absolute virtual ms. */
  nextDue(): number | undefined {
    let best: number | undefined;
    for (const t of this.timers.values()) if (t.task !== undefined && (best === undefined || t.due < best)) best = t.due;
    return best;
  }

  add(rec: Omit<TimerRecord, "id" | "task">): TimerRecord {
    let last = 0;
    for (const id of this.timers.keys()) last = id;
    const timer: TimerRecord = { ...rec, id: last + 1, task: undefined };
    this.timers.set(timer.id, timer);
    this.arm(timer);
    return timer;
  }

  /** Move a timer's due time (debounce timers are pushed back on every bounce). */
  reschedule(timer: TimerRecord, due: number): void {
    timer.due = due;
    if (timer.task !== undefined) {
      this.rt.clock.cancel(timer.task);
      this.arm(timer);
    }
  }

  remove(timer: TimerRecord): void {
    if (this.timers.get(timer.id) !== timer) return;
    this.timers.delete(timer.id);
    if (timer.task !== undefined) this.rt.clock.cancel(timer.task);
    timer.task = undefined;
  }

  install(g: Record<string, unknown>): void {
    const rt = this.rt;
    const create = (isTimeout: boolean) =>
      function (fn: unknown, ms?: unknown, ...args: unknown[]): number {
        rt.checkAlive();
        if (typeof fn !== "function" && typeof fn !== "string") throw rt.makeError("Function or String not supplied!");
        let interval = Number(ms);
        if (!(interval >= TIMER_MIN_INTERVAL_MS)) interval = TIMER_MIN_INTERVAL_MS;
        if (interval > TIMER_MAX_INTERVAL_MS) throw rt.makeError("Interval is too long (>100 years)");
        return tableAdd(isTimeout, fn, interval, args);
      };
    const tableAdd = (isTimeout: boolean, fn: unknown, interval: number, args: unknown[]) =>
      this.add({ due: rt.clock.now + interval, intervalMs: isTimeout ? undefined : interval, callback: fn, args }).id;
    const clear = (name: "Timeout" | "Interval") =>
      function (...ids: unknown[]): void {
        rt.checkAlive();
        if (ids.length === 0) {
          for (const t of [...table.timers.values()]) if (!t.watch) table.remove(t);
          return;
        }
        const id = ids[0];
        if (id === undefined) throw rt.makeError(`clear${name}(undefined) not allowed. Use clear${name}() instead`);
        const t = typeof id === "number" || typeof id === "string" ? table.timers.get(Number(id)) : undefined;
        if (t) table.remove(t);
      };
    const table = this;
    g.setTimeout = create(true);
    g.setInterval = create(false);
    g.clearTimeout = clear("Timeout");
    g.clearInterval = clear("Interval");
    g.changeInterval = function (id: unknown, ms: unknown): void {
      rt.checkAlive();
      const t = table.timers.get(Number(id));
      if (!t) throw rt.makeError("Unknown Interval");
      let interval = Number(ms);
      if (!(interval >= TIMER_MIN_INTERVAL_MS)) interval = TIMER_MIN_INTERVAL_MS;
      if (t.intervalMs !== undefined) t.intervalMs = interval;
      table.reschedule(t, rt.clock.now + interval);
    };
  }

  private arm(timer: TimerRecord): void {
    timer.task = this.rt.clock.schedule(timer.due, () => this.fire(timer), this.rt);
  }

  private fire(timer: TimerRecord): void {
    timer.task = undefined;
    if (timer.watch) {
      this.timers.delete(timer.id);
      this.rt.watches.debounceExpired(timer);
      return;
    }
    const due = timer.due;
    this.rt.invoke(timer.callback, timer.args, timer.intervalMs === undefined ? `timeout ${timer.id}` : `interval ${timer.id}`);
    if (this.timers.get(timer.id) !== timer) return; // cleared by the callback
    if (timer.intervalMs !== undefined && this.rt.alive) {
      // changeInterval in the callback set a new due time; otherwise re-arm from the due time.
      if (timer.due === due) timer.due = due + timer.intervalMs;
      this.arm(timer);
    } else {
      this.timers.delete(timer.id);
    }
  }
}

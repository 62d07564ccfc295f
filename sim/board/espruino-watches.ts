/**
 * setWatch / clearWatch with Espruino 2v29's semantics (jswrap_io.c, jsinteractive.c):
 *  - a watch sees every level change of its pin, whatever caused it, as an event handled
 *    after the JavaScript that is running now;
 *  - the callback gets { state, time, lastTime, pin }, times in seconds since power-on;
 *  - edge: "rising" | "falling" | "both" (or 1, -1, 0); repeat: false removes the watch after
 *    its first call; BTN1 defaults to rising edge with 25 ms debounce;
 *  - debounce: an edge starts (or pushes back) a hidden timer; when it expires the callback
 *    runs only if the level differs from the last reported one, with time = the last edge;
 *    that timer takes a timer id, survives clearTimeout(), and still fires if the watch was
 *    cleared meanwhile;
 *  - clearWatch() clears all, clearWatch(undefined) throws, an unknown id throws;
 *  - STM32: two pins with the same number (A0 and B0) cannot both be watched: setWatch warns
 *    and returns undefined.
 */
import type { TimerRecord } from "./espruino-timers";
import type { EspruinoRuntime } from "./runtime";

export interface WatchRecord {
  id: number;
  pin: string;
  callback: unknown;
  recur: boolean;
  /** 1 rising, -1 falling, 0 both. */
  edge: number;
  debounceMs: number;
  /** Last level reported (or seen, without debounce). */
  state: boolean;
  /** Seconds since power-on of the last reported edge. */
  lastTime: number | undefined;
  timeout: TimerRecord | undefined;
}

function pinNumber(pin: string): string {
  return pin.replace(/^[A-Z]+/, "");
}

export class WatchTable {
  private readonly watches = new Map<number, WatchRecord>();

  constructor(private readonly rt: EspruinoRuntime) {}

  get size(): number {
    return this.watches.size;
  }

  list(): WatchRecord[] {
    return [...this.watches.values()];
  }

  /** The circuit saw `pin` change to `level` at virtual time `t`: queue it as an event if watched. */
  onLevelChange(pin: string, level: 0 | 1, t: number): void {
    if (!this.isWatched(pin)) return;
    this.rt.clock.schedule(t, () => this.process(pin, level === 1, t), this.rt);
  }

  install(g: Record<string, unknown>): void {
    const rt = this.rt;
    const table = this;
    g.setWatch = function (fn: unknown, pinArg: unknown, options?: unknown): number | undefined {
      rt.checkAlive();
      const pin = rt.io.nameOf(pinArg) ?? (typeof pinArg === "string" ? rt.io.canonical(pinArg) : undefined);
      if (!pin) {
        rt.reportError("setWatch", `Invalid pin (${rt.io.describe(pinArg)})`);
        return undefined;
      }
      if (rt.family.watchLinesByNumber && !table.isWatched(pin)) {
        const clash = table.list().find((w) => w.pin !== pin && pinNumber(w.pin) === pinNumber(pin));
        if (clash) {
          rt.print(
            "WARNING: Unable to set watch. You may already have a watch on a pin with the same number (eg. A0 and B0),\n" +
              "or this pin cannot be used with watch",
          );
          return undefined;
        }
      }
      const isButton = rt.family.buttons.some((b) => b.pin === pin);
      let repeat = false;
      let debounce = isButton ? 25 : 0;
      let edge = isButton ? 1 : 0;
      if (options !== null && typeof options === "object") {
        const o = options as Record<string, unknown>;
        if (o.repeat !== undefined) repeat = !!o.repeat;
        if (o.debounce !== undefined) {
          debounce = Number(o.debounce);
          if (!(debounce >= 0)) debounce = 0;
        }
        if (o.edge !== undefined) {
          const e = o.edge;
          if (typeof e === "number") edge = e > 0 ? 1 : e < 0 ? -1 : 0;
          else if (e === "rising") edge = 1;
          else if (e === "falling") edge = -1;
          else if (e === "both") edge = 0;
          else throw rt.makeError("'edge' in setWatch should be 1, -1, 0, 'rising', 'falling' or 'both'", "TypeError");
        }
      } else {
        repeat = !!options;
      }
      if (typeof fn !== "function" && typeof fn !== "string") throw rt.makeError("Function or String not supplied!");
      let last = 0;
      for (const id of table.watches.keys()) last = id;
      const watch: WatchRecord = {
        id: last + 1,
        pin,
        callback: fn,
        recur: repeat,
        edge,
        debounceMs: debounce,
        state: rt.io.input(pin) === 1,
        lastTime: undefined,
        timeout: undefined,
      };
      table.watches.set(watch.id, watch);
      return watch.id;
    };
    g.clearWatch = function (...ids: unknown[]): void {
      rt.checkAlive();
      if (ids.length === 0) {
        table.watches.clear();
        return;
      }
      const id = ids[0];
      if (id === undefined) throw rt.makeError("clearWatch(undefined) not allowed. Use clearWatch() instead");
      if (!table.watches.delete(Number(id))) throw rt.makeError(`Unknown Watch ${String(id)}`);
    };
  }

  /** A watch's debounce timer expired (called by the timer table). */
  debounceExpired(timer: TimerRecord): void {
    const w = timer.watch!;
    const state = !!timer.state;
    const changed = w.state !== state;
    w.state = state;
    w.timeout = undefined;
    if (!changed) return;
    const time = this.rt.seconds(timer.due - w.debounceMs);
    const lastTime = w.lastTime;
    w.lastTime = time;
    if (!this.shouldRun(w, state)) return;
    this.rt.invoke(timer.callback, [this.event(w, state, time, lastTime)], `watch on ${w.pin}`);
    if (!w.recur && this.watches.get(w.id) === w) this.watches.delete(w.id);
  }

  private isWatched(pin: string): boolean {
    for (const w of this.watches.values()) if (w.pin === pin) return true;
    return false;
  }

  private shouldRun(w: WatchRecord, high: boolean): boolean {
    return w.edge === 0 || (high && w.edge > 0) || (!high && w.edge < 0);
  }

  private event(w: WatchRecord, state: boolean, time: number, lastTime: number | undefined): object {
    return this.rt.contextObject({ state, time, lastTime, pin: this.rt.io.pinObject(w.pin) });
  }

  private process(pin: string, high: boolean, t: number): void {
    const time = this.rt.seconds(t);
    for (const w of [...this.watches.values()]) {
      if (w.pin !== pin || this.watches.get(w.id) !== w || !this.rt.alive) continue;
      if (w.debounceMs <= 0) {
        w.state = high;
        const lastTime = w.lastTime;
        if (this.shouldRun(w, high)) {
          this.rt.invoke(w.callback, [this.event(w, high, time, lastTime)], `watch on ${pin}`);
          if (!w.recur) this.watches.delete(w.id);
        }
        w.lastTime = time;
        continue;
      }
      if (w.timeout) {
        w.timeout.state = high;
        this.rt.timers.reschedule(w.timeout, t + w.debounceMs);
      } else if (high !== w.state) {
        w.timeout = this.rt.timers.add({
          due: t + w.debounceMs,
          intervalMs: undefined,
          callback: w.callback,
          args: [],
          watch: w,
          state: high,
        });
      }
    }
  }
}

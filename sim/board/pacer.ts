/**
 * Real-time pacing for the interactive simulator: advances the virtual clock in step with the
 * wall clock (optionally faster or slower), so LEDs blink and tones last as long as on the toy.
 * Headless runs and tests never use this; they call clock.advance directly.
 */
import type { VirtualClock } from "./clock";

export interface PacerOptions {
  /** Virtual ms per wall ms (1 = real time, 2 = twice as fast). Default 1. */
  speed?: number;
  /** Wall ms between ticks while running. Default 5. */
  tickMs?: number;
  /**
   * Largest virtual step in one tick, so a host that was suspended (a laptop lid, a debugger)
   * does not fire minutes of timers at once. Default 250 virtual ms.
   */
  maxStepMs?: number;
  /** Wall clock in ms; injectable for tests. Default performance.now. */
  wallNow?: () => number;
  /** Timer used to schedule ticks; injectable for tests. Default setInterval/clearInterval. */
  timer?: { start(fn: () => void, ms: number): unknown; stop(handle: unknown): void };
  /** Called after every tick with the virtual time, e.g. to redraw the UI. */
  onTick?: (virtualNowMs: number) => void;
}

export class RealTimePacer {
  private lastWall: number | undefined;
  private handle: unknown;
  private readonly speed: number;
  private readonly tickMs: number;
  private readonly maxStepMs: number;
  private readonly wallNow: () => number;
  private readonly timer: NonNullable<PacerOptions["timer"]>;
  private readonly onTick?: (virtualNowMs: number) => void;

  constructor(
    private readonly clock: VirtualClock,
    options: PacerOptions = {},
  ) {
    this.speed = options.speed ?? 1;
    if (!(this.speed > 0)) throw new Error(`RealTimePacer: speed must be > 0, got ${options.speed}`);
    this.tickMs = options.tickMs ?? 5;
    this.maxStepMs = options.maxStepMs ?? 250;
    this.wallNow = options.wallNow ?? (() => performance.now());
    this.timer = options.timer ?? {
      start: (fn, ms) => setInterval(fn, ms),
      stop: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    };
    this.onTick = options.onTick;
  }

  get running(): boolean {
    return this.handle !== undefined;
  }

  start(): void {
    if (this.running) return;
    this.lastWall = this.wallNow();
    this.handle = this.timer.start(() => this.tick(), this.tickMs);
  }

  stop(): void {
    if (!this.running) return;
    this.timer.stop(this.handle);
    this.handle = undefined;
    this.lastWall = undefined;
  }

  /** Advance the virtual clock by the wall time elapsed since the last tick; returns the virtual ms advanced. */
  tick(): number {
    const wall = this.wallNow();
    const last = this.lastWall ?? wall;
    this.lastWall = wall;
    const step = Math.min(this.maxStepMs, Math.max(0, (wall - last) * this.speed));
    this.clock.advance(step);
    this.onTick?.(this.clock.now);
    return step;
  }
}

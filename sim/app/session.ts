/**
 * A simulator session: one virtual board running the firmware bundle for a profile, with the
 * helpers every front end needs — tap a pad for a while, press a chord, wait, read the LEDs,
 * the game state (through the firmware's console API, global `Merlin`) and the sounds.
 * Time is virtual: the terminal UI and the browser pace it with RealTimePacer, the headless
 * runner and the BASIC mode advance it as fast as they like. Platform-neutral (the browser toy
 * uses it too); Node opens one with openSession (node-session.ts).
 */
import type { ExtraButtons, Profile } from "../../hardware/profile";
import { BUTTON_ORDER } from "../../hardware/roles";
import type { KeyRef, VirtualBoard } from "../board";
import { toyRuleNames } from "./toy-info";

/** How long a plain tap holds the key and how long it waits after release (virtual ms). */
export const DEFAULT_HOLD_MS = 80;
export const DEFAULT_GAP_MS = 120;
/** The power-on light test lasts 0.5 s; sessions that are not watched start after it. */
export const BOOT_SETTLE_MS = 600;
/** The extra buttons a profile may have, in the firmware's order (one list: hardware/roles.ts). */
export const BUTTON_NAMES = BUTTON_ORDER;
export type ButtonName = keyof ExtraButtons;

/** What `Merlin.state()` returns (firmware/controller.ts). */
export interface FirmwareState {
  /** The game played: magicsquare (with its rule sets and the Lights Out games) or another of Merlin's. */
  game?: string;
  /** Merlin's other games: the blinking pads, and whether NEW GAME waits for a game's number. */
  blink?: string;
  choosing?: boolean;
  /** Merlin's other games: the game's own account of itself (its module's describe(): Tic-Tac-Toe's level and turn …). */
  state?: { [key: string]: unknown };
  board: string;
  moves: number;
  status: "playing" | "won" | "lost" | "draw";
  reason: string | null;
  rules: string;
  seed: number;
  puzzle: number;
  par: number;
  leds: string;
  muted: boolean;
  asleep: boolean;
  error: string | null;
}

export class SimSession {
  readonly pads: number;
  readonly rows: number;
  readonly cols: number;
  /** The extra buttons this profile has. */
  readonly buttons: ButtonName[];
  /** The rule sets and games the toy plays, in its RULES cycle order (toyRuleNames). */
  readonly rules: readonly string[];

  constructor(
    readonly board: VirtualBoard,
    readonly profile: Profile,
    readonly storagePath: string | undefined,
    /** The games the profile's firmware plays besides the rule sets (the build's toyGameSpecs). */
    games: readonly string[] = [],
  ) {
    this.rules = toyRuleNames(games);
    this.rows = profile.rows;
    this.cols = profile.cols;
    this.pads = profile.rows * profile.cols;
    const b = (profile.buttons ?? {}) as { [name: string]: string | undefined };
    this.buttons = BUTTON_NAMES.filter((n) => b[n] !== undefined);
  }

  get now(): number {
    return this.board.clock.now;
  }

  /** Let `ms` of virtual time pass. */
  wait(ms: number): void {
    this.board.clock.advance(ms);
  }

  /** Press the keys together, hold them `holdMs`, release them, then wait `gapMs`. */
  chord(keys: KeyRef[], holdMs = DEFAULT_HOLD_MS, gapMs = DEFAULT_GAP_MS): void {
    for (const k of keys) this.board.press(k);
    this.wait(holdMs);
    for (const k of keys) this.board.release(k);
    this.wait(gapMs);
  }

  /** Press one key (pad index 0-based, or a button name) for `holdMs`, then wait `gapMs`. */
  pressFor(key: KeyRef, holdMs = DEFAULT_HOLD_MS, gapMs = DEFAULT_GAP_MS): void {
    this.chord([key], holdMs, gapMs);
  }

  /** Start a tap that finishes by itself as the clock runs (for real-time front ends). */
  tapLater(key: KeyRef, holdMs = DEFAULT_HOLD_MS): void {
    this.board.press(key);
    this.board.clock.after(holdMs, () => this.board.release(key));
  }

  /** Runs an expression in the firmware (the Espruino REPL). */
  api<T = unknown>(code: string): T {
    return this.board.eval(code) as T;
  }

  state(): FirmwareState {
    return this.api<FirmwareState>("Merlin.state()");
  }

  /** Each pad's LED brightness relative to what the drive can show (0..1), row-major. */
  brightness(windowMs?: number): number[] {
    const peak = this.board.ledPeak;
    return this.board.leds(windowMs).map((r) => Math.min(1, r.brightness / peak));
  }

  /** Row-major "0"/"1" of the LED pins now. */
  ledFrame(): string {
    return this.board.ledFrame();
  }

  /**
   * The LEDs a player would call lit: on a rule set whose lit pads blink, a pad counts as lit
   * when it is on at any moment of a full blink period (the clock runs on for it).
   */
  settledLeds(blinking: boolean, periodMs = 260, stepMs = 10): string {
    if (!blinking) return this.ledFrame();
    const lit = this.ledFrame().split("");
    for (let t = 0; t < periodMs; t += stepMs) {
      this.wait(stepMs);
      this.board.ledFrame(0.5, stepMs).split("").forEach((c, i) => {
        if (c === "1") lit[i] = "1";
      });
    }
    return lit.join("");
  }

  /** Uncaught firmware errors so far, as one line each. */
  errorLines(): string[] {
    return this.board.errors.map((e) => e.message);
  }
}

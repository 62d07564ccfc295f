/**
 * The circuit model of a board: every GPIO's mode and output register, the switches that are
 * closed, and the level every line reads (nets.ts). Any change re-resolves the lines at once
 * and reports the pins whose level changed, whatever caused it: a key press, or firmware output
 * pulling a net through a pressed key. Watches, the LED meter and the piezo recorder listen here.
 */
import type { VirtualClock } from "./clock";
import type { CircuitLayout, SwitchWiring } from "./circuit-layout";
import { type Link, NetResolver } from "./nets";
import { type Drive, NO_DRIVE, type PinMode, pinDrive } from "./pin-modes";

export interface Pwm {
  /** Fraction of each period the pin is high, 0..1. */
  duty: number;
  freq: number;
}

export interface PinState {
  /** undefined until something sets it (power-on state of the board family). */
  mode: PinMode | undefined;
  /** Set by pinMode(pin, mode): digitalRead/digitalWrite no longer switch the mode. */
  manual: boolean;
  /** Output register. */
  out: 0 | 1;
  pwm: Pwm | undefined;
}

export interface CircuitFault {
  /** Virtual ms. */
  t: number;
  kind: "short";
  pins: string[];
  message: string;
}

export type LevelListener = (pin: string, level: 0 | 1, t: number) => void;
export type UpdateListener = (t: number) => void;

/** Faults kept in full; later ones are only counted. */
const MAX_FAULTS = 1000;

export class Circuit {
  readonly pinNames: readonly string[];
  readonly faults: CircuitFault[] = [];
  faultCount = 0;
  private readonly index = new Map<string, number>();
  private readonly states: PinState[];
  private readonly drives: Drive[];
  private readonly inputOnly: boolean[];
  private readonly closed = new Set<SwitchWiring>();
  private levels: Uint8Array;
  /** The other level buffer: updates resolve into it, then the two swap. */
  private spare: Uint8Array;
  private readonly strengths: Uint8Array;
  private readonly resolver: NetResolver;
  private powered = false;
  private activeShorts = new Set<string>();
  /** Closed switches as net links; rebuilt when a switch changes. */
  private links: Link[] | undefined;
  private readonly levelListeners: LevelListener[] = [];
  private readonly updateListeners: UpdateListener[] = [];
  private readonly gnd: number;
  private readonly vcc: number;

  constructor(
    readonly layout: CircuitLayout,
    private readonly clock: VirtualClock,
  ) {
    this.pinNames = layout.family.pins;
    this.pinNames.forEach((p, i) => this.index.set(p, i));
    this.gnd = this.pinNames.length;
    this.vcc = this.gnd + 1;
    this.states = this.pinNames.map(() => ({ mode: undefined, manual: false, out: 0, pwm: undefined }));
    this.inputOnly = this.pinNames.map((p) => layout.family.inputOnlyPins.includes(p));
    this.drives = [...this.pinNames.map(() => NO_DRIVE), NO_DRIVE, NO_DRIVE];
    this.levels = new Uint8Array(this.vcc + 1);
    this.spare = new Uint8Array(this.vcc + 1);
    this.strengths = new Uint8Array(this.vcc + 1);
    this.resolver = new NetResolver(this.vcc + 1);
  }

  get isPowered(): boolean {
    return this.powered;
  }

  has(pin: string): boolean {
    return this.index.has(pin);
  }

  state(pin: string): Readonly<PinState> {
    return this.states[this.idx(pin)];
  }

  level(pin: string): 0 | 1 {
    return this.levels[this.idx(pin)] as 0 | 1;
  }

  /** What the pin itself does to its line (nothing while unpowered, or for an input-only pin). */
  driveOf(pin: string): Drive {
    return this.drives[this.idx(pin)];
  }

  /** 0 floating, 1 pulled, 2 driven. */
  strength(pin: string): number {
    return this.strengths[this.idx(pin)];
  }

  /**
   * Change a pin's mode, manual flag, output register and/or PWM in one step (one re-resolution,
   * so no glitch in between). A GPIO mode or an output write ends PWM, as reconfiguring the pin does.
   */
  configure(pin: string, patch: Partial<PinState>): void {
    const s = this.states[this.idx(pin)];
    const { mode, manual, out, pwm } = s;
    if (patch.mode !== undefined) s.mode = patch.mode;
    if (patch.manual !== undefined) s.manual = patch.manual;
    if (patch.out !== undefined) s.out = patch.out;
    if ("pwm" in patch) s.pwm = patch.pwm;
    else if (patch.out !== undefined || (patch.mode !== undefined && patch.mode !== "af_output")) s.pwm = undefined;
    // Rewriting the same state (an LED refreshed every scan) changes nothing on the wires.
    const samePwm = s.pwm === pwm || (s.pwm !== undefined && pwm !== undefined && s.pwm.duty === pwm.duty && s.pwm.freq === pwm.freq);
    if (s.mode !== mode || s.manual !== manual || s.out !== out || !samePwm) this.update();
  }

  setMode(pin: string, mode: PinMode, manual?: boolean): void {
    this.configure(pin, { mode, manual });
  }

  setOutput(pin: string, value: 0 | 1): void {
    this.configure(pin, { out: value });
  }

  setSwitch(sw: SwitchWiring, closed: boolean): void {
    if (closed === this.closed.has(sw)) return;
    if (closed) this.closed.add(sw);
    else this.closed.delete(sw);
    this.links = undefined;
    this.update();
  }

  isClosed(sw: SwitchWiring): boolean {
    return this.closed.has(sw);
  }

  /** Supply on: every pin to its power-on mode, outputs low, no PWM. */
  powerUp(): void {
    const { family } = this.layout;
    this.pinNames.forEach((p, i) => {
      const s = this.states[i];
      s.mode = family.bootModes[p] ?? family.defaultMode;
      s.manual = false;
      s.out = 0;
      s.pwm = undefined;
    });
    this.powered = true;
    this.activeShorts.clear();
    this.update();
  }

  /** Supply off: nothing drives anything, every LED goes dark, the piezo stops. */
  powerDown(): void {
    this.powered = false;
    for (const s of this.states) {
      s.mode = undefined;
      s.manual = false;
      s.out = 0;
      s.pwm = undefined;
    }
    this.update();
  }

  onLevelChange(fn: LevelListener): () => void {
    this.levelListeners.push(fn);
    return () => this.levelListeners.splice(this.levelListeners.indexOf(fn), 1);
  }

  onUpdate(fn: UpdateListener): () => void {
    this.updateListeners.push(fn);
    return () => this.updateListeners.splice(this.updateListeners.indexOf(fn), 1);
  }

  private idx(pin: string): number {
    const i = this.index.get(pin);
    if (i === undefined) throw new Error(`Circuit: no pin "${pin}" on ${this.layout.family.board}`);
    return i;
  }

  private node(end: string): number {
    if (end === "GND") return this.gnd;
    if (end === "VCC") return this.vcc;
    return this.idx(end);
  }

  private update(): void {
    const t = this.clock.now;
    const n = this.pinNames.length;
    for (let i = 0; i < n; i++) {
      const s = this.states[i];
      this.drives[i] = this.powered && !this.inputOnly[i] ? pinDrive(s.mode, s.out, s.pwm?.duty) : NO_DRIVE;
    }
    this.drives[this.gnd] = this.powered ? { strength: 2, level: 0 } : NO_DRIVE;
    this.drives[this.vcc] = this.powered ? { strength: 2, level: 1 } : NO_DRIVE;
    const links = (this.links ??= [...this.closed].map((sw) => ({ a: this.node(sw.a), b: this.node(sw.b), diode: sw.diode })));
    const old = this.levels;
    const levels = this.spare;
    let shorts: number[][] = [];
    if (this.powered) shorts = this.resolver.resolve(this.drives, links, old, levels, this.strengths);
    else {
      levels.fill(0);
      this.strengths.fill(0);
    }
    this.levels = levels;
    this.spare = old;
    this.recordShorts(shorts, t);
    let listeners: LevelListener[] | undefined;
    for (let i = 0; i < n; i++) {
      if (levels[i] !== old[i]) {
        listeners ??= [...this.levelListeners];
        for (const fn of listeners) fn(this.pinNames[i], levels[i] as 0 | 1, t);
      }
    }
    for (const fn of this.updateListeners) fn(t);
  }

  private recordShorts(shorts: number[][], t: number): void {
    if (!shorts.length && !this.activeShorts.size) return;
    const now = new Set<string>();
    for (const net of shorts) {
      const pins = net.filter((i) => i < this.gnd).map((i) => this.pinNames[i]);
      const key = pins.join(",");
      now.add(key);
      if (this.activeShorts.has(key)) continue;
      this.faultCount++;
      if (this.faults.length < MAX_FAULTS) {
        this.faults.push({
          t,
          kind: "short",
          pins,
          message: `short circuit at t=${t} ms: ${pins.join(", ")} driven high and low at once (through pressed keys or buttons)`,
        });
      }
    }
    this.activeShorts = now;
  }
}

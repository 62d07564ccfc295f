/**
 * What the pads show: the game's frame, with the blink mask's pads blinking (Merlin's lit
 * pads blink 0.12 s on / 0.12 s off) and an optional flash mask shown in place of the
 * frame for a while (goal preview, hint, self-test). Direct-drive boards write all LED pins
 * in one call; matrix boards take one LED row per scan slot (see scanner.ts).
 */
import { LED_ACTIVE_HIGH, LED_DRIVE, LED_PINS, COLS, ROWS } from "merlin:config";

export const BLINK_MS = 120;
const ALL = ROWS * COLS >= 32 ? -1 : (1 << (ROWS * COLS)) - 1;
const COL_MASK = (1 << COLS) - 1;

let frame = 0;
let blink = 0;
let flashMask = 0;
let phaseOn = true;
let lit = true;
let blinkTimer: number | undefined;
/** Set while a flash is shown. */
let flashTimer: number | undefined;

/** The pads lit right now. */
export function shownMask(): number {
  if (!lit) return 0;
  if (flashTimer !== undefined) return flashMask;
  return phaseOn ? frame : frame & ~blink;
}

/** Writes the LEDs (direct drive) and runs the blink timer exactly while something blinks. */
function refresh(): void {
  if (LED_DRIVE === "direct") {
    const m = shownMask();
    digitalWrite(LED_PINS, LED_ACTIVE_HIGH ? m : ~m & ALL);
  }
  const needed = lit && flashTimer === undefined && (frame & blink) !== 0;
  if (needed && blinkTimer === undefined) {
    blinkTimer = setInterval(function () {
      phaseOn = !phaseOn;
      refresh();
    }, BLINK_MS);
  }
  if (!needed && blinkTimer !== undefined) {
    clearInterval(blinkTimer);
    blinkTimer = undefined;
    phaseOn = true;
  }
}

/** The LED column pins' value for matrix row `row` (columns sink current: 0 = lit). */
export function matrixColumns(row: number): number {
  return ~(shownMask() >> (row * COLS)) & COL_MASK;
}

export function ledsInit(): void {
  for (let i = 0; i < LED_PINS.length; i++) pinMode(LED_PINS[i], "output");
  if (LED_DRIVE !== "direct") digitalWrite(LED_PINS, COL_MASK);
  refresh();
}

/**
 * Shows frame `f` with the pads of `b` blinking; with `flashMs` > 0, shows `flash` instead for
 * that long first (a flash already showing is replaced).
 */
export function show(f: number, b: number, flash: number, flashMs: number): void {
  frame = f;
  blink = b;
  if (flashMs > 0) {
    if (flashTimer !== undefined) clearTimeout(flashTimer);
    flashMask = flash;
    flashTimer = setTimeout(function () {
      flashTimer = undefined;
      refresh();
    }, flashMs);
  }
  refresh();
}

/** All LEDs off (sleep) or back on; going dark ends a flash. */
export function setLit(on: boolean): void {
  lit = on;
  if (!on && flashTimer !== undefined) {
    clearTimeout(flashTimer);
    flashTimer = undefined;
  }
  refresh();
}

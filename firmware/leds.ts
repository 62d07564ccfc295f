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
let flashing = false;
let phaseOn = true;
let lit = true;
let blinkTimer: number | undefined;
let flashTimer: number | undefined;

/** The pads lit right now. */
export function shownMask(): number {
  if (!lit) return 0;
  if (flashing) return flashMask;
  return phaseOn ? frame : frame & ~blink;
}

function output(): void {
  if (LED_DRIVE !== "direct") return;
  const m = shownMask();
  digitalWrite(LED_PINS, LED_ACTIVE_HIGH ? m : ~m & ALL);
}

/** The LED column pins' value for matrix row `row` (columns sink current: 0 = lit). */
export function matrixColumns(row: number): number {
  return ~(shownMask() >> (row * COLS)) & COL_MASK;
}

function toggleBlink(): void {
  phaseOn = !phaseOn;
  output();
}

function updateBlinkTimer(): void {
  const needed = lit && !flashing && (frame & blink) !== 0;
  if (needed && blinkTimer === undefined) blinkTimer = setInterval(toggleBlink, BLINK_MS);
  if (!needed && blinkTimer !== undefined) {
    clearInterval(blinkTimer);
    blinkTimer = undefined;
    phaseOn = true;
  }
}

export function ledsInit(): void {
  if (LED_DRIVE === "direct") {
    for (let i = 0; i < LED_PINS.length; i++) pinMode(LED_PINS[i], "output");
  } else {
    for (let i = 0; i < LED_PINS.length; i++) pinMode(LED_PINS[i], "output");
    digitalWrite(LED_PINS, COL_MASK);
  }
  output();
}

export function showFrame(f: number, b: number): void {
  frame = f;
  blink = b;
  output();
  updateBlinkTimer();
}

function endFlash(): void {
  flashTimer = undefined;
  flashing = false;
  output();
  updateBlinkTimer();
}

/** Shows `mask` instead of the frame for `ms` milliseconds. */
export function flash(mask: number, ms: number): void {
  if (flashTimer !== undefined) clearTimeout(flashTimer);
  flashMask = mask;
  flashing = true;
  output();
  updateBlinkTimer();
  flashTimer = setTimeout(endFlash, ms);
}

/** All LEDs off (sleep) or back on. */
export function setLit(on: boolean): void {
  lit = on;
  if (!on && flashTimer !== undefined) {
    clearTimeout(flashTimer);
    flashTimer = undefined;
    flashing = false;
  }
  output();
  updateBlinkTimer();
}

/**
 * What the pads show: the game's frame, with the blink mask's pads blinking (Merlin's lit
 * pads blink 0.12 s on / 0.12 s off) and an optional flash mask shown in place of the
 * frame for a while (goal preview, hint, self-test). Direct-drive boards write all LED pins
 * in one call. WS2812 boards (NEOPIXEL) send the frame to the pixels through Espruino's
 * built-in neopixel module, hardware-timed, and only when it changed: the pixels keep their
 * colour by themselves, so no timer refreshes them.
 */
import { LED_PINS } from "merlin:config";
import type { Board } from "../src/toy/backend";

export const BLINK_MS = 120;
const ALL = ROWS * COLS >= 32 ? -1 : (1 << (ROWS * COLS)) - 1;

/** Masks, or (a colour game's) digit strings: a pad's state, 0 dark. */
let frame: Board = 0;
let blink: Board = 0;
let flashMask: Board = 0;
let phaseOn = true;
let lit = true;
let blinkTimer: number | undefined;
/** NEOPIXEL: the board the pixels show now (-1: unknown, after power-on). */
let sent: Board = -1;
/**
 * NEOPIXEL: what is sent to the pixels, a pixel a pad, pad 0 first: 24 bits each, whose three
 * bytes (the low one first) are the WS2812B's green, red and blue. Made once: 75 bytes made anew
 * at each change cost the interpreter a search for as many free bytes in a row.
 */
const pixels = NEOPIXEL ? new Uint24Array(ROWS * COLS) : undefined;
/** Set while a flash is shown. */
let flashTimer: number | undefined;
/**
 * NEOPIXEL: the byte a lit pad's channel gets — the player's brightness setting, 1 up to the
 * profile's cap PIXEL_BRIGHTNESS (the figure hardware/'s power budget counts), which is also
 * the default.
 */
let level = PIXEL_BRIGHTNESS;
/**
 * NEOPIXEL: what an update hands the interpreter, each made once, not at every update
 * (docs/architecture.md, "Speed: what is left"): the mask's holder for E.mapInPlace, the
 * pixels' bytes and the module's write; and each pad state's pixel at the brightness setting,
 * made again when it changes (makePixelMaps) — for a mask a dark pad's and a lit one's, for a
 * colour game's digits each digit's by its character code ("0" is 48).
 */
const maskHolder = NEOPIXEL ? new Uint32Array(1) : undefined;
const pixelBytes = NEOPIXEL ? (pixels as Uint24Array).buffer : undefined;
const writePixels = NEOPIXEL ? require("neopixel").write : undefined;
let padPixel: number[] = [];
let digitPixel: number[] = [];

/** NEOPIXEL: padPixel and digitPixel at the brightness setting `level`. */
function makePixelMaps(): void {
  // A lit pad red: Merlin's LEDs were red.
  padPixel = [0, level << 8];
  // State s's colour as bits green 1, red 2, blue 4 (the pixel's byte order), each lit
  // channel at the brightness setting: dark, white, magenta, red, green, blue — in an order
  // whose first k stay apart for the common colour-vision deficiencies (sim/app/palette.ts,
  // test/palette.test.ts), lightness too: white and magenta for a 3-colour game, not red/green.
  // (An array with only these elements: smaller than a typed array of 54.)
  const colours = [0, 7, 6, 2, 1, 4];
  digitPixel = [];
  for (let s = 0; s < colours.length; s++) {
    const c = colours[s];
    digitPixel[48 + s] = ((c & 1) | (((c >> 1) & 1) << 8) | ((c >> 2) << 16)) * level;
  }
}
if (NEOPIXEL) makePixelMaps();

/** Turns all LEDs off (sleep; going dark ends a flash) or back on. */
export function setLit(on: boolean): void {
  lit = on;
  if (!on && flashTimer !== undefined) {
    clearTimeout(flashTimer);
    flashTimer = undefined;
  }
  shownMask();
}

/**
 * The pads lit right now. Also brings the LEDs (direct drive) and the blink timer up to date,
 * which runs exactly while something blinks: both are idempotent.
 */
export function shownMask(): Board {
  // (Digit strings never blink: the games play under rules that do not blink lit pads.)
  const m = !lit ? 0 : flashTimer !== undefined ? flashMask : phaseOn || typeof frame !== "number" || typeof blink !== "number" ? frame : frame & ~blink;
  if (NEOPIXEL) {
    if (m !== sent) {
      sent = m;
      // The pads' states are mapped to their pixels natively (E.mapInPlace): a loop in
      // JavaScript over 25 pads cost a key press 0.7 M instructions (docs/architecture.md,
      // "Speed: what is left").
      const px = pixels as Uint24Array;
      // A colour game's digits, a byte each; a mask's bits, the lowest first.
      if (typeof m === "string") E.mapInPlace(E.toUint8Array(m), px, digitPixel, 8);
      else {
        const holder = maskHolder as Uint32Array;
        holder[0] = m;
        E.mapInPlace(holder, px, padPixel, -1);
      }
      const write = writePixels as (pin: Pin, data: ArrayBuffer) => void;
      write(LED_PINS[0], pixelBytes as ArrayBuffer);
    }
  } else if (typeof m === "number") digitalWrite(LED_PINS, LED_ACTIVE_HIGH ? m : ~m & ALL);
  // (Direct-drive boards play masks only: their games' boards are never digits.)
  const needed = lit && flashTimer === undefined && typeof frame === "number" && typeof blink === "number" && (frame & blink) !== 0;
  if (needed && blinkTimer === undefined) {
    blinkTimer = setInterval(function () {
      phaseOn = !phaseOn;
      shownMask();
    }, BLINK_MS);
  }
  if (!needed && blinkTimer !== undefined) {
    clearInterval(blinkTimer);
    blinkTimer = undefined;
    // Nothing blinks now (dark, a flash, or no blinking pad lit), so m does not depend on the phase.
    phaseOn = true;
  }
  return m;
}

/**
 * Shows frame `f` with the pads of `b` blinking; with `flashMs` > 0, shows `flash` instead for
 * that long first (a flash already showing is replaced).
 */
export function show(f: Board, b: Board, flash: Board, flashMs: number): void {
  frame = f;
  blink = b;
  if (flashMs > 0) startFlash(flash, flashMs);
  shownMask();
}

/** Shows `flash` instead of the frame for `ms` (replacing a flash already showing). Apart from show, which every key press runs. */
function startFlash(flash: Board, ms: number): void {
  if (flashTimer !== undefined) clearTimeout(flashTimer);
  flashMask = flash;
  flashTimer = setTimeout(function () {
    flashTimer = undefined;
    shownMask();
  }, ms);
}

/** NEOPIXEL boards: the brightness of lit pads, 1 … PIXEL_BRIGHTNESS (only pixel builds call it). */
export function pixelLevel(): number {
  return level;
}

/** NEOPIXEL boards: sets the brightness of lit pads (checked by the mid-end); a change is sent at once. */
export function setPixelLevel(b: number): void {
  if (b === level) return;
  level = b;
  makePixelMaps();
  sent = -1;
  shownMask();
}

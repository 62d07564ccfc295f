/**
 * The key matrix driver (Zephyr-style: only this file drives lines and reads pins; debounce
 * and ghost handling are the portable core's, tested on the host).
 *
 * Rows are open-drain: the selected row is driven low, the others float (high impedance), and
 * columns are read with pull-ups, so a pressed key reads 0. While idle every row is held low
 * and the columns are watched for a falling edge; the first edge starts polling, which stops
 * again once every key is released and settled. On matrix-LED boards the key rows are also the
 * LED rows: the scan then runs continuously while the LEDs are lit, one row per slot, lighting
 * that row's LEDs and reading that row's keys in the same slot.
 */
import { BUTTONS, COLS, DIODES, KEY_COLS, KEY_ROWS, LED_DRIVE, LED_PINS, ROWS } from "merlin:config";
import { createDebouncer, debounceNextDeadline, debounceUpdate, Debouncer } from "../src/debounce";
import { resolveScan } from "../src/keymatrix";
import { matrixColumns } from "./leds";

/** Poll period while a key is down (direct LEDs). */
export const POLL_MS = 2;
/** One multiplexed row slot: 4 rows × 2.5 ms = 100 Hz full frame. */
export const ROW_SLOT_MS = 2.5;
/** Poll period while only stuck keys are down (nothing else can happen fast). */
export const SLOW_POLL_MS = 50;

const PADS = ROWS * COLS;
const ALL_ROWS = (1 << ROWS) - 1;
const COL_MASK = (1 << COLS) - 1;
const MULTIPLEX = LED_DRIVE === "matrix";

/** Called with the keys whose debounced state changed, the debounced state, and the time in ms. */
export type KeyChange = (changed: number, stable: number, now: number) => void;

let onChange: KeyChange;
let debouncer: Debouncer;
const readings = new Uint8Array(ROWS);
let slotRow = 0;
let pollTimer: number | undefined;
let pollMs = 0;
let watches: number[] = [];
let multiplexOn = false;
/** Keys the controller asked to ignore (stuck keys) — they alone do not keep fast polling. */
let ignored = 0;

function nowMs(): number {
  return getTime() * 1000;
}

function readButtons(): number {
  let m = 0;
  for (let i = 0; i < BUTTONS.length; i++) {
    const pin = BUTTONS[i];
    if (pin && !pin.read()) m |= 1 << (PADS + i);
  }
  return m;
}

function processFrame(now: number): void {
  const raw = resolveScan(debouncer.stable & ((1 << PADS) - 1), readings, ROWS, COLS, DIODES) | readButtons();
  const changed = debounceUpdate(debouncer, raw, now);
  if (changed) onChange(changed, debouncer.stable, now);
  if (!multiplexOn) settle(now);
}

/** Reads the whole matrix at once (direct-LED boards). */
function scanAll(): void {
  for (let r = 0; r < ROWS; r++) {
    digitalWrite(KEY_ROWS, ALL_ROWS & ~(1 << r));
    readings[r] = ~digitalRead(KEY_COLS) & COL_MASK;
  }
  digitalWrite(KEY_ROWS, 0);
  processFrame(nowMs());
}

/** One multiplex slot: light row `slotRow`'s LEDs, read its keys, then move on. */
function scanSlot(): void {
  const r = slotRow;
  digitalWrite(LED_PINS, COL_MASK);
  digitalWrite(KEY_ROWS, ALL_ROWS & ~(1 << r));
  readings[r] = ~digitalRead(KEY_COLS) & COL_MASK;
  digitalWrite(LED_PINS, matrixColumns(r));
  slotRow = r + 1 === ROWS ? 0 : r + 1;
  if (slotRow === 0) processFrame(nowMs());
}

function setPoll(ms: number): void {
  if (pollMs === ms) return;
  if (pollTimer !== undefined) clearInterval(pollTimer);
  pollTimer = undefined;
  pollMs = ms;
  if (ms > 0) pollTimer = setInterval(MULTIPLEX && multiplexOn ? scanSlot : scanAll, ms);
}

function disarm(): void {
  for (let i = 0; i < watches.length; i++) clearWatch(watches[i]);
  watches = [];
}

function onEdge(): void {
  disarm();
  setPoll(POLL_MS);
  scanAll();
}

function arm(): void {
  if (watches.length > 0) return;
  digitalWrite(KEY_ROWS, 0);
  for (let i = 0; i < KEY_COLS.length; i++) {
    watches.push(setWatch(onEdge, KEY_COLS[i], { repeat: true, edge: "falling", debounce: 0 }));
  }
  for (let i = 0; i < BUTTONS.length; i++) {
    const pin = BUTTONS[i];
    if (pin) watches.push(setWatch(onEdge, pin, { repeat: true, edge: "falling", debounce: 0 }));
  }
}

/** After a scan: keep polling while something is pending, otherwise sleep on interrupts. */
function settle(now: number): void {
  const down = debouncer.stable & ~ignored;
  const pending = debounceNextDeadline(debouncer) >= 0;
  if (down || pending) setPoll(POLL_MS);
  else if (debouncer.stable) setPoll(SLOW_POLL_MS);
  else {
    setPoll(0);
    arm();
  }
}

export function scannerInit(callback: KeyChange, pressMs: number, releaseMs: number): void {
  onChange = callback;
  debouncer = createDebouncer(PADS + BUTTONS.length, pressMs, releaseMs);
  for (let i = 0; i < KEY_ROWS.length; i++) pinMode(KEY_ROWS[i], "opendrain");
  for (let i = 0; i < KEY_COLS.length; i++) pinMode(KEY_COLS[i], "input_pullup");
  for (let i = 0; i < BUTTONS.length; i++) {
    const pin = BUTTONS[i];
    if (pin) pinMode(pin, "input_pullup");
  }
  arm();
}

/** Matrix-LED boards: run the multiplexed scan (LEDs lit) or stop it (LEDs dark, sleep on interrupts). */
export function setMultiplex(on: boolean): void {
  if (!MULTIPLEX || multiplexOn === on) return;
  multiplexOn = on;
  setPoll(0);
  if (on) {
    disarm();
    setPoll(ROW_SLOT_MS);
  } else {
    digitalWrite(LED_PINS, COL_MASK);
    settle(nowMs());
  }
}

/** Keys that no longer keep the scanner polling fast (stuck keys, until released). */
export function setIgnored(mask: number): void {
  ignored = mask;
}

export function keysDown(): number {
  return debouncer.stable;
}

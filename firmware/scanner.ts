/**
 * The key matrix driver (Zephyr-style: only this file drives lines and reads pins; debounce
 * and ghost handling are the portable core's, tested on the host).
 *
 * Rows are open-drain: the selected row is driven low, the others float (high impedance), and
 * columns are read with pull-ups, so a pressed key reads 0. While idle every row is held low
 * and the columns are watched for a falling edge; the first edge starts polling, which stops
 * again once every key is released and settled. The scan never drives LEDs: JS-timed LED
 * multiplexing (a row slot every 1.25 ms) cost 0.78 ms of CPU per slot on the reference
 * interpreter, which a Pico, 25–45× slower, cannot hold — larger boards use WS2812 pixels.
 */
import { BUTTONS, KEY_COLS, KEY_ROWS } from "merlin:config";
import { createDebouncer, DEBOUNCE_PRESS_MS, DEBOUNCE_RELEASE_MS, debounceUpdate, Debouncer } from "../src/toy/debounce";
import { resolveScan } from "../src/toy/keymatrix";

/** Poll period while a key is down. */
export const POLL_MS = 2;
/** Poll period while only stuck keys are down (nothing else can happen fast). */
export const SLOW_POLL_MS = 50;

const PADS = ROWS * COLS;
const ALL_ROWS = (1 << ROWS) - 1;
const COL_MASK = (1 << COLS) - 1;

/**
 * Called with the debounced keys and the time in ms: at every change, and while a key is down
 * at the deadline it last returned (so holds and stuck keys are timed while the key is still
 * held). Returns when it is next due with the same keys (ms), −1 while no key that matters is
 * down (only keys the toy ignores, stuck ones), which then need no fast polling.
 */
export type KeyChange = (stable: number, now: number) => number;

let onChange: KeyChange;
/** What onChange last returned: when it is next due with the same keys, −1 none. */
let due = -1;
/** The debounced keys (read `debouncer.stable`). */
let debouncer: Debouncer;
/** The last reading of each row. */
const readings = new Uint16Array(ROWS);
let pollTimer: number | undefined;
let pollMs = 0;
/** Pin watch ids while sleeping on interrupts (empty while polling): handles for clearWatch. */
let watches: unknown[] = [];

/**
 * Polls while something is pending — fast while a key that matters is down (`active`) or a
 * change is being debounced, slowly while only ignored keys are down — otherwise sleeps on
 * interrupts.
 */
function settle(active: boolean): void {
  const ms = active || debouncer.pending !== 0 ? POLL_MS : debouncer.stable ? SLOW_POLL_MS : 0;
  if (pollMs !== ms) {
    if (pollTimer !== undefined) clearInterval(pollTimer);
    pollTimer = undefined;
    pollMs = ms;
    if (ms > 0) pollTimer = setInterval(scan, ms);
  }
  if (ms === 0 && watches.length === 0) {
    digitalWrite(KEY_ROWS, 0);
    for (let i = 0; i < COLS + BUTTON_COUNT; i++) {
      const pin = BUTTON_COUNT > 0 && i >= COLS ? BUTTONS[i - COLS] : KEY_COLS[i];
      if (BUTTON_COUNT === 0 || pin) watches.push(setWatch(scan, pin!, { repeat: true, edge: "falling", debounce: 0 }));
    }
  }
}

/**
 * Reads the whole matrix at once (the poll timer, and the pin watches, which are dropped on
 * the first edge in favour of polling), debounces it with the extra buttons and reports
 * changes.
 */
function scan(): void {
  for (let i = 0; i < watches.length; i++) clearWatch(watches[i]);
  watches = [];
  for (let r = 0; r < ROWS; r++) {
    digitalWrite(KEY_ROWS, ALL_ROWS & ~(1 << r));
    readings[r] = ~digitalRead(KEY_COLS) & COL_MASK;
  }
  digitalWrite(KEY_ROWS, 0);
  const now = getTime() * 1000;
  let raw = resolveScan(debouncer.stable & ((1 << PADS) - 1), readings, ROWS, COLS, DIODES);
  if (BUTTON_COUNT > 0) {
    for (let i = 0; i < BUTTON_COUNT; i++) {
      const pin = BUTTONS[i];
      if (pin && !pin.read()) raw |= 1 << (PADS + i);
    }
  }
  const changed = debounceUpdate(debouncer, raw, now);
  const down = (changed || debouncer.stable) !== 0;
  // Most scans while a key is down change nothing and come before the deadline: nothing to tell
  // the mid-end then. From 1 ms before the deadline it is told, so that its own time tests
  // decide, rounding included.
  if (down && (changed !== 0 || now >= due - 1)) due = onChange(debouncer.stable, now);
  settle(down && due >= 0);
}

/** Sets up the pins and the debouncer, then sleeps on interrupts until a key goes down; call once. */
export function scannerInit(callback: KeyChange): void {
  onChange = callback;
  debouncer = createDebouncer(PADS + BUTTON_COUNT, DEBOUNCE_PRESS_MS, DEBOUNCE_RELEASE_MS);
  for (let i = 0; i < ROWS; i++) pinMode(KEY_ROWS[i], "opendrain");
  for (let i = 0; i < COLS + BUTTON_COUNT; i++) {
    const pin = BUTTON_COUNT > 0 && i >= COLS ? BUTTONS[i - COLS] : KEY_COLS[i];
    if (BUTTON_COUNT === 0 || pin) pinMode(pin!, "input_pullup");
  }
  settle(false);
}

/**
 * The build-time configuration module: firmware/build/build.ts generates it for the chosen
 * board profile (pins as Espruino pin globals, sizes, the precomputed solver tables).
 * Pin arrays are stored LAST PIN FIRST, so that with digitalWrite/digitalRead (whose last
 * pin is the least significant bit) bit i of a mask is row, column or pad i.
 */
declare module "merlin:config" {
  import { MaskTables } from "../src/tables";
  export const PROFILE_NAME: string;
  export const ROWS: number;
  export const COLS: number;
  export const KEY_ROWS: Pin[];
  export const KEY_COLS: Pin[];
  export const DIODES: boolean;
  /** "direct": LED_PINS has one pin per pad; "matrix": LED rows are the key rows, LED_PINS are the columns. */
  export const LED_DRIVE: "direct" | "matrix";
  export const LED_PINS: Pin[];
  export const LED_ACTIVE_HIGH: boolean;
  export const PIEZO: Pin;
  /** Extra buttons in the order NEW GAME, SAME GAME, HIT ME, COMP TURN; null where absent. */
  export const BUTTONS: (Pin | null)[];
  export const CONSOLE_PASSWORD: string | null;
  export const CONSOLE_MOVED: boolean;
  /** Deep sleep on STM32; nRF52 and ESP32 idle on their own. */
  export const DEEP_SLEEP: boolean;
  export const TABLES: MaskTables;
  /** The goal as a mask: the ring (every pad lit but the centre). */
  export const TARGET: number;
}

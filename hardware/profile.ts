/**
 * Board profiles: the single source of truth for pins, sizes and LED drive modes.
 * The firmware build embeds the chosen profile, the simulator builds its circuit from it,
 * and the hardware generators draw wiring tables, schematics and BOMs from it.
 * Profiles live as JSON in hardware/profiles/NAME.json.
 */

/** Which Espruino board family; decides pin names, current limits and sleep mode. */
export type Chip = "stm32" | "nrf52" | "esp32";

export interface KeyMatrix {
  /** Row lines, top row first. The firmware drives the selected row low, the others high-impedance. */
  rowPins: string[];
  /** Column lines, left column first, read with pull-ups (a pressed key reads 0). */
  colPins: string[];
  /** True when every switch has a series diode (row ← column), so any combination is readable. */
  diodes: boolean;
}

export interface DirectLeds {
  drive: "direct";
  /** One pin per LED, row-major (pad 1 first). */
  pins: string[];
  /** True when a pin driven high lights its LED (pin sources current through the resistor). */
  activeHigh: boolean;
  /** LEDs switched through transistors, so the pin only supplies base/gate current. */
  transistors: boolean;
  /** Design LED current in mA. */
  currentMa: number;
}

/**
 * WS2812B ("NeoPixel") pixels, one per pad, chained DOUT → DIN in pad order (pad 1 first) on
 * one data pin and written by Espruino's built-in `require("neopixel").write(pin, data)`:
 * the bit timing is done by hardware (SPI on STM32), each pixel keeps its colour by itself, and
 * the firmware writes only when the frame changes — no multiplexing, no timer.
 */
export interface NeopixelLeds {
  drive: "neopixel";
  /** The data pin: on STM32 an SPI MOSI pin (the neopixel module sends through SPI). */
  pin: string;
  /**
   * The largest byte the firmware writes on any colour channel (1–255): the brightness of a
   * lit pad, and the figure the power budget counts for every channel of every pixel.
   */
  brightness: number;
  /**
   * How the 3.3 V data pin reaches the 5 V pixels (VIH ≥ 0.7·VDD): "74AHCT125", a buffer fed
   * from the pixels' supply, or "none" where the pin's high level is already enough.
   */
  levelShift: "74AHCT125" | "none";
}

/**
 * (A third drive, LED rows multiplexed on the key rows by JS timers, was dropped: one 1.25 ms
 * row slot cost 0.78 ms of CPU on the reference interpreter, which a Pico cannot hold.)
 */
export type LedDrive = DirectLeds | NeopixelLeds;

/** Optional extra buttons, each a pin to GND read with a pull-up (Merlin's four function keys). */
export interface ExtraButtons {
  newGame?: string;
  sameGame?: string;
  hitMe?: string;
  compTurn?: string;
}

export interface Profile {
  /** Profile name, also the file name and the build output folder. */
  name: string;
  /** One line for humans. */
  description: string;
  /** The `espruino --board` id (PICO, MDBT42Q, ESP32). */
  board: string;
  chip: Chip;
  rows: number;
  cols: number;
  keys: KeyMatrix;
  leds: LedDrive;
  /** Piezo pin, driven with analogWrite for tones. */
  piezo: string;
  buttons?: ExtraButtons;
  /** Bluetooth boards: the console password (E.setPassword + E.lockConsole). */
  consolePassword?: string;
  /**
   * True when the firmware moves the console off the board's serial console pins
   * (Pico B6/B7: USB.setConsole(true); MDBT42Q D6/D8), which lets the profile use those pins.
   */
  consoleMoved?: boolean;
  /** Supply voltage at the pins, V (3.3 for all shipped boards). */
  vcc: number;
  /**
   * Merlin's games the image carries besides Magic Square, by name (src/toy/games/index.ts),
   * each a Storage file of its own; omitted: every one of them.
   */
  games?: string[];
}

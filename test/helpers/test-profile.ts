import type { Profile } from "../../hardware/profile";

/**
 * A 3×3 direct-drive Pico board for virtual-board tests: the same pins as the shipped
 * pico-3x3 profile, kept here so these tests do not change when that profile is rewired.
 */
export const PICO_TEST_PROFILE: Profile = {
  name: "pico-test",
  description: "3×3 direct-drive test board",
  board: "PICO",
  chip: "stm32",
  rows: 3,
  cols: 3,
  keys: { rowPins: ["B3", "B4", "B5"], colPins: ["A0", "A1", "A2"], diodes: false },
  leds: { drive: "direct", pins: ["B15", "B14", "B13", "B10", "B1", "A7", "A6", "A5", "A8"], activeHigh: true, transistors: false, currentMa: 8 },
  piezo: "B9",
  vcc: 3.3,
};

/**
 * A 4×4 Pico board with a WS2812B pixel per pad on the SPI1 MOSI pin A7, behind a 74AHCT125,
 * brightness cap 48, diodes on the keys and Merlin's four buttons.
 */
export const PIXEL_TEST_PROFILE: Profile = {
  name: "pico-test-pixels",
  description: "4×4 WS2812B test board",
  board: "PICO",
  chip: "stm32",
  rows: 4,
  cols: 4,
  keys: { rowPins: ["B15", "B14", "B13", "B10"], colPins: ["A0", "A1", "A2", "A3"], diodes: true },
  leds: { drive: "neopixel", pin: "A7", brightness: 48, levelShift: "74AHCT125" },
  piezo: "B4",
  buttons: { newGame: "A10", sameGame: "B9", hitMe: "B8", compTurn: "A4" },
  vcc: 3.3,
};

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

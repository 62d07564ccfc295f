/**
 * Espruino pin modes and what each one does to the wire: how strongly and to which level a
 * pin pulls its net (docs/espruino.md; jswrap_io.c pinMode).
 */

export const PIN_MODES = [
  "analog",
  "input",
  "input_pullup",
  "input_pulldown",
  "output",
  "opendrain",
  "opendrain_pullup",
  "af_output",
  "af_opendrain",
] as const;

export type PinMode = (typeof PIN_MODES)[number];

export function isPinMode(mode: unknown): mode is PinMode {
  return typeof mode === "string" && (PIN_MODES as readonly string[]).includes(mode);
}

/** 0 = does not drive (floating), 1 = weak (internal ~40 kΩ pull), 2 = strong (push-pull or open-drain low). */
export type Strength = 0 | 1 | 2;

export interface Drive {
  strength: Strength;
  level: 0 | 1;
}

export const NO_DRIVE: Drive = { strength: 0, level: 0 };
const PULL_UP: Drive = { strength: 1, level: 1 };
const PULL_DOWN: Drive = { strength: 1, level: 0 };
const DRIVE_LOW: Drive = { strength: 2, level: 0 };
const DRIVE_HIGH: Drive = { strength: 2, level: 1 };

/** What a pin in `mode` with output register `out` does to its net. PWM counts as driven at its majority level. */
export function pinDrive(mode: PinMode | undefined, out: 0 | 1, pwmDuty?: number): Drive {
  switch (mode) {
    case "input_pullup":
      return PULL_UP;
    case "input_pulldown":
      return PULL_DOWN;
    case "output":
    case "af_output":
      if (pwmDuty !== undefined) return pwmDuty >= 0.5 ? DRIVE_HIGH : DRIVE_LOW;
      return out ? DRIVE_HIGH : DRIVE_LOW;
    case "opendrain":
    case "af_opendrain":
      return out ? NO_DRIVE : DRIVE_LOW;
    case "opendrain_pullup":
      return out ? PULL_UP : DRIVE_LOW;
    default:
      return NO_DRIVE;
  }
}

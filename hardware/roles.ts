/**
 * Every pin a profile uses, with what it does: the one list the validator, the wiring
 * table and the schematic all read, so they cannot disagree.
 */
import type { ExtraButtons, Profile } from "./profile.js";

export type RoleKind = "keyRow" | "keyCol" | "led" | "pixelData" | "piezo" | "button";

export interface PinRole {
  pin: string;
  kind: RoleKind;
  /** 1-based index within its kind (LED 5, key column 2); 1 for the piezo and buttons. */
  index: number;
  /** Human label: "key row 1", "LED 5", "button NEW GAME". */
  label: string;
  /** Net name on the schematic: ROW1, COL2, LED5, PIXDATA, PIEZO, BTN_NEW. */
  net: string;
  /** Watched with setWatch (wakes the toy). */
  watched: boolean;
  /** Read through the internal pull-up. */
  pullup: boolean;
  /** Drives the line (push-pull or open-drain). */
  output: boolean;
  /** Needs hardware PWM. */
  pwm: boolean;
  /** Espruino pin mode for the wiring table. */
  mode: string;
}

export const BUTTON_ORDER: readonly (keyof ExtraButtons)[] = ["newGame", "sameGame", "hitMe", "compTurn"];

export const BUTTON_LABEL: Readonly<Record<keyof ExtraButtons, string>> = {
  newGame: "NEW GAME",
  sameGame: "SAME GAME",
  hitMe: "HIT ME",
  compTurn: "COMP TURN",
};

const BUTTON_NET: Readonly<Record<keyof ExtraButtons, string>> = {
  newGame: "BTN_NEW",
  sameGame: "BTN_SAME",
  hitMe: "BTN_HIT",
  compTurn: "BTN_COMP",
};

/** The extra buttons a profile declares, in Merlin's order. */
export function declaredButtons(p: Profile): { key: keyof ExtraButtons; pin: string }[] {
  const out: { key: keyof ExtraButtons; pin: string }[] = [];
  for (const key of BUTTON_ORDER) {
    const pin = p.buttons?.[key];
    if (pin !== undefined) out.push({ key, pin });
  }
  return out;
}

/** The pins that carry the LEDs: one per pad (direct) or the pixels' data pin. */
export function ledPins(p: Profile): string[] {
  return p.leds.drive === "direct" ? p.leds.pins : [p.leds.pin];
}

/** Pins in the order: key rows, key columns, LEDs / pixel data, piezo, buttons. */
export function pinRoles(p: Profile): PinRole[] {
  const roles: PinRole[] = [];
  p.keys.rowPins.forEach((pin, i) =>
    roles.push({
      pin, kind: "keyRow", index: i + 1, label: `key row ${i + 1}`, net: `ROW${i + 1}`,
      watched: false, pullup: false, output: true, pwm: false,
      mode: "opendrain: low while row is scanned, else high-impedance",
    }),
  );
  p.keys.colPins.forEach((pin, i) =>
    roles.push({
      pin, kind: "keyCol", index: i + 1, label: `key column ${i + 1}`, net: `COL${i + 1}`,
      watched: true, pullup: true, output: false, pwm: false,
      mode: "input_pullup, watched (pressed reads 0)",
    }),
  );
  if (p.leds.drive === "direct") {
    const leds = p.leds;
    leds.pins.forEach((pin, i) =>
      roles.push({
        pin, kind: "led", index: i + 1, label: `LED ${i + 1}`, net: `LED${i + 1}`,
        watched: false, pullup: false, output: true, pwm: false,
        mode: leds.transistors
          ? `output: ${leds.activeHigh ? "high" : "low"} = on (drives the transistor base)`
          : `output: ${leds.activeHigh ? "high = on (sources LED current)" : "low = on (sinks LED current)"}`,
      }),
    );
  } else {
    roles.push({
      pin: p.leds.pin, kind: "pixelData", index: 1, label: "pixel data", net: "PIXDATA",
      watched: false, pullup: false, output: true, pwm: false,
      mode: 'SPI MOSI, written by require("neopixel").write (hardware-timed, only when the frame changes)',
    });
  }
  roles.push({
    pin: p.piezo, kind: "piezo", index: 1, label: "piezo", net: "PIEZO",
    watched: false, pullup: false, output: true, pwm: true,
    mode: "output: PWM tone with analogWrite(pin, 0.5, {freq})",
  });
  for (const { key, pin } of declaredButtons(p)) {
    roles.push({
      pin, kind: "button", index: 1, label: `button ${BUTTON_LABEL[key]}`, net: BUTTON_NET[key],
      watched: true, pullup: true, output: false, pwm: false,
      mode: "input_pullup, watched (pressed reads 0)",
    });
  }
  return roles;
}

/**
 * The wiring of a board profile as the circuit model sees it: the key switches (row line ↔
 * column line, with or without a diode), the extra buttons (pin ↔ GND), the on-board buttons,
 * the LEDs (or the WS2812 pixels' data pin) and the piezo. Validates the profile's pin names against the board family.
 */
import type { LedDrive, Profile } from "../../hardware/profile";
import { type BoardFamily, canonicalPin } from "./board-family";

/** A node that is not a pin: the supply rails. */
export type Rail = "GND" | "VCC";

export interface SwitchWiring {
  /** Key name: "pad 0" … or the extra/on-board button name. */
  name: string;
  /** Cathode side for diode switches (the key row). */
  a: string;
  /** Anode side for diode switches (the key column), or a rail. */
  b: string | Rail;
  diode: boolean;
}

export interface CircuitLayout {
  family: BoardFamily;
  rows: number;
  cols: number;
  rowPins: readonly string[];
  colPins: readonly string[];
  /** One per pad, row-major. */
  keys: readonly SwitchWiring[];
  /** Extra buttons from the profile and the board's own buttons, by name. */
  buttons: ReadonlyMap<string, SwitchWiring>;
  leds: LedDrive;
  piezo: string;
}

export function buildLayout(profile: Profile, family: BoardFamily): CircuitLayout {
  const where = `profile "${profile.name}"`;
  const pin = (name: string, role: string): string => {
    const canonical = canonicalPin(family, name);
    if (!canonical) {
      throw new Error(
        `${where}: ${role} pin "${name}" does not exist on ${family.board}; valid pins are ${family.pins[0]}…${family.pins[family.pins.length - 1]} and ${Object.keys(family.aliases).join(", ")}`,
      );
    }
    return canonical;
  };
  if (!(profile.rows > 0 && profile.cols > 0)) throw new Error(`${where}: rows and cols must be positive`);
  if (profile.keys.rowPins.length !== profile.rows) {
    throw new Error(`${where}: keys.rowPins has ${profile.keys.rowPins.length} pins for ${profile.rows} rows`);
  }
  if (profile.keys.colPins.length !== profile.cols) {
    throw new Error(`${where}: keys.colPins has ${profile.keys.colPins.length} pins for ${profile.cols} cols`);
  }
  const rowPins = profile.keys.rowPins.map((p, i) => pin(p, `key row ${i}`));
  const colPins = profile.keys.colPins.map((p, i) => pin(p, `key column ${i}`));
  const keys: SwitchWiring[] = [];
  for (let r = 0; r < profile.rows; r++) {
    for (let c = 0; c < profile.cols; c++) {
      keys.push({ name: `pad ${r * profile.cols + c}`, a: rowPins[r], b: colPins[c], diode: profile.keys.diodes });
    }
  }
  const buttons = new Map<string, SwitchWiring>();
  for (const [name, p] of Object.entries(profile.buttons ?? {})) {
    if (p) buttons.set(name, { name, a: pin(p, `button ${name}`), b: "GND", diode: false });
  }
  for (const b of family.buttons) {
    if (!buttons.has(b.name)) buttons.set(b.name, { name: b.name, a: b.pin, b: b.pressedLevel ? "VCC" : "GND", diode: false });
  }

  let leds: LedDrive;
  if (profile.leds.drive === "direct") {
    if (profile.leds.pins.length !== profile.rows * profile.cols) {
      throw new Error(`${where}: leds.pins has ${profile.leds.pins.length} pins for ${profile.rows * profile.cols} pads`);
    }
    leds = { ...profile.leds, pins: profile.leds.pins.map((p, i) => pin(p, `LED ${i}`)) };
  } else {
    leds = { ...profile.leds, pin: pin(profile.leds.pin, "pixel data") };
  }
  const piezo = pin(profile.piezo, "piezo");

  const used = new Map<string, string>();
  const claim = (p: string, role: string) => {
    const other = used.get(p);
    if (other) throw new Error(`${where}: pin ${p} is used twice, as ${other} and as ${role}`);
    used.set(p, role);
  };
  rowPins.forEach((p, i) => claim(p, `key row ${i}`));
  colPins.forEach((p, i) => claim(p, `key column ${i}`));
  for (const [name, b] of buttons) if (profile.buttons && name in profile.buttons) claim(b.a, `button ${name}`);
  if (leds.drive === "direct") leds.pins.forEach((p, i) => claim(p, `LED ${i}`));
  else claim(leds.pin, "pixel data");
  claim(piezo, "piezo");

  return { family, rows: profile.rows, cols: profile.cols, rowPins, colPins, keys, buttons, leds, piezo };
}

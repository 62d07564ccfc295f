/**
 * Component values and currents that follow from a profile: LED and base resistors,
 * the piezo's series resistor, the current each pin carries and what the battery supplies.
 * The validator checks these figures against the board limits; the BOM, schematic and
 * power.md print them. Expects a structurally valid profile (see validate.ts).
 */
import type { Board } from "./boards.js";
import { e12Down, e12Up } from "./e12.js";
import { FORCED_BETA, LED, PIEZO, PNP_PULLUP_OHMS, VBE, VCE_SAT } from "./parts.js";
import type { Profile } from "./profile.js";
import { pinRoles } from "./roles.js";

export type LedScheme = "direct" | "direct-transistor" | "matrix";

export interface TransistorDesign {
  type: "NPN" | "PNP";
  count: number;
  /** Largest collector current one transistor switches, mA (design figure). */
  collectorMa: number;
  /** Base resistor, E12 rounded down so the transistor saturates. */
  baseOhms: number;
  /** Base current the driving pin supplies, mA. */
  baseMa: number;
  /** Base–emitter pull-up per transistor (row PNPs only: keeps them off while the row floats). */
  pullupOhms?: number;
}

export interface LedDesign {
  scheme: LedScheme;
  /** Series resistor: one per LED (direct) or one per LED column (matrix). */
  resistorOhms: number;
  resistorCount: number;
  /** Voltage lost in a saturated transistor in the LED path, V. */
  transistorDropV: number;
  /** LED current with the E12 resistor, mA (at most the profile's currentMa). */
  ledMa: number;
  transistor?: TransistorDesign;
}

export interface PiezoDesign {
  seriesOhms: number;
  /** Charging peak through the series resistor, mA. */
  peakMa: number;
}

export interface PinLoad {
  pin: string;
  label: string;
  /** Worst-case current through the pin, mA (LEDs at the profile's design current). */
  ma: number;
  what: string;
}

export function ledCount(p: Profile): number {
  return p.rows * p.cols;
}

function ledResistor(vcc: number, dropV: number, currentMa: number): number {
  return e12Up((vcc - LED.forwardV - dropV) / (currentMa / 1000));
}

function baseDesign(vcc: number, collectorMa: number): { baseOhms: number; baseMa: number } {
  const baseOhms = e12Down((vcc - VBE) / (collectorMa / FORCED_BETA / 1000));
  return { baseOhms, baseMa: ((vcc - VBE) / baseOhms) * 1000 };
}

/** Headroom left across the LED's series resistor, V; must be positive for the LED to light. */
export function ledHeadroomV(p: Profile): number {
  const withTransistor = p.leds.drive === "matrix" || p.leds.transistors;
  return p.vcc - LED.forwardV - (withTransistor ? VCE_SAT : 0);
}

export function ledDesign(p: Profile): LedDesign {
  const leds = p.leds;
  const vcc = p.vcc;
  if (leds.drive === "matrix") {
    const resistorOhms = ledResistor(vcc, VCE_SAT, leds.currentMa);
    const collectorMa = p.cols * leds.currentMa;
    return {
      scheme: "matrix",
      resistorOhms,
      resistorCount: p.cols,
      transistorDropV: VCE_SAT,
      ledMa: ((vcc - LED.forwardV - VCE_SAT) / resistorOhms) * 1000,
      transistor: { type: "PNP", count: p.rows, collectorMa, ...baseDesign(vcc, collectorMa), pullupOhms: PNP_PULLUP_OHMS },
    };
  }
  if (leds.transistors) {
    const resistorOhms = ledResistor(vcc, VCE_SAT, leds.currentMa);
    return {
      scheme: "direct-transistor",
      resistorOhms,
      resistorCount: ledCount(p),
      transistorDropV: VCE_SAT,
      ledMa: ((vcc - LED.forwardV - VCE_SAT) / resistorOhms) * 1000,
      transistor: {
        // A pin driven high switches a low-side NPN; driven low, a high-side PNP.
        type: leds.activeHigh ? "NPN" : "PNP",
        count: ledCount(p),
        collectorMa: leds.currentMa,
        ...baseDesign(vcc, leds.currentMa),
      },
    };
  }
  const resistorOhms = ledResistor(vcc, 0, leds.currentMa);
  return {
    scheme: "direct",
    resistorOhms,
    resistorCount: ledCount(p),
    transistorDropV: 0,
    ledMa: ((vcc - LED.forwardV) / resistorOhms) * 1000,
  };
}

export function piezoDesign(p: Profile, board: Board): PiezoDesign {
  const seriesOhms = e12Up(p.vcc / (Math.min(board.current.perPinMa, PIEZO.maxPeakMa) / 1000));
  return { seriesOhms, peakMa: (p.vcc / seriesOhms) * 1000 };
}

/** Worst-case current of every pin that carries more than a pull-up's trickle. */
export function pinLoads(p: Profile, board: Board): PinLoad[] {
  const led = ledDesign(p);
  const piezo = piezoDesign(p, board);
  const loads: PinLoad[] = [];
  for (const role of pinRoles(p)) {
    if (role.kind === "led") {
      loads.push(
        led.transistor
          ? { pin: role.pin, label: role.label, ma: led.transistor.baseMa, what: `${led.transistor.type} base current` }
          : { pin: role.pin, label: role.label, ma: p.leds.currentMa, what: "LED current" },
      );
    } else if (role.kind === "ledCol") {
      loads.push({ pin: role.pin, label: role.label, ma: p.leds.currentMa, what: "LED current (one LED lit per column)" });
    } else if (role.kind === "keyRow" && led.scheme === "matrix" && led.transistor) {
      loads.push({ pin: role.pin, label: role.label, ma: led.transistor.baseMa, what: "row PNP base current" });
    } else if (role.kind === "piezo") {
      loads.push({ pin: role.pin, label: role.label, ma: piezo.peakMa, what: "piezo charging peak" });
    }
  }
  return loads;
}

/**
 * Worst instant for all pins together: every LED lit and a tone playing. In the matrix only
 * one row is driven at a time, so one row base current counts, not all of them.
 */
export function totalPinLoadMa(p: Profile, board: Board): number {
  const loads = pinLoads(p, board);
  const led = ledDesign(p);
  let total = 0;
  let rowSeen = false;
  for (const load of loads) {
    const isRow = led.scheme === "matrix" && p.keys.rowPins.includes(load.pin);
    if (isRow) {
      if (rowSeen) continue;
      rowSeen = true;
    }
    total += load.ma;
  }
  return total;
}

/** Current drawn from the supply for the LEDs (resistor values as built), mA. */
export function ledSupplyMa(p: Profile, litFraction: number): number {
  const led = ledDesign(p);
  if (led.scheme === "matrix") {
    // One row at a time: on average cols × litFraction LEDs conduct; the row base current flows while scanning.
    return p.cols * litFraction * led.ledMa + (led.transistor?.baseMa ?? 0);
  }
  const lit = ledCount(p) * litFraction;
  return lit * (led.ledMa + (led.transistor?.baseMa ?? 0));
}

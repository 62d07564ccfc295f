/**
 * Component values and currents that follow from a profile: LED and base resistors,
 * the piezo's series resistor, the current each pin carries and what the battery supplies.
 * The validator checks these figures against the board limits; the BOM, schematic and
 * power.md print them. Expects a structurally valid profile (see validate.ts).
 */
import type { Board } from "./boards.js";
import { e12Down, e12Up } from "./e12.js";
import { BULK_CAP, DATA_PULLDOWN_OHMS, FORCED_BETA, GPIO_OHMS, GPIO_VOH_DROP, LED, PIEZO, PIXEL, PIXEL_DATA_OHMS, VBE, VCE_SAT } from "./parts.js";
import type { NeopixelLeds, Profile } from "./profile.js";
import { pinRoles } from "./roles.js";

export type LedScheme = "direct" | "direct-transistor";

export interface TransistorDesign {
  type: "NPN" | "PNP";
  count: number;
  /** Largest collector current one transistor switches, mA (design figure). */
  collectorMa: number;
  /** Base resistor, E12 rounded down so the transistor saturates. */
  baseOhms: number;
  /** Base current the driving pin supplies, mA. */
  baseMa: number;
}

export interface LedDesign {
  scheme: LedScheme;
  /** Series resistor, one per LED. */
  resistorOhms: number;
  resistorCount: number;
  /** Voltage lost in a saturated transistor in the LED path, V. */
  transistorDropV: number;
  /** The profile's design current (currentMa), mA. */
  designMa: number;
  /** LED current with the E12 resistor and an ideal pin, mA (at most the profile's currentMa). */
  ledMa: number;
  /** The same with the pin's worst-case output resistance in series (direct drive), mA. */
  ledSagMa: number;
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

/** A profile whose LEDs are WS2812 pixels (the neopixel drive). */
export type PixelProfile = Profile & { leds: NeopixelLeds };

export function hasPixels(p: Profile): p is PixelProfile {
  return p.leds.drive === "neopixel";
}

export interface PixelDesign {
  count: number;
  /** Average current of one pixel with all three channels at the brightness cap, mA. */
  litMa: number;
  /** Every pixel's own controller, dark or lit, mA each. */
  idleMa: number;
  /** Every pixel at the cap on every channel (white), plus the controllers, mA: the worst case. */
  allLitMa: number;
  /** All pixels dark: only their controllers, mA. */
  darkMa: number;
  /** The pixels' supply: board pin and voltage with USB plugged in. */
  supplyPin: string;
  supplyV: number;
  /** The high level the pixels need on DIN (0.7·VDD), V. */
  vihV: number;
  /** The data pin's guaranteed high level, V. */
  pinHighV: number;
  /** High level at the first pixel's DIN as built: the shifter's output (its VCC) or the pin's own. */
  dataHighV: number;
  /** Series resistor at the first pixel's DIN, Ω. */
  dataOhms: number;
  bulkUf: number;
  /** What USB may deliver, mA. */
  usbMa: number;
}

/** Current drawn by the pixels with `litFraction` of them at the cap on every channel, mA. */
function pixelSupplyMa(p: PixelProfile, litFraction: number): number {
  const n = ledCount(p);
  return n * PIXEL.idleMa + n * litFraction * pixelLitMa(p);
}

function pixelLitMa(p: PixelProfile): number {
  return (3 * PIXEL.channelMa * p.leds.brightness) / 255;
}

/** The pixel chain's figures; the board must have neopixel support (the validator checks it). */
export function pixelDesign(p: PixelProfile, board: Board): PixelDesign {
  const np = board.neopixel;
  if (!np) throw new Error(`pixelDesign: board ${board.id} has no neopixel support`);
  const pinHighV = p.vcc - GPIO_VOH_DROP;
  return {
    count: ledCount(p),
    litMa: pixelLitMa(p),
    idleMa: PIXEL.idleMa,
    allLitMa: pixelSupplyMa(p, 1),
    darkMa: pixelSupplyMa(p, 0),
    supplyPin: np.supplyPin,
    supplyV: np.supplyV,
    vihV: PIXEL.vihFraction * np.supplyV,
    pinHighV,
    dataHighV: p.leds.levelShift === "74AHCT125" ? np.supplyV : pinHighV,
    dataOhms: PIXEL_DATA_OHMS,
    bulkUf: BULK_CAP.uf,
    usbMa: np.usbMa,
  };
}

/** The pixels' supply pin at a total USB current, V (the board's supply-path model). */
export function suppliedV(board: Board, totalMa: number): number {
  const m = board.neopixel!.sag;
  return m.usbMinV - (totalMa / 1000) * m.pathOhms - m.diodeV;
}

export interface BrightnessCap {
  /** Highest cap within USB's current budget. */
  byCurrent: number;
  /** Highest cap that keeps the supply pin at or above the low end of loadedV. */
  bySag: number;
  /** The lower of the two: the highest cap this build may declare. */
  most: number;
}

/**
 * The highest brightness cap: every pixel white at the cap with JavaScript running must stay within
 * USB's current, and the supply pin must not sag below the low end of the range the documents
 * promise (loadedV) with USB at its minimum.
 */
export function brightnessCap(p: PixelProfile, board: Board): BrightnessCap {
  const np = board.neopixel!;
  const n = ledCount(p);
  const perByte = (n * 3 * PIXEL.channelMa) / 255;
  const fixedMa = board.power.runMa + n * PIXEL.idleMa;
  const byCurrent = Math.floor((np.usbMa - fixedMa) / perByte);
  const sagMa = ((np.sag.usbMinV - np.sag.diodeV - np.loadedV[0]) / np.sag.pathOhms) * 1000;
  const bySag = Math.floor((sagMa - fixedMa) / perByte);
  return { byCurrent, bySag, most: Math.max(0, Math.min(byCurrent, bySag, 255)) };
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
  if (p.leds.drive === "neopixel") return p.vcc;
  return p.vcc - LED.forwardV - (p.leds.transistors ? VCE_SAT : 0);
}

/** Resistors and transistors of single-colour LEDs (not for the neopixel drive: see pixelDesign). */
export function ledDesign(p: Profile): LedDesign {
  const leds = p.leds;
  const vcc = p.vcc;
  if (leds.drive === "neopixel") throw new Error(`ledDesign: profile ${p.name} has WS2812 pixels; use pixelDesign`);
  if (leds.transistors) {
    const resistorOhms = ledResistor(vcc, VCE_SAT, leds.currentMa);
    return {
      scheme: "direct-transistor",
      designMa: leds.currentMa,
      resistorOhms,
      resistorCount: ledCount(p),
      transistorDropV: VCE_SAT,
      ledMa: ((vcc - LED.forwardV - VCE_SAT) / resistorOhms) * 1000,
      // The LED current comes from the 3.3 V rail through the transistor, not through a pin.
      ledSagMa: ((vcc - LED.forwardV - VCE_SAT) / resistorOhms) * 1000,
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
    designMa: leds.currentMa,
    resistorOhms,
    resistorCount: ledCount(p),
    transistorDropV: 0,
    ledMa: ((vcc - LED.forwardV) / resistorOhms) * 1000,
    ledSagMa: ((vcc - LED.forwardV) / (resistorOhms + GPIO_OHMS)) * 1000,
  };
}

export function piezoDesign(p: Profile, board: Board): PiezoDesign {
  const seriesOhms = e12Up(p.vcc / (Math.min(board.current.perPinMa, PIEZO.maxPeakMa) / 1000));
  return { seriesOhms, peakMa: (p.vcc / seriesOhms) * 1000 };
}

/** Worst-case current of every pin that carries more than a pull-up's trickle. */
export function pinLoads(p: Profile, board: Board): PinLoad[] {
  const led = hasPixels(p) ? undefined : ledDesign(p);
  // The pixels' data pin only drives a CMOS input (the shifter's or the first pixel's): no load.
  const currentMa = p.leds.drive === "neopixel" ? 0 : p.leds.currentMa;
  const piezo = piezoDesign(p, board);
  const loads: PinLoad[] = [];
  for (const role of pinRoles(p)) {
    if (role.kind === "led") {
      loads.push(
        led?.transistor
          ? { pin: role.pin, label: role.label, ma: led.transistor.baseMa, what: `${led.transistor.type} base current` }
          : { pin: role.pin, label: role.label, ma: currentMa, what: "LED current" },
      );
    } else if (role.kind === "pixelData" && hasPixels(p) && p.leds.levelShift === "74AHCT125") {
      loads.push({ pin: role.pin, label: role.label, ma: (p.vcc / DATA_PULLDOWN_OHMS) * 1000, what: `the ${DATA_PULLDOWN_OHMS / 1000} kΩ pull-down while high` });
    } else if (role.kind === "piezo") {
      loads.push({ pin: role.pin, label: role.label, ma: piezo.peakMa, what: "piezo charging peak" });
    }
  }
  return loads;
}

/** Worst instant for all pins together: every LED lit and a tone playing. */
export function totalPinLoadMa(p: Profile, board: Board): number {
  return pinLoads(p, board).reduce((sum, load) => sum + load.ma, 0);
}

/**
 * Current drawn from the supply for the LEDs (resistor values as built), mA. Pixels: that
 * fraction of them at the brightness cap on every channel, plus every pixel's controller.
 */
export function ledSupplyMa(p: Profile, litFraction: number): number {
  if (hasPixels(p)) return pixelSupplyMa(p, litFraction);
  const led = ledDesign(p);
  const lit = ledCount(p) * litFraction;
  return lit * (led.ledMa + (led.transistor?.baseMa ?? 0));
}

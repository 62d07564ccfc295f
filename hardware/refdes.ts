/**
 * Reference designators: every part of a build gets one name (R3, Q3, LED3, SW3, U2 …), and the
 * BOM, the wiring table and the schematic all print it from here, so they cannot disagree.
 *
 * Numbering: pad n's parts carry n (SWn, LEDn, Rn, Qn, DKn, Cn); the rest follow in the order
 * below. LEDs and WS2812B pixels are LED, key diodes DK and the Schottky DS, so no designator
 * reads like an Espruino pin name (D5 is a pin on the MDBT42Q and the ESP32).
 */
import type { Board } from "./boards.js";
import { hasPixels, ledCount, ledDesign } from "./design.js";
import type { Profile } from "./profile.js";
import { declaredButtons } from "./roles.js";

export interface Refs {
  board: string;
  /** Pad switch of pad n is padSwitch[n − 1]. */
  padSwitch: string[];
  /** Key diode of pad n (diodes: true). */
  keyDiode: string[];
  /** LED or pixel of pad n. */
  led: string[];
  /** Series resistor of LED n (single-colour LEDs). */
  ledResistor: string[];
  /** Transistor and base resistor of LED n (transistors: true). */
  transistor: string[];
  baseResistor: string[];
  /** Function buttons in Merlin's order (newGame, sameGame, hitMe, compTurn as declared). */
  button: string[];
  piezo: string;
  piezoResistor: string;
  /** Pixel builds. */
  shifter?: string;
  dataResistor?: string;
  pullDown?: string;
  /** 100 nF at pixel n, and at the shifter. */
  pixelCap: string[];
  shifterCap?: string;
  bulkCap?: string;
  /** Battery builds. */
  battery?: string;
  powerSwitch?: string;
  schottky?: string;
}

function seq(prefix: string, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${from + i}`);
}

export function refs(p: Profile, board: Board): Refs {
  const n = ledCount(p);
  const buttons = declaredButtons(p).length;
  const pixels = hasPixels(p);
  const led = pixels ? undefined : ledDesign(p);
  const t = led?.transistor;
  let r = 1;
  const take = (count: number) => {
    const out = seq("R", r, count);
    r += count;
    return out;
  };
  const ledResistor = pixels ? [] : take(n);
  const baseResistor = t ? take(n) : [];
  const piezoResistor = take(1)[0];
  const dataResistor = pixels ? take(1)[0] : undefined;
  const pullDown = pixels && p.leds.drive === "neopixel" && p.leds.levelShift === "74AHCT125" ? take(1)[0] : undefined;
  const shifter = pixels && p.leds.drive === "neopixel" && p.leds.levelShift === "74AHCT125" ? "U2" : undefined;
  const out: Refs = {
    board: "U1",
    padSwitch: seq("SW", 1, n),
    keyDiode: p.keys.diodes ? seq("DK", 1, n) : [],
    led: seq("LED", 1, n),
    ledResistor,
    transistor: t ? seq("Q", 1, n) : [],
    baseResistor,
    button: seq("SW", n + 1, buttons),
    piezo: "BZ1",
    piezoResistor,
    shifter,
    dataResistor,
    pullDown,
    pixelCap: pixels ? seq("C", 1, n) : [],
    shifterCap: shifter ? `C${n + 1}` : undefined,
    bulkCap: pixels ? `C${n + (shifter ? 2 : 1)}` : undefined,
  };
  if (!pixels) {
    out.battery = "BT1";
    out.powerSwitch = `SW${n + buttons + 1}`;
    if (board.battery.seriesDiode) out.schottky = "DS1";
  }
  return out;
}

/** "R1–R9", "SW10, SW11", "U1": a compact list of designators. */
export function refRange(list: string[]): string {
  if (list.length === 0) return "";
  if (list.length === 1) return list[0];
  const num = (s: string) => Number(/\d+$/.exec(s)![0]);
  const prefix = (s: string) => s.replace(/\d+$/, "");
  const consecutive = list.every((s, i) => i === 0 || (prefix(s) === prefix(list[0]) && num(s) === num(list[i - 1]) + 1));
  if (consecutive && list.length > 2) return `${list[0]}–${list[list.length - 1]}`;
  return list.join(", ");
}

/** bom.csv: parts and quantities, every count and value derived from the profile. */
import type { Board } from "../boards.js";
import { hasPixels, ledCount, ledDesign, piezoDesign, pixelDesign, type PixelProfile } from "../design.js";
import { formatOhms } from "../e12.js";
import { BULK_CAP, BUTTON_SWITCH, DECOUPLING, DIODE, LED, LEVEL_SHIFTER, NPN, PAD_SWITCH, PIEZO, PIXEL, PNP, RESISTOR_KIND } from "../parts.js";
import type { Profile } from "../profile.js";
import { declaredButtons } from "../roles.js";

export interface BomRow {
  part: string;
  value: string;
  quantity: number;
  example: string;
}

/** Resistances in ASCII for spreadsheets: "180 ohm", "4.7 kohm". */
function ohms(x: number): string {
  return formatOhms(x).replace("Ω", "ohm");
}

export function bomRows(p: Profile, board: Board): BomRow[] {
  const piezo = piezoDesign(p, board);
  const rows: BomRow[] = [];
  rows.push({ part: "Espruino board", value: board.title, quantity: 1, example: board.orderName });
  rows.push({ part: "Pad switch", value: PAD_SWITCH.description, quantity: p.rows * p.cols, example: PAD_SWITCH.example });
  const buttons = declaredButtons(p);
  if (buttons.length) rows.push({ part: "Function button", value: BUTTON_SWITCH.description, quantity: buttons.length, example: BUTTON_SWITCH.example });
  if (p.keys.diodes) rows.push({ part: "Key diode", value: DIODE.description, quantity: p.rows * p.cols, example: DIODE.example });
  if (hasPixels(p)) rows.push(...pixelRows(p, board));
  else rows.push(...ledRows(p));
  rows.push({ part: "Piezo", value: PIEZO.description, quantity: 1, example: PIEZO.example });
  rows.push({ part: "Piezo series resistor", value: ohms(piezo.seriesOhms), quantity: 1, example: RESISTOR_KIND });
  if (hasPixels(p)) rows.push({ part: "USB power supply", value: "5 V USB charger or power bank, 1 A or more", quantity: 1, example: "any USB-A charger (the Pico plugs in directly)" });
  else rows.push({ part: "Battery holder", value: `${board.battery.cells}, ${board.battery.volts} V`, quantity: 1, example: "holder with on/off switch" });
  return rows;
}

/** WS2812 pixels: the pixels, the data path and the supply's capacitors. */
function pixelRows(p: PixelProfile, board: Board): BomRow[] {
  const d = pixelDesign(p, board);
  const rows: BomRow[] = [{ part: "RGB LED pixel", value: PIXEL.description, quantity: d.count, example: PIXEL.example }];
  rows.push({ part: "Pixel data resistor", value: ohms(d.dataOhms), quantity: 1, example: RESISTOR_KIND });
  const shifter = p.leds.levelShift === "74AHCT125";
  if (shifter) rows.push({ part: "Level shifter", value: LEVEL_SHIFTER.description, quantity: 1, example: LEVEL_SHIFTER.example });
  rows.push({ part: "Decoupling capacitor", value: DECOUPLING.description, quantity: d.count + (shifter ? 1 : 0), example: DECOUPLING.example });
  rows.push({ part: "Bulk capacitor", value: BULK_CAP.description, quantity: 1, example: BULK_CAP.example });
  return rows;
}

/** Single-colour LEDs: the LEDs, their resistors and any transistors. */
function ledRows(p: Profile): BomRow[] {
  const led = ledDesign(p);
  const rows: BomRow[] = [];
  rows.push({ part: "LED", value: `${LED.description}, Vf ${LED.forwardV.toFixed(1)} V`, quantity: ledCount(p), example: LED.example });
  rows.push({
    part: "LED resistor",
    value: ohms(led.resistorOhms),
    quantity: led.resistorCount,
    example: RESISTOR_KIND,
  });
  const t = led.transistor;
  if (t) {
    const part = t.type === "NPN" ? NPN : PNP;
    rows.push({ part: `LED transistor (${t.type})`, value: part.description, quantity: t.count, example: part.example });
    rows.push({ part: "Base resistor", value: ohms(t.baseOhms), quantity: t.count, example: RESISTOR_KIND });
  }
  return rows;
}

function csvField(s: string): string {
  const ascii = s.replace(/×/g, "x").replace(/–/g, "-").replace(/µ/g, "u");
  return /[",\n]/.test(ascii) ? `"${ascii.replace(/"/g, '""')}"` : ascii;
}

export function bomCsv(p: Profile, board: Board): string {
  const lines = ["part,value,quantity,example part number"];
  for (const r of bomRows(p, board)) lines.push([r.part, r.value, String(r.quantity), r.example].map(csvField).join(","));
  return lines.join("\n") + "\n";
}

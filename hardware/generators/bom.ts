/** bom.csv: parts and quantities, every count and value derived from the profile. */
import type { Board } from "../boards.js";
import { ledCount, ledDesign, piezoDesign } from "../design.js";
import { formatOhms } from "../e12.js";
import { BUTTON_SWITCH, DIODE, LED, NPN, PAD_SWITCH, PIEZO, PNP, RESISTOR_KIND } from "../parts.js";
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
  const led = ledDesign(p);
  const piezo = piezoDesign(p, board);
  const rows: BomRow[] = [];
  rows.push({ part: "Espruino board", value: board.title, quantity: 1, example: board.orderName });
  rows.push({ part: "Pad switch", value: PAD_SWITCH.description, quantity: p.rows * p.cols, example: PAD_SWITCH.example });
  const buttons = declaredButtons(p);
  if (buttons.length) rows.push({ part: "Function button", value: BUTTON_SWITCH.description, quantity: buttons.length, example: BUTTON_SWITCH.example });
  if (p.keys.diodes) rows.push({ part: "Key diode", value: DIODE.description, quantity: p.rows * p.cols, example: DIODE.example });
  rows.push({ part: "LED", value: `${LED.description}, Vf ${LED.forwardV.toFixed(1)} V`, quantity: ledCount(p), example: LED.example });
  rows.push({
    part: led.scheme === "matrix" ? "LED column resistor" : "LED resistor",
    value: ohms(led.resistorOhms),
    quantity: led.resistorCount,
    example: RESISTOR_KIND,
  });
  const t = led.transistor;
  if (t) {
    const part = t.type === "NPN" ? NPN : PNP;
    rows.push({ part: led.scheme === "matrix" ? "Row transistor (PNP)" : `LED transistor (${t.type})`, value: part.description, quantity: t.count, example: part.example });
    rows.push({ part: "Base resistor", value: ohms(t.baseOhms), quantity: t.count, example: RESISTOR_KIND });
    if (t.pullupOhms) rows.push({ part: "Base-emitter pull-up resistor", value: ohms(t.pullupOhms), quantity: t.count, example: RESISTOR_KIND });
  }
  rows.push({ part: "Piezo", value: PIEZO.description, quantity: 1, example: PIEZO.example });
  rows.push({ part: "Piezo series resistor", value: ohms(piezo.seriesOhms), quantity: 1, example: RESISTOR_KIND });
  rows.push({ part: "Battery holder", value: `${board.battery.cells}, ${board.battery.volts} V`, quantity: 1, example: "holder with on/off switch" });
  return rows;
}

function csvField(s: string): string {
  const ascii = s.replace(/×/g, "x").replace(/–/g, "-");
  return /[",\n]/.test(ascii) ? `"${ascii.replace(/"/g, '""')}"` : ascii;
}

export function bomCsv(p: Profile, board: Board): string {
  const lines = ["part,value,quantity,example part number"];
  for (const r of bomRows(p, board)) lines.push([r.part, r.value, String(r.quantity), r.example].map(csvField).join(","));
  return lines.join("\n") + "\n";
}

/**
 * bom.csv: everything on the bench to build the toy, with quantities and reference designators
 * (refdes.ts) derived from the profile: electronic parts, then power, then what holds it together.
 */
import { headerPlace, PITCH_005, type Board } from "../boards.js";
import { hasPixels, ledCount, ledDesign, piezoDesign, pixelDesign, type PixelProfile } from "../design.js";
import { formatOhms } from "../e12.js";
import {
  BULK_CAP, BUTTON_SWITCH, DATA_PULLDOWN_OHMS, DECOUPLING, DIODE, KEY_CAP, LED, LEVEL_SHIFTER, NPN, PAD_SWITCH, PIEZO, PIXEL, PNP,
  CONSUMABLES, POWER_SWITCH, RESISTOR_KIND, SCHOTTKY, STACK, WIRE,
} from "../parts.js";
import { FOOTPRINTS } from "../footprints.js";
import { backStandoffMm, usesFinePitch } from "../mechanics.js";
import type { Profile } from "../profile.js";
import { refRange, refs, type Refs } from "../refdes.js";
import { pinRoles } from "../roles.js";
import { panelLayout } from "./panel.js";

export interface BomRow {
  part: string;
  value: string;
  quantity: number;
  /** Reference designators, as on the schematic and in wiring.md ("" for mechanical parts). */
  refs: string;
  example: string;
}

/** Resistances in ASCII for spreadsheets: "180 ohm", "4.7 kohm". */
function ohms(x: number): string {
  return formatOhms(x).replace("Ω", "ohm");
}

/** Perfboard sheet the panel's footprint fits on. */
function perfboardFor(w: number, h: number): string {
  const [a, b] = [Math.min(w, h), Math.max(w, h)];
  if (a <= 100 && b <= 160) return "160 × 100 mm (Eurocard)";
  if (a <= 160 && b <= 233) return "233 × 160 mm (double Eurocard)";
  return "two 233 × 160 mm sheets";
}

export function bomRows(p: Profile, board: Board): BomRow[] {
  const piezo = piezoDesign(p, board);
  const R = refs(p, board);
  const n = ledCount(p);
  const rows: BomRow[] = [];
  const add = (part: string, value: string, quantity: number, refList: string[] | string, example: string) =>
    rows.push({ part, value, quantity, refs: Array.isArray(refList) ? refRange(refList) : refList, example });

  add("Espruino board", board.title, 1, R.board, board.orderName);
  add("Pad switch", PAD_SWITCH.description, n, R.padSwitch, PAD_SWITCH.example);
  add("Key cap", KEY_CAP.description, n, "", KEY_CAP.example);
  if (R.button.length) add("Function button", BUTTON_SWITCH.description, R.button.length, R.button, BUTTON_SWITCH.example);
  if (p.keys.diodes) add("Key diode", DIODE.description, n, R.keyDiode, DIODE.example);
  if (hasPixels(p)) rows.push(...pixelRows(p, board, R));
  else rows.push(...ledRows(p, R));
  add("Piezo", PIEZO.description, 1, R.piezo, PIEZO.example);
  add("Piezo series resistor", ohms(piezo.seriesOhms), 1, R.piezoResistor, RESISTOR_KIND);
  rows.push(...powerRows(p, board, R));
  rows.push(...benchRows(p, board));
  return rows;
}

/** WS2812 pixels: the pixels, the data path and the supply's capacitors. */
function pixelRows(p: PixelProfile, board: Board, R: Refs): BomRow[] {
  const d = pixelDesign(p, board);
  const rows: BomRow[] = [{ part: "RGB LED pixel", value: PIXEL.description, quantity: d.count, refs: refRange(R.led), example: PIXEL.example }];
  rows.push({ part: "Pixel data resistor", value: ohms(d.dataOhms), quantity: 1, refs: R.dataResistor!, example: RESISTOR_KIND });
  if (R.shifter) {
    rows.push({ part: "Level shifter", value: LEVEL_SHIFTER.description, quantity: 1, refs: R.shifter, example: LEVEL_SHIFTER.example });
    rows.push({ part: "Data pull-down resistor", value: ohms(DATA_PULLDOWN_OHMS), quantity: 1, refs: R.pullDown!, example: RESISTOR_KIND });
  }
  const caps = [...R.pixelCap, ...(R.shifterCap ? [R.shifterCap] : [])];
  rows.push({ part: "Decoupling capacitor", value: DECOUPLING.description, quantity: caps.length, refs: refRange(caps), example: DECOUPLING.example });
  rows.push({ part: "Bulk capacitor", value: BULK_CAP.description, quantity: 1, refs: R.bulkCap!, example: BULK_CAP.example });
  return rows;
}

/** Single-colour LEDs: the LEDs, their resistors and any transistors. */
function ledRows(p: Profile, R: Refs): BomRow[] {
  const led = ledDesign(p);
  const rows: BomRow[] = [];
  rows.push({ part: "LED", value: `${LED.description}, Vf ${LED.forwardV.toFixed(1)} V`, quantity: ledCount(p), refs: refRange(R.led), example: LED.example });
  rows.push({ part: "LED resistor", value: ohms(led.resistorOhms), quantity: led.resistorCount, refs: refRange(R.ledResistor), example: RESISTOR_KIND });
  const t = led.transistor;
  if (t) {
    const part = t.type === "NPN" ? NPN : PNP;
    rows.push({ part: `LED transistor (${t.type})`, value: part.description, quantity: t.count, refs: refRange(R.transistor), example: part.example });
    rows.push({ part: "Base resistor", value: ohms(t.baseOhms), quantity: t.count, refs: refRange(R.baseResistor), example: RESISTOR_KIND });
  }
  return rows;
}

/** The supply: USB for pixel builds; cells, holder, switch (and the ESP32's Schottky) otherwise. */
function powerRows(p: Profile, board: Board, R: Refs): BomRow[] {
  const rows: BomRow[] = [];
  if (hasPixels(p)) {
    const dark = pixelDesign(p, board).darkMa + board.power.sleepMa;
    rows.push({
      part: "USB power supply",
      value: `5 V USB charger, 1 A or more (a power bank only with an always-on or low-current mode: asleep the toy draws ${Math.round(dark)} mA, below most banks' cut-off)`,
      quantity: 1, refs: "", example: "any USB-A charger (the Pico plugs in directly)",
    });
    return rows;
  }
  const b = board.battery;
  const count = Number(/^(\d+)/.exec(b.cells)![1]);
  const size = /AAA/.test(b.cells) ? "AAA" : "AA";
  rows.push({ part: "Battery holder", value: `${count}×${size}, wire leads, no switch (${b.volts} V); taped inside the back cover (back.svg)`, quantity: 1, refs: R.battery!, example: `${count}×${size} holder with leads` });
  rows.push({
    part: "Batteries",
    value: `${size} ${/NiMH/.test(b.cells) ? "NiMH, 1.2 V, rechargeable" : "alkaline, 1.5 V"}${b.chemistryRule ? ` (${b.chemistryRule.split(":")[0]})` : ""}`,
    quantity: count, refs: "", example: /NiMH/.test(b.cells) ? "Panasonic eneloop (and a NiMH charger)" : "any alkaline cells",
  });
  rows.push({ part: "Power switch", value: POWER_SWITCH.description, quantity: 1, refs: R.powerSwitch!, example: POWER_SWITCH.example });
  if (R.schottky) rows.push({ part: "Battery diode", value: SCHOTTKY.description, quantity: 1, refs: R.schottky, example: SCHOTTKY.example });
  return rows;
}

/** What holds it together, what connects it to a computer, and what the bench uses up. */
function benchRows(p: Profile, board: Board): BomRow[] {
  const L = panelLayout(p);
  const size = `${L.width} × ${L.height} mm`;
  const rows: BomRow[] = [];
  const add = (part: string, value: string, quantity: number, example: string) => rows.push({ part, value, quantity, refs: "", example });
  if (board.id === "MDBT42Q") {
    add("USB–serial adapter", "3.3 V logic USB to TTL serial adapter (for flashing; the breakout has no USB)", 1, "FTDI TTL-232R-3V3, or a CP2102 board with its jumper at 3.3 V");
    add("Jumper wires", "female–female Dupont wires, 10 cm (adapter GND, TX, RX to the breakout)", 3, "any");
  } else if (board.id === "ESP32") {
    add("USB cable", "USB-A to micro-USB data cable (flashing; not while the battery is switched on)", 1, "any data cable");
  } else if (board.id === "PICO") {
    add(
      "USB extension cable",
      hasPixels(p)
        ? "USB-A male to USB-A female, 1 m: the Pico's plug stays inside the case; the charger (and a computer for flashing) plugs into this"
        : "USB-A male to USB-A female, 1 m: the Pico's plug stays inside the case; a computer plugs into this for flashing",
      1, "any USB 2.0 extension cable",
    );
  }
  const fp = FOOTPRINTS[board.id];
  add("Perfboard", `2.54 mm pitch, double-sided with plated-through holes (parts on both faces), cut to the panel's ${size}; placement in perfboard.svg`, 1, perfboardFor(L.width, L.height));
  add("Pin header", `0.1" (2.54 mm) male, 40-way breakable: the board's two ${fp.pinsPerRow}-way rows where it has no pins of its own${usesFinePitch(p, board) ? ", and the 8-way end-row header on the perfboard" : ""}`, 1, "any");
  add("Socket header", `0.1" (2.54 mm) female, 40-way breakable: two ${fp.pinsPerRow}-way rows on the perfboard's back, the board plugs in${usesFinePitch(p, board) ? "; and the end-row pigtail's 8-way socket" : ""}`, usesFinePitch(p, board) || 2 * fp.pinsPerRow > 40 ? 2 : 1, "any");
  if (usesFinePitch(p, board)) {
    const fine = pinRoles(p).filter((r) => headerPlace(board, r.pin)?.header.pitchMm === PITCH_005);
    add("End-row wire", `${WIRE.endRow}, 15 cm: ${fine.length} of the Pico's 0.05" end-row pads are used; the 8 wires end in an 8-way 0.1" socket (a pigtail), so the Pico still comes out`, 1, "3M 3625/08 or similar");
  }
  add("Hook-up wire", `${WIRE.signal}, 5 m`, 1, "any");
  if (hasPixels(p)) add("Pixel power wire", `${WIRE.pixelPower}, 2 m each colour`, 1, "any");
  else add("Battery wire", `${WIRE.battery}, 30 cm each colour (holder and switch to the perfboard)`, 1, "any");
  add("Front panel", `${STACK.panel}, ${size}, drilled from panel.svg`, 1, "cut to size");
  add("Back cover", `${STACK.panel}, ${size}, drilled from back.svg`, 1, "cut to size");
  add("Standoffs", `${STACK.standoff}, ${STACK.standoffMm} mm (panel to perfboard)`, 4, "any M3 × 5 mm female–female");
  add("Back standoffs", `${STACK.backStandoff}, ${backStandoffMm(p)} mm (perfboard to back cover)`, 4, `any M3 × ${backStandoffMm(p)} mm + 6 mm male–female`);
  add("Screws", `${STACK.screw} (four in the panel, four in the back cover)`, 8, "any");
  add("Breadboard test kit", "solderless breadboard and 6 male–male jumper wires (the one-LED, one-key test before the build)", 1, "any half-size breadboard");
  for (const c of CONSUMABLES) {
    if (c.only === "pixels" && !hasPixels(p)) continue;
    if (c.only === "battery" && hasPixels(p)) continue;
    add(c.part, c.value, 1, c.example);
  }
  return rows;
}

function csvField(s: string): string {
  const ascii = s.replace(/×/g, "x").replace(/–/g, "-").replace(/µ/g, "u").replace(/²/g, "2").replace(/Ω/g, "ohm").replace(/→/g, "->");
  return /[",\n]/.test(ascii) ? `"${ascii.replace(/"/g, '""')}"` : ascii;
}

export function bomCsv(p: Profile, board: Board): string {
  const lines = ["part,value,quantity,references,example part number"];
  for (const r of bomRows(p, board)) lines.push([r.part, r.value, String(r.quantity), r.refs, r.example].map(csvField).join(","));
  return lines.join("\n") + "\n";
}

/** wiring.md: every board pin the profile uses, its role, pin mode and where its wire goes. */
import { batteryLabel, findPin, generalPins, headerPlace, PITCH_005, placeLabel, type Board } from "../boards.js";
import { hasPixels, ledDesign, piezoDesign, pixelDesign, type PixelProfile } from "../design.js";
import { formatOhms } from "../e12.js";
import { BULK_CAP, DIODE, LED, PIXEL } from "../parts.js";
import type { Profile } from "../profile.js";
import { pinRoles, type PinRole } from "../roles.js";

function padsInColumn(p: Profile, c: number): string {
  return Array.from({ length: p.rows }, (_, r) => r * p.cols + c).join(", ");
}

function connectTo(p: Profile, board: Board, role: PinRole): string {
  const led = hasPixels(p) ? undefined : ledDesign(p);
  const r = led ? formatOhms(led.resistorOhms) : "";
  const rowStart = (role.index - 1) * p.cols + 1;
  switch (role.kind) {
    case "keyRow": {
      const pads = `pads ${rowStart}–${rowStart + p.cols - 1}`;
      const side = p.keys.diodes ? `the cathode (band) of each pad's diode` : `one side of each pad's switch`;
      return `${pads}: ${side}`;
    }
    case "keyCol":
      return `pads ${padsInColumn(p, role.index)}: the other side of each pad's switch`;
    case "led": {
      const t = led?.transistor;
      if (!t) {
        return p.leds.drive === "direct" && p.leds.activeHigh
          ? `${r} → LED ${role.index} anode; its cathode → GND`
          : `LED ${role.index} cathode; its anode → ${r} → 3.3V`;
      }
      return t.type === "NPN"
        ? `${formatOhms(t.baseOhms)} → NPN ${role.index} base; emitter → GND; collector → LED ${role.index} cathode; anode → ${r} → 3.3V`
        : `${formatOhms(t.baseOhms)} → PNP ${role.index} base; emitter → 3.3V; collector → ${r} → LED ${role.index} anode; cathode → GND`;
    }
    case "pixelData": {
      const ohms = formatOhms(pixelDesign(p as PixelProfile, board).dataOhms);
      return p.leds.drive === "neopixel" && p.leds.levelShift === "74AHCT125"
        ? `74AHCT125 pin 2 (1A); its pin 3 (1Y) → ${ohms} → DIN of pixel 1`
        : `${ohms} → DIN of pixel 1`;
    }
    case "piezo":
      return `${formatOhms(piezoDesign(p, board).seriesOhms)} → piezo → GND`;
    case "button":
      return `one side of the switch; other side → GND`;
  }
}

export function wiringMd(p: Profile, board: Board): string {
  const roles = pinRoles(p);
  const led = hasPixels(p) ? undefined : ledDesign(p);
  const out: string[] = [];
  out.push(`# Wiring: ${p.name}`, "");
  out.push(p.description, "");
  out.push(`- Board: ${board.title}, \`--board ${board.id}\`.`);
  if (hasPixels(p)) {
    out.push(...pixelLines(p, board));
  } else {
    out.push(`- Power: ${batteryLabel(board)}; every GND joined. "3.3V" below is the board's 3.3 V output.`);
    out.push(`- Pads are numbered like a phone keypad: 1 at the top left, row by row; LED n sits at pad n.`);
    out.push(`- LEDs: ${LED.description}, forward voltage ${LED.forwardV.toFixed(1)} V, long leg = anode.`);
  }
  if (p.keys.diodes) out.push(`- Keys: each pad's switch in series with a ${DIODE.example}, anode on the column side, band (cathode) on the row side.`);
  else out.push(`- Keys: no diodes; the firmware ignores ambiguous key combinations (ghosts).`);
  if (p.consoleMoved) out.push(`- Console moved: ${board.consoleRule ?? "the firmware moves the console off the serial pins"}.`);
  out.push("");
  out.push("| Board pin | Where on the board | Role | Pin mode | Connect to |");
  out.push("|---|---|---|---|---|");
  for (const role of roles) out.push(`| ${role.pin} | ${placeLabel(board, role.pin)} | ${role.label} | ${role.mode} | ${connectTo(p, board, role)} |`);
  out.push("");
  out.push(`Headers (${board.orientation}): ${board.headers.map((h) => `${h.id} is ${h.where}, counted ${h.side === "left" || h.side === "right" ? "top to bottom" : "left to right"}`).join("; ")}.`);
  out.push("");
  const fine = roles.filter((r) => headerPlace(board, r.pin)?.header.pitchMm === PITCH_005);
  if (fine.length) {
    out.push(
      `**${fine.length} of these pins (${fine.map((r) => r.pin).join(" ")}) are on the ${headerPlace(board, fine[0].pin)!.header.id}, at 0.05" (1.27 mm) pitch:** ` +
        `a 0.1" header does not fit there. Solder thin wire (the BOM's 0.05" ribbon) straight to those pads, or fit a 1.27 mm header and an adaptor.`,
    );
    out.push("");
  }
  const notes = roles.map((r) => findPin(board, r.pin)).filter((x) => x?.note);
  for (const pin of notes) out.push(`- ${pin!.name}: ${pin!.note}.`);
  if (notes.length) out.push("");
  const used = new Set(roles.map((r) => r.pin));
  const free = generalPins(board).filter((pin) => !used.has(pin));
  const variants = board.reserved.filter((r) => /WROVER|not on the headers/.test(r.reason));
  const notFree = variants.length ? ` Not free: ${variants.map((r) => `${r.name} (${r.reason})`).join("; ")}.` : "";
  out.push(`Free pins on this board's headers: ${free.length ? free.join(" ") : "none"}.${notFree}`);
  out.push("");
  out.push(`Recovery: ${board.recovery}.`);
  out.push("");
  return out.join("\n");
}

/** The power and chain lines of a WS2812 build, in assembly order. */
function pixelLines(p: PixelProfile, board: Board): string[] {
  const d = pixelDesign(p, board);
  const v = d.supplyPin;
  const lines = [
    `- Power: USB (a USB charger or power bank into the board's plug); every GND joined. "${v}" below is the board's ${v} pin (${board.neopixel!.supplyNote}); "3.3V" is the board's 3.3 V output.`,
    `- Pads are numbered like a phone keypad: 1 at the top left, row by row; pixel n sits at pad n.`,
    `- Pixels: ${PIXEL.description}. Chain them in pad order: DOUT of pixel n → DIN of pixel n + 1, from pixel 1 to pixel ${d.count} (at the end of a row, run the wire back to the first pad of the next row).`,
    `- Pixel power: 5V (VDD) of every pixel → ${v}, GND → GND; a 100 nF capacitor across VDD and GND at each pixel (most breakouts carry one), and a ${BULK_CAP.uf} µF electrolytic across ${v} and GND where the supply wires meet pixel 1 (minus to GND).`,
  ];
  if (p.leds.levelShift === "74AHCT125") {
    lines.push(
      `- Level shifter 74AHCT125 (DIP-14, notch up, pin 1 top left): pin 14 (VCC) → ${v}, pin 7 → GND, 100 nF from pin 14 to GND; pin 1 (1OE) → GND enables buffer 1; ` +
        `the unused buffers are held off with their inputs grounded: pins 4, 10, 13 (2OE, 3OE, 4OE) → ${v}, pins 5, 9, 12 (2A, 3A, 4A) → GND.`,
    );
  }
  return lines;
}

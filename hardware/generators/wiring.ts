/** wiring.md: every board pin the profile uses, its role, pin mode and where its wire goes. */
import { batteryLabel, countedFrom, findPin, generalPins, headerPlace, PITCH_005, placeLabel, type Board } from "../boards.js";
import { hasPixels, ledDesign, piezoDesign, pixelDesign, type PixelProfile } from "../design.js";
import { formatOhms } from "../e12.js";
import { BULK_CAP, DATA_PULLDOWN_OHMS, DIODE, LED, PIXEL, SCHOTTKY } from "../parts.js";
import type { Profile } from "../profile.js";
import { refs, type Refs } from "../refdes.js";
import { pinRoles, type PinRole } from "../roles.js";

function padsInColumn(p: Profile, c: number): string {
  return Array.from({ length: p.rows }, (_, r) => r * p.cols + c).join(", ");
}

function connectTo(p: Profile, board: Board, role: PinRole, R: Refs): string {
  const led = hasPixels(p) ? undefined : ledDesign(p);
  const r = led ? formatOhms(led.resistorOhms) : "";
  const rowStart = (role.index - 1) * p.cols + 1;
  const pads = (list: number[]) => list.map((i) => (p.keys.diodes ? `${R.keyDiode[i - 1]}` : `${R.padSwitch[i - 1]}`)).join(", ");
  switch (role.kind) {
    case "keyRow": {
      const list = Array.from({ length: p.cols }, (_, c) => rowStart + c);
      return p.keys.diodes
        ? `pads ${rowStart}–${rowStart + p.cols - 1}: the cathode (band) of ${pads(list)}`
        : `pads ${rowStart}–${rowStart + p.cols - 1}: one leg of ${pads(list)}`;
    }
    case "keyCol": {
      const list = Array.from({ length: p.rows }, (_, r2) => r2 * p.cols + role.index);
      return `pads ${list.join(", ")}: the other leg of ${list.map((i) => R.padSwitch[i - 1]).join(", ")}`;
    }
    case "led": {
      const i = role.index - 1;
      const t = led?.transistor;
      if (!t) {
        return p.leds.drive === "direct" && p.leds.activeHigh
          ? `${R.ledResistor[i]} (${r}) → ${R.led[i]} anode; its cathode → GND`
          : `${R.led[i]} cathode; its anode → ${R.ledResistor[i]} (${r}) → 3.3V`;
      }
      return t.type === "NPN"
        ? `${R.baseResistor[i]} (${formatOhms(t.baseOhms)}) → ${R.transistor[i]} base; emitter → GND; collector → ${R.led[i]} cathode; anode → ${R.ledResistor[i]} (${r}) → 3.3V`
        : `${R.baseResistor[i]} (${formatOhms(t.baseOhms)}) → ${R.transistor[i]} base; emitter → 3.3V; collector → ${R.ledResistor[i]} (${r}) → ${R.led[i]} anode; cathode → GND`;
    }
    case "pixelData": {
      const ohms = formatOhms(pixelDesign(p as PixelProfile, board).dataOhms);
      return R.shifter
        ? `${R.shifter} pin 2 (1A), with ${R.pullDown} (${formatOhms(DATA_PULLDOWN_OHMS)}) from pin 2 to GND; ${R.shifter} pin 3 (1Y) → ${R.dataResistor} (${ohms}) → DIN of ${R.led[0]}`
        : `${R.dataResistor} (${ohms}) → DIN of ${R.led[0]}`;
    }
    case "piezo":
      return `${R.piezoResistor} (${formatOhms(piezoDesign(p, board).seriesOhms)}) → ${R.piezo} → GND`;
    case "button": {
      const b = pinRoles(p).filter((x) => x.kind === "button").findIndex((x) => x.pin === role.pin);
      return `one leg of ${R.button[b]}; its other leg → GND`;
    }
  }
}

export function wiringMd(p: Profile, board: Board): string {
  const roles = pinRoles(p);
  const R = refs(p, board);
  const out: string[] = [];
  out.push(`# Wiring: ${p.name}`, "");
  out.push(p.description, "");
  out.push(`- Board: ${board.title}, \`--board ${board.id}\`.`);
  if (board.variantNote) out.push(`- **Which board:** ${board.variantNote}.`);
  out.push(`- Parts are named as in \`bom.csv\` and \`schematic.svg\`: the board is ${R.board}; pad n has switch SWn and ${hasPixels(p) ? "pixel" : "LED"} LEDn${hasPixels(p) ? "" : " with resistor Rn"}${R.transistor.length ? " and transistor Qn" : ""}${R.keyDiode.length ? " and key diode DKn" : ""}.`);
  if (hasPixels(p)) {
    out.push(...pixelLines(p, board, R));
  } else {
    const b = board.battery;
    const via = R.schottky ? `${R.powerSwitch} → ${R.schottky} (${SCHOTTKY.example}, band towards ${board.supplyPin})` : `${R.powerSwitch}`;
    out.push(`- Power: ${R.battery} ${batteryLabel(board).replace(` into ${board.supplyPin}`, "")}: plus → ${via} → ${board.supplyPin}, minus → GND; every GND joined. "3.3V" below is the board's 3.3 V output.`);
    if (b.chemistryRule) out.push(`- **${b.chemistryRule}.**`);
    out.push(`- USB and the battery: ${b.usbRule}.`);
    out.push(`- Pads are numbered like a phone keypad: 1 at the top left, row by row; LED n sits at pad n.`);
    out.push(`- LEDs: ${LED.description}, forward voltage ${LED.forwardV.toFixed(1)} V, long leg = anode.`);
  }
  out.push(`- Switches: a tactile switch has four legs in two pairs joined inside it; wire the key across the pairs, using two diagonally opposite legs (they always belong to different pairs). Check with the meter before soldering: open until pressed, closed while pressed. A key wired across two joined legs reads as always pressed.`);
  if (p.keys.diodes) out.push(`- Keys: each pad's switch in series with a ${DIODE.example} (DKn), anode on the switch (column) side, band (cathode) on the row side.`);
  else out.push(`- Keys: no diodes; the firmware ignores ambiguous key combinations (ghosts).`);
  if (p.consoleMoved) out.push(`- Console moved: ${board.consoleRule ?? "the firmware moves the console off the serial pins"}.`);
  out.push("");
  out.push("| Board pin | Where on the board | Role | Pin mode | Connect to |");
  out.push("|---|---|---|---|---|");
  for (const role of roles) out.push(`| ${role.pin} | ${placeLabel(board, role.pin)} | ${role.label} | ${role.mode} | ${connectTo(p, board, role, R)} |`);
  out.push("");
  out.push(`Headers (${board.orientation}): ${board.headers.map((h) => `${h.id} is ${h.where}, contacts counted from the ${countedFrom(h)}`).join("; ")}. \`pinout.svg\` draws them with the pins used here.`);
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
function pixelLines(p: PixelProfile, board: Board, R: Refs): string[] {
  const d = pixelDesign(p, board);
  const v = d.supplyPin;
  const np = board.neopixel!;
  const lines = [
    `- Power: USB (a USB charger into the board's plug); every GND joined. "${v}" below is the board's ${v} pin (${np.supplyNote}); under the pixels' worst case it is ${np.loadedV[0]}–${np.loadedV[1]} V (${np.loadedNote}). "3.3V" is the board's 3.3 V output.`,
    `- Pads are numbered like a phone keypad: 1 at the top left, row by row; pixel n (LEDn) sits at pad n.`,
    `- Pixels: ${PIXEL.description}. Chain them in pad order: DOUT of LEDn → DIN of LEDn+1, from ${R.led[0]} to ${R.led[d.count - 1]} (at the end of a row, run the wire back to the first pad of the next row).`,
    `- Pixel power: 5V (VDD) of every pixel → ${v}, GND → GND, in the heavier wire; capacitor Cn (100 nF) across VDD and GND at pixel n (most breakouts carry one: then leave Cn out), and ${R.bulkCap} (${BULK_CAP.uf} µF electrolytic) across ${v} and GND where the supply wires meet ${R.led[0]} (minus, the striped side, to GND).`,
  ];
  if (R.shifter) {
    lines.push(
      `- Level shifter ${R.shifter}, 74AHCT125 (DIP-14, notch up, pin 1 top left): pin 14 (VCC) → ${v}, pin 7 → GND, ${R.shifterCap} (100 nF) from pin 14 to pin 7 as close as you can; pin 1 (1OE) → GND enables buffer 1; ` +
        `${R.pullDown} (${formatOhms(DATA_PULLDOWN_OHMS)}) from pin 2 (1A) to GND holds the input low while the board's pin floats (reset, bootloader), so no random data reaches the pixels (at full white ${d.count} pixels would draw ${((d.count * 3 * PIXEL.channelMa) / 1000).toFixed(1)} A: the brightness cap is the firmware's and holds only once it runs); ` +
        `the unused buffers are held off with their inputs grounded: pins 4, 10, 13 (2OE, 3OE, 4OE) → ${v}, pins 5, 9, 12 (2A, 3A, 4A) → GND. ` +
        `Its supply under load (${np.loadedV[0]}–${np.loadedV[1]} V) can be just below the 74AHCT125's recommended 4.5 V minimum; it still switches (its TTL input threshold is 2 V and its output follows its VCC, which is the pixels' VDD), so this is expected to work, but it is outside the datasheet's guarantee.`,
    );
  }
  return lines;
}

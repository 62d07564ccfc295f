/**
 * schematic.svg: the board block with every used pin labelled, then the circuits those
 * pins drive, joined by named nets (ROW1, COL2, LED5 …) instead of long wires.
 */
import type { Board } from "../boards.js";
import { hasPixels, ledDesign, piezoDesign, pixelDesign, type LedDesign, type PixelProfile } from "../design.js";
import { formatOhms } from "../e12.js";
import { BULK_CAP, DATA_PULLDOWN_OHMS, LED, PIXEL, SCHOTTKY } from "../parts.js";
import type { Profile } from "../profile.js";
import { refs, type Refs } from "../refdes.js";
import { pinRoles } from "../roles.js";
import {
  batteryV, capacitorV, diodeDown, diodeRight, dot, gnd, ledDown, ledH, line, netLabel, piezoV, rail, rect, resistorH, resistorV,
  SCHEMATIC_STYLE, svgDocument, switchH, switchV, text, toggleH, transistor, wire,
} from "./svg.js";

const PIN_PITCH = 24;
const BOARD_X = 330;
const BOARD_W = 260;
const BATTERY_X = 90;
const RIGHT_X = BOARD_X + BOARD_W + 150;

interface Section {
  svg: string[];
  width: number;
  height: number;
}

function boardBlock(p: Profile, board: Board, R: Refs, y0: number): Section {
  const roles = pinRoles(p);
  const svg: string[] = [];
  // The power contacts get rows of their own at the top, so no power label sits beside a GPIO's row.
  const powerRows = hasPixels(p) ? 3 : 2;
  const h = (roles.length + powerRows + 4.5) * PIN_PITCH;
  svg.push(rect(BOARD_X, y0, BOARD_W, h, "board"));
  const [name, chip] = board.title.split(" (");
  svg.push(text(BOARD_X, y0 - 6, R.board, { cls: "ref" }));
  svg.push(text(BOARD_X + BOARD_W / 2, y0 + 20, name, { anchor: "middle", cls: "h" }));
  if (chip) svg.push(text(BOARD_X + BOARD_W / 2, y0 + 36, `(${chip}`, { anchor: "middle", cls: "v" }));
  roles.forEach((role, i) => {
    const y = y0 + (i + powerRows + 3) * PIN_PITCH;
    const xr = BOARD_X + BOARD_W;
    svg.push(text(xr - 8, y + 4, role.pin, { anchor: "end", cls: "pin" }));
    svg.push(text(BOARD_X + 10, y + 4, role.label, { cls: "v" }));
    svg.push(line(xr, y, xr + 40, y));
    svg.push(netLabel(xr + 40, y, role.net, "right"));
  });
  const yIn = y0 + 2.5 * PIN_PITCH;
  const yGnd = y0 + 3.5 * PIN_PITCH;
  const powerLabel = (y: number, name: string) => text(BOARD_X + 10, y + 4, name, { cls: "pw" });
  if (hasPixels(p)) {
    // USB powers the toy; the pixels take their 5 V from the supply pin.
    const v = board.neopixel!.supplyPin;
    svg.push(powerLabel(yIn, "USB"), line(BOARD_X - 40, yIn, BOARD_X, yIn));
    svg.push(text(BOARD_X - 44, yIn + 4, "5 V USB plug", { anchor: "end", cls: "v" }));
    svg.push(powerLabel(yGnd, "GND"), line(BOARD_X - 20, yGnd, BOARD_X, yGnd), gnd(BOARD_X - 20, yGnd));
    const ySup = y0 + 4.5 * PIN_PITCH;
    svg.push(powerLabel(ySup, v), line(BOARD_X - 90, ySup, BOARD_X, ySup), netLabel(BOARD_X - 90, ySup, v, "left"));
    svg.push(text(BOARD_X + BOARD_W / 2, y0 + h - 26, `${v}: USB 5 V less a diode,`, { anchor: "middle", cls: "v" }));
    svg.push(text(BOARD_X + BOARD_W / 2, y0 + h - 12, "which feeds the pixels", { anchor: "middle", cls: "v" }));
    return { svg, width: BOARD_X + BOARD_W + 120, height: h };
  }
  // Power on the left edge: battery → switch (→ Schottky) → regulator input, common ground.
  svg.push(powerLabel(yIn, board.supplyPin));
  svg.push(powerLabel(yGnd, "GND"));
  const swX = BATTERY_X + 30;
  svg.push(line(BATTERY_X, yIn, swX, yIn), toggleH(swX, yIn, 80, `${R.powerSwitch} on/off`));
  if (board.battery.chemistryRule) svg.push(text(swX, yIn + 22, "NiMH only;", { cls: "v" }), text(swX, yIn + 36, "switch off for USB", { cls: "v" }));
  if (R.schottky) {
    svg.push(diodeRight(swX + 80, yIn, 80, `${R.schottky} ${SCHOTTKY.example}`), line(swX + 160, yIn, BOARD_X, yIn));
  } else {
    svg.push(line(swX + 80, yIn, BOARD_X, yIn));
  }
  svg.push(line(BATTERY_X, yIn, BATTERY_X, yIn + 8));
  svg.push(batteryV(BATTERY_X, yIn + 8, R.battery!));
  svg.push(wire([BATTERY_X, yIn + 38], [BATTERY_X, yGnd], [BOARD_X, yGnd]));
  svg.push(dot(BATTERY_X, yGnd));
  svg.push(gnd(BATTERY_X, yGnd + 6));
  svg.push(line(BATTERY_X, yGnd, BATTERY_X, yGnd + 6));
  svg.push(text(BATTERY_X, yGnd + 40, `${board.battery.cells}, ${board.battery.volts} V`, { anchor: "middle", cls: "v" }));
  svg.push(text(BOARD_X + BOARD_W / 2, y0 + h - 26, "3.3V: the board's regulator output,", { anchor: "middle", cls: "v" }));
  svg.push(text(BOARD_X + BOARD_W / 2, y0 + h - 12, "which feeds the LEDs", { anchor: "middle", cls: "v" }));
  return { svg, width: BOARD_X + BOARD_W + 120, height: h };
}

function keyMatrix(p: Profile, R: Refs, x0: number, y0: number): Section {
  const svg: string[] = [];
  const colX = (c: number) => x0 + 90 + c * 90;
  const rowY = (r: number) => y0 + 95 + r * 70;
  svg.push(text(x0, y0 + 16, `Key matrix ${p.rows}×${p.cols}${p.keys.diodes ? ", a diode per key (column → row)" : ", no diodes"}`, { cls: "h" }));
  if (!p.keys.diodes) svg.push(text(x0 + 330, y0 + 16, "(3 keys at rectangle corners ghost a 4th)", { cls: "v" }));
  const right = colX(p.cols - 1) + 50;
  for (let c = 0; c < p.cols; c++) {
    svg.push(netLabel(colX(c), y0 + 36, `COL${c + 1}`, "right"));
    svg.push(line(colX(c), y0 + 36, colX(c), rowY(p.rows - 1) + 12));
  }
  for (let r = 0; r < p.rows; r++) {
    svg.push(netLabel(x0 + 60, rowY(r), `ROW${r + 1}`, "left"));
    svg.push(line(x0 + 60, rowY(r), right, rowY(r)));
    for (let c = 0; c < p.cols; c++) {
      const x = colX(c);
      const y = rowY(r);
      const bx = x + 26;
      svg.push(dot(x, y - 52), line(x, y - 52, bx, y - 52));
      if (p.keys.diodes) {
        svg.push(switchV(bx, y - 52, 28), diodeDown(bx, y - 24, 24));
      } else {
        svg.push(switchV(bx, y - 52, 52));
      }
      svg.push(dot(bx, y));
      const i = r * p.cols + c;
      svg.push(text(bx + 12, y - 40, R.padSwitch[i], { cls: "v" }));
      if (p.keys.diodes) svg.push(text(bx + 10, y - 8, R.keyDiode[i], { cls: "v" }));
    }
  }
  return { svg, width: right - x0 + 20, height: rowY(p.rows - 1) - y0 + 30 };
}

function directLeds(p: Profile, led: LedDesign, R: Refs, x0: number, y0: number): Section {
  const svg: string[] = [];
  const r = formatOhms(led.resistorOhms);
  if (!led.transistor) {
    const activeHigh = p.leds.drive === "direct" && p.leds.activeHigh;
    svg.push(text(x0, y0 + 16, `LEDs, one pin each (${activeHigh ? "pin high" : "pin low"} = on), ${r} per LED`, { cls: "h" }));
    const pitchX = 250;
    for (let i = 0; i < p.rows * p.cols; i++) {
      const x = x0 + 10 + (i % p.cols) * pitchX;
      const y = y0 + 50 + Math.floor(i / p.cols) * 56;
      svg.push(netLabel(x + 50, y, `LED${i + 1}`, "left"));
      svg.push(resistorH(x + 50, y, 60, `${R.ledResistor[i]} ${r}`));
      if (activeHigh) {
        svg.push(ledH(x + 110, y), line(x + 140, y, x + 160, y), gnd(x + 160, y));
      } else {
        svg.push(ledH(x + 110, y, true), line(x + 140, y, x + 160, y), rail(x + 160, y, "3.3V"));
      }
      svg.push(text(x + 125, y + 22, R.led[i], { anchor: "middle", cls: "v" }));
    }
    return { svg, width: p.cols * pitchX, height: 50 + p.rows * 56 };
  }
  const t = led.transistor;
  svg.push(
    text(x0, y0 + 16, `LEDs through ${t.type} transistors: pin ${t.type === "NPN" ? "high" : "low"} = on; base ${formatOhms(t.baseOhms)}, LED ${r}`, { cls: "h" }),
  );
  const pitchX = 220;
  const pitchY = 200;
  for (let i = 0; i < p.rows * p.cols; i++) {
    const x = x0 + 10 + (i % p.cols) * pitchX;
    const y = y0 + 40 + Math.floor(i / p.cols) * pitchY;
    const baseY = y + 110;
    const q = transistor(t.type, x + 110, baseY);
    svg.push(netLabel(x + 50, baseY, `LED${i + 1}`, "left"));
    svg.push(resistorH(x + 50, baseY, 60, `${R.baseResistor[i]} ${formatOhms(t.baseOhms)}`, true));
    svg.push(q.svg, text(q.top[0] + 14, baseY + 28, R.transistor[i], { cls: "v" }));
    const [cx, top] = q.top;
    if (t.type === "NPN") {
      // 3.3 V → resistor → LED → collector; emitter → ground.
      svg.push(rail(cx, y + 12, "3.3V"), resistorV(cx, y + 12, 34, `${R.ledResistor[i]} ${r}`), ledDown(cx, y + 46), line(cx, y + 76, cx, top));
      svg.push(gnd(cx, q.bottom[1]));
    } else {
      // 3.3 V → emitter; collector → resistor → LED → ground.
      svg.push(rail(cx, top - 6, "3.3V"), line(cx, top - 6, cx, top));
      svg.push(resistorV(cx, q.bottom[1], 30, `${R.ledResistor[i]} ${r}`), ledDown(cx, q.bottom[1] + 30), gnd(cx, q.bottom[1] + 60));
    }
    svg.push(text(cx - 14, y + 66, R.led[i], { anchor: "end", cls: "v" }));
  }
  return { svg, width: p.cols * pitchX, height: 40 + p.rows * pitchY };
}

/** The 74AHCT125 as a box with its numbered pins: buffer 1 carries the data, the others are held off. */
function shifterBlock(p: PixelProfile, R: Refs, x0: number, y0: number, d: { dataOhms: number; supplyPin: string }): { svg: string[]; out: [number, number]; bottom: number } {
  const svg: string[] = [];
  const bx = x0 + 200;
  const by = y0 + 20;
  const bw = 130;
  const bh = 170;
  svg.push(rect(bx, by, bw, bh), text(bx, by - 6, `${R.shifter} 74AHCT125`, { cls: "ref" }));
  const pinL = (y: number, num: string, name: string) => {
    svg.push(line(bx - 20, y, bx, y), text(bx - 4, y - 4, num, { anchor: "end", cls: "pn" }), text(bx + 6, y + 4, name, { cls: "v" }));
  };
  const pinR = (y: number, num: string, name: string) => {
    svg.push(line(bx + bw, y, bx + bw + 20, y), text(bx + bw + 4, y - 4, num, { cls: "pn" }), text(bx + bw - 6, y + 4, name, { anchor: "end", cls: "v" }));
  };
  // Left: 1A (data in), 1OE, GND.
  const yA = by + 30;
  const yOE = by + 80;
  const yG = by + 130;
  pinL(yA, "2", "1A");
  pinL(yOE, "1", "1OE");
  pinL(yG, "7", "GND");
  svg.push(line(bx - 140, yA, bx - 20, yA), netLabel(bx - 140, yA, "PIXDATA", "left"));
  // Pull-down on 1A.
  const pdX = bx - 70;
  svg.push(dot(pdX, yA), resistorV(pdX, yA, 50, `${R.pullDown} ${formatOhms(DATA_PULLDOWN_OHMS)}`, true), gnd(pdX, yA + 50));
  svg.push(wire([bx - 20, yOE], [bx - 30, yOE], [bx - 30, yG]), dot(bx - 30, yG), line(bx - 30, yG, bx - 20, yG), gnd(bx - 30, yG));
  // Right: 1Y (data out), VCC, the other buffers held off.
  const yY = by + 30;
  const yV = by + 80;
  const yOff = by + 115;
  const yIn = by + 150;
  pinR(yY, "3", "1Y");
  pinR(yV, "14", "VCC");
  pinR(yOff, "4, 10, 13", "2OE 3OE 4OE");
  pinR(yIn, "5, 9, 12", "2A 3A 4A");
  const rx = bx + bw + 20;
  svg.push(resistorH(rx, yY, 90, `${R.dataResistor} ${formatOhms(d.dataOhms)}`));
  // VCC: the pixels' supply, with its 100 nF.
  const cx = rx + 120;
  svg.push(line(rx, yV, cx + 40, yV), netLabel(cx + 40, yV, d.supplyPin, "right"), dot(cx, yV), capacitorV(cx, yV, `${R.shifterCap} 100 nF`), gnd(cx, yV + 30));
  svg.push(line(rx, yOff, rx + 60, yOff), netLabel(rx + 60, yOff, d.supplyPin, "right"));
  svg.push(line(rx, yIn, rx + 10, yIn), gnd(rx + 10, yIn));
  svg.push(line(rx + 90, yY, rx + 230, yY));
  return { svg, out: [rx + 230, yY], bottom: by + bh + 40 };
}

/** The data path (pin → level shifter → resistor → DIN) and the chain of pixels in pad order, each with VDD, GND and its 100 nF. */
function pixelChain(p: PixelProfile, board: Board, R: Refs, x0: number, y0: number): Section {
  const d = pixelDesign(p, board);
  const svg: string[] = [];
  svg.push(text(x0, y0 + 16, `WS2812B pixels ${R.led[0]}–${R.led[d.count - 1]}, chained in pad order (DO → DI)`, { cls: "h" }));
  svg.push(text(x0, y0 + 34, `VDD of every pixel → ${d.supplyPin}, GND → GND; Cn = 100 nF at pixel n (leave out where the breakout has its own)`, { cls: "v" }));
  let dataOut: [number, number];
  let top: number;
  if (R.shifter) {
    const sh = shifterBlock(p, R, x0, y0 + 50, d);
    svg.push(...sh.svg);
    dataOut = sh.out;
    top = sh.bottom;
  } else {
    const y = y0 + 80;
    svg.push(netLabel(x0 + 70, y, "PIXDATA", "left"), resistorH(x0 + 70, y, 90, `${R.dataResistor} ${formatOhms(d.dataOhms)}`));
    dataOut = [x0 + 160, y];
    top = y0 + 110;
  }
  // Bulk capacitor where the supply enters the chain.
  const bulkX = x0 + 60;
  const bulkY = top + 10;
  svg.push(netLabel(bulkX, bulkY, d.supplyPin, "left"), line(bulkX, bulkY, bulkX + 20, bulkY), capacitorV(bulkX + 20, bulkY, `${R.bulkCap} ${BULK_CAP.uf} µF`, true), gnd(bulkX + 20, bulkY + 30));
  // Pixel grid.
  const boxW = 84;
  const boxH = 56;
  const pitchX = 170;
  const pitchY = 130;
  const left = x0 + 40;
  const firstY = top + 100;
  const boxX = (c: number) => left + c * pitchX;
  const boxY = (r: number) => firstY + r * pitchY;
  // Data from the shifter (or the pin's resistor) down to DI of the first pixel.
  const di0: [number, number] = [boxX(0), boxY(0) + boxH / 2];
  svg.push(wire(dataOut, [dataOut[0], top + 62], [left - 20, top + 62], [left - 20, di0[1]], di0));
  for (let r = 0; r < p.rows; r++) {
    const vy = boxY(r) - 18;
    const gy = boxY(r) + boxH + 18;
    const busEnd = boxX(p.cols - 1) + boxW + 60;
    svg.push(line(boxX(0) + boxW / 2, vy, busEnd, vy), netLabel(busEnd, vy, d.supplyPin, "right"));
    svg.push(line(boxX(0) + boxW / 2, gy, busEnd, gy), gnd(busEnd, gy));
    for (let c = 0; c < p.cols; c++) {
      const i = r * p.cols + c;
      const bx = boxX(c);
      const by = boxY(r);
      svg.push(rect(bx, by, boxW, boxH));
      svg.push(text(bx + boxW / 2, by + 13, "VDD", { anchor: "middle", cls: "pn" }));
      svg.push(text(bx + 4, by + boxH / 2 + 4, "DI", { cls: "pn" }), text(bx + boxW - 4, by + boxH / 2 + 4, "DO", { anchor: "end", cls: "pn" }));
      svg.push(text(bx + boxW / 2, by + boxH / 2 + 4, R.led[i], { anchor: "middle", cls: "ref" }));
      svg.push(text(bx + boxW / 2, by + boxH - 5, "GND", { anchor: "middle", cls: "pn" }));
      // Supply pins to the buses, and the pixel's capacitor between them.
      svg.push(line(bx + boxW / 2, by, bx + boxW / 2, vy), dot(bx + boxW / 2, vy));
      svg.push(line(bx + boxW / 2, by + boxH, bx + boxW / 2, gy), dot(bx + boxW / 2, gy));
      const capX = bx + boxW + 22;
      // Plates below the data line, so DO → DI only crosses the capacitor's lead.
      svg.push(dot(capX, vy), line(capX, vy, capX, by + 34), capacitorV(capX, by + 34, R.pixelCap[i]), line(capX, by + 64, capX, gy), dot(capX, gy));
      if (i + 1 === d.count) continue;
      const outY = by + boxH / 2;
      if (c + 1 < p.cols) {
        // Crosses the capacitor's lead without a junction.
        svg.push(line(bx + boxW, outY, boxX(c + 1), outY));
      } else {
        // End of a row: back to the first pad of the next row, between the rows' buses.
        const midY = gy + (pitchY - boxH - 36) / 2;
        svg.push(wire([bx + boxW, outY], [bx + boxW + 8, outY], [bx + boxW + 8, midY], [left - 20, midY], [left - 20, outY + pitchY], [left, outY + pitchY]));
      }
    }
  }
  const height = boxY(p.rows - 1) + boxH + 40 - y0;
  return { svg, width: boxX(p.cols - 1) + boxW + 140 - x0, height };
}

function piezoAndButtons(p: Profile, board: Board, R: Refs, x0: number, y0: number): Section {
  const svg: string[] = [];
  const pz = piezoDesign(p, board);
  svg.push(text(x0, y0 + 16, "Piezo", { cls: "h" }));
  const y = y0 + 50;
  svg.push(netLabel(x0 + 60, y, "PIEZO", "left"), resistorH(x0 + 60, y, 80, `${R.piezoResistor} ${formatOhms(pz.seriesOhms)}`), wire([x0 + 140, y], [x0 + 160, y], [x0 + 160, y + 6]));
  svg.push(piezoV(x0 + 160, y + 6), gnd(x0 + 160, y + 36), text(x0 + 176, y + 25, R.piezo, { cls: "v" }));
  const buttons = pinRoles(p).filter((r) => r.kind === "button");
  if (buttons.length === 0) return { svg, width: 240, height: 110 };
  const bx = x0 + 280;
  svg.push(text(bx, y0 + 16, "Function buttons (to ground, internal pull-up)", { cls: "h" }));
  buttons.forEach((b, i) => {
    const yy = y0 + 60 + i * 44;
    svg.push(netLabel(bx + 80, yy, b.net, "left"), switchH(bx + 80, yy, 50), line(bx + 130, yy, bx + 150, yy), gnd(bx + 150, yy));
    svg.push(text(bx + 175, yy + 4, `${R.button[i]} ${b.label.replace("button ", "")}`, { cls: "v" }));
  });
  return { svg, width: 640, height: Math.max(110, 70 + buttons.length * 44) };
}

export function schematicSvg(p: Profile, board: Board): string {
  const led = hasPixels(p) ? undefined : ledDesign(p);
  const R = refs(p, board);
  const body: string[] = [];
  body.push(text(20, 30, `Merlin ${p.name}: schematic, ${board.title}`, { cls: "t" }));
  const subtitle = led
    ? `Red LEDs (Vf ${LED.forwardV.toFixed(1)} V), ${led.designMa} mA design current; component values from hardware/design.ts; designators as in bom.csv`
    : `WS2812B pixels, brightness cap ${(p as PixelProfile).leds.brightness}/255 per channel; component values from hardware/design.ts; designators as in bom.csv`;
  body.push(text(20, 50, subtitle, { cls: "v" }));
  const blk = boardBlock(p, board, R, 90);
  body.push(...blk.svg);

  let y = 70;
  let width = RIGHT_X;
  const add = (s: Section) => {
    body.push(...s.svg);
    width = Math.max(width, RIGHT_X + s.width);
    y += s.height + 30;
  };
  add(keyMatrix(p, R, RIGHT_X, y));
  if (!led) add(pixelChain(p as PixelProfile, board, R, RIGHT_X, y));
  else add(directLeds(p, led, R, RIGHT_X, y));
  add(piezoAndButtons(p, board, R, RIGHT_X, y));
  const height = Math.max(y, 90 + blk.height + 60);
  return svgDocument(width + 30, height, body, { style: SCHEMATIC_STYLE, title: `Merlin ${p.name} schematic` });
}

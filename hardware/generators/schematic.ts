/**
 * schematic.svg: the board block with every used pin labelled, then the circuits those
 * pins drive, joined by named nets (ROW1, COL2, LED5 …) instead of long wires.
 */
import type { Board } from "../boards.js";
import { hasPixels, ledDesign, piezoDesign, pixelDesign, type LedDesign, type PixelProfile } from "../design.js";
import { formatOhms } from "../e12.js";
import { BULK_CAP, LED, PIXEL } from "../parts.js";
import type { Profile } from "../profile.js";
import { pinRoles } from "../roles.js";
import {
  batteryV, bufferH, capacitorV, diodeDown, dot, gnd, ledDown, ledH, line, netLabel, piezoV, rail, rect, resistorH, resistorV,
  SCHEMATIC_STYLE, svgDocument, switchH, switchV, text, transistor, wire,
} from "./svg.js";

const PIN_PITCH = 24;
const BOARD_X = 170;
const BOARD_W = 200;
const BATTERY_X = 80;
const RIGHT_X = BOARD_X + BOARD_W + 150;

interface Section {
  svg: string[];
  width: number;
  height: number;
}

function boardBlock(p: Profile, board: Board, y0: number): Section {
  const roles = pinRoles(p);
  const svg: string[] = [];
  const h = (roles.length + 4) * PIN_PITCH;
  svg.push(rect(BOARD_X, y0, BOARD_W, h, "board"));
  const [name, chip] = board.title.split(" (");
  svg.push(text(BOARD_X + BOARD_W / 2, y0 + 20, name, { anchor: "middle", cls: "h" }));
  if (chip) svg.push(text(BOARD_X + BOARD_W / 2, y0 + 36, `(${chip}`, { anchor: "middle", cls: "v" }));
  roles.forEach((role, i) => {
    const y = y0 + (i + 2.5) * PIN_PITCH;
    const xr = BOARD_X + BOARD_W;
    svg.push(text(xr - 8, y + 4, role.pin, { anchor: "end", cls: "pin" }));
    svg.push(text(BOARD_X + 10, y + 4, role.label, { cls: "v" }));
    svg.push(line(xr, y, xr + 40, y));
    svg.push(netLabel(xr + 40, y, role.net, "right"));
  });
  const yIn = y0 + 2.5 * PIN_PITCH;
  const yGnd = y0 + 4.5 * PIN_PITCH;
  if (hasPixels(p)) {
    // USB powers the toy; the pixels take their 5 V from the supply pin.
    const v = board.neopixel!.supplyPin;
    svg.push(text(BOARD_X - 6, yIn - 5, "USB", { anchor: "end", cls: "v" }), line(BOARD_X - 40, yIn, BOARD_X, yIn));
    svg.push(text(BOARD_X - 44, yIn + 4, "5 V USB plug", { anchor: "end", cls: "v" }));
    svg.push(text(BOARD_X - 6, yGnd - 5, "GND", { anchor: "end", cls: "v" }), line(BOARD_X - 20, yGnd, BOARD_X, yGnd), gnd(BOARD_X - 20, yGnd));
    const ySup = y0 + 6.5 * PIN_PITCH;
    svg.push(text(BOARD_X - 6, ySup - 5, v, { anchor: "end", cls: "v" }), line(BOARD_X - 40, ySup, BOARD_X, ySup), netLabel(BOARD_X - 40, ySup, "VPIX", "left"));
    svg.push(text(BOARD_X + BOARD_W / 2, y0 + h - 26, `${v}: USB 5 V less a diode,`, { anchor: "middle", cls: "v" }));
    svg.push(text(BOARD_X + BOARD_W / 2, y0 + h - 12, "which feeds the pixels", { anchor: "middle", cls: "v" }));
    return { svg, width: BOARD_X + BOARD_W + 120, height: h };
  }
  // Power on the left edge: battery into the regulator input, common ground.
  svg.push(text(BOARD_X - 6, yIn - 5, board.supplyPin, { anchor: "end", cls: "v" }));
  svg.push(text(BOARD_X - 6, yGnd - 5, "GND", { anchor: "end", cls: "v" }));
  svg.push(wire([BOARD_X, yIn], [BATTERY_X, yIn], [BATTERY_X, yIn + 8]));
  svg.push(batteryV(BATTERY_X, yIn + 8, "battery"));
  svg.push(wire([BATTERY_X, yIn + 38], [BATTERY_X, yGnd], [BOARD_X, yGnd]));
  svg.push(dot(BATTERY_X, yGnd));
  svg.push(gnd(BATTERY_X, yGnd + 6));
  svg.push(line(BATTERY_X, yGnd, BATTERY_X, yGnd + 6));
  svg.push(text(BATTERY_X, yGnd + 40, `${board.battery.cells}, ${board.battery.volts} V`, { anchor: "middle", cls: "v" }));
  svg.push(text(BOARD_X + BOARD_W / 2, y0 + h - 26, "3.3V: the board's regulator output,", { anchor: "middle", cls: "v" }));
  svg.push(text(BOARD_X + BOARD_W / 2, y0 + h - 12, "which feeds the LEDs", { anchor: "middle", cls: "v" }));
  return { svg, width: BOARD_X + BOARD_W + 120, height: h };
}

function keyMatrix(p: Profile, x0: number, y0: number): Section {
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
      svg.push(text(bx + 12, y - 30, `K${r * p.cols + c + 1}`, { cls: "v" }));
    }
  }
  return { svg, width: right - x0 + 20, height: rowY(p.rows - 1) - y0 + 30 };
}

function directLeds(p: Profile, led: LedDesign, x0: number, y0: number): Section {
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
      svg.push(resistorH(x + 50, y, 60, r));
      if (activeHigh) {
        svg.push(ledH(x + 110, y), line(x + 140, y, x + 160, y), gnd(x + 160, y));
      } else {
        svg.push(ledH(x + 110, y, true), line(x + 140, y, x + 160, y), rail(x + 160, y, "3.3V"));
      }
      svg.push(text(x + 125, y + 22, `D${i + 1}`, { anchor: "middle", cls: "v" }));
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
    svg.push(resistorH(x + 50, baseY, 60, formatOhms(t.baseOhms)));
    svg.push(q.svg);
    const [cx, top] = q.top;
    if (t.type === "NPN") {
      // 3.3 V → resistor → LED → collector; emitter → ground.
      svg.push(rail(cx, y + 12, "3.3V"), resistorV(cx, y + 12, 34, r), ledDown(cx, y + 46), line(cx, y + 76, cx, top));
      svg.push(gnd(cx, q.bottom[1]));
    } else {
      // 3.3 V → emitter; collector → resistor → LED → ground.
      svg.push(rail(cx, top - 6, "3.3V"), line(cx, top - 6, cx, top));
      svg.push(resistorV(cx, q.bottom[1], 30, r), ledDown(cx, q.bottom[1] + 30), gnd(cx, q.bottom[1] + 60));
    }
    svg.push(text(cx - 14, y + 66, `D${i + 1}`, { anchor: "end", cls: "v" }));
  }
  return { svg, width: p.cols * pitchX, height: 40 + p.rows * pitchY };
}

/** The data path (pin → level shifter → resistor → DIN) and the chain of pixels in pad order. */
function pixelChain(p: PixelProfile, board: Board, x0: number, y0: number): Section {
  const d = pixelDesign(p, board);
  const svg: string[] = [];
  const shifter = p.leds.levelShift === "74AHCT125";
  svg.push(text(x0, y0 + 16, `WS2812B pixels, chained in pad order (DOUT → DIN)`, { cls: "h" }));
  svg.push(
    text(x0, y0 + 34, `VDD of every pixel → VPIX, GND → GND, 100 nF at each; ${shifter ? "74AHCT125 powered from VPIX lifts 3.3 V data to 5 V" : "data straight from the pin"}`, { cls: "v" }),
  );
  // Data path on the first row.
  const y = y0 + 80;
  let x = x0 + 70;
  svg.push(netLabel(x, y, "PIXDATA", "left"));
  if (shifter) {
    svg.push(line(x, y, x + 10, y), bufferH(x + 10, y, "74AHCT125 (1A → 1Y, 1OE → GND)"));
    x += 50;
  }
  svg.push(resistorH(x, y, 70, formatOhms(d.dataOhms)));
  x += 70;
  // Pixel boxes: DIN on the left, DOUT on the right.
  const boxW = 56;
  const boxH = 36;
  const pitchX = 96;
  const pitchY = 70;
  const left = x + 20;
  const boxX = (c: number) => left + c * pitchX;
  const boxY = (r: number) => y - boxH / 2 + r * pitchY;
  svg.push(line(x, y, left, y));
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) {
      const i = r * p.cols + c;
      const bx = boxX(c);
      const by = boxY(r);
      svg.push(rect(bx, by, boxW, boxH));
      svg.push(text(bx + boxW / 2, by + 15, `P${i + 1}`, { anchor: "middle" }));
      svg.push(text(bx + 4, by + 30, "DI", { cls: "v" }), text(bx + boxW - 4, by + 30, "DO", { anchor: "end", cls: "v" }));
      if (i + 1 === d.count) continue;
      const outY = by + boxH / 2;
      if (c + 1 < p.cols) {
        svg.push(line(bx + boxW, outY, boxX(c + 1), outY));
      } else {
        // End of a row: back to the first pad of the next row.
        const midY = by + boxH + (pitchY - boxH) / 2;
        svg.push(wire([bx + boxW, outY], [bx + boxW + 12, outY], [bx + boxW + 12, midY], [left - 12, midY], [left - 12, outY + pitchY], [left, outY + pitchY]));
      }
    }
  }
  // Supply: VPIX rail with the bulk capacitor.
  const capX = x0 + 60;
  const capY = y + 60;
  svg.push(netLabel(capX, capY, "VPIX", "left"), line(capX, capY, capX + 20, capY), capacitorV(capX + 20, capY, `${BULK_CAP.uf} µF`, true), gnd(capX + 20, capY + 30));
  svg.push(text(x0, capY + 66, `${PIXEL.description}; ${d.supplyPin} = VPIX`, { cls: "v" }));
  const height = Math.max(boxY(p.rows - 1) + boxH, capY + 70) - y0 + 10;
  return { svg, width: boxX(p.cols - 1) + boxW + 40 - x0, height };
}

function piezoAndButtons(p: Profile, board: Board, x0: number, y0: number): Section {
  const svg: string[] = [];
  const pz = piezoDesign(p, board);
  svg.push(text(x0, y0 + 16, "Piezo", { cls: "h" }));
  const y = y0 + 50;
  svg.push(netLabel(x0 + 60, y, "PIEZO", "left"), resistorH(x0 + 60, y, 70, formatOhms(pz.seriesOhms)), wire([x0 + 130, y], [x0 + 150, y], [x0 + 150, y + 6]));
  svg.push(piezoV(x0 + 150, y + 6), gnd(x0 + 150, y + 36));
  const buttons = pinRoles(p).filter((r) => r.kind === "button");
  if (buttons.length === 0) return { svg, width: 240, height: 110 };
  const bx = x0 + 280;
  svg.push(text(bx, y0 + 16, "Function buttons (to ground, internal pull-up)", { cls: "h" }));
  buttons.forEach((b, i) => {
    const yy = y0 + 50 + i * 36;
    svg.push(netLabel(bx + 80, yy, b.net, "left"), switchH(bx + 80, yy, 50), line(bx + 130, yy, bx + 150, yy), gnd(bx + 150, yy));
    svg.push(text(bx + 175, yy + 4, b.label.replace("button ", ""), { cls: "v" }));
  });
  return { svg, width: 640, height: Math.max(110, 60 + buttons.length * 36) };
}

export function schematicSvg(p: Profile, board: Board): string {
  const led = hasPixels(p) ? undefined : ledDesign(p);
  const body: string[] = [];
  body.push(text(20, 30, `Merlin ${p.name}: schematic, ${board.title}`, { cls: "t" }));
  const subtitle = led
    ? `Red LEDs (Vf ${LED.forwardV.toFixed(1)} V), ${led.designMa} mA design current; component values from hardware/design.ts`
    : `WS2812B pixels, brightness cap ${(p as PixelProfile).leds.brightness}/255 per channel; component values from hardware/design.ts`;
  body.push(text(20, 50, subtitle, { cls: "v" }));
  const blk = boardBlock(p, board, 80);
  body.push(...blk.svg);

  let y = 70;
  let width = RIGHT_X;
  const add = (s: Section) => {
    body.push(...s.svg);
    width = Math.max(width, RIGHT_X + s.width);
    y += s.height + 30;
  };
  add(keyMatrix(p, RIGHT_X, y));
  if (!led) add(pixelChain(p as PixelProfile, board, RIGHT_X, y));
  else add(directLeds(p, led, RIGHT_X, y));
  add(piezoAndButtons(p, board, RIGHT_X, y));
  const height = Math.max(y, 80 + blk.height + 40);
  return svgDocument(width + 30, height, body, { style: SCHEMATIC_STYLE, title: `Merlin ${p.name} schematic` });
}

/**
 * Where every part sits: the holes each part's legs take on the perfboard (all on its 2.54 mm
 * grid), where the board, the battery holder and the power switch go behind it, and the stack
 * from the front panel to the back cover. perfboard.svg and back.svg draw it; the tests check
 * that every leg lands in a hole of the grid and that no two parts want the same place.
 *
 * Coordinates are millimetres from the panel's top-left corner as seen from the front; the
 * perfboard is cut to the panel's outline and lies square behind it. The perfboard's holes are
 * at x = (k + ½)·GRID, y = k·GRID: half a step right of the panel's hole centres, which is where
 * a part whose legs straddle its centre (key switch, LED, button) puts them.
 */
import { headerPlace, PITCH_005, type Board } from "./boards.js";
import { FOOTPRINTS, type Footprint } from "./footprints.js";
import { hasPixels } from "./design.js";
import { GRID, panelLayout, round2, type PanelLayout } from "./generators/panel.js";
import { BATTERY_HOLDER, POWER_SWITCH, STACK } from "./parts.js";
import type { Profile } from "./profile.js";
import { refs } from "./refdes.js";
import { pinRoles } from "./roles.js";

/** A leg (or pin) in a perfboard hole. */
export interface Leg {
  x: number;
  y: number;
  /** "+" for an LED's anode (the long leg), "1" for a header's first contact, "" otherwise. */
  mark: string;
}

/** A part on the perfboard, with the holes its legs take. */
export interface PlacedPart {
  ref: string;
  what: string;
  /** Which face of the perfboard the part's body is on: the panel side or the back. */
  side: "front" | "back";
  /** Its body's outline, mm: a rectangle [x, y, w, h] or a circle [cx, cy, d] (glued parts). */
  outline: { kind: "rect"; x: number; y: number; w: number; h: number } | { kind: "circle"; cx: number; cy: number; d: number };
  legs: Leg[];
}

export interface BackItem {
  id: string;
  what: string;
  /** Rectangle in front coordinates, mm. */
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Mechanics {
  panel: PanelLayout;
  /** Parts with legs or glued in place, front and back of the perfboard. */
  parts: PlacedPart[];
  /** The board's place: outline and the connector end (always the top edge). */
  board: { x: number; y: number; w: number; h: number; connectorY: number; footprint: Footprint };
  /** On the back cover's inside: the battery holder; the power switch through its hole. */
  holder?: BackItem;
  switchHole?: { x: number; y: number; d: number; body: BackItem };
  /** The stand-offs' centres (the panel's mounting holes). */
  standoffs: { x: number; y: number }[];
}

/** True when (x, y) is a perfboard hole: x a half step, y a whole step (within 0.01 mm). */
export function onPerfboardGrid(x: number, y: number): boolean {
  const sx = x / GRID - 0.5;
  const sy = y / GRID;
  return Math.abs(sx - Math.round(sx)) * GRID < 0.01 && Math.abs(sy - Math.round(sy)) * GRID < 0.01;
}

function key(x: number, y: number): string {
  return `${Math.round(x / GRID - 0.5)},${Math.round(y / GRID)}`;
}

/** The perfboard holes under a part's body (with 0.5 mm to spare), as grid keys. */
function holesUnder(part: PlacedPart): string[] {
  const o = part.outline;
  const box = o.kind === "rect" ? { x: o.x, y: o.y, w: o.w, h: o.h } : { x: o.cx - o.d / 2, y: o.cy - o.d / 2, w: o.d, h: o.d };
  const out: string[] = [];
  for (let i = Math.floor(box.x / GRID - 1); i <= Math.ceil((box.x + box.w) / GRID); i++) {
    for (let j = Math.floor(box.y / GRID - 1); j <= Math.ceil((box.y + box.h) / GRID) + 1; j++) {
      const x = (i + 0.5) * GRID;
      const y = j * GRID;
      if (x > box.x - 0.5 && x < box.x + box.w + 0.5 && y > box.y - 0.5 && y < box.y + box.h + 0.5) out.push(key(x, y));
    }
  }
  return out;
}

function legsAround(cx: number, cy: number, dx: number[], dy: number[]): Leg[] {
  const out: Leg[] = [];
  for (const y of dy) for (const x of dx) out.push({ x: round2(cx + x * GRID), y: round2(cy + y * GRID), mark: "" });
  return out;
}

/** Rectangles overlap, with `gap` mm between them required. */
function overlaps(a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }, gap: number): boolean {
  return a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
}

/** A stand-off's hex body (5.5 mm across flats) as a square, plus its nut: 7 mm. */
function standoffBox(s: { x: number; y: number }) {
  return { x: s.x - 3.5, y: s.y - 3.5, w: 7, h: 7 };
}

export function mechanics(p: Profile, board: Board): Mechanics {
  const L = panelLayout(p);
  const R = refs(p, board);
  const parts: PlacedPart[] = [];
  const hole = (id: string) => L.holes.find((h) => h.id === id)!;
  const n = p.rows * p.cols;
  for (let i = 1; i <= n; i++) {
    const k = hole(`K${i}`);
    parts.push({
      ref: R.padSwitch[i - 1], what: `pad ${i} switch`, side: "front",
      outline: { kind: "rect", x: k.x - 6, y: k.y - 6, w: 12, h: 12 },
      legs: legsAround(k.x, k.y, [-2.5, 2.5], [-1, 1]),
    });
    const l = hole(`L${i}`);
    if (hasPixels(p)) {
      parts.push({ ref: R.led[i - 1], what: `pixel ${i}, glued to the panel's back over L${i}`, side: "front", outline: { kind: "circle", cx: l.x, cy: l.y, d: 10 }, legs: [] });
    } else {
      const legs = legsAround(l.x, l.y, [-0.5, 0.5], [0]);
      legs[0].mark = "+";
      parts.push({ ref: R.led[i - 1], what: `LED ${i} (long leg, +, on the left)`, side: "front", outline: { kind: "circle", cx: l.x, cy: l.y, d: 5.8 }, legs });
    }
  }
  L.holes.filter((h) => h.id.startsWith("B")).forEach((b, i) => {
    parts.push({
      ref: R.button[i], what: `${b.what} button`, side: "front",
      outline: { kind: "rect", x: b.x - 3, y: b.y - 3, w: 6, h: 6 },
      legs: legsAround(b.x, b.y, [-1.5, 1.5], [-1, 1]),
    });
  });
  const pz = hole("P");
  parts.push({ ref: R.piezo, what: "piezo, glued to the panel's back over P", side: "front", outline: { kind: "circle", cx: pz.x, cy: pz.y, d: 12.2 }, legs: [] });
  const standoffs = L.holes.filter((h) => h.id.startsWith("M")).map((h) => ({ x: h.x, y: h.y }));

  // Holes under a front part's body are taken too: a socket's pins would stick out under it.
  const taken = new Set(parts.flatMap((x) => [...x.legs.map((l) => key(l.x, l.y)), ...holesUnder(x)]));
  const fp = FOOTPRINTS[board.id];
  const placed = placeBoard(L, fp, taken, standoffs);
  parts.push(...placed.parts);
  for (const part of placed.parts) for (const l of part.legs) taken.add(key(l.x, l.y));
  if (usesFinePitch(p, board)) parts.push(placePigtail(L, placed.board, taken));

  const m: Mechanics = { panel: L, parts, board: { ...placed.board, footprint: fp }, standoffs };
  if (!hasPixels(p)) {
    const size = BATTERY_HOLDER[board.battery.cells.startsWith("4") ? "4xAA" : "3xAAA"];
    const holder = placeHolder(L, size, standoffs, placed.board);
    m.holder = { id: R.battery!, what: `battery holder, ${board.battery.cells} (on the back cover's inside)`, ...holder };
    m.switchHole = placeSwitch(L, [holder, placed.board], standoffs, R.powerSwitch!);
  }
  return m;
}

/** True when the build uses a pin of a 0.05" header (the Pico's end row). */
export function usesFinePitch(p: Profile, board: Board): boolean {
  return pinRoles(p).some((r) => headerPlace(board, r.pin)?.header.pitchMm === PITCH_005);
}

/**
 * The board lies on the perfboard's back in socket headers, long edges upright, its connector
 * end towards the top edge: the two header rows are columns of holes between the pads' legs,
 * the rightmost pair that is free and clear of the stand-offs.
 */
function placeBoard(L: PanelLayout, fp: Footprint, taken: Set<string>, standoffs: { x: number; y: number }[]) {
  // Rows from the top down, and from the right edge leftwards, the first place that is free.
  const top = Math.ceil((3 * GRID + fp.firstPinMm) / GRID);
  for (let step = top; step < top + 10; step++) {
    const firstPinY = step * GRID;
    for (let colB = Math.floor(L.width / GRID - 1.5); colB >= fp.rowSteps; colB--) {
      const xB = (colB + 0.5) * GRID;
      const xA = xB - fp.rowSteps * GRID;
      const outline = { x: (xA + xB) / 2 - fp.widthMm / 2, y: firstPinY - fp.firstPinMm, w: fp.widthMm, h: fp.lengthMm };
      if (outline.x < GRID || outline.x + outline.w > L.width - GRID || outline.y + outline.h > L.height - GRID) continue;
      if (standoffs.some((s) => overlaps(outline, standoffBox(s), 0.5))) continue;
      // The cable's plug comes in from the top edge: nothing in its way, and not too far to reach.
      const corridor = { x: (xA + xB) / 2 - fp.plugMm / 2, y: 0, w: fp.plugMm, h: outline.y };
      if (outline.y > MAX_REACH_MM || standoffs.some((s) => overlaps(corridor, standoffBox(s), 0.2))) continue;
      const rowA: Leg[] = [];
      const rowB: Leg[] = [];
      for (let k = 0; k < fp.pinsPerRow; k++) {
        rowA.push({ x: round2(xA), y: round2(firstPinY + k * GRID), mark: k === 0 ? "1" : "" });
        rowB.push({ x: round2(xB), y: round2(firstPinY + k * GRID), mark: k === 0 ? "1" : "" });
      }
      if ([...rowA, ...rowB].some((l) => taken.has(key(l.x, l.y)))) continue;
      const socket = (legs: Leg[], side: string): PlacedPart => ({
        ref: "", what: `${fp.pinsPerRow}-way 0.1" socket header (the board's ${side} row)`, side: "back",
        outline: { kind: "rect", x: legs[0].x - 1.27, y: legs[0].y - 1.27, w: 2.54, h: fp.pinsPerRow * GRID },
        legs,
      });
      return {
        board: { ...rounded(outline), connectorY: round2(outline.y) },
        parts: [socket(rowA, "left"), socket(rowB, "right")],
      };
    }
  }
  throw new Error(`mechanics: no free place for the board on a ${L.width} × ${L.height} mm perfboard`);
}

/** How far inside the top edge the board's connector may be for a cable to reach it, mm. */
const MAX_REACH_MM = 16;

function rounded(r: { x: number; y: number; w: number; h: number }) {
  return { x: round2(r.x), y: round2(r.y), w: round2(r.w), h: round2(r.h) };
}

/**
 * The Pico's 0.05" end row cannot take a 0.1" socket: eight fine wires soldered to its pads end in
 * an 8-way 0.1" socket (a "pigtail") that plugs onto this 8-way pin header, so the Pico still
 * comes out. The header goes in the first free row below the board.
 */
function placePigtail(L: PanelLayout, b: { x: number; y: number; w: number; h: number }, taken: Set<string>): PlacedPart {
  const x0 = Math.ceil(b.x / GRID - 0.5) + 0.5;
  for (let row = Math.ceil((b.y + b.h) / GRID) + 2; row < L.height / GRID - 1; row++) {
    for (let shift = 0; shift < 12; shift++) {
      const legs: Leg[] = Array.from({ length: 8 }, (_, k) => ({ x: round2((x0 - shift + k) * GRID), y: round2(row * GRID), mark: k === 0 ? "1" : "" }));
      if (legs[0].x < GRID || legs.some((l) => taken.has(key(l.x, l.y)))) continue;
      return {
        ref: "end-row header", what: "8-way 0.1\" pin header for the end-row pigtail (A4 … B8, pin 1 = A4)", side: "back",
        outline: { kind: "rect", x: legs[0].x - 1.27, y: legs[0].y - 1.27, w: 8 * GRID, h: GRID }, legs,
      };
    }
  }
  throw new Error("mechanics: no free row for the Pico's end-row header");
}

/**
 * The holder is taped to the back cover's inside, clear of the stand-offs: beside the board where
 * there is room, else centred behind it (the depth budget, checked in the tests, allows that).
 */
function placeHolder(L: PanelLayout, size: { w: number; h: number }, standoffs: { x: number; y: number }[], board: { x: number; y: number; w: number; h: number }) {
  const free = (r: { x: number; y: number; w: number; h: number }) =>
    r.x >= 1 && r.x + r.w <= L.width - 1 && r.y + r.h <= L.height - 1 && !standoffs.some((s) => overlaps(r, standoffBox(s), 0.5));
  for (const avoidBoard of [true, false]) {
    for (let y = 3 * GRID; y + size.h < L.height; y += GRID) {
      for (let x = round2((L.width - size.w) / 2); x >= 1; x -= GRID) {
        const r = { x: round2(x), y: round2(y), w: size.w, h: size.h };
        if (free(r) && !(avoidBoard && overlaps(r, board, 1))) return r;
      }
    }
  }
  throw new Error(`mechanics: the ${size.w} × ${size.h} mm battery holder does not fit on a ${L.width} × ${L.height} mm back cover`);
}

/**
 * The power switch stands in its hole in the back cover, its body inside the case: a place on the
 * grid, as low as possible, clear of the holder, the board and the stand-offs.
 */
function placeSwitch(L: PanelLayout, avoid: { x: number; y: number; w: number; h: number }[], standoffs: { x: number; y: number }[], ref: string) {
  const { bodyW, bodyH, holeMm } = POWER_SWITCH;
  const cols = Math.floor(L.width / GRID);
  for (let row = Math.floor((L.height - 4) / GRID); row > 2; row--) {
    for (let i = 0; i <= cols; i++) {
      // Centre first, then alternately right and left of it.
      const col = Math.round(cols / 2) + (i % 2 ? (i + 1) / 2 : -i / 2);
      const x = col * GRID;
      const y = row * GRID;
      const body = { x: x - bodyW / 2, y: y - bodyH / 2, w: bodyW, h: bodyH };
      if (body.x < 2 || body.x + body.w > L.width - 2 || body.y < 2 || body.y + body.h > L.height - 2) continue;
      if (avoid.some((a) => overlaps(body, a, 1)) || standoffs.some((s) => overlaps(body, standoffBox(s), 0.5))) continue;
      return { x: round2(x), y: round2(y), d: holeMm, body: { id: ref, what: "power switch body (inside the case)", ...rounded(body) } };
    }
  }
  throw new Error(`mechanics: no free place for the power switch on a ${L.width} × ${L.height} mm back cover`);
}

export { FOOTPRINTS, type Footprint };

/** The stack from the panel's face to the back cover's outside, mm. */
export function stackDepthMm(p: Profile): number {
  return STACK.panelMm + STACK.standoffMm + STACK.perfboardMm + backStandoffMm(p) + STACK.panelMm;
}

/** The back stand-offs: deep enough for the battery holder and the switch, or only for the board. */
export function backStandoffMm(p: Profile): number {
  return hasPixels(p) ? STACK.backStandoffPixelsMm : STACK.backStandoffMm;
}

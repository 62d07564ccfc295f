/**
 * panel.svg: a 1:1 drilling template for the front panel (SVG units are millimetres),
 * with the pad grid (a key hole and an LED hole per pad), function buttons, the piezo's
 * sound hole, mounting holes, dimensions and a hole table.
 */
import { rightMarginSteps } from "../footprints.js";
import type { Profile } from "../profile.js";
import { BUTTON_LABEL, declaredButtons } from "../roles.js";
import { esc, line, n, polygon, rect, SCALE_STYLE, scaleBar, svgDocument, text } from "./svg.js";

/** One hole of 0.1" perfboard, mm: every hole and every part's leg sits on this grid. */
export const GRID = 2.54;

/**
 * Panel geometry, mm. Every position is a whole number of grid steps from the panel's
 * top-left corner, so the switches and LEDs soldered on the perfboard behind it stand under
 * their holes (a pad pitch of 26 mm would leave them 0.2–2.4 mm off). The perfboard's holes
 * are half a step to the right of these positions: a key switch's legs (5 × 2 steps apart)
 * and an LED's (1 step, legs side by side) then straddle each centre.
 */
export const PANEL = {
  /** Pad pitch: 10 holes. */
  pitch: 10 * GRID,
  keyHole: 13.0,
  /** LED hole centre above the pad centre, key hole centre below it: 5 holes apart. */
  ledOffset: -3 * GRID,
  keyOffset: 2 * GRID,
  /** A 5 mm LED's dome (its flange is 5.8 mm) passes with room; a standard 6 mm drill. */
  ledHole: 6.0,
  buttonHole: 4.0,
  piezoHole: 4.0,
  piezoY: 4 * GRID,
  /** The first pad's centre, from the panel's top-left corner. */
  firstPadX: 7 * GRID,
  firstPadY: 10 * GRID,
  /** Below the last key: 6 steps to the button row (or the edge), the button row 4 steps above the edge. */
  keyToEdge: 6 * GRID,
  buttonRowBelowKey: 6 * GRID,
  buttonToEdge: 4 * GRID,
  /** Function buttons one pad pitch apart, centred under the grid. */
  buttonPitch: 10 * GRID,
  mountHole: 3.2,
  mountInset: 2 * GRID,
};

export interface Hole {
  id: string;
  what: string;
  x: number;
  y: number;
  d: number;
}

export interface PanelLayout {
  width: number;
  height: number;
  holes: Hole[];
  padX: number[];
  padY: number[];
}

export function panelLayout(p: Profile): PanelLayout {
  const P = PANEL;
  // The right margin may be wider: a strip for the board where it cannot sit between the pads.
  const width = P.firstPadX + (p.cols - 1) * P.pitch + rightMarginSteps(p) * GRID;
  const padX = Array.from({ length: p.cols }, (_, c) => P.firstPadX + c * P.pitch);
  const padY = Array.from({ length: p.rows }, (_, r) => P.firstPadY + r * P.pitch);
  const holes: Hole[] = [];
  // Between the first two columns, so the piezo glued behind it clears every LED and pixel.
  holes.push({ id: "P", what: "piezo sound hole", x: padX[0] + P.pitch / 2, y: P.piezoY, d: P.piezoHole });
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) {
      const i = r * p.cols + c + 1;
      holes.push({ id: `L${i}`, what: `LED ${i}`, x: padX[c], y: padY[r] + P.ledOffset, d: P.ledHole });
      holes.push({ id: `K${i}`, what: `pad ${i} key`, x: padX[c], y: padY[r] + P.keyOffset, d: P.keyHole });
    }
  }
  const lastKey = padY[p.rows - 1] + P.keyOffset;
  const buttons = declaredButtons(p);
  const buttonY = lastKey + P.buttonRowBelowKey;
  buttons.forEach((b, i) => {
    const x = (padX[0] + padX[p.cols - 1]) / 2 + (i - (buttons.length - 1) / 2) * P.buttonPitch;
    holes.push({ id: `B${i + 1}`, what: BUTTON_LABEL[b.key], x, y: buttonY, d: P.buttonHole });
  });
  const height = buttons.length ? buttonY + P.buttonToEdge : lastKey + P.keyToEdge;
  const m = P.mountInset;
  [[m, m], [width - m, m], [m, height - m], [width - m, height - m]].forEach(([x, y], i) =>
    holes.push({ id: `M${i + 1}`, what: "mounting hole (M3)", x, y, d: P.mountHole }),
  );
  return { width: round2(width), height: round2(height), holes: holes.map((h) => ({ ...h, x: round2(h.x), y: round2(h.y) })), padX, padY };
}

/** Millimetres to 0.01 mm, so the documents print 86.36 rather than 86.35999999999999. */
export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

const STYLE = [
  ".edge{stroke:#000;stroke-width:0.4;fill:none}",
  ".hole{stroke:#000;stroke-width:0.3;fill:#f2f2f2}",
  ".cl{stroke:#888;stroke-width:0.15;stroke-dasharray:1.5 1;fill:none}",
  ".dim{stroke:#1a5fb4;stroke-width:0.2;fill:none}",
  ".arr{fill:#1a5fb4;stroke:none}",
  "text{font-family:sans-serif;font-size:2.6px;fill:#000}",
  ".dt{fill:#1a5fb4}",
  ".id{font-size:2.2px;fill:#555}",
  ".h{font-size:4px;font-weight:bold}",
].join("") + SCALE_STYLE;

/** Dimension line between two points with arrowheads and a centred label (offset across the line). */
function dimension(x1: number, y1: number, x2: number, y2: number, label: string): string {
  const horizontal = y1 === y2;
  const a = 1.2;
  const arrows = horizontal
    ? polygon([[x1, y1], [x1 + a * 1.6, y1 - a / 2], [x1 + a * 1.6, y1 + a / 2]], "arr") +
      polygon([[x2, y2], [x2 - a * 1.6, y2 - a / 2], [x2 - a * 1.6, y2 + a / 2]], "arr")
    : polygon([[x1, y1], [x1 - a / 2, y1 + a * 1.6], [x1 + a / 2, y1 + a * 1.6]], "arr") +
      polygon([[x2, y2], [x2 - a / 2, y2 - a * 1.6], [x2 + a / 2, y2 - a * 1.6]], "arr");
  const label_ = horizontal
    ? text((x1 + x2) / 2, y1 - 1, label, { anchor: "middle", cls: "dt" })
    : `<text x="${n(x1 - 1)}" y="${n((y1 + y2) / 2)}" text-anchor="middle" class="dt" transform="rotate(-90 ${n(x1 - 1)} ${n((y1 + y2) / 2)})">${esc(label)}</text>`;
  return line(x1, y1, x2, y2, "dim") + arrows + label_;
}

function list(xs: number[]): string {
  return xs.map(n).join(", ");
}

export function panelSvg(p: Profile): string {
  const L = panelLayout(p);
  const ox = 22;
  const oy = 40;
  const body: string[] = [];
  body.push(text(4, 8, `Merlin ${p.name}: front panel, ${n(L.width)} × ${n(L.height)} mm`, { cls: "h" }));
  body.push(text(4, 13, "Print at 100 % (1 unit = 1 mm) and check the scale bar; coordinates are hole centres from the panel's top-left corner.", {}));
  body.push(text(4, 16.5, `Every centre is a whole number of ${GRID} mm perfboard steps from the others (pitch ${n(PANEL.pitch)} mm = 10 steps).`, {}));
  body.push(scaleBar(ox + Math.max(L.width - 50, 0), 21, 50));
  body.push(`<g transform="translate(${ox} ${oy})">`);
  body.push(rect(0, 0, L.width, L.height, "edge"));
  for (const h of L.holes) {
    body.push(`<circle class="hole" id="${h.id}" cx="${n(h.x)}" cy="${n(h.y)}" r="${n(h.d / 2)}"/>`);
    const labelY = h.id.startsWith("K") ? h.y + 1 : h.y + h.d / 2 + 2.6;
    body.push(text(h.x, labelY, h.id, { anchor: "middle", cls: "id" }));
    if (h.id.startsWith("B")) body.push(text(h.x, h.y + h.d / 2 + 5.2, h.what, { anchor: "middle", cls: "id" }));
  }
  // Overall size.
  body.push(line(0, 0, 0, -12, "cl"), line(L.width, 0, L.width, -12, "cl"));
  body.push(dimension(0, -10, L.width, -10, `${n(L.width)} mm`));
  body.push(line(0, 0, -14, 0, "cl"), line(0, L.height, -14, L.height, "cl"));
  body.push(dimension(-10, 0, -10, L.height, `${n(L.height)} mm`));
  // Pad pitch, horizontal and vertical, between the first two pads.
  if (p.cols > 1) {
    const [x1, x2] = L.padX;
    // Extension lines stop just inside the edge, clear of the piezo hole.
    body.push(line(x1, 3, x1, -4, "cl"), line(x2, 3, x2, -4, "cl"));
    body.push(dimension(x1, -3, x2, -3, `pitch ${n(PANEL.pitch)}`));
  }
  if (p.rows > 1) {
    const y1 = L.padY[0] + PANEL.keyOffset;
    const y2 = L.padY[1] + PANEL.keyOffset;
    body.push(line(L.width, y1, L.width + 6, y1, "cl"), line(L.width, y2, L.width + 6, y2, "cl"));
    body.push(dimension(L.width + 5, y1, L.width + 5, y2, `${n(PANEL.pitch)}`));
  }
  body.push(`</g>`);

  // Hole table below the drawing.
  const kinds: [string, string][] = [];
  const keys = L.holes.filter((h) => h.id.startsWith("K"));
  const leds = L.holes.filter((h) => h.id.startsWith("L"));
  const uniq = (xs: number[]) => [...new Set(xs.map((x) => Math.round(x * 100) / 100))];
  kinds.push([`Key holes K1–K${keys.length}: Ø ${n(PANEL.keyHole)} mm (12 mm round key cap + clearance)`, `x = ${list(uniq(keys.map((h) => h.x)))}; y = ${list(uniq(keys.map((h) => h.y)))}`]);
  const ledFits = p.leds.drive === "neopixel" ? "a window for the pixel breakout glued behind it" : "a 5 mm LED's dome, with room";
  kinds.push([`LED holes L1–L${leds.length}: Ø ${n(PANEL.ledHole)} mm (${ledFits}), ${n(PANEL.keyOffset - PANEL.ledOffset)} mm (5 steps) above each key hole`, `x = ${list(uniq(leds.map((h) => h.x)))}; y = ${list(uniq(leds.map((h) => h.y)))}`]);
  for (const b of L.holes.filter((h) => h.id.startsWith("B"))) {
    kinds.push([`Button hole ${b.id} (${b.what}): Ø ${n(b.d)} mm (6×6 mm tactile switch plunger)`, `x = ${n(b.x)}; y = ${n(b.y)}`]);
  }
  const pz = L.holes.find((h) => h.id === "P")!;
  kinds.push([`Piezo sound hole P: Ø ${n(pz.d)} mm, piezo glued behind it`, `x = ${n(pz.x)}; y = ${n(pz.y)}`]);
  kinds.push([`Mounting holes M1–M4: Ø ${n(PANEL.mountHole)} mm (M3), ${n(PANEL.mountInset)} mm (2 steps) from each edge; the perfboard and the back cover take the same four`, `x = ${n(PANEL.mountInset)}, ${n(L.width - PANEL.mountInset)}; y = ${n(PANEL.mountInset)}, ${n(L.height - PANEL.mountInset)}`]);
  let ty = oy + L.height + 12;
  for (const [what, where] of kinds) {
    body.push(text(4, ty, what, {}));
    body.push(text(8, ty + 3.6, where, { cls: "dt" }));
    ty += 8.5;
  }
  const width = Math.max(ox + L.width + 20, 170);
  return svgDocument(width, ty, body, { unit: "mm", style: STYLE, title: `Merlin ${p.name} front panel` });
}

/**
 * panel.svg: a 1:1 drilling template for the front panel (SVG units are millimetres),
 * with the pad grid (a key hole and an LED hole per pad), function buttons, the piezo's
 * sound hole, mounting holes, dimensions and a hole table.
 */
import type { Profile } from "../profile.js";
import { BUTTON_LABEL, declaredButtons } from "../roles.js";
import { circle, esc, line, n, polygon, rect, svgDocument, text } from "./svg.js";

/** Panel geometry, mm. */
export const PANEL = {
  pitch: 26,
  keyHole: 13.0,
  /** LED hole centre above the pad centre, key hole centre below it. */
  ledOffset: -9,
  keyOffset: 3.5,
  ledHole: 5.2,
  buttonHole: 4.0,
  buttonRow: 16,
  piezoHole: 4.0,
  piezoY: 11,
  gridTop: 20,
  margin: 14,
  mountHole: 3.2,
  mountInset: 5,
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
  const width = 2 * P.margin + p.cols * P.pitch;
  const padX = Array.from({ length: p.cols }, (_, c) => P.margin + P.pitch / 2 + c * P.pitch);
  const padY = Array.from({ length: p.rows }, (_, r) => P.gridTop + P.pitch / 2 + r * P.pitch);
  const holes: Hole[] = [];
  holes.push({ id: "P", what: "piezo sound hole", x: width / 2, y: P.piezoY, d: P.piezoHole });
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) {
      const i = r * p.cols + c + 1;
      holes.push({ id: `L${i}`, what: `LED ${i}`, x: padX[c], y: padY[r] + P.ledOffset, d: P.ledHole });
      holes.push({ id: `K${i}`, what: `pad ${i} key`, x: padX[c], y: padY[r] + P.keyOffset, d: P.keyHole });
    }
  }
  const gridBottom = P.gridTop + p.rows * P.pitch;
  const buttons = declaredButtons(p);
  buttons.forEach((b, i) => {
    // Spread across the pad columns' span, so four buttons line up under four columns.
    const first = padX[0];
    const last = padX[padX.length - 1];
    const x = buttons.length === 1 ? width / 2 : first + ((last - first) * i) / (buttons.length - 1);
    holes.push({ id: `B${i + 1}`, what: BUTTON_LABEL[b.key], x, y: gridBottom + P.buttonRow / 2, d: P.buttonHole });
  });
  const height = gridBottom + (buttons.length ? P.buttonRow + 6 : 0) + P.margin - 4;
  const m = P.mountInset;
  [[m, m], [width - m, m], [m, height - m], [width - m, height - m]].forEach(([x, y], i) =>
    holes.push({ id: `M${i + 1}`, what: "mounting hole (M3)", x, y, d: P.mountHole }),
  );
  return { width, height, holes, padX, padY };
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
].join("");

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
  const oy = 30;
  const body: string[] = [];
  body.push(text(4, 8, `Merlin ${p.name}: front panel, ${n(L.width)} × ${n(L.height)} mm`, { cls: "h" }));
  body.push(text(4, 13, "Print at 100 % (1 unit = 1 mm); coordinates are hole centres from the panel's top-left corner.", {}));
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
  const ledFits = p.leds.drive === "neopixel" ? "a window for the pixel breakout glued behind it" : "5 mm LED";
  kinds.push([`LED holes L1–L${leds.length}: Ø ${n(PANEL.ledHole)} mm (${ledFits}), ${n(PANEL.keyOffset - PANEL.ledOffset)} mm above each key hole`, `x = ${list(uniq(leds.map((h) => h.x)))}; y = ${list(uniq(leds.map((h) => h.y)))}`]);
  for (const b of L.holes.filter((h) => h.id.startsWith("B"))) {
    kinds.push([`Button hole ${b.id} (${b.what}): Ø ${n(b.d)} mm (6×6 mm tactile switch plunger)`, `x = ${n(b.x)}; y = ${n(b.y)}`]);
  }
  const pz = L.holes.find((h) => h.id === "P")!;
  kinds.push([`Piezo sound hole P: Ø ${n(pz.d)} mm, piezo glued behind it`, `x = ${n(pz.x)}; y = ${n(pz.y)}`]);
  kinds.push([`Mounting holes M1–M4: Ø ${n(PANEL.mountHole)} mm (M3), ${n(PANEL.mountInset)} mm from each edge`, `x = ${n(PANEL.mountInset)}, ${n(L.width - PANEL.mountInset)}; y = ${n(PANEL.mountInset)}, ${n(L.height - PANEL.mountInset)}`]);
  let ty = oy + L.height + 12;
  for (const [what, where] of kinds) {
    body.push(text(4, ty, what, {}));
    body.push(text(8, ty + 3.6, where, { cls: "dt" }));
    ty += 8.5;
  }
  const width = Math.max(ox + L.width + 20, 170);
  return svgDocument(width, ty, body, { unit: "mm", style: STYLE, title: `Merlin ${p.name} front panel` });
}

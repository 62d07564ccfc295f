/**
 * perfboard.svg: a 1:1 placement of every part's legs on the perfboard's holes, to lay on the
 * board before soldering; back.svg: the back cover's drilling template, with where the board,
 * the battery holder and the power switch sit behind it, and the stack from front to back.
 * Both in millimetres; print at 100 % and check the scale bar.
 */
import type { Board } from "../boards.js";
import { hasPixels } from "../design.js";
import { backStandoffMm, mechanics, stackDepthMm, type PlacedPart } from "../mechanics.js";
import { BATTERY_HOLDER, BUTTON_SWITCH, PAD_SWITCH, POWER_SWITCH, STACK } from "../parts.js";
import type { Profile } from "../profile.js";
import { GRID, PANEL } from "./panel.js";
import { circle, esc, n, rect, SCALE_STYLE, scaleBar, svgDocument, text } from "./svg.js";

const STYLE = [
  ".edge{stroke:#000;stroke-width:0.4;fill:none}",
  ".front{stroke:#000;stroke-width:0.3;fill:none}",
  ".back{stroke:#1a5fb4;stroke-width:0.3;stroke-dasharray:1.2 0.8;fill:none}",
  ".cover{stroke:#6a1b9a;stroke-width:0.3;stroke-dasharray:2 1;fill:none}",
  ".leg{fill:#c01c28;stroke:none}",
  ".pin{fill:#1a5fb4;stroke:none}",
  ".drill{stroke:#000;stroke-width:0.3;fill:#f2f2f2}",
  ".sec{stroke:#000;stroke-width:0.25;fill:#eee}",
  ".secb{stroke:#1a5fb4;stroke-width:0.25;fill:#e6eef8}",
  "text{font-family:sans-serif;font-size:2.6px;fill:#000}",
  ".ref{font-size:2px;fill:#000}",
  ".refb{font-size:2px;fill:#1a5fb4}",
  ".refc{font-size:2.2px;fill:#6a1b9a}",
  ".h{font-size:4px;font-weight:bold}",
].join("") + SCALE_STYLE;

function outline(part: PlacedPart, cls: string): string {
  const o = part.outline;
  return o.kind === "rect" ? rect(o.x, o.y, o.w, o.h, cls) : circle(o.cx, o.cy, o.d / 2, cls);
}

/** Switches are labelled inside their body, round parts to their left, sockets above. */
function labelAt(part: PlacedPart): [number, number, "middle" | "end"] {
  const o = part.outline;
  if (o.kind === "circle") return [o.cx - o.d / 2 - 0.8, o.cy + 0.8, "end"];
  return part.side === "back" ? [o.x + o.w / 2, o.y - 0.8, "middle"] : [o.x + o.w / 2, o.y + o.h / 2 + 0.8, "middle"];
}

/** Lines of text from (x, y) down, 3.6 mm apart; returns the y after the last. */
function lines(body: string[], x: number, y: number, ls: string[]): number {
  for (const l of ls) {
    body.push(text(x, y, l, {}));
    y += 3.6;
  }
  return y;
}

export function perfboardSvg(p: Profile, board: Board): string {
  const M = mechanics(p, board);
  const L = M.panel;
  const body: string[] = [];
  body.push(text(4, 8, `Merlin ${p.name}: perfboard, ${n(L.width)} × ${n(L.height)} mm, from the front`, { cls: "h" }));
  let y = lines(body, 4, 13, [
    `Print at 100 % and check the scale bar. Lay the print on the perfboard, its dots on the holes (${GRID} mm grid),`,
    "and cut the board to the outline.",
    "Red: legs of the parts on the front (towards the panel). Blue, dashed: sockets and headers on the back;",
    `the board plugs in there. Grey circles: drill ${n(PANEL.mountHole)} mm for the stand-offs.`,
    "Key switches: legs 12.5 × 5 mm into holes 5 × 2 steps apart (12.7 × 5.08 mm); buttons' 6.5 × 4.5 mm into",
    "3 × 2 steps: bend the legs slightly. Plug the board into its sockets before soldering them.",
    hasPixels(p)
      ? "Pixels and the piezo are glued to the panel's back (dashed circles) and wired to the perfboard;"
      : "LEDs: long leg (+) in the left hole. The piezo is glued to the panel's back (dashed circle);",
    hasPixels(p) ? "resistors, diodes, capacitors and U2 go on the back, in free holes near their pins." : "resistors and the rest go on the back, in free holes near their pins.",
  ]);
  body.push(scaleBar(4, y + 1, 50));
  const ox = 8;
  const oy = y + 9;
  body.push(`<defs><pattern id="holes" patternUnits="userSpaceOnUse" x="${n(ox)}" y="${n(oy - GRID / 2)}" width="${GRID}" height="${GRID}">${circle(GRID / 2, GRID / 2, 0.35, "pin")}</pattern></defs>`);
  body.push(`<g transform="translate(${n(ox)} ${n(oy)})">`);
  body.push(`<rect x="0" y="0" width="${n(L.width)}" height="${n(L.height)}" fill="url(#holes)" opacity="0.35"/>`);
  body.push(rect(0, 0, L.width, L.height, "edge"));
  for (const s of M.standoffs) body.push(circle(s.x, s.y, PANEL.mountHole / 2, "drill"));
  for (const part of M.parts) {
    const back = part.side === "back";
    const glued = part.legs.length === 0;
    body.push(outline(part, back || glued ? "back" : "front"));
    for (const l of part.legs) body.push(back ? rect(l.x - 0.55, l.y - 0.55, 1.1, 1.1, "pin") : circle(l.x, l.y, 0.6, "leg"));
    for (const l of part.legs.filter((x) => x.mark)) body.push(text(l.x - 1.1, l.y - 0.9, l.mark, { anchor: "end", cls: back ? "refb" : "ref" }));
    const [lx, ly, anchor] = labelAt(part);
    body.push(text(lx, ly, part.ref, { anchor, cls: back ? "refb" : "ref" }));
  }
  const b = M.board;
  body.push(rect(b.x, b.y, b.w, b.h, "back"));
  body.push(text(b.x + b.w / 2, b.y + b.h / 2, `${b.footprint.short} (back)`, { anchor: "middle", cls: "refb" }));
  body.push(text(b.x + b.w / 2, b.y + 3, `${b.footprint.short === "MDBT42Q" ? "J3" : "USB"} ↑`, { anchor: "middle", cls: "refb" }));
  body.push(`</g>`);
  return svgDocument(Math.max(ox + L.width + 8, 200), oy + L.height + 8, body, { unit: "mm", style: STYLE, title: `Merlin ${p.name} perfboard placement` });
}

export function backSvg(p: Profile, board: Board): string {
  const M = mechanics(p, board);
  const L = M.panel;
  const W = L.width;
  // Seen from behind, x runs the other way: a point at x from the front's left is at W − x.
  const mx = (x: number, w = 0) => W - x - w;
  const body: string[] = [];
  body.push(text(4, 8, `Merlin ${p.name}: back cover and what sits behind it, from behind`, { cls: "h" }));
  const battery = M.holder && M.switchHole;
  let y = lines(body, 4, 13, [
    `Back cover: ${STACK.panel}, ${n(L.width)} × ${n(L.height)} mm, the panel's outline.`,
    "Print at 100 %, check the scale bar, tape the print on and drill.",
    `M1–M4: ${n(PANEL.mountHole)} mm, onto the ${backStandoffMm(p)} mm stand-offs.` +
      (battery ? ` S: ${n(POWER_SWITCH.holeMm)} mm for the power switch (${POWER_SWITCH.example}), its body inside.` : ""),
    `Blue, dashed: the board on the perfboard's back, its ${M.board.footprint.connector} at the top edge:`,
    `${M.board.footprint.access}.`,
    battery
      ? "Purple, dashed: the battery holder, taped inside the cover (double-sided foam tape), and the switch's body;"
      : "No battery: the toy runs from a USB charger through the extension cable; the cover has its four holes only.",
    battery ? "their leads go to the perfboard. The sides stay open: the stand-offs hold the case together." : "The sides stay open: the stand-offs hold the case together.",
  ]);
  body.push(scaleBar(4, y + 1, 50));
  const ox = 8;
  const oy = y + 9;
  body.push(`<g transform="translate(${n(ox)} ${n(oy)})">`);
  body.push(rect(0, 0, W, L.height, "edge"));
  L.holes.filter((h) => h.id.startsWith("M")).forEach((h) => {
    body.push(circle(mx(h.x), h.y, h.d / 2, "drill"), text(mx(h.x), h.y + h.d / 2 + 2.4, h.id, { anchor: "middle", cls: "ref" }));
  });
  const b = M.board;
  body.push(rect(mx(b.x, b.w), b.y, b.w, b.h, "back"));
  body.push(text(mx(b.x, b.w) + b.w / 2, b.y + b.h / 2, b.footprint.short, { anchor: "middle", cls: "refb" }));
  body.push(text(mx(b.x, b.w) + b.w / 2, b.y + 3, `${b.footprint.short === "MDBT42Q" ? "J3" : "USB"} ↑`, { anchor: "middle", cls: "refb" }));
  if (M.holder && M.switchHole) {
    const h = M.holder;
    body.push(rect(mx(h.x, h.w), h.y, h.w, h.h, "cover"));
    body.push(text(mx(h.x, h.w) + h.w / 2, h.y + h.h - 2, `${h.id}: ${board.battery.cells} holder (inside)`, { anchor: "middle", cls: "refc" }));
    const s = M.switchHole;
    body.push(rect(mx(s.body.x, s.body.w), s.body.y, s.body.w, s.body.h, "cover"));
    body.push(circle(mx(s.x), s.y, s.d / 2, "drill"), text(mx(s.x) + s.d / 2 + 1, s.y + 1, `S (${s.body.id})`, { cls: "refc" }));
  }
  body.push(`</g>`);

  // The stack, to scale, seen from the side.
  let sy = oy + L.height + 10;
  body.push(text(4, sy, "The stack, seen from the side, to scale (front on the left):", { cls: "h" }));
  sy += 6;
  const x0 = ox + 28;
  const hgt = 30;
  const layer = (x: number, w: number, label: string, cls = "sec") => {
    body.push(rect(x, sy, w, hgt, cls), `<text x="${n(x + w / 2 + 0.9)}" y="${n(sy + hgt + 2)}" class="ref" transform="rotate(90 ${n(x + w / 2 + 0.9)} ${n(sy + hgt + 2)})">${esc(label)}</text>`);
  };
  let x = x0;
  layer(x, STACK.panelMm, `panel ${STACK.panelMm} mm`);
  x += STACK.panelMm;
  body.push(rect(x, sy + 2, STACK.standoffMm, 4, "sec"));
  layer(x + STACK.standoffMm, STACK.perfboardMm, `perfboard ${STACK.perfboardMm} mm`);
  // Front parts stand from the perfboard towards the panel.
  const pb = x + STACK.standoffMm;
  body.push(rect(pb - PAD_SWITCH.heightMm, sy + 8, PAD_SWITCH.heightMm, 6, "sec"), text(pb - PAD_SWITCH.heightMm - 1, sy + 12, "key switch", { anchor: "end", cls: "ref" }));
  body.push(rect(pb - STACK.ledMm, sy + 17, STACK.ledMm, 3, "sec"), text(pb - STACK.ledMm - 1, sy + 19.5, hasPixels(p) ? "pixel (on the panel)" : "LED", { anchor: "end", cls: "ref" }));
  if (p.buttons) body.push(rect(pb - BUTTON_SWITCH.heightMm, sy + 22, BUTTON_SWITCH.heightMm, 3, "sec"));
  x = pb + STACK.perfboardMm;
  body.push(rect(x, sy + 4, STACK.socketMm, 10, "secb"), rect(x + STACK.socketMm, sy + 2, 1.6, 14, "secb"), text(x + STACK.socketMm + 3, sy + 14, "board on its sockets", { cls: "refb" }));
  const deep = backStandoffMm(p);
  body.push(rect(x, sy + 24, deep, 4, "sec"), text(x + deep / 2, sy + 27, `stand-off ${deep} mm`, { anchor: "middle", cls: "ref" }));
  const cover = x + deep;
  if (M.holder && M.switchHole) {
    const depth = BATTERY_HOLDER[board.battery.cells.startsWith("4") ? "4xAA" : "3xAAA"].depthMm;
    body.push(rect(cover - depth, sy + 17, depth, 6, "sec"), text(cover + STACK.panelMm + 3, sy + 21, "battery holder (taped inside)", { cls: "refc" }));
    body.push(rect(cover - POWER_SWITCH.depthMm, sy + 1, POWER_SWITCH.depthMm, 3, "sec"), text(cover + STACK.panelMm + 3, sy + 3.5, "power switch (in its hole)", { cls: "refc" }));
  }
  layer(cover, STACK.panelMm, `back cover ${STACK.panelMm} mm`);
  body.push(text(cover + STACK.panelMm + 3, sy + 12, `total ${n(stackDepthMm(p))} mm`, { cls: "ref" }));
  sy += hgt + 24;
  return svgDocument(Math.max(ox + W + 8, 200), sy, body, { unit: "mm", style: STYLE, title: `Merlin ${p.name} back cover and stack` });
}

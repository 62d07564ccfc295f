/**
 * A tiny SVG writer: escaped text, fixed number formatting (so output is byte-stable) and
 * the schematic symbols the generators draw. Every function returns markup as a string.
 */

export function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Numbers with at most two decimals and no trailing zeros: 12, 12.5, 0.25. */
export function n(x: number): string {
  const r = Math.round(x * 100) / 100;
  return Object.is(r, -0) ? "0" : String(r);
}

export interface TextOpts {
  anchor?: "start" | "middle" | "end";
  cls?: string;
  size?: number;
}

export function text(x: number, y: number, s: string, o: TextOpts = {}): string {
  const attrs = [`x="${n(x)}"`, `y="${n(y)}"`];
  if (o.anchor && o.anchor !== "start") attrs.push(`text-anchor="${o.anchor}"`);
  if (o.cls) attrs.push(`class="${o.cls}"`);
  if (o.size) attrs.push(`font-size="${n(o.size)}"`);
  return `<text ${attrs.join(" ")}>${esc(s)}</text>`;
}

export function line(x1: number, y1: number, x2: number, y2: number, cls = "w"): string {
  return `<line class="${cls}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"/>`;
}

/** A wire through several points. */
export function wire(...pts: [number, number][]): string {
  return `<polyline class="w" points="${pts.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}"/>`;
}

export function rect(x: number, y: number, w: number, h: number, cls = "w"): string {
  return `<rect class="${cls}" x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"/>`;
}

export function circle(cx: number, cy: number, r: number, cls = "w"): string {
  return `<circle class="${cls}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/>`;
}

export function polygon(pts: [number, number][], cls = "f"): string {
  return `<polygon class="${cls}" points="${pts.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}"/>`;
}

export function dot(x: number, y: number): string {
  return circle(x, y, 2.5, "f");
}

export function svgDocument(width: number, height: number, body: string[], opts: { unit?: string; style: string; title: string }): string {
  const unit = opts.unit ?? "";
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}${unit}" height="${n(height)}${unit}" viewBox="0 0 ${n(width)} ${n(height)}">`,
    `<title>${esc(opts.title)}</title>`,
    `<style>${opts.style}</style>`,
    `<rect x="0" y="0" width="${n(width)}" height="${n(height)}" fill="#fff"/>`,
    ...body,
    `</svg>`,
    ``,
  ].join("\n");
}

// ---- schematic symbols (pixel units) ----

/** Horizontal resistor between (x, y) and (x + len, y), IEC box, value above (or below). */
export function resistorH(x: number, y: number, len: number, value: string, labelBelow = false): string {
  const mid = x + len / 2;
  return [
    line(x, y, mid - 14, y),
    rect(mid - 14, y - 5, 28, 10),
    line(mid + 14, y, x + len, y),
    text(mid, labelBelow ? y + 19 : y - 9, value, { anchor: "middle", cls: "v" }),
  ].join("");
}

/** Vertical resistor between (x, y) and (x, y + len), value to the right. */
export function resistorV(x: number, y: number, len: number, value: string, labelLeft = false): string {
  const mid = y + len / 2;
  return [
    line(x, y, x, mid - 14),
    rect(x - 5, mid - 14, 10, 28),
    line(x, mid + 14, x, y + len),
    text(labelLeft ? x - 9 : x + 9, mid + 4, value, { anchor: labelLeft ? "end" : "start", cls: "v" }),
  ].join("");
}

function emission(x: number, y: number): string {
  // Two small arrows leaving the LED, up and to the right.
  const arrow = (ax: number, ay: number) =>
    line(ax, ay, ax + 7, ay - 7) + polygon([[ax + 8, ay - 8], [ax + 3, ay - 7], [ax + 7, ay - 3]]);
  return arrow(x, y) + arrow(x + 5, y + 5);
}

/** LED pointing down from (x, y) to (x, y + 30): anode on top. */
export function ledDown(x: number, y: number): string {
  return [
    line(x, y, x, y + 8),
    polygon([[x - 8, y + 8], [x + 8, y + 8], [x, y + 21]], "w"),
    line(x - 8, y + 21, x + 8, y + 21),
    line(x, y + 21, x, y + 30),
    emission(x + 9, y + 12),
  ].join("");
}

/** LED between (x, y) and (x + 30, y); pointing right (anode left) unless reversed. */
export function ledH(x: number, y: number, reversed = false): string {
  const a = reversed ? x + 30 : x;
  const d = reversed ? -1 : 1;
  return [
    line(a, y, a + d * 8, y),
    polygon([[a + d * 8, y - 8], [a + d * 8, y + 8], [a + d * 21, y]], "w"),
    line(a + d * 21, y - 8, a + d * 21, y + 8),
    line(a + d * 21, y, a + d * 30, y),
    emission(x + 12, y - 10),
  ].join("");
}

/** Diode pointing down from (x, y) to (x, y + len): anode on top, cathode bar below. */
export function diodeDown(x: number, y: number, len: number): string {
  const mid = y + len / 2;
  return [
    line(x, y, x, mid - 6),
    polygon([[x - 6, mid - 6], [x + 6, mid - 6], [x, mid + 5]], "w"),
    line(x - 6, mid + 5, x + 6, mid + 5),
    line(x, mid + 5, x, y + len),
  ].join("");
}

/** Push switch between (x, y) and (x, y + len). */
export function switchV(x: number, y: number, len: number): string {
  const top = y + len / 2 - 7;
  const bottom = y + len / 2 + 7;
  return [
    line(x, y, x, top),
    circle(x, top, 1.8),
    circle(x, bottom, 1.8),
    line(x, bottom, x, y + len),
    line(x - 6, top - 2, x - 6, bottom + 2),
    line(x - 6, y + len / 2, x - 12, y + len / 2),
  ].join("");
}

/** Push switch between (x, y) and (x + len, y). */
export function switchH(x: number, y: number, len: number): string {
  const left = x + len / 2 - 7;
  const right = x + len / 2 + 7;
  return [
    line(x, y, left, y),
    circle(left, y, 1.8),
    circle(right, y, 1.8),
    line(right, y, x + len, y),
    line(left - 2, y - 6, right + 2, y - 6),
    line(x + len / 2, y - 6, x + len / 2, y - 12),
  ].join("");
}

/** Ground symbol hanging from (x, y). */
export function gnd(x: number, y: number): string {
  return [line(x, y, x, y + 8), line(x - 8, y + 8, x + 8, y + 8), line(x - 5, y + 11, x + 5, y + 11), line(x - 2, y + 14, x + 2, y + 14)].join("");
}

/** Supply rail symbol standing on (x, y). */
export function rail(x: number, y: number, label: string): string {
  return [line(x, y, x, y - 8), line(x - 8, y - 8, x + 8, y - 8), text(x, y - 12, label, { anchor: "middle", cls: "v" })].join("");
}

export interface TransistorPins {
  svg: string;
  base: [number, number];
  top: [number, number];
  bottom: [number, number];
}

/**
 * Bipolar transistor with its base lead ending at (x, y), body to the right. NPN: collector
 * on top, emitter below (arrow out). PNP: emitter on top (arrow in), collector below.
 */
export function transistor(type: "NPN" | "PNP", x: number, y: number): TransistorPins {
  const bx = x + 16;
  const cx = x + 26;
  const parts = [
    circle(x + 22, y, 15),
    line(x, y, bx, y),
    line(bx, y - 10, bx, y + 10),
    wire([bx, y - 5], [cx, y - 13], [cx, y - 24]),
    wire([bx, y + 5], [cx, y + 13], [cx, y + 24]),
  ];
  if (type === "NPN") {
    parts.push(polygon([[cx, y + 13], [cx - 7, y + 12], [cx - 3, y + 7]]));
  } else {
    parts.push(polygon([[bx, y - 5], [bx + 7, y - 5], [bx + 3, y - 10]]));
  }
  parts.push(text(x + 40, y + 4, type, { cls: "v" }));
  return { svg: parts.join(""), base: [x, y], top: [cx, y - 24], bottom: [cx, y + 24] };
}

/** Piezo sounder between (x, y) and (x, y + 30). */
export function piezoV(x: number, y: number): string {
  return [
    line(x, y, x, y + 8),
    line(x - 10, y + 8, x + 10, y + 8),
    rect(x - 7, y + 11, 14, 8),
    line(x - 10, y + 22, x + 10, y + 22),
    line(x, y + 22, x, y + 30),
  ].join("");
}

/** Battery between (x, y) (+, top) and (x, y + 30) (−). */
export function batteryV(x: number, y: number, label: string): string {
  return [
    line(x, y, x, y + 10),
    line(x - 12, y + 10, x + 12, y + 10),
    line(x - 6, y + 15, x + 6, y + 15),
    line(x - 12, y + 20, x + 12, y + 20),
    line(x - 6, y + 25, x + 6, y + 25),
    line(x, y + 25, x, y + 30),
    text(x - 16, y + 12, "+", { anchor: "end", cls: "v" }),
    text(x - 16, y + 27, label, { anchor: "end", cls: "v" }),
  ].join("");
}

/** Net label: a named tag whose wire end is at (x, y); the tag extends left or right. */
export function netLabel(x: number, y: number, name: string, side: "left" | "right"): string {
  const w = name.length * 7 + 12;
  const x0 = side === "right" ? x : x - w;
  return rect(x0, y - 8, w, 16, "net") + text(x0 + w / 2, y + 4, name, { anchor: "middle", cls: "netname" });
}

export const SCHEMATIC_STYLE = [
  ".w{stroke:#000;stroke-width:1.5;fill:none}",
  ".f{fill:#000;stroke:none}",
  ".net{stroke:#1a5fb4;stroke-width:1;fill:#eef4fb}",
  ".board{stroke:#000;stroke-width:2;fill:#f6f5f4}",
  "text{font-family:sans-serif;font-size:12px;fill:#000}",
  ".netname{font-size:11px;fill:#1a5fb4}",
  ".v{font-size:11px;fill:#333}",
  ".pin{font-weight:bold}",
  ".pw{font-weight:bold;fill:#a51d2d}",
  ".ref{font-size:12px;font-weight:bold;fill:#6a1b9a}",
  ".pn{font-size:9px;fill:#555}",
  ".h{font-size:15px;font-weight:bold}",
  ".t{font-size:18px;font-weight:bold}",
].join("");

/** Capacitor between (x, y) and (x, y + 30), plates across, value to the right; "+" on the top plate when polarised. */
export function capacitorV(x: number, y: number, value: string, polarised = false): string {
  return [
    line(x, y, x, y + 12),
    line(x - 10, y + 12, x + 10, y + 12),
    line(x - 10, y + 18, x + 10, y + 18),
    line(x, y + 18, x, y + 30),
    polarised ? text(x - 13, y + 11, "+", { anchor: "end", cls: "v" }) : "",
    text(x + 14, y + 19, value, { cls: "v" }),
  ].join("");
}

/** Buffer (triangle) from (x, y) to (x + 40, y), input left, output right, with a name above. */
export function bufferH(x: number, y: number, name: string): string {
  return [
    line(x, y, x + 8, y),
    polygon([[x + 8, y - 12], [x + 8, y + 12], [x + 32, y]], "w"),
    line(x + 32, y, x + 40, y),
    text(x + 20, y - 17, name, { anchor: "middle", cls: "v" }),
  ].join("");
}

/** On/off (SPST) switch between (x, y) and (x + len, y), lever drawn open, name above. */
export function toggleH(x: number, y: number, len: number, name: string): string {
  const left = x + len / 2 - 10;
  const right = x + len / 2 + 10;
  return [
    line(x, y, left, y),
    circle(left, y, 2, "f"),
    line(left, y, right - 1, y - 9),
    circle(right, y, 2),
    line(right + 2, y, x + len, y),
    text(x + len / 2, y - 14, name, { anchor: "middle", cls: "v" }),
  ].join("");
}

/** Diode between (x, y) (anode) and (x + len, y) (cathode, bar), name above. */
export function diodeRight(x: number, y: number, len: number, name: string): string {
  const mid = x + len / 2;
  return [
    line(x, y, mid - 6, y),
    polygon([[mid - 6, y - 6], [mid - 6, y + 6], [mid + 5, y]], "w"),
    line(mid + 5, y - 6, mid + 5, y + 6),
    line(mid + 5, y, x + len, y),
    text(mid, y - 10, name, { anchor: "middle", cls: "v" }),
  ].join("");
}

/**
 * A scale bar for 1:1 drawings in millimetres: `mm` long from (x, y), ticks every 10 mm, so a
 * printout can be checked with a ruler before anything is drilled.
 */
export function scaleBar(x: number, y: number, mm: number): string {
  const parts = [`<g class="scale">`, line(x, y, x + mm, y, "sb")];
  for (let t = 0; t <= mm; t += 10) parts.push(line(x + t, y - (t % 50 === 0 ? 2 : 1.2), x + t, y, "sb"));
  parts.push(text(x + mm / 2, y + 3.2, `${mm} mm at 100 %`, { anchor: "middle", cls: "sbt" }), `</g>`);
  return parts.join("");
}

/** Styles for scaleBar, appended to a drawing's own. */
export const SCALE_STYLE = ".sb{stroke:#000;stroke-width:0.3;fill:none}.sbt{font-size:2.4px}";

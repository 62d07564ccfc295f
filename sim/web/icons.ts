/**
 * The installed app's icons, drawn at build time from the panel geometry the page draws the
 * toy's face from (hardware/generators/panel.ts): the red panel, its pads with their LEDs, the
 * piezo's sound hole. The LEDs show the goal of the basic game (every pad lit but the centre).
 * Written as PNG with Node's zlib (no image library): 8-bit RGBA, anti-aliased shapes.
 *
 *   "any" icon       the panel on a transparent square, as the page shows it
 *   "maskable" icon  the panel's red to every edge, the pads inside the middle 80% circle
 *                    (the safe zone a launcher's mask keeps whole)
 */
import { deflateSync } from "node:zlib";
import { PANEL, panelLayout } from "../../hardware/generators/panel";
import type { Profile } from "../../hardware/profile";

export type IconPurpose = "any" | "maskable";

type RGB = [number, number, number];
/** Colours of the page's face (sim/web/page/style.css). */
const COLOURS = {
  panelTop: [0xc8, 0x10, 0x2e] as RGB,
  panelBottom: [0x9e, 0x0c, 0x24] as RGB,
  pad: [0xee, 0xea, 0xdf] as RGB,
  padEdge: [0x8a, 0x4a, 0x44] as RGB,
  ledOn: [0xff, 0x3b, 0x30] as RGB,
  ledOff: [0x3c, 0x12, 0x12] as RGB,
  piezo: [0x11, 0x11, 0x11] as RGB,
};

/** Signed distance (mm) from (x, y) to a rounded rectangle centred at (cx, cy). */
function roundRect(x: number, y: number, cx: number, cy: number, w: number, h: number, r: number): number {
  const qx = Math.abs(x - cx) - w / 2 + r;
  const qy = Math.abs(y - cy) - h / 2 + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

function disc(x: number, y: number, cx: number, cy: number, r: number): number {
  return Math.hypot(x - cx, y - cy) - r;
}

const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/**
 * The icon's pixels, `size`×`size` RGBA (not premultiplied). Each shape's edge is
 * anti-aliased over one pixel from its signed distance.
 */
export function iconPixels(profile: Profile, size: number, purpose: IconPurpose): Uint8Array {
  const panel = panelLayout(profile);
  // The icon shows the toy's face: the pads with the left margin mirrored on the right, without
  // the strip some builds add on the right for the board behind the panel.
  const L = { ...panel, width: 2 * panel.padX[0] + (profile.cols - 1) * PANEL.pitch };
  const cell = PANEL.pitch - 3;
  const gridW = profile.cols * PANEL.pitch;
  const gridH = profile.rows * PANEL.pitch;
  const gridCx = (L.padX[0] + L.padX[L.padX.length - 1]) / 2;
  const gridCy = (L.padY[0] + L.padY[L.padY.length - 1]) / 2;
  // mm → pixels: "any" fits the whole panel with a small border; "maskable" fits the pad grid
  // inside the safe zone's circle (diameter 80% of the icon).
  const scale = purpose === "any" ? (size * 0.94) / Math.max(L.width, L.height) : (size * 0.8) / Math.hypot(gridW, gridH);
  const cx = purpose === "any" ? L.width / 2 : gridCx;
  const cy = purpose === "any" ? L.height / 2 : gridCy;
  const piezo = L.holes.find((h) => h.id === "P")!;
  const goal = new Array(profile.rows * profile.cols).fill(true);
  if (profile.rows % 2 === 1 && profile.cols % 2 === 1) goal[((profile.rows - 1) / 2) * profile.cols + (profile.cols - 1) / 2] = false;
  const ledR = PANEL.ledHole * 0.75;
  const px = new Uint8Array(size * size * 4);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const x = cx + (i + 0.5 - size / 2) / scale;
      const y = cy + (j + 0.5 - size / 2) / scale;
      let rgb: RGB = [0, 0, 0];
      let alpha = 0;
      /** Paints `colour` over what is there, with coverage from the shape's distance (mm). */
      const paint = (d: number, colour: RGB, opacity = 1) => {
        const cover = Math.min(1, Math.max(0, 0.5 - d * scale)) * opacity;
        if (cover <= 0) return;
        const a = cover + alpha * (1 - cover);
        rgb = mix(rgb, colour, alpha === 0 ? 1 : cover / a);
        alpha = a;
      };
      const panelColour = mix(COLOURS.panelTop, COLOURS.panelBottom, Math.min(1, Math.max(0, y / L.height)));
      if (purpose === "maskable") paint(-1e9, panelColour);
      else paint(roundRect(x, y, L.width / 2, L.height / 2, L.width, L.height, 12), panelColour);
      if (purpose === "any") paint(disc(x, y, piezo.x, piezo.y, PANEL.piezoHole * 0.8), COLOURS.piezo);
      for (let r = 0; r < profile.rows; r++) {
        for (let c = 0; c < profile.cols; c++) {
          const px0 = L.padX[c];
          const py0 = L.padY[r];
          paint(roundRect(x, y, px0, py0, cell + 1, cell + 1, cell * 0.2), COLOURS.padEdge, 0.6);
          paint(roundRect(x, y, px0, py0, cell, cell, cell * 0.18), COLOURS.pad);
          const lit = goal[r * profile.cols + c];
          const lx = px0;
          const ly = py0 + PANEL.ledOffset * 0.7;
          if (lit) {
            // The glow around a lit LED, fading over two LED radii.
            const d = Math.hypot(x - lx, y - ly) - ledR;
            if (d > 0 && d < 2 * ledR) paint(-1e9, COLOURS.ledOn, 0.45 * (1 - d / (2 * ledR)));
          }
          paint(disc(x, y, lx, ly, ledR), lit ? COLOURS.ledOn : COLOURS.ledOff);
        }
      }
      const o = (j * size + i) * 4;
      px[o] = Math.round(rgb[0]);
      px[o + 1] = Math.round(rgb[1]);
      px[o + 2] = Math.round(rgb[2]);
      px[o + 3] = Math.round(alpha * 255);
    }
  }
  return px;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of `width`×`height` RGBA pixels (8 bits a channel, no filtering, zlib level 9). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: RGBA
  // compression, filter and interlace methods: 0
  const raw = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    raw[y * (1 + width * 4)] = 0; // filter: none
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (1 + width * 4) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

export interface IconFile {
  /** Path in the built folder, e.g. icons/icon-192.png. */
  path: string;
  size: number;
  purpose: IconPurpose;
}

/** The icons the manifest lists: 192 and 512 px of each purpose. */
export const ICONS: IconFile[] = [
  { path: "icons/icon-192.png", size: 192, purpose: "any" },
  { path: "icons/icon-512.png", size: 512, purpose: "any" },
  { path: "icons/maskable-192.png", size: 192, purpose: "maskable" },
  { path: "icons/maskable-512.png", size: 512, purpose: "maskable" },
];

export function iconPng(profile: Profile, icon: IconFile): Buffer {
  return encodePng(icon.size, icon.size, iconPixels(profile, icon.size, icon.purpose));
}

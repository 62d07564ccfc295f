/**
 * Colour-vision maths for the tests: Machado, Oliveira & Fernandes (2009) simulations at
 * severity 1 (protanopia, deuteranopia, tritanopia) on linear sRGB, clamped; a greyscale view
 * (each colour as the grey of its relative luminance, as a greyscale print or screen shows it);
 * CIELAB (D65) and the CIEDE2000 difference (Sharma, Wu & Dalal 2005). test/palette.test.ts
 * checks them against published values.
 */
type Rgb = [number, number, number];

const lin = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const gam = (v: number) => {
  const c = Math.min(1, Math.max(0, v));
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
};

// prettier-ignore
export const MACHADO: { [kind: string]: number[][] } = {
  normal: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};

export function simulate(rgb: readonly number[], kind: string): Rgb {
  const l = rgb.map(lin);
  return MACHADO[kind].map((r) => gam(r[0] * l[0] + r[1] * l[1] + r[2] * l[2])) as Rgb;
}

export function lab(rgb: readonly number[]): [number, number, number] {
  const [r, g, b] = rgb.map(lin);
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIEDE2000 (Sharma, Wu & Dalal 2005). */
export function deltaE2000(p: number[], q: number[]): number {
  const rad = Math.PI / 180;
  const [L1, a1, b1] = p;
  const [L2, a2, b2] = q;
  const Cb = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cb ** 7 / (Cb ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hue = (x: number, y: number) => (x === 0 && y === 0 ? 0 : (Math.atan2(y, x) / rad + 360) % 360);
  const h1p = hue(a1p, b1);
  const h2p = hue(a2p, b2);
  let dh = 0;
  if (C1p * C2p !== 0) {
    dh = h2p - h1p;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dL = L2 - L1;
  const dC = C2p - C1p;
  const dH = 2 * Math.sqrt(C1p * C2p) * Math.sin((dh * rad) / 2);
  const Lb = (L1 + L2) / 2;
  const Cbp = (C1p + C2p) / 2;
  let hb = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) > 180) hb += hb < 360 ? 360 : -360;
    hb /= 2;
  }
  const T = 1 - 0.17 * Math.cos((hb - 30) * rad) + 0.24 * Math.cos(2 * hb * rad) + 0.32 * Math.cos((3 * hb + 6) * rad) - 0.2 * Math.cos((4 * hb - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hb - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(Cbp ** 7 / (Cbp ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lb - 50) ** 2) / Math.sqrt(20 + (Lb - 50) ** 2);
  const SC = 1 + 0.045 * Cbp;
  const SH = 1 + 0.015 * Cbp * T;
  const RT = -Math.sin(2 * dTheta * rad) * RC;
  return Math.sqrt((dL / SL) ** 2 + (dC / SC) ** 2 + (dH / SH) ** 2 + RT * (dC / SC) * (dH / SH));
}

/** The smallest difference between two colours of `colours`, over normal vision and the three deficiencies, and where. */
export function smallestDifference(colours: readonly (readonly number[])[]): { d: number; kind: string; pair: [number, number] } {
  let best = { d: Infinity, kind: "", pair: [0, 0] as [number, number] };
  for (const kind of Object.keys(MACHADO)) {
    const seen = colours.map((c) => lab(simulate(c, kind)));
    for (let i = 0; i < seen.length; i++) {
      for (let j = i + 1; j < seen.length; j++) {
        const d = deltaE2000(seen[i], seen[j]);
        if (d < best.d) best = { d, kind, pair: [i, j] };
      }
    }
  }
  return best;
}

/**
 * Two greyscale views: `greyscale` keeps each colour's relative luminance (linear light, as
 * a careful conversion does); `lumaGrey` weights the encoded channels as CSS grayscale() and
 * most grey modes do, which makes saturated reds and blues darker still.
 */
export function lumaGrey(rgb: readonly number[]): Rgb {
  const g = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
  return [g, g, g];
}

/** The grey a greyscale view shows for `rgb`: the same relative luminance on every channel. */
export function greyscale(rgb: readonly number[]): Rgb {
  const y = 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
  const g = gam(y);
  return [g, g, g];
}

/** The smallest CIEDE2000 difference between two colours of `colours` once both are grey (either greyscale view), and which pair. */
export function smallestGreyDifference(colours: readonly (readonly number[])[]): { d: number; kind: string; pair: [number, number] } {
  let best = { d: Infinity, kind: "", pair: [0, 0] as [number, number] };
  for (const [kind, grey] of [["greyscale", greyscale], ["luma greyscale", lumaGrey]] as const) {
    const seen = colours.map((c) => lab(grey(c)));
    for (let i = 0; i < seen.length; i++) {
      for (let j = i + 1; j < seen.length; j++) {
        const d = deltaE2000(seen[i], seen[j]);
        if (d < best.d) best = { d, kind, pair: [i, j] };
      }
    }
  }
  return best;
}

/**
 * What a pad's state looks like, for both front ends (the terminal UI and the browser toy):
 * each state's name, its symbol (the cue that is not colour) and the colour the toy's pixel
 * shows for it. The colours are the firmware's own (firmware/leds.ts colourPixels: state s's
 * channels as bits green 1, red 2, blue 4, each at the brightness setting); the front ends draw
 * what the pixels hold and name it from here. On/off boards (k = 2, also the direct-drive
 * toys) show lit pads in Merlin's red.
 *
 * The order of the colour-game states is chosen so that every prefix (a k-state game uses
 * states 0 … k−1) stays apart under the common colour-vision deficiencies:
 * test/palette.test.ts simulates protanopia, deuteranopia and tritanopia (Machado et al. 2009,
 * severity 1) and checks the smallest CIEDE2000 difference between any two states.
 *
 * A screen is not an LED: saturated red and magenta, as drawn, are about as light as the
 * unlit LED's grey, so in greyscale (a projector's or printer's grey mode, CSS grayscale())
 * red, magenta and dark all read dark grey. The browser page therefore draws each colour
 * state in its `screen` colour: the pixel's hue, lightened so that every state of the games'
 * palettes differs in lightness too (test/palette.test.ts checks greyscale as well as the three
 * deficiencies); the pixel's own colour stays `rgb`.
 * Platform-neutral.
 */

export type Rgb = [number, number, number];

export interface StateLook {
  /** The state (0 dark). */
  state: number;
  /** What it is called ("dark", "lit", "magenta"). */
  name: string;
  /** A shape that tells it apart without colour. */
  symbol: string;
  /** The colour the toy's pixel shows, at full scale (a pixel's hue with its largest channel at 255). */
  rgb: Rgb;
  /** The colour a screen draws it in: `rgb`'s hue, its lightness set apart from the other states'. */
  screen: Rgb;
}

/** How a dark pad (a pixel off, an LED off) is drawn: the front ends' "off" colour. */
export const DARK_RGB: Rgb = [48, 48, 48];
/** Merlin's red: lit pads of on/off boards. */
export const LIT_RGB: Rgb = [255, 0, 0];

/**
 * The colour games' states, 0 … 5 (src/maths/games.ts: up to MAX_CYCLE = 6 colours), in the order
 * the firmware's colourPixels table gives them. Symbols: one distinct shape each, one column
 * wide in terminals.
 */
export const COLOUR_STATES: readonly StateLook[] = [
  { state: 0, name: "dark", symbol: "○", rgb: DARK_RGB, screen: DARK_RGB },
  { state: 1, name: "white", symbol: "●", rgb: [255, 255, 255], screen: [255, 255, 255] },
  { state: 2, name: "magenta", symbol: "▲", rgb: [255, 0, 255], screen: [255, 140, 255] },
  { state: 3, name: "red", symbol: "■", rgb: [255, 0, 0], screen: [255, 50, 50] },
  { state: 4, name: "green", symbol: "◆", rgb: [0, 255, 0], screen: [140, 240, 140] },
  { state: 5, name: "blue", symbol: "★", rgb: [0, 0, 255], screen: [0, 0, 255] },
];

/** On/off boards: dark and lit (Merlin's red). */
export const ONOFF_STATES: readonly StateLook[] = [
  { state: 0, name: "dark", symbol: "○", rgb: DARK_RGB, screen: DARK_RGB },
  { state: 1, name: "lit", symbol: "●", rgb: LIT_RGB, screen: [255, 59, 48] },
];

/** The looks of a k-state board's states 0 … k−1. */
export function statePalette(k: number): StateLook[] {
  if (k <= 2) return ONOFF_STATES.slice();
  if (k > COLOUR_STATES.length) throw new Error(`no palette for ${k} states: at most ${COLOUR_STATES.length}`);
  return COLOUR_STATES.slice(0, k);
}

/**
 * The colour a screen draws for a pixel showing `rgb` (its bytes at any brightness) on a
 * k-state board: the screen colour of the state whose pixel colour it is, else the pixel's own
 * hue at full scale (a colour no state has: the light test's, say).
 */
export function screenColour(k: number, rgb: readonly number[]): Rgb {
  const m = Math.max(rgb[0], rgb[1], rgb[2]);
  const full: Rgb = m > 0 ? [0, 1, 2].map((j) => Math.round((255 * rgb[j]) / m)) as Rgb : [0, 0, 0];
  for (const look of statePalette(k)) {
    if (look.state > 0 && look.rgb.every((c, j) => Math.abs(c - full[j]) <= 8)) return look.screen;
  }
  return full;
}

/** Brightness (relative to full) from which a pad counts as showing its colour (the terminal's "dim" starts here). */
export const SHOWING = 0.15;

/**
 * The state a pad shows on a k-state board, read from its light: `brightness` relative to
 * full, `rgb` the pixel's bytes (absent on direct-drive LEDs, which are Merlin's red). A
 * colour no state has is matched to the nearest hue of the colour table (a pixel shows it
 * during the light test: every pad red).
 */
export function shownState(k: number, brightness: number, rgb?: readonly number[]): number {
  if (brightness < SHOWING) return 0;
  if (k <= 2 || !rgb) return 1;
  const m = Math.max(rgb[0], rgb[1], rgb[2]);
  if (m <= 0) return 0;
  let best = 1;
  let bestD = Infinity;
  for (let s = 1; s < COLOUR_STATES.length; s++) {
    const c = COLOUR_STATES[s].rgb;
    let d = 0;
    for (let j = 0; j < 3; j++) d += ((255 * rgb[j]) / m - c[j]) ** 2;
    if (d < bestD) {
      bestD = d;
      best = s;
    }
  }
  return best;
}

/** Relative luminance (WCAG 2) of an sRGB colour. */
export function luminance(rgb: readonly number[]): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
}

/** WCAG 2 contrast ratio of two colours (1 … 21). */
export function contrast(a: readonly number[], b: readonly number[]): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The text colour (black or white) that reads best on `rgb`: for symbols and labels drawn on a pad's colour. */
export function inkOn(rgb: readonly number[]): Rgb {
  return contrast(rgb, [0, 0, 0]) >= contrast(rgb, [255, 255, 255]) ? [0, 0, 0] : [255, 255, 255];
}

/** "○ dark", "▲ magenta": a state as the legend and messages write it. */
export function stateLabel(look: StateLook): string {
  return `${look.symbol} ${look.name}`;
}

/**
 * The pads that are keys on a board: every pad where the pads and keys are one to one, else
 * the pad each key is drawn at (its first cell: source 001's intersections sit at the
 * top-left pad of their 2×2 block, as the toy's firmware maps them).
 */
export function keyPads(p: { cells: number; keys: number; keyStart: ArrayLike<number>; keyCells: ArrayLike<number> }): boolean[] {
  const out = new Array<boolean>(p.cells).fill(p.keys === p.cells);
  if (p.keys !== p.cells) for (let key = 0; key < p.keys; key++) out[p.keyCells[p.keyStart[key]]] = true;
  return out;
}

/**
 * The legend of a k-state board: which colour (and symbol) is which state, what a press does
 * to it, and which pads are keys (`keys`: keyPads). Two lines.
 */
export function legendLines(k: number, keys: readonly boolean[]): [string, string] {
  const looks = statePalette(k);
  let first: string;
  if (k <= 2) first = `Colours: ${stateLabel(looks[1])} (a red glow), ${stateLabel(looks[0])}.`;
  else {
    const cycle = looks.map((l) => l.name).concat(looks[0].name);
    first = `Colours: ${looks.map((l) => `${stateLabel(l)} = ${l.state}`).join(", ")}; a press moves a pad on one colour: ${cycle.join(" → ")}.`;
  }
  const n = keys.filter((x) => x).length;
  const second = n === keys.length ? "Keys: every pad." : `Keys: ${n} pads; the ${keys.length - n} with a dashed edge are no keys, they only show a colour.`;
  return [first, second];
}

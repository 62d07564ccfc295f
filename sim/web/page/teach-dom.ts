/**
 * Small DOM helpers of the teaching view and the stepper: elements, a box that scrolls a wide
 * table inside itself, and a cell's state as the colour the player sees on the pads, with its
 * name.
 */
import { statePalette } from "../../app/palette";

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: { [k: string]: string } = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...kids);
  return e;
}

/** A box that scrolls its (wide) content sideways instead of the page; focusable so a keyboard can scroll it. */
export function scrollBox(content: HTMLElement): HTMLElement {
  return h("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": content.querySelector("caption")?.textContent ?? "a wide table" }, content);
}

/** The name of state `s` of a cell that counts mod `k`: the names the toy's pads go by. */
export function stateName(k: number, s: number): string {
  return statePalette(k)[s].name;
}

/**
 * The colour a pad shows in state `s`, as "r g b": dark is the page's unlit LED; pixel boards
 * of colour games show the shared palette's screen colours (sim/app/palette.ts: the firmware's
 * colourPixels hues, set apart in lightness, as the page draws a pixel), on/off ones their red;
 * one-colour LED boards light in the page's LED red (style.css --rgb).
 */
export function stateRgb(k: number, s: number, pixels: boolean): [number, number, number] {
  if (s === 0) return [0x3c, 0x12, 0x12];
  if (!pixels) return [255, 59, 48];
  const rgb = statePalette(k)[s].screen;
  return [rgb[0], rgb[1], rgb[2]];
}

/** Relative luminance (WCAG 2). */
export function luminance(rgb: readonly number[]): number {
  const lin = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

/** Black or white, whichever reads better on `rgb`. */
function inkOn(rgb: readonly number[]): string {
  const l = luminance(rgb);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000" : "#fff";
}

/** Draws chip `e` in state `s`: its colour, its digit and its name (`label` first, as a tooltip). */
export function paintChip(e: HTMLElement, k: number, s: number, pixels: boolean, label = ""): void {
  const state = String(s);
  if (e.dataset.state === state && e.dataset.k === String(k)) return;
  const rgb = stateRgb(k, s, pixels);
  const name = stateName(k, s);
  e.dataset.state = state;
  e.dataset.k = String(k);
  e.textContent = state;
  e.title = label ? `${label}: ${name} (${s})` : `${name} (${s})`;
  e.style.background = `rgb(${rgb.join(" ")})`;
  e.style.color = inkOn(rgb);
}

/** One cell as a chip in its state's colour with its digit, named for screen readers. */
export function stateChip(k: number, s: number, pixels: boolean, label = ""): HTMLElement {
  const e = h("span", { class: "chip" });
  paintChip(e, k, s, pixels, label);
  return e;
}

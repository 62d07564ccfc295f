/**
 * The toy's face, drawn from the profile's panel geometry (hardware/generators/panel.ts, the
 * drilling template makers cut): each pad is a button at its key hole with its LED at the LED
 * hole, the extra buttons sit at their holes, the piezo's sound hole at its place. Positions
 * are percentages of the panel, so it scales. The LEDs show the brightness the virtual board
 * measures on the LED pins; on colour games each LED also carries its state's symbol
 * (sim/app/palette.ts), and a bar along a pad's foot fills while it is held (the toy's 1.5 s
 * hold gestures). Nothing here knows the game.
 */
import { PANEL, panelLayout } from "../../../hardware/generators/panel";
import type { Profile } from "../../../hardware/profile";
import { BUTTON_LABEL, declaredButtons } from "../../../hardware/roles";
import type { ButtonName } from "../../app/session";

export interface ToyFace {
  root: HTMLElement;
  pads: HTMLButtonElement[];
  leds: HTMLElement[];
  /** The symbol inside each LED (colour games: the state it shows). */
  symbols: HTMLElement[];
  buttons: { name: ButtonName; el: HTMLButtonElement }[];
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, parent?: HTMLElement): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = cls;
  if (parent) parent.appendChild(e);
  return e;
}

/** A pad's label: the digit key that presses it, else its number, dimmed (the teaching view names pads by number). */
export function setPadLabel(key: Element, label: string, pad: number): void {
  key.textContent = label || String(pad + 1);
  key.classList.toggle("nokey", !label);
}

/** Builds the face; `labels[i]` is the key that presses pad i ("" for none). */
export function buildToyFace(profile: Profile, labels: string[]): ToyFace {
  const L = panelLayout(profile);
  const pct = (v: number, of: number) => `${((100 * v) / of).toFixed(3)}%`;
  const root = el("div", "panel");
  root.style.aspectRatio = `${L.width} / ${L.height}`;
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", `the toy (${profile.name}): ${profile.rows} by ${profile.cols} pads`);

  const piezo = L.holes.find((h) => h.id === "P")!;
  const grille = el("div", "piezo", root);
  grille.style.left = pct(piezo.x, L.width);
  grille.style.top = pct(piezo.y, L.height);
  grille.title = "piezo";

  const pads: HTMLButtonElement[] = [];
  const leds: HTMLElement[] = [];
  const symbols: HTMLElement[] = [];
  const cell = PANEL.pitch - 3;
  for (let r = 0; r < profile.rows; r++) {
    for (let c = 0; c < profile.cols; c++) {
      const i = r * profile.cols + c;
      const pad = el("button", "pad", root);
      pad.type = "button";
      pad.dataset.pad = String(i);
      pad.style.left = pct(L.padX[c] - cell / 2, L.width);
      pad.style.top = pct(L.padY[r] - cell / 2, L.height);
      pad.style.width = pct(cell, L.width);
      pad.style.height = pct(cell, L.height);
      // The LED hole sits above the key hole (PANEL.ledOffset), inside the pad.
      const led = el("span", "led", pad);
      led.style.top = pct(cell / 2 + PANEL.ledOffset, cell);
      const sym = el("span", "sym", led);
      sym.setAttribute("aria-hidden", "true");
      symbols.push(sym);
      const key = el("span", "key", pad);
      key.style.top = pct(cell / 2 + PANEL.keyOffset, cell);
      setPadLabel(key, labels[i], i);
      el("span", "mark", pad);
      el("span", "hold", pad).setAttribute("aria-hidden", "true");
      pads.push(pad);
      leds.push(led);
    }
  }

  const buttons: ToyFace["buttons"] = [];
  const holes = L.holes.filter((h) => h.id.startsWith("B"));
  declaredButtons(profile).forEach((b, i) => {
    const h = holes[i];
    const btn = el("button", "extra", root);
    btn.type = "button";
    btn.style.left = pct(h.x, L.width);
    btn.style.top = pct(h.y, L.height);
    btn.textContent = BUTTON_LABEL[b.key];
    // As wide as the holes' spacing allows (they sit a key pitch apart on the 4×4).
    btn.style.width = pct(PANEL.pitch - 4, L.width);
    btn.dataset.button = b.key;
    buttons.push({ name: b.key as ButtonName, el: btn });
  });
  return { root, pads, leds, symbols, buttons };
}

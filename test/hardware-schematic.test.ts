// The schematic as a reader meets it: every part on it carries the designator the BOM and the
// wiring table use, the 74AHCT125 shows its numbered pins, supply, enable and decoupling, each
// pixel its supply pins and capacitor, battery builds their switch; and no two pieces of text
// sit on each other (label boxes measured from the SVG).
import { describe, expect, it } from "vitest";
import { BOARDS } from "../hardware/boards.js";
import { bomRows } from "../hardware/generators/bom.js";
import { generateProfileFiles } from "../hardware/outputs.js";
import type { Profile } from "../hardware/profile.js";
import { loadAllProfiles } from "../hardware/validate.js";
import { type Box, inside, overlap, textBoxes } from "./helpers/svg-boxes";

const profiles = loadAllProfiles();

// ---- text and box geometry read back from the SVG ----

/** Font size of a text by its class, as the schematic's style sheet sets it. */
function fontSize(cls: string | undefined): number {
  return ({ netname: 11, v: 11, pin: 12, ref: 12, pn: 9, h: 15, t: 18 } as Record<string, number>)[cls ?? ""] ?? 12;
}

/** Every unturned <text> as a box, at its own font-size or its class's. */
const schematicTexts = (svg: string): Box[] => textBoxes(svg, (attr) => Number(attr("font-size") ?? fontSize(attr("class"))), true);

/** Net label tags, part bodies and the board block. */
function rectBoxes(svg: string): Box[] {
  const out: Box[] = [];
  for (const m of svg.matchAll(/<rect class="(net|w|board)" x="([\d.-]+)" y="([\d.-]+)" width="([\d.]+)" height="([\d.]+)"\/>/g)) {
    const [x, y, w, h] = [m[2], m[3], m[4], m[5]].map(Number);
    out.push({ x0: x, y0: y, x1: x + w, y1: y + h, what: `${m[1]} box at ${x},${y}` });
  }
  return out;
}


/** Pairs of text that overlap, and text that straddles the edge of a box. */
function collisions(svg: string): string[] {
  const texts = schematicTexts(svg);
  const rects = rectBoxes(svg);
  const found: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) if (overlap(texts[i], texts[j])) found.push(`${texts[i].what} on ${texts[j].what}`);
    for (const r of rects) if (overlap(texts[i], r) && !inside(texts[i], r)) found.push(`${texts[i].what} across the ${r.what}`);
  }
  return found;
}

describe("the overlap check itself", () => {
  it("finds two labels on one spot and a label across a box, and passes clear ones", () => {
    const two = `<text x="10" y="20">VPIX</text><text x="14" y="22">V_OUT</text>`;
    expect(collisions(two)).toHaveLength(1);
    const across = `<rect class="net" x="0" y="0" width="20" height="16"/><text x="12" y="12">V_OUT</text>`;
    expect(collisions(across)).toHaveLength(1);
    const clear = `<rect class="net" x="0" y="0" width="60" height="16"/><text x="4" y="12">VPIX</text><text x="100" y="12">GND</text>`;
    expect(collisions(clear)).toEqual([]);
  });
});

function refsOf(p: Profile): string[] {
  const board = BOARDS[p.board as keyof typeof BOARDS];
  return bomRows(p, board).flatMap((r) => {
    if (!r.refs) return [];
    return r.refs.split(", ").flatMap((part) => {
      const m = /^([A-Z]+)(\d+)–([A-Z]+)(\d+)$/.exec(part);
      if (!m) return [part];
      return Array.from({ length: Number(m[4]) - Number(m[2]) + 1 }, (_, i) => `${m[1]}${Number(m[2]) + i}`);
    });
  });
}

describe.each(profiles.map((p) => [p.name, p] as const))("%s schematic", (_name, p) => {
  const svg = generateProfileFiles(p)["schematic.svg"];
  const words = new Set([...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].flatMap((m) => unescape(m[1]).split(/[\s,]+/)));

  it("no label sits on another or across a box", () => {
    expect(collisions(svg)).toEqual([]);
  });

  it("every label lies within the drawing", () => {
    const [, w, h] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!.map(Number);
    const out = schematicTexts(svg).filter((b) => b.x0 < 0 || b.y0 < 0 || b.x1 > w || b.y1 > h).map((b) => b.what);
    expect(out).toEqual([]);
  });

  it("every part of the BOM with a designator is drawn with it", () => {
    const refs = refsOf(p);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect(words.has(ref), ref).toBe(true);
  });

  if (p.leds.drive === "neopixel") {
    it("the 74AHCT125 has its numbered pins, supply, enable and decoupling; each pixel VDD, GND and its capacitor", () => {
      for (const pin of ["1OE", "1A", "1Y", "VCC", "GND", "2OE", "2A"]) expect(words.has(pin), pin).toBe(true);
      for (const num of ["1", "2", "3", "7", "14"]) expect(svg).toContain(`class="pn">${num}</text>`);
      expect(svg).toContain(`class="pn">4, 10, 13</text>`);
      expect(svg).toContain(`class="pn">5, 9, 12</text>`);
      const n = p.rows * p.cols;
      expect([...svg.matchAll(/class="pn">VDD<\/text>/g)]).toHaveLength(n);
      expect([...svg.matchAll(/class="pn">GND<\/text>/g)]).toHaveLength(n);
      expect(svg).toContain("100 nF</text>");
    });
  } else {
    it("the battery reaches the board through its on/off switch", () => {
      expect(svg).toMatch(/>SW\d+ on\/off</);
      expect(svg).toContain(">BT1<");
    });
  }
});

/**
 * Text and boxes read back from a generated SVG, for the tests that check no label sits on
 * another: each <text> as a box at 0.6 em a character (wider than sans-serif's average, so the
 * checks err towards finding overlaps), from 0.8 em above the baseline to 0.2 em below.
 */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  what: string;
}

function unescape(s: string): string {
  return s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
}

/**
 * Every <text> of `svg` as a box. `size(attr)` gives its font size from its attributes.
 * A label turned by rotate(-90) reads up the page from its anchor and is measured so; with
 * `skipTurned` any transformed text is left out instead.
 */
export function textBoxes(svg: string, size: (attr: (name: string) => string | undefined) => number, skipTurned = false): Box[] {
  const out: Box[] = [];
  for (const m of svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)) {
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(m[1])?.[1];
    const transform = attr("transform");
    if (transform && skipTurned) continue;
    const em = size(attr);
    const label = unescape(m[2]);
    const w = label.length * em * 0.6;
    const x = Number(attr("x"));
    const y = Number(attr("y"));
    const anchor = attr("text-anchor") ?? "start";
    const start = anchor === "middle" ? -w / 2 : anchor === "end" ? -w : 0;
    if (transform?.startsWith("rotate(-90")) {
      // Reading direction is up the page: the label runs from y - start to y - start - w.
      out.push({ x0: x - 0.8 * em, x1: x + 0.2 * em, y0: y - start - w, y1: y - start, what: `"${label}"` });
    } else {
      out.push({ x0: x + start, x1: x + start + w, y0: y - 0.8 * em, y1: y + 0.2 * em, what: `"${label}"` });
    }
  }
  return out;
}

const EPS = 0.5;

/** The two boxes share more than a hair's breadth of area. */
export const overlap = (a: Box, b: Box): boolean => a.x0 < b.x1 - EPS && b.x0 < a.x1 - EPS && a.y0 < b.y1 - EPS && b.y0 < a.y1 - EPS;

/** Box a lies within box b. */
export const inside = (a: Box, b: Box): boolean => a.x0 >= b.x0 - EPS && a.x1 <= b.x1 + EPS && a.y0 >= b.y0 - EPS && a.y1 <= b.y1 + EPS;

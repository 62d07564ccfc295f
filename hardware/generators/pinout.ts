/**
 * pinout.svg: the board as the builder holds it (orientation and outline from boards.ts), every
 * header contact in its place at its pitch, the pins this profile uses marked with their role,
 * the board's reserved pins greyed. Not to scale for drilling; contacts are at 10 px per mm.
 */
import { findPin, findReserved, PITCH_005, type Board, type Header } from "../boards.js";
import type { Profile } from "../profile.js";
import { pinRoles } from "../roles.js";
import { circle, esc, n, rect, svgDocument, text } from "./svg.js";

const PX = 10;
const MARGIN = 230;

const STYLE = [
  ".outline{stroke:#000;stroke-width:2;fill:#e9f2e5}",
  ".mark{stroke:#555;stroke-width:1;fill:#ddd}",
  ".used{stroke:#1a5fb4;stroke-width:1.5;fill:#1a5fb4}",
  ".free{stroke:#000;stroke-width:1;fill:#fff}",
  ".busy{stroke:#888;stroke-width:1;fill:#bbb}",
  "text{font-family:sans-serif;font-size:11px;fill:#000}",
  ".u{font-weight:bold;fill:#1a5fb4}",
  ".g{fill:#888}",
  ".h{font-size:15px;font-weight:bold}",
  ".k{font-size:11px}",
].join("");

/** What a contact is for this profile: used (with its role), free, or taken. */
function describe(p: Profile, board: Board, contact: string): { cls: string; label: string } {
  const role = pinRoles(p).find((r) => r.pin === contact);
  const silk = board.silk[contact];
  const name = silk ? `${silk} (${contact})` : contact;
  if (role) return { cls: "used", label: `${name}: ${role.label}` };
  const pin = findPin(board, contact);
  if (pin && !pin.console && !pin.inputOnly && !pin.offHeader) return { cls: "free", label: name };
  if (pin?.console) return { cls: "busy", label: `${name}: console` };
  if (pin?.inputOnly) return { cls: "busy", label: `${name}: input only` };
  if (findReserved(board, contact)) return { cls: "busy", label: `${name}: not free` };
  return { cls: "busy", label: name };
}

/** Contact centres of a header along its side of the outline (x0, y0, w, h in px). */
function contactPoints(h: Header, x0: number, y0: number, w: number, hh: number): [number, number][] {
  const pitch = h.pitchMm * PX;
  const count = h.contacts.length;
  const inset = 1.27 * PX;
  const along = (len: number) => (len - (count - 1) * pitch) / 2;
  return h.contacts.map((_, i) => {
    switch (h.side) {
      case "top":
        return [x0 + along(w) + i * pitch, y0 + inset];
      case "bottom":
        return [x0 + along(w) + i * pitch, y0 + hh - inset];
      case "left":
        return [x0 + inset, y0 + along(hh) + i * pitch];
      case "right":
        return [x0 + w - inset, y0 + along(hh) + i * pitch];
    }
  });
}

export function pinoutSvg(p: Profile, board: Board): string {
  const w = board.outline.widthMm * PX;
  const h = board.outline.heightMm * PX;
  const x0 = MARGIN;
  const y0 = MARGIN + 56;
  const body: string[] = [];
  body.push(text(20, 28, `Merlin ${p.name}: pinout of the ${board.title}`, { cls: "h" }));
  body.push(text(20, 46, `Board ${board.orientation}.`, { cls: "k" }));
  body.push(text(20, 78, "Filled: used by this build; white: free; grey: taken (power, console, on-board parts).", { cls: "k" }));
  const rows = board.headers.map((hd) => `${hd.id} on the ${hd.side}${hd.pitchMm === PITCH_005 ? ' (0.05" pitch: small circles)' : ""}`).join(", ");
  body.push(text(20, 62, `Headers: ${rows}.`, { cls: "k" }));
  body.push(rect(x0, y0, w, h, "outline"));
  const lm = board.outline.landmark;
  const lmW = lm.side === "left" || lm.side === "right" ? 14 : Math.min(w * 0.6, 120);
  const lmH = lm.side === "left" || lm.side === "right" ? Math.min(h * 0.6, 120) : 14;
  const lmX = lm.side === "left" ? x0 - lmW : lm.side === "right" ? x0 + w : x0 + (w - lmW) / 2;
  const lmY = lm.side === "top" ? y0 - lmH : lm.side === "bottom" ? y0 + h : y0 + (h - lmH) / 2;
  body.push(rect(lmX, lmY, lmW, lmH, "mark"));
  const lmText =
    lm.side === "left" || lm.side === "right"
      ? `<text x="${n(lmX + lmW / 2 + 4)}" y="${n(lmY + lmH / 2)}" text-anchor="middle" transform="rotate(-90 ${n(lmX + lmW / 2 + 4)} ${n(lmY + lmH / 2)})" class="k">${esc(lm.label)}</text>`
      : text(lmX + lmW / 2, lmY + 11, lm.label, { anchor: "middle", cls: "k" });
  body.push(lmText);
  for (const header of board.headers) {
    const pts = contactPoints(header, x0, y0, w, h);
    const r = header.pitchMm === PITCH_005 ? 4 : 7;
    header.contacts.forEach((contact, i) => {
      const [cx, cy] = pts[i];
      const d = describe(p, board, contact);
      body.push(circle(cx, cy, r, d.cls));
      const cls = d.cls === "used" ? "u" : d.cls === "busy" ? "g" : undefined;
      const gap = r + 6;
      if (header.side === "left") body.push(text(x0 - gap - 6, cy + 4, d.label, { anchor: "end", cls }));
      else if (header.side === "right") body.push(text(x0 + w + gap + 6, cy + 4, d.label, { cls }));
      else {
        const ty = header.side === "top" ? y0 - gap - 6 : y0 + h + gap + 6;
        const anchor = header.side === "top" ? "start" : "end";
        body.push(
          `<text x="${n(cx + 4)}" y="${n(ty)}"${anchor === "end" ? ` text-anchor="end"` : ""}${cls ? ` class="${cls}"` : ""} transform="rotate(-90 ${n(cx + 4)} ${n(ty)})">${esc(d.label)}</text>`,
        );
      }
    });
  }
  return svgDocument(Math.max(x0 + w + MARGIN, 720), y0 + h + MARGIN, body, { style: STYLE, title: `Merlin ${p.name} pinout` });
}

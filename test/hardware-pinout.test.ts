// pinout.svg: each board's header contacts in place, the build's pins marked with their role,
// and no label on another (rotated labels measured as rotated boxes).
import { describe, expect, it } from "vitest";
import { BOARDS, PITCH_005 } from "../hardware/boards.js";
import { generateProfileFiles } from "../hardware/outputs.js";
import { pinRoles } from "../hardware/roles.js";
import { loadAllProfiles } from "../hardware/validate.js";
import { overlap, textBoxes } from "./helpers/svg-boxes";

const profiles = loadAllProfiles();

/** Pinout text: headings (class h) at 15 px, the rest at 11. */
const labelBoxes = (svg: string) => textBoxes(svg, (attr) => (attr("class") === "h" ? 15 : 11));

describe.each(profiles.map((p) => [p.name, p] as const))("%s pinout.svg", (_name, p) => {
  const board = BOARDS[p.board as keyof typeof BOARDS];
  const svg = generateProfileFiles(p)["pinout.svg"];

  it("draws every header contact once, the build's pins filled and labelled with their role", () => {
    const contacts = board.headers.reduce((sum, h) => sum + h.contacts.length, 0);
    expect([...svg.matchAll(/<circle class="(used|free|busy)"/g)]).toHaveLength(contacts);
    const used = pinRoles(p);
    expect([...svg.matchAll(/<circle class="used"/g)]).toHaveLength(used.length);
    for (const role of used) {
      const silk = board.silk[role.pin];
      expect(svg, role.pin).toContain(`>${silk ? `${silk} (${role.pin})` : role.pin}: ${role.label}</text>`);
    }
  });

  it("every label lies within the drawing", () => {
    const [, w, h] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!.map(Number);
    const out = labelBoxes(svg).filter((b) => b.x0 < 0 || b.y0 < 0 || b.x1 > w || b.y1 > h).map((b) => b.what);
    expect(out).toEqual([]);
  });

  it("no label overlaps another", () => {
    const boxes = labelBoxes(svg);
    const found: string[] = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (overlap(boxes[i], boxes[j])) found.push(`${boxes[i].what} / ${boxes[j].what}`);
    expect(found).toEqual([]);
  });

  it("says which header is at 0.05\" pitch", () => {
    expect(svg.includes("0.05&quot; pitch")).toBe(board.headers.some((h) => h.pitchMm === PITCH_005));
  });
});

describe("pinout figures of the re-pinned builds", () => {
  it("mdbt42q-3x3: LEDs on J1 and J2 only, D8 shown as the RX contact it is printed as", () => {
    const p = profiles.find((x) => x.name === "mdbt42q-3x3")!;
    const svg = generateProfileFiles(p)["pinout.svg"];
    expect(svg).toContain(">D5: LED 2</text>");
    expect(svg).toContain(">RX (D8): console</text>");
    expect(svg).not.toContain("D12");
  });
});

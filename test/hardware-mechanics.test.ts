// The mechanics a maker solders and drills: every hole on the 2.54 mm perfboard grid, each part's
// legs in holes of their own, the board, the battery holder and the switch where they fit, and the
// stack deep enough for what sits in it. Facts: 0.1" perfboard is 2.54 mm; a 5 mm LED's flange is
// 5.8 mm across.
import { describe, expect, it } from "vitest";
import { BOARDS } from "../hardware/boards.js";
import { GRID, PANEL } from "../hardware/generators/panel.js";
import { backStandoffMm, mechanics, onPerfboardGrid, stackDepthMm } from "../hardware/mechanics.js";
import { generateProfileFiles } from "../hardware/outputs.js";
import { BATTERY_HOLDER, POWER_SWITCH, STACK } from "../hardware/parts.js";
import type { Profile } from "../hardware/profile.js";
import { loadAllProfiles, loadProfile, ProfileError, validateProfile } from "../hardware/validate.js";

const profiles = loadAllProfiles();
const boardOf = (p: Profile) => BOARDS[p.board as keyof typeof BOARDS];

/** True when a − b is a whole number of grid steps, within 0.01 mm. */
function wholeSteps(a: number, b: number): boolean {
  const steps = (a - b) / 2.54;
  return Math.abs(steps - Math.round(steps)) * 2.54 < 0.01;
}

type Box = { x: number; y: number; w: number; h: number };
const apart = (a: Box, b: Box) => a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;

describe("the grid", () => {
  it("is 0.1 inch, the pad pitch 10 holes, the LED 5 holes above its key, its hole room for a 5 mm LED's 5.8 mm flange", () => {
    expect(GRID).toBe(2.54);
    expect(PANEL.pitch / GRID).toBeCloseTo(10, 9);
    expect((PANEL.keyOffset - PANEL.ledOffset) / GRID).toBeCloseTo(5, 9);
    expect(PANEL.ledHole).toBeGreaterThanOrEqual(5.8);
  });
});

describe.each(profiles.map((p) => [p.name, p] as const))("%s", (_name, p) => {
  const board = boardOf(p);
  const M = mechanics(p, board);
  const L = M.panel;

  it("every panel hole (keys, LEDs, buttons, piezo, stand-offs) is a whole number of grid steps from every other", () => {
    const bad: string[] = [];
    for (const a of L.holes) {
      for (const b of L.holes) {
        if (!wholeSteps(a.x, b.x) || !wholeSteps(a.y, b.y)) bad.push(`${a.id}–${b.id}`);
      }
    }
    expect(bad).toEqual([]);
    expect(L.holes.filter((h) => h.id.startsWith("M"))).toHaveLength(4);
  });

  it("every leg and pin lands in a perfboard hole inside the board, no two in one hole, none in a stand-off's drilling", () => {
    const seen = new Map<string, string>();
    for (const part of M.parts) {
      for (const leg of part.legs) {
        const where = `${part.ref || part.what} at ${leg.x},${leg.y}`;
        expect(onPerfboardGrid(leg.x, leg.y), where).toBe(true);
        expect(leg.x > 0 && leg.x < L.width && leg.y > 0 && leg.y < L.height, where).toBe(true);
        const key = `${Math.round(leg.x * 100)},${Math.round(leg.y * 100)}`;
        expect(seen.get(key), where).toBeUndefined();
        seen.set(key, where);
        for (const s of M.standoffs) expect(Math.hypot(leg.x - s.x, leg.y - s.y), where).toBeGreaterThan(PANEL.mountHole / 2 + 0.5);
      }
    }
    // Each key switch and LED stands under its own panel hole: the middle of its legs is the hole's centre.
    for (const h of L.holes.filter((x) => /^[KL]\d/.test(x.id) && !(x.id.startsWith("L") && p.leds.drive === "neopixel"))) {
      const part = M.parts.find((x) => x.legs.length && Math.abs(mid(x.legs.map((l) => l.x)) - h.x) < 0.01 && Math.abs(mid(x.legs.map((l) => l.y)) - h.y) < 0.01);
      expect(part, h.id).toBeDefined();
    }
  });

  it("in the 5 mm gap, the parts glued to the panel's back (piezo, pixels) touch no other part", () => {
    const circles = M.parts.filter((x) => x.outline.kind === "circle" && x.legs.length === 0);
    const bodies = M.parts.filter((x) => x.side === "front" && x.outline.kind === "rect");
    for (const c of circles) {
      const o = c.outline as { cx: number; cy: number; d: number };
      for (const other of circles.filter((x) => x !== c)) {
        const q = other.outline as { cx: number; cy: number; d: number };
        expect(Math.hypot(o.cx - q.cx, o.cy - q.cy), `${c.ref} and ${other.ref}`).toBeGreaterThanOrEqual((o.d + q.d) / 2);
      }
      for (const b of bodies) {
        const r = b.outline as Box;
        const dx = Math.max(r.x - o.cx, 0, o.cx - (r.x + r.w));
        const dy = Math.max(r.y - o.cy, 0, o.cy - (r.y + r.h));
        expect(Math.hypot(dx, dy), `${c.ref} on ${b.ref}`).toBeGreaterThanOrEqual(o.d / 2);
      }
    }
  });

  it("the board's sockets stand in holes no front part covers, its connector at the top edge with a clear way in", () => {
    const fronts = M.parts.filter((x) => x.side === "front" && x.outline.kind === "rect");
    for (const s of M.parts.filter((x) => x.side === "back")) {
      for (const leg of s.legs) {
        for (const f of fronts) {
          const o = f.outline as Box & { kind: "rect" };
          expect(leg.x > o.x && leg.x < o.x + o.w && leg.y > o.y && leg.y < o.y + o.h, `${s.what} under ${f.ref}`).toBe(false);
        }
      }
    }
    const b = M.board;
    expect(b.x).toBeGreaterThan(0);
    expect(b.x + b.w).toBeLessThan(L.width);
    expect(b.connectorY).toBeLessThanOrEqual(16);
    const way = { x: b.x + b.w / 2 - b.footprint.plugMm / 2, y: 0, w: b.footprint.plugMm, h: b.y };
    for (const s of M.standoffs) expect(apart(way, { x: s.x - 3.5, y: s.y - 3.5, w: 7, h: 7 })).toBe(true);
  });

  it("the back stand-offs hold the board on its sockets (and, on pixel builds, the 11 mm bulk capacitor)", () => {
    expect(STACK.socketMm + 1.6 + 3.4).toBeLessThanOrEqual(backStandoffMm(p));
    if (p.leds.drive === "neopixel") expect(11).toBeLessThan(backStandoffMm(p));
  });

  it("battery builds: holder and switch inside the back cover, clear of each other, the board and the stand-offs; the stack deep enough", () => {
    if (p.leds.drive === "neopixel") {
      expect(M.holder).toBeUndefined();
      return;
    }
    const h = M.holder!;
    const s = M.switchHole!;
    for (const r of [h, s.body]) {
      expect(r.x >= 0 && r.y >= 0 && r.x + r.w <= L.width && r.y + r.h <= L.height, r.what).toBe(true);
      for (const so of M.standoffs) expect(apart(r, { x: so.x - 3.5, y: so.y - 3.5, w: 7, h: 7 }), r.what).toBe(true);
    }
    expect(apart(h, s.body)).toBe(true);
    expect(apart(s.body, M.board)).toBe(true);
    expect(wholeSteps(s.x, L.holes[0].x) && wholeSteps(s.y, L.holes[0].y)).toBe(true);
    // Depth behind the perfboard: the board on its sockets (8.5 mm, its own 1.6 mm board and parts
    // up to 3.4 mm) and, where they overlap, the battery holder on the cover's inside.
    const holder = BATTERY_HOLDER[board.battery.cells.startsWith("4") ? "4xAA" : "3xAAA"];
    const boardStack = STACK.socketMm + 1.6 + 3.4;
    expect(boardStack + (apart(h, M.board) ? 0 : holder.depthMm)).toBeLessThanOrEqual(STACK.backStandoffMm);
    expect(POWER_SWITCH.depthMm).toBeLessThan(STACK.backStandoffMm);
    expect(stackDepthMm(p)).toBeCloseTo(STACK.panelMm * 2 + STACK.standoffMm + STACK.perfboardMm + STACK.backStandoffMm, 9);
  });

  it("perfboard.svg and back.svg are 1:1 millimetre drawings with a scale bar", () => {
    const out = generateProfileFiles(p);
    for (const name of ["perfboard.svg", "back.svg", "panel.svg"] as const) {
      expect(out[name], name).toMatch(/<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="[\d.]+mm" height="[\d.]+mm" viewBox="0 0 [\d.]+ [\d.]+">/);
      expect(out[name], name).toContain("50 mm at 100 %");
    }
    expect(out["back.svg"]).toContain(p.leds.drive === "neopixel" ? "No battery" : `S: ${POWER_SWITCH.holeMm} mm for the power switch`);
  });
});

function mid(xs: number[]): number {
  return (Math.min(...xs) + Math.max(...xs)) / 2;
}

describe("30-pin ESP32 DevKits", () => {
  it.each(["ESP32-30PIN", "ESP32_DEVKIT_V1", "DOIT-ESP32", "NodeMCU-32S"])("a profile naming %s is refused by name, saying what to use", (name) => {
    const p = JSON.parse(JSON.stringify(loadProfile("esp32-3x3")));
    p.board = name;
    expect(() => validateProfile(p)).toThrow(ProfileError);
    expect(() => validateProfile(p)).toThrow(
      `profile "esp32-3x3": board "${name}": the 30-pin ESP32 DevKit boards (DOIT ESP32 DevKit V1, NodeMCU-32S and clones) are not supported`,
    );
    expect(() => validateProfile(p)).toThrow('use "board": "ESP32" with a 38-pin ESP32-DevKitC V4');
  });
});

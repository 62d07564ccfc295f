// The build guide (hardware/README.md) against the code it describes: the figures it quotes are
// the ones the generators and the flasher use, so a change in one shows up here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REQUIRED_VERSION } from "../firmware/flash/flash.js";
import { BOARDS } from "../hardware/boards.js";
import { PANEL, panelLayout } from "../hardware/generators/panel.js";
import { GENERATED_FILES } from "../hardware/outputs.js";
import { BUTTON_SWITCH, PAD_SWITCH, STACK } from "../hardware/parts.js";
import { hardwareDir, listProfiles, loadProfile } from "../hardware/validate.js";

const guide = readFileSync(join(hardwareDir(), "README.md"), "utf8");

describe("hardware/README.md", () => {
  it("takes a maker from set-up to a toy, in order", () => {
    const steps = ["## 0. Set up", "## 1. Choose a build", "## 2. Parts", "## 3. The board's pins", "## 4. Test on a breadboard first", "## 5. Assemble", "## 6. Flash", "## 7. Power", "## 8. Self-test", "## 9. Troubleshooting"];
    const at = steps.map((s) => guide.indexOf(s));
    for (const [i, pos] of at.entries()) expect(pos, steps[i]).toBeGreaterThanOrEqual(0);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(guide).toContain("npm ci");
  });

  it("names every generated file and every shipped profile", () => {
    for (const f of GENERATED_FILES) expect(guide).toContain(`\`${f}\``);
    for (const name of listProfiles()) expect(guide).toContain(`\`${name}\``);
  });

  it("states the Espruino version the flasher checks", () => {
    expect(guide).toContain(`Espruino ${REQUIRED_VERSION} or later`);
    expect(guide).toContain("--any-version");
  });

  it("gives the 5×5 panel's size as panel.svg draws it", () => {
    const L = panelLayout(loadProfile("pico-5x5-neopixel"));
    expect(guide).toContain(`**Panel:** ${L.width} × ${L.height} mm`);
  });

  it("quotes the stack heights parts.ts computes with", () => {
    const proud = (h: number) => Math.round((h - STACK.standoffMm - STACK.panelMm) * 10) / 10;
    expect(guide).toContain(`**${STACK.panelMm} mm** panel`);
    expect(guide).toContain(`four **${STACK.standoffMm} mm** M3 standoffs`);
    expect(guide).toContain(`${BUTTON_SWITCH.heightMm} mm plunger\nstands ${proud(BUTTON_SWITCH.heightMm)} mm proud`);
    expect(guide).toContain(`(${PAD_SWITCH.heightMm} mm) stops ${-proud(PAD_SWITCH.heightMm)} mm inside the panel`);
  });

  it("lists the Pico's 0.05\" end row as the board facts have it", () => {
    const end = BOARDS.PICO.headers.find((h) => h.pitchMm === 1.27)!;
    expect(guide).toContain(end.contacts.join(" "));
  });

  it("says the firmware turns the ESP32's radio off at boot, that its figures are estimates, and which DevKit it is for", () => {
    expect(guide).toContain("**the firmware turns the radio off at boot**");
    expect(guide).toContain("datasheet estimates, not measurements");
    expect(guide).not.toMatch(/Wi-Fi off|idles with Wi-Fi/);
    expect(guide).toContain("only the 38-pin ESP32-DevKitC V4");
    expect(guide).toContain("The 30-pin DevKits (DOIT ESP32 DevKit V1, NodeMCU-32S and their clones)");
  });

  it("builds on the perfboard's grid: pitch and LED offset in holes, the LED hole and the back stand-offs as parts.ts has them", () => {
    expect(guide).toContain(`The pads are ${PANEL.pitch} mm apart (10 holes)`);
    expect(guide).toContain(`each LED ${PANEL.keyOffset - PANEL.ledOffset} mm (5 holes) above its key`);
    expect(guide).toContain(`a ${PANEL.ledHole} mm hole above it`);
    expect(guide).toContain(`four M3 × ${STACK.backStandoffMm} mm male–female stand-offs (${STACK.backStandoffPixelsMm} mm on\n  the pixel builds, which carry no battery)`);
  });
});

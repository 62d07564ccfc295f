// Generated hardware docs: committed files match the profiles, BOM counts and resistor
// values follow from Ohm's law, every pin drawn or listed is real, and the SVGs are well-formed.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { BOARDS } from "../hardware/boards.js";
import { GENERATED_FILES, generateAll, generateProfileFiles } from "../hardware/outputs.js";
import type { Profile } from "../hardware/profile.js";
import { hardwareDir, loadAllProfiles } from "../hardware/validate.js";

const profiles = loadAllProfiles();
const generatedDir = join(hardwareDir(), "generated");
const files = generateAll(profiles);

function committed(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(generatedDir, full).split("\\").join("/"));
    }
  };
  if (existsSync(generatedDir)) walk(generatedDir);
  return out.sort();
}

function profilePins(p: Profile): string[] {
  const leds = p.leds.drive === "direct" ? p.leds.pins : [p.leds.pin];
  return [...p.keys.rowPins, ...p.keys.colPins, ...leds, p.piezo, ...Object.values(p.buttons ?? {})];
}

// ---- independent electrical facts ----

const RED_LED_VF = 2.0; // V, the forward voltage the build guide states
const VCE_SAT = 0.2; // V across a saturated switching transistor
const VBE = 0.7;
const FORCED_BETA = 20;
const E12_MANTISSAS = [10, 12, 15, 18, 22, 27, 33, 39, 47, 56, 68, 82];
const E12_VALUES = [0.1, 1, 10, 100, 1000, 10000].flatMap((decade) => E12_MANTISSAS.map((m) => Math.round(m * decade * 100) / 100));

const e12AtLeast = (ohms: number) => E12_VALUES.find((v) => v >= ohms - 1e-9)!;
const e12AtMost = (ohms: number) => [...E12_VALUES].reverse().find((v) => v <= ohms + 1e-9)!;

/** "180 ohm" → 180, "4.7 kohm" → 4700. */
function parseOhms(value: string): number {
  const m = /^([\d.]+) (k?)ohm$/.exec(value);
  if (!m) throw new Error(`not a resistance: ${value}`);
  return Number(m[1]) * (m[2] ? 1000 : 1);
}

/** Minimal CSV: fields may be quoted, with "" for a quote inside. */
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      fields.push(field);
      field = "";
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

function parseCsv(text: string): string[][] {
  return text.trimEnd().split("\n").map(parseCsvLine);
}

interface BomLine {
  part: string;
  value: string;
  quantity: number;
  /** Reference designators: "R1-R9", "U1", "" for mechanical parts. */
  refs: string;
}

function bom(p: Profile): BomLine[] {
  const [header, ...rows] = parseCsv(readFileSync(join(generatedDir, p.name, "bom.csv"), "utf8"));
  expect(header).toEqual(["part", "value", "quantity", "references", "example part number"]);
  for (const r of rows) expect(r).toHaveLength(5);
  return rows.map(([part, value, quantity, refs]) => ({ part, value, quantity: Number(quantity), refs }));
}

function line(lines: BomLine[], part: string): BomLine | undefined {
  return lines.find((l) => l.part === part);
}

// ---- a tiny XML well-formedness check: balanced tags, quoted attributes, escaped text ----

function xmlProblems(doc: string): string[] {
  const problems: string[] = [];
  const body = doc.replace(/^<\?xml [^?]*\?>\s*/, "").replace(/<!--[\s\S]*?-->/g, "");
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<>]*")*)\s*(\/?)>/g;
  const stack: string[] = [];
  let roots = 0;
  let last = 0;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    const between = body.slice(last, m.index);
    if (/[<>]/.test(between)) problems.push(`malformed markup near "${between.slice(0, 40)}"`);
    if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(between)) problems.push(`unescaped & near "${between.slice(0, 40)}"`);
    if (stack.length === 0 && between.trim() !== "") problems.push(`text outside the root: "${between.trim().slice(0, 40)}"`);
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? "nothing"}>`);
    } else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name);
    } else if (stack.length === 0) {
      roots++;
    }
  }
  const tail = body.slice(last);
  if (tail.trim() !== "") problems.push(`trailing content: "${tail.trim().slice(0, 40)}"`);
  if (stack.length) problems.push(`unclosed: ${stack.join(", ")}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

describe("the XML check itself", () => {
  it("accepts a well-formed fragment and catches the usual mistakes", () => {
    expect(xmlProblems(`<svg a="1"><g><text>a &amp; b</text></g><line/></svg>`)).toEqual([]);
    expect(xmlProblems(`<svg><g></svg>`)).not.toEqual([]);
    expect(xmlProblems(`<svg><text>a & b</text></svg>`)).not.toEqual([]);
    expect(xmlProblems(`<svg><text>a < b</text></svg>`)).not.toEqual([]);
    expect(xmlProblems(`<svg x=1></svg>`)).not.toEqual([]);
    expect(xmlProblems(`<svg></svg><svg></svg>`)).not.toEqual([]);
  });
});

describe("hardware/generated", () => {
  it("is what the profiles generate now (run the generator after editing a profile)", () => {
    expect(committed()).toEqual([...files.keys()].sort());
    for (const [path, content] of files) {
      expect(readFileSync(join(generatedDir, path), "utf8"), path).toBe(content);
    }
  });

  it("is deterministic", () => {
    expect(generateAll(profiles)).toEqual(files);
  });

  it("--check exits 0 on an up-to-date tree", () => {
    const root = join(hardwareDir(), "..");
    const out = execFileSync(process.execPath, ["tools/tsrun.mjs", "hardware/generate.ts", "--check"], { cwd: root, encoding: "utf8" });
    expect(out).toContain(`up to date (${profiles.length * GENERATED_FILES.length} files)`);
  });
});

describe.each(profiles.map((p) => [p.name, p] as const))("%s", (_name, p) => {
  const board = BOARDS[p.board as keyof typeof BOARDS];
  const boardPins = board.pins.map((x) => x.name);
  const pins = profilePins(p);
  const out = generateProfileFiles(p);

  it("BOM counts follow from the profile", () => {
    const lines = bom(p);
    const n = p.rows * p.cols;
    expect(line(lines, "Espruino board")?.quantity).toBe(1);
    expect(line(lines, "Pad switch")?.quantity).toBe(n);
    const pixels = p.leds.drive === "neopixel";
    expect(line(lines, pixels ? "RGB LED pixel" : "LED")?.quantity).toBe(n);
    if (!pixels) expect(line(lines, "LED")?.value).toContain("Vf 2.0 V");
    expect(line(lines, "Key diode")?.quantity).toBe(p.keys.diodes ? n : undefined);
    expect(line(lines, "Function button")?.quantity).toBe(p.buttons ? Object.keys(p.buttons).length : undefined);
    expect(line(lines, "Piezo")?.quantity).toBe(1);
    expect(line(lines, pixels ? "USB power supply" : "Battery holder")?.quantity).toBe(1);
  });

  it("LED resistors come from Ohm's law, rounded up to E12", () => {
    if (p.leds.drive === "neopixel") return; // pixels regulate their own current (hardware-neopixel.test.ts)
    const lines = bom(p);
    const viaTransistor = p.leds.transistors;
    const exact = (p.vcc - RED_LED_VF - (viaTransistor ? VCE_SAT : 0)) / (p.leds.currentMa / 1000);
    const resistor = line(lines, "LED resistor")!;
    expect(parseOhms(resistor.value)).toBe(e12AtLeast(exact));
    expect(resistor.quantity).toBe(p.rows * p.cols);
    // Rounding up never raises the current above the design figure.
    expect((p.vcc - RED_LED_VF - (viaTransistor ? VCE_SAT : 0)) / parseOhms(resistor.value)).toBeLessThanOrEqual(p.leds.currentMa / 1000);
  });

  it("transistors and base resistors appear exactly where declared", () => {
    const lines = bom(p);
    const base = line(lines, "Base resistor");
    if (p.leds.drive === "direct" && p.leds.transistors) {
      const collector = p.leds.currentMa / 1000;
      expect(line(lines, `LED transistor (${p.leds.activeHigh ? "NPN" : "PNP"})`)?.quantity).toBe(p.rows * p.cols);
      expect(parseOhms(base!.value)).toBe(e12AtMost((p.vcc - VBE) / (collector / FORCED_BETA)));
      expect(base!.quantity).toBe(p.rows * p.cols);
    } else {
      expect(base).toBeUndefined();
      expect(lines.some((l) => /transistor/i.test(l.part))).toBe(false);
    }
  });

  it("wiring.md lists every profile pin once, each a real board pin", () => {
    const tablePins = out["wiring.md"]
      .split("\n")
      .filter((l) => l.startsWith("| ") && !l.startsWith("| Board pin"))
      .map((l) => l.split("|")[1].trim());
    expect([...tablePins].sort()).toEqual([...pins].sort());
    for (const pin of tablePins) expect(boardPins).toContain(pin);
  });

  it("schematic.svg labels every profile pin once, each a real board pin", () => {
    const drawn = [...out["schematic.svg"].matchAll(/<text [^>]*class="pin"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect([...drawn].sort()).toEqual([...pins].sort());
    for (const pin of drawn) expect(boardPins).toContain(pin);
  });

  it("schematic.svg and panel.svg are well-formed SVG", () => {
    for (const name of ["schematic.svg", "panel.svg"] as const) {
      const svg = out[name];
      expect(xmlProblems(svg), name).toEqual([]);
      expect(svg).toMatch(/<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="[\d.]+(mm)?" height="[\d.]+(mm)?" viewBox="0 0 [\d.]+ [\d.]+">/);
    }
  });

  it("panel.svg is in millimetres with a key and an LED hole per pad, one per button, the piezo and four mounting holes", () => {
    const svg = out["panel.svg"];
    expect(svg).toMatch(/width="[\d.]+mm"/);
    const holes = [...svg.matchAll(/<circle class="hole" id="([A-Z]+)\d*"/g)].map((m) => m[1]);
    const count = (kind: string) => holes.filter((h) => h === kind).length;
    expect(count("K")).toBe(p.rows * p.cols);
    expect(count("L")).toBe(p.rows * p.cols);
    expect(count("B")).toBe(p.buttons ? Object.keys(p.buttons).length : 0);
    expect(count("P")).toBe(1);
    expect(count("M")).toBe(4);
  });

  it("power.md states the board limits and the worst-case total", () => {
    const md = out["power.md"];
    if (p.leds.drive === "neopixel") {
      expect(md).toMatch(/\| All \d+ pixels at \d+ on every channel, JavaScript running \(worst case\) \| [\d.]+ \| [\d.]+ \| [\d.]+ \| 500 \|/);
      return;
    }
    expect(md).toContain(`${board.current.perPinMa} mA per pin, ${board.current.totalMa} mA for all pins together`);
    expect(md).toMatch(/\| \*\*all pins\*\* \| \| \*\*[\d.]+\*\* \|/);
    expect(md).toMatch(/Awake, all \d+ LEDs lit/);
  });
});

describe("worked examples", () => {
  const byName = new Map(profiles.map((p) => [p.name, p]));

  it("pico-3x3: (3.3 − 2.0) V / 8 mA = 162.5 Ω → 180 Ω; 9 × 8 mA + 3.3 V / 220 Ω = 87 mA on the pins", () => {
    const lines = bom(byName.get("pico-3x3")!);
    expect(line(lines, "LED resistor")?.value).toBe("180 ohm");
    expect(line(lines, "Piezo series resistor")?.value).toBe("220 ohm");
    expect(files.get("pico-3x3/power.md")).toContain("| **all pins** | | **87** |");
  });

  it("mdbt42q-3x3: (3.3 − 2.0 − 0.2) V / 10 mA = 110 Ω → 120 Ω; base (3.3 − 0.7) V / 0.5 mA = 5.2 kΩ → 4.7 kΩ", () => {
    const lines = bom(byName.get("mdbt42q-3x3")!);
    expect(line(lines, "LED resistor")?.value).toBe("120 ohm");
    expect(line(lines, "Base resistor")?.value).toBe("4.7 kohm");
  });

  it("pico-4x4-neopixel: 16 × (3 × 20 mA × 48/255 + 1 mA) + 32 mA = 228.7 mA worst case on USB; 330 Ω into pixel 1", () => {
    const lines = bom(byName.get("pico-4x4-neopixel")!);
    expect(line(lines, "RGB LED pixel")?.quantity).toBe(16);
    expect(line(lines, "Pixel data resistor")?.value).toBe("330 ohm");
    expect(line(lines, "Key diode")?.quantity).toBe(16);
    expect(16 * (3 * 20 * (48 / 255) + 1) + 32).toBeCloseTo(228.7, 1);
    expect(files.get("pico-4x4-neopixel/power.md")).toContain("| 196.7 | 32 | 228.7 | 500 |");
  });

  it("pico-5x5-neopixel: 25 × (3 × 20 mA × 48/255 + 1 mA) + 32 mA = 339.4 mA worst case on USB; 25 diodes and pixels, a 100 nF cap each plus the shifter's", () => {
    const lines = bom(byName.get("pico-5x5-neopixel")!);
    expect(line(lines, "RGB LED pixel")?.quantity).toBe(25);
    expect(line(lines, "Key diode")?.quantity).toBe(25);
    expect(line(lines, "Function button")?.quantity).toBe(4);
    expect(line(lines, "Decoupling capacitor")?.quantity).toBe(26);
    expect(line(lines, "Level shifter")?.quantity).toBe(1);
    expect(25 * (3 * 20 * (48 / 255) + 1) + 32).toBeCloseTo(339.4, 1);
    const power = files.get("pico-5x5-neopixel/power.md")!;
    expect(power).toContain("| 307.4 | 32 | 339.4 | 500 |");
    // The highest cap within 500 mA: 25 × (60·b/255 + 1) + 32 ≤ 500 → b ≤ 75; within the sag,
    // V_OUT = 4.75 − I × 0.5 − 0.35 ≥ 4.2 V → I ≤ 400 mA → b ≤ 58.
    expect(Math.floor(((500 - 32 - 25) / 25) * (255 / 60))).toBe(75);
    expect(Math.floor(((400 - 32 - 25) / 25) * (255 / 60))).toBe(58);
    expect(power).toContain("The highest brightness cap is 58: USB's 500 mA alone would allow 75, but the supply must not sag below 4.2 V, which allows 58");
    // At the shipped cap: 4.75 − 0.3394 × 0.5 − 0.35 = 4.23 V.
    expect(power).toContain("with V_OUT at about 4.23 V");
  });
});

// The sound cues against what players of the 1978 Merlin remember (docs/sources.md).
import { describe, expect, it } from "vitest";
import {
  CUE_COUNT,
  CUE_DARK,
  CUE_NAMES,
  CUE_NEW_GAME,
  CUE_PRESS,
  CUE_START,
  CUE_WIN,
  cueByName,
  cueDurationMs,
  cueNotes,
  encodeCues,
  NOTES,
  noteHz,
} from "../src/toy/sounds";

function freqs(id: number): number[] {
  const n = cueNotes(id);
  const out: number[] = [];
  for (let i = 0; i < n.length; i += 2) out.push(n[i]);
  return out;
}

describe("sound cues", () => {
  it("every cue is a non-empty list of (Hz, ms) pairs in the audible range; names match ids", () => {
    expect(CUE_NAMES.length).toBe(CUE_COUNT);
    expect(CUE_START.length - 1).toBe(CUE_COUNT);
    for (let id = 1; id < CUE_COUNT; id++) {
      const n = cueNotes(id);
      expect(n.length).toBeGreaterThan(0);
      expect(n.length % 2).toBe(0);
      for (let i = 0; i < n.length; i += 2) {
        expect(n[i] === 0 || (n[i] >= 50 && n[i] <= 5000)).toBe(true);
        expect(n[i + 1]).toBeGreaterThan(0);
      }
      expect(cueByName(CUE_NAMES[id])).toBe(id);
    }
    expect(cueNotes(0).length).toBe(0);
    expect(cueNotes(CUE_COUNT).length).toBe(0);
    expect(cueByName("nope")).toBe(0);
  });

  it("a press is a short low buzz of about 0.14 s", () => {
    expect(cueDurationMs(CUE_PRESS)).toBe(140);
    for (const f of freqs(CUE_PRESS)) expect(f).toBeLessThan(300);
  });

  it("NEW GAME is a chirp rising from about 300 Hz to 1 kHz", () => {
    const f = freqs(CUE_NEW_GAME);
    expect(Math.abs(f[0] - 300)).toBeLessThanOrEqual(15);
    expect(Math.abs(f[f.length - 1] - 1000)).toBeLessThanOrEqual(50);
    for (let i = 1; i < f.length; i++) expect(f[i]).toBeGreaterThan(f[i - 1]);
  });

  it("the win fanfare lasts about 1 s: three rising arpeggios, each starting higher", () => {
    const ms = cueDurationMs(CUE_WIN);
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThanOrEqual(1100);
    const f = freqs(CUE_WIN);
    const runs: number[][] = [[f[0]]];
    for (let i = 1; i < f.length; i++) {
      if (f[i] > f[i - 1]) runs[runs.length - 1].push(f[i]);
      else runs.push([f[i]]);
    }
    expect(runs.length).toBe(3);
    for (const r of runs) expect(r.length).toBeGreaterThanOrEqual(3);
    expect(runs[1][0]).toBeGreaterThan(runs[0][0]);
    expect(runs[2][0]).toBeGreaterThan(runs[1][0]);
  });

  it("the all-dark cue is a warble (alternating up and down)", () => {
    const f = freqs(CUE_DARK);
    expect(f.length).toBeGreaterThanOrEqual(4);
    for (let i = 2; i < f.length; i++) expect(Math.sign(f[i] - f[i - 1])).toBe(-Math.sign(f[i - 1] - f[i - 2]));
  });

  it("all cues are distinct", () => {
    const seen = new Set<string>();
    for (let id = 1; id < CUE_COUNT; id++) seen.add(Array.from(cueNotes(id)).join(","));
    expect(seen.size).toBe(CUE_COUNT - 1);
  });

  it("noteHz is the equal-tempered scale: A4 = 440 Hz, an octave doubles, C4 is 262 Hz", () => {
    expect(noteHz(69)).toBe(440);
    expect(noteHz(57)).toBe(220);
    expect(noteHz(81)).toBe(880);
    expect(noteHz(60)).toBe(262);
    expect(noteHz(72)).toBe(523);
  });

  /** The firmware's reading of encodeCues' text (firmware/piezo.ts), written out independently. */
  function decode(text: string): number[][] {
    return text.split(" ").map((cue) => {
      const out: number[] = [];
      for (let i = 0; i < cue.length; i += 2) {
        const pitch = cue.charCodeAt(i);
        out.push(pitch === 33 ? 0 : Math.round(440 * 2 ** ((pitch - 69) / 12)), (cue.charCodeAt(i + 1) - 48) * 10);
      }
      return out;
    });
  }

  it("the firmware's packed cues play exactly the (Hz, ms) table, in printable ASCII without escapes", () => {
    const text = encodeCues(NOTES, CUE_START);
    expect(text).toMatch(/^[ !#-[\]-~]+$/);
    const cues = decode(text);
    expect(cues.length).toBe(CUE_COUNT - 1);
    for (let id = 1; id < CUE_COUNT; id++) expect(cues[id - 1], CUE_NAMES[id]).toEqual(Array.from(cueNotes(id)));
    // Two characters a note: far smaller than the table's text.
    expect(text.length).toBe(NOTES.length + CUE_COUNT - 2);
  });

  it("packing refuses a pitch off the scale or a length that is not whole 10 ms", () => {
    const start = new Uint16Array([0, 0, 2]);
    expect(encodeCues(new Uint16Array([440, 20]), start)).toBe("E2");
    expect(encodeCues(new Uint16Array([0, 780]), start)).toBe("!~");
    expect(() => encodeCues(new Uint16Array([450, 20]), start)).toThrow(/450 Hz is not a scale note/);
    expect(() => encodeCues(new Uint16Array([440, 25]), start)).toThrow(/25 ms/);
    expect(() => encodeCues(new Uint16Array([440, 790]), start)).toThrow(/790 ms/);
    expect(() => encodeCues(new Uint16Array([440, 0]), start)).toThrow(/0 ms/);
  });
});

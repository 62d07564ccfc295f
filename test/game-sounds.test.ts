// The sound cues against what players of the 1978 Merlin remember (docs/MERLIN.md).
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
} from "../src/sounds";

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
    expect(f[0]).toBe(300);
    expect(f[f.length - 1]).toBe(1000);
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
});

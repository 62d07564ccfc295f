// `npm run speed -- --count` judges the speed budgets on instruction counts taken under
// callgrind (tools/callgrind.ts). The counting itself needs valgrind and an interpreter and
// stays a script; these tests check, on a recorded callgrind file and recorded counts, what the
// verdict rests on: reading the count of a line, finding the line's file, saying whether runs
// agree, and which bars the counts break. Nothing here is timed.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadProfile } from "../hardware/validate";
import { COUNT_BUDGETS, gameKeys, INSTRUCTIONS_PER_MS, MIR, overBudget, SPEED_BUDGETS } from "../firmware/measure/speed";
import { agreement, CALLGRIND_ARGS, callgrindTotals, dumpInstructions, lastDump, writeCountingWrapper } from "../tools/callgrind";

/** The head and tail of a file callgrind 3.19 wrote after one console line (an empty loop of 40) on the reference build. */
const RECORDED = `# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 21152
cmd:  /work/espruino/espruino64
part: 12


desc: I1 cache: 
desc: D1 cache: 
desc: LL cache: 

desc: Timerange: Basic block 48380853 - 49312209
desc: Trigger: --dump-after=jspEvaluateVar

positions: line
events: Ir
summary: 1813665


ob=(3) /usr/lib/x86_64-linux-gnu/libc.so.6
fl=(155) ./csu/../sysdeps/nptl/libc_start_call_main.h
fn=(600) (below main)
cob=(6) /work/espruino/espruino64
cfi=(159) /work/espruino/src64/targets/linux/main.c
cfn=(608) main
calls=0 416 
58 1813665

totals: 1813665
`;

const temps: string[] = [];
function temp(): string {
  const d = mkdtempSync(join(tmpdir(), "merlin-callgrind-"));
  temps.push(d);
  return d;
}
afterEach(() => {
  while (temps.length > 0) rmSync(temps.pop()!, { recursive: true, force: true });
});

describe("reading callgrind's count of a console line", () => {
  it("takes the instructions from a recorded file's totals", () => {
    expect(callgrindTotals(RECORDED)).toEqual({ Ir: 1813665 });
  });

  it("reads every event a file counts, a missing total as zero", () => {
    expect(callgrindTotals("events: Ir Dr Dw\ntotals: 10 4\n")).toEqual({ Ir: 10, Dr: 4, Dw: 0 });
  });

  it("falls back to the summary, and says null for a file with neither (not written yet)", () => {
    expect(callgrindTotals("events: Ir\nsummary: 77\n")).toEqual({ Ir: 77 });
    expect(callgrindTotals("# callgrind format\nversion: 1\nevents: Ir\n")).toBeNull();
    expect(callgrindTotals("")).toBeNull();
  });

  it("finds the last file of an interpreter's folder and its count", () => {
    const dir = temp();
    expect(lastDump(dir)).toBe(0);
    writeFileSync(join(dir, "callgrind.out.2"), RECORDED);
    writeFileSync(join(dir, "callgrind.out.10"), RECORDED.replace(/1813665/g, "42"));
    writeFileSync(join(dir, "callgrind.out"), "");
    writeFileSync(join(dir, "espruino.flash"), "");
    expect(lastDump(dir)).toBe(10);
    expect(dumpInstructions(dir, 10)).toBe(42);
    expect(dumpInstructions(dir, 2)).toBe(1813665);
    expect(dumpInstructions(dir, 11)).toBeNull();
  });

  it("refuses a file that counts something other than instructions", () => {
    const dir = temp();
    writeFileSync(join(dir, "callgrind.out.1"), "events: Dr\ntotals: 5\n");
    expect(() => dumpInstructions(dir, 1)).toThrow(/counts no instructions/);
  });
});

describe("running the interpreter counted", () => {
  it("counts inside the line-evaluating function only, one file per line", () => {
    expect(CALLGRIND_ARGS).toContain("--collect-atstart=no");
    expect(CALLGRIND_ARGS).toContain("--toggle-collect=jspEvaluateVar");
    expect(CALLGRIND_ARGS).toContain("--dump-after=jspEvaluateVar");
  });

  it("writes an executable script that runs the interpreter under callgrind, its path quoted", () => {
    const file = writeCountingWrapper(join(temp(), "espruino-counted"), "/opt/it's here/espruino");
    const text = readFileSync(file, "utf8");
    expect(text.startsWith("#!/bin/sh\nexec valgrind '-q' '--tool=callgrind'")).toBe(true);
    expect(text).toContain(`'/opt/it'\\''s here/espruino' "$@"`);
    expect(statSync(file).mode & 0o111).toBe(0o111);
  });
});

describe("whether runs agree", () => {
  it("says identical when every figure is the same in every run", () => {
    expect(agreement([[4211989, 1240757], [4211989, 1240757], [4211989, 1240757]])).toBe("identical");
  });

  it("gives the largest spread of any figure, relative to its smallest value", () => {
    // Recorded key press and state counts of three runs of pico-3x3.
    expect(agreement([[4212155, 1240758], [4211989, 1240757], [4211445, 1240758]])).toBe("within 0.017 %");
    expect(agreement([[100, 50], [101, 50]])).toBe("within 1.000 %");
  });
});

describe("the verdict on counts", () => {
  // Recorded counts of the flashed pico-3x3 image in RAM (per call; device-speed-count.md).
  const counted = { press: 4_146_715, state: 1_169_171, hint: 6_106_162, scan: null, opens: null, games: [], deals: [] };
  const pico = loadProfile("pico-3x3");

  it("has the bars in ms at the reference build's quiet rate", () => {
    expect(COUNT_BUDGETS.press).toBe(SPEED_BUDGETS.press * INSTRUCTIONS_PER_MS);
    expect(COUNT_BUDGETS.hint3x3).toBe(SPEED_BUDGETS.hint3x3 * INSTRUCTIONS_PER_MS);
    expect(COUNT_BUDGETS.colourHint5x5).toBe(SPEED_BUDGETS.colourHint5x5 * INSTRUCTIONS_PER_MS);
    // The rate is that of device-speed.md's quiet run (key press 0.41 ms, HIT ME 0.83 ms) against
    // these counts, within the few percent the actions' rates differ by.
    for (const rate of [(counted.press - counted.state) / 0.41, counted.hint / 0.83]) {
      expect(Math.abs(rate - INSTRUCTIONS_PER_MS) / INSTRUCTIONS_PER_MS).toBeLessThan(0.05);
    }
  });

  it("passes pico-3x3's recorded counts", () => {
    expect(overBudget(pico, counted, COUNT_BUDGETS, MIR)).toEqual([]);
  });

  it("names the key press (net of the state object) and HIT ME when their counts are over the bar", () => {
    const slow = { ...counted, press: counted.state + 3_700_000, hint: 11_000_000 };
    expect(overBudget(pico, slow, COUNT_BUDGETS, MIR)).toEqual([
      "pico-3x3: key press → LEDs 3.700 M instructions, over 3.650 M instructions",
      "pico-3x3: HIT ME 11.000 M instructions, over 10.950 M instructions",
    ]);
  });

  it("judges HIT ME in the 5×5's colour games only, by their own bar", () => {
    const p = loadProfile("pico-5x5-neopixel");
    const games = [
      { name: "lightsout", hint: 90_000_000, key: 3_000_000, keyName: "pad 1, played" },
      { name: "lightsout2000", hint: 40_000_000, key: 3_000_000, keyName: "pad 1, played" },
      { name: "blackwhite", hint: 20_000_000, key: 3_000_000, keyName: "pad 1, played" },
    ];
    const out = overBudget(p, { ...counted, hint: 90_000_000, games }, COUNT_BUDGETS, MIR);
    expect(out).toEqual(["pico-5x5-neopixel: HIT ME in lightsout2000 40.000 M instructions, over 36.500 M instructions"]);
  });

  it("judges the slowest key alone in each of the board's games by the key press's bar, naming it, on every board", () => {
    const games = [
      { name: "blackwhite", hint: 1_000_000, key: 4_100_000, keyName: "pad 19, played" },
      { name: "lightsout", hint: 1_000_000, key: 3_600_000, keyName: "pad 7, played" },
    ];
    for (const name of ["pico-4x4-neopixel", "pico-5x5-neopixel"]) {
      expect(overBudget(loadProfile(name), { ...counted, games }, COUNT_BUDGETS, MIR)).toEqual([
        `${name}: key press → LEDs in blackwhite, pad 19, played alone, 4.100 M instructions, over 3.650 M instructions`,
      ]);
    }
  });

  it("presses five pads of a game alone, every sixth round the board, each on the board", () => {
    expect(gameKeys(loadProfile("pico-5x5-neopixel"))).toEqual([1, 7, 13, 19, 25]);
    expect(gameKeys(loadProfile("pico-4x4-neopixel"))).toEqual([1, 7, 13, 3, 9]);
  });

  it("judges a key press in each of Merlin's games by the key press's bar, and choosing not at all (it has no bar in instructions)", () => {
    const game = (name: string, key: number) => ({ name, choose: 90_000_000, back: 90_000_000, key, press: key, state: 0, error: 0, refused: 0.5 });
    const merlin = [game("tictactoe", 3_600_000), game("mindbender", 3_700_000)];
    expect(overBudget(pico, { ...counted, merlin }, COUNT_BUDGETS, MIR)).toEqual([
      "pico-3x3: key press → LEDs in mindbender 3.700 M instructions, over 3.650 M instructions",
    ]);
  });

  it("judges the slowest key of each of Merlin's games alone (--keys) by the same bar, naming it", () => {
    const game = (name: string, slowest: number, slowestKey: string) => ({ name, choose: 0, back: 0, key: 3_000_000, press: 3_000_000, state: 0, error: 0, refused: 0.5, slowest, slowestKey });
    const merlin = [game("tictactoe", 3_600_000, "light 1, played"), game("mindbender", 3_700_000, "light 7, played")];
    expect(overBudget(pico, { ...counted, merlin }, COUNT_BUDGETS, MIR)).toEqual([
      "pico-3x3: key press → LEDs in mindbender, light 7, played alone, 3.700 M instructions, over 3.650 M instructions",
    ]);
  });

  it("judges choosing each of Merlin's games, and Magic Square back, by the 10 ms bar in the timed verdict", () => {
    const game = (name: string, choose: number, back: number) => ({ name, choose, back, key: 0.3, press: 0.4, state: 0.1, error: 0, refused: 0.5 });
    const merlin = [game("tictactoe", 10.1, 9.9), game("mindbender", 5, 10.2)];
    expect(overBudget(pico, { ...counted, press: 0.4, state: 0.1, hint: 0.8, merlin })).toEqual([
      "pico-3x3: choosing tictactoe 10.10 ms, over 10.00 ms",
      "pico-3x3: choosing Magic Square from mindbender 10.20 ms, over 10.00 ms",
    ]);
  });

  it("keeps the timed verdict in ms", () => {
    expect(overBudget(pico, { ...counted, press: 0.7, state: 0.1, hint: 0.8 })).toEqual(["pico-3x3: key press → LEDs 0.60 ms, over 0.50 ms"]);
  });
});

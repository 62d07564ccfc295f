/**
 * Measures the firmware budgets and prints them as a Markdown table for the README:
 * bundle size per profile (always), and — when ESPRUINO_BIN names an Espruino interpreter for
 * Linux — JsVars in use after boot, after a won game, and after thousands of presses.
 *
 *   npm run budget                        (ESPRUINO_BIN=/path/to/espruino npm run budget)
 */
import { listProfiles, loadProfile } from "../../hardware/validate";
import { BUNDLE_BUDGET, buildFirmware, DEFAULT_PROFILE } from "./build";
import { bootAndRun, espruinoBin, preludeCost } from "./espruino-bin";

/** JsVars the 3×3 firmware may use after boot (issue 3). */
export const JSVAR_BUDGET = 800;

/** The script that measures memory on the interpreter (reports with print("@@ …")). */
export const MEMORY_SCRIPT = [
  'print("@@ boot "+process.memory().usage);',
  'Merlin.start("010110101");',
  "[3,4,5,8,9].forEach(function(k){Merlin.press(k);});",
  'print("@@ won "+Merlin.state().status+" "+process.memory().usage);',
  "Merlin.newGame(7);",
  "for(var i=0;i<2000;i++){Merlin.press(1+(i*7)%9);if(Merlin.state().status!=='playing')Merlin.newGame();}",
  'print("@@ presses "+process.memory().usage);',
].join("");

async function main(): Promise<number> {
  const rows: string[] = ["| profile | bundle bytes | budget |", "|---|---|---|"];
  let failed = false;
  for (const name of listProfiles()) {
    const r = await buildFirmware(loadProfile(name));
    const budget = name === DEFAULT_PROFILE ? String(BUNDLE_BUDGET) : "–";
    if (name === DEFAULT_PROFILE && r.bytes > BUNDLE_BUDGET) failed = true;
    rows.push(`| ${name} | ${r.bytes} | ${budget} |`);
  }
  process.stdout.write(rows.join("\n") + "\n\n");
  const bin = espruinoBin();
  if (!bin) {
    process.stdout.write("JsVars: set ESPRUINO_BIN to an Espruino interpreter for Linux to measure them.\n");
    return failed ? 1 : 0;
  }
  const profile = loadProfile(DEFAULT_PROFILE);
  const built = await buildFirmware(profile);
  const { readFileSync } = await import("node:fs");
  const run = await bootAndRun(bin, profile, readFileSync(built.file, "utf8"), MEMORY_SCRIPT, 1500, 60000);
  // Net of the Linux pin aliases in .boot0, which the toy does not have.
  const prelude = await preludeCost(bin, profile);
  const get = (key: string) => {
    const v = Number(run.results.find((l) => l.startsWith(key + " "))?.split(" ").pop());
    return Number.isFinite(v) ? String(v - prelude) : "?";
  };
  process.stdout.write(
    [
      `JsVars in use on ${bin} (${DEFAULT_PROFILE}, budget ${JSVAR_BUDGET}; net of the ${prelude} the .boot0 pin aliases take):`,
      "",
      "| after boot | after a won game | after 2000 more presses |",
      "|---|---|---|",
      `| ${get("boot")} | ${get("won")} | ${get("presses")} |`,
      "",
    ].join("\n"),
  );
  if (!(Number(get("boot")) <= JSVAR_BUDGET)) failed = true;
  return failed ? 1 : 0;
}

if (process.argv[1] && process.argv[1].endsWith("budget.ts")) {
  main().then((code) => (process.exitCode = code));
}

/**
 * Everything generated for a profile, as file name → content. Pure and deterministic:
 * the generate command writes these files and its --check mode compares them.
 */
import { BOARDS, type Board } from "./boards.js";
import { bomCsv } from "./generators/bom.js";
import { backSvg, perfboardSvg } from "./generators/mechanical.js";
import { panelSvg } from "./generators/panel.js";
import { pinoutSvg } from "./generators/pinout.js";
import { powerMd } from "./generators/power.js";
import { schematicSvg } from "./generators/schematic.js";
import { wiringMd } from "./generators/wiring.js";
import type { Profile } from "./profile.js";

export const GENERATED_FILES = ["wiring.md", "schematic.svg", "bom.csv", "power.md", "panel.svg", "perfboard.svg", "back.svg", "pinout.svg"] as const;

export type GeneratedFile = (typeof GENERATED_FILES)[number];

export function boardOf(p: Profile): Board {
  return BOARDS[p.board as keyof typeof BOARDS];
}

export function generateProfileFiles(p: Profile): Record<GeneratedFile, string> {
  const board = boardOf(p);
  return {
    "wiring.md": wiringMd(p, board),
    "schematic.svg": schematicSvg(p, board),
    "bom.csv": bomCsv(p, board),
    "power.md": powerMd(p, board),
    "panel.svg": panelSvg(p),
    "perfboard.svg": perfboardSvg(p, board),
    "back.svg": backSvg(p, board),
    "pinout.svg": pinoutSvg(p, board),
  };
}

/** Paths relative to hardware/generated/, sorted, with their content. */
export function generateAll(profiles: Profile[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const p of [...profiles].sort((a, b) => a.name.localeCompare(b.name))) {
    const out = generateProfileFiles(p);
    for (const name of GENERATED_FILES) files.set(`${p.name}/${name}`, out[name]);
  }
  return files;
}

// The repository stands alone and speaks of the project only: no path outside it, no file that
// names a work session or an issue number, every relative link in the documentation leads to
// a file that exists, and the README stays a guide (at most 450 lines).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TEXT = /\.(ts|mjs|js|json|md|css|html|svg|csv|txt|py|sh)$|^\.ci\/run$/;

/** The repository's text files: tracked ones, or every file outside the ignored folders. */
function textFiles(): string[] {
  let files: string[];
  try {
    files = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
  } catch {
    files = execFileSync("find", [".", "-type", "f", "-not", "-path", "./node_modules/*", "-not", "-path", "./dist/*", "-not", "-path", "./.git/*"], { cwd: ROOT, encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map((f) => f.replace(/^\.\//, ""));
  }
  return files.filter((f) => TEXT.test(f) && f !== "package-lock.json" && existsSync(join(ROOT, f)));
}

function findings(pattern: RegExp): string[] {
  const out: string[] = [];
  for (const f of textFiles()) {
    if (f === "test/repo-hygiene.test.ts") continue;
    readFileSync(join(ROOT, f), "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (pattern.test(line)) out.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  return out;
}

describe("the repository stands alone", () => {
  it("points nowhere outside itself (a clone has no shared folder beside it)", () => {
    expect(findings(/\.\.\/shared\b|\bshared\/(docs|seeds)\b|\b(ESPRUINO|MERLIN|DESIGN)\.md\b/)).toEqual([]);
  });

  it("speaks of the project, not of work sessions or issue numbers", () => {
    expect(findings(/\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|this|previous|next) session\b|\bsession \d+\b|\bissues? #?\d+\b/i)).toEqual([]);
  });

  it("every relative link in the documentation leads to a file that exists", () => {
    const broken: string[] = [];
    for (const f of textFiles().filter((f) => f.endsWith(".md"))) {
      const text = readFileSync(join(ROOT, f), "utf8");
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1].split("#")[0];
        if (!target || /^[a-z]+:/.test(target)) continue;
        if (!existsSync(join(ROOT, dirname(f), target))) broken.push(`${f}: ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("README.md is a guide of at most 450 lines", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(450);
  });
});

// The repository stands alone and speaks of the project only: no path outside it, no file that
// names a work session or an issue number, every relative link in the documentation leads to
// a file that exists (and to a heading of it, where it names one), and the README stays a guide
// (at most 450 lines).
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

/**
 * The anchors of Markdown text `text` as GitHub makes them: each heading's text (a link's text
 * for the link) in lower case, without punctuation, spaces made hyphens, and a repeated one
 * numbered -1, -2, …; and any `<a id>` or `<a name>`.
 */
function anchorsOf(text: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const words = heading[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/<[^>]+>/g, "");
    const slug = words.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
    const n = seen.get(slug);
    seen.set(slug, n === undefined ? 0 : n + 1);
    out.add(n === undefined ? slug : `${slug}-${n + 1}`);
  }
  for (const m of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) out.add(m[1]);
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

  it("every link to a heading of a Markdown file leads to one of its headings", () => {
    const broken: string[] = [];
    let checked = 0;
    for (const f of textFiles().filter((f) => f.endsWith(".md"))) {
      const text = readFileSync(join(ROOT, f), "utf8");
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const [target, anchor] = m[1].split("#");
        if (anchor === undefined || /^[a-z]+:/.test(m[1])) continue;
        const file = target ? join(dirname(f), target) : f;
        if (!file.endsWith(".md") || !existsSync(join(ROOT, file))) continue;
        checked++;
        if (!anchorsOf(readFileSync(join(ROOT, file), "utf8")).has(decodeURIComponent(anchor))) broken.push(`${f}: ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it("makes anchors as GitHub does", () => {
    const text = "# Merlin's six games: the 1978 manual\n## Game modules\n```\n# not a heading\n```\n## Game modules\n### `Merlin.press(k)` and [HIT ME](x.md)\n<a id=\"card\"></a>";
    expect([...anchorsOf(text)]).toEqual(["merlins-six-games-the-1978-manual", "game-modules", "game-modules-1", "merlinpressk-and-hit-me", "card"]);
  });

  it("README.md is a guide of at most 450 lines", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(450);
  });
});

/**
 * Builds the browser toy as a static folder any static web host can serve (no server code):
 *   index.html, style.css        the page (sim/web/page)
 *   app.js                       the page's script: sim/board, the shared front-end parts and
 *                                src/'s solver, bundled and minified by esbuild, with every
 *                                board profile (validated) built in
 *   firmware/NAME.js             each profile's firmware bundle, byte for byte the file
 *                                `npm run build` makes (dist/firmware.js, dist/NAME/firmware.js),
 *                                rebuilt first when stale
 */
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../firmware/build/build";
import { loadAllProfiles } from "../../hardware/validate";
import type { Profile } from "../../hardware/profile";
import { loadFirmware, toyGameNames } from "../app/firmware-loader";

export const PAGE_DIR = join(ROOT, "sim", "web", "page");
export const DEFAULT_WEB_DIR = join(ROOT, "dist", "web");
const STATIC_FILES = ["index.html", "style.css", "teach.css"];

export interface WebBuild {
  dir: string;
  /** Bytes of app.js (minified). */
  scriptBytes: number;
  /** Profile name → bytes of its firmware bundle. */
  firmware: { [profile: string]: number };
}

/**
 * The page's `merlin:profiles` module: every profile, and the games each one's firmware plays
 * besides the rule sets (its RULES cycle and the rules a link may name).
 */
function profilesModule(profiles: Profile[]): string {
  const games: { [name: string]: string[] } = {};
  for (const p of profiles) games[p.name] = toyGameNames(p);
  return `export const PROFILES = ${JSON.stringify(profiles)};\nexport const TOY_GAMES = ${JSON.stringify(games)};`;
}

export async function buildWeb(dir: string = DEFAULT_WEB_DIR, warn: (m: string) => void = () => {}): Promise<WebBuild> {
  const profiles = loadAllProfiles();
  mkdirSync(join(dir, "firmware"), { recursive: true });
  const firmware: WebBuild["firmware"] = {};
  for (const p of profiles) {
    const fw = await loadFirmware(p, warn);
    writeFileSync(join(dir, "firmware", `${p.name}.js`), fw.code);
    firmware[p.name] = Buffer.byteLength(fw.code);
  }
  await build({
    entryPoints: [join(PAGE_DIR, "main.ts")],
    outfile: join(dir, "app.js"),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    minify: true,
    legalComments: "none",
    logLevel: "error",
    plugins: [
      {
        name: "merlin-profiles",
        setup(b) {
          b.onResolve({ filter: /^merlin:profiles$/ }, () => ({ path: "profiles", namespace: "merlin" }));
          b.onLoad({ filter: /.*/, namespace: "merlin" }, () => ({ contents: profilesModule(profiles), loader: "js" }));
        },
      },
    ],
  });
  for (const f of STATIC_FILES) copyFileSync(join(PAGE_DIR, f), join(dir, f));
  return { dir, scriptBytes: readFileSync(join(dir, "app.js")).length, firmware };
}

/**
 * Builds the browser toy as a static folder any static web host can serve (no server code):
 *   index.html, style.css        the page (sim/web/page)
 *   app.js                       the page's script: sim/board, the shared front-end parts and
 *                                src/'s solver, bundled and minified by esbuild, with every
 *                                board profile (validated) built in
 *   firmware/NAME.js             each profile's firmware bundle, byte for byte the file
 *                                `npm run build` makes (dist/firmware.js, dist/NAME/firmware.js),
 *                                rebuilt first when stale
 *   manifest.webmanifest         the web app manifest (installable; every URL in it relative,
 *                                so the folder works under any sub-path)
 *   icons/*.png                  the app's icons, drawn from the panel geometry (icons.ts)
 *   sw.js                        the service worker (page/sw.ts): caches every file above, in a
 *                                cache named after a hash of their contents, for offline use
 */
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../firmware/build/build";
import { loadAllProfiles } from "../../hardware/validate";
import type { Profile } from "../../hardware/profile";
import { loadFirmware, toyGameNames } from "../app/firmware-loader";
import { ICONS, iconPng } from "./icons";

export const PAGE_DIR = join(ROOT, "sim", "web", "page");
export const DEFAULT_WEB_DIR = join(ROOT, "dist", "web");
const STATIC_FILES = ["index.html", "style.css", "teach.css"];
export const MANIFEST_FILE = "manifest.webmanifest";
export const SERVICE_WORKER_FILE = "sw.js";
/** The profile the icons show (the page's default). */
export const ICON_PROFILE = "pico-3x3";
/** The page's background (style.css --bg): the installed app's splash and title bar. */
const THEME_COLOUR = "#15171c";

export interface WebBuild {
  dir: string;
  /** Bytes of app.js (minified). */
  scriptBytes: number;
  /** Profile name → bytes of its firmware bundle. */
  firmware: { [profile: string]: number };
  /** The web app manifest's file. */
  manifest: string;
  /** The icons' files, as the manifest lists them. */
  icons: string[];
  /** The service worker's file. */
  serviceWorker: string;
  /** What the service worker caches (relative to the folder; "./" is index.html). */
  precache: string[];
  /** The build's version, a hash of the cached files' contents; the worker's cache name ends with it. */
  cacheVersion: string;
}

/** The web app manifest: every URL relative to the manifest's own, so any sub-path works. */
export function webManifest(): object {
  return {
    name: "Merlin — the magic-square toy",
    short_name: "Merlin",
    description: "The Merlin magic-square puzzle toy, its own firmware running on a virtual board in the browser, with a teaching view.",
    lang: "en",
    start_url: "./",
    scope: "./",
    display: "standalone",
    background_color: THEME_COLOUR,
    theme_color: THEME_COLOUR,
    icons: ICONS.map((i) => ({ src: i.path, sizes: `${i.size}x${i.size}`, type: "image/png", purpose: i.purpose })),
  };
}

/** The version of the files `precache` names in `dir`: a hash of their names and contents. */
export function contentVersion(dir: string, precache: string[]): string {
  const h = createHash("sha256");
  for (const f of precache) {
    const bytes = readFileSync(join(dir, f === "./" ? "index.html" : f));
    h.update(`${f}\0${bytes.length}\0`);
    h.update(bytes);
  }
  return h.digest("hex").slice(0, 16);
}

/**
 * Writes the service worker for the files `precache` names, as they are in `dir` now; its
 * cache version is their hash. The build's last step: a folder whose files changed gets a
 * worker with a new version when this runs again.
 */
export async function writeServiceWorker(dir: string, precache: string[]): Promise<string> {
  const version = contentVersion(dir, precache);
  await build({
    entryPoints: [join(PAGE_DIR, "sw.ts")],
    outfile: join(dir, SERVICE_WORKER_FILE),
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: true,
    legalComments: "none",
    logLevel: "error",
    define: { MERLIN_VERSION: JSON.stringify(version), MERLIN_PRECACHE: JSON.stringify(precache) },
  });
  return version;
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
  // Installable and offline: the icons, the manifest, then the worker that caches them all.
  mkdirSync(join(dir, "icons"), { recursive: true });
  const iconProfile = profiles.find((p) => p.name === ICON_PROFILE) ?? profiles[0];
  for (const icon of ICONS) writeFileSync(join(dir, icon.path), iconPng(iconProfile, icon));
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(webManifest(), null, 2) + "\n");
  // Everything written above but the worker itself; index.html is cached as "./" (the page).
  const precache = ["./", "app.js", ...STATIC_FILES.filter((f) => f !== "index.html"), MANIFEST_FILE, ...ICONS.map((i) => i.path), ...profiles.map((p) => `firmware/${p.name}.js`)];
  const cacheVersion = await writeServiceWorker(dir, precache);
  return {
    dir,
    scriptBytes: readFileSync(join(dir, "app.js")).length,
    firmware,
    manifest: MANIFEST_FILE,
    icons: ICONS.map((i) => i.path),
    serviceWorker: SERVICE_WORKER_FILE,
    precache,
    cacheVersion,
  };
}

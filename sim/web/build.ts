/**
 * Builds the browser toy as a static folder any static web host can serve (no server code):
 *   index.html, style.css        the page (sim/web/page; index.html given the boards' names)
 *   app.js                       the page's script: sim/board and the shared front-end parts,
 *                                bundled by esbuild, minified by esbuild and terser: all a
 *                                player needs for the first frame but the chosen board's
 *                                profile and firmware
 *   NAME.js                      each module the page loads on demand (`import("./NAME")` in
 *                                a page module: the teaching view, teach-view.js, with src/'s
 *                                solver; sound.js and offline.js after the first frame),
 *                                bundled on its own the same way and fetched when first used
 *   firmware/NAME.js             each profile's firmware bundle, byte for byte the file
 *                                `npm run build` makes (dist/firmware.js, dist/NAME/firmware.js),
 *                                rebuilt first when stale
 *   firmware/NAME.img            its pretokenised image, the bytes `npm run flash` writes to a
 *                                board: "Put this on my toy" writes it (page/flash-panel.ts)
 *   firmware/NAME.files.json     the image's other Storage files, file name → text: Merlin's
 *                                games the profile carries (merlin-echo.js, …), each written to
 *                                the virtual board's Storage with the firmware, as on the toy
 *   firmware/NAME.files.img.json those files pretokenised (base64), as `npm run flash` writes
 *                                them: "Put this on my toy" writes them before the image
 *   profiles/NAME.json           each profile (validated), fetched with its firmware: app.js
 *                                holds only every profile's name and size
 *   manifest.webmanifest         the web app manifest (installable; every URL in it relative,
 *                                so the folder works under any sub-path)
 *   icons/*.png                  the app's icons, drawn from the panel geometry (icons.ts)
 *   sw.js                        the service worker (page/sw.ts): caches every file above, in a
 *                                cache named after a hash of their contents, for offline use
 */
import { build, type Plugin } from "esbuild";
import { minify } from "terser";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve as resolvePath } from "node:path";
import { ROOT } from "../../firmware/build/build";
import { pretokenise } from "../../firmware/build/pretokenise";
import { type Board, type BoardId, BOARDS } from "../../hardware/boards";
import { loadAllProfiles } from "../../hardware/validate";
import type { Profile } from "../../hardware/profile";
import { loadFirmware, toyGameNames } from "../app/firmware-loader";
import { GAME_MODULES } from "../../src/toy/games/index";
import { MAGIC_SQUARE, MAGIC_SQUARE_NUMBER } from "../../src/toy/midend";
import { ICONS, iconPng } from "./icons";

export const PAGE_DIR = join(ROOT, "sim", "web", "page");
export const DEFAULT_WEB_DIR = join(ROOT, "dist", "web");
const STATIC_FILES = ["index.html", "style.css", "teach.css"];
export const MANIFEST_FILE = "manifest.webmanifest";
export const SERVICE_WORKER_FILE = "sw.js";
/** The page's default profile (main.ts DEFAULT_PROFILE): the icons show it, the early fetch lists it first. */
export const ICON_PROFILE = "pico-3x3";
/** Where index.html's early fetch gets the list of boards. */
const BOARDS_MARK = "/* MERLIN_BOARDS */ []";
/** The page's background (style.css --bg): the installed app's splash and title bar. */
const THEME_COLOUR = "#15171c";

export interface WebBuild {
  dir: string;
  /** Bytes of app.js (minified): the script the first playable frame needs. */
  scriptBytes: number;
  /** The scripts the page loads on demand (file → bytes, minified), e.g. teach-view.js. */
  lazyScripts: { [file: string]: number };
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
 * Merlin's six games by their numbers on the toy (NEW GAME, then the number), from the one list
 * of games (src/toy/games/index.ts) and the mid-end's Magic Square: the page's game menu.
 */
export function merlinGames(): { name: string; number: number }[] {
  const games = GAME_MODULES.map((m) => ({ name: m.name, number: m.number }));
  games.push({ name: MAGIC_SQUARE, number: MAGIC_SQUARE_NUMBER });
  return games.sort((a, b) => a.number - b.number);
}

/**
 * The page's `merlin:profiles` module: every profile's name and size (the page fetches the
 * chosen one's profile, profiles/NAME.json, with its firmware), the games each one's firmware plays
 * besides the rule sets (its RULES cycle and the rules a link may name), and Merlin's six games
 * (merlinGames; a profile's `games` says which of them its toy carries).
 */
function profilesModule(profiles: Profile[]): string {
  const games: { [name: string]: string[] } = {};
  for (const p of profiles) games[p.name] = toyGameNames(p);
  const sizes = profiles.map((p) => ({ name: p.name, rows: p.rows, cols: p.cols }));
  return `export const PROFILES = ${JSON.stringify(sizes)};\nexport const TOY_GAMES = ${JSON.stringify(games)};\nexport const MERLIN_GAMES = ${JSON.stringify(merlinGames())};`;
}

/** What the page reads of a board in hardware/boards.ts: sim/board/board-family.ts and hardware/footprints.ts (the face's margin). */
export type PageBoard = Pick<Board, "id" | "chip" | "pins" | "watchSharesPinNumber">;

/**
 * The page's copy of hardware/boards.ts's BOARDS: what the page reads of each board (the
 * simulator's board family: its chip, its input-only pins, whether watches share a pin
 * number; the panel's footprint: its id) and none of the headers, supply, current and recovery
 * notes the hardware guide prints, a sixth of the page script otherwise. test/web-page-boards
 * checks that the page makes the same board families and panels from it.
 */
export function pageBoards(): Record<BoardId, PageBoard> {
  const out = {} as Record<BoardId, PageBoard>;
  for (const id of Object.keys(BOARDS) as BoardId[]) {
    const b = BOARDS[id];
    out[id] = { id: b.id, chip: b.chip, pins: b.pins.filter((p) => p.inputOnly), watchSharesPinNumber: b.watchSharesPinNumber };
  }
  return out;
}

/**
 * The module the page imports as hardware/boards.ts: pageBoards, each board reading a field
 * the copy lacks throwing (so new page code that reads one fails in the browser tests, not
 * silently), and isBoardId as there.
 */
export function pageBoardsModule(): string {
  return (
    `const copy = ${JSON.stringify(pageBoards())};\n` +
    "const lacking = (id) => ({ get(b, key) { if (typeof key === \"symbol\" || key in b) return b[key]; " +
    "throw new Error(`pageBoards (sim/web/build.ts) lacks ${id}.${String(key)}`); } });\n" +
    "export const BOARDS = Object.fromEntries(Object.keys(copy).map((id) => [id, new Proxy(copy[id], lacking(id))]));\n" +
    'export function isBoardId(id) { return typeof id === "string" && Object.prototype.hasOwnProperty.call(BOARDS, id); }\n'
  );
}

/** The page's data modules: `merlin:profiles`, and hardware/boards.ts as the page imports it (pageBoards). */
function dataModules(profiles: Profile[]): Plugin {
  return {
    name: "merlin-data",
    setup(b) {
      b.onResolve({ filter: /^merlin:profiles$/ }, () => ({ path: "profiles", namespace: "merlin" }));
      b.onResolve({ filter: /(^|\/)boards(\.js)?$/ }, (a) =>
        resolvePath(a.resolveDir, a.path).replace(/\.js$/, "") === join(ROOT, "hardware", "boards") ? { path: "boards", namespace: "merlin" } : undefined,
      );
      b.onLoad({ filter: /^profiles$/, namespace: "merlin" }, () => ({ contents: profilesModule(profiles), loader: "js" }));
      b.onLoad({ filter: /^boards$/, namespace: "merlin" }, () => ({ contents: pageBoardsModule(), loader: "js" }));
    },
  };
}

/**
 * The page's modules loaded on demand: a dynamic `import("./NAME")` in a page module stays an
 * import of `./NAME.js` (relative to app.js, so any sub-path works) and NAME is added to
 * `lazy`, to be bundled on its own. A player who never opens the teaching view never fetches
 * its code (the solver and the maths views, most of the bytes). Separate bundles, not esbuild's
 * code splitting: splitting shares whole files between the entry and the lazy parts, and would
 * put the solver into a chunk app.js needs. So a lazy module has its own copy of what it shares
 * with app.js (toy-info, the palette): it gets the page's objects (the session, the face) as
 * arguments, never through a module's state.
 */
function lazyModules(lazy: Set<string>): Plugin {
  return {
    name: "merlin-lazy",
    setup(b) {
      b.onResolve({ filter: /^\.\/[\w-]+$/ }, (a) => {
        if (a.kind !== "dynamic-import" || dirname(a.importer) !== PAGE_DIR) return undefined;
        const name = a.path.slice(2);
        lazy.add(name);
        return { path: `./${name}.js`, external: true };
      });
    },
  };
}

export async function buildWeb(dir: string = DEFAULT_WEB_DIR, warn: (m: string) => void = () => {}): Promise<WebBuild> {
  const profiles = loadAllProfiles();
  mkdirSync(join(dir, "firmware"), { recursive: true });
  mkdirSync(join(dir, "profiles"), { recursive: true });
  const firmware: WebBuild["firmware"] = {};
  for (const p of profiles) {
    const fw = await loadFirmware(p, warn);
    writeFileSync(join(dir, "firmware", `${p.name}.js`), fw.code);
    writeFileSync(join(dir, "firmware", `${p.name}.img`), pretokenise(fw.code));
    writeFileSync(join(dir, "firmware", `${p.name}.files.json`), JSON.stringify(fw.files));
    const images: Record<string, string> = {};
    for (const [name, text] of Object.entries(fw.files)) images[name] = pretokenise(text).toString("base64");
    writeFileSync(join(dir, "firmware", `${p.name}.files.img.json`), JSON.stringify(images));
    firmware[p.name] = Buffer.byteLength(fw.code);
    writeFileSync(join(dir, "profiles", `${p.name}.json`), JSON.stringify(p) + "\n");
  }
  const lazy = new Set<string>();
  // esbuild bundles and minifies; terser's compressor, run twice over the result, takes off
  // another percent or two (the firmware build uses it too): bytes a player's first frame waits for.
  const bundle = async (entry: string, outfile: string) => {
    const out = await build({
      entryPoints: [join(PAGE_DIR, entry)],
      bundle: true,
      write: false,
      format: "esm",
      platform: "browser",
      target: "es2020",
      minify: true,
      legalComments: "none",
      logLevel: "error",
      plugins: [lazyModules(lazy), dataModules(profiles)],
    });
    const squeezed = await minify(out.outputFiles[0].text, { module: true, ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } });
    writeFileSync(join(dir, outfile), squeezed.code!);
  };
  await bundle("main.ts", "app.js");
  // The lazy modules, and any they load on demand in turn.
  const lazyScripts: WebBuild["lazyScripts"] = {};
  for (let todo = [...lazy]; todo.length > 0; todo = [...lazy].filter((n) => !(`${n}.js` in lazyScripts))) {
    for (const name of todo) {
      await bundle(`${name}.ts`, `${name}.js`);
      lazyScripts[`${name}.js`] = readFileSync(join(dir, `${name}.js`)).length;
    }
  }
  for (const f of STATIC_FILES) if (f !== "index.html") copyFileSync(join(PAGE_DIR, f), join(dir, f));
  // The page, its early fetch told the boards, the default first.
  const page = readFileSync(join(PAGE_DIR, "index.html"), "utf8");
  if (!page.includes(BOARDS_MARK)) throw new Error(`sim/web/page/index.html: no ${BOARDS_MARK} for the boards`);
  const boards = [ICON_PROFILE, ...profiles.map((p) => p.name).filter((n) => n !== ICON_PROFILE)];
  writeFileSync(join(dir, "index.html"), page.replace(BOARDS_MARK, JSON.stringify(boards)));
  // Installable and offline: the icons, the manifest, then the worker that caches them all.
  mkdirSync(join(dir, "icons"), { recursive: true });
  const iconProfile = profiles.find((p) => p.name === ICON_PROFILE) ?? profiles[0];
  for (const icon of ICONS) writeFileSync(join(dir, icon.path), iconPng(iconProfile, icon));
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(webManifest(), null, 2) + "\n");
  // Everything written above but the worker itself; index.html is cached as "./" (the page).
  const precache = ["./", "app.js", ...Object.keys(lazyScripts), ...STATIC_FILES.filter((f) => f !== "index.html"), MANIFEST_FILE, ...ICONS.map((i) => i.path), ...profiles.flatMap((p) => [`profiles/${p.name}.json`, `firmware/${p.name}.js`, `firmware/${p.name}.img`, `firmware/${p.name}.files.json`, `firmware/${p.name}.files.img.json`])];
  const cacheVersion = await writeServiceWorker(dir, precache);
  return {
    dir,
    scriptBytes: readFileSync(join(dir, "app.js")).length,
    lazyScripts,
    firmware,
    manifest: MANIFEST_FILE,
    icons: ICONS.map((i) => i.path),
    serviceWorker: SERVICE_WORKER_FILE,
    precache,
    cacheVersion,
  };
}

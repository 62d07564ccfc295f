/**
 * The toy on the real Espruino interpreter (ESPRUINO_BIN), for the optional tests: a flash
 * image per profile holding the pin-alias `.boot0`, the profile's Storage modules and, as
 * `.bootcde`, the bundle, pretokenised as `npm run flash` writes them (written once, then copied
 * for every boot), and the same
 * console calls on the interpreter and on the simulator (which runs the bundle's text: the same
 * program, test/firmware-pretokenise.test.ts).
 *
 *   const image = await FlashImage.create("pico-3x3");
 *   const toy = await image.boot();                 // a fresh interpreter on a copy of the image
 *   await toy.call("Merlin.press(5)");             // {ok: true, value} or {ok: false, error}
 *   await toy.powerCut(); const again = await toy.boot();   // same flash, as after a power cut
 *
 * ESPRUINO_BUNDLE_DIR, when set, takes the bundles from that folder (laid out as dist/) instead
 * of building them: to run these tests against firmware built elsewhere.
 */
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { beforeAll } from "vitest";
import {
  builtImage, checkEspruino, Espruino, espruinoBin, flashToy, freshFlashDir, HANDSHAKE_MS, prebuiltBundle, prebuiltImage, type ToyImage,
} from "../../firmware/measure/espruino-bin";
export { lastWords } from "../../firmware/measure/espruino-bin";
import type { Profile } from "../../hardware/profile";
import { loadProfile } from "../../hardware/validate";
import { firmwareBundle } from "./firmware-cache";
import { buildToy } from "./toy";
import { hangAfter } from "./time-limits";

export const bin = espruinoBin();

/**
 * The first line of every real-interpreter suite (inside its describe.skipIf(!bin)): checks
 * that ESPRUINO_BIN is a working interpreter (checkEspruino) before anything else, so a wrong
 * path fails the suite at once with one line naming it, instead of after building firmware or
 * never. Unset, the suites are skipped and the run says so (skips.ts).
 */
export function checkInterpreterFirst(): void {
  beforeAll(async () => {
    await checkEspruino(bin as string);
  }, HANDSHAKE_MS + 5000);
}

/** The bundle for a profile: built in memory, or read from ESPRUINO_BUNDLE_DIR. */
export async function toyBundle(name: string): Promise<string> {
  return prebuiltBundle(name) ?? buildToy(name);
}

/** What a console call gave: its value through JSON, or the error it threw (String(e)). */
export type CallResult = { ok: true; value: unknown } | { ok: false; error: string };

/** An expression that evaluates `expr` and returns its outcome as a JSON string, on either side. */
export function wrapCall(expr: string): string {
  return `(function(){try{return JSON.stringify({ok:true,value:(${expr})})}catch(e){return JSON.stringify({ok:false,error:String(e)})}})()`;
}

export function parseCall(json: unknown): CallResult {
  const r = JSON.parse(json as string) as CallResult;
  if (r.ok && !("value" in r)) return { ok: true, value: undefined };
  return r;
}

/** One booted interpreter running the toy, on its own copy of the flash. */
export class InterpreterToy {
  private constructor(
    readonly image: FlashImage,
    readonly dir: string,
    readonly espruino: Espruino,
    /** Date.now() when the interpreter was started. */
    readonly startedAt: number,
  ) {}

  static async start(image: FlashImage, dir: string): Promise<InterpreterToy> {
    const startedAt = Date.now();
    const e = await Espruino.start(bin as string, dir, { password: image.profile.consolePassword ?? null, echo: false });
    return new InterpreterToy(image, dir, e, startedAt);
  }

  async call(expr: string, timeoutMs = hangAfter(12_000)): Promise<CallResult> {
    return parseCall(await this.espruino.eval(wrapCall(expr), timeoutMs));
  }

  /** eval that must not throw. */
  async value<T = unknown>(expr: string, timeoutMs = hangAfter(12_000)): Promise<T> {
    return (await this.espruino.eval(expr, timeoutMs)) as T;
  }

  /** Everything printed so far. */
  get output(): string {
    return this.espruino.output;
  }

  /** SIGKILL: the flash keeps whatever was written. */
  async powerCut(): Promise<void> {
    await this.espruino.kill();
  }

  /** Power on again from the same flash (after powerCut). */
  async boot(): Promise<InterpreterToy> {
    return InterpreterToy.start(this.image, this.dir);
  }

  /** Power cut and remove the flash. */
  async dispose(): Promise<void> {
    await this.espruino.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The toy's image for a profile (the bundle and its Storage modules): built in memory, or read from ESPRUINO_BUNDLE_DIR. */
export async function toyImage(name: string): Promise<ToyImage> {
  const pre = prebuiltImage(name);
  if (pre) return pre;
  await buildToy(name); // (its subset check)
  return builtImage(await firmwareBundle(name));
}

/** A flash image with the toy written to it, copied for every boot. */
export class FlashImage {
  private constructor(
    readonly profile: Profile,
    /** The bundle's text (the simulator runs it; the flash holds its pretokenised image). */
    readonly bundle: string,
    /** Its Storage modules (Magic Square, the games, the console), flashed beside it. */
    readonly files: Record<string, string>,
    private readonly dir: string,
  ) {}

  static async create(name: string, bundle?: string): Promise<FlashImage> {
    const profile = loadProfile(name);
    const image = await toyImage(name);
    const code = bundle ?? image.code;
    const dir = freshFlashDir();
    // The image as `npm run flash` writes it: the bundle and the profile's Storage modules.
    await flashToy(bin as string, dir, profile, { code, files: image.files });
    if (!existsSync(join(dir, "espruino.flash"))) throw new Error("the interpreter left no espruino.flash in " + dir);
    return new FlashImage(profile, code, image.files, dir);
  }

  /** A new folder holding a copy of this image's flash. */
  copy(): string {
    const d = freshFlashDir();
    copyFileSync(join(this.dir, "espruino.flash"), join(d, "espruino.flash"));
    return d;
  }

  /** Boots a fresh interpreter on a copy of the image. */
  async boot(): Promise<InterpreterToy> {
    return InterpreterToy.start(this, this.copy());
  }

  /** Boots on a given folder (e.g. a copy of another toy's flash). */
  async bootIn(dir: string): Promise<InterpreterToy> {
    return InterpreterToy.start(this, dir);
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A copy of a (powered-off) toy's flash in a new folder. */
export function copyFlash(toy: InterpreterToy): string {
  const d = freshFlashDir();
  copyFileSync(join(toy.dir, "espruino.flash"), join(d, "espruino.flash"));
  return d;
}

/**
 * A file's text as the toy wrote it: the whole file, or — when the file ends in a check field
 * that is its CRC-32 in base 36 (how firmware/store.ts seals its files) — the text before it.
 */
export function unsealed(data: string): string {
  const i = data.lastIndexOf(",");
  return i > 0 && crc32(Buffer.from(data.slice(0, i), "latin1")).toString(36) === data.slice(i + 1) ? data.slice(0, i) : data;
}


export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

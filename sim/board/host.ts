/**
 * What the board model needs from the platform it runs on, and nothing more: a fresh
 * JavaScript realm for each power-on, somewhere to keep the flash image, and (where the
 * platform can) a look into closures for the memory estimate. Node (sim/node/host.ts: a `vm`
 * context, a JSON file, the V8 inspector) and the browser (sim/web/page/host.ts: a hidden iframe,
 * localStorage, no inspector) differ only here; everything else in sim/board is plain
 * TypeScript that runs on both.
 */

/** A JavaScript realm with its own global object and built-ins: the firmware's world. */
export interface Realm {
  /** The realm's global object: what is set here is a global of the code run in it. */
  readonly global: Record<string, unknown>;
  /**
   * Runs `code` as a top-level script named `filename` (in stack traces) and returns its
   * value; throws what the code throws. `timeoutMs` stops a script that hangs, where the
   * host can (Node can, a browser cannot).
   */
  run(code: string, filename: string, timeoutMs?: number): unknown;
  /**
   * Calls `fn` with `args` as one event of the interpreter: promise continuations it queued
   * run before this returns where the host can (Node: yes; a browser runs them after the
   * current task). Throws what `fn` throws.
   */
  call(fn: Function, args: unknown[], timeoutMs?: number): unknown;
}

/** Where the flash image lives between runs: a file, a localStorage entry, … */
export interface FlashBacking {
  /** Names it in messages: a file path (".merlin/pico-3x3.storage.json"), "localStorage merlin.flash.pico-3x3". */
  readonly where: string;
  /** The saved image (text), or undefined when nothing was saved yet. */
  load(): string | undefined;
  save(image: string): void;
}

export interface BoardHost {
  /** A fresh realm for one run of the interpreter (power-on to power-off); `name` is for debuggers. */
  createRealm(name: string): Realm;
  /**
   * The non-global scopes `fn` closes over, each as { variable: value }, for the JsVar
   * estimate (memory.ts); [] where the host cannot look inside closures.
   */
  closureScopes(fn: Function): Record<string, unknown>[];
  /**
   * How a script is kept in Storage where the host can say (Node): `image` the bytes `npm run
   * flash` writes for it (pretokenised, so a board's Storage fills as the toy's does), `text`
   * the script a stored image stands for. Without it a script is stored as its text.
   */
  flashCode?: { image(code: string): Uint8Array; text(image: Uint8Array): string };
}

/** A backing that keeps the image in memory (for tests; also what "no backing" means). */
export function memoryFlash(initial?: string): FlashBacking & { image: string | undefined } {
  return {
    where: "memory",
    image: initial,
    load() {
      return this.image;
    },
    save(image: string) {
      this.image = image;
    },
  };
}

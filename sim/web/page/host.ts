/**
 * The board's host in a browser: each power-on gets a fresh hidden iframe (its own global
 * object and built-ins, so removing Map or Symbol for the firmware leaves the page's alone),
 * code runs through the iframe's own eval (global scope, with a sourceURL so stack traces
 * name dist/firmware.js), and the flash image lives in localStorage, so reloading the page is
 * a power cycle that resumes the game. A browser cannot stop a script that hangs, and runs
 * promise continuations after the current task (sim/board/README.md lists what that changes).
 * Storage holds the scripts pretokenised, as `npm run flash` writes them to the toy (the images
 * come with the build), so the virtual board's Storage fills as the toy's does.
 */
import type { BoardHost, FlashBacking, Realm } from "../../board";

/** The bytes as a string of char codes 0 … 255 (a Map key for an image). */
function byteString(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + 8192)));
  return s;
}

/** A base64 text's bytes. */
export function base64Bytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/**
 * How scripts are kept in Storage (BoardHost.flashCode): each script of `images` (script text →
 * its pretokenised image, the web build's firmware/NAME.img and NAME.files.img.json) as its
 * image, read back as its text; any other script as its text.
 */
export function pretokenisedFlash(images: Map<string, Uint8Array>): NonNullable<BoardHost["flashCode"]> {
  const scripts = new Map<string, string>();
  for (const [text, image] of images) scripts.set(byteString(image), text);
  return {
    image: (code) => images.get(code) ?? new TextEncoder().encode(code),
    text: (image) => scripts.get(byteString(image)) ?? new TextDecoder().decode(image),
  };
}

export function browserHost(flashCode?: BoardHost["flashCode"]): BoardHost {
  let frame: HTMLIFrameElement | undefined;
  return {
    flashCode,
    createRealm(name: string): Realm {
      // One board per host: the previous run's realm is dead, drop its iframe.
      frame?.remove();
      frame = document.createElement("iframe");
      frame.hidden = true;
      frame.title = name;
      frame.setAttribute("aria-hidden", "true");
      document.body.appendChild(frame);
      const win = frame.contentWindow as unknown as Record<string, unknown> & { eval(code: string): unknown };
      const evaluate = win.eval;
      return {
        global: win,
        // Called as a plain function, the iframe's eval is an indirect eval: global scope.
        run: (code, filename) => evaluate(`${code}\n//# sourceURL=${filename}`),
        call: (fn, args) => fn.apply(undefined, args),
      };
    },
    closureScopes: () => [],
  };
}

/** The key a profile's flash image is kept under. */
export function flashKey(profileName: string): string {
  return `merlin.flash.${profileName}`;
}

/** The flash image (or any small setting) in localStorage; nothing is kept when storage is blocked. */
export function localStorageFlash(key: string): FlashBacking {
  return {
    where: `localStorage ${key}`,
    load: () => {
      try {
        return localStorage.getItem(key) ?? undefined;
      } catch {
        return undefined;
      }
    },
    save: (image) => {
      try {
        localStorage.setItem(key, image);
      } catch {
        /* private mode or full: the toy plays on without saving */
      }
    },
  };
}

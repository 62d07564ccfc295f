/**
 * Reading the browser toy's page after it has drawn. The page draws what the toy's state says
 * on its next animation frame, and in steps: the pads' classes and colours, their labels (a
 * frame after a rule change), the legend, the status line, the address; the screen reader's
 * line 400 ms after the board settles. A read right after a key, a tap or a wait on the toy's
 * own state can come before that drawing.
 *
 *   await shown(() => page.textContent("#message")).toBe("nothing to redo");
 *
 * asserts on what the page shows once it shows it: the same exact matchers as `expect`, tried
 * again until they pass (a value the page never shows fails, naming the last value read), for
 * as long as the tests' Playwright waits (PAGE_WAIT_MS, test/helpers/time-limits.ts).
 */
import { expect } from "vitest";
import { PAGE_WAIT_MS } from "./time-limits";

/** How long a value may take to be drawn: as long as the tests' Playwright waits (test/helpers/chromium.ts), ms. */
const DRAWN_WITHIN_MS = PAGE_WAIT_MS;
/** How often it is read again, ms (the page draws every 16 ms or so). */
const READ_EVERY_MS = 20;

/** `expect` on what `read` gives, once the page has drawn it (see above). */
export function shown<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: DRAWN_WITHIN_MS, interval: READ_EVERY_MS });
}

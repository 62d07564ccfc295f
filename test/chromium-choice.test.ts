// Which Chromium the browser tests get (test/browser/chromium.mjs): a Debian Chromium that is
// there but does not run for this user — no execute permission, a broken install — is passed
// over for the npm-shipped one, with a note saying why, instead of failing every browser test
// with EACCES; one that runs is used; an explicit choice that does not run is one line. Fake
// browsers stand in (shell scripts); nothing is launched but their --version.
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { findChromium, whyNotRunning } from "./browser/chromium.mjs";
import { fakePrograms } from "./helpers/fake-program";

const fakes = fakePrograms("merlin-chromium-choice-");
afterAll(fakes.remove);
const dir = fakes.dir;
const fake = fakes.script;

const npmShipped = process.platform === "linux" && process.arch === "x64";

describe("choosing the browser tests' Chromium", () => {
  const saved = { CHROMIUM_BIN: process.env.CHROMIUM_BIN, MERLIN_CHROMIUM: process.env.MERLIN_CHROMIUM };
  beforeEach(() => {
    delete process.env.CHROMIUM_BIN;
    delete process.env.MERLIN_CHROMIUM;
  });
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it.runIf(npmShipped)("a Debian Chromium this user may not run: the npm-shipped one, with a note saying why", () => {
    const debian = fake("chromium-no-x", 'echo "Chromium 1.0"', 0o644);
    const found = findChromium(debian);
    expect(found).toMatchObject({ source: "npm" });
    expect("note" in found && found.note).toBe(`${debian} is there but does not run (no execute permission for this user), so the npm-shipped Chromium is used instead`);
  });

  it.runIf(npmShipped)("a broken Debian Chromium (--version fails): the npm-shipped one, the note quoting its error", () => {
    const debian = fake("chromium-broken", 'echo "chromium: error while loading shared libraries: libnss3.so" >&2; exit 127');
    const found = findChromium(debian);
    expect(found).toMatchObject({ source: "npm" });
    expect("note" in found && found.note).toContain("'--version' exited with status 127: chromium: error while loading shared libraries: libnss3.so");
  });

  it("a Debian Chromium that runs is the one used, without a note", () => {
    const debian = fake("chromium-ok", 'echo "Chromium 156.0"');
    expect(findChromium(debian)).toEqual({ path: debian, source: "debian", ready: true });
  });

  it("MERLIN_CHROMIUM=debian and it does not run: one line, no fallback", () => {
    process.env.MERLIN_CHROMIUM = "debian";
    const debian = fake("chromium-debian-only", "exit 1", 0o600);
    expect(findChromium(debian)).toEqual({
      error: `MERLIN_CHROMIUM=debian but ${debian} does not run (no execute permission for this user): repair or reinstall Debian's chromium, or unset MERLIN_CHROMIUM`,
    });
  });

  it("CHROMIUM_BIN that does not run or does not exist: one line naming it", () => {
    const bin = fake("chromium-bin-no-x", "exit 0", 0o644);
    process.env.CHROMIUM_BIN = bin;
    expect(findChromium()).toEqual({ error: `CHROMIUM_BIN=${bin} does not run (no execute permission for this user): point it at a Chromium that runs, or unset it` });
    const missing = join(dir, "missing");
    process.env.CHROMIUM_BIN = missing;
    expect(findChromium()).toEqual({ error: `CHROMIUM_BIN=${missing} does not run (it does not exist): point it at a Chromium that runs, or unset it` });
  });

  it("whyNotRunning: null for a program whose --version exits 0", () => {
    expect(whyNotRunning(fake("runs", "exit 0"))).toBeNull();
  });
});

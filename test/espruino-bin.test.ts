// A wrong ESPRUINO_BIN is one line, at once, wherever it is used: checkEspruino (the one check
// behind Espruino.start, so behind npm run budget, npm run speed and the real-interpreter
// suites) tells a missing path, a folder, a file this user may not run, a program that exits,
// one that never answers and an interpreter too old apart, each naming the path and what is
// expected. These need no interpreter (fakes stand in); with ESPRUINO_BIN set, the real one
// passes the same check.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkEspruino, espruinoBin, EspruinoBinError } from "../firmware/measure/espruino-bin";
import { REQUIRED_VERSION } from "../firmware/flash/flash";
import { fakePrograms } from "./helpers/fake-program";

const fakes = fakePrograms("merlin-espruino-bin-");
afterAll(fakes.remove);
const dir = fakes.dir;
const script = fakes.script;

const EXPECTED = `expected an Espruino ${REQUIRED_VERSION} or later interpreter built for Linux (docs/espruino.md says how to build one)`;

async function refusal(bin: string, timeoutMs?: number): Promise<string> {
  const e = await checkEspruino(bin, timeoutMs).then(
    () => new Error("accepted"),
    (err: unknown) => err as Error,
  );
  expect(e).toBeInstanceOf(EspruinoBinError);
  expect(e.message).not.toContain("\n");
  expect(e.message).toContain(bin);
  expect(e.message.endsWith(EXPECTED)).toBe(true);
  return e.message;
}

describe("checkEspruino: what a wrong interpreter path is told", () => {
  it("a missing path", async () => {
    expect(await refusal(join(dir, "nothing-here"))).toMatch(/nothing-here does not exist;/);
  });

  it("a folder", async () => {
    expect(await refusal(dir)).toMatch(/is a folder, not a program;/);
  });

  it("a file this user may not run", async () => {
    const file = script("not-executable", "exit 0", 0o644);
    expect(await refusal(file)).toMatch(/is not executable for this user/);
  });

  it("a program that exits without answering (/bin/false)", async () => {
    expect(await refusal("/bin/false")).toMatch(/exited \(status 1\) without answering;/);
  });

  it("a program that keeps running and never answers", async () => {
    // cat echoes the handshake line back, which must not count as an answer.
    expect(await refusal("/bin/cat", 1000)).toMatch(/did not answer a console line within 1 s;/);
  });

  it("an interpreter older than the firmware needs", async () => {
    const old = script("espruino-old", 'read line; echo "<<ESPRUINO 2v20>>"; exec sleep 60');
    expect(await refusal(old)).toMatch(/is Espruino 2v20, too old;/);
  });

  it("names the variable that holds the path", async () => {
    const prev = process.env.ESPRUINO_BIN_LARGE;
    const path = join(dir, "large-missing");
    process.env.ESPRUINO_BIN_LARGE = path;
    try {
      expect(await refusal(path)).toMatch(new RegExp(`^ESPRUINO_BIN_LARGE=${path} does not exist`));
    } finally {
      if (prev === undefined) delete process.env.ESPRUINO_BIN_LARGE;
      else process.env.ESPRUINO_BIN_LARGE = prev;
    }
  });

  it("takes a program that answers as Espruino does", async () => {
    const fake = script("espruino-new", 'read line; echo "<<ESPRUINO 2v30.4>>"; exec sleep 60');
    await expect(checkEspruino(fake)).resolves.toBe("2v30.4");
  });

  it.skipIf(!espruinoBin())("takes the reference interpreter ESPRUINO_BIN names", async () => {
    await expect(checkEspruino(espruinoBin()!)).resolves.toMatch(/^\d+v\d+/);
  });
});

/** A measuring script as a maker runs it, with ESPRUINO_BIN set to `bin`. */
function runScript(file: string, args: string[], bin: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ESPRUINO_BIN: bin };
    delete env.ESPRUINO_BIN_LARGE;
    const child = spawn(process.execPath, ["tools/tsrun.mjs", file, ...args], { stdio: ["ignore", "pipe", "pipe"], env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("npm run budget and npm run speed with a wrong ESPRUINO_BIN", () => {
  it.each([
    ["budget", "firmware/measure/budget.ts", ["--board", "pico-3x3"]],
    ["speed", "firmware/measure/speed.ts", ["--board", "pico-3x3"]],
  ])("%s: one line naming it, exit 2, nothing measured", { timeout: 120_000 }, async (name, file, args) => {
    const bin = join(dir, "no-such-espruino");
    const r = await runScript(file, args, bin);
    expect(r.stderr).toBe(`${name}: ESPRUINO_BIN=${bin} does not exist; ${EXPECTED}\n`);
    expect(r.stdout).toBe("");
    expect(r.status).toBe(2);
  });
});

/**
 * Runs a firmware bundle on a real Espruino interpreter for Linux, named by the ESPRUINO_BIN
 * environment variable (the project never builds or ships one). The bundle's pretokenised image
 * (pretokenise.ts) is written to the interpreter's flash as .bootcde — what `npm run flash`
 * does on a board — and the interpreter boots from it, so code runs from flash as on the toy.
 * (CodeForm "text" writes the readable bundle instead, to compare the two.)
 *
 * The Linux build has pins D0…D32 only, so a `.boot0` Storage file (Espruino runs .boot0…3
 * before .bootcde) aliases the profile's other pin names to free ones; setDeepSleep does not
 * exist there and becomes a no-op, and the neopixel module a stand-in that sends nothing. The
 * bundle itself is unchanged.
 *
 * `Espruino` is one running interpreter in a folder of its own (Storage lives in
 * ./espruino.flash there): evaluate console expressions, cut the power (SIGKILL; a restart
 * in the same folder boots from the same flash), read its CPU time.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Profile } from "../../hardware/profile";
import { loadProfile } from "../../hardware/validate";
import { gameFile } from "../../src/toy/midend";
import { DEFAULT_PROFILE, type GameBundle, profilePins, storageFiles, storageModules } from "../build/build";
import { REQUIRED_VERSION, versionAtLeast } from "../flash/flash-protocol";
import { pretokenise } from "../build/pretokenise";

export function espruinoBin(): string | undefined {
  const bin = process.env.ESPRUINO_BIN;
  return bin && bin.length > 0 ? bin : undefined;
}

/** What an interpreter variable must name, for the one-line error (the release the image is made for, as on a board). */
const EXPECTED = `an Espruino ${REQUIRED_VERSION} or later interpreter built for Linux (docs/espruino.md says how to build one)`;

/**
 * How long an interpreter has to boot and answer the version handshake: it answers in under
 * 0.1 s on a quiet machine; the margin is for a machine many times oversubscribed, as for boot.
 */
export const HANDSHAKE_MS = 20_000;

/**
 * ESPRUINO_BIN (or ESPRUINO_BIN64, ESPRUINO_BIN_LARGE) that is not a working interpreter. Its
 * message is one line naming the variable, the path, what is wrong and what is expected; it
 * carries no stack, so a test runner or a script shows just that line.
 */
export class EspruinoBinError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EspruinoBinError";
    this.stack = message;
  }
}

/** The variable that names `bin` (for the message), or "the interpreter" when none does. */
function variableOf(bin: string): string {
  for (const v of ["ESPRUINO_BIN", "ESPRUINO_BIN64", "ESPRUINO_BIN_LARGE"]) if (process.env[v] === bin) return `${v}=${bin}`;
  return `the interpreter ${bin}`;
}

/**
 * Checks that `bin` is an Espruino interpreter for Linux of REQUIRED_VERSION or later: the
 * file exists, is a regular file this user may run, and when started answers a console line
 * with its version within `timeoutMs`. Resolves with the version; rejects with an
 * EspruinoBinError. Checked once per path and process (later calls share the answer).
 */
export function checkEspruino(bin: string, timeoutMs = HANDSHAKE_MS): Promise<string> {
  let known = checked.get(bin);
  if (!known) {
    known = handshake(bin, timeoutMs);
    checked.set(bin, known);
  }
  return known;
}

const checked = new Map<string, Promise<string>>();

async function handshake(bin: string, timeoutMs: number): Promise<string> {
  const wrong = (what: string) => new EspruinoBinError(`${variableOf(bin)} ${what}; expected ${EXPECTED}`);
  let kind: string;
  try {
    const st = statSync(bin);
    kind = st.isFile() ? "file" : st.isDirectory() ? "folder" : "special file";
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw wrong(code === "ENOENT" || code === "ENOTDIR" ? "does not exist" : `cannot be read (${code})`);
  }
  if (kind !== "file") throw wrong(`is a ${kind}, not a program`);
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    throw wrong("is not executable for this user (chmod +x it?)");
  }
  const dir = freshFlashDir();
  try {
    return await new Promise<string>((resolve, reject) => {
      const child = spawn(bin, [], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
      let out = "";
      let settled = false;
      const finish = (err: EspruinoBinError | null, version = "") => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.kill("SIGKILL");
        if (err) reject(err);
        else resolve(version);
      };
      const timer = setTimeout(() => finish(wrong(`did not answer a console line within ${timeoutMs / 1000} s`)), timeoutMs);
      const take = (d: Buffer) => {
        // Only the tail matters; an endless stream of output must not pile up here.
        out = (out + d.toString("latin1")).slice(-4096);
        // Built at run time: the console's echo of the line sent never matches.
        const m = /<<ESPRUINO (\d+v\d+[.\d]*)>>/.exec(out);
        if (!m) return;
        if (!versionAtLeast(m[1], REQUIRED_VERSION)) finish(wrong(`is Espruino ${m[1]}, too old`));
        else finish(null, m[1]);
      };
      child.stdout!.on("data", take);
      child.stderr!.on("data", take);
      child.stdin!.on("error", () => undefined);
      child.on("error", (e: NodeJS.ErrnoException) => finish(wrong(`cannot be started (${e.code ?? e.message})`)));
      child.on("close", (code, signal) => finish(wrong(`exited (${signal ?? "status " + code}) without answering`)));
      child.stdin!.write('print("<<ESPRUINO "+process.version+">>")\n');
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * For a script's main(): a rejection handler that ends the script with the EspruinoBinError's
 * one line (prefixed by the script's name) and exit status 2, and rethrows anything else.
 *
 *   main(argv).then((code) => (process.exitCode = code), exitOnBadEspruino("speed"));
 */
export function exitOnBadEspruino(script: string): (e: unknown) => void {
  return (e) => {
    if (!(e instanceof EspruinoBinError)) throw e;
    process.stderr.write(`${script}: ${e.message}\n`);
    process.exitCode = 2;
  };
}

/**
 * A toy's image as `npm run flash` puts it on a board: the bundle (run at power-on as .bootcde)
 * and its Storage modules (build.ts storageModules: Magic Square, the games), each file's text
 * by its name.
 */
export interface ToyImage {
  code: string;
  files: Record<string, string>;
}

/**
 * A profile's bundle from ESPRUINO_BUNDLE_DIR (laid out as dist/: firmware.js for the default
 * profile, NAME/firmware.js for the others), or undefined when it is not set: to measure or test
 * firmware built elsewhere instead of building it here.
 */
export function prebuiltBundle(name: string): string | undefined {
  return prebuiltImage(name)?.code;
}

/** prebuiltBundle's image: the bundle and the Storage modules beside it. */
export function prebuiltImage(name: string): ToyImage | undefined {
  const dir = process.env.ESPRUINO_BUNDLE_DIR;
  if (!dir) return undefined;
  const file = name === DEFAULT_PROFILE ? join(dir, "firmware.js") : join(dir, name, "firmware.js");
  const files: Record<string, string> = {};
  for (const m of storageModules(loadProfile(name))) {
    const path = join(dirname(file), gameFile(m.name));
    if (existsSync(path)) files[gameFile(m.name)] = readFileSync(path, "utf8");
  }
  return { code: readFileSync(file, "utf8"), files };
}

/** The image of a profile as built (buildFirmware's result). */
export function builtImage(r: { code: string; games?: GameBundle[] }): ToyImage {
  return { code: r.code, files: storageFiles(r.games ?? []) };
}

/** The highest pin number of the Linux build (D0…D32). */
const LINUX_MAX_PIN = 32;

/**
 * The `.boot0` of a profile on the Linux interpreter: its pin names that the Linux build lacks
 * become variables holding free Linux pins (names it has, D0…D32, are left alone), a no-op
 * setDeepSleep where there is none, a neopixel module that sends nothing for pixel boards, and
 * for ESP32 boards the ESP32 class and Wifi module the firmware turns the radio off with.
 */
export function linuxPrelude(p: Profile): string {
  const pins = profilePins(p);
  const native = (name: string) => /^D\d+$/.test(name) && Number(name.slice(1)) <= LINUX_MAX_PIN;
  const used = new Set(pins.filter(native));
  let next = 0;
  let s = "";
  for (const pin of pins) {
    if (native(pin)) continue;
    while (used.has("D" + next)) next++;
    used.add("D" + next);
    s += `var ${pin}=D${next};`;
  }
  // The Linux build has no neopixel module: a stand-in that sends nothing (its native write is
  // hardware-timed on the board).
  if (p.leds.drive === "neopixel") s += 'Modules.addCached("neopixel","exports.write=function(){}");';
  // Nor an ESP32 class or Wifi module (firmware/radio.ts): stand-ins that record the calls in
  // ESP32.calls, so a test sees the boot code reach them; their effect on a radio needs an ESP32.
  if (p.chip === "esp32") {
    s += 'global.ESP32={calls:"",getState:function(){return{BLE:true,Wifi:true}}};';
    s += `Modules.addCached("Wifi","exports.disconnect=function(){ESP32.calls+='disconnect,'};exports.stopAP=function(){ESP32.calls+='stopAP,'}");`;
  }
  return s + 'if(typeof setDeepSleep==="undefined")global.setDeepSleep=function(){};\n';
}

/**
 * The longest console line Espruino.eval sends. The Linux build reads stdin on a thread of its
 * own into a 1024-byte event queue, and stops reading when it is half full; a longer line is
 * then read while the interpreter takes events out, and that race has corrupted the queue
 * (`ASSERT(len <= 64) FAILED AT src/jsdevices.c:591`, the interpreter dies).
 */
export const MAX_LINE = 450;

/** What the interpreter printed before it died (the dump of every variable it prints on exit cut off). */
export function lastWords(output: string): string {
  const dump = output.search(/\n\s*#\d+\[r\d+,l\d+\]/);
  return output.slice(Math.max(0, (dump < 0 ? output.length : dump) - 1200), dump < 0 ? undefined : dump);
}

/** Thrown by Espruino.eval when the expression threw on the interpreter. */
export class EspruinoError extends Error {}

export interface EspruinoOptions {
  /** Start the telnet server (127.0.0.1:2323; the port is fixed in the Linux build). */
  telnet?: boolean;
  /** The console password to type after boot (a profile that locks its console). */
  password?: string | null;
  /** false: turn the console's echo off (echo(0)) once booted — less output to scan. Default true. */
  echo?: boolean;
  /** How long to wait for the interpreter to boot and answer, ms. Default 20000. */
  bootTimeoutMs?: number;
}

/** One running interpreter, its Storage in `dir`/espruino.flash. */
export class Espruino {
  /** Everything it printed (stdout and stderr, \r removed). */
  output = "";
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;
  private seq = 0;
  private waiters: (() => void)[] = [];
  private dead = false;

  private constructor(readonly bin: string, readonly dir: string, telnet: boolean) {
    this.child = spawn(bin, telnet ? ["--telnet"] : [], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
    const take = (d: Buffer) => {
      this.output += d.toString("latin1").replace(/\r/g, "");
      const w = this.waiters;
      this.waiters = [];
      for (const f of w) f();
    };
    this.child.stdout!.on("data", take);
    this.child.stderr!.on("data", take);
    // Writes to a killed interpreter are dropped, not thrown.
    this.child.stdin!.on("error", () => undefined);
    // A program that cannot be started (checkEspruino says why before this is tried) closes at once.
    this.child.on("error", (e) => void (this.output += `\n${bin}: ${e.message}\n`));
    this.exited = new Promise((resolve) => {
      this.child.on("close", (code) => {
        this.dead = true;
        const w = this.waiters;
        this.waiters = [];
        for (const f of w) f();
        resolve(code);
      });
    });
  }

  /**
   * Starts an interpreter in `dir` (it boots whatever its flash holds; the path is checked
   * first, see checkEspruino, so a wrong one is one line at once) and waits until its
   * console answers. A profile's password is typed first when given.
   */
  static async start(bin: string, dir: string, opts: EspruinoOptions = {}): Promise<Espruino> {
    await checkEspruino(bin);
    const e = new Espruino(bin, dir, opts.telnet === true);
    try {
      if (opts.password) e.send(opts.password + "\n");
      if (opts.echo === false) e.send("echo(0)\n");
      await e.eval("1", opts.bootTimeoutMs ?? 20000);
    } catch (err) {
      await e.kill();
      throw err;
    }
    return e;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** Types raw text on the console. */
  send(text: string): void {
    if (!this.dead) this.child.stdin!.write(text);
  }

  /** Waits until `pred(output)` holds (checked whenever output arrives), or throws after timeoutMs. */
  async waitFor(pred: (out: string) => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pred(this.output)) {
      if (this.dead) throw new Error(`the interpreter exited while waiting for ${what}:\n${lastWords(this.output)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} from the interpreter within ${timeoutMs} ms:\n${this.output.slice(-1500)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /**
   * Evaluates `expr` on the interpreter's console and returns its value through JSON
   * (undefined stays undefined). Throws EspruinoError with the interpreter's message when
   * the expression throws. The markers are built at run time, so the console's echo of the
   * input never matches them.
   */
  async eval(expr: string, timeoutMs = 20000): Promise<unknown> {
    const n = ++this.seq;
    const ok = `<<R${n}>>`;
    const bad = `<<E${n}>>`;
    const from = this.output.length;
    const text = `try{print("<<R"+${n}+">>"+JSON.stringify([(${expr})]))}catch(e){print("<<E"+${n}+">>"+String(e).replace(/\\n/g," "))}\n`;
    if (text.length > MAX_LINE) throw new Error(`console line of ${text.length} characters (at most ${MAX_LINE}): ${expr.slice(0, 80)}…`);
    this.send(text);
    const line = (marker: string) => {
      const i = this.output.indexOf(marker, from);
      if (i < 0) return null;
      const end = this.output.indexOf("\n", i);
      return end < 0 ? null : this.output.slice(i + marker.length, end);
    };
    // Running out of memory interrupts the line without an exception: no marker comes.
    let interruptedAt = 0;
    await this.waitFor(
      (out) => {
        if (line(ok) !== null || line(bad) !== null) return true;
        if (!interruptedAt && out.indexOf("Execution Interrupted", from) >= 0) interruptedAt = Date.now();
        return interruptedAt > 0 && Date.now() - interruptedAt > 300;
      },
      timeoutMs,
      `answer to ${expr.slice(0, 80)}`,
    );
    const r = line(ok);
    if (r === null && line(bad) === null) throw new EspruinoError("Execution Interrupted (out of memory?): " + this.output.slice(from, from + 400));
    if (r === null) throw new EspruinoError(line(bad) ?? "");
    return (JSON.parse(r) as unknown[])[0];
  }

  /** Writes `data` (bytes as a latin1 string) to a Storage file, in base64 pieces the console takes. */
  async writeFile(name: string, data: string): Promise<void> {
    // 180 bytes are 240 base64 characters: the line stays within MAX_LINE.
    const CHUNK = 180;
    const b64 = (s: string) => JSON.stringify(Buffer.from(s, "latin1").toString("base64"));
    for (let i = 0; i < data.length || i === 0; i += CHUNK) {
      const piece = b64(data.slice(i, i + CHUNK));
      const size = i === 0 ? `,0,${data.length}` : `,${i}`;
      const okWrite = await this.eval(`require("Storage").write(${JSON.stringify(name)},atob(${piece})${size})`);
      if (okWrite !== true) throw new Error(`Storage.write(${name}) at ${i} failed`);
    }
  }

  /** CPU time the interpreter has used so far, ms (the kernel's scheduler account, /proc/PID/sched). */
  cpuMs(): number {
    const sched = readFileSync(`/proc/${this.pid}/sched`, "utf8");
    const m = /se\.sum_exec_runtime\s*:\s*([\d.]+)/.exec(sched);
    if (m) return Number(m[1]);
    const stat = readFileSync(`/proc/${this.pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  }

  /** Power cut: SIGKILL (the interpreter ignores SIGTERM), then wait for it to be gone. */
  async kill(): Promise<void> {
    if (!this.dead) this.child.kill("SIGKILL");
    await this.exited;
  }
}

/** A fresh folder for an interpreter's flash. */
export function freshFlashDir(): string {
  return mkdtempSync(join(tmpdir(), "merlin-espruino-"));
}

/**
 * How the bundle is stored as .bootcde: "tokens", pretokenised as `npm run flash` writes it;
 * "text", the readable bundle; "literals", pretokenised with raw integer and string tokens too
 * (measured, not flashed: see pretokenise.ts).
 */
export type CodeForm = "tokens" | "text" | "literals";

/** The bytes of .bootcde for a bundle, as a latin1 string (one character a byte). */
export function bootImage(bundle: string, form: CodeForm = "tokens"): string {
  if (form === "text") return Buffer.from(bundle, "utf8").toString("latin1");
  return pretokenise(bundle, form === "literals" ? { ints: true, strings: true } : {}).toString("latin1");
}

/**
 * Puts a profile's `.boot0`, the toy's Storage modules and its bundle (as .bootcde; all
 * pretokenised unless `form` is "text") into the flash in `dir`, as `npm run flash` would on a
 * board (plus the pin aliases), with an interpreter that is then ended. Returns nothing; throws
 * if the image did not read back whole.
 */
export async function flashToy(bin: string, dir: string, p: Profile, toy: ToyImage, form: CodeForm = "tokens"): Promise<void> {
  const e = await Espruino.start(bin, dir);
  try {
    const image = bootImage(toy.code, form);
    await e.writeFile(".boot0", linuxPrelude(p));
    for (const name of Object.keys(toy.files)) await e.writeFile(name, bootImage(toy.files[name], form));
    await e.writeFile(".bootcde", image);
    const back = await e.eval('[require("Storage").read(".bootcde").length,E.CRC32(require("Storage").read(".bootcde"))]');
    const { crc32 } = await import("node:zlib");
    const want = [image.length, crc32(Buffer.from(image, "latin1"))];
    if (JSON.stringify(back) !== JSON.stringify(want)) throw new Error(`.bootcde reads back as ${JSON.stringify(back)}, wrote ${JSON.stringify(want)}`);
  } finally {
    await e.kill();
  }
}

/**
 * JsVars the profile's `.boot0` (the Linux pin aliases) costs on its own: usage of an
 * interpreter booted with it, minus one booted without it. Firmware usage is reported net of it.
 */
export async function preludeCost(bin: string, p: Profile): Promise<number> {
  const dir = freshFlashDir();
  try {
    let e = await Espruino.start(bin, dir);
    let without: number;
    try {
      without = (await e.eval("process.memory().usage")) as number;
      await e.writeFile(".boot0", linuxPrelude(p));
    } finally {
      await e.kill();
    }
    e = await Espruino.start(bin, dir);
    try {
      return ((await e.eval("process.memory().usage")) as number) - without;
    } finally {
      await e.kill();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface BootRun {
  /** Lines printed with the marker `@@ ` by the script, without the marker. */
  results: string[];
  /** Everything the interpreter printed. */
  output: string;
}

/**
 * Flashes the toy's image (with the Linux .boot0), boots it in a fresh interpreter and runs
 * `script` (Espruino JS) `delayMs` after boot; the script reports with print("@@ "+…).
 */
export async function bootAndRun(bin: string, p: Profile, toy: ToyImage, script: string, delayMs: number, runMs: number): Promise<BootRun> {
  const dir = freshFlashDir();
  try {
    await flashToy(bin, dir, p, toy);
    const e = await Espruino.start(bin, dir, { password: p.consolePassword ?? null });
    try {
      await new Promise((r) => setTimeout(r, delayMs));
      const from = e.output.length;
      await e.eval(`(function(){${script}})()`, runMs);
      const output = e.output.slice(from);
      const results: string[] = [];
      for (const line of output.split("\n")) {
        const i = line.indexOf("@@ ");
        if (i >= 0 && !line.includes("<<R")) results.push(line.slice(i + 3));
      }
      return { results, output: e.output };
    } finally {
      await e.kill();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

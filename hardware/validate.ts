/**
 * validateProfile: turns untrusted JSON into a Profile or throws a one-line ProfileError
 * naming the profile, the pin and the rule. Checks run from shape to electrics, so a
 * message is always about the first thing to fix.
 */
import { BOARD_IDS, BOARDS, REFUSED_BOARDS, findPin, findReserved, generalPins, isBoardId, type Board } from "./boards.js";
import { brightnessCap, hasPixels, ledDesign, suppliedV, ledHeadroomV, pinLoads, pixelDesign, totalPinLoadMa, type PixelProfile } from "./design.js";
import { ProfileError } from "./errors.js";
import { LED, LEVEL_SHIFTER, NPN, PIXEL, PNP } from "./parts.js";
import type { Profile } from "./profile.js";
import { GAME_MODULES } from "../src/toy/games/index.js";
import { BUTTON_ORDER, pinRoles, type PinRole } from "./roles.js";

export { ProfileError } from "./errors.js";
export { hardwareDir, listProfiles, loadAllProfiles, loadProfile, profilesDir } from "./load.js";

const TOP_FIELDS = [
  "name", "description", "board", "chip", "rows", "cols", "keys", "leds", "piezo",
  "buttons", "consolePassword", "consoleMoved", "vcc", "games",
];
/** Merlin's games besides Magic Square, as a profile's "games" names them: the list of games. */
const GAME_NAMES = GAME_MODULES.map((m) => m.name);
const KEY_FIELDS = ["rowPins", "colPins", "diodes"];
const DIRECT_FIELDS = ["drive", "pins", "activeHigh", "transistors", "currentMa"];
const NEOPIXEL_FIELDS = ["drive", "pin", "brightness", "levelShift"];
const LEVEL_SHIFTS = ["74AHCT125", "none"];
const NAME_RE = /^[a-z0-9][a-z0-9-]*$/;
const MIN_SIZE = 2;
const MAX_SIZE = 8;

type Json = Record<string, unknown>;

function isObject(x: unknown): x is Json {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function fmt(ma: number): string {
  return String(Math.round(ma * 100) / 100);
}

export function validateProfile(input: unknown): Profile {
  if (!isObject(input)) throw new ProfileError("profile: expected a JSON object with name, board, rows, cols, keys, leds, piezo, vcc");
  const name = input.name;
  if (typeof name !== "string" || !NAME_RE.test(name)) {
    throw new ProfileError(`profile: "name" must be lower-case letters, digits and dashes (like "pico-3x3"), got ${JSON.stringify(name)}`);
  }
  const fail = (msg: string): never => {
    throw new ProfileError(`profile "${name}": ${msg}`);
  };

  checkShape(input, fail);
  const p = input as unknown as Profile;
  const board = BOARDS[p.board as keyof typeof BOARDS];
  checkCounts(p, fail);
  checkPins(p, board, fail);
  checkElectrics(p, board, fail);
  return p;
}

function checkFields(obj: Json, accepted: string[], where: string, fail: (m: string) => never): void {
  for (const key of Object.keys(obj)) {
    if (!accepted.includes(key)) fail(`unknown field ${where}"${key}"; accepted: ${accepted.join(", ")}`);
  }
}

function checkPinList(x: unknown, field: string, fail: (m: string) => never): void {
  if (!Array.isArray(x) || !x.every((s) => typeof s === "string" && s.length > 0)) {
    fail(`"${field}" must be an array of pin names like "B15"`);
  }
}

function checkShape(p: Json, fail: (m: string) => never): void {
  checkFields(p, TOP_FIELDS, "", fail);
  if (typeof p.description !== "string" || p.description.trim() === "") fail(`"description" must be a non-empty string`);
  const refused = typeof p.board === "string" ? REFUSED_BOARDS.find((r) => r.match.test(p.board as string)) : undefined;
  if (refused) fail(`board ${JSON.stringify(p.board)}: ${refused.why}`);
  if (!isBoardId(p.board)) fail(`unknown board ${JSON.stringify(p.board)}; accepted: ${BOARD_IDS.join(", ")}`);
  const board = BOARDS[p.board as keyof typeof BOARDS];
  if (p.chip !== board.chip) fail(`chip ${JSON.stringify(p.chip)} does not match board ${board.id}; expected "${board.chip}"`);
  for (const field of ["rows", "cols"] as const) {
    const v = p[field];
    if (typeof v !== "number" || !Number.isInteger(v) || v < MIN_SIZE || v > MAX_SIZE) {
      fail(`"${field}" must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}, got ${JSON.stringify(v)}`);
    }
  }
  if (p.games !== undefined) {
    const g: unknown = p.games;
    const ok = Array.isArray(g) && g.every((n) => GAME_NAMES.includes(n)) && new Set(g).size === g.length;
    if (!ok) fail(`"games" must be a list of distinct game names from ${GAME_NAMES.join(", ")}, got ${JSON.stringify(g)}`);
  }
  if (typeof p.vcc !== "number" || p.vcc < board.vcc.min || p.vcc > board.vcc.max) {
    const range = board.vcc.min === board.vcc.max ? `${board.vcc.min}` : `${board.vcc.min} to ${board.vcc.max}`;
    fail(`"vcc" ${JSON.stringify(p.vcc)} V is outside what ${board.id} pins run at; accepted: ${range} V`);
  }

  if (!isObject(p.keys)) fail(`"keys" must be an object with rowPins, colPins and diodes`);
  const keys = p.keys as Json;
  checkFields(keys, KEY_FIELDS, "keys.", fail);
  checkPinList(keys.rowPins, "keys.rowPins", fail);
  checkPinList(keys.colPins, "keys.colPins", fail);
  if (typeof keys.diodes !== "boolean") fail(`"keys.diodes" must be true or false`);

  if (!isObject(p.leds)) fail(`"leds" must be an object with "drive": "direct" or "neopixel"`);
  const leds = p.leds as Json;
  if (leds.drive === "direct") {
    checkFields(leds, DIRECT_FIELDS, "leds.", fail);
    checkPinList(leds.pins, "leds.pins", fail);
    if (typeof leds.activeHigh !== "boolean") fail(`"leds.activeHigh" must be true or false`);
    if (typeof leds.transistors !== "boolean") fail(`"leds.transistors" must be true or false`);
  } else if (leds.drive === "matrix") {
    fail(
      `"leds.drive": "matrix" is no longer built: LED rows multiplexed by JS timers need 0.78 ms of CPU every 1.25 ms on the ` +
        `reference interpreter, which a Pico (25–45× slower) cannot hold; use "neopixel" (WS2812B pixels on one data pin)`,
    );
  } else if (leds.drive === "neopixel") {
    checkFields(leds, NEOPIXEL_FIELDS, "leds.", fail);
    if (typeof leds.pin !== "string" || leds.pin === "") fail(`"leds.pin" must be the pixels' data pin, like "A7"`);
    const b = leds.brightness;
    if (typeof b !== "number" || !Number.isInteger(b) || b < 1 || b > 255) {
      fail(`"leds.brightness" must be a whole number from 1 to 255 (the largest byte written on a colour channel), got ${JSON.stringify(b)}`);
    }
    if (!LEVEL_SHIFTS.includes(leds.levelShift as string)) {
      fail(`"leds.levelShift" must be ${LEVEL_SHIFTS.map((x) => JSON.stringify(x)).join(" or ")}, got ${JSON.stringify(leds.levelShift)}`);
    }
  } else {
    fail(`"leds.drive" must be "direct" or "neopixel", got ${JSON.stringify(leds.drive)}`);
  }
  if (leds.drive !== "neopixel" && (typeof leds.currentMa !== "number" || !(leds.currentMa > 0) || leds.currentMa > LED.maxMa)) {
    fail(`"leds.currentMa" must be above 0 and at most ${LED.maxMa} mA (the LED's continuous rating), got ${JSON.stringify(leds.currentMa)}`);
  }

  if (typeof p.piezo !== "string" || p.piezo === "") fail(`"piezo" must be a pin name like "B9"`);
  if (p.buttons !== undefined) {
    if (!isObject(p.buttons)) fail(`"buttons" must be an object mapping ${BUTTON_ORDER.join(", ")} to pins`);
    const buttons = p.buttons as Json;
    checkFields(buttons, [...BUTTON_ORDER], "buttons.", fail);
    for (const [key, pin] of Object.entries(buttons)) {
      if (typeof pin !== "string" || pin === "") fail(`"buttons.${key}" must be a pin name like "A10"`);
    }
  }
  if (p.consoleMoved !== undefined && typeof p.consoleMoved !== "boolean") fail(`"consoleMoved" must be true or false`);
  if (p.consolePassword !== undefined && (typeof p.consolePassword !== "string" || p.consolePassword === "")) {
    fail(`"consolePassword" must be a non-empty string`);
  }
  if (board.chip === "nrf52" && p.consolePassword === undefined) {
    fail(`Bluetooth board ${board.id} needs "consolePassword" (E.setPassword + E.lockConsole), else anyone in range can reprogram the toy`);
  }
}

function checkCounts(p: Profile, fail: (m: string) => never): void {
  if (p.keys.rowPins.length !== p.rows) fail(`keys.rowPins has ${p.keys.rowPins.length} pins but rows is ${p.rows}; give one pin per key row`);
  if (p.keys.colPins.length !== p.cols) fail(`keys.colPins has ${p.keys.colPins.length} pins but cols is ${p.cols}; give one pin per key column`);
  if (p.leds.drive === "direct" && p.leds.pins.length !== p.rows * p.cols) {
    fail(`leds.pins has ${p.leds.pins.length} pins but a direct-drive ${p.rows}×${p.cols} board needs rows*cols = ${p.rows * p.cols}, one per LED`);
  }
}

function checkPins(p: Profile, board: Board, fail: (m: string) => never): void {
  const roles = pinRoles(p);
  const firstUse = new Map<string, PinRole>();
  for (const role of roles) {
    const pin = findPin(board, role.pin);
    const where = `pin ${role.pin} (${role.label})`;
    if (!pin) {
      const reserved = findReserved(board, role.pin);
      if (reserved) fail(`${where} is reserved on ${board.id}: ${reserved.reason}; usable pins: ${generalPins(board).join(" ")}`);
      fail(`${where} does not exist on ${board.id}; usable pins: ${generalPins(board).join(" ")}`);
    }
    if (pin.offHeader) fail(`${where} cannot be reached on the ${board.title}: it is ${pin.offHeader}; usable pins: ${generalPins(board).join(" ")}`);
    if (pin.bootLow && pullsHighAtReset(p, role)) {
      fail(
        `${where} is ${pin.bootLow}, but ${role.kind === "led" && p.leds.drive === "direct" && p.leds.transistors ? "a PNP transistor's base" : "an active-low LED"} ` +
          `pulls it towards 3.3 V; use it for an active-high LED, a key row or the piezo, or use another pin`,
      );
    }
    const earlier = firstUse.get(role.pin);
    if (earlier) fail(`pin ${role.pin} is used twice: ${earlier.label} and ${role.label}; each pin can have one role`);
    firstUse.set(role.pin, role);

    if (pin.console && !p.consoleMoved) fail(`${where} breaks the console rule: ${board.consoleRule}`);
    if (pin.inputOnly) {
      if (role.pullup) {
        fail(`${where} is input-only without pull-ups on ${board.id} (GPIO34–39), but key columns and buttons are read through a pull-up; use another pin`);
      }
      fail(`${where} is input-only on ${board.id} (GPIO34–39) and cannot drive an output; use another pin`);
    }
    if (role.pwm && !pin.pwm) {
      const pwmPins = board.pins.filter((x) => x.pwm && !x.console).map((x) => x.name);
      fail(`${where} has no hardware PWM on ${board.id}, which piezo tones need; PWM pins: ${pwmPins.join(" ")}`);
    }
  }

  if (p.leds.drive === "neopixel") {
    const np = board.neopixel;
    const pin = p.leds.pin;
    if (!np) fail(`pin ${pin} (pixel data): WS2812 pixels are set up for ${BOARD_IDS.filter((id) => BOARDS[id].neopixel).join(", ")} only in this project (their data pins and 5 V supply are checked there), not ${board.id}`);
    if (!np.dataPins.includes(pin)) {
      fail(`pin ${pin} (pixel data) cannot carry require("neopixel").write on ${board.id}: ${np.dataPinRule}; use one of ${np.dataPins.join(" ")}`);
    }
  }

  if (board.watchSharesPinNumber) {
    const watchedByNumber = new Map<number, PinRole>();
    for (const role of roles.filter((r) => r.watched)) {
      const number = findPin(board, role.pin)!.number;
      const other = watchedByNumber.get(number);
      if (other) {
        fail(
          `pins ${other.pin} (${other.label}) and ${role.pin} (${role.label}) are both watched but share pin number ${number}; ` +
            `${board.id} cannot setWatch two pins with the same number, so move one to a pin with another number`,
        );
      }
      watchedByNumber.set(number, role);
    }
  }
}

/** True when the role's circuit pulls its pin towards 3.3 V while the chip is in reset. */
function pullsHighAtReset(p: Profile, role: PinRole): boolean {
  // An active-low LED hangs from 3.3 V; a PNP's base sits one V_BE below 3.3 V. Key rows and
  // columns only meet other pins, the piezo is a capacitor, and buttons and key columns get
  // their pull-up from the firmware, after reset.
  return role.kind === "led" && p.leds.drive === "direct" && !p.leds.activeHigh;
}

function checkElectrics(p: Profile, board: Board, fail: (m: string) => never): void {
  if (hasPixels(p)) return checkPixels(p, board, fail);
  const headroom = ledHeadroomV(p);
  if (headroom < 0.3) {
    fail(`vcc ${p.vcc} V leaves ${fmt(headroom)} V for the LED resistor after the ${LED.forwardV} V red LED and transistor drop; at least 0.3 V is needed`);
  }
  const direct = p.leds.drive === "direct" && !p.leds.transistors;
  const remedy = direct ? `lower "leds.currentMa" or declare "transistors": true` : `lower "leds.currentMa"`;
  for (const load of pinLoads(p, board)) {
    if (load.ma > board.current.perPinMa) {
      fail(`pin ${load.pin} (${load.label}) would carry ${fmt(load.ma)} mA (${load.what}) but ${board.id} allows ${board.current.perPinMa} mA per pin; ${remedy}`);
    }
  }
  const total = totalPinLoadMa(p, board);
  if (total > board.current.totalMa) {
    fail(
      `all pins together would carry ${fmt(total)} mA with every LED lit and a tone playing, but ${board.id} allows ` +
        `${board.current.totalMa} mA for all pins; ${remedy}`,
    );
  }
  const transistor = ledDesign(p).transistor;
  if (transistor) {
    const part = transistor.type === "NPN" ? NPN : PNP;
    if (transistor.collectorMa > part.maxMa) {
      fail(`each ${part.example} would switch ${fmt(transistor.collectorMa)} mA, above its ${part.maxMa} mA rating; lower "leds.currentMa"`);
    }
  }
}

/** Pixels: a data level they read as high, a supply they run on, and a USB budget that holds. */
function checkPixels(p: PixelProfile, board: Board, fail: (m: string) => never): void {
  const d = pixelDesign(p, board);
  if (d.supplyV < PIXEL.vddMin || d.supplyV > PIXEL.vddMax) {
    fail(`the pixels' supply ${d.supplyPin} is ${d.supplyV} V, outside the WS2812B's ${PIXEL.vddMin}–${PIXEL.vddMax} V`);
  }
  if (p.leds.levelShift === "74AHCT125") {
    if (d.supplyV < LEVEL_SHIFTER.vccMin - 0.5) {
      fail(`the 74AHCT125 would run from ${d.supplyPin} at ${d.supplyV} V, too far below its ${LEVEL_SHIFTER.vccMin} V minimum`);
    }
    if (d.pinHighV < LEVEL_SHIFTER.vih) {
      fail(`pin ${p.leds.pin} (pixel data) is high at ${fmt(d.pinHighV)} V, below the 74AHCT125's ${LEVEL_SHIFTER.vih} V input threshold`);
    }
  } else if (d.pinHighV < d.vihV) {
    fail(
      `pin ${p.leds.pin} (pixel data) is only guaranteed ${fmt(d.pinHighV)} V high (vcc − 0.4 V), but WS2812B pixels at ${d.supplyV} V ` +
        `need ${fmt(d.vihV)} V (0.7·VDD); set "levelShift": "74AHCT125"`,
    );
  }
  const worst = board.power.runMa + d.allLitMa;
  const cap = brightnessCap(p, board);
  if (worst > d.usbMa) {
    fail(
      `${d.count} pixels at brightness ${p.leds.brightness} on every channel would draw ${fmt(d.allLitMa)} mA, ${fmt(worst)} mA with the board, ` +
        `over the ${d.usbMa} mA USB gives; lower "leds.brightness" to at most ${cap.most}`,
    );
  }
  if (p.leds.brightness > cap.bySag) {
    fail(
      `${d.count} pixels at brightness ${p.leds.brightness} would draw ${fmt(worst)} mA and sag ${d.supplyPin} to ${fmt(suppliedV(board, worst))} V, ` +
        `below the ${board.neopixel!.loadedV[0]} V the 74AHCT125 and the pixels are planned for; lower "leds.brightness" to at most ${cap.most}`,
    );
  }
  const loads = pinLoads(p, board);
  for (const load of loads) {
    if (load.ma > board.current.perPinMa) {
      fail(`pin ${load.pin} (${load.label}) would carry ${fmt(load.ma)} mA (${load.what}) but ${board.id} allows ${board.current.perPinMa} mA per pin`);
    }
  }
}

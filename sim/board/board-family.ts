/**
 * What the simulator needs to know about each Espruino board: valid pin names, on-board LED and
 * button aliases, the JsVar budget, the Storage area size. Values from the Espruino board
 * files (boards/*.py in the Espruino repository) and docs/espruino.md. The boards are those of
 * hardware/boards.ts, and the facts it already holds (chip, input-only pins, watch lines
 * shared by pin number) are read from there.
 */
import { type BoardId, BOARDS, isBoardId } from "../../hardware/boards";
import type { Chip } from "../../hardware/profile";
import type { PinMode } from "./pin-modes";

export interface OnBoardButton {
  name: string;
  pin: string;
  /** Level the pin reads while the button is pressed (BTN1 on Pico and nRF52 boards goes to VCC). */
  pressedLevel: 0 | 1;
}

export interface BoardFamily {
  /** The `espruino --board` id. */
  board: string;
  chip: Chip;
  /** Every GPIO name that exists as a global on this board. */
  pins: readonly string[];
  /** Extra globals naming a GPIO (LED1 → B2 on the Pico). */
  aliases: Readonly<Record<string, string>>;
  buttons: readonly OnBoardButton[];
  /** Pin modes at power-on that differ from `defaultMode` (BTN1's pull-down). */
  bootModes: Readonly<Record<string, PinMode>>;
  /** Mode of every other pin at power-on ("analog" on STM32, disconnected input elsewhere). */
  defaultMode: PinMode;
  /** The interpreter's variable budget (process.memory().total). */
  jsVars: number;
  /** Bytes per JsVar, as process.memory().blocksize reports. */
  blockSize: number;
  /** Bytes in the Storage (saved code) flash area. */
  storageBytes: number;
  /** Pins that can only be inputs and have no internal pulls (ESP32 GPIO 34–39): outputs and pulls do nothing. */
  inputOnlyPins: readonly string[];
  /** STM32 EXTI lines are shared by pin number: A0 and B0 cannot both be watched. */
  watchLinesByNumber: boolean;
  /** A USB global (USB.setConsole) exists. */
  hasUsb: boolean;
  /** What process.env.BOARD says. */
  envBoard: string;
}

function range(prefix: string, from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = from; i <= to; i++) out.push(prefix + i);
  return out;
}

const STM32_PINS = [...range("A", 0, 15), ...range("B", 0, 15), ...range("C", 0, 15)];

/** What only the simulator needs; the chip and the pin rules come from hardware/boards.ts. */
type SimFacts = Omit<BoardFamily, "board" | "chip" | "inputOnlyPins" | "watchLinesByNumber">;

const SIM_FACTS: Record<BoardId, SimFacts> = {
  PICO: {
    pins: STM32_PINS,
    aliases: { LED1: "B2", LED2: "B12", BTN1: "C13", BTN: "C13" },
    buttons: [{ name: "BTN1", pin: "C13", pressedLevel: 1 }],
    bootModes: { C13: "input_pulldown" },
    defaultMode: "analog",
    jsVars: 5100,
    blockSize: 16,
    storageBytes: 3 * 16384,
    hasUsb: true,
    envBoard: "PICO_R1_3",
  },
  MDBT42Q: {
    pins: range("D", 0, 31),
    // boards/MDBT42Q.py declares LED1 and BTN1 only: the breakout's green LED has no global.
    aliases: { LED1: "D1", BTN1: "D0", BTN: "D0" },
    buttons: [{ name: "BTN1", pin: "D0", pressedLevel: 1 }],
    bootModes: { D0: "input_pulldown" },
    defaultMode: "input",
    jsVars: 2950,
    blockSize: 13,
    storageBytes: 10 * 4096,
    hasUsb: false,
    envBoard: "MDBT42Q",
  },
  ESP32: {
    pins: range("D", 0, 39),
    aliases: { LED1: "D2", BTN1: "D0", BTN: "D0" },
    // The DevKit's BOOT button pulls GPIO0 to ground.
    buttons: [{ name: "BTN1", pin: "D0", pressedLevel: 0 }],
    bootModes: { D0: "input_pullup" },
    defaultMode: "input",
    jsVars: 16383,
    blockSize: 16,
    storageBytes: 224 * 4096,
    hasUsb: false,
    envBoard: "ESP32",
  },
};

function boardFamilyOf(id: BoardId): BoardFamily {
  const b = BOARDS[id];
  return {
    board: id,
    chip: b.chip,
    ...SIM_FACTS[id],
    inputOnlyPins: b.pins.filter((p) => p.inputOnly).map((p) => p.name),
    watchLinesByNumber: b.watchSharesPinNumber,
  };
}

/** The board family for a profile's `board` id; throws naming the accepted ids. */
export function boardFamily(board: string, chip?: Chip): BoardFamily {
  const id = board.toUpperCase();
  if (!isBoardId(id)) {
    throw new Error(`Unknown Espruino board "${board}"; the simulator knows ${Object.keys(BOARDS).join(", ")}`);
  }
  const family = boardFamilyOf(id);
  if (chip && family.chip !== chip) {
    throw new Error(`Board ${family.board} has an ${family.chip} chip, but the profile says "${chip}"`);
  }
  return family;
}

/** Canonical GPIO name for a pin name or alias on this board, or undefined when it does not exist. */
export function canonicalPin(family: BoardFamily, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(family.aliases, name)) return family.aliases[name];
  return family.pins.includes(name) ? name : undefined;
}

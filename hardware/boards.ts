/**
 * What each supported Espruino board offers a Merlin toy: usable pins, current limits,
 * supply and sleep figures, and the pin rules the validator enforces.
 *
 * Sources (checked when this table was written; re-check against your board revision):
 * - Espruino board files boards/PICO_R1_3.py, boards/MDBT42Q.py, boards/ESP32.py
 *   (github.com/espruino/Espruino): pin lists, on-board LEDs/buttons, console pins.
 * - espruino.com/Power+Consumption: Pico run 32 mA, sleep 11 mA, stop 0.02 mA;
 *   nRF52 run 4–8 mA, sleep with timers ("HSE on") ~1 mA, advertising 0.02–0.08 mA.
 * - espruino.com/MDBT42Q: breakout accepts 2.5–16 V, 20 µA while advertising.
 * - ESP-IDF GPIO docs: GPIO6–11 are the SPI flash, GPIO34–39 are input-only without pull-ups;
 *   ESP32-WROOM-32D datasheet: 40 mA source at maximum drive, 1100 mA cumulative absolute max.
 * - STM32F401 datasheet (current characteristics): 20 mA per pin used here against its 25 mA
 *   absolute maximum, 120 mA for all pins; nRF52832 Product Specification: 15 mA for all GPIO.
 * - Espruino's MDBT42Q breakout design (github.com/espruino/EspruinoBoard, MDBT42/eagle/
 *   mdbt42q_breakout.sch and .brd): headers J1 and J2 (1×11) and J3 (1×5) and their GPIOs,
 *   LED2 on D2, the MCP1703T-3302E regulator; espruino.com/MDBT42Q: "0.1" pin header (With
 *   22 GPIO)", the serial console on D8 (printed RX) / D6 (TX), sampled at power-on.
 * - espruino.com/Pico: "2 rows of 9 0.1" pins, with a third 0.05" row of 8 pins on the end".
 * - Espressif ESP32-DevKitC V4 user guide: header blocks J2/J3, GPIO16/17 reserved on WROVER
 *   modules, the power inputs (USB, 5V, 3V3) mutually exclusive.
 * - Espruino libs/neopixel/jswrap_neopixel.c: on STM32 `require("neopixel").write` sends
 *   through the SPI unit whose MOSI the pin is ("No suitable SPI device found for this pin"
 *   otherwise); boards/pins/stm32f401_af.csv: SPI MOSI on the Pico's header is A7 (SPI1),
 *   B5 (SPI1, SPI3) and B15 (SPI2).
 * - espruino.com/Pico: V_OUT is USB 5 V through a Schottky diode (the battery when USB is
 *   unplugged); rev 1v4 has a 500 mA polyfuse on USB.
 */
import type { Chip } from "./profile.js";

export type BoardId = "PICO" | "MDBT42Q" | "ESP32";

export interface BoardPin {
  /** Espruino pin name as typed at the console (B15, D25). */
  name: string;
  /** Pin number within its port; STM32 cannot watch two pins with the same number. */
  number: number;
  /** Hardware PWM, needed for piezo tones (analogWrite with a frequency). */
  pwm: boolean;
  /** Input-only and without internal pull-up/pull-down (ESP32 GPIO34–39). */
  inputOnly?: boolean;
  /** The serial console when USB is unplugged: usable only when the profile moves the console. */
  console?: boolean;
  /** Something a builder should know (strapping pin). */
  note?: string;
  /**
   * Why the pin cannot be reached on this board although the chip has it (only on the module's
   * own pads, or not brought out by the module at all). Such a pin is refused by the validator.
   */
  offHeader?: string;
  /**
   * A strapping pin the chip samples at reset and that must then be low: allowed only in a role
   * whose circuit cannot pull it high (not an active-low LED, not a PNP base).
   */
  bootLow?: string;
}

/** One row of pins on the board, in the order a builder sees them. */
export interface Header {
  /** Short name used in the wiring table ("top edge", "J1"). */
  id: string;
  /** Where it is, for the guide ("long edge opposite the 3.3 V pin"). */
  where: string;
  /** Side of the pinout figure it is drawn on (board seen from the component side). */
  side: "top" | "bottom" | "left" | "right";
  /** Pin pitch, mm: 2.54 (0.1") or 1.27 (0.05"). */
  pitchMm: number;
  /**
   * Every contact in drawing order (left to right, or top to bottom): GPIOs by their Espruino
   * name, power and other contacts as printed (GND, 3.3, 5V, EN).
   */
  contacts: string[];
}

export interface ReservedPin {
  name: string;
  /** Why it must not be used, as a phrase ("the SPI flash"). */
  reason: string;
}

export interface Board {
  id: BoardId;
  chip: Chip;
  title: string;
  /** Pins a profile may use, in header order. */
  pins: BoardPin[];
  /** Pins that exist but are taken by the board itself or by a variant of its module. */
  reserved: ReservedPin[];
  /** The rows of pins a builder solders to, as the figure and the wiring table show them. */
  headers: Header[];
  /** Label printed on the board next to a GPIO when it is not the Espruino name ("RX" for D8). */
  silk: Readonly<Record<string, string>>;
  /** Which variant of the board the header map is for, where others are sold under the same name. */
  variantNote?: string;
  /** How to orient the board for the pinout figure ("USB plug on the left"). */
  orientation: string;
  /** The board's outline in that orientation, mm, and the landmark drawn on one edge. */
  outline: { widthMm: number; heightMm: number; landmark: { side: "top" | "bottom" | "left" | "right"; label: string } };
  /** True on STM32: setWatch uses one EXTI line per pin number (A0 and B0 clash). */
  watchSharesPinNumber: boolean;
  /** Longer text for the console rule, shown in errors and the build guide. */
  consoleRule?: string;
  current: {
    /** Design limit for one pin, mA. */
    perPinMa: number;
    /** Design limit for all pins together, mA. */
    totalMa: number;
    source: string;
  };
  /**
   * How far a pin's high level may sag under an LED's current, with the source, for power.md's
   * direct-drive LEDs: the 50 Ω output resistance used there is only derived on STM32.
   */
  pinSag: string;
  /** Pin voltage range a profile's vcc may declare. */
  vcc: { nominal: number; min: number; max: number };
  power: {
    /** Executing JavaScript, mA. */
    runMa: number;
    /** Awake but waiting between events (timers, PWM and pins live), mA. */
    idleMa: number;
    /** Asleep waiting for a key (setWatch wakes it), mA. */
    sleepMa: number;
    /** How the firmware sleeps on this board, and where the figures come from. */
    sleepHow: string;
    source: string;
    /** True when the figures are estimates from datasheets, not figures published for this board. */
    estimated?: boolean;
  };
  /**
   * A radio the interpreter starts by itself at boot (ESP32: Espruino's default Wi-Fi access
   * point) and what that means for the supply; power.md prints it.
   */
  radio?: {
    atBoot: string;
    off: string;
    /** The radio's current peak while it is on, mA, and its source. */
    peakMa: number;
    peakSource: string;
    /** What that peak does to the supply, from cells full to cells flat. */
    brownOut: string;
  };
  /** Where the battery connects (through the board's regulator). */
  supplyPin: string;
  /** The board's 3.3 V regulator, which also feeds the LEDs. */
  regulator: string;
  /** The battery the build guide and power.md assume, connected to supplyPin through the power switch. */
  battery: {
    cells: string;
    volts: number;
    capacityMah: number;
    note: string;
    /** Share of the capacity delivered before the pack falls below what the regulator needs. */
    usableFraction: number;
    /** Where usableFraction comes from. */
    usableNote: string;
    /** Cell chemistry the build must use, and why, where another would overstep a rail. */
    chemistryRule?: string;
    /**
     * A Schottky diode between the switch and supplyPin, where the battery would otherwise meet
     * USB's 5 V on the same rail (the board has no switchover of its own).
     */
    seriesDiode?: string;
    /** What to do with the battery switch while USB is plugged in, and why. */
    usbRule: string;
  };
  /** WS2812 pixels through Espruino's built-in neopixel module, where this project has checked it. */
  neopixel?: {
    /** Pins `require("neopixel").write` can drive on this board. */
    dataPins: string[];
    /** Why only those pins, with the source. */
    dataPinRule: string;
    /** Board pin that feeds the pixels (and the level shifter). */
    supplyPin: string;
    /** Its voltage with USB plugged in and little load, V. */
    supplyV: number;
    supplyNote: string;
    /** Its range with the pixels at their worst case, V: [low, high]. */
    loadedV: [number, number];
    /** How loadedV follows from USB's minimum and the drops on the way. */
    loadedNote: string;
    /** What a USB 2.0 port delivers (and the Pico 1v4's polyfuse passes), mA. */
    usbMa: number;
    /**
     * The supply path as a model, so the brightness cap can keep the sag within loadedV: USB's
     * lowest voltage, the resistance of cable, extension and polyfuse together, and the diode's
     * drop. V at supplyPin = usbMinV − I·pathOhms − diodeV.
     */
    sag: { usbMinV: number; pathOhms: number; diodeV: number; source: string };
  };
  /** Example part number / order name for the BOM. */
  orderName: string;
  /** How to get the board back when saved code misbehaves. */
  recovery: string;
}

const STM32_PWM_LESS = new Set(["A4"]);

/** 0.1" and 0.05" pitches, mm. */
export const PITCH_01 = 2.54;
export const PITCH_005 = 1.27;

function picoPin(name: string): BoardPin {
  const pin: BoardPin = { name, number: Number(name.slice(1)), pwm: !STM32_PWM_LESS.has(name) };
  if (name === "B6" || name === "B7") pin.console = true;
  return pin;
}

function dPin(name: string, extra: Partial<BoardPin> = {}): BoardPin {
  return { name, number: Number(name.slice(1)), pwm: true, ...extra };
}

const PICO: Board = {
  id: "PICO",
  chip: "stm32",
  title: "Espruino Pico (STM32F401)",
  // Header order: top edge, bottom edge, end row (PICO_R1_3.py).
  pins: [
    "B15", "B14", "B13", "B10", "B1", "A7", "A6", "A5",
    "B3", "B4", "B5", "B6", "B7", "A8",
    "A4", "A3", "A2", "A1", "A0", "A10", "B9", "B8",
  ].map(picoPin),
  headers: [
    {
      id: "top edge", where: "the long edge with BAT_IN at the USB end", side: "top", pitchMm: PITCH_01,
      contacts: ["BAT_IN", "B15", "B14", "B13", "B10", "B1", "A7", "A6", "A5"],
    },
    {
      id: "bottom edge", where: "the long edge with GND at the USB end", side: "bottom", pitchMm: PITCH_01,
      contacts: ["GND", "V_OUT", "3.3", "B3", "B4", "B5", "B6", "B7", "A8"],
    },
    {
      id: "end row", where: "the short end away from USB: castellated pads at 0.05\" (1.27 mm), not 0.1\"", side: "right", pitchMm: PITCH_005,
      contacts: ["A4", "A3", "A2", "A1", "A0", "A10", "B9", "B8"],
    },
  ],
  silk: {},
  orientation: "seen from the component side, USB plug on the left",
  outline: { widthMm: 33, heightMm: 15, landmark: { side: "left", label: "USB-A plug" } },
  reserved: [
    { name: "B2", reason: "the on-board LED1" },
    { name: "B12", reason: "the on-board LED2" },
    { name: "C13", reason: "the on-board button BTN1" },
    { name: "A9", reason: "USB 5 V sense" },
    { name: "A11", reason: "USB D-" },
    { name: "A12", reason: "USB D+" },
    { name: "A13", reason: "the SWD pads on the underside" },
    { name: "A14", reason: "the SWD pads on the underside" },
    { name: "A15", reason: "the SWD pads on the underside" },
    { name: "B0", reason: "the on-board FET (not on the header)" },
    { name: "C14", reason: "the optional 32 kHz crystal" },
    { name: "C15", reason: "the optional 32 kHz crystal" },
  ],
  watchSharesPinNumber: true,
  consoleRule:
    "B6/B7 become the serial console when USB is unplugged; allowed only with \"consoleMoved\": true (the firmware calls USB.setConsole(true))",
  current: {
    perPinMa: 20,
    totalMa: 120,
    source: "STM32F401 datasheet (20 mA per pin, within its 25 mA absolute maximum; 120 mA for all pins)",
  },
  pinSag: "STM32F401 guarantees VOH ≥ VDD − 0.4 V at 8 mA",
  vcc: { nominal: 3.3, min: 3.3, max: 3.3 },
  power: {
    runMa: 32,
    idleMa: 11,
    sleepMa: 0.02,
    sleepHow: "setDeepSleep(1): STM32 Stop mode between key presses, woken by setWatch",
    source: "espruino.com/Power+Consumption (Pico: run 32 mA, sleep 11 mA, stop 0.02 mA)",
  },
  supplyPin: "BAT_IN",
  regulator: "the on-board MCP1703 3.3 V linear regulator (250 mA)",
  battery: {
    cells: "3×AAA alkaline",
    volts: 4.5,
    capacityMah: 1000,
    note: "BAT_IN accepts 3.5–16 V; the regulator is linear, so battery current ≈ load current",
    usableFraction: 0.6,
    usableNote:
      "the Pico needs 3.5 V on BAT_IN, so the pack is done at about 1.2 V per cell; an alkaline cell has given roughly 60 % of its rated charge by then at tens of mA (read off typical AAA discharge curves; measure yours)",
    usbRule:
      "the battery may stay switched on while USB is plugged in: the Pico switches between USB and BAT_IN by itself, and USB reaches V_OUT through a Schottky diode",
  },
  neopixel: {
    dataPins: ["B15", "A7", "B5"],
    dataPinRule:
      "on STM32 the neopixel module sends through SPI, so the data pin must be an SPI MOSI pin (jswrap_neopixel.c; stm32f401_af.csv)",
    supplyPin: "V_OUT",
    supplyV: 4.7,
    supplyNote: "USB 5 V through the Pico's Schottky diode, about 4.7 V (espruino.com/Pico: V_OUT, also marked VBAT)",
    loadedV: [4.2, 4.5],
    loadedNote:
      "a USB port may deliver as little as 4.75 V (USB 2.0); at a few hundred mA the cable loses 0.1–0.2 V, the Pico's Schottky diode 0.3–0.4 V and its polyfuse about 0.1 V",
    usbMa: 500,
    sag: {
      usbMinV: 4.75,
      pathOhms: 0.5,
      diodeV: 0.35,
      source:
        "USB 2.0's 4.75 V minimum; 0.5 Ω for the charger's cable, the 1 m extension and the Pico's polyfuse together (24–28 AWG power conductors are 0.08–0.21 Ω per metre each way); 0.35 V across the Pico's Schottky diode at a few hundred mA — an estimate, not a measurement",
    },
  },
  orderName: "Espruino Pico",
  recovery:
    "press BTN1 just after plugging into USB (within about a second): the Pico starts without loading saved code, then type reset(true); holding BTN1 while plugging in instead enters the bootloader (both LEDs pulse) for re-installing Espruino",
};

const MDBT42Q: Board = {
  id: "MDBT42Q",
  chip: "nrf52",
  title: "Espruino MDBT42Q breakout (nRF52832)",
  // The 22 GPIOs on the breakout's 0.1" headers (Espruino's breakout schematic and board:
  // EspruinoBoard MDBT42/eagle/mdbt42q_breakout.sch, .brd), then the module's pads the
  // headers do not carry.
  pins: [
    ...["D11", "D5", "D4", "D3", "D31", "D30", "D29", "D28", "D27", "D26", "D25"].map((n) => dPin(n)),
    ...["D22", "D20", "D19", "D18", "D17", "D16", "D15", "D14"].map((n) => dPin(n)),
    dPin("D6", { console: true }), dPin("D8", { console: true }), dPin("D7"),
    ...["D12", "D13", "D23", "D24"].map((n) =>
      dPin(n, { offHeader: "only on a pad of the MDBT42Q module itself, not on the breakout's 0.1\" headers" }),
    ),
  ],
  headers: [
    {
      id: "J1", where: "the left long edge", side: "left", pitchMm: PITCH_01,
      contacts: ["D25", "D26", "D27", "D28", "D29", "D30", "D31", "D3", "D4", "D5", "D11"],
    },
    {
      id: "J2", where: "the right long edge", side: "right", pitchMm: PITCH_01,
      contacts: ["D22", "D20", "D19", "D18", "D17", "D16", "D15", "D14", "3V", "Vin", "GND"],
    },
    {
      id: "J3", where: "the bottom short edge", side: "bottom", pitchMm: PITCH_01,
      contacts: ["D6", "D8", "D7", "Vin", "GND"],
    },
  ],
  silk: { D6: "TX", D8: "RX" },
  orientation: "seen from the component side, module (antenna) at the top",
  outline: { widthMm: 17.8, heightMm: 28.2, landmark: { side: "top", label: "MDBT42Q module" } },
  reserved: [
    { name: "D0", reason: "the breakout's button BTN1" },
    { name: "D1", reason: "the breakout's red LED1" },
    { name: "D2", reason: "the breakout's green LED2, through 120 Ω to GND; not on the headers" },
    { name: "D9", reason: "the NFC antenna NFC1, on a small pad; not on the headers" },
    { name: "D10", reason: "the NFC antenna NFC2, on a small pad; not on the headers" },
    { name: "D21", reason: "the reset line" },
  ],
  watchSharesPinNumber: false,
  consoleRule:
    "D6/D8 are the Serial1 console (TX/RX); allowed only with \"consoleMoved\": true (the firmware keeps the console on Bluetooth)",
  current: {
    perPinMa: 2,
    totalMa: 15,
    source:
      "nRF52832 Product Specification: 15 mA for all GPIO together; 2 mA per pin at standard drive, which Espruino uses",
  },
  pinSag: "the nRF52832 guarantees VOH ≥ VDD − 0.4 V at its 2 mA standard drive only; here the pins drive transistor bases",
  vcc: { nominal: 3.3, min: 1.7, max: 3.6 },
  power: {
    runMa: 6,
    idleMa: 1,
    sleepMa: 0.02,
    sleepHow: "automatic: the nRF52 sleeps whenever no JavaScript runs; 0.02 mA while advertising, 0.003 mA with advertising off",
    source: "espruino.com/Power+Consumption and espruino.com/MDBT42Q (run 4–8 mA, timers on ~1 mA, advertising 0.02 mA)",
  },
  supplyPin: "Vin",
  regulator: "the breakout's MCP1703 3.3 V linear regulator (250 mA; Espruino's breakout schematic)",
  battery: {
    cells: "3×AAA alkaline",
    volts: 4.5,
    capacityMah: 1000,
    note: "Vin accepts 2.5–16 V; the regulator is linear, so battery current ≈ load current; a CR2032 (225 mAh) would keep the sleeping toy for about a year but cannot deliver the LED current",
    usableFraction: 0.6,
    usableNote:
      "the MCP1703 needs about 3.3 V plus its drop-out (up to 0.65 V at 250 mA, far less at the toy's 100 mA) to hold 3.3 V, so the pack is done at about 1.2 V per cell; an alkaline cell has given roughly 60 % of its rated charge by then (typical AAA discharge curves; below that the nRF52 still runs, dimmer, down to 1.7 V)",
    usbRule: "this board has no USB: the USB–serial adapter's 3.3 V is not connected, so the battery powers the board while flashing",
  },
  orderName: "Espruino MDBT42Q breakout board",
  recovery:
    "hold BTN1 (D0) while powering up and keep it down about 5 s: the breakout starts without loading saved code, then type reset(true) from the console",
};

const ESP32: Board = {
  id: "ESP32",
  chip: "esp32",
  title: "ESP32-DevKitC V4, 38-pin (ESP32-WROOM-32)",
  pins: [
    dPin("D4"),
    dPin("D5", { note: "strapping pin (internal pull-up at boot): fine as an output or key row" }),
    dPin("D12", {
      bootLow:
        "a strapping pin that must be low at reset (high selects 1.8 V for the module's 3.3 V flash and the board does not start)",
      note: "strapping pin, must be low at reset: fine for an active-high LED to GND, a key row or the piezo",
    }),
    dPin("D13"), dPin("D14"),
    dPin("D15", { note: "strapping pin (low at boot silences the boot log): fine as an output or key row" }),
    ...["D18", "D19", "D21", "D22", "D23", "D25", "D26", "D27", "D32", "D33"].map((n) => dPin(n)),
    ...["D34", "D35", "D36", "D37", "D38", "D39"].map((n) =>
      dPin(n, {
        pwm: false,
        inputOnly: true,
        ...(n === "D37" || n === "D38" ? { offHeader: "not brought out by the ESP32-WROOM-32 module, so not on a DevKitC" } : {}),
      }),
    ),
  ],
  // ESP32-DevKitC V4 (Espressif's user guide, "Header Blocks"), antenna end at the top.
  headers: [
    {
      id: "J2", where: "the left long edge", side: "left", pitchMm: PITCH_01,
      contacts: ["3V3", "EN", "D36", "D39", "D34", "D35", "D32", "D33", "D25", "D26", "D27", "D14", "D12", "GND", "D13", "D9", "D10", "D11", "5V"],
    },
    {
      id: "J3", where: "the right long edge", side: "right", pitchMm: PITCH_01,
      contacts: ["GND", "D23", "D22", "D1", "D3", "D21", "GND", "D19", "D18", "D5", "D17", "D16", "D4", "D0", "D2", "D15", "D8", "D7", "D6"],
    },
  ],
  variantNote:
    "every position below is for the 38-pin ESP32-DevKitC V4 (two 19-pin headers); a 30-pin DevKit (DOIT ESP32 DevKit V1, NodeMCU-32S and clones) has the pins elsewhere and is not supported",
  silk: { D36: "VP", D39: "VN", D1: "TX", D3: "RX", D9: "SD2", D10: "SD3", D11: "CMD", D8: "SD1", D7: "SD0", D6: "CLK" },
  orientation: "seen from the component side, antenna at the top, USB at the bottom",
  outline: { widthMm: 28, heightMm: 55, landmark: { side: "bottom", label: "micro-USB" } },
  reserved: [
    { name: "D0", reason: "the BOOT button and a strapping pin" },
    { name: "D1", reason: "UART0 TX, wired to the USB-serial chip (the console)" },
    { name: "D2", reason: "a strapping pin (must be low to flash) and the on-board LED on many DevKits" },
    { name: "D3", reason: "UART0 RX, wired to the USB-serial chip (the console)" },
    ...["D6", "D7", "D8", "D9", "D10", "D11"].map((name) => ({ name, reason: "the SPI flash (GPIO6–11)" })),
    { name: "D16", reason: "wired to the PSRAM on ESP32-WROVER modules, so not free on every DevKitC (the DevKitC-VE has one)" },
    { name: "D17", reason: "wired to the PSRAM on ESP32-WROVER modules, so not free on every DevKitC (the DevKitC-VE has one)" },
  ],
  watchSharesPinNumber: false,
  current: {
    perPinMa: 20,
    totalMa: 200,
    source:
      "ESP32 default drive strength (~20 mA; 40 mA only at maximum drive); 200 mA total is this project's budget, well inside the 1100 mA cumulative absolute maximum",
  },
  pinSag:
    "the ESP32 datasheet guarantees only VOH ≥ 0.8 × VDD (2.64 V) at its rated drive, so the 50 Ω here is an estimate carried over from STM32, not a guarantee",
  vcc: { nominal: 3.3, min: 3.0, max: 3.6 },
  power: {
    runMa: 55,
    idleMa: 50,
    sleepMa: 50,
    estimated: true,
    sleepHow:
      "none: Espruino on ESP32 has no resumable sleep (ESP32.deepSleep reboots on wake), so the toy idles awake, with the radio off (the firmware turns it off at boot)",
    source:
      "an estimate, not a measurement (nothing here was measured on a real DevKitC): the ESP32 datasheet's modem-sleep figures (radio off, CPU on) of 27–44 mA at 160 MHz, the CPU clock of Espruino's ESP32 build, plus the DevKitC's AMS1117 quiescent current (5 mA typical, 10 mA maximum) and its power LED (1–2 mA): 35–55 mA, planned at 50 mA idle and 55 mA with JavaScript running. Measure yours: a meter in series with the battery, 1 minute after power-on",
  },
  radio: {
    atBoot:
      "Espruino 2v29 for ESP32 starts its Wi-Fi access point at boot when no Wi-Fi settings are saved; with the radio on the board draws roughly 100–130 mA (the datasheet's 95–100 mA receiving, plus the CPU and the DevKit), 2–3 times the radio-off figure",
    off: "within about a second of power-on: once Espruino has run the saved code and started Wi-Fi as 2v29 does, the firmware calls `require(\"Wifi\").disconnect()` and `require(\"Wifi\").stopAP()` (firmware/radio.ts), and the toy runs with the radio off from then on. Bluetooth stays as 2v29 starts it (not measured); `ESP32.enableWifi(false)`, typed once before flashing, disables Wi-Fi for good (it erases the saved code, so flash afterwards)",
    peakMa: 240,
    peakSource: "ESP32 datasheet: 240 mA transmitting 802.11b at 19.5 dBm",
    brownOut:
      "until the firmware turns it off, the radio's peaks go through DS1 (about 0.35 V at 240 mA) and the AMS1117, which needs about 1.1 V above its 3.3 V output (its datasheet: 1.1 V typical, 1.3 V maximum dropout). Four NiMH cells give 5.4–5.6 V fresh, 4.8 V for most of their charge and 4.4 V near the end; at the peak, less about 0.1 V across the cells and holder and the diode's 0.35 V, the regulator sees 4.95–5.15 V, 4.35 V and 3.95 V. It needs 4.4 V (4.6 V at its maximum dropout): fresh cells keep 3.3 V; mid-charge cells let the rail dip to about 3.05–3.25 V during a peak, inside the ESP32's 3.0–3.6 V; tired cells let it fall to 2.65–2.85 V, below the ESP32's 3.0 V minimum, and the board can brown out and restart at power-on (Espruino's ESP32 build enables the chip's brown-out reset at its lowest level, about 2.43 V: targets/esp32/IDF4/sdkconfig). If the toy restarts at power-on, charge the cells. After the first second the radio is off and the toy's 50–120 mA leaves the regulator in regulation down to about 1.15 V per cell",
  },
  supplyPin: "5V",
  regulator: "the DevKit's AMS1117-3.3 linear regulator (1 A), which also feeds the ESP32's radio peaks",
  battery: {
    cells: "4×AA NiMH",
    volts: 4.8,
    capacityMah: 2000,
    note: "the AMS1117 needs about 4.4 V in, so 3×AAA is too low once partly used; the regulator is linear, so battery current ≈ load current",
    usableFraction: 0.8,
    usableNote:
      "NiMH cells hold about 1.2 V for most of their discharge; with the 0.3 V Schottky drop the AMS1117 falls out of regulation near 1.15 V per cell, after roughly 80 % of the charge (typical NiMH curves; measure yours)",
    chemistryRule:
      "NiMH only: four fresh alkaline cells give up to 6.4 V, which would sit on the DevKitC's 5 V rail (its USB–serial chip and the USB socket's 5 V line)",
    seriesDiode: "1N5817 Schottky diode",
    usbRule:
      "switch the battery off before plugging in USB (Espressif: the DevKitC's power inputs are mutually exclusive). The switch is the only guard against back-feed: off, the cells are cut off entirely; on, DS1 keeps USB's 5 V from charging the cells, but freshly charged cells (up to 5.6 V, 5.3 V after the diode) sit above USB's 5 V on the board's 5V rail and push current into the computer's USB port, and nothing but the switch stops that",
  },
  orderName: "ESP32-DevKitC (ESP32-WROOM-32)",
  recovery:
    "type reset(true) from the console; if saved code keeps the console busy, hold BOOT while pressing EN to enter the ROM bootloader and re-install Espruino with esptool",
};

export const BOARDS: Readonly<Record<BoardId, Board>> = { PICO, MDBT42Q, ESP32 };

/**
 * Boards a maker may reach for that this project refuses by name, with why. The 30-pin ESP32
 * DevKits (DOIT ESP32 DevKit V1 and its clones, NodeMCU-32S) carry the same ESP32-WROOM-32, but
 * two 15-pin headers in another order than the 38-pin DevKitC V4 that the wiring table, the
 * pinout figure and the perfboard placement describe, and the published 30-pin pinouts do not
 * even agree with each other (clones differ): no single header map would be right for the board
 * on the bench, so every "Nth from the top" could be wrong. Refused rather than guessed.
 */
export const REFUSED_BOARDS: readonly { match: RegExp; why: string }[] = [
  {
    match: /^(ESP32[-_ ]?(30|30[-_ ]?PIN|DEVKIT[-_ ]?V1|DOIT.*|WROOM[-_ ]?30)|DOIT.*|NODEMCU[-_ ]?32S?|ESP32[-_ ]?NODEMCU)$/i,
    why:
      "the 30-pin ESP32 DevKit boards (DOIT ESP32 DevKit V1, NodeMCU-32S and clones) are not supported: their two 15-pin headers put the pins in other places than the 38-pin ESP32-DevKitC V4 that wiring.md, pinout.svg and perfboard.svg describe, and the clones differ among themselves; use \"board\": \"ESP32\" with a 38-pin ESP32-DevKitC V4",
  },
];

export const BOARD_IDS = Object.keys(BOARDS) as BoardId[];

export function isBoardId(id: unknown): id is BoardId {
  return typeof id === "string" && Object.prototype.hasOwnProperty.call(BOARDS, id);
}

/** "3×AAA alkaline (4.5 V) into BAT_IN". */
export function batteryLabel(board: Board): string {
  return `${board.battery.cells} (${board.battery.volts} V) into ${board.supplyPin}`;
}

export function findPin(board: Board, name: string): BoardPin | undefined {
  return board.pins.find((p) => p.name === name);
}

export function findReserved(board: Board, name: string): ReservedPin | undefined {
  return board.reserved.find((p) => p.name === name);
}

/** Pins a profile can use for any role: on a header, not console, not input-only, no strapping condition. */
export function generalPins(board: Board): string[] {
  return board.pins.filter((p) => !p.console && !p.inputOnly && !p.offHeader && !p.bootLow).map((p) => p.name);
}

export interface HeaderPlace {
  header: Header;
  /** 1-based position in header.contacts. */
  position: number;
  /** What is printed next to it on the board. */
  silk: string;
}

/** Where a GPIO sits on the board's headers, or undefined when no header carries it. */
export function headerPlace(board: Board, pin: string): HeaderPlace | undefined {
  for (const header of board.headers) {
    const i = header.contacts.indexOf(pin);
    if (i >= 0) return { header, position: i + 1, silk: board.silk[pin] ?? pin };
  }
  return undefined;
}

/** The end of a header its contacts are counted from, as seen in the pinout figure. */
export function countedFrom(header: Header): string {
  return header.side === "left" || header.side === "right" ? "top" : "left";
}

function ordinal(k: number): string {
  const tens = k % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][k % 10] ?? "th");
  return `${k}${suffix}`;
}

/** "top edge, 2nd from the left", "J3, 2nd from the left, printed RX", "end row, 5th from the top (0.05\" pitch)". */
export function placeLabel(board: Board, pin: string): string {
  const at = headerPlace(board, pin);
  if (!at) return "not on a header";
  const silk = at.silk !== pin ? `, printed ${at.silk}` : "";
  const pitch = at.header.pitchMm === PITCH_005 ? ` (0.05" pitch)` : "";
  return `${at.header.id}, ${ordinal(at.position)} from the ${countedFrom(at.header)}${silk}${pitch}`;
}

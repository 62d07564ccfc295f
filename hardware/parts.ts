/**
 * The parts every build uses and the electrical assumptions behind the computed values.
 * Changing a figure here changes the resistor values, the BOM and power.md of every profile.
 */
export const LED = {
  description: "red LED, 5 mm",
  /** Forward voltage at the design current: red indicator LEDs are 1.8–2.2 V, 2.0 V typical. */
  forwardV: 2.0,
  /** Continuous current rating: the ceiling for currentMa. */
  maxMa: 20,
  example: "Kingbright WP7113ID",
};

export const NPN = {
  description: "NPN transistor (LED low-side switch)",
  example: "2N3904",
  maxMa: 200,
};

export const PNP = {
  description: "PNP transistor (LED high-side switch)",
  example: "2N3906",
  maxMa: 200,
};

/** Base–emitter voltage of a small switching transistor, V. */
export const VBE = 0.7;
/** Collector–emitter voltage of a saturated switching transistor, V. */
export const VCE_SAT = 0.2;
/**
 * Forced beta: collector current / base current for hard saturation. The 2N3904/2N3906
 * guarantee hFE ≥ 100 at 10 mA, so 20 leaves a wide margin.
 */
export const FORCED_BETA = 20;

export const PIEZO = {
  description: "passive piezo sounder, 12 mm",
  example: "TDK PS1240P02BT",
  /** The series resistor keeps the charging peak of the piezo's capacitance at or below this, mA. */
  maxPeakMa: 15,
};

export const PAD_SWITCH = { description: "tactile switch 12×12 mm, projected plunger 7.3 mm (pad)", example: "Omron B3F-4055", heightMm: 7.3 };
/**
 * Function buttons: a 6×6 mm tactile switch whose plunger stands 9.5 mm above the board, so
 * it reaches through a 3 mm panel on 5 mm standoffs plus 1.5 mm above it (the 4.3 mm B3F-1000
 * would stay below the panel's face).
 */
export const BUTTON_SWITCH = { description: "tactile switch 6×6 mm, plunger 9.5 mm tall (function button)", example: "Omron B3F-1070", heightMm: 9.5 };
export const DIODE = { description: "signal diode (one per key, anti-ghosting)", example: "1N4148" };
export const RESISTOR_KIND = "resistor 1/4 W 5 %";

/**
 * The addressable RGB pixel of the neopixel drive: a WS2812B (5050 package) on a small round
 * breakout, one per pad, chained DOUT → DIN and written by Espruino's built-in neopixel module.
 */
export const PIXEL = {
  description: "WS2812B RGB LED pixel (5050) on a 10 mm round breakout",
  example: "Worldsemi WS2812B-B on a round breakout with its 100 nF capacitor",
  /**
   * Current of one colour channel at full PWM (byte 255), mA. Worldsemi's datasheet gives no
   * single figure; 20 mA per channel, 60 mA per pixel at full white, is Adafruit's NeoPixel
   * Überguide rule of thumb for power budgets. The channel current is PWM, so its average
   * scales with the byte: byte b draws b/255 of it.
   */
  channelMa: 20,
  /** The pixel's own controller, drawn even when dark (Überguide: about 1 mA per pixel), mA. */
  idleMa: 1,
  /** Supply range VDD, V (WS2812B datasheet: 3.5–5.3 V). */
  vddMin: 3.5,
  vddMax: 5.3,
  /** Input high threshold as a fraction of VDD (WS2812B datasheet: VIH ≥ 0.7·VDD). */
  vihFraction: 0.7,
};

/**
 * The level shifter between the 3.3 V data pin and the 5 V pixels: a 74AHCT125 quad buffer
 * fed from the pixels' supply. Its TTL-level inputs see 2.0 V as high (74AHCT125 datasheet,
 * VIH min at VCC 4.5–5.5 V), and its output swings to its own VCC, which is the pixels' VDD.
 */
export const LEVEL_SHIFTER = {
  description: "74AHCT125 quad buffer with TTL inputs (lifts 3.3 V data to 5 V)",
  example: "TI SN74AHCT125N (DIP-14)",
  vih: 2.0,
  vccMin: 4.5,
  vccMax: 5.5,
};

/**
 * In series with the first pixel's DIN, next to the level shifter: damps ringing on the data
 * line and limits the current into the pixel's input while its supply comes up (the Überguide
 * asks for 300–500 Ω), Ω.
 */
export const PIXEL_DATA_OHMS = 330;
/** One per pixel across its VDD and GND (WS2812B datasheet application circuit), and one at the shifter. */
export const DECOUPLING = { description: "ceramic capacitor 100 nF (skip for pixel breakouts that carry their own)", example: "X7R 100 nF, 50 V" };
/**
 * Across the pixels' supply where it enters the chain: covers the current steps of the pixels'
 * PWM (each pixel switches up to 60 mA at about 400 Hz) at the end of the supply wires. Kept at
 * 220 µF rather than the 1000 µF quoted for long strips. It is not sized by USB: USB 2.0 allows
 * 10 µF across VBUS at plug-in, and 220 µF is 22 times that; the inrush is limited only by the
 * cable, the Pico's Schottky diode and its polyfuse. Chargers and power banks take it; a port
 * that drops the toy at plug-in needs a powered hub.
 */
export const BULK_CAP = { description: "electrolytic capacitor 220 µF, 10 V (pixel supply)", uf: 220, example: "Panasonic EEU-FR1A221" };
/** USB 2.0's limit on capacitance across VBUS at plug-in, µF. */
export const USB_PLUG_IN_UF = 10;

/**
 * From the level shifter's input 1A (pin 2) to GND: holds the input low while the data pin floats
 * (through reset, the bootloader and until the firmware drives it), so no random data reaches
 * the chain, which at full white would draw 60 mA a pixel. The pin drives it easily: 3.3 V / 10 kΩ
 * = 0.33 mA.
 */
export const DATA_PULLDOWN_OHMS = 10_000;

/**
 * Between the power switch and an ESP32 DevKitC's 5 V pin: USB's 5 V cannot flow back into
 * the cells. Forward drop about 0.3 V at the toy's 50 mA (1N5817 datasheet).
 */
export const SCHOTTKY = { description: "Schottky diode 1 A, 20 V (battery → 5V, blocks USB from the cells)", example: "1N5817", dropV: 0.3 };
/**
 * The battery builds' on/off switch: a panel-mount miniature toggle in a 6 mm hole in the back
 * cover, wired to the perfboard. (A PCB slide switch would sit on the perfboard, out of reach
 * between the panel and the back cover, and the small ones are rated 0.1 A, below the ESP32's
 * radio peaks.) Its body reaches about 18 mm into the case, within the back stand-offs' 30 mm.
 */
export const POWER_SWITCH = {
  description: "miniature toggle switch SPDT (ON-ON, one throw unused) or SPST, panel-mount, 6 mm bushing, 2 A or more (battery on/off, in the back cover)",
  example: "MTS-102 miniature toggle",
  holeMm: 6.5,
  /** Body footprint inside the case, mm. */
  bodyW: 8,
  bodyH: 13,
  depthMm: 18,
};

/**
 * Typical flat battery holders with wire leads, mm (outline; check yours, the back layout only
 * needs them to fit the back cover). Taped to the back cover's inside with double-sided foam tape.
 */
export const BATTERY_HOLDER = {
  "3xAAA": { w: 48, h: 36, depthMm: 13 },
  "4xAA": { w: 62, h: 58, depthMm: 16 },
};

/**
 * A GPIO is not an ideal source: STM32F401 guarantees VOH ≥ VDD − 0.4 V at 8 mA, an output
 * resistance of up to 50 Ω. The LED current with the E12 resistor lies between the ideal-pin
 * figure and the figure with this sag; the ideal one is used for the budgets (the worst case
 * for the supply).
 */
export const GPIO_OHMS = 50;

/** A STM32 CMOS output's high level is at least VDD − 0.4 V at 8 mA (STM32F401 datasheet, VOH). */
export const GPIO_VOH_DROP = 0.4;

/** 12 mm round cap for the 12×12 mm pad switches' projected plunger. */
export const KEY_CAP = { description: "key cap, 12 mm round, for a 12×12 mm tactile switch with projected plunger", example: "Omron B32-series round key top" };

/**
 * The stack, front to back: key caps and LED domes through the panel; the panel on four M3
 * standoffs; the perfboard with the switches and LEDs on its front and the board on its back;
 * four longer standoffs; the back cover carrying the battery holder and the power switch.
 * Heights above the perfboard: the pad switch's plunger 7.3 mm (B3F-4055) plus its cap, the
 * function button's plunger 9.5 mm (B3F-1070), a 5 mm LED 8.6 mm.
 */
export const STACK = {
  panelMm: 3,
  /** Behind the perfboard: the board on its sockets (8.5 mm) with its own parts, and from the back
   * cover's inside the battery holder (≤ 16 mm) or the toggle switch (18 mm): 30 mm holds either.
   * Pixel builds carry no battery: the board (13.5 mm with its parts) and the 220 µF capacitor
   * (11 mm) need 15 mm. */
  backStandoffMm: 30,
  backStandoffPixelsMm: 15,
  backStandoff: "M3 hex standoff, male–female (the male thread passes through the perfboard into the front standoff)",
  socketMm: 8.5,
  panel: "3 mm acrylic (PMMA) or 3 mm birch plywood",
  standoffMm: 5,
  standoff: "M3 hex standoff, female–female",
  screw: "M3 × 6 mm pan-head screw",
  perfboardMm: 1.6,
  padPlungerMm: 7.3,
  ledMm: 8.6,
};

/** Wire: solid for the key matrix and signals, heavier stranded for the pixels' supply. */
export const WIRE = {
  signal: "hook-up wire, solid, 24 AWG (0.2 mm²), several colours",
  pixelPower: "stranded wire, 22 AWG (0.33 mm²), red and black, for V_OUT (the pixels' 5 V) and GND to the pixels",
  endRow: "ribbon cable, 1.27 mm (0.05\") pitch, 8-way, or 30 AWG wire-wrap wire",
  battery: "stranded wire, 22 AWG (0.33 mm²), red and black",
};

/**
 * What the bench uses up: every build needs solder and something to cover bare joints; the glue
 * holds the piezo (and the pixels) behind the panel; the foam tape holds the battery holder.
 */
export const CONSUMABLES: { part: string; value: string; example: string; only?: "pixels" | "battery" }[] = [
  { part: "Solder", value: "rosin-core solder wire, 0.7 mm, about 10 g (Sn99.3Cu0.7 lead-free, or Sn60Pb40)", example: "any electronics solder" },
  { part: "Desoldering braid", value: "solder wick, 1.5–2 mm wide (for solder bridges between neighbouring pins or pads)", example: "any" },
  { part: "Heat-shrink tubing", value: "assorted 1.5–3 mm, about 20 cm (battery and switch leads, the end-row pigtail, bare leg joints)", example: "any" },
  { part: "Glue", value: "hot-melt glue sticks (7 mm) or two-part epoxy: the piezo behind its sound hole (and, on pixel builds, the pixels behind their windows)", example: "any" },
  { part: "Double-sided foam tape", value: "about 10 cm, 1–2 mm thick: the battery holder inside the back cover", example: "any mounting tape", only: "battery" },
  { part: "Masking tape", value: "to hold the printed templates on the panel, the back cover and the perfboard while drilling", example: "any" },
];

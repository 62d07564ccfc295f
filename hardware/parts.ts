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

export const PAD_SWITCH = { description: "tactile switch 12×12 mm with a 12 mm round cap (pad)", example: "Omron B3F-4055 (cap separate)" };
export const BUTTON_SWITCH = { description: "tactile switch 6×6 mm (function button)", example: "Omron B3F-1000" };
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
 * PWM. Kept at 220 µF rather than the 1000 µF quoted for long strips, because the toy plugs into
 * USB, which limits the capacitance a device may present when it is plugged in.
 */
export const BULK_CAP = { description: "electrolytic capacitor 220 µF, 10 V (pixel supply)", uf: 220, example: "Panasonic EEU-FR1A221" };

/** A STM32 CMOS output's high level is at least VDD − 0.4 V at 8 mA (STM32F401 datasheet, VOH). */
export const GPIO_VOH_DROP = 0.4;

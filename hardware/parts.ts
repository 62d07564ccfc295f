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
  description: "PNP transistor (LED row high-side switch)",
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
/** Turns a row PNP off while its key row line floats (base to emitter), Ω. */
export const PNP_PULLUP_OHMS = 10_000;

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

/**
 * The boards' footprints for the mechanical layout, and the room a panel keeps for its board.
 * Kept apart from mechanics.ts so the panel's size (generators/panel.ts) can depend on it.
 */
import { BOARDS, type BoardId } from "./boards.js";
import type { Profile } from "./profile.js";

/**
 * The board's footprint for placement: its outline, the two 0.1" header rows it plugs in by
 * and the end its USB connector is at. Lengths from the makers' published sizes (Pico 33 × 15 mm,
 * espruino.com/Pico; DevKitC V4 54.4 × 27.9 mm, Espressif's user guide; MDBT42Q breakout
 * 17.8 × 28.2 mm, Espruino's breakout board file); where the first pin sits along the edge is
 * read off photographs, so the guide says to plug the board into its sockets before soldering
 * them: the board's own pins then set the spacing.
 */
export interface Footprint {
  /** Name on the drawings. */
  short: string;
  lengthMm: number;
  widthMm: number;
  /** The two long-edge header rows, in grid steps apart. */
  rowSteps: number;
  pinsPerRow: number;
  /** From the connector end of the board to the first pin of each row, mm. */
  firstPinMm: number;
  /** What is at the connector end, for the drawing. */
  connector: string;
  /** How a cable reaches it with the toy closed. */
  access: string;
  /** Width of what plugs in there (the cable's socket or plug body), mm. */
  plugMm: number;
}

export const FOOTPRINTS: Readonly<Record<BoardId, Footprint>> = {
  PICO: {
    short: "Pico",
    lengthMm: 33, widthMm: 15, rowSteps: 5, pinsPerRow: 9, firstPinMm: 11.5,
    connector: "USB-A plug (the board's end)",
    access: "a USB-A extension cable's socket slides onto the plug from the top edge",
    plugMm: 16,
  },
  ESP32: {
    short: "DevKitC",
    lengthMm: 54.4, widthMm: 27.9, rowSteps: 10, pinsPerRow: 19, firstPinMm: 4.5,
    connector: "micro-USB socket",
    access: "a micro-USB cable plugs in from the top edge (only with the battery switched off)",
    plugMm: 12,
  },
  MDBT42Q: {
    short: "MDBT42Q",
    lengthMm: 28.2, widthMm: 17.8, rowSteps: 6, pinsPerRow: 11, firstPinMm: 1.4,
    connector: "J3 (serial console TX/RX, no USB)",
    access: "the USB–serial adapter's three jumper wires reach J3 from the top edge",
    plugMm: 10,
  },
};


/** Perfboard holes per pad pitch, and the columns a board's rows may use between two pads. */
const PITCH_STEPS = 10;
const GAP_FIRST = 3.5;
const GAP_LAST = 6.5;

/**
 * The panel's margin right of the last pad's centre, in grid steps. 7 steps when the board's two
 * header rows can stand in the free columns between the pads' switch bodies (rows 7–13 steps
 * apart, like the DevKitC's 10); otherwise a strip for the board beside the last column, wide
 * enough that the cable's plug comes in from the top edge past the corner stand-off.
 */
export function rightMarginSteps(p: Profile): number {
  const fp = FOOTPRINTS[BOARDS[p.board as BoardId]?.id ?? "PICO"];
  const between = fp.rowSteps >= PITCH_STEPS - (GAP_LAST - GAP_FIRST) && fp.rowSteps <= PITCH_STEPS + (GAP_LAST - GAP_FIRST) && p.cols >= 2;
  if (between) return 7;
  const grid = 2.54;
  const centre = GAP_FIRST + fp.rowSteps / 2;
  // The plug's half width, 0.2 mm, and the corner stand-off's 3.5 mm half box 2 steps in.
  const need = centre + (fp.plugMm / 2 + 0.2 + 3.5) / grid + 2;
  return Math.max(7, Math.ceil(need));
}

/** power.md: pin currents against the board limits, and battery life awake and asleep. */
import { batteryLabel, type Board } from "../boards.js";
import { brightnessCap, hasPixels, ledCount, suppliedV, ledDesign, ledSupplyMa, piezoDesign, pinLoads, pixelDesign, totalPinLoadMa, type PixelProfile } from "../design.js";
import { formatOhms } from "../e12.js";
import { BULK_CAP, FORCED_BETA, GPIO_OHMS, LED, LEVEL_SHIFTER, PIEZO, PIXEL, SCHOTTKY, USB_PLUG_IN_UF, VBE, VCE_SAT } from "../parts.js";
import type { Profile } from "../profile.js";
import { fixed, life, ma } from "./format.js";

export interface PowerFigures {
  /** Worst case: every LED lit while JavaScript runs. */
  allLitMa: number;
  halfLitMa: number;
  sleepMa: number;
}

/** Battery current in the three states power.md reports, mA. */
export function powerFigures(p: Profile, board: Board): PowerFigures {
  return {
    allLitMa: board.power.runMa + ledSupplyMa(p, 1),
    halfLitMa: board.power.idleMa + ledSupplyMa(p, 0.5),
    sleepMa: board.power.sleepMa,
  };
}

export function powerMd(p: Profile, board: Board): string {
  if (hasPixels(p)) return pixelPowerMd(p, board);
  const led = ledDesign(p);
  const piezo = piezoDesign(p, board);
  const t = led.transistor;
  const out: string[] = [];
  out.push(`# Power: ${p.name}`, "");
  out.push(`Board: ${board.title}. Limits: ${board.current.perPinMa} mA per pin, ${board.current.totalMa} mA for all pins together.`, "");
  out.push(`Source of the limits: ${board.current.source}.`, "");

  out.push("## Assumptions", "");
  const drop = led.transistorDropV ? ` − ${led.transistorDropV} V transistor` : "";
  const rawOhms = (p.vcc - LED.forwardV - led.transistorDropV) / (led.designMa / 1000);
  out.push(
    `- LEDs: ${LED.description}, forward voltage ${LED.forwardV.toFixed(1)} V; design current ${led.designMa} mA. ` +
      `Resistor (${p.vcc} V − ${LED.forwardV.toFixed(1)} V${drop}) / ${led.designMa} mA = ${fixed(rawOhms, 1)} Ω, rounded up to E12: ` +
      `${formatOhms(led.resistorOhms)}, so each LED gets at most ${ma(led.ledMa)} mA` +
      (t
        ? "."
        : `; the pin itself sags under load (up to about ${GPIO_OHMS} Ω: ${board.pinSag}), which leaves about ${ma(led.ledSagMa)} mA. The budgets below use the higher figure.`),
  );
  if (t) {
    out.push(
      `- Transistors (${t.type}): V_BE ${VBE} V, V_CE(sat) ${VCE_SAT} V, forced beta ${FORCED_BETA}: ` +
        `each switches up to ${ma(t.collectorMa)} mA, so its base resistor is (${p.vcc} V − ${VBE} V) / (${ma(t.collectorMa)} mA / ${FORCED_BETA}) ` +
        `rounded down to E12: ${formatOhms(t.baseOhms)}, drawing ${ma(t.baseMa)} mA from the pin.`,
    );
  }
  out.push(
    `- Piezo: ${formatOhms(piezo.seriesOhms)} in series keeps the charging peak at ${ma(piezo.peakMa)} mA ` +
      `(≤ ${Math.min(board.current.perPinMa, PIEZO.maxPeakMa)} mA); its average current is far lower.`,
  );
  out.push(`- Key columns and buttons are read through the internal ~40 kΩ pull-ups: under 0.1 mA per pressed key, left out.`);
  out.push(
    `- Board: ${ma(board.power.idleMa)} mA awake and idle, ${ma(board.power.runMa)} mA while JavaScript runs (the worst case counts this, as a key press does), ${ma(board.power.sleepMa)} mA asleep. ` +
      `${board.power.estimated ? "**Estimated**" : "Published figures"}: ${board.power.source}.`,
  );
  out.push(`- Sleep: ${board.power.sleepHow}.`);
  const b = board.battery;
  const usable = Math.round(b.capacityMah * b.usableFraction);
  out.push(
    `- Battery: ${batteryLabel(board)} through the power switch${b.seriesDiode ? ` and a ${b.seriesDiode} (about ${SCHOTTKY.dropV} V)` : ""}, ${b.capacityMah} mAh rated; ${b.note}. ` +
      `Usable: about ${usable} mAh, because ${b.usableNote}. Self-discharge is ignored, so very long sleep figures are upper bounds.`,
  );
  if (b.chemistryRule) out.push(`- **${b.chemistryRule}.**`);
  out.push(`- USB: ${b.usbRule}.`);
  out.push(`- LED supply: ${board.regulator}.`);
  out.push("");
  if (board.radio) {
    const r = board.radio;
    out.push("## The radio", "");
    out.push(`- At boot: ${r.atBoot}.`);
    out.push(`- **The firmware turns the radio off at boot**: ${r.off}. The figures below are for the radio off.`);
    out.push(`- Peak while it is on: ${r.peakMa} mA (${r.peakSource}).`);
    out.push(`- Brown-out: ${r.brownOut}.`);
    out.push("");
  }

  out.push("## Pin currents", "");
  out.push("Worst case: every LED lit and a tone playing.", "");
  out.push("| Pin | Role | Current (mA) | What | Limit (mA) |");
  out.push("|---|---|---|---|---|");
  for (const load of pinLoads(p, board)) {
    out.push(`| ${load.pin} | ${load.label} | ${ma(load.ma)} | ${load.what} | ${board.current.perPinMa} |`);
  }
  const total = totalPinLoadMa(p, board);
  out.push(`| **all pins** | | **${ma(total)}** | all pins above | **${board.current.totalMa}** |`);
  out.push("");
  const perPinMax = Math.max(...pinLoads(p, board).map((l) => l.ma));
  out.push(
    `Highest pin: ${ma(perPinMax)} mA of ${board.current.perPinMa} mA; all pins: ${ma(total)} mA of ${board.current.totalMa} mA.` +
      (t ? ` The LED current itself (${ma(led.ledMa)} mA per LED) flows from the 3.3 V rail through the transistors, not through the pins.` : ""),
  );
  out.push("");

  const f = powerFigures(p, board);
  const n = ledCount(p);
  out.push(`## Battery life: ${board.battery.cells}, ${usable} of ${board.battery.capacityMah} mAh usable`, "");
  out.push("| State | Battery current (mA) | Life |");
  out.push("|---|---|---|");
  out.push(`| Awake, all ${n} LEDs lit, JavaScript running (worst case) | ${ma(f.allLitMa)} | ${life(usable, f.allLitMa)} |`);
  out.push(`| Awake, half the LEDs lit (typical play) | ${ma(f.halfLitMa)} | ${life(usable, f.halfLitMa)} |`);
  const asleep = board.power.sleepMa < board.power.idleMa ? "Asleep, LEDs off" : "Idle, LEDs off (this board does not sleep)";
  out.push(`| ${asleep} | ${ma(f.sleepMa)} | ${life(usable, f.sleepMa)} |`);
  out.push("");
  out.push(
    "Worst case = the board running JavaScript + every LED; typical play = the board idle + half the LEDs (with base currents where transistors switch the LEDs)." +
      (board.power.estimated ? " These are estimates from datasheets, not measurements: measure your build before trusting the hours." : ""),
    "",
  );
  return out.join("\n");
}

/** The USB current budget of a WS2812 build: pixels at the brightness cap against what USB gives. */
function pixelPowerMd(p: PixelProfile, board: Board): string {
  const d = pixelDesign(p, board);
  const b = p.leds.brightness;
  const piezo = piezoDesign(p, board);
  const np = board.neopixel!;
  const out: string[] = [];
  out.push(`# Power: ${p.name}`, "");
  out.push(
    `Supply: USB. The ${d.count} WS2812B pixels and the level shifter run from the board's ${d.supplyPin} pin: ${board.neopixel!.supplyNote}. ` +
      `Budget: ${d.usbMa} mA, what a USB 2.0 port delivers (and the Pico 1v4's polyfuse passes).`,
    "",
  );
  out.push("## Assumptions", "");
  out.push(
    `- Pixels: ${PIXEL.description}. A colour channel at full PWM (byte 255) draws ${PIXEL.channelMa} mA, so a byte b draws ${PIXEL.channelMa}·b/255 mA on average ` +
      `(the channel is PWM-dimmed at constant current). The firmware never writes a byte above the profile's brightness cap, ${b}: ` +
      `a pixel with all three channels at the cap draws 3 × ${PIXEL.channelMa} mA × ${b}/255 = ${ma(d.litMa)} mA.`,
  );
  out.push(`- Each pixel's controller draws about ${ma(d.idleMa)} mA whether lit or dark (Adafruit NeoPixel Überguide), so ${d.count} pixels draw ${ma(d.darkMa)} mA even when dark.`);
  out.push(
    `- Data level: WS2812B needs ${PIXEL.vihFraction}·VDD = ${fixed(d.vihV, 2)} V for a high at ${d.supplyV} V; the ${p.vcc} V pin is only guaranteed ${fixed(d.pinHighV, 2)} V. ` +
      (p.leds.levelShift === "74AHCT125"
        ? `The 74AHCT125 level shifter reads ${LEVEL_SHIFTER.vih} V as high and drives ${d.supplyV} V; its supply current (under 0.05 mA) is left out.`
        : `The profile declares no level shifter.`),
  );
  out.push(
    `- Piezo: ${formatOhms(piezo.seriesOhms)} in series keeps the charging peak at ${ma(piezo.peakMa)} mA on its pin; the board's 3.3 V regulator feeds it, not ${d.supplyPin}.`,
  );
  out.push(`- Board: ${ma(board.power.runMa)} mA while JavaScript runs, ${ma(board.power.idleMa)} mA awake and idle, ${ma(board.power.sleepMa)} mA asleep. Source: ${board.power.source}.`);
  out.push(`- Key columns and buttons are read through the internal ~40 kΩ pull-ups: under 0.1 mA per pressed key, left out.`);
  out.push(
    `- Supply under load: ${d.supplyPin} is about ${np.supplyV} V with little load, and ${np.loadedV[0]}–${np.loadedV[1]} V with the pixels at their worst case: ${np.loadedNote}; the brightness cap is kept low enough that it stays there (below). ` +
      `The WS2812B runs from ${PIXEL.vddMin} V, and its data high (0.7·VDD) follows its VDD. ` +
      (p.leds.levelShift === "74AHCT125"
        ? `The 74AHCT125's recommended supply is ${LEVEL_SHIFTER.vccMin}–${LEVEL_SHIFTER.vccMax} V, so under load it may run a little below its datasheet range; it keeps switching (TTL input threshold 2 V, output at its own VCC, the pixels' VDD), which is expected to work but is not guaranteed.`
        : ""),
  );
  out.push(
    `- Bulk capacitor: ${BULK_CAP.uf} µF across ${d.supplyPin} at the first pixel covers the pixels' PWM current steps. It is ${Math.round(BULK_CAP.uf / USB_PLUG_IN_UF)} times the ${USB_PLUG_IN_UF} µF USB 2.0 allows at plug-in; the cable, the Pico's diode and its polyfuse limit the inrush. Chargers take it; a computer port that drops the toy when it is plugged in needs a powered hub.`,
  );
  out.push("");

  out.push("## USB current", "");
  out.push("| State | Pixels (mA) | Board (mA) | Total (mA) | USB budget (mA) |");
  out.push("|---|---|---|---|---|");
  const row = (what: string, pixels: number, boardMa: number) =>
    out.push(`| ${what} | ${ma(pixels)} | ${ma(boardMa)} | ${ma(pixels + boardMa)} | ${d.usbMa} |`);
  row(`All ${d.count} pixels at ${b} on every channel, JavaScript running (worst case)`, d.allLitMa, board.power.runMa);
  row(`Half the pixels at ${b} on every channel, awake (typical play)`, ledSupplyMa(p, 0.5), board.power.idleMa);
  row(`Lit pads red only (this firmware's on/off games), all ${d.count} lit`, d.darkMa + (d.count * PIXEL.channelMa * b) / 255, board.power.idleMa);
  row("Asleep, pixels dark", d.darkMa, board.power.sleepMa);
  out.push("");
  const worst = d.allLitMa + board.power.runMa;
  const cap = brightnessCap(p, board);
  out.push(
    `Worst case ${ma(worst)} mA of ${d.usbMa} mA (${Math.round((worst / d.usbMa) * 100)} %), with ${d.supplyPin} at about ${fixed(suppliedV(board, worst), 2)} V ` +
      `(USB at its ${np.sag.usbMinV} V minimum). The highest brightness cap is ${cap.most}: USB's ${d.usbMa} mA alone would allow ${cap.byCurrent}, ` +
      `but the supply must not sag below ${np.loadedV[0]} V, which allows ${cap.bySag} (${d.supplyPin} = ${np.sag.usbMinV} V − I × ${np.sag.pathOhms} Ω − ${np.sag.diodeV} V: ${np.sag.source}).`,
  );
  out.push("");
  out.push(
    `Asleep the pixels' controllers still draw ${ma(d.darkMa)} mA: fine on a USB charger, but this build is not meant for batteries ` +
      `(switching the pixels' supply off in sleep would need a high-side switch). Most power banks switch themselves off when less than ` +
      `about 50–100 mA is drawn for a while, so a sleeping toy (${ma(d.darkMa + board.power.sleepMa)} mA) on a power bank goes dark: use a charger, or a bank with an always-on (low-current) mode.`,
  );
  out.push("");
  out.push("## Pin currents", "");
  out.push("| Pin | Role | Current (mA) | What | Limit (mA) |");
  out.push("|---|---|---|---|---|");
  if (p.leds.levelShift !== "74AHCT125") out.push(`| ${p.leds.pin} | pixel data | 0 | a CMOS input (the first pixel's) | ${board.current.perPinMa} |`);
  for (const load of pinLoads(p, board)) {
    out.push(`| ${load.pin} | ${load.label} | ${ma(load.ma)} | ${load.what} | ${board.current.perPinMa} |`);
  }
  out.push(`| **all pins** | | **${ma(totalPinLoadMa(p, board))}** | all pins above | **${board.current.totalMa}** |`);
  out.push("");
  out.push(`The pixels' current flows from ${d.supplyPin}, not through the pins.`, "");
  return out.join("\n");
}

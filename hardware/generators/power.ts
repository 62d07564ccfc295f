/** power.md: pin currents against the board limits, and battery life awake and asleep. */
import { batteryLabel, type Board } from "../boards.js";
import { ledCount, ledDesign, ledSupplyMa, piezoDesign, pinLoads, totalPinLoadMa } from "../design.js";
import { formatOhms } from "../e12.js";
import { FORCED_BETA, LED, PIEZO, VBE, VCE_SAT } from "../parts.js";
import type { Profile } from "../profile.js";
import { fixed, life, ma } from "./format.js";

export interface PowerFigures {
  allLitMa: number;
  halfLitMa: number;
  sleepMa: number;
}

/** Battery current in the three states power.md reports, mA. */
export function powerFigures(p: Profile, board: Board): PowerFigures {
  return {
    allLitMa: board.power.idleMa + ledSupplyMa(p, 1),
    halfLitMa: board.power.idleMa + ledSupplyMa(p, 0.5),
    sleepMa: board.power.sleepMa,
  };
}

export function powerMd(p: Profile, board: Board): string {
  const led = ledDesign(p);
  const piezo = piezoDesign(p, board);
  const t = led.transistor;
  const out: string[] = [];
  out.push(`# Power: ${p.name}`, "");
  out.push(`Board: ${board.title}. Limits: ${board.current.perPinMa} mA per pin, ${board.current.totalMa} mA for all pins together.`, "");
  out.push(`Source of the limits: ${board.current.source}.`, "");

  out.push("## Assumptions", "");
  const drop = led.transistorDropV ? ` − ${led.transistorDropV} V transistor` : "";
  const rawOhms = (p.vcc - LED.forwardV - led.transistorDropV) / (p.leds.currentMa / 1000);
  out.push(
    `- LEDs: ${LED.description}, forward voltage ${LED.forwardV.toFixed(1)} V; design current ${p.leds.currentMa} mA. ` +
      `Resistor (${p.vcc} V − ${LED.forwardV.toFixed(1)} V${drop}) / ${p.leds.currentMa} mA = ${fixed(rawOhms, 1)} Ω, rounded up to E12: ` +
      `${formatOhms(led.resistorOhms)}, so each LED gets ${ma(led.ledMa)} mA.`,
  );
  if (t) {
    out.push(
      `- Transistors (${t.type}): V_BE ${VBE} V, V_CE(sat) ${VCE_SAT} V, forced beta ${FORCED_BETA}: ` +
        `each switches up to ${ma(t.collectorMa)} mA, so its base resistor is (${p.vcc} V − ${VBE} V) / (${ma(t.collectorMa)} mA / ${FORCED_BETA}) ` +
        `rounded down to E12: ${formatOhms(t.baseOhms)}, drawing ${ma(t.baseMa)} mA from the pin.`,
    );
  }
  if (led.scheme === "matrix") {
    out.push(`- Multiplexing: one LED row at a time, so each LED is lit 1/${p.rows} of the time (average ${ma(led.ledMa / p.rows)} mA per lit LED).`);
  }
  out.push(
    `- Piezo: ${formatOhms(piezo.seriesOhms)} in series keeps the charging peak at ${ma(piezo.peakMa)} mA ` +
      `(≤ ${Math.min(board.current.perPinMa, PIEZO.maxPeakMa)} mA); its average current is far lower.`,
  );
  out.push(`- Key columns and buttons are read through the internal ~40 kΩ pull-ups: under 0.1 mA per pressed key, left out.`);
  out.push(`- Board: ${ma(board.power.idleMa)} mA awake and idle, ${ma(board.power.runMa)} mA while JavaScript runs (a small fraction of the time), ${ma(board.power.sleepMa)} mA asleep. Source: ${board.power.source}.`);
  out.push(`- Sleep: ${board.power.sleepHow}.`);
  out.push(`- Battery: ${batteryLabel(board)}, ${board.battery.capacityMah} mAh; ${board.battery.note}. Self-discharge is ignored, so very long sleep figures are upper bounds.`);
  out.push(`- LED supply: ${board.regulator}.`);
  out.push("");

  out.push("## Pin currents", "");
  out.push("Worst case: every LED lit and a tone playing.", "");
  out.push("| Pin | Role | Current (mA) | What | Limit (mA) |");
  out.push("|---|---|---|---|---|");
  for (const load of pinLoads(p, board)) {
    out.push(`| ${load.pin} | ${load.label} | ${ma(load.ma)} | ${load.what} | ${board.current.perPinMa} |`);
  }
  const total = totalPinLoadMa(p, board);
  const totalNote = led.scheme === "matrix" ? "LED columns + one row base (one row at a time) + piezo" : "all pins above";
  out.push(`| **all pins** | | **${ma(total)}** | ${totalNote} | **${board.current.totalMa}** |`);
  out.push("");
  const perPinMax = Math.max(...pinLoads(p, board).map((l) => l.ma));
  out.push(
    `Highest pin: ${ma(perPinMax)} mA of ${board.current.perPinMa} mA; all pins: ${ma(total)} mA of ${board.current.totalMa} mA.` +
      (t ? ` The LED current itself (${ma(led.ledMa)} mA per LED) flows from the 3.3 V rail through the transistors, not through the pins.` : ""),
  );
  out.push("");

  const f = powerFigures(p, board);
  const n = ledCount(p);
  out.push(`## Battery life: ${board.battery.cells}, ${board.battery.capacityMah} mAh`, "");
  out.push("| State | Battery current (mA) | Life |");
  out.push("|---|---|---|");
  out.push(`| Awake, all ${n} LEDs lit (worst case) | ${ma(f.allLitMa)} | ${life(board.battery.capacityMah, f.allLitMa)} |`);
  out.push(`| Awake, half the LEDs lit (typical play) | ${ma(f.halfLitMa)} | ${life(board.battery.capacityMah, f.halfLitMa)} |`);
  const asleep = board.power.sleepMa < board.power.idleMa ? "Asleep, LEDs off" : "Idle, LEDs off (this board does not sleep)";
  out.push(`| ${asleep} | ${ma(f.sleepMa)} | ${life(board.battery.capacityMah, f.sleepMa)} |`);
  out.push("");
  out.push("Awake = board idle current + LED current (with base currents where transistors switch the LEDs).", "");
  return out.join("\n");
}

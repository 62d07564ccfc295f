/** wiring.md: every board pin the profile uses, its role, pin mode and where its wire goes. */
import { batteryLabel, generalPins, type Board } from "../boards.js";
import { ledDesign, piezoDesign } from "../design.js";
import { formatOhms } from "../e12.js";
import { DIODE, LED } from "../parts.js";
import type { Profile } from "../profile.js";
import { pinRoles, type PinRole } from "../roles.js";

function padsInColumn(p: Profile, c: number): string {
  return Array.from({ length: p.rows }, (_, r) => r * p.cols + c).join(", ");
}

function connectTo(p: Profile, board: Board, role: PinRole): string {
  const led = ledDesign(p);
  const r = formatOhms(led.resistorOhms);
  const rowStart = (role.index - 1) * p.cols + 1;
  switch (role.kind) {
    case "keyRow": {
      const pads = `pads ${rowStart}–${rowStart + p.cols - 1}`;
      const side = p.keys.diodes ? `the cathode (band) of each pad's diode` : `one side of each pad's switch`;
      const leds = led.scheme === "matrix" ? `; also ${formatOhms(led.transistor!.baseOhms)} → base of row ${role.index}'s PNP` : "";
      return `${pads}: ${side}${leds}`;
    }
    case "keyCol":
      return `pads ${padsInColumn(p, role.index)}: the other side of each pad's switch`;
    case "led": {
      const t = led.transistor;
      if (!t) {
        return p.leds.drive === "direct" && p.leds.activeHigh
          ? `${r} → LED ${role.index} anode; its cathode → GND`
          : `LED ${role.index} cathode; its anode → ${r} → 3.3V`;
      }
      return t.type === "NPN"
        ? `${formatOhms(t.baseOhms)} → NPN ${role.index} base; emitter → GND; collector → LED ${role.index} cathode; anode → ${r} → 3.3V`
        : `${formatOhms(t.baseOhms)} → PNP ${role.index} base; emitter → 3.3V; collector → ${r} → LED ${role.index} anode; cathode → GND`;
    }
    case "ledCol":
      return `${r} → cathodes of LEDs ${padsInColumn(p, role.index)}`;
    case "piezo":
      return `${formatOhms(piezoDesign(p, board).seriesOhms)} → piezo → GND`;
    case "button":
      return `one side of the switch; other side → GND`;
  }
}

export function wiringMd(p: Profile, board: Board): string {
  const roles = pinRoles(p);
  const led = ledDesign(p);
  const out: string[] = [];
  out.push(`# Wiring: ${p.name}`, "");
  out.push(p.description, "");
  out.push(`- Board: ${board.title}, \`--board ${board.id}\`.`);
  out.push(`- Power: ${batteryLabel(board)}; every GND joined. "3.3V" below is the board's 3.3 V output.`);
  out.push(`- Pads are numbered like a phone keypad: 1 at the top left, row by row; LED n sits at pad n.`);
  out.push(`- LEDs: ${LED.description}, forward voltage ${LED.forwardV.toFixed(1)} V, long leg = anode.`);
  if (p.keys.diodes) out.push(`- Keys: each pad's switch in series with a ${DIODE.example}, anode on the column side, band (cathode) on the row side.`);
  else out.push(`- Keys: no diodes; the firmware ignores ambiguous key combinations (ghosts).`);
  if (led.scheme === "matrix") {
    const t = led.transistor!;
    out.push(
      `- LED rows: row r's PNP has emitter → 3.3V, ${formatOhms(t.pullupOhms ?? 0)} from base to emitter, collector → anodes of that row's LEDs; ` +
        `its base resistor goes to key row r's pin, so scanning a key row also lights that LED row.`,
    );
  }
  if (p.consoleMoved) out.push(`- Console moved: ${board.consoleRule ?? "the firmware moves the console off the serial pins"}.`);
  out.push("");
  out.push("| Board pin | Role | Pin mode | Connect to |");
  out.push("|---|---|---|---|");
  for (const role of roles) out.push(`| ${role.pin} | ${role.label} | ${role.mode} | ${connectTo(p, board, role)} |`);
  out.push("");
  const used = new Set(roles.map((r) => r.pin));
  const free = generalPins(board).filter((pin) => !used.has(pin));
  out.push(`Free pins on this board: ${free.length ? free.join(" ") : "none"}.`);
  out.push("");
  out.push(`Recovery: ${board.recovery}.`);
  out.push("");
  return out.join("\n");
}

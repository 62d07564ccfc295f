/**
 * "Put this on my toy": writes the page's firmware to a real board from the browser, with no
 * install — over a USB cable (Web Serial: Pico, ESP32, an MDBT42Q on a USB-serial adapter) or
 * over Bluetooth (Web Bluetooth, the MDBT42Q's Nordic UART console). The steps and checks are
 * those of `npm run flash` (firmware/build/flash-protocol.ts): the board's Espruino build and
 * version, the pretokenised image (firmware/NAME.img) in acknowledged pieces to `.bootcde`, the
 * CRC-32 read back, and only then load(). Once flashed, the panel follows the real toy live
 * (Merlin.state() over the same link).
 *
 * The transports are written here rather than taken from the espruino package's
 * core/serial_web_serial.js and serial_web_bluetooth.js: those are plug-ins of the Web IDE's
 * global `Espruino` object (settings, status bar, its serial.js write queue, which also chunks
 * for Bluetooth) and report a cancelled chooser or a busy port only to console.log, so the panel
 * could not say which failure it was. What is kept from them: the Nordic UART UUIDs, 20-byte
 * Bluetooth writes one at a time, the serial options.
 *
 * Loaded with import() when the button is pressed: nothing here costs the page until then.
 */
import { PROFILES } from "merlin:profiles";
import type { Profile } from "../../../hardware/profile";
import { type ConsoleLink, FlashError, flashOverConsole, QUIET, REQUIRED_VERSION, updateHint } from "../../../firmware/build/flash-protocol";

// Web Serial and Web Bluetooth are not in TypeScript's DOM library: the parts used here.
interface SerialPortLike {
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  readable: ReadableStream<Uint8Array> | null;
  writable: WritableStream<Uint8Array> | null;
}
interface SerialLike {
  requestPort(options?: object): Promise<SerialPortLike>;
}
interface CharacteristicLike extends EventTarget {
  value?: DataView;
  startNotifications(): Promise<unknown>;
  writeValue(data: Uint8Array): Promise<void>;
}
interface BluetoothDeviceLike extends EventTarget {
  name?: string;
  gatt?: {
    connect(): Promise<{ getPrimaryService(uuid: string): Promise<{ getCharacteristic(uuid: string): Promise<CharacteristicLike> }> }>;
    disconnect(): void;
  };
}
interface BluetoothLike {
  requestDevice(options: object): Promise<BluetoothDeviceLike>;
}

/** The Nordic UART service Espruino's Bluetooth console speaks (TX: we write; RX: it notifies). */
const NORDIC_SERVICE = "6e400001-b5a3-f393-e0a9-e50e24dcca9e";
const NORDIC_TX = "6e400002-b5a3-f393-e0a9-e50e24dcca9e";
const NORDIC_RX = "6e400003-b5a3-f393-e0a9-e50e24dcca9e";
/** Bytes per Bluetooth write: the default packet (MTU 23 − 3), as the Web IDE sends. */
const BLE_CHUNK = 20;
/** How often the live view asks the toy for its state, ms. */
const FOLLOW_MS = 1000;

/** Text as bytes, one a character (the protocol sends only ASCII and Ctrl-C/Ctrl-P). */
function bytesOf(s: string): Uint8Array {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i) & 0xff;
  return b;
}

function textOf(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
}

/** A link whose sends go out one after another, and which tells its listeners once when it ends. */
function makeLink(send: (bytes: Uint8Array) => Promise<void>, shut: () => void): { link: ConsoleLink; received(s: string): void; ended(): void } {
  const dataListeners: ((s: string) => void)[] = [];
  const closeListeners: (() => void)[] = [];
  let queue = Promise.resolve();
  let over = false;
  const ended = () => {
    if (over) return;
    over = true;
    for (const l of closeListeners) l();
  };
  const link: ConsoleLink = {
    write(s) {
      if (over) return;
      queue = queue.then(() => (over ? undefined : send(bytesOf(s)))).catch(ended);
    },
    onData: (l) => void dataListeners.push(l),
    onClose: (l) => void closeListeners.push(l),
    close() {
      ended();
      shut();
    },
  };
  return { link, received: (s) => dataListeners.forEach((l) => l(s)), ended };
}

/** The serial port the maker picks, opened, as a link. */
export async function openSerial(baud: number): Promise<ConsoleLink> {
  const serial = (navigator as unknown as { serial?: SerialLike }).serial;
  if (!serial) throw new FlashError("this browser has no Web Serial: use Chrome or Edge on a computer (or npm run flash)");
  let port: SerialPortLike;
  try {
    port = await serial.requestPort();
  } catch (e) {
    if ((e as DOMException).name === "NotFoundError") throw new FlashError("no port chosen: press the button again and pick the toy's USB serial port");
    throw new FlashError(`the browser would not offer a port (${(e as Error).message})`);
  }
  try {
    await port.open({ baudRate: baud });
  } catch (e) {
    throw new FlashError(`cannot open the port (${(e as Error).message}): is another program, such as the Espruino Web IDE, connected to it?`);
  }
  const writer = port.writable!.getWriter();
  const reader = port.readable!.getReader();
  const { link, received, ended } = makeLink(
    (bytes) => writer.write(bytes),
    () => {
      void reader.cancel().catch(() => undefined);
      writer.releaseLock();
      reader.releaseLock();
      void port.close().catch(() => undefined);
    },
  );
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (value) received(textOf(value));
      }
    } catch {
      // The port was lost (unplugged, the board reset its USB): the same as its end.
    }
    ended();
  })();
  return link;
}

/** The Bluetooth board the maker picks, connected to its Nordic UART console, as a link. */
export async function openBluetooth(): Promise<ConsoleLink> {
  const bluetooth = (navigator as unknown as { bluetooth?: BluetoothLike }).bluetooth;
  if (!bluetooth) throw new FlashError("this browser has no Web Bluetooth: use Chrome on Android, a Chromebook or a computer (or npm run flash)");
  let device: BluetoothDeviceLike;
  try {
    device = await bluetooth.requestDevice({ filters: [{ namePrefix: "MDBT42Q" }, { services: [NORDIC_SERVICE] }], optionalServices: [NORDIC_SERVICE] });
  } catch (e) {
    if ((e as DOMException).name === "NotFoundError") throw new FlashError("no board chosen: press the button again and pick the toy (its name starts MDBT42Q)");
    throw new FlashError(`the browser would not offer Bluetooth devices (${(e as Error).message}): is Bluetooth on?`);
  }
  let tx: CharacteristicLike;
  let rx: CharacteristicLike;
  try {
    const server = await device.gatt!.connect();
    const service = await server.getPrimaryService(NORDIC_SERVICE);
    tx = await service.getCharacteristic(NORDIC_TX);
    rx = await service.getCharacteristic(NORDIC_RX);
  } catch (e) {
    throw new FlashError(`cannot connect to ${device.name ?? "the board"} over Bluetooth (${(e as Error).message}): is it in range, and not connected to another phone or the Web IDE?`);
  }
  const { link, received, ended } = makeLink(
    async (bytes) => {
      for (let i = 0; i < bytes.length; i += BLE_CHUNK) await tx.writeValue(bytes.subarray(i, i + BLE_CHUNK));
    },
    () => device.gatt!.disconnect(),
  );
  rx.addEventListener("characteristicvaluechanged", () => {
    const v = rx.value;
    if (v) received(textOf(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)));
  });
  device.addEventListener("gattserverdisconnected", ended);
  await rx.startNotifications();
  return link;
}

/** The serial speed of a board's Espruino console (USB boards ignore it). */
function baudOf(profile: Profile): number {
  return profile.chip === "esp32" ? 115200 : 9600;
}

/** The line of the toy's state the live view shows. */
export function liveLine(s: { board: string; status: string; moves: number; rules: string }): string {
  return `Your toy, live: ${s.status}, ${s.moves} move${s.moves === 1 ? "" : "s"}, board ${s.board} (${s.rules})`;
}

/** The profile's pretokenised image (the web build's firmware/NAME.img; the offline cache has it too). */
async function imageOf(profile: Profile): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(`firmware/${profile.name}.img`);
  } catch (e) {
    throw new FlashError(`cannot load the firmware image firmware/${profile.name}.img (${(e as Error).message})`);
  }
  if (!response.ok) throw new FlashError(`cannot load the firmware image firmware/${profile.name}.img (${response.status} ${response.statusText})`);
  return new Uint8Array(await response.arrayBuffer());
}

/** What the panel shows and does; made once, reopened with each press of the button. */
interface Panel {
  dialog: HTMLDialogElement;
  status: HTMLElement;
  live: HTMLElement;
  /** The real toy's pads as it reports them, drawn as the page's goal is. */
  liveBoard: HTMLElement;
  progress: HTMLProgressElement;
  usb: HTMLButtonElement;
  ble: HTMLButtonElement;
  /** The page's --any-board: a board running an Espruino built for another board name (a build of one's own). */
  anyBoard: HTMLInputElement;
  link: ConsoleLink | null;
  follow: number | undefined;
  profile: Profile;
  /** Every profile as [name, board] (from profiles/NAME.json), for a refusal to name the toy that fits. */
  boards: Promise<[string, string][]>;
}

/** Every profile's board, read from the web build's profiles/NAME.json (the page's menu has only names); the shown one if they cannot be read. */
async function profileBoards(shown: Profile): Promise<[string, string][]> {
  try {
    return await Promise.all(
      PROFILES.map(async (q): Promise<[string, string]> => {
        const r = await fetch(`profiles/${q.name}.json`);
        if (!r.ok) throw new Error(String(r.status));
        return [q.name, ((await r.json()) as Profile).board];
      }),
    );
  } catch {
    return [[shown.name, shown.board]];
  }
}

let panel: Panel | null = null;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: { [k: string]: string } = {}, text = ""): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

function stop(p: Panel): void {
  if (p.follow !== undefined) clearInterval(p.follow);
  p.follow = undefined;
  p.link?.close();
  p.link = null;
}

function makePanel(profile: Profile): Panel {
  const dialog = el("dialog", { id: "flash", "aria-labelledby": "flash-title" });
  const title = el("h2", { id: "flash-title" }, "Put this on my toy");
  const about = el("p", { id: "flash-about" });
  const usb = el("button", { type: "button", id: "flash-usb" }, "Connect over USB");
  const ble = el("button", { type: "button", id: "flash-ble" }, "Connect over Bluetooth");
  const progress = el("progress", { id: "flash-progress", max: "1", value: "0" });
  const status = el("p", { id: "flash-status", role: "status", "aria-live": "polite" });
  const live = el("p", { id: "flash-live", "aria-live": "off" });
  const liveBoard = el("div", { id: "flash-live-board", class: "mini", role: "img", "aria-label": "the real toy's pads" });
  liveBoard.hidden = true;
  const close = el("button", { type: "button", id: "flash-close" }, "Close");
  const anyBoard = el("input", { type: "checkbox", id: "flash-any-board" });
  const anyLabel = el("label", { class: "check" });
  anyLabel.append(anyBoard, " write it even to an Espruino built for another board (a build of your own)");
  const closeRow = el("p");
  closeRow.append(close);
  dialog.append(title, about, usb, ble, anyLabel, progress, status, live, liveBoard, closeRow);
  document.body.append(dialog);
  const p: Panel = { dialog, status, live, liveBoard, progress, usb, ble, anyBoard, link: null, follow: undefined, profile, boards: Promise.resolve([]) };
  usb.addEventListener("click", () => void flash(p, () => openSerial(baudOf(p.profile))));
  ble.addEventListener("click", () => void flash(p, openBluetooth));
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => stop(p));
  return p;
}

/** Opens the panel for the profile the page is showing. */
export function openFlashPanel(profile: Profile): void {
  panel ??= makePanel(profile);
  const p = panel;
  stop(p);
  p.profile = profile;
  p.boards = profileBoards(profile);
  p.dialog.querySelector("#flash-about")!.textContent =
    `Writes the ${profile.name} firmware to your board, checked as npm run flash checks it: the board must run Espruino ${REQUIRED_VERSION} or later, built for this board. ` +
    (profile.chip === "nrf52" ? "Connect over Bluetooth, or over USB through a USB-serial adapter." : "Plug the board in with a USB data cable, then connect.");
  p.ble.hidden = profile.chip !== "nrf52";
  // Say at once what this browser cannot do, rather than after a press.
  const can = navigator as unknown as { serial?: unknown; bluetooth?: unknown };
  const missing = [!can.serial && "USB serial ports (Web Serial)", !p.ble.hidden && !can.bluetooth && "Bluetooth (Web Bluetooth)"].filter(Boolean);
  if (missing.length > 0) p.dialog.querySelector("#flash-about")!.textContent += ` This browser cannot reach ${missing.join(" or ")}: use Chrome or Edge (Chrome on Android for Bluetooth), or npm run flash.`;
  p.progress.value = 0;
  p.status.textContent = "";
  p.live.textContent = "";
  p.liveBoard.hidden = true;
  p.dialog.showModal();
}

async function flash(p: Panel, open: () => Promise<ConsoleLink>): Promise<void> {
  stop(p);
  const profile = p.profile;
  const say = (s: string) => (p.status.textContent = s);
  p.usb.disabled = p.ble.disabled = true;
  p.progress.value = 0;
  p.live.textContent = "";
  say("Choose the toy's port…");
  try {
    // The chooser first, while the press still counts as the maker's (browsers ask for that).
    const link = await open();
    p.link = link;
    const image = await imageOf(profile);
    const boards = await p.boards;
    let lost = false;
    link.onClose(() => (lost = true));
    say("Talking to the board…");
    const crc = await flashOverConsole(link, image, {
      password: profile.consolePassword,
      board: p.anyBoard.checked ? undefined : { profile: profile.name, board: profile.board, profiles: boards },
      updateHint: updateHint(profile.chip),
      log: (line) => {
        if (!line.startsWith("piece")) say(line);
      },
      progress: (done, all) => {
        p.progress.value = done / all;
        say(`Writing piece ${done} of ${all}…`);
      },
    }).catch((e: unknown) => {
      // The link went away mid-way: say so, whatever step noticed it.
      if (lost && e instanceof FlashError) throw new FlashError(`the connection was lost (${e.message}); the board kept its old code or an incomplete image that does not run: connect again and flash again`);
      throw e;
    });
    p.progress.value = 1;
    say(`Done: the toy holds ${image.length} bytes, CRC-32 ${crc.toString(16).padStart(8, "0")} checked, and has restarted with them.`);
    follow(p, link);
  } catch (e) {
    stop(p);
    say(`Not flashed: ${e instanceof FlashError ? pageWording(e.message) : String(e)}`);
  } finally {
    p.usb.disabled = p.ble.disabled = false;
  }
}

/** The toy's pads (a digit each, 0 dark) as lit and dark cells. */
function drawBoard(p: Panel, board: string): void {
  const cells = board.split("");
  if (cells.length !== p.profile.rows * p.profile.cols) return;
  p.liveBoard.style.gridTemplateColumns = `repeat(${p.profile.cols}, 1fr)`;
  p.liveBoard.replaceChildren(
    ...cells.map((c) => {
      const s = document.createElement("span");
      s.className = c === "0" ? "off" : "on";
      return s;
    }),
  );
  p.liveBoard.setAttribute("aria-label", `the real toy's pads: ${cells.filter((c) => c !== "0").length} of ${cells.length} lit`);
  p.liveBoard.hidden = false;
}

/** A refusal worded for the command line, worded for the page (its Toy menu; the overrides are the command line's). */
export function pageWording(message: string): string {
  return message
    .replace(/pass --board (\S+(?: or --board \S+)*), or --any-board to flash anyway/, (_, names: string) => `choose ${names.split(" or --board ").join(" or ")} in the Toy menu (or tick "write it even to an Espruino built for another board")`)
    .replace(/pass the profile of that board, or --any-board to flash anyway/, `choose that board's toy in the Toy menu (or tick "write it even to an Espruino built for another board")`)
    .replace(/; pass --any-board to flash anyway/, "")
    .replace(/ \(or pass --any-version\)$/, "")
    .replace(/, or pass --any-version$/, "");
}

/** Asks the real toy for its state every FOLLOW_MS and shows it, until the panel closes or the link ends. */
function follow(p: Panel, link: ConsoleLink): void {
  let text = "";
  link.onData((s) => {
    text += s.replace(/\r/g, "");
    // A toy that locks its console (mdbt42q-3x3) asks again after its restart.
    if (/password>\s*$/.test(text) && p.profile.consolePassword) {
      text = "";
      link.write(p.profile.consolePassword + "\n");
    }
    const m = /<<ST>>(\{[^\n]*\})\n/.exec(text);
    if (m) {
      text = text.slice(m.index + m[0].length);
      try {
        const state = JSON.parse(m[1]);
        p.live.textContent = liveLine(state);
        drawBoard(p, String(state.board));
      } catch {
        // A line cut by the console: the next one will do.
      }
    }
    if (text.length > 4096) text = text.slice(-1024);
  });
  link.onClose(() => {
    if (p.follow !== undefined) p.live.textContent += " (disconnected)";
    stop(p);
  });
  p.follow = window.setInterval(() => link.write(`${QUIET}print("<<"+"ST>>"+JSON.stringify(Merlin.state()))\n`), FOLLOW_MS);
}

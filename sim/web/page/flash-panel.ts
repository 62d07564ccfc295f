/**
 * "Put this on my toy": writes the page's firmware to a real board from the browser, with no
 * install — over a USB cable (Web Serial: Pico, ESP32, an MDBT42Q on a USB-serial adapter) or
 * over Bluetooth (Web Bluetooth, the MDBT42Q's Nordic UART console). The steps and checks are
 * those of `npm run flash` (firmware/flash/flash-protocol.ts): the board's Espruino build and
 * version, Merlin's games (firmware/NAME.files.img.json, a Storage file each) and the
 * pretokenised image (firmware/NAME.img) in acknowledged pieces, each file's CRC-32 read back,
 * and only then load(). Once flashed, the panel follows the real toy live
 * over the same link (real-toy.ts) and offers to show it in the teaching view: main.ts then
 * gives the view the real toy's state and maths, and the board drawn at the view's top (this
 * module's banner) for its marks; the last board stays, marked, when the link ends.
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
import { type ConsoleLink, FlashError, flashOverConsole, REQUIRED_VERSION, type StorageFile, updateHint } from "../../../firmware/flash/flash-protocol";
import { inkOn, statePalette } from "../../app/palette";
import type { FirmwareState } from "../../app/session";
import type { ToyMaths } from "../teach";
import { RealToy } from "./real-toy";

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
  let shutDone = false;
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
      // Once: a link let go of by the panel and again by the toy it followed releases the port once.
      if (shutDone) return;
      shutDone = true;
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

/** The image's other Storage files, pretokenised: Merlin's games (the web build's firmware/NAME.files.img.json). */
async function gameFilesOf(profile: Profile): Promise<StorageFile[]> {
  const path = `firmware/${profile.name}.files.img.json`;
  let images: Record<string, string>;
  try {
    const response = await fetch(path);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    images = (await response.json()) as Record<string, string>;
  } catch (e) {
    throw new FlashError(`cannot load the games' files ${path} (${(e as Error).message})`);
  }
  return Object.keys(images).map((name) => ({ name, bytes: Uint8Array.from(atob(images[name]), (c) => c.charCodeAt(0)) }));
}

/** The teaching view's source while it shows the real toy (main.ts switches to it and back). */
export interface TeachSource {
  /** The real toy's last state (Merlin.state()). */
  state(): FirmwareState;
  /** The maths of the game it plays (its Merlin.maths(), asked again when its rules change). */
  maths(): ToyMaths;
  /** Where the view marks the presses of x: the real toy's board drawn at the top of the view. */
  pads: HTMLElement[];
  /** "Play this board" hands the board to the real toy. */
  play(board: string): void;
}

/** main.ts's switch: the teaching view shows `source`, or the virtual toy again (null). */
export type ShowToy = (source: TeachSource | null) => void;

/** The real toy's box at the top of the teaching view, while the view shows it. */
interface Banner {
  root: HTMLElement;
  /** Beside the virtual toy: a word that the teaching view shows another toy. */
  aside: HTMLElement;
  title: HTMLElement;
  line: HTMLElement;
  note: HTMLElement;
  board: HTMLElement;
  cells: HTMLElement[];
}

/** What the panel shows and does; made once, reopened with each press of the button. */
interface Panel {
  dialog: HTMLDialogElement;
  status: HTMLElement;
  live: HTMLElement;
  /** The real toy's pads as it reports them. */
  liveBoard: HTMLElement;
  liveCells: HTMLElement[];
  progress: HTMLProgressElement;
  usb: HTMLButtonElement;
  ble: HTMLButtonElement;
  /** "Show my toy in the teaching view": offered while the panel follows the toy. */
  teach: HTMLButtonElement;
  /** The page's --any-board: a board running an Espruino built for another board name (a build of one's own). */
  anyBoard: HTMLInputElement;
  /** The link being flashed over (the toy follows over it once flashed). */
  link: ConsoleLink | null;
  /** The real toy as followed over the link, and as last heard once the link ends. */
  toy: RealToy;
  /** Whether the teaching view shows the real toy (then closing the panel keeps following it). */
  showing: boolean;
  banner: Banner | null;
  show: ShowToy;
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

/** Stops following the toy and lets the link go (what the toy said last stays, marked as no longer live). */
function stop(p: Panel): void {
  p.toy.stop();
  p.link?.close();
  p.link = null;
}

/** The panel's and the teaching view's styles for the real toy (the page's style.css has the rest). */
const STYLE = `
#real-toy { border: 2px solid var(--accent); border-radius: .5rem; padding: .4rem .8rem; margin: .2rem 0 .8rem; }
#real-toy h3 { margin: 0 0 .4rem; color: var(--accent); }
#real-toy.stale { border: 2px dashed #ff7b72; }
#real-toy.stale h3, #real-toy-note { color: #ffb4ab; }
#real-toy.stale #real-toy-board { opacity: .6; }
#real-toy p { margin: .3rem 0; }
#real-toy-board span { position: relative; width: 2rem; height: 2rem; line-height: 2rem; text-align: center; font-size: .9rem; }
#real-toy-board span.in-x { box-shadow: inset 0 0 0 .25rem #2f80ed; }
#real-toy-board span.in-rule { outline: .2rem dashed var(--accent); outline-offset: 1px; }
#real-toy-board span.in-x:not([data-press="1"])::after { content: "×" attr(data-press); position: absolute; right: 1px; bottom: -2px; font-size: .65rem; line-height: 1; color: #fff; background: #1d4f91; border-radius: 2px; }
.mini span.colour { background: rgb(var(--rgb)); color: rgb(var(--ink)); }
body[data-teach-toy="real"] #toy { opacity: .6; }
#real-toy-aside { color: var(--accent); margin: .3rem 0; }
`;

/** `rows × cols` cells for a board (drawBoard colours them). */
function boardCells(box: HTMLElement, profile: Profile): HTMLElement[] {
  box.style.gridTemplateColumns = `repeat(${profile.cols}, 1fr)`;
  const cells = Array.from({ length: profile.rows * profile.cols }, () => el("span"));
  box.replaceChildren(...cells);
  return cells;
}

/** The board's pads in words: "pads 2, 4, 5 lit" or, in colour games, the pads of each colour. */
export function boardWords(board: string, k: number): string {
  const pads = (v: number) => board.split("").flatMap((c, i) => (Number(c) === v ? [i + 1] : []));
  const looks = statePalette(k);
  const parts: string[] = [];
  for (let v = 1; v < k; v++) {
    const at = pads(v);
    if (at.length > 0) parts.push(k === 2 ? `pad${at.length === 1 ? "" : "s"} ${at.join(", ")} lit` : `${looks[v].name} (${v}): ${at.join(", ")}`);
  }
  return parts.length === 0 ? (k === 2 ? "every pad dark" : `every pad ${looks[0].name}`) : parts.join("; ");
}

/**
 * Draws a board (digits, pad 1 first) in `cells`, in place: the teaching view's marks on them
 * (in-x, in-rule) stay. Two-state games: lit or dark; colour games: each state's colour and symbol.
 */
function drawBoard(box: HTMLElement, cells: HTMLElement[], board: string, k: number, label: string): void {
  if (board.length !== cells.length) return;
  const looks = statePalette(k);
  cells.forEach((c, i) => {
    const v = looks[Number(board[i])] ? Number(board[i]) : 0;
    c.classList.toggle("on", v !== 0);
    c.classList.toggle("off", v === 0);
    if (k > 2) {
      c.classList.add("colour");
      c.style.setProperty("--rgb", looks[v].screen.join(" "));
      c.style.setProperty("--ink", inkOn(looks[v].screen).join(" "));
      if (c.textContent !== looks[v].symbol) c.textContent = looks[v].symbol;
    } else if (c.classList.contains("colour")) {
      c.classList.remove("colour");
      c.textContent = "";
    }
  });
  box.setAttribute("aria-label", `${label}: ${boardWords(board, k)}`);
  box.dataset.board = board;
  box.hidden = false;
}

function makePanel(profile: Profile, show: ShowToy): Panel {
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
  const teach = el("button", { type: "button", id: "flash-teach" }, "Show my toy in the teaching view");
  teach.hidden = true;
  const close = el("button", { type: "button", id: "flash-close" }, "Close");
  const anyBoard = el("input", { type: "checkbox", id: "flash-any-board" });
  const anyLabel = el("label", { class: "check" });
  anyLabel.append(anyBoard, " write it even to an Espruino built for another board (a build of your own)");
  const closeRow = el("p");
  closeRow.append(teach, " ", close);
  dialog.append(title, about, usb, ble, anyLabel, progress, status, live, liveBoard, closeRow);
  document.body.append(dialog, el("style", {}, STYLE));
  const p: Panel = {
    dialog, status, live, liveBoard, liveCells: boardCells(liveBoard, profile), progress, usb, ble, teach, anyBoard,
    link: null, toy: new RealToy(profile.consolePassword, () => render(p)), showing: false, banner: null, show, profile, boards: Promise.resolve([]),
  };
  usb.addEventListener("click", () => void flash(p, () => openSerial(baudOf(p.profile))));
  ble.addEventListener("click", () => void flash(p, openBluetooth));
  teach.addEventListener("click", () => showRealToy(p));
  close.addEventListener("click", () => dialog.close());
  // Closed, the panel lets the toy go, unless the teaching view shows it.
  dialog.addEventListener("close", () => {
    if (!p.showing) stop(p);
  });
  return p;
}

/** Opens the panel for the profile the page is showing; `show` switches the teaching view between the real toy and the virtual one. */
export function openFlashPanel(profile: Profile, show: ShowToy = () => undefined): void {
  panel ??= makePanel(profile, show);
  const p = panel;
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
  // A toy still followed (the teaching view shows it) keeps its line and board; else a fresh start.
  if (!p.toy.connected) {
    p.progress.value = 0;
    p.status.textContent = "";
    p.live.textContent = "";
    p.liveBoard.hidden = true;
  }
  render(p);
  p.dialog.showModal();
}

async function flash(p: Panel, open: () => Promise<ConsoleLink>): Promise<void> {
  stop(p);
  const profile = p.profile;
  const say = (s: string) => (p.status.textContent = s);
  p.usb.disabled = p.ble.disabled = true;
  p.progress.value = 0;
  p.live.textContent = "";
  p.liveBoard.hidden = true;
  p.teach.hidden = true;
  say("Choose the toy's port…");
  try {
    // The chooser first, while the press still counts as the maker's (browsers ask for that).
    const link = await open();
    p.link = link;
    const image = await imageOf(profile);
    const files = await gameFilesOf(profile);
    const boards = await p.boards;
    let lost = false;
    link.onClose(() => (lost = true));
    say("Talking to the board…");
    const crc = await flashOverConsole(link, image, {
      files,
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
    // From now on the panel (and the teaching view, when it shows the real toy) follows the toy.
    p.toy.follow(link);
  } catch (e) {
    stop(p);
    say(`Not flashed: ${e instanceof FlashError ? pageWording(e.message) : String(e)}`);
  } finally {
    p.usb.disabled = p.ble.disabled = false;
  }
}

/** The line of the toy's state the live view shows. */
export function liveLine(s: { board: string; status: string; moves: number; rules: string }, live = true): string {
  return `Your toy, ${live ? "live" : "last heard"}: ${s.status}, ${s.moves} move${s.moves === 1 ? "" : "s"}, board ${s.board} (${s.rules})`;
}

/** Shows what the toy said last: in the panel, and above the teaching view while it shows the toy. */
function render(p: Panel): void {
  const t = p.toy;
  const k = t.reading?.maths.k ?? 2;
  if (t.heard !== null && (t.connected || p.live.textContent !== "")) {
    p.live.textContent = liveLine(t.heard, t.connected) + (t.connected ? "" : " (disconnected)");
    drawBoard(p.liveBoard, p.liveCells, t.heard.board, k, "the real toy's pads");
  }
  p.teach.hidden = !t.connected || t.reading === null || p.showing;
  const b = p.banner;
  if (b === null || !p.showing || t.reading === null) return;
  const s = t.reading.state;
  b.root.classList.toggle("stale", !t.connected);
  b.root.dataset.live = String(t.connected);
  b.title.textContent = t.connected ? "Your toy, live: the teaching view follows it" : "Your toy is disconnected: its last board";
  b.line.textContent = liveLine(s, t.connected);
  const note = t.connected
    ? ""
    : "The link to your toy ended: the view keeps the last board it reported, which may have changed since. Connect it again from Put this on my toy, or go back to the virtual toy.";
  if (b.note.textContent !== note) b.note.textContent = note;
  drawBoard(b.board, b.cells, s.board, k, `your toy's board${t.connected ? "" : " (last heard)"}`);
}

/** The banner at the top of the teaching view: the real toy's board (where the view marks x), its state, the way back. */
function makeBanner(p: Panel): Banner {
  const root = el("section", { id: "real-toy", "aria-labelledby": "real-toy-title" });
  const title = el("h3", { id: "real-toy-title" });
  const board = el("div", { id: "real-toy-board", class: "mini", role: "img" });
  const line = el("p", { id: "real-toy-line" });
  const note = el("p", { id: "real-toy-note", role: "status" });
  const back = el("button", { type: "button", id: "real-toy-back" }, "Back to the virtual toy");
  const aside = el("p", { id: "real-toy-aside" }, "The teaching view shows your real toy, not this one.");
  // Back: the view shows the virtual toy again, and the panel lets the real toy's port go
  // (nothing would show what it says, and the Web IDE or npm run flash may want the port).
  back.addEventListener("click", () => {
    p.showing = false;
    root.remove();
    aside.remove();
    delete document.body.dataset.teachToy;
    p.show(null);
    stop(p);
  });
  const row = el("p");
  row.append(back);
  root.append(title, board, line, note, row);
  return { root, aside, title, line, note, board, cells: boardCells(board, p.profile) };
}

/**
 * Switches the teaching view to the real toy: the panel closes (the link stays), the banner
 * goes to the top of the view. The view's own section is filled when it first loads: the
 * banner takes its place once the view reads the toy (TeachSource.state).
 */
function showRealToy(p: Panel): void {
  const t = p.toy;
  if (t.reading === null) return;
  const b = (p.banner ??= makeBanner(p));
  p.showing = true;
  p.dialog.close();
  document.body.dataset.teachToy = "real";
  document.getElementById("summary")?.append(b.aside);
  // The view clears its x marks on the virtual toy's pads as it switches, not the guided
  // hint's outline (source 003's strategy): that goes here, or it would linger there.
  document.querySelectorAll("#toy .pad.in-rule").forEach((pad) => pad.classList.remove("in-rule"));
  const place = () => {
    const view = document.getElementById("teach");
    if (view === null || b.root.parentElement === view) return;
    const heading = view.querySelector(":scope > h2");
    if (heading) heading.after(b.root);
    else view.prepend(b.root);
  };
  render(p);
  p.show({
    state: () => {
      place();
      return t.reading!.state;
    },
    maths: () => t.reading!.maths,
    pads: b.cells,
    play: (board) => t.play(board),
  });
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

/**
 * `merlin sim`: the toy in a terminal. The pads are drawn from the LED brightness the virtual
 * board measures on the LED pins, redrawn as the clock runs in real time (RealTimePacer), so a
 * pad blinks exactly when the firmware blinks it, and the power-on light test shows as on the
 * toy. Digits, the mouse and a cursor press pads through the key matrix; the letters are the
 * toy's functions, done directly through its console API (actions.ts), as its extra buttons
 * do. Around the pads: rule set, seed and puzzle, moves against the limit, par and score,
 * status and why, the goal, statistics and whether the toy is muted (toy-info.ts, the same
 * texts as the browser toy); in Merlin's other games the game's name, how it stands and its
 * results, how it is played (game-words.ts), and the pads named by Merlin's lights, which the
 * digits press. The piezo rings the terminal bell.
 *
 * Three layers: renderFrame (a pure function of a view, tested on strings), TuiController
 * (keys and mouse in, actions and frames out, on a session in virtual time: tested without a
 * terminal), runTui (terminal plumbing: alternate screen, raw mode, SGR mouse reports, resize,
 * restoring the terminal however the program ends).
 */
import type { ReadStream, WriteStream } from "node:tty";
import { RealTimePacer } from "../board";
import { ACTION_LABELS, runAction, type ToyAction } from "./actions";
import { BOOT_SETTLE_MS, type ButtonName, type FirmwareState, SimSession } from "./session";
import { COLOUR_STATES, inkOn, keyPads, shownState, statePalette } from "./palette";
import { gameOverText, goalBoard, goalWords, movesText, padForDigit, padLabels, parText, playedPuzzle, pressWords, profileGames, puzzleText, ruleSet, statsText, statusText, type ToyStats } from "./toy-info";
import { GAME_WORDS, gameLabel, gameTitle, lightLabels, otherGame, otherStatusText, resultsText } from "./game-words";
import { LEVEL_NAMES } from "../../src/toy/games/tictactoe";
import { lossRuleWords } from "../basic-dialogue";
import { wrapText } from "../../tools/options";

export { padForDigit, padLabels };

export type PadLook = "lit" | "dim" | "dark";

/** Brightness (relative to full) → how a pad looks; a blinking pad alternates lit/dark between frames. */
export function padLook(brightness: number): PadLook {
  if (brightness >= 0.6) return "lit";
  if (brightness >= 0.15) return "dim";
  return "dark";
}

export type TuiState = Pick<FirmwareState, "moves" | "status" | "reason" | "rules" | "seed" | "puzzle" | "par" | "muted" | "asleep"> &
  Partial<Pick<FirmwareState, "game" | "choosing" | "blink" | "state">>;

export interface TuiView {
  profile: string;
  rows: number;
  cols: number;
  /** Brightness per pad, 0..1, row-major. */
  pads: number[];
  /**
   * WS2812 boards: the colour each pad's pixel holds, [red, green, blue] bytes read from the
   * virtual pixels (drawn at full scale; brightness picks lit or dim); absent: Merlin's red.
   */
  rgb?: ([number, number, number] | undefined)[];
  /** The key that presses each pad ("" = mouse or cursor only). */
  labels: string[];
  /** Pad under the cursor (arrows + space/enter), or -1 when hidden. */
  cursor: number;
  buttons: ButtonName[];
  state: TuiState;
  /** Magic Square's statistics; in another game its results (games, wins, losses, draws). */
  stats: ToyStats & { losses?: number; draws?: number };
  /** The games the toy plays, by number (what NEW GAME's choice lists). */
  games?: { name: string; number: number }[];
  /** Row-major "0"/"1" of the goal. */
  goal: string;
  /** Frequency playing now (0 = silent). */
  tone: number;
  /** The bell is off (--quiet). */
  quiet: boolean;
  /** The last thing that happened ("hint: press 5"). */
  message: string;
  help: boolean;
  /** The rule sets and games the R key steps through (the help lists each); absent: the one played. */
  ruleCycle?: readonly string[];
  color: boolean;
}

/** A clickable area of the frame, 0-based cells. */
export interface HitBox {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** A pad index, or an extra button's name. */
  target: number | ButtonName;
}

export interface Frame {
  lines: string[];
  hits: HitBox[];
}

const PAD_W = 7;
const CELL_W = PAD_W + 3; // "[" pad "]" and a space
const PAD_H = 3;
/** Columns of the side panel (goal, statistics) right of the pads. */
const SIDE_W = 30;
const TOP = 3;

/** The letter keys and what they do. */
export const LETTER_ACTIONS: { [key: string]: ToyAction } = {
  n: "newGame",
  s: "sameGame",
  h: "hitMe",
  c: "compTurn",
  u: "undo",
  y: "redo",
  g: "goal",
  z: "sleep",
  r: "rules",
  m: "mute",
};

/** The key line at the foot of the screen (80 columns; Z sleep is in the help). */
export const HELP_LINE = "N new S same H hint C comp U undo Y redo G goal R rules M mute ? help Q quit";
/** The key line in Merlin's other games: the buttons are the game's, L Tic-Tac-Toe's level (GOAL and RULES are Magic Square's). */
export const GAME_HELP_LINE = "N games S same H hit me C comp turn U undo Y redo L level M mute ? help Q quit";

/** Tic-Tac-Toe's levels (its setting "level", src/toy/games/tictactoe.ts), for the L key's line. */
const LEVEL_WORDS: { [level: string]: string } = {
  merlin: "Merlin's own play, which can be beaten",
  perfect: "Merlin never loses",
  two: "two players take turns, the second one's marks blinking",
};

/** What the pads take, for the help (wrapped to the screen). */
const PADS_HELP =
  "Pads: keys 1-9 as numbered (1 top-left), or --keypad (7 8 9 on top); arrows move the cursor, space/enter press it; " +
  "a click presses a pad for as long as the mouse button is held (a 1.5 s hold is the toy's own function gesture).";

/** The letters, two rows of a table (each fits an 80-column terminal). */
export const HELP_TEXT = [
  "N NEW GAME  S SAME GAME  H HIT ME (the key to press)  C COMP TURN (plays it)",
  "U UNDO  Y REDO  G GOAL  Z SLEEP  R next rules  L level  M mute  ? help  Q quit",
];

/** What the pads take in Merlin's other games, for their help. */
const LIGHTS_HELP =
  "Pads: each carries the number of Merlin's light over it, and keys 0-9 press those (pads without a number are no keys); " +
  "arrows move the cursor, space/enter press it; a click presses a pad while the mouse button is held.";

/**
 * The help in another of Merlin's games (`game`): the pads, how the game is played, what each
 * button does in it (game-words.ts), the letters; the games NEW GAME chooses from (`games`).
 */
export function gameHelpText(game: string, games: readonly { name: string; number: number }[], width = HELP_COLUMNS): string[] {
  const words = GAME_WORDS[game];
  const b = words?.buttons ?? { sameGame: "", hitMe: "", compTurn: "" };
  const does = (key: string, label: string, what: string) => wrapText(`${key} ${label}: ${what || `not a key of ${gameTitle(game)}`}.`, width, "", "  ");
  const lines = wrapText(LIGHTS_HELP, width);
  lines.push(...wrapText(`Playing ${gameTitle(game)}. ${words?.about ?? ""}`, width));
  lines.push(...does("N", "NEW GAME", `chooses a game, by its number (${games.map(gameLabel).join(", ")})`));
  lines.push(...does("S", "SAME GAME", b.sameGame), ...does("H", "HIT ME", b.hitMe), ...does("C", "COMP TURN", b.compTurn));
  lines.push(...does("L", "level", `Tic-Tac-Toe's, ${LEVEL_NAMES.join(" → ")} (a new game)`));
  lines.push(...wrapText("U UNDO and Y REDO where the game has them; G GOAL and R RULES are Magic Square's.", width), "Z SLEEP  M mute  ? help  Q quit");
  return lines;
}

/** Widest the help is wrapped to (narrower terminals: their width). */
const HELP_COLUMNS = 82;

/** A rule set's or game's goal on this board and how it is lost, from the rule table (src/toy/rules.ts) and the game's goal. */
export function rulesWords(rules: string, rows: number, cols: number): string {
  const goal = goalBoard(rules, rows, cols);
  const set = ruleSet(rules);
  const lost = set ? lossRuleWords(set, !/[^0]/.test(goal)) : "";
  return `goal ${goalWords(goal, rows, cols)}; ${lost}`;
}

/**
 * The help: the keys; the goal, what a press does on this board and how the game is lost under
 * the rules played; then every rule set and game the R key steps through (`cycle`), each with
 * its goal and how it is lost. Lines of at most `width` columns.
 */
export function helpText(rules: string, rows: number, cols: number, cycle: readonly string[] = [rules], width = HELP_COLUMNS): string[] {
  const goal = goalWords(goalBoard(rules, rows, cols), rows, cols);
  const set = ruleSet(rules);
  const lost = set ? lossRuleWords(set, !/[^0]/.test(goalBoard(rules, rows, cols))) : "";
  const about = `Goal: ${goal}. ${pressWords(rules, rows, cols)} The game is kept in .merlin/ like on the toy.`;
  const lines = wrapText(PADS_HELP, width).concat(HELP_TEXT, wrapText(`Playing ${rules}. ${about} ${lost.charAt(0).toUpperCase() + lost.slice(1)}.`, width));
  lines.push("R steps through:");
  const column = 2 + Math.max(...cycle.map((n) => n.length)) + 2;
  for (const name of cycle) lines.push(...wrapText(rulesWords(name, rows, cols), width, ("  " + name).padEnd(column), " ".repeat(column)));
  return lines;
}

const ESC = "\x1b[";
const STYLE: { [look in PadLook]: string } = { lit: ESC + "1;97;101m", dim: ESC + "97;41m", dark: ESC + "37;100m" };
const GLYPH: { [look in PadLook]: string } = { lit: "█", dim: "▒", dark: "░" };
const RESET = ESC + "0m";
const DIM = ESC + "2m";
const NO_DIM = ESC + "22m";

/** A pad's colours: a pixel's own hue (scaled to full for lit, half for dim) as a 24-bit background, else STYLE. */
function padStyle(look: PadLook, rgb: [number, number, number] | undefined): string {
  const m = rgb ? Math.max(rgb[0], rgb[1], rgb[2]) : 0;
  if (!rgb || m === 0 || look === "dark") return STYLE[look];
  const scale = (look === "lit" ? 255 : 128) / m;
  return ESC + (look === "lit" ? "1;" : "") + "97;48;2;" + rgb.map((c) => Math.round(c * scale)).join(";") + "m";
}

/**
 * A colour game's pad: the state the pixel shows (sim/app/palette.ts) as its colour at full
 * scale (half when dim, the palette's dark when off) with text in the ink that reads on it.
 */
function colourPadStyle(look: PadLook, state: number): string {
  const rgb = COLOUR_STATES[state].rgb;
  const bg = look === "dim" && state > 0 ? rgb.map((c) => c >> 1) : rgb;
  return ESC + "1;38;2;" + inkOn(bg).join(";") + ";48;2;" + bg.join(";") + "m";
}

/**
 * One text line (0 top, 1 the label, 2 bottom) of row r's pads. Colour games (3 or more states)
 * carry the state's symbol on the top line, in colour and without: the cue that is not colour.
 */
function padRow(view: TuiView, r: number, line: number): string {
  let out = "";
  const k = view.state.rules === "?" || otherGame(view.state) ? 2 : playedPuzzle(view.state.rules, view.rows, view.cols).states;
  const lights = otherGame(view.state) || view.state.choosing === true;
  for (let c = 0; c < view.cols; c++) {
    const i = r * view.cols + c;
    const look = padLook(view.pads[i]);
    const cursor = view.cursor === i && line === 1;
    const state = k > 2 ? shownState(k, view.pads[i], view.rgb?.[i]) : -1;
    let body: string;
    if (line === 1) {
      // A pad no digit key presses shows its number, dimmed, as the page does: messages name
      // pads by number ("hint: press 12"). In the other games such a pad is no key: blank.
      const label = view.labels[i] || (lights ? "" : String(i + 1));
      let field = (" " + label + " ").padEnd(3).slice(0, 3);
      if (view.color && !view.labels[i]) field = DIM + field + NO_DIM;
      body = view.color ? " ".repeat(2) + field + " ".repeat(2) : GLYPH[look].repeat(2) + field + GLYPH[look].repeat(2);
    } else if (line === 0 && state >= 0) {
      const symbol = COLOUR_STATES[state].symbol;
      body = view.color ? "   " + symbol + "   " : GLYPH[look].repeat(2) + " " + symbol + " " + GLYPH[look].repeat(2);
    } else body = view.color ? " ".repeat(PAD_W) : GLYPH[look].repeat(PAD_W);
    if (view.color) body = (state >= 0 ? colourPadStyle(look, state) : padStyle(look, view.rgb?.[i])) + body + RESET;
    out += (cursor ? "[" : " ") + body + (cursor ? "]" : " ") + " ";
  }
  return out;
}

/**
 * The side panel's lines: the goal drawn small; in a colour game the legend (each state's
 * symbol, digit and name, and which pads are keys); then statistics and sound.
 */
function sidePanel(view: TuiView): string[] {
  if (view.state.choosing && !view.state.asleep) {
    // NEW GAME waits for a game's number: the games, by number (the status line says what to press).
    return ["games:", ...(view.games ?? []).map((g) => "  " + gameLabel(g)), "", "NEW GAME again goes back"];
  }
  if (otherGame(view.state)) return gamePanel(view);
  const out = ["goal"];
  for (let r = 0; r < view.rows; r++) {
    let row = "";
    for (let c = 0; c < view.cols; c++) row += (view.goal[r * view.cols + c] === "1" ? "██" : "░░") + " ";
    out.push(row.trimEnd());
  }
  const played = view.state.rules === "?" ? undefined : playedPuzzle(view.state.rules, view.rows, view.cols);
  if (played && played.states > 2) {
    out.push("", "colours (a press moves one on):");
    for (const look of statePalette(played.states)) out.push(`  ${look.symbol} ${look.state} ${look.name}`);
    const keys = keyPads(played);
    const n = keys.filter((k) => k).length;
    if (n < keys.length) out.push(`keys: ${n} of the ${keys.length} pads (? says which)`);
  }
  out.push("", statsText(view.stats), view.state.muted ? "sound: MUTED (M)" : `sound on${view.quiet ? " (bell off: --quiet)" : ""}`);
  return out;
}

/**
 * The side panel in another of Merlin's games: its name, how it is played (game-words.ts),
 * which pads are keys, its results and the sound.
 */
function gamePanel(view: TuiView): string[] {
  const game = view.state.game!;
  const out = [gameTitle(game), ...wrapText(GAME_WORDS[game]?.about ?? "", SIDE_W - 2)];
  const keys = view.labels.filter((l) => l !== "").length;
  out.push("", keys === view.labels.length ? "keys: every pad, by its light" : `keys: the ${keys} numbered pads`);
  // (Its results are on the header's second line.)
  out.push("", view.state.muted ? "sound: MUTED (M)" : `sound on${view.quiet ? " (bell off: --quiet)" : ""}`);
  return out;
}

/** The whole screen for a terminal `width` × `height`, and where the clickable things are. */
export function renderFrame(view: TuiView, width: number, height: number): Frame {
  const lines: string[] = [];
  const hits: HitBox[] = [];
  const gridW = view.cols * CELL_W;
  const needW = Math.max(gridW + 2 + SIDE_W, 60);
  const needH = Math.max(view.rows * (PAD_H + 1), view.rows + 4) + TOP + (view.buttons.length > 0 ? 1 : 0) + 4;
  if (width < needW || height < needH) {
    return { lines: [`terminal too small: ${width}×${height}, need ${needW}×${needH}`], hits };
  }
  const s = view.state;
  const bold = (t: string) => (view.color ? ESC + "1m" + t + RESET : t);
  const other = otherGame(s);
  const games = view.games ?? [];
  const helpLine = other ? GAME_HELP_LINE : HELP_LINE;
  if (other) {
    lines.push(bold(" MERLIN ") + ` ${view.profile}   game ${gameLabel(games.find((g) => g.name === s.game) ?? { name: s.game!, number: 0 })}`);
    lines.push(` ${resultsText(view.stats)}${s.muted ? "   MUTED" : ""}`);
  } else {
    lines.push(bold(" MERLIN ") + ` ${view.profile}   rules ${s.rules}   ${puzzleText(s)}`);
    lines.push(` ${movesText(s)}   ${parText(s)}${s.muted ? "   MUTED" : ""}`);
  }
  lines.push("");
  // The status line names the game played (Magic Square's is its rules' status), or asks for a game's number.
  // (The games to choose from are listed beside the pads, not on the line.)
  const status = other || s.choosing ? otherStatusText(s as FirmwareState, []) : statusText(s);
  if (view.help) {
    // The help takes the place of the pads (digits still press them): it fits a 24-line screen.
    const width2 = Math.min(HELP_COLUMNS, width - 2);
    const help = other ? gameHelpText(s.game!, games, width2) : helpText(s.rules, view.rows, view.cols, view.ruleCycle ?? [s.rules], width2);
    for (const h of help) lines.push(" " + h);
    lines.push("", " ? or Esc: back to the pads");
    lines.push(fit(` ${status}${view.tone > 0 ? `   ♪ ${view.tone} Hz` : ""}`, width));
    lines.push(view.message ? fit(` ${view.message}`, width) : "");
    return finish(lines, hits, width, height, helpLine);
  }
  const side = sidePanel(view);
  const gridLines: string[] = [];
  for (let r = 0; r < view.rows; r++) {
    for (let line = 0; line < PAD_H; line++) gridLines.push(" " + padRow(view, r, line).trimEnd());
    gridLines.push("");
    for (let c = 0; c < view.cols; c++) {
      const x0 = 1 + c * CELL_W;
      const y0 = TOP + r * (PAD_H + 1);
      hits.push({ x0, x1: x0 + PAD_W + 1, y0, y1: y0 + PAD_H - 1, target: r * view.cols + c });
    }
  }
  const sideX = 1 + gridW + 2;
  for (let i = 0; i < Math.max(gridLines.length, side.length); i++) {
    const left = gridLines[i] ?? "";
    const right = side[i] ?? "";
    // Pad the visible width (colour codes take no columns).
    const visible = left.replace(/\x1b\[[\d;]*m/g, "").length;
    lines.push(right ? left + " ".repeat(Math.max(1, sideX - visible)) + right : left);
  }
  if (view.buttons.length > 0) {
    let row = " ";
    for (const b of view.buttons) {
      const label = `[${ACTION_LABELS[b]}]`;
      hits.push({ x0: row.length, x1: row.length + label.length - 1, y0: lines.length, y1: lines.length, target: b });
      row += label + " ";
    }
    lines.push(row.trimEnd());
  }
  lines.push(fit(` ${status}${view.tone > 0 ? `   ♪ ${view.tone} Hz` : ""}`, width));
  lines.push(view.message ? fit(` ${view.message}`, width) : "");
  return finish(lines, hits, width, height, helpLine);
}

/** A plain line cut to the screen's width, "…" where it was cut (a longer one would wrap and shift the screen). */
function fit(line: string, width: number): string {
  return line.length < width ? line : line.slice(0, width - 2) + "…";
}

/** The frame's lines to the screen's height, the key line (`helpLine`) at the bottom. */
function finish(lines: string[], hits: HitBox[], width: number, height: number, helpLine: string): Frame {
  while (lines.length < height - 1) lines.push("");
  lines.length = Math.min(lines.length, height - 1);
  lines.push(" " + helpLine.slice(0, width - 2));
  return { lines, hits };
}

/** Input tokens from a raw-mode chunk: keys, arrows, SGR mouse reports. */
export type InputEvent =
  | { kind: "key"; key: string }
  | { kind: "arrow"; dir: "up" | "down" | "left" | "right" }
  | { kind: "mouse"; down: boolean; button: number; x: number; y: number };

export function parseInput(chunk: string): InputEvent[] {
  const events: InputEvent[] = [];
  let i = 0;
  while (i < chunk.length) {
    const rest = chunk.slice(i);
    const mouse = /^\x1b\[<(\d+);(\d+);(\d+)([Mm])/.exec(rest);
    if (mouse) {
      events.push({ kind: "mouse", button: Number(mouse[1]), x: Number(mouse[2]) - 1, y: Number(mouse[3]) - 1, down: mouse[4] === "M" });
      i += mouse[0].length;
      continue;
    }
    const arrow = /^\x1b[[O]([ABCD])/.exec(rest);
    if (arrow) {
      events.push({ kind: "arrow", dir: ({ A: "up", B: "down", C: "right", D: "left" } as const)[arrow[1] as "A"] });
      i += arrow[0].length;
      continue;
    }
    const other = /^\x1b\[[\d;]*[~A-Za-z]/.exec(rest);
    if (other) {
      i += other[0].length;
      continue;
    }
    events.push({ kind: "key", key: chunk[i] });
    i++;
  }
  return events;
}

/** What a printable key is called in messages. */
function keyName(k: string): string {
  if (k === " ") return "space";
  if (k === "\t") return "tab";
  const code = k.charCodeAt(0);
  return code < 32 ? `Ctrl-${String.fromCharCode(code + 64)}` : `"${k}"`;
}

/**
 * Whether the terminal UI draws in colour: not with --no-color, nor when NO_COLOR is set to
 * anything but the empty string (https://no-color.org). Without colour the pads are glyphs:
 * █ lit, ▒ dim, ░ dark.
 */
export function colourWanted(noColorOption: boolean, env: { [name: string]: string | undefined }): boolean {
  return !noColorOption && (env.NO_COLOR === undefined || env.NO_COLOR === "");
}

export interface TuiOptions {
  keypad: boolean;
  quiet: boolean;
  color?: boolean;
  /** Runs once the power-on light test is over (--rules, --seed, --start); what it throws becomes the message. */
  setup?: () => void;
}

const NO_STATE: TuiState = { moves: 0, status: "playing", reason: null, rules: "?", seed: 0, puzzle: 0, par: 0, muted: false, asleep: false };

/**
 * The terminal UI without the terminal: input events in, actions on the session, frames out.
 * Time is the session's virtual clock (runTui paces it in real time; tests advance it).
 */
export class TuiController {
  /** The key that presses each pad in Magic Square (padLabels); the other games name pads by Merlin's lights (lights). */
  readonly labels: string[];
  readonly lights: string[];
  /** The games the toy plays, by number (profileGames). */
  readonly games: { name: string; number: number }[];
  cursor = -1;
  message = "";
  help = false;
  quit = false;
  private hits: HitBox[] = [];
  private mouseHeld: number | ButtonName | undefined;
  /** Virtual ms until which the pads show the goal (firmware without Merlin.goal()). */
  private goalUntil = -1;

  constructor(
    readonly session: SimSession,
    readonly options: TuiOptions,
  ) {
    this.labels = padLabels(session.rows, session.cols, options.keypad);
    this.lights = lightLabels(session.rows, session.cols);
    this.games = profileGames(session.profile);
    if (session.now < BOOT_SETTLE_MS) this.message = "power-on: the light test";
    const setup = options.setup;
    if (setup) {
      session.board.clock.after(Math.max(0, BOOT_SETTLE_MS - session.now), () => {
        try {
          setup();
        } catch (e) {
          this.message = (e as Error).message;
        }
      });
    }
  }

  view(): TuiView {
    const session = this.session;
    let state: TuiState = NO_STATE;
    let stats: TuiView["stats"] = { games: 0, wins: 0, best: 0 };
    try {
      state = session.state();
      stats = session.api<TuiView["stats"]>("Merlin.stats()");
    } catch {
      /* the board is off or the firmware broken: the message says why */
    }
    if (this.message === "power-on: the light test" && session.now >= BOOT_SETTLE_MS) this.message = "";
    const errors = session.board.errors;
    const showGoal = session.now < this.goalUntil;
    const goal = goalBoard(state.rules, session.rows, session.cols);
    return {
      profile: session.profile.name,
      rows: session.rows,
      cols: session.cols,
      pads: showGoal ? goal.split("").map(Number) : session.brightness(),
      rgb: showGoal ? undefined : session.board.leds().map((r) => r.rgb),
      labels: this.padKeys(state),
      cursor: this.cursor,
      buttons: session.buttons,
      state,
      stats,
      games: this.games,
      goal,
      tone: session.board.tone.freq,
      quiet: this.options.quiet,
      message: this.message || (errors.length > 0 ? `firmware error: ${errors[errors.length - 1].message}` : ""),
      help: this.help,
      ruleCycle: session.rules,
      color: this.options.color ?? true,
    };
  }

  frame(width: number, height: number): Frame {
    const frame = renderFrame(this.view(), width, height);
    this.hits = frame.hits;
    return frame;
  }

  /**
   * What the digit keys press: Magic Square's pads as numbered (or --keypad); in Merlin's
   * other games, and while NEW GAME waits for a game's number, the pads of Merlin's lights.
   */
  private padKeys(s: TuiState): string[] {
    return otherGame(s) || s.choosing ? this.lights : this.labels;
  }

  /**
   * L: Tic-Tac-Toe's level, the next of its levels (Merlin.set("level", …), a new game at it);
   * in the other games it says the level is Tic-Tac-Toe's and changes nothing.
   */
  nextLevel(): void {
    try {
      const s = this.session.state();
      if (s.asleep || s.choosing || s.game !== "tictactoe") {
        this.message = s.asleep || s.choosing ? "L sets Tic-Tac-Toe's level: play Tic-Tac-Toe first" : `L: the level is Tic-Tac-Toe's; ${gameTitle(s.game ?? "magicsquare")} has none`;
        return;
      }
      const now = String((s.state ?? {})["level"]);
      const next = LEVEL_NAMES[(LEVEL_NAMES.indexOf(now) + 1) % LEVEL_NAMES.length];
      const after = this.session.api<FirmwareState>(`Merlin.set("level", ${JSON.stringify(next)})`);
      const level = String((after.state ?? {})["level"]);
      this.message = `level ${level}: ${LEVEL_WORDS[level] ?? ""} — a new game`;
    } catch (e) {
      this.message = `L: ${(e as Error).message}`;
    }
  }

  /** Runs a toy function directly (console API). */
  act(action: ToyAction): void {
    const r = runAction(this.session, action);
    this.message = r.message;
    if (r.showGoalMs > 0) this.goalUntil = this.session.now + r.showGoalMs;
  }

  private tapPad(pad: number): void {
    this.message = this.padMessage();
    this.session.tapLater(pad);
  }

  /** The message a pad press leaves: what to do instead, when Magic Square's game is over. */
  private padMessage(): string {
    try {
      const s = this.session.state();
      // (The other games keep their pads live or refuse them in their own words.)
      return otherGame(s) || s.choosing ? "" : gameOverText(s);
    } catch {
      return "";
    }
  }

  private moveCursor(dir: "up" | "down" | "left" | "right"): void {
    const { rows, cols } = this.session;
    if (this.cursor < 0) {
      this.cursor = 0;
      return;
    }
    let r = Math.floor(this.cursor / cols);
    let c = this.cursor % cols;
    if (dir === "up") r = (r + rows - 1) % rows;
    if (dir === "down") r = (r + 1) % rows;
    if (dir === "left") c = (c + cols - 1) % cols;
    if (dir === "right") c = (c + 1) % cols;
    this.cursor = r * cols + c;
  }

  handle(ev: InputEvent): void {
    const session = this.session;
    if (ev.kind === "arrow") return this.moveCursor(ev.dir);
    if (ev.kind === "mouse") {
      if (ev.button >= 64) return; // wheel
      if (ev.down && (ev.button & 32) === 0) {
        const hit = this.hits.find((h) => ev.x >= h.x0 && ev.x <= h.x1 && ev.y >= h.y0 && ev.y <= h.y1);
        if (!hit || this.mouseHeld !== undefined) return;
        this.mouseHeld = hit.target;
        this.message = typeof hit.target === "number" ? this.padMessage() : "";
        session.board.press(hit.target);
      } else if (!ev.down && this.mouseHeld !== undefined) {
        session.board.release(this.mouseHeld);
        this.mouseHeld = undefined;
      }
      return;
    }
    const k = ev.key;
    if (k === "\x03" || k === "q" || k === "Q") {
      this.quit = true;
      return;
    }
    if (/^[0-9]$/.test(k)) {
      let s: TuiState = NO_STATE;
      try {
        s = session.state();
      } catch {
        /* the board is off: the digit presses Magic Square's pad, as before */
      }
      if (otherGame(s) || s.choosing) {
        // Merlin's other games (and the choice of a game): the digit is a light's number.
        const pad = this.lights.indexOf(k);
        if (pad >= 0) return this.tapPad(pad);
        const have = this.lights.filter((l) => l !== "").map(Number);
        this.message = `${keyName(k)} is no light here: the lights are ${Math.min(...have)}-${Math.max(...have)}`;
        return;
      }
      const pad = padForDigit(Number(k), session.rows, session.cols, this.options.keypad);
      if (pad >= 0) return this.tapPad(pad);
      this.message = `${keyName(k)} is not a pad here: the pads with numbers are 1-${Math.min(9, session.pads)}${session.pads > 9 ? " (arrows reach the others)" : ""}`;
      return;
    }
    if (k === " " || k === "\r" || k === "\n") {
      if (this.cursor >= 0) return this.tapPad(this.cursor);
      this.message = "space and Enter press the pad under the cursor: move it with the arrows first";
      return;
    }
    if (k === "?") {
      this.help = !this.help;
      return;
    }
    if (k === "\x1b") {
      this.help = false;
      return;
    }
    if (k === "l" || k === "L") return this.nextLevel();
    const action = LETTER_ACTIONS[k.toLowerCase()];
    if (action) return this.act(action);
    this.message = `${keyName(k)} does nothing: ? lists the keys`;
  }
}

// ---- the interactive loop ---------------------------------------------------------------

export interface Terminal {
  stdin: ReadStream;
  stdout: WriteStream;
}

const ENTER_SCREEN = "\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[H\x1b[2J";
const LEAVE_SCREEN = "\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[0m\x1b[?25h\x1b[?1049l";

export async function runTui(session: SimSession, options: TuiOptions, term: Terminal): Promise<number> {
  const { stdin, stdout } = term;
  const ui = new TuiController(session, options);
  let lastScreen = "";
  let toneSeen = session.board.tones.length;
  let lastSoundEnd = -Infinity;
  let lastDraw = 0;

  let closed = false;
  const draw = (force = false) => {
    if (closed) return;
    const now = Date.now();
    if (!force && now - lastDraw < 30) return;
    lastDraw = now;
    const frame = ui.frame(stdout.columns || 80, stdout.rows || 24);
    const screen = frame.lines.map((l) => l + "\x1b[K").join("\r\n");
    if (screen === lastScreen && !force) return;
    lastScreen = screen;
    stdout.write("\x1b[H" + screen + "\x1b[J");
  };

  const ringBell = () => {
    const tones = session.board.tones;
    for (; toneSeen < tones.length; toneSeen++) {
      const e = tones[toneSeen];
      if (e.freq === 0) lastSoundEnd = e.t;
      else if (e.t - lastSoundEnd >= 100 && !options.quiet) stdout.write("\x07");
      if (e.freq !== 0) lastSoundEnd = Infinity;
    }
  };

  return new Promise<number>((resolve) => {
    let done = false;
    const pacer = new RealTimePacer(session.board.clock, {
      onTick: () => {
        ringBell();
        draw();
      },
    });

    const finish = (code: number, error?: unknown) => {
      if (done) return;
      done = true;
      closed = true;
      pacer.stop();
      // Let the firmware's pending Storage writes land, as they would while the toy stays on.
      try {
        session.wait(1500);
      } catch {
        /* the board may be off */
      }
      process.off("SIGWINCH", onResize);
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      process.off("uncaughtException", onCrash);
      stdin.off("data", onData);
      stdout.off("resize", onResize);
      try {
        stdin.setRawMode(false);
      } catch {
        /* not a TTY any more */
      }
      stdin.pause();
      stdout.write(LEAVE_SCREEN);
      if (error) process.stderr.write(`merlin sim: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
      resolve(code);
    };

    const onResize = () => {
      stdout.write("\x1b[2J");
      draw(true);
    };
    const onSignal = () => finish(130);
    const onCrash = (e: unknown) => finish(1, e);

    const onData = (data: Buffer | string) => {
      try {
        for (const ev of parseInput(data.toString())) {
          if (done) break;
          ui.handle(ev);
          if (ui.quit) return finish(0);
        }
        draw(true);
      } catch (e) {
        finish(1, e);
      }
    };

    process.on("SIGWINCH", onResize);
    stdout.on("resize", onResize);
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    process.on("uncaughtException", onCrash);
    stdout.write(ENTER_SCREEN);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on("data", onData);
    draw(true);
    pacer.start();
  });
}

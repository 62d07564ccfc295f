/**
 * Merlin's six games on the page: the game menu ("1 Tic-Tac-Toe" … "6 Mindbender", the toy's
 * numbers) and the chosen game's setting (Tic-Tac-Toe's level, Echo's and Mindbender's
 * length), the status, results and link of a game other than Magic Square, and the link's
 * `game=` (the toy's functions, in every game, are the shared actions: sim/app/actions.ts).
 * Everything goes through the firmware's console API, as the toy's own keys do:
 * `Merlin.game(name)` chooses a game, `Merlin.set(name, value)` a setting, `Merlin.state()`
 * says which game is played (so the menu follows a game chosen on the toy's pads: NEW GAME,
 * then its number). Loaded right after the first frame (main.ts): none of it is needed to
 * draw the toy.
 */
import { checkRules } from "../../app/deal-values";
import { BOOT_SETTLE_MS, type FirmwareState, type SimSession } from "../../app/session";
import type { Profile } from "../../../hardware/profile";
import { LEVEL_NAMES } from "../../../src/toy/games/tictactoe";
import { MAX_LENGTH as MINDBENDER_LENGTH } from "../../../src/toy/games/mindbender";
import { MAX_LENGTH as ECHO_LENGTH } from "../../../src/toy/games/echo";
import { hasLight, layoutFor } from "../../../src/toy/gamemodule";
import { runAction, type ActionResult, type ToyAction } from "../../app/actions";
import { gameHelpWords, gameLegendLines, lightLabels, otherStatusText, resultsText } from "../../app/game-words";
import { gameLabel, gameTitle, MAGIC_SQUARE, otherGame, toyGames } from "./game-names";

/** What the games part gets of the page (main.ts). */
export interface GamesPage {
  session: SimSession;
  profile: Profile;
  /** The page's link. */
  params: URLSearchParams;
  /** Shows a line under the status and has a screen reader say it. */
  say(text: string): void;
  /**
   * What the link's game was found to be: "" fine (or none), else why it is wrong (said, and
   * the address bar keeps the link until the player acts, as for the link's other values).
   */
  gameLink(wrong: string): void;
  /**
   * Names the pads by the toy's lights ("0" … "10", "" for a pad with none, which is no key;
   * digits press them) with the game's help and legend (`words`), or as in Magic Square (null).
   */
  setLights(labels: string[] | null, words?: GameWordsShown): void;
}

/** What the page says of another game: its help line and its legend (game-words.ts). */
export interface GameWordsShown {
  help: string;
  legend: string[];
}

/** The fields main.ts fills for Magic Square, filled here for the other games. */
export interface GameFields {
  moves: HTMLElement;
  par: HTMLElement;
  status: HTMLElement;
  stats: HTMLElement;
  puzzle: HTMLAnchorElement;
}

/** A game's setting: the console's name, the menu's label, its values. */
interface Setting {
  name: string;
  label: string;
  values: string[];
}

const lengths = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

/** The setting game `name` offers on this board, null none. */
function settingOf(name: string, profile: Profile): Setting | null {
  if (name === "tictactoe") return { name: "level", label: "Level", values: LEVEL_NAMES };
  // Echo's tune reaches pad 10 where the board has one (the 4×4 and 5×5), as on the toy.
  const pad10 = hasLight(layoutFor(profile.rows, profile.cols), 10);
  if (name === "echo") return { name: "length", label: "Length", values: lengths(pad10 ? ECHO_LENGTH : 9) };
  if (name === "mindbender") return { name: "length", label: "Length", values: lengths(MINDBENDER_LENGTH) };
  return null;
}

export class GamesMenu {
  private readonly menu: HTMLSelectElement;
  private readonly settingLabel: HTMLElement;
  private readonly settingName: HTMLElement;
  private readonly settingSelect: HTMLSelectElement;
  private readonly games: { name: string; number: number }[];
  /** The setting of the game shown (null: none). */
  private setting: Setting | null = null;
  private lastGame = "";
  /** What the pads were last named for: the game, and whether by Merlin's lights. */
  private lastLights = "";
  /** Magic Square's own parts of the page (moves and par, its goal): hidden in the other games. */
  private readonly squareOnly: HTMLElement[];

  constructor(private readonly page: GamesPage) {
    const { session, profile } = page;
    this.games = toyGames(profile.games);
    this.menu = document.getElementById("game-menu") as HTMLSelectElement;
    this.settingLabel = document.getElementById("game-setting-label")!;
    this.settingName = document.getElementById("game-setting-name")!;
    this.settingSelect = document.getElementById("game-setting") as HTMLSelectElement;
    this.squareOnly = [document.querySelector<HTMLElement>("#summary .counts")!, document.getElementById("goal")!.closest<HTMLElement>("dl > div")!];
    this.menu.replaceChildren(...this.games.map((g) => new Option(gameLabel(g.name), g.name)));
    this.menu.disabled = false;
    this.menu.onchange = () => this.choose(this.menu.value);
    this.settingSelect.onchange = () => {
      const s = this.setting;
      if (s === null) return;
      const value = s.name === "length" ? Number(this.settingSelect.value) : this.settingSelect.value;
      try {
        session.api(`Merlin.set(${JSON.stringify(s.name)}, ${JSON.stringify(value)})`);
        page.say(`${gameTitle(this.menu.value)}: ${s.label.toLowerCase()} ${value}`);
      } catch (e) {
        page.say((e as Error).message);
      }
    };
    // A link naming a game plays it after the light test, unless the toy already plays it (a
    // reload resumes the game in progress, as a power cycle does).
    const linked = page.params.get("game");
    if (linked !== null) {
      try {
        checkRules(linked, this.games.map((g) => g.name), "the link's game");
        session.board.clock.after(Math.max(0, BOOT_SETTLE_MS - session.now), () => {
          try {
            if (session.state().game !== linked) session.api(`Merlin.game(${JSON.stringify(linked)})`);
          } catch (e) {
            page.say(`the link's game: ${(e as Error).message}`);
          }
        });
        page.gameLink("");
      } catch (e) {
        page.gameLink(`${(e as Error).message} — the game was left as it is`);
      }
    } else page.gameLink("");
  }

  /** Plays game `name` (the menu's choice): a new game of it, as NEW GAME and its number do. */
  choose(name: string): void {
    try {
      this.page.session.api(`Merlin.game(${JSON.stringify(name)})`);
      this.page.say(`game ${gameLabel(name)}`);
    } catch (e) {
      this.page.say((e as Error).message);
    }
  }

  /** One of the toy's functions: the shared actions (sim/app/actions.ts) word each for the game played. */
  act(a: ToyAction): ActionResult {
    return runAction(this.page.session, a);
  }

  /**
   * Follows the toy: the menu shows the game played (unless the player is choosing in it),
   * its setting; for a game other than Magic Square the status, results and link. Returns the
   * line a screen reader hears about the game once it settles.
   */
  draw(s: FirmwareState, stats: { [k: string]: number }, fields: GameFields, url: string): string {
    const game = s.game ?? MAGIC_SQUARE;
    if (this.menu.value !== game && document.activeElement !== this.menu) this.menu.value = game;
    if (game !== this.lastGame) {
      this.lastGame = game;
      document.body.dataset.game = game;
      for (const e of this.squareOnly) e.hidden = otherGame(s);
      // The setting: its choices when the game changes, its value as the game reports it.
      const setting = (this.setting = settingOf(game, this.page.profile));
      this.settingLabel.hidden = setting === null;
      if (setting) {
        this.settingName.textContent = setting.label;
        // (A length not chosen yet shows as "choose", which is no choice.)
        const none = Object.assign(new Option("choose", ""), { disabled: true });
        this.settingSelect.replaceChildren(...(setting.name === "length" ? [none] : []), ...setting.values.map((v) => new Option(v, v)));
      }
    }
    // The pads are named by Merlin's lights in the other games, and while NEW GAME waits for a
    // game's number (the numbers are on those lights); the other games' help and legend with them.
    const byLights = otherGame(s) || (s.choosing === true && !s.asleep);
    if (`${game}|${byLights}` !== this.lastLights) {
      this.lastLights = `${game}|${byLights}`;
      const lights = lightLabels(this.page.profile.rows, this.page.profile.cols);
      const words = otherGame(s) ? { help: gameHelpWords(game), legend: gameLegendLines(game, lights.map((l) => l !== "")) } : undefined;
      this.page.setLights(byLights ? lights : null, words);
    }
    const setting = this.setting;
    if (setting && document.activeElement !== this.settingSelect) {
      const now = String(((s as { state?: { [k: string]: unknown } }).state ?? {})[setting.name] ?? "");
      // Before a length is chosen (0) the menu shows none.
      this.settingSelect.value = setting.values.includes(now) ? now : "";
    }
    if (s.choosing && !s.asleep) {
      // NEW GAME (twice, in Magic Square): the toy waits for a game's number.
      const line = otherStatusText(s, this.games);
      fields.status.textContent = line;
      return line;
    }
    if (!otherGame(s)) return "";
    const status = otherStatusText(s, this.games);
    fields.status.textContent = status;
    fields.status.dataset.status = s.asleep ? "asleep" : s.status;
    fields.stats.textContent = resultsText(stats);
    fields.puzzle.textContent = `${gameLabel(game)} — a link that opens it`;
    if (fields.puzzle.getAttribute("href") !== url) fields.puzzle.href = url;
    return status;
  }
}

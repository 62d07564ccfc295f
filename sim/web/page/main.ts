/**
 * The browser toy: the chosen profile's firmware bundle, fetched as text with the profile, run
 * unchanged on the same virtual board as the terminal simulator (sim/board, with the browser
 * host), paced in real time. The face is drawn from the profile's panel geometry and the LED
 * pins; pads are pressed through the key matrix by pointer, touch (a long press is a hold) or
 * keyboard; the toy's functions go through its console API (sim/app/actions.ts, as in the
 * terminal); the piezo plays through WebAudio. Around the toy: rules, moves, par and score,
 * status, goal, statistics, the puzzle as a link, profile and rule-set choice, help, the game
 * menu of Merlin's six games (games.ts, loaded right after the first frame) and the teaching
 * view (teach-view.ts, loaded when it first opens). The flash lives in localStorage:
 * a reload is a power cycle.
 *
 * Colour games: each pad's state has a name and a symbol as well as its colour
 * (sim/app/palette.ts, shared with the terminal); a legend says which is which and which pads
 * are keys, and a screen reader hears the names. Shortcut letters and digits work wherever the
 * focus is but in a text field. A held pad shows the hold's progress before the toy's 1.5 s
 * hold gesture fires, and a pad pressed after the game ended says what to do.
 */
import { PROFILES, TOY_GAMES } from "merlin:profiles";
import { ACTION_LABELS, ACTIONS, type ToyAction } from "../../app/actions";
import { COLOUR_STATES, inkOn, keyPads, legendLines, screenColour, shownState, stateLabel, statePalette } from "../../app/palette";
import { readPuzzleLink, type PuzzleLink } from "../../app/deal-values";
import { dealPuzzle } from "../../app/headless";
import { BOOT_SETTLE_MS, type FirmwareState, SimSession } from "../../app/session";
import { gameOverText, movesCount, movesText, padForDigit, padLabels, parValue, playedPuzzle, puzzleText, statsText, statusText, toyRuleNames, goalBoard, goalWords, pressWords, type ToyStats } from "../../app/toy-info";
import { RealTimePacer, VirtualBoard } from "../../board";
import { base64Bytes, browserHost, flashKey, localStorageFlash, pretokenisedFlash } from "./host";
import type { PiezoSound } from "./sound";
import { buildToyFace, setPadLabel } from "./toy";
import type { TeachView } from "./teach-view";
import type { TeachSource } from "./flash-panel";
import type { ToyMaths } from "../teach";
import type { GamesMenu, GameWordsShown } from "./games";
import { otherGame } from "./game-names";
import type { Profile } from "../../../hardware/profile";

const DEFAULT_PROFILE = "pico-3x3";
/** Letter keys → the toy's functions (the same letters as the terminal UI). */
const LETTERS: { [k: string]: ToyAction } = { n: "newGame", s: "sameGame", h: "hitMe", c: "compTurn", u: "undo", y: "redo", g: "goal", z: "sleep", r: "rules", m: "mute" };
/**
 * The shortest press the page gives the toy, virtual ms: a click or a key tap can be over
 * within one tick of the clock, quicker than any finger, and the toy debounces 5 ms.
 */
const MIN_PRESS_MS = 40;
/** The board measures LED brightness over this window (virtual ms). */
const FRAME_MS = 20;
/** How long a pad is held for the toy's hold gestures (src/toy/keyevents.ts HOLD_MS), virtual ms. */
const HOLD_MS = 1500;
/** What holding pad 1 … 9 does (src/toy/midend.ts holdCommand, in the same order). */
const HOLD_ACTIONS: ToyAction[] = ["newGame", "sameGame", "hitMe", "undo", "compTurn", "rules", "mute", "goal", "sleep"];
/** A held pad's bar shows from this share of the hold on (a quick tap shows none). */
const HOLD_SHOWN = 0.12;

/** Whether typing goes into `t` (a text field): the shortcut keys leave such fields alone. */
function typesText(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable || t.tagName === "TEXTAREA") return true;
  if (t.tagName !== "INPUT") return false;
  const type = (t as HTMLInputElement).type;
  return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file", "image"].includes(type);
}

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** The board's files index.html began to fetch while app.js loaded (null: none). */
interface EarlyFiles {
  board: string;
  profile: Promise<Response | null>;
  firmware: Promise<Response | null>;
  files: Promise<Response | null>;
  image: Promise<Response | null>;
  images: Promise<Response | null>;
}

/**
 * A file of the build, next to the page, as text: from `early` (index.html's fetch of it) when
 * that got it, else fetched now (which says what went wrong).
 */
async function fetchFile(path: string, early?: Promise<Response | null>): Promise<Response> {
  const got = early ? await early : null;
  const response = got !== null && got.ok ? got : await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  return response;
}
const fetchText = async (path: string, early?: Promise<Response | null>) => (await fetchFile(path, early)).text();

function bundlePath(name: string): string {
  return name === DEFAULT_PROFILE ? "dist/firmware.js" : `dist/${name}/firmware.js`;
}

/** The URL that deals this puzzle again: board, rules, seed and puzzle; in another of Merlin's games, board and game. */
function puzzleUrl(profile: string, s: Pick<FirmwareState, "rules" | "seed" | "puzzle" | "game">): string {
  const q = new URLSearchParams(otherGame(s) ? { board: profile, game: s.game! } : { board: profile, rules: s.rules, seed: String(s.seed), puzzle: String(s.puzzle) });
  return `${location.pathname}?${q}`;
}

async function start(): Promise<void> {
  // The link, checked as the CLI checks the same options: a wrong value deals nothing and says why.
  const params = new URLSearchParams(location.search);
  let link: PuzzleLink = {};
  let linkError = "";
  try {
    link = readPuzzleLink((name) => params.get(name), PROFILES.map((p) => p.name), (b) => toyRuleNames(TOY_GAMES[b ?? DEFAULT_PROFILE]));
  } catch (e) {
    linkError = `${(e as Error).message} — nothing was dealt`;
  }
  const chosen = PROFILES.find((p) => p.name === (link.board ?? DEFAULT_PROFILE))!;
  const keypadSetting = localStorageFlash("merlin.keypad");
  let keypad = keypadSetting.load() === "1";

  // ---- controls around the toy -----------------------------------------------------------
  const profileSelect = $<HTMLSelectElement>("profile");
  // (Its size after the name unless the name says it: pico-3x3 does.)
  for (const p of PROFILES) profileSelect.add(new Option(p.name + (p.name.includes(`${p.rows}x${p.cols}`) ? "" : ` (${p.rows}×${p.cols})`), p.name, false, p.name === chosen.name));
  profileSelect.onchange = () => {
    location.search = `?board=${encodeURIComponent(profileSelect.value)}`;
  };
  const rulesSelect = $<HTMLSelectElement>("rules");
  for (const r of toyRuleNames(TOY_GAMES[chosen.name])) rulesSelect.add(new Option(r, r));
  const keypadBox = $<HTMLInputElement>("keypad");
  keypadBox.checked = keypad;

  // ---- the board: its profile and firmware, fetched together ---------------------------------
  const early = (window as unknown as { merlinEarly: EarlyFiles | null }).merlinEarly;
  const mine = early !== null && early.board === chosen.name ? early : null;
  const [profileText, code, files, image, images] = await Promise.all([
    fetchText(`profiles/${chosen.name}.json`, mine?.profile),
    fetchText(`firmware/${chosen.name}.js`, mine?.firmware),
    // The image's other Storage files: Merlin's games, each loaded from its file when chosen.
    fetchText(`firmware/${chosen.name}.files.json`, mine?.files),
    // All of them pretokenised, as Storage keeps them on the toy.
    fetchFile(`firmware/${chosen.name}.img`, mine?.image).then((r) => r.arrayBuffer()),
    fetchText(`firmware/${chosen.name}.files.img.json`, mine?.images),
  ]);
  const profile = JSON.parse(profileText) as Profile;
  const texts = JSON.parse(files) as Record<string, string>;
  const flashed = new Map<string, Uint8Array>([[code, new Uint8Array(image)]]);
  const imageOf = JSON.parse(images) as Record<string, string>;
  for (const name in texts) flashed.set(texts[name], base64Bytes(imageOf[name]));
  const board = new VirtualBoard({
    host: browserHost(pretokenisedFlash(flashed)),
    profile,
    flash: localStorageFlash(flashKey(profile.name)),
    code,
    files: texts,
    codeName: bundlePath(profile.name),
    seed: (Date.now() >>> 0) || 1,
  });
  const session = new SimSession(board, profile, undefined, TOY_GAMES[profile.name]);
  // The piezo (sound.ts) is fetched right after the first frame: no page may sound before a
  // press anyway. A press before it arrives is remembered and unlocks it on arrival.
  let sound: PiezoSound | null = null;
  let soundWanted = false;
  const unlockSound = () => {
    soundWanted = true;
    sound?.unlock();
  };

  // A link deals its puzzle after the light test, unless the toy's flash already holds that
  // puzzle: the page's own address (a reload, history, a bookmark) resumes the game in
  // progress like a power cycle.
  if (linkError === "" && (link.seed !== undefined || link.rules !== undefined)) {
    board.clock.after(BOOT_SETTLE_MS, () => {
      try {
        const saved = session.state();
        const rules = link.rules ?? saved.rules;
        const seed = link.seed ?? saved.seed;
        const puzzle = link.seed === undefined ? saved.puzzle : link.puzzle ?? 0;
        if (rules === saved.rules && seed === saved.seed && puzzle === saved.puzzle) return;
        if (rules !== saved.rules) session.api(`Merlin.setRules(${JSON.stringify(rules)})`);
        if (link.seed !== undefined) dealPuzzle(session, seed, puzzle);
      } catch (e) {
        say(`the link's puzzle: ${(e as Error).message}`);
      }
    });
  }

  // ---- the face ----------------------------------------------------------------------------
  const face = buildToyFace(profile, padLabels(profile.rows, profile.cols, keypad));
  $("toy").replaceChildren(face.root);
  // In Merlin's other games the pads are named by the toy's lights (0 … 10) and digits press those (games.ts).
  let lights: string[] | null = null;
  const setLabels = () => (lights ?? padLabels(profile.rows, profile.cols, keypad)).forEach((l, i) => setPadLabel(face.pads[i].querySelector(".key")!, l, i));

  const message = $("message");
  const announcer = $("announce");
  let messageText = "";
  function say(text: string, announce = true): void {
    messageText = text;
    message.textContent = text;
    if (announce) announcer.textContent = text;
  }

  /** While the link was wrong, the address bar keeps it (and the message says why) until the player acts. */
  // (A link naming a game keeps it too, until games.ts has read it: gameLink says what it found.)
  let keepAddress = linkError !== "" || params.has("game");
  if (linkError !== "") say(linkError);

  // Merlin's six games (games.ts): the game menu, the toy's functions in each game, their
  // status and link, the link's game. Fetched right after the first frame.
  let games: GamesMenu | null = null;
  let gamesLoading: Promise<GamesMenu> | null = null;
  const gameLink = (wrong: string) => {
    if (wrong !== "") say((linkError = wrong));
    keepAddress = linkError !== "";
  };
  const setLights = (labels: string[] | null, words?: GameWordsShown) => {
    lights = labels;
    setLabels();
    lastLabels = "";
    if (labels === null || !words) {
      // Magic Square's help, legend and keys (again), drawn at the next frame; while NEW GAME
      // waits for a game's number only the pads' names are the lights'.
      goalRules = "";
      return;
    }
    // Another game: its keys are the pads of Merlin's lights; its own help and legend.
    isKey = labels.map((l) => l !== "");
    face.pads.forEach((p, i) => p.classList.toggle("nokey-pad", !isKey[i]));
    $("help-goal").textContent = words.help;
    showLegend(words.legend);
  };
  const loadGames = () => (gamesLoading ??= import("./games").then((m) => (games = new m.GamesMenu({ session, profile, params, say, gameLink, setLights }))));

  // Pads and extra buttons: down presses the key in the matrix, up releases it, so holding
  // (mouse, finger, key) is a hold on the toy.
  const held = new Map<string, { key: string | number; at: number }>();
  function down(id: string, key: string | number): void {
    unlockSound();
    if (held.has(id)) return;
    // A pad once the game is over does nothing on the toy: say what does.
    let over = "";
    if (typeof key === "number") {
      try {
        const st = session.state();
        if (!otherGame(st)) over = gameOverText(st);
      } catch {
        /* the toy is not answering: draw() says so */
      }
    }
    held.set(id, { key, at: board.clock.now });
    board.press(key);
    keepAddress = false;
    if (over !== "") say(over);
    else say("", false);
  }
  function up(id: string): void {
    const h = held.get(id);
    if (h === undefined) return;
    held.delete(id);
    const left = h.at + MIN_PRESS_MS - board.clock.now;
    if (left > 0) board.clock.after(left, () => board.release(h.key));
    else board.release(h.key);
  }
  const wire = (el: HTMLElement, key: string | number) => {
    const id = `pointer:${key}`;
    el.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      el.setPointerCapture(e.pointerId);
      // Focus follows the pointer (Tab goes on from here), without the keyboard's focus ring.
      el.focus({ preventScroll: true, focusVisible: false } as FocusOptions);
      down(id, key);
    });
    for (const ev of ["pointerup", "pointercancel", "lostpointercapture"]) el.addEventListener(ev, () => up(id));
    el.addEventListener("contextmenu", (e) => e.preventDefault());
    el.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && !e.repeat) {
        e.preventDefault();
        down(`key:${e.key}:${key}`, key);
      }
    });
    el.addEventListener("keyup", (e) => {
      if (e.key === "Enter" || e.key === " ") up(`key:${e.key}:${key}`);
    });
    el.addEventListener("blur", () => {
      up(`key:Enter:${key}`);
      up(`key: :${key}`);
    });
  };
  face.pads.forEach((pad, i) => wire(pad, i));
  face.buttons.forEach((b) => wire(b.el, b.name));

  // The toy's functions, for every profile: direct console-API actions.
  const actionBar = $("actions");
  for (const a of ACTIONS) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.action = a;
    const letter = Object.keys(LETTERS).find((k) => LETTERS[k] === a)!;
    b.innerHTML = `${ACTION_LABELS[a]} <kbd>${letter.toUpperCase()}</kbd>`;
    b.onclick = () => act(a);
    actionBar.appendChild(b);
  }
  let goalUntil = -1;
  function act(a: ToyAction): void {
    unlockSound();
    keepAddress = false;
    // (The shared actions, which word each for the game played, come with games.ts.)
    void loadGames().then((g) => {
      const r = g.act(a);
      if (r.showGoalMs > 0) goalUntil = board.clock.now + r.showGoalMs;
      say(r.message);
    });
  }
  rulesSelect.onchange = () => {
    try {
      session.api(`Merlin.setRules(${JSON.stringify(rulesSelect.value)})`);
      say(`rules: ${rulesSelect.value}`);
    } catch (e) {
      say((e as Error).message);
    }
  };
  keypadBox.onchange = () => {
    keypad = keypadBox.checked;
    keypadSetting.save(keypad ? "1" : "0");
    setLabels();
  };

  // Keyboard: digits are pads (held while the key is held), letters the functions.
  const help = $<HTMLDialogElement>("help");
  $("help-open").onclick = () => help.showModal();
  // "Put this on my toy": flashing a real board (flash-panel.ts), loaded when first pressed.
  const flashOpen = Object.assign(document.createElement("button"), { type: "button", id: "flash-open", textContent: "Put this on my toy" });
  $("help-open").after(flashOpen);
  flashOpen.onclick = () => void import("./flash-panel").then((m) => m.openFlashPanel(profile, showToy));
  $("help-close").onclick = () => help.close();
  // Caught before the focused element sees them (capture): a menu would take a letter as a
  // choice ("c" picks classic and ends the game), so only text fields keep their typing.
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || help.open || typesText(e.target)) return;
    if (e.repeat) {
      if (/^[0-9a-z]$/i.test(e.key)) e.preventDefault();
      return;
    }
    if (/^[0-9]$/.test(e.key)) {
      const pad = lights ? lights.indexOf(e.key) : padForDigit(Number(e.key), profile.rows, profile.cols, keypad);
      if (pad >= 0) down(`digit:${e.key}`, pad);
      else say(`${e.key} is not a pad here: the numbered pads are 1-${Math.min(9, session.pads)}`);
      e.preventDefault();
      return;
    }
    if (e.key === "?") {
      help.showModal();
      e.preventDefault();
      return;
    }
    const a = LETTERS[e.key.toLowerCase()];
    if (a) {
      act(a);
      e.preventDefault();
    }
  }, true);
  document.addEventListener("keyup", (e) => {
    if (/^[0-9]$/.test(e.key)) up(`digit:${e.key}`);
  });
  // Let pending flash writes land before the page goes (the toy would stay on for them).
  window.addEventListener("pagehide", () => {
    for (const id of [...held.keys()]) up(id);
    session.wait(1500);
  });

  // ---- the goal, drawn again when the rules change (a game's goal is its own) ----------------
  // (In Merlin's other games the help, the legend and the keys are the game's: setLights.)
  const goal = $("goal");
  goal.style.gridTemplateColumns = `repeat(${profile.cols}, 1fr)`;
  let goalRules = "";
  const drawGoal = (rules: string) => {
    if (rules === goalRules) return;
    goalRules = rules;
    const board = goalBoard(rules, profile.rows, profile.cols);
    goal.replaceChildren(
      ...board.split("").map((c) => {
        const s = document.createElement("span");
        s.className = c === "0" ? "off" : "on";
        return s;
      }),
    );
    const words = goalWords(board, profile.rows, profile.cols);
    goal.setAttribute("aria-label", `the goal: ${words}`);
    $("help-goal").textContent = `Goal: ${words}. ${pressWords(rules, profile.rows, profile.cols)}`;
    // The board played: its states' looks, its keys, the legend.
    played = playedPuzzle(rules, profile.rows, profile.cols);
    looks = statePalette(played.states);
    isKey = keyPads(played);
    face.root.classList.toggle("colours", played.states > 2);
    face.pads.forEach((p, i) => p.classList.toggle("nokey-pad", !isKey[i]));
    goal.querySelectorAll("span").forEach((e, i) => {
      const look = looks[Number(board[i])];
      e.textContent = played.states > 2 ? look.symbol : "";
      e.style.setProperty("--rgb", look.screen.join(" "));
      e.style.setProperty("--ink", inkOn(look.screen).join(" "));
    });
    showLegend(legendLines(played.states, isKey));
  };
  const showLegend = (lines: string[]) => legend.replaceChildren(...lines.map((t) => Object.assign(document.createElement("p"), { textContent: t })));
  const legend = $("legend");
  $("help-colours").textContent = COLOUR_STATES.map((l) => `${stateLabel(l)} ${l.state}`).join(", ");
  let played = playedPuzzle("basic", profile.rows, profile.cols);
  let looks = statePalette(2);
  let isKey = keyPads(played);
  drawGoal("basic");

  // The teaching view's code (its views and src/'s solver, most of the page's script) is
  // fetched when it first opens: a player who never opens it never waits for it.
  const teachToggle = $("teach-toggle");
  let teach: TeachView | null = null;
  // The toy the teaching view shows: the virtual one (null), or the real one the flash panel
  // follows once flashed (flash-panel.ts). A switch closes the view (clearing its marks on the
  // old toy's pads) and opens it on the other toy.
  let real: TeachSource | null = null;
  const showToy = (source: TeachSource | null) => {
    const open = teachToggle.ariaExpanded === "true";
    if (open) teachToggle.click();
    real = source;
    if (source || open) teachToggle.click();
  };
  let teachLoading: Promise<TeachView> | null = null;
  teachToggle.onclick = () => {
    if (teach !== null) {
      teach.toggle(teachToggle);
      return;
    }
    if (teachLoading !== null) return;
    teachToggle.setAttribute("aria-busy", "true");
    teachLoading = import("./teach-view").then(
      (m) =>
        new m.TeachView(
          profile,
          // (The view marks x on the shown toy's pads: the real toy's are plain cells, no buttons.)
          { ...face, get pads() { return (real?.pads ?? face.pads) as HTMLButtonElement[]; } },
          () => real?.state() ?? session.state(),
          () => real?.maths() ?? session.api<ToyMaths>("Merlin.maths()"),
          {
            link: params,
            play: (digits) => (real ? real.play(digits) : session.api(`Merlin.start(${JSON.stringify(digits)})`)),
          },
        ),
    );
    teachLoading
      .then((view) => {
        teach = view;
        view.toggle(teachToggle);
      })
      .catch((e: Error) => say(`the teaching view could not load: ${e.message}`))
      .finally(() => {
        teachLoading = null;
        teachToggle.removeAttribute("aria-busy");
      });
  };
  // A link with a board to teach with (teach=…) opens the teaching view on it.
  if (params.has("teach")) teachToggle.click();

  // ---- drawing ---------------------------------------------------------------------------
  const fields = { moves: $("moves"), par: $("par"), status: $("status"), stats: $("stats"), puzzle: $<HTMLAnchorElement>("puzzle"), sound: $("sound") };
  let lastLabels = "";
  /** The pads of the first frame drawn (at power-on: the light test). */
  let firstFrame = "";
  let lastKey = "";
  let announceTimer: number | undefined;
  /** The holds whose function has been said. */
  const heldSaid = new Set<string>();
  /** The board in words for the live region: "Lit pads: 1, 5." or, in colour games, the pads of each colour. */
  const padsByState = (digits: string): string => {
    const k = looks.length;
    const pads = (v: number) => digits.split("").flatMap((c, i) => (Number(c) === v ? [i + 1] : []));
    if (k <= 2) {
      const lit = pads(1);
      return `Lit pads: ${lit.length ? lit.join(", ") : "none"}.`;
    }
    const parts: string[] = [];
    for (let v = 1; v < k; v++) {
      const p = pads(v);
      if (p.length) parts.push(`${looks[v].name} (${v}): ${p.join(", ")}`);
    }
    return parts.length ? `${parts.join("; ")}; the rest ${looks[0].name}.` : `Every pad ${looks[0].name}.`;
  };
  function draw(): void {
    let s: FirmwareState;
    let stats: ToyStats;
    try {
      s = session.state();
      stats = session.api<ToyStats>("Merlin.stats()");
    } catch (e) {
      say(`the toy is not answering: ${(e as Error).message}`, false);
      return;
    }
    // The goal, states and keys of the rules in play first: the pads' symbols and labels below use them.
    const other = otherGame(s);
    drawGoal(other ? "basic" : s.rules);
    const showGoal = board.clock.now < goalUntil;
    const readings = board.leds();
    const bright = showGoal ? goalBoard(s.rules, profile.rows, profile.cols).split("").map((c) => Math.min(1, Number(c))) : readings.map((r) => Math.min(1, r.brightness / board.ledPeak));
    let lit = "";
    const k = played.states;
    bright.forEach((b, i) => {
      face.leds[i].style.setProperty("--b", b.toFixed(2));
      // WS2812 pixels show a colour: the hue the firmware wrote, at full scale (brightness is
      // --b), drawn in its state's screen colour (palette.ts: apart from the others' in lightness too).
      const rgb = readings[i].rgb;
      const m = rgb ? Math.max(rgb[0], rgb[1], rgb[2]) : 0;
      if (rgb && m > 0 && !showGoal) face.leds[i].style.setProperty("--rgb", screenColour(k, rgb).join(" "));
      const on = b >= 0.6;
      lit += on ? "1" : "0";
      face.pads[i].classList.toggle("lit", on);
      // Colour games: the symbol of the state the pixel shows (the goal preview: the goal's).
      if (k > 2) {
        const state = showGoal ? Number(goalBoard(s.rules, profile.rows, profile.cols)[i]) : shownState(k, b, m > 0 ? rgb : undefined);
        const look = COLOUR_STATES[state];
        const sym = face.symbols[i];
        if (sym.textContent !== look.symbol) {
          sym.textContent = look.symbol;
          face.leds[i].style.setProperty("--ink", inkOn(look.screen).join(" "));
          face.pads[i].dataset.state = String(state);
        }
      } else if (face.symbols[i].textContent !== "") {
        face.symbols[i].textContent = "";
        delete face.pads[i].dataset.state;
      }
    });
    // A held pad 1 … 9: a bar fills over the hold; at 1.5 s the toy does the pad's function.
    const holding = new Set<number>();
    for (const [id, h] of held) {
      if (typeof h.key !== "number" || h.key >= HOLD_ACTIONS.length) continue;
      const p = Math.min(1, (board.clock.now - h.at) / HOLD_MS);
      holding.add(h.key);
      const pad = face.pads[h.key];
      pad.style.setProperty("--hold", p.toFixed(3));
      pad.classList.toggle("holding", p >= HOLD_SHOWN);
      const label = ACTION_LABELS[HOLD_ACTIONS[h.key]];
      if (p >= 1 && !heldSaid.has(id)) {
        heldSaid.add(id);
        say(`held pad ${h.key + 1} for 1.5 s: ${label}`);
      } else if (p >= 0.25 && p < 1 && messageText === "") say(`holding pad ${h.key + 1}: ${label} at 1.5 s, let go before to press only`, false);
    }
    for (const id of heldSaid) if (!held.has(id)) heldSaid.delete(id);
    face.pads.forEach((pad, i) => {
      if (!holding.has(i) && pad.classList.contains("holding")) {
        pad.classList.remove("holding");
        pad.style.removeProperty("--hold");
        if (messageText.startsWith("holding pad ")) say("", false);
      }
    });
    if (firstFrame === "") firstFrame = lit;
    // A screen reader hears the game's board (a blinking pad is lit), and the teaching view's marks.
    teach?.update(real?.state() ?? s);
    // Colour games name each state with its number; a pad of the teaching view's x says how many presses.
    const stateName = (i: number) => (looks[Number(s.board[i])] ?? looks[0]).name + (looks.length > 2 ? ` ${Number(s.board[i]) || 0}` : "");
    const presses = (n: number) => (n === 1 ? "once" : n === 2 ? "twice" : `${n} times`);
    const labels = face.pads
      .map((p, i) => `${lights?.[i] ? `light ${lights[i]}` : `pad ${i + 1}`}, ${s.asleep ? "off" : stateName(i)}${s.blink?.[i] === "1" ? ", blinking" : ""}${isKey[i] ? "" : ", no key"}${p.classList.contains("in-x") ? `, to press ${presses(Number(p.dataset.press) || 1)}` : ""}`)
      .join("|");
    if (labels !== lastLabels) {
      lastLabels = labels;
      labels.split("|").forEach((l, i) => face.pads[i].setAttribute("aria-label", l));
    }
    const url = puzzleUrl(profile.name, s);
    if (!other) {
      fields.moves.textContent = movesCount(s);
      fields.par.textContent = parValue(s);
      fields.status.textContent = statusText(s);
      fields.status.dataset.status = s.asleep ? "asleep" : s.status;
      fields.stats.textContent = statsText(stats);
      fields.puzzle.textContent = puzzleText(s);
      if (fields.puzzle.getAttribute("href") !== url) fields.puzzle.href = url;
    }
    // Merlin's other games (and the choice of a game): games.ts says their status, results and link (the game's line).
    const gameLine = games?.draw(s, stats as unknown as { [k: string]: number }, fields, url) ?? "";
    fields.sound.textContent = s.muted ? "muted" : "sound on";
    if (!keepAddress && location.pathname + location.search !== url) history.replaceState(null, "", url);
    if (rulesSelect.value !== s.rules && document.activeElement !== rulesSelect) rulesSelect.value = s.rules;
    if (messageText === "" && board.errors.length > 0) say(`firmware error: ${board.errors[board.errors.length - 1].message}`, false);
    // The screen reader hears the board and the status once they settle after a change.
    const key = `${s.board}|${s.moves}|${s.status}|${s.asleep}|${s.game}|${s.blink}|${gameLine}`;
    if (key !== lastKey && board.clock.now > BOOT_SETTLE_MS) {
      lastKey = key;
      clearTimeout(announceTimer);
      announceTimer = window.setTimeout(() => {
        // A wrong link is said first, until the player acts: the status must not drown it.
        const note = keepAddress && linkError ? `${linkError}. ` : "";
        announcer.textContent = `${note}${gameLine || `${statusText(s)}. ${movesText(s)}`}. ${padsByState(s.board)}`;
      }, 400);
    }
  }

  const pacer = new RealTimePacer(board.clock, { tickMs: 4, onTick: () => sound?.follow(board.tones) });
  pacer.start();
  const frame = () => {
    draw();
    requestAnimationFrame(frame);
  };
  // One LED frame window of virtual time first, so the first frame shows the light test.
  session.wait(FRAME_MS);
  draw();
  requestAnimationFrame(frame);
  document.body.dataset.ready = "1";
  performance.mark("merlin-playable");
  loadGames().catch((e: Error) => say(`the game menu could not load: ${e.message}`));
  import("./sound")
    .then((m) => {
      sound = new m.PiezoSound();
      if (soundWanted) sound.unlock();
    })
    .catch((e: Error) => console.info(`no sound: ${e.message}`));
  // For the browser tests and the curious: the session and board behind the page.
  (window as unknown as { merlin: object }).merlin = { session, board, profile, firstFrame: () => firstFrame };
}

start()
  .catch((e: Error) => {
    const m = document.getElementById("message");
    if (m) m.textContent = `The toy could not start: ${e.message}`;
    document.body.dataset.ready = "error";
  })
  // Offline use is set up once the toy has started (offline.ts): its code is not fetched before.
  .then(() => import("./offline"))
  .then((m) => m.registerOffline())
  .catch((e: Error) => console.info(`offline use unavailable: ${e.message}`));

/**
 * `merlin sim`: the firmware (dist/firmware.js or dist/NAME/firmware.js, rebuilt when stale)
 * on a virtual Espruino board, with three front ends: the terminal UI (default), the retro
 * BASIC text mode of source 002 (--basic) and the headless key-script runner (--headless).
 */
import type { ReadStream, WriteStream } from "node:tty";
import { listProfiles, loadProfile } from "../../hardware/validate";
import { inputError } from "../../src/maths/puzzle";
import { ruleIndex, ruleNames } from "../../src/toy/rules";
import { gameSpec, gameSpecTables, gameTables, tableBoard } from "../../src/maths/games";
import { runBasic } from "../app/basic";
import { MAX_IDLE_LINES } from "../basic-dialogue";
import { checkPuzzle, checkRules, checkSeed, MAX_PUZZLE, MAX_SEED } from "../app/deal-values";
import { applySetup, formatTrace, type HeadlessSetup, MAX_SCRIPT_CHARS, MAX_SCRIPT_MS, MAX_SCRIPT_STEPS, MAX_STEP_MS, parseKeyScript, runHeadless, UNDO_PAD } from "../app/headless";
import { openSession } from "../app/node-session";
import { toyGameNames } from "../app/firmware-loader";
import { BUTTON_NAMES, DEFAULT_GAP_MS, DEFAULT_HOLD_MS } from "../app/session";
import { goalCells, playedPuzzle, profileGameNames, toyRuleNames } from "../app/toy-info";
import { MAGIC_SQUARE } from "../../src/toy/midend";
import { LEVEL_NAMES } from "../../src/toy/games/tictactoe";
import type { Profile } from "../../hardware/profile";
import { parseBoard } from "../../src/maths/boardstate";
import { startProblem } from "../../src/toy/game";
import { colourWanted, runTui } from "../app/tui";
import { Command, commandValues, CommandIO } from "./command";
import { formatHelp, OptionSpec } from "../../tools/options";

const DEFAULT_BOARD = "pico-3x3";

const SPECS: OptionSpec[] = [
  { name: "board", type: "string", arg: "NAME", help: `board profile (hardware/profiles): ${safeProfiles()}`, default: DEFAULT_BOARD },
  { name: "game", type: "string", arg: "NAME", help: `one of Merlin's games: ${profileGameNames({}).join(", ")} (default ${MAGIC_SQUARE}; NEW GAME twice, then its number, on the toy)` },
  { name: "level", type: "string", arg: "NAME", help: `with --game tictactoe: how Merlin plays, ${LEVEL_NAMES.join(", ")} (two: two players; L in the terminal UI steps through them)` },
  { name: "rules", type: "string", arg: "NAME", help: `a rule set: ${ruleNames()}; or a game the board plays${profileGames()}` },
  { name: "seed", type: "int", arg: "N", help: "deal puzzle number N (a new game from that seed)", min: 0, max: MAX_SEED },
  { name: "puzzle", type: "int", arg: "P", help: "with --seed: the seed's P-th deal after the first (NEW GAME P times)", min: 0, max: MAX_PUZZLE },
  { name: "start", type: "string", arg: "BITS", help: "start from this board (row-major 0/1, 1 = lit)" },
  { name: "keypad", type: "flag", help: "keys 1-9 laid out like a numeric keypad (7 8 9 on the top row)" },
  { name: "quiet", type: "flag", help: "no terminal bell (M mutes the toy itself)" },
  { name: "no-color", type: "flag", help: "pads as glyphs (█ lit, ▒ dim, ░ dark), no colours; so does NO_COLOR" },
  { name: "fresh", type: "flag", help: "start with empty flash (erases .merlin/NAME.storage.json, e.g. when damaged)" },
  { name: "basic", type: "flag", help: "the BASIC text mode of source 002", excludes: ["hold", "gap"] },
  { name: "headless", type: "flag", help: "play --keys in virtual time and report (no terminal needed)" },
  { name: "keys", type: "string", arg: "SCRIPT", help: "key script for --headless (see Key scripts below)" },
  { name: "json", type: "flag", help: "with --headless: print one JSON object" },
  // (No `default:` here: an option left out must be told from one given, for "--hold needs --headless".)
  { name: "hold", type: "int", arg: "MS", help: `with --headless: how long a key is held (default ${DEFAULT_HOLD_MS})`, min: 0, max: MAX_STEP_MS },
  { name: "gap", type: "int", arg: "MS", help: `with --headless: pause after each release (default ${DEFAULT_GAP_MS})`, min: 0, max: MAX_STEP_MS },
];

/** The games each profile's pads play, as "(NAME: game, game; …)", from the profiles themselves. */
function profileGames(): string {
  try {
    const lines = listProfiles()
      .map((name) => ({ name, games: toyGameNames(loadProfile(name)) }))
      .filter((p) => p.games.length > 0)
      .map((p) => `${p.name}: ${p.games.join(", ")}`);
    return lines.length > 0 ? ` (${lines.join("; ")})` : "";
  } catch {
    return " (see hardware/profiles)";
  }
}

function safeProfiles(): string {
  try {
    return listProfiles().join(", ");
  } catch {
    return "see hardware/profiles";
  }
}

const HELP = formatHelp({
  summary: "merlin sim — the toy's own firmware on a virtual board: terminal UI, --basic text, --headless runner",
  usage: [
    "merlin sim [--board NAME] [--rules NAME] [--seed N [--puzzle P]] [--start BITS] [options]",
    "merlin sim [--board NAME] --game NAME [--level NAME] [--seed N] [options]",
    "merlin sim --basic [--board NAME] [--seed N] [--start BITS]",
    "merlin sim --headless [--board NAME] [--rules NAME] [--seed N] --keys SCRIPT [--json]",
    "merlin sim --headless --game NAME [--level NAME] [--seed N] --keys SCRIPT [--json]",
  ],
  examples: [
    ["merlin sim", "the toy in the terminal (? shows the keys and the rules)"],
    ["merlin sim --board pico-5x5-neopixel --rules lightsout", "Lights Out on the 5×5 pixel board"],
    ["merlin sim --game tictactoe --level perfect", "Tic-Tac-Toe against Merlin's perfect play"],
    ["merlin sim --basic --seed 7", "the BASIC dialogue, typed or piped"],
    ["merlin sim --headless --start 010110101 --keys \"3 4 5 8 9\"", "source 003's worked example on the LED pins"],
    ["merlin sim --headless --start 010110101 --keys \"3 4 undo\" --json", ""],
    ["merlin sim --headless --start 010110101 --keys \"3 undo redo\" --json", "undo takes 3 back, redo plays it again"],
    ["merlin sim --headless --game tictactoe --level perfect --keys \"5 wait:1000 1\" --json", "Tic-Tac-Toe: your marks steady, Merlin's blinking"],
  ],
  specs: SPECS,
  groups: [
    { title: "Board and game", options: ["board", "game", "level", "rules", "seed", "puzzle", "start"] },
    { title: "Terminal UI", options: ["keypad", "quiet", "no-color", "fresh"] },
    { title: "Other front ends", options: ["basic", "headless", "keys", "json", "hold", "gap"] },
  ],
  sections: [
    [
      "The terminal UI",
      `Runs dist/firmware.js (dist/NAME/firmware.js for other boards; rebuilt when missing or stale) and draws the pads from its LED pins in real time. Keys 1-9 press pads 1-9 (1 top-left; --keypad puts 7 8 9 on top); arrows and space/enter press the pads past 9; a click presses a pad while the button is held (a 1.5 s hold is the toy's own gesture: 1 new game, 2 same game, 3 hit me, 4 undo, 5 comp turn, 6 rules, 7 mute, 8 goal, 9 sleep). The letters do the toy's functions at once:
  N NEW GAME, S SAME GAME, H HIT ME (shows the key to press), C COMP TURN (plays it), U undo,
  Y redo (what U took back, until a new move), G show the goal, Z sleep, R next rule set or
  game, M mute; ? help (goal and rules), Q quit.
In Merlin's other games (--game, or NEW GAME then the game's number) the header and status line name the game, each pad shows the number of Merlin's light over it and keys 0-9 press those; N chooses a game, S, H and C are the game's own keys (? says what each does in it), U and Y undo where the game allows it, L steps Tic-Tac-Toe's level (${LEVEL_NAMES.join(", ")}); G and R are Magic Square's and say so.
The flash lives in .merlin/NAME.storage.json under the current directory, so a game survives restarts. Cues ring the terminal bell.`,
    ],
    [
      "--basic",
      `The 1980s BASIC program's text, the dialogue of 'merlin play' (? help, q quit), played through the key matrix and read from the LED pins. Works from a pipe; end of input ends it, and so do ${MAX_IDLE_LINES} lines in a row refused or repeated (exit status 2). Flash is kept in memory.`,
    ],
    [
      "Key scripts (--headless)",
      `Played in virtual time, as fast as possible:
  5          tap pad 5 (held --hold ms, released, then --gap ms)
  1+3        a chord: pads pressed together
  5:1600     held 1600 ms          wait:500   let 500 ms pass
  undo       the toy's UNDO: pad ${UNDO_PAD} held for the function gesture
  redo       the toy's REDO (Merlin.redo(): no pad gesture does it), then --gap ms
  newGame    a button (${BUTTON_NAMES.join(", ")}): the board's own, or the pad whose hold does it
A step lasts at most ${MAX_STEP_MS} ms (so do --hold and --gap), a script at most ${MAX_SCRIPT_STEPS} steps, ${MAX_SCRIPT_CHARS} characters and ${MAX_SCRIPT_MS / 1000} s of virtual time. --json prints {"game","leds","blink","status","moves","tones","sounds","errors"}: leds from the LED pins after the script (blinking pads count as lit), blink the pads that blink, status (playing, won, lost, draw: the player's result) and moves from Merlin.state() (moves null in games that count none), tones every [Hz, ms] the piezo played, sounds the cues heard by name (press, illegal, new-game, win, loss, all-dark, hint, undo, mute, unmute, self-test, power-on; "tone FREQHz MSms" for others), errors every firmware error. Flash is kept in memory. Exit 1 when the firmware reported errors.`,
    ],
  ],
});

/**
 * Every front end applies its setup through the firmware (the terminal UI after the light test,
 * inside the UI): what would fail there is checked first, so a bad option is one line and
 * exit 2, worded as merlin play words it (startProblem, the check the firmware's
 * createGameFrom makes in short words).
 */
function checkSetup(profile: Profile, setup: HeadlessSetup): void {
  if (setup.seed !== undefined) checkSeed(setup.seed);
  if (setup.puzzle !== undefined) checkPuzzle(setup.puzzle);
  if (setup.start === undefined) return;
  // On the board of the rules asked for (a game's own: lightsout's plus, lightsout2000's colours).
  const rules = setup.rules ?? "basic";
  const p = playedPuzzle(rules, profile.rows, profile.cols);
  const game = gameSpec(rules);
  const t = game !== null ? gameSpecTables(game, p) : gameTables(p);
  // Read as every command reads a board (boardstate.ts).
  const start = tableBoard(t, parseBoard(p, setup.start, "--start"));
  const target = tableBoard(t, goalCells(rules, profile.rows, profile.cols));
  // The words of merlin play's --start (the firmware carries only short ones).
  const problem = startProblem(t, target, game !== null ? game.rules : Math.max(0, ruleIndex(rules)), start);
  if (problem !== null) throw inputError(`--start '${setup.start}': ${problem}`);
}

const NOT_A_TERMINAL = "merlin sim: the terminal UI needs an interactive terminal; try merlin sim --basic or merlin sim --headless --keys \"...\"";

async function run(argv: string[], io: CommandIO): Promise<number> {
  const v = commandValues(argv, SPECS, "sim", HELP, io);
  if (v === null) return 0;
  if (v.basic && v.headless) throw inputError("--basic and --headless are different front ends: choose one");
  if (v.keys !== undefined && !v.headless) throw inputError("--keys needs --headless");
  if (v.json && !v.headless) throw inputError("--json needs --headless");
  for (const name of ["hold", "gap"]) if (v[name] !== undefined && !v.headless) throw inputError(`--${name} needs --headless (the key script's timing)`);
  if (v.headless && v.keys === undefined) throw inputError('--headless needs --keys SCRIPT (e.g. --keys "3 4 5 8 9")');
  if (v.basic || v.headless) {
    for (const name of ["keypad", "quiet", "fresh", "no-color"]) {
      if (v[name]) throw inputError(`--${name} is for the terminal UI; ${v.basic ? "--basic" : "--headless"} keeps its flash in memory and has no keypad, bell or colours`);
    }
  }
  if (v.puzzle !== undefined && v.seed === undefined) throw inputError("--puzzle needs --seed (the puzzle is counted from the seed's first deal)");
  if (v.puzzle !== undefined && v.basic) throw inputError("--puzzle is for the terminal UI and --headless");
  if (v.basic && v.rules !== undefined && v.rules !== "basic") throw inputError("--basic plays the BASIC program's rules; leave out --rules");
  const other = v.game !== undefined && v.game !== MAGIC_SQUARE;
  if (v.basic && other) throw inputError("--basic plays Magic Square; leave out --game");
  for (const name of ["rules", "puzzle", "start"]) if (other && v[name] !== undefined) throw inputError(`--${name} is Magic Square's; ${v.game} takes --seed${v.game === "tictactoe" ? " and --level" : ""}`);
  if (v.level !== undefined && v.game !== "tictactoe") throw inputError("--level is Tic-Tac-Toe's: use it with --game tictactoe");
  if (v.level !== undefined) checkRules(v.level as string, LEVEL_NAMES, "--level");
  let profile;
  try {
    profile = loadProfile(v.board as string);
  } catch (e) {
    throw inputError(`--board: ${(e as Error).message}`);
  }
  // The rule sets, then the games this board's firmware plays (the RULES hold's cycle).
  if (v.rules !== undefined) checkRules(v.rules as string, toyRuleNames(toyGameNames(profile)));
  if (v.game !== undefined) checkRules(v.game as string, profileGameNames(profile), `--game (on ${profile.name})`);
  const warn = (message: string) => io.err(`merlin sim: ${message}\n`);
  const setup: HeadlessSetup = {
    game: v.game as string | undefined,
    level: v.level as string | undefined,
    rules: v.rules as string | undefined,
    seed: v.seed as number | undefined,
    puzzle: v.puzzle as number | undefined,
    start: v.start as string | undefined,
  };

  checkSetup(profile, setup);
  if (v.headless) {
    const session = await openSession({ profile, boardSeed: 1, warn });
    const script = parseKeyScript(v.keys as string, session.pads, session.buttons);
    const trace = runHeadless(session, setup, script, (v.hold as number | undefined) ?? DEFAULT_HOLD_MS, (v.gap as number | undefined) ?? DEFAULT_GAP_MS);
    io.out((v.json ? JSON.stringify(trace.result) : formatTrace(trace, profile.name, profile.cols)) + "\n");
    return trace.result.errors.length > 0 ? 1 : 0;
  }
  if (v.basic) {
    const session = await openSession({ profile, warn });
    return runBasic(session, { seed: setup.seed, start: setup.start }, io);
  }
  const stdin = io.stdin as (NodeJS.ReadableStream & { isTTY?: boolean }) | undefined;
  if (!io.isTTY || !stdin || !stdin.isTTY || stdin !== process.stdin) {
    io.err(NOT_A_TERMINAL + "\n");
    return 2;
  }
  // From power-on, so the light test shows; the setup runs when it is over.
  const session = await openSession({ profile, persist: true, fresh: v.fresh === true, warn, atPowerOn: true });

  const hasSetup = setup.game !== undefined || setup.rules !== undefined || setup.seed !== undefined || setup.start !== undefined;
  const tuiOptions = { keypad: v.keypad === true, quiet: v.quiet === true, color: colourWanted(v["no-color"] === true, process.env), setup: hasSetup ? () => applySetup(session, setup) : undefined };
  return runTui(session, tuiOptions, { stdin: process.stdin as ReadStream, stdout: process.stdout as WriteStream });
}

export const simCommand: Command = {
  name: "sim",
  summary: "the toy's firmware on a virtual board: terminal UI, --basic text mode, --headless runner",
  help: HELP,
  run,
};

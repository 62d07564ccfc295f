/**
 * `merlin sim`: the firmware (dist/firmware.js or dist/NAME/firmware.js, rebuilt when stale)
 * on a virtual Espruino board, with three front ends: the terminal UI (default), the retro
 * BASIC text mode of source 002 (--basic) and the headless key-script runner (--headless).
 */
import type { ReadStream, WriteStream } from "node:tty";
import { listProfiles, loadProfile } from "../../hardware/validate";
import { inputError } from "../../src/puzzle";
import { ruleIndex, ruleNames } from "../../src/rules";
import { gameSpec, gameSpecTables, gameTables, tableBoard } from "../../src/games";
import { runBasic } from "../app/basic";
import { checkPuzzle, checkRules, checkSeed, MAX_PUZZLE, MAX_SEED } from "../app/deal-values";
import { applySetup, formatTrace, type HeadlessSetup, MAX_SCRIPT_CHARS, MAX_SCRIPT_MS, MAX_SCRIPT_STEPS, MAX_STEP_MS, parseKeyScript, runHeadless } from "../app/headless";
import { openSession } from "../app/node-session";
import { toyGameNames } from "../app/firmware-loader";
import { BUTTON_NAMES, DEFAULT_GAP_MS, DEFAULT_HOLD_MS } from "../app/session";
import { goalCells, playedPuzzle, toyRuleNames } from "../app/toy-info";
import type { Profile } from "../../hardware/profile";
import { parseBoard } from "../../src/boardstate";
import { startProblem } from "../../src/game";
import { colourWanted, runTui } from "../app/tui";
import { Command, commandValues, CommandIO } from "./command";
import { optionHelp, OptionSpec } from "../../tools/options";

const DEFAULT_BOARD = "pico-3x3";

const SPECS: OptionSpec[] = [
  { name: "board", type: "string", arg: "NAME", help: `board profile (hardware/profiles): ${safeProfiles()}`, default: DEFAULT_BOARD },
  { name: "rules", type: "string", arg: "NAME", help: `switch the toy to a rule set: ${ruleNames()}, or a game the board plays (pico-5x5-neopixel: lightsout, lightsout2000; the R cycle's names)` },
  { name: "seed", type: "int", arg: "N", help: "deal puzzle number N (a new game from that seed)", min: 0, max: MAX_SEED },
  { name: "puzzle", type: "int", arg: "P", help: "with --seed: the seed's P-th deal after the first (NEW GAME P times); the screen shows seed and puzzle", min: 0, max: MAX_PUZZLE },
  { name: "start", type: "string", arg: "BITS", help: "start from this board (row-major 0/1, 1 = lit)" },
  { name: "keypad", type: "flag", help: "keys 1-9 laid out like a numeric keypad (7 8 9 on the top row)" },
  { name: "quiet", type: "flag", help: "no terminal bell (the firmware still plays; M mutes the toy itself)" },
  { name: "no-color", type: "flag", help: "draw the pads as glyphs (█ lit, ▒ dim, ░ dark), no colours; also when NO_COLOR is set (https://no-color.org)" },
  { name: "fresh", type: "flag", help: "start with empty flash (erases .merlin/NAME.storage.json; the way out when it is damaged)" },
  { name: "basic", type: "flag", help: "the retro text mode of the 1980s BASIC listing (source 002), from standard input", excludes: ["hold", "gap"] },
  { name: "headless", type: "flag", help: "play --keys in virtual time and report (no terminal needed)" },
  { name: "keys", type: "string", arg: "SCRIPT", help: "key script for --headless (see below)" },
  { name: "json", type: "flag", help: "with --headless: print one JSON object" },
  // (No `default:` here: an option left out must be told from one given, for "--hold needs --headless".)
  { name: "hold", type: "int", arg: "MS", help: `with --headless: how long a key is held (default ${DEFAULT_HOLD_MS})`, min: 0, max: MAX_STEP_MS },
  { name: "gap", type: "int", arg: "MS", help: `with --headless: pause after each release (default ${DEFAULT_GAP_MS})`, min: 0, max: MAX_STEP_MS },
];

function safeProfiles(): string {
  try {
    return listProfiles().join(", ");
  } catch {
    return "see hardware/profiles";
  }
}

const HELP = `usage: merlin sim [--board NAME] [--rules NAME] [--seed N [--puzzle P]] [--start BITS] [--keypad] [--quiet] [--no-color] [--fresh]
       merlin sim --basic [--board NAME] [--seed N] [--start BITS]
       merlin sim --headless [--board NAME] [--rules NAME] [--seed N [--puzzle P]] [--start BITS] --keys SCRIPT [--json]

Runs the toy's own firmware (dist/firmware.js, or dist/NAME/firmware.js for other boards; rebuilt
first when missing or older than its sources) on a virtual Espruino board. 'merlin web' runs the
same firmware in a browser.

The terminal UI (default) draws the pads from the LED pins in real time, from the power-on light
test on, so they blink as the firmware blinks them. Keys 1-9 press pads 1-9 (1 top-left, numbered
row-major like source 002; --keypad puts 7 8 9 on top); arrows move a cursor and space/enter press
its pad (for pads past 9); clicking a pad presses it for as long as the mouse button is held (a
1.5 s hold is the toy's own gesture: 1 new game, 2 same game, 3 hit me, 4 undo, 5 comp turn,
6 rules, 7 mute, 8 goal, 9 sleep). The letters do the toy's functions at once, through its
console API as its extra buttons do: N NEW GAME, S SAME GAME, H HIT ME (shows the key to press),
C COMP TURN (plays it), U undo, G show the goal, Z sleep, R next rule set or game (the toy's RULES cycle: the rule sets, then the board's games), M mute; ? help, Q quit.
Around the pads: rules, seed and puzzle, moves (against the limit), par and score, status and
why, the goal, statistics and sound. Cues ring the terminal bell. Pads are drawn in colour;
with --no-color or NO_COLOR set, as glyphs (█ lit, ▒ dim, ░ dark). The flash lives in
.merlin/NAME.storage.json under the current directory, so a game survives restarts like on the toy.

--basic plays the 1980s BASIC program's text, the dialogue of 'merlin play': the board as rows
of 0/1, ASSIGN# n, a line of keys (h c u s n: hit me, comp turn, undo, same game, new game;
anything else is ??? ILLEGAL INPUT), CONGRATULANT !! or YOU LOSED THE GAME !! and why, then
TRY AGAIN (Y OR N). Moves go through the key matrix; the board is read from the LED pins.
Works from a pipe; end of input ends it. Flash is kept in memory.

--headless plays a key script in virtual time, as fast as possible:
  5          tap pad 5 (held --hold ms, released, then --gap ms)
  1+3        a chord: pads pressed together
  5:1600     held 1600 ms          wait:500   let 500 ms pass
  newGame    an extra button (${BUTTON_NAMES.join(", ")}) where the board has one
A step lasts at most ${MAX_STEP_MS} ms (10 minutes; so do --hold and --gap), a script at most
${MAX_SCRIPT_STEPS} steps, ${MAX_SCRIPT_CHARS} characters and ${MAX_SCRIPT_MS / 1000} s of virtual time (30 minutes): more is
rejected before it runs.
--json prints {"leds","status","moves","sounds","errors"}: leds from the LED pins after the
script (blinking pads count as lit), status and moves from Merlin.state(), sounds the cues heard
during the script by name (press, illegal, new-game, win, loss, all-dark, hint, undo, mute,
unmute, self-test, power-on; "tone FREQHz MSms" for anything else), errors every firmware error.
Flash is kept in memory. Exit 1 when the firmware reported errors.

options:
${optionHelp(SPECS)}`;

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
  let profile;
  try {
    profile = loadProfile(v.board as string);
  } catch (e) {
    throw inputError(`--board: ${(e as Error).message}`);
  }
  // The rule sets, then the games this board's firmware plays (the RULES hold's cycle).
  if (v.rules !== undefined) checkRules(v.rules as string, toyRuleNames(toyGameNames(profile)));
  const warn = (message: string) => io.err(`merlin sim: ${message}\n`);
  const setup: HeadlessSetup = {
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

  const hasSetup = setup.rules !== undefined || setup.seed !== undefined || setup.start !== undefined;
  const tuiOptions = { keypad: v.keypad === true, quiet: v.quiet === true, color: colourWanted(v["no-color"] === true, process.env), setup: hasSetup ? () => applySetup(session, setup) : undefined };
  return runTui(session, tuiOptions, { stdin: process.stdin as ReadStream, stdout: process.stdout as WriteStream });
}

export const simCommand: Command = {
  name: "sim",
  summary: "the toy's firmware on a virtual board: terminal UI, --basic text mode, --headless runner",
  help: HELP,
  run,
};

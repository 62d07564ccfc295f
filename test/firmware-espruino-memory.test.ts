// No JsVar growth on the real Espruino interpreter (ESPRUINO_BIN; skipped without it): on every
// profile, 10 000 seeded mixed events — pad presses, HIT ME and COMP TURN (console and extra
// buttons), undo, new games, SAME GAME, starts (refused ones too), rule and mute changes (the
// games too on boards that play them),
// sleep and wake — end within a few JsVars of where they started. Usage is read the same way at both ends: after
// sleep (every file written), a wake, and 1.5 s without events (no write or display timer left).
import { describe, expect, it } from "vitest";
import { listProfiles } from "../hardware/validate";
import { profileModules, toyGameSpecs } from "../firmware/build/build";
import { MAGIC_SQUARE } from "../src/toy/midend";
import { RULE_NAMES } from "../src/toy/rules";
import { bin, checkInterpreterFirst, FlashImage, lastWords, sleep, type InterpreterToy } from "./helpers/espruino-toy";
import { hangAfter } from "./helpers/time-limits";

const EVENTS = 10_000;
/** Events per console line (the line runs to its end before timers get a turn). */
const CHUNK = 250;
/** How far usage may end from where it started (a timer, a pending file). */
const SLACK = 8;

/**
 * Defines `__ev(n, seed)` on the board: n mixed events from seed, then the usage (a call the
 * toy refuses is one of the events: NEW GAME twice chooses a game, whose keys differ). Defined
 * once, in three lines, so that every console line stays within MAX_LINE (espruino-bin.ts).
 */
function eventsFunctions(pads: number, rules: string[]): string[] {
  return [
    `global.__e1=function(k,r){var M=Merlin;if(k<45)M.press(1+r(${pads}));else if(k<52)M.hint();else if(k<58)M.press(${pads + 4});` +
      `else if(k<61)M.press(${pads + 3});else if(k<68)M.undo();else if(k<73)M.newGame(r(1e6));else if(k<76)M.press(${pads + 1});` +
      `else if(k<79)M.press(${pads + 2});else return 1}`,
    `global.__e2=function(k,r){var M=Merlin;if(k<82){var b="";for(var j=0;j<${pads};j++)b+=r(2);try{M.start(b)}catch(e){}}` +
      `else if(k<87)M.setRules(${JSON.stringify(rules)}[r(${rules.length})]);else if(k<93)M.mute(r(2)===0);else{M.sleep();M.press(1+r(${pads}))}}`,
    "global.__ev=function(n,s){function r(m){s=(s*69069+1)%4294967296;return Math.floor(s/65536)%m}" +
      "for(var i=0;i<n;i++){var k=r(100);try{if(__e1(k,r))__e2(k,r)}catch(e){}}return process.memory().usage}",
  ];
}

/**
 * Usage once everything has settled: the first rule set played (a game's tables are in RAM only
 * while it is played), sleep (writes every file), wake, 1.5 s quiet.
 */
async function settledUsage(toy: InterpreterToy): Promise<number> {
  await toy.value(`Merlin.setRules(${JSON.stringify(RULE_NAMES[0])})`);
  await toy.value("Merlin.sleep()");
  await sleep(300);
  await toy.value("Merlin.press(1)");
  await sleep(1500);
  return toy.value<number>("process.memory().usage");
}

describe.skipIf(!bin)("no JsVar growth on Espruino (ESPRUINO_BIN)", () => {
  checkInterpreterFirst();
  for (const name of listProfiles()) {
    it(`${name}: ${EVENTS} mixed events end within ${SLACK} JsVars of their start`, async () => {
      const image = await FlashImage.create(name);
      const toy = await image.boot();
      const pads = image.profile.rows * image.profile.cols;
      try {
        const rules = RULE_NAMES.concat(toyGameSpecs(image.profile).map((g) => g.spec.name));
        for (const f of eventsFunctions(pads, rules)) await toy.value(`(${f},1)`);
        // Warm-up: every kind of event once or more, so first-use allocations are behind us, and
        // every game chosen once (merlin.gms then keeps each game's state, as it will after any event).
        const games = JSON.stringify(profileModules(image.profile).map((m) => m.name).concat(MAGIC_SQUARE));
        await toy.value(`(function(n){for(var i=0;i<n.length;i++)Merlin.game(n[i]);return 1})(${games})`);
        await toy.value("__ev(200,1)");
        const start = await settledUsage(toy);
        const during: number[] = [];
        for (let done = 0; done < EVENTS; done += CHUNK) {
          try {
            during.push(await toy.value<number>(`__ev(${CHUNK},${1000 + done})`, 600_000));
          } catch (e) {
            throw new Error(`events ${done}…${done + CHUNK}: ${(e as Error).message.split("\n")[0]}\n${lastWords(toy.output)}`);
          }
        }
        const end = await settledUsage(toy);
        const bad = toy.output.split("\n").filter((l) => /OUT OF MEMORY|Execution Interrupted|Uncaught/.test(l));
        expect(bad).toEqual([]);
        expect(end - start, `JsVars: ${start} at the start, ${end} at the end, ${Math.max(...during)} at most between`).toBeLessThanOrEqual(SLACK);
      } finally {
        await toy.dispose();
        image.dispose();
      }
    }, hangAfter(360_000));
  }
});

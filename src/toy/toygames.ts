/**
 * The tables the game machine (game.ts) plays the games of games.ts on, made from precomputed
 * tables alone, as the toy has them (no solver runs on it): on/off games as masks with the
 * levels' deal (levels.ts), colour games as cell tables answered by cellsolve.ts. `merlin play`
 * deals the same way (games.ts uses levelTables, cellboards.ts dealCells), so a seed deals
 * the same puzzle on the toy and on the command line.
 */
import { cellAdvance, cellHint, cellPressCount, cellSolvable } from "./cellsolve";
import { Board, CellOps, dealStart, GameExtras, GameTables } from "./game";
import { LEVEL_COUNT, levelStart } from "./levels";
import { isReachable, minimumSolution } from "./masksolve";
import { nextRandom, seedRandom } from "./rng";
import { CellTables, MaskTables } from "./tables";

/** Random press vectors tried per deal of a cell board before single presses are tried in turn. */
const DEAL_ATTEMPTS = 64;

/**
 * A start for a k-state board: `target` (digits) after a uniformly random number of presses
 * (0 … k − 1) of each of `keys` keys, by `advance`, redrawn while it is the target or (unless
 * `darkStart`) all dark (`dark`). Each reachable board is hit by the same number of press
 * vectors (the quiet patterns'), so starts are uniform over the solvable boards. A 32-bit draw
 * at or above the last whole multiple of k is redrawn (no modulo bias).
 */
export function dealCells(
  advance: (board: string, key: number, times: number) => string, keys: number, k: number, dark: string,
  target: string, darkStart: boolean, seed: number, puzzle: number,
): string {
  const limit = Math.floor(4294967296 / k) * k;
  let s = seedRandom(seed, puzzle);
  for (let attempt = 0; attempt < DEAL_ATTEMPTS; attempt++) {
    let b = target;
    for (let key = 0; key < keys; key++) {
      do s = nextRandom(s);
      while (s >>> 0 >= limit);
      b = advance(b, key, (s >>> 0) % k);
    }
    if (b !== target && (darkStart || b !== dark)) return b;
  }
  // Never reached in practice (64 draws all solved or dark): one press of the first key that gives an allowed start.
  for (let key = 0; key < keys; key++) {
    const b = advance(target, key, 1);
    if (b !== target && (darkStart || b !== dark)) return b;
  }
  return advance(target, 0, 1);
}

/** A level game's extras (levelTables): its mask tables in `t`, for the shared levelDeal. */
type LevelExtras = GameExtras & { t: MaskTables };

/**
 * The level deal and HIT ME of every level game, shared (game.ts calls them with the game's
 * extras as `this`): a closure per game would cost its JsVars on the toy for as long as it runs.
 */
const LEVEL_DEAL = {
  levelDeal: function (this: LevelExtras, target: Board, darkStart: boolean, seed: number, puzzle: number): Board {
    if (puzzle < LEVEL_COUNT) return levelStart(this.t, target as number, seed, puzzle + 1);
    return dealStart(this.t, target as number, darkStart, seed, puzzle);
  },
  maskHint: function (this: LevelExtras, board: number, target: number): number {
    const t = this.t;
    if (board === target || !isReachable(t, board ^ target)) return -1;
    const x = minimumSolution(t, board, target);
    for (let i = 0; i < t.order.length; i++) if ((x >>> t.order[i]) & 1) return t.order[i];
    return -1;
  },
};

/**
 * Mask tables `t` dealing levels: puzzle n of a seed is level n + 1 of that seed, past the last
 * level the usual deal. HIT ME is the first key, in footprint order, of the minimum solution
 * (as cellsolve.ts's: these games' goal is the dark board, so there is nothing to steer
 * around, and every such key leaves a minimum solution one press shorter) — a third of what
 * masksolve.ts's hint costs on the toy.
 */
export function levelTables(t: MaskTables): GameTables {
  const g: GameTables = t;
  const extras = Object.create(LEVEL_DEAL) as LevelExtras;
  extras.t = t;
  g.extras = extras;
  return g;
}

/**
 * The tables of a level game made when it is played (midend.ts choose): `make`'s mask tables
 * (the firmware build's GAME_TABLES makes them from the code in flash) with the levels' deal.
 */
export function levelTablesMaker(make: () => MaskTables): () => GameTables {
  return function () {
    return levelTables(make());
  };
}

/**
 * A colour game's cell tables as the toy holds them: the tables, or (the firmware build's
 * GAME_TABLES) a function that makes them from the code in flash — the toy then keeps one
 * game's tables in RAM at a time (tablesOf), and none while it plays another game
 * (letTablesGo).
 */
export type CellTablesSource = CellTables | (() => CellTables);

/** The tables made last (tablesOf), and the function they were made by. */
let made: CellTables | null = null;
let madeBy: CellTablesSource | null = null;

/**
 * The cell tables of `src`: itself, or made by calling it — again only when another game's were
 * made since (about 80–95 JsVars each on 5×5 boards: two colour games' at once would not fit
 * the toy's budget).
 */
export function tablesOf(src: CellTablesSource): CellTables {
  if (typeof src !== "function") return src;
  if (madeBy !== src) {
    made = null; // the old ones go before the new ones are made
    made = src();
    madeBy = src;
  }
  return made as CellTables;
}

/** Lets the cell tables made last go (midend.ts: when the game played is not a colour game). */
export function letTablesGo(): void {
  made = null;
  madeBy = null;
}

/**
 * A colour game's operations (game.ts CellOps) on the toy's tables: the game's cell tables from
 * `src` (tablesOf), and where its keys are not its pads (blackwhite's intersections) the key of
 * each pad in extras.padKeys (255: none).
 */
type ToyOps = CellOps & { src: CellTablesSource };

/**
 * The operations of every colour game, shared: each game's ops object inherits them
 * (Object.create) and holds its own tables' source, and game.ts calls them as its methods, so
 * `this` is that object. (Six closures per game would cost about 60 JsVars on the toy, for as
 * long as it runs; the dealFrom's advance below lives only while a deal runs.)
 */
const TOY_OPS = {
  // (A press and HIT ME look at the tables made last before calling tablesOf: a call costs.)
  advance: function (this: ToyOps, board: string, key: number, times: number): string {
    return cellAdvance(madeBy === this.src ? (made as CellTables) : tablesOf(this.src), board, key, times);
  },
  canReach: function (this: ToyOps, from: string, to: string): boolean {
    return cellSolvable(tablesOf(this.src), from, to);
  },
  parOf: function (this: ToyOps, from: string, to: string): number {
    return cellPressCount(tablesOf(this.src), from, to);
  },
  hintKey: function (this: ToyOps, board: string, target: string): number {
    // (A function of its own: its "ram" directive would be lost inlined here.)
    return /*@__NOINLINE__*/ cellHint(madeBy === this.src ? (made as CellTables) : tablesOf(this.src), board, target);
  },
  padsOf: function (this: ToyOps, key: number): string {
    // The pad it is pressed at: its own on a grid, else its first cell (the top-left of its block).
    const t = madeBy === this.src ? (made as CellTables) : tablesOf(this.src);
    const pad = t.keys === t.cells ? key : t.keyCells[t.keyStart[key]];
    return this.allDark.slice(0, pad) + "1" + this.allDark.slice(pad + 1);
  },
  dealFrom: function (this: ToyOps, target: string, darkStart: boolean, seed: number, puzzle: number): string {
    const t = tablesOf(this.src);
    const advance = function (board: string, key: number, times: number): string {
      return cellAdvance(t, board, key, times);
    };
    return dealCells(advance, t.keys, t.k, this.allDark, target, darkStart, seed, puzzle);
  },
};

/** The all-dark board of the colour games made last (cellGameTables). */
let allDark = "";

/**
 * What the colour games' GameTables share (their prototype): the mask tables' arrays, empty,
 * and the board's size, the same for every game of a board (cellGameTables sets it).
 */
const NO_MASK = /* @__PURE__ */ new Int32Array(0);
const NO_MASKS = { rows: 0, cols: 0, cells: 0, toggle: NO_MASK, solve: NO_MASK, check: NO_MASK, quiet: NO_MASK, order: NO_MASK };

/**
 * The game tables of a colour game from its cell tables (`src`: tablesOf) on rows × cols pads:
 * boards are digit strings. When the keys are not the pads (blackwhite's intersections), each
 * key is pressed at the first pad it advances — the top-left pad of its 2×2 block — and shown
 * there by HIT ME: extras.padKeys gives the key of each pad (255: none; a press there is an
 * illegal key).
 */
export function cellGameTables(src: CellTablesSource, rows: number, cols: number): GameTables {
  const t = tablesOf(src);
  const cells = t.cells;
  // One all-dark board for the games of a board (a string per game would cost its JsVars).
  if (allDark.length !== cells) {
    allDark = "";
    for (let c = 0; c < cells; c++) allDark += "0";
  }
  const extras: GameExtras = {};
  // Boards reachable from one board: k^keys press vectors, each board reached by every quiet pattern.
  let reach = Math.pow(t.k, t.keys);
  for (let i = 0; i < t.quietOrders.length; i++) reach /= t.quietOrders[i];
  const ops = Object.create(TOY_OPS) as ToyOps;
  ops.src = src;
  ops.cycle = t.k;
  ops.allDark = allDark;
  ops.reachCount = reach;
  NO_MASKS.rows = rows;
  NO_MASKS.cols = cols;
  NO_MASKS.cells = cells;
  const g = Object.create(NO_MASKS) as GameTables;
  g.keys = t.keys;
  extras.ops = ops;
  if (t.keys !== cells) {
    const padKeys = new Uint8Array(cells).fill(255);
    for (let key = 0; key < t.keys; key++) padKeys[t.keyCells[t.keyStart[key]]] = key;
    extras.padKeys = padKeys;
  }
  g.extras = extras;
  // Made from flash for this: let them go until the game is played.
  if (madeBy === src && typeof src === "function") letTablesGo();
  return g;
}

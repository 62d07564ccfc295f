/**
 * Tic-Tac-Toe (game 1 of the 1978 Merlin) on pads 1 … 9: your marks light steady, Merlin's
 * blink. Press a pad for your mark; Merlin answers a moment later. To let Merlin start, press
 * COMP TURN on the empty board. Three in a row wins (the fanfare), Merlin's three lose (the
 * falling steps), a full board is a draw (two level tones). SAME GAME clears the board.
 *
 * Levels (the setting "level"): `merlin`, the toy's aggressive play — it takes a win, blocks
 * yours, and otherwise makes a line of two when it can, which a child can beat; `perfect`,
 * which never loses (test/games-tictactoe.test.ts walks every line of play to show it); and
 * `two`, two players taking turns, the second player's marks blinking.
 *
 * The perfect player is the classic rule list (Newell and Simon, 1972): win, block, fork,
 * stop the opponent's fork (with a line of two that forces a reply which makes no fork), centre,
 * opposite corner, corner, side — a few mask tests a move, no search.
 */
import {
  draw, GameEffects, GameLayout, GameModule, KEY_COMP_TURN, KEY_NEW_GAME, KEY_SAME_GAME, onlyOf, refuse, STATUS_DRAW, STATUS_LOST,
  STATUS_PLAYING, STATUS_WON, wholeField,
} from "../gamemodule";
import { seedRandom } from "../rng";
import { CUE_DRAW, CUE_LOSS, CUE_MERLIN, CUE_NEW_GAME, CUE_PRESS, CUE_WIN } from "../sounds";

export const LEVEL_MERLIN = 0;
export const LEVEL_PERFECT = 1;
export const LEVEL_TWO = 2;
export const LEVEL_NAMES = ["merlin", "perfect", "two"];
/** How long Merlin "thinks" before his mark appears. */
export const MERLIN_DELAY_MS = 600;

/** The eight lines as masks of cells (cell i = pad i + 1). */
const LINES = [7, 56, 448, 73, 146, 292, 273, 84];
/** Cells in the order the rules prefer them: centre, corners, sides. */
const ORDER = [4, 0, 2, 6, 8, 1, 3, 5, 7];
const FULL = 511;

export interface TicTacToeState {
  rng: number;
  level: number;
  /**
   * The marks as masks of cells (bit i = cell i, pad i + 1): mark 1 yours (steady), mark 2
   * Merlin's or the second player's (blinking). The rules are mask tests, so a key costs a few
   * of them, not a walk over the board.
   */
  ones: number;
  twos: number;
  /** Whose mark comes next: 1 or 2. */
  turn: number;
  /** When Merlin makes his move (ms), −1 when he is not about to. */
  replyAt: number;
  /** The game's status (STATUS_*) as the last mark left it (statusOf): asked at every key, worked out at each mark. */
  status: number;
}

/** What is in cell `c` (0 … 8): 0 empty, else the mark, 1 or 2. */
export function cellAt(s: TicTacToeState, c: number): number {
  return ((s.ones >> c) & 1) !== 0 ? 1 : ((s.twos >> c) & 1) !== 0 ? 2 : 0;
}

/** Row starts (cells 0, 3, 6) and column starts (cells 0, 1, 2), as masks. */
const ROW_STARTS = 73;
const COLUMN_STARTS = 7;
/** The two diagonals. */
const DIAGONAL = 273;
const ANTI_DIAGONAL = 84;

/**
 * Whether mask `m` holds a whole line. A row is three bits in a row from a row start, so
 * `m & m >> 1 & m >> 2` keeps its first cell; a column is three bits three apart, so
 * `m & m >> 3 & m >> 6` keeps its top cell. (A status is worked out at every mark: a few mask
 * operations, not a walk over the eight lines.)
 */
export function hasLine(m: number): boolean {
  return (m & (m >> 1) & (m >> 2) & ROW_STARTS) !== 0 || (m & (m >> 3) & (m >> 6) & COLUMN_STARTS) !== 0 || (m & DIAGONAL) === DIAGONAL || (m & ANTI_DIAGONAL) === ANTI_DIAGONAL;
}

/** Whether mask `m` has exactly one bit. */
function single(m: number): boolean {
  return m !== 0 && (m & (m - 1)) === 0;
}

/** The cell that completes a line of two of `mine` (the third empty), −1 none. */
function completing(mine: number, theirs: number): number {
  for (let i = 0; i < 8; i++) {
    const line = LINES[i];
    if ((theirs & line) === 0) {
      const gap = line & ~mine;
      if (single(gap)) return 31 - clz(gap);
    }
  }
  return -1;
}

/** How many lines hold two of `mine` and an empty third. */
function threats(mine: number, theirs: number): number {
  let n = 0;
  for (let i = 0; i < 8; i++) {
    const line = LINES[i];
    if ((theirs & line) === 0 && single(line & ~mine)) n++;
  }
  return n;
}

/**
 * The empty cells where a mark of `mine` makes a line of two: the empty cells of each line that
 * holds one of `mine` and none of `theirs`; with `twice`, those that make two such lines at once
 * (a fork). Where `mine` has no line of two already (completing found none), these are exactly
 * the cells whose mark leaves threats(mine + cell) at least 1, or 2: a line not through the
 * cell would be a line of two already. (Eight lines looked at once, not the eight lines again
 * for each of nine cells.)
 */
function attacks(mine: number, theirs: number, twice: boolean): number {
  let once = 0;
  let more = 0;
  for (let i = 0; i < 8; i++) {
    const line = LINES[i];
    if ((theirs & line) === 0 && single(mine & line)) {
      const open = line & ~mine;
      more |= once & open;
      once |= open;
    }
  }
  return twice ? more : once;
}

/** The index of a mask's single bit, as 31 − leading zeros (Espruino has no Math.clz32). */
function clz(bit: number): number {
  let n = 31;
  while (bit > 1) {
    bit >>>= 1;
    n--;
  }
  return n;
}

/** The first cell of mask `cells` in the order the rules prefer (ORDER), −1 none. */
function preferred(cells: number): number {
  for (let i = 0; i < 9; i++) if ((cells & (1 << ORDER[i])) !== 0) return ORDER[i];
  return -1;
}

/**
 * The perfect player's cell for the side holding `me` against `op` (the board not full). (Past
 * the win and the block, neither side has a line of two, which attacks needs.)
 */
export function perfectMove(me: number, op: number): number {
  const empty = FULL & ~(me | op);
  let c = completing(me, op);
  if (c >= 0) return c;
  c = completing(op, me);
  if (c >= 0) return c;
  c = preferred(attacks(me, op, true));
  if (c >= 0) return c;
  if (attacks(op, me, true) !== 0) {
    for (let i = 0; i < 9; i++) {
      c = ORDER[i];
      if ((empty & (1 << c)) === 0) continue;
      const mine = me | (1 << c);
      const forced = completing(mine, op);
      // A line of two forces the reply at its gap: good when that reply makes no fork; a quiet
      // move is good when it leaves the opponent no fork at all.
      if (forced >= 0 ? threats(op | (1 << forced), mine) < 2 : attacks(op, mine, true) === 0) return c;
    }
  }
  if ((empty & 16) !== 0) return 4;
  for (let i = 1; i < 5; i++) {
    c = ORDER[i];
    if ((empty & (1 << c)) !== 0 && (op & (1 << (8 - c))) !== 0) return c;
  }
  return preferred(empty);
}

/**
 * Merlin's own play: a win, else a block, else (aggressive) a move that makes a line of two —
 * one of them at random — else the centre, else any cell at random.
 */
export function merlinMove(s: { rng: number }, me: number, op: number): number {
  const empty = FULL & ~(me | op);
  let c = completing(me, op);
  if (c >= 0) return c;
  c = completing(op, me);
  if (c >= 0) return c;
  const lines = attacks(me, op, false);
  if (lines === 0 && (empty & 16) !== 0) return 4;
  const pool = lines !== 0 ? lines : empty;
  let n = 0;
  for (c = 0; c < 9; c++) if ((pool & (1 << c)) !== 0) n++;
  let pick = draw(s, n);
  for (c = 0; c < 9; c++) if ((pool & (1 << c)) !== 0 && pick-- === 0) return c;
  return -1;
}

function statusOf(s: TicTacToeState): number {
  if (hasLine(s.ones)) return STATUS_WON;
  if (hasLine(s.twos)) return STATUS_LOST;
  return (s.ones | s.twos) === FULL ? STATUS_DRAW : STATUS_PLAYING;
}

function clear(s: TicTacToeState): void {
  s.ones = 0;
  s.twos = 0;
  s.turn = 1;
  s.replyAt = -1;
  s.status = STATUS_PLAYING;
}

function show(s: TicTacToeState, fx: GameEffects): void {
  fx.show = true;
  fx.frame = (s.ones | s.twos) << 1;
  fx.blink = s.twos << 1;
}

/**
 * Puts the mark of `s.turn` in cell `c` and says how it ended: the cue of a result or of the
 * move. Returns the game's status.
 */
function mark(s: TicTacToeState, c: number, moveCue: number, fx: GameEffects): number {
  if (s.turn === 1) s.ones |= 1 << c;
  else s.twos |= 1 << c;
  s.turn = 3 - s.turn;
  const st = statusOf(s);
  s.status = st;
  fx.cues.push(st === STATUS_WON ? CUE_WIN : st === STATUS_LOST ? CUE_LOSS : st === STATUS_DRAW ? CUE_DRAW : moveCue);
  fx.changed = true;
  return st;
}

function merlinPlays(s: TicTacToeState, fx: GameEffects): void {
  const me = s.twos;
  const op = s.ones;
  s.replyAt = -1;
  mark(s, s.level === LEVEL_PERFECT ? perfectMove(me, op) : merlinMove(s, me, op), CUE_MERLIN, fx);
}

function key(s: TicTacToeState, k: number, now: number, fx: GameEffects): void {
  if (k === KEY_SAME_GAME || k === KEY_NEW_GAME) {
    clear(s);
    fx.cues.push(CUE_NEW_GAME);
    fx.changed = true;
  } else if (k === KEY_COMP_TURN) {
    if (s.level === LEVEL_TWO || s.replyAt >= 0 || (s.ones | s.twos) !== 0) {
      return refuse(fx, "COMP TURN lets Merlin start: on the empty board, against Merlin");
    }
    // Merlin starts as he answers: after a moment's thought, from the tick (a key press
    // stays quick: his move is the most work a key could ask for).
    s.turn = 2;
    s.replyAt = now + MERLIN_DELAY_MS;
    fx.cues.push(CUE_PRESS);
    fx.changed = true;
  } else if (!(k >= 1 && k <= 9)) {
    return refuse(fx, "Tic-Tac-Toe takes pads 1-9, SAME GAME and COMP TURN");
  } else if (s.replyAt >= 0) {
    // (Merlin moves only in a game still on: this comes first, as the cheaper test.)
    return refuse(fx, "Merlin is moving");
  } else if (s.status !== STATUS_PLAYING) {
    return refuse(fx, "the game is over: SAME GAME for another");
  } else if (cellAt(s, k - 1) !== 0) {
    return refuse(fx, "pad " + k + " is taken");
  } else {
    const st = mark(s, k - 1, CUE_PRESS, fx);
    if (s.level !== LEVEL_TWO && st === STATUS_PLAYING) s.replyAt = now + MERLIN_DELAY_MS;
  }
  show(s, fx);
}

function tick(s: TicTacToeState, now: number, fx: GameEffects): void {
  if (s.replyAt >= 0 && now >= s.replyAt) {
    merlinPlays(s, fx);
    show(s, fx);
  }
}

function command(s: TicTacToeState, name: string, value: unknown, now: number, fx: GameEffects): void {
  const level = LEVEL_NAMES.indexOf(String(value));
  if (name !== "level" || level < 0) return refuse(fx, "Tic-Tac-Toe takes level " + LEVEL_NAMES.join(", ") + ", got " + value);
  s.level = level;
  clear(s);
  fx.changed = true;
  show(s, fx);
}

/** "level,cells,turn,merlinDue,rng": the cells as nine digits 0/1/2, pad 1 first. */
function save(s: TicTacToeState): string {
  let cells = "";
  for (let i = 0; i < 9; i++) cells += cellAt(s, i);
  return [LEVEL_NAMES[s.level], cells, s.turn, s.replyAt >= 0 ? 1 : 0, s.rng >>> 0].join(",");
}

function load(text: string, layout: GameLayout): TicTacToeState | null {
  const f = text.split(",");
  if (f.length !== 5 || LEVEL_NAMES.indexOf(f[0]) < 0 || f[1].length !== 9 || !onlyOf(f[1], "012") || !(f[2] === "1" || f[2] === "2")) return null;
  if (!(f[3] === "0" || f[3] === "1") || !wholeField(f[4], 1, 4294967295)) return null;
  const s: TicTacToeState = { rng: Number(f[4]) | 0, level: LEVEL_NAMES.indexOf(f[0]), ones: 0, twos: 0, turn: Number(f[2]), replyAt: -1, status: STATUS_PLAYING };
  for (let i = 0; i < 9; i++) {
    if (f[1][i] === "1") s.ones |= 1 << i;
    if (f[1][i] === "2") s.twos |= 1 << i;
  }
  s.status = statusOf(s);
  // Marks alternate; whoever is to move has no more marks than the other (and the empty board
  // waits for you or COMP TURN); a finished game has one result.
  const ones = f[1].split("1").length - 1;
  const twos = f[1].split("2").length - 1;
  // (Merlin to move on the empty board: COMP TURN was pressed, his move is due.)
  if (Math.abs(ones - twos) > 1 || (s.turn === 1 ? ones > twos : twos > ones || (ones === 0 && f[3] !== "1")) || (hasLine(s.ones) && hasLine(s.twos))) return null;
  // Merlin is due (after a power cut: at once) only against Merlin, on his turn, in a game still on.
  if (f[3] === "1") {
    if (s.level === LEVEL_TWO || s.turn !== 2 || s.status !== STATUS_PLAYING) return null;
    s.replyAt = 0;
  }
  return s;
}

export const tictactoe: GameModule<TicTacToeState> = {
  name: "tictactoe",
  number: 1,
  undo: true,
  create: function (seed: number, layout: GameLayout, now: number): TicTacToeState {
    return { rng: seedRandom(seed, 1), level: LEVEL_MERLIN, ones: 0, twos: 0, turn: 1, replyAt: -1, status: STATUS_PLAYING };
  },
  key: key,
  tick: tick,
  due: function (s: TicTacToeState): number {
    return s.replyAt;
  },
  command: command,
  show: show,
  status: function (s: TicTacToeState): number {
    return s.status;
  },
  describe: function (s: TicTacToeState) {
    return { "level": LEVEL_NAMES[s.level], "board": save(s).split(",")[1], "turn": s.turn };
  },
  save: save,
  load: load,
};

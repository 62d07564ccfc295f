/**
 * Electrical resolution of the board's lines: which level every node reads, given what each
 * pin drives and which switches are closed.
 *
 * Closed plain switches join nodes into nets (union-find). A net with a strong low and a
 * strong high is a short (it reads 0 here, and is reported). Otherwise a strong drive wins,
 * then a pull; a net with only pulls fighting each other, or nothing at all, is floating and
 * every node keeps reading its previous level.
 *
 * A switch with a series diode conducts only from its anode (the key column) to its cathode
 * (the key row): the column follows the row down when the row is low, and the row follows the
 * column up when the column is high, but a low column never pulls a row and nothing passes on
 * to a third line. That is exactly why a diode matrix has no ghost keys.
 */
import type { Drive } from "./pin-modes";

export interface Link {
  a: number;
  b: number;
  /** Series diode: current flows only from `b` (anode) to `a` (cathode). */
  diode: boolean;
}

const STRONG_HIGH = 1;
const STRONG_LOW = 2;
const WEAK_HIGH = 4;
const WEAK_LOW = 8;
const LOWS = STRONG_LOW | WEAK_LOW;
const HIGHS = STRONG_HIGH | WEAK_HIGH;

function driveBits(d: Drive): number {
  if (d.strength === 2) return d.level ? STRONG_HIGH : STRONG_LOW;
  if (d.strength === 1) return d.level ? WEAK_HIGH : WEAK_LOW;
  return 0;
}

const NO_SHORTS: number[][] = [];

/**
 * Resolves the lines of one circuit again and again (after every pin change), reusing its
 * buffers: the simulator calls this hundreds of thousands of times per virtual minute.
 */
export class NetResolver {
  private readonly parent: Int32Array;
  private readonly base: Uint8Array;
  private readonly bits: Uint8Array;

  constructor(readonly size: number) {
    this.parent = new Int32Array(size);
    this.base = new Uint8Array(size);
    this.bits = new Uint8Array(size);
  }

  /**
   * Fill `levels` and `strengths` (0 floating, 1 pulled, 2 driven) for every node; floating
   * nodes keep their level from `last`. Returns the nodes of every net driven high and low at once.
   */
  resolve(drives: readonly Drive[], links: readonly Link[], last: Uint8Array, levels: Uint8Array, strengths: Uint8Array): number[][] {
    const n = this.size;
    const { parent, base, bits } = this;
    for (let i = 0; i < n; i++) parent[i] = i;
    const find = (i: number): number => {
      while (parent[i] !== i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
      }
      return i;
    };
    for (const l of links) {
      if (!l.diode) {
        const ra = find(l.a);
        const rb = find(l.b);
        if (ra !== rb) parent[ra] = rb;
      }
    }
    base.fill(0);
    for (let i = 0; i < n; i++) base[find(i)] |= driveBits(drives[i]);
    bits.set(base);
    for (const l of links) {
      if (!l.diode) continue;
      const cathode = find(l.a);
      const anode = find(l.b);
      if (cathode === anode) continue;
      bits[anode] |= base[cathode] & LOWS;
      bits[cathode] |= base[anode] & HIGHS;
    }

    let shorts: Map<number, number[]> | undefined;
    for (let i = 0; i < n; i++) {
      const root = find(i);
      const b = bits[root];
      let level = -1;
      let strength = 0;
      if (b & STRONG_LOW) {
        level = 0;
        strength = 2;
        if (b & STRONG_HIGH) {
          shorts ??= new Map();
          let members = shorts.get(root);
          if (!members) shorts.set(root, (members = []));
          members.push(i);
        }
      } else if (b & STRONG_HIGH) {
        level = 1;
        strength = 2;
      } else if (b & WEAK_HIGH && !(b & WEAK_LOW)) {
        level = 1;
        strength = 1;
      } else if (b & WEAK_LOW && !(b & WEAK_HIGH)) {
        level = 0;
        strength = 1;
      }
      levels[i] = level < 0 ? last[i] : level;
      strengths[i] = strength;
    }
    return shorts ? [...shorts.values()] : NO_SHORTS;
  }
}

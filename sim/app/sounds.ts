/**
 * Turns what the piezo did (the board's tone log) back into the sound cues of src/toy/sounds.ts,
 * so a front end can say "press, press, win" instead of listing frequencies.
 *
 * The log is cut into notes {t, freq, ms} (freq 0 = a rest). A cue is recognised where its
 * notes follow each other with their frequencies and lengths (±2 ms); a cue cut short by the
 * next one (the firmware plays only the newest cue) still counts when every note heard matches.
 * Notes that fit no cue are reported as "tone FREQHz MSms".
 */
import type { ToneEvent } from "../board";
import { CUE_COUNT, CUE_NAMES, cueNotes } from "../../src/toy/sounds";

export interface Note {
  /** Virtual ms (relative to `since` when given). */
  t: number;
  freq: number;
  /** Length in ms; the last note of a log that is still sounding runs to `end`. */
  ms: number;
}

export interface HeardCue {
  t: number;
  cue: string;
  /** A note that fits no cue (a game's own tone): its [Hz, ms]. */
  tone?: [number, number];
}

const TOLERANCE_MS = 2;

/** The tone log from `since` to `end` as notes, rests included, times relative to `since`. */
export function toneNotes(events: readonly ToneEvent[], since: number, end: number): Note[] {
  const notes: Note[] = [];
  let freq = 0;
  let from = since;
  for (const e of events) {
    if (e.t < since) {
      freq = e.freq;
      continue;
    }
    if (e.t > end) break;
    if (e.t > from) notes.push({ t: from - since, freq, ms: e.t - from });
    freq = e.freq;
    from = e.t;
  }
  if (end > from) notes.push({ t: from - since, freq, ms: end - from });
  // Merge equal neighbours (a duty change at the same frequency is one note).
  const merged: Note[] = [];
  for (const n of notes) {
    const last = merged[merged.length - 1];
    if (last && last.freq === n.freq) last.ms += n.ms;
    else merged.push({ ...n });
  }
  return merged;
}

/** How many notes of `notes` from `i` cue `id` accounts for (0 = it does not match there). */
function matchCue(id: number, notes: Note[], i: number): number {
  const cue = cueNotes(id);
  const count = cue.length / 2;
  for (let j = 0; j < count; j++) {
    const n = notes[i + j];
    if (!n) return 0;
    const freq = cue[2 * j];
    const ms = cue[2 * j + 1];
    if (n.freq !== freq) {
      // Cut short: the next cue started where this one had a note still to come.
      return j > 0 && n.freq !== 0 && notes[i + j - 1].freq !== 0 ? j : 0;
    }
    if (Math.abs(n.ms - ms) <= TOLERANCE_MS) continue;
    if (n.ms < ms) return j + 1; // cut short in this note
    // The last note may be followed by silence.
    if (j === count - 1 && freq !== 0) return count;
    return 0;
  }
  return count;
}

/** The cues heard in a list of notes, in order. */
export function recogniseCues(notes: Note[]): HeardCue[] {
  const heard: HeardCue[] = [];
  let i = 0;
  while (i < notes.length) {
    const n = notes[i];
    if (n.freq === 0) {
      i++;
      continue;
    }
    let best = 0;
    let bestLen = 0;
    for (let id = 1; id < CUE_COUNT; id++) {
      const len = matchCue(id, notes, i);
      // Prefer the cue that explains the most notes; a full match beats a cut-short one of equal length.
      if (len > bestLen) {
        best = id;
        bestLen = len;
      }
    }
    if (best === 0) {
      heard.push({ t: n.t, cue: `tone ${n.freq}Hz ${n.ms}ms`, tone: [n.freq, n.ms] });
      i++;
    } else {
      heard.push({ t: n.t, cue: CUE_NAMES[best] });
      i += bestLen;
    }
  }
  return heard;
}

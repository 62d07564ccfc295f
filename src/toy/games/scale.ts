/**
 * The notes of Merlin's pads in the two musical games (Music Machine, Echo): lights 1 … 10 play
 * the C major scale up from middle C (C4 … E5), light 0 is the rest. Pitches are noteHz of
 * their MIDI numbers, so the firmware's cue packing (sounds.ts encodeCues) could carry them too.
 */
import { noteHz } from "../sounds";

/** MIDI note numbers of lights 0 … 10 (0: the rest). */
const LIGHT_MIDI = [0, 60, 62, 64, 65, 67, 69, 71, 72, 74, 76];

/** The pitch (Hz) light `n` plays, 0 for the rest (light 0). */
export function lightHz(n: number): number {
  return n <= 0 || n > 10 ? 0 : noteHz(LIGHT_MIDI[n]);
}

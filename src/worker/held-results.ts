import type { RunResult } from '../engine';
import type { Transcript } from '../engine/transcript';
import type { ConfigDocument } from '../engine/config';
import { createHeld, type Held } from './held';

/** A finished compaction as the worker holds it: the transcript it ran on, its result and the config it ran with. */
export interface HeldResult {
  transcript: Transcript;
  result: RunResult;
  /** The config document the run used: retention reads its pinned lines. */
  config: ConfigDocument;
}

/**
 * How many results the worker holds. The page asks about few at once: the inspector's shown run (and, for a moment,
 * the one it replaced while its queries settle), the A/B run being measured (the A/B panel releases each run once
 * measured), and runs the user started and superseded in quick succession. Eight covers those with room to spare,
 * while a result costs little beyond its transcript, which the worker holds anyway: its passes share the original's
 * message objects and add only summaries, fates and insertions.
 */
export const heldResultCapacity = 8;

/** The worker's held results, keyed by id, least recently used dropped first (`createHeld`). */
export function createHeldResults(capacity = heldResultCapacity): Held<HeldResult> {
  return createHeld<HeldResult>('result', capacity);
}

import type { RunResult } from '../engine';
import type { Transcript } from '../engine/transcript';
import type { ResultId } from '../worker-client/protocol';

/** A finished compaction as the worker holds it: the transcript it ran on, its result and the config it ran with. */
export interface HeldResult {
  transcript: Transcript;
  result: RunResult;
  /** The config document the run used: retention reads its pinned lines. */
  config: unknown;
}

/**
 * How many results the worker holds. The page asks about few at once: the inspector's shown run (and, for a moment,
 * the one it replaced while its queries settle), the A/B run being measured (the A/B panel releases each run once
 * measured), and runs the user started and superseded in quick succession. Eight covers those with room to spare,
 * while a result costs little beyond its transcript, which the worker holds anyway: its passes share the original's
 * message objects and add only summaries, fates and insertions.
 */
export const heldResultCapacity = 8;

/** The worker's held results, least recently used dropped first. */
interface HeldResults {
  /** Holds a result under a new id, dropping the least recently used beyond the capacity. */
  hold(entry: HeldResult): ResultId;
  /** The result held under `resultId` (now the most recently used), or undefined when it is no longer held. */
  get(resultId: ResultId): HeldResult | undefined;
  release(resultId: ResultId): void;
  clear(): void;
}

/**
 * Held results keyed by id. Ids carry a tag of this worker's life, so an id from a worker that died and restarted is
 * never mistaken for one of the new worker's results.
 */
export function createHeldResults(capacity = heldResultCapacity): HeldResults {
  const held = new Map<ResultId, HeldResult>();
  const life = Math.random().toString(36).slice(2, 8);
  let count = 0;
  return {
    hold(entry) {
      count += 1;
      const resultId = `result-${life}-${count}`;
      held.set(resultId, entry);
      // A Map iterates in insertion order: the first key is the least recently used.
      for (const oldest of held.keys()) {
        if (held.size <= capacity) break;
        held.delete(oldest);
      }
      return resultId;
    },
    get(resultId) {
      const entry = held.get(resultId);
      if (entry) {
        held.delete(resultId);
        held.set(resultId, entry);
      }
      return entry;
    },
    release(resultId) {
      held.delete(resultId);
    },
    clear() {
      held.clear();
    },
  };
}

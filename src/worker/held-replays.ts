import type { EncodingName, ReplayReport } from '../engine';
import type { Transcript } from '../engine/transcript';
import type { ResultId } from '../worker-client/protocol';
import type { ReplayId } from '../worker-client/replay-protocol';

/** A finished replay as the worker holds it: the session it ran on, the full report (each compaction's input and run) and how it ran. */
export interface HeldReplay {
  transcript: Transcript;
  /** The session transcript's key, so an opened compaction names the transcript it belongs to. */
  transcriptKey: string;
  report: ReplayReport;
  config: unknown;
  encoding: EncodingName;
  /** The held result of each compaction opened so far, by ordinal: opening one again reuses it while the worker holds it. */
  openedResults: Map<number, ResultId>;
}

/**
 * How many replays the worker holds. The session view shows one replay, or two side by side (A/B over the session),
 * and a replay holds every compaction's input context and run, which can be large on a long session: four covers the
 * shown pair and the pair it just replaced while its clicks settle.
 */
export const heldReplayCapacity = 4;

/** The worker's held replays, least recently used dropped first. */
interface HeldReplays {
  /** Holds a replay under a new id, dropping the least recently used beyond the capacity (`onDrop` hears each one dropped). */
  hold(entry: HeldReplay): ReplayId;
  /** The replay held under `replayId` (now the most recently used), or undefined when it is no longer held. */
  get(replayId: ReplayId): HeldReplay | undefined;
  clear(): void;
}

/**
 * Held replays keyed by id, tagged with this worker's life (as held results are), so an id from a worker that died and
 * restarted never names a replay of the new one. `onDrop` hears every replay dropped for room, so what was registered
 * for its opened compactions can go with it.
 */
export function createHeldReplays(capacity = heldReplayCapacity, onDrop: (replayId: ReplayId, dropped: HeldReplay) => void = () => undefined): HeldReplays {
  const held = new Map<ReplayId, HeldReplay>();
  const life = Math.random().toString(36).slice(2, 8);
  let count = 0;
  return {
    hold(entry) {
      count += 1;
      const replayId = `replay-${life}-${count}`;
      held.set(replayId, entry);
      // A Map iterates in insertion order: the first key is the least recently used.
      for (const [oldestId, oldest] of held) {
        if (held.size <= capacity) break;
        held.delete(oldestId);
        onDrop(oldestId, oldest);
      }
      return replayId;
    },
    get(replayId) {
      const entry = held.get(replayId);
      if (entry) {
        held.delete(replayId);
        held.set(replayId, entry);
      }
      return entry;
    },
    clear() {
      held.clear();
    },
  };
}

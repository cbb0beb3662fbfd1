import type { EncodingName, ReplayReport } from '../engine';
import type { Transcript } from '../engine/transcript';
import type { ResultId } from '../worker-client/protocol';
import type { ConfigDocument } from '../engine/config';
import type { ReplayId } from '../worker-client/replay-protocol';
import { createHeld, type Held } from './held';

/** A finished replay as the worker holds it: the session it ran on, the full report (each compaction's input and run) and how it ran. */
export interface HeldReplay {
  transcript: Transcript;
  /** The session transcript's key, so an opened compaction names the transcript it belongs to. */
  transcriptKey: string;
  report: ReplayReport;
  /** The config document the replay ran (an opened compaction's retention reads its pinned lines). */
  config: ConfigDocument;
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

/**
 * The worker's held replays, keyed by id, least recently used dropped first (`createHeld`). `onDrop` hears every
 * replay dropped for room, so what was registered for its opened compactions can go with it.
 */
export function createHeldReplays(capacity = heldReplayCapacity, onDrop: (replayId: ReplayId, dropped: HeldReplay) => void = () => undefined): Held<HeldReplay> {
  return createHeld<HeldReplay>('replay', capacity, onDrop);
}

import { agentCompactions, engineError, lastHeldContext, type LastHeldContext } from '../engine';
import type { Transcript } from '../engine/transcript';
import type { WorkerReply } from '../worker-client/protocol';

/**
 * Where a run starts when it starts from the context as the agent last held it (`lastHeldContext`: its last
 * compaction's summary and everything after) rather than the whole file. Refused in words when the agent never
 * compacted or its last compaction cannot be read. The loaded transcript is never altered: the held context is a new
 * transcript. The CLI's `compact --from last-held` and the worker's `openLastHeld` both start here.
 */
export function lastHeldStart(transcript: Transcript): WorkerReply<LastHeldContext> {
  const held = lastHeldContext(transcript);
  if (held) return { ok: true, value: held };
  const last = agentCompactions(transcript).at(-1);
  if (last) {
    const why = last.whyUnreadable ?? 'it cannot be read';
    return { ok: false, error: engineError('unreadable-compaction', `The agent's last compaction (${last.ordinal}) cannot be read (${why}), so what it held after it is unknown: a run can start only from the whole file.`) };
  }
  return { ok: false, error: engineError('no-compaction', 'The agent never compacted this session (no Claude Code compact_boundary, Codex compacted item or OpenHands condensation), so the context it last held is the whole file.') };
}

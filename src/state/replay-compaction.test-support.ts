import { act } from '@testing-library/react';
import type { Transcript } from '../engine/transcript';
import { labClient } from '../worker-client/lab-client';
import { unwrap } from '../worker-client/reply';
import { openReplayCompaction } from './open-replay-compaction';
import { loadFixture } from './render-with-state.test-support';

/** The short tool-heavy Claude Code session the replay tests run on (19 messages). */
export const replayedFixture = 'claude-code__tool_heavy.jsonl';

/** Two-tier with a 300-token threshold: the short tool-heavy session crosses it twice (before messages 15 and 19). */
export const replayedConfig = { profile: 'two-tier', tokenThreshold: 300, toolOutputMaxChars: 200 };

/**
 * Loads the tool-heavy session as the page does, replays it under {@link replayedConfig} (offline, the page's encoding)
 * and opens compaction `ordinal` in the inspector as a click in the session view does. Needs the in-process lab client
 * (see `render-with-state.test-support.ts`).
 */
export async function openReplayedCompaction(ordinal: number): Promise<{ session: Transcript; transcriptKey: string; replayId: string; atMessage: number }> {
  const { transcript: session, transcriptKey } = await loadFixture(replayedFixture);
  const outcome = unwrap(await labClient.replaySession({ transcriptKey, config: replayedConfig, encoding: 'o200k_base' }));
  await act(() => openReplayCompaction(outcome.replayId, ordinal));
  return { session, transcriptKey, replayId: outcome.replayId, atMessage: outcome.report.compactions[ordinal - 1].atMessage };
}

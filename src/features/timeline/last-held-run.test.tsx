// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture, renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { startedFromHeld } from '../../state/run-start';
import { useRunStore } from '../../state/run-store';
import { useLabStore } from '../../state/store';
import { labClient } from '../../worker-client/lab-client';
import { unwrap } from '../../worker-client/reply';
import { PassTimeline } from './pass-timeline';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(resetPage);
afterEach(cleanup);

describe('the pass timeline of a run that started from the context the agent last held', () => {
  it('says so, and its Original is that context on the header’s basis (55,346, not the whole file’s 158,781)', async () => {
    const { transcriptKey } = await loadFixture('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
    await act(async () => {
      const startedFrom = startedFromHeld(unwrap(await labClient.openLastHeld(transcriptKey)));
      const config = { schemaVersion: 1, profile: 'auto-compactor', force: true } as const;
      const { encoding } = useLabStore.getState();
      useRunStore.getState().runStarted(transcriptKey, config, encoding, 0, startedFrom);
      useRunStore.getState().runFinished(unwrap(await labClient.compact({ transcriptKey: startedFrom.transcriptKey, config, encoding }, () => undefined)), 1);
    });
    renderWithState(<PassTimeline />);
    expect(screen.getByTestId('run-started-from').textContent).toBe(
      "This run started from the context as the agent last held it: its compaction 1's summary and what followed (70 messages), not the whole file; Original below is that context.",
    );
    expect(screen.getByTestId('timeline-original').textContent).toBe('55,346 tokens');
  });
});

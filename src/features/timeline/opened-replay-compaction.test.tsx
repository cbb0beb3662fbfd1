// @vitest-environment happy-dom
import { act, cleanup, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionAsks } from '../../state/open-replay-compaction';
import { renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { openReplayedCompaction } from '../../state/replay-compaction.test-support';
import { PassTimeline } from './pass-timeline';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(resetPage);
afterEach(cleanup);

describe('the pass timeline after opening a replayed compaction', () => {
  it('says which compaction it shows, and "Show the session" asks for the session view', async () => {
    const { atMessage } = await openReplayedCompaction(2);
    renderWithState(<PassTimeline />);
    const asks = renderHook(() => useSessionAsks());
    expect(screen.getByRole('note', { name: 'Shown run' }).textContent).toBe(`Compaction 2 of the session replay (two-tier) — its input is the context at message ${atMessage + 1}. Show the session`);
    const before = asks.result.current;
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Show the session' })));
    expect(asks.result.current).toBe(before + 1);
  });
});

// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { giveLayout, renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { openReplayedCompaction } from '../../state/replay-compaction.test-support';
import { useRunStore } from '../../state/run-store';
import { DiffView } from './diff-view';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = giveLayout();
});
afterAll(() => undoLayout());
beforeEach(resetPage);
afterEach(cleanup);

describe('the Diff after opening a replayed compaction', () => {
  it('lists the context the compaction started from, not the whole session', async () => {
    const { session } = await openReplayedCompaction(1);
    const context = useRunStore.getState().openedContext?.transcript;
    if (!context) throw new Error('the compaction did not open');
    renderWithState(<DiffView />);
    const rows = within(screen.getByRole('list', { name: 'Diff' })).queryAllByRole('listitem').map((row) => row.getAttribute('aria-label') ?? '');
    expect(rows.filter((name) => /^Message \d+:/.test(name))).toHaveLength(context.messages.length);
    // The first compaction's input is the session up to where the gate fired, not the whole session.
    expect(context.messages.length).toBeLessThan(session.messages.length);
    expect(context.messages.map((message) => message.id)).toEqual(session.messages.slice(0, context.messages.length).map((message) => message.id));
  });
});

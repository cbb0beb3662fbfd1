// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture, renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { useRunStore } from '../../state/run-store';
import { useLabStore } from '../../state/store';
import { labClient } from '../../worker-client/lab-client';
import { unwrap } from '../../worker-client/reply';
import { PassTimeline } from './pass-timeline';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(resetPage);
afterEach(cleanup);

async function runOnce(): Promise<void> {
  const { transcriptKey } = await loadFixture('claude-code__tool_heavy.jsonl');
  await act(async () => {
    const config = { schemaVersion: 1, profile: 'auto-compactor', force: true } as const;
    const { encoding } = useLabStore.getState();
    useRunStore.getState().runStarted(transcriptKey, config, encoding, 0);
    useRunStore.getState().runFinished(unwrap(await labClient.compact({ transcriptKey, config, encoding }, () => undefined)), 1);
  });
}

describe('the pass timeline folded to a line', () => {
  it('shows the pass on screen in one line, follows the stepping keys, and stays folded for the session', async () => {
    await runOnce();
    const first = renderWithState(<PassTimeline />);
    expect(screen.getByRole('navigation', { name: 'Passes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fold passes' }));
    expect(screen.queryByRole('navigation', { name: 'Passes' })).toBeNull();
    const line = screen.getByTestId('folded-timeline');
    expect(line.textContent).toMatch(/^Pass 1 of 1 pass: [\d,]+ → [\d,]+ context tokens · /);
    act(() => void fireEvent.keyDown(document.body, { key: 'ArrowLeft' }));
    expect(useRunStore.getState().selectedPass).toBe(0);
    expect(screen.getByTestId('folded-timeline').textContent).toMatch(/^Original \(1 pass run\): [\d,]+ context tokens/);

    // A new mount (a reload, another transcript) finds the choice in the session.
    first.unmount();
    renderWithState(<PassTimeline />);
    expect(screen.queryByRole('navigation', { name: 'Passes' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show passes' }));
    expect(screen.getByRole('navigation', { name: 'Passes' })).toBeTruthy();
    expect(sessionStorage.getItem('compaction-lab/timeline-open')).toBe('true');
  });
});

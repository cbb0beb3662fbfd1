// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture, renderWithState, resetPage, runOnPage } from '../../state/render-with-state.test-support';
import { PassTimeline } from './pass-timeline';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(resetPage);
afterEach(cleanup);

describe('the pass timeline’s run outcome', () => {
  it('alerts over the window apart from the disagreeing estimate, each with its title and figures', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    // 524 held + 25,797 unstored = 26,321 context tokens after the run, over a 26,000-token window.
    await runOnPage({ schemaVersion: 1, profile: 'auto-compactor', window: 26_000, reserveTokens: 1000, force: true, keepRecentTokens: 300 });
    renderWithState(<PassTimeline />);
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent?.split(':')[0])).toEqual(['Estimate disagrees', 'Over the window']));
    expect(screen.getByRole('list', { name: 'Run outcome' }).textContent).toContain('Over the window: The context after the run is 26,321 (with 25,797 for the system prompt and tools not in the file), o200k_base exact — over the 26,000-token window: the next model call would be refused.');
  });

  it('alerts a success that replaced nothing', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    // The whole 2,390-token history is under the default 20,000 kept recent: a forced pass can only add a summary.
    await runOnPage({ schemaVersion: 1, profile: 'auto-compactor', window: 128_000, force: true });
    renderWithState(<PassTimeline />);
    await waitFor(() => expect(screen.getByRole('list', { name: 'Run outcome' }).textContent).toContain('Replaced nothing: The run reported success but replaced nothing'));
  });
});

// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture, renderWithState, resetPage, runOnPage } from '../../state/render-with-state.test-support';
import { PassTimeline } from './pass-timeline';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(resetPage);
afterEach(cleanup);

describe('stalled passes on the pass timeline (issue 27)', () => {
  it('marks each pass of a failed run that saved under 1% of the context before it, in words with the rule in its tooltip', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    // A 1,400-token kept tail under a 1,500-token trigger: after the first summary each pass can take off almost nothing.
    await runOnPage({ schemaVersion: 1, profile: 'auto-compactor', window: 2000, reserveTokens: 500, keepRecentTokens: 1400, force: true });
    renderWithState(<PassTimeline />);
    const passes = screen.getByRole('navigation', { name: 'Passes' });
    await waitFor(() => expect(within(passes).getAllByText(/^stalled: /).length).toBeGreaterThanOrEqual(6));
    const first = within(passes).getByRole('button', { name: /^Pass 1\b/ });
    expect(first.textContent).not.toContain('stalled');
    const second = within(passes).getByRole('button', { name: /^Pass 2\b/ });
    expect(second.className).toContain('pass-stalled');
    const badge = within(second).getByText(/^stalled: saved [\d,]+ tokens \(0\.\d\d% of [\d,]+\)$/);
    expect(badge.getAttribute('title')).toMatch(/less than 1% of the context before it \(context tokens, as on this card\)/);
  });
});

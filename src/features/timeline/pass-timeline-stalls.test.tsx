// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture, renderWithState, resetPage, runOnPage } from '../../state/render-with-state.test-support';
import { PassTimeline } from './pass-timeline';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(resetPage);
afterEach(cleanup);

describe('stalled passes on the pass timeline (issue 27)', () => {
  it("marks each pass of a failed run that left the context over its trigger saving under the engine's 5% of the transcript", async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    // A 1,400-token kept tail under a 1,500-token trigger: after the first summary each pass can take off almost nothing.
    await runOnPage({ schemaVersion: 1, profile: 'auto-compactor', window: 2000, reserveTokens: 500, keepRecentTokens: 1400, force: true });
    renderWithState(<PassTimeline />);
    const passes = screen.getByRole('navigation', { name: 'Passes' });
    await waitFor(() => expect(within(passes).getAllByText(/^stalled: /).length).toBe(7));
    const first = within(passes).getByRole('button', { name: /^Pass 1\b/ });
    expect(first.textContent).not.toContain('stalled');
    const second = within(passes).getByRole('button', { name: /^Pass 2\b/ });
    expect(second.className).toContain('pass-stalled');
    const badge = within(second).getByText(/^stalled: saved [\d,]+ tokens \(\d\.\d\d% of [\d,]+\)$/);
    expect(badge.getAttribute('title')).toMatch(/\(exact transcript tokens, without the overhead\), under the 5% a pass must save, and the context after it, [\d,]+ tokens, is still over the run's 1,500-token trigger\.$/);
  });

  it("marks the pass a unified run's stall guard stopped at, in the row and in the folded line", async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    // A stall ratio of 95% with tier 2 and the local trim off: the summary pass stays over the gate and the guard stops the run.
    const result = await runOnPage({ schemaVersion: 1, profile: 'unified', window: 2000, reserveTokens: 500, keepRecentTokens: 1400, force: true, localTrim: false, hardLimitStrategy: 'none', stallRatio: 0.95 });
    expect(result.error?.code).toBe('stall');
    renderWithState(<PassTimeline />);
    const passes = screen.getByRole('navigation', { name: 'Passes' });
    const last = within(passes).getByRole('button', { name: new RegExp(`^Pass ${result.passes.length}\\b`) });
    await waitFor(() => expect(within(last).getByText(/^stalled: saved /).getAttribute('title')).toMatch(/The profile's stall guard stopped the run here\.$/));
    fireEvent.click(screen.getByRole('button', { name: 'Fold passes' }));
    expect(screen.getByTestId('folded-timeline').textContent).toMatch(/ · stalled: saved [\d,]+ tokens/);
  });

  it('says "changed nothing" in the folded line for a pass that replaced nothing', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    const result = await runOnPage({ schemaVersion: 1, profile: 'unified', window: 2000, reserveTokens: 500, keepRecentTokens: 1400, force: true, localTrim: false, hardLimitStrategy: 'none' });
    expect(result.passes.at(-1)?.flags).toContain('no-op');
    renderWithState(<PassTimeline />);
    fireEvent.click(screen.getByRole('button', { name: 'Fold passes' }));
    expect(screen.getByTestId('folded-timeline').textContent).toMatch(/^Pass 2 of 2 passes: .* · changed nothing/);
  });
});

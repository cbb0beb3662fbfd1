// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture, renderWithState, resetPage, runOnPage } from '../../state/render-with-state.test-support';
import { RunLog } from './run-log';
import { RunOutcome } from './run-outcome';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(resetPage);
afterEach(cleanup);

/**
 * The tool-heavy Claude Code fixture: 2,390 tokens held plus 25,797 the source never stored. Forced down to a 300-token
 * tail, auto-compactor leaves 524 + 25,797 = 26,321 context tokens: over a 26,000-token window.
 */
const overTheWindow = { schemaVersion: 1, profile: 'auto-compactor', window: 26_000, reserveTokens: 1000, force: true, keepRecentTokens: 300 };

describe('the run panel on a success over the window', () => {
  it('leads with "over the window" as an error, never "Done", and the log closes with the flag in words', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    await runOnPage(overTheWindow);
    renderWithState(
      <>
        <RunOutcome />
        <RunLog />
      </>,
    );
    const outcome = screen.getByTestId('run-outcome');
    await waitFor(() => expect(outcome.textContent).toMatch(/^Over the window: the next call would be refused — 1 pass: 28,187 → 26,321 context tokens, 1 summarizer call; /));
    expect(outcome.className).toContain('outcome-error');
    const lines = [...screen.getByRole('list', { name: 'Run log' }).querySelectorAll('li')].map((line) => line.textContent);
    expect(lines.at(-1)).toBe('Over the window: The context after the run is 26,321 (with 25,797 for the system prompt and tools not in the file), o200k_base exact — over the 26,000-token window: the next model call would be refused.');
    expect(lines.at(-2)).toMatch(/^Estimate disagrees: /);
  });

  it('a run that fits its window is done', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    await runOnPage({ ...overTheWindow, window: 27_000 });
    renderWithState(<RunOutcome />);
    await waitFor(() => expect(screen.getByTestId('run-outcome').textContent).toMatch(/^Done in 1 pass: 28,187 → 26,321 context tokens/));
  });
});

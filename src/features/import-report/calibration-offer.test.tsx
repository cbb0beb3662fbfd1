// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture, renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { TranscriptSummary } from './transcript-summary';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(resetPage);
afterEach(cleanup);

describe('where the page offers a calibration', () => {
  it('offers none from 4 logged calls, and says why beside the provider’s figure', async () => {
    await loadFixture('claude-code__tool_heavy.jsonl');
    renderWithState(<TranscriptSummary />);
    // The settings and the logged usage are the summary's details, folded at first.
    fireEvent.click(screen.getByRole('button', { name: 'Show details' }));
    const option = screen.getByRole('option', { name: /^calibrated/ });
    await waitFor(() => expect(option.textContent).toBe('calibrated — not offered (only 4 logged calls)'));
    expect(option).toHaveProperty('disabled', true);
    expect(screen.getByTestId('calibration-refusal').textContent?.trim()).toBe(
      'No calibration: only 4 logged calls; a calibration needs at least 5 at different context sizes (fewer give too few pairs of calls to trust a slope).',
    );
  });

  it('offers the fit of 157 calls, with no refusal beside it', async () => {
    await loadFixture('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
    renderWithState(<TranscriptSummary />);
    // The settings and the logged usage are the summary's details, folded at first.
    fireEvent.click(screen.getByRole('button', { name: 'Show details' }));
    await waitFor(() => expect(screen.getByRole('option', { name: /^calibrated/ }).textContent).toBe('calibrated to claude-opus-4-6'));
    expect(screen.queryByTestId('calibration-refusal')).toBeNull();
  });
});

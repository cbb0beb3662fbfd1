// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture, renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { useLabStore } from '../../state/store';
import { TranscriptSummary } from './transcript-summary';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(() => resetPage());
afterEach(() => cleanup());

describe('the header’s tokens by kind (issue 27)', () => {
  it('splits the sample as the Tokens tab does: the agent’s summary, a user message in the file, counts as summary, not user', async () => {
    await loadFixture('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
    renderWithState(<TranscriptSummary />);
    // The summary opens folded; the split is among its details.
    fireEvent.click(screen.getByRole('button', { name: 'Show details' }));
    const line = screen.getByTestId('tokens-by-kind').textContent ?? '';
    // The Tokens tab's Original: User 174, Summary 3,579 (o200k_base); the sample has no system prompt of its own.
    expect(line).toMatch(/^user 174 · assistant [\d,]+ · tool output [\d,]+ · summary 3,579 tokens$/);
    const figures = line.match(/[\d,]+/g)?.map((figure) => Number(figure.replace(/,/g, ''))) ?? [];
    expect(figures.reduce((sum, figure) => sum + figure, 0)).toBe(useLabStore.getState().tokenSummary?.total);
  });
});

// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFixture, renderWithState, resetPage } from '../../state/render-with-state.test-support';
import { useProviderStore } from '../../state/provider-store';
import { LoggedCostChip, LoggedCostDetails, LoggedCostLine } from './logged-cost-line';

vi.mock('../../worker-client/lab-client', () => import('../../state/in-process-lab-client.test-support'));

beforeEach(() => resetPage());
afterEach(() => cleanup());

const basis = '(provider-logged usage × prices as of 2026-09-23, @pydantic/genai-prices 0.1.8)';

/** As the header places them: unfolded, the line and the details; folded, the chip in its first line. */
function renderHeader(isOpen: boolean) {
  return renderWithState(
    isOpen ? (
      <>
        <LoggedCostLine />
        <LoggedCostDetails />
      </>
    ) : (
      <LoggedCostChip />
    ),
  );
}

describe('the header’s logged cost', () => {
  it('shows what the logged calls cost, the cache hit rate and what caching saved, with its basis, and each model by kind unfolded', async () => {
    await loadFixture('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
    renderHeader(true);
    const total = await screen.findByTestId('logged-cost-total');
    expect(total.textContent).toMatch(/^Logged calls cost \$\d+\.\d\d \(157 logged calls\) · \d+\.\d% of input read from the cache, which saved \$[\d,]+\.\d\d$/);
    expect(screen.getByTestId('logged-cost-basis').textContent).toBe(basis);
    const details = screen.getByTestId('logged-cost-details').textContent ?? '';
    expect(details).toMatch(/claude-opus-4-6: \$\d+\.\d\d over 157 logged calls — input .* · cache write \$.* · cache read \$.* · output \$/);
    expect(details).toMatch(/Without prompt caching: \$[\d,]+\.\d\d \(the same calls with every input token at the input price\)/);
  });

  it('prices at the user’s own price where one overrides the catalog, and says so', async () => {
    await loadFixture('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
    // $1 a million for every kind: 15,635,389 input tokens (cached or not) + 36,256 output tokens ($0.0363).
    useProviderStore.getState().pricesEdited({
      'claude-opus-4-6': { inputPerMillion: 1, outputPerMillion: 1, cacheReadPerMillion: 1, cacheWritePerMillion: 1, cacheWriteHourPerMillion: 1 },
    });
    renderHeader(true);
    expect((await screen.findByTestId('logged-cost-total')).textContent).toBe('Logged calls cost $15.67 (157 logged calls) · 98.3% of input read from the cache');
    expect(screen.getByTestId('logged-cost-details').textContent).toContain('claude-opus-4-6: $15.67 over 157 logged calls — input < $0.01 · cache write $0.2602 · cache read $15.37 · output $0.0363 (your price)');
    // The basis says whose prices priced the model: the user's, not the catalog's.
    expect(screen.getByTestId('logged-cost-basis').textContent).toBe('(provider-logged usage × claude-opus-4-6 at your prices)');
  });

  it('says which prices are the user’s and which the catalog’s when an override leaves the cache prices to the catalog', async () => {
    await loadFixture('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
    useProviderStore.getState().pricesEdited({ 'claude-opus-4-6': { inputPerMillion: 1, outputPerMillion: 1 } });
    renderHeader(true);
    expect((await screen.findByTestId('logged-cost-basis')).textContent).toBe(
      "(provider-logged usage × claude-opus-4-6 at your input and output prices; the catalog's cache read, 5-minute cache write and 1-hour cache write (@pydantic/genai-prices 0.1.8 prices as of 2026-09-23))",
    );
  });

  it('says "cost unknown" for a model the catalog has no price for, naming it, and gives no total', async () => {
    await loadFixture('openhands__multi_swe_bench_examples_output.jsonl');
    renderHeader(true);
    expect((await screen.findByTestId('logged-cost-total')).textContent).toBe('Logged calls: cost unknown (no price for meta-llama/llama-4-maverick)');
    expect(screen.getByTestId('logged-cost-details').textContent).toContain('meta-llama/llama-4-maverick: cost unknown (the catalog has no price for it) over 23 logged calls');
    expect(screen.getByTestId('logged-cost-details').textContent).not.toContain('Without prompt caching');
  });

  it('says why there is no cost when the file logged no usage, and only when the header is unfolded', async () => {
    await loadFixture('swe-agent-fc__marshmallow-code__marshmallow-1867.traj');
    const { unmount } = renderHeader(true);
    expect((await screen.findByTestId('logged-cost')).textContent).toBe('No logged cost: the file logged no per-call token usage, so there is nothing to price.');
    unmount();
    // Folded, the header has nothing to say about it.
    const { container } = renderHeader(false);
    await waitFor(() => expect(screen.queryByTestId('logged-cost-chip')).toBeNull());
    expect(container.textContent).toBe('');
  });

  it('folded, says the total and what caching saved in a few words, the whole sentence and basis in its tooltip', async () => {
    await loadFixture('claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl');
    renderHeader(false);
    const chip = await screen.findByTestId('logged-cost-chip');
    expect(chip.textContent).toMatch(/^logged cost \$\d+\.\d\d · caching saved \$[\d,]+\.\d\d$/);
    expect(chip.title).toMatch(/^\$\d+\.\d\d for 157 logged calls \(provider-logged usage × prices as of 2026-09-23, @pydantic\/genai-prices 0\.1\.8\)$/);
  });

  it('folded, says the cost is unknown when a model has no price', async () => {
    await loadFixture('openhands__multi_swe_bench_examples_output.jsonl');
    renderHeader(false);
    expect((await screen.findByTestId('logged-cost-chip')).textContent).toBe('logged cost unknown');
  });
});

import { describe, expect, it } from 'vitest';
import { loadPriceBook } from '../prices/price-book';
import { costOf } from './pricing';

const catalog = await loadPriceBook();

describe('costOf', () => {
  it('prices a catalog model per million input and output tokens', () => {
    expect(costOf('gpt-4o-mini', { inputTokens: 1_000_000, outputTokens: 500_000 }, catalog)).toBeCloseTo(0.15 + 0.3);
  });

  it('prices smol and main each at its own model’s price', () => {
    const usage = { inputTokens: 20_000, outputTokens: 2_000 };
    expect(costOf('claude-haiku-4-5', usage, catalog)).toBeCloseTo((20_000 * 1 + 2_000 * 5) / 1_000_000);
    expect(costOf('claude-opus-4-6', usage, catalog)).toBeCloseTo((20_000 * 5 + 2_000 * 25) / 1_000_000);
  });

  it('prices a long prompt at the catalog’s long-context tier', () => {
    expect(costOf('gemini-2.5-pro', { inputTokens: 250_000, outputTokens: 0 }, catalog)).toBeCloseTo(250_000 * 2.5 / 1_000_000);
  });

  it('returns null, never 0, when the model, the usage or the book is missing', () => {
    expect(costOf('llama3.1:8b', { inputTokens: 10, outputTokens: 10 }, catalog)).toBeNull();
    expect(costOf('gpt-4o', undefined, catalog)).toBeNull();
    expect(costOf('gpt-4o', { inputTokens: 10 }, catalog)).toBeNull();
    expect(costOf('gpt-4o', { inputTokens: 10, outputTokens: 10 }, undefined)).toBeNull();
  });

  it('lets the user price a local model at zero on purpose', async () => {
    const book = await loadPriceBook({ 'llama3.1:8b': { inputPerMillion: 0, outputPerMillion: 0 } });
    expect(costOf('llama3.1:8b', { inputTokens: 1000, outputTokens: 0 }, book)).toBe(0);
  });
});

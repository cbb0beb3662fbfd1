import { calcPrice } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';
import { costByKind, totalOf, type BilledTokens } from '../../engine';
import { loadPriceBook } from './price-book';

const book = await loadPriceBook();

/** Before 2026-03-13 the catalog prices claude-opus-4-6 with a long-context tier above 200K input tokens; after, flat. */
const tieredEra = '2026-02-10T12:00:00Z';

describe('loadPriceBook: the catalog', () => {
  it('names its source and date', () => {
    expect(book.source).toBe('@pydantic/genai-prices 0.1.8');
    expect(book.asOf).toBe('2026-09-23');
  });

  it('prices the models of the bundled samples by kind of token', () => {
    expect(book.pricesFor('claude-opus-4-6')).toEqual({ origin: 'catalog', prices: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, cacheWriteHour: 10 } });
    expect(book.pricesFor('claude-haiku-4-5')?.prices).toEqual({ input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25, cacheWriteHour: 2 });
    // OpenAI writes its cache at no premium: no write price, so a write costs the input price.
    expect(book.pricesFor('gpt-5.2')?.prices).toEqual({ input: 1.75, output: 14, cacheRead: 0.175 });
    expect(book.pricesFor('gemini-2.5-pro')?.prices).toEqual({ input: 1.25, output: 10, cacheRead: 0.125 });
  });

  it('matches a dated snapshot id to its model and says which', () => {
    expect(book.pricesFor('claude-opus-4-5-20251101')).toEqual({
      origin: 'catalog', matchedModel: 'claude-opus-4-5', prices: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, cacheWriteHour: 10 },
    });
    expect(book.pricesFor('gpt-5.4-2026-03-05')?.matchedModel).toBe('gpt-5.4');
  });

  it('strips OpenRouter-style vendor prefixes', () => {
    expect(book.pricesFor('anthropic/claude-opus-4-6')?.prices).toEqual(book.pricesFor('claude-opus-4-6')?.prices);
    expect(book.pricesFor('openrouter/openai/gpt-5.2')?.prices).toEqual(book.pricesFor('gpt-5.2')?.prices);
  });

  it('leaves a model it does not know, or a near miss of one it does, unknown rather than borrowing a price', () => {
    for (const model of ['llama3.1:8b', 'claude-opus-4-9', 'anthropic/claude-opus-4-9', 'gpt-5.2-mini', 'gemini-2.5-pro-tts-x', '']) {
      expect(book.pricesFor(model), model).toBeUndefined();
    }
  });

  it('picks the long-context tier above 200K input tokens for a call dated when the tier applied', () => {
    expect(book.pricesFor('claude-opus-4-6', { promptTokens: 200_000, at: tieredEra })?.prices.input).toBe(5);
    expect(book.pricesFor('claude-opus-4-6', { promptTokens: 250_000, at: tieredEra })?.prices).toEqual({ input: 10, output: 37.5, cacheRead: 1, cacheWrite: 12.5, cacheWriteHour: 20 });
    expect(book.pricesFor('claude-opus-4-6', { promptTokens: 250_000, at: '2026-04-01T00:00:00Z' })?.prices.input).toBe(5);
    expect(book.pricesFor('gemini-2.5-pro', { promptTokens: 250_000 })?.prices).toEqual({ input: 2.5, output: 15, cacheRead: 0.25 });
  });

  it('reads a time-of-day price at the call time (DeepSeek discounts its off-peak hours)', () => {
    expect(book.pricesFor('deepseek-chat', { at: '2026-05-01T10:00:00Z' })?.prices.input).toBe(0.27);
    expect(book.pricesFor('deepseek-chat', { at: '2026-05-01T20:00:00Z' })?.prices.input).toBe(0.135);
  });
});

describe('loadPriceBook: the user’s overrides', () => {
  it('wins over the catalog; a cache price the user left out keeps the catalog’s', async () => {
    const overridden = await loadPriceBook({ 'claude-opus-4-6': { inputPerMillion: 4, outputPerMillion: 20 } });
    expect(overridden.pricesFor('claude-opus-4-6')).toEqual({
      origin: 'override',
      prices: { input: 4, output: 20, cacheRead: 0.5, cacheWrite: 6.25, cacheWriteHour: 10 },
      // Which prices are the user's and which the catalog's, so a figure can say so.
      kindOrigins: { input: 'yours', output: 'yours', cacheRead: 'catalog', cacheWrite: 'catalog', cacheWriteHour: 'catalog' },
    });
    expect(overridden.pricesFor('claude-opus-4-6-20260101')?.origin).toBe('override');
    expect(overridden.pricesFor('claude-haiku-4-5')?.origin).toBe('catalog');
  });

  it('overrides cache prices too, and prices a model the catalog lacks', async () => {
    const overridden = await loadPriceBook({
      'gpt-5.2': { inputPerMillion: 1, outputPerMillion: 8, cacheReadPerMillion: 0.1, cacheWritePerMillion: 1.2 },
      'llama3.1:8b': { inputPerMillion: 0, outputPerMillion: 0 },
    });
    expect(overridden.pricesFor('gpt-5.2')?.prices).toEqual({ input: 1, output: 8, cacheRead: 0.1, cacheWrite: 1.2 });
    expect(overridden.pricesFor('ollama/llama3.1:8b')).toEqual({
      origin: 'override',
      prices: { input: 0, output: 0 },
      kindOrigins: { input: 'yours', output: 'yours', cacheRead: 'input price', cacheWrite: 'input price', cacheWriteHour: 'input price' },
    });
  });
});

/** One call's tokens as the package counts them: its `input_tokens` include the cache's reads and writes. */
function packageUsage(tokens: BilledTokens) {
  const writes = tokens.cacheWrite + tokens.cacheWriteHour;
  return {
    input_tokens: tokens.uncachedInput + tokens.cacheRead + writes,
    cache_read_tokens: tokens.cacheRead,
    cache_write_tokens: writes,
    cache_write_1h_tokens: tokens.cacheWriteHour,
    output_tokens: tokens.output,
  };
}

const calls: { model: string; at: string; tokens: BilledTokens }[] = [
  { model: 'claude-opus-4-6', at: tieredEra, tokens: { uncachedInput: 3, cacheRead: 180_000, cacheWrite: 20_000, cacheWriteHour: 5_000, output: 1_200 } },
  { model: 'claude-opus-4-6', at: '2026-06-01T09:00:00Z', tokens: { uncachedInput: 5, cacheRead: 92_000, cacheWrite: 3_100, cacheWriteHour: 0, output: 640 } },
  { model: 'claude-opus-4-5-20251101', at: '2026-01-05T09:00:00Z', tokens: { uncachedInput: 10, cacheRead: 50_000, cacheWrite: 4_000, cacheWriteHour: 0, output: 800 } },
  { model: 'claude-haiku-4-5', at: '2026-06-01T09:00:00Z', tokens: { uncachedInput: 1_500, cacheRead: 30_000, cacheWrite: 0, cacheWriteHour: 12_000, output: 2_500 } },
  { model: 'gpt-5.2', at: '2026-06-01T09:00:00Z', tokens: { uncachedInput: 10_000, cacheRead: 20_000, cacheWrite: 0, cacheWriteHour: 0, output: 2_000 } },
  { model: 'gemini-2.5-pro', at: '2026-06-01T09:00:00Z', tokens: { uncachedInput: 150_000, cacheRead: 100_000, cacheWrite: 0, cacheWriteHour: 0, output: 5_000 } },
  { model: 'deepseek-chat', at: '2026-06-01T09:00:00Z', tokens: { uncachedInput: 40_000, cacheRead: 60_000, cacheWrite: 0, cacheWriteHour: 0, output: 3_000 } },
];

describe('the book against the package’s own calcPrice', () => {
  it.each(calls)('$model at $at costs what calcPrice says, to the cent', ({ model, at, tokens }) => {
    const promptTokens = tokens.uncachedInput + tokens.cacheRead + tokens.cacheWrite + tokens.cacheWriteHour;
    const prices = book.pricesFor(model, { promptTokens, at });
    const theirs = calcPrice(packageUsage(tokens), model, { timestamp: new Date(at) });
    expect(prices).toBeDefined();
    expect(theirs).not.toBeNull();
    const ours = totalOf(costByKind(tokens, prices!.prices));
    expect(Math.round(ours * 100)).toBe(Math.round(theirs!.total_price * 100));
    expect(ours).toBeCloseTo(theirs!.total_price, 9);
  });
});

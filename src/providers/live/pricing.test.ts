import { describe, expect, it } from 'vitest';
import { costOf, priceOf } from './pricing';

describe('costOf', () => {
  it('prices a known model per million input and output tokens', () => {
    expect(costOf('gpt-4o-mini', { inputTokens: 1_000_000, outputTokens: 500_000 })).toBeCloseTo(0.15 + 0.3);
  });

  it('matches dated snapshots and OpenRouter vendor prefixes, nothing looser', () => {
    expect(priceOf('claude-3-5-haiku-20241022')).toEqual(priceOf('claude-3-5-haiku'));
    expect(priceOf('gpt-4o-2024-08-06')).toEqual(priceOf('gpt-4o'));
    expect(priceOf('openai/gpt-4o-mini')).toEqual(priceOf('gpt-4o-mini'));
    expect(priceOf('gpt-4o-mini-tts')).toBeUndefined();
  });

  it('says "unknown" (null), never 0, for an unpriced model or missing usage', () => {
    expect(costOf('llama3.1:8b', { inputTokens: 10, outputTokens: 10 })).toBeNull();
    expect(costOf('gpt-4o', undefined)).toBeNull();
    expect(costOf('gpt-4o', { inputTokens: 10 })).toBeNull();
  });

  it('uses an edited table', () => {
    expect(costOf('llama3.1:8b', { inputTokens: 1000, outputTokens: 0 }, { 'llama3.1:8b': { inputPerMillion: 0, outputPerMillion: 0 } })).toBe(0);
  });
});

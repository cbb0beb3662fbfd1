import { describe, expect, it } from 'vitest';
import { compactionCost } from './compaction-cost';

/** Claude Opus 4.5-like prices per million: $5 input, $25 output, $0.50 cache read, $6.25 5-minute write, $10 1-hour write. */
const opus = { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, cacheWriteHour: 10 };

describe('compactionCost', () => {
  it('bills the next call’s rewrite of the compacted context against reading the whole context from the cache', () => {
    // 150,000 → 30,000 tokens with a 10,000-token head: 10,000 read ($0.005) + 20,000 written ($0.125) = $0.13,
    // plus a $0.05 summarizer call = $0.18, against 150,000 read ($0.075): compacting adds $0.105 to the next call.
    const cost = compactionCost({ contextBefore: 150_000, contextAfter: 30_000, headTokens: 10_000, summarizerUsd: 0.05, prices: opus, lifetime: '5m' });
    expect(cost.tokens).toEqual({ headRead: 10_000, written: 20_000, readWithout: 150_000 });
    expect(cost.rewriteUsd).toBeCloseTo(0.13, 12);
    expect(cost.totalUsd).toBeCloseTo(0.18, 12);
    expect(cost.notCompactingUsd).toBeCloseTo(0.075, 12);
    expect(cost.extraUsd).toBeCloseTo(0.105, 12);
  });

  it('writes at the 1-hour price when the cache lives an hour', () => {
    const cost = compactionCost({ contextBefore: 150_000, contextAfter: 30_000, headTokens: 10_000, summarizerUsd: 0, prices: opus, lifetime: '1h' });
    // 10,000 × $0.50 + 20,000 × $10 per million = $0.205.
    expect(cost.rewriteUsd).toBeCloseTo(0.205, 12);
  });

  it('prices a provider with no write premium (OpenAI) at the input price, and a head larger than the compacted context as all read', () => {
    const openai = { input: 1.25, output: 10, cacheRead: 0.125 };
    const cost = compactionCost({ contextBefore: 80_000, contextAfter: 5_000, headTokens: 8_000, summarizerUsd: 0, prices: openai, lifetime: '5m' });
    expect(cost.tokens).toEqual({ headRead: 5_000, written: 0, readWithout: 80_000 });
    expect(cost.rewriteUsd).toBeCloseTo(0.000625, 12);
    const grown = compactionCost({ contextBefore: 80_000, contextAfter: 20_000, headTokens: 8_000, summarizerUsd: 0, prices: openai, lifetime: '5m' });
    // 8,000 read at $0.125 + 12,000 written at the input price $1.25 = $0.016.
    expect(grown.rewriteUsd).toBeCloseTo(0.016, 12);
  });

  it('is unknown, never 0, for a model with no price or a summarizer call with no cost', () => {
    const unpriced = compactionCost({ contextBefore: 150_000, contextAfter: 30_000, headTokens: 10_000, summarizerUsd: 0.05, prices: undefined, lifetime: '5m' });
    expect(unpriced).toMatchObject({ rewriteUsd: null, totalUsd: null, notCompactingUsd: null, extraUsd: null, summarizerUsd: 0.05 });
    const unlogged = compactionCost({ contextBefore: 150_000, contextAfter: 30_000, headTokens: 10_000, summarizerUsd: null, prices: opus, lifetime: '5m' });
    expect(unlogged.totalUsd).toBeNull();
    expect(unlogged.extraUsd).toBeNull();
    expect(unlogged.rewriteUsd).toBeCloseTo(0.13, 12);
  });
});

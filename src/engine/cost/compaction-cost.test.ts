import { describe, expect, it } from 'vitest';
import type { Message, Transcript } from '../transcript/model';
import { compactionCost, loggedNextCall, transcriptCacheLifetime } from './compaction-cost';

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

/** A hand-made session: a call, a compaction before message 2, a call with no usage (a sidechain), then the real next call. */
function session(hourWrites: number): Transcript {
  const message = (id: string, role: Message['role'], extra: Partial<Message> = {}): Message => ({ id, role, origin: role === 'assistant' ? 'model' : 'human', blocks: [{ kind: 'text', text: id }], sourceRef: {}, raw: null, ...extra });
  return {
    id: 'hand-made',
    source: { format: 'claude-code' },
    messages: [
      message('ask', 'user'),
      message('first', 'assistant', { usage: { inputTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 90_000, cacheWriteHourTokens: hourWrites, contextTokens: 90_003, outputTokens: 10 } }),
      message('summary', 'user'),
      message('aside', 'assistant', { isSidechain: true, usage: { inputTokens: 5, cacheReadTokens: 700, cacheWriteTokens: 0, contextTokens: 705, outputTokens: 1 } }),
      message('next', 'assistant', { usage: { inputTokens: 3, cacheReadTokens: 12_000, cacheWriteTokens: 8_000, contextTokens: 20_003, outputTokens: 40 } }),
    ],
    markers: [{ kind: 'compact_boundary', atIndex: 2, tokensBefore: 150_000 } as Transcript['markers'][number]],
    meta: { model: 'claude-opus-4-5' },
  };
}

describe('the agent’s real next call after its compaction', () => {
  it('is the first main-conversation call from the compaction on that logged the cache, and bills the rewrite as logged', () => {
    const next = loggedNextCall(session(0), 2);
    expect(next).toEqual({ uncachedInput: 3, cacheRead: 12_000, cacheWrite: 8_000, cacheWriteHour: 0, output: 40 });
    // 12,000 × $0.50 + 8,000 × $6.25 per million = $0.056, whatever the modelled head and context after would say.
    const cost = compactionCost({ contextBefore: 150_000, contextAfter: 30_000, headTokens: 10_000, summarizerUsd: null, prices: opus, lifetime: '5m', ...(next ? { loggedNext: next } : {}) });
    expect(cost.isLogged).toBe(true);
    expect(cost.tokens).toEqual({ headRead: 12_000, written: 8_000, readWithout: 150_000 });
    expect(cost.rewriteUsd).toBeCloseTo(0.056, 12);
    expect(loggedNextCall(session(0), 5)).toBeUndefined();
  });

  it('reads the cache lifetime from the transcript’s logged writes: an hour when most were, else the 5-minute default, said', () => {
    expect(transcriptCacheLifetime(session(90_000))).toMatchObject({ lifetime: '1h', source: 'logged' });
    expect(transcriptCacheLifetime(session(0))).toMatchObject({ lifetime: '5m', source: 'assumed' });
  });
});

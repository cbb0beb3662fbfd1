import { describe, expect, it } from 'vitest';
import { importText } from '../formats/import-text';
import type { Transcript, Usage } from '../transcript/model';
import { handPriceBook } from './hand-price-book.test-support';
import { loggedBill } from './logged-bill';

const session = { sessionId: 's-1', isSidechain: false };
const user = (uuid: string, parentUuid: string | null, text: string) => ({ ...session, type: 'user', uuid, parentUuid, message: { role: 'user', content: text } });
const assistant = (uuid: string, parentUuid: string, id: string, usage: Record<string, unknown>, model = 'claude-opus-4-6', extra: Record<string, unknown> = {}) => ({
  ...session, type: 'assistant', uuid, parentUuid, requestId: `req-${id}`, timestamp: '2026-03-01T10:00:00Z', ...extra,
  message: { id, role: 'assistant', model, content: [{ type: 'text', text: `reply ${uuid}` }], usage },
});

function claudeCode(records: unknown[]): Transcript {
  const [transcript] = importText(records.map((record) => JSON.stringify(record)).join('\n'), { fileName: 'hand.jsonl' }).transcripts;
  return transcript;
}

/** A transcript with one assistant message per usage, all of `model`. */
function withCalls(calls: { usage: Usage; model?: string; at?: string }[]): Transcript {
  return {
    id: 't', source: { format: 'anthropic-messages' }, markers: [], meta: {},
    messages: calls.map((call, index) => ({ id: `m${index}`, role: 'assistant', origin: 'model', blocks: [], usage: call.usage, model: call.model, createdAt: call.at, sourceRef: {}, raw: null })),
  };
}

describe('loggedBill', () => {
  it('counts a response split over several lines once, with the output count of its last line', () => {
    const transcript = claudeCode([
      user('u1', null, 'go'),
      assistant('a1', 'u1', 'msg_1', { input_tokens: 1000, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 }),
      assistant('a2', 'a1', 'msg_1', { input_tokens: 1000, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 }),
      assistant('a3', 'a2', 'msg_1', { input_tokens: 1000, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 400 }),
    ]);
    const bill = loggedBill(transcript, handPriceBook);
    expect(bill.calls).toBe(1);
    // 1000 input at $5/M + 400 output at $25/M.
    expect(bill.totalUsd).toBeCloseTo(0.005 + 0.01, 10);
    expect(bill.byKind).toEqual({ input: 0.005, cacheWrite: 0, cacheRead: 0, output: 0.01 });
  });

  it('prices 1-hour cache writes above 5-minute ones', () => {
    const write = (hour: number) => ({
      input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 1_000_000,
      cache_creation: { ephemeral_5m_input_tokens: 1_000_000 - hour, ephemeral_1h_input_tokens: hour },
    });
    const fiveMinutes = loggedBill(claudeCode([user('u1', null, 'go'), assistant('a1', 'u1', 'msg_1', write(0))]), handPriceBook);
    const oneHour = loggedBill(claudeCode([user('u1', null, 'go'), assistant('a1', 'u1', 'msg_1', write(1_000_000))]), handPriceBook);
    const mixed = loggedBill(claudeCode([user('u1', null, 'go'), assistant('a1', 'u1', 'msg_1', write(400_000))]), handPriceBook);
    expect(fiveMinutes.byKind?.cacheWrite).toBeCloseTo(6.25, 10);
    expect(oneHour.byKind?.cacheWrite).toBeCloseTo(10, 10);
    expect(mixed.byKind?.cacheWrite).toBeCloseTo(0.6 * 6.25 + 0.4 * 10, 10);
    expect(oneHour.tokens).toMatchObject({ cacheWrite: 0, cacheWriteHour: 1_000_000 });
  });

  it('bills a response on a branch a rewind abandoned, which the conversation leaves out', () => {
    const usage = { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0 };
    const transcript = claudeCode([
      user('u1', null, 'go'),
      assistant('a-old', 'u1', 'msg_old', usage),
      user('u2', 'u1', 'no, do this instead'),
      assistant('a-new', 'u2', 'msg_new', usage),
    ]);
    expect(transcript.messages.map((message) => message.id)).toEqual(['u1', 'u2', 'a-new']);
    expect(transcript.meta.unlistedCalls).toEqual([{ usage: expect.objectContaining({ inputTokens: 10 }), model: 'claude-opus-4-6', at: '2026-03-01T10:00:00Z', sourceRef: { line: 2 } }]);
    expect(loggedBill(transcript, handPriceBook).calls).toBe(2);
  });

  it('bills sidechain calls of a main file and skips synthetic lines', () => {
    const usage = { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0 };
    const transcript = claudeCode([
      user('u1', null, 'go'),
      assistant('s1', 'u1', 'msg_side', usage, 'claude-haiku-4-5-20251001', { isSidechain: true }),
      assistant('a1', 'u1', 'msg_main', usage),
      assistant('a2', 'a1', 'msg_synthetic', { input_tokens: 0, output_tokens: 0 }, '<synthetic>'),
    ]);
    const bill = loggedBill(transcript, handPriceBook);
    expect(bill.calls).toBe(2);
    expect(bill.byModel.map((model) => [model.model, model.calls])).toEqual([['claude-haiku-4-5-20251001', 1], ['claude-opus-4-6', 1]]);
  });

  it('gives no total when a model has no price, names it, and keeps the priced part apart', () => {
    const bill = loggedBill(withCalls([
      { usage: { inputTokens: 1_000_000, contextTokens: 1_000_000 }, model: 'claude-opus-4-6' },
      { usage: { inputTokens: 1_000_000, contextTokens: 1_000_000 }, model: 'mystery-model' },
    ]), handPriceBook);
    expect(bill.totalUsd).toBeNull();
    expect(bill.byKind).toBeNull();
    expect(bill.withoutCachingUsd).toBeNull();
    expect(bill.unknownModels).toEqual(['mystery-model']);
    expect(bill.priced).toMatchObject({ calls: 1, usd: 5 });
    expect(bill.byModel.find((model) => model.model === 'mystery-model')).toMatchObject({ calls: 1, usd: null, byKind: null });
  });

  it('says what the calls would have cost with no caching, and the cache hit rate', () => {
    // Anthropic shape: input holds only the uncached part; the context is the whole input side.
    const bill = loggedBill(withCalls([
      { usage: { inputTokens: 100_000, cacheReadTokens: 800_000, cacheWriteTokens: 100_000, contextTokens: 1_000_000, outputTokens: 0 }, model: 'claude-opus-4-6' },
    ]), handPriceBook);
    expect(bill.totalUsd).toBeCloseTo(0.5 + 0.4 + 0.625, 10);
    expect(bill.withoutCachingUsd).toBeCloseTo(5, 10);
    expect(bill.cacheHitRate).toBeCloseTo(0.8, 10);
  });

  it('reads OpenAI-style usage, whose input includes the cached part, without counting the cache twice', () => {
    const bill = loggedBill(withCalls([{ usage: { inputTokens: 1_000_000, cacheReadTokens: 600_000, contextTokens: 1_000_000, outputTokens: 0 }, model: 'gpt-5.2' }]), handPriceBook);
    expect(bill.tokens).toMatchObject({ uncachedInput: 400_000, cacheRead: 600_000 });
    expect(bill.totalUsd).toBeCloseTo(0.4 * 1.25 + 0.6 * 0.125, 10);
  });

  it('prices each call at its own prompt size and time', () => {
    const bill = loggedBill(withCalls([
      { usage: { inputTokens: 100_000, contextTokens: 100_000 }, model: 'tiered-model' },
      { usage: { inputTokens: 300_000, contextTokens: 300_000 }, model: 'tiered-model' },
      { usage: { inputTokens: 1_000_000, contextTokens: 1_000_000 }, model: 'dated-model', at: '2025-12-31T23:00:00Z' },
      { usage: { inputTokens: 1_000_000, contextTokens: 1_000_000 }, model: 'dated-model', at: '2026-01-02T00:00:00Z' },
    ]), handPriceBook);
    expect(bill.byModel.find((model) => model.model === 'tiered-model')?.usd).toBeCloseTo(0.1 * 3 + 0.3 * 6, 10);
    expect(bill.byModel.find((model) => model.model === 'dated-model')?.usd).toBeCloseTo(10 + 2, 10);
  });

  it('says which prices it used, and a transcript with no logged call has no bill (null, never $0)', () => {
    const bill = loggedBill(withCalls([]), handPriceBook);
    expect(bill).toMatchObject({ calls: 0, totalUsd: null, byKind: null, withoutCachingUsd: null, cacheHitRate: null, pricesAsOf: '2026-09-23', pricesSource: 'hand-made test prices' });
  });
});

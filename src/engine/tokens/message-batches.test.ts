import { describe, expect, it } from 'vitest';
import { countMessageBatches, countMessagesInBatches, type MessageCountBatch } from './message-batches';
import { TokenCache } from './token-cache';
import type { TokenCounter } from './token-counter';
import { testMessage } from './test-messages';

const perChar: TokenCounter = { encoding: 'cl100k_base', count: (text) => text.length };
const messages = Array.from({ length: 10 }, (_, index) =>
  testMessage('user', [{ kind: 'text', text: 'x'.repeat(index + 1) }], `m${index}`),
);

describe('countMessageBatches', () => {
  it('closes a batch at maxMessages and reports progress in order', () => {
    const batches = [...countMessageBatches(messages, perChar, undefined, { maxMessages: 4 })];
    expect(batches.map((batch) => [batch.startIndex, batch.counts.length, batch.countedMessages])).toEqual([
      [0, 4, 4],
      [4, 4, 8],
      [8, 2, 10],
    ]);
    expect(batches.flatMap((batch) => batch.counts)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('closes a batch once maxChars is reached, and never yields an empty batch', () => {
    const sizes = [...countMessageBatches(messages, perChar, undefined, { maxChars: 10 })].map((batch) => batch.counts.length);
    // 1+2+3+4 = 10 closes the first batch; 5+6, 7+8, 9+10 each reach 10; a single message over the limit still goes.
    expect(sizes).toEqual([4, 2, 2, 2]);
    expect([...countMessageBatches(messages, perChar, undefined, { maxChars: 1 })]).toHaveLength(10);
  });

  it('can stop early: the caller pulls batches lazily', () => {
    const calls: string[] = [];
    const counter: TokenCounter = { encoding: 'cl100k_base', count: (text) => (calls.push(text), text.length) };
    const batches = countMessageBatches(messages, counter, undefined, { maxMessages: 3 });
    batches.next();
    expect(calls).toHaveLength(3);
  });
});

describe('countMessagesInBatches', () => {
  it('calls onBatch per batch and returns every count, using the cache', () => {
    const seen: MessageCountBatch[] = [];
    const cache = new TokenCache();
    expect(countMessagesInBatches(messages, perChar, (batch) => seen.push(batch), cache, { maxMessages: 5 })).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(seen.map((batch) => batch.totalMessages)).toEqual([10, 10]);
    countMessagesInBatches(messages, perChar, () => undefined, cache);
    expect([cache.hits, cache.misses]).toEqual([10, 10]);
  });
});

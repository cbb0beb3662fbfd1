import { describe, expect, it } from 'vitest';
import { contentHash } from './content-hash';
import { TokenCache } from './token-cache';
import type { TokenCounter } from './token-counter';
import { charsPerTokenCounter } from './token-counter';

function countingCounter(encoding: TokenCounter['encoding'], tokensPerChar = 1) {
  const calls: string[] = [];
  const counter: TokenCounter = { encoding, count: (text) => (calls.push(text), text.length * tokensPerChar) };
  return { counter, calls };
}

describe('TokenCache', () => {
  it('hits on the same text in the same encoding: the counter runs once', () => {
    const cache = new TokenCache();
    const { counter, calls } = countingCounter('cl100k_base');
    expect(cache.count('hello world', counter)).toBe(11);
    expect(cache.count('hello world', counter)).toBe(11);
    expect(calls).toEqual(['hello world']);
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  it('misses on a different encoding and on different text', () => {
    const cache = new TokenCache();
    const cl100k = countingCounter('cl100k_base');
    const o200k = countingCounter('o200k_base', 2);
    cache.count('same text', cl100k.counter);
    expect(cache.count('same text', o200k.counter)).toBe(18);
    expect(cache.count('same text!', cl100k.counter)).toBe(10);
    expect([cache.hits, cache.misses]).toEqual([0, 3]);
    expect(cache.size).toBe(3);
  });

  it('never caches estimate counters, so an estimate cannot answer for an exact count', () => {
    const cache = new TokenCache();
    cache.count('abcdefgh', charsPerTokenCounter(4, 'cl100k_base'));
    expect(cache.size).toBe(0);
    const exact = countingCounter('cl100k_base');
    expect(cache.count('abcdefgh', exact.counter)).toBe(8);
  });

  it('drops the oldest half when full', () => {
    const cache = new TokenCache(4);
    const { counter, calls } = countingCounter('cl100k_base');
    for (const text of ['a', 'b', 'c', 'd', 'e']) cache.count(text, counter);
    expect(cache.size).toBe(3);
    cache.count('e', counter);
    cache.count('a', counter);
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'e', 'a']);
  });
});

describe('contentHash', () => {
  it('is a deterministic 53-bit integer that changes with one character and with the seed', () => {
    const hash = contentHash('hello');
    expect(Number.isSafeInteger(hash)).toBe(true);
    expect(contentHash('hello')).toBe(hash);
    expect(contentHash('hellp')).not.toBe(hash);
    expect(contentHash('hello', 5)).not.toBe(hash);
    expect(contentHash('a')).toBe(7929297801672961);
  });
});

import { describe, expect, it } from 'vitest';
import { simulateCache, type ModelCall } from './cache-model';
import { cacheRulesFor } from './cache-rules';

const opus = 'claude-opus-4-6';
const minute = 60_000;
/** A call of the main chain: `prompt` tokens of which `kept` continue the previous prompt, at `atMinute`. */
function call(prompt: number, kept: number, atMinute?: number, model = opus): ModelCall {
  return {
    chain: 'main', model, promptTokens: prompt, headTokens: 20_000, keptTokens: kept, outputTokens: 100,
    ...(atMinute !== undefined ? { startMs: atMinute * minute, endMs: atMinute * minute + 10_000 } : {}),
  };
}

describe('simulateCache', () => {
  it('reads a stable prefix from the cache and writes only what was added', () => {
    const [first, second, third] = simulateCache([call(30_000, 0, 0), call(32_000, 30_000, 1), call(35_000, 32_000, 2)]);
    expect(first).toMatchObject({ event: 'cold', billed: { cacheRead: 0, cacheWrite: 30_000, uncachedInput: 0, output: 100 } });
    expect(second).toMatchObject({ event: 'hit', billed: { cacheRead: 30_000, cacheWrite: 2_000, uncachedInput: 0 } });
    expect(third.billed).toMatchObject({ cacheRead: 32_000, cacheWrite: 3_000 });
  });

  it('after a compaction reads only the system prompt and tools and writes the new context', () => {
    const [, after] = simulateCache([call(150_000, 0, 0), call(40_000, 20_000, 1)]);
    expect(after).toMatchObject({ event: 'rewritten', billed: { cacheRead: 20_000, cacheWrite: 20_000 } });
  });

  it('a pause past the lifetime misses the cache; the same pause within a 1-hour lifetime hits', () => {
    // The previous response ended at 0:10; the next starts at 5:20, 5 minutes 10 seconds later.
    const calls = [call(30_000, 0, 0), { ...call(31_000, 30_000), startMs: 5 * minute + 20_000, endMs: 6 * minute }];
    const [, late] = simulateCache(calls, '5m');
    expect(late).toMatchObject({ event: 'expired', billed: { cacheRead: 0, cacheWrite: 31_000 }, idleMs: 5 * minute + 10_000 });
    const [, kept] = simulateCache(calls, '1h');
    expect(kept).toMatchObject({ event: 'hit', billed: { cacheRead: 30_000, cacheWrite: 0, cacheWriteHour: 1_000 } });
  });

  it('measures the pause from the end of the previous response: 5 minutes after it ended still hits', () => {
    const calls = [{ ...call(30_000, 0), startMs: 0, endMs: 60_000 }, { ...call(31_000, 30_000), startMs: 6 * minute, endMs: 7 * minute }];
    expect(simulateCache(calls)[1].event).toBe('hit');
  });

  it('without timestamps assumes no pause', () => {
    expect(simulateCache([call(30_000, 0), call(31_000, 30_000)])[1].event).toBe('hit');
  });

  it('caches nothing under the model’s minimum length: the prompt is plain input', () => {
    // Opus 4.6 caches from 4,096 tokens; a 3,000-token prompt with a 500-token head caches nothing.
    const small = (prompt: number, kept: number): ModelCall => ({ ...call(prompt, kept), headTokens: 500 });
    const [first, second] = simulateCache([small(3_000, 0), small(3_500, 3_000)]);
    expect(first).toMatchObject({ event: 'below-minimum', billed: { uncachedInput: 3_000, cacheWrite: 0, cacheRead: 0 } });
    expect(second.billed).toMatchObject({ uncachedInput: 3_500, cacheRead: 0 });
    // The same prompt caches on Sonnet 4.5 (minimum 1,024).
    const sonnet = (prompt: number, kept: number): ModelCall => ({ ...small(prompt, kept), model: 'claude-sonnet-4-5' });
    expect(simulateCache([sonnet(3_000, 0), sonnet(3_500, 3_000)])[1].billed).toMatchObject({ cacheRead: 3_000, cacheWrite: 500 });
  });

  it('OpenAI reads the kept prefix in 128-token steps and writes nothing at a premium; Anthropic writes', () => {
    const gpt = (prompt: number, kept: number): ModelCall => call(prompt, kept, undefined, 'gpt-5.1');
    const [first, second] = simulateCache([gpt(30_000, 0), gpt(32_000, 30_000)]);
    expect(first.billed).toMatchObject({ uncachedInput: 30_000, cacheRead: 0, cacheWrite: 0 });
    // 30,000 = 1,024 + 226 × 128 + 48: the last 48 tokens fall short of a step.
    expect(second.billed).toMatchObject({ cacheRead: 29_952, uncachedInput: 2_048, cacheWrite: 0, cacheWriteHour: 0 });
    const [, claude] = simulateCache([call(30_000, 0), call(32_000, 30_000)]);
    expect(claude.billed).toMatchObject({ cacheRead: 30_000, cacheWrite: 2_000, uncachedInput: 0 });
  });

  it('an unknown provider is billed as plain input, and says so', () => {
    const [only] = simulateCache([call(30_000, 0, undefined, 'llama-4-maverick')]);
    expect(only).toMatchObject({ event: 'no-caching', billed: { uncachedInput: 30_000, cacheRead: 0, cacheWrite: 0 } });
    expect(cacheRulesFor('llama-4-maverick').words).toContain('no prompt caching assumed');
  });

  it('a call billed as logged leaves its prompt cached for the next', () => {
    const logged = { uncachedInput: 3, cacheRead: 29_000, cacheWrite: 997, cacheWriteHour: 0, output: 50 };
    const [first, second] = simulateCache([{ ...call(30_000, 0, 0), asLogged: logged }, call(31_000, 30_000, 1)]);
    expect(first).toMatchObject({ event: 'as-logged', billed: logged });
    expect(second.billed).toMatchObject({ cacheRead: 30_000, cacheWrite: 1_000 });
  });

  it('keeps subagents on their own chains', () => {
    const side = (prompt: number, kept: number): ModelCall => ({ ...call(prompt, kept), chain: 'agent-1' });
    const [, sideFirst, mainNext] = simulateCache([call(30_000, 0), side(25_000, 0), call(31_000, 30_000)]);
    expect(sideFirst.event).toBe('cold');
    expect(mainNext.event).toBe('hit');
  });
});

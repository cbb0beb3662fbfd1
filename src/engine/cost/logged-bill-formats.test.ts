import { describe, expect, it } from 'vitest';
import { importText } from '../formats/import-text';
import { readFixture } from '../formats/fixture-files.test-support';
import { handPriceBook } from './hand-price-book.test-support';
import { loggedBill } from './logged-bill';

function billOf(name: string, run = 0) {
  return loggedBill(importText(readFixture(name), { fileName: name }).transcripts[run], handPriceBook);
}

describe('the logged bill reads each format’s own usage shape', () => {
  it('Codex: last_token_usage per distinct token_count, its input counting the cached part', () => {
    const lines = readFixture('codex__rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl').split('\n').filter(Boolean).map((line) => JSON.parse(line));
    const events = lines.filter((record) => record.type === 'event_msg' && record.payload?.type === 'token_count' && record.payload.info);
    // Codex repeats an event unchanged; the running total tells a new call from a repeat.
    const distinct = events.filter((record, index) => index === 0 || JSON.stringify(record.payload.info.total_token_usage) !== JSON.stringify(events[index - 1].payload.info.total_token_usage));
    const input = distinct.reduce((sum, record) => sum + record.payload.info.last_token_usage.input_tokens, 0);
    const cached = distinct.reduce((sum, record) => sum + record.payload.info.last_token_usage.cached_input_tokens, 0);
    const bill = billOf('codex__rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl');
    expect(bill.calls).toBe(distinct.length);
    expect(bill.tokens.cacheRead).toBe(cached);
    expect(bill.tokens.uncachedInput).toBe(input - cached);
    expect(bill.cacheHitRate).toBeCloseTo(cached / input, 10);
  });

  it('OpenHands: LiteLLM’s Anthropic cache write is kept apart from the prompt count that includes it', () => {
    const bill = billOf('openhands__runtime-trajs-basic.json');
    // Two responses: prompt 3486 (3482 written), then prompt 4646 (3482 read, 1158 written).
    expect(bill.calls).toBe(2);
    expect(bill.tokens).toEqual({ uncachedInput: 4 + 6, cacheRead: 3482, cacheWrite: 3482 + 1158, cacheWriteHour: 0, output: 1135 + 177 });
  });

  it('Inspect: usage of each model event, the context being total − output', () => {
    const bill = billOf('inspect-ai__2025-05-12T20-27-36-04-00_browser.json');
    // The sample's model_usage: input 15235 (OpenAI: cached part included), 9088 read from the cache.
    expect(bill.calls).toBe(5);
    expect(bill.tokens).toMatchObject({ uncachedInput: 15235 - 9088, cacheRead: 9088, output: 281 });
  });
});

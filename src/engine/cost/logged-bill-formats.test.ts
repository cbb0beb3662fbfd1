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

describe('calls the messages do not carry are still billed', () => {
  const tokenCount = (total: number, last: number) => ({
    type: 'event_msg',
    timestamp: '2026-02-01T10:00:00Z',
    payload: { type: 'token_count', info: { total_token_usage: { input_tokens: total, cached_input_tokens: 0, output_tokens: 0 }, last_token_usage: { input_tokens: last, cached_input_tokens: 0, output_tokens: 0 } } },
  });

  it('Codex: a token_count with no new message (the call that wrote a compaction’s summary) is a call of its own', () => {
    const records = [
      { type: 'session_meta', timestamp: '2026-02-01T10:00:00Z', payload: { id: 'session-1', model: 'gpt-5.2' } },
      { type: 'turn_context', timestamp: '2026-02-01T10:00:00Z', payload: { model: 'gpt-5.2' } },
      { type: 'response_item', timestamp: '2026-02-01T10:00:00Z', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go' }] } },
      { type: 'response_item', timestamp: '2026-02-01T10:00:00Z', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'done' }] } },
      tokenCount(1_000_000, 1_000_000),
      { type: 'compacted', timestamp: '2026-02-01T10:00:00Z', payload: { message: 'summary of the work' } },
      tokenCount(3_000_000, 2_000_000),
    ];
    const [transcript] = importText(records.map((record) => JSON.stringify(record)).join('\n'), { fileName: 'rollout.jsonl' }).transcripts;
    expect(transcript.meta.unlistedCalls).toEqual([{ usage: expect.objectContaining({ inputTokens: 2_000_000 }), model: 'gpt-5.2', at: '2026-02-01T10:00:00Z', sourceRef: { line: 7 } }]);
    const bill = loggedBill(transcript, handPriceBook);
    expect(bill.calls).toBe(2);
    expect(bill.tokens.uncachedInput).toBe(3_000_000);
  });
});

describe('Inspect: calls whose answer the history no longer holds', () => {
  it('are billed from their model events, so the bill still matches the sample’s model_usage', () => {
    const log = JSON.parse(readFixture('inspect-ai__2025-05-12T20-27-36-04-00_browser.json'));
    const sample = log.samples[0];
    // As Inspect's own compaction leaves it: the first answer gone from the history, its model event still logged.
    const firstAnswer = sample.messages.findIndex((message: { role: string }) => message.role === 'assistant');
    sample.messages.splice(firstAnswer, 1);
    const [transcript] = importText(JSON.stringify(log), { fileName: 'browser.json' }).transcripts;
    expect(transcript.meta.unlistedCalls).toHaveLength(1);
    const bill = loggedBill(transcript, handPriceBook);
    expect(bill.calls).toBe(5);
    expect(bill.tokens).toMatchObject({ uncachedInput: 15235 - 9088, cacheRead: 9088, output: 281 });
  });
});

describe('OpenHands: calls the run metered that no message carries usage for', () => {
  it('are billed from metrics.token_usages by response_id, each once', () => {
    const [first] = readFixture('openhands__multi_swe_bench_examples_output.jsonl').split('\n');
    const run = JSON.parse(first);
    // A response whose embedded usage was not logged, and a condenser's call that produced no action.
    const withResponse = run.history.find((event: { tool_call_metadata?: { model_response?: unknown } }) => event.tool_call_metadata?.model_response);
    delete withResponse.tool_call_metadata.model_response.usage;
    run.metrics.token_usages.push({ model: 'condenser', prompt_tokens: 1000, completion_tokens: 10, cache_read_tokens: 0, cache_write_tokens: 0, response_id: 'condenser-1' });
    const [transcript] = importText(JSON.stringify(run), { fileName: 'output.jsonl' }).transcripts;
    const bill = loggedBill(transcript, handPriceBook);
    // The fixture's accumulated_token_usage: 565,158 prompt and 2,558 completion tokens over 23 calls.
    expect(bill.calls).toBe(24);
    expect(bill.tokens).toMatchObject({ uncachedInput: 565_158 + 1000, output: 2558 + 10 });
  });
});

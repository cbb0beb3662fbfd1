import { describe, expect, it } from 'vitest';
import type { CompactionEvent } from '../../run/events';
import { allStagesOff, conversation, runUnifiedWith } from './unified.test-support';

/** Summary stage only, a wide summarizer window, so the ladder is all that is tested. */
const summaryOnly = { ...allStagesOff, summary: true, summarizerWindowTokens: 100_000 };

function retries(events: CompactionEvent[]): number[] {
  return events.flatMap((event) => (event.type === 'attempt-retry' ? [event.delayMs] : []));
}

function fallbacks(events: CompactionEvent[]): string[] {
  return events.flatMap((event) => (event.type === 'fallback' ? [`${event.from} -> ${event.to}`] : []));
}

describe('unified ladder smol → main → truncate', () => {
  it('U12: a transient smol error (HTTP 503) is retried with base × attempt backoff, then main answers', async () => {
    const { result, events, smol, main } = await runUnifiedWith(conversation(10), { config: summaryOnly, smol: [{ error: 'HTTP 503 Service Unavailable' }] });
    expect(smol.requests).toHaveLength(3);
    expect(retries(events)).toEqual([1000, 2000]);
    expect(fallbacks(events)).toEqual(['smol=test/smol -> main=test/main']);
    expect(main.requests.length).toBeGreaterThan(0);
    expect(result.passes[0].fallback).toBe('main');
    expect(result.passes[0].summary).toContain('main summary');
    expect(result.success).toBe(true);
  });

  it('U13: a non-transient error (429) is not retried', async () => {
    const { events, smol, result } = await runUnifiedWith(conversation(10), { config: summaryOnly, smol: [{ error: 'HTTP 429 Too Many Requests' }] });
    expect(smol.requests).toHaveLength(1);
    expect(retries(events)).toEqual([]);
    expect(result.passes[0].fallback).toBe('main');
  });

  it('U14: when smol and main both fail the truncate rung answers without a call, and local trim does not run', async () => {
    const { result, events, main } = await runUnifiedWith(conversation(10), {
      config: { ...summaryOnly, localTrim: true },
      smol: [{ error: 'TimeoutException: no answer' }],
      main: [{ error: 'HTTP 400 bad request' }],
    });
    expect(main.requests).toHaveLength(1);
    expect(fallbacks(events)).toEqual(['smol=test/smol -> main=test/main', 'main=test/main -> truncate']);
    const pass = result.passes[0];
    expect(pass.fallback).toBe('truncate');
    expect(pass.attempts).toBe(2);
    expect(pass.summary).toMatch(/^\[auto-compacted \d+ older messages via truncate strategy\]\n\[user\] request 1 /);
    expect(pass.fates['t1-user']).toEqual({ kind: 'summarized', summaryId: 'unified-p1-summary' });
    expect(result.success).toBe(true);
  });

  it('U15: an exhausted total budget makes no call at all and falls to truncate', async () => {
    const { result, events, smol, main } = await runUnifiedWith(conversation(10), { config: { ...summaryOnly, totalBudgetMs: 0 } });
    expect(smol.requests.length + main.requests.length).toBe(0);
    expect(events.some((event) => event.type === 'attempt-start')).toBe(false);
    expect(result.passes[0].fallback).toBe('truncate');
  });

  it('U16: an attempt over its budget is aborted and, as a non-transient timeout, not retried', async () => {
    const { result, events, smol, clock } = await runUnifiedWith(conversation(10), { config: summaryOnly, smol: [{ hangMs: 400_000, text: 'late' }] });
    expect(smol.requests).toHaveLength(1);
    expect(smol.requests[0].signal.aborted).toBe(true);
    const end = events.find((event) => event.type === 'attempt-end');
    expect(end).toMatchObject({ ok: false, error: { code: 'timeout', message: 'TimeoutException: compaction attempt exceeded the 300s budget' } });
    expect(clock.now()).toBeGreaterThanOrEqual(300_000);
    expect(result.passes[0].fallback).toBe('main');
  });

  it('U17: smol is skipped when it is the same model as main', async () => {
    const { result, smol, main } = await runUnifiedWith(conversation(10), { config: summaryOnly, hasDistinctSmol: false });
    expect(smol.requests).toHaveLength(0);
    expect(main.requests.length).toBeGreaterThan(0);
    expect(result.passes[0].fallback).toBeUndefined();
  });
});

describe('unified cancellation', () => {
  it('U18: a user abort during an attempt stops the run at once as cancelled, with no fallback rung', async () => {
    const controller = new AbortController();
    const { result, events } = await runUnifiedWith(conversation(10), {
      config: { ...summaryOnly, localTrim: true },
      smol: [{ hangMs: 60_000, text: 'late' }],
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'attempt-start') controller.abort();
      },
    });
    expect(result.cancelled).toBe(true);
    expect(result.success).toBe(false);
    expect(result.passes).toHaveLength(1);
    expect(result.passes[0].error?.code).toBe('cancelled');
    expect(fallbacks(events)).toEqual([]);
    expect(events[events.length - 1].type).toBe('run-end');
  });

  it('U19: an abort before the run starts makes no pass', async () => {
    const controller = new AbortController();
    controller.abort();
    const { result, smol } = await runUnifiedWith(conversation(10), { config: summaryOnly, signal: controller.signal });
    expect(result.cancelled).toBe(true);
    expect(result.passes).toHaveLength(0);
    expect(smol.requests).toHaveLength(0);
  });
});

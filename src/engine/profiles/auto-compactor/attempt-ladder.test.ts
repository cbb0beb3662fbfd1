import { describe, expect, it } from 'vitest';
import type { CompactionEvent } from '../../run/events';
import { FakeClock } from '../../run/fake-clock.test-support';
import { runWith, textMessage } from './auto-compactor.test-support';
import { isTransientText } from './transient';

const twelve = (): ReturnType<typeof textMessage>[] => Array.from({ length: 12 }, () => textMessage('user', 404));

describe('attempt ladder (spec §1.4, §4.4)', () => {
  it('transient classification: HTTP 503 is retried with sleeps of 1 s then 2 s, 3 attempts', async () => {
    const { result, clock, main, events } = await runWith(twelve(), { main: [{ error: 'HTTP 503 Service Unavailable' }] });
    expect(main.requests).toHaveLength(3);
    // Each attempt also sleeps on its 300 s budget timer (cancelled when the attempt ends); the backoffs sit between.
    expect(clock.sleeps).toEqual([300_000, 1000, 300_000, 2000, 300_000]);
    expect(events.filter((event) => event.type === 'attempt-retry').map((event) => (event.type === 'attempt-retry' ? event.delayMs : 0))).toEqual([1000, 2000]);
    expect(result.passes[0]).toMatchObject({ attempts: 3, fallback: 'local-trim' });
  });

  it('transient classification: 429 fails fast (no retry)', async () => {
    const { main, clock } = await runWith(twelve(), { main: [{ error: 'HTTP 429 Too Many Requests' }] });
    expect(main.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([300_000]);
  });

  it('transient classification: a TimeoutException is not retried', async () => {
    const { main } = await runWith(twelve(), { main: [{ error: 'TimeoutException after 0:00:05.000000: no answer' }] });
    expect(main.requests).toHaveLength(1);
  });

  it('transient classification: connection/socket/stream errors are transient, others are not', () => {
    for (const text of ['Connection closed before full header', 'connection  reset by peer', 'socket exception: x', 'stream closed', 'status 502']) expect(isTransientText(text), text).toBe(true);
    for (const text of ['nope', 'HTTP 429', 'quota exceeded', 'invalid api key', 'TimeoutException: compaction attempt exceeded the 300s budget']) expect(isTransientText(text), text).toBe(false);
  });

  it('transient classification quirk: any 5xx-looking number ("took 512 ms") is retried', async () => {
    const { main } = await runWith(twelve(), { main: [{ error: 'validation failed, took 512 ms' }, { text: 'ok' }] });
    expect(main.requests).toHaveLength(2);
  });

  it('transient classification quirk: an attempt budget of 500–599 s makes its own timeout transient', async () => {
    const { main, result } = await runWith(twelve(), { config: { attemptBudgetMs: 512_000 }, main: [{ hangMs: 1e12 }, { text: 'ok' }] });
    expect(main.requests).toHaveLength(2);
    expect(main.requests[0].signal.aborted).toBe(true);
    expect(result.passes[0]).toMatchObject({ ok: true, attempts: 2 });
  });

  it('an attempt over budget is aborted and not retried; the pass moves to the next rung', async () => {
    const { smol, main, result } = await runWith(twelve(), { hasDistinctSmol: true, smol: [{ hangMs: 1e12 }], main: [{ text: 'ok' }] });
    expect(smol.requests).toHaveLength(1);
    expect(smol.requests[0].signal.aborted).toBe(true);
    expect(main.requests).toHaveLength(1);
    expect(result.passes[0]).toMatchObject({ ok: true, fallback: 'main', attempts: 2 });
  });

  it('smol equal to main: only mainSummary is called', async () => {
    const { smol, main, result } = await runWith(twelve(), { hasDistinctSmol: false, main: [{ error: 'nope' }] });
    expect(smol.requests).toHaveLength(0);
    expect(main.requests).toHaveLength(1);
    expect(main.requests[0].role).toBe('main');
    expect(result.passes[0].fallback).toBe('local-trim');
  });

  it('smol answering: one smol call, no fallback, role smol', async () => {
    const { smol, main, result } = await runWith(twelve(), { hasDistinctSmol: true });
    expect(smol.requests.map((request) => request.role)).toEqual(['smol']);
    expect(main.requests).toHaveLength(0);
    expect(result.passes[0].fallback).toBeUndefined();
  });

  it('totalBudget exhausted mid-run: the next attempt makes no call and the pass trims locally', async () => {
    const { main, result, events } = await runWith(twelve(), { config: { totalBudgetMs: 1500 }, main: [{ error: 'HTTP 503', delayMs: 1000 }] });
    expect(main.requests).toHaveLength(1);
    expect(result.passes[0]).toMatchObject({ fallback: 'local-trim', attempts: 1 });
    expect(events.find((event) => event.type === 'fallback')).toMatchObject({ to: 'local-trim', reason: 'TimeoutException: compaction total budget (1s) exhausted before the main=test-provider/test-model attempt' });
  });

  it('D32: a user abort stops at once (inferred: whether upstream trims after a runToken abort was not read): cancelled, no local trim, the hanging request aborted', async () => {
    const controller = new AbortController();
    const clock = new FakeClock();
    const abortOnStart = (event: CompactionEvent): void => {
      if (event.type === 'attempt-start') queueMicrotask(() => controller.abort());
    };
    const { result, main } = await runWith(twelve(), { clock, signal: controller.signal, main: [{ hangMs: 1e12 }], onEvent: abortOnStart });
    expect(main.requests).toHaveLength(1);
    expect(clock.now()).toBe(0);
    expect(result.cancelled).toBe(true);
    expect(result.success).toBe(false);
    expect(main.requests[0].signal.aborted).toBe(true);
    expect(result.passes).toHaveLength(1);
    expect(result.passes[0].fallback).toBeUndefined();
    expect(result.passes[0].error?.code).toBe('cancelled');
    expect(result.messages.some((kept) => kept.id.includes('trim-marker'))).toBe(false);
  });

  it('a user abort during a backoff sleep ends the run as cancelled', async () => {
    const controller = new AbortController();
    const abortOnRetry = (event: CompactionEvent): void => {
      if (event.type === 'attempt-retry') controller.abort();
    };
    const { result, main } = await runWith(twelve(), { signal: controller.signal, main: [{ error: 'HTTP 503' }], onEvent: abortOnRetry });
    expect(result.cancelled).toBe(true);
    expect(main.requests).toHaveLength(1);
  });

  it('a run already aborted makes no call', async () => {
    const controller = new AbortController();
    controller.abort();
    const { result, main } = await runWith(twelve(), { signal: controller.signal });
    expect(result).toMatchObject({ cancelled: true, success: false });
    expect(main.requests).toHaveLength(0);
  });
});

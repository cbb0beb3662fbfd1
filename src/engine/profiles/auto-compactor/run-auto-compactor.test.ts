import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../run/fake-clock.test-support';
import { charsPerTokenCounter } from '../../tokens/token-counter';
import { runWith, testConfig, textMessage } from './auto-compactor.test-support';
import { autoCompactorProfile } from './index';

const twelve = (): ReturnType<typeof textMessage>[] => Array.from({ length: 12 }, () => textMessage('user', 404));

describe('auto-compactor run loop (spec §1.4)', () => {
  it('under the gate: no pass, no call, success, and the gate event says why', async () => {
    const { result, events, main } = await runWith([textMessage('user', 404)]);
    expect(result).toMatchObject({ success: true, cancelled: false, passes: [] });
    expect(main.requests).toHaveLength(0);
    expect(events.map((event) => event.type)).toEqual(['run-start', 'gate', 'run-end']);
    expect(events[1]).toEqual({ type: 'gate', shouldCompact: false, tokens: 101, threshold: 900, reason: 'tokens 101 <= threshold 900' });
  });

  it('window <= 0 returns success at once', async () => {
    const { result, main } = await runWith(twelve(), { config: { window: 0, force: true } });
    expect(result.success).toBe(true);
    expect(result.passes).toEqual([]);
    expect(main.requests).toHaveLength(0);
  });

  it('maxPasses exhausted: a summary that never fits gives up with success false after exactly maxPasses passes', async () => {
    const { result, main } = await runWith(twelve(), { config: { maxPasses: 3 }, main: [{ text: 'x'.repeat(4000) }] });
    expect(result.passes).toHaveLength(3);
    expect(main.requests).toHaveLength(3);
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('max-passes');
  });

  it('a pass that grows the context is flagged as inflation', async () => {
    const messages = [textMessage('user', 404), textMessage('assistant', 404), textMessage('user', 404), textMessage('assistant', 404)];
    const { result } = await runWith(messages, { config: { force: true, maxPasses: 1 }, main: [{ text: 'x'.repeat(4000) }] });
    expect(result.passes[0].tokensAfter).toBeGreaterThan(result.passes[0].tokensBefore);
    expect(result.passes[0].flags).toContain('inflation');
  });

  it('events come in order with one pass snapshot per pass', async () => {
    const { events } = await runWith(twelve());
    expect(events.map((event) => event.type)).toEqual(['run-start', 'gate', 'pass-start', 'attempt-start', 'attempt-end', 'pass-end', 'run-end']);
  });

  it('a missing main summarizer is a run error, not a crash', async () => {
    const events: string[] = [];
    const clock = new FakeClock();
    const result = await autoCompactorProfile.run({ messages: twelve(), config: testConfig(), ports: { counter: charsPerTokenCounter(), clock, summarizers: {} }, onEvent: (event) => events.push(event.type) });
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('missing-summarizer');
    expect(events).toEqual(['run-start', 'gate', 'run-error', 'run-end']);
  });

  it('deterministic: same config, messages and responses give the same result', async () => {
    const messages = twelve();
    const first = await runWith(messages, { main: [{ text: 'x'.repeat(3000) }, { text: 'done' }] });
    const second = await runWith(messages, { main: [{ text: 'x'.repeat(3000) }, { text: 'done' }] });
    expect(JSON.stringify(second.result)).toBe(JSON.stringify(first.result));
  });

  it('the exact estimator option gates on the counter port', async () => {
    const { result } = await runWith([textMessage('assistant', 400, { usage: { totalTokens: 5000 } })], { config: { estimator: 'exact' } });
    expect(result.tokensBefore).toBe(100);
    expect(result.passes).toEqual([]);
  });

  it('a sanitizer-poisoned previous summary is healed before the update prompt', async () => {
    const poisoned = textMessage('user', 10);
    const summary = { ...poisoned, id: 'old-summary', origin: 'summary' as const, blocks: [{ kind: 'text' as const, text: 'Goal: ship. You just pushed the branch.' }] };
    const { main } = await runWith([summary, ...twelve()]);
    expect(main.requests[0].prompt).toContain('<previous-checkpoint>\nGoal: ship.\n</previous-checkpoint>');
  });
});

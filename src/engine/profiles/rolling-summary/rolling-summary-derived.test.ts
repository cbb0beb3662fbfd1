import { describe, expect, it } from 'vitest';
import type { EngineError } from '../../run/ports';
import { testSummarizer } from '../../run/scripted-summarizer.test-support';
import { quarterCharsTokens } from '../../tokens/estimate';
import { groupHistoryIntoTurns } from './group-history-into-turns';
import { rollingSummaryDefaults } from './rolling-summary-config';
import { runRollingSummary } from './rolling-summary-profile';
import { eventLog, message, plainTurns, testPorts } from './rolling-summary.test-support';
import type { CompactionCostEvent } from './summarise-turns';

const config = rollingSummaryDefaults;

/** Tokens of the older region of `turnCount` plain turns with keepVerbatim 2, as the seed measures it. */
function olderTokensOf(turnCount: number): number {
  const older = groupHistoryIntoTurns(plainTurns(turnCount)).slice(0, turnCount - 2);
  return quarterCharsTokens(older.map((turn) => turn.qa).join('\n\n'));
}

describe('rolling-summary derived cases (spec §2.8)', () => {
  it('Derived 1: a blank answer with a prior summary keeps the prior summary, and still reports its cost', async () => {
    const costs: CompactionCostEvent[] = [];
    const { ports, summarizer } = testPorts([{ text: '  ' }]);
    const result = await runRollingSummary({
      messages: plainTurns(5), config: { ...config, summariseAtTokens: 0 }, ports, onEvent: () => {},
      carryState: { summary: 'OLD FACTS', coveredOlder: 1 }, onCost: (event) => costs.push(event),
    });
    expect(summarizer.requests).toHaveLength(1);
    expect(result.carryState).toEqual({ summary: 'OLD FACTS', coveredOlder: 3 });
    expect(result.messages[0].blocks).toEqual([{ kind: 'text', text: '[Earlier conversation, compacted summary]\nOLD FACTS' }]);
    expect(costs).toHaveLength(1);
    expect(costs[0].outTok).toBe(0);
  });

  it('Derived 1b: a blank bootstrap answer gives an empty summary, not the older text', async () => {
    const { ports } = testPorts([{ text: '\n \t' }]);
    const result = await runRollingSummary({ messages: plainTurns(3), config, ports, onEvent: () => {} });
    expect(result.carryState).toEqual({ summary: '', coveredOlder: 1 });
    expect(result.messages[0].blocks).toEqual([{ kind: 'text', text: '[Earlier conversation, compacted summary]\n' }]);
  });

  it('Derived 2: the request text is cut to exactly 12000 characters, keeping its head', async () => {
    const long = message('u1', 'user', 'x'.repeat(20000));
    const { ports, summarizer } = testPorts();
    await runRollingSummary({ messages: [long, message('a1', 'assistant', 'ok'), ...plainTurns(2).map((m) => ({ ...m, id: `${m.id}b` }))], config, ports, onEvent: () => {} });
    expect(summarizer.requests[0].prompt).toHaveLength(12000);
    expect(summarizer.requests[0].prompt).toBe(`CONVERSATION TO SUMMARISE:\n${'x'.repeat(12000 - 27)}`);
  });

  it('Derived 2b: a long prior summary crowds the newest history out of the request', async () => {
    const prior = 'p'.repeat(11900);
    const { ports, summarizer } = testPorts();
    await runRollingSummary({ messages: plainTurns(6), config: { ...config, summariseAtTokens: 0 }, ports, onEvent: () => {}, carryState: { summary: prior, coveredOlder: 1 } });
    const { prompt } = summarizer.requests[0];
    expect(prompt).toHaveLength(12000);
    expect(prompt.startsWith(`PREVIOUS SUMMARY (extend/merge, do not lose facts):\n${prior}\n\n---\n\nCONVERSATION TO SUMMARISE:\nquestion 1`)).toBe(true);
    expect(prompt).not.toContain('question 4');
  });

  it('Derived 3: older turns all covered by the prior summary — no call, the summary is reused', async () => {
    const { ports, summarizer } = testPorts();
    const { events, onEvent } = eventLog();
    const costs: CompactionCostEvent[] = [];
    const result = await runRollingSummary({
      messages: plainTurns(5), config: { ...config, summariseAtTokens: 0 }, ports, onEvent,
      carryState: { summary: 'KNOWN', coveredOlder: 3 }, onCost: (event) => costs.push(event),
    });
    expect(summarizer.requests).toHaveLength(0);
    expect(costs).toEqual([]);
    expect(result.carryState).toEqual({ summary: 'KNOWN', coveredOlder: 3 });
    expect(result.messages[0].blocks).toEqual([{ kind: 'text', text: '[Earlier conversation, compacted summary]\nKNOWN' }]);
    expect(result.passes[0]).toMatchObject({ strategy: 'prior-summary', attempts: 0, ok: true });
    expect(events.some((event) => event.type === 'attempt-start')).toBe(false);
  });

  it('Derived 4: olderTokens equal to summariseAtTokens do not re-summarize (strict >), one less does', async () => {
    const threshold = olderTokensOf(5);
    const carryState = { summary: 'S', coveredOlder: 1 };
    const equal = testPorts();
    const atThreshold = await runRollingSummary({ messages: plainTurns(5), config: { ...config, summariseAtTokens: threshold }, ports: equal.ports, onEvent: () => {}, carryState });
    expect(equal.summarizer.requests).toHaveLength(0);
    expect(atThreshold.carryState).toEqual(carryState);
    const below = testPorts();
    const overThreshold = await runRollingSummary({ messages: plainTurns(5), config: { ...config, summariseAtTokens: threshold - 1 }, ports: below.ports, onEvent: () => {}, carryState });
    expect(below.summarizer.requests).toHaveLength(1);
    expect(overThreshold.carryState).toEqual({ summary: 'SUMMARY(1)', coveredOlder: 3 });
  });

  it('a prior state claiming coverage with a null summary falls back to the older text', async () => {
    const { ports, summarizer } = testPorts();
    const result = await runRollingSummary({ messages: plainTurns(3), config, ports, onEvent: () => {}, carryState: { summary: null, coveredOlder: 1 } });
    expect(summarizer.requests).toHaveLength(0);
    expect(result.messages[0].blocks).toEqual([{ kind: 'text', text: '[Earlier conversation, compacted summary]\nquestion 1\nanswer 1' }]);
    expect(result.passes[0].strategy).toBe('older-text');
  });

  it('threads priorState over three runs: bootstrap, reuse below the threshold, then re-summarize above it', async () => {
    const { ports, summarizer } = testPorts();
    const first = await runRollingSummary({ messages: plainTurns(4), config, ports, onEvent: () => {} });
    const second = await runRollingSummary({ messages: plainTurns(5), config, ports, onEvent: () => {}, carryState: first.carryState });
    expect(second.carryState).toEqual({ summary: 'SUMMARY(1)', coveredOlder: 2 });
    expect(summarizer.requests).toHaveLength(1);
    const third = await runRollingSummary({ messages: plainTurns(6), config: { ...config, summariseAtTokens: 5 }, ports, onEvent: () => {}, carryState: second.carryState });
    expect(summarizer.requests).toHaveLength(2);
    expect(summarizer.requests[1].prompt.startsWith('PREVIOUS SUMMARY (extend/merge, do not lose facts):\nSUMMARY(1)\n\n---\n\n')).toBe(true);
    expect(third.carryState).toEqual({ summary: 'SUMMARY(2)', coveredOlder: 4 });
  });

  it('a summarizer error fails the run once — no retry, no fallback — and keeps the prior state', async () => {
    const { ports, summarizer } = testPorts([{ error: 'HTTP 503 Service Unavailable' }, { text: 'never used' }]);
    const { events, onEvent } = eventLog();
    const result = await runRollingSummary({ messages: plainTurns(4), config, ports, onEvent, carryState: { summary: null, coveredOlder: 0 } });
    expect(summarizer.requests).toHaveLength(1);
    expect(result).toMatchObject({ success: false, cancelled: false, summarizerCalls: 1, carryState: { summary: null, coveredOlder: 0 } });
    expect(result.error).toEqual({ code: 'summarizer-failed', message: 'The summarizer failed: HTTP 503 Service Unavailable', isRetryable: false });
    expect(result.messages).toEqual(plainTurns(4));
    expect(result.passes[0]).toMatchObject({ ok: false, attempts: 1, error: result.error });
    expect(Object.values(result.passes[0].fates).every((fate) => fate.kind === 'kept')).toBe(true);
    expect(events.map((event) => event.type)).toEqual(['run-start', 'gate', 'pass-start', 'attempt-start', 'attempt-end', 'pass-end', 'run-end']);
  });

  it('an error the summarizer already classified passes through unchanged', async () => {
    const classified: EngineError = { code: 'http-429', message: 'rate limited', isRetryable: true };
    const { ports } = testPorts();
    const main = testSummarizer(async () => Promise.reject(classified));
    const result = await runRollingSummary({ messages: plainTurns(3), config, ports: { ...ports, summarizers: { main } }, onEvent: () => {} });
    expect(result.error).toEqual(classified);
  });

  it('T18: an already aborted run is cancelled without a call', async () => {
    const controller = new AbortController();
    controller.abort();
    const { ports, summarizer } = testPorts(undefined, controller.signal);
    const result = await runRollingSummary({ messages: plainTurns(4), config, ports, onEvent: () => {} });
    expect(result).toMatchObject({ success: false, cancelled: true, passes: [] });
    expect(summarizer.requests).toHaveLength(0);
  });

  it('T19: an abort during the call stops at once even when the summarizer ignores its signal', async () => {
    const controller = new AbortController();
    const { ports } = testPorts(undefined, controller.signal);
    const main = testSummarizer((request) => {
      expect(request.signal).toBe(controller.signal);
      controller.abort();
      return new Promise(() => {});
    });
    const result = await runRollingSummary({ messages: plainTurns(4), config, ports: { ...ports, summarizers: { main } }, onEvent: () => {} });
    expect(result).toMatchObject({ success: false, cancelled: true, error: { code: 'cancelled' } });
    expect(result.passes[0].ok).toBe(false);
  });

  it('T20: rejects a bad config and a bad carried state with located errors', async () => {
    const { ports } = testPorts();
    const badConfig = await runRollingSummary({ messages: plainTurns(4), config: { ...config, keepVerbatim: -1 }, ports, onEvent: () => {} });
    expect(badConfig.error?.code).toBe('invalid-config');
    expect(badConfig.error?.message).toContain('keepVerbatim');
    const badState = await runRollingSummary({ messages: plainTurns(4), config, ports, onEvent: () => {}, carryState: { summary: 3 } });
    expect(badState.error?.code).toBe('invalid-carry-state');
  });

  it('T21: gives the summary a unique id when a kept message already has it, and never mutates the input', async () => {
    const input = [...plainTurns(2), message('__compact-summary', 'user', 'old summary'), message('a9', 'assistant', 'fine')];
    const before = structuredClone(input);
    const { ports } = testPorts();
    const result = await runRollingSummary({ messages: input, config, ports, onEvent: () => {} });
    expect(result.messages.map((m) => m.id)).toEqual(['__compact-summary#2', 'u2', 'a2', '__compact-summary', 'a9']);
    expect(result.passes[0].insertions).toEqual([{ id: '__compact-summary#2', kind: 'summary' }]);
    expect(result.passes[0].fates).toEqual({ u1: { kind: 'summarized', summaryId: '__compact-summary#2' }, a1: { kind: 'summarized', summaryId: '__compact-summary#2' }, u2: { kind: 'kept' }, a2: { kind: 'kept' }, '__compact-summary': { kind: 'kept' }, a9: { kind: 'kept' } });
    expect(input).toEqual(before);
  });

  it('flags a pass whose summary is larger than what it replaced as inflation', async () => {
    const { ports } = testPorts([{ text: 'a much longer summary than the two tiny messages it replaced' }]);
    const result = await runRollingSummary({ messages: plainTurns(3), config, ports, onEvent: () => {} });
    expect(result.passes[0].tokensAfter).toBeGreaterThan(result.passes[0].tokensBefore);
    expect(result.passes[0].flags).toEqual(['inflation']);
  });
});

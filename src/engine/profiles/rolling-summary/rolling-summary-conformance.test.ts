import { describe, expect, it } from 'vitest';
import { testSummarizer } from '../../run/scripted-summarizer.test-support';
import { quarterCharsTokens } from '../../tokens/estimate';
import type { Message } from '../../transcript/model';
import { compactionSystemPrompt } from './compaction-system-prompt';
import { rollingSummaryDefaults } from './rolling-summary-config';
import { rollingSummaryProfile } from './index';
import { runRollingSummary } from './rolling-summary-profile';
import { summariseTurns } from './summarise-turns';
import type { CompactionCostEvent } from './summarise-turns';
import { eventLog, plainTurns, testPorts } from './rolling-summary.test-support';

const config = rollingSummaryDefaults;

describe('rolling-summary conformance (spec §2.8)', () => {
  it('T1: 2 turns with keepVerbatim 2 make no call and come back unchanged', async () => {
    const input = plainTurns(2);
    const { ports, summarizer } = testPorts();
    const result = await runRollingSummary({ messages: input, config, ports, onEvent: () => {} });
    expect(summarizer.requests).toHaveLength(0);
    expect(result.messages).toEqual(input);
    expect(result.carryState).toEqual({ summary: null, coveredOlder: 0 });
    expect(result.passes).toEqual([]);
    expect(result.success).toBe(true);
  });

  it('T2: 4 turns make one bootstrap call and a summary turn before the last two', async () => {
    const input = plainTurns(4);
    const { ports, summarizer } = testPorts();
    const { events, onEvent } = eventLog();
    const result = await runRollingSummary({ messages: input, config, ports, onEvent });
    expect(summarizer.requests).toHaveLength(1);
    const [request] = summarizer.requests;
    expect(request.system).toBe(compactionSystemPrompt);
    expect(request.role).toBe('single');
    expect(request.prompt).toBe('CONVERSATION TO SUMMARISE:\nquestion 1\nanswer 1\n\nquestion 2\nanswer 2');
    expect(result.messages).toHaveLength(5);
    expect(result.messages[0]).toEqual({
      id: '__compact-summary',
      role: 'user',
      origin: 'summary',
      blocks: [{ kind: 'text', text: '[Earlier conversation, compacted summary]\nSUMMARY(1)' }],
      createdAt: '1970-01-01T00:00:00.000Z',
      sourceRef: {},
      raw: null,
    });
    expect(result.passes[0].summary).toBe('SUMMARY(1)');
    expect(result.messages.slice(1)).toEqual(input.slice(4));
    expect(result.carryState).toEqual({ summary: 'SUMMARY(1)', coveredOlder: 2 });
    expect(events.map((event) => event.type)).toEqual(['run-start', 'gate', 'pass-start', 'attempt-start', 'attempt-end', 'pass-end', 'run-end']);
    expect(events[1]).toMatchObject({ type: 'gate', shouldCompact: true, tokens: 10, threshold: 2500 });
    const summarized = { kind: 'summarized', summaryId: '__compact-summary' };
    expect(result.passes[0]).toMatchObject({
      pass: 1, ok: true, attempts: 1, strategy: 'llm-summary', tokensBefore: 20, tokensAfter: 23,
      // The bootstrap fires whatever the size, so on tiny turns the summary outweighs what it replaced.
      flags: ['inflation'],
      fates: { u1: summarized, a1: summarized, u2: summarized, a2: summarized, u3: { kind: 'kept' }, a3: { kind: 'kept' }, u4: { kind: 'kept' }, a4: { kind: 'kept' } },
      insertions: [{ id: '__compact-summary', kind: 'summary' }],
      lint: { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] },
    });
    expect(result.summarizerCalls).toBe(1);
  });

  it('T3: rolling — a second run with priorState extends SUMMARY(1) into SUMMARY(2)', async () => {
    const { ports, summarizer } = testPorts();
    const rolling = { ...config, summariseAtTokens: 10 };
    const first = await runRollingSummary({ messages: plainTurns(3), config: rolling, ports, onEvent: () => {} });
    expect(first.carryState).toEqual({ summary: 'SUMMARY(1)', coveredOlder: 1 });
    const second = await runRollingSummary({ messages: plainTurns(5), config: rolling, ports, onEvent: () => {}, carryState: first.carryState });
    expect(summarizer.requests).toHaveLength(2);
    expect(summarizer.requests[1].prompt).toBe(
      'PREVIOUS SUMMARY (extend/merge, do not lose facts):\nSUMMARY(1)\n\n---\n\n' +
        'CONVERSATION TO SUMMARISE:\nquestion 1\nanswer 1\n\nquestion 2\nanswer 2\n\nquestion 3\nanswer 3',
    );
    expect(second.carryState).toEqual({ summary: 'SUMMARY(2)', coveredOlder: 3 });
    expect(second.passes[0].strategy).toBe('llm-summary');
  });

  it('T4: 3 turns report exactly one cost event with the estimated in and out tokens', async () => {
    const costs: CompactionCostEvent[] = [];
    const { ports, summarizer } = testPorts();
    await runRollingSummary({ messages: plainTurns(3), config, ports, onEvent: () => {}, onCost: (event) => costs.push(event) });
    const { system, prompt } = summarizer.requests[0];
    expect(costs).toEqual([{ calls: 1, inTok: Math.ceil(`${system}\n\n${prompt}`.length / 4), outTok: 3 }]);
    expect(costs[0].inTok).toBeGreaterThan(0);
    expect('__agentCompactionCost' in globalThis).toBe(false);
  });

  it('T5: 1 turn reports no cost event', async () => {
    const costs: CompactionCostEvent[] = [];
    const { ports } = testPorts();
    await runRollingSummary({ messages: plainTurns(1), config, ports, onEvent: () => {}, onCost: (event) => costs.push(event) });
    expect(costs).toEqual([]);
  });

  it('T6: assembleCompactedTurns without a summarizer fails with missing-summarizer naming summarize', async () => {
    const { ports } = testPorts();
    const { events, onEvent } = eventLog();
    const result = await runRollingSummary({ messages: plainTurns(2), config, ports: { ...ports, summarizers: {} }, onEvent });
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('missing-summarizer');
    expect(result.error?.message).toMatch(/assembleCompactedTurns: options\.summarize is required/);
    expect(events.map((event) => event.type)).toEqual(['run-start', 'run-error', 'run-end']);
  });

  it('T7: assembleCompactedTurns without an estimator fails with missing-estimator naming estimateTokens', async () => {
    const { ports, summarizer } = testPorts();
    const result = await runRollingSummary({ messages: plainTurns(4), config, ports: { ...ports, counter: undefined as never }, onEvent: () => {} });
    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('missing-estimator');
    expect(result.error?.message).toMatch(/assembleCompactedTurns: options\.estimateTokens is required/);
    expect(summarizer.requests).toHaveLength(0);
  });

  it('T8: summariseTurns without summarize fails naming summarize', async () => {
    const outcome = await summariseTurns('history', null, { estimateTokens: quarterCharsTokens, systemPrompt: 'S' });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'missing-summarizer' } });
    expect(!outcome.ok && outcome.error.message).toMatch(/summariseTurns: options\.summarize is required/);
  });

  it('T9: summariseTurns without estimateTokens fails naming estimateTokens and calls nobody', async () => {
    let calls = 0;
    const summarize = async () => {
      calls += 1;
      return 'never';
    };
    const outcome = await summariseTurns('history', null, { summarize, systemPrompt: 'S' });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'missing-estimator' } });
    expect(!outcome.ok && outcome.error.message).toMatch(/summariseTurns: options\.estimateTokens is required/);
    expect(calls).toBe(0);
  });

  it('T10: plain objects with a chars/4 estimator work', async () => {
    const messages: Message[] = [1, 2, 3].flatMap((turn) => [
      { id: `q${turn}`, role: 'user' as const, origin: 'human' as const, blocks: [{ kind: 'text' as const, text: `q ${turn}` }], sourceRef: {}, raw: null },
      { id: `r${turn}`, role: 'assistant' as const, origin: 'model' as const, blocks: [{ kind: 'text' as const, text: `r ${turn}` }], sourceRef: {}, raw: null },
    ]);
    let calls = 0;
    const main = testSummarizer(async () => ({ text: `SUMMARY(${++calls})` }));
    const result = await rollingSummaryProfile.run({
      messages,
      config,
      ports: { counter: { encoding: 'cl100k_base', count: quarterCharsTokens }, clock: { now: () => 0, sleep: async () => {} }, summarizers: { main } },
      onEvent: () => {},
    });
    expect(result.carryState).toEqual({ summary: 'SUMMARY(1)', coveredOlder: 1 });
    expect(result.messages.map((message) => message.id)).toEqual(['__compact-summary', 'q2', 'r2', 'q3', 'r3']);
  });
});

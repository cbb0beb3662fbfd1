import { describe, expect, it } from 'vitest';
import { lintToolPairs } from '../../run/pair-lint';
import type { Message } from '../../transcript/model';
import { rollingSummaryDefaults, type RollingSummaryConfig } from './rolling-summary-config';
import { runRollingSummary } from './rolling-summary-profile';
import { message, second, testPorts, toolCall, toolResult } from './rolling-summary.test-support';
import type { CompactionCostEvent } from './summarise-turns';

const summarized = { kind: 'summarized', summaryId: '__compact-summary' };
const kept = { kind: 'kept' };

async function run(messages: Message[], config: Partial<RollingSummaryConfig>) {
  const { ports, summarizer } = testPorts();
  const costs: CompactionCostEvent[] = [];
  const result = await runRollingSummary({ messages, config: { ...rollingSummaryDefaults, ...config }, ports, onEvent: () => {}, onCost: (event) => costs.push(event) });
  return { result, requests: summarizer.requests, costs, outputIds: result.messages.map((m) => m.id) };
}

/** The repro A: a call-only assistant message between the prompt and the answer, every message timed. */
function reproA(): Message[] {
  return [
    message('u1', 'user', 'fix it', second(1)),
    message('a1', 'assistant', [toolCall('c1')], second(2)),
    message('t1', 'tool', [toolResult('c1')], second(3)),
    message('a2', 'assistant', 'done', second(4)),
    message('u2', 'user', 'thanks', second(5)),
    message('a3', 'assistant', 'np', second(6)),
  ];
}

/** The repro B: the call sits in a text-bearing assistant message, and nothing is timed. */
function reproB(): Message[] {
  return [
    message('u1', 'user', 'fix it'),
    message('a1', 'assistant', [{ kind: 'text', text: 'reading' }, toolCall('c1')]),
    message('t1', 'tool', [toolResult('c1')]),
    message('a2', 'assistant', 'done'),
    message('u2', 'user', 'thanks'),
    message('a3', 'assistant', 'np'),
  ];
}

describe('rolling-summary turns with tool calls (relevance.ts groupHistoryIntoTurns, as ADK’s agent stores the history)', () => {
  it('T11: repro A — a call-only response stores no ADK message, so the prompt and the answer are one turn and the call joins it', async () => {
    // ADK's adapters (llm/openai_chat_completions/adapter.ts: `if (sawMessageDelta)`, `msg.content.length > 0`) store an
    // assistant message only when it has text, and the call as a record timed at its completion. The issue expected
    // `fix it\n\nread …` from an empty assistant message; no ADK adapter stores one, so ADK's turns are these two.
    const { result, requests } = await run(reproA(), { keepVerbatim: 1 });
    expect(requests).toHaveLength(1);
    expect(requests[0].prompt).toBe('CONVERSATION TO SUMMARISE:\nfix it\ndone\nread {"path":"x"}');
    expect(result.carryState).toEqual({ summary: 'SUMMARY(1)', coveredOlder: 1 });
    expect(result.messages.map((m) => m.id)).toEqual(['__compact-summary', 'u2', 'a3']);
    expect(result.passes[0].fates).toEqual({ u1: summarized, a1: summarized, t1: summarized, a2: summarized, u2: kept, a3: kept });
  });

  it('T12: repro B — with no createdAt anywhere the call’s text joins the last turn, while its messages stay in the first', async () => {
    const one = await run(reproB(), { keepVerbatim: 1 });
    expect(one.requests[0].prompt).toBe('CONVERSATION TO SUMMARISE:\nfix it\nreading\n\ndone');
    expect(one.result.carryState).toEqual({ summary: 'SUMMARY(1)', coveredOlder: 2 });
    expect(one.outputIds).toEqual(['__compact-summary', 'u2', 'a3']);
    expect(one.result.passes[0].fates).toMatchObject({ a1: summarized, t1: summarized, a2: summarized });
    const none = await run(reproB(), { keepVerbatim: 0 });
    expect(none.requests[0].prompt).toBe('CONVERSATION TO SUMMARISE:\nfix it\nreading\n\ndone\n\nthanks\nnp\nread {"path":"x"}');
    expect(none.result.carryState).toEqual({ summary: 'SUMMARY(1)', coveredOlder: 3 });
  });

  it('T13: a systemPrompt in the config replaces the default in the request and in the cost (summarizer.ts `systemPrompt ?? COMPACTION_SYSTEM_PROMPT`)', async () => {
    const custom = await run(reproB(), { keepVerbatim: 1, systemPrompt: 'PASTED UPSTREAM TEXT' });
    expect(custom.requests[0].system).toBe('PASTED UPSTREAM TEXT');
    expect(custom.costs[0].inTok).toBe(Math.ceil(`PASTED UPSTREAM TEXT\n\n${custom.requests[0].prompt}`.length / 4));
    // `??` keeps an empty string: an empty override sends no instructions at all.
    const empty = await run(reproB(), { keepVerbatim: 1, systemPrompt: '' });
    expect(empty.requests[0].system).toBe('');
  });

  it('T14: a call with no createdAt among timed messages is attributed to no turn, so its text is in no request', async () => {
    const messages = [
      message('u1', 'user', 'go', second(1)),
      message('a1', 'assistant', [{ kind: 'text', text: 'ok' }, toolCall('c1')]),
      message('t1', 'tool', [toolResult('c1')]),
      message('u2', 'user', 'next', second(4)),
      message('a2', 'assistant', 'fine', second(5)),
    ];
    const { requests } = await run(messages, { keepVerbatim: 0 });
    expect(requests[0].prompt).toBe('CONVERSATION TO SUMMARISE:\ngo\nok\n\nnext\nfine');
  });

  it('T15: a result that falls in a kept turn while its call is summarized goes with its call (no orphan in the output)', async () => {
    const messages = [
      message('u1', 'user', 'go', second(1)),
      message('a1', 'assistant', [{ kind: 'text', text: 'checking' }, toolCall('c1')], second(2)),
      message('u2', 'user', 'also X', second(3)),
      message('t1', 'tool', [toolResult('c1')], second(4)),
      message('a2', 'assistant', 'done', second(5)),
    ];
    const { result, requests, outputIds } = await run(messages, { keepVerbatim: 1 });
    // Upstream's text: the record completed at 00:04, after the second turn began, so its fragment is that turn's.
    expect(requests[0].prompt).toBe('CONVERSATION TO SUMMARISE:\ngo\nchecking');
    expect(outputIds).toEqual(['__compact-summary', 'u2', 'a2']);
    expect(result.passes[0].fates).toMatchObject({ a1: summarized, t1: summarized, u2: kept });
    expect(lintToolPairs(result.messages)).toEqual({ orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] });
  });

  it('T16: a pair joining two ADK messages across the cut keeps the older one too, since upstream keeps the newer', async () => {
    const messages = [
      message('u1', 'user', 'go', second(1)),
      message('a1', 'assistant', [{ kind: 'text', text: 'checking' }, toolCall('c1')], second(2)),
      message('u2', 'user', [{ kind: 'text', text: 'here you are' }, toolResult('c1')], second(3)),
      message('a2', 'assistant', 'done', second(4)),
    ];
    const { result, requests, outputIds } = await run(messages, { keepVerbatim: 1 });
    expect(requests[0].prompt).toBe('CONVERSATION TO SUMMARISE:\ngo\nchecking');
    expect(outputIds).toEqual(['__compact-summary', 'a1', 'u2', 'a2']);
    expect(result.passes[0].fates).toMatchObject({ u1: summarized, a1: kept, u2: kept });
    expect(result.carryState).toEqual({ summary: 'SUMMARY(1)', coveredOlder: 1 });
    expect(lintToolPairs(result.messages).orphanResults).toEqual([]);
  });

  it('T17: an agent run whose only text is the prompt and the answer is one turn: kept whole under keepVerbatim 2', async () => {
    const messages = [
      message('u1', 'user', 'browse', second(1)),
      message('a1', 'assistant', [toolCall('c1', 'go', { url: 'u' })], second(2)),
      message('t1', 'tool', [toolResult('c1')], second(3)),
      message('a2', 'assistant', [toolCall('c2', 'look', {})], second(4)),
      message('t2', 'tool', [toolResult('c2')], second(5)),
      message('a3', 'assistant', 'found it', second(6)),
    ];
    const kept2 = await run(messages, {});
    expect(kept2.requests).toHaveLength(0);
    expect(kept2.result.passes).toEqual([]);
    expect(kept2.result.messages).toEqual(messages);
    const all = await run(messages, { keepVerbatim: 0 });
    expect(all.requests[0].prompt).toBe('CONVERSATION TO SUMMARISE:\nbrowse\nfound it\ngo {"url":"u"}\nlook {}');
    expect(all.outputIds).toEqual(['__compact-summary']);
  });
});

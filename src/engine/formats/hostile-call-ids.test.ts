import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../transcript/model';
import { pairToolCalls } from '../transcript/tool-pairs';
import { recordedFixtures, serialize } from './hostile-records.test-support';
import { importText } from './import-text';
import { CallIdRegistry } from './unique-ids';

/** What pairing makes of a run: how many calls, distinct ids, answered calls, orphans, and the most results one call has. */
function pairingOf(transcripts: readonly Transcript[]) {
  return transcripts.map((transcript) => {
    const pairs = pairToolCalls(transcript.messages);
    const calls = transcript.messages.filter((message) => !message.isSidechain).flatMap((message) => message.blocks.filter((block) => block.kind === 'tool_call'));
    return {
      calls: calls.length,
      distinctIds: pairs.toolCallIds.length,
      answered: pairs.answeredCallIds.length,
      orphans: pairs.orphanResults.length,
      resultsPerCall: Math.max(0, ...pairs.answeredCallIds.map((id) => new Set(pairs.resultIndexesById.get(id)).size)),
    };
  });
}

/** Call ids the file itself writes (quoted in its text), so a test can make one call reuse another's id. */
function sourceCallIds(text: string, transcripts: readonly Transcript[]): string[] {
  const ids = transcripts.flatMap((transcript) => pairToolCalls(transcript.messages).toolCallIds);
  const quoted = ids.filter((id) => text.split(`"${id}"`).length > 1);
  // An id that is part of another (`call_1` in `call_12`) cannot be renamed by text alone.
  return [...new Set(quoted)].filter((id) => !quoted.some((other) => other !== id && other.includes(id)));
}

const line = (value: unknown): string => JSON.stringify(value);
const session = { sessionId: 's1' };
const claudeUser = (uuid: string, parentUuid: string | null, content: unknown) => line({ ...session, type: 'user', uuid, parentUuid, message: { role: 'user', content } });
const claudeAssistant = (uuid: string, parentUuid: string, id: string, content: unknown) => line({ ...session, type: 'assistant', uuid, parentUuid, message: { id, role: 'assistant', content } });
const anthropicUse = (path: string) => ({ type: 'tool_use', id: 't1', name: 'read', input: { path } });
const anthropicResult = (content: string) => ({ type: 'tool_result', tool_use_id: 't1', content });
const chatCall = (path: string) => ({ role: 'assistant', content: null, tool_calls: [{ id: 't1', type: 'function', function: { name: 'read', arguments: JSON.stringify({ path }) } }] });
const geminiCall = (path: string) => ({ role: 'model', parts: [{ functionCall: { id: 't1', name: 'read', args: { path } } }] });
const geminiResponse = (output: string) => ({ role: 'user', parts: [{ functionResponse: { id: 't1', name: 'read', response: { output } } }] });
const cliCall = (id: string, output: string) => ({
  id, type: 'gemini', content: '', toolCalls: [{ id: 't1', name: 'read', args: { path: output }, status: 'success', result: [{ functionResponse: { id: 't1', name: 'read', response: { output } } }] }],
});
const codexItem = (payload: unknown) => line({ type: 'response_item', timestamp: '2026-01-01T00:00:00Z', payload });

/** Two calls that share the id `t1`, each followed by its result, in every format that has call ids. */
const reusedIdFiles: Record<string, string> = {
  'claude-code': [
    claudeUser('u1', null, 'read a then b'),
    claudeAssistant('a1', 'u1', 'm1', [anthropicUse('a')]),
    claudeUser('r1', 'a1', [anthropicResult('A')]),
    claudeAssistant('a2', 'r1', 'm2', [anthropicUse('b')]),
    claudeUser('r2', 'a2', [anthropicResult('B')]),
  ].join('\n'),
  'anthropic-messages': line({
    system: 'You read files.',
    messages: [
      { role: 'user', content: 'read a then b' },
      { role: 'assistant', content: [anthropicUse('a')] },
      { role: 'user', content: [anthropicResult('A')] },
      { role: 'assistant', content: [anthropicUse('b')] },
      { role: 'user', content: [anthropicResult('B')] },
    ],
  }),
  codex: [
    line({ type: 'session_meta', timestamp: '2026-01-01T00:00:00Z', payload: { id: 'c1' } }),
    codexItem({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'read a then b' }] }),
    codexItem({ type: 'function_call', call_id: 't1', name: 'read', arguments: '{"path":"a"}' }),
    codexItem({ type: 'function_call_output', call_id: 't1', output: 'A' }),
    codexItem({ type: 'function_call', call_id: 't1', name: 'read', arguments: '{"path":"b"}' }),
    codexItem({ type: 'function_call_output', call_id: 't1', output: 'B' }),
  ].join('\n'),
  'gemini-contents': line({ contents: [{ role: 'user', parts: [{ text: 'read a then b' }] }, geminiCall('a'), geminiResponse('A'), geminiCall('b'), geminiResponse('B')] }),
  'gemini-cli': line({ sessionId: 'g1', messages: [{ id: 'm0', type: 'user', content: 'read a then b' }, cliCall('m1', 'A'), cliCall('m2', 'B')] }),
  'openai-chat': line({
    messages: [{ role: 'user', content: 'read a then b' }, chatCall('a'), { role: 'tool', tool_call_id: 't1', content: 'A' }, chatCall('b'), { role: 'tool', tool_call_id: 't1', content: 'B' }],
  }),
  'openai-responses': line({
    input: [
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'read a then b' }] },
      { type: 'function_call', call_id: 't1', name: 'read', arguments: '{"path":"a"}' },
      { type: 'function_call_output', call_id: 't1', output: 'A' },
      { type: 'function_call', call_id: 't1', name: 'read', arguments: '{"path":"b"}' },
      { type: 'function_call_output', call_id: 't1', output: 'B' },
    ],
  }),
  langchain: line([
    { type: 'human', data: { content: 'read a then b' } },
    { type: 'ai', data: { content: '', tool_calls: [{ id: 't1', name: 'read', args: { path: 'a' } }] } },
    { type: 'tool', data: { content: 'A', tool_call_id: 't1' } },
    { type: 'ai', data: { content: '', tool_calls: [{ id: 't1', name: 'read', args: { path: 'b' } }] } },
    { type: 'tool', data: { content: 'B', tool_call_id: 't1' } },
  ]),
  'anthropic-messages (parallel calls)': line({
    system: 'You read files.',
    messages: [
      { role: 'user', content: 'read a and b' },
      { role: 'assistant', content: [anthropicUse('a'), anthropicUse('b')] },
      { role: 'user', content: [anthropicResult('A'), anthropicResult('B')] },
    ],
  }),
};

describe('CallIdRegistry', () => {
  it('pairs parallel calls in order, sequential ones each with the call before, and starts a new group after a result', () => {
    const registry = new CallIdRegistry();
    // Two calls in one turn, then their two results.
    expect([registry.call('t'), registry.call('t'), registry.result('t'), registry.result('t')]).toEqual(['t', 't#2', 't', 't#2']);
    // A call answered, a call left unanswered, a new group: its result goes to the newest call, not the abandoned one.
    expect([registry.call('u'), registry.call('u'), registry.result('u'), registry.call('u'), registry.result('u')]).toEqual(['u', 'u#2', 'u', 'u#3', 'u#3']);
    // A second result for an answered call links to the latest call; a result with no call keeps its id (an orphan).
    expect([registry.result('u'), registry.result('none')]).toEqual(['u#3', 'none']);
    expect(registry.reuseWarnings({ path: 'messages' }).map((issue) => issue.message)).toEqual([
      expect.stringContaining('tool-call id t is reused by 2 calls'),
      expect.stringContaining('tool-call id u is reused by 3 calls'),
    ]);
  });
});

describe('two calls with one id stay two calls, each with its own result, and the report says so (issue 14 item 6)', () => {
  for (const [format, text] of Object.entries(reusedIdFiles)) {
    it(`${format}`, () => {
      const result = importText(text);
      expect(result.report.format).toBe(format.split(' ')[0]);
      const [transcript] = result.transcripts;
      const pairs = pairToolCalls(transcript.messages);
      expect(pairs.toolCallIds).toEqual(['t1', 't1#2']);
      expect(pairs.unansweredCalls).toEqual([]);
      expect(pairs.orphanResults).toEqual([]);
      const results = transcript.messages.flatMap((message) => message.blocks.flatMap((block) => (block.kind === 'tool_result' ? [[block.callId, block.content]] : [])));
      expect(results).toEqual([['t1', 'A'], ['t1#2', 'B']]);
      expect(result.report.warnings).toContainEqual(expect.objectContaining({ message: expect.stringContaining('tool-call id t1 is reused by 2 calls') }));
    });
  }
});

describe('a reused tool-call id keeps two calls apart in every format (issue 14 item 6)', () => {
  for (const fixture of recordedFixtures()) {
    const text = serialize(fixture);
    const baseline = importText(text, { fileName: fixture.name });
    const ids = sourceCallIds(text, baseline.transcripts);
    if (ids.length < 2) continue;
    it(`${fixture.name}: one call renamed to another's id`, () => {
      const before = pairingOf(baseline.transcripts);
      fc.assert(
        fc.property(fc.nat(), fc.nat(), (firstPick, secondPick) => {
          const kept = ids[firstPick % ids.length];
          const renamed = ids[secondPick % ids.length];
          fc.pre(kept !== renamed);
          const reused = importText(text.split(`"${renamed}"`).join(`"${kept}"`), { fileName: fixture.name });
          // Every call is still a call of its own with an id of its own, and each result still answers one call.
          expect(pairingOf(reused.transcripts)).toEqual(before);
          expect(reused.report.warnings.some((issue) => issue.message.includes(` ${kept} is reused by `))).toBe(true);
        }),
        { seed: 1466, numRuns: text.length > 1_000_000 ? 2 : 10 },
      );
    });
  }
});

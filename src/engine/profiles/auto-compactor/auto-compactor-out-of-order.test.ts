import { describe, expect, it } from 'vitest';
import { lintToolPairs } from '../../run/pair-lint';
import { callMessage, resultMessage, runWith, textMessage } from './auto-compactor.test-support';
import { interruptedResultFor, validateToolPairing } from './tool-pairing';

describe('auto-compactor on out-of-order tool results (the request-boundary repair, agent_loop.dart _buildRequestContext)', () => {
  it('D26: a result recorded before its call is summarized with the older span; the kept call gets the seed\'s synthetic result, recorded as an insertion (tool_pairing.dart repairToolPairing)', async () => {
    const messages = [
      resultMessage('c1', 'early output', 'early-result'),
      textMessage('user', 800, { id: 'ask' }),
      callMessage('c1', 'bash', { command: 'ls' }, 'call'),
      textMessage('assistant', 40, { id: 'reply' }),
      textMessage('user', 40, { id: 'tail' }),
    ];
    const { result, main } = await runWith(messages, { config: { force: true }, main: [{ text: 'SUMMARY' }] });
    expect(main.requests[0].prompt).toContain('early output');
    const pass = result.passes[0];
    expect(pass.messages.map((kept) => kept.id)).toEqual(['auto-compactor-p1-summary', 'ask', 'call', 'auto-compactor-p1-interrupted-c1', 'reply', 'tail']);
    expect(pass.messages[3].blocks).toEqual([{ kind: 'tool_result', callId: 'c1', name: 'bash', content: interruptedResultFor('bash'), isError: true }]);
    expect(pass.insertions).toContainEqual({ id: 'auto-compactor-p1-interrupted-c1', kind: 'marker' });
    expect(pass.fates['early-result']).toEqual({ kind: 'summarized', summaryId: 'auto-compactor-p1-summary' });
    expect(validateToolPairing(pass.messages)).toEqual([]);
    expect(lintToolPairs(pass.messages).unansweredCalls).toEqual([]);
  });

  it('D27: a result displaced past a user message keeps no call once the cut summarizes it: the request drops it, and the note rides the last user message (tool_pairing.dart)', async () => {
    const messages = [
      callMessage('c2', 'read', { path: 'a.ts' }, 'call'),
      textMessage('user', 800, { id: 'steer' }),
      resultMessage('c2', 'late output', 'late-result'),
      textMessage('assistant', 40, { id: 'reply' }),
      textMessage('user', 40, { id: 'tail' }),
    ];
    const { result } = await runWith(messages, { config: { force: true }, main: [{ text: 'SUMMARY' }] });
    const pass = result.passes[0];
    expect(pass.messages.map((kept) => kept.id)).toEqual(['auto-compactor-p1-summary', 'steer', 'reply', 'tail']);
    expect(pass.fates).toMatchObject({ call: { kind: 'summarized' }, 'late-result': { kind: 'dropped' }, tail: { kind: 'repaired' } });
    expect(pass.messages[3].blocks[1]).toMatchObject({ kind: 'text', text: expect.stringMatching(/^\[context note: a tool result was removed — "unknown tool" \(call c2\) lost its call at the compaction summary cut; that cut does not name the call/) });
    expect(validateToolPairing(pass.messages)).toEqual([]);
    expect(lintToolPairs(pass.messages).orphanResults).toEqual([]);
  });
});

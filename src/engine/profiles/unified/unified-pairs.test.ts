import { describe, expect, it } from 'vitest';
import { lintToolPairs } from '../../run/pair-lint';
import { callMessage, resultMessage, textMessage } from '../auto-compactor/auto-compactor.test-support';
import { allStagesOff, conversation, runUnifiedWith } from './unified.test-support';

describe('unified: tool pairs on out-of-order input and reused call ids', () => {
  it('U29: one call id used twice, its only result recorded before both calls — the second call is renamed dup_2 and each kept call gets its own synthetic result (seed repair at 0321a678)', async () => {
    const messages = [
      resultMessage('dup', 'early output', 'early-result'),
      ...conversation(8),
      callMessage('dup', 'bash', { command: 'ls' }, 'first-call'),
      callMessage('dup', 'bash', { command: 'pwd' }, 'second-call'),
      textMessage('assistant', 40, { id: 'reply' }),
    ];
    const { result } = await runUnifiedWith(messages, { config: { ...allStagesOff, summary: true, summarizerWindowTokens: 100_000 } });
    const pass = result.passes[0];
    expect(pass.strategy).toBe('llm-summary');
    expect(pass.fates['early-result']).toMatchObject({ kind: 'summarized' });
    const ids = pass.messages.map((message) => message.id);
    expect(ids.slice(-5)).toEqual(['first-call', 'unified-p1-interrupted-dup', 'second-call', 'unified-p1-interrupted-dup_2', 'reply']);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pass.insertions).toEqual(expect.arrayContaining([{ id: 'unified-p1-interrupted-dup', kind: 'marker' }, { id: 'unified-p1-interrupted-dup_2', kind: 'marker' }]));
    expect(lintToolPairs(pass.messages).unansweredCalls).toEqual([]);
  });

  it('U30: a call id reused by two answered calls in the kept region leaves with unique ids, the second call and its result renamed together (tool_pairing.dart repairToolPairing at 0321a678)', async () => {
    const messages = [
      ...conversation(8),
      callMessage('dup', 'bash', { command: 'ls' }, 'first-call'),
      resultMessage('dup', 'listing', 'first-result'),
      callMessage('dup', 'bash', { command: 'pwd' }, 'second-call'),
      resultMessage('dup', '/work', 'second-result'),
      textMessage('assistant', 40, { id: 'reply' }),
    ];
    const { result } = await runUnifiedWith(messages, { config: { ...allStagesOff, summary: true, summarizerWindowTokens: 100_000 } });
    const pass = result.passes[0];
    expect(pass.strategy).toBe('llm-summary');
    const callIds = pass.messages.flatMap((kept) => kept.blocks.flatMap((block) => (block.kind === 'tool_call' ? [block.callId] : [])));
    expect(new Set(callIds).size).toBe(callIds.length);
    const byId = new Map(pass.messages.map((kept) => [kept.id, kept.blocks[0]]));
    expect(byId.get('first-call')).toMatchObject({ callId: 'dup' });
    expect(byId.get('first-result')).toMatchObject({ callId: 'dup' });
    expect(byId.get('second-call')).toMatchObject({ callId: 'dup_2' });
    expect(byId.get('second-result')).toMatchObject({ callId: 'dup_2' });
    expect(pass.fates['second-call']).toMatchObject({ kind: 'repaired' });
  });
});

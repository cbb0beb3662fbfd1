import { describe, expect, it } from 'vitest';
import { lintToolPairs } from '../../run/pair-lint';
import { callMessage, resultMessage, textMessage } from '../auto-compactor/auto-compactor.test-support';
import { allStagesOff, conversation, runUnifiedWith } from './unified.test-support';

describe('unified: tool pairs on out-of-order input and reused call ids', () => {
  it('U29: one call id used twice, its only result recorded before both calls — each kept call gets its own synthetic result under a distinct message id (seed repair, spec §1.6)', async () => {
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
    expect(ids.slice(-5)).toEqual(['first-call', 'unified-p1-interrupted-dup', 'second-call', 'unified-p1-interrupted-dup-2', 'reply']);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pass.insertions).toEqual(expect.arrayContaining([{ id: 'unified-p1-interrupted-dup', kind: 'marker' }, { id: 'unified-p1-interrupted-dup-2', kind: 'marker' }]));
    expect(lintToolPairs(pass.messages).unansweredCalls).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Block, Message, Role } from '../transcript/model';
import { lintToolPairs } from './pair-lint';

function message(id: string, role: Role, blocks: Block[]): Message {
  return { id, role, origin: role === 'tool' ? 'tool' : role === 'assistant' ? 'model' : 'human', blocks, sourceRef: {}, raw: null };
}
const call = (callId: string): Block => ({ kind: 'tool_call', callId, name: 'Bash', args: {}, argsRaw: '{}' });
const result = (callId: string): Block => ({ kind: 'tool_result', callId, content: 'ok', isError: false });

describe('lintToolPairs', () => {
  it('passes parallel calls answered by consecutive tool messages', () => {
    const lint = lintToolPairs([
      message('u', 'user', [{ kind: 'text', text: 'go' }]),
      message('a', 'assistant', [call('c1'), call('c2')]),
      message('t1', 'tool', [result('c2')]),
      message('t2', 'tool', [result('c1')]),
      message('a2', 'assistant', [{ kind: 'text', text: 'done' }]),
    ]);
    expect(lint).toEqual({ orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] });
  });

  it('reports orphans, unanswered calls and results separated from their call', () => {
    const lint = lintToolPairs([
      message('a', 'assistant', [call('c1'), call('c2')]),
      message('t1', 'tool', [result('c1')]),
      message('u', 'user', [{ kind: 'text', text: 'interjection' }]),
      message('t2', 'tool', [result('c2')]),
      message('t3', 'tool', [result('ghost')]),
      message('a2', 'assistant', [call('c3')]),
    ]);
    expect(lint.orphanResults).toEqual(['ghost']);
    expect(lint.unansweredCalls).toEqual(['c3']);
    expect(lint.adjacencyBreaks).toEqual(['c2']);
  });

  it('flags a result that comes before its call', () => {
    const lint = lintToolPairs([message('t', 'tool', [result('c1')]), message('a', 'assistant', [call('c1')])]);
    expect(lint.adjacencyBreaks).toEqual(['c1']);
  });
});

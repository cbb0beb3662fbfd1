import { describe, expect, it } from 'vitest';
import type { Block } from '../../transcript/model';
import { argText, groupHistoryIntoTurns } from './group-history-into-turns';
import { message } from './rolling-summary.test-support';

const call = (callId: string, name = 'read_file', args: unknown = { path: 'a.ts' }): Block => ({ kind: 'tool_call', callId, name, args, argsRaw: JSON.stringify(args) });
const result = (callId: string, content = 'contents'): Block => ({ kind: 'tool_result', callId, content, isError: false });

describe('groupHistoryIntoTurns (spec §2.4)', () => {
  it('closes a turn at each assistant message; an assistant with no open turn is a turn of its own', () => {
    const turns = groupHistoryIntoTurns([
      message('u1', 'user', 'hi'), message('a1', 'assistant', 'hello'), message('a2', 'assistant', 'more'),
      message('u2', 'user', 'q'), message('u3', 'user', 'q2'), message('a3', 'assistant', 'r'), message('u4', 'user', 'pending'),
    ]);
    expect(turns.map((turn) => turn.messages.map((m) => m.id))).toEqual([['u1', 'a1'], ['a2'], ['u2', 'u3', 'a3'], ['u4']]);
    expect(turns.map((turn) => turn.qa)).toEqual(['hi\nhello', 'more', 'q\nq2\nr', 'pending']);
  });

  it('closes after the assistant’s tool results, keeping each call with its results, and builds qa from texts then `name args` fragments', () => {
    const turns = groupHistoryIntoTurns([
      message('u1', 'user', 'fix the bug'),
      message('a1', 'assistant', [{ kind: 'text', text: 'Reading' }, call('c1')]),
      message('t1', 'tool', [result('c1')]),
      message('a2', 'assistant', 'Done'),
      message('u2', 'user', 'thanks'),
      message('a3', 'assistant', 'bye'),
    ]);
    expect(turns.map((turn) => turn.messages.map((m) => m.id))).toEqual([['u1', 'a1', 't1'], ['a2'], ['u2', 'a3']]);
    expect(turns[0].qa).toBe('fix the bug\nReading\nread_file {"path":"a.ts"}');
  });

  it('does not close at an assistant message while a call of the turn still waits for its result', () => {
    const turns = groupHistoryIntoTurns([
      message('a1', 'assistant', [call('c1', 'run')]),
      message('a2', 'assistant', 'waiting'),
      message('t1', 'user', [result('c1')]),
      message('a3', 'assistant', 'ok'),
      message('a4', 'assistant', [call('c9', 'never_answered')]),
      message('u5', 'user', 'next'),
    ]);
    expect(turns.map((turn) => turn.messages.map((m) => m.id))).toEqual([['a1', 'a2', 't1'], ['a3'], ['a4'], ['u5']]);
    expect(turns[0].qa).toBe('waiting\nrun {"path":"a.ts"}');
  });

  it('keeps an out-of-order result (logged before its call) in the call’s turn', () => {
    const turns = groupHistoryIntoTurns([message('t1', 'tool', [result('c1')]), message('a1', 'assistant', 'x'), message('a2', 'assistant', [call('c1')]), message('a3', 'assistant', 'y')]);
    expect(turns.map((turn) => turn.messages.map((m) => m.id))).toEqual([['t1', 'a1', 'a2'], ['a3']]);
  });

  it('cuts tool arguments to 200 JSON characters and drops absent or unserializable ones', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(argText({ text: 'y'.repeat(300) })).toHaveLength(200);
    expect(argText(undefined)).toBe('');
    expect(argText(cyclic)).toBe('');
    expect(argText(() => 1)).toBe('');
  });
});

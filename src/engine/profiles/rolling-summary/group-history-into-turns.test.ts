import { describe, expect, it } from 'vitest';
import { toAdkHistory } from './adk-records';
import { argText, groupHistoryIntoTurns } from './group-history-into-turns';
import { message, second, toolCall, toolResult } from './rolling-summary.test-support';

const ids = (turns: ReturnType<typeof groupHistoryIntoTurns>) => turns.map((turn) => turn.messages.map((m) => m.id));

describe('toAdkHistory: the transcript as ADK’s agent stores it', () => {
  it('keeps user and assistant text as messages; a call-only response, tool results, thinking and system text are none', () => {
    const history = toAdkHistory([
      message('s1', 'system', 'be brief'),
      message('u1', 'user', 'fix it', second(1)),
      message('a1', 'assistant', [{ kind: 'thinking', text: 'hmm' }, toolCall('c1')], second(2)),
      message('t1', 'tool', [toolResult('c1')], second(3)),
      message('r2', 'user', [toolResult('c2')]),
      message('a2', 'assistant', [{ kind: 'text', text: 'do' }, toolCall('c2', 'edit', { path: 'y' }), { kind: 'text', text: 'ne' }], second(4)),
      message('u2', 'user', [{ kind: 'text', text: 'a' }, { kind: 'text', text: 'b' }]),
    ]);
    expect(history.messages.map(({ role, content, createdAt, source }) => ({ role, content, createdAt, id: source.id }))).toEqual([
      { role: 'user', content: 'fix it', createdAt: second(1), id: 'u1' },
      { role: 'assistant', content: 'done', createdAt: second(4), id: 'a2' },
      { role: 'user', content: 'a\nb', createdAt: '', id: 'u2' },
    ]);
    // A record's createdAt is its completion: the result's timestamp, else the call's.
    expect(history.toolCalls).toEqual([
      { callId: 'c1', tool: 'read', args: { path: 'x' }, createdAt: second(3) },
      { callId: 'c2', tool: 'edit', args: { path: 'y' }, createdAt: second(4) },
    ]);
  });

  it('stores a call only once it has a result, with arguments as the plain object ADK keeps', () => {
    const history = toAdkHistory([
      message('a1', 'assistant', [
        toolCall('open'),
        { kind: 'tool_call', callId: 'raw', name: 'patch', args: '*** Begin Patch', argsRaw: '*** Begin Patch' },
        { kind: 'tool_call', callId: 'text', name: 'run', args: '{"cmd":"ls"}', argsRaw: '{"cmd":"ls"}' },
        { kind: 'tool_call', callId: 'list', name: 'many', args: [1, 2], argsRaw: '[1,2]' },
        { kind: 'tool_call', callId: 'none', name: 'bare', args: undefined, argsRaw: '' },
      ]),
      message('t1', 'tool', ['raw', 'text', 'list', 'none'].map((callId) => toolResult(callId))),
    ]);
    expect(history.toolCalls.map(({ callId, args }) => [callId, args])).toEqual([['raw', {}], ['text', { cmd: 'ls' }], ['list', {}], ['none', {}]]);
  });
});

describe('groupHistoryIntoTurns (relevance.ts)', () => {
  it('closes a turn at each assistant message; an assistant with no open turn is a turn of its own', () => {
    const turns = groupHistoryIntoTurns([
      message('u1', 'user', 'hi'), message('a1', 'assistant', 'hello'), message('a2', 'assistant', 'more'),
      message('u2', 'user', 'q'), message('u3', 'user', 'q2'), message('a3', 'assistant', 'r'), message('u4', 'user', 'pending'),
    ]);
    expect(ids(turns)).toEqual([['u1', 'a1'], ['a2'], ['u2', 'u3', 'a3'], ['u4']]);
    expect(turns.map((turn) => turn.qa)).toEqual(['hi\nhello', 'more', 'q\nq2\nr', 'pending']);
  });

  it('takes the turn’s createdAt from its last ADK message, an empty one included', () => {
    const turns = groupHistoryIntoTurns([message('u1', 'user', 'a', second(1)), message('a1', 'assistant', 'b', second(2)), message('u2', 'user', 'c', second(3)), message('a2', 'assistant', 'd')]);
    expect(turns.map((turn) => turn.createdAt)).toEqual([second(2), '']);
  });

  it('attaches a call to the latest turn whose first message is not later, after every message’s text', () => {
    const turns = groupHistoryIntoTurns([
      message('u1', 'user', 'fix the bug', second(1)),
      message('a1', 'assistant', [{ kind: 'text', text: 'Reading' }, toolCall('c1', 'read_file', { path: 'a.ts' })], second(2)),
      message('t1', 'tool', [toolResult('c1')], second(3)),
      message('a2', 'assistant', 'Done', second(4)),
      message('u2', 'user', 'thanks', second(5)),
      message('a3', 'assistant', 'bye', second(6)),
    ]);
    expect(ids(turns)).toEqual([['u1', 'a1', 't1'], ['a2'], ['u2', 'a3']]);
    expect(turns.map((turn) => turn.qa)).toEqual(['fix the bug\nReading\nread_file {"path":"a.ts"}', 'Done', 'thanks\nbye']);
    expect(turns[0].toolCalls.map((record) => record.callId)).toEqual(['c1']);
  });

  it('without any createdAt every call lands on the last turn (\'\'.localeCompare(\'\') is 0)', () => {
    const turns = groupHistoryIntoTurns([
      message('u1', 'user', 'go'), message('a1', 'assistant', [{ kind: 'text', text: 'ok' }, toolCall('c1')]), message('t1', 'tool', [toolResult('c1')]),
      message('u2', 'user', 'next'), message('a2', 'assistant', 'fine'),
    ]);
    expect(turns.map((turn) => turn.qa)).toEqual(['go\nok', 'next\nfine\nread {"path":"x"}']);
    // The canonical messages stay where they are: the call and its result ride with the first turn.
    expect(ids(turns)).toEqual([['u1', 'a1', 't1'], ['u2', 'a2']]);
  });

  it('drops the text of a call with no createdAt when the first message has one (\'t\'.localeCompare(\'\') > 0)', () => {
    const turns = groupHistoryIntoTurns([message('u1', 'user', 'go', second(1)), message('a1', 'assistant', [{ kind: 'text', text: 'ok' }, toolCall('c1')]), message('t1', 'tool', [toolResult('c1')])]);
    expect(turns.map((turn) => turn.qa)).toEqual(['go\nok']);
    expect(turns[0].toolCalls).toEqual([]);
  });

  it('stops at the first later turn, so a call older than every turn is attributed to none', () => {
    const turns = groupHistoryIntoTurns([
      message('u1', 'user', 'a', second(5)), message('a1', 'assistant', [{ kind: 'text', text: 'b' }, toolCall('c1')], second(6)), message('t1', 'tool', [toolResult('c1')], second(2)),
    ]);
    expect(turns.map((turn) => turn.qa)).toEqual(['a\nb']);
  });

  it('makes one turn of an agent run whose only text is the prompt and the final answer', () => {
    const turns = groupHistoryIntoTurns([
      message('u1', 'user', 'browse', second(1)),
      message('a1', 'assistant', [toolCall('c1', 'go', { url: 'u' })], second(2)), message('t1', 'tool', [toolResult('c1')], second(3)),
      message('a2', 'assistant', [toolCall('c2', 'look', {})], second(4)), message('t2', 'tool', [toolResult('c2')], second(5)),
      message('a3', 'assistant', 'found it', second(6)),
    ]);
    expect(ids(turns)).toEqual([['u1', 'a1', 't1', 'a2', 't2', 'a3']]);
    expect(turns[0].qa).toBe('browse\nfound it\ngo {"url":"u"}\nlook {}');
  });

  it('puts canonical messages before the first ADK message into the first turn, and an out-of-order result with its neighbours', () => {
    const turns = groupHistoryIntoTurns([message('t1', 'tool', [toolResult('c1')]), message('a1', 'assistant', 'x'), message('a2', 'assistant', [toolCall('c1')]), message('a3', 'assistant', 'y')]);
    expect(ids(turns)).toEqual([['t1', 'a1', 'a2'], ['a3']]);
  });

  it('has no turns when ADK would store no message', () => {
    expect(groupHistoryIntoTurns([message('a1', 'assistant', [toolCall('c1')]), message('t1', 'tool', [toolResult('c1')])])).toEqual([]);
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

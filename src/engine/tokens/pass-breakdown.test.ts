import { describe, expect, it } from 'vitest';
import type { Message } from '../transcript/model';
import { countMessageTokens } from './accounting';
import { breakdownMessages, classifyMessage, insertionKindsById } from './pass-breakdown';
import { testMessage } from './test-messages';
import { charsPerTokenCounter } from './token-counter';

const counter = charsPerTokenCounter(1);
const text = (value: string) => ({ kind: 'text' as const, text: value });

describe('classifyMessage', () => {
  it('counts a pass insertion under its insertion kind, whatever its role', () => {
    const carrier: Message = { ...testMessage('user', [text('pinned lines')], 'carrier'), origin: 'injected' };
    const summary = testMessage('user', [text('a summary')], 'summary-1');
    const marker = testMessage('user', [text('trimmed')], 'marker-1');
    const insertions = insertionKindsById([{ insertions: [{ id: 'carrier', kind: 'pinned-carrier' }, { id: 'summary-1', kind: 'summary' }] }, { insertions: [{ id: 'marker-1', kind: 'marker' }] }]);
    expect(classifyMessage(carrier, insertions)).toBe('pinned');
    expect(classifyMessage(summary, insertions)).toBe('summary');
    expect(classifyMessage(marker, insertions)).toBe('marker');
    expect(classifyMessage(carrier)).toBe('user');
  });

  it('reads summaries, notes, tool output, user and assistant from origin and role', () => {
    expect(classifyMessage({ ...testMessage('user', [text('earlier work')]), origin: 'summary' })).toBe('summary');
    expect(classifyMessage({ ...testMessage('user', [text('[context note: 2 tool result(s) were dropped]')]), origin: 'injected' })).toBe('marker');
    expect(classifyMessage({ ...testMessage('user', [text('<system-reminder>')]), origin: 'injected' })).toBe('user');
    expect(classifyMessage(testMessage('tool', [{ kind: 'tool_result', callId: 'c', content: 'ok', isError: false }]))).toBe('toolOutput');
    expect(classifyMessage(testMessage('user', [{ kind: 'tool_result', callId: 'c', content: 'ok', isError: false }]))).toBe('toolOutput');
    expect(classifyMessage(testMessage('user', [text('hi')]))).toBe('user');
    expect(classifyMessage(testMessage('assistant', [{ kind: 'thinking', text: 'hm' }, { kind: 'tool_call', callId: 'c', name: 'ls', args: {}, argsRaw: '{}' }]))).toBe('assistant');
    expect(classifyMessage(testMessage('system', [text('be brief')]))).toBe('system');
  });
});

describe('breakdownMessages', () => {
  it('sums each message whole under its kind, with the system prompt, and totals like countMessageTokens', () => {
    const system = testMessage('system', [text('sys')]);
    const messages = [
      testMessage('user', [text('hello')], 'u'),
      testMessage('assistant', [text('ok'), { kind: 'tool_call', callId: 'c', name: 'ls', args: {}, argsRaw: '{}' }], 'a'),
      testMessage('tool', [{ kind: 'tool_result', callId: 'c', content: 'file-a file-b', isError: false }], 't'),
      testMessage('user', [text('summary text')], 's'),
    ];
    const result = breakdownMessages(system, messages, counter, { insertions: new Map([['s', 'summary']]) });
    expect(result.byKind).toEqual({ system: 3, user: 5, assistant: countMessageTokens(messages[1], counter), toolOutput: 13, summary: 12, pinned: 0, marker: 0 });
    const expectedTotal = [system, ...messages].reduce((sum, message) => sum + countMessageTokens(message, counter), 0);
    expect(result.total).toBe(expectedTotal);
  });

  it('is all zeros for an empty state', () => {
    const result = breakdownMessages(undefined, [], counter);
    expect(result.total).toBe(0);
    expect(Object.values(result.byKind).every((value) => value === 0)).toBe(true);
  });
});

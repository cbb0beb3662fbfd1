import { describe, expect, it } from 'vitest';
import { callMessage, message, resultMessage } from './auto-compactor.test-support';
import { extractFileOperations, formatFileTags, serializeConversation } from './serialization';

describe('summarizer-input serialization (spec §1.9)', () => {
  it('serialization: user text parts are joined and images skipped', () => {
    const user = message('user', [{ kind: 'text', text: 'part1' }, { kind: 'image', source: 'base64' }, { kind: 'text', text: 'part2' }]);
    expect(serializeConversation([user])).toBe('[User]: part1part2');
  });

  it('serialization: assistant thinking, text and tool calls, parts joined by blank lines', () => {
    const assistant = message('assistant', [
      { kind: 'thinking', text: 'hmm' },
      { kind: 'text', text: 'doing it' },
      { kind: 'tool_call', callId: 'c1', name: 'read', args: { path: 'a.ts', limit: 5 }, argsRaw: '' },
      { kind: 'tool_call', callId: 'c2', name: 'bash', args: { command: 'ls' }, argsRaw: '' },
    ]);
    expect(serializeConversation([assistant, message('user', [])])).toBe('[Assistant thinking]: hmm\n\n[Assistant]: doing it\n\n[Assistant tool calls]: read(path="a.ts", limit=5); bash(command="ls")');
  });

  it('serialization truncation: a 2500-char tool result keeps 2000 plus `[... 500 more characters truncated]`', () => {
    const text = serializeConversation([resultMessage('c1', 'y'.repeat(2500))]);
    expect(text).toBe(`[Tool result]: ${'y'.repeat(2000)}\n\n[... 500 more characters truncated]`);
  });

  it('file tags: read-only and modified paths, sorted, merged with the previous record', () => {
    const operations = extractFileOperations(
      [callMessage('c1', 'read', { path: 'b.ts' }), callMessage('c2', 'read', { path: 'a.ts' }), callMessage('c3', 'edit', { path: 'a.ts' }), callMessage('c4', 'write', { path: 'z.ts' }), callMessage('c5', 'read', { file: 'ignored.ts' })],
      { readFiles: ['old.ts'], modifiedFiles: [] },
    );
    expect(operations).toEqual({ readFiles: ['b.ts', 'old.ts'], modifiedFiles: ['a.ts', 'z.ts'] });
    expect(formatFileTags(operations)).toBe('\n\n<read-files>\nb.ts\nold.ts\n</read-files>\n\n<modified-files>\na.ts\nz.ts\n</modified-files>');
    expect(formatFileTags({ readFiles: [], modifiedFiles: [] })).toBe('');
    expect(formatFileTags({ readFiles: ['r'], modifiedFiles: [] })).toBe('\n\n<read-files>\nr\n</read-files>');
  });
});

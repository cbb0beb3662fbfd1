import { describe, expect, it } from 'vitest';
import { claudeCodeImporter } from './claude-code';
import { parseDocument, type ParsedDocument } from './parse-document';

const session = { sessionId: 's-1', isSidechain: false };

function read(records: unknown[]) {
  const parsed = parseDocument(records.map((record) => JSON.stringify(record)).join('\n'));
  return claudeCodeImporter.read(parsed, {});
}

function ids(records: unknown[]): string[] {
  return read(records).transcripts[0].messages.map((message) => message.id);
}

const user = (uuid: string, parentUuid: string | null, content: unknown) => ({ ...session, type: 'user', uuid, parentUuid, message: { role: 'user', content } });
const assistant = (uuid: string, parentUuid: string, id: string, block: unknown) => ({
  ...session, type: 'assistant', uuid, parentUuid, requestId: `req-${id}`, message: { id, role: 'assistant', model: 'claude-x', content: [block] },
});
const result = (id: string) => [{ type: 'tool_result', tool_use_id: id, content: 'ok' }];

describe('Claude Code active branch', () => {
  it('puts back the sibling line and result of a parallel call instead of treating them as a rewind', () => {
    const output = read([
      user('u1', null, 'go'),
      assistant('a1', 'u1', 'msg_1', { type: 'tool_use', id: 't1', name: 'Read', input: {} }),
      assistant('a2', 'a1', 'msg_1', { type: 'tool_use', id: 't2', name: 'Read', input: {} }),
      user('r2', 'a2', result('t2')),
      user('r1', 'a1', result('t1')),
      assistant('a3', 'r1', 'msg_2', { type: 'text', text: 'done' }),
    ]);
    expect(output.transcripts[0].messages.map((message) => message.id)).toEqual(['u1', 'a1', 'r2', 'r1', 'a3']);
    expect(output.warnings).toEqual([]);
  });

  it('does not take back a second result for a call that is already answered on the branch', () => {
    expect(ids([
      user('u1', null, 'go'),
      assistant('a1', 'u1', 'msg_1', { type: 'tool_use', id: 't1', name: 'Bash', input: {} }),
      user('r1-old', 'a1', result('t1')),
      user('r1', 'a1', result('t1')),
      assistant('a2', 'r1', 'msg_2', { type: 'text', text: 'done' }),
    ])).toEqual(['u1', 'a1', 'r1', 'a2']);
  });

  it('falls back on file order when a compact boundary points to a record that is not in the file', () => {
    const output = read([
      user('u1', null, 'before'),
      { ...session, type: 'system', subtype: 'compact_boundary', uuid: 'cb', parentUuid: null, logicalParentUuid: 'gone', compactMetadata: { trigger: 'auto', preTokens: 9000 } },
      { ...user('sum', 'cb', 'This session is being continued…'), isCompactSummary: true },
      user('u2', 'sum', 'after'),
    ]);
    const transcript = output.transcripts[0];
    expect(transcript.messages.map((message) => message.id)).toEqual(['u1', 'sum', 'u2']);
    expect(transcript.markers).toEqual([
      { atIndex: 1, kind: 'compact_boundary', trigger: 'auto', tokensBefore: 9000, tokensAfter: undefined, summaryMessageId: 'sum', summaryText: 'This session is being continued…' },
    ]);
    expect(output.warnings).toEqual([{ message: expect.stringContaining('gone'), line: 2 }]);
  });

  it('never throws on hostile records (non-objects, missing fields, a self-parented line)', () => {
    const values = [null, 3, 'text', { type: 'assistant' }, { type: 'user', message: { content: [{ type: 'tool_result' }] } },
      { type: 'assistant', sessionId: 1, uuid: 'x', parentUuid: 'x', message: 'nope' }];
    const parsed: ParsedDocument = { kind: 'jsonl', records: values.map((value, index) => ({ line: index + 1, value })), badLines: [], totalLines: 6, text: '' };
    const output = claudeCodeImporter.read(parsed, {});
    expect(output.errors).toEqual([]);
    expect(output.warnings).toEqual([{ message: expect.stringMatching(/^3 line\(s\) of unknown type "untyped"/), line: 1 }]);
    expect(output.transcripts[0].messages.map((message) => [message.id, message.blocks.length])).toEqual([['x', 0]]);
  });

  it('bridges over unreadable lines to the previous line instead of cutting the conversation there', () => {
    const records: unknown[] = [user('u0', null, 'start')];
    for (let index = 1; index < 30; index += 1) {
      const parent = index === 1 ? 'u0' : `m${index - 1}`;
      records.push(index % 2 === 1
        ? assistant(`m${index}`, parent, `msg_${index}`, { type: 'text', text: `answer ${index}` })
        : user(`m${index}`, parent, `question ${index}`));
    }
    const lines = records.map((record) => JSON.stringify(record));
    // Two corrupted lines in the middle: m12 and m20 cannot be parsed, so m13 and m21 point at parents not in the file.
    lines[12] = lines[12].slice(0, 40);
    lines[20] = `${lines[20].slice(0, 30)}\u0000garbage`;
    const output = claudeCodeImporter.read(parseDocument(lines.join('\n')), {});
    const kept = output.transcripts[0].messages.map((message) => message.id);
    expect(kept).toHaveLength(28);
    expect(kept.slice(0, 3)).toEqual(['u0', 'm1', 'm2']);
    expect(kept).not.toContain('m12');
    expect(output.warnings).toEqual([
      { message: 'Parent m20 is missing because line 21 was skipped; joined to line 20, the message line before it in file order.', line: 22 },
      { message: 'Parent m12 is missing because line 13 was skipped; joined to line 12, the message line before it in file order.', line: 14 },
    ]);
  });

  it('still starts the conversation at a missing parent when no line was skipped above it', () => {
    const output = read([user('u1', 'elsewhere', 'continued from another file'), assistant('a1', 'u1', 'msg_1', { type: 'text', text: 'ok' })]);
    expect(output.transcripts[0].messages.map((message) => message.id)).toEqual(['u1', 'a1']);
    expect(output.warnings).toEqual([{ message: 'Parent elsewhere is not in this file; the conversation starts here.', line: 1 }]);
  });
});

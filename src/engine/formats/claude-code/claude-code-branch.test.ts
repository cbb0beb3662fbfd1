import { describe, expect, it } from 'vitest';
import { claudeCodeImporter } from './claude-code';
import { readFixture } from '../fixture-files.test-support';
import { parseDocument, type ParsedDocument } from '../parse-document';

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
    // The two message lines without a uuid cannot be placed in the conversation: each is a located error, not a silent drop.
    expect(output.errors).toEqual([
      { message: 'Line 4: the assistant record has no uuid: it cannot be placed in the conversation, so the line is skipped.', line: 4, path: 'uuid' },
      { message: 'Line 5: the user record has no uuid: it cannot be placed in the conversation, so the line is skipped.', line: 5, path: 'uuid' },
    ]);
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
      { message: 'Line 22: parent m20 is missing, most likely line 21, which was skipped; joined to line 20, the message line before it in file order.', line: 22 },
      { message: 'Line 14: parent m12 is missing, most likely line 13, which was skipped; joined to line 12, the message line before it in file order.', line: 14 },
    ]);
  });

  it('still starts the conversation at a missing parent when no line was skipped above it', () => {
    const output = read([user('u1', 'elsewhere', 'continued from another file'), assistant('a1', 'u1', 'msg_1', { type: 'text', text: 'ok' })]);
    expect(output.transcripts[0].messages.map((message) => message.id)).toEqual(['u1', 'a1']);
    expect(output.warnings).toEqual([{ message: 'Line 1: parent elsewhere is not in this file; the conversation starts here.', line: 1 }]);
  });

  it('keeps every readable message of a real session with two corrupted tool-result lines in the middle', () => {
    const name = 'claude-code__tool_heavy.jsonl';
    const lines = readFixture(name).split('\n');
    const intact = claudeCodeImporter.read(parseDocument(lines.join('\n')), { fileName: name }).transcripts[0].messages;
    // Lines 17 and 32 are tool results in the middle of the session; later lines hang under them.
    const damaged = lines.map((line, index) => (index === 16 || index === 31 ? line.slice(0, line.length / 2) : line));
    const output = claudeCodeImporter.read(parseDocument(damaged.join('\n')), { fileName: name });
    expect(output.transcripts[0].messages.map((message) => message.id)).toEqual(
      intact.filter((message) => message.sourceRef.line !== 17 && message.sourceRef.line !== 32).map((message) => message.id),
    );
    expect(output.warnings.map((warning) => warning.message)).not.toContainEqual(expect.stringMatching(/abandoned branches|conversation starts here/));
  });

  it('keeps the history above two corrupted lines of one split response with parallel calls', () => {
    const name = 'claude-code__tool_heavy.jsonl';
    const lines = readFixture(name).split('\n');
    const intact = claudeCodeImporter.read(parseDocument(lines.join('\n')), { fileName: name }).transcripts[0].messages;
    // Lines 27–30 are one response split over four lines; 27 and 29 are lost, and line 33 answers a call of line 29.
    const damaged = lines.map((line, index) => (index === 26 || index === 28 ? line.slice(0, line.length / 2) : line));
    const output = claudeCodeImporter.read(parseDocument(damaged.join('\n')), { fileName: name });
    const sourceLines = output.transcripts[0].messages.map((message) => message.sourceRef.line);
    expect(sourceLines).toEqual(intact.map((message) => (message.sourceRef.line === 27 ? 28 : message.sourceRef.line)));
    expect(output.warnings).toEqual([
      { message: expect.stringMatching(/^Line 33: parent 479992dc-\S+ is missing, most likely line 29, which was skipped; joined to line 28/), line: 33 },
      { message: expect.stringMatching(/^Line 28: parent 61045c3d-\S+ is missing, most likely line 27, which was skipped; joined to line 26/), line: 28 },
    ]);
  });
});


import { describe, expect, it } from 'vitest';
import { claudeCodeImporter } from './claude-code';
import { readFixture } from '../fixture-files.test-support';
import { parseDocument } from '../parse-document';

const session = { sessionId: 's-1', isSidechain: false };

function read(records: unknown[]) {
  const parsed = parseDocument(records.map((record) => JSON.stringify(record)).join('\n'));
  return claudeCodeImporter.read(parsed, {});
}

function messagesOf(records: unknown[]) {
  return read(records).transcripts[0].messages;
}

const user = (uuid: string, parentUuid: string | null, content: unknown) => ({ ...session, type: 'user', uuid, parentUuid, message: { role: 'user', content } });
const assistant = (uuid: string, parentUuid: string, id: string, block: unknown) => ({
  ...session, type: 'assistant', uuid, parentUuid, requestId: `req-${id}`, message: { id, role: 'assistant', model: 'claude-x', content: [block] },
});
const call = (id: string) => ({ type: 'tool_use', id, name: 'Bash', input: { command: 'ls' } });
const result = (id: string) => [{ type: 'tool_result', tool_use_id: id, content: 'ok' }];
const queue = (operation: string, content?: unknown, timestamp = '2026-02-12T15:43:07.997Z') =>
  ({ type: 'queue-operation', operation, timestamp, sessionId: 's-1', ...(content === undefined ? {} : { content }) });

describe('Claude Code queued prompts (queue-operation lines)', () => {
  it('imports a prompt typed while the agent worked as a queued human message where the model took it', () => {
    const enqueue = queue('enqueue', 'check again');
    const messages = messagesOf([
      user('u1', null, 'run the tests'),
      assistant('a1', 'u1', 'msg_1', call('t1')),
      enqueue,
      user('r1', 'a1', result('t1')),
      queue('remove', 'check again', '2026-02-12T15:43:09.000Z'),
      assistant('a2', 'r1', 'msg_2', { type: 'text', text: 'checked again: all green' }),
    ]);
    expect(messages.map((message) => message.id)).toEqual(['u1', 'a1', 'r1', 'queued-3', 'a2']);
    expect(messages[3]).toMatchObject({
      role: 'user',
      origin: 'human',
      isQueued: true,
      blocks: [{ kind: 'text', text: 'check again' }],
      createdAt: '2026-02-12T15:43:07.997Z',
      sourceRef: { line: 3 },
      raw: enqueue,
    });
    expect(messages.filter((message) => message.isQueued)).toHaveLength(1);
  });

  it('never puts a queued prompt between a call and its result, even inside a split response', () => {
    const messages = messagesOf([
      user('u1', null, 'go'),
      assistant('a1', 'u1', 'msg_1', { type: 'text', text: 'looking' }),
      queue('enqueue', 'new beads were added, tackle them'),
      queue('remove', 'new beads were added, tackle them'),
      assistant('a2', 'a1', 'msg_1', call('t1')),
      user('r1', 'a2', result('t1')),
      assistant('a3', 'r1', 'msg_2', { type: 'text', text: 'on it' }),
    ]);
    expect(messages.map((message) => [message.id, message.role])).toEqual([
      ['u1', 'user'], ['a1', 'assistant'], ['r1', 'tool'], ['queued-3', 'user'], ['a3', 'assistant'],
    ]);
  });

  it('does not import a dequeued prompt twice when it ran as the next user turn', () => {
    const messages = messagesOf([
      user('u1', null, 'first'),
      queue('enqueue', 'and then the docs'),
      assistant('a1', 'u1', 'msg_1', { type: 'text', text: 'done' }),
      queue('dequeue'),
      user('u2', 'a1', 'and then the docs'),
    ]);
    expect(messages.map((message) => message.id)).toEqual(['u1', 'a1', 'u2']);
    expect(messages.some((message) => message.isQueued)).toBe(false);
  });

  it('leaves out task notifications, prompts taken back with popAll, and a slash command that ran as its own line', () => {
    const messages = messagesOf([
      user('u1', null, 'first'),
      queue('enqueue', '<task-notification>\n<task-id>b7</task-id>\n<status>completed</status>\n</task-notification>'),
      queue('enqueue', 'a draft I pulled back'),
      queue('popAll'),
      queue('enqueue', '/mcp'),
      queue('remove'),
      user('c1', 'u1', '<command-name>/mcp</command-name>\n<command-message>mcp</command-message>'),
    ]);
    expect(messages.map((message) => message.id)).toEqual(['u1', 'c1']);
  });

  it('imports a prompt typed twice but delivered once exactly once, and block-array content as text', () => {
    const messages = messagesOf([
      user('u1', null, 'start'),
      queue('enqueue', [{ type: 'text', text: 'status?' }]),
      queue('remove', [{ type: 'text', text: 'status?' }]),
      assistant('a1', 'u1', 'msg_1', { type: 'text', text: 'working' }),
      queue('enqueue', 'status?'),
      queue('dequeue'),
      user('u2', 'a1', 'status?'),
    ]);
    expect(messages.map((message) => [message.id, message.isQueued ?? false])).toEqual([
      ['u1', false], ['queued-2', true], ['a1', false], ['u2', false],
    ]);
    expect(messages[1].blocks).toEqual([{ kind: 'text', text: 'status?' }]);
  });

  it('marks a queued_command attachment as queued and does not add its ledger entry again', () => {
    const messages = messagesOf([
      user('u1', null, 'start'),
      queue('enqueue', 'also update the changelog'),
      queue('remove', 'also update the changelog'),
      { ...session, type: 'attachment', uuid: 'q1', parentUuid: 'u1', attachment: { type: 'queued_command', prompt: 'also update the changelog' } },
    ]);
    expect(messages.map((message) => [message.id, message.origin, message.isQueued])).toEqual([
      ['u1', 'human', undefined], ['q1', 'human', true],
    ]);
  });

  it('adds nothing to the real sessions: their only queued entries are a task notification and a /mcp that ran', () => {
    for (const name of ['claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl', 'claude-code__tool_heavy.jsonl']) {
      const output = claudeCodeImporter.read(parseDocument(readFixture(name)), { fileName: name });
      expect(output.transcripts[0].messages.filter((message) => message.isQueued || message.id.startsWith('queued-')), name).toEqual([]);
    }
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { anthropicMessagesImporter } from './anthropic-messages';
import { openaiChatImporter } from '../openai-chat/openai-chat';
import { parseDocument } from '../parse-document';

const fixture = (name: string): string => readFileSync(new URL(`../../../../e2e/fixtures/transcripts/${name}`, import.meta.url), 'utf8');
const read = (text: string) => anthropicMessagesImporter.read(parseDocument(text), { fileName: 'input.json' });

/** The Anthropic message objects a Claude Code session carries, one per API response (lines of one response merged). */
function claudeCodeMessages(name: string): unknown[] {
  const messages: { id?: string; role: string; content: unknown }[] = [];
  for (const line of fixture(name).split('\n').filter((text) => text.trim() !== '')) {
    const record = JSON.parse(line) as { type: string; message?: { id?: string; role: string; content: unknown } };
    if ((record.type !== 'user' && record.type !== 'assistant') || !record.message) continue;
    const previous = messages[messages.length - 1];
    if (record.message.id && previous?.id === record.message.id) previous.content = [...(previous.content as unknown[]), ...(record.message.content as unknown[])];
    else messages.push({ ...record.message });
  }
  return messages;
}

describe('anthropicMessagesImporter on the hand-written refactor session', () => {
  const text = fixture('hand-written/anthropic__refactor-session.json');
  const output = read(text);
  const transcript = output.transcripts[0];

  it('is detected, and the OpenAI importer leaves it alone', () => {
    expect(anthropicMessagesImporter.detect(parseDocument(text))).toBe(true);
    expect(openaiChatImporter.detect(parseDocument(text))).toBe(false);
    expect(output.errors).toEqual([]);
    expect(output.warnings).toEqual([]);
  });

  it('reads the system blocks and splits the mixed user turn into tool + user', () => {
    expect(transcript.system?.blocks).toHaveLength(2);
    expect(transcript.messages.map((message) => `${message.role}:${message.origin}`)).toEqual([
      'user:human', 'assistant:model', 'tool:tool', 'user:human', 'assistant:model', 'tool:tool',
      'assistant:summary', 'assistant:model', 'user:human', 'assistant:model',
    ]);
    expect(transcript.messages.map((message) => message.id)).toEqual([
      'message-0', 'msg_01A', 'message-2', 'message-2-1', 'msg_01B', 'message-4', 'msg_01C', 'msg_01C-1', 'message-6', 'msg_01D',
    ]);
    expect(transcript.messages[2].raw).toBe(transcript.messages[3].raw);
    expect(transcript.messages[2].blocks.map((block) => block.kind)).toEqual(['tool_result', 'tool_result', 'image']);
    expect(transcript.messages[2].blocks[2]).toEqual({ kind: 'image', source: 'base64', mediaType: 'image/png', byteLength: 70 });
  });

  it('pairs tool_use ids with tool_result ids, server tools included, and keeps is_error', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toEqual(['toolu_01Read', 'toolu_02Test', 'srvtoolu_01Web', 'toolu_03Read']);
    expect(pairs.orphanResults).toEqual([]);
    expect(pairs.unansweredCalls).toEqual([]);
    expect(transcript.messages[2].blocks[0]).toMatchObject({ callId: 'toolu_02Test', isError: true });
    expect(transcript.messages[2].blocks[1]).toMatchObject({ callId: 'toolu_01Read', isError: false });
  });

  it('keeps thinking signatures and redacted thinking data', () => {
    expect(transcript.messages[1].blocks[0]).toEqual({ kind: 'thinking', text: expect.stringContaining('read the parser'), signature: 'EqQBCkYIBxgCKkBsig01' });
    expect(transcript.messages[4].blocks[0]).toMatchObject({ kind: 'thinking', text: '', isRedacted: true, signature: expect.stringMatching(/^EmwK/) });
  });

  it('turns the compaction block into a marker and a summary message', () => {
    expect(transcript.markers).toEqual([{ atIndex: 6, kind: 'compaction', summaryMessageId: 'msg_01C', summaryText: expect.stringMatching(/^Summary: /) }]);
    expect(transcript.messages[7].usage?.contextTokens).toBe(2305);
  });

  it('logs usage once per response with cache reads and writes in the context', () => {
    expect(transcript.messages.filter((message) => message.usage)).toHaveLength(4);
    expect(transcript.meta.loggedUsage).toMatchObject({ lastContextTokens: 2430, totalInputTokens: 1729, totalOutputTokens: 796 });
  });
});

describe('anthropicMessagesImporter on the message objects of a real Claude Code session', () => {
  const messages = claudeCodeMessages('claude-code__tool_heavy.jsonl');
  const output = read(JSON.stringify(messages));
  const transcript = output.transcripts[0];

  it('reads 18 messages: 7 user, 6 tool, 5 assistant, with 6 paired calls', () => {
    expect(anthropicMessagesImporter.detect(parseDocument(JSON.stringify(messages)))).toBe(true);
    expect(output.errors).toEqual([]);
    const count = (role: string) => transcript.messages.filter((message) => message.role === role).length;
    expect([transcript.messages.length, count('user'), count('tool'), count('assistant')]).toEqual([18, 7, 6, 5]);
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toHaveLength(6);
    expect(pairs.answeredCallIds).toHaveLength(6);
    expect(pairs.orphanResults).toEqual([]);
  });

  it('takes the context fill of the last response: 47 + 26504 + 1115', () => {
    expect(transcript.meta.loggedUsage).toMatchObject({ lastContextTokens: 27666, totalInputTokens: 101, totalOutputTokens: 237 });
  });
});

describe('anthropicMessagesImporter edge cases', () => {
  const detect = (value: unknown) => anthropicMessagesImporter.detect(parseDocument(JSON.stringify(value)));

  it('detects a request with a system prompt even without tool blocks, but not a plain chat', () => {
    expect(detect({ system: 'Be terse.', messages: [{ role: 'user', content: 'hi' }] })).toBe(true);
    expect(detect([{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }])).toBe(false);
    expect(detect({ messages: [{ role: 'system', content: 'x' }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a' }] }] })).toBe(false);
    expect(detect({ contents: [], messages: [{ role: 'user', content: [{ type: 'thinking' }] }] })).toBe(false);
  });

  it('reports an orphan tool_result and an unanswered tool_use instead of dropping them', () => {
    const output = read(JSON.stringify([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_A', name: 'ls', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_B', content: 'x' }, { type: 'mystery', value: 1 }] },
      'junk',
    ]));
    const pairs = pairToolCalls(output.transcripts[0].messages);
    expect(pairs.orphanResults).toEqual([{ messageId: 'message-1', callId: 'toolu_B' }]);
    expect(pairs.unansweredCalls).toEqual([{ messageId: 'message-0', callId: 'toolu_A' }]);
    expect(output.warnings).toEqual([{ message: 'unknown block type "mystery" kept as a placeholder', path: '[1].content[1]' }]);
    expect(output.errors).toEqual([{ message: 'message is not an object; skipped', path: '[2]' }]);
  });

  it('stop reason: an assistant record that stores stop_reason carries it; a record without one carries none', () => {
    const output = read(JSON.stringify({
      system: 's',
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'ls', input: {} }], stop_reason: 'tool_use', usage: { input_tokens: 9, output_tokens: 2 } },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'x' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'cut' }], stop_reason: 'max_tokens' },
        { role: 'assistant', content: [{ type: 'text', text: 'no' }], stop_reason: 'refusal' },
        { role: 'assistant', content: [{ type: 'text', text: 'plain' }] },
      ],
    }));
    const stops = output.transcripts[0].messages.filter((message) => message.role === 'assistant').map((message) => message.stop);
    expect(stops).toEqual([{ reason: 'tool_use', raw: 'tool_use' }, { reason: 'length', raw: 'max_tokens' }, { reason: 'content_filter', raw: 'refusal' }, undefined]);
  });

  it('marks a compaction block without readable content as opaque', () => {
    const output = read(JSON.stringify({ system: 's', messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: [{ type: 'compaction', content: null }] }] }));
    expect(output.transcripts[0].markers).toEqual([{ atIndex: 1, kind: 'compaction', summaryMessageId: 'message-1', isOpaque: true }]);
  });
});

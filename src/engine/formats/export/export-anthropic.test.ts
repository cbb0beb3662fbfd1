import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Message, Transcript } from '../../transcript/model';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { anthropicMessagesImporter } from '../anthropic-messages/anthropic-messages';
import { exportAnthropic } from './export-anthropic';
import { openaiChatImporter } from '../openai-chat/openai-chat';
import { parseDocument } from '../parse-document';

const fixture = (name: string): string => readFileSync(new URL(`../../../../e2e/fixtures/transcripts/${name}`, import.meta.url), 'utf8');
const importAnthropic = (value: unknown): Transcript => anthropicMessagesImporter.read(parseDocument(JSON.stringify(value)), {}).transcripts[0];
type Turn = { role: string; content: Record<string, unknown>[] };

function shape(transcript: Transcript) {
  const pairs = pairToolCalls(transcript.messages);
  return {
    system: transcript.system?.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('\n\n'),
    messages: transcript.messages.map((message) => ({
      role: message.role,
      kinds: message.blocks.map((block) => block.kind),
      texts: message.blocks.map((block) => (block.kind === 'text' || block.kind === 'thinking' ? block.text : block.kind === 'tool_result' ? block.content : block.kind === 'tool_call' ? block.argsRaw : '')),
    })),
    calls: pairs.toolCallIds,
    answered: pairs.answeredCallIds,
    markers: transcript.markers.map((marker) => [marker.atIndex, marker.kind, marker.summaryText]),
  };
}

function alternates(turns: Turn[]): boolean {
  return turns.every((turn, index) => index === 0 || turn.role !== turns[index - 1].role);
}

describe('exportAnthropic round trips', () => {
  const original = anthropicMessagesImporter.read(parseDocument(fixture('hand-written/anthropic__refactor-session.json')), {}).transcripts[0];
  const exported = exportAnthropic(original);
  const turns = exported.messages as Turn[];

  it('rebuilds the request: mixed user turn re-merged with results first, thinking and compaction unchanged', () => {
    expect(turns.map((turn) => turn.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(turns[2].content.map((block) => block.type)).toEqual(['tool_result', 'tool_result', 'text']);
    expect(turns[2].content[0]).toEqual({ type: 'tool_result', tool_use_id: 'toolu_02Test', is_error: true, content: expect.stringContaining('FAILED') });
    expect((turns[2].content[1].content as unknown[]).map((part) => (part as { type: string }).type)).toEqual(['text', 'text']);
    expect(turns[1].content[0]).toEqual({ type: 'thinking', thinking: expect.any(String), signature: 'EqQBCkYIBxgCKkBsig01' });
    expect(turns[3].content[0]).toMatchObject({ type: 'redacted_thinking', data: expect.stringMatching(/^EmwK/) });
    expect(turns[3].content.map((block) => block.type)).toEqual(['redacted_thinking', 'server_tool_use', 'web_search_tool_result', 'text', 'tool_use']);
    expect(turns[5].content.map((block) => block.type)).toEqual(['compaction', 'text']);
    expect(exported.system).toBe('You are a careful coding agent working in /repo. Prefer small, reviewed diffs.\n\nTools: read_file, run_tests. Always run the tests after editing.');
  });

  it('re-imports to the same roles, texts, kinds, tool pairs and markers (the inline image becomes a placeholder)', () => {
    const again = importAnthropic(exported);
    const expected = shape(original);
    // Inline image bytes are not kept, so the image inside the tool result comes back as placeholder text.
    expected.messages[2].kinds = ['tool_result', 'tool_result'];
    expected.messages[2].texts = [expected.messages[2].texts[0], `${expected.messages[2].texts[1]}\n[image image/png 70 bytes: inline data not kept]`];
    expect(shape(again)).toEqual(expected);
  });

  it('round trips the Anthropic message objects of a real Claude Code session', () => {
    const messages: { id?: string; role: string; content: unknown }[] = [];
    for (const line of fixture('claude-code__tool_heavy.jsonl').split('\n').filter((text) => text.trim() !== '')) {
      const record = JSON.parse(line) as { type: string; message?: { id?: string; role: string; content: unknown } };
      if ((record.type !== 'user' && record.type !== 'assistant') || !record.message) continue;
      const previous = messages[messages.length - 1];
      if (record.message.id && previous?.id === record.message.id) previous.content = [...(previous.content as unknown[]), ...(record.message.content as unknown[])];
      else messages.push({ ...record.message });
    }
    const first = importAnthropic(messages);
    const turns = exportAnthropic(first).messages as Turn[];
    expect(alternates(turns)).toBe(true);
    // Consecutive user lines (prompt, meta lines, results) merge: u a u a 6×u a 2×u a u a 2×u → 11 alternating turns.
    expect(turns).toHaveLength(11);
    const again = importAnthropic(turns);
    expect(shape(again).calls).toEqual(shape(first).calls);
    expect(shape(again).answered).toHaveLength(6);
    const texts = (transcript: Transcript) => transcript.messages.flatMap((message) => message.blocks).map((block) => (block.kind === 'text' ? block.text : block.kind));
    expect(texts(again)).toEqual(texts(first));
  });

  it('writes ids the API accepts: a reused id\'s #2 suffix becomes _2, and each call keeps its own result', () => {
    const reused = importAnthropic({
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_a', name: 'read', input: { path: 'x' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_a', content: 'first' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_a', name: 'read', input: { path: 'y' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_a', content: 'second' }] },
      ],
    });
    const turns = exportAnthropic(reused).messages as Turn[];
    const ids = turns.flatMap((turn) => turn.content.map((block) => block.id ?? block.tool_use_id)).filter((id) => id !== undefined);
    for (const id of ids) expect(id).toMatch(/^[a-zA-Z0-9_-]+$/);
    const results = turns.flatMap((turn) => turn.content.filter((block) => block.type === 'tool_result'));
    const calls = turns.flatMap((turn) => turn.content.filter((block) => block.type === 'tool_use'));
    expect(new Set(calls.map((call) => call.id)).size).toBe(2);
    expect(results.map((result) => [result.tool_use_id, result.content])).toEqual([[calls[0].id, 'first'], [calls[1].id, 'second']]);
  });

  it('exports an OpenAI chat with alternating roles and results right after their calls', () => {
    const chat = openaiChatImporter.read(parseDocument(fixture('hand-written/openai-chat__weather-agent.json')), {}).transcripts[0];
    const result = exportAnthropic(chat);
    const chatTurns = result.messages as Turn[];
    expect(result.system).toContain('travel assistant');
    expect(alternates(chatTurns)).toBe(true);
    expect(chatTurns[1].content.map((block) => block.type)).toEqual(['thinking', 'tool_use', 'tool_use']);
    expect(chatTurns[1].content[2]).toMatchObject({ id: 'call_porto_02', input: { arguments: '{"city":"Porto","days":3' } });
    expect(chatTurns[2].content.map((block) => block.tool_use_id)).toEqual(['call_porto_02', 'call_lisbon_01']);
    // The later developer message has no system slot in Anthropic messages: it becomes user text after the result.
    expect(chatTurns[4].content.map((block) => block.type)).toEqual(['tool_result', 'text']);
    expect(pairToolCalls(importAnthropic(result).messages).answeredCallIds).toHaveLength(3);
  });
});

describe('exportAnthropic on constructed transcripts', () => {
  const message = (id: string, role: Message['role'], blocks: Message['blocks']): Message => ({ id, role, origin: 'model', blocks, sourceRef: {}, raw: null });
  const build = (messages: Message[]): Transcript => ({ id: 't', source: { format: 'codex' }, messages, markers: [], meta: {} });
  const call = (callId: string) => ({ kind: 'tool_call' as const, callId, name: 'sh', args: { cmd: callId }, argsRaw: '' });
  const result = (callId: string, content: string) => ({ kind: 'tool_result' as const, callId, content, isError: false });

  it('moves a late result up to the turn right after its call and leaves an orphan where it was', () => {
    const turns = exportAnthropic(build([
      message('a1', 'assistant', [call('c1')]),
      message('a2', 'assistant', [{ kind: 'text', text: 'still working' }]),
      message('u1', 'user', [{ kind: 'text', text: 'status?' }]),
      message('a3', 'assistant', [{ kind: 'text', text: 'waiting' }]),
      message('t1', 'tool', [result('c1', 'late output'), result('ghost', 'orphan')]),
    ])).messages as Turn[];
    expect(turns).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'sh', input: { cmd: 'c1' } }, { type: 'text', text: 'still working' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'late output' }, { type: 'text', text: 'status?' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'waiting' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'ghost', content: 'orphan' }] },
    ]);
  });

  it('gives each call one result when an id is reused', () => {
    const turns = exportAnthropic(build([
      message('a1', 'assistant', [call('same')]),
      message('t1', 'tool', [result('same', 'first')]),
      message('a2', 'assistant', [call('same')]),
      message('t2', 'tool', [result('same', 'second')]),
    ])).messages as Turn[];
    expect(turns.map((turn) => (turn.role === 'user' ? turn.content[0].content : turn.role))).toEqual(['assistant', 'first', 'assistant', 'second']);
  });

  it('moves a result that precedes its call to the turn after the call', () => {
    const turns = exportAnthropic(build([
      message('t0', 'tool', [result('early', 'came first')]),
      message('a1', 'assistant', [call('early')]),
    ])).messages as Turn[];
    expect(turns.map((turn) => [turn.role, turn.content.map((block) => block.type)])).toEqual([['assistant', ['tool_use']], ['user', ['tool_result']]]);
  });
});

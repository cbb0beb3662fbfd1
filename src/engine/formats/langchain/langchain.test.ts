import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { anthropicMessagesImporter } from '../anthropic-messages/anthropic-messages';
import { geminiContentsImporter } from '../gemini-contents/gemini-contents';
import { langchainImporter } from './langchain';
import { unescapeLangChain } from './langchain-entries';
import { openaiChatImporter } from '../openai-chat/openai-chat';
import { openaiResponsesImporter } from '../openai-responses/openai-responses';
import { parseDocument } from '../parse-document';

const fixture = (name: string): string => readFileSync(new URL(`../../../../e2e/fixtures/transcripts/${name}`, import.meta.url), 'utf8');
const read = (text: string) => langchainImporter.read(parseDocument(text), { fileName: 'input.json' });
const others = [openaiChatImporter, openaiResponsesImporter, anthropicMessagesImporter, geminiContentsImporter];

describe('langchainImporter on a messages_to_dict dump', () => {
  const text = fixture('hand-written/langchain__messages-to-dict.json');
  const output = read(text);
  const transcript = output.transcripts[0];

  it('is detected by it and by none of the provider importers', () => {
    const parsed = parseDocument(text);
    expect(langchainImporter.detect(parsed)).toBe(true);
    expect(others.map((importer) => importer.detect(parsed))).toEqual([false, false, false, false]);
    expect(output.errors).toEqual([]);
    expect(output.warnings).toEqual([]);
  });

  it('reads the system prompt and 9 messages: 2 human, 3 ai, 4 tool', () => {
    expect(transcript.system?.blocks).toEqual([{ kind: 'text', text: expect.stringContaining('research assistant') }]);
    expect(transcript.messages.map((message) => `${message.id}:${message.role}`)).toEqual([
      'run-h1:user', 'run-a1:assistant', 'run-t1:tool', 'run-t2:tool', 'run-a2:assistant', 'run-t3:tool', 'run-t4:tool', 'run-a3:assistant', 'run-h2:user',
    ]);
  });

  it('takes tool_calls once even when Anthropic tool_use blocks repeat them in content', () => {
    expect(transcript.messages[4].blocks.map((block) => block.kind)).toEqual(['thinking', 'text', 'tool_call', 'tool_call']);
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toEqual(['call_pop', 'call_mayor', 'toolu_calc', 'toolu_mayor2']);
    expect(pairs.answeredCallIds).toHaveLength(4);
    expect(pairs.orphanResults).toEqual([]);
    expect(transcript.messages[3].blocks[0]).toMatchObject({ callId: 'call_mayor', isError: true, name: 'web_search' });
    expect(transcript.messages[6].blocks[0]).toMatchObject({ content: 'Grégory Doucet has been mayor of Lyon since 2020.' });
  });

  it('reads usage_metadata with cache reads inside the input count', () => {
    expect(transcript.messages[4].usage).toEqual({ inputTokens: 350, outputTokens: 95, totalTokens: 445, cacheReadTokens: 310, cacheWriteTokens: 0, contextTokens: 350 });
    expect(transcript.meta.loggedUsage).toMatchObject({ lastContextTokens: 520, totalInputTokens: 1050, totalOutputTokens: 171 });
    expect(transcript.meta.model).toBe('claude-sonnet-4-5');
  });

  it('stop reason: response_metadata finish_reason (OpenAI) or stop_reason (Anthropic); none when neither is recorded', () => {
    const stops = transcript.messages.filter((message) => message.role === 'assistant').map((message) => message.stop);
    expect(stops.slice(0, 2)).toEqual([{ reason: 'tool_use', raw: 'tool_calls' }, { reason: 'tool_use', raw: 'tool_use' }]);
    expect(transcript.messages.filter((message) => message.role !== 'assistant').every((message) => message.stop === undefined)).toBe(true);
  });
});

describe('langchainImporter on a LangSmith run', () => {
  const text = fixture('hand-written/langchain__langsmith-run.json');
  const output = read(text);
  const transcript = output.transcripts[0];

  it('reads nested serialized constructors (old and new class paths) plus the generated reply', () => {
    expect(langchainImporter.detect(parseDocument(text))).toBe(true);
    expect(output.errors).toEqual([]);
    expect(transcript.source.runLabel).toBeUndefined();
    expect(transcript.system?.blocks).toEqual([{ kind: 'text', text: 'You help with flight bookings.' }]);
    expect(transcript.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'user', 'assistant']);
  });

  it('finds tool calls that live only in additional_kwargs, with object arguments serialized', () => {
    expect(transcript.messages[1].blocks).toEqual([
      { kind: 'tool_call', callId: 'call_search_1', name: 'search_flights', args: { from: 'OSL', to: 'FCO', date: '2025-05-12' }, argsRaw: '{"from":"OSL","to":"FCO","date":"2025-05-12"}' },
    ]);
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.answeredCallIds).toEqual(['call_search_1']);
    expect(pairs.unansweredCalls).toEqual([{ messageId: 'message-5', callId: 'call_book_2' }]);
    expect(transcript.meta).toMatchObject({ model: 'gpt-4o-mini', loggedUsage: { lastContextTokens: 301 } });
  });
});

describe('langchainImporter edge cases', () => {
  const human = (content: string) => ({ type: 'human', data: { content } });

  it('unwraps __lc_escaped__ at any depth', () => {
    expect(unescapeLangChain({ a: [{ __lc_escaped__: { lc: 1, x: 2 } }], b: { __lc_escaped__: 'v' } })).toEqual({ a: [{ lc: 1, x: 2 }], b: 'v' });
  });

  it('reads a single serialized message and several nested lists as batches', () => {
    const single = read(JSON.stringify({ lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: 'hi' } }));
    expect(single.transcripts[0].messages).toHaveLength(1);
    const batch = read(JSON.stringify([[human('a')], [human('b'), { type: 'ai', data: { content: 'c' } }]]));
    expect(batch.transcripts.map((transcript) => [transcript.source.runLabel, transcript.messages.length])).toEqual([['batch 1', 1], ['batch 2', 2]]);
  });

  it('locates what it cannot read and reports unlinked tool messages as orphans', () => {
    const output = read(JSON.stringify([human('a'), { type: 'tool', data: { content: 'x' } }, { type: 'remove', data: { id: 'z' } }]));
    expect(output.warnings.map((warning) => warning.path)).toEqual(['[1].tool_call_id', '[2].type']);
    expect(pairToolCalls(output.transcripts[0].messages).orphanResults).toEqual([{ messageId: 'message-1', callId: 'unlinked-result-1' }]);
    const bad = read(JSON.stringify({ messages: [human('a'), { role: 'user' }] }));
    expect(bad.errors).toEqual([{ message: 'not a LangChain message; skipped', path: 'messages[1]' }]);
  });

  it('keeps invalid tool calls with their raw arguments', () => {
    const output = read(JSON.stringify([{ type: 'ai', data: { content: '', invalid_tool_calls: [{ name: 'f', args: '{"a":', id: 'bad1', error: 'JSON' }] } }]));
    expect(output.transcripts[0].messages[0].blocks).toEqual([{ kind: 'tool_call', callId: 'bad1', name: 'f', args: '{"a":', argsRaw: '{"a":' }]);
    expect(output.warnings).toHaveLength(1);
  });
});

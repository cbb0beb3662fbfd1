import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { anthropicMessagesImporter } from '../anthropic-messages/anthropic-messages';
import { geminiContentsImporter } from './gemini-contents';
import { openaiChatImporter } from '../openai-chat/openai-chat';
import { parseDocument } from '../parse-document';

const fixture = (name: string): string => readFileSync(new URL(`../../../../e2e/fixtures/transcripts/${name}`, import.meta.url), 'utf8');
const read = (text: string) => geminiContentsImporter.read(parseDocument(text), { fileName: 'input.json' });

describe('geminiContentsImporter on the hand-written repo audit', () => {
  const text = fixture('hand-written/gemini-contents__repo-audit.json');
  const output = read(text);
  const transcript = output.transcripts[0];

  it('is detected by it only', () => {
    const parsed = parseDocument(text);
    expect([geminiContentsImporter.detect(parsed), openaiChatImporter.detect(parsed), anthropicMessagesImporter.detect(parsed)]).toEqual([true, false, false]);
    expect(output.errors).toEqual([]);
  });

  it('reads system instruction, contents and the candidate reply, splitting the mixed user content', () => {
    expect(transcript.system?.blocks).toEqual([{ kind: 'text', text: expect.stringContaining('interactive CLI agent') }]);
    expect(transcript.messages.map((message) => `${message.id}:${message.role}`)).toEqual([
      'content-0:user', 'content-1:assistant', 'content-2:tool', 'content-3:assistant', 'content-4:tool', 'content-4-1:user', 'content-5:assistant',
    ]);
    expect(transcript.messages[1].blocks.map((block) => block.kind)).toEqual(['thinking', 'text', 'tool_call', 'tool_call']);
    expect(transcript.messages[5].blocks.map((block) => block.kind)).toEqual(['text', 'image']);
    expect(transcript.meta.model).toBe('gemini-2.5-pro');
  });

  it('pairs id-less calls by name and order (and says so), and the id-carrying call by id', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toEqual(['gemini-call-1', 'gemini-call-2', 'call-shell-7']);
    expect(pairs.orphanResults).toEqual([]);
    expect(pairs.unansweredCalls).toEqual([]);
    expect(transcript.messages[2].blocks).toEqual([
      { kind: 'tool_result', callId: 'gemini-call-1', name: 'read_file', content: expect.stringContaining('pytest==8.2.0'), isError: false },
      { kind: 'tool_result', callId: 'gemini-call-2', name: 'read_file', content: 'File not found: /repo/setup.cfg', isError: true },
    ]);
    expect(output.warnings).toEqual([{ message: expect.stringContaining('paired by name and order'), path: 'contents' }]);
  });

  it('puts the usage metadata on the reply: context = prompt + tool-use prompt', () => {
    expect(transcript.messages[6].usage).toEqual({ inputTokens: 1893, outputTokens: 161, cacheReadTokens: 1024, reasoningTokens: 120, totalTokens: 2066, contextTokens: 1905 });
    expect(transcript.meta.loggedUsage?.lastContextTokens).toBe(1905);
  });

  it('stop reason: the candidate finishReason goes on the reply only; contents carry none', () => {
    expect(transcript.messages.map((message) => message.stop)).toEqual([...Array(6).fill(undefined), { reason: 'end', raw: 'STOP' }]);
  });
});

describe('geminiContentsImporter edge cases', () => {
  it('reads a bare Content[] checkpoint and reports an unmatched response as an orphan', () => {
    const output = read(JSON.stringify([
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'user', parts: [{ functionResponse: { name: 'ghost', response: { output: 'x' } } }] },
      { role: 'model', parts: [{ functionCall: { name: 'ls', args: {} } }, { mystery: 1 }] },
      null,
    ]));
    const pairs = pairToolCalls(output.transcripts[0].messages);
    expect(pairs.orphanResults).toEqual([{ messageId: 'content-1', callId: 'gemini-result-1' }]);
    expect(pairs.unansweredCalls).toEqual([{ messageId: 'content-2', callId: 'gemini-call-1' }]);
    expect(output.errors).toEqual([{ message: 'content is not an object; skipped', path: '[3]' }]);
    expect(output.warnings.map((warning) => warning.path)).toEqual(['[2].parts[1]', '']);
  });

  it('stop reason: MAX_TOKENS is length, SAFETY a filter, MALFORMED_FUNCTION_CALL an error, an unknown value other', () => {
    const stopOf = (finishReason: string) =>
      read(JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], candidates: [{ content: { role: 'model', parts: [{ text: 'x' }] }, finishReason }] })).transcripts[0].messages[1].stop;
    expect(stopOf('MAX_TOKENS')).toEqual({ reason: 'length', raw: 'MAX_TOKENS' });
    expect(stopOf('SAFETY')).toEqual({ reason: 'content_filter', raw: 'SAFETY' });
    expect(stopOf('MALFORMED_FUNCTION_CALL')).toEqual({ reason: 'error', raw: 'MALFORMED_FUNCTION_CALL' });
    expect(stopOf('FINISH_REASON_UNSPECIFIED')).toEqual({ reason: 'other', raw: 'FINISH_REASON_UNSPECIFIED' });
  });

  it('does not claim Gemini CLI recordings or chat messages', () => {
    const detect = (value: unknown) => geminiContentsImporter.detect(parseDocument(JSON.stringify(value)));
    expect(detect(JSON.parse(fixture('gemini-cli__session-01.json')))).toBe(false);
    expect(detect([{ role: 'user', content: 'hi' }])).toBe(false);
    expect(detect({ contents: [] })).toBe(false);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { geminiCliImporter } from './gemini-cli';
import { geminiContentsImporter } from '../gemini-contents/gemini-contents';
import { openaiChatImporter } from '../openai-chat/openai-chat';
import { parseDocument } from '../parse-document';

const fixture = (name: string): string => readFileSync(new URL(`../../../../e2e/fixtures/transcripts/${name}`, import.meta.url), 'utf8');
const read = (value: unknown) => geminiCliImporter.read(parseDocument(JSON.stringify(value)), { fileName: 'session.json' });

describe('geminiCliImporter on the real recording', () => {
  const text = fixture('gemini-cli__session-01.json');
  const output = geminiCliImporter.read(parseDocument(text), { fileName: 'gemini-cli__session-01.json' });
  const transcript = output.transcripts[0];

  it('is detected by it and not by the contents or chat importers', () => {
    const parsed = parseDocument(text);
    expect([geminiCliImporter.detect(parsed), geminiContentsImporter.detect(parsed), openaiChatImporter.detect(parsed)]).toEqual([true, false, false]);
    expect(output.errors).toEqual([]);
    expect(output.warnings).toEqual([]);
  });

  it('reads the user prompt and the reply with its thought, model and token usage', () => {
    expect(transcript.id).toBe('dcbe78d3-ea75-4786-929e-d6cff0fc00ed');
    expect(transcript.messages.map((message) => `${message.role}:${message.origin}`)).toEqual(['user:human', 'assistant:model']);
    expect(transcript.messages[0]).toMatchObject({ id: 'c6130ba5-57dd-441c-ae71-046c4e76f006', blocks: [{ kind: 'text', text: '[REDACTED_PROMPT]' }], createdAt: '2026-06-05T04:59:42.197Z' });
    expect(transcript.messages[1].blocks).toEqual([
      { kind: 'thinking', text: 'Generating Specific Response\n[REDACTED_THOUGHT]' },
      { kind: 'text', text: '[REDACTED_ASSISTANT_TEXT]' },
    ]);
    expect(transcript.messages[1].usage).toEqual({ inputTokens: 4383, outputTokens: 36, cacheReadTokens: 0, reasoningTokens: 28, totalTokens: 4419, contextTokens: 4383 });
    expect(transcript.meta).toMatchObject({ model: 'gemini-2.5-flash', loggedUsage: { lastContextTokens: 4383, totalInputTokens: 4383, totalOutputTokens: 36 } });
    expect(transcript.meta.details?.kind).toBe('main');
  });
});

describe('geminiCliImporter with embedded tool calls', () => {
  const recording = {
    sessionId: 's-1',
    projectHash: 'abc',
    messages: [
      { id: 'u1', type: 'user', content: 'List the repo and read the README.' },
      {
        id: 'g1', type: 'gemini', content: 'Looking around.', model: 'gemini-2.5-pro',
        tokens: { input: 2100, output: 30, cached: 1500, thoughts: 12, tool: 40, total: 2182 },
        toolCalls: [
          { id: 'list_directory-1', name: 'list_directory', args: { path: '/repo' }, status: 'success', result: [{ functionResponse: { id: 'list_directory-1', name: 'list_directory', response: { output: 'README.md\nsrc/' } } }] },
          { id: 'read_file-2', name: 'read_file', args: { absolute_path: '/repo/README.md' }, status: 'error', result: [{ functionResponse: { id: 'read_file-2', name: 'read_file', response: { error: 'permission denied' } } }] },
          { id: 'run_shell_command-3', name: 'run_shell_command', args: { command: 'rm -rf /' }, status: 'cancelled' },
        ],
      },
      { id: 'i1', type: 'info', content: 'Request cancelled.' },
      { id: 'g2', type: 'gemini', content: 'The README could not be read.', tokens: { input: 2300, output: 9, cached: 2048, thoughts: 0, tool: 0, total: 2309 } },
    ],
  };
  const output = read(recording);
  const transcript = output.transcripts[0];

  it('emits the assistant message, then one tool message per recorded result', () => {
    expect(transcript.messages.map((message) => `${message.id}:${message.role}:${message.origin}`)).toEqual([
      'u1:user:human', 'g1:assistant:model', 'g1-result-0:tool:tool', 'g1-result-1:tool:tool', 'i1:system:injected', 'g2:assistant:model',
    ]);
    expect(transcript.messages[3].blocks).toEqual([{ kind: 'tool_result', callId: 'read_file-2', name: 'read_file', content: 'permission denied', isError: true }]);
  });

  it('leaves the cancelled call without a result unanswered and says why', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.answeredCallIds).toEqual(['list_directory-1', 'read_file-2']);
    expect(pairs.unansweredCalls).toEqual([{ messageId: 'g1', callId: 'run_shell_command-3' }]);
    expect(output.warnings).toEqual([{ message: 'tool call "run_shell_command" has no recorded result (status cancelled)', path: 'messages[1].toolCalls[2].result' }]);
  });

  it('sums token usage over both calls; context includes tool-use prompt tokens', () => {
    expect(transcript.messages[1].usage?.contextTokens).toBe(2140);
    // Gemini bills thinking as output: 30 + 12 thoughts, then 9.
    expect(transcript.messages[1].usage).toMatchObject({ outputTokens: 42, reasoningTokens: 12 });
    expect(transcript.meta.loggedUsage).toMatchObject({ lastContextTokens: 2300, totalInputTokens: 4400, totalOutputTokens: 51 });
  });

  it('survives hostile entries', () => {
    const hostile = read({ sessionId: 'x', messages: [null, { type: 'gemini', toolCalls: [{ name: 'f', result: 'done' }] }] });
    expect(hostile.errors).toEqual([{ message: 'message is not an object; skipped', path: 'messages[0]' }]);
    expect(pairToolCalls(hostile.transcripts[0].messages).answeredCallIds).toEqual(['gemini-call-1']);
    expect(geminiCliImporter.detect(parseDocument(JSON.stringify({ sessionId: 'x', messages: [{ role: 'user', content: 'x' }] })))).toBe(false);
  });
});

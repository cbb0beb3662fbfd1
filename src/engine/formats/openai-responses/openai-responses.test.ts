import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../transcript/model';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { anthropicMessagesImporter } from '../anthropic-messages/anthropic-messages';
import { openaiChatImporter } from '../openai-chat/openai-chat';
import { openaiResponsesImporter } from './openai-responses';
import { parseDocument } from '../parse-document';

const fixture = (name: string): string => readFileSync(new URL(`../../../../e2e/fixtures/transcripts/${name}`, import.meta.url), 'utf8');
const read = (text: string) => openaiResponsesImporter.read(parseDocument(text), { fileName: 'input.json' });
const countRoles = (transcript: Transcript) => transcript.messages.reduce<Record<string, number>>((counts, message) => ({ ...counts, [message.role]: (counts[message.role] ?? 0) + 1 }), {});

describe('openaiResponsesImporter on the hand-written patch session', () => {
  const text = fixture('hand-written/openai-responses__patch-session.json');
  const output = read(text);
  const transcript = output.transcripts[0];

  it('is detected by it and by neither chat nor Anthropic importer', () => {
    const parsed = parseDocument(text);
    expect([openaiResponsesImporter.detect(parsed), openaiChatImporter.detect(parsed), anthropicMessagesImporter.detect(parsed)]).toEqual([true, false, false]);
    expect(output.errors).toEqual([]);
    expect(output.warnings).toEqual([]);
  });

  it('groups one model turn into one assistant message and keeps developer context injected', () => {
    expect(transcript.id).toBe('resp_68b1c0ffee0001');
    expect(transcript.system?.blocks).toEqual([{ kind: 'text', text: expect.stringContaining('coding agent') }]);
    expect(transcript.messages.map((message) => `${message.id}:${message.role}`)).toEqual([
      'item-0:system', 'item-1:user', 'rs_01:assistant', 'item-5:tool', 'item-6:tool', 'rs_02:assistant', 'item-10:tool', 'item-12:user', 'rs_04:assistant',
    ]);
    expect(transcript.messages[0].origin).toBe('injected');
    expect(transcript.messages[2].raw).toHaveLength(3);
    expect(transcript.messages[5].blocks.map((block) => block.kind)).toEqual(['thinking', 'text', 'tool_call']);
  });

  it('links outputs by call_id, not by item id, and leaves the pending call unanswered', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toEqual(['call_readme', 'call_lint', 'call_patch', 'call_lint_2']);
    expect(pairs.orphanResults).toEqual([]);
    expect(pairs.unansweredCalls).toEqual([{ messageId: 'rs_04', callId: 'call_lint_2' }]);
    expect(transcript.messages[2].blocks[2]).toMatchObject({ argsRaw: '{"command":["npm","run","lint"]', args: '{"command":["npm","run","lint"]' });
    expect(transcript.messages[5].blocks[2]).toMatchObject({ name: 'apply_patch', args: expect.stringMatching(/^\*\*\* Begin Patch/) });
  });

  it('reads reasoning summaries, marks encrypted-only reasoning redacted, and marks the opaque compaction', () => {
    expect(transcript.messages[2].blocks[0]).toEqual({ kind: 'thinking', text: '**Inspecting README and lint config**', signature: 'gAAAAABo-enc-01' });
    expect(transcript.messages[5].blocks[0]).toEqual({ kind: 'thinking', text: '', isRedacted: true, signature: 'gAAAAABo-enc-02' });
    expect(transcript.markers).toEqual([{ atIndex: 7, kind: 'compaction', isOpaque: true }]);
  });

  it('puts the response usage on the last output message', () => {
    expect(transcript.messages[8].usage).toEqual({ inputTokens: 5120, outputTokens: 96, cacheReadTokens: 4096, reasoningTokens: 64, totalTokens: 5216, contextTokens: 5120 });
    expect(transcript.meta.loggedUsage?.lastContextTokens).toBe(5120);
  });
});

describe('openaiResponsesImporter on the response items of a real Codex rollout', () => {
  const items = fixture('codex__rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl')
    .split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as { type: string; payload: unknown })
    .filter((line) => line.type === 'response_item').map((line) => line.payload);
  const output = read(JSON.stringify(items));
  const transcript = output.transcripts[0];

  it('reads 286 items into a system prompt and 152 messages with 118 linked calls', () => {
    expect(items).toHaveLength(286);
    expect(output.errors).toEqual([]);
    expect(transcript.system).toBeDefined();
    expect(countRoles(transcript)).toEqual({ system: 3, user: 3, assistant: 28, tool: 118 });
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toHaveLength(118);
    expect(pairs.orphanResults).toEqual([]);
    expect(pairs.unansweredCalls).toEqual([]);
  });
});

describe('openaiResponsesImporter edge cases', () => {
  it('reads a string input and a bare output list', () => {
    const output = read(JSON.stringify({ input: 'hi', output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'hello' }] }] }));
    expect(output.transcripts[0].messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  it('stop reason: the response status goes on the last output turn; in_progress, or no output turn, sets none', () => {
    const output = [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'hello' }] }];
    const stopOf = (response: Record<string, unknown>) => read(JSON.stringify({ input: 'hi', output, ...response })).transcripts[0].messages.at(-1)?.stop;
    expect(stopOf({ status: 'completed' })).toEqual({ reason: 'end', raw: 'completed' });
    expect(stopOf({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } })).toEqual({ reason: 'length', raw: 'incomplete/max_output_tokens' });
    expect(stopOf({ status: 'incomplete', incomplete_details: { reason: 'content_filter' } })).toEqual({ reason: 'content_filter', raw: 'incomplete/content_filter' });
    expect(stopOf({ status: 'failed', error: { code: 'server_error' } })).toEqual({ reason: 'error', raw: 'failed' });
    expect(stopOf({ status: 'cancelled' })).toEqual({ reason: 'aborted', raw: 'cancelled' });
    expect(stopOf({ status: 'in_progress' })).toBeUndefined();
    expect(stopOf({})).toBeUndefined();
    const failedWithoutOutput = read(JSON.stringify({ input: [{ role: 'user', content: 'hi' }], output: [], status: 'failed' }));
    expect(failedWithoutOutput.transcripts[0].messages.map((message) => message.stop)).toEqual([undefined]);
  });

  it('reports a call_id-less output as an orphan and skips unknown items with a located warning', () => {
    const output = read(JSON.stringify([{ type: 'function_call_output', output: 'x' }, { type: 'item_reference', id: 'ref' }, 7]));
    expect(pairToolCalls(output.transcripts[0].messages).orphanResults).toEqual([{ messageId: 'item-0', callId: 'unlinked-output-0' }]);
    expect(output.warnings.map((warning) => warning.path)).toEqual(['[0]', '[1]']);
    expect(output.errors).toEqual([{ message: 'item is not an object; skipped', path: '[2]' }]);
  });

  it('does not claim chat messages or Codex envelopes', () => {
    const detect = (value: unknown) => openaiResponsesImporter.detect(parseDocument(JSON.stringify(value)));
    expect(detect([{ role: 'user', content: 'hi' }])).toBe(false);
    expect(detect({ payload: { type: 'function_call' }, type: 'response_item' })).toBe(false);
    expect(detect({ messages: [], output: [{ type: 'function_call' }] })).toBe(false);
  });
});

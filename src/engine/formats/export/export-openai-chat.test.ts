import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Message, Transcript } from '../../transcript/model';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { anthropicMessagesImporter } from '../anthropic-messages/anthropic-messages';
import { exportOpenAiChat } from './export-openai-chat';
import { openaiChatImporter } from '../openai-chat/openai-chat';
import { parseDocument } from '../parse-document';

const fixture = (name: string): string => readFileSync(new URL(`../../../../e2e/fixtures/transcripts/${name}`, import.meta.url), 'utf8');
const importChat = (value: unknown): Transcript => openaiChatImporter.read(parseDocument(JSON.stringify(value)), {}).transcripts[0];

/** What a round trip must keep: roles, texts, block kinds per message, and the tool pairs. */
function shape(transcript: Transcript) {
  const pairs = pairToolCalls(transcript.messages);
  return {
    system: transcript.system?.blocks.map((block) => (block.kind === 'text' ? block.text : '')).join('\n'),
    messages: transcript.messages.map((message: Message) => ({
      role: message.role,
      kinds: message.blocks.map((block) => block.kind),
      texts: message.blocks.map((block) => (block.kind === 'text' || block.kind === 'thinking' ? block.text : block.kind === 'tool_result' ? block.content : block.kind === 'tool_call' ? block.argsRaw : '')),
    })),
    calls: pairs.toolCallIds,
    answered: pairs.answeredCallIds,
    orphans: pairs.orphanResults.map((orphan) => orphan.callId),
  };
}

describe('exportOpenAiChat round trips', () => {
  it('keeps roles, texts, block kinds and tool pairs of the hand-written weather agent', () => {
    const original = openaiChatImporter.read(parseDocument(fixture('hand-written/openai-chat__weather-agent.json')), {}).transcripts[0];
    const exported = exportOpenAiChat(original);
    expect(exported).toHaveLength(10);
    expect(exported[2]).toEqual({
      role: 'assistant',
      content: null,
      reasoning_content: 'The user wants a comparison; I should fetch both forecasts in parallel.',
      tool_calls: [
        { id: 'call_lisbon_01', type: 'function', function: { name: 'get_forecast', arguments: '{"city":"Lisbon","days":3}' } },
        { id: 'call_porto_02', type: 'function', function: { name: 'get_forecast', arguments: '{"city":"Porto","days":3' } },
      ],
    });
    expect(shape(importChat(exported))).toEqual(shape(original));
  });

  it('keeps the SWE-agent function-calling history (reused call ids included)', () => {
    const history = JSON.parse(fixture('swe-agent-fc__marshmallow-code__marshmallow-1867.traj')).history;
    const original = importChat(history);
    const again = importChat(exportOpenAiChat(original));
    expect(again.messages).toHaveLength(27);
    expect(shape(again)).toEqual(shape(original));
  });

  it('turns an Anthropic conversation into valid chat messages, dropping only redacted thinking', () => {
    const anthropic = anthropicMessagesImporter.read(parseDocument(fixture('hand-written/anthropic__refactor-session.json')), {}).transcripts[0];
    const exported = exportOpenAiChat(anthropic) as { role: string; tool_call_id?: string }[];
    const again = importChat(exported);
    expect(shape(again).calls).toEqual(shape(anthropic).calls);
    expect(shape(again).orphans).toEqual([]);
    expect(exported.map((message) => message.role)).toEqual([
      'system', 'user', 'assistant', 'tool', 'tool', 'user', 'assistant', 'tool', 'tool', 'assistant', 'assistant', 'user', 'assistant',
    ]);
    // The server tool's result was inside the assistant turn; chat needs it as a tool message after the calls.
    expect(exported[7]).toMatchObject({ role: 'tool', tool_call_id: 'srvtoolu_01Web' });
    expect(exported[8]).toMatchObject({ role: 'tool', tool_call_id: 'toolu_03Read' });
    const redacted = again.messages.flatMap((message) => message.blocks).filter((block) => block.kind === 'thinking' && block.isRedacted);
    expect(redacted).toEqual([]);
  });

  it('can leave reasoning out, and writes inline images as placeholders', () => {
    const transcript: Transcript = {
      id: 't', source: { format: 'openai-chat' }, markers: [], meta: {},
      messages: [
        { id: 'u', role: 'user', origin: 'human', sourceRef: {}, raw: null, blocks: [{ kind: 'image', source: 'base64', mediaType: 'image/png', byteLength: 70 }] },
        { id: 'a', role: 'assistant', origin: 'model', sourceRef: {}, raw: null, blocks: [{ kind: 'thinking', text: 'hmm' }, { kind: 'text', text: 'ok' }] },
      ],
    };
    expect(exportOpenAiChat(transcript, { includeReasoning: false })).toEqual([
      { role: 'user', content: [{ type: 'text', text: '[image image/png 70 bytes: inline data not kept]' }] },
      { role: 'assistant', content: 'ok' },
    ]);
  });
});

describe('exportOpenAiChat on constructed transcripts', () => {
  const message = (id: string, role: Message['role'], blocks: Message['blocks']): Message => ({ id, role, origin: role === 'tool' ? 'tool' : role === 'assistant' ? 'model' : 'human', blocks, sourceRef: {}, raw: null });
  const transcript = (messages: Message[]): Transcript => ({ id: 't', source: { format: 'claude-code' }, messages, markers: [], meta: {} });

  it('folds split assistant lines into one message so tool messages follow their calls', () => {
    const exported = exportOpenAiChat(transcript([
      message('a1', 'assistant', [{ kind: 'text', text: 'Reading both.' }]),
      message('a2', 'assistant', [{ kind: 'tool_call', callId: 'c1', name: 'read', args: { path: 'a' }, argsRaw: '' }]),
      message('a3', 'assistant', [{ kind: 'tool_call', callId: 'c2', name: 'read', args: { path: 'b' }, argsRaw: '{"path":"b"}' }]),
      message('u1', 'user', [{ kind: 'tool_result', callId: 'c2', content: 'B', isError: true }, { kind: 'tool_result', callId: 'c1', content: 'A', isError: false }, { kind: 'text', text: 'and?' }]),
      message('t1', 'tool', [{ kind: 'text', text: 'pasted output without an id' }]),
    ]));
    expect(exported).toEqual([
      { role: 'assistant', content: 'Reading both.' },
      { role: 'assistant', content: null, tool_calls: [
        { id: 'c1', type: 'function', function: { name: 'read', arguments: '{"path":"a"}' } },
        { id: 'c2', type: 'function', function: { name: 'read', arguments: '{"path":"b"}' } },
      ] },
      { role: 'tool', tool_call_id: 'c2', content: 'B' },
      { role: 'tool', tool_call_id: 'c1', content: 'A' },
      { role: 'user', content: 'and?' },
      { role: 'user', content: 'pasted output without an id' },
    ]);
  });
});

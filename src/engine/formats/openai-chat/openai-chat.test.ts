import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pairToolCalls } from '../../transcript/tool-pairs';
import type { Transcript } from '../../transcript/model';
import { openaiChatImporter } from './openai-chat';
import { parseDocument } from '../parse-document';

const fixture = (name: string): string => readFileSync(new URL(`../../../../e2e/fixtures/transcripts/${name}`, import.meta.url), 'utf8');
const read = (text: string, fileName = 'input.json') => openaiChatImporter.read(parseDocument(text), { fileName });
const roles = (transcript: Transcript) => transcript.messages.map((message) => message.role);

describe('openaiChatImporter on the hand-written weather agent', () => {
  const text = fixture('hand-written/openai-chat__weather-agent.json');
  const output = read(text, 'openai-chat__weather-agent.json');
  const transcript = output.transcripts[0];

  it('is detected and read without errors', () => {
    expect(openaiChatImporter.detect(parseDocument(text))).toBe(true);
    expect(output.errors).toEqual([]);
    expect(output.transcripts).toHaveLength(1);
  });

  it('moves the first system message out and keeps the later developer message as injected', () => {
    expect(transcript.system?.blocks).toEqual([{ kind: 'text', text: expect.stringContaining('travel assistant') }]);
    expect(transcript.messages).toHaveLength(9);
    expect(roles(transcript)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant', 'tool', 'system', 'assistant', 'user']);
    expect(transcript.messages[6]).toMatchObject({ role: 'system', origin: 'injected' });
  });

  it('pairs the three calls by tool_call_id even when results arrive out of order', () => {
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toEqual(['call_lisbon_01', 'call_porto_02', 'call_porto_03']);
    expect(pairs.answeredCallIds).toHaveLength(3);
    expect(pairs.orphanResults).toEqual([]);
    expect(pairs.unansweredCalls).toEqual([]);
    expect(pairs.resultIndexesById.get('call_lisbon_01')).toEqual([3]);
  });

  it('keeps invalid JSON arguments verbatim and reads reasoning, images and part arrays', () => {
    const assistant = transcript.messages[1];
    expect(assistant.blocks.map((block) => block.kind)).toEqual(['thinking', 'tool_call', 'tool_call']);
    expect(assistant.blocks[2]).toMatchObject({ argsRaw: '{"city":"Porto","days":3', args: '{"city":"Porto","days":3' });
    expect(assistant.blocks[1]).toMatchObject({ args: { city: 'Lisbon', days: 3 } });
    expect(transcript.messages[0].blocks[1]).toEqual({ kind: 'image', source: 'https://example.com/maps/portugal-coast.png' });
    expect(transcript.messages[5].blocks[0]).toMatchObject({ kind: 'tool_result', callId: 'call_porto_03', content: expect.stringContaining('Porto') });
  });

  it('sums the logged usage of the three calls', () => {
    expect(transcript.messages[1].usage).toEqual({ inputTokens: 412, outputTokens: 71, cacheReadTokens: 0, reasoningTokens: 18, totalTokens: 483, contextTokens: 412 });
    expect(transcript.meta.loggedUsage).toMatchObject({ lastContextTokens: 688, totalInputTokens: 1660, totalOutputTokens: 143 });
    expect(transcript.meta.model).toBe('gpt-4o-2024-08-06');
  });
});

describe('openaiChatImporter on JSONL runs', () => {
  const text = fixture('hand-written/openai-chat__finetune-runs.jsonl');
  const output = read(text, 'runs.jsonl');

  it('yields one transcript per good line, labelled by line', () => {
    expect(openaiChatImporter.detect(parseDocument(text))).toBe(true);
    expect(output.transcripts.map((transcript) => transcript.source.runLabel)).toEqual(['line 1', 'line 2', 'line 4']);
    expect(output.transcripts.map((transcript) => transcript.messages.length)).toEqual([4, 4, 3]);
    expect(output.transcripts[0].system).toBeDefined();
    expect(output.transcripts[0].messages[0].sourceRef).toEqual({ index: 1, line: 1 });
  });

  it('links a legacy function message by name and says so', () => {
    const pairs = pairToolCalls(output.transcripts[1].messages);
    expect(pairs.toolCallIds).toEqual(['function-call-1']);
    expect(pairs.orphanResults).toEqual([]);
    expect(output.warnings.some((warning) => warning.message.includes('linked by function name') && warning.line === 2)).toBe(true);
  });

  it('reports a result with an unknown call id as an orphan', () => {
    const pairs = pairToolCalls(output.transcripts[2].messages);
    expect(pairs.orphanResults).toEqual([{ messageId: 'message-2', callId: 'call_ghost' }]);
  });
});

describe('openaiChatImporter on the SWE-agent function-calling history', () => {
  const history = JSON.parse(fixture('swe-agent-fc__marshmallow-code__marshmallow-1867.traj')).history as unknown[];
  const output = read(JSON.stringify(history));
  const transcript = output.transcripts[0];

  it('reads the 28 history entries: system prompt + 27 messages, 13 calls kept apart though they reuse 9 ids, each linked to its result', () => {
    expect(transcript.system).toBeDefined();
    expect(transcript.messages).toHaveLength(27);
    expect(roles(transcript).filter((role) => role === 'assistant')).toHaveLength(13);
    expect(roles(transcript).filter((role) => role === 'tool')).toHaveLength(13);
    const callBlocks = transcript.messages.flatMap((message) => message.blocks.filter((block) => block.kind === 'tool_call'));
    expect(callBlocks).toHaveLength(13);
    const pairs = pairToolCalls(transcript.messages);
    expect(pairs.toolCallIds).toHaveLength(13);
    expect(new Set(callBlocks.map((block) => (block.kind === 'tool_call' ? block.callId.replace(/#\d+$/, '') : ''))).size).toBe(9);
    expect([...pairs.resultIndexesById.values()].every((indexes) => indexes.length === 1)).toBe(true);
    expect(output.warnings.map((warning) => warning.message)).toEqual([
      expect.stringContaining('tool-call id call_5iDdbOYybq7L19vqXmR0DPaU is reused by 4 calls'),
      expect.stringContaining('tool-call id call_ahToD2vM0aQWJPkRmy5cumru is reused by 2 calls'),
    ]);
    expect(pairs.orphanResults).toEqual([]);
    expect(pairs.unansweredCalls).toEqual([]);
  });

  it('does not claim the .traj file itself', () => {
    expect(openaiChatImporter.detect(parseDocument(fixture('swe-agent-fc__marshmallow-code__marshmallow-1867.traj')))).toBe(false);
  });
});

describe('openaiChatImporter edge cases', () => {
  it('appends the reply of a logged request with its usage', () => {
    const output = read(JSON.stringify({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
      choices: [{ message: { role: 'assistant', content: 'hello' } }],
      usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 },
    }));
    expect(roles(output.transcripts[0])).toEqual(['user', 'assistant']);
    expect(output.transcripts[0].meta.loggedUsage?.lastContextTokens).toBe(9);
  });

  it('stop reason: finish_reason on the logged choice or on the message itself; none recorded, none set', () => {
    const logged = read(JSON.stringify({
      messages: [{ role: 'user', content: 'hi' }],
      choices: [{ message: { role: 'assistant', content: 'partial' }, finish_reason: 'length' }],
    }));
    expect(logged.transcripts[0].messages[1].stop).toEqual({ reason: 'length', raw: 'length' });
    const inline = read(JSON.stringify([
      { role: 'user', content: 'a' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }], finish_reason: 'tool_calls' },
      { role: 'tool', tool_call_id: 'c1', content: 'x' },
      { role: 'assistant', content: 'blocked', finish_reason: 'content_filter' },
      { role: 'assistant', content: 'old', finish_reason: 'function_call' },
      { role: 'assistant', content: 'plain' },
    ]));
    expect(inline.transcripts[0].messages.map((message) => message.stop?.reason)).toEqual([undefined, 'tool_use', undefined, 'content_filter', 'tool_use', undefined]);
  });

  it('never throws on hostile entries and locates them', () => {
    const output = read(JSON.stringify([{ role: 'user', content: 'a' }, 42, { role: 'tool', content: 'x' }, { role: 'assistant', tool_calls: [{ function: { name: 'f' } }] }]));
    expect(output.errors).toEqual([{ message: 'message is not an object; skipped', path: '[1]' }]);
    expect(output.warnings.map((warning) => warning.path)).toEqual(['[2]', '[3].tool_calls[0]']);
    const pairs = pairToolCalls(output.transcripts[0].messages);
    expect(pairs.orphanResults).toEqual([{ messageId: 'message-2', callId: 'unlinked-result-2' }]);
    expect(pairs.unansweredCalls).toEqual([{ messageId: 'message-3', callId: 'missing-call-id-3-0' }]);
  });

  it('makes duplicate source ids unique', () => {
    const output = read(JSON.stringify([{ role: 'user', id: 'm1', content: 'a' }, { role: 'assistant', id: 'm1', content: 'b' }]));
    expect(output.transcripts[0].messages.map((message) => message.id)).toEqual(['m1', 'm1~2']);
    expect(output.warnings).toHaveLength(1);
  });

  it('leaves other formats alone', () => {
    const detect = (value: unknown) => openaiChatImporter.detect(parseDocument(JSON.stringify(value)));
    expect(detect([{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'x', input: {} }] }])).toBe(false);
    expect(detect({ system: 'be brief', messages: [{ role: 'user', content: 'hi' }] })).toBe(false);
    expect(detect([{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }])).toBe(false);
    expect(detect({ trajectory: [], history: [{ role: 'user', content: 'x' }], messages: [{ role: 'user', content: 'x' }] })).toBe(false);
    expect(detect({ samples: [], messages: [{ role: 'user', content: 'x' }] })).toBe(false);
    expect(detect([{ type: 'human', data: { content: 'hi' } }])).toBe(false);
    expect(detect([])).toBe(false);
    const claudeLine = '{"parentUuid":null,"sessionId":"s","type":"user","message":{"role":"user","content":"hi"}}';
    expect(openaiChatImporter.detect(parseDocument(`${claudeLine}\n${claudeLine}`))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { anthropicWire } from './anthropic-wire';
import { geminiWire } from './gemini-wire';
import { behaviourOf } from './mock-behaviour';
import { matchRoute } from './mock-route';
import { openaiResponsesWire } from './openai-responses-wire';
import { openaiWire } from './openai-wire';
import { parseSse } from './mock-llm.test-support';
import { splitText } from './wire-format';

// The mock's pure parts. Its HTTP behaviour is tested in mock-llm-server.test.ts and mock-llm-misbehaviour.test.ts, and
// through the real SDKs in src/providers/live/.

describe('behaviourOf', () => {
  it('reads the misbehaviour from the model id, ignoring any vendor or models/ prefix', () => {
    expect(behaviourOf('mock-503x2')).toEqual({ kind: 'fail-first', status: 503, count: 2 });
    expect(behaviourOf('openrouter/mock-500x3')).toEqual({ kind: 'fail-first', status: 500, count: 3 });
    expect(behaviourOf('models/mock-hang')).toEqual({ kind: 'hang' });
    expect(behaviourOf('mock-401')).toEqual({ kind: 'unauthorized' });
    expect(behaviourOf('gpt-4o-mini')).toEqual({ kind: 'ok' });
  });
});

describe('matchRoute', () => {
  it('finds the wire by path, and Anthropic model lists by their version header', () => {
    expect(matchRoute('POST', '/api/v1/chat/completions', {})).toMatchObject({ kind: 'generate', wire: openaiWire });
    expect(matchRoute('POST', '/v1/responses', {})).toMatchObject({ kind: 'generate', wire: openaiResponsesWire });
    expect(matchRoute('POST', '/v1/messages', {})).toMatchObject({ kind: 'generate', wire: anthropicWire });
    expect(matchRoute('POST', '/v1beta/models/mock-ok:streamGenerateContent', {})).toMatchObject({ wire: geminiWire, pathModel: 'mock-ok', isStreamPath: true });
    expect(matchRoute('GET', '/v1/models', { 'anthropic-version': '2023-06-01' })).toMatchObject({ kind: 'models', wire: anthropicWire });
    expect(matchRoute('GET', '/v1/models', {})).toMatchObject({ kind: 'models', wire: openaiWire });
    expect(matchRoute('GET', '/v1beta/models', {})).toMatchObject({ kind: 'models', wire: geminiWire });
    expect(matchRoute('POST', '/__mock/reset', {})).toEqual({ kind: 'reset' });
    expect(matchRoute('DELETE', '/v1/messages', {})).toEqual({ kind: 'unknown' });
  });
});

describe('request parsing', () => {
  it('takes system and user text from each wire, text parts joined', () => {
    const openai = openaiWire.parseRequest(
      { model: 'm', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'developer', content: 'S' }, { role: 'user', content: [{ type: 'text', text: 'A' }, { type: 'text', text: 'B' }] }, { role: 'assistant', content: 'X' }] },
      undefined,
      false,
    );
    expect(openai).toEqual({ model: 'm', system: 'S', prompt: 'A\n\nB', stream: true, shouldIncludeUsage: true });
    expect(anthropicWire.parseRequest({ model: 'm', system: [{ type: 'text', text: 'S' }], messages: [{ role: 'user', content: 'P' }] }, undefined, false))
      .toMatchObject({ system: 'S', prompt: 'P', stream: false });
    expect(geminiWire.parseRequest({ systemInstruction: { parts: [{ text: 'S' }] }, contents: [{ role: 'user', parts: [{ text: 'P' }] }] }, 'g', true))
      .toMatchObject({ model: 'g', system: 'S', prompt: 'P', stream: true });
    expect(openaiWire.parseRequest('not an object', undefined, false)).toMatchObject({ model: '', system: '', prompt: '' });
  });

  it('takes Responses text from a string input, or from message items with input_text parts, instructions first', () => {
    expect(openaiResponsesWire.parseRequest({ model: 'r', instructions: 'I', input: 'P' }, undefined, false))
      .toEqual({ model: 'r', system: 'I', prompt: 'P', stream: false, shouldIncludeUsage: true });
    const items = [
      { role: 'developer', content: 'S' },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'A' }, { type: 'input_image', image_url: 'x' }, { type: 'input_text', text: 'B' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'X' }] },
      { type: 'function_call_output', call_id: 'c', output: 'ignored' },
    ];
    expect(openaiResponsesWire.parseRequest({ model: 'r', stream: true, instructions: 'I', input: items }, undefined, false))
      .toMatchObject({ system: 'I\n\nS', prompt: 'A\n\nB', stream: true });
    expect(openaiResponsesWire.parseRequest({ input: 42 }, undefined, false)).toMatchObject({ model: '', system: '', prompt: '' });
  });
});

describe('stream helpers', () => {
  it('splits text without breaking surrogate pairs and frames SSE that parses back', () => {
    expect(splitText('ab😀cd', 3)).toEqual(['ab😀', 'cd']);
    const answer = { id: 'i', model: 'm', text: 'hello', inputTokens: 1, outputTokens: 2 };
    const frames = anthropicWire.answerFrames(answer, ['he', 'llo'], { model: 'm', system: '', prompt: '', stream: true, shouldIncludeUsage: true });
    expect(parseSse(frames.join('')).map((frame) => frame.event)).toEqual([
      'message_start', 'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop',
    ]);
  });

  it('numbers the Responses events in order and names each by its type', () => {
    const answer = { id: 'resp_mock_1', model: 'm', text: 'hello', inputTokens: 1, outputTokens: 2 };
    const frames = parseSse(openaiResponsesWire.answerFrames(answer, ['he', 'llo'], { model: 'm', system: '', prompt: '', stream: true, shouldIncludeUsage: true }).join(''));
    const payloads = frames.map((frame) => JSON.parse(frame.data));
    expect(payloads.map((payload) => payload.sequence_number)).toEqual(payloads.map((_, index) => index));
    expect(frames.every((frame, index) => frame.event === payloads[index].type)).toBe(true);
    expect(payloads.filter((payload) => payload.type === 'response.output_text.delta')).toEqual([
      { type: 'response.output_text.delta', sequence_number: 4, item_id: 'msg_mock_1', output_index: 0, content_index: 0, delta: 'he', logprobs: [] },
      { type: 'response.output_text.delta', sequence_number: 5, item_id: 'msg_mock_1', output_index: 0, content_index: 0, delta: 'llo', logprobs: [] },
    ]);
  });
});

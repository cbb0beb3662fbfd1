import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { summarizeOffline } from '../../src/providers/offline/offline-summarizer';
import { startMockLlm, type MockLlm } from './mock-llm-server';
import { callWire, parseSse, wireHeaders, type Wire } from './mock-llm.test-support';

// The mock's answers over raw HTTP, in each provider's wire shape. Misbehaviours are in mock-llm-misbehaviour.test.ts.

const system = 'Summarize the conversation.';
const prompt = 'user: please fix the build in src/a.ts\nassistant: npm test failed with TypeError in src/b.ts';
const expectedText = summarizeOffline({ system, prompt });
const expectedUsage = { input: Math.ceil((system.length + prompt.length) / 4), output: Math.ceil(expectedText.length / 4) };

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const call = (wire: Wire, model: string, stream: boolean): Promise<Response> => callWire(mock.url, wire, { model, system, prompt }, stream);
const dataOf = (text: string) => parseSse(text).map((frame) => frame.data);

describe('OpenAI chat completions', () => {
  it('answers JSON with the offline summary and chars/4 usage', async () => {
    const response = await call('openai', 'mock-ok', false);
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ object: 'chat.completion', model: 'mock-ok', choices: [{ message: { role: 'assistant', content: expectedText }, finish_reason: 'stop' }] });
    expect(body.usage).toEqual({ prompt_tokens: expectedUsage.input, completion_tokens: expectedUsage.output, total_tokens: expectedUsage.input + expectedUsage.output });
  });

  it('streams SSE chunks, usage in the last chunk, then [DONE]', async () => {
    const response = await call('openai', 'mock-ok', true);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const data = dataOf(await response.text());
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map((text) => JSON.parse(text));
    expect(chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join('')).toBe(expectedText);
    expect(chunks.some((chunk) => chunk.choices[0]?.finish_reason === 'stop')).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expectedUsage.input, completion_tokens: expectedUsage.output } });
  });
});

describe('OpenAI responses', () => {
  const responsesUsage = { input_tokens: expectedUsage.input, output_tokens: expectedUsage.output, total_tokens: expectedUsage.input + expectedUsage.output };

  it('answers JSON with a completed response holding one assistant message', async () => {
    const response = await call('openai-responses', 'mock-ok', false);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = await response.json();
    expect(body).toMatchObject({ id: expect.stringMatching(/^resp_/), object: 'response', created_at: expect.any(Number), status: 'completed', model: 'mock-ok' });
    expect(body.output).toEqual([
      { type: 'message', id: expect.stringMatching(/^msg_/), status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: expectedText, annotations: [], logprobs: [] }] },
    ]);
    expect(body.usage).toMatchObject(responsesUsage);
  });

  it('streams typed, numbered events from response.created to response.completed with usage', async () => {
    const response = await call('openai-responses', 'mock-ok', true);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const frames = parseSse(await response.text());
    const payloads = frames.map((frame) => JSON.parse(frame.data));
    expect(frames.every((frame, index) => frame.event === payloads[index].type)).toBe(true);
    expect(payloads.map((payload) => payload.sequence_number)).toEqual(payloads.map((_, index) => index));
    const events = payloads.map((payload) => payload.type).filter((type, index, all) => type !== all[index - 1]);
    expect(events).toEqual([
      'response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added', 'response.output_text.delta',
      'response.output_text.done', 'response.content_part.done', 'response.output_item.done', 'response.completed',
    ]);
    const deltas = payloads.filter((payload) => payload.type === 'response.output_text.delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((delta) => delta.delta).join('')).toBe(expectedText);
    const itemId = payloads[2].item.id;
    expect(deltas.every((delta) => delta.item_id === itemId && delta.output_index === 0 && delta.content_index === 0)).toBe(true);
    expect(payloads.find((payload) => payload.type === 'response.output_text.done')).toMatchObject({ item_id: itemId, text: expectedText });
    expect(payloads[0].response).toMatchObject({ status: 'in_progress', output: [], usage: null });
    expect(payloads.at(-1).response).toMatchObject({ status: 'completed', output: [{ id: itemId, content: [{ text: expectedText }] }], usage: responsesUsage });
  });

  it('records the model and stream flag from the body, and answers errors in the OpenAI shape', async () => {
    await (await call('openai-responses', 'model-r', true)).text();
    expect(mock.requests[0]).toMatchObject({ method: 'POST', path: '/v1/responses', model: 'model-r', stream: true, status: 200, hasAuthorization: true });
    const failure = await call('openai-responses', 'mock-401', false);
    expect(failure.status).toBe(401);
    expect(await failure.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_api_key', message: expect.stringContaining('HTTP 401') } });
  });
});

describe('Anthropic messages', () => {
  it('answers JSON in the Messages shape', async () => {
    const body = await (await call('anthropic', 'mock-ok', false)).json();
    expect(body).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'text', text: expectedText }], stop_reason: 'end_turn' });
    expect(body.usage).toMatchObject({ input_tokens: expectedUsage.input, output_tokens: expectedUsage.output });
  });

  it('streams the event sequence with usage at both ends', async () => {
    const frames = parseSse(await (await call('anthropic', 'mock-ok', true)).text());
    const events = frames.map((frame) => frame.event).filter((event, index, all) => event !== all[index - 1]);
    expect(events).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    const payloads = frames.map((frame) => JSON.parse(frame.data));
    expect(payloads.every((payload, index) => payload.type === frames[index].event)).toBe(true);
    expect(payloads.filter((payload) => payload.type === 'content_block_delta').map((payload) => payload.delta.text).join('')).toBe(expectedText);
    expect(payloads[0].message.usage.input_tokens).toBe(expectedUsage.input);
    expect(payloads.find((payload) => payload.type === 'message_delta').usage.output_tokens).toBe(expectedUsage.output);
  });
});

describe('Gemini generateContent', () => {
  it('answers JSON with candidates and usageMetadata', async () => {
    const body = await (await call('gemini', 'mock-ok', false)).json();
    expect(body.candidates[0]).toMatchObject({ content: { role: 'model', parts: [{ text: expectedText }] }, finishReason: 'STOP' });
    expect(body.usageMetadata).toMatchObject({ promptTokenCount: expectedUsage.input, candidatesTokenCount: expectedUsage.output });
  });

  it('streams SSE frames, the last with STOP and usage, no [DONE]', async () => {
    const chunks = dataOf(await (await call('gemini', 'mock-ok', true)).text()).map((text) => JSON.parse(text));
    expect(chunks.map((chunk) => chunk.candidates[0].content.parts[0].text).join('')).toBe(expectedText);
    expect(chunks.at(-1)).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { totalTokenCount: expectedUsage.input + expectedUsage.output } });
  });
});

describe('model lists', () => {
  it('answers in each provider shape', async () => {
    const openai = await (await fetch(`${mock.url}/v1/models`, { headers: wireHeaders.openai })).json();
    const anthropic = await (await fetch(`${mock.url}/v1/models`, { headers: wireHeaders.anthropic })).json();
    const gemini = await (await fetch(`${mock.url}/v1beta/models`, { headers: wireHeaders.gemini })).json();
    expect(openai).toMatchObject({ object: 'list', data: expect.arrayContaining([{ id: 'mock-ok', object: 'model', created: expect.any(Number), owned_by: 'mock-llm' }]) });
    expect(anthropic).toMatchObject({ has_more: false, data: expect.arrayContaining([expect.objectContaining({ type: 'model', id: 'mock-503x2' })]) });
    expect(gemini.models).toContainEqual(expect.objectContaining({ name: 'models/mock-hang', supportedGenerationMethods: expect.arrayContaining(['generateContent']) }));
  });
});

describe('scripted answers', () => {
  it('answers a request whose text holds a script match with the script, in every wire, and records which script', async () => {
    mock.setScripts([{ match: 'please fix the build', text: '{"P1": "the build is fixed"}' }]);
    try {
      const openai = await (await call('openai', 'mock-ok', false)).json();
      const anthropic = dataOf(await (await call('anthropic', 'mock-ok', true)).text()).map((text) => JSON.parse(text));
      expect(openai.choices[0].message.content).toBe('{"P1": "the build is fixed"}');
      expect(anthropic.filter((payload) => payload.type === 'content_block_delta').map((payload) => payload.delta.text).join('')).toBe('{"P1": "the build is fixed"}');
      expect(mock.requests.map((request) => request.scripted)).toEqual(['please fix the build', 'please fix the build']);
    } finally {
      mock.setScripts([]);
    }
  });

  it('falls back to the offline summary when no script matches', async () => {
    mock.setScripts([{ match: 'a text no request holds', text: 'never sent' }]);
    try {
      const body = await (await call('openai', 'mock-ok', false)).json();
      expect(body.choices[0].message.content).toBe(expectedText);
      expect(mock.requests[0].scripted).toBeUndefined();
    } finally {
      mock.setScripts([]);
    }
  });
});

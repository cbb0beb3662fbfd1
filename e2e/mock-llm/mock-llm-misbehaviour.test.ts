import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isTransientText } from '../../src/engine/profiles/auto-compactor/transient';
import { startMockLlm, type MockLlm } from './mock-llm-server';
import { callWire, parseSse, postJson, readUntil, testKey, type Wire } from './mock-llm.test-support';

// The misbehaviours the model id picks, CORS, the recording and the server's lifecycle, over raw HTTP.

const system = 'Summarize the conversation.';
const prompt = 'user: please fix the build in src/a.ts';

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const call = (wire: Wire, model: string, stream: boolean, signal?: AbortSignal): Promise<Response> =>
  callWire(mock.url, wire, { model, system, prompt }, stream, signal);
const dataOf = (text: string) => parseSse(text).map((frame) => frame.data);
const waitForRecord = (model: string) => vi.waitFor(() => expect(mock.requests.find((request) => request.model === model)).toBeDefined(), { timeout: 1000 });

describe('misbehaviour chosen by the model id', () => {
  it('fails the first N calls with 503, then answers; reset() and POST /__mock/reset start over', async () => {
    const statuses = async () => [(await call('openai', 'mock-503x2', false)).status, (await call('openai', 'mock-503x2', false)).status];
    const failure = await (await call('openai', 'mock-503x2', false)).json();
    expect(failure.error).toMatchObject({ type: 'server_error', message: expect.stringContaining('HTTP 503') });
    expect(isTransientText(failure.error.message)).toBe(true);
    expect(await statuses()).toEqual([503, 200]);
    mock.reset();
    expect(mock.requests).toEqual([]);
    expect(await statuses()).toEqual([503, 503]);
    expect((await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })).status).toBe(204);
    expect(mock.requests).toEqual([]);
    expect((await call('openai', 'mock-503x2', false)).status).toBe(503);
    const responses = await call('openai-responses', 'mock-503x1', true);
    expect(responses.status).toBe(503);
    expect(await responses.json()).toMatchObject({ error: { type: 'server_error', message: expect.stringContaining('HTTP 503') } });
    expect((await call('openai-responses', 'mock-503x1', true)).status).toBe(200);
  });

  it('counts mock-500xN per model, in the Anthropic error shape', async () => {
    const failure = await call('anthropic', 'mock-500x1', false);
    expect(failure.status).toBe(500);
    expect(await failure.json()).toMatchObject({ type: 'error', error: { type: 'api_error', message: expect.stringContaining('HTTP 500') } });
    expect((await call('anthropic', 'mock-500x1', false)).status).toBe(200);
  });

  it('answers mock-429 with 429 and retry-after every time, in a text the seed does not retry', async () => {
    for (const wire of ['openai', 'openai-responses', 'gemini'] as const) {
      const response = await call(wire, 'mock-429', false);
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('1');
      const body = await response.json();
      expect(isTransientText(JSON.stringify(body))).toBe(false);
    }
  });

  it('never answers mock-hang; an aborted client is recorded as closedEarly', async () => {
    const controller = new AbortController();
    const pending = call('openai', 'mock-hang', false, controller.signal);
    await waitForRecord('mock-hang');
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
    await vi.waitFor(() => expect(mock.requests[0]).toMatchObject({ model: 'mock-hang', status: 0, closedEarly: true }), { timeout: 1000 });
  });

  it('dribbles keep-alive comments on mock-dribble without an answer', async () => {
    const controller = new AbortController();
    const response = await call('anthropic', 'mock-dribble', true, controller.signal);
    expect(response.status).toBe(200);
    const text = await readUntil(response, (sofar) => sofar.split(': keep-alive').length > 2);
    expect(parseSse(text)).toEqual([]);
    controller.abort();
    await vi.waitFor(() => expect(mock.requests[0]).toMatchObject({ status: 200, stream: true, closedEarly: true }), { timeout: 1000 });
  });

  it('streams mock-slow piece by piece', async () => {
    const controller = new AbortController();
    const response = await call('openai', 'mock-slow', true, controller.signal);
    const text = await readUntil(response, (sofar) => sofar.split('"content":"').length > 2);
    expect(text).not.toContain('[DONE]');
    controller.abort();
    await vi.waitFor(() => expect(mock.requests[0].closedEarly).toBe(true), { timeout: 1000 });
  });

  it('streams the start of the answer on mock-stall, then only keep-alives until the client closes', async () => {
    for (const wire of ['openai', 'anthropic', 'gemini', 'openai-responses'] as const) {
      mock.reset();
      const controller = new AbortController();
      const response = await call(wire, 'mock-stall', true, controller.signal);
      const text = await readUntil(response, (sofar) => sofar.split(': keep-alive').length > 2);
      const frames = parseSse(text).map((frame) => frame.data);
      expect(frames.length).toBeGreaterThan(1);
      expect(text).toContain('## ');
      expect(text).not.toMatch(/\[DONE\]|"finish_reason":"stop"|message_stop|"finishReason":"STOP"|response\.completed/);
      controller.abort();
      await vi.waitFor(() => expect(mock.requests[0]).toMatchObject({ model: 'mock-stall', status: 200, closedEarly: true }), { timeout: 1000 });
    }
  });

  it('sends bodies no client can parse on mock-malformed', async () => {
    const json = await call('openai', 'mock-malformed', false);
    expect(json.status).toBe(200);
    await expect(json.json()).rejects.toThrow();
    for (const wire of ['gemini', 'openai-responses'] as const) {
      const data = dataOf(await (await call(wire, 'mock-malformed', true)).text());
      expect(data.length).toBeGreaterThan(0);
      expect(() => data.forEach((text) => JSON.parse(text))).toThrow();
    }
  });

  it('resets the connection on mock-reset', async () => {
    await expect(call('anthropic', 'mock-reset', false)).rejects.toThrow();
    expect(mock.requests[0]).toMatchObject({ model: 'mock-reset', status: 0, closedEarly: false });
  });

  it('answers mock-401 in each provider error shape, never echoing the key', async () => {
    const bodies = await Promise.all((['openai', 'anthropic', 'gemini'] as const).map(async (wire) => {
      const response = await call(wire, 'mock-401', false);
      expect(response.status).toBe(401);
      return response.json();
    }));
    expect(bodies[0]).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_api_key' } });
    expect(bodies[1]).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    expect(bodies[2]).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    expect(JSON.stringify(bodies)).not.toContain(testKey);
  });
});

describe('CORS', () => {
  it('answers preflights with the provider headers and whatever else is asked', async () => {
    const response = await fetch(`${mock.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:4173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, x-sdk-extra' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = response.headers.get('access-control-allow-headers')!.split(', ');
    for (const name of ['authorization', 'x-api-key', 'anthropic-version', 'anthropic-dangerous-direct-browser-access', 'x-goog-api-key', 'content-type', 'x-sdk-extra']) {
      expect(allowed).toContain(name);
    }
    const answer = await call('gemini', 'mock-429', false);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toContain('retry-after');
  });
});

describe('recorded requests and the server', () => {
  it('records host, model, stream and the raw key per wire', async () => {
    await Promise.all([call('openai', 'mock-ok', true).then((r) => r.text()), call('anthropic', 'model-a', false).then((r) => r.text())]);
    await (await call('gemini', 'model-g', false)).text();
    await (await fetch(`${mock.url}/v1beta/models?key=query-key`)).text();
    const host = new URL(mock.url).host;
    const byModel = (model?: string) => mock.requests.find((request) => request.model === model);
    expect(byModel('mock-ok')).toMatchObject({ method: 'POST', path: '/v1/chat/completions', host, stream: true, hasAuthorization: true, authorization: `Bearer ${testKey}`, status: 200 });
    expect(byModel('model-a')).toMatchObject({ host, stream: false, authorization: testKey });
    expect(byModel('model-g')).toMatchObject({ path: '/v1beta/models/model-g:generateContent', authorization: testKey });
    expect(byModel(undefined)).toMatchObject({ method: 'GET', authorization: 'query-key' });
  });

  it('listens on 127.0.0.1 only, on the port asked for', async () => {
    const url = new URL(mock.url);
    expect(url.hostname).toBe('127.0.0.1');
    await expect(fetch(`http://[::1]:${url.port}/v1/models`)).rejects.toThrow();
    await expect(startMockLlm({ port: Number(url.port) })).rejects.toThrow(/EADDRINUSE/);
  });

  it('close() ends hanging and dribbling responses and stops listening', async () => {
    const other = await startMockLlm();
    const hang = postJson(`${other.url}/v1/chat/completions`, { model: 'mock-hang', messages: [] });
    const dribble = await postJson(`${other.url}/v1/chat/completions`, { model: 'mock-dribble', stream: true, messages: [] });
    await vi.waitFor(() => expect(other.requests.map((request) => request.model)).toContain('mock-hang'), { timeout: 1000 });
    await other.close();
    await expect(hang).rejects.toThrow();
    expect(await dribble.text()).toContain(': keep-alive');
    expect(other.requests.every((request) => !request.closedEarly)).toBe(true);
    await expect(fetch(`${other.url}/v1/models`)).rejects.toThrow();
  });
});

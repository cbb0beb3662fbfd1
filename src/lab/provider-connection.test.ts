import { describe, expect, it } from 'vitest';
import { secretKey } from '../providers/live/live-summarizer.test-support';
import { testProviderConnection } from './provider-connection';

const jsonResponse = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('testProviderConnection', () => {
  it('sends each provider its own auth headers to its list endpoint', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    const recording: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), headers: new Headers(init?.headers) });
      return jsonResponse(200, { data: [{ id: 'a' }] });
    };
    await testProviderConnection({ provider: 'anthropic', model: 'm' }, secretKey, recording);
    await testProviderConnection({ provider: 'openrouter', model: 'm' }, secretKey, recording);
    expect(seen[0].url).toBe('https://api.anthropic.com/v1/models');
    expect(Object.fromEntries(seen[0].headers)).toMatchObject({ 'x-api-key': secretKey, 'anthropic-version': '2023-06-01', 'anthropic-dangerous-direct-browser-access': 'true' });
    expect(seen[1].url).toBe('https://openrouter.ai/api/v1/models');
    expect(seen[1].headers.get('authorization')).toBe(`Bearer ${secretKey}`);
  });

  it('calls a 401 a bad key without repeating the key the provider echoed', async () => {
    const echoing: typeof fetch = async () => jsonResponse(401, { error: { message: `Incorrect API key provided: ${secretKey}` } });
    const result = await testProviderConnection({ provider: 'openai', model: 'm' }, secretKey, echoing);
    expect(result).toMatchObject({ ok: false, problem: 'bad-key', message: expect.stringContaining('HTTP 401') });
    expect(JSON.stringify(result)).not.toContain(secretKey.slice(0, 8));
  });

  it('says a bare browser network failure is probably CORS and names the local servers\' fixes', async () => {
    const blocked: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const result = await testProviderConnection({ provider: 'openai-compatible', model: 'm', baseURL: 'http://localhost:11434/v1' }, undefined, blocked);
    expect(result).toMatchObject({ ok: false, problem: 'cors-or-network' });
    if (result.ok) throw new Error('unexpectedly ok');
    expect(result.message).toContain('OLLAMA_ORIGINS');
    expect(result.message).toContain('LM Studio');
    const anthropic = await testProviderConnection({ provider: 'anthropic', model: 'm' }, secretKey, blocked);
    expect(anthropic).toMatchObject({ problem: 'cors-or-network', message: expect.stringContaining('browser-access header') });
  });

  it('reports other HTTP answers, a non-list body and a missing key plainly', async () => {
    const notFound: typeof fetch = async () => jsonResponse(404, { error: 'no such route' });
    expect(await testProviderConnection({ provider: 'openai', model: 'm' }, secretKey, notFound)).toMatchObject({ problem: 'http', message: expect.stringContaining('HTTP 404 from api.openai.com') });
    const html: typeof fetch = async () => new Response('<html>', { status: 200 });
    expect(await testProviderConnection({ provider: 'openai', model: 'm' }, secretKey, html)).toMatchObject({ problem: 'http', message: expect.stringContaining('not with a model list') });
    let called = false;
    const never: typeof fetch = async () => {
      called = true;
      return jsonResponse(200, {});
    };
    expect(await testProviderConnection({ provider: 'google', model: 'm' }, undefined, never)).toMatchObject({ problem: 'bad-key', message: expect.stringContaining('No API key is set for google') });
    expect(called).toBe(false);
  });

  it('records the request it made for the network panel: host, status, whether a key went, and no key', async () => {
    let clock = 100;
    const slow: typeof fetch = async () => {
      clock += 42;
      return jsonResponse(401, { error: { message: `bad key ${secretKey}` } });
    };
    const result = await testProviderConnection({ provider: 'openai', model: 'm' }, secretKey, slow, () => clock);
    expect(result.request).toEqual({ host: 'api.openai.com', status: 401, hasKey: true, durationMs: 42 });
    const blocked: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const keyless = await testProviderConnection({ provider: 'openai-compatible', model: 'm', baseURL: 'http://localhost:1234/v1' }, undefined, blocked, () => clock);
    expect(keyless.request).toEqual({ host: 'localhost:1234', status: null, hasKey: false, durationMs: 0 });
    expect((await testProviderConnection({ provider: 'google', model: 'm' }, undefined, slow)).request).toBeUndefined();
  });
});

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

  it('calls a bare browser failure CORS when a keyless no-cors probe of the same URL is answered, with the local servers\' fixes', async () => {
    const probes: RequestInit[] = [];
    const corsRefused: typeof fetch = async (_input, init) => {
      if (init?.mode !== 'no-cors') throw new TypeError('Failed to fetch');
      probes.push(init);
      return new Response(null, { status: 200 });
    };
    const result = await testProviderConnection({ provider: 'openai-compatible', model: 'm', baseURL: 'http://localhost:11434/v1' }, undefined, corsRefused);
    expect(result).toMatchObject({ ok: false, problem: 'cors' });
    if (result.ok) throw new Error('unexpectedly ok');
    expect(result.message).toContain('answered, but the browser withheld the answer (CORS)');
    expect(result.message).toContain('OLLAMA_ORIGINS');
    expect(result.message).toContain('LM Studio');
    const anthropic = await testProviderConnection({ provider: 'anthropic', model: 'm' }, secretKey, corsRefused);
    expect(anthropic).toMatchObject({ problem: 'cors', message: expect.stringContaining('browser-access header') });
    expect(probes.every((probe) => probe.headers === undefined), 'the probe carries no key').toBe(true);
  });

  it('calls a failure nothing answered refused on a loopback host, unreachable on any other, and never CORS', async () => {
    const nothing: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const local = await testProviderConnection({ provider: 'openai-compatible', model: 'm', baseURL: 'http://127.0.0.1:5399/v1' }, undefined, nothing);
    expect(local).toMatchObject({ ok: false, problem: 'refused', message: 'Could not reach 127.0.0.1:5399: connection refused (nothing is listening there). Is the server running, and on this port?' });
    const remote = await testProviderConnection({ provider: 'openai', model: 'm' }, secretKey, nothing);
    expect(remote).toMatchObject({ ok: false, problem: 'unreachable', message: expect.stringMatching(/^Could not reach api\.openai\.com: no answer/) });
    const blockedPort = await testProviderConnection({ provider: 'openai-compatible', model: 'm', baseURL: 'http://127.0.0.1:9/v1' }, undefined, nothing);
    expect(blockedPort).toMatchObject({ ok: false, problem: 'unreachable', message: expect.stringContaining('could not reach 127.0.0.1:9: the browser never connects to that port'.replace(/^c/, 'C')) });
    expect(JSON.stringify([local, remote, blockedPort])).not.toMatch(/CORS|OLLAMA/);
    expect(JSON.stringify(remote)).not.toContain(secretKey.slice(0, 8));
  });

  it('names Node\'s socket errors as they are: ECONNREFUSED refused, ENOTFOUND an unknown host name', async () => {
    const failing = (code: string): typeof fetch => async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
    };
    expect(await testProviderConnection({ provider: 'openai', model: 'm' }, secretKey, failing('ECONNREFUSED'))).toMatchObject({ problem: 'refused' });
    expect(await testProviderConnection({ provider: 'openai', model: 'm' }, secretKey, failing('ENOTFOUND'))).toMatchObject({
      problem: 'unreachable', message: 'Could not reach api.openai.com: it is not a known host name. Check the base URL and your network.',
    });
  });

  it('reports other HTTP answers, a non-list body and a missing key plainly', async () => {
    const notFound: typeof fetch = async () => jsonResponse(404, { error: 'no such route' });
    expect(await testProviderConnection({ provider: 'openai', model: 'm' }, secretKey, notFound)).toMatchObject({ problem: 'http', message: expect.stringContaining('api.openai.com answered HTTP 404') });
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

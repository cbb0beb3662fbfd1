import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../../../e2e/mock-llm/mock-llm-server';
import { summarizeOffline } from '../offline/offline-summarizer';
import { loadPriceBook } from '../prices/price-book';
import { createLiveSummarizer, type LiveCallRecord } from './live-summarizer';
import { mockedProviders, mockSpec, secretKey, summarizeRequest } from './live-summarizer.test-support';

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({ port: 0 });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

describe('createLiveSummarizer against the mock provider, through the real AI SDK', () => {
  it.each(mockedProviders)('streams the mock\'s deterministic summary and usage back over $provider', async ({ provider }) => {
    const fetched: string[] = [];
    const calls: LiveCallRecord[] = [];
    const deltas: string[] = [];
    const summarizer = createLiveSummarizer({
      spec: mockSpec(mock.url, provider, 'mock-ok'),
      apiKey: secretKey,
      fetch: (input, init) => {
        fetched.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
      onDelta: (text) => deltas.push(text),
      onCall: (call) => calls.push(call),
    });
    const request = summarizeRequest();
    const result = await summarizer.summarize(request);
    const expected = summarizeOffline({ system: request.system, prompt: request.prompt });
    expect(result.text).toBe(expected);
    expect(deltas.join('')).toBe(expected);
    expect(result.model).toBe('mock-ok');
    expect(result.usage).toEqual({ inputTokens: Math.ceil((request.system.length + request.prompt.length) / 4), outputTokens: Math.ceil(expected.length / 4) });
    // The key went in the provider's own auth header, and only to the configured host.
    expect(fetched.length).toBeGreaterThan(0);
    for (const url of fetched) expect(url.startsWith(`${mock.url}/`)).toBe(true);
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]).toMatchObject({ method: 'POST', host: new URL(mock.url).host, model: 'mock-ok', stream: true, status: 200, hasAuthorization: true });
    expect(mock.requests[0].authorization?.replace(/^Bearer /, '')).toBe(secretKey);
    expect(calls).toEqual([expect.objectContaining({ role: 'smol', provider, model: 'mock-ok', host: new URL(mock.url).host, status: 200, ok: true, aborted: false, hasKey: true, costUsd: null, usage: result.usage })]);
    expect(JSON.stringify(calls)).not.toContain(secretKey);
  });

  it('prices each call at the catalog’s price of its model, or at the user’s override when the book carries one', async () => {
    const costs: (number | null)[] = [];
    // claude-haiku-4-5 was not in the former hand-written table; the catalog prices it at $1 in, $5 out.
    const spec = mockSpec(mock.url, 'openai-compatible', 'claude-haiku-4-5');
    const catalogPriced = await createLiveSummarizer({ spec, onCall: (call) => costs.push(call.costUsd) }).summarize(summarizeRequest());
    const overrides = { 'claude-haiku-4-5': { inputPerMillion: 1, outputPerMillion: 2 } };
    const overridden = await createLiveSummarizer({ spec, prices: loadPriceBook(overrides), onCall: (call) => costs.push(call.costUsd) }).summarize(summarizeRequest());
    const usage = (result: typeof catalogPriced) => [result.usage?.inputTokens ?? Number.NaN, result.usage?.outputTokens ?? Number.NaN];
    const [input, output] = usage(catalogPriced);
    expect(costs[0]).toBeCloseTo((input * 1 + output * 5) / 1_000_000, 12);
    const [overriddenInput, overriddenOutput] = usage(overridden);
    expect(costs[1]).toBeCloseTo((overriddenInput * 1 + overriddenOutput * 2) / 1_000_000, 12);
  });

  it('sends no key to a keyless openai-compatible server and reports hasKey false', async () => {
    const calls: LiveCallRecord[] = [];
    const summarizer = createLiveSummarizer({ spec: mockSpec(mock.url, 'openai-compatible', 'mock-ok'), onCall: (call) => calls.push(call) });
    await summarizer.summarize(summarizeRequest());
    expect(mock.requests[0].hasAuthorization).toBe(false);
    expect(calls[0].hasKey).toBe(false);
  });

  it('refuses to call a hosted provider without a key, so the SDK never falls back to its own environment variables', async () => {
    const summarizer = createLiveSummarizer({ spec: mockSpec(mock.url, 'openai', 'mock-ok') });
    await expect(summarizer.summarize(summarizeRequest())).rejects.toThrow('no API key given for openai');
    expect(mock.requests).toHaveLength(0);
  });

  it('scrubs the key from a provider error that echoes it', async () => {
    const echoingFetch: typeof fetch = async () =>
      new Response(JSON.stringify({ error: { message: `Incorrect API key provided: ${secretKey}. Also ${secretKey.slice(0, 12)}…`, type: 'invalid_request_error' } }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    const calls: LiveCallRecord[] = [];
    const summarizer = createLiveSummarizer({ spec: mockSpec(mock.url, 'openai', 'gpt-4o-mini'), apiKey: secretKey, fetch: echoingFetch, onCall: (call) => calls.push(call) });
    const error = await summarizer.summarize(summarizeRequest()).catch((caught: unknown) => caught);
    expect(String(error)).toContain('HTTP 401 from 127.0.0.1');
    expect(String(error)).toContain('[key redacted]');
    expect(String(error)).not.toContain(secretKey.slice(0, 8));
    expect(JSON.stringify(calls)).not.toContain(secretKey.slice(0, 8));
    expect(calls[0]).toMatchObject({ status: 401, ok: false, costUsd: null });
  });
});

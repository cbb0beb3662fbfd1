import { describe, expect, it } from 'vitest';
import { twoMockOrigins } from '../../../e2e/mock-llm/two-origins.test-support';
import { summarizerError } from '../../engine/profiles/auto-compactor/transient';
import { createLiveSummarizer, type LiveCallRecord } from './live-summarizer';
import { mockedProviders, mockSpec, secretKey, summarizeRequest } from './live-summarizer.test-support';
import { maxRedirectHops } from './origin-bound-fetch';
import type { ProviderId } from './provider-spec';

// Issue 14, items 1 and 2: the configured host answers with a redirect to a second loopback address (another origin).

const origins = twoMockOrigins();

/** A spec whose base URL sits behind `/__redirect/STATUS/TARGET` on the first mock (see the mock's redirect paths). */
function redirectingSpec(provider: ProviderId, status: number, target: 'same' | 'other', hops = 1) {
  const plain = mockSpec(origins.first.url, provider, 'mock-ok');
  const basePath = new URL(plain.baseURL ?? '').pathname;
  const prefix = `/__redirect/${status}/${target === 'same' ? 'same' : origins.secondHost()}`.repeat(hops);
  return { ...plain, baseURL: `${origins.first.url}${prefix}${basePath}` };
}

function summarizerFor(spec: ReturnType<typeof redirectingSpec>, calls: LiveCallRecord[], fetch?: typeof globalThis.fetch) {
  return createLiveSummarizer({ spec, apiKey: secretKey, onCall: (call) => calls.push(call), fetch }).summarize;
}

describe('a live call never follows a redirect to another origin', () => {
  it.each(mockedProviders)('$provider: a 307 to another host is refused, naming both hosts; the second host receives nothing', async ({ provider }) => {
    const calls: LiveCallRecord[] = [];
    const failure = await summarizerFor(redirectingSpec(provider, 307, 'other'), calls)(summarizeRequest()).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'ProviderCallError', code: 'redirect-refused', status: 307, message: 'refused a redirect from 127.0.0.1 to 127.0.0.2 (an API key goes only to the host it was entered for)' });
    expect(origins.second.requests).toEqual([]);
    expect(origins.first.requests).toEqual([expect.objectContaining({ method: 'POST', status: 307 })]);
    // The refusal is a failed call at the host that answered it (with its 3xx), costing nothing; never retried by the seed rule.
    expect(calls).toEqual([expect.objectContaining({ provider, host: origins.firstHost(), status: 307, ok: false, aborted: false, costUsd: 0, hasKey: true, error: (failure as Error).message })]);
    expect(summarizerError(failure)).toMatchObject({ code: 'redirect-refused', isRetryable: false });
    expect(JSON.stringify(calls) + String(failure)).not.toContain(secretKey);
  });

  it.each([301, 302, 303, 308])('openai-compatible: a %i to another host is refused too', async (status) => {
    const calls: LiveCallRecord[] = [];
    await expect(summarizerFor(redirectingSpec('openai-compatible', status, 'other'), calls)(summarizeRequest())).rejects.toThrow('from 127.0.0.1 to 127.0.0.2');
    expect(origins.second.requests).toEqual([]);
    expect(calls[0]).toMatchObject({ host: origins.firstHost(), status, ok: false });
  });

  it.each(mockedProviders)('$provider: a same-origin 307 is followed with the key, and the call names the host that answered', async ({ provider }) => {
    const calls: LiveCallRecord[] = [];
    const result = await summarizerFor(redirectingSpec(provider, 307, 'same'), calls)(summarizeRequest());
    expect(result.text.length).toBeGreaterThan(0);
    expect(origins.first.requests.map((request) => request.status)).toEqual([307, 200]);
    expect(origins.first.requests.every((request) => request.authorization?.replace(/^Bearer /, '') === secretKey)).toBe(true);
    expect(origins.first.requests[1].path.startsWith('/__redirect')).toBe(false);
    expect(origins.second.requests).toEqual([]);
    expect(calls).toEqual([expect.objectContaining({ host: origins.firstHost(), status: 200, ok: true })]);
  });

  it(`refuses a same-origin chain longer than ${maxRedirectHops} hops`, async () => {
    const calls: LiveCallRecord[] = [];
    await expect(summarizerFor(redirectingSpec('anthropic', 307, 'same', maxRedirectHops + 1), calls)(summarizeRequest())).rejects.toThrow(
      `refused to follow more than ${maxRedirectHops} redirects within 127.0.0.1`,
    );
    expect(origins.first.requests).toHaveLength(maxRedirectHops + 1);
    expect(calls[0]).toMatchObject({ ok: false, status: 307 });
  });

  it('records the host that actually answered when a platform fetch follows a redirect by itself', async () => {
    // A fetch that ignores `redirect: 'manual'` (some polyfills): the key has gone, but the answer is refused and the record is honest.
    const followingFetch: typeof globalThis.fetch = (input, init) => fetch(input, { ...init, redirect: 'follow' });
    const calls: LiveCallRecord[] = [];
    await expect(summarizerFor(redirectingSpec('openai-compatible', 307, 'other'), calls, followingFetch)(summarizeRequest())).rejects.toThrow('from 127.0.0.1 to 127.0.0.2');
    expect(calls).toEqual([expect.objectContaining({ host: origins.secondHost(), status: 200, ok: false })]);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../../../e2e/mock-llm/mock-llm-server';
import { summarizerError } from '../../engine/profiles/auto-compactor/transient';
import { createLiveSummarizer, type LiveCallRecord } from './live-summarizer';
import { mockedProviders, mockSpec, secretKey, summarizeRequest } from './live-summarizer.test-support';
import { ProviderCallError } from './provider-error';

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({ port: 0 });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

async function failedCall(provider: (typeof mockedProviders)[number]['provider'], model: string): Promise<{ error: unknown; calls: LiveCallRecord[] }> {
  const calls: LiveCallRecord[] = [];
  const summarizer = createLiveSummarizer({ spec: mockSpec(mock.url, provider, model), apiKey: secretKey, onCall: (call) => calls.push(call) });
  const error = await summarizer.summarize(summarizeRequest()).then(() => new Error('expected the call to fail'), (caught: unknown) => caught);
  return { error, calls };
}

describe('a provider error carries the HTTP status and the provider’s own retry verdict as data', () => {
  it.each(mockedProviders)('$provider: a 503 is retryable to the provider and to the seed; the call record keeps the verdict', async ({ provider }) => {
    const { error, calls } = await failedCall(provider, 'mock-503x1');
    expect(error).toBeInstanceOf(ProviderCallError);
    expect(error).toMatchObject({ code: 'http-503', status: 503, isRetryable: true });
    expect(summarizerError(error)).toMatchObject({ code: 'http-503', isRetryable: true });
    expect(calls).toEqual([expect.objectContaining({ ok: false, status: 503, providerRetryable: true })]);
    expect(JSON.stringify({ error, fields: { ...(error as object) }, calls }) + String(error)).not.toContain(secretKey);
  });

  it.each(mockedProviders)('$provider: a 429 is retryable to the provider, yet the seed does not retry it', async ({ provider }) => {
    const { error, calls } = await failedCall(provider, 'mock-429');
    expect(error).toMatchObject({ code: 'http-429', status: 429, isRetryable: true });
    expect(summarizerError(error)).toMatchObject({ code: 'http-429', isRetryable: false });
    expect(calls).toEqual([expect.objectContaining({ ok: false, status: 429, providerRetryable: true })]);
    expect(JSON.stringify({ error, fields: { ...(error as object) }, calls }) + String(error)).not.toContain(secretKey);
  });

  it('a 401 is not retryable to the provider either, and its echo of the key is scrubbed', async () => {
    const { error, calls } = await failedCall('openai', 'mock-401');
    expect(error).toMatchObject({ code: 'http-401', status: 401, isRetryable: false });
    expect(calls).toEqual([expect.objectContaining({ status: 401, providerRetryable: false })]);
    expect(JSON.stringify({ fields: { ...(error as object) }, calls }) + String(error)).not.toContain(secretKey);
  });

  it('a reset connection has no status but the SDK’s verdict (retryable), as the seed’s rule agrees', async () => {
    const { error, calls } = await failedCall('openai-compatible', 'mock-reset');
    expect(error).toMatchObject({ code: 'connection-reset', status: null, isRetryable: true });
    expect(summarizerError(error).isRetryable).toBe(true);
    expect(calls).toEqual([expect.objectContaining({ status: null, providerRetryable: true })]);
  });

  it('a failure that never reached the SDK carries no verdict (a missing key)', async () => {
    const calls: LiveCallRecord[] = [];
    const summarizer = createLiveSummarizer({ spec: mockSpec(mock.url, 'openai', 'mock-ok'), onCall: (call) => calls.push(call) });
    const error = await summarizer.summarize(summarizeRequest()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'missing-key', status: null });
    expect((error as ProviderCallError).isRetryable).toBeUndefined();
    expect(mock.requests).toEqual([]);
  });
});

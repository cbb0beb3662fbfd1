import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMockLlm, type MockLlm } from '../../../e2e/mock-llm/mock-llm-server';
import { isTransientText, summarizerError } from '../../engine/profiles/auto-compactor/transient';
import { createLiveSummarizer, type LiveCallRecord } from './live-summarizer';
import { mockedProviders, mockSpec, secretKey, summarizeRequest } from './live-summarizer.test-support';

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({ port: 0 });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

async function failureOf(provider: (typeof mockedProviders)[number]['provider'], model: string): Promise<unknown> {
  const summarizer = createLiveSummarizer({ spec: mockSpec(mock.url, provider, model), apiKey: secretKey });
  return summarizer.summarize(summarizeRequest()).then(
    () => new Error('expected the call to fail'),
    (error: unknown) => error,
  );
}

describe('live summarizer failures, classified by the seed\'s own rule', () => {
  it.each(mockedProviders)('$provider: a 503 carries its status and is transient; the next call succeeds', async ({ provider }) => {
    const error = await failureOf(provider, 'mock-503x1');
    expect(String(error)).toMatch(/HTTP 503 from 127\.0\.0\.1: /);
    expect(summarizerError(error)).toMatchObject({ code: 'http-503', isRetryable: true });
    expect(String(error)).not.toContain(secretKey);
    const summarizer = createLiveSummarizer({ spec: mockSpec(mock.url, provider, 'mock-503x1'), apiKey: secretKey });
    await expect(summarizer.summarize(summarizeRequest())).resolves.toMatchObject({ model: 'mock-503x1' });
  });

  it.each(mockedProviders)('$provider: a 429 carries its status and is not transient', async ({ provider }) => {
    const error = await failureOf(provider, 'mock-429');
    expect(String(error)).toMatch(/HTTP 429 from 127\.0\.0\.1: /);
    expect(isTransientText(String(error))).toBe(false);
    expect(summarizerError(error)).toMatchObject({ code: 'http-429', isRetryable: false });
    expect(String(error)).not.toContain(secretKey);
  });

  it.each(mockedProviders)('$provider: a reset connection reads as the seed\'s "connection reset" (transient)', async ({ provider }) => {
    const error = await failureOf(provider, 'mock-reset');
    expect(String(error)).toContain('connection reset by 127.0.0.1');
    expect(summarizerError(error).isRetryable).toBe(true);
  });

  it.each(mockedProviders)('$provider: a malformed answer and a bad key fail without the key in the message', async ({ provider }) => {
    const malformed = await failureOf(provider, 'mock-malformed');
    expect(malformed).toBeInstanceOf(Error);
    expect(summarizerError(malformed).isRetryable).toBe(false);
    const unauthorized = await failureOf(provider, 'mock-401');
    expect(String(unauthorized)).toMatch(/HTTP 401 from 127\.0\.0\.1: /);
    for (const error of [malformed, unauthorized]) expect(String(error)).not.toContain(secretKey);
  });
});

describe('aborting a live call', () => {
  it.each(mockedProviders)('$provider: aborting mid-stream rejects and the server sees the connection close', async ({ provider }) => {
    const controller = new AbortController();
    const calls: LiveCallRecord[] = [];
    const deltas: string[] = [];
    const summarizer = createLiveSummarizer({
      spec: mockSpec(mock.url, provider, 'mock-slow'),
      apiKey: secretKey,
      onDelta: (text) => {
        deltas.push(text);
        controller.abort(new Error('attempt budget exceeded'));
      },
      onCall: (call) => calls.push(call),
    });
    await expect(summarizer.summarize(summarizeRequest(controller.signal))).rejects.toThrow('attempt budget exceeded');
    expect(deltas.length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(mock.requests[0].closedEarly).toBe(true));
    expect(calls).toEqual([expect.objectContaining({ ok: false, aborted: true, status: 200 })]);
  });

  it.each(mockedProviders)('$provider: aborting a dribbling response (keep-alives, no data) rejects and closes it', async ({ provider }) => {
    const controller = new AbortController();
    const summarizer = createLiveSummarizer({ spec: mockSpec(mock.url, provider, 'mock-dribble'), apiKey: secretKey });
    const pending = summarizer.summarize(summarizeRequest(controller.signal));
    await vi.waitFor(() => expect(mock.requests[0]?.status).toBe(200));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(mock.requests[0].closedEarly).toBe(true));
  });

  it('aborting a hung request (no headers yet) rejects and closes it', async () => {
    const controller = new AbortController();
    const calls: LiveCallRecord[] = [];
    const summarizer = createLiveSummarizer({ spec: mockSpec(mock.url, 'openai', 'mock-hang'), apiKey: secretKey, onCall: (call) => calls.push(call) });
    const pending = summarizer.summarize(summarizeRequest(controller.signal));
    await vi.waitFor(() => expect(mock.requests).toHaveLength(1));
    controller.abort(new Error('cancelled'));
    await expect(pending).rejects.toThrow('cancelled');
    await vi.waitFor(() => expect(mock.requests[0].closedEarly).toBe(true));
    expect(calls[0]).toMatchObject({ status: null, aborted: true });
  });

  it('an already-aborted signal makes no request', async () => {
    const controller = new AbortController();
    controller.abort();
    const summarizer = createLiveSummarizer({ spec: mockSpec(mock.url, 'openai', 'mock-ok'), apiKey: secretKey });
    await expect(summarizer.summarize(summarizeRequest(controller.signal))).rejects.toBeDefined();
    expect(mock.requests).toHaveLength(0);
  });
});

import { generateText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMockLlm, type MockLlm } from '../../../e2e/mock-llm/mock-llm-server';
import { summarizerError } from '../../engine/profiles/auto-compactor/transient';
import { summarizeOffline } from '../offline/offline-summarizer';
import { createLanguageModel } from './create-language-model';
import { createLiveSummarizer, type LiveCallRecord } from './live-summarizer';
import { secretKey, summarizeRequest } from './live-summarizer.test-support';
import type { ProviderSpec } from './provider-spec';

// The mock's OpenAI Responses route through the real @ai-sdk/openai client: if the mock's wire shape drifts from what
// the SDK parses, these fail. The raw wire shapes are tested in e2e/mock-llm/.

const { system, prompt } = summarizeRequest();
const expectedText = summarizeOffline({ system, prompt });
const expectedUsage = { inputTokens: Math.ceil((system.length + prompt.length) / 4), outputTokens: Math.ceil(expectedText.length / 4) };

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const responsesSpec = (model: string): ProviderSpec => ({ provider: 'openai-responses', model, baseURL: `${mock.url}/v1` });

/** The call's rejection, or an error saying it did not reject. */
function failureOf(model: string): Promise<unknown> {
  return createLiveSummarizer({ spec: responsesSpec(model), apiKey: secretKey }).summarize(summarizeRequest()).then(
    () => new Error('expected the call to fail'),
    (error: unknown) => error,
  );
}

describe('openai-responses against the mock, through the real SDK', () => {
  it('returns the deterministic summary with usage, streamed from POST /v1/responses', async () => {
    const calls: LiveCallRecord[] = [];
    const summarizer = createLiveSummarizer({ spec: responsesSpec('mock-ok'), apiKey: secretKey, onCall: (call) => calls.push(call) });
    const result = await summarizer.summarize(summarizeRequest());
    expect(result).toEqual({ text: expectedText, usage: expectedUsage, model: 'mock-ok' });
    expect(mock.requests).toEqual([
      expect.objectContaining({ method: 'POST', path: '/v1/responses', model: 'mock-ok', stream: true, status: 200, authorization: `Bearer ${secretKey}` }),
    ]);
    expect(calls).toEqual([expect.objectContaining({ provider: 'openai-responses', ok: true, status: 200, usage: expectedUsage })]);
  });

  it('hands the text over in several deltas as they stream', async () => {
    const deltas: string[] = [];
    const summarizer = createLiveSummarizer({ spec: responsesSpec('mock-ok'), apiKey: secretKey, onDelta: (text) => deltas.push(text) });
    await summarizer.summarize(summarizeRequest());
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(expectedText);
  });

  it('parses the non-streaming JSON answer too', async () => {
    const result = await generateText({ model: createLanguageModel(responsesSpec('mock-ok'), secretKey), system, prompt, maxRetries: 0 });
    expect(result.text).toBe(expectedText);
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toMatchObject(expectedUsage);
    expect(mock.requests[0]).toMatchObject({ path: '/v1/responses', stream: false, status: 200 });
  });

  it('rejects mock-503x2 twice with "HTTP 503" (transient), then answers', async () => {
    for (const attempt of [1, 2]) {
      const error = await failureOf('mock-503x2');
      expect(String(error), `attempt ${attempt}`).toMatch(/HTTP 503 from 127\.0\.0\.1: /);
      expect(summarizerError(error)).toMatchObject({ code: 'http-503', isRetryable: true });
      expect(String(error)).not.toContain(secretKey);
    }
    await expect(createLiveSummarizer({ spec: responsesSpec('mock-503x2'), apiKey: secretKey }).summarize(summarizeRequest())).resolves.toMatchObject({ text: expectedText });
  });

  it.each([
    { model: 'mock-429', pattern: /HTTP 429 from 127\.0\.0\.1: /, isRetryable: false },
    { model: 'mock-401', pattern: /HTTP 401 from 127\.0\.0\.1: /, isRetryable: false },
    { model: 'mock-reset', pattern: /connection reset by 127\.0\.0\.1/, isRetryable: true },
    { model: 'mock-malformed', pattern: /./, isRetryable: false },
  ])('fails $model the way the engine classifies it, without the key', async ({ model, pattern, isRetryable }) => {
    const error = await failureOf(model);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toMatch(pattern);
    expect(String(error)).not.toMatch(/expected the call to fail/);
    expect(summarizerError(error).isRetryable).toBe(isRetryable);
    expect(String(error)).not.toContain(secretKey);
  });

  it('an abort during mock-slow rejects and the server sees the connection close', async () => {
    const controller = new AbortController();
    const calls: LiveCallRecord[] = [];
    const deltas: string[] = [];
    const summarizer = createLiveSummarizer({
      spec: responsesSpec('mock-slow'),
      apiKey: secretKey,
      onDelta: (text) => {
        deltas.push(text);
        controller.abort(new Error('attempt budget exceeded'));
      },
      onCall: (call) => calls.push(call),
    });
    await expect(summarizer.summarize(summarizeRequest(controller.signal))).rejects.toThrow('attempt budget exceeded');
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.join('')).not.toBe(expectedText);
    await vi.waitFor(() => expect(mock.requests[0]).toMatchObject({ model: 'mock-slow', closedEarly: true }));
    expect(calls).toEqual([expect.objectContaining({ ok: false, aborted: true, status: 200 })]);
  });

  it('an abort while mock-dribble sends only keep-alives rejects and closes the connection', async () => {
    const controller = new AbortController();
    const pending = createLiveSummarizer({ spec: responsesSpec('mock-dribble'), apiKey: secretKey }).summarize(summarizeRequest(controller.signal));
    await vi.waitFor(() => expect(mock.requests[0]?.status).toBe(200));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(mock.requests[0].closedEarly).toBe(true));
  });
});

import { describe, expect, it } from 'vitest';
import { summarizerError } from '../../engine/profiles/auto-compactor/transient';
import { createLiveSummarizer, type LiveCallRecord } from './live-summarizer';
import { secretKey, summarizeRequest } from './live-summarizer.test-support';
import { describeUnanswered, diagnoseUnanswered, isLoopbackHost } from './unanswered-request';

/** A browser's fetch: every CORS-mode request rejects bare; a no-cors probe is answered (opaque) only when `answers`. */
function browserFetch(answers: boolean, probes: RequestInit[] = []): typeof fetch {
  return async (_input, init) => {
    if (init?.mode === 'no-cors') {
      probes.push(init);
      if (answers) return new Response(null, { status: 200 });
    }
    throw new TypeError('Failed to fetch');
  };
}

describe('diagnoseUnanswered', () => {
  it('tells CORS from nothing answering by a keyless no-cors probe, and refused from unreachable by a loopback host', async () => {
    const probes: RequestInit[] = [];
    const failure = new TypeError('Failed to fetch');
    expect(await diagnoseUnanswered(failure, 'http://127.0.0.1:5399/v1', browserFetch(true, probes))).toBe('cors');
    expect(await diagnoseUnanswered(failure, 'http://127.0.0.1:5399/v1', browserFetch(false, probes))).toBe('refused');
    expect(await diagnoseUnanswered(failure, 'http://[::1]:8080/v1', browserFetch(false))).toBe('refused');
    expect(await diagnoseUnanswered(failure, 'https://api.example.com/v1', browserFetch(false))).toBe('unreachable');
    expect(await diagnoseUnanswered(failure, 'http://127.0.0.1:6667/v1', browserFetch(false)), 'a port the browser never connects to').toBe('blocked-port');
    expect(probes).toHaveLength(2);
    // A no-cors request must follow redirects: any other mode makes the browser reject it, which would read as refused.
    expect(probes.every((probe) => probe.headers === undefined && probe.body === undefined && probe.credentials === 'omit' && (probe.redirect ?? 'follow') === 'follow')).toBe(true);
  });

  it('reads Node\'s socket codes without a probe, and leaves other errors alone', async () => {
    const never: typeof fetch = async () => {
      throw new Error('no probe expected');
    };
    const socket = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
    expect(await diagnoseUnanswered(socket('ECONNREFUSED'), 'https://api.example.com', never)).toBe('refused');
    expect(await diagnoseUnanswered(socket('ENOTFOUND'), 'https://api.example.com', never)).toBe('unreachable');
    expect(await diagnoseUnanswered(new Error('Invalid JSON response'), 'https://api.example.com', never)).toBeUndefined();
  });

  it('knows loopback names', () => {
    expect(['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['api.example.com', '10.0.0.1', '128.0.0.1', 'localhost.example.com'].some(isLoopbackHost)).toBe(false);
  });

  it('says each kind in one line, a refusal in the words the seeds\' rule retries', () => {
    expect(describeUnanswered('refused', 'api.example.com')).toBe('could not reach api.example.com: connection refused (nothing is listening there)');
    expect(summarizerError(new Error(describeUnanswered('refused', 'h'))).isRetryable).toBe(true);
    expect(summarizerError(new Error(describeUnanswered('unreachable', 'h'))).isRetryable).toBe(false);
    expect(describeUnanswered('cors', 'localhost:11434')).toMatch(/^localhost:11434 answered, but the browser withheld the answer \(CORS\)/);
  });
});

describe('a live call that got no answer', () => {
  const spec = { provider: 'openai-compatible' as const, model: 'm', baseURL: 'http://127.0.0.1:5399/v1' };

  it('says what happened first, keeps the browser\'s text, and costs nothing when no server received it', async () => {
    const calls: LiveCallRecord[] = [];
    const summarizer = createLiveSummarizer({ spec, apiKey: secretKey, fetch: browserFetch(false), onCall: (call) => calls.push(call) });
    const error = await summarizer.summarize(summarizeRequest()).then(() => undefined, (thrown: unknown) => thrown);
    expect(String(error)).toMatch(/^ProviderCallError: could not reach 127\.0\.0\.1: connection refused \(nothing is listening there\) — .*Failed to fetch/);
    expect(summarizerError(error)).toMatchObject({ code: 'connection-refused', isRetryable: true });
    expect(calls).toMatchObject([{ ok: false, status: null, costUsd: 0 }]);
    expect(String(error)).not.toContain(secretKey.slice(0, 8));
  });

  it('keeps the cost unknown when a server answered and the browser withheld it (CORS)', async () => {
    const calls: LiveCallRecord[] = [];
    const summarizer = createLiveSummarizer({ spec, apiKey: secretKey, fetch: browserFetch(true), onCall: (call) => calls.push(call) });
    const error = await summarizer.summarize(summarizeRequest()).then(() => undefined, (thrown: unknown) => thrown);
    expect(String(error)).toContain('127.0.0.1 answered, but the browser withheld the answer (CORS)');
    expect(summarizerError(error)).toMatchObject({ code: 'provider-error', isRetryable: false });
    expect(calls).toMatchObject([{ ok: false, costUsd: null }]);
  });
});

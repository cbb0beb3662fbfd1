import { describe, expect, it } from 'vitest';
import { summarizerError } from '../../engine/profiles/auto-compactor/transient';
import { ProviderCallError, toProviderCallError } from '../../providers/live/provider-error';
import { describeUnanswered } from '../../providers/live/unanswered-request';
import { secretKey } from '../../providers/live/live-summarizer.test-support';
import { errorInWords } from './error-words';

/** An error as the engine hands it to the page: the thrown value's string form and its code. */
const asEngine = (error: unknown) => summarizerError(error);

describe('errorInWords', () => {
  it('says an HTTP answer as "host answered HTTP N" with what N means, keeping the provider text in the detail', () => {
    const unauthorized = asEngine(new ProviderCallError('HTTP 401 from api.example.com: Incorrect API key provided: [key redacted]', 'http-401', 401));
    const words = errorInWords(unauthorized.message, unauthorized.code);
    expect(words.line).toBe('api.example.com answered HTTP 401: the key was refused');
    expect(words.detail).toBe('ProviderCallError: HTTP 401 from api.example.com: Incorrect API key provided: [key redacted] (code http-401)');
    expect(errorInWords('ProviderCallError: HTTP 429 from api.example.com: slow down').line).toBe('api.example.com answered HTTP 429: too many requests (rate limited)');
    expect(errorInWords('ProviderCallError: HTTP 503 from 127.0.0.1: unavailable').line).toBe('127.0.0.1 answered HTTP 503: the provider failed (a server error)');
    expect(errorInWords('ProviderCallError: HTTP 404 from api.example.com: model not found').line).toMatch(/answered HTTP 404: no such model or endpoint/);
    expect(errorInWords('ProviderCallError: HTTP 400 from api.example.com: max_tokens too large').line).toBe('api.example.com answered HTTP 400: max_tokens too large');
  });

  it('says refused, unreachable and CORS failures in their words, with the browser\'s text only in the detail', () => {
    const refused = `ProviderCallError: ${describeUnanswered('refused', 'api.example.com')} — TypeError from api.example.com: Failed to fetch`;
    expect(errorInWords(refused)).toEqual({ line: 'could not reach api.example.com: connection refused (nothing is listening there)', detail: refused });
    expect(errorInWords('ProviderCallError: connection refused by api.example.com').line).toBe('could not reach api.example.com: connection refused (nothing is listening there)');
    const unreachable = `ProviderCallError: ${describeUnanswered('unreachable', 'api.example.com')} — TypeError from api.example.com: Failed to fetch`;
    expect(errorInWords(unreachable).line).toMatch(/^could not reach api\.example\.com: no answer \(/);
    const cors = `ProviderCallError: ${describeUnanswered('cors', 'localhost')} — TypeError from localhost: Failed to fetch`;
    expect(errorInWords(cors).line).toMatch(/^localhost answered, but the browser withheld the answer \(CORS\)/);
    expect(errorInWords('ProviderCallError: TypeError from api.example.com: Failed to fetch').line).toBe('could not reach api.example.com: the browser got no answer');
    expect(errorInWords('ProviderCallError: connection reset by h (ECONNRESET)').line).toBe('h dropped the connection before answering');
  });

  it('never shows a key: provider text is scrubbed where the error is made, and the words add none', () => {
    const error = toProviderCallError(Object.assign(new Error(`Incorrect API key provided: ${secretKey}`), {}), 'api.example.com', secretKey);
    const words = errorInWords(String(error), error.code);
    expect(`${words.line} ${words.detail}`).not.toContain(secretKey.slice(0, 8));
  });

  it('gives what it does not recognize whole, without a class name; an overlong provider text is cut', () => {
    expect(errorInWords('still over the gate after 8 passes').line).toBe('still over the gate after 8 passes');
    expect(errorInWords('TimeoutException: compaction attempt exceeded the 1s budget').line).toBe('compaction attempt exceeded the 1s budget');
    expect(errorInWords(`Error: ${'x'.repeat(400)}`).line).toHaveLength(400);
    expect(errorInWords(`ProviderCallError: HTTP 400 from h: ${'x'.repeat(400)}`).line).toHaveLength(160);
  });
});

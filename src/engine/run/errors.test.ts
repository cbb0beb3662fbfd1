import { describe, expect, it } from 'vitest';
import { cancelledError, isEngineError, isEngineErrorCode } from './errors';

describe('the engine error vocabulary', () => {
  it('knows its codes, every HTTP status included, and nothing else', () => {
    expect(['cancelled', 'timeout', 'missing-key', 'http-503', 'http-429', 'unknown-result'].every(isEngineErrorCode)).toBe(true);
    expect(['ECONNRESET', 'http-', 'http-5031', 'Cancelled', '', 5].some(isEngineErrorCode)).toBe(false);
  });

  it('has one cancelled error, which says when the abort came', () => {
    expect(cancelledError()).toEqual({ code: 'cancelled', message: 'compaction cancelled by the user', isRetryable: false });
    expect(cancelledError('before-start')).toEqual({ code: 'cancelled', message: 'The run was cancelled before it started.', isRetryable: false });
  });

  it('takes only plain data as an error already classified, never a thrown Error carrying the same fields', () => {
    expect(isEngineError({ code: 'http-503', message: 'HTTP 503 from host', isRetryable: true })).toBe(true);
    const thrown = Object.assign(new Error('HTTP 503 from host'), { code: 'http-503', isRetryable: true });
    expect(isEngineError(thrown)).toBe(false);
    expect(isEngineError({ code: 'made-up', message: 'x', isRetryable: false })).toBe(false);
  });
});

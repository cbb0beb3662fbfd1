import { describe, expect, it } from 'vitest';
import type { CompactionEvent } from '../../engine';
import { attemptTimeoutError, summarizerError } from '../../engine/profiles/auto-compactor/transient';
import { passStories } from './pass-stories';

describe('passStories', () => {
  it('counts attempts, retries, timeouts and failures per pass and lists fallbacks in order', () => {
    const unavailable = summarizerError(new Error('HTTP 503 from host'));
    const events: CompactionEvent[] = [
      { type: 'pass-start', pass: 1, tokensBefore: 100 },
      { type: 'attempt-start', pass: 1, attempt: 1, role: 'smol' },
      { type: 'attempt-end', pass: 1, attempt: 1, ok: false, durationMs: 5, error: unavailable },
      { type: 'attempt-retry', pass: 1, attempt: 1, delayMs: 1000, error: unavailable },
      { type: 'attempt-start', pass: 1, attempt: 2, role: 'smol' },
      { type: 'attempt-end', pass: 1, attempt: 2, ok: false, durationMs: 1500, error: attemptTimeoutError(1500) },
      { type: 'fallback', pass: 1, from: 'smol', to: 'main', reason: 'timeout' },
      { type: 'attempt-start', pass: 1, attempt: 1, role: 'main' },
      { type: 'attempt-end', pass: 1, attempt: 1, ok: true, durationMs: 20 },
      { type: 'attempt-start', pass: 2, attempt: 1, role: 'smol' },
      { type: 'attempt-end', pass: 2, attempt: 1, ok: true, durationMs: 20 },
    ];
    const stories = passStories(events);
    expect(stories.get(1)).toEqual({ pass: 1, attempts: 3, retries: 1, timeouts: 1, failures: 2, fallbacks: ['smol → main'] });
    expect(stories.get(2)).toEqual({ pass: 2, attempts: 1, retries: 0, timeouts: 0, failures: 0, fallbacks: [] });
    expect(stories.has(3)).toBe(false);
  });
});

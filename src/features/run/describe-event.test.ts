import { describe, expect, it } from 'vitest';
import type { PassSnapshot } from '../../engine';
import { attemptTimeoutError, summarizerError } from '../../engine/profiles/auto-compactor/transient';
import { describeEvent, describeEvents, whyNotRetried } from './describe-event';

const snapshot = (fields: Partial<PassSnapshot>): PassSnapshot => ({
  pass: 1, tokensBefore: 28_880, tokensAfter: 91, strategy: 'local-trim', attempts: 2, ok: true, messages: [], fates: {}, insertions: [],
  lint: { orphanResults: [], unansweredCalls: [], adjacencyBreaks: [] }, flags: [], durationMs: 5, ...fields,
});

describe('describeEvent', () => {
  it('says a rate limit is not retried and why, using the same rule the engine applied', () => {
    const error = summarizerError(new Error('HTTP 429 from api.openai.com: Rate limit reached'));
    expect(error.isRetryable).toBe(false);
    const line = describeEvent({ type: 'attempt-end', pass: 1, attempt: 1, ok: false, durationMs: 40, error });
    expect(line?.text).toContain('not retried: a rate limit (HTTP 429) is not transient');
    expect(line?.tone).toBe('warning');
  });

  it('calls a transient failure transient, and names the backoff of the retry in whole seconds', () => {
    const error = summarizerError(new Error('HTTP 503 from 127.0.0.1: unavailable'));
    expect(describeEvent({ type: 'attempt-end', pass: 1, attempt: 1, ok: false, durationMs: 12, error })?.text).toMatch(/— transient\.$/);
    expect(describeEvent({ type: 'attempt-retry', pass: 1, attempt: 2, delayMs: 2000, error })?.text).toBe('Retrying in 2 s (attempt 3 next).');
  });

  it('explains an attempt budget running out as a hand-over to the next rung', () => {
    expect(whyNotRetried(attemptTimeoutError(1500))).toBe('the attempt budget ran out, so the next rung takes over');
  });

  it('reports a local trim with its dropped count, without repeating the rung or doubling full stops', () => {
    const line = describeEvent({ type: 'pass-end', snapshot: snapshot({ fallback: 'local-trim', droppedMessages: 17 }) });
    expect(line).toEqual({ text: 'Pass 1 ended: 28,880 → 91 tokens (the profile\'s estimate) by local-trim, 17 older messages dropped behind a trim marker.', tone: 'success' });
    const fallback = describeEvent({ type: 'fallback', pass: 1, from: 'main', to: 'local-trim', reason: 'HTTP 401: bad key.' });
    expect(fallback?.text).toBe('Falling back from main to local-trim: HTTP 401: bad key.');
  });

  it('states every figure as context tokens on the page’s basis, with what the gate saw apart, and a no-op pass in words', () => {
    const basis = { context: (exact: number) => (exact + 1000).toLocaleString('en-US'), unit: 'context tokens' };
    expect(describeEvent({ type: 'run-start', profile: 'auto-compactor', tokensBefore: 28_880, exactTokens: 1_215, messageCount: 19 }, basis)?.text).toBe(
      'Run started: auto-compactor on 2,215 context tokens, 19 messages (its own estimate 28,880).',
    );
    expect(describeEvent({ type: 'gate', shouldCompact: false, tokens: 28_880, exactTokens: 1_215, threshold: 183_616, reason: 'tokens 28880 <= threshold 183616' }, basis)?.text).toBe(
      'No compaction needed: the profile\'s own estimate is 28,880 against its threshold of 183,616 (tokens 28880 <= threshold 183616); the context holds 2,215.',
    );
    const line = describeEvent({ type: 'pass-end', snapshot: snapshot({ strategy: 'llm-summary', exact: { before: 1_215, after: 1_400 }, flags: ['no-op'] }) }, basis);
    expect(line?.text).toBe('Pass 1 ended: 2,215 → 2,400 context tokens (the profile\'s own estimate 28,880 → 91) by summary [changed nothing].');
    const forced = describeEvent({ type: 'settings-forced', problems: [{ fields: ['reserveTokens', 'window'], message: 'reserveTokens 16,384 ≥ window 3,000: …', fix: 'Lower it.' }] });
    expect(forced).toEqual({ text: 'Run anyway, although these settings cannot work as set: reserveTokens 16,384 ≥ window 3,000: …', tone: 'warning' });
  });

  it('marks a failed pass as an error with its message', () => {
    const error = { code: 'summarizer-failed' as const, message: 'every summarizer failed', isRetryable: false };
    expect(describeEvent({ type: 'pass-end', snapshot: snapshot({ ok: false, strategy: 'llm-summary', tokensAfter: 28_880, error }) })).toEqual({
      text: 'Pass 1 ended: 28,880 → 28,880 tokens (the profile\'s estimate) by summary — failed: every summarizer failed.',
      tone: 'error',
    });
  });

  it('never contradicts itself: a pass announced to fall back to local-trim that found nothing to drop does not end "by llm-summary"', () => {
    const unreachable = summarizerError(new Error('could not reach api.example.com: no answer (…) — TypeError from api.example.com: Failed to fetch'));
    const lines = describeEvents([
      { type: 'attempt-end', pass: 1, attempt: 1, ok: false, durationMs: 27, error: unreachable },
      { type: 'fallback', pass: 1, from: 'main=gpt-4o', to: 'local-trim', reason: unreachable.message },
      { type: 'pass-end', snapshot: snapshot({ ok: false, strategy: 'llm-summary', tokensAfter: 28_880, error: unreachable }) },
    ]);
    expect(lines.map((line) => line.text)).toEqual([
      'Attempt 1 failed after 27 ms: could not reach api.example.com: no answer (…) — not retried: not transient under the upstream rule — the upstream code retries only 5xx statuses, closed/reset/refused connections, socket exceptions and closed streams.',
      'Falling back from main model gpt-4o to local-trim: could not reach api.example.com: no answer (…).',
      'Pass 1 ended: 28,880 → 28,880 tokens (the profile\'s estimate) — failed: local-trim found nothing it could drop, after the summarizer failed: could not reach api.example.com: no answer (…).',
    ]);
    expect(lines.every((line) => line.detail?.includes('TypeError from api.example.com: Failed to fetch'))).toBe(true);
    expect(lines.some((line) => line.text.includes('by summary'))).toBe(false);
  });

  it('says counts with their plural right', () => {
    const result = { profile: 'auto-compactor', success: true, cancelled: false, tokensBefore: 10, tokensAfter: 5, passes: [snapshot({})], summarizerCalls: 1, messages: [] };
    expect(describeEvent({ type: 'run-end', result })?.text).toBe('Run finished: 10 → 5 tokens (the profile\'s estimate) in 1 pass, 1 summarizer call.');
    expect(describeEvent({ type: 'pass-end', snapshot: snapshot({ fallback: 'local-trim', droppedMessages: 1 }) })?.text).toContain(', 1 older message dropped behind');
  });
});

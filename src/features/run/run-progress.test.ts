import { describe, expect, it } from 'vitest';
import { callsText, describeAttempt, elapsedText, passProgress } from './run-progress';

describe('describeAttempt', () => {
  it('says the attempt in the seed\'s own words: rung label, attempt of maximum, budget cap', () => {
    expect(describeAttempt({ type: 'attempt-start', pass: 1, attempt: 2, role: 'smol', model: 'gpt-4o-mini', budgetMs: 300_000, label: 'smol=openai/gpt-4o-mini', maxAttempts: 3 })).toBe(
      'cheap model openai/gpt-4o-mini, attempt 2/3, 300 s cap',
    );
  });

  it('falls back to role=model and leaves out what the profile did not say', () => {
    expect(describeAttempt({ type: 'attempt-start', pass: 1, attempt: 1, role: 'single', model: 'offline-extractive' })).toBe('single=offline-extractive, attempt 1');
  });
});

describe('the progress at the end of a run', () => {
  const runStart = { type: 'run-start' as const, profile: 'auto-compactor', tokensBefore: 100, messageCount: 4, maxPasses: 8 };
  const passStart = (pass: number) => ({ type: 'pass-start' as const, pass, tokensBefore: 100 });

  it('says the passes run and fills the bar once the run has ended, pass k of at most N while it runs', () => {
    const events = [runStart, ...[1, 2, 3, 4, 5, 6, 7, 8].map(passStart)];
    expect(passProgress(true, events.slice(0, 2), undefined)).toEqual({ value: 1, max: 8, text: 'Pass 1 of at most 8' });
    expect(passProgress(false, events, 8)).toEqual({ value: 8, max: 8, text: '8 passes run, of at most 8' });
    expect(passProgress(false, events.slice(0, 2), 1)).toEqual({ value: 8, max: 8, text: '1 pass run, of at most 8' });
  });

  it('gives an ended run\'s elapsed time to the millisecond, a running one in 100 ms steps', () => {
    expect(elapsedText(80, false)).toBe('80 ms elapsed');
    expect(elapsedText(1_234, false)).toBe('1.2 s elapsed');
    expect(elapsedText(80, true)).toBe('0 ms elapsed');
  });

  it('counts calls with the plural right, and says a call no server received is free rather than of unknown cost', () => {
    expect(callsText([], false)).toBe('0 provider calls');
    expect(callsText([{ costUsd: 0.0012, status: 200, aborted: false }], false)).toBe("1 provider call · $0.00120");
    const unsent = { costUsd: 0, status: null, aborted: false };
    expect(callsText([unsent, unsent], false)).toBe('2 provider calls · $0 (none reached a server, so they are free)');
    expect(callsText([unsent, { costUsd: null, status: 429, aborted: false }], true)).toBe('2 provider calls · $0 + 1 of unknown cost so far (1 call never reached a server: free)');
  });
});

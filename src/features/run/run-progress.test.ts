import { describe, expect, it } from 'vitest';
import { describeAttempt } from './run-progress';

describe('describeAttempt', () => {
  it('says the attempt in the seed\'s own words: rung label, attempt of maximum, budget cap', () => {
    expect(describeAttempt({ type: 'attempt-start', pass: 1, attempt: 2, role: 'smol', model: 'gpt-4o-mini', budgetMs: 300_000, label: 'smol=openai/gpt-4o-mini', maxAttempts: 3 })).toBe(
      'smol=openai/gpt-4o-mini, attempt 2/3, 300 s cap',
    );
  });

  it('falls back to role=model and leaves out what the profile did not say', () => {
    expect(describeAttempt({ type: 'attempt-start', pass: 1, attempt: 1, role: 'single', model: 'offline-extractive' })).toBe('single=offline-extractive, attempt 1');
  });
});

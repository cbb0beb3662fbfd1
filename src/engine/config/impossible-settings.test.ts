import { describe, expect, it } from 'vitest';
import { impossibleSettings } from './impossible-settings';
import { parseLabConfig } from './lab-config';

function problemsOf(document: Record<string, unknown>) {
  const parsed = parseLabConfig(document);
  if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
  return impossibleSettings(parsed.config);
}

describe('impossibleSettings', () => {
  it('refuses a reserve at or over the window, naming both fields, the threshold it gives and a fix that works', () => {
    const [problem, ...rest] = problemsOf({ profile: 'auto-compactor', window: 3000 });
    expect(rest).toEqual([]);
    expect(problem.fields).toEqual(['reserveTokens', 'window']);
    expect(problem.message).toContain('reserveTokens 16,384 ≥ window 3,000');
    expect(problem.message).toContain('−13,384');
    expect(problem.fix).toContain('reserveTokens 750 and keepRecentTokens 1,125');
    expect(problemsOf({ profile: 'auto-compactor', window: 3000, ...problem.suggested }), 'the suggested values work').toEqual([]);
    expect(problemsOf({ profile: 'unified', window: 16_384 })[0].fields).toEqual(['reserveTokens', 'window']);
    // With a trigger ratio, the kept tail must fit under the threshold the ratio gives after the fix.
    const withRatio = problemsOf({ profile: 'unified', window: 3000, triggerRatio: 0.15 })[0];
    expect(withRatio.suggested).toEqual({ reserveTokens: 750, keepRecentTokens: 225 });
    expect(problemsOf({ profile: 'unified', window: 3000, triggerRatio: 0.15, ...withRatio.suggested })).toEqual([]);
  });

  it('says a window of 0 leaves nothing to compact against, with no fix it cannot keep', () => {
    const [problem] = problemsOf({ profile: 'auto-compactor', window: 0 });
    expect(problem.fields).toEqual(['window']);
    expect(problem.suggested).toBeUndefined();
    expect(problem.message).toContain('there is no context window to compact against');
  });

  it('refuses a keep-recent budget at or over the gate threshold, by whichever rule set it', () => {
    const byReserve = problemsOf({ profile: 'auto-compactor', window: 32_768 });
    expect(byReserve[0].fields).toEqual(['keepRecentTokens', 'reserveTokens', 'window']);
    expect(byReserve[0].message).toContain('keepRecentTokens 20,000 ≥ the gate\'s threshold window − reserve = 16,384');
    expect(problemsOf({ profile: 'auto-compactor', window: 32_768, ...byReserve[0].suggested })).toEqual([]);
    const byRatio = problemsOf({ profile: 'unified', window: 100_000, triggerRatio: 0.15 });
    expect(byRatio[0].fields).toEqual(['keepRecentTokens', 'triggerRatio', 'window']);
    expect(byRatio[0].message).toContain('floor(triggerRatio × window) = 15,000');
    // One token under the threshold can work.
    expect(problemsOf({ profile: 'auto-compactor', window: 32_768, keepRecentTokens: 16_383 })).toEqual([]);
  });

  it('refuses a tier-2 hard limit under tier 1’s threshold (two-tier; unified only when the user set the limit)', () => {
    const twoTier = problemsOf({ profile: 'two-tier', tokenThreshold: 48_000, hardLimitTokens: 30_000 });
    expect(twoTier[0].fields).toEqual(['hardLimitTokens', 'tokenThreshold']);
    expect(twoTier[0].fix).toContain('Raise hardLimitTokens to at least 48,000');
    expect(problemsOf({ profile: 'two-tier', contextWindow: 200_000 }), 'adapted defaults keep tier 2 above tier 1').toEqual([]);
    expect(problemsOf({ profile: 'unified', window: 200_000 }), 'the adapted default limit is seed 3’s own choice').toEqual([]);
    expect(problemsOf({ profile: 'unified', window: 200_000, hardLimitTokens: 100_000 })[0].fields).toEqual(['hardLimitTokens', 'reserveTokens', 'window']);
    expect(problemsOf({ profile: 'unified', window: 200_000, triggerRatio: 0.7, hardLimitTokens: 100_000 })[0].fields).toEqual(['hardLimitTokens', 'triggerRatio', 'window']);
    expect(problemsOf({ profile: 'unified', window: 200_000, hardLimitTokens: 100_000, hardLimitStrategy: 'none' })).toEqual([]);
  });

  it('finds nothing wrong with the defaults at ordinary windows, nor in rolling-summary', () => {
    for (const window of [128_000, 200_000, 1_000_000]) {
      expect(problemsOf({ profile: 'auto-compactor', window })).toEqual([]);
      expect(problemsOf({ profile: 'unified', window })).toEqual([]);
    }
    expect(problemsOf({ profile: 'rolling-summary', summariseAtTokens: 0 })).toEqual([]);
  });
});

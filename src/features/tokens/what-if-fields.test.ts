import { describe, expect, it } from 'vitest';
import { defaultDocument } from '../../engine/config';
import { applyWhatIf, whatIfFields, whatIfProfile } from './what-if-fields';

describe('what-if fields', () => {
  it('offers window, ratio and reserve for seed-1 gates, window and threshold for two-tier', () => {
    expect(whatIfFields('auto-compactor').map((field) => field.parameter)).toEqual(['window', 'triggerRatio', 'reserveTokens']);
    expect(whatIfFields('two-tier').map((field) => field.parameter)).toEqual(['contextWindow', 'tokenThreshold']);
    expect(whatIfFields('rolling-summary').map((field) => field.parameter)).toEqual(['summariseAtTokens']);
  });

  it('overrides the config with parsed edits, keeps the rest, and maps an empty ratio to the legacy gate', () => {
    const config = { schemaVersion: 1, profile: 'unified', window: 128000, keepRecentTokens: 5000 };
    expect(applyWhatIf(config, { window: '200000', triggerRatio: '0.8', reserve: '' })).toEqual({ ...config, window: 200000, triggerRatio: 0.8 });
    expect(applyWhatIf(config, { triggerRatio: ' ' })).toEqual({ ...config, triggerRatio: null });
    expect(applyWhatIf(config, { window: '12a' })).toEqual(config);
  });

  it('sets two-tier fields by their own names and never adds a ratio it has no parameter for', () => {
    const config = defaultDocument('two-tier', 100_000);
    expect(config).toEqual({ schemaVersion: 1, profile: 'two-tier', contextWindow: 100_000 });
    expect(applyWhatIf(config, { window: '50000', triggerRatio: '0.5', threshold: '30000.4' })).toEqual({ ...config, contextWindow: 50000, tokenThreshold: 30000 });
  });

  it('reads the profile a config names, defaulting like the config layer', () => {
    expect(whatIfProfile({ profile: 'rolling-summary' })).toBe('rolling-summary');
    expect(whatIfProfile({ profile: 'nope' })).toBe('auto-compactor');
    expect(whatIfProfile({})).toBe('auto-compactor');
  });
});

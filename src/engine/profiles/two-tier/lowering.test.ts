import { describe, expect, it } from 'vitest';
import { twoTierConfigSchema, twoTierDefaults } from './config';
import { resolveTwoTierSettings } from './lowering';

const settingsOf = (input: Record<string, unknown>) => resolveTwoTierSettings(twoTierConfigSchema.parse(input));

describe('two-tier config and lowering', () => {
  it('raw defaults are AutoCompactConfig::default()', () => {
    expect(resolveTwoTierSettings(twoTierDefaults)).toEqual({
      isEnabled: true, keepFirst: 0, keepLast: 12, tokenThreshold: 48_000, hardLimitTokens: null,
      compactStrategy: 'observation-mask', hardLimitStrategy: 'llm', policyLabel: 'observation_mask',
      maskCallback: null, microcompacts: true,
    });
    expect(twoTierDefaults.toolOutputMaxChars).toBe(16_000);
    expect(twoTierDefaults.summarizePrompt).toBeNull();
  });

  it('hybrid lowering: tier 1 llm, tier 2 truncate, keep_last 10', () => {
    expect(settingsOf({ policyStrategy: 'hybrid' })).toMatchObject({ keepFirst: 0, keepLast: 10, compactStrategy: 'llm', hardLimitStrategy: 'truncate', policyLabel: 'hybrid' });
  });

  it('the other policy lowerings', () => {
    expect(settingsOf({ policyStrategy: 'truncate', keepFirst: 2, keepLast: 4 })).toMatchObject({ keepFirst: 2, keepLast: 4, compactStrategy: 'truncate', hardLimitStrategy: 'truncate' });
    expect(settingsOf({ policyStrategy: 'summarize_middle' })).toMatchObject({ keepLast: 10, compactStrategy: 'llm', hardLimitStrategy: 'llm' });
    expect(settingsOf({ policyStrategy: 'summarize_all', keepFirst: 1, keepLast: 5 })).toMatchObject({ keepFirst: 1, keepLast: 0, compactStrategy: 'llm', hardLimitStrategy: 'llm' });
    expect(settingsOf({ policyStrategy: 'none' })).toMatchObject({ isEnabled: false, microcompacts: false });
  });

  it('manual compaction: keepFirst 0, no mask callback, no microcompaction, one strategy, the target as both limits', () => {
    expect(settingsOf({ trigger: 'manual', keepFirst: 3, maskCallback: 'm => m', policyStrategy: 'hybrid', targetTokens: 900 })).toMatchObject({
      keepFirst: 0, keepLast: 10, maskCallback: null, microcompacts: false, compactStrategy: 'llm', hardLimitStrategy: 'llm', tokenThreshold: 900, hardLimitTokens: 900,
    });
    expect(settingsOf({ trigger: 'daemon', keepFirst: 3, maskCallback: 'm => m' })).toMatchObject({ keepFirst: 3, maskCallback: 'm => m', microcompacts: true });
  });

  it('provider adaptation: C = 128000 → hard 96000, tier 1 48000', () => {
    expect(settingsOf({ contextWindow: 128_000 })).toMatchObject({ hardLimitTokens: 96_000, tokenThreshold: 48_000 });
  });

  it('provider adaptation: C = 32000 → hard 24000, tier 1 20800', () => {
    expect(settingsOf({ contextWindow: 32_000 })).toMatchObject({ hardLimitTokens: 24_000, tokenThreshold: 20_800 });
  });

  it('provider adaptation clamps set values to 75 % and only lowers', () => {
    expect(settingsOf({ contextWindow: 32_000, tokenThreshold: 48_000, hardLimitTokens: 100_000 })).toMatchObject({ tokenThreshold: 24_000, hardLimitTokens: 24_000 });
    expect(settingsOf({ contextWindow: 128_000, tokenThreshold: 1000, hardLimitTokens: 5000 })).toMatchObject({ tokenThreshold: 1000, hardLimitTokens: 5000 });
    expect(settingsOf({ contextWindow: 1000 })).toMatchObject({ hardLimitTokens: 3072, tokenThreshold: 650 });
  });

  it('rejects unknown strategies and negative counts, naming the field', () => {
    const bad = twoTierConfigSchema.safeParse({ compactStrategy: 'summarize', keepLast: -1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['compactStrategy', 'keepLast']);
  });
});

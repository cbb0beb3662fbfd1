import type { LabConfig } from '../engine/config/lab-config';
import { gateThreshold } from '../engine/profiles/auto-compactor/gate';
import type { AutoCompactorConfig } from '../engine/profiles/auto-compactor/auto-compactor-config';
import type { RollingSummaryConfig } from '../engine/profiles/rolling-summary/rolling-summary-config';
import type { TwoTierConfig } from '../engine/profiles/two-tier/config';
import { tokenThresholdDefault } from '../engine/profiles/two-tier/config';
import { resolveTwoTierSettings } from '../engine/profiles/two-tier/lowering';
import { resolvedHardLimit, type UnifiedConfig } from '../engine/profiles/unified/unified-config';
import type { ConfigLimits } from '../worker-client/protocol';

/** How seed 1's estimator counts, in words: the gate's figure is on this basis, not the page's. */
function seedOneEstimate(config: AutoCompactorConfig | UnifiedConfig): string {
  return config.estimator === 'exact' ? 'exact counts' : 'the last logged usage plus chars/4 of later messages (chars/4 alone where nothing is logged)';
}

/** Seed 1's gate as the chart draws it: the engine's own threshold, and which of its two rules set it. */
function seedOneLimits(config: AutoCompactorConfig | UnifiedConfig): ConfigLimits {
  const trigger = gateThreshold(config.window, config);
  const byRatio = trigger !== config.window - config.reserveTokens;
  return { window: config.window, reserve: config.reserveTokens, trigger, triggerRule: byRatio ? 'ratio × window' : 'window − reserve', triggerRatio: config.triggerRatio, estimateBasis: seedOneEstimate(config) };
}

/** Which of seed 3's rules set the tier-1 threshold the run uses (spec §3.2: provider adaptation only ever lowers). */
function twoTierRule(config: TwoTierConfig, threshold: number): string {
  if (config.trigger === 'manual') return config.targetTokens === undefined ? 'manual: no gate' : 'manual target';
  if (config.contextWindow === undefined) return config.tokenThreshold === undefined ? 'default tokenThreshold' : 'tokenThreshold';
  if (config.tokenThreshold === undefined) return threshold === tokenThresholdDefault ? 'default tokenThreshold' : '65% of the window';
  return threshold === config.tokenThreshold ? 'tokenThreshold' : '75% of the window';
}

/**
 * A parsed config's limits, in tokens, for the chart's lines: computed with the profiles' own gate and threshold
 * functions so the lines are where the engine compares, never a re-derivation.
 */
export function configLimits(config: LabConfig): ConfigLimits {
  const parameters = config.parameters;
  switch (config.profile) {
    case 'auto-compactor':
      return { profile: config.profile, ...seedOneLimits(parameters as AutoCompactorConfig) };
    case 'unified': {
      const unified = parameters as UnifiedConfig;
      const hardLimit = unified.hardLimitStrategy === 'none' ? undefined : resolvedHardLimit(unified);
      return { profile: config.profile, ...seedOneLimits(unified), hardLimit };
    }
    case 'two-tier': {
      const twoTier = parameters as TwoTierConfig;
      const settings = resolveTwoTierSettings(twoTier);
      return {
        profile: config.profile,
        window: twoTier.contextWindow,
        trigger: settings.tokenThreshold,
        triggerRule: twoTierRule(twoTier, settings.tokenThreshold),
        hardLimit: settings.hardLimitTokens ?? undefined,
        estimateBasis: twoTier.tokenEstimator === 'counter' ? 'exact counts of message contents' : 'UTF-8 bytes ÷ 4 of message contents (tool-call arguments and reasoning not counted)',
      };
    }
    case 'rolling-summary': {
      const rolling = parameters as RollingSummaryConfig;
      return { profile: config.profile, trigger: rolling.summariseAtTokens, triggerRule: 'summariseAtTokens', triggerComparedWith: 'the older turns, not the whole context', estimateBasis: `${rolling.encoding} tokens of the older turns' joined text` };
    }
  }
}

import type { ProfileLimits } from '../profile-limits';
import { tokenThresholdDefault, type TwoTierConfig } from './config';
import { resolveTwoTierSettings } from './lowering';

/** Which of seed 3's rules set the tier-1 threshold the run uses (spec §3.2: provider adaptation only ever lowers). */
function twoTierRule(config: TwoTierConfig, threshold: number): string {
  if (config.trigger === 'manual') return config.targetTokens === undefined ? 'manual: no gate' : 'manual target';
  if (config.contextWindow === undefined) return config.tokenThreshold === undefined ? 'default tokenThreshold' : 'tokenThreshold';
  if (config.tokenThreshold === undefined) return threshold === tokenThresholdDefault ? 'default tokenThreshold' : '65% of the window';
  return threshold === config.tokenThreshold ? 'tokenThreshold' : '75% of the window';
}

/** Seed 3's thresholds as the run resolves them (policy lowering and provider adaptation), for the chart's lines. */
export function twoTierLimits(config: TwoTierConfig): ProfileLimits {
  const settings = resolveTwoTierSettings(config);
  return {
    window: config.contextWindow,
    trigger: settings.tokenThreshold,
    triggerRule: twoTierRule(config, settings.tokenThreshold),
    hardLimit: settings.hardLimitTokens ?? undefined,
    estimateBasis: config.tokenEstimator === 'counter' ? 'exact counts of message contents' : 'UTF-8 bytes ÷ 4 of message contents (tool-call arguments and reasoning not counted)',
  };
}

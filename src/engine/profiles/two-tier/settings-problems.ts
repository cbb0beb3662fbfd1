import type { SettingsProblem } from '../../issues';
import { integer } from '../settings-text';
import type { TwoTierConfig } from './config';
import { resolveTwoTierSettings } from './lowering';

/** A tier-2 hard limit under tier 1's threshold (two-tier and unified): the ceiling sits below the trigger it is meant to top. */
export function hardLimitProblem(hardLimit: number, threshold: number, thresholdFields: string[]): SettingsProblem {
  return {
    fields: ['hardLimitTokens', ...thresholdFields],
    message: `hardLimitTokens ${integer(hardLimit)} is under tier 1's threshold ${integer(threshold)}: tier 2 is meant as the ceiling above tier 1, but here it rewrites the summary of every pass that tier 1 leaves between the two.`,
    fix: `Raise hardLimitTokens to at least ${integer(threshold)}, or lower the tier-1 threshold under ${integer(hardLimit)}.`,
    suggested: { hardLimitTokens: threshold },
  };
}

/** Seed 3's settings that cannot work: a hard limit under the tier-1 threshold the run resolves. */
export function twoTierProblems(config: TwoTierConfig): SettingsProblem[] {
  const settings = resolveTwoTierSettings(config);
  if (!settings.isEnabled || settings.hardLimitTokens === null || settings.hardLimitTokens >= settings.tokenThreshold) return [];
  return [hardLimitProblem(settings.hardLimitTokens, settings.tokenThreshold, ['tokenThreshold'])];
}

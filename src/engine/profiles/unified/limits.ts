import type { SettingsProblem } from '../../issues';
import { gateThreshold, isSetByRatio, seedOneLimits, seedOneProblems } from '../auto-compactor/parts';
import type { ProfileLimits } from '../profile-limits';
import { hardLimitProblem } from '../two-tier/parts';
import { resolvedHardLimit, type UnifiedConfig } from './unified-config';

/** Seed 1's gate, and tier 2's hard limit unless `hardLimitStrategy` turns it off. */
export function unifiedLimits(config: UnifiedConfig): ProfileLimits {
  const hardLimit = config.hardLimitStrategy === 'none' ? undefined : resolvedHardLimit(config);
  return { ...seedOneLimits(config), hardLimit };
}

/** Seed 1's gate problems, then a hard limit the user set under the gate's threshold. */
export function unifiedProblems(config: UnifiedConfig): SettingsProblem[] {
  const problems = seedOneProblems(config);
  // Only a limit the user set: the adapted default (75 % of the window) is seed 3's own choice.
  if (problems.length > 0 || config.hardLimitTokens === null || config.hardLimitStrategy === 'none') return problems;
  const threshold = gateThreshold(config.window, config);
  const thresholdFields = isSetByRatio(config) ? ['triggerRatio', 'window'] : ['reserveTokens', 'window'];
  return resolvedHardLimit(config) < threshold ? [hardLimitProblem(resolvedHardLimit(config), threshold, thresholdFields)] : [];
}

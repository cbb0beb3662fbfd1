import type { ProfileLimits } from '../profile-limits';
import type { AutoCompactorConfig } from './auto-compactor-config';
import { gateThreshold } from './gate';

/** The fields seed 1's gate reads, which `auto-compactor` and `unified` both carry. */
type SeedOneGateConfig = Pick<AutoCompactorConfig, 'window' | 'reserveTokens' | 'keepRecentTokens' | 'triggerRatio' | 'estimator'>;

/** How seed 1's estimator counts, in words: the gate's figure is on this basis, not the page's. */
function seedOneEstimate(config: SeedOneGateConfig): string {
  return config.estimator === 'exact' ? 'exact counts' : 'the last logged usage plus chars/4 of later messages (chars/4 alone where nothing is logged)';
}

/** Seed 1's gate as the chart draws it: the engine's own threshold, and which of its two rules set it. */
export function seedOneLimits(config: SeedOneGateConfig): ProfileLimits {
  const trigger = gateThreshold(config.window, config);
  const byRatio = trigger !== config.window - config.reserveTokens;
  return { window: config.window, reserve: config.reserveTokens, trigger, triggerRule: byRatio ? 'ratio × window' : 'window − reserve', triggerRatio: config.triggerRatio, estimateBasis: seedOneEstimate(config) };
}

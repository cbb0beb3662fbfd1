import type { Message } from '../../transcript/model';
import { twoTierDefaults, type TwoTierConfig } from './config';
import { resolveTwoTierSettings } from './lowering';
import { oversizedToolOutputs } from './microcompact-pass';

/**
 * The config fields a manual run sets but seed 3's `transcript_compact` never reads (its config literal sets only
 * keep_last, the strategy and the prompt), each with what happens instead; empty for the other triggers. The run
 * says these out loud rather than silently dropping them.
 */
export function manualModeIgnores(config: TwoTierConfig, messages: readonly Message[]): string[] {
  if (config.trigger !== 'manual') return [];
  const ignored: string[] = [];
  if (config.keepFirst > 0) ignored.push(`keepFirst ${config.keepFirst} (no first messages are kept; the summary goes first)`);
  if (config.maskCallback) ignored.push('maskCallback (never called)');
  const oversized = oversizedToolOutputs(messages, config.toolOutputMaxChars);
  if (oversized > 0 && (config.compressCallback || config.toolOutputMaxChars >= 200)) {
    ignored.push(`toolOutputMaxChars ${config.toolOutputMaxChars} (${oversized} tool output${oversized === 1 ? '' : 's'} over it left whole: no microcompaction)`);
  }
  if (config.compressCallback) ignored.push('compressCallback (never called: no microcompaction)');
  if (config.tokenThreshold !== undefined) ignored.push('tokenThreshold (the only gate is targetTokens)');
  if (config.hardLimitTokens !== null) ignored.push('hardLimitTokens (tier 2 fires only above targetTokens)');
  if (config.contextWindow !== undefined) ignored.push('contextWindow (no provider adaptation)');
  const automatic = resolveTwoTierSettings({ ...config, trigger: 'preflight' });
  // Only a strategy the user chose is news: the default tier-2 strategy differs from tier 1's on every config.
  const isTier2Chosen = config.hardLimitStrategy !== twoTierDefaults.hardLimitStrategy || config.policyStrategy !== undefined;
  if (isTier2Chosen && automatic.hardLimitStrategy !== automatic.compactStrategy) ignored.push(`hardLimitStrategy ${automatic.hardLimitStrategy} (both tiers use ${automatic.compactStrategy})`);
  return ignored;
}

/** The sentence a manual run's gate and pass carry, or undefined when nothing set is ignored. */
export function manualModeNotice(ignored: readonly string[]): string | undefined {
  return ignored.length > 0 ? `Manual compaction (transcript_compact) ignores: ${ignored.join('; ')}.` : undefined;
}

import type { ConfigDocument } from '../engine/config';
import type { ProfileId } from '../engine/profiles/meta';
import { agentSizing, describeSettings } from '../lab/versus-sizing';

/** One way to run a profile in the quality bench: its config document (what `versus --config` would read). */
export interface QualityVariant {
  /** `defaults` or `sized`, printed beside the profile. */
  sizing: 'defaults' | 'sized';
  /** The settings set over the profile's defaults, in words (`—` for none; a sized run says those its search chose). */
  settings: string;
  /** The config run (defaults), or the one the sizing search starts from (sized). */
  config: ConfigDocument;
}

/**
 * A profile's two runs in the quality bench: its defaults (the offline summarizer's default budget), and sized like
 * the agent's summary as `versus --size-like-agent` sizes it (the search over `agentSizing`: the profile meta's own
 * bounds on what it keeps beside its summary, and `offlineSummary.summaryMaxTokens`, starting at the agent's summary
 * tokens); the sized variant's `settings` name where the search starts.
 */
export function qualityVariants(profile: ProfileId, agentSummaryTokens: number): QualityVariant[] {
  const sizing = agentSizing(profile, agentSummaryTokens);
  return [
    { sizing: 'defaults', settings: '—', config: { profile } },
    { sizing: 'sized', settings: describeSettings(sizing.settings), config: { profile } },
  ];
}

import type { ProfileId } from '../engine/profiles/meta';

/** One way to run a profile in the quality bench: its config document (what `versus --config` would read). */
export interface QualityVariant {
  /** `defaults` or `sized`, printed beside the profile. */
  sizing: 'defaults' | 'sized';
  /** The settings set over the profile's defaults, in words (`—` for none). */
  settings: string;
  config: Record<string, unknown>;
}

/**
 * The settings that bound what each profile keeps next to its summary, for a target of `agentTokens`. Auto-compactor
 * and unified compact now (`force`, as the agent did at this boundary) and keep the newest half of the agent's summary
 * size verbatim; two-tier summarizes everything (its default tier-1 strategy only masks tool outputs, and its split
 * snaps back to the last human message, which can leave a whole agentic turn verbatim); rolling-summary keeps its
 * verbatim turns. The summary itself is bounded by the config's `offlineSummary.summaryMaxTokens`, set to the agent's.
 */
function sizedSettings(profile: ProfileId, agentTokens: number): Record<string, unknown> {
  switch (profile) {
    case 'auto-compactor':
    case 'unified':
      return { force: true, keepRecentTokens: Math.max(1, Math.round(agentTokens / 2)) };
    case 'two-tier':
      return { compactStrategy: 'llm', keepLast: 0 };
    case 'rolling-summary':
      return {};
  }
}

const described = (settings: Record<string, unknown>): string =>
  Object.entries(settings).map(([field, value]) => `${field}: ${typeof value === 'string' ? value : JSON.stringify(value)}`).join(', ');

/**
 * A profile's two runs in the quality bench: its defaults (the offline summarizer's default budget), and sized like
 * the agent's summary (`offlineSummary.summaryMaxTokens` set to the agent's summary tokens, the tail bounded as above).
 */
export function qualityVariants(profile: ProfileId, agentSummaryTokens: number): QualityVariant[] {
  const sized = sizedSettings(profile, agentSummaryTokens);
  return [
    { sizing: 'defaults', settings: '—', config: { profile } },
    {
      sizing: 'sized',
      settings: [described(sized), `offlineSummary.summaryMaxTokens: ${agentSummaryTokens}`].filter((part) => part !== '').join(', '),
      config: { profile, ...sized, offlineSummary: { summaryMaxTokens: agentSummaryTokens } },
    },
  ];
}

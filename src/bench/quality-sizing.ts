import type { ConfigDocument } from '../engine/config';
import type { ProfileId } from '../engine/profiles/meta';
import { agentSizing, describeSettings } from '../lab/versus-sizing';

/** The multiples of the agent's summary the sized runs aim at: its own size, and twice it. */
export const sizedMultiples = [1, 2] as const;

/** One way to run a profile in the quality bench: its config document (what `versus --config` would read). */
export interface QualityVariant {
  /** `defaults`, `1×` or `2×`, printed beside the profile. */
  sizing: 'defaults' | `${(typeof sizedMultiples)[number]}×`;
  /** The multiple of the agent's summary a sized run aims at; absent at the defaults. */
  targetMultiple?: number;
  /** The settings set over the profile's defaults, in words (`—` for none; a sized run says those its search chose). */
  settings: string;
  /** The config run (defaults), or the one the sizing search starts from (sized). */
  config: ConfigDocument;
}

/**
 * A profile's runs in the quality bench: its defaults (the offline summarizer's default budget), and sized like the
 * agent's summary at each of `sizedMultiples` as `versus --size-like-agent` sizes it (the search over `agentSizing`:
 * the profile meta's own bounds on what it keeps beside its summary, and `offlineSummary.summaryMaxTokens`, starting
 * at the target); a sized variant's `settings` name where its search starts.
 */
export function qualityVariants(profile: ProfileId, agentSummaryTokens: number): QualityVariant[] {
  return [
    { sizing: 'defaults', settings: '—', config: { profile } },
    ...sizedMultiples.map((multiple) => ({
      sizing: `${multiple}×` as const,
      targetMultiple: multiple,
      settings: describeSettings(agentSizing(profile, agentSummaryTokens * multiple).settings),
      config: { profile },
    })),
  ];
}

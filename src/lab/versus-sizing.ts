import { isJsonObject } from '../engine';
import { documentProfile, type ConfigDocument } from '../engine/config';
import { profileMeta, type ProfileId } from '../engine/profiles/meta';

/** The settings that size one profile like a summary of `tokens` tokens, set over a config document. */
export interface AgentSizing {
  /** The profile's own bounds, from its meta's `sizedLike` (parameter → value). */
  parameters: Record<string, unknown>;
  /** The offline summarizer's budget, the summary's own bound for every profile. */
  summaryMaxTokens: number;
  /** Everything set, by its path in the config (`keepRecentTokens`, `offlineSummary.summaryMaxTokens`). */
  settings: Record<string, unknown>;
}

/**
 * How a profile is sized like a summary of `summaryTokens` tokens: its meta's own bounds on what it keeps beside the
 * summary (`sizedLike`, so nothing here switches on a profile id), and the offline summarizer's budget set to the same
 * size for every profile. At least 1 token, since a budget of 0 is no budget a config accepts.
 */
export function agentSizing(profile: ProfileId, summaryTokens: number): AgentSizing {
  const tokens = Math.max(1, Math.round(summaryTokens));
  const parameters = profileMeta[profile].sizedLike(tokens);
  return { parameters, summaryMaxTokens: tokens, settings: { ...parameters, 'offlineSummary.summaryMaxTokens': tokens } };
}

/** `force: true, keepRecentTokens: 1790, offlineSummary.summaryMaxTokens: 3579`: the settings in words. */
export function describeSettings(settings: Record<string, unknown>): string {
  return Object.entries(settings)
    .map(([field, value]) => `${field}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/**
 * A config document (`{schemaVersion, profile, offlineSummary?, …parameters}`) with the sizing set over it: the user's
 * own values for these settings give way, every other setting stays.
 */
export function sizedDocument(document: ConfigDocument, sizing: AgentSizing): ConfigDocument {
  const summary = isJsonObject(document.offlineSummary) ? document.offlineSummary : {};
  return { ...document, ...sizing.parameters, offlineSummary: { ...summary, summaryMaxTokens: sizing.summaryMaxTokens } };
}

/**
 * A comparison's config document sized like the agent's summary of `summaryTokens` tokens, and the settings that set
 * (by path); undefined when the document names no known profile, so the run refuses it in its own words.
 */
export function sizedLikeAgent(document: ConfigDocument, summaryTokens: number): { document: ConfigDocument; settings: Record<string, unknown> } | undefined {
  const profile = documentProfile(document);
  if (!profile) return undefined;
  const sizing = agentSizing(profile, summaryTokens);
  return { document: sizedDocument(document, sizing), settings: sizing.settings };
}

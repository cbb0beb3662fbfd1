import * as z from 'zod';
import { profileIds, profileModule, type ProfileId, type ProfileParameters } from '../profiles/registry';
import { describeConfigIssues, type ConfigIssue } from '../issues';
import type { ProfileModule } from '../profiles/profile-module';
import { applyOverride } from './set-path';
import { configSchemaVersion } from './config-version';
import { isConfigDocument, type ConfigDocument } from './document/config-document';
import { defaultProfileId } from './document/document-profile';

/**
 * A validated config: which profile, and its parameters with the seed's defaults filled in — typed by the profile, so
 * `config.profile === 'two-tier'` makes `config.parameters` a `TwoTierConfig`. `LabConfig<Id>` with a type parameter
 * keeps one profile's config and module together in generic code (see `profileModule`).
 */
export type LabConfig<Id extends ProfileId = ProfileId> = {
  [Profile in Id]: { schemaVersion: number; profile: Profile; parameters: ProfileParameters[Profile]; offlineSummary?: OfflineSummarySettings };
}[Id];

/**
 * The offline summarizer's settings (issue 16): the config's one field beside the profile's parameters, since it
 * belongs to the summarizer the lab runs when no live model is chosen, whatever the profile. Strict like the profiles.
 */
export const offlineSummarySchema = z
  .object({
    summaryMaxTokens: z
      .number()
      .int()
      .positive()
      .max(1_000_000)
      .optional()
      .describe('The summary-size budget in tokens (unset: 3,000, sized like a real LLM compaction summary). A live model ignores it.'),
  })
  .strict()
  .describe('The offline summarizer (the free one the lab runs when no live model is chosen).');

/** What `offlineSummary` holds once validated. */
type OfflineSummarySettings = z.infer<typeof offlineSummarySchema>;

const offlineSummaryField = z.object({ offlineSummary: offlineSummarySchema.optional() });

const envelopeSchema = z.object({
  schemaVersion: z.literal(configSchemaVersion).default(configSchemaVersion),
  profile: z.enum(profileIds).default(defaultProfileId),
});

/**
 * Validates a config document `{schemaVersion, profile, offlineSummary?, …parameters}` after applying `--set path=value`
 * overrides. Unknown parameters are errors (a typo must not silently fall back to a default); every issue names its path.
 */
export function parseLabConfig(document: unknown, overrides: readonly string[] = []): { config: LabConfig } | { issues: ConfigIssue[] } {
  const given = document ?? {};
  if (!isConfigDocument(given)) return { issues: [{ path: '(root)', message: 'a config is a JSON object' }] };
  let current = given;
  for (const override of overrides) {
    const applied = applyOverride(current, override);
    if ('error' in applied) return { issues: [{ path: override, message: applied.error.message }] };
    current = applied.config;
  }
  const { schemaVersion, profile, offlineSummary, ...parameters } = current;
  const envelope = envelopeSchema.safeParse({ schemaVersion, profile });
  if (!envelope.success) return { issues: describeConfigIssues(envelope.error) };
  // A window of null leaves the window to the profile, as an absent one does: its seed's default, or none.
  const windowField = profileModule(envelope.data.profile).meta.windowField;
  if (windowField !== undefined && parameters[windowField] === null) delete parameters[windowField];
  const summary = offlineSummaryField.safeParse({ offlineSummary });
  if (!summary.success) return { issues: describeConfigIssues(summary.error, 'not a setting of the offline summarizer') };
  const parsed = withParameters(envelope.data.profile, envelope.data.schemaVersion, parameters);
  if ('issues' in parsed || summary.data.offlineSummary === undefined) return parsed;
  return { config: { ...parsed.config, offlineSummary: summary.data.offlineSummary } };
}

/** A parsed config as the document `{schemaVersion, profile, offlineSummary?, …parameters}` a run request carries. */
export function labConfigDocument(config: LabConfig): ConfigDocument {
  const { schemaVersion, profile, parameters, offlineSummary } = config;
  return { schemaVersion, profile, ...(offlineSummary === undefined ? {} : { offlineSummary }), ...parameters };
}

/** A profile's parameters validated by its module's strict schema. */
function withParameters<Id extends ProfileId>(profile: Id, schemaVersion: number, parameters: unknown): { config: LabConfig<Id> } | { issues: ConfigIssue[] } {
  const parsed = profileModule(profile).schema.safeParse(parameters);
  if (!parsed.success) return { issues: describeConfigIssues(parsed.error) };
  return { config: { schemaVersion, profile, parameters: parsed.data } };
}

/** The profile that runs a config, and the parameters it runs on, kept together (one profile's, whichever it is). */
export interface ConfiguredProfile<Id extends ProfileId = ProfileId> {
  profile: ProfileModule<ProfileParameters[Id]>;
  parameters: ProfileParameters[Id];
}

/** A parsed config's profile module with its parameters, ready for `runProfile(profile, { config: parameters, … })`. */
export function configuredProfile<Id extends ProfileId>(config: LabConfig<Id>): ConfiguredProfile<Id> {
  return { profile: profileModule(config.profile), parameters: config.parameters };
}

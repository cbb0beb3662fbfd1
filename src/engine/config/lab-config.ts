import { z } from 'zod';
import { profileEntries, profileIds, type ProfileId } from '../profiles/registry';
import { describeConfigIssues, type ConfigIssue } from '../issues';
import { applyOverride } from './set-path';
import { configSchemaVersion } from './config-version';

export { configSchemaVersion };

/** A validated config: which profile, and its parameters with the seed's defaults filled in. */
export interface LabConfig {
  schemaVersion: number;
  profile: ProfileId;
  parameters: Record<string, unknown>;
}

const envelopeSchema = z.object({
  schemaVersion: z.literal(configSchemaVersion).default(configSchemaVersion),
  profile: z.enum(profileIds).default('auto-compactor'),
});

/**
 * Validates a config document `{schemaVersion, profile, …parameters}` after applying `--set path=value` overrides.
 * Unknown parameters are errors (a typo must not silently fall back to a default); every issue names its path.
 */
export function parseLabConfig(document: unknown, overrides: readonly string[] = []): { config: LabConfig } | { issues: ConfigIssue[] } {
  let current: unknown = document ?? {};
  if (typeof current !== 'object' || current === null || Array.isArray(current)) return { issues: [{ path: '(root)', message: 'a config is a JSON object' }] };
  for (const override of overrides) {
    const applied = applyOverride(current, override);
    if ('error' in applied) return { issues: [{ path: override, message: applied.error.message }] };
    current = applied.config;
  }
  const { schemaVersion, profile, ...parameters } = current as Record<string, unknown>;
  const envelope = envelopeSchema.safeParse({ schemaVersion, profile });
  if (!envelope.success) return { issues: describeConfigIssues(envelope.error) };
  const entry = profileEntries[envelope.data.profile];
  const parsed = entry.schema.strict().safeParse(parameters);
  if (!parsed.success) return { issues: describeConfigIssues(parsed.error) };
  return { config: { schemaVersion: envelope.data.schemaVersion, profile: envelope.data.profile, parameters: parsed.data as Record<string, unknown> } };
}

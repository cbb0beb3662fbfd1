import { configSchemaVersion } from '../../engine/config/config-version';
import { profileWindowFields, type ProfileId } from '../../engine/profiles/profile-catalog';

/**
 * The config document the run panel shows: the edited text when there is one, else the profile's defaults with the
 * page's context window (the same document the run panel starts from). Text that is not JSON says where it breaks.
 */
export function currentConfigDocument(configText: string | undefined, profile: ProfileId, contextWindow: number): { config: unknown } | { error: string } {
  if (configText === undefined) {
    const windowField = profileWindowFields[profile];
    return { config: { schemaVersion: configSchemaVersion, profile, ...(windowField ? { [windowField]: contextWindow } : {}) } };
  }
  try {
    return { config: JSON.parse(configText) };
  } catch (error) {
    return { error: `The config JSON is not valid JSON (${error instanceof Error ? error.message : String(error)}); fix it in the run panel to see it as code.` };
  }
}

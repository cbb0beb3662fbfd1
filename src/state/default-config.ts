import { configSchemaVersion } from '../engine/config';
import { profileMeta, type ProfileId } from '../engine/profiles/meta';

/** The config a profile starts from on this page: its seed's defaults, with the window the user picked. */
export function defaultConfigDocument(profile: ProfileId, contextWindow: number): Record<string, unknown> {
  const windowField = profileMeta[profile].windowField;
  return { schemaVersion: configSchemaVersion, profile, ...(windowField ? { [windowField]: contextWindow } : {}) };
}

/** `defaultConfigDocument` as the config editor shows it: JSON indented by two spaces. */
export function defaultConfigText(profile: ProfileId, contextWindow: number): string {
  return JSON.stringify(defaultConfigDocument(profile, contextWindow), null, 2);
}

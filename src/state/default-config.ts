import { configSchemaVersion } from '../engine/config/config-version';
import { profileMeta, type ProfileId } from '../engine/profiles/meta';

/** The config a profile starts from on this page: its seed's defaults, with the window the user picked. */
export function defaultConfigText(profile: ProfileId, contextWindow: number): string {
  const windowField = profileMeta[profile].windowField;
  const document: Record<string, unknown> = { schemaVersion: configSchemaVersion, profile };
  if (windowField) document[windowField] = contextWindow;
  return JSON.stringify(document, null, 2);
}

/** Reads the config text as JSON, or says where it is not JSON. */
export function readConfigText(text: string): { config: unknown } | { error: string } {
  try {
    return { config: JSON.parse(text) };
  } catch (error) {
    return { error: `The config is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

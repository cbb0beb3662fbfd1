import { profileMeta, type ProfileId } from '../../profiles/meta';
import { configSchemaVersion } from '../config-version';
import type { ConfigDocument } from './config-document';

/**
 * The document a profile starts from: its schema version and profile, the seed's defaults for everything else, and
 * the window only when one is given (otherwise a run inherits the page's window: see `inheritingWindow`).
 */
export function defaultDocument(profile: ProfileId, window?: number): ConfigDocument {
  const field = profileMeta[profile].windowField;
  return { schemaVersion: configSchemaVersion, profile, ...(field !== undefined && window !== undefined ? { [field]: window } : {}) };
}

/** A document as the config editors show and store it: JSON indented by two spaces. */
export function documentText(document: ConfigDocument): string {
  return JSON.stringify(document, null, 2);
}

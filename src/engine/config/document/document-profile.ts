import { isProfileId, type ProfileId } from '../../profiles/meta';
import type { ConfigDocument } from './config-document';

/** The profile a config document runs with when it names none: the config schema's default, and every surface's. */
export const defaultProfileId: ProfileId = 'auto-compactor';

/**
 * The one answer to "which profile does this config document run with": its `profile` when that is a known profile,
 * `defaultProfileId` when it names none (absent or null), and undefined when it names a profile this build does not
 * know (the schema check refuses such a document and says why).
 */
export function documentProfile(config: ConfigDocument): ProfileId | undefined {
  const profile = config.profile ?? defaultProfileId;
  return isProfileId(profile) ? profile : undefined;
}

/**
 * The profile a document names, as a report says it even when this build does not know it: its `profile` as text, or
 * `defaultProfileId` when it names none.
 */
export function namedProfile(config: ConfigDocument): string {
  const named = config.profile;
  return named === undefined || named === null ? defaultProfileId : String(named);
}

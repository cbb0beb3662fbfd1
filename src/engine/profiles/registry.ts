import { z } from 'zod';
import type { Profile } from '../run/profile';
import { autoCompactorConfigSchema, autoCompactorProfile } from './auto-compactor';
import { rollingSummaryConfigSchema, rollingSummaryProfile } from './rolling-summary';
import { twoTierConfigSchema, twoTierProfile } from './two-tier';
import { unifiedConfigSchema, unifiedProfile } from './unified';
import { profileIds, profileMeta, type ProfileId } from './meta';

export { profileIds, type ProfileId };

/** A profile with what the config layer needs to know about it. */
export interface ProfileEntry {
  id: ProfileId;
  label: string;
  profile: Profile<unknown>;
  /** The profile's parameters, named as its seed names them, with the seed's defaults. */
  schema: z.ZodObject;
  /** The parameter a `--window` / context-window choice sets, when the profile has one. */
  windowField?: string;
}

/** Each profile's code and parameter schema. */
const loaded: Record<ProfileId, Pick<ProfileEntry, 'profile' | 'schema'>> = {
  'auto-compactor': { profile: autoCompactorProfile as Profile<unknown>, schema: autoCompactorConfigSchema },
  'rolling-summary': { profile: rollingSummaryProfile as Profile<unknown>, schema: rollingSummaryConfigSchema },
  'two-tier': { profile: twoTierProfile as Profile<unknown>, schema: twoTierConfigSchema },
  unified: { profile: unifiedProfile as Profile<unknown>, schema: unifiedConfigSchema },
};

/** The registry, keyed by id: the catalog's names joined with the loaded code. */
export const profileEntries: Record<ProfileId, ProfileEntry> = Object.fromEntries(
  profileIds.map((id) => [id, { id, label: profileMeta[id].label, windowField: profileMeta[id].windowField, ...loaded[id] }]),
) as Record<ProfileId, ProfileEntry>;

import { autoCompactorMeta } from './auto-compactor/meta';
import type { ProfileMeta } from './profile-meta';
import { rollingSummaryMeta } from './rolling-summary/meta';
import { twoTierMeta } from './two-tier/meta';
import { unifiedMeta } from './unified/meta';

/**
 * The main-thread registry: every profile's `meta`, which the page may load without bundling any profile's code (the
 * worker and the CLI load the modules through `registry.ts`). Adding a profile adds its folder and one line to each.
 */

/** Every profile id, in the order the page lists them. */
export const profileIds = ['auto-compactor', 'rolling-summary', 'two-tier', 'unified'] as const;

/** A profile id. */
export type ProfileId = (typeof profileIds)[number];

/** Each profile's meta, by id. */
export const profileMeta: { readonly [Id in ProfileId]: ProfileMeta<Id> } = {
  'auto-compactor': autoCompactorMeta,
  'rolling-summary': rollingSummaryMeta,
  'two-tier': twoTierMeta,
  unified: unifiedMeta,
};

/** Whether a value names a profile. */
export function isProfileId(value: unknown): value is ProfileId {
  return typeof value === 'string' && (profileIds as readonly string[]).includes(value);
}

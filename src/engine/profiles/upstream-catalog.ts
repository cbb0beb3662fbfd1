import * as autoCompactor from './auto-compactor/upstream-deviations';
import type { ProfileId } from './profile-catalog';
import * as rollingSummary from './rolling-summary/upstream-deviations';
import * as twoTier from './two-tier/upstream-deviations';
import * as unified from './unified/upstream-deviations';
import type { UpstreamDeviation, UpstreamSource } from './upstream-deviation';

/** What a profile owes to upstream code: whether it reproduces one system or composes several, the code, and where it departs. */
export interface ProfileUpstream {
  relation: 'reproduces' | 'composes';
  sources: readonly UpstreamSource[];
  deviations: readonly UpstreamDeviation[];
}

/**
 * Every profile's upstream and its written-down differences, for the profile picker and the README. Plain data: the
 * page imports it without loading any profile's code.
 */
export const profileUpstream: Record<ProfileId, ProfileUpstream> = {
  'auto-compactor': { relation: 'reproduces', sources: [autoCompactor.upstreamSource], deviations: autoCompactor.upstreamDeviations },
  'rolling-summary': { relation: 'reproduces', sources: [rollingSummary.upstreamSource], deviations: rollingSummary.upstreamDeviations },
  'two-tier': { relation: 'reproduces', sources: [twoTier.upstreamSource], deviations: twoTier.upstreamDeviations },
  unified: { relation: 'composes', sources: [autoCompactor.upstreamSource, twoTier.upstreamSource], deviations: unified.upstreamDeviations },
};
